import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// Plural forms chosen by count in every catalog format: the same Arabic message
/// (`Fixtures/plurals/`) in gettext `.po` and `.mo` (the catalog's `Plural-Forms`), `.xcstrings`
/// Android `<plurals>` and `.stringsdict` (CLDR categories), ARB, XLIFF and `.strings` (ICU MessageFormat),
/// i18next JSON (`_zero` … `_other` keys) and Qt `.ts`/`.qm` (numerus forms, the `.qm` with the
/// rules `lrelease` wrote), drawn through `ScreenRenderer` for CLDR's sample number of each of
/// Arabic's six categories, against one golden per category
/// (`Fixtures/plurals/golden/ar.CATEGORY.txt`; `RECORD_SNAPSHOTS=1` re-records).
final class PluralCatalogTests: XCTestCase {
    static let directory = Repository.fixtures.appendingPathComponent("plurals").path
    static let formats = ["ar.po", "ar.mo", "Localizable.xcstrings", "values-ar/strings.xml", "app_ar.arb",
                          "ar.json", "ar.xlf", "ar.lproj/Localizable.strings", "ar.lproj/Localizable.stringsdict", "ar.ts", "ar.qm"]

    private func catalog(_ name: String) throws -> Catalog {
        try CatalogLoader.load(path: "\(Self.directory)/\(name)", locale: name == "Localizable.xcstrings" ? "ar" : nil)
    }

    func test_sixArabicCategories_inEveryFormat_matchTheGoldens() throws {
        let screen = try ScreenFile.load(path: "\(Self.directory)/plural.yaml")
        let rules = PluralRules(locale: "ar")
        XCTAssertEqual(rules.sampleNumbers, [0, 1, 2, 3, 11, 100])
        for name in Self.formats {
            var renderer = ScreenRenderer(catalogs: [try catalog(name)], locale: "ar")
            XCTAssertEqual(renderer.missingKeys(in: screen).map(\.key), [], name)
            for (category, n) in rules.samples {
                renderer.countOverride = n
                let rows = BufferExport.plain(renderer.render(screen, width: 24, height: 3))
                GoldenFile.assertMatches(rows, path: "\(Self.directory)/golden/ar.\(category.rawValue).txt",
                                         header: ["Fixtures/plurals/plural.yaml with count \(Int(n)) (\(category.rawValue)), ar, 24×3",
                                                  "every catalog format in Fixtures/plurals draws this; RECORD_SNAPSHOTS=1 re-records"])
                if GoldenFile.recording { continue }
            }
        }
    }

    /// Beyond the samples: the categories repeat as CLDR says (101 is other, 111 many, 203 few),
    /// and a count without a form of its own falls back to `other`.
    func test_formsFollowTheRulesBeyondTheSamples() throws {
        let expected: [(Double, String)] = [(101, "حُذف ١٠١ ملف"), (111, "حُذف ١١١ ملفًا"), (203, "حُذفت ٢٠٣ ملفات"), (1000, "حُذف ١٬٠٠٠ ملف")]
        for name in Self.formats {
            let renderer = ScreenRenderer(catalogs: [try catalog(name)], locale: "ar")
            for (n, text) in expected {
                XCTAssertEqual(renderer.resolve(.key("files.deleted", args: [], count: .number(n))).text, text, "\(name) \(n)")
            }
        }
    }

    /// gettext uses the catalog's own expression, even where it differs from CLDR.
    func test_gettext_usesItsPluralFormsHeader() throws {
        let po = """
        msgid ""
        msgstr ""
        "Plural-Forms: nplurals=2; plural=(n > 1);\\n"

        msgid "x"
        msgid_plural "xs"
        msgstr[0] "singular %d"
        msgstr[1] "plural %d"
        """
        let c = try CatalogLoader.load(data: Data(po.utf8), path: "fr.po")
        let r = ScreenRenderer(catalogs: [c], locale: "fr")
        XCTAssertEqual(r.resolve(.key("x", args: [], count: .number(0))).text, "singular 0")
        XCTAssertEqual(r.resolve(.key("x", args: [], count: .number(2))).text, "plural 2")
    }

    /// The count: a named argument, the argument `count`, the override of the preview.
    func test_countFromArgumentOrOverride() throws {
        var r = ScreenRenderer(catalogs: [try catalog("app_ar.arb")], locale: "ar")
        let byName = TextRef.key("files.deleted", args: [TextArgument("files", .number(2))], count: .argument("files"))
        // The ARB pattern selects on `count`; `count: files` also fills `files` only, so the
        // pattern's own argument comes from a numeric count or an argument named count.
        XCTAssertEqual(r.resolve(.key("files.deleted", args: [TextArgument("count", .number(2))])).text, "حُذف ملفان")
        XCTAssertEqual(byName.count(), 2)
        r.countOverride = 11
        XCTAssertEqual(r.resolve(.key("files.deleted", args: [TextArgument("count", .number(2))])).text, "حُذف ١١ ملفًا")
        XCTAssertEqual(byName.count(override: 11), 11)
        XCTAssertNil(TextRef.key("k").count(override: 11), "a text without a count keeps its text")
    }

    /// The forms an entry lacks for its catalog's rule.
    func test_missingForms() throws {
        let c = try CatalogLoader.load(path: "\(Repository.fixtures.path)/catalogs/qt/app_he.ts")
        let e = try XCTUnwrap(c.entries.first { $0.key == "%n file(s) deleted" })
        // Qt's Hebrew rule has two forms (n == 1, else), CLDR's three: Qt's second form stands
        // for `two` and `other`, so nothing is missing, and an empty form is named with both.
        XCTAssertEqual(c.missingForms(of: e).map(\.form), [])
        var partial = e
        partial.plurals["1"] = ""
        XCTAssertEqual(c.missingForms(of: partial).map(\.form), ["form 1 (two, other)"])
        XCTAssertEqual(c.missingForms(of: partial).map(\.sample), [0])
        let po = try catalog("ar.po")
        var entry = po.entries[0]
        entry.plurals["3"] = ""
        XCTAssertEqual(po.missingForms(of: entry).map(\.form), ["form 3"])
        XCTAssertEqual(po.missingForms(of: entry).map(\.sample), [3])
    }

    /// A pseudo-locale transforms what ICU formatted, not the pattern (whose syntax ICU needs).
    func test_pseudoLocale_transformsTheFormattedMessage() throws {
        let arb = #"{"@@locale": "en", "files.deleted": "{count, plural, one {One file deleted} other {# files deleted}}"}"#
        let c = try CatalogLoader.load(data: Data(arb.utf8), path: "app_en.arb")
        let r = ScreenRenderer(catalogs: [c], locale: "en-XA")
        let text = r.resolve(.key("files.deleted", args: [], count: .number(5))).text
        XCTAssertTrue(text.hasPrefix("[5 ƒîļéš đéļéţéđ"), text)
    }

    /// Missing forms of ICU MessageFormat texts and i18next keys, as the preview's `t` panel lists them.
    func test_missingForms_ofMessageFormatAndI18next() throws {
        let arb = #"{"@@locale": "ar", "a": "{n, plural, =0 {none} one {one} other {# x}}", "b": "{count, plural, zero {z} one {o} two {t} few {f} many {m} other {x}}"}"#
        let c = try CatalogLoader.load(data: Data(arb.utf8), path: "app_ar.arb")
        let r = ScreenRenderer(catalogs: [c], locale: "ar")
        XCTAssertEqual(r.missingPluralForms("a").map(\.form), ["n: two", "n: few", "n: many"])
        XCTAssertEqual(r.missingPluralForms("b").map(\.form), [])
        let json = #"{"files_one": "o", "files_other": "x"}"#
        let j = ScreenRenderer(catalogs: [try CatalogLoader.load(data: Data(json.utf8), path: "ar.json")], locale: "ar")
        XCTAssertEqual(j.missingPluralForms("files").map(\.form), ["zero", "two", "few", "many"])
    }
}
