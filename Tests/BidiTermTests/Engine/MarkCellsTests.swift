import TestSupport
import XCTest
@testable import BidiTerm

/// `LayoutOptions.marksInOwnCells` (R21): for a terminal that moves the cursor a cell over a
/// combining mark (terminology), each harakah and Hebrew point gets a cell of its own next to its
/// letter, after it in reading order, so what the terminal draws takes the columns the layout
/// counted.
final class MarkCellsTests: WidgetTestCase {
    let engine = BidiEngine()
    let cells = LayoutOptions(marksInOwnCells: true)

    /// The cells of the first line, as (text, width).
    private func drawn(_ text: String, _ direction: BaseDirection = .rtl, _ options: LayoutOptions) -> [(String, Int)] {
        engine.layout(text, direction: direction, options: options).lines[0].cells.filter { $0.width > 0 }.map { ($0.text, $0.width) }
    }

    private func hex(_ s: String) -> [UInt32] { s.unicodeScalars.map(\.value) }

    func test_R21_marksInOwnCells_eachMarkTakesACellAfterItsLetter_inReadingOrder() {
        // كَتَبَ: kaf, teh, beh, each with a fatha, read right to left: each fatha in the cell left
        // of its letter. Left to right: beh's fatha, beh final, teh's fatha, teh medial, kaf's
        // fatha, kaf initial.
        let own = drawn("كَتَبَ", .rtl, cells)
        XCTAssertEqual(own.map { hex($0.0) }, [[0x064E], [0xFE90], [0x064E], [0xFE98], [0x064E], [0xFEDB]])
        XCTAssertEqual(own.map(\.1), [1, 1, 1, 1, 1, 1])
        XCTAssertEqual(engine.layout("كَتَبَ", direction: .rtl, options: cells).lines[0].width, 6)
        // Without the option: three cells, each letter with its mark.
        XCTAssertEqual(drawn("كَتَبَ", .rtl, LayoutOptions()).map { hex($0.0) }, [[0xFE90, 0x064E], [0xFE98, 0x064E], [0xFEDB, 0x064E]])

        // Two marks on one letter: a cell each, read in the order written (shadda, then fatha).
        XCTAssertEqual(drawn("\u{0628}\u{0651}\u{064E}", .rtl, LayoutOptions(shaping: false, marksInOwnCells: true)).map { hex($0.0) },
                       [[0x064E], [0x0651], [0x0628]])
        // Hebrew points: shin, shin dot, qamats.
        XCTAssertEqual(drawn("\u{05E9}\u{05C1}\u{05B8}", .rtl, cells).map { hex($0.0) }, [[0x05B8], [0x05C1], [0x05E9]])
        // The mark of a lam-alef ligature follows the ligature's one cell.
        XCTAssertEqual(drawn("لَا", .rtl, cells).map { hex($0.0) }, [[0x064E], [0xFEFB]])
        // A mark with no letter is drawn on a dotted circle, then in its own cell.
        XCTAssertEqual(drawn("\u{064E}", .ltr, cells).map { hex($0.0) }, [[0x25CC], [0x064E]])
        // Left to right, the mark's cell is right of its letter: é written as e + U+0301.
        XCTAssertEqual(drawn("e\u{0301}x", .ltr, cells).map { hex($0.0) }, [[0x65], [0x0301], [0x78]])
        // A letter after a mark in one cluster (a Devanagari conjunct) keeps a cell of its own.
        XCTAssertEqual(drawn("\u{0915}\u{094D}\u{0937}", .ltr, cells).map { hex($0.0) }, [[0x0915], [0x094D], [0x0937]])
        XCTAssertEqual(drawn("\u{0915}\u{094D}\u{0937}", .ltr, cells).map(\.1), [1, 1, 1])
        // A joiner is no mark: it stays in its letter's cell and takes none.
        XCTAssertEqual(drawn("ب\u{200D}", .rtl, LayoutOptions(shaping: false, marksInOwnCells: true)).map(\.1), [1])
    }

    func test_R21_marksInOwnCells_widthsCountEveryMark_andWrappingUsesThem() {
        XCTAssertEqual(engine.width(of: "ضبط السطوع تلقائيًا", options: cells), engine.width(of: "ضبط السطوع تلقائيًا") + 1)
        XCTAssertEqual(engine.width(of: "مُحَمَّد", options: cells), 8)
        XCTAssertEqual(engine.width(of: "\u{05DE}\u{05B4}\u{05DC}\u{05BC}\u{05B8}\u{05D4}", options: cells), 6)
        XCTAssertEqual(engine.width(of: "abc", options: cells), 3)
        // Every line fits its width counting the marks' cells.
        let p = engine.layout("مُحَمَّد رَسُولُ اللَّهِ وَالَّذِينَ مَعَهُ", direction: .rtl, width: 12, options: cells)
        XCTAssertGreaterThan(p.lines.count, 2)
        for line in p.lines {
            XCTAssertLessThanOrEqual(line.width, 12)
            XCTAssertEqual(line.width, line.cells.reduce(0) { $0 + $1.width })
        }
        // The caret sits on the letter, not on its mark's cell; after the text, past the mark.
        let one = engine.layout("بَت", direction: .rtl, options: LayoutOptions(shaping: false, marksInOwnCells: true))
        XCTAssertEqual(one.lines[0].cells.map(\.text), ["ت", "\u{064E}", "ب"])
        XCTAssertEqual(one.caretPosition(logical: 0).column, 2)
        XCTAssertEqual(one.caretPosition(logical: 2).column, 0)
        XCTAssertEqual(one.logicalOffset(line: 0, column: 1), 0)
        let latin = engine.layout("xe\u{0301}", direction: .ltr, options: cells)
        XCTAssertEqual(latin.caretPosition(logical: 1).column, 1)
        XCTAssertEqual(latin.caretPosition(logical: 3).column, 3)
        let tail = engine.layout("بَ", direction: .rtl, options: cells)
        XCTAssertEqual(tail.caretPosition(logical: 2).column, -1, "left of the mark's cell")
    }

    /// The columns a terminal that moves the cursor over every mark puts the cells of row `y` at,
    /// written left to right one after another: (the buffer's column, the terminal's) per cell.
    private func terminalColumns(row y: Int, of buffer: Buffer) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        var at = buffer.area.minX
        for x in buffer.area.minX..<buffer.area.maxX {
            guard let cell = buffer[x, y], !cell.isContinuation else { continue }
            out.append((x, at))
            at += cell.symbol.unicodeScalars.reduce(0) { w, s in
                let sw = WidthTable.width(s)
                return w + (sw > 0 ? sw : (UnicodeProperties.isMark(s) ? 1 : 0))
            }
        }
        return out
    }

    func test_R21_aBorderedRowWithHarakat_keepsItsBorderColumn() {
        let texts = ["ضبط السطوع تلقائيًا", "جارٍ تنزيل مُحَمَّد"]
        let pane = Pane(title: "الإعدادات", child: Stack(.vertical, texts.map { Stack.Child(.cells(1), Label($0)) }))
        let own = draw(pane, 30, 4, .rtl, options: cells)
        for y in 1...2 {
            XCTAssertEqual(own[0, y]?.symbol, "│")
            XCTAssertEqual(own[29, y]?.symbol, "│")
            let columns = terminalColumns(row: y, of: own)
            XCTAssertEqual(columns.filter { $0.0 != $0.1 }.count, 0, "row \(y) shifts: \(own.rowText(y))")
            XCTAssertEqual(columns.last?.1, 29, "the right border stays in column 29")
            // Every mark is drawn, each in a cell of its own.
            XCTAssertTrue((0..<30).contains { own[$0, y].map { NcursesLikeCells.isLoneMark($0.symbol) } ?? false })
        }
        // The same rows laid out with marks on their letters shift in such a terminal: the border
        // moves right by one column per mark.
        let combined = draw(pane, 30, 4, .rtl)
        for (i, text) in texts.enumerated() {
            let marks = text.unicodeScalars.filter { UnicodeProperties.isMark($0) }.count
            XCTAssertGreaterThan(marks, 0)
            XCTAssertEqual(terminalColumns(row: i + 1, of: combined).last?.1, 29 + marks)
        }
    }
}

/// What a cell drawn for a mark alone looks like.
enum NcursesLikeCells {
    static func isLoneMark(_ symbol: String) -> Bool {
        guard let first = symbol.unicodeScalars.first else { return false }
        return UnicodeProperties.isMark(first) && WidthTable.width(first) == 0
    }
}
