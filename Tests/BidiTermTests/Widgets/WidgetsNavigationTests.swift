import TestSupport
import XCTest
@testable import BidiTerm

/// NavBar, Breadcrumb, Steps, ButtonRow in LTR and RTL.
final class WidgetsNavigationTests: WidgetTestCase {
    func test_nav_LTR_RTL() {
        assertRows(draw(NavBar(back: "Back", next: "Next"), 16, 1, .ltr), ["‹ Back    Next ›"])
        assertRows(draw(NavBar(back: "חזרה", next: "הבא"), 20, 1, .rtl), ["‹ " + rtl("הבא") + "         " + rtl("חזרה") + " ›"])
    }

    func test_nav_onlyOneButton() {
        assertRows(draw(NavBar(next: "הבא"), 8, 1, .rtl), ["‹ " + rtl("הבא") + "   "])
        assertRows(draw(NavBar(back: "رجوع"), 8, 1, .rtl, options: LayoutOptions(shaping: false)), ["  " + rtl("رجوع") + " ›"])
    }

    func test_nav_truncatesToHalfTheRowEach() {
        assertRows(draw(NavBar(back: "Previous page", next: "Next page"), 15, 1, .ltr), ["‹ Prev… Next… ›"])
    }

    func test_nav_styles() {
        let b = draw(NavBar(back: "Back"), 8, 1, .ltr)
        XCTAssertEqual(b[0, 0]?.style, Theme.default.navigation)
        XCTAssertEqual(b[2, 0]?.style, Theme.default.button)
    }

    func test_breadcrumb_LTR_RTL() {
        let c = Breadcrumb(["בית", "יישומים"])
        assertRows(draw(c, 14, 1, .ltr), [rtl("בית") + " › " + rtl("יישומים") + " "])
        assertRows(draw(c, 14, 1, .rtl), [" " + rtl("יישומים") + " ‹ " + rtl("בית")])
        let e = Breadcrumb(["Home", "Apps", "Reviews"])
        assertRows(draw(e, 21, 1, .ltr), ["Home › Apps › Reviews"])
        assertRows(draw(e, 22, 1, .rtl), [" Reviews ‹ Apps ‹ Home"])
    }

    func test_breadcrumb_dropsLeadingPlacesWhenTooLong() {
        let e = Breadcrumb(["Home", "Apps", "Reviews"])
        assertRows(draw(e, 14, 1, .ltr), ["… › Reviews   "])
        assertRows(draw(e, 14, 1, .rtl), ["   Reviews ‹ …"])
        assertRows(draw(e, 8, 1, .ltr), ["… › Rev…"])
        let b = draw(e, 21, 1, .ltr)
        XCTAssertEqual(b[14, 0]?.style, Theme.default.current)   // the current place
        XCTAssertEqual(b[0, 0]?.style, Theme.default.text)
    }

    func test_steps_LTR_RTL() {
        let s = Steps(count: 5, current: 2)
        let l = draw(s, 11, 1, .ltr), r = draw(s, 11, 1, .rtl)
        assertRows(l, ["1 2 3 4 5  "])
        assertRows(r, ["  5 4 3 2 1"])
        XCTAssertEqual(l[2, 0]?.style, Theme.default.current)
        XCTAssertEqual(r[8, 0]?.style, Theme.default.current)
        XCTAssertEqual(r[10, 0]?.style, Theme.default.caption)
    }

    func test_buttons_LTR_RTL() {
        let row = ButtonRow([.init(glyph: "◁)))", text: "Out"), .init(glyph: "→", text: "Right", physical: true)])
        assertRows(draw(row, 24, 1, .ltr), ["[◁))) Out] [→ Right]    "])
        assertRows(draw(row, 24, 1, .rtl), ["    [Right →] [Out (((▷]"])
    }

    func test_buttons_physicalRowKeepsLeftToRightOrder() {
        let transport = ButtonRow(["⏮", "⏪", "⏯", "⏩", "⏭"].map { ButtonRow.Button(glyph: $0, physical: true) })
        XCTAssertTrue(transport.keepsPhysicalOrder)
        // ⏪ and ⏩ are wide (emoji presentation), ⏮ ⏯ ⏭ narrow: 21 columns.
        assertRows(draw(transport, 21, 1, .ltr), ["[⏮] [⏪] [⏯] [⏩] [⏭]"])
        assertRows(draw(transport, 21, 1, .rtl), ["[⏮] [⏪] [⏯] [⏩] [⏭]"])
        assertRows(draw(transport, 23, 1, .rtl), ["  [⏮] [⏪] [⏯] [⏩] [⏭]"])
        // The same glyphs as reading-order previous/next (not physical) flip and reverse.
        let paging = ButtonRow([ButtonRow.Button(glyph: "⏮"), ButtonRow.Button(glyph: "⏭")])
        assertRows(draw(paging, 7, 1, .ltr), ["[⏮] [⏭]"])
        assertRows(draw(paging, 7, 1, .rtl), ["[⏮] [⏭]"])
        XCTAssertEqual(ButtonRow.shownGlyph(paging.buttons[0], direction: .rtl), "⏭")
    }

    func test_buttons_centeredWithHebrewText() {
        let row = ButtonRow([.init(text: "שמור"), .init(text: "ביטול")], alignment: .center)
        assertRows(draw(row, 17, 1, .ltr), [" [" + rtl("שמור") + "] [" + rtl("ביטול") + "]  "])
        assertRows(draw(row, 17, 1, .rtl), ["  [" + rtl("ביטול") + "] [" + rtl("שמור") + "] "])
    }
}
