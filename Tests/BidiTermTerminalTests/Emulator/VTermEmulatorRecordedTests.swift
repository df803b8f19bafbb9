import BidiTerm
import Foundation
import TestSupport
import XCTest
@testable import BidiTermTerminal

/// Real programs' output (Fixtures/README.md says how it was recorded), fed whole and in pieces.
/// The emulator does no bidi: Hebrew and Arabic stay in the logical order the programs wrote.
final class VTermEmulatorRecordedTests: XCTestCase {
    private static let directory = Repository.root.appendingPathComponent("Tests/BidiTermTerminalTests/Fixtures/recorded")

    private func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Self.directory.appendingPathComponent(name)))
    }

    /// The text file `less` and `nano` show, line by line.
    private func sourceLines() throws -> [String] {
        String(decoding: try bytes("text.txt"), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The emulator after `name`, fed in one piece; and checks that feeding it one byte at a time and
    /// in pieces of 7 bytes gives the same screen, cursor and modes.
    private func replay(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> VTermEmulator {
        let data = try bytes(name)
        XCTAssertLessThan(data.count, 50_000, "fixtures stay small", file: file, line: line)
        let whole = VTermEmulator(rows: 24, columns: 80)
        whole.feed(data)
        for size in [1, 7] {
            let pieces = VTermEmulator(rows: 24, columns: 80)
            var i = 0
            while i < data.count {
                pieces.feed(Array(data[i..<min(i + size, data.count)]))
                i += size
            }
            for y in 0..<24 { XCTAssertEqual(pieces.row(y), whole.row(y), "row \(y), pieces of \(size)", file: file, line: line) }
            XCTAssertTrue(pieces.cursor == whole.cursor, "cursor, pieces of \(size)", file: file, line: line)
            XCTAssertEqual(pieces.altScreen, whole.altScreen, file: file, line: line)
            XCTAssertEqual(pieces.cursorVisible, whole.cursorVisible, file: file, line: line)
        }
        assertWellFormed(whole, file: file, line: line)
        return whole
    }

    func test_dialog_msgbox_hebrewTitleAndArabicText() throws {
        let e = try replay("dialog-24x80.typescript")
        assertLinesEqual(Array(e.lines[7...14]), [
            "                   ┌───────────────כותרת──────────────────┐",
            "                   │ שלום עולם — مرحبا بالعالم            │",
            "                   │                                      │",
            "                   │                                      │",
            "                   │                                      │",
            "                   ├──────────────────────────────────────┤",
            "                   │               <  OK  >               │",
            "                   └──────────────────────────────────────┘",
        ])
        XCTAssertEqual(e.row(8)[21].symbol, "ש", "the first letter the program wrote is leftmost")
        XCTAssertTrue(e.lines[0...6].allSatisfy(\.isEmpty))
        XCTAssertTrue(e.cursor == (38, 13), "on the OK button")
    }

    func test_less_showsTheFileInLogicalOrder_onTheAlternateScreen() throws {
        let e = try replay("less-24x80.typescript")
        XCTAssertTrue(e.altScreen)
        assertLinesEqual(e.lines, Array(try sourceLines()[0..<23]) + ["text.txt"])
        XCTAssertTrue(e.row(23)[0].style.attributes.contains(.reverse), "the prompt is in reverse video")
        XCTAssertTrue(e.cursor == (8, 23))
    }

    func test_nano_editsTheFile_withItsChrome() throws {
        let e = try replay("nano-24x80.typescript")
        XCTAssertTrue(e.altScreen)
        let lines = e.lines
        XCTAssertEqual(lines[0], "  GNU nano 7.2                        text.txt")
        assertLinesEqual(Array(lines[1...20]), Array(try sourceLines()[0..<20]))
        XCTAssertEqual(lines[21], "                               [ Read 40 lines ]")
        XCTAssertEqual(lines[23], "^X Exit      ^R Read File ^\\ Replace   ^U Paste     ^J Justify   ^/ Go To Line")
        XCTAssertTrue(e.row(0)[2].style.attributes.contains(.reverse), "the title bar")
        XCTAssertTrue(e.cursor == (0, 1))
        XCTAssertTrue(e.cursorVisible)
    }

    func test_pythonCurses_coloursAttributesAndWideCharacters() throws {
        let e = try replay("curses-24x80.typescript")
        XCTAssertTrue(e.altScreen)
        XCTAssertFalse(e.cursorVisible, "curs_set(0)")
        let lines = e.lines
        XCTAssertEqual(lines[0], "Python curses: עברית ועربية")
        XCTAssertEqual(lines[2], "  שם: דנה כהן")
        XCTAssertEqual(lines[3], "  الاسم: سارة")
        XCTAssertEqual(lines[5], "  中文 wide ok")
        XCTAssertEqual(lines[23], "q לצאת")
        XCTAssertEqual(e.row(0)[15].style, Style(attributes: .bold))
        XCTAssertEqual(e.row(2)[2].style, Style(fg: .ansi(3), bg: .ansi(4)), "pair 1: yellow on blue")
        XCTAssertEqual(e.row(3)[2].style, Style(fg: .indexed(196), attributes: .underline), "pair 2: 196 on default")
        XCTAssertEqual(e.row(5)[2], Cell("中", width: 2))
        XCTAssertTrue(e.row(5)[3].isContinuation)
        XCTAssertEqual(e.row(23)[2].symbol, "ל")
        XCTAssertEqual(e.row(23)[2].style.attributes, .reverse)
    }

    func test_bash_scrollsColouredLinesOff_andSetsATitle() throws {
        let e = try replay("bash-24x80.typescript")
        XCTAssertFalse(e.altScreen)
        let off = e.takeScrolledOff()
        XCTAssertEqual(off.map(text(of:)), (1...8).map { "שורה \($0) — سطر \($0)" })
        XCTAssertEqual(off[0][0].style.fg, .ansi(1), "line 1 in colour 1")
        XCTAssertEqual(off[7][0].style.fg, .ansi(0), "line 8: SGR 30")
        XCTAssertEqual(e.lines[0], "שורה 9 — سطر 9")
        XCTAssertEqual(e.lines[21], "שורה 30 — سطر 30")
        XCTAssertEqual(e.lines[22], "done")
        XCTAssertEqual(e.title, "כותרת bash")
    }
}
