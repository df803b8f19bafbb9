import Foundation
import XCTest
@testable import BidiTerm

final class XCStringsCatalogTests: XCTestCase {
    private let fixture = "xcstrings/Localizable.xcstrings"

    func test_xcstrings_defaultTargetIsTheFirstNonSourceLanguage() throws {
        let catalog = try CatalogFixture.load(fixture)
        XCTAssertEqual(catalog.format, .xcstrings)
        XCTAssertEqual(catalog.sourceLocale, "en")
        XCTAssertEqual(catalog.availableLocales, ["ar", "en", "fa", "he"])
        XCTAssertEqual(catalog.locale, "ar")
        XCTAssertEqual(catalog.metadata["version"], "1.0")
        XCTAssertEqual(catalog.lookup("Settings"), "الإعدادات")
        XCTAssertTrue(catalog.warnings.isEmpty, "\(catalog.warnings)")
    }

    func test_xcstrings_entriesKeepFileOrderAndPositions() throws {
        let catalog = try CatalogFixture.load(fixture)
        XCTAssertEqual(catalog.entries.map(\.key), ["%lld files", "Settings", "Tap to continue", "Hello, %@", "%@ sent %#@photos@", "rtl-tui"])
        XCTAssertEqual(catalog.entry("Settings").map { [$0.line, $0.column] }, [38, 5])
    }

    func test_xcstrings_arabicPluralsHaveAllSixCategories() throws {
        let entry = try XCTUnwrap(CatalogFixture.load(fixture).entry("%lld files"))
        XCTAssertEqual(entry.plurals, [
            "zero": "لا توجد ملفات", "one": "ملف واحد", "two": "ملفان",
            "few": "%lld ملفات", "many": "%lld ملفًا", "other": "%lld ملف",
        ])
        XCTAssertEqual(entry.translation, "%lld ملف", "other is the translation")
        XCTAssertEqual(entry.source, "%lld files", "the source language's other form")
        XCTAssertEqual(entry.comment, "Number of files in the list")
    }

    func test_xcstrings_deviceVariationsAndSubstitutions() throws {
        let catalog = try CatalogFixture.load(fixture)
        let tap = try XCTUnwrap(catalog.entry("Tap to continue"))
        XCTAssertEqual(tap.translation, "اضغط للمتابعة")
        XCTAssertEqual(tap.variants, ["device.mac": "انقر للمتابعة"])
        let sent = try XCTUnwrap(catalog.entry("%@ sent %#@photos@"))
        XCTAssertEqual(sent.translation, "أرسل %@ %#@photos@")
        XCTAssertEqual(sent.variants, ["substitutions.photos.one": "صورة واحدة", "substitutions.photos.other": "%arg صور"])
        // Drawn with the form the photos argument (the second) chooses; `%arg` is its number.
        let r = ScreenRenderer(catalogs: [catalog], locale: "ar")
        func text(_ n: Double) -> String {
            r.resolve(.key("%@ sent %#@photos@", args: [TextArgument("1", .string("ليلى")), TextArgument("2", .number(n))])).text
        }
        XCTAssertEqual(text(1), "أرسل \u{2068}ليلى\u{2069} صورة واحدة")
        XCTAssertEqual(text(5), "أرسل \u{2068}ليلى\u{2069} ٥ صور", "few has no form: other")
    }

    func test_xcstrings_chosenLanguage() throws {
        let hebrew = try CatalogFixture.load(fixture, locale: "he")
        XCTAssertEqual(hebrew.locale, "he")
        let settings = try XCTUnwrap(hebrew.entry("Settings"))
        XCTAssertEqual(settings.translation, "הגדרות")
        XCTAssertTrue(settings.isFuzzy, "needs_review")
        XCTAssertEqual(settings.flags, ["state=needs_review"])
        XCTAssertEqual(hebrew.entry("%lld files")?.plurals, ["one": "קובץ אחד", "two": "שני קבצים", "other": "%lld קבצים"])
        XCTAssertNil(hebrew.lookup("Tap to continue"), "no Hebrew localization")
        XCTAssertEqual(hebrew.entry("Tap to continue")?.source, "Tap to continue", "the key stands for the source")

        let persian = try CatalogFixture.load(fixture, locale: "fa")
        XCTAssertEqual(persian.lookup("Hello, %@"), "سلام، %@")
        XCTAssertEqual(persian.entry("Hello, %@")?.comment, "Greeting; %@ is the user's name")
    }

    func test_xcstrings_flagsForStringsNotToTranslate() throws {
        let entry = try XCTUnwrap(CatalogFixture.load(fixture).entry("rtl-tui"))
        XCTAssertEqual(entry.flags, ["shouldTranslate=false"])
        XCTAssertNil(entry.translation)
    }

    func test_xcstrings_missingLanguageWarns() throws {
        let catalog = try CatalogFixture.load(fixture, locale: "de")
        XCTAssertEqual(catalog.locale, "de")
        XCTAssertTrue(catalog.entries.allSatisfy { !$0.isTranslated })
        assertCatalogWarning(catalog, line: 0, column: 0, contains: "no string has a localization for \"de\"; available: ar, en, fa, he")
    }

    func test_xcstrings_unknownKeysAreReported() throws {
        let catalog = try loadCatalog("""
        {
          "sourceLanguage": "en",
          "extra": 1,
          "strings": {
            "a": { "localizations": { "ar": { "stringUnit": { "state": "translated", "value": "أ" }, "oddity": {} } } }
          }
        }
        """, name: "t.xcstrings")
        XCTAssertEqual(catalog.lookup("a"), "أ")
        assertCatalogWarning(catalog, line: 3, column: 3, contains: "unknown top-level key \"extra\"")
        assertCatalogWarning(catalog, line: 5, column: 5, contains: "unknown key \"oddity\" in a localization of \"a\"")
    }

}
