import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `rtl-tui demo` under the conditions a terminal session meets: quitting by every key, signals
/// (an SSH hang-up among them), suspend and resume under job control, locales without UTF-8,
/// terminal types it can and cannot drive, and no terminal at all. Each test looks at what a
/// person would find afterwards: the shell's screen back, typed text echoed, the terminal's
/// modes, and the escape sequences written (R21). The tests that follow the bidi mode sequences
/// run with `--bidi-mode explicit`, which sends them whatever the terminal (inside the harness's
/// tmux, with no client attached, `auto` finds no terminal outside to switch).
final class TerminalConditionsE2ETests: XCTestCase {

    // MARK: - Quitting

    /// Runs the demo from a shell script that records the terminal modes before and after it,
    /// prints the demo's exit status, then reads a line: what a user finds after quitting.
    private static let quitScript = """
        trap : INT
        before=$(stty -g)
        echo before-demo
        "$0" demo --no-animate --bidi-mode explicit
        status=$?
        after=$(stty -g)
        if [ "$before" = "$after" ]; then modes=restored; else modes=changed; fi
        echo "demo-exit=$status modes=$modes"
        printf 'type> '
        IFS= read -r line
        echo "got=$line"
        exec sleep 60
        """

    /// Quits with `key` and checks the terminal the shell gets back.
    private func assertQuitLeavesACleanTerminal(key: String, expectedStatus: Int32,
                                                file: StaticString = #filePath, line: UInt = #line) throws {
        let tmux = try TmuxHarness(columns: 80, rows: 24)
        defer { tmux.tearDown() }
        try tmux.start(["/bin/sh", "-c", Self.quitScript, try DemoE2E.binary()], record: true)
        try DemoE2E.waitForFrame(tmux)
        XCTAssertTrue(try tmux.isAlternateScreen(), "the demo does not use the alternate screen", file: file, line: line)

        try tmux.sendKeys(key)
        let after = try tmux.waitFor("demo-exit=")
        XCTAssertTrue(after.contains("demo-exit=\(expectedStatus) modes=restored"), after.description, file: file, line: line)
        XCTAssertFalse(try tmux.isAlternateScreen(), "still on the alternate screen", file: file, line: line)
        // The shell's own screen is back as it was, with nothing of the demo on it.
        XCTAssertEqual(after.row(0), "before-demo", after.description, file: file, line: line)
        XCTAssertFalse(after.contains("Tab focus") || after.contains("┌") || after.contains("rtl-tui"), after.description,
                       file: file, line: line)
        // The recording trails the screen a little: wait until it holds what the screen shows.
        try tmux.waitForRecorded("demo-exit=")
        DemoE2E.assertTerminalRestored(tmux.recordedBytes(), "quit with \(key)", file: file, line: line)

        // Typed text is echoed at the prompt (echo and line editing are back) and read as a line.
        try tmux.sendText("hello שלום")
        try tmux.waitFor("type> hello שלום")
        try tmux.sendKeys("Enter")
        try tmux.waitFor("got=hello שלום")
    }

    func test_quitWithQ_leavesACleanTerminal() throws {
        try assertQuitLeavesACleanTerminal(key: "q", expectedStatus: 0)
    }

    func test_quitWithEscape_leavesACleanTerminal() throws {
        try assertQuitLeavesACleanTerminal(key: "Escape", expectedStatus: 0)
    }

    /// Ctrl-C is the terminal's interrupt: the demo restores the terminal and dies by SIGINT, so
    /// the shell sees 128 + 2 (a script running it stops as it would for any interrupted command).
    func test_quitWithCtrlC_leavesACleanTerminal_andReportsTheInterrupt() throws {
        try assertQuitLeavesACleanTerminal(key: "C-c", expectedStatus: 128 + SIGINT)
    }

    // MARK: - Signals

    /// Sends `sig` to the demo (the pane's process itself) and checks that it restored the
    /// terminal and then died by that signal, as documented (the signal is re-raised).
    private func assertSignalRestoresTheTerminal(_ sig: Int32, environment: [String: String] = [:],
                                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let tmux = try TmuxHarness(columns: 80, rows: 24)
        defer { tmux.tearDown() }
        // No core file from SIGQUIT; `exec` keeps the demo the pane's process.
        try tmux.start(["/bin/sh", "-c", "ulimit -c 0; exec \"$0\" demo --no-animate --locale ar --bidi-mode explicit", try DemoE2E.binary()],
                       environment: environment, record: true)
        try DemoE2E.waitForFrame(tmux)
        XCTAssertTrue(try tmux.isAlternateScreen(), file: file, line: line)
        try tmux.signal(sig)
        // The restore first (it must not depend on how the process ends), then the exit status.
        try tmux.waitForRecorded(DemoE2E.leaveAlternateScreen)
        let exit = Result { try tmux.waitForExit(timeout: 10) }
        try tmux.waitForQuietOutput()
        let bytes = tmux.recordedBytes()
        XCTAssertFalse(try tmux.isAlternateScreen(), "signal \(sig): still on the alternate screen", file: file, line: line)
        DemoE2E.assertTerminalRestored(bytes, "signal \(sig)", file: file, line: line)
        // A crash report (from the Swift runtime) is written on the restored screen, not on the
        // alternate one.
        if let report = DemoE2E.positions(of: "Program crashed", in: bytes).first {
            for seq in DemoE2E.bidiRestore + [DemoE2E.leaveAlternateScreen] {
                XCTAssertLessThan(DemoE2E.positions(of: seq, in: bytes).first ?? Int.max, report,
                                  "signal \(sig): \(seq.debugDescription) after the crash report", file: file, line: line)
            }
        }
        switch exit {
        case .success(let status):
            XCTAssertEqual(status, .signalled(sig), "signal \(sig)", file: file, line: line)
        case .failure(let error):
            XCTFail("signal \(sig): the demo restored the terminal but did not end: \(error)", file: file, line: line)
        }
    }

    func test_SIGHUP_restoresTheTerminal_andIsReRaised() throws {
        try assertSignalRestoresTheTerminal(SIGHUP)
    }

    func test_SIGTERM_restoresTheTerminal_andIsReRaised() throws {
        try assertSignalRestoresTheTerminal(SIGTERM)
    }

    func test_SIGINT_restoresTheTerminal_andIsReRaised() throws {
        try assertSignalRestoresTheTerminal(SIGINT)
    }

    func test_SIGQUIT_restoresTheTerminal_andIsReRaised() throws {
        try assertSignalRestoresTheTerminal(SIGQUIT)
    }

    /// Crash signals, sent from outside (`kill -SEGV`, `kill -ABRT`; a test cannot make the
    /// demo fault for real): the terminal is restored from the signal handler before the Swift
    /// runtime's crash report, and the process dies of the signal. The report is made
    /// non-interactive here (on a terminal it waits up to 30 s for a key).
    func test_crashSignal_SIGSEGV_restoresTheTerminal_andTheProcessDies() throws {
        try assertSignalRestoresTheTerminal(SIGSEGV, environment: ["SWIFT_BACKTRACE": "interactive=no"])
    }

    func test_crashSignal_SIGABRT_restoresTheTerminal_andTheProcessDies() throws {
        try assertSignalRestoresTheTerminal(SIGABRT, environment: ["SWIFT_BACKTRACE": "interactive=no"])
    }

    // MARK: - Suspend and resume

    /// An interactive bash in the pane, with a short prompt, ready for commands.
    private func startShell() throws -> TmuxHarness {
        let tmux = try TmuxHarness(columns: 80, rows: 24)
        do {
            try tmux.start(["/bin/bash", "--norc", "--noprofile", "-i"], record: true)
            try tmux.sendText("PS1='e2e> '")
            try tmux.sendKeys("Enter")
            try tmux.waitUntil("the shell's prompt") { $0.rows.contains("e2e>") }
            try tmux.sendKeys("C-l")
            try tmux.waitUntil("a clear screen") { $0.row(0) == "e2e>" && $0.row(1).isEmpty }
            return tmux
        } catch {
            tmux.tearDown()
            throw error
        }
    }

    /// Ctrl-Z under job control: the demo restores the terminal and stops, the shell's screen
    /// shows; `fg` brings the demo back with the same screen (and state) and the bidi modes set
    /// again.
    func test_ctrlZ_suspendsToTheShell_andFgRedrawsTheSameScreen() throws {
        let tmux = try startShell()
        defer { tmux.tearDown() }
        try tmux.sendText(TmuxHarness.shellQuoted(try DemoE2E.binary()) + " demo --no-animate --bidi-mode explicit")
        try tmux.sendKeys("Enter")
        try DemoE2E.waitForFrame(tmux)
        // State to find again after the resume: RTL forced on the English screen.
        let before = try DemoE2E.press(tmux, "d", "d")
        XCTAssertTrue(before.row(0).contains("RTL!"), before.row(0))

        try tmux.sendKeys("C-z")
        let stopped = try tmux.waitUntil("the shell's prompt after Ctrl-Z") { s in
            s.contains("Stopped") && s.rows.contains("e2e>")
        }
        XCTAssertFalse(try tmux.isAlternateScreen(), stopped.description)
        XCTAssertFalse(stopped.contains("Tab focus"), stopped.description)
        try tmux.waitForQuietOutput()
        let suspended = tmux.recordedBytes()
        DemoE2E.assertTerminalRestored(suspended, "Ctrl-Z")

        try tmux.sendText("fg")
        try tmux.sendKeys("Enter")
        let resumed = try DemoE2E.waitForFrame(tmux) { $0.rows == before.rows }
        XCTAssertEqual(resumed.rows, before.rows)
        XCTAssertTrue(try tmux.isAlternateScreen())
        try tmux.waitForQuietOutput()
        let again = tmux.recordedBytes()
        for seq in DemoE2E.bidiEnter {
            XCTAssertNotNil(TmuxHarness.range(of: Array(seq.utf8), in: again, from: suspended.count),
                            "\(seq.debugDescription) not sent again on resume")
        }

        try tmux.sendKeys("q")
        try tmux.waitUntil("the prompt after quitting") { $0.rows.last(where: { !$0.isEmpty }) == "e2e>" }
        try tmux.sendText("echo demo-exit=$?")
        try tmux.sendKeys("Enter")
        try tmux.waitFor("demo-exit=0")
        XCTAssertFalse(try tmux.isAlternateScreen())
    }

    /// A stop the demo did not ask for (SIGSTOP, which it cannot catch): the shell writes its
    /// prompt over the demo's screen; after `fg` (SIGCONT) the demo repaints the whole screen.
    func test_SIGSTOP_thenFg_repaintsOverWhatTheShellWrote() throws {
        let tmux = try startShell()
        defer { tmux.tearDown() }
        try tmux.sendText(TmuxHarness.shellQuoted(try DemoE2E.binary()) + " demo --no-animate --locale he")
        try tmux.sendKeys("Enter")
        let before = try DemoE2E.waitForFrame(tmux)
        let demo = try XCTUnwrap(Self.child(of: try tmux.panePID(), named: "rtl-tui"), "no rtl-tui process under the shell")

        XCTAssertEqual(kill(demo, SIGSTOP), 0)
        let scribbled = try tmux.waitUntil("the shell's prompt over the demo") { $0.contains("Stopped") }
        XCTAssertNotEqual(scribbled.rows, before.rows)

        try tmux.sendText("fg")
        try tmux.sendKeys("Enter")
        let repainted = try tmux.waitUntil("the demo's screen repainted") { $0.rows == before.rows }
        XCTAssertFalse(repainted.contains("Stopped"))
        try tmux.sendKeys("q")
        try tmux.waitUntil("the prompt after quitting") { $0.rows.last(where: { !$0.isEmpty }) == "e2e>" }
        XCTAssertFalse(try tmux.isAlternateScreen())
    }

    // MARK: - Locales (LC_CTYPE without UTF-8)

    /// Runs the Arabic demo with the locale variables set by `env` (LANG and LC_ALL removed
    /// first, then `assignments`): it warns in one line, switches to C.UTF-8 and draws Arabic.
    private func assertRunsWithoutAUTF8Locale(_ assignments: [String], file: StaticString = #filePath,
                                              line: UInt = #line) throws {
        let tmux = try TmuxHarness(columns: 80, rows: 24)
        defer { tmux.tearDown() }
        let script = #"env -u LANG -u LC_ALL -u LC_CTYPE "$@" demo --locale ar --no-animate --bidi-mode explicit; echo "demo-exit=$?"; exec sleep 60"#
        try tmux.start(["/bin/sh", "-c", script, "sh"] + assignments + [try DemoE2E.binary()], record: true)
        let screen = try DemoE2E.waitForFrame(tmux)
        XCTAssertTrue(screen.contains("ﺕﺎﺷﺎﺸﻟﺍ"), "\(assignments): Arabic not drawn:\n\(screen)", file: file, line: line)

        try tmux.waitForQuietOutput()
        let bytes = tmux.recordedBytes()
        let alt = try XCTUnwrap(DemoE2E.positions(of: DemoE2E.enterAlternateScreen, in: bytes).first, file: file, line: line)
        let warning = String(decoding: bytes[..<alt], as: UTF8.self)
        XCTAssertTrue(warning.hasPrefix("rtl-tui: the locale's character set is "), warning, file: file, line: line)
        XCTAssertTrue(warning.contains("not UTF-8; using C.UTF-8"), warning, file: file, line: line)
        XCTAssertEqual(warning.utf8.filter { $0 == 0x0A }.count, 1, "not one line: \(warning.debugDescription)", file: file, line: line)
        XCTAssertEqual(warning.utf8.last, 0x0A, warning.debugDescription, file: file, line: line)
        XCTAssertFalse(warning.contains("\u{1B}"), warning.debugDescription, file: file, line: line)

        // Back on the shell's screen, the warning is still there to read.
        try tmux.sendKeys("q")
        let after = try tmux.waitFor("demo-exit=0")
        XCTAssertTrue(after.rows.joined().contains("set LANG to a UTF-8 locale"), after.description, file: file, line: line)
        try tmux.waitForRecorded("demo-exit=0")
        DemoE2E.assertTerminalRestored(tmux.recordedBytes(), "\(assignments)", file: file, line: line)
    }

    func test_LANG_C_warnsAndRuns() throws {
        try assertRunsWithoutAUTF8Locale(["LANG=C"])
    }

    func test_LANG_POSIX_warnsAndRuns() throws {
        try assertRunsWithoutAUTF8Locale(["LANG=POSIX"])
    }

    func test_LANG_unset_warnsAndRuns() throws {
        try assertRunsWithoutAUTF8Locale([])
    }

    // MARK: - Terminal types

    /// Runs the demo with TERM changed by `env` arguments; for a terminal it cannot drive, it
    /// writes one line that points to `rtl-tui render`, and nothing else, and exits with 1.
    private func assertRefusesTerminal(_ env: [String], mentioning: String, file: StaticString = #filePath,
                                       line: UInt = #line) throws {
        let tmux = try TmuxHarness(columns: 80, rows: 24)
        defer { tmux.tearDown() }
        try tmux.start(["/usr/bin/env"] + env + [try DemoE2E.binary(), "demo"], record: true)
        XCTAssertEqual(try tmux.waitForExit(), .exited(1), file: file, line: line)
        try tmux.waitForRecorded("rtl-tui render")
        try tmux.waitForQuietOutput()
        let out = String(decoding: tmux.recordedBytes(), as: UTF8.self)
        XCTAssertTrue(out.hasPrefix("rtl-tui: "), out.debugDescription, file: file, line: line)
        XCTAssertTrue(out.contains(mentioning), out.debugDescription, file: file, line: line)
        XCTAssertTrue(out.contains("rtl-tui render"), out.debugDescription, file: file, line: line)
        XCTAssertEqual(out.utf8.filter { $0 == 0x0A }.count, 1, "not one line: \(out.debugDescription)", file: file, line: line)
        XCTAssertEqual(out.utf8.last, 0x0A, out.debugDescription, file: file, line: line)
        XCTAssertFalse(out.contains("\u{1B}"), "escape sequences sent to a terminal it cannot drive: \(out.debugDescription)",
                       file: file, line: line)
    }

    func test_TERM_unset_explainsAndExits1() throws {
        try assertRefusesTerminal(["-u", "TERM"], mentioning: "TERM is not set")
    }

    func test_TERM_dumb_explainsAndExits1() throws {
        try assertRefusesTerminal(["TERM=dumb"], mentioning: "TERM=dumb")
    }

    func test_TERM_unknown_explainsAndExits1() throws {
        try assertRefusesTerminal(["TERM=no-such-terminal-e2e"], mentioning: "'no-such-terminal-e2e'")
    }

    /// `linux`, `screen` and `xterm-256color`: the demo runs, draws the frame, and quits with
    /// status 0 having restored the bidi modes.
    func test_TERM_linux_screen_xterm256color_run() throws {
        for term in ["linux", "screen", "xterm-256color"] {
            let tmux = try TmuxHarness(columns: 80, rows: 24)
            defer { tmux.tearDown() }
            try tmux.start(["/usr/bin/env", "TERM=" + term, try DemoE2E.binary(), "demo", "--no-animate", "--locale", "he", "--bidi-mode", "explicit"],
                           record: true)
            let screen = try DemoE2E.waitForFrame(tmux)
            XCTAssertTrue(screen.contains(rtl("מסכים")), "\(term):\n\(screen)")
            try tmux.sendKeys("q")
            XCTAssertEqual(try tmux.waitForExit(), .exited(0), term)
            try tmux.waitForQuietOutput()
            let bytes = tmux.recordedBytes()
            let lastEnter = DemoE2E.bidiEnter.compactMap { DemoE2E.positions(of: $0, in: bytes).last }.max() ?? -1
            XCTAssertGreaterThanOrEqual(lastEnter, 0, "\(term): no bidi set-up sent")
            for seq in DemoE2E.bidiRestore {
                XCTAssertGreaterThan(DemoE2E.positions(of: seq, in: bytes).last ?? -1, lastEnter, "\(term): \(seq.debugDescription)")
            }
            XCTAssertFalse(try tmux.isAlternateScreen(), term)
        }
    }

    /// The themes' colours are palette indices 16–255: with 256 colours they are sent as they are
    /// (the dark theme's grey borders `38;5;244`, the light theme's focus tint `48;5;195`); with
    /// `TERM=xterm` (8 colours) the demo draws in the monochrome theme and sends no colour at all.
    func test_theme_256ColoursSendTheThemesColours_8ColoursSendNone() throws {
        func colours(_ bytes: [UInt8]) -> [String] {
            let s = String(decoding: bytes, as: UTF8.self)
            var found = Set<String>()
            for m in s.matches(of: /\x1B\[([0-9;]*)m/) {
                let params = m.1.split(separator: ";").map(String.init)
                var i = 0
                while i < params.count {
                    let p = params[i]
                    if (p == "38" || p == "48"), i + 2 < params.count, params[i + 1] == "5" {
                        found.insert("\(p);5;\(params[i + 2])")
                        i += 3
                        continue
                    }
                    if let n = Int(p), (30...37).contains(n) || (40...47).contains(n) || (90...97).contains(n) || (100...107).contains(n) {
                        found.insert(p)
                    }
                    i += 1
                }
            }
            return found.sorted()
        }
        for (term, theme, expectColour) in [("xterm-256color", "dark", "38;5;244"), ("xterm-256color", "light", "48;5;195"),
                                            ("xterm", "dark", nil)] {
            let (tmux, _) = try DemoE2E.launch(["--no-animate", "--locale", "he", "--screen", "settings", "--theme", theme],
                                               record: true, term: term)
            defer { tmux.tearDown() }
            try tmux.sendKeys("Tab")
            _ = try tmux.waitForQuietOutput()
            let sent = colours(tmux.recordedBytes())
            if let expectColour {
                XCTAssertTrue(sent.contains(expectColour), "\(term) --theme \(theme): \(sent)")
            } else {
                XCTAssertEqual(sent, [], "\(term) --theme \(theme): colours sent to an 8-colour terminal")
            }
        }
    }

    // MARK: - No terminal

    /// Standard input closed (a detached job, a broken session): a message naming it, status 1,
    /// no hang, nothing written to the terminal on standard output.
    func test_stdinClosed_explainsAndExits1() throws {
        let pty = try PseudoTerminal()
        let run = try Self.spawnDemo(stdin: nil, stdout: pty.slave)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("rtl-tui: standard input is not a terminal"), run.stderr)
        XCTAssertTrue(run.stderr.contains("rtl-tui render"), run.stderr)
        XCTAssertEqual(run.stderr.utf8.filter { $0 == 0x0A }.count, 1, run.stderr.debugDescription)
        XCTAssertEqual(pty.readAvailable(), [], "bytes written to the terminal")
    }

    /// Standard output a pipe (`rtl-tui demo | less`) while standard input is a terminal: a
    /// message naming standard output, status 1, no hang, and not one byte into the pipe.
    func test_stdoutAPipe_explainsAndExits1() throws {
        let pty = try PseudoTerminal()
        let run = try Self.spawnDemo(stdin: pty.slave, stdout: nil)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("rtl-tui: standard output is not a terminal"), run.stderr)
        XCTAssertTrue(run.stderr.contains("rtl-tui render"), run.stderr)
        XCTAssertEqual(run.stderr.utf8.filter { $0 == 0x0A }.count, 1, run.stderr.debugDescription)
        XCTAssertEqual(run.stdout, [], "bytes written into the pipe")
    }

    // MARK: - Helpers

    /// The first child of `parent` whose command name is `name`, from /proc.
    static func child(of parent: pid_t, named name: String) -> pid_t? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
        for e in entries {
            guard let pid = pid_t(e),
                  let stat = try? String(contentsOfFile: "/proc/\(e)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { continue }
            let comm = stat[stat.index(after: open)..<close]
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if comm == name, fields.count > 1, pid_t(fields[1]) == parent { return pid }
        }
        return nil
    }

    /// A pseudo-terminal pair: the slave end is a terminal to hand to a child; the master stays
    /// open here so the slave does not hang up.
    final class PseudoTerminal {
        let master: Int32
        let slave: Int32

        init() throws {
            // posix_openpt, unlockpt and ptsname, by hand: /dev/ptmx, then TIOCSPTLCK and TIOCGPTN.
            master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            guard master >= 0 else { throw NSError(domain: "pty", code: Int(errno)) }
            var unlock: Int32 = 0, number: UInt32 = 0
            guard ioctl(master, UInt(0x4004_5431), &unlock) == 0, ioctl(master, UInt(0x8004_5430), &number) == 0 else {
                close(master)
                throw NSError(domain: "pty", code: Int(errno))
            }
            slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
            guard slave >= 0 else {
                close(master)
                throw NSError(domain: "pty", code: Int(errno))
            }
        }

        /// What the child wrote to the terminal (read without waiting).
        func readAvailable() -> [UInt8] {
            let flags = fcntl(master, F_GETFL)
            _ = fcntl(master, F_SETFL, flags | O_NONBLOCK)
            var out: [UInt8] = []
            var buf = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(master, &buf, buf.count)
                if n <= 0 { break }
                out += buf[..<n]
            }
            return out
        }

        deinit {
            close(slave)
            close(master)
        }
    }

    /// How a directly spawned `rtl-tui demo` ended.
    struct Run {
        var status: Int32
        var stdout: [UInt8]
        var stderr: String
    }

    /// Spawns `rtl-tui demo` with standard input `stdin` (nil: closed) and standard output
    /// `stdout` (nil: a pipe, read here), standard error into a pipe; waits at most 10 s for it
    /// to end (killing it, and failing, if it hangs).
    static func spawnDemo(stdin: Int32?, stdout: Int32?) throws -> Run {
        var outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw NSError(domain: "pipe", code: Int(errno)) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdin { posix_spawn_file_actions_adddup2(&actions, stdin, 0) } else { posix_spawn_file_actions_addclose(&actions, 0) }
        posix_spawn_file_actions_adddup2(&actions, stdout ?? outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for fd in outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, fd) }

        var env = ProcessInfo.processInfo.environment
        env["TERM"] = "xterm-256color"
        env["LANG"] = "C.UTF-8"
        env["LC_ALL"] = "C.UTF-8"
        let binary = try DemoE2E.binary()
        let arguments: [String] = [binary, "demo", "--no-animate"]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, binary, &actions, nil, argv, envp)
        close(outPipe[1])
        close(errPipe[1])
        defer {
            close(outPipe[0])
            close(errPipe[0])
        }
        guard rc == 0 else { throw NSError(domain: "posix_spawn", code: Int(rc)) }

        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(10)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() >= deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                XCTFail("rtl-tui demo hung without a terminal")
                break
            }
            usleep(10_000)
        }
        func drain(_ fd: Int32) -> [UInt8] {
            var out: [UInt8] = []
            var buf = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(fd, &buf, buf.count)
                if n <= 0 { break }
                out += buf[..<n]
            }
            return out
        }
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Run(status: code, stdout: stdout == nil ? drain(outPipe[0]) : [],
                   stderr: String(decoding: drain(errPipe[0]), as: UTF8.self))
    }
}
