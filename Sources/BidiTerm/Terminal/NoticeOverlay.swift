/// Any full-screen app with a terminal notice (R21) drawn over its frames, from the first frame
/// until the user closes it: a framed box at the bottom of the screen, above the last row (where
/// the apps keep their key hints), that says what goes wrong and the exact setting that fixes it.
///
/// Enter and Escape close the box (and do nothing else); every other key and event goes to the
/// app, which runs normally beneath. The apps show the same notice again in their help.
public struct NoticeOverlay<App: TerminalApp>: TerminalApp {
    public private(set) var app: App
    public let notice: TerminalNotice?
    /// Whether the box is on screen.
    public private(set) var isShowing: Bool

    public init(_ app: App, notice: TerminalNotice?) {
        self.app = app
        self.notice = notice
        isShowing = notice != nil
    }

    /// The rows the box takes on a screen of `width` columns (0 when it does not show).
    public func boxHeight(width: Int) -> Int {
        guard isShowing, let n = notice else { return 0 }
        // Inside the frame: the text wrapped, then the line of keys.
        let inner = max(1, Self.boxWidth(screen: width) - 2)
        let lines = BidiEngine().layout(n.line, direction: .ltr, width: inner).lines.count
        return lines + 1 + 2
    }

    static func boxWidth(screen: Int) -> Int { max(0, min(screen - 2, 100)) }

    public mutating func render(into buffer: inout Buffer) -> (x: Int, y: Int)? {
        let cursor = app.render(into: &buffer)
        guard isShowing, let n = notice else { return cursor }
        let area = buffer.area
        let w = Self.boxWidth(screen: area.width)
        let h = min(boxHeight(width: area.width), area.height - 1)
        guard w >= 20, h >= 3 else { return cursor }
        let box = Rect(x: area.x + (area.width - w) / 2, y: area.maxY - 1 - h, width: w, height: h)
        buffer.fill(box)
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

    public mutating func handle(_ key: KeyEvent) -> AppAction {
        if isShowing, key == .enter || key == .escape {
            isShowing = false
            return .continue
        }
        return app.handle(key)
    }

    public var tickInterval: Duration? { app.tickInterval }
    public mutating func tick() -> AppAction { app.tick() }
    public mutating func receive(_ message: any Sendable) -> AppAction { app.receive(message) }
}
