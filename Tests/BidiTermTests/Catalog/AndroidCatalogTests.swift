import Foundation
import XCTest
@testable import BidiTerm

final class AndroidCatalogTests: XCTestCase {
    private let fixture = "android/values-ar/strings.xml"

    func test_android_stringsCommentsAndFlags() throws {
        let catalog = try CatalogFixture.load(fixture)
        XCTAssertEqual(catalog.format, .androidXML, "xmlns:xliff does not make it an XLIFF file")
        XCTAssertEqual(catalog.locale, "ar")
        let name = try XCTUnwrap(catalog.entry("app_name"))
        XCTAssertEqual(name.flags, ["translatable=false"])
        XCTAssertEqual(name.comment, "Name shown in the launcher")
        XCTAssertEqual([name.line, name.column], [4, 5])
        XCTAssertEqual(catalog.lookup("settings"), "الإعدادات")
        XCTAssertNil(catalog.entry("settings")?.comment, "a comment belongs to the next element only")
    }

    func test_android_textProcessingLikeTheResourceCompiler() throws {
        let catalog = try CatalogFixture.load(fixture)
        XCTAssertEqual(catalog.lookup("welcome"), "مرحبًا بك، %1$s!", "white space collapsed, xliff:g unwrapped")
        XCTAssertEqual(catalog.lookup("escapes"), "لا تنس'ي \"الحفظ\"\nسطر جديد\tس @ ?")
        XCTAssertEqual(catalog.lookup("quoted"), "  مسافات   محفوظة  ", "double quotes keep white space")
        XCTAssertEqual(catalog.lookup("markup"), "اضغط <b>حفظ</b> ثم <a href=\"https://example.com/ar\">الرابط</a>")
        XCTAssertEqual(catalog.lookup("cdata"), "<i>مائل</i> & نص")
    }

    func test_android_productIsTheContext() throws {
        let catalog = try CatalogFixture.load(fixture)
        XCTAssertEqual(catalog.lookup("device", context: "tablet"), "الجهاز اللوحي")
        XCTAssertEqual(catalog.lookup("device", context: "default"), "الهاتف")
        XCTAssertFalse(catalog.warnings.contains { $0.message.contains("duplicate") })
    }

    func test_android_pluralsAndStringArrays() throws {
        let catalog = try CatalogFixture.load(fixture)
        let files = try XCTUnwrap(catalog.entry("files"))
        XCTAssertEqual(files.plurals, [
            "zero": "لا توجد ملفات", "one": "ملف واحد", "two": "ملفان",
            "few": "%d ملفات", "many": "%d ملفًا", "other": "%d ملف",
        ])
        XCTAssertEqual(files.translation, "%d ملف")
        XCTAssertEqual(catalog.lookup("days[0]"), "السبت")
        XCTAssertEqual(catalog.lookup("days[2]"), "الاثنين")
        XCTAssertEqual(catalog.entry("days[1]").map { [$0.line, $0.column] }, [24, 9])
    }

    func test_android_otherResourcesAreReported() throws {
        let catalog = try CatalogFixture.load(fixture)
        assertCatalogWarning(catalog, line: 27, column: 5, contains: "<dimen name=\"margin\"> is not a string resource")
        XCTAssertEqual(catalog.warnings.count, 1, "\(catalog.warnings)")
    }

    func test_android_escapeProblemsAreWarnings() throws {
        let catalog = try loadCatalog("""
        <resources>
            <string name="a">it's</string>
            <string name="b">\\u06</string>
            <string name="c">\\x</string>
            <string name="d">"it's"</string>
        </resources>
        """, name: "res/values-fa/strings.xml")
        XCTAssertEqual(catalog.locale, "fa")
        XCTAssertEqual(catalog.lookup("a"), "it's")
        assertCatalogWarning(catalog, line: 2, column: 5, contains: "unescaped apostrophe")
        XCTAssertEqual(catalog.lookup("b"), "\\u06")
        assertCatalogWarning(catalog, line: 3, column: 5, contains: "bad escape \\u")
        XCTAssertEqual(catalog.lookup("c"), "x")
        assertCatalogWarning(catalog, line: 4, column: 5, contains: "unknown escape \\x")
        XCTAssertEqual(catalog.lookup("d"), "it's", "an apostrophe inside double quotes is fine")
    }

    func test_android_nulAndInvalidUTF8AreKeptWithWarnings() throws {
        let catalog = try CatalogFixture.load("odd/values-he/strings.xml")
        XCTAssertEqual(catalog.locale, "he")
        XCTAssertEqual(catalog.lookup("nul"), "לפני\u{0}אחרי")
        XCTAssertEqual(catalog.lookup("bad"), "\u{FFFD}")
        assertCatalogWarning(catalog, line: 2, column: 26, contains: "NUL character at byte offset 41; kept as U+0000")
        assertCatalogWarning(catalog, line: 3, column: 22, contains: "invalid UTF-8 (FF) at byte offset 81")
    }

    func test_android_positionsCountCarriageReturns() throws {
        // XMLParser counts only \n; the loader maps its positions back to \r-aware lines.
        let catalog = try loadCatalog("<resources>\r<string name=\"a\">א</string>\r\n<string name=\"b\">ב</string>\r</resources>", name: "strings.xml")
        XCTAssertEqual(catalog.entries.map(\.line), [2, 3])
        XCTAssertEqual(catalog.entries.map(\.column), [1, 1])
    }

    func test_android_undeclaredNamespacePrefixIsAWarning() throws {
        let catalog = try loadCatalog("<resources>\n<string name=\"a\">x <xliff:g id=\"n\">%d</xliff:g></string>\n</resources>", name: "strings.xml")
        XCTAssertEqual(catalog.lookup("a"), "x %d")
        XCTAssertTrue(catalog.warnings.contains { $0.message.contains("namespace prefix not declared") }, "\(catalog.warnings)")
    }
}
