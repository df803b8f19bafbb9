import BidiTerm
import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// What the end-to-end tests of `rtl-tui demo` share: starting the demo in a tmux harness, waiting
/// for a complete frame, reading cell columns off captured rows, and searching the recorded bytes
/// for the escape sequences of the terminal set-up (R21) and its restore.
enum DemoE2E {
    /// The built `rtl-tui` executable (`BuiltBinary.rtlTUI`).
    static func binary() throws -> String { try BuiltBinary.rtlTUI().path }

    /// Starts `rtl-tui demo` with `arguments` in a new harness and waits for its first complete
    /// frame. The output is recorded (so that `press` can tell when a frame is finished). The
    /// caller tears the harness down. `environment` is added to the pane's (`LANGUAGE` chooses the
    /// language of the demo's own interface).
    static func launch(_ arguments: [String], columns: Int = 80, rows: Int = 24, record: Bool = true,
                       term: String = "xterm-256color", environment: [String: String] = [:]) throws -> (TmuxHarness, TmuxHarness.Screen) {
        let tmux = try TmuxHarness(columns: columns, rows: rows, term: term)
        do {
            try tmux.start([try binary(), "demo"] + arguments, environment: environment, record: record)
            return (tmux, try waitForFrame(tmux))
        } catch {
            tmux.tearDown()
            throw error
        }
    }

    /// Waits until the pane shows a whole frame of the demo: the header (with the product name) on
    /// the first row, the outer pane's bottom corners on the row above the last, and the footer
    /// (which names the Tab key in every language) on the last row.
    @discardableResult
    static func waitForFrame(_ tmux: TmuxHarness, timeout: TimeInterval = 10,
                             _ extra: (TmuxHarness.Screen) -> Bool = { _ in true }) throws -> TmuxHarness.Screen {
        try tmux.waitUntil("a complete frame of the demo", timeout: timeout) { s in
            isFrame(s) && extra(s)
        }
    }

    /// Presses `keys` and returns the screen once the demo has answered and then written nothing
    /// for a while: a frame read while tmux is still drawing it would mix two frames. Needs a
    /// recording harness, and keys that change the screen.
    static func press(_ tmux: TmuxHarness, _ keys: String...) throws -> TmuxHarness.Screen {
        let answer = try tmux.output(causedBy: { for k in keys { try tmux.sendKeys(k) } })
        guard !answer.isEmpty else {
            throw TmuxHarness.Failure.timeout(waitingFor: "an answer to \(keys)", screen: (try? tmux.capture().description) ?? "")
        }
        return try tmux.capture()
    }

    /// Whether `screen` is a complete frame of the demo.
    static func isFrame(_ s: TmuxHarness.Screen) -> Bool {
        let n = s.rows.count
        guard n >= 3 else { return false }
        let bottom = s.row(n - 2)
        return s.row(0).contains("rtl-tui") && s.row(n - 1).contains("Tab")
            && bottom.hasPrefix("└") && bottom.hasSuffix("┘")
    }

    // MARK: - Cells

    /// The width of `s` in terminal cells, as tmux counts them (glibc's `wcwidth` in C.UTF-8, which
    /// `WidthTable` reproduces): combining marks take none, emoji and East Asian wide characters two.
    static func width<S: StringProtocol>(_ s: S) -> Int {
        s.unicodeScalars.reduce(0) { $0 + max(0, WidthTable.width($1)) }
    }

    /// The cell column where `needle` starts in `row`, or nil.
    static func column(of needle: String, in row: String) -> Int? {
        guard let r = row.range(of: needle) else { return nil }
        return width(row[..<r.lowerBound])
    }

    /// The cell column where the last occurrence of `needle` starts in `row`, or nil.
    static func lastColumn(of needle: String, in row: String) -> Int? {
        guard let r = row.range(of: needle, options: .backwards) else { return nil }
        return width(row[..<r.lowerBound])
    }

    /// The index of the first row containing every string of `needles`, or nil.
    static func rowIndex(_ screen: TmuxHarness.Screen, containing needles: String...) -> Int? {
        screen.rows.firstIndex { row in needles.allSatisfy { row.contains($0) } }
    }

    /// What lies between the first and the last `│` of `row` (the inside of the outer pane).
    static func interior(_ row: String) -> Substring? {
        guard let first = row.firstIndex(of: "│"), let last = row.lastIndex(of: "│"), first < last else { return nil }
        return row[row.index(after: first)..<last]
    }

    /// Whether `scalar` is an Arabic presentation form (shaped letters, R20).
    static func isPresentationForm(_ s: Unicode.Scalar) -> Bool {
        (0xFB50...0xFDFF).contains(s.value) || (0xFE70...0xFEFF).contains(s.value)
    }

    /// Whether `scalar` is a joining Arabic letter in its unshaped, logical form (U+0622–U+064A
    /// without the hamza U+0621 and the tatweel U+0640, which have no contextual forms to take).
    static func isUnshapedJoiningArabicLetter(_ s: Unicode.Scalar) -> Bool {
        (0x0622...0x064A).contains(s.value) && s.value != 0x0640
    }

    // MARK: - Bytes

    /// The escape sequences of the bidi mode set-up (R21) that `rtl-tui` sends on start:
    /// explicit mode, LTR paragraph direction, arrow keys not swapped.
    static let bidiEnter = ["\u{1B}[8l", "\u{1B}[1 k", "\u{1B}[?1243l"]
    /// The sequences that restore the terminal's defaults on exit.
    static let bidiRestore = ["\u{1B}[8h", "\u{1B}[0 k", "\u{1B}[?1243h"]
    /// xterm-256color's `smcup` and `rmcup` start with these.
    static let enterAlternateScreen = "\u{1B}[?1049h"
    static let leaveAlternateScreen = "\u{1B}[?1049l"
    /// `civis` and the end of `cnorm` in xterm-256color.
    static let hideCursor = "\u{1B}[?25l"
    static let showCursor = "\u{1B}[?25h"

    /// Every position where `needle` starts in `haystack`.
    static func positions(of needle: String, in haystack: [UInt8]) -> [Int] {
        let n = Array(needle.utf8)
        var out: [Int] = []
        var from = 0
        while let r = TmuxHarness.range(of: n, in: haystack, from: from) {
            out.append(r.lowerBound)
            from = r.lowerBound + 1
        }
        return out
    }

    /// Checks the recording of a session that has ended: the bidi modes were set on the
    /// alternate screen and, after the last time they were set, every one of them was restored,
    /// the alternate screen was left and the cursor shown again.
    static func assertTerminalRestored(_ bytes: [UInt8], _ context: String,
                                       file: StaticString = #filePath, line: UInt = #line) {
        let enterAlt = positions(of: enterAlternateScreen, in: bytes)
        XCTAssertFalse(enterAlt.isEmpty, "\(context): the alternate screen was never entered", file: file, line: line)
        var lastEnter = -1
        for seq in bidiEnter {
            let p = positions(of: seq, in: bytes)
            XCTAssertFalse(p.isEmpty, "\(context): \(seq.debugDescription) (bidi set-up, R21) was never sent", file: file, line: line)
            if let first = p.first, let alt = enterAlt.first {
                XCTAssertGreaterThan(first, alt, "\(context): \(seq.debugDescription) before the alternate screen", file: file, line: line)
            }
            lastEnter = max(lastEnter, p.last ?? -1)
        }
        for seq in bidiRestore {
            let last = positions(of: seq, in: bytes).last ?? -1
            XCTAssertGreaterThan(last, lastEnter,
                                 "\(context): \(seq.debugDescription) (bidi restore) not written after the last set-up sequence (at \(lastEnter))",
                                 file: file, line: line)
        }
        let leaveAlt = positions(of: leaveAlternateScreen, in: bytes).last ?? -1
        XCTAssertGreaterThan(leaveAlt, enterAlt.last ?? Int.max, "\(context): the alternate screen was not left after it was entered",
                             file: file, line: line)
        XCTAssertGreaterThan(leaveAlt, lastEnter, "\(context): the alternate screen was not left after the bidi set-up", file: file, line: line)
        let hidden = positions(of: hideCursor, in: bytes).last ?? -1
        let shown = positions(of: showCursor, in: bytes).last ?? -1
        if hidden >= 0 {
            XCTAssertGreaterThan(shown, hidden, "\(context): the cursor was hidden and never shown again", file: file, line: line)
        }
    }

    /// The bytes shown with escapes and controls spelled out, for failure messages.
    static func readable(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
            .replacingOccurrences(of: "\u{1B}", with: "␛")
            .replacingOccurrences(of: "\r", with: "␍")
            .replacingOccurrences(of: "\n", with: "␊")
    }
}
