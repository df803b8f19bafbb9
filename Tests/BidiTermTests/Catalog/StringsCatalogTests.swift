import Foundation
import XCTest
@testable import BidiTerm

final class StringsCatalogTests: XCTestCase {
    func test_strings_utf8Fixture() throws {
        let catalog = try CatalogFixture.load("strings/ar.lproj/Localizable.strings")
        XCTAssertEqual(catalog.format, .strings)
        XCTAssertEqual(catalog.locale, "ar", "from ar.lproj")
        XCTAssertEqual(catalog.entries.map(\.key), ["settings.title", "Open \"%@\"", "welcome_message", "tab", "unicode", "backslash", "ok", "count"])
        XCTAssertEqual(catalog.lookup("settings.title"), "الإعدادات")
        XCTAssertEqual(catalog.lookup("Open \"%@\""), "فتح \"%@\"")
        XCTAssertEqual(catalog.lookup("welcome_message"), "مرحبًا بك\nفي الطرفية", "unquoted key, \\n escape")
        XCTAssertEqual(catalog.lookup("tab"), "جدولة:\tهنا")
        XCTAssertEqual(catalog.lookup("unicode"), "سلام 😀", "\\U escapes, a surrogate pair made of two")
        XCTAssertEqual(catalog.lookup("backslash"), "a\\b")
        XCTAssertEqual(catalog.lookup("ok"), "ok", "\"key\"; means the value is the key")
        XCTAssertEqual(catalog.lookup("count"), "%1$@ من %2$d")
        XCTAssertTrue(catalog.warnings.isEmpty, "\(catalog.warnings)")
    }

    func test_strings_commentsAttachToTheirEntry() throws {
        let catalog = try CatalogFixture.load("strings/ar.lproj/Localizable.strings")
        XCTAssertEqual(catalog.entry("settings.title")?.comment, "Title of the main window")
        XCTAssertEqual(catalog.entry("welcome_message")?.comment, "Line comment before an unquoted key")
        XCTAssertEqual(catalog.entry("tab")?.comment, "comment on the same line")
        XCTAssertNil(catalog.entry("unicode")?.comment, "the same-line comment of tab does not move down")
        XCTAssertEqual(catalog.entries.map(\.line), [2, 5, 8, 10, 12, 13, 14, 15])
    }

    func test_strings_utf16LittleEndianWithBOMAndCRLF() throws {
        let catalog = try CatalogFixture.load("strings/he.lproj/Localizable.strings")
        XCTAssertEqual(catalog.locale, "he")
        XCTAssertEqual(catalog.lookup("settings.title"), "הגדרות")
        XCTAssertEqual(catalog.lookup("greeting"), "שלום, %@!")
        XCTAssertEqual(catalog.lookup("escapes"), "\"ציטוט\"\nא")
        XCTAssertEqual(catalog.entries.map(\.line), [2, 5, 6])
        XCTAssertEqual(catalog.entry("greeting")?.comment, "Greeting with a placeholder")
        XCTAssertTrue(catalog.warnings.isEmpty, "\(catalog.warnings)")
    }

    func test_strings_utf16BigEndianWithBOM() throws {
        let catalog = try CatalogFixture.load("strings/fa.lproj/Localizable.strings")
        XCTAssertEqual(catalog.locale, "fa")
        XCTAssertEqual(catalog.lookup("settings.title"), "تنظیمات")
        XCTAssertEqual(catalog.lookup("escapes"), "\"نقل قول\"\nא")
        XCTAssertEqual(catalog.entries.map(\.line), [2, 5, 6])
    }

    func test_strings_utf16WithoutBOMIsSniffed() throws {
        let text = "\"a\" = \"ب\";\n"
        var bytes: [UInt8] = []
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let catalog = try CatalogLoader.load(data: Data(bytes), path: "x.strings")
        XCTAssertEqual(catalog.lookup("a"), "ب")
        XCTAssertTrue(catalog.warnings.isEmpty, "no NUL warnings: \(catalog.warnings)")
    }

    // MARK: Broken files

    func test_strings_structuralErrors() {
        let cases: [(String, Int, Int, String)] = [
            ("\"a\" \"b\";", 1, 5, "expected '=' or ';' after the key \"a\""),
            ("\"a\" = ;", 1, 7, "expected a value after '=' for \"a\", found \";\""),
            ("\"a\" =", 1, 6, "found the end of the file"),
            ("= \"b\";", 1, 1, "expected a key, found \"=\""),
            ("{ \"a\" = \"b\";", 1, 1, "'{' without a closing '}'"),
            ("\"a\" = \"b\"; }", 1, 12, "unexpected '}'"),
            ("{ \"a\" = \"b\"; } x", 1, 16, "unexpected text after the closing '}'"),
        ]
        for (text, line, column, message) in cases {
            assertCatalogError(try loadCatalog(text, name: "t.strings"), file: "t.strings", line: line, column: column, contains: message)
        }
    }

    // MARK: Escapes, encodings

    func test_strings_escapesFollowApple() throws {
        let catalog = try loadCatalog(#"""
        "a" = "\t\r\a\b\f\v\'\"\\\101";
        "b" = "x\u0633";
        "c" = "\q";
        "d" = "\UD800z";
        "e" = "\U5D0\UDE00";
        """#, name: "t.strings")
        XCTAssertEqual(catalog.lookup("a"), "\t\r\u{7}\u{8}\u{C}\u{B}'\"\\A")
        XCTAssertEqual(catalog.lookup("b"), "xu0633", "\\u is not an escape in .strings")
        assertCatalogWarning(catalog, line: 2, column: 9, contains: "\\u is not an escape in .strings")
        XCTAssertEqual(catalog.lookup("c"), "q")
        assertCatalogWarning(catalog, line: 3, column: 8, contains: "unknown escape \\q")
        XCTAssertEqual(catalog.lookup("d"), "\u{FFFD}z")
        assertCatalogWarning(catalog, line: 4, column: 8, contains: "\\UD800 is a lone UTF-16 surrogate")
        XCTAssertEqual(catalog.lookup("e"), "א\u{FFFD}")
        assertCatalogWarning(catalog, line: 5, column: 13, contains: "\\UDE00 is a lone UTF-16 surrogate")
    }

    func test_strings_invalidUTF8IsReplacedWithAWarning() throws {
        let catalog = try CatalogFixture.load("odd/invalid-utf8.strings")
        XCTAssertEqual(catalog.lookup("a"), "\u{FFFD}")
        XCTAssertEqual(catalog.lookup("b"), "ב")
        assertCatalogWarning(catalog, line: 1, column: 8, contains: "invalid UTF-8 (D7) at byte offset 7")
    }

    func test_strings_loneSurrogateInUTF16FileIsReplacedWithAWarning() throws {
        let catalog = try CatalogFixture.load("odd/lone-surrogate-utf16.strings")
        XCTAssertEqual(catalog.lookup("a"), "א")
        XCTAssertEqual(catalog.lookup("b"), "\u{FFFD}ב")
        assertCatalogWarning(catalog, line: 2, column: 8, contains: "lone UTF-16 surrogate D83D at byte offset 38")
    }

    func test_strings_bracesAndUnquotedValues() throws {
        let catalog = try loadCatalog("{\n  key = value;\n  \"k2\" = \"v2\";\n}\n", name: "t.strings")
        XCTAssertEqual(catalog.lookup("key"), "value")
        XCTAssertEqual(catalog.lookup("k2"), "v2")
    }

    func test_strings_compiledPropertyListIsRead() throws {
        let plist = try PropertyListSerialization.data(fromPropertyList: ["b": "ב", "a": "א", "n": 3], format: .xml, options: 0)
        let catalog = try CatalogLoader.load(data: plist, path: "he.lproj/Localizable.strings")
        XCTAssertEqual(catalog.entries.map(\.key), ["a", "b"])
        XCTAssertEqual(catalog.lookup("b"), "ב")
        XCTAssertEqual(catalog.locale, "he")
        XCTAssertTrue(catalog.warnings.contains { $0.message.contains("value of \"n\" is not a string") })
    }

    func test_strings_trailingCommentWarns() throws {
        let catalog = try loadCatalog("\"a\" = \"b\";\n\n/* orphan */\n", name: "t.strings")
        assertCatalogWarning(catalog, line: 3, column: 1, contains: "comment at the end of the file belongs to no entry")
    }
}
