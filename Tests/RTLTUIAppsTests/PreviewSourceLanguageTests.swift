import Foundation
import TestSupport
import XCTest
@testable import BidiTerm
@testable import RTLTUIApps

/// The preview as a localization engineer uses it: the source language from every layout, the
/// untranslated text marked, counted and listed, text fields that neither take the letter keys by
/// surprise nor put the caret elsewhere than where typing goes.
final class PreviewSourceLanguageTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("preview-src-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    func write(_ name: String, _ text: String) throws {
        let url = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func app(locale: String? = nil) throws -> PreviewApp {
        var o = PreviewApp.Options()
        o.locale = locale
        o.animate = false
        return PreviewApp(workspace: try PreviewWorkspace(paths: [dir.path]), options: o)
    }

    func rows(_ app: inout PreviewApp, _ w: Int = 100, _ h: Int = 24) -> [String] {
        var b = Buffer(width: w, height: h)
        _ = app.render(into: &b)
        return b.rows
    }

    static let screen = """
        screen: main
        title: title
        root:
          type: vstack
          children:
            - {type: label, size: 1, text: save}
            - {type: label, size: 1, text: size_hint}
        """

    /// Android's `values/` + `values-iw/`: `values/` is the source language (English), offered
    /// first; the pseudo-locales are made from it, not from the Hebrew.
    func test_R1_androidValuesFolder_isTheSourceLanguage_andThePseudoLocalesComeFromIt() throws {
        try write("main.yaml", Self.screen)
        try write("res/values/strings.xml", """
            <resources>
                <string name="title">Shop</string>
                <string name="save">Save</string>
                <string name="size_hint">Size (optional) [S/M/L] &lt;max 3&gt;</string>
            </resources>
            """)
        try write("res/values-iw/strings.xml", """
            <resources>
                <string name="title">חנות</string>
                <string name="save">שמירה</string>
            </resources>
            """)
        var a = try app()
        XCTAssertEqual(a.locales, ["en", "he", "en-XA", "ar-XB"])
        XCTAssertEqual(a.content.sourceLocale, "en")
        a = try app(locale: "en-XA")
        XCTAssertTrue(rows(&a).joined().contains("[Šåṽé one]"), rows(&a).joined(separator: "\n"))
        // `<max 3>` is text, not markup: it is accented too.
        XCTAssertTrue(rows(&a).joined().contains("<ḿåẋ 3>"), rows(&a).joined(separator: "\n"))
        a = try app(locale: "ar-XB")
        XCTAssertTrue(rows(&a).joined().contains("evaS"), rows(&a).joined(separator: "\n"))
        XCTAssertFalse(rows(&a).joined().contains("הרימש"), "not the Hebrew")
        a = try app(locale: "en")
        XCTAssertTrue(rows(&a).joined().contains("Save"))
        XCTAssertEqual(a.fallbacks, [], "the source language has no fallbacks")
    }

    /// Untranslated text: underlined on screen, counted in the header, listed under `t` with the
    /// screen's position, the catalog line it comes from and the catalog to add it to.
    func test_untranslatedText_isMarkedCountedAndListedWithTheCatalogLine() throws {
        try write("main.yaml", Self.screen)
        try write("res/values/strings.xml", """
            <resources>
                <string name="title">Shop</string>
                <string name="save">Save</string>
                <string name="size_hint">Size (optional)</string>
            </resources>
            """)
        try write("res/values-iw/strings.xml", """
            <resources>
                <string name="title">חנות</string>
                <string name="save">שמירה</string>
            </resources>
            """)
        var a = try app(locale: "he")
        var b = Buffer(width: 100, height: 24)
        _ = a.render(into: &b)
        XCTAssertEqual(a.fallbacks.map(\.key), ["size_hint"])
        XCTAssertTrue(a.statusItems.contains("1 untranslated"), "\(a.statusItems)")
        XCTAssertTrue(b.rows[0].contains("1 untranslated"), b.rows[0])
        // The English fallback is underlined, the Hebrew text is not.
        let y = try XCTUnwrap(b.rows.firstIndex { $0.contains("Size (optional)") })
        let x = b.rows[y].distance(from: b.rows[y].startIndex, to: b.rows[y].range(of: "Size")!.lowerBound)
        XCTAssertTrue(b[x, y]!.style.attributes.contains(.underline))
        let hy = try XCTUnwrap(b.rows.firstIndex { $0.contains("הרימש") })
        let hx = b.rows[hy].distance(from: b.rows[hy].startIndex, to: b.rows[hy].range(of: "הרימש")!.lowerBound)
        XCTAssertFalse(b[hx, hy]!.style.attributes.contains(.underline))
        let listed = a.cutRows.joined(separator: "\n")
        XCTAssertTrue(listed.contains("Untranslated, shown from another catalog: 1"), listed)
        let row = try XCTUnwrap(a.cutRows.first { $0.contains("size_hint") })
        XCTAssertTrue(row.contains("main.yaml:7:"), row)
        XCTAssertTrue(row.contains("res/values/strings.xml:4"), row)
        XCTAssertTrue(row.contains("add to") && row.contains("values-iw/strings.xml"), row)
    }

    /// gettext: the msgids are the source text (`en`), when they are text and not identifiers.
    func test_gettext_msgidIsTheSourceText() throws {
        try write("main.yaml", Self.screen.replacingOccurrences(of: "text: save", with: "text: Save"))
        try write("ar.po", """
            msgid ""
            msgstr "Language: ar\\n"

            msgid "Save"
            msgstr "حفظ"

            msgid "size_hint"
            msgstr "الحجم"
            """)
        var a = try app()
        XCTAssertEqual(Array(a.locales.prefix(2)), ["en", "ar"])
        a = try app(locale: "en-XA")
        let shown = rows(&a).joined(separator: "\n")
        XCTAssertTrue(shown.contains("[Šåṽé one]"), shown)
        XCTAssertTrue(shown.contains("⟦size_hint⟧"), "an identifier msgid is no source text:\n\(shown)")
    }

    /// A gettext catalog whose msgids are identifiers has no source text: no `en` full of `⟦keys⟧`
    /// is offered, and the pseudo-locales are made from what there is.
    func test_gettextWithIdentifierKeys_offersNoEmptySourceLanguage() throws {
        try write("main.yaml", Self.screen)
        try write("he.po", "msgid \"\"\nmsgstr \"Language: he\\n\"\n\nmsgid \"save\"\nmsgstr \"שמירה\"\n")
        try write("main.yaml", Self.screen.replacingOccurrences(of: "text: save", with: "text: save_button"))
        try write("he.po", "msgid \"\"\nmsgstr \"Language: he\\n\"\n\nmsgid \"save_button\"\nmsgstr \"שמירה\"\n")
        var a = try app()
        XCTAssertEqual(a.locales, ["he", "en-XA", "ar-XB"])
        a = try app(locale: "en-XA")
        XCTAssertTrue(rows(&a).joined().contains("[הרימש one]"), "from the Hebrew, drawn left to right: " + rows(&a).joined(separator: "\n"))
    }

    /// XLIFF `source-language` and the ARB template of `l10n.yaml` declare the source language.
    func test_xliffAndARBTemplate_declareTheSourceLanguage() throws {
        try write("main.yaml", Self.screen)
        try write("ur.xlf", """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff version="1.2"><file source-language="en-GB" target-language="ur" original="x">
            <body><trans-unit id="save"><source>Save</source><target>محفوظ کریں</target></trans-unit>
            <trans-unit id="title"><source>Shop</source></trans-unit></body></file></xliff>
            """)
        var a = try app()
        XCTAssertEqual(a.content.sourceLocale, "en-GB")
        XCTAssertEqual(Array(a.locales.prefix(2)), ["en-GB", "ur"])
        a = try app(locale: "ur")
        XCTAssertEqual(a.fallbacks.map(\.key), ["title"], "the <source> shows, marked")
        XCTAssertTrue(a.fallbacks[0].source.hasSuffix("ur.xlf:4"), a.fallbacks[0].source)

        try FileManager.default.removeItem(at: dir.appendingPathComponent("ur.xlf"))
        try write("l10n/l10n.yaml", "arb-dir: .\ntemplate-arb-file: app_de.arb\n")
        try write("l10n/app_de.arb", #"{"@@locale": "de", "save": "Sichern", "@save": {"description": "x"}}"#)
        try write("l10n/app_ar.arb", #"{"@@locale": "ar", "save": "حفظ"}"#)
        a = try app()
        XCTAssertEqual(a.content.sourceLocale, "de")
        XCTAssertEqual(Array(a.locales.prefix(2)), ["de", "ar"])
    }

    // MARK: - Text fields

    static let form = """
        screen: form
        root:
          type: vstack
          children:
            - {type: field, size: 1, text: {literal: NAME}}
            - {type: toggle, size: 1, label: {literal: Gift}, on: false}
        """

    /// The caret of a field never edited is at the logical end, where typing inserts: left of RTL
    /// text, right of LTR text.
    func test_R14_caretOfANewField_isWhereTypingInserts() throws {
        for (text, rtl) in [("שלום", true), ("Smith", false)] {
            try write("form.yaml", Self.form.replacingOccurrences(of: "NAME", with: text))
            var a = try app(locale: rtl ? "he" : "en")
            _ = a.handle(.backTab)
            XCTAssertTrue(a.isEditing)
            var b = Buffer(width: 80, height: 20)
            let cursor = try XCTUnwrap(a.render(into: &b))
            let row = b.rows[cursor.y]
            let shown = rtl ? String(text.reversed()) : text
            let start = row.distance(from: row.startIndex, to: try XCTUnwrap(row.range(of: shown)).lowerBound)
            XCTAssertEqual(cursor.x, rtl ? start - 1 : start + text.count, "\(text): \(row)")
            // Typing goes where the cursor was.
            _ = a.handle(.character("x"))
            b = Buffer(width: 80, height: 20)
            let after = try XCTUnwrap(a.render(into: &b))
            XCTAssertTrue(b.rows[after.y].contains(rtl ? "x" + shown : shown + "x"), b.rows[after.y])
        }
    }

    /// A screen that opens on a text field focuses the next control instead, so `l` is the locale
    /// key; in a field, the footer and the help say that letters type and Esc leaves.
    func test_aTextFieldIsNotTheDefaultFocus_andTheFooterSaysHowToLeaveIt() throws {
        try write("form.yaml", Self.form.replacingOccurrences(of: "NAME", with: "Smith"))
        try write("he.po", "msgid \"\"\nmsgstr \"Language: he\\n\"\n")
        var a = try app(locale: "en")
        XCTAssertEqual(a.focus, 1)
        XCTAssertFalse(a.isEditing)
        _ = a.handle(.character("l"))
        XCTAssertNotEqual(a.locale, "en", "l switches the locale")
        XCTAssertFalse(rows(&a).joined().contains("Smithl"))
        _ = a.handle(.backTab)
        XCTAssertTrue(a.isEditing)
        let footer = rows(&a).last ?? ""
        XCTAssertTrue(footer.contains("Esc leaves it"), footer)
        _ = a.handle(.function(1))
        XCTAssertTrue(rows(&a).joined().contains("letters type into it; Esc leaves the field"))
        _ = a.handle(.escape)
        _ = a.handle(.escape)
        XCTAssertFalse(a.isEditing)
        XCTAssertTrue((rows(&a).last ?? "").contains("l locale"))
    }
}
