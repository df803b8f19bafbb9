import TestSupport
import XCTest
@testable import BidiTerm

/// Stack and Pane in LTR and RTL.
final class WidgetsLayoutTests: WidgetTestCase {
    func test_hstack_LTR_RTL() {
        let stack = Stack.horizontal([.cells(3, Label("A")), .fill(Label("B"))], separator: true)
        assertRows(draw(stack, 10, 2, .ltr), ["A  │B     ", "   │      "])
        assertRows(draw(stack, 10, 2, .rtl), ["     B│  A", "      │   "])
    }

    func test_hstack_percentAndSpacing() {
        let stack = Stack.horizontal([.percent(50, Label("א")), .fill(Label("ב"))], spacing: 2)
        // 10 cells, gap 2: 4 + 4.
        assertRows(draw(stack, 10, 1, .ltr), ["א     ב   "])
        assertRows(draw(stack, 10, 1, .rtl), ["   ב     א"])
        XCTAssertEqual(stack.childRects(in: Rect(x: 0, y: 0, width: 10, height: 1), direction: .rtl),
                       [Rect(x: 6, y: 0, width: 4, height: 1), Rect(x: 0, y: 0, width: 4, height: 1)])
    }

    func test_vstack_runsTopToBottomInBothDirections() {
        let stack = Stack.vertical([.cells(1, Label("one")), .fill(Label("two")), .cells(1, Label("six"))], separator: true)
        assertRows(draw(stack, 5, 5, .ltr), ["one  ", "─────", "two  ", "─────", "six  "])
        assertRows(draw(stack, 5, 5, .rtl), ["  one", "─────", "  two", "─────", "  six"])
    }

    func test_stack_childrenThatGetNoCellsAreNotDrawn() {
        let stack = Stack.horizontal([.cells(5, Label("abcde")), .fill(Label("x"))])
        assertRows(draw(stack, 5, 1, .rtl), ["abcde"])
    }

    func test_pane_LTR_RTL() {
        let pane = Pane(title: "כותרת", child: Label("שלום"))
        assertRows(draw(pane, 14, 3, .ltr), [
            "┌─ " + rtl("כותרת") + " ────┐",
            "│" + rtl("שלום") + "        │",
            "└────────────┘",
        ])
        assertRows(draw(pane, 14, 3, .rtl), [
            "┌──── " + rtl("כותרת") + " ─┐",
            "│        " + rtl("שלום") + "│",
            "└────────────┘",
        ])
    }

    func test_pane_titleTruncatesAtItsLogicalEnd() {
        assertRows(draw(Pane(title: "הגדרות תצוגה"), 10, 2, .rtl), ["┌ …" + rtl("הגדר") + " ─┐", "└────────┘"])
        assertRows(draw(Pane(title: "Display settings"), 10, 2, .ltr), ["┌─ Disp… ┐", "└────────┘"])
    }

    func test_pane_splitRunsLeadingToTrailingWithTees() {
        let pane = Pane(split: [.cells(4, Label("in")), .fill(Label("msg"))])
        let ltr = draw(pane, 14, 3, .ltr)
        assertRows(ltr, ["┌────┬───────┐", "│in  │msg    │", "└────┴───────┘"])
        let r = draw(pane, 14, 3, .rtl)
        assertRows(r, ["┌───────┬────┐", "│    msg│  in│", "└───────┴────┘"])
    }

    func test_pane_verticalSplitTees() {
        let pane = Pane(split: [.cells(1, Label("a")), .fill(Label("b"))], axis: .vertical)
        assertRows(draw(pane, 6, 5, .ltr), ["┌────┐", "│a   │", "├────┤", "│b   │", "└────┘"])
        assertRows(draw(pane, 6, 5, .rtl), ["┌────┐", "│   a│", "├────┤", "│   b│", "└────┘"])
    }

    func test_pane_withoutBorder() {
        let pane = Pane(title: "כותרת", border: false, child: Label("x"))
        assertRows(draw(pane, 7, 2, .rtl), ["  " + rtl("כותרת"), "      x"])
        XCTAssertEqual(pane.innerArea(Rect(x: 0, y: 0, width: 7, height: 2)), Rect(x: 0, y: 1, width: 7, height: 1))
    }

    func test_pane_styles() {
        let b = draw(Pane(title: "T"), 8, 2, .ltr)
        XCTAssertEqual(b[0, 0]?.style, Theme.default.border)
        XCTAssertEqual(b[3, 0]?.symbol, "T")
        XCTAssertTrue(b[3, 0]!.style.attributes.contains(.bold))
    }
}
