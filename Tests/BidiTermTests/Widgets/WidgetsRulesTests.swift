import TestSupport
import XCTest
@testable import BidiTerm

/// One test (or more) per rule R1–R18 of Docs/RTL-RULES.md, named after the rule.
final class WidgetsRulesTests: WidgetTestCase {
    // MARK: Layout direction

    func test_R1_directionIsInheritedAndOverriddenForASubtree() {
        let screen = Stack.vertical([
            .cells(1, Label("abc")),                                   // inherits
            .cells(1, Label("abc").layoutDirection(.ltr)),             // an LTR island
            .cells(1, Stack.horizontal([.fill(Label("x")), .fill(Label("y"))])),   // inherits, nested
            .cells(1, Stack.horizontal([.fill(Label("x")), .fill(Label("y"))]).layoutDirection(.ltr)),
        ])
        assertRows(draw(screen, 6, 4, .rtl), ["   abc", "abc   ", "  y  x", "x  y  "])
        assertRows(draw(screen, 6, 4, .ltr), ["abc   ", "abc   ", "x  y  ", "x  y  "])
        // And an RTL bubble inside an LTR screen.
        assertRows(draw(Label("שלום").layoutDirection(.rtl), 6, 1, .ltr), ["  " + rtl("שלום")])
    }

    func test_R1_rootDirectionComesFromTheLocale() {
        for locale in ["ar_EG", "he_IL", "fa_IR", "ur_PK", "yi", "ckb_IQ", "ar-SA.UTF-8"] {
            XCTAssertEqual(RenderContext(locale: locale).direction, .rtl, locale)
        }
        for locale in ["en_US", "fr_FR", "ja_JP", "tr"] {
            XCTAssertEqual(RenderContext(locale: locale).direction, .ltr, locale)
        }
    }

    func test_R2_hstackFirstChildIsOnTheRightInRTL() {
        let sidebar = Stack.horizontal([.cells(4, Label("side")), .fill(Label("main"))], separator: true)
        assertRows(draw(sidebar, 12, 1, .ltr), ["side│main   "])
        assertRows(draw(sidebar, 12, 1, .rtl), ["   main│side"])
    }

    func test_R2_paneFrameAndSplitMirror() {
        // Without text, the RTL frame is the LTR frame mirrored cell by cell (corners and tees
        // through the mirroring table), with the split on the other side.
        let pane = Pane(split: [.cells(3, Spacer()), .fill(Spacer())])
        let ltr = draw(pane, 10, 3, .ltr).rows
        XCTAssertEqual(ltr, ["┌───┬────┐", "│   │    │", "└───┴────┘"])
        assertRows(draw(pane, 10, 3, .rtl), mirrored(ltr))
        XCTAssertEqual(draw(pane, 10, 3, .rtl).rows, ["┌────┬───┐", "│    │   │", "└────┴───┘"])
        // Corners and tees as the table draws them.
        let m = Mirroring(.rtl)
        XCTAssertEqual(["┌", "┐", "└", "┘", "├", "┤", "╭", "╰", "╔", "╠"].map(m.glyph), ["┐", "┌", "┘", "└", "┤", "├", "╮", "╯", "╗", "╣"])
    }

    func test_R2_paneTitleAtTheLeadingEdge() {
        assertRows(draw(Pane(title: "Title"), 12, 2, .ltr), ["┌─ Title ──┐", "└──────────┘"])
        assertRows(draw(Pane(title: "Title"), 12, 2, .rtl), ["┌── Title ─┐", "└──────────┘"])
    }

    func test_R3_shortTextFollowsContextParagraphFollowsItsLanguage() {
        let english = "An English paragraph stays left aligned in an Arabic screen"
        assertRows(draw(Paragraph(english), 14, 5, .rtl),
                   ["An English    ", "paragraph     ", "stays left    ", "aligned in an ", "Arabic screen "])
        // The same text as a one-line label follows the RTL context.
        assertRows(draw(Paragraph("English line"), 14, 1, .rtl), ["  English line"])
        // A two-line Hebrew block in an LTR screen: the context's (left) edge.
        assertRows(draw(Paragraph("שורה ראשונה ושניה"), 11, 2, .ltr), [rtl("שורה ראשונה"), rtl("ושניה") + "      "])
        // Three lines of Hebrew in an LTR screen: right aligned, its own direction.
        assertRows(draw(Paragraph("אחת שתיים שלוש ארבע"), 8, 4, .ltr),
                   ["     " + rtl("אחת"), "   " + rtl("שתיים"), "    " + rtl("שלוש"), "    " + rtl("ארבע")])
    }

    func test_R4_listAlignsEveryItemToTheContextIncludingOtherScripts() {
        let items = ["כללי", "Morning Light (Live)", "שמע"]
        let b = draw(List(items), 22, 3, .rtl)
        assertRows(b, ["                  " + rtl("כללי"), "  Morning Light (Live)", "                   " + rtl("שמע")])
        // Every item ends at the right edge.
        for y in 0..<3 { XCTAssertNotEqual(b[21, y]?.symbol, " ") }
        let l = draw(List(items), 22, 3, .ltr)
        for y in 0..<3 { XCTAssertNotEqual(l[0, y]?.symbol, " ") }
    }

    func test_R5_wrapFirstThenReorderEachLine() {
        // Logical "שלום abc def עולם" wrapped at 9: line 1 holds "שלום abc", line 2 "def עולם";
        // each line is reordered on its own, so "abc" and "def" are not swapped across lines.
        assertRows(draw(Paragraph("שלום abc def עולם"), 9, 2, .rtl), [" abc " + rtl("שלום"), " " + rtl("עולם") + " def"])
        // Paired brackets show their mirrored glyphs at RTL levels (L4).
        assertRows(draw(Label("שלום (עולם)"), 11, 1, .rtl), ["(" + rtl("עולם") + ") " + rtl("שלום")])
    }

    // MARK: Numbers

    func test_R6_numeralSystemComesFromTheLocale() {
        XCTAssertEqual(RenderContext(locale: "ar_EG").numerals, .arab)
        XCTAssertEqual(RenderContext(locale: "fa_IR").numerals, .arabext)
        XCTAssertEqual(RenderContext(locale: "he_IL").numerals, .latn)
        XCTAssertEqual(RenderContext(locale: "ar_MA").numerals, .latn)
        let bar = ProgressBar(value: 0.5, showPercent: true)
        assertRows(bar.rendered(width: 9, height: 1, context: RenderContext(locale: "ar_EG")), ["٪٥٠    ██"])
        assertRows(bar.rendered(width: 9, height: 1, context: RenderContext(locale: "fa_IR")), ["۵۰٪    ██"])
        assertRows(bar.rendered(width: 9, height: 1, context: RenderContext(locale: "he_IL")), ["50%    ██"])
        assertRows(bar.rendered(width: 9, height: 1, context: RenderContext(locale: "en_US")), ["██    50%"])
        assertRows(Steps(count: 3, current: 1).rendered(width: 5, height: 1, context: RenderContext(locale: "ar_EG")), ["٣ ٢ ١"])
    }

    func test_R7_digitsOfANumberAreNeverReversed() {
        // The steps read from the right (R8), each number keeps its digit order.
        assertRows(draw(Steps(count: 12, current: 12), 26, 1, .rtl), ["12 11 10 9 8 7 6 5 4 3 2 1"])
        let stars = draw(StarRating(value: 0, max: 12, numbers: true), 35, 2, .rtl, numerals: .arab)
        XCTAssertTrue(stars.rows[1].hasPrefix("١٢ ١١ ١٠  ٩"), stars.rows[1])
        // A phone number inside Hebrew text.
        assertRows(draw(Label("טלפון 054-1234567"), 17, 1, .rtl), ["054-1234567 " + rtl("טלפון")])
    }

    func test_R8_ratingNumbersAndStepsReadFromTheLeadingEdge() {
        assertRows(draw(StarRating(value: 3.5, numbers: true), 9, 2, .rtl, numerals: .arab), ["☆ ⯫ ★ ★ ★", "٥ ٤ ٣ ٢ ١"])
        assertRows(draw(StarRating(value: 3.5, numbers: true), 9, 2, .rtl), ["☆ ⯫ ★ ★ ★", "5 4 3 2 1"])
        assertRows(draw(Steps(count: 5, current: 3), 9, 1, .rtl, numerals: .arabext), ["۵ ۴ ۳ ۲ ۱"])
    }

    func test_R8_sliderTicksReverseInRTL() {
        let s = Slider(value: 2, minimum: 1, maximum: 5, ticks: [1, 2, 3, 4, 5])
        assertRows(draw(s, 9, 2, .ltr), ["━━●──────", "1 2 3 4 5"])
        assertRows(draw(s, 9, 2, .rtl), ["──────●━━", "5 4 3 2 1"])
    }

    // MARK: Controls

    func test_R9_progressFillsFromRightInRTL() {
        let bar = ProgressBar(value: 0.6)
        let ltr = draw(bar, 10, 1, .ltr), rtlBar = draw(bar, 10, 1, .rtl)
        assertRows(ltr, ["██████    "])
        assertRows(rtlBar, ["    ██████"])
        XCTAssertEqual(rtlBar.rows, mirrored(ltr.rows))
        // Sub-cell precision in both directions: 0.55 of 10 cells = 5.5 cells.
        assertRows(draw(ProgressBar(value: 0.55), 10, 1, .ltr), ["█████▌    "])
        assertRows(draw(ProgressBar(value: 0.55), 10, 1, .rtl), ["    ▐█████"])
    }

    func test_R9_sliderFillsFromLeadingEdgeAndEndGlyphsSwap() {
        let s = Slider(value: 0.7, startGlyph: "🔈", endGlyph: "🔊")
        let l = draw(s, 16, 1, .ltr), r = draw(s, 16, 1, .rtl)
        assertRows(l, ["🔈 ━━━━━━●─── 🔊"])
        assertRows(r, ["🔊 ───●━━━━━━ 🔈"])
        // The speakers are pictures: they swap places but are not flipped (R16).
        XCTAssertEqual(column(of: "🔈", row: 0, in: r), 14)
        XCTAssertEqual(column(of: "🔊", row: 0, in: r), 0)
    }

    func test_R10_toggleOnSideIsTrailing() {
        XCTAssertEqual(draw(Toggle(isOn: true), 5, 1, .ltr).rows, ["[━━●]"])
        XCTAssertEqual(draw(Toggle(isOn: true), 5, 1, .rtl).rows, ["[●━━]"])
        XCTAssertEqual(draw(Toggle(isOn: false), 5, 1, .ltr).rows, ["[●──]"])
        XCTAssertEqual(draw(Toggle(isOn: false), 5, 1, .rtl).rows, ["[──●]"])
        for on in [true, false] {
            XCTAssertEqual(draw(Toggle(isOn: on), 5, 1, .rtl).rows, mirrored(draw(Toggle(isOn: on), 5, 1, .ltr).rows))
        }
    }

    func test_R11_starsStartAtLeadingEdgeAndHalfStarFacesIt() {
        let l = draw(StarRating(value: 2.5), 9, 1, .ltr), r = draw(StarRating(value: 2.5), 9, 1, .rtl)
        assertRows(l, ["★ ★ ⯪ ☆ ☆"])
        assertRows(r, ["☆ ☆ ⯫ ★ ★"])
        // ⯪ is "star with left half black": the filled half faces the left (leading) edge in LTR;
        // ⯫ "right half black" faces the right (leading) edge in RTL.
        XCTAssertEqual(GlyphMirroring.policy(of: "⯪"), .flip("⯫"))
        XCTAssertEqual(r.rows, mirrored(l.rows))
    }

    func test_R12_backPointsToTheLeadingEdgeNextToTheTrailingEdge() {
        let nav = NavBar(back: "Back", next: "Next")
        assertRows(draw(nav, 14, 1, .ltr), ["‹ Back  Next ›"])
        assertRows(draw(nav, 14, 1, .rtl), ["‹ Next  Back ›"])
        let he = NavBar(back: "הקודם", next: "הבא")
        let b = draw(he, 16, 1, .rtl)
        assertRows(b, ["‹ " + rtl("הבא") + "    " + rtl("הקודם") + " ›"])
        XCTAssertEqual(b[15, 0]?.symbol, "›")   // back: at the right, pointing right
        XCTAssertEqual(b[0, 0]?.symbol, "‹")    // next: at the left, pointing left
    }

    func test_R12_breadcrumbRunsLeadingToTrailingWithSeparatorsPointingTrailing() {
        let crumbs = Breadcrumb(["בית", "יישומים", "ביקורות"])
        assertRows(draw(crumbs, 23, 1, .rtl), [rtl("ביקורות") + " ‹ " + rtl("יישומים") + " ‹ " + rtl("בית")])
        assertRows(draw(crumbs, 23, 1, .ltr), [rtl("בית") + " › " + rtl("יישומים") + " › " + rtl("ביקורות")])
    }

    func test_R13_physicalButtonsNeverFlip() {
        let row = ButtonRow([.init(glyph: "←", text: "Left", physical: true), .init(glyph: "→", text: "Right", physical: true)])
        let l = draw(row, 19, 1, .ltr), r = draw(row, 19, 1, .rtl)
        assertRows(l, ["[← Left] [→ Right] "])
        // Same left-to-right order, same arrows; at the leading edge; glyph before text in reading order.
        assertRows(r, [" [Left ←] [Right →]"])
        XCTAssertLessThan(column(of: "←", row: 0, in: r)!, column(of: "→", row: 0, in: r)!)
        // Physical alignment of a label does not mirror either.
        assertRows(draw(Label("East", alignment: .right), 6, 1, .rtl), ["  East"])
        assertRows(draw(Label("East", alignment: .right), 6, 1, .ltr), ["  East"])
    }

    func test_R14_arrowKeysArePhysicalHomeEndFollowReadingOrder() {
        let s = Slider(value: 0.5)
        XCTAssertEqual(s.value(after: .right, step: 0.1, direction: .ltr), 0.6, accuracy: 1e-9)
        XCTAssertEqual(s.value(after: .right, step: 0.1, direction: .rtl), 0.4, accuracy: 1e-9)
        XCTAssertEqual(s.value(after: .left, step: 0.1, direction: .rtl), 0.6, accuracy: 1e-9)
        XCTAssertEqual(s.value(after: .home, step: 0.1, direction: .rtl), 0)
        XCTAssertEqual(s.value(after: .end, step: 0.1, direction: .rtl), 1)
        XCTAssertEqual(Slider(value: 0.98).value(after: .right, step: 0.1, direction: .ltr), 1)
        // → moves the thumb one cell to the right on screen in both directions.
        for dir in LayoutDirection.allCases {
            let before = Slider(value: 0.5)
            let after = Slider(value: before.value(after: .right, step: 0.25, direction: dir))
            let x0 = column(of: "●", row: 0, in: draw(before, 5, 1, dir))!
            let x1 = column(of: "●", row: 0, in: draw(after, 5, 1, dir))!
            XCTAssertEqual(x1, x0 + 1, "\(dir)")
        }
        // The caret of a field moves on screen too: in "שלום" (RTL) → goes towards the start.
        let c = ctx(.rtl)
        XCTAssertEqual(TextField(text: "שלום", caret: 2).caret(after: .right, context: c), 1)
        XCTAssertEqual(TextField(text: "שלום", caret: 2).caret(after: .left, context: c), 3)
        XCTAssertEqual(TextField(text: "שלום", caret: 0).caret(after: .right, context: c), 0)
        XCTAssertEqual(TextField(text: "שלום", caret: 3).caret(after: .left, context: c), 4)
        XCTAssertEqual(TextField(text: "שלום", caret: 4).caret(after: .right, context: c), 3)
        XCTAssertEqual(TextField(text: "abc", caret: 1).caret(after: .right, context: c), 2)
        XCTAssertEqual(TextField(text: "a📷b", caret: 1).caret(after: .right, context: c), 2)
        XCTAssertEqual(TextField(text: "שלום", caret: 2).caret(after: .home, context: c), 0)
        XCTAssertEqual(TextField(text: "שלום", caret: 2).caret(after: .end, context: c), 4)
        // A toggle's knob follows the arrow on screen.
        XCTAssertTrue(Toggle(isOn: false).isOn(after: .left, direction: .rtl))
        XCTAssertFalse(Toggle(isOn: true).isOn(after: .right, direction: .rtl))
    }

    // MARK: Glyphs

    func test_R15_glyphsThatShowDirectionFlip() {
        let m = Mirroring(.rtl)
        XCTAssertEqual(["‹", "«", "←", "◀", "◁", "▌", "⇤", "⟨", "▸", "⏪"].map(m.glyph), ["›", "»", "→", "▶", "▷", "▐", "⇥", "⟩", "◂", "⏩"])
        XCTAssertEqual(m.glyph("◁)))"), "(((▷")
        // In widgets: the sound-waves button, the list marker, bullets.
        assertRows(draw(ButtonRow([.init(glyph: "◁)))")]), 6, 1, .rtl), ["[(((▷]"])
        assertRows(draw(List(["א"], selected: 0, bullet: "▸"), 6, 1, .rtl), [" א ◂ ◂"])
    }

    func test_R16_neverFlipGlyphsAreDrawnAsAuthored() {
        let never = ["✓", "✔", "✗", "🕐", "⏰", "📷", "🔉", "⏯"]
        for g in never {
            XCTAssertEqual(GlyphMirroring.policy(of: Character(g)), .never, g)
            XCTAssertEqual(Mirroring(.rtl).glyph(g), g)
        }
        // Icons never go through the table, even glyphs it would flip.
        let row = IconRow([.init("✓"), .init("▶"), .init("🕒")])
        assertRows(draw(row, 10, 1, .rtl), ["  ✓  ▶  🕒"])
        // A non-physical button with a never-flip glyph keeps it.
        assertRows(draw(ButtonRow([.init(glyph: "✓", text: "OK")]), 6, 1, .rtl), ["[OK ✓]"])
    }

    func test_R17_orderedRowReversesPositionsUnorderedDoesNot() {
        let icons: [IconRow.Icon<String>] = ["📷", "🎵", "📝"].map { .init($0) }
        let ordered = draw(IconRow(icons, ordered: true), 10, 1, .rtl)
        assertRows(ordered, ["📝  🎵  📷"])
        XCTAssertEqual(draw(IconRow(icons, ordered: true), 10, 1, .ltr).rows, ["📷  🎵  📝"])
        assertRows(draw(IconRow(icons), 10, 1, .rtl), ["📷  🎵  📝"])
    }

    func test_R18_badgeThatDepictsUIMovesWithTheMirroredUI() {
        let row = IconRow([.init("📥")], badge: .init(index: 0, glyph: "●"))
        assertRows(draw(row, 4, 2, .ltr), ["  ● ", "📥  "])   // top-right
        assertRows(draw(row, 4, 2, .rtl), [" ●  ", "  📥"])   // top-left: the trailing side
        XCTAssertEqual(row.badge!.side(in: .rtl), .left)
    }

    func test_R18_modifierBadgeKeepsItsAuthoredSide() {
        let row = IconRow([.init("🛒", label: "Cart")], badge: .init(index: 0, glyph: "+", mirrors: false))
        assertRows(draw(row, 8, 1, .ltr), ["🛒+ Cart"])
        assertRows(draw(row, 8, 1, .rtl), ["Cart 🛒+"])
        XCTAssertEqual(row.badge!.side(in: .rtl), .right)
    }
}
