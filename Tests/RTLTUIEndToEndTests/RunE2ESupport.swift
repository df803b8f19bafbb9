import BidiTerm
import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// What the end-to-end tests of `rtl-tui run` share: a program started twice, alone in one tmux
/// pane (which does no bidi, like xterm: it shows the program's logical order) and under
/// `rtl-tui run` in another, the same keys sent to both, and the two screens compared row by row:
/// box-drawing characters at the same columns, every piece of text (cut at box characters and
/// gaps of two blanks, R23) starting at the same column, and each piece that holds right-to-left
/// text reading as GNU FriBidi orders and shapes it (the reference implementation, R24).
enum RunE2E {
    /// `rtl-tui run [options] -- command…`.
    static func runCommand(_ command: [String], options: [String] = []) throws -> [String] {
        [try BuiltBinary.rtlTUI().path, "run"] + options + ["--"] + command
    }

    /// A fresh directory for a test (HOME, files to list), removed by `cleanup`.
    static func temporaryDirectory(_ test: XCTestCase) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rtl-tui-run-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    /// A Python program of R26's mouse tests, written to a temporary folder (its path returned):
    /// it turns on SGR mouse reports, writes "שלום עולם" at row 3, column 11 (1-based) and "ready"
    /// at the top, reads a press and a release, and writes at row 6 "got " and the reports it
    /// received (ESC written as "ESC").
    static func mouseReportProgram(_ test: XCTestCase) throws -> String {
        let path = try temporaryDirectory(test) + "/mouse.py"
        let program = """
            import os, sys, tty
            sys.stdout.write("\\x1b[?1000h\\x1b[?1006h\\x1b[3;11H\u{05E9}\u{05DC}\u{05D5}\u{05DD} \u{05E2}\u{05D5}\u{05DC}\u{05DD}\\x1b[1;1Hready")
            sys.stdout.flush()
            tty.setraw(0)
            data = b""
            while data.count(b"M") + data.count(b"m") < 2:
                data += os.read(0, 64)
            sys.stdout.write("\\x1b[?1006l\\x1b[?1000l\\x1b[6;1Hgot " + data.decode().replace("\\x1b", "ESC") + "\\r\\n")
            """
        try program.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The environment of both panes: a bash without start-up files and history.
    static func shellEnvironment(home: String) -> [String: String] {
        ["HOME": home, "HISTFILE": "/dev/null", "SHELL": "/bin/bash", "TZ": "UTC"]
    }

    static let bash = ["/bin/bash", "--norc", "--noprofile"]

    /// One program in two panes: `plain` runs it alone, `run` under `rtl-tui run`.
    final class Pair {
        let plain: TmuxHarness
        let run: TmuxHarness

        init(_ command: [String], options: [String] = [], columns: Int = 80, rows: Int = 24,
             environment: [String: String] = [:], record: Bool = false) throws {
            plain = try TmuxHarness(columns: columns, rows: rows)
            run = try TmuxHarness(columns: columns, rows: rows)
            do {
                // ncurses draws lines with the DEC graphics set unless told otherwise; tmux's capture
                // shows those as letters. The program alone draws Unicode lines; under run it keeps
                // the DEC set (libvterm translates it).
                var alone = environment
                alone["NCURSES_NO_UTF8_ACS"] = "1"
                try plain.start(command, environment: alone)
                try run.start(try RunE2E.runCommand(command, options: options), environment: environment, record: record)
            } catch {
                tearDown()
                throw error
            }
        }

        func tearDown() {
            plain.tearDown()
            run.tearDown()
        }

        func sendKeys(_ keys: String...) throws {
            for k in keys {
                try plain.sendKeys(k)
                try run.sendKeys(k)
            }
        }

        func sendText(_ text: String) throws {
            try plain.sendText(text)
            try run.sendText(text)
        }

        /// Types `line` and Enter in both panes.
        func type(_ line: String) throws {
            try sendText(line)
            try sendKeys("Enter")
        }

        /// Waits until the plain pane shows `text` (logical) and then until both panes agree (row
        /// by row, see `RunE2E`), and returns both screens. Fails with the differences and both
        /// screens when they do not agree within `timeout`.
        @discardableResult
        func agree(after text: String? = nil, skipRows: Set<Int> = [], timeout: TimeInterval = 8,
                   file: StaticString = #filePath, line: UInt = #line) throws -> (plain: TmuxHarness.Screen, run: TmuxHarness.Screen) {
            try agree(when: text.map { t in { $0.contains(t) } } ?? { _ in true }, skipRows: skipRows, timeout: timeout,
                      file: file, line: line)
        }

        /// `agree`, once the plain pane's screen satisfies `ready`.
        @discardableResult
        func agree(when ready: (TmuxHarness.Screen) -> Bool, skipRows: Set<Int> = [], timeout: TimeInterval = 8,
                   file: StaticString = #filePath, line: UInt = #line) throws -> (plain: TmuxHarness.Screen, run: TmuxHarness.Screen) {
            try plain.waitUntil("the program alone to show what the test waits for", timeout: timeout, ready)
            let deadline = Date().addingTimeInterval(timeout)
            while true {
                let p = try plain.capture(), r = try run.capture()
                let problems = try RunE2E.differences(plain: p, run: r, skipRows: skipRows)
                if problems.isEmpty, p.rows.contains(where: { !$0.isEmpty }) { return (p, r) }
                if Date() >= deadline {
                    XCTFail("the screen under rtl-tui run does not match the program's own:\n"
                            + problems.prefix(12).joined(separator: "\n")
                            + "\n--- alone (logical):\n\(p)\n--- under run (visual):\n\(r)", file: file, line: line)
                    return (p, r)
                }
                usleep(50_000)
            }
        }
    }

    // MARK: - Rows

    /// A piece of a row: text between box characters and gaps of two or more blanks (R23).
    struct Segment: Equatable {
        var start: Int
        var text: String
    }

    /// Whether `s` is a box-drawing or block element character (never moves, R23).
    static func isBox(_ s: Unicode.Scalar) -> Bool { (0x2500...0x259F).contains(s.value) }

    /// Whether `text` holds a right-to-left letter or an Arabic presentation form (R24's blocks).
    static func hasRTL(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x0590...0x08FF).contains($0.value) || (0xFB1D...0xFDFF).contains($0.value)
            || (0xFE70...0xFEFF).contains($0.value) }
    }

    /// The box characters of `row` by cell column, and its segments.
    static func parse(_ row: String) -> (boxes: [Int: Character], segments: [Segment]) {
        var boxes: [Int: Character] = [:]
        var segments: [Segment] = []
        var column = 0
        var current: Segment? = nil
        var blanks = 0
        func close() {
            if var s = current {
                while s.text.hasSuffix(" ") { s.text.removeLast() }
                segments.append(s)
            }
            current = nil
            blanks = 0
        }
        for ch in row {
            let w = DemoE2E.width(String(ch))
            if let first = ch.unicodeScalars.first, isBox(first) {
                close()
                boxes[column] = ch
            } else if ch == " " {
                if current != nil {
                    blanks += 1
                    if blanks >= 2 { close() } else { current!.text.append(ch) }
                }
            } else {
                if current == nil { current = Segment(start: column, text: "") }
                blanks = 0
                current!.text.append(ch)
            }
            column += w
        }
        close()
        return (boxes, segments)
    }

    /// What is wrong with `run` (the visual screen under `rtl-tui run`) compared with `plain`
    /// (the program's own, logical): one line per difference, empty when they agree.
    static func differences(plain: TmuxHarness.Screen, run: TmuxHarness.Screen, skipRows: Set<Int> = []) throws -> [String] {
        var problems: [String] = []
        let parsed = plain.rows.map(parse)
        let texts = parsed.flatMap { $0.segments.map(\.text) }.filter(hasRTL)
        let reference = try fribidi(texts)
        for y in 0..<max(plain.rows.count, run.rows.count) where !skipRows.contains(y) {
            let p = parse(plain.row(y)), r = parse(run.row(y))
            if p.boxes != r.boxes {
                problems.append("row \(y): box characters moved: \(p.boxes.sorted { $0.key < $1.key }) -> \(r.boxes.sorted { $0.key < $1.key })")
            }
            if p.segments.map(\.start) != r.segments.map(\.start) {
                problems.append("row \(y): text starts at columns \(r.segments.map(\.start)), the program put it at \(p.segments.map(\.start))")
                continue
            }
            for (ps, rs) in zip(p.segments, r.segments) {
                let want = hasRTL(ps.text) ? reference[ps.text] ?? "?" : ps.text
                if rs.text != want {
                    problems.append("row \(y) column \(ps.start): \(rs.text.debugDescription), want \(want.debugDescription) (logical \(ps.text.debugDescription))")
                }
            }
        }
        return problems
    }

    // MARK: - The reference

    /// GNU FriBidi's visual order of each line (auto direction from the first strong character,
    /// shaped, mirrored), with the zero-width characters it inserts (ZWNBSP after a lam-alef
    /// ligature, marks) removed: `fribidi --nopad --nobreak`.
    static func fribidi(_ lines: [String]) throws -> [String: String] {
        var out: [String: String] = [:]
        let missing = Array(Set(lines))
        guard !missing.isEmpty else { return out }
        let lines = try FriBidiReference.visual(missing).map { line in
            String(String.UnicodeScalarView(line.unicodeScalars.filter {
                ![0xFEFF, 0x200E, 0x200F, 0x061C, 0x200C, 0x200D].contains($0.value)
            })).trimmingCharacters(in: .whitespaces)
        }
        for (i, l) in missing.enumerated() where i < lines.count { out[l] = lines[i] }
        return out
    }

    /// FriBidi's visual order of one line.
    static func visual(_ line: String) throws -> String { try fribidi([line])[line] ?? "" }

    /// The last rows of a pane whose command has ended: tmux writes its "Pane is dead" line by
    /// scrolling the whole screen up one row, so the program's top row is then in the history.
    static func finalRows(_ tmux: TmuxHarness) throws -> [String] {
        let rows = try tmux.captureHistory(lines: tmux.rows)
        return Array(rows.prefix { !$0.hasPrefix("Pane is dead") })
    }

    // MARK: - Processes

    /// Waits until a process runs with exactly the arguments `argv` (read from /proc), in one of
    /// `states` when given ("S" sleeping, "T" stopped...), so that a key meant for it is not sent
    /// before it exists. Use arguments no other process has (`sleep 100.25`).
    static func waitForProcess(_ argv: [String], states: Set<Character>? = nil, timeout: TimeInterval = 5) throws {
        let want = argv.joined(separator: "\0") + "\0"
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int32(entry) != nil {
                guard let cmd = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                      String(decoding: cmd, as: UTF8.self) == want else { continue }
                guard let states else { return }
                if let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                   let close = stat.lastIndex(of: ")"),
                   let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first,
                   states.contains(state) { return }
            }
            usleep(20_000)
        }
        throw TmuxHarness.Failure.timeout(waitingFor: "a process \(argv) in state \(states.map { String($0) } ?? "any")", screen: "")
    }

    // MARK: - Bytes

    /// The last position of `needle` in `bytes`, or -1.
    static func last(_ needle: String, in bytes: [UInt8]) -> Int { DemoE2E.positions(of: needle, in: bytes).last ?? -1 }

    /// Checks that, at the end of the recording, every mode a program may have set on the
    /// terminal is off again: alternate screen left, cursor shown, bracketed paste and mouse
    /// reporting off (each last "on" followed by an "off"); and that tmux agrees.
    static func assertRestored(_ tmux: TmuxHarness, _ context: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let bytes = tmux.recordedBytes()
        for (on, off) in [("\u{1B}[?1049h", "\u{1B}[?1049l"), ("\u{1B}[?25l", "\u{1B}[?25h"), ("\u{1B}[?2004h", "\u{1B}[?2004l"),
                          ("\u{1B}[?1000h", "\u{1B}[?1000l"), ("\u{1B}[?1002h", "\u{1B}[?1002l"), ("\u{1B}[?1003h", "\u{1B}[?1003l"),
                          ("\u{1B}[?1006h", "\u{1B}[?1006l")] {
            let a = last(on, in: bytes), b = last(off, in: bytes)
            if a >= 0 { XCTAssertGreaterThan(b, a, "\(context): \(on.debugDescription) never undone", file: file, line: line) }
        }
        XCTAssertEqual(try tmux.format("#{alternate_on}"), "0", "\(context): still on the alternate screen", file: file, line: line)
        // (tmux hides the cursor of a dead pane itself: the recorded bytes speak for the cursor.)
        XCTAssertEqual(try tmux.format("#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}#{mouse_sgr_flag}"), "0000",
                       "\(context): mouse reporting left on", file: file, line: line)
    }
}
