import Foundation
import TestSupport
import XCTest
@testable import BidiTerm
@testable import RTLTUIApps

/// What the preview says about single entries, one format at a time: fuzzy entries (shown as the
/// program shows them, counted, listed), entries marked not to be translated (not untranslated),
/// texts drawn without the plural form their count needs (marked on screen, counted); and the
/// keys that work while the `t` panel is open, the problem rows beside a terminal notice.
final class PreviewEntryMarksTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("marks-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func write(_ text: String, _ name: String) throws {
        let url = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func app(includeFuzzy: Bool = false, notice: Bool = false) throws -> PreviewApp {
        var o = PreviewApp.Options()
        o.locale = "ar"
        o.animate = false
        o.includeFuzzy = includeFuzzy
        o.exportDirectory = dir.path
        if notice { o.terminalNotice = TerminalNotice(problem: "tmux runs no bidi.", fix: "Nothing to do.") }
        return PreviewApp(workspace: try PreviewWorkspace(paths: [dir.path]), options: o)
    }

    private func rows(_ app: inout PreviewApp) -> [String] {
        var b = Buffer(width: 80, height: 22)
        _ = app.render(into: &b)
        return b.rows
    }

    private func screen(_ keys: [String]) throws {
        try write("screen: s\nroot:\n  type: vstack\n  children:\n"
                  + keys.map { "    - {type: label, size: 1, text: \($0)}\n" }.joined(), "s.yaml")
    }

    private static func visual(_ s: String) -> String { BidiEngine().layout(s, direction: .rtl).lines[0].text }

    // MARK: Fuzzy

    func test_gettextFuzzy_showsTheSource_countedAndListed_includeFuzzyShowsTheTranslation() throws {
        try write("""
            msgid ""
            msgstr "Language: ar\\n"

            #, fuzzy
            msgid "Checkout"
            msgstr "الدفع"

            msgid "Cart"
            msgstr "السلة"
            """, "ar.po")
        try screen(["Checkout", "Cart"])
        var app = try app()
        var shown = rows(&app).joined(separator: "\n")
        XCTAssertTrue(shown.contains("Checkout") && !shown.contains(Self.visual("الدفع")), shown)
        XCTAssertEqual(app.fuzzyTexts.map(\.key), ["Checkout"])
        XCTAssertEqual(app.fuzzyTexts.first?.source, dir.appendingPathComponent("ar.po").path + ":5")
        XCTAssertTrue(app.fallbacks.isEmpty, "fuzzy, not untranslated: \(app.fallbacks)")
        XCTAssertTrue(app.statusItems.contains("1 fuzzy"), "\(app.statusItems)")
        _ = app.handle(.character("t"))
        shown = rows(&app).joined(separator: "\n")
        XCTAssertTrue(shown.contains("Fuzzy (needs review): 1"), shown)
        let row = try XCTUnwrap(app.cutRows.first { $0.contains("Checkout") })
        XCTAssertTrue(row.contains("ar.po:5") && row.contains("shows the source (\u{2068}--include-fuzzy\u{2069} shows the translation)"), row)

        var with = try self.app(includeFuzzy: true)
        shown = rows(&with).joined(separator: "\n")
        XCTAssertTrue(shown.contains(Self.visual("الدفع")), shown)
        XCTAssertTrue(with.statusItems.contains("1 fuzzy"), "still counted: \(with.statusItems)")
        XCTAssertEqual(with.fuzzyTexts.first?.isShown, true)
    }

    func test_xcstringsNeedsReview_andXLIFFNeedsReview_areFuzzy() throws {
        try write("""
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "Review me": {"localizations": {"ar": {"stringUnit": {"state": "needs_review", "value": "راجعني"}}}}}}
            """, "Localizable.xcstrings")
        try write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
              <file source-language="en" target-language="ar" datatype="plaintext" original="x"><body>
                <trans-unit id="promo"><source>Use code SAVE10</source><target state="needs-review-translation">استخدم الرمز</target></trans-unit>
              </body></file>
            </xliff>
            """, "ar.xlf")
        try screen(["\"Review me\"", "promo"])
        var app = try app()
        let shown = rows(&app).joined(separator: "\n")
        XCTAssertEqual(Set(app.fuzzyTexts.map(\.key)), ["Review me", "promo"])
        XCTAssertTrue(shown.contains("Review me") && shown.contains("Use code SAVE10"), shown)
    }

    // MARK: Not to be translated

    func test_doNotTranslate_inAndroidXCStringsAndXLIFF_isNotUntranslated() throws {
        try write("""
            <?xml version="1.0" encoding="utf-8"?>
            <resources>
                <string name="app_name" translatable="false">ShopKit</string>
                <string name="cart">Cart</string>
            </resources>
            """, "values/strings.xml")
        try write("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources><string name=\"other\">أخرى</string></resources>\n", "values-ar/strings.xml")
        try write(#"{"sourceLanguage": "en", "version": "1.0", "strings": {"Brand": {"shouldTranslate": false}}}"#, "Localizable.xcstrings")
        try write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
              <file source-language="en" target-language="ar" datatype="plaintext" original="x"><body>
                <trans-unit id="legal" translate="no"><source>Example Corp</source></trans-unit>
              </body></file>
            </xliff>
            """, "ar.xlf")
        try screen(["app_name", "Brand", "legal", "cart"])
        var app = try app()
        let shown = rows(&app).joined(separator: "\n")
        for text in ["ShopKit", "Brand", "Example Corp", "Cart"] { XCTAssertTrue(shown.contains(text), "\(text)\n\(shown)") }
        XCTAssertEqual(app.fallbacks.map(\.key), ["cart"], "only the text that should be translated")
        XCTAssertTrue(app.statusItems.contains("1 untranslated"), "\(app.statusItems)")
    }

    // MARK: Plural forms

    func test_aMissingPluralForm_isMarkedOnScreen_inTheCutTextStyle_andCounted() throws {
        try write("""
            <?xml version="1.0" encoding="utf-8"?>
            <resources>
                <plurals name="left">
                    <item quantity="one">بقي عنصر واحد</item>
                    <item quantity="other">بقي %d عنصر</item>
                </plurals>
                <string name="cart">السلة</string>
            </resources>
            """, "values-ar/strings.xml")
        try write("screen: s\nroot:\n  type: vstack\n  children:\n    - {type: label, size: 1, text: {key: left, count: 3}}\n    - {type: label, size: 1, text: cart}\n", "s.yaml")
        var app = try app()
        var b = Buffer(width: 80, height: 22)
        _ = app.render(into: &b)
        XCTAssertEqual(app.formGapTexts.map(\.form), ["few"])
        XCTAssertTrue(app.statusItems.contains("1 without their plural form"), "\(app.statusItems)")
        let warning = app.theme.warning
        XCTAssertNotEqual(warning, Style(), "the theme has a warning style")
        /// The styles of the letters of the row that shows `text`.
        func styles(of text: String) -> [Style] {
            let v = Self.visual(text)
            guard let y = b.rows.firstIndex(where: { $0.contains(v) }) else { return [] }
            return (0..<80).compactMap { x in b[x, y] }.filter { c in
                c.symbol.unicodeScalars.first.map { $0.properties.isAlphabetic } ?? false
            }.map(\.style)
        }
        /// True when `style` is `warning` laid over it (what `patchStyle` does): the gap's mark.
        func marked(_ style: Style) -> Bool { style == style.patched(with: warning) }
        let gap = styles(of: "بقي ٣ عنصر"), complete = styles(of: "السلة")
        XCTAssertFalse(gap.isEmpty || complete.isEmpty, b.rows.joined(separator: "\n"))
        XCTAssertTrue(gap.allSatisfy(marked), "the gap in the style of cut text: \(gap)")
        XCTAssertFalse(complete.contains(where: marked), "a complete text is not: \(complete)")
        _ = app.handle(.character("c"))   // the count key: 0, whose form (zero) is missing too
        XCTAssertEqual(app.formGapTexts.map(\.form), ["zero"])
    }

    // MARK: Keys while t is open

    func test_localeDirectionAndExport_workWhileTheCutPanelIsOpen() throws {
        try write("msgid \"Cart\"\nmsgstr \"السلة\"\n", "ar.po")
        try write("msgid \"Cart\"\nmsgstr \"עגלה\"\n", "he.po")
        try screen(["Cart"])
        var app = try app()
        _ = app.handle(.character("t"))
        let before = app.locale
        _ = app.handle(.character("l"))
        XCTAssertTrue(app.showCuts, "the panel stays open")
        XCTAssertNotEqual(app.locale, before, "l changed the locale under the panel")
        _ = app.handle(.character("d"))
        XCTAssertNotNil(app.directionOverride, "d forced the direction")
        _ = app.handle(.character("e"))
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".svg") || $0.hasSuffix(".html") }
        XCTAssertEqual(files.count, 2, "e exported the screen: \(files)")
        XCTAssertTrue(app.showCuts)
        _ = app.handle(.escape)
        XCTAssertFalse(app.showCuts)
    }

    // MARK: Problems beside the terminal notice

    func test_withATerminalNotice_theProblemRowsGoUnderTheHeader() throws {
        try write("msgid \"Cart\"\nmsgstr \"السلة\"\n", "ar.po")
        try screen(["Cart"])
        var app = try app(notice: true)
        try write("msgid \"Cart\"\nmsgstr \"السلة\n", "ar.po")
        _ = app.reload(force: true)
        XCTAssertFalse(app.problems.isEmpty)
        var overlay = NoticeOverlay(app, notice: TerminalNotice(problem: "tmux runs no bidi.", fix: "Nothing to do."))
        var b = Buffer(width: 80, height: 22)
        _ = overlay.render(into: &b)
        let problemRow = try XCTUnwrap(b.rows.firstIndex { $0.contains("unterminated string") }, b.rows.joined(separator: "\n"))
        let box = try XCTUnwrap(b.rows.firstIndex { $0.contains("tmux runs no bidi.") }, b.rows.joined(separator: "\n"))
        XCTAssertLessThan(problemRow, 6, "under the header")
        XCTAssertGreaterThan(box, 12, "the notice at the bottom")
    }
}
