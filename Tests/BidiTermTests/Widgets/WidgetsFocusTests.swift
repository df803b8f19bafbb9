import TestSupport
import XCTest
@testable import BidiTerm

/// The focus system (`FocusState`, `FocusScope`, `Focusable`), stateful widgets inside stacks
/// (`WidgetState`), custom environment values and the stack builder, as whole buffers in LTR and
/// RTL.
final class WidgetsFocusTests: WidgetTestCase {
    /// Three one-letter controls side by side with a cell between them.
    func row() -> Stack {
        Stack.horizontal(spacing: 1) {
            Label("a").focusable("a").sized(.cells(1))
            Label("b").focusable("b").sized(.cells(1))
            Label("c").focusable("c").sized(.cells(1))
        }
    }

    func drawScope(_ content: any Widget, _ width: Int, _ height: Int, _ direction: LayoutDirection,
                   _ state: inout FocusState, theme: Theme = .default) -> Buffer {
        var buffer = Buffer(width: width, height: height)
        FocusScope(content).render(buffer.area, into: &buffer, state: &state,
                                   context: RenderContext(direction: direction, theme: theme))
        return buffer
    }

    func test_R14_tabFollowsReadingOrder_leftToRightInLTR_rightToLeftInRTL() {
        for direction in [LayoutDirection.ltr, .rtl] {
            var focus = FocusState()
            let b = drawScope(row(), 5, 1, direction, &focus)
            assertRows(b, [direction == .ltr ? "a b c" : "c b a"])
            XCTAssertEqual(focus.order, ["a", "b", "c"], "reading order in \(direction)")
            XCTAssertEqual(focus.focused, "a", "a new state focuses the first control")
            // The screen columns Tab visits: from the leading edge.
            var columns: [Int] = []
            for _ in 0..<3 {
                columns.append(focus.areas[focus.focused!]!.x)
                XCTAssertTrue(focus.handle(.tab))
            }
            XCTAssertEqual(columns, direction == .ltr ? [0, 2, 4] : [4, 2, 0])
            XCTAssertEqual(focus.focused, "a", "Tab wraps around")
            XCTAssertTrue(focus.handle(.backTab))
            XCTAssertEqual(focus.focused, "c")
            XCTAssertFalse(focus.handle(.right), "arrows are the controls' own (R14)")
        }
    }

    func test_theFocusedControlIsDrawnInTheThemesFocusStyle_fromTheFirstFrame() {
        var theme = Theme.default
        theme.focus = Style(fg: .ansi(3), attributes: .reverse)
        var focus = FocusState()
        let first = drawScope(row(), 5, 1, .rtl, &focus, theme: theme)
        XCTAssertEqual(first[4, 0]?.symbol, "a")
        XCTAssertEqual(first[4, 0]?.style.attributes.contains(.reverse), true, "the first frame already shows the focus")
        XCTAssertEqual(first[2, 0]?.style.attributes.contains(.reverse), false)
        _ = focus.handle(.tab)
        let second = drawScope(row(), 5, 1, .rtl, &focus, theme: theme)
        XCTAssertEqual(second[2, 0]?.style.attributes.contains(.reverse), true)
        XCTAssertEqual(second[2, 0]?.style.fg, .ansi(3))
        XCTAssertEqual(second[4, 0]?.style.attributes.contains(.reverse), false)
    }

    func test_panelHighlight_usesTheFocusBorderAndTitle_andTheFocusedWidgetKnowsIt() {
        var theme = Theme.default
        theme.focusBorder = Style(fg: .ansi(2))
        theme.focusTitle = Style(fg: .ansi(5))
        struct Probe: Widget {
            func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
                buffer.drawText(context.isFocused ? "yes" : "no", in: area, align: .leading, style: .plain,
                                direction: .context, context: context)
            }
        }
        let screen = Stack.horizontal {
            Pane(title: "A", child: Probe()).focusable("left", highlight: .panel)
            Pane(title: "B", child: Probe()).focusable("right", highlight: .panel)
        }
        var focus = FocusState(focused: "right")
        let b = drawScope(screen, 16, 3, .rtl, &focus, theme: theme)
        assertRows(b, ["┌── B ─┐┌── A ─┐", "│   yes││    no│", "└──────┘└──────┘"])
        XCTAssertEqual(b[0, 0]?.style.fg, .ansi(2), "the focused pane (the second, at the left in RTL)")
        XCTAssertEqual(b[8, 0]?.style.fg, Theme.default.border.fg)
    }

    func test_focusState_vanishedControlMouseAndClear() {
        var focus = FocusState(focused: "b")
        _ = drawScope(row(), 5, 1, .rtl, &focus)
        XCTAssertEqual(focus.focused, "b")
        XCTAssertTrue(focus.focus(atColumn: 4, row: 0))
        XCTAssertEqual(focus.focused, "a", "column 4 is the first control in RTL")
        XCTAssertFalse(focus.focus(atColumn: 3, row: 0), "between controls")
        focus.focus("gone")
        _ = drawScope(row(), 5, 1, .ltr, &focus)
        XCTAssertEqual(focus.focused, "a", "a control no longer drawn gives the focus to the first")
        focus.clear()
        _ = drawScope(row(), 5, 1, .ltr, &focus)
        XCTAssertNil(focus.focused, "cleared stays cleared")
        focus.move(by: -1)
        XCTAssertEqual(focus.focused, "c", "Shift-Tab from nothing: the last")
        var empty = FocusState()
        empty.update(order: [])
        empty.move(by: 1)
        XCTAssertNil(empty.focused)
    }

    func test_statefulWidgetInsideAStack_keepsItsScrollOffsetBetweenFrames() {
        let items = (1...10).map { "item \($0)" }
        let menu = WidgetState(ListState(selected: 7))
        let screen = Stack.vertical {
            Label("head").sized(.cells(1))
            List(items).bound(to: menu).sized(.cells(3))
        }
        let first = draw(screen, 9, 4, .ltr)
        XCTAssertEqual(menu.value.offset, 5, "scrolled so that the selection shows")
        XCTAssertTrue(first.rows[3].contains("item 8"))
        menu.value.selected = 6
        let second = draw(screen, 9, 4, .rtl)
        XCTAssertEqual(menu.value.offset, 5, "the offset kept: item 7 is still visible")
        XCTAssertTrue(second.rows[1].contains("item 6"))
    }

    struct Indent: EnvironmentKey { static let defaultValue = 0 }

    /// Draws "x" `context[Indent.self]` cells from the leading edge.
    struct Indented: Widget {
        func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
            buffer.drawText("x", in: context.mirroring.inset(area, leading: context[Indent.self]), align: .leading,
                            style: .plain, direction: .context, context: context)
        }
    }

    func test_environmentValue_reachesItsSubtreeOnly_inBothDirections() {
        let screen = Stack.vertical {
            Indented().sized(.cells(1))
            Stack.vertical { Indented().sized(.cells(1)); Indented().sized(.cells(1)) }
                .environment(Indent.self, 3).sized(.cells(2))
        }
        assertRows(draw(screen, 5, 3, .ltr), ["x    ", "   x ", "   x "])
        assertRows(draw(screen, 5, 3, .rtl), ["    x", " x   ", " x   "])
        XCTAssertEqual(RenderContext()[Indent.self], 0)
        XCTAssertEqual(RenderContext().with(Indent.self, 2)[Indent.self], 2)
    }

    func test_environmentValue_byKeyPath() {
        let screen = Indented().environment(\.indent, 2)
        assertRows(draw(screen, 4, 1, .rtl), [" x  "])
    }

    func test_builder_conditionsLoopsAndBareWidgets() {
        func screen(_ extra: Bool) -> Stack {
            Stack.horizontal(separator: true) {
                Label("ab").sized(.fit)
                if extra { Label("e").sized(.cells(1)) } else { Label("-").sized(.cells(1)) }
                for s in ["p", "q"] { Label(s).sized(.cells(1)) }
                Label("z")
            }
        }
        assertRows(draw(screen(true), 14, 1, .ltr), ["ab│e│p│q│z    "])
        assertRows(draw(screen(false), 14, 1, .rtl), ["    z│q│p│-│ab"])
        XCTAssertEqual(screen(true).children.map(\.size), [.fit, .cells(1), .cells(1), .cells(1), .fill])
    }
}

extension EnvironmentValues {
    /// The test's indent, by key path.
    var indent: Int {
        get { self[WidgetsFocusTests.Indent.self] }
        set { self[WidgetsFocusTests.Indent.self] = newValue }
    }
}
