import TestSupport
import XCTest
@testable import BidiTerm

/// The stack's sizes (cells, percent, ratio, fit, min, max, fill), its solver and the natural sizes
/// widgets report, as lengths and as whole buffers in LTR and RTL.
final class WidgetsStackSizesTests: WidgetTestCase {
    func test_solver_setSizesFirstInOrderThenFlexibleShareTheRest() {
        XCTAssertEqual(Stack.lengths(of: [.cells(4), .fill, .fill], in: 13, gap: 1), [4, 4, 3])
        XCTAssertEqual(Stack.lengths(of: [.ratio(1, 3), .fill], in: 12), [4, 8])
        XCTAssertEqual(Stack.lengths(of: [.ratio(2, 3), .ratio(2, 3)], in: 12), [8, 4], "clipped to what is left")
        XCTAssertEqual(Stack.lengths(of: [.ratio(1, 0), .fill], in: 12), [0, 12], "a zero denominator is no share")
        XCTAssertEqual(Stack.lengths(of: [.percent(25), .cells(3)], in: 20), [5, 3], "no flexible child: the rest stays empty")
    }

    func test_solver_minIsAFlexibleChildWithAFloor() {
        XCTAssertEqual(Stack.lengths(of: [.min(10), .fill], in: 30), [15, 15], "above the floor it shares equally")
        XCTAssertEqual(Stack.lengths(of: [.min(12), .fill], in: 20), [12, 8])
        XCTAssertEqual(Stack.lengths(of: [.min(12), .fill], in: 8), [8, 0], "the floor is clipped to the stack")
        XCTAssertEqual(Stack.lengths(of: [.cells(5), .min(4)], in: 7), [5, 2], "set sizes before it keep theirs")
        XCTAssertEqual(Stack.lengths(of: [.min(3)], in: 10), [10], "alone it takes everything")
    }

    func test_solver_maxIsAFlexibleChildWithABound_whatItCannotTakeGoesToTheOthers() {
        XCTAssertEqual(Stack.lengths(of: [.max(5), .fill], in: 20), [5, 15])
        XCTAssertEqual(Stack.lengths(of: [.max(15), .fill], in: 20), [10, 10], "under its bound it shares equally")
        XCTAssertEqual(Stack.lengths(of: [.max(3), .max(4)], in: 20), [3, 4], "all at their bounds: the rest stays empty")
        XCTAssertEqual(Stack.lengths(of: [.max(2), .fill, .fill], in: 11), [2, 5, 4], "the odd cell to the first that can take it")
        XCTAssertEqual(Stack.lengths(of: [.fill, .max(0)], in: 6), [6, 0])
    }

    func test_solver_neverHandsOutMoreThanTheStack_andLargeExtentsAreCheap() {
        let sizes: [Stack.Size] = [.cells(7), .min(5), .max(9), .fill, .percent(30), .ratio(1, 4), .fit]
        for total in 0...60 {
            let l = Stack.lengths(of: sizes, in: total, gap: 1)
            XCTAssertEqual(l.count, sizes.count)
            XCTAssertTrue(l.allSatisfy { $0 >= 0 })
            XCTAssertLessThanOrEqual(l.reduce(0, +), max(0, total - 6), "total \(total): \(l)")
            XCTAssertLessThanOrEqual(l[2], 9)
        }
        XCTAssertEqual(Stack.lengths(of: [.fill, .max(10), .fill], in: 1_000_000_001), [499_999_996, 10, 499_999_995])
    }

    func test_fit_takesTheLabelsWidth_atTheLeadingEdge() {
        let stack = Stack.horizontal([.fit(Label("שם:")), .fill(Label("Ada"))], spacing: 1)
        assertRows(draw(stack, 10, 1, .ltr), ["םש: Ada   "])  // an LTR label: the colon after it on the right
        assertRows(draw(stack, 10, 1, .rtl), ["   Ada " + rtl("שם:")])
    }

    func test_fit_inAVerticalStack_takesAParagraphsWrappedHeight() {
        let stack = Stack.vertical([.fit(Paragraph("one two three")), .fill(Label("end"))])
        assertRows(draw(stack, 7, 4, .ltr), ["one two", "three  ", "end    ", "       "])
        assertRows(draw(stack, 7, 4, .rtl), ["one two", "  three", "    end", "       "])  // R3: two lines follow the context
    }

    func test_minMaxRatio_asBuffers_LTR_RTL() {
        let stack = Stack.horizontal([.max(3, Label("aaaaaa")), .ratio(1, 2, Label("b")), .min(2, Label("c"))])
        assertRows(draw(stack, 10, 1, .ltr), ["aa…b    c "])
        assertRows(draw(stack, 10, 1, .rtl), [" c    b…aa"])  // the ellipsis at the logical end of an RTL line
    }

    func test_measure_naturalSizes() {
        let c = ctx(.rtl)
        let big = Extent(width: 40, height: 10)
        XCTAssertEqual(Label("שלום").measure(big, context: c), Extent(width: 4, height: 1))
        XCTAssertEqual(Label("שלום").measure(Extent(width: 2, height: 1), context: c), Extent(width: 2, height: 1))
        XCTAssertEqual(Spacer().measure(big, context: c), Extent(width: 0, height: 0))
        XCTAssertEqual(Paragraph("aa bb cc").measure(Extent(width: 5, height: 10), context: c), Extent(width: 5, height: 2))
        let stack = Stack.vertical([.fit(Label("abc")), .cells(2, Label("x"))], spacing: 1)
        XCTAssertEqual(stack.measure(big, context: c), Extent(width: 3, height: 4))
        let row = Stack.horizontal([.fit(Label("abc")), .min(4, Label("x")), .max(2, Label("wxyz"))], separator: true)
        XCTAssertEqual(row.measure(big, context: c), Extent(width: 3 + 4 + 2 + 2, height: 1))
        XCTAssertEqual(Pane(title: "Title", child: Label("ab")).measure(big, context: c), Extent(width: 10, height: 3))
        XCTAssertEqual(Pane(child: Label("ab")).measure(big, context: c), Extent(width: 4, height: 3))
        XCTAssertEqual(Label("x").layoutDirection(.ltr).measure(big, context: c), Extent(width: 1, height: 1))
        XCTAssertEqual(ProgressBar(value: 0.5).measure(big, context: c), big, "no natural size: the whole proposal")
    }

    func test_childRects_measureFitInTheContext_theDirectionOnlyOverloadGivesFitNothing() {
        let stack = Stack.horizontal([.fit(Label("abcd")), .fill(Label("x"))])
        let area = Rect(x: 0, y: 0, width: 10, height: 1)
        XCTAssertEqual(stack.childRects(in: area, context: ctx(.rtl)),
                       [Rect(x: 6, y: 0, width: 4, height: 1), Rect(x: 0, y: 0, width: 6, height: 1)])
        XCTAssertEqual(stack.childRects(in: area, direction: .ltr),
                       [Rect(x: 0, y: 0, width: 0, height: 1), Rect(x: 0, y: 0, width: 10, height: 1)])
    }
}
