import ArgumentParser
import BidiTerm
import BidiTermTerminal
import RTLTUIApps

/// How rtl-tui's full-screen commands run their app: through the public `TerminalSession`, as any
/// program built on the library does, with the message of a terminal that cannot be used written
/// to the command's standard error and its status thrown (so a test in process sees both).
enum FullScreen {
    static func run<App: TerminalApp>(options: TerminalSessionOptions, _ makeApp: (TerminalFindings) -> App) throws -> Never {
        TerminalSession.programName = "rtl-tui"
        TerminalSession.nonInteractiveHint = "for non-interactive output use `rtl-tui render`"
        do {
            try TerminalSession.run(options: options, makeApp).exitProcess()
        } catch let e as TerminalSessionError {
            CommandEnvironment.writeError(e.description + "\n")
            throw ExitCode(e.exitStatus)
        }
    }

    /// The session options every full-screen command starts from: the command's environment, and
    /// the terminal notice in the user's language, as the rest of the chrome (`PreviewChrome`).
    static func options() -> TerminalSessionOptions {
        var o = TerminalSessionOptions()
        o.environment = CommandEnvironment.variables
        // rtl-tui's notices name rtl-tui, are shown again in every app's help (`?`, F1) and are
        // remembered in rtl-tui's own file ($XDG_CONFIG_HOME/rtl-tui/terminals).
        o.appName = "rtl-tui"
        o.noticeInHelp = true
        let locale = PreviewChrome.userLocale(environment: o.environment)
        o.noticeText = { notice, _ in PreviewChrome(locale: locale).terminalNotice(notice) }
        o.noticeLabels = PreviewChrome(locale: locale).terminalNoticeLabels
        return o
    }
}
