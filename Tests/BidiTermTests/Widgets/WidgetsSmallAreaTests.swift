import XCTest
@testable import BidiTerm

/// Every widget drawn into 1×1 and zero-size areas: no crash, and nothing drawn outside the area.
final class WidgetsSmallAreaTests: WidgetTestCase {
    /// One of each widget, with RTL text and wide glyphs where the widget takes them.
    static var allWidgets: [(String, any Widget)] {
        [
            ("Label", Label("שלום עולם")),
            ("Paragraph", Paragraph("مرحبا بالعالم، هذه فقرة طويلة")),
            ("List", List(["כללי", "Display", "📷"], selected: 2, bullet: "▸")),
            ("Stack.h", Stack.horizontal([.cells(2, Label("א")), .fill(Label("ב"))], spacing: 1, separator: true)),
            ("Stack.v", Stack.vertical([.percent(50, Label("א")), .fill(Label("ב"))], separator: true)),
            ("Pane", Pane(title: "כותרת", child: Label("x"))),
            ("Pane.split", Pane(title: "T", split: [.cells(3, Label("a")), .fill(Label("b"))])),
            ("Pane.noBorder", Pane(title: "T", border: false, child: Label("x"))),
            ("ProgressBar", ProgressBar(value: 0.37, label: "הורדה", showPercent: true)),
            ("Slider", Slider(value: 0.4, label: "עוצמה", startGlyph: "🔈", endGlyph: "🔊", ticks: [0, 0.5, 1])),
            ("StarRating", StarRating(value: 3.5, max: 12, numbers: true)),
            ("Toggle", Toggle(label: "מצב כהה", isOn: true)),
            ("NavBar", NavBar(back: "חזרה", next: "הבא")),
            ("Breadcrumb", Breadcrumb(["בית", "יישומים", "ביקורות"])),
            ("Steps", Steps(count: 12, current: 3)),
            ("ButtonRow", ButtonRow([.init(glyph: "⏪", text: "אחורה", physical: true), .init(glyph: "◁)))")])),
            ("IconRow", IconRow([.init("📷", label: "מצלמה"), .init("🎵")], ordered: true, badge: .init(index: 0, glyph: "●"))),
            ("TextField", TextField(text: "שלום 📷 abc", caret: 3, placeholder: "חיפוש")),
            ("TextField.empty", TextField(text: "", caret: 0, placeholder: "חיפוש")),
            ("Spacer", Spacer()),
            ("Separator", Separator()),
            ("Scoped", Label("abc").layoutDirection(.ltr).styled(Style(attributes: .bold))),
            ("Stack.sizes", Stack.horizontal([.fit(Label("אב")), .min(2, Label("ג")), .max(3, Label("ד")), .ratio(1, 3, Label("ה"))],
                                             separator: true)),
            ("Focusable", Label("שלום").focusable("x")),
            ("Focusable.panel", Pane(title: "T", child: Label("x")).focusable("x", highlight: .panel)),
            ("EnvironmentScope", Label("abc").environment(\.layoutTestIndent, 2)),
            ("BoundWidget", List(["a", "b", "c"]).bound(to: WidgetState(ListState(selected: 2)))),
        ]
    }

    /// Draws `widget` into `area` of a 7×5 buffer filled with `·`; fails if a cell outside `area`
    /// changed.
    func assertStaysInside(_ name: String, _ widget: any Widget, _ area: Rect, _ dir: LayoutDirection,
                           file: StaticString = #filePath, line: UInt = #line) {
        var b = Buffer(area: Rect(width: 7, height: 5), filling: Cell("·"))
        widget.render(area, into: &b, context: ctx(dir))
        for y in 0..<5 {
            for x in 0..<7 where !area.contains(x: x, y: y) {
                XCTAssertEqual(b[x, y]?.symbol, "·", "\(name) \(dir) wrote (\(x), \(y)) outside \(area)", file: file, line: line)
            }
        }
        // A cell inside a 1-wide area is never the left half of a wide glyph.
        if area.width == 1, area.height > 0 {
            XCTAssertNotEqual(b[area.x, area.y]?.width, 2, "\(name) \(dir): wide cell in one column", file: file, line: line)
        }
    }

    func test_everyWidget_oneByOneArea() {
        for (name, w) in Self.allWidgets {
            for dir in LayoutDirection.allCases {
                assertStaysInside(name, w, Rect(x: 3, y: 2, width: 1, height: 1), dir)
                // And as the whole buffer.
                let b = w.rendered(width: 1, height: 1, context: ctx(dir))
                XCTAssertEqual(b.rows.count, 1, name)
                XCTAssertLessThanOrEqual(b[0, 0]!.width, 1, name)
            }
        }
    }

    func test_everyWidget_zeroSizeAreas() {
        for (name, w) in Self.allWidgets {
            for dir in LayoutDirection.allCases {
                assertStaysInside(name, w, Rect(x: 3, y: 2, width: 0, height: 0), dir)
                assertStaysInside(name, w, Rect(x: 3, y: 2, width: 0, height: 3), dir)
                assertStaysInside(name, w, Rect(x: 1, y: 2, width: 4, height: 0), dir)
                let b = w.rendered(width: 0, height: 0, context: ctx(dir))
                XCTAssertEqual(b.rows, [], name)
            }
        }
    }

    func test_everyWidget_narrowAndShortAreas() {
        // 2×1, 3×2 and 1×4: the in-between sizes where layouts clip.
        for (name, w) in Self.allWidgets {
            for dir in LayoutDirection.allCases {
                assertStaysInside(name, w, Rect(x: 2, y: 1, width: 2, height: 1), dir)
                assertStaysInside(name, w, Rect(x: 2, y: 1, width: 3, height: 2), dir)
                assertStaysInside(name, w, Rect(x: 2, y: 0, width: 1, height: 4), dir)
            }
        }
    }

    func test_statefulWidgets_smallAreasKeepStateValid() {
        var list = ListState(selected: 5, offset: 9)
        _ = List(["a", "b", "c", "d", "e", "f"]).rendered(width: 1, height: 1, state: &list, context: ctx(.rtl))
        XCTAssertEqual(list.offset, 5)
        _ = List(["a", "b"]).rendered(width: 0, height: 0, state: &list, context: ctx(.rtl))
        XCTAssertEqual(list.offset, 0)
        var field = TextFieldState(scroll: 40)
        _ = TextField(text: "hello", caret: 5).rendered(width: 1, height: 1, state: &field, context: ctx(.ltr))
        XCTAssertEqual(field.scroll, 5)
    }
}

extension EnvironmentValues {
    /// A value for `EnvironmentScope` in the small-area tests.
    var layoutTestIndent: Int {
        get { self[WidgetsFocusTests.Indent.self] }
        set { self[WidgetsFocusTests.Indent.self] = newValue }
    }
}
