import XCTest
@testable import BidiTerm

/// Hidden characters revealed in place: the shared reveal function (`Sanitizer.revealing`, used by
/// `check`'s fixes and `browse`'s findings) and the engine's `revealControls` (the revealed lines
/// of `inspect` and `browse`).
final class RevealTests: XCTestCase {
    let engine = BidiEngine()

    /// The visual line of `text`, unshaped so letters compare as typed.
    func shown(_ text: String, _ direction: BaseDirection, reveal: Bool = false) -> String {
        engine.layout(text, direction: direction, options: LayoutOptions(shaping: false, revealControls: reveal)).lines.map(\.text).joined()
    }

    func test_revealing_isolatesEachToken() {
        XCTAssertEqual(Sanitizer.revealing("نمی\u{200C}شود"), "نمی\u{2066}⟨ZWNJ⟩\u{2069}شود")
        XCTAssertEqual(Sanitizer.revealing("a\u{202E}b\u{1B}"), "a\u{2066}⟨RLO⟩\u{2069}b␛")
        XCTAssertEqual(Sanitizer.revealing("plain"), "plain")
    }

    /// The Persian word نمی‌شود ("it does not") has a ZWNJ between ی and ش. Revealed, the token must
    /// sit between those two letters, with the word's letters in their order around it, whether the
    /// line is shown in an RTL or an LTR paragraph (a fix line starts with English).
    func test_revealing_aZWNJ_sitsBetweenItsLetters_inBothParagraphDirections() {
        let revealed = Sanitizer.revealing("نمی\u{200C}شود")
        // Visual order is left to right: the word reads right to left, so "شود" is on the left.
        XCTAssertEqual(shown(revealed, .rtl), "دوش⟨ZWNJ⟩یمن")
        XCTAssertEqual(shown(revealed, .ltr), "دوش⟨ZWNJ⟩یمن")
        XCTAssertEqual(shown("fix: " + revealed, .ltr), "fix: دوش⟨ZWNJ⟩یمن")
        // Without the isolates the Latin token splits the word in an LTR paragraph: its halves swap.
        XCTAssertEqual(shown("fix: نمی⟨ZWNJ⟩شود", .ltr), "fix: یمن⟨ZWNJ⟩دوش")
    }

    func test_revealing_latinTokensDoNotScrambleTheRTLWordsAroundThem() {
        let text = "مرحبا\u{200F} بكم في\u{202B} البيت"
        let revealed = Sanitizer.revealing(text)
        for direction in [BaseDirection.rtl, .ltr] {
            // The same words in the same places as the text without its marks, tokens between them.
            let plain = shown(text.replacingOccurrences(of: "\u{200F}", with: "").replacingOccurrences(of: "\u{202B}", with: ""), direction)
            let withTokens = shown(revealed, direction).replacingOccurrences(of: "⟨RLM⟩", with: "").replacingOccurrences(of: "⟨RLE⟩", with: "")
            XCTAssertEqual(withTokens, plain, "\(direction)")
        }
        XCTAssertEqual(shown(revealed, .rtl), "تيبلا ⟨RLE⟩يف مكب ⟨RLM⟩ابحرم")
    }

    /// The engine's own reveal (inspect's and browse's revealed line) draws the token at the
    /// ZWNJ's place too, though a ZWNJ belongs to the grapheme cluster of the letter before it.
    func test_revealControls_aZWNJ_isDrawnBetweenItsLetters() {
        XCTAssertEqual(shown("نمی\u{200C}شود", .rtl, reveal: true), "دوش⟨ZWNJ⟩یمن")
        XCTAssertEqual(shown("نمی\u{200C}شود", .ltr, reveal: true), "دوش⟨ZWNJ⟩یمن")
        XCTAssertEqual(shown("ab\u{200C}cd", .ltr, reveal: true), "ab⟨ZWNJ⟩cd")
        // Shaped as well: the letters around the ZWNJ keep the forms it asks for.
        // ی keeps its final form (ﯽ) before the ZWNJ, ش its initial form (ﺷ).
        XCTAssertEqual(engine.layout("نمی\u{200C}شود", direction: .rtl, options: LayoutOptions(revealControls: true)).lines[0].text,
                       "ﺩﻮﺷ⟨ZWNJ⟩ﯽﻤﻧ")
        // Not revealing: unchanged, the ZWNJ stays in its cluster and takes no cell.
        XCTAssertEqual(shown("نمی\u{200C}شود", .rtl), "دوشی\u{200C}من")
    }
}
