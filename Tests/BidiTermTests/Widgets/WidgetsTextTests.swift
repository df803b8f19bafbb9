import TestSupport
import XCTest
@testable import BidiTerm

/// Label, Paragraph, Separator, Spacer in LTR and RTL.
final class WidgetsTextTests: WidgetTestCase {
    func test_label_LTR_RTL() {
        assertRows(draw(Label("שלום עולם"), 12, 2, .ltr), [rtl("שלום עולם") + "   ", "            "])
        assertRows(draw(Label("שלום עולם"), 12, 2, .rtl), ["   " + rtl("שלום עולם"), "            "])
        assertRows(draw(Label("Settings"), 10, 1, .ltr), ["Settings  "])
        assertRows(draw(Label("Settings"), 10, 1, .rtl), ["  Settings"])
    }

    func test_label_physicalAlignmentDoesNotMirror() {
        for dir in LayoutDirection.allCases {
            assertRows(draw(Label("ok", alignment: .left), 5, 1, dir), ["ok   "])
            assertRows(draw(Label("ok", alignment: .right), 5, 1, dir), ["   ok"])
        }
        assertRows(draw(Label("ok", alignment: .trailing), 5, 1, .ltr), ["   ok"])
        assertRows(draw(Label("ok", alignment: .trailing), 5, 1, .rtl), ["ok   "])
    }

    func test_label_truncatesAtLogicalEnd() {
        // Arabic, shaping off so the cells hold the letters as written, in visual order.
        let plain = LayoutOptions(shaping: false)
        assertRows(draw(Label("مرحبا بالعالم"), 8, 1, .rtl, options: plain), ["…" + rtl("مرحبا ب")])
        assertRows(draw(Label("Good morning", direction: .content), 8, 1, .rtl), ["Good mo…"])
        assertRows(draw(Label("Good morning"), 8, 1, .ltr), ["Good mo…"])
    }

    func test_label_arabicIsShaped() {
        // R20 is the engine's; a label hands its cells over unchanged: presentation forms.
        let b = draw(Label("مرحبا"), 5, 1, .rtl)
        XCTAssertEqual(b.rows, [ctx(.rtl).layoutLine("مرحبا", direction: .context, maxWidth: nil).text])
        XCTAssertNotEqual(b.rows, [rtl("مرحبا")])
        XCTAssertEqual(b[4, 0]?.symbol, "\u{FEE3}")   // MEEM initial form, rightmost
    }

    func test_paragraph_shortTextFollowsContext() {
        // One line each: aligned to the context (R3), whatever the script.
        assertRows(draw(Paragraph("שלום עולם"), 12, 1, .ltr), [rtl("שלום עולם") + "   "])
        assertRows(draw(Paragraph("Hello world"), 12, 1, .rtl), [" Hello world"])
        // Two lines: still the context's edge.
        assertRows(draw(Paragraph("שלום עולם יפה"), 10, 3, .ltr), [rtl("שלום עולם") + " ", rtl("יפה") + "       ", "          "])
        assertRows(draw(Paragraph("שלום עולם יפה"), 10, 3, .rtl), [" " + rtl("שלום עולם"), "       " + rtl("יפה"), "          "])
    }

    func test_paragraph_longTextFollowsItsLanguage() {
        let english = "The quick brown fox jumps over the lazy dog"
        let expected = ["The quick   ", "brown fox   ", "jumps over  ", "the lazy dog"]
        assertRows(draw(Paragraph(english), 12, 4, .ltr), expected)
        assertRows(draw(Paragraph(english), 12, 4, .rtl), expected)
        let hebrew = "עברית ועוד מילים רבות מאוד כאן"
        let rows = [rtl("עברית ועוד"), rtl("מילים רבות"), "  " + rtl("מאוד כאן")]
        assertRows(draw(Paragraph(hebrew), 10, 3, .ltr), rows)
        assertRows(draw(Paragraph(hebrew), 10, 3, .rtl), rows)
    }

    func test_paragraph_newlinesSeparateParagraphsEachWithItsOwnRule() {
        let text = "כותרת\nThe quick brown fox jumps over the lazy dog"
        assertRows(draw(Paragraph(text), 12, 5, .ltr),
                   [rtl("כותרת") + "       ", "The quick   ", "brown fox   ", "jumps over  ", "the lazy dog"])
        assertRows(draw(Paragraph(text), 12, 5, .rtl),
                   ["       " + rtl("כותרת"), "The quick   ", "brown fox   ", "jumps over  ", "the lazy dog"])
    }

    func test_paragraph_clipsAtAreaHeight() {
        assertRows(draw(Paragraph("The quick brown fox jumps over the lazy dog"), 12, 2, .ltr),
                   ["The quick   ", "brown fox   "])
    }

    func test_separator_andSpacer() {
        for dir in LayoutDirection.allCases {
            assertRows(draw(Separator(), 5, 2, dir), ["─────", "     "])
            assertRows(draw(Spacer(), 3, 1, dir), ["   "])
        }
    }
}
