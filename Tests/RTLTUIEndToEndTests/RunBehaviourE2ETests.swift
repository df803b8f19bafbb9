import BidiTerm
import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `rtl-tui run` as a terminal in front of a program: exit statuses, Ctrl-C, resize, the normal
/// screen's scrollback, the last screen after exit, clipboard and title sequences, bad output
/// (R22) and the terminal restored afterwards, in tmux.
final class RunBehaviourE2ETests: XCTestCase {

    /// Starts `rtl-tui run [options] -- command` in a new harness (the caller tears it down).
    private func run(_ command: [String], options: [String] = [], columns: Int = 80, rows: Int = 24,
                     environment: [String: String] = [:], record: Bool = false) throws -> TmuxHarness {
        let tmux = try TmuxHarness(columns: columns, rows: rows)
        addTeardownBlock { tmux.tearDown() }
        try tmux.start(try RunE2E.runCommand(command, options: options), environment: environment, record: record)
        return tmux
    }

    // MARK: - Exit status

    func test_exitStatus_isTheProgramsOwn_128PlusSignal_127WhenMissing_andTheLastScreenStays() throws {
        let own = try run(["/bin/sh", "-c", "printf '%s\\n' 'שלום עולם' 'مرحبا'; exit 3"], record: true)
        XCTAssertEqual(try own.waitForExit(), .exited(3))
        // The last screen stays visible after the program and rtl-tui have ended.
        let screen = try RunE2E.finalRows(own)
        let lines = screen.filter { !$0.isEmpty }
        XCTAssertEqual(lines, [rtl("שלום עולם"), try RunE2E.visual("مرحبا")],
                       screen.joined(separator: "\n") + "\n" + DemoE2E.readable(own.recordedBytes()[...]))

        let signalled = try run(["/bin/sh", "-c", "kill -TERM $$"])
        XCTAssertEqual(try signalled.waitForExit(), .exited(143))

        let missing = try run(["no-such-program-rtl-tui-e2e", "x"])
        XCTAssertEqual(try missing.waitForExit(), .exited(127))
        let message = try RunE2E.finalRows(missing)
        XCTAssertTrue(message.contains("rtl-tui: cannot run no-such-program-rtl-tui-e2e: command not found"),
                      message.joined(separator: "\n"))
    }

    func test_notATerminal_saysSoAndFails() throws {
        let r = try BuiltBinary.run(["run", "--", "/bin/true"])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("not a terminal"), r.stderr)
        XCTAssertTrue(r.stdout.isEmpty)
    }

    // MARK: - Keys and signals

    /// Ctrl-C reaches the program (bash's `sleep` ends, the prompt returns, run goes on); fifty
    /// of them in a row break nothing; Ctrl-Z reaches it too (bash's job control).
    func test_ctrlC_ctrlZ_reachTheProgram_andAStormOfCtrlCBreaksNothing() throws {
        let tmux = try run(RunE2E.bash, environment: RunE2E.shellEnvironment(home: try RunE2E.temporaryDirectory(self)))
        try tmux.waitFor("bash-")
        try tmux.sendText("sleep 100.25")
        try tmux.sendKeys("Enter")
        try RunE2E.waitForProcess(["sleep", "100.25"])
        try tmux.sendKeys("C-c")
        try tmux.waitUntil("the prompt after Ctrl-C") { s in s.rows.filter { $0.hasPrefix("bash-") }.count == 2 }
        for _ in 0..<50 { try tmux.sendKeys("C-c") }
        // Each Ctrl-C makes the terminal's line discipline flush what is typed (as in a plain
        // terminal), so wait until bash has handled the storm: a command typed now runs.
        var settled = false
        for attempt in 0..<8 where !settled {
            try tmux.sendText("echo storm-\(attempt)-over")
            try tmux.sendKeys("Enter")
            settled = (try? tmux.waitUntil("the shell after the storm", timeout: 1.5) {
                $0.rows.contains("storm-\(attempt)-over")
            }) != nil
        }
        XCTAssertTrue(settled, "bash answers after 50 Ctrl-C")
        // Ctrl-Z stops the program, the shell's job control takes over; fg brings it back.
        try tmux.sendText("sleep 100.75")
        try tmux.sendKeys("Enter")
        try RunE2E.waitForProcess(["sleep", "100.75"])
        try tmux.sendKeys("C-z")
        try tmux.waitFor("Stopped")
        try RunE2E.waitForProcess(["sleep", "100.75"], states: ["T"])
        try tmux.sendText("fg")
        try tmux.sendKeys("Enter")
        try RunE2E.waitForProcess(["sleep", "100.75"], states: ["S", "R"])
        try tmux.waitUntil("sleep in the foreground again") { $0.rows.filter { $0 == "sleep 100.75" }.count == 1 }
        try tmux.sendKeys("C-c")
        try tmux.sendText("echo alive $((6*7)) 'שלום'")
        try tmux.sendKeys("Enter")
        try tmux.waitFor("alive 42 " + rtl("שלום"))
        XCTAssertFalse(try tmux.hasExited())
        try tmux.sendText("exit 0")
        try tmux.sendKeys("Enter")
        XCTAssertEqual(try tmux.waitForExit(), .exited(0))
    }

    /// A resized terminal resizes the program's: `stty size` says so.
    func test_resize_theProgramSeesTheNewSize() throws {
        let tmux = try run(RunE2E.bash, environment: RunE2E.shellEnvironment(home: try RunE2E.temporaryDirectory(self)))
        try tmux.waitFor("bash-")
        try tmux.sendText("stty size")
        try tmux.sendKeys("Enter")
        try tmux.waitUntil("24 80") { $0.rows.contains("24 80") }
        try tmux.resize(columns: 100, rows: 30)
        try tmux.sendText("clear; stty size; echo 'סוף'")
        try tmux.sendKeys("Enter")
        let s = try tmux.waitUntil("30 100") { $0.rows.contains("30 100") }
        XCTAssertEqual(s.rows.count, 30)
        try tmux.waitUntil("the Hebrew after the resize") { $0.rows.contains(rtl("סוף")) }
    }

    /// SIGTERM or SIGHUP to rtl-tui (the terminal closed): the program is hung up, as a terminal
    /// does; rtl-tui ends by the same signal (SIGTERM) or with 128+1 (SIGHUP), the terminal restored.
    func test_terminationOrHangUp_hangsUpTheProgram_andRestoresTheTerminal() throws {
        for (signal, end) in [(SIGTERM, TmuxHarness.ExitStatus.signalled(SIGTERM)), (SIGHUP, .exited(129))] {
            let home = try RunE2E.temporaryDirectory(self)
            let script = "trap 'echo hung-up > \"$HOME/hup\"; exit 7' HUP; printf '\\033[?1049h\\033[?1002h'; echo ready; "
                + "while :; do sleep 0.05; done"
            let tmux = try run(["/bin/sh", "-c", script], environment: ["HOME": home], record: true)
            try tmux.waitFor("ready")
            try tmux.signal(signal)
            XCTAssertEqual(try tmux.waitForExit(), end, "signal \(signal)")
            XCTAssertEqual(try? String(contentsOfFile: home + "/hup", encoding: .utf8), "hung-up\n", "signal \(signal)")
            try RunE2E.assertRestored(tmux, "after signal \(signal)")
        }
    }

    /// R26: a click on a drawn cell reaches the program as a click on the cell it wrote there.
    /// "שלום עולם" written at column 10 is drawn reversed in columns 10–18: the final mem of
    /// "עולם", written at column 18, is drawn at column 10.
    func test_R26_mouseClick_reachesTheProgramAtTheLogicalCell() throws {
        let script = try RunE2E.mouseReportProgram(self)
        let tmux = try run(["/usr/bin/python3", script])
        try tmux.waitFor("ready")
        try tmux.waitFor(rtl("שלום עולם"))
        XCTAssertEqual(DemoE2E.column(of: rtl("שלום עולם"), in: try tmux.capture().row(2)), 10)
        // The terminal's report of a press and a release at column 11, row 3 (1-based, SGR).
        try tmux.sendHex(Array("\u{1B}[<0;11;3M\u{1B}[<0;11;3m".utf8))
        XCTAssertEqual(try tmux.waitForExit(), .exited(0))
        let rows = try RunE2E.finalRows(tmux)
        XCTAssertTrue(rows.contains("got ESC[<0;19;3MESC[<0;19;3m"), rows.joined(separator: "\n"))
    }

    // MARK: - Normal screen

    /// Lines that scroll off the top land in the terminal's own history, reordered, in order.
    func test_scrollback_holdsTheScrolledLinesReorderedInOrder() throws {
        let tmux = try run(RunE2E.bash, environment: RunE2E.shellEnvironment(home: try RunE2E.temporaryDirectory(self)))
        try tmux.waitFor("bash-")
        try tmux.sendText("for i in $(seq 1 200); do echo \"שורה $i סוף\"; done")
        try tmux.sendKeys("Enter")
        let last = "ףוס 200 הרוש"
        try tmux.waitUntil("the 200th line") { $0.rows.contains(last) }
        try tmux.waitUntil("the prompt") { $0.rows.last(where: { !$0.isEmpty })?.hasPrefix("bash-") == true }
        let history = try tmux.captureHistory(lines: 300)
        let numbered = history.filter { $0.hasPrefix("ףוס ") }
        XCTAssertEqual(numbered, (1...200).map { "ףוס \($0) הרוש" }, history.suffix(40).joined(separator: "\n"))
    }

    /// A flood (awk prints 1,500 lines at once): batches of scrolled-off lines go to the screen
    /// thread, some laid out there and some by the host while it is behind; the scrollback gets
    /// every line, reordered, in order, and the screen ends on the last ones.
    func test_scrollback_flood_holdsEveryLineInOrder() throws {
        let tmux = try run(RunE2E.bash, environment: RunE2E.shellEnvironment(home: try RunE2E.temporaryDirectory(self)))
        try tmux.waitFor("bash-")
        try tmux.sendText("awk 'BEGIN { for (i = 1; i <= 1500; i++) print \"שורה \" i \" סוף\" }'")
        try tmux.sendKeys("Enter")
        try tmux.waitUntil("the 1500th line", timeout: 20) { $0.rows.contains("ףוס 1500 הרוש") }
        try tmux.waitUntil("the prompt") { $0.rows.last(where: { !$0.isEmpty })?.hasPrefix("bash-") == true }
        let history = try tmux.captureHistory(lines: 1900)
        let numbered = history.filter { $0.hasPrefix("ףוס ") }
        let expected = (1...1500).map { "ףוס \($0) הרוש" }
        // (Before the emulator was fed in slices, the first 50–80 lines of such a flood were lost.)
        let first = (0..<min(numbered.count, expected.count)).first { numbered[$0] != expected[$0] } ?? min(numbered.count, expected.count)
        XCTAssertEqual(numbered.count, 1500, "first difference at line \(first + 1): \(numbered.dropFirst(first).prefix(3))")
        XCTAssertTrue(numbered == expected, "first difference at line \(first + 1): \(numbered.dropFirst(first).prefix(3))")
    }

    // MARK: - Sequences

    /// OSC 52 is dropped unless --allow-clipboard; the title is passed with its control
    /// characters made harmless (R22).
    func test_clipboardDroppedUnlessAllowed_titleSanitised() throws {
        let script = "printf '\\033]52;c;aGVsbG8=\\007\\033]2;ti\\001tle\\t\\177שלום\\233\\007'; echo done-$((40+2))"
        let dropped = try run(["/bin/sh", "-c", script], record: true)
        XCTAssertEqual(try dropped.waitForExit(), .exited(0))
        // (libvterm carries out a C0 control inside a string, as the VT parsers it follows do: the tab
        // moves the cursor; tmux and xterm ignore it. So the text may start further right.)
        XCTAssertTrue(try RunE2E.finalRows(dropped).contains { $0.trimmingCharacters(in: .whitespaces) == "done-42" })
        let bytes = dropped.recordedBytes()
        XCTAssertTrue(DemoE2E.positions(of: "]52;", in: bytes).isEmpty, DemoE2E.readable(bytes[...]))
        let title = try XCTUnwrap(TmuxHarness.range(of: Array("\u{1B}]2;".utf8), in: bytes), DemoE2E.readable(bytes[...]))
        let end = try XCTUnwrap(bytes[title.upperBound...].firstIndex(of: 0x07))
        let text = Array(bytes[title.upperBound..<end])
        XCTAssertFalse(text.contains { $0 < 0x20 || $0 == 0x7F }, DemoE2E.readable(text[...]))
        XCTAssertTrue(String(decoding: text, as: UTF8.self).hasPrefix("ti"), DemoE2E.readable(text[...]))
        XCTAssertTrue(String(decoding: text, as: UTF8.self).contains("שלום"), DemoE2E.readable(text[...]))

        let allowed = try run(["/bin/sh", "-c", script], options: ["--allow-clipboard"], record: true)
        XCTAssertEqual(try allowed.waitForExit(), .exited(0))
        XCTAssertTrue(try RunE2E.finalRows(allowed).contains { $0.trimmingCharacters(in: .whitespaces) == "done-42" })
        XCTAssertFalse(DemoE2E.positions(of: "\u{1B}]52;c;aGVsbG8=", in: allowed.recordedBytes()).isEmpty)
    }

    // MARK: - A key's echo (R37)

    /// R37: a key's echo reaches the terminal as the character alone, ahead of its frame (which
    /// then sends nothing), and the screen and the caret are as drawn; after a Hebrew prompt the
    /// echo goes through the frame, reordered with the row.
    func test_R37_keysEcho_isTheCharacterAlone_theScreenAndCaretAsDrawn() throws {
        let tmux = try run(["/bin/cat"], record: true)
        try tmux.waitForQuietOutput()
        // The first key takes away a notice the start may show; the next ones are echoes alone.
        try tmux.sendText("a")
        try tmux.waitFor("a")
        for key in ["b", "c", "1", "-"] {
            let out = try tmux.output(causedBy: { try tmux.sendText(key) })
            XCTAssertEqual(String(decoding: out, as: UTF8.self), key, DemoE2E.readable(out[...]))
        }
        XCTAssertEqual(try tmux.capture().row(0), "abc1-")
        let caret = try tmux.cursor()
        XCTAssertTrue(caret == (5, 0), "\(caret)")
        // A row with Hebrew in it: the echo is drawn with the row's reordering, not ahead.
        try tmux.sendText("\r")
        try tmux.sendText("שלום ")
        try tmux.waitFor(rtl("שלום"))
        let out = try tmux.output(causedBy: { try tmux.sendText("x") })
        XCTAssertNotEqual(String(decoding: out, as: UTF8.self), "x", DemoE2E.readable(out[...]))
        let row = try tmux.capture().row(2)
        XCTAssertTrue(row.contains(rtl("שלום")) && row.contains("x"), row)
    }

    /// R37: printable ASCII that libvterm prints through the DEC line drawing set (designated to
    /// G0, or to G1 and shifted in with SO) is never sent ahead: it shows as lines, and the
    /// letters never reach the terminal.
    func test_R37_asciiThroughTheLineDrawingSet_isNeverSentAhead() throws {
        let script = "printf 'ready\\n\\033(0'; sleep 0.3; printf 'qqq'; sleep 0.3; printf '\\033(B-\\033)0\\016'; sleep 0.3; "
            + "printf 'xxx'; sleep 0.3; printf '\\017 done'; sleep 30"
        let tmux = try run(["/bin/sh", "-c", script], record: true)
        try tmux.waitFor("done")
        XCTAssertEqual(try tmux.capture().row(1), "───-│││ done")
        let bytes = tmux.recordedBytes()
        XCTAssertTrue(DemoE2E.positions(of: "qqq", in: bytes).isEmpty, DemoE2E.readable(bytes[...]))
        XCTAssertTrue(DemoE2E.positions(of: "xxx", in: bytes).isEmpty, DemoE2E.readable(bytes[...]))
    }

    // MARK: - Bad output

    /// Random bytes, a 10,000-column line and output cut off mid-sequence, after a program set
    /// the alternate screen, a hidden cursor, bracketed paste and mouse reporting: rtl-tui ends
    /// with the program and the terminal is as it was.
    func test_randomBytes_longLine_cutSequence_leaveTheTerminalRestored() throws {
        let script = "printf '\\033[?1049h\\033[?25l\\033[?2004h\\033[?1002h\\033[?1006h'; head -c 200000 /dev/urandom; "
            + "printf '\\033[?1049h\\033[?25l\\033[?1000h\\033[0m\\n'; head -c 20000 /dev/zero | tr '\\0' 'ש'; "
            + "printf 'x%.0s' $(seq 1 10000); printf '\\n\\033[38;2;1'"
        let tmux = try run(["/bin/sh", "-c", script], record: true)
        XCTAssertEqual(try tmux.waitForExit(timeout: 30), .exited(0))
        try RunE2E.assertRestored(tmux, "after random bytes")
    }

    /// Ctrl-C storm at a full-screen program, then it quits: the terminal is restored.
    func test_fullScreenProgram_quits_terminalRestored() throws {
        let file = try RunE2E.temporaryDirectory(self) + "/he.txt"
        try (1...100).map { "שורה \($0)" }.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let tmux = try run(["less", file], record: true)
        try tmux.waitFor("1 " + rtl("שורה"))
        XCTAssertTrue(try tmux.isAlternateScreen())
        for _ in 0..<50 { try tmux.sendKeys("C-c") }
        try tmux.sendKeys("q")
        XCTAssertEqual(try tmux.waitForExit(), .exited(0))
        try RunE2E.assertRestored(tmux, "after less")
    }

    /// LANG=C: the program's UTF-8 output still reads right.
    func test_langC_stillWorks() throws {
        let tmux = try run(["/bin/sh", "-c", "printf '%s\\n' 'שלום עולם' 'abc'"], environment: ["LANG": "C", "LC_ALL": "C"])
        XCTAssertEqual(try tmux.waitForExit(), .exited(0))
        let s = try RunE2E.finalRows(tmux)
        XCTAssertTrue(s.contains(rtl("שלום עולם")), s.joined(separator: "\n"))
    }
}
