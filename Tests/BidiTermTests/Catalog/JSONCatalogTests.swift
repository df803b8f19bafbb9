import Foundation
import XCTest
@testable import BidiTerm

final class JSONCatalogTests: XCTestCase {
    func test_json_flatFileKeepsOrderPositionsAndEscapes() throws {
        let catalog = try CatalogFixture.load("json/fa.json")
        XCTAssertEqual(catalog.format, .json)
        XCTAssertEqual(catalog.locale, "fa", "from fa.json")
        XCTAssertEqual(catalog.entries.map(\.key), ["settings", "greeting", "files", "empty", "missing", "digits", "escaped"])
        XCTAssertEqual(catalog.entries.map(\.line), [2, 3, 4, 5, 6, 7, 8])
        XCTAssertEqual(Set(catalog.entries.map(\.column)), [3])
        XCTAssertEqual(catalog.lookup("greeting"), "سلام، {name}!")
        XCTAssertEqual(catalog.lookup("digits"), "۱۲۳")
        XCTAssertEqual(catalog.lookup("escaped"), "خط اول\nخط دوم \"نقل قول\" س")
        XCTAssertNil(catalog.lookup("empty"))
        XCTAssertNotNil(catalog.entry("missing"), "null is an untranslated entry")
        XCTAssertNil(catalog.entry("missing")?.translation)
        XCTAssertTrue(catalog.warnings.isEmpty, "\(catalog.warnings)")
    }

    func test_json_nestedKeysAreJoinedWithDots() throws {
        let catalog = try CatalogFixture.load("json/locales/he/common.json")
        XCTAssertEqual(catalog.locale, "he", "from the locales/he directory")
        XCTAssertEqual(catalog.entries.map(\.key), ["menu.file.open", "menu.file.save", "menu.quit", "days.0", "days.1", "title"])
        XCTAssertEqual(catalog.lookup("menu.file.open"), "פתח")
        XCTAssertEqual(catalog.lookup("days.1"), "שני")
        XCTAssertEqual(catalog.entry("menu.quit").map { [$0.line, $0.column] }, [7, 5])
        XCTAssertEqual(catalog.entry("days.1").map { [$0.line, $0.column] }, [9, 21], "an array element's position is its value")
        assertCatalogWarning(catalog, line: 10, column: 3, contains: "value of \"count\" is a number; only strings are loaded")
    }

    func test_arb_localeMetadataDescriptionsAndICUMessages() throws {
        let catalog = try CatalogFixture.load("json/app_ar.arb")
        XCTAssertEqual(catalog.format, .arb)
        XCTAssertEqual(catalog.locale, "ar")
        XCTAssertEqual(catalog.metadata, ["locale": "ar", "last_modified": "2024-05-01T10:00:00Z"])
        XCTAssertEqual(catalog.entries.map(\.key), ["appTitle", "filesCount", "hello"])
        XCTAssertEqual(catalog.entry("appTitle")?.comment, "The title of the application")
        XCTAssertEqual(catalog.lookup("filesCount"),
                       "{count, plural, =0{لا توجد ملفات} =1{ملف واحد} =2{ملفان} few{{count} ملفات} many{{count} ملفًا} other{{count} ملف}}")
        XCTAssertTrue(catalog.entry("filesCount")?.plurals.isEmpty ?? false, "ICU messages stay one string")
        XCTAssertNil(catalog.entry("hello")?.comment)
        assertCatalogWarning(catalog, line: 19, column: 3, contains: "ARB metadata @orphan describes no message")
        XCTAssertEqual(catalog.warnings.count, 1)
    }

    func test_arb_wrongTypesAreReported() throws {
        let catalog = try loadCatalog("{\n\"@@locale\": 5,\n\"a\": {\"b\": \"c\"},\n\"@a\": \"text\"\n}", name: "intl_he.arb")
        XCTAssertEqual(catalog.locale, "he", "@@locale is not a string: the path decides")
        assertCatalogWarning(catalog, line: 2, column: 1, contains: "ARB @@locale is a number, not a string")
        assertCatalogWarning(catalog, line: 3, column: 1, contains: "ARB message \"a\" is an object, not a string")
        assertCatalogWarning(catalog, line: 4, column: 1, contains: "ARB metadata @a is a string, not an object")
    }

    // MARK: Broken files

    func test_json_truncatedFilePointsAtTheEnd() {
        assertCatalogError(try loadCatalog("{\n  \"a\": \"b\",\n", name: "t.json"), file: "t.json", line: 3, column: 1,
                           contains: "JSON error: Unexpected end of file")
    }

    // MARK: Encodings, duplicates

    func test_json_loneSurrogateEscapesBecomeReplacementCharacters() throws {
        // JSONSerialization rejects these; the loader rewrites them to \uFFFD first.
        let catalog = try CatalogFixture.load("odd/lone-surrogate.json")
        XCTAssertEqual(catalog.lookup("high"), "x\u{FFFD}y")
        XCTAssertEqual(catalog.lookup("low"), "\u{FFFD}")
        XCTAssertEqual(catalog.lookup("pair"), "😀", "a valid pair is untouched")
        assertCatalogWarning(catalog, line: 2, column: 13, contains: "\\uD83D is a lone UTF-16 surrogate")
        assertCatalogWarning(catalog, line: 3, column: 11, contains: "\\uDC00 is a lone UTF-16 surrogate")
    }

    func test_json_invalidUTF8IsReplacedWithWarnings() throws {
        let catalog = try CatalogFixture.load("odd/invalid-utf8.json")
        XCTAssertEqual(catalog.lookup("a"), "ok")
        XCTAssertEqual(catalog.lookup("b"), "\u{FFFD}\u{FFFD}", "C0 AF is two invalid bytes")
        assertCatalogWarning(catalog, line: 3, column: 9, contains: "invalid UTF-8 (C0) at byte offset 23")
        assertCatalogWarning(catalog, line: 3, column: 10, contains: "invalid UTF-8 (AF) at byte offset 24")
    }

    func test_json_rawNULIsKeptAsU0000() throws {
        let catalog = try CatalogFixture.load("odd/nul.json")
        XCTAssertEqual(catalog.lookup("nul"), "قبل\u{0}بعد")
        assertCatalogWarning(catalog, line: 2, column: 14, contains: "NUL character at byte offset 18")
    }

    func test_json_duplicateKeyKeepsTheLastValueWithAWarning() throws {
        let catalog = try loadCatalog("{\n\"a\": \"1\",\n\"b\": \"x\",\n\"a\": \"2\"\n}", name: "t.json")
        XCTAssertEqual(catalog.entries.map(\.key), ["b", "a"])
        XCTAssertEqual(catalog.lookup("a"), "2")
        XCTAssertEqual(catalog.entry("a")?.line, 4)
        assertCatalogWarning(catalog, line: 4, column: 1, contains: "duplicate key \"a\" in one object (first at line 2, column 1)")
    }

    func test_json_flatAndNestedKeysThatCollideWarn() throws {
        let catalog = try loadCatalog("{\"a.b\": \"flat\", \"a\": {\"b\": \"nested\"}}", name: "t.json")
        XCTAssertEqual(catalog.lookup("a.b"), "flat")
        assertCatalogWarning(catalog, line: 1, column: 23, contains: "duplicate key \"a.b\"; first defined at line 1, column 2")
    }

    func test_json_escapedKeysAreDecoded() throws {
        let catalog = try loadCatalog(#"{"k\u0041\"": "v", "\u05d0": "א"}"#, name: "t.json")
        XCTAssertEqual(catalog.lookup("kA\""), "v")
        XCTAssertEqual(catalog.lookup("א"), "א")
    }

    func test_json_utf16WithBOM() throws {
        var bytes: [UInt8] = [0xFE, 0xFF]
        for unit in "{\"a\": \"ب\"}".utf16 { bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        let catalog = try CatalogLoader.load(data: Data(bytes), path: "t.json")
        XCTAssertEqual(catalog.lookup("a"), "ب")
    }
}
