import Foundation
import Yams

/// Turns a composed YAML tree into a `ScreenFile`, collecting every problem it finds.
///
/// Each reader reports its own problems and returns nil when the value is absent or unusable; the
/// caller then falls back to a default (for optional fields) or gives up on the node (for required
/// ones) while its siblings are still checked. Used by `ScreenFile.parse(yaml:path:)`.
final class ScreenParser {
    let path: String
    private(set) var diagnostics: [ScreenDiagnostic] = []

    init(path: String) { self.path = path }

    // MARK: - Schema

    /// Fields every node takes.
    static let commonFields = ["type", "dir", "size", "style"]

    /// Fields of each node type, besides the common ones.
    static let fieldsByType: [String: [String]] = [
        "vstack": ["children", "spacing"],
        "hstack": ["children", "spacing", "separator"],
        "pane": ["title", "child", "border"],
        "label": ["text", "align"],
        "paragraph": ["text"],
        "list": ["items", "selected", "bullet"],
        "progress": ["value", "label", "showPercent"],
        "slider": ["value", "min", "max", "label", "startGlyph", "endGlyph", "ticks"],
        "rating": ["value", "max", "numbers"],
        "toggle": ["label", "on"],
        "nav": ["back", "next"],
        "breadcrumb": ["items"],
        "steps": ["count", "current"],
        "buttons": ["items"],
        "icons": ["items", "ordered", "badge"],
        "field": ["text", "caret", "placeholder"],
        "spacer": [],
        "separator": [],
    ]

    static let fileFields = ["screen", "title", "order", "root"]
    static let maxRatingStars = 10
    static let maxSteps = 20
    static let maxSpacing = 20

    // MARK: - Diagnostics

    private func report(_ kind: ScreenDiagnostic.Kind, _ message: String, at mark: Mark?) {
        diagnostics.append(ScreenDiagnostic(path: path, line: mark?.line ?? 1, column: mark?.column ?? 1,
                                            kind: kind, message: message))
    }

    private func report(_ error: YamlError, yaml: String) {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            var message = "YAML syntax error: \(problem)"
            if let context {
                message += " (\(context.text) at line \(context.mark.line), column \(context.mark.column))"
            }
            report(.syntax, message, at: mark)
        case let .reader(problem, offset, _, _):
            let (line, column) = Self.lineAndColumn(ofCharacterOffset: offset ?? 0, in: yaml)
            diagnostics.append(ScreenDiagnostic(path: path, line: line, column: column, kind: .syntax,
                                                message: "YAML cannot be read: \(problem)"))
        case let .duplicatedKeysInMapping(duplicates, context):
            let key = duplicates.first ?? ""
            report(.duplicateKey(key), "duplicate key '\(key)': a mapping may name each key once",
                   at: context.mark)
        default:
            report(.syntax, "YAML error: \(error)", at: nil)
        }
    }

    static func lineAndColumn(ofCharacterOffset offset: Int, in text: String) -> (Int, Int) {
        var line = 1, column = 1
        for ch in text.prefix(max(0, offset)) {
            if ch == "\n" || ch == "\r\n" { line += 1; column = 1 } else { column += ch.unicodeScalars.count }
        }
        return (line, column)
    }

    /// A short description of a YAML value, for messages.
    static func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let scalar):
            switch node.tagName {
            case .null: return "nothing (null)"
            case .bool: return "the boolean \(scalar.string)"
            case .int, .float: return "the number \(scalar.string)"
            default: return "the text \"\(scalar.string)\""
            }
        }
    }

    /// The candidate closest to `word`, if close enough to be a likely typo.
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        let lower = word.lowercased()
        var best: (String, Int)?
        for candidate in candidates {
            let d = editDistance(lower, candidate.lowercased())
            if best.map({ d < $0.1 }) ?? true { best = (candidate, d) }
        }
        guard let (candidate, distance) = best else { return nil }
        let limit = lower.count <= 4 ? 1 : 2
        return distance <= limit ? candidate : nil
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions, and swaps of two
    /// neighbouring characters each count as one edit.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }

    // MARK: - Mappings

    /// A mapping being read: its pairs by key name, and who it belongs to (for messages).
    struct Fields {
        let mapping: Node.Mapping
        let mark: Mark?
        /// How messages name the mapping's owner: `progress`, `the screen file`, `a button`.
        let owner: String

        func value(_ name: String) -> Node? {
            for (key, value) in mapping {
                if case .scalar(let scalar) = key, scalar.string == name { return value }
            }
            return nil
        }

        func has(_ name: String) -> Bool { value(name) != nil }
    }

    /// Reports every key of `fields` that is not in `allowed`, with a likely correction.
    private func checkFields(_ fields: Fields, allowed: [String]) {
        for (key, _) in fields.mapping {
            guard case .scalar(let scalar) = key else {
                report(.wrongType(field: "key"), "keys of \(fields.owner) must be field names, found \(Self.describe(key))",
                       at: key.mark)
                continue
            }
            let name = scalar.string
            if allowed.contains(name) { continue }
            var message = "unknown field '\(name)' for \(fields.owner)"
            if let guess = Self.suggestion(for: name, among: allowed) { message += "; did you mean '\(guess)'?" }
            message += " (\(fields.owner) takes: \(allowed.joined(separator: ", ")))"
            report(.unknownField(name), message, at: key.mark)
        }
    }

    // MARK: - Scalars

    private func wrongType(_ fields: Fields, _ name: String, expected: String, found node: Node) {
        report(.wrongType(field: name),
               "'\(name)' of \(fields.owner) must be \(expected), found \(Self.describe(node))", at: node.mark)
    }

    private func missing(_ fields: Fields, _ name: String, _ what: String) {
        report(.missingField(name), "\(fields.owner) needs '\(name)' (\(what))", at: fields.mark)
    }

    /// A number field (YAML int or float, unquoted); nil when absent or invalid.
    private func number(_ fields: Fields, _ name: String, required: Bool = false) -> Double? {
        guard let node = fields.value(name) else {
            if required { missing(fields, name, "a number") }
            return nil
        }
        guard case .scalar = node, node.tagName == .int || node.tagName == .float,
              let value = node.float, value.isFinite else {
            wrongType(fields, name, expected: "a number", found: node)
            return nil
        }
        return value
    }

    /// A whole-number field; nil when absent or invalid.
    private func integer(_ fields: Fields, _ name: String, required: Bool = false) -> Int? {
        guard let node = fields.value(name) else {
            if required { missing(fields, name, "a whole number") }
            return nil
        }
        guard case .scalar = node, node.tagName == .int, let value = node.int else {
            wrongType(fields, name, expected: "a whole number", found: node)
            return nil
        }
        return value
    }

    /// A boolean field (`true`/`false`); nil when absent or invalid.
    private func boolean(_ fields: Fields, _ name: String) -> Bool? {
        guard let node = fields.value(name) else { return nil }
        guard case .scalar = node, node.tagName == .bool, let value = node.bool else {
            wrongType(fields, name, expected: "true or false", found: node)
            return nil
        }
        return value
    }

    /// A string field (a glyph, an id); any non-null scalar. Nil when absent or invalid.
    private func string(_ fields: Fields, _ name: String, required: Bool = false, what: String = "text") -> String? {
        guard let node = fields.value(name) else {
            if required { missing(fields, name, what) }
            return nil
        }
        guard case .scalar(let scalar) = node, node.tagName != .null else {
            wrongType(fields, name, expected: what, found: node)
            return nil
        }
        if scalar.string.isEmpty {
            report(.invalidValue(field: name), "'\(name)' of \(fields.owner) must not be empty", at: node.mark)
            return nil
        }
        return scalar.string
    }

    /// Reports `value` unless it lies in `range`.
    @discardableResult
    private func checkRange<T: Comparable>(_ fields: Fields, _ name: String, _ value: T?,
                                           _ range: ClosedRange<T>, _ explanation: String) -> Bool {
        guard let value, !range.contains(value) else { return true }
        report(.outOfRange(field: name),
               "'\(name)' of \(fields.owner) is \(Self.format(value)), outside \(Self.format(range.lowerBound))…\(Self.format(range.upperBound)) (\(explanation))",
               at: fields.value(name)?.mark)
        return false
    }

    /// "1 item", "3 items".
    static func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }

    static func format<T>(_ value: T) -> String {
        if let d = value as? Double, d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return "\(value)"
    }

    // MARK: - Text

    /// A text field: a catalog key, `{literal: …}` or `{key: …, args: …}`.
    private func text(_ fields: Fields, _ name: String, required: Bool = false) -> TextRef? {
        guard let node = fields.value(name) else {
            if required { missing(fields, name, "text: a catalog key or {literal: …}") }
            return nil
        }
        return text(node, field: name, owner: fields.owner)
    }

    static let textExpectation = "text: a catalog key, {literal: …} or {key: …, args: {…}}"

    private func text(_ node: Node, field: String, owner: String) -> TextRef? {
        switch node {
        case .scalar(let scalar):
            guard node.tagName != .null else {
                report(.wrongType(field: field), "'\(field)' of \(owner) must be \(Self.textExpectation), found \(Self.describe(node))",
                       at: node.mark)
                return nil
            }
            guard !scalar.string.isEmpty else {
                report(.invalidValue(field: field), "'\(field)' of \(owner) is an empty catalog key", at: node.mark)
                return nil
            }
            return .key(scalar.string, args: [])
        case .mapping(let mapping):
            let fields = Fields(mapping: mapping, mark: node.mark, owner: "a text value")
            checkFields(fields, allowed: ["key", "literal", "args"])
            let hasKey = fields.has("key"), hasLiteral = fields.has("literal")
            if hasKey && hasLiteral {
                report(.invalidValue(field: field), "'\(field)' of \(owner) has both 'key' and 'literal'; use one",
                       at: node.mark)
                return nil
            }
            if hasLiteral {
                if fields.has("args") {
                    report(.invalidValue(field: "args"), "'args' fills a catalog text's placeholders; literal text takes none",
                           at: fields.value("args")?.mark)
                }
                guard let literalNode = fields.value("literal"), case .scalar(let scalar) = literalNode,
                      literalNode.tagName != .null else {
                    wrongType(fields, "literal", expected: "text", found: fields.value("literal")!)
                    return nil
                }
                return .literal(scalar.string)
            }
            guard let key = string(fields, "key", what: "a catalog key") else {
                if !hasKey { missing(fields, "key", "a catalog key; or give 'literal'") }
                return nil
            }
            let args = arguments(fields)
            return args.map { .key(key, args: $0) }
        case .sequence, .alias:
            report(.wrongType(field: field), "'\(field)' of \(owner) must be \(Self.textExpectation), found \(Self.describe(node))",
                   at: node.mark)
            return nil
        }
    }

    /// The `args` of a text mapping: a mapping of names to values, or a list (names `1`, `2`, …).
    private func arguments(_ fields: Fields) -> [TextArgument]? {
        guard let node = fields.value("args") else { return [] }
        var pairs: [(name: String, value: Node)] = []
        switch node {
        case .mapping(let mapping):
            for (key, value) in mapping {
                guard case .scalar(let scalar) = key, !scalar.string.isEmpty else {
                    report(.wrongType(field: "args"), "argument names must be plain names, found \(Self.describe(key))",
                           at: key.mark)
                    continue
                }
                pairs.append((scalar.string, value))
            }
        case .sequence(let sequence):
            for (i, value) in sequence.enumerated() { pairs.append((String(i + 1), value)) }
        default:
            wrongType(fields, "args", expected: "a mapping of placeholder names to values, or a list", found: node)
            return nil
        }
        var out: [TextArgument] = []
        var ok = true
        for pair in pairs {
            let value = pair.value
            guard case .scalar(let scalar) = value, value.tagName != .null else {
                report(.wrongType(field: "args"), "argument '\(pair.name)' must be text or a number, found \(Self.describe(value))",
                       at: value.mark)
                ok = false
                continue
            }
            if (value.tagName == .int || value.tagName == .float), let number = value.float, number.isFinite {
                out.append(TextArgument(pair.name, .number(number)))
            } else {
                out.append(TextArgument(pair.name, .string(scalar.string)))
            }
        }
        return ok ? out : nil
    }

    // MARK: - File

    func parseFile(yaml: String) -> ScreenFile? {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            report(error, yaml: yaml)
            return nil
        } catch {
            report(.syntax, "YAML error: \(error)", at: nil)
            return nil
        }
        guard let root, !(root.scalar.map { root.tagName == .null && $0.string.isEmpty } ?? false) else {
            report(.missingField("screen"), "the screen file is empty: it needs 'screen:' and 'root:'", at: nil)
            return nil
        }
        guard case .mapping(let mapping) = root else {
            report(.wrongType(field: "screen"),
                   "a screen file must be a mapping with 'screen:', 'title:' and 'root:', found \(Self.describe(root))",
                   at: root.mark)
            return nil
        }
        let fields = Fields(mapping: mapping, mark: root.mark, owner: "the screen file")
        checkFields(fields, allowed: Self.fileFields)
        let id = string(fields, "screen", required: true, what: "the screen's id")
        if let id, !id.unicodeScalars.allSatisfy({ ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil)) || $0 == "-" || $0 == "_" }) {
            report(.invalidValue(field: "screen"),
                   "screen id '\(id)' may use only ASCII letters, digits, '-' and '_'", at: fields.value("screen")?.mark)
        }
        let title = text(fields, "title")
        let order = integer(fields, "order")
        var rootNode: ScreenNode?
        if let node = fields.value("root") {
            rootNode = self.node(node, field: "root", owner: "the screen file")
        } else {
            missing(fields, "root", "the screen's top node")
        }
        guard let id, let rootNode else { return nil }
        return ScreenFile(id: id, title: title, order: order, root: rootNode, path: path)
    }

    // MARK: - Nodes

    /// The most widget nodes a screen may have. YAML aliases let a file of a few hundred bytes
    /// stand for billions of nodes ("billion laughs"); counting them bounds the work.
    static let maximumNodes = 20_000
    private var nodeCount = 0

    private func node(_ yaml: Node, field: String, owner: String) -> ScreenNode? {
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
        let size = self.size(fields)
        let style = self.style(fields)
        guard let kind = self.kind(type, fields) else { return nil }
        return ScreenNode(kind, direction: direction ?? .inherit, size: size ?? .fill, style: style ?? .plain,
                          line: yaml.mark?.line ?? 1, column: yaml.mark?.column ?? 1)
    }

    private func direction(_ fields: Fields) -> ScreenNode.Direction? {
        guard let raw = string(fields, "dir", what: "ltr, rtl or inherit") else { return nil }
        guard let direction = ScreenNode.Direction(rawValue: raw) else {
            report(.invalidValue(field: "dir"), "'dir' of \(fields.owner) must be ltr, rtl or inherit, found '\(raw)'",
                   at: fields.value("dir")?.mark)
            return nil
        }
        return direction
    }

    private func size(_ fields: Fields) -> ScreenNode.Size? {
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

    private func style(_ fields: Fields) -> ScreenNode.Style? {
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

    private func attribute(_ node: Node) -> ScreenNode.TextAttribute? {
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

    private func color(_ fields: Fields, _ name: String) -> ScreenNode.StyleColor? {
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
    private func sequence(_ fields: Fields, _ name: String, required: Bool, what: String) -> [Node]? {
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

    private func nonEmpty(_ fields: Fields, _ name: String, _ items: [Node]?) -> Bool {
        guard let items else { return false }
        if items.isEmpty {
            report(.invalidValue(field: name), "'\(name)' of \(fields.owner) is empty; give at least one",
                   at: fields.value(name)?.mark)
            return false
        }
        return true
    }

    private func kind(_ type: String, _ f: Fields) -> NodeKind? {
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
            var badge: ScreenNode.Badge?
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
    private func listItem(_ node: Node) -> ScreenNode.ListItem? {
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
    private func button(_ node: Node) -> ScreenNode.Button? {
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
    private func icon(_ node: Node) -> ScreenNode.Icon? {
        switch node {
        case .scalar(let scalar) where node.tagName != .null && !scalar.string.isEmpty:
            return ScreenNode.Icon(glyph: scalar.string)
        case .mapping(let mapping):
            let fields = Fields(mapping: mapping, mark: node.mark, owner: "an icon")
            checkFields(fields, allowed: ["glyph", "label"])
            let glyph = string(fields, "glyph", required: true, what: "a glyph")
            let label = text(fields, "label")
            return glyph.map { ScreenNode.Icon(glyph: $0, label: label) }
        default:
            report(.wrongType(field: "items"), "an icon must be a glyph or {glyph: …, label: …}, found \(Self.describe(node))",
                   at: node.mark)
            return nil
        }
    }

    /// A badge: `{index: N, glyph: …, mirrors: true}`.
    private func badge(_ node: Node, iconCount: Int) -> ScreenNode.Badge? {
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
        return ScreenNode.Badge(index: index, glyph: glyph, mirrors: mirrors ?? true)
    }
}

extension Node {
    /// The node's resolved tag (`tag:yaml.org,2002:int`, …): what the YAML value is.
    fileprivate var tagName: Tag.Name { Tag.Name(rawValue: tag.rawValue) }
}
