import Yams

// The node types of a screen file: each node's fields read, checked and turned into a `ScreenNode`.

extension ScreenParser {
    // MARK: - Nodes

    /// The most widget nodes a screen may have. YAML aliases let a file of a few hundred bytes
    /// stand for billions of nodes ("billion laughs"); counting them bounds the work.
    static let maximumNodes = 20_000

    func node(_ yaml: Node, field: String, owner: String) -> ScreenNode? {
        nodeCount += 1
        if nodeCount > Self.maximumNodes {
            if nodeCount == Self.maximumNodes + 1 {
                report(.invalidValue(field: field),
                       "the screen has more than \(Self.maximumNodes) nodes (YAML aliases repeat nodes); a screen needs far fewer",
                       at: yaml.mark)
            }
            return nil
        }
        let knownTypes = NodeKind.typeNames.joined(separator: ", ")
        guard case .mapping(let mapping) = yaml else {
            report(.wrongType(field: field),
                   "'\(field)' of \(owner) must be a node (a mapping with 'type:'), found \(Self.describe(yaml))",
                   at: yaml.mark)
            return nil
        }
        let generic = Fields(mapping: mapping, mark: yaml.mark, owner: "a node")
        guard let typeNode = generic.value("type") else {
            report(.missingField("type"), "node has no 'type:' (one of: \(knownTypes))", at: yaml.mark)
            return nil
        }
        guard case .scalar(let typeScalar) = typeNode, typeNode.tagName != .null else {
            wrongType(generic, "type", expected: "a node type (one of: \(knownTypes))", found: typeNode)
            return nil
        }
        let type = typeScalar.string
        guard let typeFields = Self.fieldsByType[type] else {
            var message = "unknown node type '\(type)'"
            if let guess = Self.suggestion(for: type, among: NodeKind.typeNames) { message += "; did you mean '\(guess)'?" }
            message += " (known types: \(knownTypes))"
            report(.unknownNodeType(type), message, at: typeNode.mark)
            return nil
        }
        let fields = Fields(mapping: mapping, mark: yaml.mark, owner: type)
        checkFields(fields, allowed: typeFields + Self.commonFields)

        let direction = self.direction(fields)
        let textDirection = self.textDirection(fields)
        let size = self.size(fields)
        let style = self.style(fields)
        guard let kind = self.kind(type, fields) else { return nil }
        var node = ScreenNode(kind, direction: direction ?? .inherit, size: size ?? .fill, style: style ?? .plain,
                              line: yaml.mark?.line ?? 1, column: yaml.mark?.column ?? 1)
        node.textDirection = textDirection
        return node
    }

    /// `textDir:` (R33): auto, layout, ltr or rtl.
    func textDirection(_ fields: Fields) -> ScreenNode.TextDir? {
        let choices = ScreenNode.TextDir.allCases.map(\.rawValue)
        guard let raw = string(fields, "textDir", what: choices.joined(separator: ", ")) else { return nil }
        guard let value = ScreenNode.TextDir(rawValue: raw) else {
            report(.invalidValue(field: "textDir"),
                   "'textDir' of \(fields.owner) must be auto (the first strong character), layout (the layout direction), ltr or rtl, found '\(raw)'",
                   at: fields.value("textDir")?.mark)
            return nil
        }
        return value
    }

    func direction(_ fields: Fields) -> ScreenNode.Direction? {
        guard let raw = string(fields, "dir", what: "ltr, rtl or inherit") else { return nil }
        guard let direction = ScreenNode.Direction(rawValue: raw) else {
            report(.invalidValue(field: "dir"), "'dir' of \(fields.owner) must be ltr, rtl or inherit, found '\(raw)'",
                   at: fields.value("dir")?.mark)
            return nil
        }
        return direction
    }

    func size(_ fields: Fields) -> ScreenNode.Size? {
        guard let node = fields.value("size") else { return nil }
        let expectation = "a number of cells, \"N%\" or fill"
        guard case .scalar(let scalar) = node, node.tagName != .null else {
            wrongType(fields, "size", expected: expectation, found: node)
            return nil
        }
        let raw = scalar.string.trimmingCharacters(in: .whitespaces)
        if raw == "fill" { return .fill }
        if node.tagName == .float {
            report(.invalidValue(field: "size"), "'size' of \(fields.owner) must be a whole number of cells, found \(raw)",
                   at: node.mark)
            return nil
        }
        if let cells = Int(raw) {
            guard checkRange(fields, "size", cells, 1...10_000, "a size in cells is at least 1") else { return nil }
            return .cells(cells)
        }
        if raw.hasSuffix("%"), let percent = Int(raw.dropLast()) {
            guard checkRange(fields, "size", percent, 1...100, "a percentage") else { return nil }
            return .percent(percent)
        }
        report(.invalidValue(field: "size"), "'size' of \(fields.owner) must be \(expectation), found '\(raw)'", at: node.mark)
        return nil
    }

    func style(_ fields: Fields) -> ScreenNode.Style? {
        guard let node = fields.value("style") else { return nil }
        var style = ScreenNode.Style()
        switch node {
        case .scalar:
            guard let attribute = attribute(node) else { return nil }
            style.attributes = [attribute]
        case .sequence(let sequence):
            for item in sequence { if let attribute = attribute(item) { style.attributes.insert(attribute) } }
        case .mapping(let mapping):
            let map = Fields(mapping: mapping, mark: node.mark, owner: "a style")
            checkFields(map, allowed: ["fg", "bg", "attributes"])
            style.foreground = color(map, "fg")
            style.background = color(map, "bg")
            if let list = map.value("attributes") {
                switch list {
                case .sequence(let sequence):
                    for item in sequence { if let attribute = attribute(item) { style.attributes.insert(attribute) } }
                case .scalar:
                    if let attribute = attribute(list) { style.attributes.insert(attribute) }
                default:
                    wrongType(map, "attributes", expected: "a list of attribute names", found: list)
                }
            }
        case .alias:
            wrongType(fields, "style", expected: "a list of attributes or {fg:, bg:, attributes:}", found: node)
            return nil
        }
        return style
    }

    func attribute(_ node: Node) -> ScreenNode.TextAttribute? {
        let names = ScreenNode.TextAttribute.allCases.map(\.rawValue)
        guard case .scalar(let scalar) = node, node.tagName != .null else {
            report(.wrongType(field: "style"), "a style attribute must be one of \(names.joined(separator: ", ")), found \(Self.describe(node))",
                   at: node.mark)
            return nil
        }
        if let attribute = ScreenNode.TextAttribute(rawValue: scalar.string) { return attribute }
        var message = "unknown style attribute '\(scalar.string)'"
        if let guess = Self.suggestion(for: scalar.string, among: names) { message += "; did you mean '\(guess)'?" }
        message += " (attributes: \(names.joined(separator: ", ")))"
        report(.invalidValue(field: "style"), message, at: node.mark)
        return nil
    }

    func color(_ fields: Fields, _ name: String) -> ScreenNode.StyleColor? {
        guard let node = fields.value(name) else { return nil }
        let names = ScreenNode.StyleColor.names.map(\.name)
        guard case .scalar(let scalar) = node, node.tagName != .null else {
            wrongType(fields, name, expected: "a colour name or a palette number 0…255", found: node)
            return nil
        }
        if node.tagName == .int, let index = node.int {
            guard checkRange(fields, name, index, 0...255, "the 256-colour palette") else { return nil }
            return .indexed(UInt8(index))
        }
        if scalar.string == "default" { return .default }
        if let entry = ScreenNode.StyleColor.names.first(where: { $0.name == scalar.string }) { return .ansi(entry.ansi) }
        var message = "unknown colour '\(scalar.string)' for '\(name)'"
        if let guess = Self.suggestion(for: scalar.string, among: names) { message += "; did you mean '\(guess)'?" }
        message += " (colours: default, \(names.joined(separator: ", ")), or 0…255)"
        report(.invalidValue(field: name), message, at: node.mark)
        return nil
    }

    /// A list field; nil (reported) when absent-but-required or not a list.
    func sequence(_ fields: Fields, _ name: String, required: Bool, what: String) -> [Node]? {
        guard let node = fields.value(name) else {
            if required { missing(fields, name, what) }
            return nil
        }
        guard case .sequence(let sequence) = node else {
            wrongType(fields, name, expected: what, found: node)
            return nil
        }
        return Array(sequence)
    }

    func nonEmpty(_ fields: Fields, _ name: String, _ items: [Node]?) -> Bool {
        guard let items else { return false }
        if items.isEmpty {
            report(.invalidValue(field: name), "'\(name)' of \(fields.owner) is empty; give at least one",
                   at: fields.value(name)?.mark)
            return false
        }
        return true
    }

    func kind(_ type: String, _ f: Fields) -> NodeKind? {
        switch type {
        case "vstack", "hstack":
            let nodes = sequence(f, "children", required: true, what: "a list of nodes")
            let spacing = integer(f, "spacing")
            checkRange(f, "spacing", spacing, 0...Self.maxSpacing, "empty cells between children")
            let separator = type == "hstack" ? boolean(f, "separator") : nil
            guard nonEmpty(f, "children", nodes), let nodes else { return nil }
            let children = nodes.map { node($0, field: "children", owner: type) }
            guard children.allSatisfy({ $0 != nil }) else { return nil }
            return type == "vstack"
                ? .vstack(children: children.map { $0! }, spacing: spacing ?? 0)
                : .hstack(children: children.map { $0! }, spacing: spacing ?? 0, separator: separator ?? false)

        case "pane":
            let title = text(f, "title")
            let border = boolean(f, "border")
            guard let childNode = f.value("child") else {
                missing(f, "child", "the node inside the pane")
                return nil
            }
            guard let child = node(childNode, field: "child", owner: "pane") else { return nil }
            return .pane(title: title, child: child, border: border ?? true)

        case "label":
            let value = text(f, "text", required: true)
            var align = ScreenNode.Alignment.leading
            if let raw = string(f, "align", what: "an alignment") {
                if let value = ScreenNode.Alignment(rawValue: raw) {
                    align = value
                } else {
                    let names = ScreenNode.Alignment.allCases.map(\.rawValue).joined(separator: ", ")
                    report(.invalidValue(field: "align"), "'align' of label must be one of \(names), found '\(raw)'",
                           at: f.value("align")?.mark)
                }
            }
            return value.map { .label(text: $0, align: align) }

        case "paragraph":
            return text(f, "text", required: true).map { .paragraph(text: $0) }

        case "list":
            let nodes = sequence(f, "items", required: true, what: "a list of texts")
            let selected = integer(f, "selected")
            let bullet = string(f, "bullet", what: "a glyph")
            guard let nodes else { return nil }
            let items = nodes.map(listItem)
            if let selected {
                if nodes.isEmpty {
                    report(.outOfRange(field: "selected"), "'selected' of list is \(selected) but the list has no items",
                           at: f.value("selected")?.mark)
                } else {
                    checkRange(f, "selected", selected, 0...(nodes.count - 1),
                               "a 0-based index; the list has \(Self.count(nodes.count, "item"))")
                }
            }
            guard items.allSatisfy({ $0 != nil }) else { return nil }
            return .list(items: items.map { $0! }, selected: selected, bullet: bullet)

        case "progress":
            let value = number(f, "value", required: true)
            checkRange(f, "value", value, 0...1, "a fraction: 0 is empty, 1 is full")
            let label = text(f, "label")
            let showPercent = boolean(f, "showPercent")
            return value.map { .progress(value: $0, label: label, showPercent: showPercent ?? false) }

        case "slider":
            let value = number(f, "value", required: true)
            let lower = number(f, "min") ?? 0
            let upper = number(f, "max") ?? 1
            let label = text(f, "label")
            let startGlyph = string(f, "startGlyph", what: "a glyph")
            let endGlyph = string(f, "endGlyph", what: "a glyph")
            var ticks: [Double] = []
            if let nodes = sequence(f, "ticks", required: false, what: "a list of numbers") {
                for node in nodes {
                    guard case .scalar = node, node.tagName == .int || node.tagName == .float,
                          let tick = node.float, tick.isFinite else {
                        report(.wrongType(field: "ticks"), "ticks of slider must be numbers, found \(Self.describe(node))",
                               at: node.mark)
                        continue
                    }
                    if lower < upper, !(lower...upper).contains(tick) {
                        report(.outOfRange(field: "ticks"),
                               "tick \(Self.format(tick)) of slider is outside min…max (\(Self.format(lower))…\(Self.format(upper)))",
                               at: node.mark)
                    }
                    ticks.append(tick)
                }
            }
            guard lower < upper else {
                report(.outOfRange(field: "max"),
                       "'max' of slider (\(Self.format(upper))) must be greater than 'min' (\(Self.format(lower)))",
                       at: f.value("max")?.mark ?? f.value("min")?.mark ?? f.mark)
                return nil
            }
            checkRange(f, "value", value, lower...upper, "between the slider's min and max")
            return value.map { .slider(value: $0, min: lower, max: upper, label: label,
                                       startGlyph: startGlyph, endGlyph: endGlyph, ticks: ticks) }

        case "rating":
            let value = number(f, "value", required: true)
            let maxStars = integer(f, "max")
            let numbers = boolean(f, "numbers")
            let stars = maxStars ?? 5
            guard checkRange(f, "max", maxStars, 1...Self.maxRatingStars, "the number of stars") else { return nil }
            if let value, value > Double(stars) {
                report(.outOfRange(field: "value"),
                       "'value' of rating is \(Self.format(value)), more than max (\(stars) stars)", at: f.value("value")?.mark)
            } else {
                checkRange(f, "value", value, 0...Double(stars), "stars filled")
            }
            return value.map { .rating(value: $0, max: stars, numbers: numbers ?? false) }

        case "toggle":
            let label = text(f, "label")
            let on = boolean(f, "on")
            return .toggle(label: label, on: on ?? false)

        case "nav":
            let back = text(f, "back")
            let next = text(f, "next")
            if !f.has("back") && !f.has("next") {
                missing(f, "back", "give 'back:', 'next:' or both")
                return nil
            }
            return .nav(back: back, next: next)

        case "breadcrumb":
            let nodes = sequence(f, "items", required: true, what: "a list of texts")
            guard nonEmpty(f, "items", nodes), let nodes else { return nil }
            let items = nodes.map { text($0, field: "items", owner: "breadcrumb") }
            guard items.allSatisfy({ $0 != nil }) else { return nil }
            return .breadcrumb(items: items.map { $0! })

        case "steps":
            let count = integer(f, "count", required: true)
            let current = integer(f, "current")
            guard let count, checkRange(f, "count", count, 1...Self.maxSteps, "the number of steps") else { return nil }
            checkRange(f, "current", current, 1...count, "the 1-based number of the current step")
            return .steps(count: count, current: current ?? 1)

        case "buttons":
            let nodes = sequence(f, "items", required: true, what: "a list of buttons")
            guard nonEmpty(f, "items", nodes), let nodes else { return nil }
            let items = nodes.map(button)
            guard items.allSatisfy({ $0 != nil }) else { return nil }
            return .buttons(items: items.map { $0! })

        case "icons":
            let nodes = sequence(f, "items", required: true, what: "a list of glyphs")
            let ordered = boolean(f, "ordered")
            guard nonEmpty(f, "items", nodes), let nodes else { return nil }
            let items = nodes.map(icon)
            var badge: IconRow.Badge?
            if let badgeNode = f.value("badge") {
                badge = self.badge(badgeNode, iconCount: nodes.count)
                if badge == nil { return nil }
            }
            guard items.allSatisfy({ $0 != nil }) else { return nil }
            return .icons(items: items.map { $0! }, ordered: ordered ?? false, badge: badge)

        case "field":
            let value = text(f, "text")
            let caret = integer(f, "caret")
            let placeholder = text(f, "placeholder")
            if let caret {
                if case .literal(let literal)? = value {
                    checkRange(f, "caret", caret, 0...literal.count, "a grapheme offset into the field's text")
                } else {
                    checkRange(f, "caret", caret, 0...Int.max, "a grapheme offset into the field's text")
                }
            }
            if !f.has("text") && !f.has("placeholder") {
                missing(f, "text", "give 'text:', 'placeholder:' or both")
                return nil
            }
            return .field(text: value, caret: caret, placeholder: placeholder)

        case "spacer":
            return .spacer

        case "separator":
            return .separator

        default:
            return nil
        }
    }

    /// A list item: text, or `{text: …, target: screen-id}`.
    func listItem(_ node: Node) -> ScreenNode.ListItem? {
        if case .mapping(let mapping) = node {
            let fields = Fields(mapping: mapping, mark: node.mark, owner: "a list item")
            if fields.has("text") || fields.has("target") {
                checkFields(fields, allowed: ["text", "target"])
                let target = string(fields, "target", what: "a screen id")
                guard let value = text(fields, "text", required: true) else { return nil }
                return ScreenNode.ListItem(text: value, target: target)
            }
        }
        return text(node, field: "items", owner: "list").map { ScreenNode.ListItem(text: $0) }
    }

    /// A button: `{glyph: …, text: …, physical: true}`.
    func button(_ node: Node) -> ScreenNode.Button? {
        guard case .mapping(let mapping) = node else {
            report(.wrongType(field: "items"),
                   "a button must be a mapping {glyph: …, text: …, physical: …}, found \(Self.describe(node))", at: node.mark)
            return nil
        }
        let fields = Fields(mapping: mapping, mark: node.mark, owner: "a button")
        checkFields(fields, allowed: ["glyph", "text", "physical"])
        let glyph = string(fields, "glyph", what: "a glyph")
        let value = text(fields, "text")
        let physical = boolean(fields, "physical")
        if !fields.has("glyph") && !fields.has("text") {
            missing(fields, "glyph", "a button needs 'glyph:', 'text:' or both")
            return nil
        }
        return ScreenNode.Button(glyph: glyph, text: value, physical: physical ?? false)
    }

    /// An icon: a glyph, or `{glyph: …, label: …}`.
    func icon(_ node: Node) -> IconRow.Icon<TextRef>? {
        switch node {
        case .scalar(let scalar) where node.tagName != .null && !scalar.string.isEmpty:
            return IconRow.Icon(scalar.string)
        case .mapping(let mapping):
            let fields = Fields(mapping: mapping, mark: node.mark, owner: "an icon")
            checkFields(fields, allowed: ["glyph", "label"])
            let glyph = string(fields, "glyph", required: true, what: "a glyph")
            let label = text(fields, "label")
            return glyph.map { IconRow.Icon($0, label: label) }
        default:
            report(.wrongType(field: "items"), "an icon must be a glyph or {glyph: …, label: …}, found \(Self.describe(node))",
                   at: node.mark)
            return nil
        }
    }

    /// A badge: `{index: N, glyph: …, mirrors: true}`.
    func badge(_ node: Node, iconCount: Int) -> IconRow.Badge? {
        guard case .mapping(let mapping) = node else {
            report(.wrongType(field: "badge"), "'badge' of icons must be a mapping {index: N, glyph: …}, found \(Self.describe(node))",
                   at: node.mark)
            return nil
        }
        let fields = Fields(mapping: mapping, mark: node.mark, owner: "a badge")
        checkFields(fields, allowed: ["index", "glyph", "mirrors"])
        let index = integer(fields, "index", required: true)
        let glyph = string(fields, "glyph", required: true, what: "a glyph")
        let mirrors = boolean(fields, "mirrors")
        guard let index, checkRange(fields, "index", index, 0...(iconCount - 1), "a 0-based index; the row has \(Self.count(iconCount, "icon"))"),
              let glyph else { return nil }
        return IconRow.Badge(index: index, glyph: glyph, mirrors: mirrors ?? true)
    }
}

extension Node {
    /// The node's resolved tag (`tag:yaml.org,2002:int`, …): what the YAML value is.
    var tagName: Tag.Name { Tag.Name(rawValue: tag.rawValue) }
}
