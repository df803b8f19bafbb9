import BidiTerm
import Foundation

/// How the interactive session sets up the terminal.
public struct TerminalSessionOptions: Sendable {
    /// The defaults: automatic bidi mode and theme, identification on, no mouse.
    public init() {}

    /// Who runs bidi and how the terminal's own bidi is dealt with (R21); `auto` by default.
    public var bidiMode: TerminalBidiMode = .auto
    /// Raw keys: Ctrl-C, Ctrl-Z and Ctrl-\ arrive as `.ctrl` keys instead of raising SIGINT,
    /// SIGTSTP and SIGQUIT. Off by default (cbreak mode).
    public var rawKeys = false
    /// How long ESC waits for the rest of an escape sequence, in milliseconds. Short, so the
    /// Escape key answers at once; an escape sequence arrives in one piece from a local terminal
    /// and nearly always from SSH too.
    public var escapeDelayMilliseconds = 25
    /// Report mouse button presses and the wheel as `.mouse` events.
    public var mouse = false
    /// Ask the terminal who it is, its modes, colours and glyph widths at start-up (R21).
    public var identify = true
    /// Glyphs whose advance to measure at start-up, beyond `GlyphWidths.interfaceGlyphs`.
    public var glyphs: [String] = []
    /// The longest wait for one batch of answers.
    public var probeTimeout: Duration = .seconds(2)
    /// How long the first frame waits for the terminal's first answer. When nothing at all has
    /// come by then, the app starts at once with the plan for a terminal that does not answer
    /// (from the environment alone), and answers that come later (each batch within
    /// `probeTimeout`) correct the plan and repaint (`TerminalStartup`). Half a second: a local
    /// terminal answers in milliseconds and one over SSH after a round trip, so the first frame is
    /// nearly always drawn with the answers in; nil: wait for every answer.
    public var firstAnswerWait: Duration? = .milliseconds(500)
    /// Where combining marks go (`MarkPlacement`); nil (the default): from how far the terminal
    /// moved the cursor over a mark (`MarkPlacement.decide`).
    public var marks: MarkPlacement? = nil
    /// `--theme`: `auto` follows the terminal's background.
    public var theme: ThemeOption = .auto
    /// Messages from other threads and tasks for the app (`TerminalApp.receive(_:)`), or nil.
    public var mailbox: AppMailbox? = nil
    /// The app's own text for the terminal notice (R21), or nil for the library's English, which
    /// names the app (`appName`) and rtl-tui's `--bidi-mode` flag (`noticeArguments`): given the notice (its `id` and `arguments` say which
    /// it is and what it names) and the plan it comes from (the terminal, `setup.strategy`,
    /// `setup.passthrough`), it returns the notice in the app's product name, flags and language
    /// (nil: no notice), usually with `TerminalNotice.rewritten(arguments:direction:templates:)`:
    ///
    /// ```swift
    /// // Fragment: in the app's set-up; `myCatalog` holds its own strings
    /// options.noticeText = { notice, _ in
    ///     notice.rewritten(arguments: ["program": "my-app"], direction: .rtl) { myCatalog["notice." + $0] }
    /// }
    /// ```
    ///
    /// Where the terminal may reorder what is sent (`TerminalNotice.mayReadBackwards`), a notice
    /// rewritten right to left keeps the library's line beneath it (`originalLine`), so that it
    /// reads in one of the two. A notice for a terminal that cannot show UTF-8 (`ascii`) is drawn
    /// in ASCII only: its rewrite must be ASCII too.
    public var noticeText: (@Sendable (TerminalNotice, TerminalSetup) -> TerminalNotice?)? = nil
    /// Draw on the terminal's alternate screen (the default, as full-screen programs do: on quit
    /// the screen the user had comes back). Off: frames are drawn on the normal screen, and the
    /// last one stays there, above the shell's next prompt and then in the scrollback, after quit
    /// or Ctrl-Z.
    public var alternateScreen = true
    /// The words around the notice (its box's title and keys, the one-line form), in the app's
    /// language; English by default.
    public var noticeLabels = TerminalNoticeLabels()
    /// The app's name, which the library's notices give where they say what to run
    /// (`{program}`: "then run my-app with …") and which names the folder of the notice's
    /// memory (`noticeMemoryFile`); nil (the default): `TerminalSession.programName`, the running
    /// executable's name.
    public var appName: String? = nil
    /// More values for the placeholders of the library's notices, over `appName` and
    /// `Notices.productArguments`: an app whose flag for a terminal that runs its own bidi is not
    /// rtl-tui's `--bidi-mode explicit` gives it as `["flag": "--plain-bidi"]`.
    public var noticeArguments: [String: String] = [:]
    /// The app shows the terminal notice in its help, opened with `?` or F1 (`ThemedApp` apps
    /// get the notice as `terminalNotice`). Then the box says it is "shown again in help"
    /// (`TerminalNoticeLabels.keys`) and `?` in the one-line form goes to the app. Off (the
    /// default): the box's last line only says how to close it (`TerminalNoticeLabels.closeKeys`),
    /// and `?` or F1 in the one-line form opens the box again in place.
    public var noticeInHelp = false
    /// The file that keeps which notices were already shown in a box in which terminal (after
    /// the first time a notice is one line); nil (the default):
    /// `$XDG_CONFIG_HOME/<appName>/terminals`, else `$HOME/.config/<appName>/terminals`
    /// (`TerminalMemory.path(environment:app:)`).
    public var noticeMemoryFile: String? = nil
    /// The environment consulted for TERM, NO_COLOR, TMUX and the terminals' own variables.
    public var environment: [String: String] = ProcessInfo.processInfo.environment
}
