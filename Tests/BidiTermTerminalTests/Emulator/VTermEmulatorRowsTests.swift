import BidiTerm
import XCTest
@testable import BidiTermTerminal

/// The emulator's screen is the shim's own on libvterm's state layer, its rows kept by pointer
/// (a line feed at the bottom turns the rows round). These pin down that it behaves as libvterm's
/// screen layer did: what scrolls into the scrollback and what does not, the colours of the rows
/// that come in, selective erase, double-width lines, and a screen made shorter.
final class VTermEmulatorRowsTests: XCTestCase {
    func test_regionAtTheTop_pushesItsTopLineOff_asLibvtermsScreenDid() {
        let e = VTermEmulator(rows: 5, columns: 4)
        e.feed("1\r\n2\r\n3\r\n4\r\n5")
        e.feed("\(CSI)1;3r\(CSI)3;1H\n")  // region rows 1–3, LF at its bottom
        XCTAssertEqual(e.lines, ["2", "3", "", "4", "5"])
        XCTAssertEqual(e.takeScrolledOff().map(text(of:)), ["1"])
    }

    func test_scrollDown_atTheTop_movesRowsDown_pushesNothing() {
        let e = VTermEmulator(rows: 3, columns: 4)
        e.feed("a\r\nb\r\nc\(CSI)H\(ESC)M")  // reverse index on the top row
        XCTAssertEqual(e.lines, ["", "a", "b"])
        e.feed("\(CSI)2T")  // scroll down two more
        XCTAssertEqual(e.lines, ["", "", ""])
        e.feed("x\(CSI)3;1Hy\(CSI)S")  // scroll up one: the top row leaves for the scrollback
        XCTAssertEqual(e.lines, ["", "y", ""])
        XCTAssertEqual(e.takeScrolledOff().map(text(of:)), ["x"])
    }

    func test_scrollingMoreThanTheScreen_erasesIt_withoutPushingLines() {
        let e = VTermEmulator(rows: 3, columns: 4)
        e.feed("a\r\nb\r\nc\(CSI)9S")
        XCTAssertEqual(e.lines, ["", "", ""])
        XCTAssertTrue(e.takeScrolledOff().isEmpty, "libvterm erases the lot")
    }

    func test_rowsThatComeIn_takeThePensBackground() {
        let e = VTermEmulator(rows: 2, columns: 3)
        e.feed("a\r\nb\(CSI)44m\r\n")  // the line feed at the bottom with a blue pen
        XCTAssertEqual(e.lines, ["b", ""])
        XCTAssertEqual(e.row(1).map(\.style.bg), [.ansi(4), .ansi(4), .ansi(4)])
        XCTAssertEqual(e.row(0)[1].style.bg, .default)
        e.feed("\(CSI)41m\(CSI)2J")
        XCTAssertEqual(Set(e.row(0).map(\.style.bg) + e.row(1).map(\.style.bg)), [.ansi(1)])
    }

    func test_selectiveErase_keepsProtectedCells() {
        let e = VTermEmulator(rows: 1, columns: 8)
        e.feed("\(CSI)1\"qAB\(CSI)0\"qCD\(CSI)?2K")  // DECSCA on for AB, off for CD, DECSEL whole line
        XCTAssertEqual(e.text(0), "AB")
        e.feed("\(CSI)2K")  // EL erases everything
        XCTAssertEqual(e.text(0), "")
    }

    func test_doubleWidthLine_erasesItsRightHalf() {
        let e = VTermEmulator(rows: 1, columns: 8)
        e.feed("abcdefgh\(ESC)#6")
        XCTAssertEqual(e.text(0), "abcd")
    }

    func test_fewerRows_pushTheRowsAboveTheCursorOff_andTheCursorFollows() {
        let e = VTermEmulator(rows: 5, columns: 4)
        e.feed("1\r\n2\r\n3\r\n4\r\n5")
        e.resize(rows: 3, columns: 4)
        XCTAssertEqual(e.lines, ["3", "4", "5"])
        XCTAssertEqual(e.takeScrolledOff().map(text(of:)), ["1", "2"])
        XCTAssertEqual(e.cursor.y, 2)
        XCTAssertEqual(e.cursor.x, 1)
        // Blank rows below the cursor go first: nothing scrolls.
        let f = VTermEmulator(rows: 5, columns: 4)
        f.feed("1\r\n2")
        f.resize(rows: 3, columns: 4)
        XCTAssertEqual(f.lines, ["1", "2", ""])
        XCTAssertTrue(f.takeScrolledOff().isEmpty)
        XCTAssertEqual(f.cursor.y, 1)
    }

    func test_aResize_makesTheScrollRegionTheWholeScreen_asXtermAndTmuxDo_andKeepsTheCursor() {
        // libvterm bounds the region's bottom by the new height, not its top: rows 5–8 of 10 became
        // 5–3, and a line feed at the bottom then moved its line information by a negative size
        // (heap corruption; VTermEmulatorFuzzTests, seed 187).
        let e = VTermEmulator(rows: 10, columns: 8)
        e.feed("\(CSI)5;8r\(CSI)Htop")
        e.resize(rows: 3, columns: 8)
        XCTAssertEqual(e.cursor.x, 3)
        XCTAssertEqual(e.cursor.y, 0)
        e.feed("\r\n1\r\n2\r\n3")
        XCTAssertEqual(e.lines, ["1", "2", "3"])
        XCTAssertEqual(e.takeScrolledOff().map(text(of:)), ["top"])
        // A region set after the resize is kept.
        e.feed("\(CSI)2;3r\(CSI)3H\nx")
        XCTAssertEqual(e.lines, ["1", "3", "x"])
        assertWellFormed(e)
    }

    func test_wideColumnsAndMoreRows_keepTheTopLeft() {
        let e = VTermEmulator(rows: 2, columns: 4)
        e.feed("abcd\r\n中文")
        e.resize(rows: 4, columns: 6)
        XCTAssertEqual(e.lines, ["abcd", "中文", "", ""])
        assertWellFormed(e)
        e.resize(rows: 4, columns: 3)  // the second wide character is cut at the new edge
        XCTAssertEqual(e.text(0), "abc")
        assertWellFormed(e)
    }

    func test_aFlood_onAShortScreen_keepsEveryLineInOrder() {
        let e = VTermEmulator(rows: 3, columns: 10)
        for i in 0..<500 { e.feed("line \(i)\r\n") }
        let lines = e.takeScrolledOff().map(text(of:))
        XCTAssertEqual(lines, (0..<498).map { "line \($0)" })
        XCTAssertEqual(e.lines, ["line 498", "line 499", ""])
    }
}

/// What libvterm 0.1.4 gets of a CSI with more parameters than it has room for.
final class ControlScannerParameterTests: XCTestCase {
    /// Whether the scanner passes on the REP (`CSI 2 b`) that follows `chunks` (raw bytes, fed in
    /// these pieces), or cancels it.
    private func repeatPasses(_ chunks: [[UInt8]]) -> Bool {
        var scanner = ControlScanner()
        return scan(chunks + [Array("\(CSI)2b".utf8)], with: &scanner).last == UInt8(ascii: "b")
    }

    func test_aCSIWithMoreThan16Parameters_isCutTo16_withItsFinalByte() {
        let many = (1...20).map(String.init).joined(separator: ";")
        let first16 = (1...16).map(String.init).joined(separator: ";")
        XCTAssertEqual(scanned(["\(CSI)\(many)mtext"]), "\(CSI)\(first16)mtext")
        // Sub-parameters count as libvterm counts them, and a split between feeds changes nothing.
        let colons = String(repeating: ":", count: 19)
        XCTAssertEqual(scanned(["\(CSI)38\(colons.prefix(7))", "\(colons.dropFirst(7))5mX"]),
                       "\(CSI)38\(String(repeating: ":", count: 15))mX")
        // 16 parameters pass whole; the next CSI starts its count again.
        XCTAssertEqual(scanned(["\(CSI)\(first16)m\(CSI)\(first16)H"]), "\(CSI)\(first16)m\(CSI)\(first16)H")
    }

    func test_theEmulator_afterSuchASequence_stillDrawsInItsColours() {
        let e = VTermEmulator(rows: 2, columns: 8)
        // Bold 15 times, red 16th, underline 17th (left out).
        e.feed("\(CSI)\(String(repeating: "1;", count: 15))31;4mred")
        XCTAssertEqual(e.text(0), "red")
        XCTAssertEqual(e.row(0)[0].style.fg, .ansi(1))
        XCTAssertTrue(e.row(0)[0].style.attributes.contains(.bold))
        XCTAssertFalse(e.row(0)[0].style.attributes.contains(.underline))
        e.feed("\(CSI)\(String(repeating: ";", count: 40))m\r\n\(CSI)32mok")
        XCTAssertEqual(e.text(1), "ok")
        XCTAssertEqual(e.row(1)[0].style.fg, .ansi(2))
    }

    func test_repeatBeforeAnyCharacter_isCancelled_afterOneRepeatsIt() {
        // libvterm 0.1.4 loops for ever on REP with nothing written yet (width 0).
        XCTAssertEqual(scanned(["\(CSI)b"]), "\(CSI)\u{18}")
        XCTAssertEqual(scanned(["\(CSI)3b"]), "\(CSI)3\u{18}")
        XCTAssertEqual(scanned(["x\(CSI)3b"]), "x\(CSI)3b")
        XCTAssertEqual(scanned(["x\(ESC)c\(CSI)2b"]), "x\(ESC)c\(CSI)2\u{18}", "a full reset forgets the character")
        XCTAssertEqual(scanned(["\(ESC)(B\(ESC))0\(CSI)b"]), "\(ESC)(B\(ESC))0\(CSI)\u{18}", "a character set's final byte is not a character")
        let e = VTermEmulator(rows: 2, columns: 10)
        e.feed("\(CSI)b\(CSI)5bab\(CSI)3b")
        XCTAssertEqual(e.text(0), "abbbb")
    }

    func test_repeatAfterACharacterOfNoWidth_isCancelled_afterOneOfWidthPassed() {
        // libvterm loops for ever on REP after a glyph of width 0 (U+200B, a mark on its own) or
        // -1 (a C1 control sent as UTF-8): found by the emulator's fuzz target.
        let u = { (s: String) in [UInt8](s.utf8) }
        XCTAssertTrue(repeatPasses([u("x")]))
        XCTAssertTrue(repeatPasses([u("ب")]), "Arabic, one column")
        XCTAssertTrue(repeatPasses([u("中")]), "wide")
        XCTAssertTrue(repeatPasses([u("x\r\n")]), "controls after the character leave it")
        XCTAssertTrue(repeatPasses([u("x\(CSI)1m")]), "so do sequences")
        XCTAssertFalse(repeatPasses([u("x\u{200B}")]), "zero width space")
        XCTAssertFalse(repeatPasses([u("x\u{85}")]), "C1 as UTF-8")
        XCTAssertFalse(repeatPasses([u("x\u{301}")]), "a mark: whether it joined x only libvterm knows")
        XCTAssertFalse(repeatPasses([u("x\u{FEFF}")]), "a format character")
        XCTAssertFalse(repeatPasses([u("x\u{1161}")]), "a Hangul medial vowel")
        // UTF-8 as it comes from a pty: a character cut between reads, or cut off, or ill-formed.
        XCTAssertTrue(repeatPasses([u("x"), [0xD8], [0xA8]]), "ب in two reads")
        XCTAssertTrue(repeatPasses([[0xE4], [0xB8], [0xAD]]), "中 in three reads")
        XCTAssertTrue(repeatPasses([u("\u{200B}"), [0xE4, 0xB8], [0xAD, 0x0A]]), "the last character decides")
        XCTAssertFalse(repeatPasses([u("x"), [0xD8]]), "cut off by the REP's ESC")
        XCTAssertFalse(repeatPasses([u("x"), [0xD8, 0x0A, 0xA8]]), "cut off by a control")
        XCTAssertFalse(repeatPasses([u("x"), [0xD8], u("\(CSI)m"), [0xA8]]), "cut off by a sequence")
        XCTAssertFalse(repeatPasses([[0xC0, 0x80]]), "overlong")
        XCTAssertFalse(repeatPasses([[0xED, 0xA0, 0x80]]), "a surrogate")
        XCTAssertFalse(repeatPasses([u("x"), [0xA8]]), "a stray continuation byte")
        XCTAssertFalse(repeatPasses([u("x"), [0xFF]]), "never in UTF-8")
        XCTAssertFalse(repeatPasses([u("x"), [0x80, 0x80, 0x80, 0x80]]))

        // The emulator comes back from each, and repeats what it can.
        let e = VTermEmulator(rows: 3, columns: 10)
        e.feed("x\u{85}\(CSI)5bok\r\n\u{200B}\(CSI)5bok\r\nab\(CSI)9C\u{301}\(CSI)5b\(CSI)Hy\(CSI)3b")
        XCTAssertEqual(e.text(0), "yyyy")
        XCTAssertEqual(e.text(1).filter { $0.isLetter }, "ok")
    }

    func test_bytesAnEscapeSkips_leaveItPending_soARepeatAfterThemIsStillCancelled() {
        // libvterm stays in its escape state over NUL, DEL, bytes from 0x80 up (ignored) and C0
        // controls (acted on): what follows the ESC is its final byte, not text written.
        var scanner = ControlScanner()
        let input: [UInt8] = [0x1B, 0xFF, 0xFF, 0x00, 0x7F, 0x28, 0x42] + Array("\(CSI)b".utf8)
        XCTAssertEqual(scan([input], with: &scanner), Array("\(ESC)(B\(CSI)\u{18}".utf8))
        XCTAssertEqual(scanned(["\(ESC)\n[b"]), "\n\(ESC)[\u{18}", "a control in between is acted on, the ESC still pending")
        // The fuzz target's reproducer: the emulator comes back, nothing written.
        let e = VTermEmulator(rows: 2, columns: 10)
        e.feed(input + Array("\(ESC))0\(CSI)bok".utf8))
        XCTAssertEqual(e.text(0), "ok")
    }
}

