import TestSupport
import XCTest
@testable import BidiTerm

/// IconRow (with badges) and TextField in LTR and RTL.
final class WidgetsIconsFieldTests: WidgetTestCase {
    // MARK: IconRow

    func test_icons_orderedRow_LTR_RTL() {
        let row = IconRow([.init("📷"), .init("🎵"), .init("📝")], ordered: true)
        assertRows(draw(row, 12, 1, .ltr), ["📷  🎵  📝  "])
        assertRows(draw(row, 12, 1, .rtl), ["  📝  🎵  📷"])
    }

    func test_icons_unorderedRowKeepsAuthoredOrderAtLeadingEdge() {
        let row = IconRow([.init("📷"), .init("🎵")])
        assertRows(draw(row, 8, 1, .ltr), ["📷  🎵  "])
        assertRows(draw(row, 8, 1, .rtl), ["  📷  🎵"])
    }

    func test_icons_captionsFollowTheGlyphInReadingOrder() {
        let row = IconRow([.init("✓", label: "אומת"), .init("🕒", label: "עודכן")], ordered: true)
        assertRows(draw(row, 16, 1, .ltr), ["✓ " + rtl("אומת") + "  🕒 " + rtl("עודכן")])
        assertRows(draw(row, 16, 1, .rtl), [rtl("עודכן") + " 🕒  " + rtl("אומת") + " ✓"])
    }

    func test_icons_badgeInline_LTR_RTL() {
        let row = IconRow([.init("📥", label: "Inbox")], badge: .init(index: 0, glyph: "●"))
        assertRows(draw(row, 10, 1, .ltr), ["📥● Inbox "])
        assertRows(draw(row, 10, 1, .rtl), [" Inbox ●📥"])
        XCTAssertEqual(draw(row, 10, 1, .ltr)[2, 0]?.style, Theme.default.badge)
    }

    func test_icons_badgeOnRowAbove_LTR_RTL() {
        let row = IconRow([.init("📥", label: "Inbox")], badge: .init(index: 0, glyph: "●"))
        assertRows(draw(row, 10, 2, .ltr), ["  ●       ", "📥  Inbox "])
        assertRows(draw(row, 10, 2, .rtl), ["       ●  ", " Inbox  📥"])
    }

    func test_icons_badgeOutOfRangeIsIgnored() {
        let row = IconRow([.init("📷")], badge: .init(index: 3, glyph: "●"))
        assertRows(draw(row, 4, 1, .rtl), ["  📷"])
    }

    // MARK: TextField

    /// The columns of row 0 drawn in the default theme's caret style.
    func caretColumns(_ b: Buffer) -> [Int] {
        (0..<b.area.width).filter { b[$0, 0]!.style.bg == Theme.default.caret.bg && b[$0, 0]!.style.fg == Theme.default.caret.fg }
    }

    func test_field_caretAtEnd_LTR_RTL() {
        let f = TextField(text: "שלום", caret: 4)
        let l = draw(f, 8, 1, .ltr), r = draw(f, 8, 1, .rtl)
        assertRows(l, [" " + rtl("שלום") + "   "])
        assertRows(r, ["    " + rtl("שלום")])
        // The caret after the last letter of RTL text is the cell left of it.
        XCTAssertEqual(caretColumns(l), [0])
        XCTAssertEqual(caretColumns(r), [3])
        XCTAssertEqual(f.caretCell(in: Rect(x: 0, y: 0, width: 8, height: 1), context: ctx(.rtl))?.x, 3)
    }

    func test_field_caretInsideText() {
        // Caret before the first letter: on that letter, the rightmost one of RTL text.
        let r = draw(TextField(text: "שלום", caret: 0), 8, 1, .rtl)
        XCTAssertEqual(caretColumns(r), [7])
        let l = draw(TextField(text: "hello", caret: 1), 8, 1, .ltr)
        XCTAssertEqual(caretColumns(l), [1])
    }

    func test_field_mixedTextCaret() {
        // "שלום abc" in an RTL field reads "abc םולש": the caret before "a" is on "a" (column 0),
        // the caret at the end is right of "c".
        let text = "שלום abc"
        let f = TextField(text: text, caret: 5)
        let b = draw(f, 8, 1, .rtl)
        assertRows(b, ["abc " + rtl("שלום")])
        XCTAssertEqual(f.caretCell(in: b.area, context: ctx(.rtl))?.x, 0)
        XCTAssertEqual(TextField(text: text, caret: 8).caretCell(in: b.area, context: ctx(.rtl))?.x, 3)
        XCTAssertEqual(TextField(text: text, caret: 0).caretCell(in: b.area, context: ctx(.rtl))?.x, 7)
    }

    func test_field_scrollsToKeepCaretVisible() {
        let long = TextField(text: "hello world again", caret: 17)
        assertRows(draw(long, 8, 1, .ltr), ["d again "])
        assertRows(draw(long, 8, 1, .rtl), ["d again "])
        assertRows(draw(TextField(text: "hello world again", caret: 0), 8, 1, .rtl), ["hello wo"])
        // RTL text starts reading at its right end.
        let hebrew = "שלום עולם יפה מאוד"
        assertRows(draw(TextField(text: hebrew, caret: 0), 8, 1, .ltr), [rtl("שלום עול")])
        let end = draw(TextField(text: hebrew, caret: 18), 8, 1, .rtl)
        assertRows(end, [" " + rtl("פה מאוד")])
        XCTAssertEqual(caretColumns(end), [0])
    }

    func test_field_statefulScrollDoesNotJump() {
        var state = TextFieldState()
        _ = TextField(text: "hello world again", caret: 17).rendered(width: 8, height: 1, state: &state, context: ctx(.ltr))
        XCTAssertEqual(state.scroll, 10)
        // The caret leaves the end: the cell past the text is no longer needed, the view closes it.
        var b = TextField(text: "hello world again", caret: 12).rendered(width: 8, height: 1, state: &state, context: ctx(.ltr))
        assertRows(b, ["ld again"])
        XCTAssertEqual(state.scroll, 9)
        // The caret moves inside the visible part: the view stays.
        b = TextField(text: "hello world again", caret: 10).rendered(width: 8, height: 1, state: &state, context: ctx(.ltr))
        assertRows(b, ["ld again"])
        XCTAssertEqual(state.scroll, 9)
        // Without the state the view starts from the reading start and scrolls just enough.
        assertRows(draw(TextField(text: "hello world again", caret: 10), 8, 1, .ltr), ["lo world"])
    }

    func test_field_wideCharacterCutByTheEdgeIsBlank() {
        let b = draw(TextField(text: "ab📷cdefgh", caret: 9), 8, 1, .ltr)
        // Line: a b 📷(2) c d e f g h = 10 columns + caret = 11; window 3..<11 cuts the camera.
        assertRows(b, [" cdefgh "])
    }

    func test_field_placeholder() {
        let f = TextField(text: "", caret: 0, placeholder: "חיפוש")
        let l = draw(f, 8, 1, .ltr), r = draw(f, 8, 1, .rtl)
        assertRows(l, [" " + rtl("חיפוש") + "  "])
        assertRows(r, ["  " + rtl("חיפוש") + " "])
        XCTAssertEqual(r[3, 0]!.style.fg, Theme.default.placeholder.fg)
        XCTAssertEqual(caretColumns(r), [7])
        assertRows(draw(TextField(text: "", placeholder: "Search"), 8, 1, .rtl), ["  Search"])
    }

    func test_field_cellsCarryTheFieldStyle() {
        let b = draw(TextField(text: "ab"), 4, 1, .ltr)
        XCTAssertTrue((0..<4).allSatisfy { b[$0, 0]!.style.attributes.contains(.underline) })
    }

    /// Editing keys (R14 for the arrows): typing inserts at the caret and a mark joins the grapheme
    /// before it; Backspace deletes the logically previous grapheme (a letter with its harakat);
    /// control characters and other keys edit nothing.
    func test_textField_editedByKeys() {
        let c = ctx(.rtl)
        let typed = TextField(text: "אב", caret: 1).edited(by: .character("x"), context: c)
        XCTAssertEqual(typed?.text, "אxב")
        XCTAssertEqual(typed?.caret, 2)
        let mark = TextField(text: "كتب", caret: 1).edited(by: .character("\u{064E}"), context: c)
        XCTAssertEqual(mark?.text, "كَتب")
        XCTAssertEqual(mark?.caret, 1, "the fatha joins the kaf's grapheme")
        let back = TextField(text: "كَتب", caret: 1).edited(by: .backspace, context: c)
        XCTAssertEqual(back?.text, "تب")
        XCTAssertEqual(back?.caret, 0)
        XCTAssertEqual(TextField(text: "ab", caret: 0).edited(by: .delete, context: c)?.text, "b")
        XCTAssertEqual(TextField(text: "ab", caret: 0).edited(by: .end, context: c)?.caret, 2)
        XCTAssertNil(TextField(text: "ab", caret: 0).edited(by: .backspace, context: c))
        XCTAssertNil(TextField(text: "ab").edited(by: .character("\u{1B}"), context: c))
        XCTAssertNil(TextField(text: "ab").edited(by: .tab, context: c))
    }
}
