import Foundation
import XCTest
@testable import BidiTerm

final class CatalogLoaderTests: XCTestCase {
    // MARK: Format detection

    func test_detectFormat_byExtension() {
        let cases: [(String, String, CatalogFormat?)] = [
            ("ar.po", "", .po), ("messages.pot", "", .po), ("x.mo", "", .mo), ("x.gmo", "", .mo),
            ("ar.lproj/Localizable.strings", "", .strings), ("Localizable.xcstrings", "{}", .xcstrings),
            ("app_ar.arb", "{}", .arb), ("fa.json", "{\"a\": \"b\"}", .json), ("intl.json", "{\"@@locale\": \"fa\"}", .arb),
            ("values-ar/strings.xml", "<?xml version=\"1.0\"?>\n<resources xmlns:xliff=\"urn:oasis:names:tc:xliff:document:1.2\"/>", .androidXML),
            ("export.xml", "<!-- exported -->\n<xliff version=\"1.2\"/>", .xliff12),
            ("a.xlf", "<xliff version=\"1.2\">", .xliff12), ("a.xliff", "<xliff version=\"2.0\">", .xliff20),
            ("a.xlf", "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:2.0\">", .xliff20),
        ]
        for (path, text, expected) in cases {
            XCTAssertEqual(CatalogLoader.detectFormat(path: path, data: Data(text.utf8)), expected, path)
        }
    }

    func test_detectFormat_bySniffingWhenTheExtensionSaysNothing() throws {
        let cases: [(String, CatalogFormat?)] = [
            ("msgid \"a\"\nmsgstr \"b\"\n", .po), ("# comment\nmsgid \"a\"\nmsgstr \"b\"\n", .po),
            ("/* c */\n\"a\" = \"b\";", .strings), ("\"a\" = \"b\";", .strings),
            ("<?xml version=\"1.0\"?>\n<resources/>", .androidXML), ("<xliff version=\"2.1\"/>", .xliff20),
            ("<plist version=\"1.0\"><dict/></plist>", .strings),
            ("{\"sourceLanguage\": \"en\", \"strings\": {}}", .xcstrings), ("{\"@@locale\": \"ar\"}", .arb), ("{\"a\": \"b\"}", .json),
            ("hello", nil), ("<html/>", nil),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(CatalogLoader.detectFormat(path: "catalog", data: Data(text.utf8)), expected, text)
        }
        XCTAssertEqual(CatalogLoader.detectFormat(path: "catalog", data: Data(try CatalogFixture.bytes("mo/he/LC_MESSAGES/demo.mo"))), .mo)
        XCTAssertEqual(CatalogLoader.detectFormat(path: "catalog", data: Data(try CatalogFixture.bytes("strings/he.lproj/Localizable.strings"))), .strings)
    }

    func test_load_unknownFormatAndUnreadableFile() {
        assertCatalogError(try loadCatalog("hello", name: "notes.txt"), file: "notes.txt", line: 0, column: 0, contains: "unknown catalog format")
        let missing = CatalogFixture.path("no/such/file.po")
        assertCatalogError(try CatalogLoader.load(path: missing), file: missing, line: 0, column: 0, contains: "cannot read the file")
    }

    func test_load_explicitFormatOverridesDetection() throws {
        let catalog = try loadCatalog("{\"a\": \"b\"}", name: "a.txt", format: .json)
        XCTAssertEqual(catalog.format, .json)
        XCTAssertEqual(catalog.lookup("a"), "b")
    }

    // MARK: Locale from the path

    func test_localeFromPath() {
        let cases: [(String, String?)] = [
            ("/usr/share/locale/ar/LC_MESSAGES/glib20.mo", "ar"), ("share/locale/fa_IR/LC_MESSAGES/x.mo", "fa_IR"),
            ("App/ar.lproj/Localizable.strings", "ar"), ("App/Base.lproj/Main.strings", nil), ("App/zh-Hans.lproj/x.strings", "zh-Hans"),
            ("res/values-ar/strings.xml", "ar"), ("res/values-ar-rEG/strings.xml", "ar-EG"), ("res/values-b+sr+Latn/strings.xml", "sr-Latn"),
            ("res/values-iw/strings.xml", "he"), ("res/values-mcc310-fa-land/strings.xml", "fa"), ("res/values/strings.xml", nil),
            ("res/values-night/strings.xml", nil), ("res/values-car/strings.xml", nil),
            ("po/he.po", "he"), ("po/fa_IR.po", "fa_IR"), ("po/messages.po", nil), ("l10n/app_ar.arb", "ar"), ("l10n/intl_en_US.arb", "en_US"),
            ("locales/he/common.json", "he"), ("i18n/messages.ckb.json", "ckb"), ("app.json", nil), ("po/x.po", nil),
        ]
        for (path, expected) in cases {
            XCTAssertEqual(CatalogLoader.locale(fromPath: path), expected, path)
        }
    }

    func test_load_localeArgumentIsUsedWhenTheFileNamesNone() throws {
        let catalog = try loadCatalog("\"a\" = \"ب\";", name: "ar.lproj/x.strings", locale: "ar-SA")
        XCTAssertEqual(catalog.locale, "ar-SA", "the caller knows better than the path")
        let named = try loadCatalog("msgid \"\"\nmsgstr \"Language: he\\n\"\n", name: "x.po", locale: "fa")
        XCTAssertEqual(named.locale, "he", "the file's own header wins")
    }

    // MARK: The model

    func test_catalog_lookupAndDuplicateHandling() {
        let entries = [
            CatalogEntry(key: "a", translation: "א", line: 1, column: 1),
            CatalogEntry(key: "a", context: "x", translation: "ב", line: 2, column: 1),
            CatalogEntry(key: "a", translation: "ג", line: 3, column: 5),
            CatalogEntry(key: "b", translation: "", line: 4, column: 1),
        ]
        let catalog = Catalog(path: "t", format: .json, locale: "he", entries: entries,
                              warnings: [CatalogDiagnostic(file: "t", line: 9, column: 1, message: "later")])
        XCTAssertEqual(catalog.lookup("a"), "א")
        XCTAssertEqual(catalog.lookup("a", context: "x"), "ב")
        XCTAssertNil(catalog.lookup("b"), "empty is untranslated")
        XCTAssertNotNil(catalog.entry("b"))
        XCTAssertNil(catalog.lookup("c"))
        XCTAssertEqual(catalog.entries.count, 4)
        XCTAssertEqual(catalog.availableLocales, ["he"])
        XCTAssertEqual(catalog.warnings.map(\.description), [
            "t:3:5: duplicate key \"a\"; first defined at line 1, column 1; lookup uses the first",
            "t:9:1: later",
        ], "sorted by position")
    }

    func test_diagnostic_descriptionForms() {
        XCTAssertEqual(CatalogDiagnostic(file: "a.po", line: 3, column: 7, message: "m").description, "a.po:3:7: m")
        XCTAssertEqual(CatalogDiagnostic(file: "a.mo", line: 3, column: 0, message: "m").description, "a.mo:3: m")
        XCTAssertEqual(CatalogDiagnostic(file: "a.mo", line: 0, column: 0, message: "m").description, "a.mo: m")
    }

    func test_warningsOfOneKindAreCappedWithACount() throws {
        let bad = [UInt8](repeating: 0xFF, count: 150)
        let catalog = try CatalogLoader.load(data: Data(Array("msgid \"a\"\nmsgstr \"".utf8) + bad + Array("\"\n".utf8)), path: "x.po")
        XCTAssertEqual(catalog.lookup("a")?.count, 150)
        XCTAssertEqual(catalog.warnings.filter { $0.message.hasPrefix("invalid UTF-8") }.count, CatalogText.warningLimit)
        XCTAssertTrue(catalog.warnings.contains { $0.message == "50 more invalid UTF-8 sequences replaced with U+FFFD (not listed)" })
    }

    // MARK: Large files

    func test_largeFilesLoadInOnePass() throws {
        let n = 100_000
        var po = "msgid \"\"\nmsgstr \"Language: ar\\n\"\n\n"
        var json = "{\n"
        var minified = "{"
        var strings = ""
        po.reserveCapacity(n * 40)
        for i in 0 ..< n {
            po += "msgid \"key \(i)\"\nmsgstr \"قيمة \(i)\"\n\n"
            json += "  \"key \(i)\": \"قيمة \(i)\"\(i + 1 < n ? "," : "")\n"
            minified += "\"key \(i)\":\"قيمة \(i)\"\(i + 1 < n ? "," : "")"
            strings += "\"key \(i)\" = \"قيمة \(i)\";\n"
        }
        json += "}\n"
        minified += "}"
        for (text, name) in [(po, "big.po"), (json, "big.json"), (minified, "min.json"), (strings, "big.strings")] {
            let catalog = try loadCatalog(text, name: name)
            XCTAssertEqual(catalog.entries.count, n, name)
            XCTAssertEqual(catalog.lookup("key \(n - 1)"), "قيمة \(n - 1)", name)
            XCTAssertTrue(catalog.warnings.isEmpty, name)
        }
        let minifiedLast = try loadCatalog(minified, name: "min.json").entries.last!
        XCTAssertEqual(minifiedLast.line, 1)
        XCTAssertEqual(minifiedLast.column, minified.unicodeScalars.count - "\"key \(n - 1)\":\"قيمة \(n - 1)\"}".unicodeScalars.count + 1)
    }

    /// One million entries, timed; set `CATALOG_LARGE_TESTS=1` and run in release
    /// (`swift test -c release -Xswiftc -enable-testing --filter test_oneMillionEntries`).
    func test_oneMillionEntries() throws {
        guard ProcessInfo.processInfo.environment["CATALOG_LARGE_TESTS"] == "1" else {
            throw XCTSkip("set CATALOG_LARGE_TESTS=1 to load 1,000,000-entry files")
        }
        let n = 1_000_000
        var po = [UInt8](), json = [UInt8]("{".utf8)
        po.reserveCapacity(n * 45)
        for i in 0 ..< n {
            po += Array("msgid \"key \(i)\"\nmsgstr \"قيمة \(i)\"\n\n".utf8)
            json += Array("\"key \(i)\": \"قيمة \(i)\"\(i + 1 < n ? ",\n" : "}\n")".utf8)
        }
        for (bytes, name) in [(po, "big.po"), (json, "big.json")] {
            let start = Date()
            let catalog = try CatalogLoader.load(data: Data(bytes), path: name)
            let seconds = Date().timeIntervalSince(start)
            print("\(name): \(bytes.count) bytes, \(catalog.entries.count) entries in \(String(format: "%.2f", seconds)) s")
            XCTAssertEqual(catalog.entries.count, n)
            XCTAssertEqual(catalog.lookup("key 765432"), "قيمة 765432")
            XCTAssertLessThan(seconds, 15, name)
        }
    }
}
