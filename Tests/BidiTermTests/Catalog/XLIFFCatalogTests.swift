import Foundation
import XCTest
@testable import BidiTerm

final class XLIFFCatalogTests: XCTestCase {
    func test_xliff12_languagesSourcesTargetsAndNotes() throws {
        let catalog = try CatalogFixture.load("xliff/ar.xlf")
        XCTAssertEqual(catalog.format, .xliff12)
        XCTAssertEqual(catalog.sourceLocale, "en")
        XCTAssertEqual(catalog.locale, "ar")
        XCTAssertEqual(catalog.metadata["original"], "en.lproj/Localizable.strings")
        let title = try XCTUnwrap(catalog.entry("settings.title"))
        XCTAssertEqual(title.source, "Settings")
        XCTAssertEqual(title.translation, "الإعدادات")
        XCTAssertEqual(title.comment, "Title of the main window")
        XCTAssertEqual([title.line, title.column], [8, 7])
        XCTAssertTrue(catalog.warnings.isEmpty, "\(catalog.warnings)")
    }

    func test_xliff12_inlineCodesStatesAndGroups() throws {
        let catalog = try CatalogFixture.load("xliff/ar.xlf")
        let delete = try XCTUnwrap(catalog.entry("delete.confirm"), "trans-unit inside a group")
        XCTAssertEqual(delete.source, "Delete %@?")
        XCTAssertEqual(delete.translation, "حذف %@؟")
        XCTAssertTrue(delete.isFuzzy)
        XCTAssertEqual(delete.flags, ["state=needs-review-translation"])
        XCTAssertEqual(catalog.lookup("files.count"), "لديك %d ملفات", "<x equiv-text>")
        XCTAssertNil(catalog.entry("untranslated")?.translation)
        XCTAssertNil(catalog.lookup("untranslated"))
        XCTAssertEqual(catalog.entry("brand")?.flags, ["translate=no"])
    }

    func test_xliff20_segmentsIgnorablesAndInlineCodes() throws {
        let catalog = try CatalogFixture.load("xliff/he.xliff")
        XCTAssertEqual(catalog.format, .xliff20)
        XCTAssertEqual(catalog.sourceLocale, "en")
        XCTAssertEqual(catalog.locale, "he")
        let greeting = try XCTUnwrap(catalog.entry("greeting"))
        XCTAssertEqual(greeting.source, "Hello, %@. Welcome!")
        XCTAssertEqual(greeting.translation, "שלום, %@. ברוכים הבאים!", "segments and the ignorable joined; <ph equiv>, <cp hex>")
        XCTAssertTrue(greeting.isFuzzy, "one segment is still initial")
        XCTAssertEqual(greeting.flags, ["state=translated", "state=initial"])
        XCTAssertEqual(catalog.lookup("bold"), "לחצו על שמירה", "<pc> keeps its content")
        XCTAssertEqual(catalog.entry("settings")?.comment, "Title of the main window")
        XCTAssertEqual(catalog.entry("settings")?.flags, ["state=final"])
        XCTAssertNil(catalog.entry("pending")?.translation)
        XCTAssertFalse(catalog.entry("pending")?.isFuzzy ?? true, "initial without a target is untranslated, not fuzzy")
    }

    func test_xliff_utf16FileIsTranscoded() throws {
        let catalog = try CatalogFixture.load("odd/utf16.xlf")
        XCTAssertEqual(catalog.locale, "fa")
        XCTAssertEqual(catalog.lookup("settings"), "تنظیمات")
        XCTAssertEqual(catalog.entry("settings")?.line, 5)
    }

    func test_xliff_placeholdersWithoutTextAndUnknownElementsWarn() throws {
        let catalog = try loadCatalog("""
        <xliff version="1.2">
          <file source-language="en" target-language="he">
            <body>
              <trans-unit id="a">
                <source>Hi <x id="7"/></source>
                <target>היי <x id="7"/></target>
                <surprise/>
              </trans-unit>
            </body>
          </file>
        </xliff>
        """, name: "t.xlf")
        XCTAssertEqual(catalog.lookup("a"), "היי ")
        XCTAssertEqual(catalog.warnings.filter { $0.message.contains("inline <x id=\"7\"/> has no equiv-text") }.map(\.line), [5, 6])
        assertCatalogWarning(catalog, line: 7, column: 9, contains: "unexpected <surprise> in <trans-unit id=\"a\">")
    }

    func test_xliff_structuralErrors() {
        assertCatalogError(try loadCatalog("<xliff version=\"1.2\"><file><body><trans-unit id=\"a\"><target>x</target></trans-unit></body></file></xliff>", name: "t.xlf"),
                           file: "t.xlf", line: 1, column: 34, contains: "<trans-unit id=\"a\"> has no <source>")
        assertCatalogError(try loadCatalog("<root/>", name: "t.xlf"), file: "t.xlf", line: 1, column: 1,
                           contains: "expected an <xliff> root element, found <root>")
    }
}
