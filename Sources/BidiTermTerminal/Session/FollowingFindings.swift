import BidiTerm

/// Findings that changed after the first frame (the terminal answered late, R21), waiting for the
/// app to pick them up at its next render. The session posts, the app wrapper takes, on the
/// session's thread.
final class FindingsUpdates {
    private var pending: (findings: TerminalFindings, theme: ThemeChoice, colors: ColorSupport)?

    /// Findings for the next render (replacing any not yet taken).
    func post(findings: TerminalFindings, theme: ThemeChoice, colors: ColorSupport) {
        pending = (findings, theme, colors)
    }

    /// The findings posted since the last call, if any.
    func take() -> (findings: TerminalFindings, theme: ThemeChoice, colors: ColorSupport)? {
        defer { pending = nil }
        return pending
    }

    /// `app` as it draws in this terminal: a `ThemedApp` gets the theme from the terminal's
    /// background (OSC 11, COLORFGBG) and --theme as the terminal's colours can show it (the themes
    /// need 256), the glyphs it draws right, where marks go, and the notice for its help.
    static func adapt<App: TerminalApp>(_ app: App, findings: TerminalFindings, theme: ThemeChoice, colors: ColorSupport) -> App {
        guard var themed = app as? any ThemedApp else { return app }
        themed.theme = ThemeChoice.shown(theme.theme, with: colors)
        themed.glyphs = findings.glyphs
        themed.marksInOwnCells = findings.marks == .cell
        themed.terminalNotice = findings.notice
        return themed as? App ?? app
    }
}

/// The app a session runs: its notice overlay, which takes up findings that changed after the
/// first frame (`FindingsUpdates`) before it draws.
struct FollowingFindings<App: TerminalApp>: TerminalApp {
    private(set) var overlay: NoticeOverlay<App>
    let updates: FindingsUpdates

    init(_ overlay: NoticeOverlay<App>, updates: FindingsUpdates) {
        self.overlay = overlay
        self.updates = updates
    }

    mutating func render(into buffer: inout Buffer) -> (x: Int, y: Int)? {
        if let u = updates.take() {
            overlay.updateApp { $0 = FindingsUpdates.adapt($0, findings: u.findings, theme: u.theme, colors: u.colors) }
            overlay.replaceNotice(u.findings.notice, asLine: u.findings.noticeSeenBefore)
        }
        return overlay.render(into: &buffer)
    }

    mutating func handle(_ key: KeyEvent) -> AppAction { overlay.handle(key) }
    var tickInterval: Duration? { overlay.tickInterval }
    mutating func tick() -> AppAction { overlay.tick() }
    mutating func receive(_ message: any Sendable) -> AppAction { overlay.receive(message) }
}
