import TestSupport
import XCTest
@testable import BidiTerm

/// List in LTR and RTL: alignment, marker, bullet, scrolling.
final class WidgetsListTests: WidgetTestCase {
    let items = ["כללי", "Display", "שמע"]

    func test_list_LTR() {
        let b = draw(List(items, selected: 1), 10, 3, .ltr)
        assertRows(b, ["  " + rtl("כללי") + "    ", "▸ Display ", "  " + rtl("שמע") + "     "])
    }

    func test_list_RTL() {
        let b = draw(List(items, selected: 1), 10, 3, .rtl)
        assertRows(b, ["    " + rtl("כללי") + "  ", " Display ◂", "     " + rtl("שמע") + "  "])
    }

    func test_list_selectedRowIsHighlightedAcrossTheRow() {
        let b = draw(List(items, selected: 1), 10, 3, .rtl)
        let selection = Theme.default.selection
        XCTAssertNotEqual(selection.bg, .default)
        for x in 0..<10 { XCTAssertEqual(b[x, 1]!.style.bg, selection.bg, "x \(x)") }
        for x in 0..<10 { XCTAssertEqual(b[x, 0]!.style.bg, .default, "x \(x)") }
        XCTAssertEqual(b[9, 1]?.style, selection.patched(with: Theme.default.marker))   // the marker
        // In the monochrome theme the selection is reverse video.
        let mono = List(items, selected: 1).rendered(width: 10, height: 3, context: RenderContext(direction: .rtl, theme: .monochrome))
        for x in 0..<10 { XCTAssertTrue(mono[x, 1]!.style.attributes.contains(.reverse), "x \(x)") }
        for x in 0..<10 { XCTAssertFalse(mono[x, 0]!.style.attributes.contains(.reverse), "x \(x)") }
    }

    func test_list_noSelectionReservesNoMarkerColumn() {
        assertRows(draw(List(["one", "two"]), 5, 2, .ltr), ["one  ", "two  "])
        assertRows(draw(List(["אחד", "שתיים"]), 6, 2, .rtl), ["   " + rtl("אחד"), " " + rtl("שתיים")])
    }

    func test_list_bulletsMirror() {
        // R15: a bullet that points into the text flips with it.
        assertRows(draw(List(["a", "b"], bullet: "▸"), 5, 2, .ltr), ["▸ a  ", "▸ b  "])
        assertRows(draw(List(["א", "ב"], bullet: "▸"), 5, 2, .rtl), ["  א ◂", "  ב ◂"])
        assertRows(draw(List(["א"], bullet: "•"), 5, 1, .rtl), ["  א •"])
    }

    func test_list_scrollsToKeepSelectionVisible_LTR_RTL() {
        let letters = ["א", "ב", "ג", "ד", "ה"]
        assertRows(draw(List(letters, selected: 4, bullet: "•"), 8, 3, .ltr),
                   ["│  • ג  ", "│  • ד  ", "┃▸ • ה  "])
        assertRows(draw(List(letters, selected: 4, bullet: "•"), 8, 3, .rtl),
                   ["  ג •  │", "  ד •  │", "  ה • ◂┃"])
        // At the top: the thumb is at the top.
        assertRows(draw(List(letters, selected: 0), 6, 3, .rtl), ["  א ◂┃", "  ב  │", "  ג  │"])
    }

    func test_list_statefulScrollMovesAsLittleAsPossible() {
        let list = List((1...10).map { "item \($0)" })
        var state = ListState(selected: 5, offset: 0)
        _ = list.rendered(width: 12, height: 4, state: &state, context: ctx(.ltr))
        XCTAssertEqual(state.offset, 2)   // 5 is the last visible row
        state.selected = 4
        let b = list.rendered(width: 12, height: 4, state: &state, context: ctx(.ltr))
        XCTAssertEqual(state.offset, 2)   // still visible: no scroll
        XCTAssertEqual(b.rows[2], "│▸ item 5   ")
        state.selected = 0
        _ = list.rendered(width: 12, height: 4, state: &state, context: ctx(.ltr))
        XCTAssertEqual(state.offset, 0)
        XCTAssertEqual(List.scrollOffset(selected: nil, offset: 99, height: 4, count: 10), 6)
        XCTAssertEqual(List.scrollOffset(selected: 3, offset: 0, height: 4, count: 3), 0)
    }

    func test_list_longItemsTruncateAtTheirLogicalEnd() {
        let b = draw(List(["Morning Light (Live)", "שיר ארוך מאוד מאוד"], selected: 0), 10, 2, .rtl)
        assertRows(b, ["Morning… ◂", "…" + rtl("שיר ארו") + "  "])
    }
}
