import BidiTerm
import CNcurses
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why the interactive UI cannot start. `description` is the one-line message to print on stderr
/// (it already starts with the program's name, `TerminalSession.programName`); the process should
/// then exit with `exitStatus`.
public enum TerminalSessionError: Error, CustomStringConvertible, Equatable, Sendable {
    /// Standard input or output (named) is not a terminal.
    case notATerminal(stream: String)
    /// `TERM` is unset or empty.
    case termUnset
    /// `TERM=dumb`: no cursor addressing.
    case dumbTerminal
    /// `TERM` names a type terminfo does not know (or one curses cannot drive).
    case unknownTerminal(String)
    /// The locale's character set is not UTF-8 and no UTF-8 locale is installed.
    case noUTF8Locale(codeset: String)

    public var description: String {
        let name = TerminalSession.programName
        let hint = TerminalSession.nonInteractiveHint.map { " (\($0))" } ?? ""
        switch self {
        case .notATerminal(let stream):
            return "\(name): \(stream) is not a terminal; the interactive UI needs one\(hint)"
        case .termUnset:
            return "\(name): TERM is not set, so the terminal's capabilities are unknown; set it (for example TERM=xterm-256color)\(hint)"
        case .dumbTerminal:
            return "\(name): TERM=dumb cannot move the cursor, which the interactive UI needs\(hint)"
        case .unknownTerminal(let term):
            return "\(name): terminal type '\(Sanitizer.visible(term))' is not in the terminfo database (install ncurses-term or set TERM=xterm-256color)\(hint)"
        case .noUTF8Locale(let codeset):
            return "\(name): the character set is \(codeset), not UTF-8, and no UTF-8 locale is installed (C.UTF-8 is missing); install one and set LANG=C.UTF-8"
        }
    }

    /// The process exit status for this error (1).
    public var exitStatus: Int32 { 1 }
}

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
    /// names rtl-tui and its `--bidi-mode`: given the notice (its `id` and `arguments` say which
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
    /// The environment consulted for TERM, NO_COLOR, TMUX and the terminals' own variables.
    public var environment: [String: String] = ProcessInfo.processInfo.environment
}

/// The interactive terminal: start-up checks, curses mode, the R21 bidi modes, signal safety,
/// and the run loop.
///
/// ```swift
/// import BidiTerm
/// import BidiTermTerminal
/// import Glibc
///
/// struct Hello: TerminalApp {
///     mutating func render(into buffer: inout Buffer) -> (x: Int, y: Int)? {
///         Label("שלום (q)").render(buffer.area, into: &buffer, context: RenderContext(locale: "he")); return nil
///     }
///     mutating func handle(_ key: KeyEvent) -> AppAction { key == .character("q") ? .quit : .continue }
/// }
/// do {   // runFullScreen(options:_:) does all this in one call
///     try TerminalSession.run(options: TerminalSessionOptions()) { _ in Hello() }.exitProcess()
/// } catch let e as TerminalSessionError {    // not a terminal, TERM unknown, no UTF-8 locale
///     TerminalSession.printError(e.description)
///     Glibc.exit(e.exitStatus)
/// }
/// ```
///
/// Start-up: the locale comes from the environment; a non-UTF-8 character set (LANG unset, C,
/// POSIX) switches LC_CTYPE to C.UTF-8 with a one-line warning. Standard input and output must be
/// terminals and TERM a type terminfo knows, else `TerminalSessionError` (exit code 1).
///
/// Restoring the terminal (curses' shell modes, cursor shown, alternate screen left, bidi modes
/// back to the terminal's defaults) happens on quit and on SIGINT, SIGTERM, SIGHUP and SIGQUIT
/// (the run loop ends with `.signal`; `exitProcess` re-raises it so the exit status says so). A
/// crash (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP) restores the terminal in the
/// signal handler, from bytes prepared in advance, then lets the crash proceed. SIGTSTP (Ctrl-Z)
/// leaves curses mode and stops; SIGCONT re-enters, re-sends the bidi modes and repaints. When
/// the input closes (the SSH connection drops) the loop ends with `.inputClosed`.
public final class TerminalSession {
    /// The name error messages and notices start with (the running executable's by default).
    nonisolated(unsafe) public static var programName: String = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") }.flatMap { $0.isEmpty ? nil : $0 } ?? "app"
    /// What to suggest instead of the interactive UI when it cannot start (added to the messages
    /// of `TerminalSessionError`), or nil.
    nonisolated(unsafe) public static var nonInteractiveHint: String? = nil

    /// The options the session was started with.
    public let options: TerminalSessionOptions
    /// The backend drawing on this session's terminal.
    public let backend: NcursesBackend
    /// What the start-up queries found (empty without `identify`).
    public private(set) var probe: TerminalProbeResult
    /// The plan for the terminal's bidi (R21); replaced when answers that came after the first
    /// frame change it.
    public private(set) var setup: TerminalSetup
    /// What the app gets before its first frame (and again when late answers change it).
    public private(set) var findings: TerminalFindings
    /// The theme the apps draw with, and why.
    public private(set) var theme: ThemeChoice
    private var ended = false
    /// What puts the terminal's bidi back (`setup.leave`, and the outer rows behind tmux).
    private var leaveBytes: [UInt8] = []
    /// Set on resume: the next frame is followed by the row fix (VTE keeps bidi flags per row).
    private var fixRowsAfterNextFrame = false
    /// tmux's account of the pane and its client, inside tmux.
    private let multiplexer: MultiplexerInfo?
    /// The rows of the terminal outside a multiplexer, for the row fix (0 without one).
    private var outerRows = 0
    /// The start-up queries while they wait for answers that had not come by the first frame.
    private var startup: TerminalStartup?
    /// The plan from answers that came late, to apply before the next wait for a key.
    private var lateIdentification: Identification?
    /// Where the run loop's app picks up findings that changed after its first frame.
    private let updates = FindingsUpdates()

    /// Checks the terminal and the locale, enters curses mode (the alternate screen), asks the
    /// terminal who it is (before anything is drawn, so whatever a terminal prints for a query
    /// it does not know is cleared by the first frame), and sends the bidi set-up.
    ///
    /// Prints the locale warning, if any, on stderr before the screen is taken over.
    public init(options: TerminalSessionOptions = TerminalSessionOptions()) throws {
        self.options = options
        let env = options.environment
        let term = try Self.checkTerminal(environment: env)
        if let warning = try Self.prepareLocale() { Self.printError(warning) }

        // Handlers go in before curses starts, so that curses sees SIGINT/SIGTERM/SIGTSTP taken
        // and does not install its own (it keeps SIGWINCH, which turns into KEY_RESIZE).
        guard CNcurses_guard_install(STDOUT_FILENO) == 0 else {
            throw TerminalSessionError.notATerminal(stream: "standard output")
        }
        guard CNcurses_start(term, 0) == 0 else {
            CNcurses_guard_uninstall()
            throw TerminalSessionError.unknownTerminal(term)
        }
        if options.rawKeys {
            _ = CNcurses_raw()
        } else {
            _ = CNcurses_cbreak()
        }
        _ = CNcurses_noecho()
        _ = CNcurses_nonl()
        _ = CNcurses_intrflush(0)
        _ = CNcurses_set_escdelay(Int32(options.escapeDelayMilliseconds))
        if !options.rawKeys { _ = CNcurses_set_flow_control(0) }  // Ctrl-S, Ctrl-Q reach the app
        // keypad() writes the keypad mode and flushes curses' output, which holds the switch to the
        // alternate screen: from here on the queries go to the alternate screen, not yet cleared.
        _ = CNcurses_keypad(1)
        // Without the alternate screen: curses cannot be told not to enter it, so it is left at
        // once (the queries and every frame go to the normal screen).
        if !options.alternateScreen { Self.writeRaw(Self.capability("rmcup")) }

        backend = NcursesBackend(noColor: ColorSupport.noColorRequested(in: env), mouse: options.mouse)

        // The guard restores the terminal from here on, even if the queries are interrupted.
        Self.setRestoreSequence(leave: [], mouse: backend.mouseEnabled, alternateScreen: options.alternateScreen)
        CNcurses_guard_set_active(1)

        let startup = TerminalStartup(options: options, rows: backend.size.height,
                                      channel: FileTerminalChannel(input: CNcurses_input_fd(), output: CNcurses_output_fd()),
                                      firstAnswerWait: options.firstAnswerWait)
        let found = startup.identification
        // Keys typed while the terminal was answering go back to curses, in order.
        for b in found.typedInput.reversed() { _ = CNcurses_ungetch(Int32(b)) }
        multiplexer = found.multiplexer
        probe = found.probe
        setup = found.setup
        findings = found.findings
        theme = findings.theme(options.theme, environment: env, colors: backend.colorSupport)
        configureBackend()
        backend.afterDraw = { [unowned self] in
            if self.setup.fixesRows || (self.setup.keepsModePerRow && self.fixRowsAfterNextFrame) {
                Self.writeRaw(self.setup.rowFix(rows: self.setup.passthrough != .none ? self.outerRows : self.backend.size.height))
            }
            self.fixRowsAfterNextFrame = false
        }
        if startup.isPending {
            // Nothing answered before the first frame: replies that come now go to the queries.
            self.startup = startup
            backend.lateReplies = { [unowned self] bytes in self.takeLateReply(bytes) }
        }
        enterScreen()
    }

    /// Hands the backend what the plan and the findings say about drawing: the wire order, the
    /// glyphs it replaces, the zero-width characters and marks it leaves out or places; and the
    /// crash guard what restores the terminal.
    private func configureBackend() {
        // Glyphs drawn by widgets go through the app's glyph set; any other measured glyph that
        // the terminal draws at another width is replaced in the backend.
        backend.mismatchedGlyphs = Set(findings.widthDisagreements.map(\.glyph))
        backend.setWireOrder(setup.wireOrder)
        backend.dropsFormatCharacters = setup.dropsFormatCharacters || findings.formatCharactersTakeCells
        backend.marks = findings.marks
        // Behind a multiplexer the rows are the outer terminal's: as many as the client has.
        outerRows = setup.passthrough != .none ? (multiplexer?.clientHeight ?? backend.size.height) : 0
        leaveBytes = setup.leave + setup.rowRestore(rows: outerRows)
        Self.setRestoreSequence(leave: leaveBytes, mouse: backend.mouseEnabled, alternateScreen: options.alternateScreen)
    }

    /// A reply the key reader set aside while the start-up queries are open; true when it ended
    /// them (the key reader then stops waiting, so the new plan is applied at once).
    private func takeLateReply(_ bytes: [UInt8]) -> Bool {
        guard let startup, lateIdentification == nil else { return false }
        if let found = startup.receive(bytes) {
            lateIdentification = found
            return true
        }
        return false
    }

    /// Applies the plan made from answers that came after the first frame: the old set-up undone,
    /// the new one sent, the backend and the app told. True when the screen needs repainting
    /// (the plan changed, or a batch of queries was drawn over the app).
    private func finishStartup(_ found: Identification, wroteOverFrame: Bool) -> Bool {
        startup = nil
        backend.lateReplies = nil
        probe = found.probe
        guard found.setup != setup || found.findings != findings else { return wroteOverFrame }
        Self.writeRaw(leaveBytes)
        setup = found.setup
        findings = found.findings
        theme = findings.theme(options.theme, environment: options.environment, colors: backend.colorSupport)
        configureBackend()
        Self.writeRaw(setup.enter)
        fixRowsAfterNextFrame = true
        updates.post(findings: findings, theme: theme, colors: backend.colorSupport)
        return true
    }

    /// What the start-up queries found and the plan made from it (R21).
    public struct Identification: Sendable {
        /// The answers (empty without `TerminalSessionOptions.identify`).
        public var probe: TerminalProbeResult
        /// The plan for the terminal's bidi.
        public var setup: TerminalSetup
        /// What an app gets before its first frame: the notice, the background, glyph widths.
        public var findings: TerminalFindings
        /// tmux's own account of the pane and its client, inside tmux.
        public var multiplexer: MultiplexerInfo?
        /// Bytes the user typed while the terminal was answering, in order.
        public var typedInput: [UInt8]
    }

    /// Asks the terminal on `input`/`output` (in a mode that does not echo) who it is, its modes,
    /// colours and glyph widths, as `options` say, and plans for it (R21), waiting for every
    /// answer, or, with `firstAnswerWait`, only that long when nothing at all comes back (then
    /// the plan is made from the environment; answers that come later are the caller's input to
    /// drop). Used by a host that draws without curses (`rtl-tui run`) and by `doctor`.
    public static func identify(options: TerminalSessionOptions, rows: Int, input: Int32, output: Int32,
                                firstAnswerWait: Duration? = nil) -> Identification {
        TerminalStartup(options: options, rows: rows, channel: FileTerminalChannel(input: input, output: output),
                        firstAnswerWait: firstAnswerWait).identification
    }

    /// `rewritten` as the app gave it, with the library's English line beneath it where the
    /// terminal may reorder what is sent and the app's words are right to left (they may read
    /// backwards there; English does not). That line names what the app's words name (its
    /// `arguments`: its program, its flags).
    static func keepingOriginal(_ rewritten: TerminalNotice, of notice: TerminalNotice) -> TerminalNotice {
        var n = rewritten
        if n.id.isEmpty { n.id = notice.id }
        if notice.mayReadBackwards, n.direction == .rtl, n.line != notice.line, n.originalLine == nil {
            var english = notice
            if !rewritten.arguments.isEmpty { english.arguments = rewritten.arguments }
            n.mayReadBackwards = true
            n.originalLine = english.rewritten().line
        }
        return n
    }

    /// The identities made precise with what costs nothing (the processes above the program, or
    /// above tmux's client; `TERM`), and the order the user chose in `rtl-tui doctor` for a
    /// terminal that the evidence cannot decide (`TerminalMemory`).
    public static func decide(identity: TerminalIdentity, outer: TerminalIdentity?, answers: TerminalProbeResult,
                              multiplexer: MultiplexerInfo?, environment: [String: String])
        -> (terminal: TerminalIdentity, outer: TerminalIdentity?, remembered: WireOrder?) {
        let chain = TerminalProcesses.terminalChain(multiplexer: multiplexer, environment: environment)
        var terminal = identity
        var outerID = outer
        if let o = outer {
            outerID = TerminalIdentity.refined(o, processNames: chain, environment: multiplexer?.clientEnvironment ?? [:])
        } else if !identity.family.isMultiplexer {
            terminal = TerminalIdentity.refined(identity, processNames: chain, environment: environment)
        }
        let drawing = outerID ?? terminal
        guard drawing.family == .qtermwidget else { return (terminal, outerID, nil) }
        let key = TerminalMemory.key(for: drawing, answers: outer != nil ? (answers.outerAnswers ?? TerminalAnswers()) : answers.answers,
                                     environment: environment)
        return (terminal, outerID, TerminalMemory.load(environment: environment).order(for: key))
    }

    /// The bytes the guard writes when it restores the terminal: the bidi modes as they were,
    /// attributes, mouse off, keypad mode off, cursor shown, the alternate screen left, and the
    /// bidi modes again (terminals may keep them per screen).
    private static func setRestoreSequence(leave: [UInt8], mouse: Bool, alternateScreen: Bool) {
        var restore = leave
        restore += capability("sgr0")
        if mouse { restore += Array("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l".utf8) }
        restore += capability("rmkx")
        restore += capability("cnorm")
        // Without the alternate screen the frame stays, and the shell's prompt goes below it.
        restore += alternateScreen ? capability("rmcup") : Array("\u{1B}[9999;1H\r\n".utf8)
        restore += leave
        restore.withUnsafeBufferPointer { p in
            p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) {
                _ = CNcurses_guard_set_restore_sequence($0, p.count)
            }
        }
    }

    deinit { end() }

    /// Runs `app` until it quits, a termination signal arrives or the input closes, with the
    /// session's notice (R21) over its first frames until closed. The terminal stays in curses
    /// mode afterwards: call `end()` (the static `run` does).
    public func run<App: TerminalApp>(_ app: App) -> AppLoopExit {
        let adapted = FindingsUpdates.adapt(app, findings: findings, theme: theme, colors: backend.colorSupport)
        let overlay = NoticeOverlay(adapted, notice: findings.notice, asLine: findings.noticeSeenBefore, labels: options.noticeLabels)
        var loop = AppLoop(app: FollowingFindings(overlay, updates: updates), backend: backend, mailbox: options.mailbox)
        return loop.run { [self] in self.control() }
    }

    /// Leaves curses mode and restores the terminal: bidi modes back to the defaults, curses'
    /// `endwin` (shell modes, cursor, alternate screen), signal handlers as they were. Idempotent.
    public func end() {
        guard !ended else { return }
        ended = true
        leaveScreen()
        // The last frame stays on the normal screen: the shell's prompt goes on a line below it.
        if !options.alternateScreen { Self.writeRaw(Array("\r\n".utf8)) }
        CNcurses_guard_set_active(0)
        CNcurses_delete_screen()
        CNcurses_guard_uninstall()
    }

    /// Starts a session, builds the app from what the session found out (`TerminalFindings`:
    /// the notice, the background, glyph widths), runs it, ends the session and says why it
    /// ended. A termination signal that arrives while the session ends is reported as well.
    ///
    /// - Throws: `TerminalSessionError` when the terminal or the locale cannot be used.
    public static func run<App: TerminalApp>(options: TerminalSessionOptions = TerminalSessionOptions(),
                                      _ makeApp: (TerminalFindings) -> App) throws -> AppLoopExit {
        let session = try TerminalSession(options: options)
        var exit = session.run(makeApp(session.findings))
        session.end()
        let late = CNcurses_guard_pending_termination()
        if exit == .quit, late != 0 { exit = .signal(late) }
        CNcurses_guard_clear_termination()
        return exit
    }

    /// A full-screen program's last step: runs the app `makeApp` builds from the session's
    /// findings and ends the process as the run calls for (`AppLoopExit.exitProcess`). When the
    /// terminal or the locale cannot be used, the message is printed on standard error and the
    /// process exits with its status (1).
    public static func runFullScreen<App: TerminalApp>(options: TerminalSessionOptions,
                                                       _ makeApp: (TerminalFindings) -> App) -> Never {
        do {
            try run(options: options, makeApp).exitProcess()
        } catch let e as TerminalSessionError {
            printError(e.description)
            exit(e.exitStatus)
        } catch {
            printError("\(programName): \(error)")
            exit(1)
        }
    }

    /// `runFullScreen` for an app that does not need the findings.
    public static func runFullScreen(_ app: some TerminalApp, options: TerminalSessionOptions) -> Never {
        runFullScreen(options: options) { _ in app }
    }

    // MARK: - Run-loop control

    private func control() -> AppLoopControl {
        let sig = CNcurses_guard_pending_termination()
        if sig != 0 { return .stop(.signal(sig)) }
        if backend.inputClosed { return .stop(.inputClosed) }
        if let startup {
            if lateIdentification == nil { lateIdentification = startup.poll() }
            if let found = lateIdentification {
                lateIdentification = nil
                if finishStartup(found, wroteOverFrame: startup.wroteAfterStart) { return .redraw }
            }
        }
        if CNcurses_guard_take_suspend() == 1 {
            suspend()
            return .redraw
        }
        if CNcurses_guard_take_resumed() == 1 {
            // Continued after a stop this process did not ask for (SIGSTOP): the shell may have
            // changed the terminal modes and written on the screen. Go through curses' own
            // leave/re-enter so modes, keypad and the alternate screen are all set again.
            leaveScreen()
            enterScreen(resuming: true)
            fixRowsAfterNextFrame = true
            return .redraw
        }
        return .proceed
    }

    /// Ctrl-Z: restore the terminal, stop, and re-enter once continued.
    private func suspend() {
        leaveScreen()
        CNcurses_guard_set_active(0)
        CNcurses_guard_stop_self()
        CNcurses_guard_set_active(1)
        _ = CNcurses_guard_take_resumed()
        enterScreen(resuming: true)
        fixRowsAfterNextFrame = true
    }

    /// Enters (or re-enters after `endwin`) curses mode: the bidi set-up first, so that the
    /// rows the refresh clears (and VTE re-creates) take it (R21), then the refresh, which sends
    /// the alternate screen and keypad sequences and clears the screen.
    ///
    /// Without the alternate screen, curses' re-entry (after `endwin`) switches to it all the
    /// same: it is left at once, and the frame drawn again on the normal screen.
    private func enterScreen(resuming: Bool = false) {
        Self.writeRaw(setup.enter)
        _ = CNcurses_clearok(1)
        _ = CNcurses_refresh()
        if resuming && !options.alternateScreen {
            Self.writeRaw(Self.capability("rmcup") + setup.enter)
            _ = CNcurses_clearok(1)
            _ = CNcurses_refresh()
        }
    }

    /// The bidi modes are restored on the alternate screen and again on the normal screen after
    /// curses' `endwin`, as terminals may keep them per screen.
    ///
    /// Without the alternate screen, curses' `rmcup` still restores the cursor to where it was
    /// when the session started: it goes back to the last row, under the frame.
    private func leaveScreen() {
        Self.writeRaw(leaveBytes)
        _ = CNcurses_endwin()
        Self.writeRaw(leaveBytes)
        if !options.alternateScreen { Self.writeRaw(Array("\u{1B}[\(backend.size.height);1H".utf8)) }
    }

    private static func writeRaw(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        _ = bytes.withUnsafeBytes { CNcurses_write_tty($0.baseAddress!, $0.count) }
    }

    // MARK: - Start-up checks

    /// The terminal type, after checking that standard input and output are terminals and that
    /// TERM is set and not `dumb`. (Whether terminfo knows the type is found when curses starts.)
    public static func checkTerminal(environment: [String: String]) throws -> String {
        guard isatty(STDIN_FILENO) == 1 else { throw TerminalSessionError.notATerminal(stream: "standard input") }
        guard isatty(STDOUT_FILENO) == 1 else { throw TerminalSessionError.notATerminal(stream: "standard output") }
        guard let term = environment["TERM"], !term.isEmpty else { throw TerminalSessionError.termUnset }
        if term == "dumb" { throw TerminalSessionError.dumbTerminal }
        return term
    }

    /// Sets the locale from the environment (`setlocale(LC_ALL, "")`) and makes sure the
    /// character set is UTF-8: if it is not, LC_CTYPE becomes C.UTF-8 and the returned warning
    /// says so.
    ///
    /// - Throws: `TerminalSessionError.noUTF8Locale` when no UTF-8 locale exists.
    public static func prepareLocale() throws -> String? {
        _ = setlocale(LC_ALL, "")
        if isUTF8(currentCodeset()) { return nil }
        let codeset = currentCodeset()
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, name) != nil {
            if isUTF8(currentCodeset()) {
                return "\(programName): the locale's character set is \(codeset), not UTF-8; using \(name) for characters (set LANG to a UTF-8 locale to silence this)"
            }
        }
        throw TerminalSessionError.noUTF8Locale(codeset: codeset)
    }

    private static func currentCodeset() -> String {
        guard let p = nl_langinfo(nl_item(CODESET)) else { return "unknown" }
        return String(cString: p)
    }

    private static func isUTF8(_ codeset: String) -> Bool {
        let c = codeset.lowercased()
        return c == "utf-8" || c == "utf8"
    }

    /// A terminfo string capability of the running terminal, without its padding (`$<…>`), or
    /// no bytes.
    public static func capability(_ name: String) -> [UInt8] {
        guard let p = CNcurses_tigetstr(name) else { return [] }
        var out: [UInt8] = []
        var bytes = Array(String(cString: p).utf8)[...]
        while let b = bytes.first {
            if b == UInt8(ascii: "$"), bytes.dropFirst().first == UInt8(ascii: "<"),
               let close = bytes.firstIndex(of: UInt8(ascii: ">")) {
                bytes = bytes[(close + 1)...]
                continue
            }
            out.append(b)
            bytes = bytes.dropFirst()
        }
        return out
    }

    /// Writes `message` and a newline to stderr (unbuffered).
    public static func printError(_ message: String) {
        let bytes = Array((message + "\n").utf8)
        _ = TerminalConversation.write(bytes, to: STDERR_FILENO)
    }
}

/// How a program ends after its session.
extension AppLoopExit {
    /// Ends the process as this exit calls for, after the session has ended: status 0 after a
    /// quit; a one-line message and status 1 when the terminal's input closed; the signal
    /// re-raised with its default action after a termination signal (so the shell sees "killed
    /// by SIGINT", status 128 + n).
    public func exitProcess() -> Never {
        switch self {
        case .quit:
            exit(0)
        case .inputClosed:
            TerminalSession.printError("\(TerminalSession.programName): the terminal's input closed; exiting")
            exit(1)
        case .signal(let sig):
            CNcurses_guard_reraise_default(sig)
            exit(128 + sig)
        }
    }
}
