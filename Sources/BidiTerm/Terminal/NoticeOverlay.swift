/// Any full-screen app with a terminal notice (R21) drawn over its frames, from the first frame
/// until the user closes it: a framed box at the bottom of the screen, above the last row (where
/// the apps keep their key hints), that says what goes wrong and the exact setting that fixes it.
///
/// Enter and Escape close the box (and do nothing else); every other key and event goes to the
/// app, which runs normally beneath. The apps show the same notice again in their help.
public struct NoticeOverlay<App: TerminalApp>: TerminalApp {
    /// The app beneath.
    public private(set) var app: App
    /// The notice, or nil for none.
    public private(set) var notice: TerminalNotice?
    /// Whether the box is on screen.
    public private(set) var isShowing: Bool
    /// Whether the one-line form is on screen (a notice seen before in this terminal).
    public private(set) var isShowingLine: Bool

    /// `app` with `notice` over its first frames (nil: the app alone). `asLine`: the notice was
    /// shown in a box in this terminal before; it is one line above the key hints until the user
    /// opens the help (`?` or F1), or closes it (Enter, Escape).
    public init(_ app: App, notice: TerminalNotice?, asLine: Bool = false) {
        self.app = app
        self.notice = notice
        let line = asLine && !(notice?.ascii ?? false)
        isShowing = notice != nil && !line
        isShowingLine = notice != nil && line
    }

    /// Puts `notice` in place of the one shown, as `init` would show it (a terminal that answered
    /// late turned out to need another, R21). The same notice again changes nothing, so a box the
    /// user closed stays closed.
    public mutating func replaceNotice(_ notice: TerminalNotice?, asLine: Bool = false) {
        guard notice != self.notice else { return }
        self = NoticeOverlay(app, notice: notice, asLine: asLine)
    }

    /// Changes the app beneath (its theme, glyphs, layout options: what a late answer changed).
    public mutating func updateApp(_ change: (inout App) -> Void) {
        change(&app)
    }

    /// The rows the box takes on a screen of `width` columns (0 when it does not show).
    public func boxHeight(width: Int) -> Int {
        guard isShowing, let n = notice else { return 0 }
        // Inside the frame: the text wrapped, then the line of keys.
        let inner = max(1, Self.boxWidth(screen: width) - 2)
        if n.ascii { return TerminalNotice(problem: n.problem, fix: n.fix).wrapped(width: max(1, inner - 2)).count + 1 + 2 }
        let lines = BidiEngine().layout(n.line, direction: .ltr, width: inner).lines.count
        return lines + 1 + 2
    }

    static func boxWidth(screen: Int) -> Int { max(0, min(screen - 2, 100)) }

    public mutating func render(into buffer: inout Buffer) -> (x: Int, y: Int)? {
        let cursor = app.render(into: &buffer)
        if isShowingLine, let n = notice, buffer.area.height >= 3, buffer.area.width >= 12 {
            // Over the row above the key hints (the apps' bottom border), its two ends kept.
            let y = buffer.area.maxY - 2
            let row = Rect(x: buffer.area.x + 2, y: y, width: buffer.area.width - 4, height: 1)
            let text = " Terminal: " + n.problem + " · ? shows what to do "
            let line = BidiEngine().layout(text, direction: .ltr, width: Int.max).lines.first?.cells ?? []
            var x = row.x
            for c in line where c.width > 0 {
                guard x + c.width <= row.maxX else { break }
                buffer.set(x: x, y: y, Cell(c.text, width: UInt8(c.width), style: Style(attributes: .reverse)))
                if c.width == 2 { buffer.set(x: x + 1, y: y, .continuation(style: Style(attributes: .reverse))) }
                x += c.width
            }
            return cursor.flatMap { $0.y == y ? nil : $0 }
        }
        guard isShowing, let n = notice else { return cursor }
        let area = buffer.area
        let w = Self.boxWidth(screen: area.width)
        let h = min(boxHeight(width: area.width), area.height - 1)
        guard w >= 20, h >= 3 else { return cursor }
        let box = Rect(x: area.x + (area.width - w) / 2, y: area.maxY - 1 - h, width: w, height: h)
        buffer.fill(box)
        if n.ascii {
            Self.drawASCII(n, in: box, into: &buffer)
            return nil
        }
        // English text, laid out left to right whatever the app's direction.
        let ctx = RenderContext(direction: .ltr)
        let body = Stack(.vertical, [
            Stack.Child(.fill, Paragraph(n.line, direction: .fixed(.ltr))),
            Stack.Child(.cells(1), Label("Enter or Esc: close · shown again in help (? or F1)", direction: .fixed(.ltr))),
        ])
        Pane(title: "Terminal", border: true, child: body).render(box, into: &buffer, context: ctx)
        // The cursor stays hidden while the box covers the screen's bottom.
        return cursor.flatMap { $0.y >= box.y && $0.y < box.maxY ? nil : $0 }
    }

    /// The box in ASCII only (`+`, `-`, `|`, the text wrapped between words), for a terminal
    /// that cannot show UTF-8.
    static func drawASCII(_ n: TerminalNotice, in box: Rect, into buffer: inout Buffer) {
        let inner = box.width - 4
        var lines = TerminalNotice(problem: n.problem, fix: n.fix).wrapped(width: inner)
        lines.append("Enter or Esc: close")
        let rule = "+" + String(repeating: "-", count: box.width - 2) + "+"
        func put(_ text: String, _ y: Int, _ x: Int) {
            for (i, ch) in text.unicodeScalars.enumerated() where x + i < box.maxX {
                buffer.set(x: x + i, y: y, Cell(ch.isASCII ? String(ch) : "?"))
            }
        }
        put(rule, box.y, box.x)
        for y in (box.y + 1)..<(box.maxY - 1) {
            put("|", y, box.x)
            put("|", y, box.maxX - 1)
            let i = y - box.y - 1
            if i < lines.count { put(lines[i], y, box.x + 2) }
        }
        put(rule, box.maxY - 1, box.x)
    }

    public mutating func handle(_ key: KeyEvent) -> AppAction {
        if isShowing, key == .enter || key == .escape {
            isShowing = false
            return .continue
        }
        if isShowingLine {
            if key == .enter || key == .escape {
                isShowingLine = false
                return .continue
            }
            // The help shows the notice whole.
            if key == .character("?") || key == .function(1) { isShowingLine = false }
        }
        return app.handle(key)
    }

    public var tickInterval: Duration? { app.tickInterval }
    public mutating func tick() -> AppAction { app.tick() }
    public mutating func receive(_ message: any Sendable) -> AppAction { app.receive(message) }
}
