import XCTest
@testable import BidiTerm

/// The examples in the widgets' doc comments, run as written, so the documentation stays true.
final class WidgetsDocExamplesTests: WidgetTestCase {
    func test_docExamples_widgetAndLabel() {
        var buffer = Buffer(width: 20, height: 1)
        let context = RenderContext(direction: .rtl)
        Label("שלום").render(buffer.area, into: &buffer, context: context)
        XCTAssertEqual(buffer.rows, ["                םולש"])
        XCTAssertEqual(Label("שלום").rendered(width: 6, height: 1, context: RenderContext(direction: .rtl)).rows, ["  םולש"])
        XCTAssertEqual(Label("שלום עולם").rendered(width: 12, height: 1, context: RenderContext(direction: .rtl)).rows, ["   םלוע םולש"])
        XCTAssertEqual(Label("שלום עולם").rendered(width: 6, height: 1, context: RenderContext(direction: .rtl)).rows, [" …םולש"])
        XCTAssertEqual(RenderContext().layoutLine("שלום עולם", direction: .content, maxWidth: 6).text, "…םולש")
        var b = Buffer(width: 12, height: 1)
        b.drawText("שלום עולם", in: Rect(x: 0, y: 0, width: 12, height: 1), align: .leading, style: .plain,
                   context: RenderContext(direction: .rtl))
        XCTAssertEqual(b.rows, ["   םלוע םולש"])
        XCTAssertEqual(Separator().rendered(width: 5, height: 1, context: RenderContext()).rows, ["─────"])
    }

    func test_docExamples_contextAndMirroring() {
        XCTAssertEqual(RenderContext(locale: "fa_IR").numerals, .arabext)
        XCTAssertEqual(RenderContext(locale: "he_IL").numerals, .latn)
        let m = Mirroring(.rtl)
        let row = Rect(x: 0, y: 0, width: 10, height: 1)
        XCTAssertEqual(m.x(leadingOffset: 0, width: 2, in: row), 8)
        XCTAssertEqual(m.place(widths: [3, 4], in: row, spacing: 1).map(\.x), [7, 2])
        XCTAssertEqual(m.glyph("‹"), "›")
        XCTAssertEqual(GlyphMirroring.policy(of: "→"), .flip("←"))
        XCTAssertEqual(GlyphMirroring.policy(of: "✓"), .never)
        XCTAssertEqual(GlyphMirroring.mirrored("◁)))"), "(((▷")
        XCTAssertEqual(GlyphMirroring.mirrored("✓ Done"), "✓ Done")
    }

    func test_docExamples_widgets() {
        let r = RenderContext(direction: .rtl)
        XCTAssertEqual(Paragraph("שלום עולם").rendered(width: 12, height: 1, context: RenderContext(direction: .ltr)).rows, ["םלוע םולש   "])
        XCTAssertEqual(List(["כללי", "Display", "שמע"], selected: 1).rendered(width: 10, height: 3, context: r).rows,
                       ["    יללכ  ", " Display ◂", "     עמש  "])
        XCTAssertEqual(ProgressBar(value: 0.5).rendered(width: 4, height: 1, context: r).rows, ["  ██"])
        XCTAssertEqual(Slider(value: 0.25, startGlyph: "🔅", endGlyph: "🔆").rendered(width: 11, height: 1, context: r).rows,
                       ["🔆 ───●━ 🔅"])
        XCTAssertEqual(StarRating(value: 3.5, max: 5, numbers: true)
            .rendered(width: 9, height: 2, context: RenderContext(direction: .rtl, numerals: .arab)).rows,
                       ["☆ ⯫ ★ ★ ★", "٥ ٤ ٣ ٢ ١"])
        XCTAssertEqual(Toggle(label: "מצב כהה", isOn: true).rendered(width: 14, height: 1, context: r).rows, ["[●━━]  ההכ בצמ"])
        XCTAssertEqual(NavBar(back: "חזרה", next: "הבא").rendered(width: 20, height: 1, context: r).rows, ["‹ אבה         הרזח ›"])
        XCTAssertEqual(Breadcrumb(["בית", "יישומים"]).rendered(width: 14, height: 1, context: r).rows, [" םימושיי ‹ תיב"])
        XCTAssertEqual(Steps(count: 5, current: 2).rendered(width: 9, height: 1, context: r).rows, ["5 4 3 2 1"])
        XCTAssertEqual(ButtonRow([.init(glyph: "⏪", physical: true), .init(glyph: "⏩", physical: true)])
            .rendered(width: 10, height: 1, context: r).rows, [" [⏪] [⏩]"])
        XCTAssertEqual(IconRow([.init("📷"), .init("🎵"), .init("📝")], ordered: true).rendered(width: 10, height: 1, context: r).rows,
                       ["📝  🎵  📷"])
        XCTAssertEqual(TextField(text: "שלום", caret: 4).rendered(width: 8, height: 1, context: r).rows, ["    םולש"])
        XCTAssertEqual(ProgressBar.barCells(fraction: 0.3125, width: 2, direction: .rtl).map(\.symbol), [" ", "▍"])
        XCTAssertEqual(Stack.lengths(of: [.cells(4), .fill, .fill], in: 13, gap: 1), [4, 4, 3])
    }
}
