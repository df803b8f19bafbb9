import TestSupport
import XCTest
@testable import BidiTerm

/// ProgressBar, Slider, StarRating, Toggle in LTR and RTL.
final class WidgetsControlsTests: WidgetTestCase {
    // MARK: ProgressBar

    func test_progress_LTR_RTL() {
        let bar = ProgressBar(value: 0.5, label: "Down")
        assertRows(draw(bar, 12, 1, .ltr), ["Down ███▌   "])
        assertRows(draw(bar, 12, 1, .rtl), ["   ▐███ Down"])
    }

    func test_progress_everyEighthInBothDirections() {
        // One cell, each eighth: LTR left blocks; RTL right blocks where fonts have them (▕ ▐),
        // otherwise the complementary left block in reverse video.
        let ltr = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        let rtlCells: [(String, Bool)] = [("▕", false), ("▊", true), ("▋", true), ("▐", false), ("▍", true), ("▎", true), ("▏", true)]
        for e in 1...7 {
            let f = Double(e) / 8
            let l = draw(ProgressBar(value: f), 1, 1, .ltr)
            assertRows(l, [ltr[e - 1]], "\(e)/8 LTR")
            XCTAssertFalse(l[0, 0]!.style.attributes.contains(.reverse))
            let r = draw(ProgressBar(value: f), 1, 1, .rtl)
            assertRows(r, [rtlCells[e - 1].0], "\(e)/8 RTL")
            XCTAssertEqual(r[0, 0]!.style.attributes.contains(.reverse), rtlCells[e - 1].1, "\(e)/8 RTL reverse")
        }
    }

    func test_progress_reverseVideoPartialUsesFillAsBackgroundColour() {
        let b = draw(ProgressBar(value: 3.0 / 16), 2, 1, .rtl)   // 3 eighths of two cells
        assertRows(b, [" ▋"])
        let cell = b[1, 0]!
        XCTAssertEqual(cell.style.fg, Theme.default.barFill.fg)
        XCTAssertEqual(cell.style.bg, Theme.default.barTrack.bg)
        XCTAssertTrue(cell.style.attributes.contains(.reverse))
        XCTAssertEqual(b[0, 0]!.style, Theme.default.barTrack)
    }

    func test_progress_clampsAndRounds() {
        assertRows(draw(ProgressBar(value: 1.7), 4, 1, .rtl), ["████"])
        assertRows(draw(ProgressBar(value: -1), 4, 1, .rtl), ["    "])
        assertRows(draw(ProgressBar(value: .nan), 4, 1, .ltr), ["    "])
        XCTAssertEqual(ProgressBar.barCells(fraction: 0.3125, width: 2, direction: .ltr).map(\.symbol), ["▋", " "])
        XCTAssertEqual(ProgressBar.barCells(fraction: 0.3125, width: 2, direction: .rtl).map(\.symbol), [" ", "▍"])
    }

    func test_progress_labelRowAndPercent() {
        let bar = ProgressBar(value: 0.5, label: "הורדה", showPercent: true)
        assertRows(draw(bar, 14, 2, .ltr), [rtl("הורדה") + "         ", "████▌      50%"])
        assertRows(draw(bar, 14, 2, .rtl), ["         " + rtl("הורדה"), "50%      ▐████"])
    }

    func test_progress_percentInArabicDigits() {
        let bar = ProgressBar(value: 0.42, showPercent: true)
        // ICU writes CLDR's Arabic percentage, `٤٢٪` and an Arabic letter mark: the percent sign
        // follows the number in reading order, left of the digits, in either direction. In RTL
        // the percentage is at the trailing (left) end.
        assertRows(draw(bar, 12, 1, .ltr, numerals: .arab), ["███      ٪٤٢"])
        assertRows(draw(bar, 12, 1, .rtl, numerals: .arab), ["٪٤٢      ███"])
    }

    // MARK: Slider

    func test_slider_LTR_RTL() {
        let s = Slider(value: 0.25, startGlyph: "🔅", endGlyph: "🔆")
        assertRows(draw(s, 11, 1, .ltr), ["🔅 ━●─── 🔆"])
        assertRows(draw(s, 11, 1, .rtl), ["🔆 ───●━ 🔅"])
    }

    func test_slider_labelRowAndTicks() {
        let s = Slider(value: 50, minimum: 0, maximum: 100, label: "עוצמה", ticks: [0, 50, 100])
        assertRows(draw(s, 16, 3, .ltr), [rtl("עוצמה") + "           ", "━━━━━━━━●───────", "0       50   100"])
        assertRows(draw(s, 16, 3, .rtl), ["           " + rtl("עוצמה"), "───────●━━━━━━━━", "100   50       0"])
    }

    func test_slider_inlineLabelWhenOneRow() {
        let s = Slider(value: 1, label: "Vol", startGlyph: "−", endGlyph: "+")
        assertRows(draw(s, 14, 1, .ltr), ["Vol − ━━━━━● +"])
        assertRows(draw(s, 14, 1, .rtl), ["+ ●━━━━━ − Vol"])
    }

    func test_slider_flippingEndGlyphsGoThroughTheTable() {
        // A speaker drawn with text (◁)) is a glyph that shows direction (R15): it flips.
        let s = Slider(value: 0, startGlyph: "◁", endGlyph: "◁)))")
        assertRows(draw(s, 12, 1, .ltr), ["◁ ●──── ◁)))"])
        assertRows(draw(s, 12, 1, .rtl), ["(((▷ ────● ▷"])
    }

    func test_slider_ticksInLocaleDigitsWithFractions() {
        let s = Slider(value: 0, minimum: 0, maximum: 1, ticks: [0, 0.5, 1])
        assertRows(draw(s, 9, 2, .rtl, numerals: .arabext), ["────────●", "۱  ۰٫۵  ۰"])
    }

    // MARK: StarRating

    func test_rating_LTR_RTL() {
        let r = StarRating(value: 3.5, max: 5, numbers: true)
        assertRows(draw(r, 9, 2, .ltr), ["★ ★ ★ ⯪ ☆", "1 2 3 4 5"])
        assertRows(draw(r, 9, 2, .rtl), ["☆ ⯫ ★ ★ ★", "5 4 3 2 1"])
    }

    func test_rating_roundingAndStyles() {
        XCTAssertEqual(StarRating(value: 2.2).stars, [.full, .full, .empty, .empty, .empty])
        XCTAssertEqual(StarRating(value: 2.3).stars, [.full, .full, .half, .empty, .empty])
        XCTAssertEqual(StarRating(value: 2.8).stars, [.full, .full, .full, .empty, .empty])
        XCTAssertEqual(StarRating(value: 9, max: 3).stars, [.full, .full, .full])
        XCTAssertEqual(StarRating(value: -2, max: 2).stars, [.empty, .empty])
        let b = draw(StarRating(value: 1), 9, 1, .rtl)
        XCTAssertEqual(b[8, 0]?.style, Theme.default.starFilled)
        XCTAssertEqual(b[6, 0]?.style, Theme.default.starEmpty)
    }

    func test_rating_tenStarsAlignNumbersUnderStars() {
        let r = StarRating(value: 2, max: 10, numbers: true)
        let ltr = draw(r, 29, 2, .ltr)
        assertRows(ltr, ["★  ★  ☆  ☆  ☆  ☆  ☆  ☆  ☆  ☆ ", "1  2  3  4  5  6  7  8  9  10"])
        let rt = draw(r, 29, 2, .rtl)
        assertRows(rt, [" ☆  ☆  ☆  ☆  ☆  ☆  ☆  ☆  ★  ★", "10  9  8  7  6  5  4  3  2  1"])
    }

    func test_rating_asciiGlyphs() {
        let r = StarRating(value: 1.5, max: 3, glyphs: .ascii)
        assertRows(draw(r, 5, 1, .ltr), ["* [ ."])
        assertRows(draw(r, 5, 1, .rtl), [". ] *"])
    }

    // MARK: Toggle

    func test_toggle_LTR_RTL() {
        assertRows(draw(Toggle(label: "מצב כהה", isOn: true), 14, 1, .ltr), [rtl("מצב כהה") + "  [━━●]"])
        assertRows(draw(Toggle(label: "מצב כהה", isOn: true), 14, 1, .rtl), ["[●━━]  " + rtl("מצב כהה")])
        assertRows(draw(Toggle(label: "Dark", isOn: false), 12, 1, .ltr), ["Dark   [●──]"])
        assertRows(draw(Toggle(label: "Dark", isOn: false), 12, 1, .rtl), ["[──●]   Dark"])
    }

    func test_toggle_stylesAndNarrowArea() {
        let on = draw(Toggle(isOn: true), 5, 1, .ltr)
        XCTAssertEqual(on[3, 0]?.style, Theme.default.toggleOn)
        assertRows(draw(Toggle(isOn: true), 3, 1, .rtl), ["●  "])
        assertRows(draw(Toggle(isOn: false), 3, 1, .ltr), ["  ○"])
        XCTAssertEqual(Toggle(isOn: true).switchText(direction: .rtl), "[●━━]")
        XCTAssertEqual(Toggle(isOn: false).switchText(direction: .rtl), "[──●]")
    }
}
