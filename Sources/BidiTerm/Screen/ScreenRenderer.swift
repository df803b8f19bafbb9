/// A catalog key a screen uses that no catalog has, with where the screen uses it.
public struct MissingKey: Sendable, Hashable, CustomStringConvertible {
    /// The missing key.
    public var key: String
    /// The screen file.
    public var path: String
    /// Where the screen uses it: line (1-based),
    public var line: Int
    /// and column.
    public var column: Int
    public var description: String { "\(path):\(line):\(column): missing catalog key \"\(key)\" (shown as ⟦\(key)⟧)" }
}

/// Turns a screen file into widgets: text resolved through catalogs (R6 digits for numbers), each
/// node's direction override applied as a scope (R1), sizes mapped to stack sizes. Each node's
/// widget carries the node's position and keys (`Traced`), so text cut for want of room is
/// reported with its `file:line:column` and key to a `TruncationRecorder` in the context.
///
/// For a pseudo-locale (`en-XA`, `ar-XB`, see `PseudoLocale`), give the source language's
/// catalogs: every text looked up is transformed before its arguments are filled in.
///
///     let arabic = try CatalogLoader.load(path: "Demo/catalogs/ar.po")
///     let screen = try ScreenFile.load(path: "Demo/screens/settings.yaml")
///     let r = ScreenRenderer(catalogs: [arabic], locale: "ar")
///     let buffer = r.render(screen, width: 80, height: 24)
public struct ScreenRenderer {
    /// Catalogs looked up in order; the first that has a key wins.
    public var catalogs: [Catalog]
    /// The locale: the default direction (R1) and digits (R6).
    public var locale: String
    /// Digits for numbers and percentages (defaults to the locale's).
    public var numerals: NumeralSystem
    /// Draws a frame with the screen's title around the root.
    public var showsTitle: Bool = true
    /// Called for every node with its path (child indices from the root) and its widget; lets an app
    /// decorate a node (focus highlight) or replace its widget (live state).
    public var decorate: ((_ path: [Int], _ node: ScreenNode, _ widget: any Widget) -> any Widget)? = nil
    /// The pseudo-locale whose transform is applied to every text looked up (the locale's, when
    /// it names one: `ar-XB`, `en-XA`).
    public let pseudo: PseudoLocale?

    /// Creates a renderer.
    /// - Parameters:
    ///   - catalogs: looked up in order; the first that has a key wins.
    ///   - locale: the direction (R1) and digits (R6); a pseudo-locale also transforms the text.
    ///   - numerals: digits other than the locale's.
    public init(catalogs: [Catalog], locale: String, numerals: NumeralSystem? = nil) {
        self.catalogs = catalogs
        self.locale = locale
        self.numerals = numerals ?? NumeralSystem.forLocale(locale)
        self.numeralsOverride = numerals
        let pseudo = PseudoLocale(locale: locale)
        self.pseudo = pseudo
        var index: [String: Found] = [:]
        // Earlier catalogs win, and within a catalog the first entry for a key (as Catalog.lookup).
        for (ci, c) in catalogs.enumerated().reversed() {
            for (ei, e) in c.entries.enumerated().reversed() where c.text(of: e, count: nil) != nil {
                index[e.key] = Found(catalog: ci, entry: ei)
            }
        }
        self.index = index
        self.selectors = catalogs.map { $0.pluralSelector(locale: locale) }
        self.plurals = PluralRules(locale: locale)
    }

    /// Where a key's entry is: which catalog, which entry.
    struct Found: Sendable {
        var catalog: Int
        var entry: Int
    }

    private let index: [String: Found]
    private let selectors: [PluralSelector]
    /// The digits asked for when they are not the locale's (`--numerals`): passed to ICU.
    private let numeralsOverride: NumeralSystem?
    /// CLDR's plural rules of the locale: the count's category, i18next's `_one` … keys.
    public let plurals: PluralRules
    /// The count every text with a count takes instead of its own (the preview's count key,
    /// `render --count`); nil: each text's own.
    public var countOverride: Double?

    /// The text for `key`, or nil when no catalog has it.
    public func lookup(_ key: String) -> String? { lookup(key, count: nil) }

    /// The text for `key` in the plural form `count` takes (the catalog's own rule: gettext's
    /// `Plural-Forms`, Qt's numerus rules, else CLDR's), or nil when no catalog has it. With a
    /// count, i18next's suffixed keys count too: `key_zero` for 0, then `key_<category>`, then
    /// `key_other`, before `key` itself.
    public func lookup(_ key: String, count: Double?) -> String? {
        guard let text = rawLookup(key, count: count) else { return nil }
        // A MessageFormat pattern is transformed once formatted (see `resolve`): its syntax must
        // reach ICU as written.
        if MessageFormat.isMessageFormat(text) { return text }
        return pseudo.map { $0.transform(text) } ?? text
    }

    /// The text for `key` in the form `count` takes, as the catalog has it (no pseudo-locale).
    private func rawLookup(_ key: String, count: Double?) -> String? {
        var text: String?
        if let count {
            var candidates = ["\(key)_\(plurals.category(for: count).rawValue)", "\(key)_other"]
            if count == 0 { candidates.insert("\(key)_zero", at: 0) }
            for k in candidates {
                if let f = index[k] { text = catalogs[f.catalog].text(of: catalogs[f.catalog].entries[f.entry], count: nil); break }
            }
        }
        if text == nil, let f = index[key] {
            text = catalogs[f.catalog].text(of: catalogs[f.catalog].entries[f.entry], count: count, selector: selectors[f.catalog])
        }
        return text
    }

    /// `true` when a catalog has `key`, or i18next's `key_other` for it (for `name[]`, the
    /// first item of the string-array `name`).
    public func has(_ key: String) -> Bool { index[Self.entryKey(key)] != nil || index["\(key)_other"] != nil }

    /// The name of the Android `<string-array>` a screen key stands for as a whole (`planets[]`:
    /// every item of `planets`, in a list), or nil.
    public static func arrayName(_ key: String) -> String? {
        key.count > 2 && key.hasSuffix("[]") ? String(key.dropLast(2)) : nil
    }

    /// The key of the entry a screen key reads: the first item (`planets[0]`) for a whole
    /// string-array (`planets[]`), else the key itself.
    public static func entryKey(_ key: String) -> String { arrayName(key).map { "\($0)[0]" } ?? key }

    /// The keys of the items of the string-array `name` that a catalog has: `name[0]`, `name[1]`,
    /// … up to the first that none has.
    public func arrayItemKeys(_ name: String) -> [String] {
        var out: [String] = []
        while index["\(name)[\(out.count)]"] != nil { out.append("\(name)[\(out.count)]") }
        return out
    }

    /// A list's items with each whole string-array (`planets[]`) replaced by its items, as keys
    /// with the array's arguments; an array no catalog has stays, to be drawn as `⟦planets[]⟧`.
    public func expandedItems(_ items: [TextRef]) -> [TextRef] {
        items.flatMap { ref -> [TextRef] in
            guard case .key(let key, let args, let count) = ref, let name = Self.arrayName(key) else { return [ref] }
            let keys = arrayItemKeys(name)
            return keys.isEmpty ? [ref] : keys.map { TextRef.key($0, args: args, count: count) }
        }
    }

    /// Whether texts take the paragraph direction of the platform of the catalog they come from
    /// (R33: first strong for Android, Apple, gettext and Qt, the layout's for the web formats and
    /// ARB) where the screen file does not say (`textDir:`). Off (the default, and the built-in
    /// demo's), labels, list items and breadcrumbs take the layout direction; `preview` and
    /// `render --screen` turn it on.
    public var followsPlatformTextDirection = false

    /// The paragraph direction of `node`'s texts (R33): its `textDir:`, else the platform's of the
    /// catalog its first key comes from (of the first catalog for literal text); nil: the widget's
    /// own default (also for a pseudo-locale).
    public func textDirection(of node: ScreenNode) -> TextDirection? {
        switch node.textDirection {
        case .auto?: return .content
        case .layout?: return .context
        case .ltr?: return .fixed(.ltr)
        case .rtl?: return .fixed(.rtl)
        case nil: break
        }
        // A pseudo-locale's text is made up to test the layout: it takes the layout's direction.
        guard followsPlatformTextDirection, pseudo == nil else { return nil }
        let found = node.textRefs.lazy.compactMap(\.key).compactMap { self.index[Self.entryKey($0)] }.first
        guard let format = found.map({ catalogs[$0.catalog].format }) ?? catalogs.first?.format else { return nil }
        return format.platformTextDirection == .firstStrong ? .content : .context
    }

    /// The plural forms `key` lacks for its catalog's rule (an index form of gettext or Qt, or a
    /// CLDR category), each with a number that needs it; i18next's suffixed keys (`key_few`) count
    /// as forms, and an ICU MessageFormat text's plural cases (`count: few`). Empty for a key that
    /// is not plural or is missing.
    public func missingPluralForms(_ key: String) -> [(form: String, sample: Double)] {
        if index[key] == nil, index["\(key)_other"] != nil {
            return plurals.samples.filter { index["\(key)_\($0.category.rawValue)"] == nil }.map { ($0.category.rawValue, $0.number) }
        }
        guard let f = index[key] else { return [] }
        let entry = catalogs[f.catalog].entries[f.entry]
        if entry.plurals.isEmpty, let text = entry.translation, MessageFormat.isMessageFormat(text) {
            // ICU MessageFormat: each plural argument's cases against the locale's categories (an
            // explicit `=N` case covers a category that N alone takes, as `=0` Arabic's zero).
            var out: [(form: String, sample: Double)] = []
            for arg in MessageFormat.selectors(text) where arg.plural {
                for (category, n) in plurals.samples where !arg.selectors.contains(category.rawValue) {
                    let exact = "=" + (n == n.rounded() ? String(Int(n)) : String(n))
                    if arg.selectors.contains(exact) && (category == .zero || category == .one || category == .two) { continue }
                    out.append((arg.name.isEmpty ? category.rawValue : "\(arg.name): \(category.rawValue)", n))
                }
            }
            return out
        }
        return catalogs[f.catalog].missingForms(of: entry, selector: selectors[f.catalog])
    }

    /// The position in ``catalogs`` of the catalog `key` is drawn from (the first with a
    /// translation, whatever the entry's context: a Qt message's context, a gettext `msgctxt`);
    /// nil when none has it.
    public func catalogIndex(for key: String) -> Int? { index[Self.entryKey(key)]?.catalog }

    /// The entry and catalog a key resolves to, for the panels that list forms.
    public func entry(for key: String) -> (catalog: Catalog, entry: CatalogEntry, selector: PluralSelector)? {
        guard let f = index[Self.entryKey(key)] else { return nil }
        return (catalogs[f.catalog], catalogs[f.catalog].entries[f.entry], selectors[f.catalog])
    }

    /// A number as the locale writes it (R6), through ICU: the argument's style (decimals,
    /// percent, currency, compact, unit), its decimals as written, the locale's digits or the
    /// ones asked for.
    public func formatNumber(_ x: Double, style: NumberStyle = NumberStyle(), decimal: String? = nil) -> String {
        let icuLocale = locale
        if let decimal, Double(decimal) == x,
           let s = style.format(decimal: decimal, locale: icuLocale, numerals: numeralsOverride) { return s }
        if let s = style.format(x, locale: icuLocale, numerals: numeralsOverride) { return s }
        return numerals.format(x, maximumFractionDigits: 6)
    }

    /// `ref` resolved: looked up in the form its count takes, arguments filled (numbers through
    /// ICU in the locale's digits). A text in ICU MessageFormat (`{count, plural, …}`,
    /// `select`) is formatted by ICU; one ICU rejects is drawn as written, its arguments filled.
    public func resolve(_ ref: TextRef) -> (text: String, missingKey: String?) {
        guard case .key(let key, _, _) = ref else { return ref.resolve(lookup: { _ in nil }, formatNumber: { "\($0)" }) }
        let args = ref.arguments(override: countOverride)
        guard var template = rawLookup(key, count: ref.count(override: countOverride)) else { return ("⟦\(key)⟧", key) }
        // A format with several plural variables (`.stringsdict`, `.xcstrings` substitutions):
        // each variable's form by its own argument.
        if template.contains("%#@"), let f = index[key] {
            template = catalogs[f.catalog].expandingSubstitutions(template, of: catalogs[f.catalog].entries[f.entry],
                                                                  arguments: args, selector: selectors[f.catalog])
        }
        if !MessageFormat.isMessageFormat(template), let pseudo { template = pseudo.transform(template) }
        if MessageFormat.isMessageFormat(template) {
            if let text = formatMessage(template, args) { return (pseudo.map { $0.transform(text) } ?? text, nil) }
            return (pseudo.map { $0.transform(template) } ?? template, nil)
        }
        if args.isEmpty { return (template, nil) }
        return (TextRef.fill(template, args: args, formatArgument: { arg, x in
            formatNumber(x, style: arg.style ?? NumberStyle(), decimal: arg.decimal)
        }), nil)
    }

    /// ICU MessageFormat: numbers stay numbers where the pattern selects on them (plural, `#`);
    /// a number with a style, and text, go in written (text isolated, R22, unless a `select`
    /// compares it).
    private func formatMessage(_ pattern: String, _ args: [TextArgument]) -> String? {
        let selecting = MessageFormat.selectingArguments(pattern)
        let prepared = args.map { arg -> TextArgument in
            let selects = selecting.contains { $0.name == arg.name }
            switch arg.value {
            case .number(let x) where !selects && (arg.style != nil || arg.decimal != nil):
                return TextArgument(arg.name, .string(formatNumber(x, style: arg.style ?? NumberStyle(), decimal: arg.decimal)))
            case .string(let s) where !selects:
                return TextArgument(arg.name, .string("\u{2068}\(s)\u{2069}"))
            default:
                return arg
            }
        }
        return try? MessageFormat.format(pattern, locale: locale, numerals: numeralsOverride,
                                         arguments: prepared)
    }

    /// Every catalog key the screen uses that no catalog has.
    public func missingKeys(in screen: ScreenFile) -> [MissingKey] {
        var out: [MissingKey] = []
        var seen = Set<String>()
        for (ref, node) in screen.textRefs {
            if let key = ref.key, !has(key), seen.insert(key).inserted {
                let at = screen.position(of: key, node: node)
                out.append(MissingKey(key: key, path: screen.path, line: at?.line ?? 0, column: at?.column ?? 0))
            }
        }
        return out
    }

    /// The direction a screen is drawn in: `direction`, else the locale's (R1).
    public func direction(_ direction: LayoutDirection?) -> LayoutDirection {
        direction ?? LayoutDirection(locale: locale)
    }

    /// The screen as one widget.
    public func widget(for screen: ScreenFile) -> any Widget {
        let root = widget(for: screen.root, path: [], file: screen.path)
        guard showsTitle, let title = screen.title else { return root }
        let text = resolve(title).text
        let origin = TextOrigin(file: screen.path, line: 0, column: 0, keys: title.key.map { [text: $0] } ?? [:])
        return Traced(Pane(title: text, border: true, child: root), origin: origin)
    }

    /// The screen drawn into `buffer` with `context`, and the texts that were cut, each with its
    /// node's `file:line:column` and key, in file order (the title first).
    public func render(_ screen: ScreenFile, into buffer: inout Buffer, area: Rect, context: RenderContext) -> [Truncation] {
        let recorder = TruncationRecorder()
        var c = context
        c.truncations = recorder
        widget(for: screen).render(area, into: &buffer, context: c)
        return recorder.truncations.inFileOrder
    }

    /// The screen drawn into a new buffer of `width` × `height`.
    public func render(_ screen: ScreenFile, width: Int, height: Int, direction: LayoutDirection? = nil,
                       options: LayoutOptions = LayoutOptions(), engine: BidiEngine = BidiEngine(),
                       theme: Theme = .default, glyphs: GlyphSet = .standard) -> Buffer {
        let context = RenderContext(direction: self.direction(direction), numerals: numerals, engine: engine,
                                    options: options, theme: theme, glyphs: glyphs)
        return widget(for: screen).rendered(width: width, height: height, context: context)
    }

    /// The widget for one node (and its subtree); `file` is the screen file, named in truncation
    /// reports.
    public func widget(for node: ScreenNode, path: [Int], file: String = "") -> any Widget {
        func text(_ r: TextRef?) -> String? { r.map { resolve($0).text } }
        let textDirection = self.textDirection(of: node)
        func children(_ nodes: [ScreenNode]) -> [Stack.Child] {
            nodes.enumerated().map { i, n in Stack.Child(stackSize(n.size), widget(for: n, path: path + [i], file: file)) }
        }
        var w: any Widget
        switch node.kind {
        case .vstack(let nodes, let spacing):
            w = Stack(.vertical, children(nodes), spacing: spacing)
        case .hstack(let nodes, let spacing, let separator):
            w = Stack(.horizontal, children(nodes), spacing: spacing, separator: separator)
        case .pane(let title, let child, let border):
            w = Pane(title: text(title), border: border, child: widget(for: child, path: path + [0], file: file))
        case .label(let t, let align):
            w = Label(resolve(t).text, alignment: HorizontalAlignment(rawValue: align.rawValue) ?? .leading,
                      direction: textDirection ?? .context)
        case .paragraph(let t):
            // R3 decides a paragraph's direction unless the screen file says (`textDir:`).
            w = Paragraph(resolve(t).text, direction: node.textDirection == nil ? .content : textDirection ?? .content)
        case .list(let items, let selected, let bullet):
            // One alignment for every item (R4); each item's paragraph direction as its platform
            // sets it (R33), the list's without one. A whole string-array (`planets[]`) is its items.
            var list = List(expandedItems(items.map(\.text)).map { resolve($0).text }, selected: selected, bullet: bullet)
            list.itemDirection = textDirection ?? .context
            w = list
        case .progress(let value, let label, let showPercent):
            w = ProgressBar(value: value, label: text(label), showPercent: showPercent)
        case .slider(let value, let min, let max, let label, let startGlyph, let endGlyph, let ticks):
            w = Slider(value: value, minimum: min, maximum: max, label: text(label), startGlyph: startGlyph,
                       endGlyph: endGlyph, ticks: ticks)
        case .rating(let value, let max, let numbers):
            w = StarRating(value: value, max: max, numbers: numbers)
        case .toggle(let label, let on):
            w = Toggle(label: text(label), isOn: on)
        case .nav(let back, let next):
            w = NavBar(back: text(back), next: text(next))
        case .breadcrumb(let items):
            var crumbs = Breadcrumb(items.map { resolve($0).text })
            crumbs.itemDirection = textDirection ?? .context
            w = crumbs
        case .steps(let count, let current):
            w = Steps(count: count, current: current)
        case .buttons(let items):
            w = ButtonRow(items.map { ButtonRow.Button(glyph: $0.glyph, text: text($0.text), physical: $0.physical) })
        case .icons(let items, let ordered, let badge):
            w = IconRow(items.map { IconRow.Icon($0.glyph, label: text($0.label)) }, ordered: ordered, badge: badge)
        case .field(let t, let caret, let placeholder):
            w = TextField(text: text(t) ?? "", caret: caret, placeholder: text(placeholder),
                          direction: node.textDirection == nil ? .content : textDirection ?? .content)
        case .spacer:
            w = Spacer()
        case .separator:
            w = Separator()
        }
        let style = Style(node.style)
        if node.direction != .inherit || style != .plain {
            w = Scoped(w, direction: node.direction == .ltr ? .ltr : (node.direction == .rtl ? .rtl : nil),
                       style: style == .plain ? nil : style)
        }
        var keys: [String: String] = [:]
        for ref in node.textRefs {
            if let key = ref.key { keys[resolve(ref).text] = key }
        }
        if case .list(let items, _, _) = node.kind {
            for ref in expandedItems(items.map(\.text)) { if let key = ref.key { keys[resolve(ref).text] = key } }
        }
        w = Traced(w, origin: TextOrigin(file: file, line: node.line, column: node.column, keys: keys))
        if let decorate { w = decorate(path, node, w) }
        return w
    }

    func stackSize(_ s: ScreenNode.Size) -> Stack.Size {
        switch s {
        case .cells(let n): return .cells(n)
        case .percent(let p): return .percent(p)
        case .fill: return .fill
        }
    }
}

extension Style {
    /// The buffer style of a screen file's `style:` field.
    public init(_ s: ScreenNode.Style) {
        func color(_ c: ScreenNode.StyleColor?) -> Color {
            switch c {
            case .none, .some(.default): return .default
            case .some(.ansi(let n)): return .ansi(n)
            case .some(.indexed(let n)): return .indexed(n)
            }
        }
        var a: Attributes = []
        for t in s.attributes {
            switch t {
            case .bold: a.insert(.bold)
            case .dim: a.insert(.dim)
            case .italic: a.insert(.italic)
            case .underline: a.insert(.underline)
            case .reverse: a.insert(.reverse)
            }
        }
        self.init(fg: color(s.foreground), bg: color(s.background), attributes: a)
    }
}
