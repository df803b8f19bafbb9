import TestSupport
import XCTest
@testable import BidiTerm

/// R36: a table's columns run from the leading edge, numbers align by their digits, the selection
/// spans the row, the header stays while the rows scroll, cut cells are marked and reported.
final class WidgetsTableTests: WidgetTestCase {
    let columns = [Table.Column("פריט", width: .fill(1)), Table.Column("מחיר")]
    let rows = [["קפה", "12.90"], ["Croissant", "9.50"], ["עוגה", "120.00"]]

    func test_R36_columnsRunFromTheLeadingEdge_numbersAlignAtTheRight() {
        let table = Table(columns: columns, rows: rows)
        let r = draw(table, 20, 5, .rtl)
        // RTL: the item column at the right, the price column at the left; prices end at the
        // price column's right edge, whatever their length; the items at the right edge (R4).
        assertRows(r, ["  " + rtl("מחיר") + "          " + rtl("פריט"),
                       "────────────────────",
                       " 12.90           " + rtl("קפה"),
                       "  9.50     Croissant",
                       "120.00          " + rtl("עוגה")])
        let l = draw(table, 20, 5, .ltr)
        assertRows(l, [rtl("פריט") + "            " + rtl("מחיר"),
                       "────────────────────",
                       rtl("קפה") + "            12.90",
                       "Croissant       9.50",
                       rtl("עוגה") + "          120.00"])
        XCTAssertEqual(table.alignments(), [.leading, .right])
    }

    func test_R36_numberDetection_digitsWithoutLetters() {
        for n in ["12.90", "-3", "٤٢٪؜", "₪ 12", "1,249.50", "۱۲"] { XCTAssertTrue(Table.isNumber(n), n) }
        for t in ["12 kg", "v2", "ر.س. 5", "", "—", "abc"] { XCTAssertFalse(Table.isNumber(t), t) }
        // One text cell makes the column a text column; empty cells do not count.
        let mixed = Table(columns: [Table.Column("a"), Table.Column("b"), Table.Column("c", alignment: .center)],
                          rows: [["1", "2", "3"], ["x", "", "4"]])
        XCTAssertEqual(mixed.alignments(), [.leading, .right, .center])
    }

    func test_R36_aNegativeNumber_keepsItsSignBeforeTheDigits_inRTL() {
        let t = Table(columns: [Table.Column("שם"), Table.Column("יתרה")], rows: [["דנה", "-12"]])
        let r = draw(t, 12, 3, .rtl)
        XCTAssertTrue(r.rowText(2).contains("-12"), r.rowText(2))
    }

    func test_R36_theSelectionSpansEveryColumn_withTheMarkerAtTheLeadingEdge() {
        let t = Table(columns: columns, rows: rows, selected: 1)
        let r = draw(t, 20, 5, .rtl)
        XCTAssertEqual(r[19, 3]?.symbol, "◂", "the marker is mirrored and at the right: \(r.rows)")
        for x in 0..<20 { XCTAssertEqual(r[x, 3]?.style, RenderContext(direction: .rtl).style(\.text).patched(with: Theme.default.selection).patched(with: x == 19 ? Theme.default.marker : Style.plain), "x \(x)") }
        XCTAssertNotEqual(r[5, 2]?.style, r[5, 3]?.style, "an unselected row is not drawn selected")
        let l = draw(t, 20, 5, .ltr)
        XCTAssertEqual(l[0, 3]?.symbol, "▸")
        XCTAssertTrue(l.rowText(3).hasPrefix("▸ Croissant"), l.rowText(3))
    }

    func test_R36_rowsScroll_underAHeaderThatStays() {
        let many = (1...20).map { ["שורה \($0)", "\($0 * 10)"] }
        var state = TableState(selected: 15)
        let t = Table(columns: [Table.Column("שם", width: .fill(1)), Table.Column("ערך")], rows: many)
        let b = t.rendered(width: 20, height: 6, state: &state, context: ctx(.rtl))
        XCTAssertEqual(state.offset, 12, "the selection is the last visible row")
        XCTAssertTrue(b.rowText(0).hasSuffix(rtl("שם") + "   "), "the header keeps the scroll and marker columns: \(b.rowText(0))")
        XCTAssertTrue(b.rowText(5).contains("160"), b.rows.joined(separator: "\n"))
        XCTAssertEqual(b[19, 2]?.symbol, "│", "the scroll indicator at the leading edge, beside the rows only")
        XCTAssertTrue([b[19, 2]?.symbol, b[19, 3]?.symbol, b[19, 4]?.symbol, b[19, 5]?.symbol].contains("┃"))
        XCTAssertNotEqual(b[19, 0]?.symbol, "│")
    }

    func test_R36_widths_fixedFitAndFill() {
        let t = Table(columns: [Table.Column("a", width: .fixed(3)), Table.Column("bb"), Table.Column("c", width: .fill(1)),
                                Table.Column("d", width: .fill(2))],
                      rows: [["x", "hello", "y", "z"]])
        let c = ctx(.ltr)
        // 30 cells: 3 gaps, fixed 3, fit 5 ("hello"), the 19 left shared 1:2 (the cell the division leaves to the first).
        XCTAssertEqual(t.columnWidths(available: 30, context: c), [3, 5, 7, 12])
        // Too narrow for the fixed and fitted columns: the fitted one gives up cells first.
        XCTAssertEqual(t.columnWidths(available: 9, context: c), [3, 3, 0, 0])
        let fits = Table(columns: [Table.Column("n"), Table.Column("long")], rows: [["1", "abcdefghij"], ["22", "x"]])
        XCTAssertEqual(fits.columnWidths(available: 8, context: c), [2, 5], "the widest gives up cells, the narrow keeps its own")
        XCTAssertEqual(fits.measure(Extent(width: 100, height: 100), context: c), Extent(width: 13, height: 4))
    }

    func test_R36_aCutCell_isMarked_andReported() {
        let recorder = TruncationRecorder()
        var c = ctx(.rtl)
        c.truncations = recorder
        let t = Table(columns: [Table.Column("שם", width: .fixed(5)), Table.Column("מחיר")], rows: [["שוקולד מריר", "12"]])
        let b = t.rendered(width: 12, height: 3, context: c)
        XCTAssertTrue(b.rowText(2).contains("…"), b.rowText(2))
        XCTAssertEqual(recorder.truncations.map(\.text), ["שוקולד מריר"])
        XCTAssertEqual(recorder.truncations.first?.given, 5)
        XCTAssertEqual(recorder.marks.count, 1)
        XCTAssertEqual(b[recorder.marks[0].x, recorder.marks[0].y]?.symbol, "…")
    }

    func test_R36_withoutHeader_andInATinyArea() {
        var t = Table(columns: columns, rows: rows)
        t.showsHeader = false
        let b = draw(t, 20, 3, .ltr)
        XCTAssertTrue(b.rowText(0).contains("12.90"), b.rows.joined(separator: "\n"))
        // No room at all: nothing is drawn and nothing traps.
        for (w, h) in [(0, 0), (1, 1), (3, 1), (20, 1), (20, 2)] {
            let small = draw(Table(columns: columns, rows: rows, selected: 2), w, h, .rtl)
            XCTAssertEqual(small.area.width, w)
        }
        XCTAssertEqual(draw(Table(columns: [], rows: rows), 10, 2, .ltr).rows, ["          ", "          "])
    }

    func test_docExample_table() {
        let table = Table(columns: [Table.Column("פריט", width: .fill(1)), Table.Column("מחיר")],
                          rows: [["קפה", "12.90"], ["Croissant", "9.50"], ["עוגה", "120.00"]],
                          selected: 1)
        let buffer = table.rendered(width: 20, height: 5, context: RenderContext(direction: .rtl))
        XCTAssertEqual(BufferExport.plain(buffer), ["  ריחמ        טירפ  ",
                                                     "────────────────────",
                                                     " 12.90         הפק  ",
                                                     "  9.50   Croissant ◂",
                                                     "120.00        הגוע  "])
    }
}

/// R14: a star rating's keys, as a slider's.
final class StarRatingKeysTests: XCTestCase {
    func test_R14_arrowsArePhysical_digitsSetTheRating() {
        let r = StarRating(value: 3, max: 5)
        XCTAssertEqual(r.value(after: .right, direction: .ltr), 4)
        XCTAssertEqual(r.value(after: .right, direction: .rtl), 2, "the stars start at the right: → lowers")
        XCTAssertEqual(r.value(after: .left, direction: .rtl), 4)
        XCTAssertEqual(r.value(after: .up, step: 0.5, direction: .rtl), 3.5)
        XCTAssertEqual(r.value(after: .down, direction: .ltr), 2)
        XCTAssertEqual(r.value(after: .home, direction: .ltr), 0)
        XCTAssertEqual(r.value(after: .end, direction: .rtl), 5)
        XCTAssertEqual(r.value(after: .character("1"), direction: .ltr), 1)
        XCTAssertEqual(r.value(after: .character("٤"), direction: .rtl), 4)
        XCTAssertEqual(r.value(after: .character("۰"), direction: .rtl), 0)
        XCTAssertEqual(r.value(after: .character("9"), direction: .ltr), 3, "more than max changes nothing")
        XCTAssertEqual(r.value(after: .character("x"), direction: .ltr), 3)
        XCTAssertEqual(StarRating(value: 5, max: 5).value(after: .up, direction: .ltr), 5, "clamped")
        XCTAssertEqual(StarRating(value: 0, max: 5).value(after: .right, direction: .rtl), 0)
    }
}
