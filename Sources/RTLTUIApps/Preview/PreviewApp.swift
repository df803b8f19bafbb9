import BidiTerm
import Foundation

/// The screen previewer behind `rtl-tui preview` and `rtl-tui demo` (the preview of the built-in
/// screens): screen files drawn with their catalogs in any locale, live controls, keys that switch
/// locale, direction, digits and shaping, pseudo-locales, text cut for want of room made visible,
/// live reload, and export as SVG and HTML. It is a `TerminalApp`, so it runs in any backend; its
/// logic is tested without a terminal.
///
/// Keys (the help overlay, `?`, lists them in the user's language):
/// - Tab / Shift-Tab: next / previous control in reading order (R14).
/// - ← →: physical: the slider thumb, the caret, the toggle knob, the stars move that way on
///   screen (R14); on back/next navigation, the arrow that points at a button presses it (R12).
/// - ↑ ↓ Home End: list selection, slider and rating values; Enter: follow a list item's link.
/// - PgDn / PgUp: next / previous screen. d/F2 direction, l/F3 next locale (L previous), n/F4
///   digits, s/F5 shaping, b/F6 LTR and RTL side by side, t the cut-text panel, e export,
///   r reload, ?/F1 help, q/Esc/Ctrl-C quit. While a text field has the focus, letters type into
///   it (the F-keys still work); Esc leaves the field.
/// - A mouse click (with `--mouse`) focuses the control under it.
///
/// The frame: a header (the product at the chrome's leading edge, the status at the other: screen,
/// locale, direction, digits, shaping, and the counts of cut texts and missing keys, each item an
/// isolate so the items keep their order in every language), the screen in the previewed locale's
/// direction, and a footer. The header, footer, help, notices and panels are the chrome
/// (`PreviewChrome`): built-in text in the user's language, laid out in that language's direction.
///
/// Controls keep their values (slider, rating, toggle, list selection, text field, progress) as an
/// overlay on the parsed screens, by node path, so a reloaded screen keeps them where its nodes
/// are still of the same type.
public struct PreviewApp: ThemedApp {
    /// Start-up settings, and what the terminal around the app decides (theme, notice).
    public struct Options {
        /// The first locale shown (any BCP 47 or POSIX name); nil takes the content's choice
        /// (`PreviewContent.startLocale`). A locale no catalog has is added to the `l` cycle.
        public var locale: String? = nil
        /// The user's locale, for the chrome's language (`PreviewChrome`).
        public var chromeLocale: String = "en"
        /// A fixed direction; nil follows the locale (R1).
        public var direction: LayoutDirection? = nil
        /// Fixed digits; nil follows the locale (R6).
        public var numerals: NumeralSystem? = nil
        public var shaping: Bool = true
        /// Off hands logical text to a terminal that runs bidi itself (widgets stay mirrored).
        public var reordering: Bool = true
        /// Animate the progress bars.
        public var animate: Bool = true
        /// Below this size the app shows a notice instead of a squeezed screen.
        public var minimumWidth: Int = 60
        public var minimumHeight: Int = 18
        /// The screen shown first (its id); nil for the first.
        public var screen: String? = nil
        /// How often the files are checked for changes (live reload); nil never.
        public var pollInterval: Duration? = .milliseconds(250)
        /// How many polls a notice ("Reloaded …", "Wrote …") stays in the footer.
        public var noticeTicks: Int = 12
        /// The styles (`ThemeChoice` picks one for the terminal's background). The `…` of a cut text
        /// is marked with its `warning` style, the problems of the files with `error`.
        public var theme: Theme = .default
        /// The decorative glyphs (fallbacks where the terminal draws glyphs at other widths).
        public var glyphs: GlyphSet = .standard
        /// A notice shown in the footer from the first frame (from the terminal set-up).
        public var notice: String? = nil
        /// What the terminal session has to tell about the terminal (R21): shown in the help (the
        /// session draws it over the first frames).
        public var terminalNotice: TerminalNotice? = nil
        /// Where `e` writes; nil is the screen file's folder (the current directory for the
        /// built-in screens, which have none).
        public var exportDirectory: String? = nil
        /// Show fuzzy translations (`--include-fuzzy`, `msgfmt --use-fuzzy`); off, a fuzzy entry
        /// shows what the program shows: the source text (`PreviewContent.includeFuzzy`).
        public var includeFuzzy: Bool = false
        public init() {}
    }

    /// A control's value, kept over the parsed screen (see the type's description).
    enum ControlValue: Equatable {
        case slider(Double), rating(Double), toggle(Bool), list(Int?), field(String, Int?), progress(Double)
    }

    /// The files on disk; nil for content given as values (the built-in demo).
    public internal(set) var workspace: PreviewWorkspace?
    /// The screens and catalogs shown.
    public internal(set) var content: PreviewContent
    /// The index of the current screen.
    public internal(set) var current: Int = 0
    /// The index of the focused control among the current screen's interactive nodes.
    public internal(set) var focus: Int? = nil
    /// The locale shown (a canonical tag, or a pseudo-locale).
    public internal(set) var locale: String
    public internal(set) var directionOverride: LayoutDirection?
    public internal(set) var numeralsOverride: NumeralSystem?
    public internal(set) var shaping: Bool
    public internal(set) var sideBySide = false
    public internal(set) var showHelp = false
    /// The position of the previewed count among the locale's plural samples (`c`); nil: each
    /// text's own count.
    public internal(set) var countIndex: Int? = nil
    /// True while the cut-text panel (`t`) shows.
    public internal(set) var showCuts = false
    /// The footer's notice, nil when there is none.
    public internal(set) var notice: String?
    /// The texts cut in the last frame drawn, with their `file:line:column` and key.
    public internal(set) var truncations: [Truncation] = []
    /// Side by side, the half that cut each of `truncations` (empty otherwise).
    public internal(set) var truncationHalves: [LayoutDirection] = []
    /// The chrome (the app's own text).
    public let chrome: PreviewChrome
    /// The styles the app draws with.
    public var theme: Theme
    /// The decorative glyphs the app draws with.
    public var glyphs: GlyphSet
    /// Whether marks take a cell of their own in the layout (`LayoutOptions.marksInOwnCells`: the
    /// terminal moves the cursor a cell over a mark).
    public var marksInOwnCells = false

    var options: Options

    /// What the terminal session has to tell about the terminal (R21), shown in the help.
    public var terminalNotice: TerminalNotice? {
        get { options.terminalNotice }
        set { options.terminalNotice = newValue }
    }

    /// Every translation of the catalogs shown (for the glyphs a session measures).
    public var catalogTexts: [String] { content.catalogs.flatMap { $0.catalog.entries.compactMap(\.translation) } }
    let engine = BidiEngine()
    var noticeTicksLeft = 0
    var ticks = 0
    var cutsScroll = 0
    /// The size of the screen in the last frame (of each half side by side), for export.
    var lastBody = Rect(width: 80, height: 24)
    /// Control values by screen id and node path.
    var values: [String: [[Int]: ControlValue]] = [:]
    /// Where the last frame drew each interactive control, by path (a mouse click focuses the
    /// control under it). Part of the app's value: a copy of the app has its own.
    var controlAreas: [[Int]: Rect] = [:]
    /// Text lookup for the current locale and digits (rebuilt when either or the content changes).
    var renderer: ScreenRenderer
    /// How many of the renderer's catalogs are the locale's own; text from the others is untranslated.
    var ownCatalogCount = 0
    /// The keys marked not to be translated in the catalogs the locale reads: not untranslated.
    var doNotTranslateKeys: Set<String> = []
    /// The fuzzy entries of the locale's own catalogs, by key (the first entry of a key that has a
    /// translation, when that one is fuzzy).
    var fuzzyEntries: [String: (catalog: Catalog, entry: CatalogEntry)] = [:]

    /// A preview of files on disk.
    public init(workspace: PreviewWorkspace, options: Options = Options()) {
        let extra = options.locale.map { [$0] } ?? []
        self.init(content: workspace.content(extraLocales: extra), workspace: workspace, options: options)
    }

    /// A preview of content held in memory (no live reload).
    public init(content: PreviewContent, options: Options = Options()) {
        self.init(content: content, workspace: nil, options: options)
    }

    /// The demo's form: screens and one catalog per language code (`en`, `ar`, …); it starts in
    /// English when no locale is given and there is an English catalog.
    public init(screens: [ScreenFile], catalogs: [String: Catalog], options: Options = Options()) {
        let list = catalogs.keys.sorted().map { PreviewCatalog(catalogs[$0]!, locale: $0) }
        var o = options
        o.pollInterval = nil
        if o.locale == nil, catalogs["en"] != nil { o.locale = "en" }
        let extra = options.locale.map { [$0] } ?? []
        self.init(content: PreviewContent(screens: screens, catalogs: list, extraLocales: extra), workspace: nil, options: o)
    }

    init(content: PreviewContent, workspace: PreviewWorkspace?, options: Options) {
        var content = content
        content.includeFuzzy = options.includeFuzzy
        self.workspace = workspace
        self.content = content
        self.options = options
        self.chrome = PreviewChrome(locale: options.chromeLocale)
        let locale = content.startLocale(options.locale)
        self.locale = locale
        self.directionOverride = options.direction
        self.numeralsOverride = options.numerals
        self.shaping = options.shaping
        self.theme = options.theme
        self.glyphs = options.glyphs
        self.notice = options.notice
        self.noticeTicksLeft = options.notice == nil ? 0 : options.noticeTicks
        (self.renderer, self.ownCatalogCount) = Self.makeRenderer(content: content, locale: locale,
                                          numerals: options.numerals ?? NumeralSystem.forLocale(locale))
        (doNotTranslateKeys, fuzzyEntries) = Self.entryMarks(content: content, locale: locale)
        if let id = options.screen, let i = content.screens.firstIndex(where: { $0.id == id }) { current = i }
        focus = defaultFocus
    }

    // MARK: - Derived state

    /// The direction the screen is drawn in.
    public var direction: LayoutDirection { directionOverride ?? LayoutDirection(locale: locale) }
    /// The digits of numbers the screen formats (R6).
    public var numerals: NumeralSystem { numeralsOverride ?? NumeralSystem.forLocale(locale) }
    /// The screens, in order.
    public var screens: [ScreenFile] { content.screens }
    /// The current screen with its controls' values.
    public var screen: ScreenFile {
        guard content.screens.indices.contains(current) else {
            return ScreenFile(id: "", root: ScreenNode(.spacer), path: "")
        }
        return withValues(content.screens[current])
    }
    /// The locales `l` walks through.
    public var locales: [String] { content.locales }
    /// The problems of the files on disk (each `file:line:column: message`); the last good version
    /// of each such file stays on screen.
    public var problems: [String] { workspace?.allProblems ?? [] }
    /// One number per plural category of the locale, in CLDR's order (ar: 0, 1, 2, 3, 11, 100): the
    /// counts `c` walks through.
    public var countSamples: [Double] { renderer.plurals.sampleNumbers }
    /// The count every text with a count shows (`c`), nil for each text's own.
    public var count: Double? {
        guard let i = countIndex, !countSamples.isEmpty else { return nil }
        return countSamples[min(i, countSamples.count - 1)]
    }
    /// The plural category of ``count`` in the locale.
    public var countCategory: PluralCategory? { count.map { renderer.plurals.category(for: $0) } }

    /// The keys the current screen uses that no catalog of the locale has.
    public var missingKeys: [MissingKey] { renderer.missingKeys(in: screen) }

    /// The renderer for `locale`, and how many of its catalogs are the locale's own (the rest
    /// give fallbacks: `PreviewContent.lookupOrder(for:)`).
    static func makeRenderer(content: PreviewContent, locale: String, numerals: NumeralSystem) -> (ScreenRenderer, Int) {
        let order = content.lookupOrder(for: locale)
        var renderer = ScreenRenderer(catalogs: order.catalogs, locale: locale, numerals: numerals)
        renderer.followsPlatformTextDirection = content.followsPlatformTextDirection
        return (renderer, order.own)
    }

    /// The keys the locale's catalogs mark not to be translated, and the fuzzy entries of its own.
    static func entryMarks(content: PreviewContent, locale: String) -> (Set<String>, [String: (catalog: Catalog, entry: CatalogEntry)]) {
        var fuzzy: [String: (catalog: Catalog, entry: CatalogEntry)] = [:]
        var decided = Set<String>()
        for c in content.ownCatalogs(for: locale) {
            for e in c.entries where e.isTranslated && decided.insert(e.key).inserted {
                if e.isFuzzy { fuzzy[e.key] = (c, e) }
            }
        }
        return (content.doNotTranslateKeys(for: locale), fuzzy)
    }

    mutating func refreshRenderer() {
        (renderer, ownCatalogCount) = Self.makeRenderer(content: content, locale: locale, numerals: numerals)
        (doNotTranslateKeys, fuzzyEntries) = Self.entryMarks(content: content, locale: locale)
        if let i = countIndex, i >= countSamples.count { countIndex = countSamples.isEmpty ? nil : countSamples.count - 1 }
        renderer.countOverride = count
    }

    var layoutOptions: LayoutOptions {
        LayoutOptions(shaping: shaping, reordering: options.reordering, marksInOwnCells: marksInOwnCells)
    }

    /// The context the screen is drawn with, in `direction`.
    func context(_ direction: LayoutDirection) -> RenderContext {
        RenderContext(direction: direction, numerals: numerals, engine: engine, options: layoutOptions, theme: theme,
                      glyphs: glyphs)
    }

    /// The context of the chrome: its language's direction and digits.
    var chromeContext: RenderContext {
        RenderContext(direction: chrome.direction, numerals: chrome.numerals, engine: engine, options: layoutOptions,
                      theme: theme, glyphs: glyphs)
    }

    /// The paths of the current screen's interactive nodes, in reading order.
    public var interactivePaths: [[Int]] { screen.root.paths { $0.isInteractive } }

    /// The control focused when a screen opens: the first that is not a text field (a focused
    /// field takes the letter keys), nil when there is none.
    var defaultFocus: Int? {
        interactivePaths.firstIndex { path in
            guard let n = screen.root.node(at: path) else { return false }
            if case .field = n.kind { return false }
            return true
        }
    }

    var focusedPath: [Int]? {
        guard let f = focus else { return nil }
        let p = interactivePaths
        return f < p.count ? p[f] : nil
    }

    public var focusedNode: ScreenNode? { focusedPath.flatMap { screen.root.node(at: $0) } }

    /// True while a text field has the focus and keys type into it.
    public var isEditing: Bool {
        focusedNode.map { if case .field = $0.kind { return true } else { return false } } ?? false
    }

    // MARK: - Control values

    /// `screen` with the values kept for it laid over its nodes of the same type.
    func withValues(_ screen: ScreenFile) -> ScreenFile {
        guard let kept = values[screen.id], !kept.isEmpty else { return screen }
        var s = screen
        for (path, value) in kept {
            s.root.modify(at: path[...]) { n in n.kind = Self.apply(value, to: n.kind) }
        }
        return s
    }

    /// `kind` with `value` in place of its own, when they are of the same type.
    static func apply(_ value: ControlValue, to kind: NodeKind) -> NodeKind {
        switch (value, kind) {
        case (.slider(let v), .slider(_, let lo, let hi, let label, let sg, let eg, let ticks)):
            return .slider(value: min(hi, max(lo, v)), min: lo, max: hi, label: label, startGlyph: sg, endGlyph: eg, ticks: ticks)
        case (.rating(let v), .rating(_, let max, let numbers)):
            return .rating(value: min(Double(max), v), max: max, numbers: numbers)
        case (.toggle(let on), .toggle(let label, _)):
            return .toggle(label: label, on: on)
        case (.list(let s), .list(let items, _, let bullet)):
            // Not clamped to the items written: a whole string-array (`planets[]`) is several
            // items on screen, and the list shows no selection past its last item.
            return .list(items: items, selected: s.map { max(0, $0) }, bullet: bullet)
        case (.field(let text, let caret), .field(_, _, let placeholder)):
            return .field(text: .literal(text), caret: caret, placeholder: placeholder)
        case (.progress(let v), .progress(_, let label, let showPercent)):
            return .progress(value: v, label: label, showPercent: showPercent)
        default:
            return kind
        }
    }

    /// The value a control holds, for keeping (nil for nodes without one).
    func value(of kind: NodeKind) -> ControlValue? {
        switch kind {
        case .slider(let v, _, _, _, _, _, _): return .slider(v)
        case .rating(let v, _, _): return .rating(v)
        case .toggle(_, let on): return .toggle(on)
        case .list(_, let s, _): return .list(s)
        case .field(let t, let caret, _): return .field(t.map { renderer.resolve($0).text } ?? "", caret)
        case .progress(let v, _, _): return .progress(v)
        default: return nil
        }
    }

    /// Changes the node at `path` of the current screen and keeps its new value.
    mutating func modify(at path: [Int], _ change: (inout ScreenNode) -> Void) {
        guard var node = screen.root.node(at: path) else { return }
        change(&node)
        guard let v = value(of: node.kind) else { return }
        values[screen.id, default: [:]][path] = v
    }

    mutating func modifyFocused(_ change: (inout ScreenNode) -> Void) {
        guard let p = focusedPath else { return }
        modify(at: p, change)
    }

    /// Replaces the content (after a reload), keeping the screen (by id), the focus, the locale
    /// and the control values.
    mutating func replaceContent(_ new: PreviewContent) {
        let id = content.screens.indices.contains(current) ? content.screens[current].id : nil
        content = new
        content.includeFuzzy = options.includeFuzzy
        if let id, let i = new.screens.firstIndex(where: { $0.id == id }) {
            current = i
        } else {
            current = max(0, min(current, new.screens.count - 1))
        }
        let n = interactivePaths.count
        if let f = focus { focus = n == 0 ? nil : min(f, n - 1) }
        refreshRenderer()
    }
}

/// `rtl-tui demo` is the preview of the built-in screens (`DemoContent`): the same app, the same keys.
public typealias DemoApp = PreviewApp
