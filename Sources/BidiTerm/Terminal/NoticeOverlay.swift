/// Any full-screen app with a terminal notice (R21) drawn over its frames, from the first frame
/// until the user closes it: a framed box at the bottom of the screen, above the last row (where
/// the apps keep their key hints), that says what goes wrong and the exact setting that fixes it.
///
/// Enter and Escape close the box (and do nothing else); every other key and event goes to the
/// app, which runs normally beneath. An app with help (`hasHelp`) shows the same notice again
/// there; for one without, `?` and F1 open the box again from the one-line form.
public struct NoticeOverlay<App: TerminalApp>: TerminalApp {
    /// The app beneath.
    public private(set) var app: App
    /// The notice, or nil for none.
    public private(set) var notice: TerminalNotice?
    /// Whether the box is on screen.
    public private(set) var isShowing: Bool
    /// Whether the one-line form is on screen (a notice seen before in this terminal).
    public private(set) var isShowingLine: Bool
    /// The words around the notice (title, keys, the one-line form's lead and hint).
    public let labels: TerminalNoticeLabels
    /// The app shows the notice in its help (`?`, F1): the box says so, and those keys go to the
    /// app. Without help, they open the box again in place of the one-line form.
    public let hasHelp: Bool

    /// `app` with `notice` over its first frames (nil: the app alone). `asLine`: the notice was
    /// shown in a box in this terminal before; it is one line above the key hints until the user
    /// opens the help (`?` or F1), or closes it (Enter, Escape). `labels`: the words around it, in
    /// the app's language. `hasHelp`: the app shows the notice in its help (see `hasHelp`).
    public init(_ app: App, notice: TerminalNotice?, asLine: Bool = false, labels: TerminalNoticeLabels = TerminalNoticeLabels(),
                hasHelp: Bool = true) {
        self.app = app
        self.notice = notice
        self.labels = labels
        self.hasHelp = hasHelp
        let line = asLine && !(notice?.ascii ?? false)
        isShowing = notice != nil && !line
        isShowingLine = notice != nil && line
    }

    /// Puts `notice` in place of the one shown, as `init` would show it (a terminal that answered
    /// late turned out to need another, R21). The same notice again changes nothing, so a box the
    /// user closed stays closed.
    public mutating func replaceNotice(_ notice: TerminalNotice?, asLine: Bool = false) {
        guard notice != self.notice else { return }
        self = NoticeOverlay(app, notice: notice, asLine: asLine, labels: labels, hasHelp: hasHelp)
    }

    /// Changes the app beneath (its theme, glyphs, layout options: what a late answer changed).
    public mutating func updateApp(_ change: (inout App) -> Void) {
        change(&app)
    }

    /// The rows the box takes on a screen of `width` columns and `height` rows (0 when it does
    /// not show).
    public func boxHeight(width: Int, height: Int = .max) -> Int {
        guard isShowing, let notice else { return 0 }
        let n = Self.shown(notice, width: width, height: height)
        // Inside the frame: the text wrapped, the library's line beneath it where the text may
        // read backwards, then the line of keys.
        let inner = max(1, Self.boxWidth(screen: width) - 2)
        if n.ascii { return TerminalNotice(problem: n.problem, fix: n.fix).wrapped(width: max(1, inner - 2)).count + 1 + 2 }
        return Self.textHeight(n, width: inner) + 1 + 2
    }

    /// The rows of the notice's text at `width` cells: its line in its direction, and the
    /// original line beneath it when there is one.
    static func textHeight(_ n: TerminalNotice, width: Int) -> Int {
        let engine = BidiEngine()
        return engine.layout(n.line, direction: BaseDirection(n.direction), width: width).lines.count
            + (n.originalLine.map { engine.layout($0, direction: .ltr, width: width).lines.count } ?? 0)
    }

    static func boxWidth(screen: Int) -> Int { max(0, min(screen - 2, 100)) }

    /// The notice as the box shows it on a `width`×`height` screen: with the library's line
    /// beneath the app's words when both fit above the last row, else that line alone, which reads
    /// right in any terminal (`TerminalNotice.originalLine`).
    static func shown(_ n: TerminalNotice, width: Int, height: Int) -> TerminalNotice {
        guard let original = n.originalLine, !n.ascii else { return n }
        let inner = max(1, boxWidth(screen: width) - 2)
        guard textHeight(n, width: inner) + 1 + 2 > height - 1 else { return n }
        var english = TerminalNotice(problem: original, fix: "", informational: n.informational)
        english.id = n.id
        return english
    }

    public mutating func render(into buffer: inout Buffer) -> (x: Int, y: Int)? {
        let cursor = app.render(into: &buffer)
        if isShowingLine, let n = notice, buffer.area.height >= 3, buffer.area.width >= 12 {
            // Over the row above the key hints (the apps' bottom border), its two ends kept.
            let y = buffer.area.maxY - 2
            let row = Rect(x: buffer.area.x + 2, y: y, width: buffer.area.width - 4, height: 1)
            // In the labels' direction: from the row's right end for right to left, and what does
            // not fit is the end of the text (broken between words).
            let text = " " + labels.line(n) + " "
            let line = BidiEngine().layout(text, direction: BaseDirection(labels.direction), width: row.width).lines.first?.cells ?? []
            let used = line.reduce(0) { $0 + $1.width }
            var x = labels.direction == .rtl ? max(row.x, row.maxX - used) : row.x
            for c in line where c.width > 0 {
                guard x + c.width <= row.maxX else { break }
                buffer.set(x: x, y: y, Cell(text: c.glyph, width: UInt8(c.width), style: Style(attributes: .reverse)))
                if c.width == 2 { buffer.set(x: x + 1, y: y, .continuation(style: Style(attributes: .reverse))) }
                x += c.width
            }
            return cursor.flatMap { $0.y == y ? nil : $0 }
        }
        guard isShowing, let notice else { return cursor }
        let area = buffer.area
        let n = Self.shown(notice, width: area.width, height: area.height)
        let w = Self.boxWidth(screen: area.width)
        let h = min(boxHeight(width: area.width, height: area.height), area.height - 1)
        guard w >= 20, h >= 3 else { return cursor }
        let box = Rect(x: area.x + (area.width - w) / 2, y: area.maxY - 1 - h, width: w, height: h)
        buffer.fill(box)
        if n.ascii {
            Self.drawASCII(n, in: box, into: &buffer)
            return nil
        }
        // The frame and its words in the labels' direction, the text in its own (the library's
        // English left to right, whatever the app's direction).
        let ctx = RenderContext(direction: labels.direction)
        let inner = max(1, w - 2)
        let textRows = BidiEngine().layout(n.line, direction: BaseDirection(n.direction), width: inner).lines.count
        var children = [Stack.Child(n.originalLine == nil ? .fill : .cells(textRows), Paragraph(n.line, direction: .fixed(n.direction)))]
        if let original = n.originalLine { children.append(Stack.Child(.fill, Paragraph(original, direction: .fixed(.ltr)))) }
        children.append(Stack.Child(.cells(1), Label(hasHelp ? labels.keys : labels.closeKeys, direction: .fixed(labels.direction))))
        Pane(title: labels.title, border: true, child: Stack(.vertical, children)).render(box, into: &buffer, context: ctx)
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
            if key == .character("?") || key == .function(1) {
                isShowingLine = false
                // The help shows the notice whole; without help, the box shows it here.
                guard hasHelp else {
                    isShowing = true
                    return .continue
                }
            }
        }
        return app.handle(key)
    }

    public var tickInterval: Duration? { app.tickInterval }
    public mutating func tick() -> AppAction { app.tick() }
    public mutating func receive(_ message: any Sendable) -> AppAction { app.receive(message) }
}
