import BidiTerm
import XCTest
@testable import BidiTermTerminal

/// The primary screen re-wrapped when the width changes (R32), as tmux does.
final class VTermEmulatorReflowTests: XCTestCase {
    static let hebrew = "זה משפט ארוך בעברית עם מילה מיוחדת באמצע השורה ועוד מילים רבות כדי שיהיה ארוך מאוד מאוד."

    func test_R32_shrinkAndGrow_keepEveryLine_reWrapped() throws {
        let e = VTermEmulator(rows: 10, columns: 100)
        let line = Self.hebrew
        XCTAssertGreaterThan(line.count, 60)
        XCTAssertLessThan(line.count, 100)
        e.feed("$ cat he.txt\r\n" + line + "\r\n$ ")
        e.resize(rows: 10, columns: 60)
        XCTAssertEqual(e.text(0), "$ cat he.txt")
        XCTAssertEqual(e.text(1), String(line.prefix(60)))
        XCTAssertEqual(e.text(2), String(line.dropFirst(60)))
        XCTAssertEqual(e.text(3), "$")
        XCTAssertEqual(e.cursor.y, 3)
        XCTAssertEqual(e.cursor.x, 2)
        e.resize(rows: 10, columns: 100)
        XCTAssertEqual(e.lines.prefix(4), ["$ cat he.txt", line, "$", ""])
        XCTAssertEqual(e.cursor.y, 2)
        XCTAssertEqual(e.cursor.x, 2)
        // Text typed after the grow lands where the shell's cursor is.
        e.feed("ls")
        XCTAssertEqual(e.text(2), "$ ls")
    }

    func test_R32_aFullRowEndedByCRLF_isNotJoinedWithTheNext() throws {
        let e = VTermEmulator(rows: 6, columns: 40)
        e.feed(String(repeating: "-", count: 40) + "\r\nשלום\r\n")
        e.resize(rows: 6, columns: 30)
        XCTAssertEqual(e.text(0), String(repeating: "-", count: 30))
        XCTAssertEqual(e.text(1), String(repeating: "-", count: 10))
        XCTAssertEqual(e.text(2), "שלום")
        e.resize(rows: 6, columns: 40)
        XCTAssertEqual(e.text(0), String(repeating: "-", count: 40))
        XCTAssertEqual(e.text(1), "שלום")
    }

    func test_R32_linesThatNoLongerFit_goToTheScrollback_wideCharactersStayWhole() throws {
        let e = VTermEmulator(rows: 4, columns: 20)
        _ = e.takeScrolledOff()
        e.feed("aaaaaaaaaaaaaaaaaaaa" + "bbbbb\r\n" + "日本語日本語日本語\r\n" + "x")
        // 3 lines: 25 cells, 18 cells, 1 cell; at 10 columns: 3 + 2 + 1 rows, 2 go above.
        e.resize(rows: 4, columns: 10)
        let pushed = e.takeScrolledOff().map { text(of: $0) }
        XCTAssertEqual(pushed, ["aaaaaaaaaa", "aaaaaaaaaa"])
        XCTAssertEqual(e.lines, ["bbbbb", "日本語日本", "語日本語", "x"])
        XCTAssertEqual(e.cursor.y, 3)
        XCTAssertEqual(e.cursor.x, 1)
        assertWellFormed(e)
    }

    func test_R32_theAlternateScreenIsNotReflowed() throws {
        let e = VTermEmulator(rows: 4, columns: 20)
        e.feed("\u{1B}[?1049h" + String(repeating: "z", count: 25))
        e.resize(rows: 4, columns: 10)
        XCTAssertEqual(e.text(0), String(repeating: "z", count: 10))
        XCTAssertEqual(e.text(1), "zzzzz", "cut, not re-wrapped: the program draws it again")
    }
}
