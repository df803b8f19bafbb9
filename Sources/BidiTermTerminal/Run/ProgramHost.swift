import BidiTerm
import CNcurses
import CPty
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How `ProgramHost` runs a program.
public struct ProgramHostOptions: Sendable {
    /// The program and its arguments (`argv`); looked up in PATH.
    public var command: [String]
    /// The terminal session's options: the bidi mode (R21), identification, the environment.
    public var session = TerminalSessionOptions()
    /// How each row is cut into runs and reordered (R23–R26).
    public var rows = RowBidi.Options()
    /// Forward the program's clipboard writes (OSC 52) to the terminal.
    public var allowClipboard = false
    /// The shortest time between two frames.
    public var frameInterval: Duration = .milliseconds(16)
    /// How long an Escape waits for the rest of a key's sequence, in milliseconds.
    public var escapeDelayMilliseconds = 25
    /// How long the terminal notice stays on the bottom row.
    public var noticeDuration: Duration = .seconds(6)
    /// The user's rules per program (R27) and the file they came from (where the command key's
    /// `w` writes).
    public var rules = RunRules()
    /// The rules file the rules came from, where the command key's `w` writes; nil: none.
    public var rulesPath: String? = nil
    /// Lines of the rules file that could not be read, shown on the bottom row at the start.
    public var rulesProblems: [String] = []
    /// The key that starts a command of `run`'s own (R27).
    public var commandKey: CommandKey = .default
    /// `--record FILE.cast`: what is drawn, as a terminal without bidi shows it; `--record-logical`:
    /// the program's own bytes (asciicast v2).
    public var record: String? = nil
    /// `--record-logical FILE.cast`: the program's own bytes, as it wrote them (asciicast v2).
    public var recordLogical: String? = nil
    /// Where the command key's `c` writes the screen (`--snapshot-dir`; the current folder).
    public var snapshotFolder: String = "."
    /// The snapshots taken, by name, in order (for the QA report).
    public var onSnapshot: (@Sendable (String) -> Void)? = nil
    /// The inspector's table of a run's text: its code points, names, classes and levels (as
    /// `rtl-tui inspect` prints them).
    public var describeText: (@Sendable (String, LayoutDirection) -> [String])? = nil
    /// `--strings`: reads and indexes the catalogs (on a thread of its own); `--qa-report`: where
    /// the report of the entries seen goes when `run` ends (SARIF for `.sarif`, else JSON).
    public var strings: (@Sendable () -> Result<ScreenStrings, QAProblem>)? = nil
    /// `--qa-report FILE`: where the report goes when `run` ends; nil: no report.
    public var qaReport: String? = nil
    /// How often the foreground process is looked at (R27).
    public var programCheckInterval: Duration = .milliseconds(20)

    /// Options to run `command` (`argv`), the rest at their defaults.
    public init(command: [String]) { self.command = command }
}

/// Why a program could not be run.
public enum ProgramHostError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The program could not be found or executed (exit status 127).
    case cannotExecute(program: String, reason: String)
    /// No pseudo-terminal could be made.
    case noPseudoTerminal(String)

    public var description: String {
        let name = TerminalSession.programName
        switch self {
        case .cannotExecute(let program, let reason):
            return "\(name): cannot run \(Sanitizer.visible(program)): \(reason)"
        case .noPseudoTerminal(let reason):
            return "\(name): cannot make a pseudo-terminal: \(reason)"
        }
    }

    /// 127 for a program that cannot be run, as shells do; 1 otherwise.
    public var exitStatus: Int32 {
        if case .cannotExecute = self { return 127 }
        return 1
    }
}

/// How a program run by `ProgramHost` ended.
public enum ProgramExit: Hashable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case killed(Int32)
    /// This process was asked to end (SIGTERM, SIGHUP to rtl-tui itself, or the terminal's input
    /// closed): the program was sent SIGHUP.
    case hungUp(Int32)

    /// The status a shell reports: the program's own, or 128 + the signal.
    public var status: Int32 {
        switch self {
        case .exited(let c): return c
        case .killed(let s), .hungUp(let s): return 128 + s
        }
    }
}

/// Runs a program on a pseudo-terminal and shows its screen on this terminal with every row's
/// right-to-left text reordered (R23–R26), through the same terminal layer as the full-screen apps:
/// the start-up checks, identification and plan of `TerminalSession` (R21: the explicit switch,
/// the wire orders of terminals that reorder again, tmux passthrough or its notice), the crash
/// guard, restore on exit, suspend, crash and hang-up.
///
/// The program's output goes into a libvterm screen (`VTermEmulator`); only rows libvterm reports
/// changed are reordered, and only the cells that differ from what the terminal shows are sent
/// (`DirectScreen`). On the normal screen, lines that scroll off the top are pushed into the
/// terminal's own scrollback, already reordered; on the alternate screen the terminal's alternate
/// screen is used too, as tmux does. Keys are decoded (`InputDecoder`) and encoded again for the
/// program by libvterm, so its cursor-key, keypad, paste and mouse modes are the ones it asked for;
/// mouse reports are mapped from the visual cell back to the logical one (R26).
public final class ProgramHost {
    /// How the program is run.
    public let options: ProgramHostOptions

    /// A host that will run the program `options` names.
    public init(options: ProgramHostOptions) {
        self.options = options
    }

    /// Runs the program to its end and returns how it ended. The terminal is restored on return.
    ///
    /// - Throws: `TerminalSessionError` when this terminal cannot be used (not a terminal, TERM
    ///   unset), `ProgramHostError` when the program cannot be started.
    public func run() throws -> ProgramExit {
        let env = options.session.environment
        _ = try TerminalSession.checkTerminal(environment: env)
        if let warning = try TerminalSession.prepareLocale() { TerminalSession.printError(warning) }
        guard CNcurses_guard_install(STDOUT_FILENO) == 0 else {
            throw TerminalSessionError.notATerminal(stream: "standard output")
        }
        defer { CNcurses_guard_uninstall() }
        var rows: Int32 = 24, cols: Int32 = 80
        _ = CPty_get_size(STDOUT_FILENO, &rows, &cols)
        if rows < 1 { rows = 24 }
        if cols < 1 { cols = 80 }

        // The program starts first, so that a program that cannot be run leaves the terminal as
        // it was.
        let child = try Self.spawn(options.command, environment: Self.childEnvironment(env), rows: Int(rows), columns: Int(cols))

        _ = CNcurses_guard_enter_raw()
        setGuardRestoreBytes(Self.restoreBytes(leave: [], alternate: false))
        CNcurses_guard_set_active(1)
        CNcurses_guard_watch_resize(1)
        CNcurses_guard_watch_children(1)
        defer {
            CNcurses_guard_watch_children(0)
            CNcurses_guard_watch_resize(0)
            CNcurses_guard_set_active(0)
            _ = CNcurses_guard_leave_raw()
        }

        // A terminal that answers nothing does not hold the program back: after the first wait
        // the plan is made from the environment (R21), and answers that come later reach the
        // input decoder, which keeps replies from the program.
        // R32: the queries draw on the alternate screen (the probe measures glyphs on its second
        // row), so that no row of the user's screen is erased; then where the cursor is, so that
        // only the rows above it are pushed into the scrollback.
        _ = Self.writeAll(STDOUT_FILENO, Array("\u{1B}[?1049h".utf8))
        var found = TerminalSession.identify(options: options.session, rows: Int(rows),
                                             input: STDIN_FILENO, output: STDOUT_FILENO,
                                             firstAnswerWait: options.session.firstAnswerWait)
        _ = Self.writeAll(STDOUT_FILENO, Array("\u{1B}[?1049l".utf8))
        var cursorRow: Int? = nil
        if found.probe.exchanges.contains(where: { !$0.received.isEmpty }) {
            let (row, typed) = Self.cursorRow(input: STDIN_FILENO, output: STDOUT_FILENO)
            cursorRow = row
            found.typedInput += typed
        }
        let loop = HostLoop(options: options, child: child, identification: found,
                            rows: Int(rows), columns: Int(cols), cursorRow: cursorRow)
        return loop.run()
    }

    /// Writes all of `bytes` to `fd`; false when it cannot.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n > 0 { offset += n; continue }
            if n < 0, errno == EINTR || errno == EAGAIN { continue }
            return false
        }
        return true
    }

    /// The row of this terminal's cursor (1-based; CPR), asked once with a short wait, and the
    /// bytes that came meanwhile that are not its answer (keys typed: the program's).
    static func cursorRow(input: Int32, output: Int32, wait milliseconds: Int32 = 300) -> (row: Int?, typed: [UInt8]) {
        guard writeAll(output, Array("\u{1B}[6n".utf8)) else { return (nil, []) }
        var got: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        let start = HostLoop.now()
        while HostLoop.now() - start < Int64(milliseconds) * 1_000_000 {
            var p = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(1, (Int64(milliseconds) * 1_000_000 - (HostLoop.now() - start)) / 1_000_000))
            guard poll(&p, 1, left) > 0 else { continue }
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            got += buffer[..<n]
            if let (row, range) = parseCPR(got) {
                got.removeSubrange(range)
                return (row, got)
            }
        }
        return (nil, got)
    }

    /// The first `ESC [ row ; column R` in `bytes`: its row and where it stands.
    static func parseCPR(_ bytes: [UInt8]) -> (Int, Range<Int>)? {
        var i = 0
        while i + 1 < bytes.count {
            if bytes[i] == 0x1B, bytes[i + 1] == UInt8(ascii: "[") {
                var j = i + 2
                var row = 0, digits = 0, semicolon = false
                while j < bytes.count {
                    let b = bytes[j]
                    if b >= 0x30 && b <= 0x39 { if !semicolon { row = row * 10 + Int(b - 0x30); digits += 1 } }
                    else if b == UInt8(ascii: ";"), !semicolon { semicolon = true }
                    else { break }
                    j += 1
                }
                if j < bytes.count, bytes[j] == UInt8(ascii: "R"), semicolon, digits > 0 { return (row, i..<(j + 1)) }
            }
            i += 1
        }
        return nil
    }

    /// The program's environment: TERM describes the emulator (libvterm speaks xterm's
    /// language), COLORTERM says 24-bit colours are understood, LINES and COLUMNS are left to the
    /// pseudo-terminal's size, and the variables by which terminals and multiplexers make
    /// themselves known are removed: the program's terminal is the emulator, not this one (a
    /// program that identifies its terminal, such as rtl-tui itself, must not plan for tmux or VTE).
    static func childEnvironment(_ env: [String: String]) -> [String: String] {
        var e = env
        for name in terminalVariables { e[name] = nil }
        e["TERM"] = "xterm-256color"
        e["COLORTERM"] = "truecolor"
        e["LINES"] = nil
        e["COLUMNS"] = nil
        e["RTL_TUI_RUN"] = "1"
        return e
    }

    /// Variables that name the terminal or multiplexer outside.
    static let terminalVariables = ["TMUX", "TMUX_PANE", "STY", "VTE_VERSION", "KONSOLE_VERSION", "KONSOLE_DBUS_SESSION",
                                    "KONSOLE_DBUS_WINDOW", "KONSOLE_PROFILE_NAME", "KITTY_WINDOW_ID", "KITTY_PID",
                                    "KITTY_PUBLIC_KEY", "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "WT_SESSION",
                                    "WT_PROFILE_ID", "MLTERM", "WINDOWID", "XTERM_VERSION", "TERMINOLOGY",
                                    "ALACRITTY_SOCKET", "ALACRITTY_LOG", "WEZTERM_EXECUTABLE", "WEZTERM_PANE",
                                    "GNOME_TERMINAL_SCREEN", "GNOME_TERMINAL_SERVICE", "TERM_SESSION_ID", "ITERM_SESSION_ID",
                                    "LC_TERMINAL", "LC_TERMINAL_VERSION", "QTERMINAL_VERSION"]

    struct Child {
        var pid: pid_t
        var master: Int32
    }

    static func spawn(_ command: [String], environment: [String: String], rows: Int, columns: Int) throws -> Child {
        guard let file = command.first, !file.isEmpty else {
            throw ProgramHostError.cannotExecute(program: "", reason: "no command")
        }
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        var master: Int32 = -1, pid: pid_t = 0, execError: Int32 = 0
        let r = CPty_spawn(file, &argv, &envp, Int32(rows), Int32(columns), &master, &pid, &execError)
        if r == -2 {
            let reason = execError == ENOENT ? "command not found" : String(cString: strerror(execError))
            throw ProgramHostError.cannotExecute(program: file, reason: reason)
        }
        if r != 0 { throw ProgramHostError.noPseudoTerminal(String(cString: strerror(errno))) }
        return Child(pid: pid, master: master)
    }

    /// What the guard writes when it restores the terminal: the bidi modes as they were,
    /// attributes, mouse and paste reporting off, the cursor shown, and the alternate screen left
    /// when the program was on it.
    static func restoreBytes(leave: [UInt8], alternate: Bool) -> [UInt8] {
        var b = leave
        b += Array("\u{1B}[0m\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?2004l\u{1B}[?25h\u{1B}[0 q".utf8)
        if alternate { b += Array("\u{1B}[?1049l".utf8) + leave }
        return b
    }
}

/// Sets the guard's restore bytes from a Swift array.
func setGuardRestoreBytes(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { p in
        p.baseAddress.map { base in
            base.withMemoryRebound(to: CChar.self, capacity: p.count) {
                _ = CNcurses_guard_set_restore_sequence($0, p.count)
            }
        }
    }
}
