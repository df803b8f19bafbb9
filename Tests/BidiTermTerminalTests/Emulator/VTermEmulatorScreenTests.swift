import BidiTerm
import XCTest
@testable import BidiTermTerminal

final class VTermEmulatorScreenTests: XCTestCase {
    func test_plainText_andCRLF_fillRows() {
        let e = VTermEmulator(rows: 3, columns: 10)
        e.feed("hello\r\nworld")
        XCTAssertEqual(e.lines, ["hello", "world", ""])
        XCTAssertEqual(e.row(0).count, 10)
        XCTAssertEqual(e.row(0)[5], Cell(" "))
        XCTAssertTrue(e.cursor == (5, 1))
    }

    func test_longLine_wrapsAtTheLastColumn() {
        let e = VTermEmulator(rows: 3, columns: 5)
        e.feed("abcdefgh")
        XCTAssertEqual(e.lines, ["abcde", "fgh", ""])
    }

    func test_sgr_16_256_andTrueColour() {
        let e = VTermEmulator(rows: 2, columns: 10)
        e.feed("\(CSI)31mA\(CSI)94mB\(CSI)38;5;200mC\(CSI)38;2;1;2;3mD\(CSI)48;5;7mE\(CSI)48;5;16mF\(CSI)0mG")
        let r = e.row(0)
        XCTAssertEqual(r[0].style.fg, .ansi(1))
        XCTAssertEqual(r[1].style.fg, .ansi(12))
        XCTAssertEqual(r[2].style.fg, .indexed(200))
        XCTAssertEqual(r[3].style.fg, .rgb(1, 2, 3))
        XCTAssertEqual(r[4].style.bg, .ansi(7))
        XCTAssertEqual(r[5].style.bg, .indexed(16))
        XCTAssertEqual(r[6].style, .plain)
        XCTAssertEqual(r[7].style, .plain, "an empty cell has the default colours")
    }

    func test_sgr_attributes() {
        let e = VTermEmulator(rows: 1, columns: 10)
        e.feed("\(CSI)1mb\(CSI)0;3mi\(CSI)0;4mu\(CSI)0;5mk\(CSI)0;7mr\(CSI)0;9ms\(CSI)0;1;4;7mx\(CSI)m.")
        let a = e.row(0).prefix(8).map(\.style.attributes)
        XCTAssertEqual(a, [.bold, .italic, .underline, .blink, .reverse, .strikethrough,
                           [.bold, .underline, .reverse], []])
    }

    func test_wideCJK_takesTwoCells_withContinuation() {
        let e = VTermEmulator(rows: 1, columns: 6)
        e.feed("a中b")
        let r = e.row(0)
        XCTAssertEqual(r[1], Cell("中", width: 2))
        XCTAssertTrue(r[2].isContinuation)
        XCTAssertEqual(r[3].symbol, "b")
        XCTAssertEqual(e.cursor.x, 4)
        assertWellFormed(e)
    }

    func test_wideCharacter_atTheLastColumn_wrapsWhole() {
        let e = VTermEmulator(rows: 2, columns: 3)
        e.feed("ab中")
        XCTAssertEqual(e.lines, ["ab", "中"])
        assertWellFormed(e)
    }

    func test_combiningMarks_shareTheBaseCell() {
        let e = VTermEmulator(rows: 1, columns: 6)
        e.feed("e\u{301}x\u{5D1}\u{5BC}")  // é, x, bet with dagesh
        let r = e.row(0)
        XCTAssertEqual(r[0].symbol, "e\u{301}")
        XCTAssertEqual(r[1].symbol, "x")
        XCTAssertEqual(r[2].symbol, "\u{5D1}\u{5BC}")
        XCTAssertEqual(r[3].symbol, " ")
    }

    func test_hebrewAndArabic_storedInLogicalOrder() {
        let e = VTermEmulator(rows: 2, columns: 20)
        e.feed("שלום abc\r\nمرحبا 123")
        XCTAssertEqual(e.row(0).prefix(4).map(\.symbol), ["ש", "ל", "ו", "ם"])
        XCTAssertEqual(e.lines, ["שלום abc", "مرحبا 123"])
    }

    func test_utf8CharacterSplitAcrossFeeds_isKeptWhole() {
        let bytes = Array("a—שb中\u{1F600}c".utf8)
        for cut in 0...bytes.count {
            let e = VTermEmulator(rows: 1, columns: 12)
            e.feed(Array(bytes[..<cut]))
            e.feed(Array(bytes[cut...]))
            XCTAssertEqual(e.text(0), "a—שb中\u{1F600}c", "cut at \(cut)")
        }
        XCTAssertEqual(VTermEmulator.incompleteUTF8Suffix([0x61, 0xE2, 0x80]), 2)
        XCTAssertEqual(VTermEmulator.incompleteUTF8Suffix([0xE2, 0x80, 0x94]), 0)
        XCTAssertEqual(VTermEmulator.incompleteUTF8Suffix([0x80, 0x80, 0x80, 0x80]), 0)
        XCTAssertEqual(VTermEmulator.incompleteUTF8Suffix([0xFF]), 0)
    }

    func test_controlCharacters_neverReachASymbol() {
        let e = VTermEmulator(rows: 2, columns: 10)
        e.feed([0x41, 0xC2, 0x85, 0x42, 0xC2, 0x9B, 0x43, 0xFF, 0x44, 0x7F, 0x45, 0x01, 0x7F])
        assertWellFormed(e)
        XCTAssertTrue(e.lines.joined().hasSuffix("\u{FFFD}DE"), "invalid UTF-8 is U+FFFD, DEL is ignored")
        // Whatever libvterm stores, a cell never carries a control character.
        for code: UInt32 in [0, 0x1B, 0x7F, 0x85, 0x9B, 0x9F, 0xD800, 0x110000] {
            XCTAssertEqual(VTermEmulator.scalar(code), "\u{FFFD}", "\(code)")
        }
        XCTAssertEqual(VTermEmulator.scalar(0xA0), "\u{A0}")
    }

    func test_alternateScreen_keepsThePrimary_andDamagesEveryRow() {
        let e = VTermEmulator(rows: 3, columns: 8)
        e.feed("primary")
        _ = e.takeDamagedRows()
        e.feed("\(CSI)?1049h\(CSI)Halt")
        XCTAssertTrue(e.altScreen)
        XCTAssertEqual(e.lines, ["alt", "", ""])
        XCTAssertEqual(e.takeDamagedRows(), [0, 1, 2])
        e.feed("\(CSI)?1049l")
        XCTAssertFalse(e.altScreen)
        XCTAssertEqual(e.lines, ["primary", "", ""])
        XCTAssertEqual(e.takeDamagedRows(), [0, 1, 2])
    }

    func test_scrollRegion_scrollsOnlyItsRows() {
        let e = VTermEmulator(rows: 5, columns: 4)
        e.feed("1\r\n2\r\n3\r\n4\r\n5")
        e.feed("\(CSI)2;4r\(CSI)4;1H\n")  // region rows 2–4, LF at its bottom
        XCTAssertEqual(e.lines, ["1", "3", "4", "", "5"])
        XCTAssertTrue(e.takeScrolledOff().isEmpty, "a region below the top pushes nothing off")
    }

    func test_insertAndDeleteLines() {
        let e = VTermEmulator(rows: 4, columns: 4)
        e.feed("a\r\nb\r\nc\r\nd\(CSI)2;1H\(CSI)L")
        XCTAssertEqual(e.lines, ["a", "", "b", "c"])
        e.feed("\(CSI)2M")
        XCTAssertEqual(e.lines, ["a", "c", "", ""])
    }

    func test_insertAndDeleteCharacters() {
        let e = VTermEmulator(rows: 1, columns: 8)
        e.feed("abcdef\(CSI)1;3H\(CSI)2@")
        XCTAssertEqual(e.text(0), "ab  cdef")
        e.feed("\(CSI)3P")
        XCTAssertEqual(e.text(0), "abdef")
    }

    func test_cursorVisibilityAndShape() {
        let e = VTermEmulator(rows: 2, columns: 4)
        XCTAssertTrue(e.cursorVisible)
        XCTAssertEqual(e.cursorShape, .block)
        e.feed("\(CSI)?25l")
        XCTAssertFalse(e.cursorVisible)
        e.feed("\(CSI)?25h\(CSI)6 q")
        XCTAssertTrue(e.cursorVisible)
        XCTAssertEqual(e.cursorShape, .bar)
        XCTAssertFalse(e.cursorBlink)
        e.feed("\(CSI)3 q")
        XCTAssertEqual(e.cursorShape, .underline)
        XCTAssertTrue(e.cursorBlink)
    }

    func test_reverseVideoAndBell() {
        let e = VTermEmulator(rows: 1, columns: 2)
        e.feed("\(CSI)?5hx\u{7}\u{7}")
        XCTAssertTrue(e.reverseVideo)
        XCTAssertTrue(e.row(0)[0].style.attributes.contains(.reverse))
        XCTAssertEqual(e.bellCount, 2)
    }

    func test_damage_listsChangedRowsOnce_sorted() {
        let e = VTermEmulator(rows: 5, columns: 10)
        XCTAssertEqual(e.takeDamagedRows(), [0, 1, 2, 3, 4], "a new screen is all damaged")
        XCTAssertEqual(e.takeDamagedRows(), [])
        e.feed("\(CSI)4;1Hx\(CSI)2;1Hy\(CSI)4;3Hz")
        XCTAssertEqual(e.takeDamagedRows(), [1, 3])
        e.resize(rows: 3, columns: 12)
        XCTAssertEqual(e.takeDamagedRows(), [0, 1, 2])
    }

    func test_resize_clampsHugeAndZeroSizes() {
        let e = VTermEmulator(rows: 0, columns: -5)
        XCTAssertEqual(e.rows, 1)
        XCTAssertEqual(e.columns, VTermEmulator.minColumns)
        e.feed("abc")
        e.resize(rows: Int.max, columns: 100_000)
        XCTAssertEqual(e.rows, VTermEmulator.maxSize)
        XCTAssertEqual(e.columns, VTermEmulator.maxSize)
        e.feed("x")
        assertWellFormed(e)
        e.resize(rows: 2, columns: 3)
        XCTAssertEqual(e.row(1).count, 3)
        XCTAssertEqual(e.row(-1).count, 3)
        XCTAssertEqual(e.row(99).count, 3)
    }

    func test_wideCharacter_onTheNarrowestScreen_doesNotCrash() {
        // libvterm 0.1.4 writes through a null pointer for a wide character on a 1-column screen.
        let e = VTermEmulator(rows: 3, columns: 1)
        e.feed("中a中")
        XCTAssertEqual(e.columns, 2)
        assertWellFormed(e)
        e.resize(rows: 26, columns: -1)
        e.feed("中")
        assertWellFormed(e)
    }

    func test_fewerRows_withTheCursorAtTheTop_keepTheCursorInside() {
        // libvterm 0.1.4 scrolls the text up and the cursor above the screen; CSI K then crashed.
        for (rows, erase) in [(1, "\(CSI)K"), (2, "\(CSI)J"), (1, "\(CSI)J")] {
            let e = VTermEmulator(rows: 8, columns: 17)
            e.feed("A\r\nB\r\nC\(CSI)H")
            e.resize(rows: rows, columns: 17)
            XCTAssertTrue(e.cursor == (0, 0))
            e.feed(erase + "x")
            XCTAssertEqual(e.text(0), "x")
            assertWellFormed(e)
        }
        let e = VTermEmulator(rows: 8, columns: 17)
        e.feed("\(ESC)#8")  // DECALN: E everywhere, the fuzz test's first find
        e.resize(rows: 2, columns: 29)
        e.feed("\(CSI)J")
        assertWellFormed(e)
    }

    func test_restoringACursorSavedOutsideTheShrunkScreen_keepsItInside() {
        // libvterm 0.1.4 restores the saved row 1 on a 1-row screen; the insert then crashed.
        for restore in ["\(ESC)8", "\(CSI)?1048l", "\(CSI)?1049l"] {
            let e = VTermEmulator(rows: 8, columns: 17)
            e.feed("\u{B}\u{B}\(ESC)7\(CSI)?1049h")
            e.resize(rows: 1, columns: 85)
            e.feed("\(CSI)4h" + restore + "h")
            XCTAssertEqual(e.cursor.y, 0, restore)
            assertWellFormed(e)
            // The same with the restore and the text in separate feeds.
            e.resize(rows: 8, columns: 17)
            e.feed("\(CSI)?1049h\u{B}\u{B}\u{B}\(ESC)7")
            e.resize(rows: 2, columns: 17)
            e.feed(restore)
            e.feed("h")
            XCTAssertTrue((0..<2).contains(e.cursor.y), restore)
            assertWellFormed(e)
        }
    }

    func test_scrolledOffLines_comeOutInOrder_withTheirCells() {
        let e = VTermEmulator(rows: 2, columns: 6)
        e.feed("\(CSI)31mone\(CSI)m\r\nשתיים\r\nthree\r\nfour")
        let lines = e.takeScrolledOff()
        XCTAssertEqual(lines.map(text(of:)), ["one", "שתיים"])
        XCTAssertEqual(lines[0][0].style.fg, .ansi(1))
        // A line ends with its text: the erased cells in the default colours after it are left off.
        XCTAssertEqual(lines.map(\.count), [3, 5])
        lines.forEach { assertWellFormed($0 + Array(repeating: Cell.blank, count: 6 - $0.count), columns: 6) }
        XCTAssertTrue(e.takeScrolledOff().isEmpty)
        XCTAssertEqual(e.lines, ["three", "four"])

        // Erased cells in a colour are kept, and an empty line has no cells.
        let f = VTermEmulator(rows: 2, columns: 6)
        f.feed("a\(CSI)44m\(CSI)K\(CSI)m\r\n\r\n\r\nb")
        let off = f.takeScrolledOff()
        XCTAssertEqual(off.map(\.count), [6, 0])
        guard off.count == 2, off[0].count == 6 else { return }
        XCTAssertEqual(off[0][5].style.bg, .ansi(4))
        XCTAssertEqual(text(of: off[0]), "a")
    }

    func test_scrolledOffLines_areBounded_andTheDroppedCounted() {
        let e = VTermEmulator(rows: 2, columns: 8)
        let limit = 4 * 2 + 1100
        for i in 0..<5000 { e.feed("\(i)\r\n") }
        let lines = e.takeScrolledOff()
        XCTAssertEqual(lines.count, limit)
        XCTAssertEqual(e.droppedScrollLines, 4999 - limit)
        XCTAssertEqual(text(of: lines.last!), "4998")
        XCTAssertEqual(text(of: lines.first!), "\(4999 - limit)")
    }

    func test_alternateScreen_pushesNothingOff() {
        let e = VTermEmulator(rows: 2, columns: 4)
        e.feed("\(CSI)?1049h")
        for i in 0..<10 { e.feed("\(i)\r\n") }
        XCTAssertTrue(e.takeScrolledOff().isEmpty)
    }

    func test_tenThousandColumnLine_wrapsWithoutCrash() {
        let e = VTermEmulator(rows: 24, columns: 80)
        e.feed(String(repeating: "אב中", count: 3_400))
        assertWellFormed(e)
        XCTAssertFalse(e.takeScrolledOff().isEmpty)
    }
}
