import BidiTerm

/// The interactive demo behind `rtl-tui demo`: the screens of `Demo/` with live controls, and keys
/// that switch direction, language, digits and shaping. It is a `TerminalApp`, so it runs in any
/// backend; its logic is tested without a terminal.
///
/// Keys (the help overlay, `?`, lists them in the current language):
/// - Tab / Shift-Tab: next / previous control in reading order (R14).
/// - ← →: physical: the slider thumb, the caret, the toggle knob, the stars move that way on
///   screen (R14); on back/next navigation, the arrow that points at a button presses it (R12).
/// - ↑ ↓: list selection, slider value; Enter: follow a list item's link, toggle, next.
/// - PgDn / PgUp: next / previous screen. d/F2 direction, l/F3 language, n/F4 digits, s/F5
///   shaping, b/F6 LTR and RTL side by side, ?/F1 help, q/Esc/Ctrl-C quit. While a text field has
///   the focus, letters type into it (the F-keys still work); Esc leaves the field.
/// - A mouse click (with `--mouse`) focuses the control under it.
public struct DemoApp: ThemedApp {
    /// Start-up settings.
    public struct Options {
        /// The first language shown; `locales` is the cycle `l` walks through.
        public var locale: String = "en"
        public var locales: [String] = ["en", "ar", "he", "fa"]
        /// A fixed direction; nil follows the language (R1).
        public var direction: LayoutDirection? = nil
        /// Fixed digits; nil follows the language (R6).
        public var numerals: NumeralSystem? = nil
        public var shaping: Bool = true
        /// Off hands logical text to a terminal that runs bidi itself (widgets stay mirrored).
        public var reordering: Bool = true
        /// Animate the progress bars.
        public var animate: Bool = true
        /// Below this size the demo shows a notice instead of a squeezed screen.
        public var minimumWidth: Int = 60
        public var minimumHeight: Int = 18
        /// The screen shown first (its id); nil for the first.
        public var screen: String? = nil
        /// The styles (`ThemeChoice` picks one for the terminal's background).
        public var theme: Theme = .default
        /// The decorative glyphs (fallbacks where the terminal draws glyphs at other widths).
        public var glyphs: GlyphSet = .standard
        public init() {}
    }

    public private(set) var screens: [ScreenFile]
    public private(set) var current: Int = 0
    /// The index of the focused control among the current screen's interactive nodes.
    public private(set) var focus: Int? = nil
    public private(set) var locale: String
    public private(set) var directionOverride: LayoutDirection?
    public private(set) var numeralsOverride: NumeralSystem?
    public private(set) var shaping: Bool
    public private(set) var sideBySide = false
    public private(set) var showHelp = false
    /// The styles the demo draws with.
    public var theme: Theme
    /// The decorative glyphs the demo draws with.
    public var glyphs: GlyphSet
    /// True while a text field has the focus and keys type into it.
    public var isEditing: Bool { focusedNode.map { if case .field = $0.kind { return true } else { return false } } ?? false }

    let options: Options
    let catalogs: [String: Catalog]
    let engine = BidiEngine()
    /// Where the last frame drew each interactive control, by path (a mouse click focuses the
    /// control under it). Part of the app's value: a copy of the app has its own.
    private(set) var controlAreas: [[Int]: Rect] = [:]

    /// Creates the demo.
    /// - Parameters:
    ///   - screens: the screens, in order.
    ///   - catalogs: one catalog per language code (`en`, `ar`, …).
    public init(screens: [ScreenFile], catalogs: [String: Catalog], options: Options = Options()) {
        self.screens = screens
        self.catalogs = catalogs
        self.options = options
        self.locale = options.locale
        self.directionOverride = options.direction
        self.numeralsOverride = options.numerals
        self.shaping = options.shaping
        self.theme = options.theme
        self.glyphs = options.glyphs
        self.renderer = Self.makeRenderer(catalogs: catalogs, locale: options.locale,
                                          numerals: options.numerals ?? NumeralSystem.forLocale(options.locale))
        if let id = options.screen, let i = screens.firstIndex(where: { $0.id == id }) { current = i }
        focus = interactivePaths.isEmpty ? nil : 0
    }

    // MARK: - Derived state

    /// The direction the screen is drawn in.
    public var direction: LayoutDirection { directionOverride ?? LayoutDirection(locale: locale) }
    public var numerals: NumeralSystem { numeralsOverride ?? NumeralSystem.forLocale(locale) }
    public var screen: ScreenFile { screens[current] }

    /// Text lookup for the current language and digits (rebuilt when either changes).
    private(set) var renderer: ScreenRenderer

    static func makeRenderer(catalogs: [String: Catalog], locale: String, numerals: NumeralSystem) -> ScreenRenderer {
        ScreenRenderer(catalogs: [catalogs[locale], catalogs["en"]].compactMap { $0 }, locale: locale, numerals: numerals)
    }

    mutating func refreshRenderer() {
        renderer = Self.makeRenderer(catalogs: catalogs, locale: locale, numerals: numerals)
    }

    var layoutOptions: LayoutOptions { LayoutOptions(shaping: shaping, reordering: options.reordering) }

    func context(_ direction: LayoutDirection) -> RenderContext {
        RenderContext(direction: direction, numerals: numerals, engine: engine, options: layoutOptions, theme: theme,
                      glyphs: glyphs)
    }

    /// The paths of the current screen's interactive nodes, in reading order.
    public var interactivePaths: [[Int]] { screen.root.paths { $0.isInteractive } }

    var focusedPath: [Int]? {
        guard let f = focus else { return nil }
        let p = interactivePaths
        return f < p.count ? p[f] : nil
    }

    public var focusedNode: ScreenNode? { focusedPath.flatMap { screen.root.node(at: $0) } }

    /// A string of the demo's own interface in the current language (English when missing).
    func ui(_ key: String, args: [TextArgument] = []) -> String {
        let r = renderer
        let ref = TextRef.key(key, args: args)
        let (text, missing) = r.resolve(ref)
        return missing == nil ? text : key
    }

    // MARK: - Drawing

    public mutating func render(into buffer: inout Buffer) -> (x: Int, y: Int)? {
        let area = buffer.area
        let ctx = context(direction)
        let probe = FocusProbe()
        defer { controlAreas = probe.areas }
        guard area.width >= options.minimumWidth, area.height >= options.minimumHeight else {
            let have = "\(area.width)×\(area.height)", need = "\(options.minimumWidth)×\(options.minimumHeight)"
            let text = ui("demo.tooSmall", args: [TextArgument("have", .string(have)),
                                                  TextArgument("need", .string(need))])
            buffer.drawNotice(text, context: ctx)
            return nil
        }
        // Header: the product at the leading edge, the state at the trailing edge.
        let header = Rect(x: 0, y: 0, width: area.width, height: 1)
        let bar = ctx.with(style: theme.header)
        buffer.fill(header, with: Cell(" ", style: bar.style))
        Label("rtl-tui", alignment: .leading).render(header.inset(left: 1, right: 1), into: &buffer, context: bar.with(style: theme.headerTitle))
        Label(status, alignment: .trailing).render(header.inset(left: 10, right: 1), into: &buffer, context: bar)
        // Footer: the main keys.
        let footer = Rect(x: 0, y: area.height - 1, width: area.width, height: 1)
        Label(ui("demo.footer"), alignment: .leading).render(footer.inset(left: 1, right: 1), into: &buffer, context: ctx.with(style: theme.footer))

        let body = Rect(x: 0, y: 1, width: area.width, height: area.height - 2)
        if sideBySide {
            let half = (body.width - 1) / 2
            for (i, dir) in [LayoutDirection.ltr, .rtl].enumerated() {
                let r = Rect(x: body.x + i * (half + 1), y: body.y, width: half, height: body.height)
                Label(dir == .ltr ? "LTR" : "RTL", alignment: .center).render(Rect(x: r.x, y: r.y, width: r.width, height: 1),
                                                                         into: &buffer, context: ctx.with(style: theme.title))
                widget(direction: dir, probe: probe).render(r.inset(top: 1), into: &buffer, context: context(dir))
            }
        } else {
            widget(direction: direction, probe: probe).render(body, into: &buffer, context: ctx)
        }
        if showHelp { drawHelp(into: &buffer, area: body, context: ctx) }

        // The terminal's cursor sits on a focused field's caret.
        if !showHelp, !sideBySide, case .field(let text, let caret, let placeholder)? = focusedNode?.kind,
           let rect = probe.area, let fctx = probe.context {
            let r = renderer
            let f = TextField(text: text.map { r.resolve($0).text } ?? "", caret: caret ?? 0,
                              placeholder: placeholder.map { r.resolve($0).text })
            return f.caretCell(in: rect, context: fctx)
        }
        return nil
    }

    /// The header's state: screen number, language, direction, digits, shaping.
    public var status: String {
        let dir = direction == .rtl ? "RTL" : "LTR"
        let digits = String(numerals.digits.prefix(3))
        return "\(current + 1)/\(screens.count) · \(locale) · \(dir)\(directionOverride == nil ? "" : "!") · \(digits) · \(shaping ? "shaped" : "unshaped")"
    }

    /// The current screen as a widget in `direction`, the focused control highlighted; drawing it
    /// records in `probe` where the controls go (in the app's own direction only).
    func widget(direction: LayoutDirection, probe: FocusProbe) -> any Widget {
        var r = renderer
        let focused = focusedPath
        let recordsProbe = direction == self.direction
        r.decorate = { path, node, w in
            var w = w
            if path == focused { w = Focused(content: w, probe: recordsProbe ? probe : nil) }
            if recordsProbe && node.isInteractive { w = AreaRecorder(content: w, path: path, probe: probe) }
            return w
        }
        return r.widget(for: screen)
    }

    func drawHelp(into buffer: inout Buffer, area: Rect, context ctx: RenderContext) {
        let lines = ["demo.help.focus", "demo.help.arrows", "demo.help.screens", "demo.help.direction", "demo.help.locale",
                     "demo.help.numerals", "demo.help.shaping", "demo.help.both", "demo.help.quit"].map { ui($0) }
        let w = min(area.width - 4, max(40, lines.map { ctx.width(of: $0) }.max() ?? 40) + 4)
        let h = min(area.height - 2, lines.count + 2)
        let box = Rect(x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h)
        let overlay = ctx.with(style: ctx.theme.overlay)
        buffer.fill(box, with: Cell(" ", style: overlay.style))
        let items = lines.map { Stack.Child(.cells(1), Label($0)) }
        Pane(title: ui("demo.help.title"), border: true, child: Stack(.vertical, items)).render(box, into: &buffer, context: overlay)
    }

    // MARK: - Keys

    public mutating func handle(_ key: KeyEvent) -> AppAction {
        if case .resize = key { return .continue }
        if case .mouse(let x, let y, _) = key {
            // A click focuses the control drawn there (the areas of the last frame).
            if !showHelp, let path = controlAreas.first(where: { $0.value.contains(x: x, y: y) })?.key,
               let i = interactivePaths.firstIndex(of: path) {
                focus = i
            }
            return .continue
        }
        if key == .ctrl("c") { return .quit }
        if showHelp {
            if key == .escape || key == .character("?") || key == .function(1) || key == .character("q") { showHelp = false }
            return .continue
        }
        // Function keys work everywhere, even while typing.
        switch key {
        case .function(1): showHelp = true; return .continue
        case .function(2): cycleDirection(); return .continue
        case .function(3): cycleLocale(); return .continue
        case .function(4): cycleNumerals(); return .continue
        case .function(5): shaping.toggle(); return .continue
        case .function(6): sideBySide.toggle(); return .continue
        case .tab: moveFocus(1); return .continue
        case .backTab: moveFocus(-1); return .continue
        case .pageDown: go(to: current + 1); return .continue
        case .pageUp: go(to: current - 1); return .continue
        default: break
        }
        if isEditing {
            if key == .escape { focus = nil; return .continue }
            editField(key)
            return .continue
        }
        switch key {
        case .escape, .character("q"): return .quit
        case .character("?"): showHelp = true
        case .character("d"): cycleDirection()
        case .character("l"): cycleLocale()
        case .character("n"): cycleNumerals()
        case .character("s"): shaping.toggle()
        case .character("b"): sideBySide.toggle()
        default: operateFocused(key)
        }
        return .continue
    }

    public var tickInterval: Duration? { options.animate ? .milliseconds(150) : nil }

    /// Advances every progress bar of the current screen by one percent (wrapping to zero).
    public mutating func tick() -> AppAction {
        for path in screen.root.paths(where: { if case .progress = $0.kind { return true } else { return false } }) {
            screens[current].root.modify(at: path[...]) { n in
                if case .progress(let v, let label, let showPercent) = n.kind {
                    let next = v >= 0.999 ? 0 : min(1, v + 0.01)
                    n.kind = .progress(value: next, label: label, showPercent: showPercent)
                }
            }
        }
        return .continue
    }

    mutating func cycleDirection() {
        switch directionOverride {
        case nil: directionOverride = .ltr
        case .ltr?: directionOverride = .rtl
        case .rtl?: directionOverride = nil
        }
    }

    mutating func cycleLocale() {
        let all = options.locales
        let i = all.firstIndex(of: locale) ?? -1
        locale = all[(i + 1) % all.count]
        refreshRenderer()
    }

    mutating func cycleNumerals() {
        switch numeralsOverride {
        case nil: numeralsOverride = .latn
        case .latn?: numeralsOverride = .arab
        case .arab?: numeralsOverride = .arabext
        case .arabext?: numeralsOverride = nil
        }
        refreshRenderer()
    }

    /// Shows screen `index` (clamped), focusing its first control.
    public mutating func go(to index: Int) {
        current = max(0, min(screens.count - 1, index))
        focus = interactivePaths.isEmpty ? nil : 0
    }

    mutating func moveFocus(_ step: Int) {
        let n = interactivePaths.count
        guard n > 0 else { focus = nil; return }
        focus = ((focus ?? (step > 0 ? -1 : 0)) + step + n) % n
    }

    mutating func modifyFocused(_ change: (inout ScreenNode) -> Void) {
        guard let p = focusedPath else { return }
        screens[current].root.modify(at: p[...], change)
    }

    /// The direction in force at the focused node (an override on it or an ancestor wins, R1).
    var focusedDirection: LayoutDirection {
        guard let p = focusedPath else { return direction }
        var d = direction
        var n = screen.root
        if n.direction != .inherit { d = n.direction == .ltr ? .ltr : .rtl }
        for i in p {
            n = n.children[i]
            if n.direction != .inherit { d = n.direction == .ltr ? .ltr : .rtl }
        }
        return d
    }

    mutating func operateFocused(_ key: KeyEvent) {
        guard let node = focusedNode else {
            if key == .tab || key == .right || key == .left { moveFocus(1) }
            return
        }
        let dir = focusedDirection
        switch node.kind {
        case .slider(let value, let lo, let hi, let label, let sg, let eg, let ticks):
            let range = hi - lo
            let step = range <= 10 && ticks.allSatisfy({ $0 == $0.rounded() }) ? 1 : range / 20
            let s = Slider(value: value, minimum: lo, maximum: hi)
            let v = s.value(after: key, step: step, direction: dir)
            modifyFocused { $0.kind = .slider(value: v, min: lo, max: hi, label: label, startGlyph: sg, endGlyph: eg, ticks: ticks) }
        case .rating(let value, let max, let numbers):
            var v = value
            switch key {
            case .left, .right: v += 0.5 * Double(Mirroring(dir).readingStep(of: key) ?? 0)
            case .up: v += 0.5
            case .down: v -= 0.5
            case .home: v = 0
            case .end: v = Double(max)
            default: return
            }
            v = Swift.min(Double(max), Swift.max(0, v))
            modifyFocused { $0.kind = .rating(value: v, max: max, numbers: numbers) }
        case .toggle(let label, let on):
            let t = Toggle(label: nil, isOn: on)
            let next = t.isOn(after: key, direction: dir)
            modifyFocused { $0.kind = .toggle(label: label, on: next) }
        case .list(let items, let selected, let bullet):
            var s = selected ?? 0
            switch key {
            case .up: s -= 1
            case .down: s += 1
            case .home: s = 0
            case .end: s = items.count - 1
            case .enter:
                if let target = items.indices.contains(s) ? items[s].target : nil,
                   let i = screens.firstIndex(where: { $0.id == target }) {
                    go(to: i)
                }
                return
            default: return
            }
            s = Swift.max(0, Swift.min(items.count - 1, s))
            modifyFocused { $0.kind = .list(items: items, selected: s, bullet: bullet) }
        case .nav(let back, let next):
            // R12 + R14: the arrow that points at a button presses it; Back sits at the leading edge.
            var step = 0
            switch key {
            case .left, .right: step = Mirroring(dir).readingStep(of: key) ?? 0
            case .enter: step = next != nil ? 1 : -1
            default: return
            }
            if step < 0 && back != nil { go(to: current - 1) } else if step > 0 && next != nil { go(to: current + 1) }
        default:
            // Text fields never get here: while one has the focus, `handle` sends keys to `editField`.
            return
        }
    }

    /// Edits the focused text field: typing inserts at the caret; ← → move it on screen (R14);
    /// Home/End go to the logical start/end; Backspace deletes the logically previous grapheme and
    /// Delete the next one.
    mutating func editField(_ key: KeyEvent) {
        guard case .field(let textRef, let caret, let placeholder)? = focusedNode?.kind else { return }
        let text = textRef.map { renderer.resolve($0).text } ?? ""
        guard let (newText, newCaret) = TextField(text: text, caret: caret)
            .edited(by: key, context: context(focusedDirection)) else { return }
        modifyFocused { $0.kind = .field(text: .literal(newText), caret: newCaret, placeholder: placeholder) }
    }
}

/// What one frame's drawing records, for placing the terminal's cursor and for mouse clicks: where
/// the focused widget was drawn (and in which context), and where each interactive control was.
/// A reference, because widgets draw through non-mutating `render`; it lives for one `render`
/// call, and `DemoApp` keeps only the areas, as a value.
final class FocusProbe {
    var area: Rect?
    var context: RenderContext?
    /// Where each interactive control was drawn, by path.
    var areas: [[Int]: Rect] = [:]
}

/// Records where an interactive control is drawn, so a mouse click can focus it.
struct AreaRecorder: Widget {
    var content: any Widget
    var path: [Int]
    var probe: FocusProbe

    func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        content.render(area, into: &buffer, context: context)
        probe.areas[path] = area
    }
}

/// A focused control: drawn over the theme's `focus` style (a tint, reverse video or bold), which
/// every style of the control is laid over, so each keeps its own colours where it has them.
struct Focused: Widget {
    var content: any Widget
    var probe: FocusProbe?

    func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        let focused = context.with(style: context.theme.focus)
        buffer.fill(area, with: Cell(" ", style: focused.style))
        content.render(area, into: &buffer, context: focused)
        probe?.area = area
        probe?.context = focused
    }
}
