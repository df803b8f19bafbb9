import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// The checks on files planted with one instance of each bug, and on clean files full of what the
/// old checks mistook for bugs (glibc `%Id`, strftime `%OH:%OM`, Qt `%1 (%2×%3)`, `99% of`, plural
/// forms without the number, isolated placeholders).
final class CheckFormatsTests: XCTestCase {
    static let formats = Repository.fixtures.appendingPathComponent("lint/formats")

    func check(_ name: String, source: String? = nil, locale: String? = nil, options: BidiLinter.Options = .init()) throws -> [Finding] {
        var options = options
        options.locale = locale ?? options.locale
        let c = try CatalogLoader.load(path: Self.formats.appendingPathComponent(name).path)
        let s = try source.map { try CatalogLoader.load(path: Self.formats.appendingPathComponent($0).path) }
        return BidiLinter(options: options).check(c, source: s)
    }

    /// Findings by context (the fixtures name each entry's case in its msgctxt).
    func byContext(_ f: [Finding]) -> [String: Set<String>] {
        Dictionary(grouping: f, by: { $0.context ?? $0.entryKey }).mapValues { Set($0.map(\.id)) }
    }

    func test_cleanFormats_haveNoFindingAtAll() throws {
        for name in ["clean.ar.po", "clean.he.po"] {
            let f = try check(name)
            XCTAssertEqual(f.map { "\($0.key): \($0.id): \($0.message)" }, [], name)
        }
    }

    func test_plantedBugs_areEachCaught_withTheRightIdAndSeverity() throws {
        let f = try check("planted.ar.po")
        let ids = byContext(f)
        let expected: [String: Set<String>] = [
            "missing": ["placeholder-missing"],
            "added": ["placeholder-added"],
            "type": ["placeholder-missing", "placeholder-added"],
            "strftime": ["placeholder-added"],
            "plural.missing": ["placeholder-missing"],
            "plural.count": ["plural-forms"],
            "brackets.mirrored": ["brackets"],
            "brackets.swapped": ["brackets"],
            "brackets.unpaired": ["brackets"],
            "escapes": ["escapes"],
            "numbers": ["numbers"],
            "direction": ["direction-dependent"],
            "unisolated": ["placeholder-unisolated"],
            "untranslated": ["untranslated"],
            "unterminated": ["bidi-unbalanced"],
            "stray": ["bidi-unbalanced"],
            "presentation": ["presentation-forms"],
            "digits": ["mixed-digits"],
        ]
        XCTAssertEqual(ids, expected)
        // The plural form that lost its number is named; the zero, one and two forms are not reported.
        XCTAssertEqual(f.first { $0.context == "plural.missing" }?.pluralForm, "3")
        for x in f where x.id.hasPrefix("placeholder-") && x.id != "placeholder-unisolated" || x.id == "plural-forms" || x.id == "bidi-unbalanced" && x.context == "unterminated" {
            XCTAssertEqual(x.severity, .error, x.key)
        }
        // The fuzzy entry (a missing %s) is skipped, unless asked for; then it is marked.
        XCTAssertNil(ids["fuzzy"])
        let fuzzy = try check("planted.ar.po", options: .init(includeFuzzy: true)).filter { $0.context == "fuzzy" }
        XCTAssertEqual(fuzzy.map(\.id), ["placeholder-missing"])
        XCTAssertTrue(fuzzy[0].fuzzy)
    }

    func test_findingsCarryTheRawTranslationTheSourceTheContextAndThePluralForm() throws {
        let f = try check("planted.ar.po")
        let stray = try XCTUnwrap(f.first { $0.context == "stray" })
        XCTAssertEqual(stray.translation, "نص\u{2069}")
        XCTAssertEqual(stray.source, "Stray")
        XCTAssertEqual(stray.entryKey, "Stray")
        XCTAssertEqual(stray.key, "stray|Stray")
        XCTAssertNil(stray.pluralForm)
        XCTAssertTrue(stray.fixable)
        XCTAssertFalse(stray.fuzzy)
        let plural = try XCTUnwrap(f.first { $0.context == "plural.missing" })
        XCTAssertEqual(plural.translation, "ملفات")
        XCTAssertEqual(plural.source, "%d files")
    }

    func test_suggestions_areLogical_neverChangePlaceholderDigits_andNeverEmpty() throws {
        let f = try check("planted.ar.po")
        let digits = try XCTUnwrap(f.first { $0.id == "mixed-digits" })
        XCTAssertTrue(digits.suggestion.hasSuffix("الإصدار ٢ من ٣"), digits.suggestion)
        let added = try XCTUnwrap(f.first { $0.context == "added" })
        XCTAssertTrue(added.suggestion.contains("has no placeholder: remove %s"), added.suggestion)
        // Placeholders and Latin words keep their digits.
        XCTAssertEqual(BidiLinter.convertDigits("%1 و %2$s و GTK3 و 2", to: .arab,
                                                keeping: Placeholder.find("%1 و %2$s و GTK3 و 2", syntax: .qt)), "%1 و %2$s و GTK3 و ٢")
        let mirrored = try XCTUnwrap(f.first { $0.context == "brackets.mirrored" })
        XCTAssertTrue(mirrored.suggestion.hasSuffix("الحجم (اختياري)"), mirrored.suggestion)
        let direction = try XCTUnwrap(f.first { $0.id == "direction-dependent" })
        XCTAssertTrue(direction.suggestion.contains("\u{2066}⟨RLM⟩\u{2069}PDF تم حفظه"), direction.suggestion)
        for x in f { XCTAssertFalse(x.suggestion.hasSuffix(": "), "\(x.id): \(x.suggestion)") }
    }

    func test_visualOrderHebrew_isCaught_andLogicalHebrewIsNot() throws {
        let ids = byContext(try check("visual.he.po"))
        XCTAssertEqual(ids["final-letters"], ["visual-order"])
        XCTAssertEqual(ids["final-letter-start"], ["visual-order"])
        XCTAssertNil(ids["logical"])
        XCTAssertNil(ids["logical.one-word"])
        // The suggestion gives the logical text when laying it out gives the stored text back.
        let f = try check("visual.he.po").first { $0.context == "final-letters" }
        XCTAssertTrue(f?.suggestion.hasSuffix("נגמר הזכרון") ?? false, f?.suggestion ?? "")
        // A catalog declared in ISO-8859-8 (visual Hebrew) reports its strings with no sign either way.
        let declared = Catalog(path: "he.po", format: .po, locale: "he", metadata: ["Content-Type": "text/plain; charset=ISO-8859-8"],
                               entries: [CatalogEntry(key: "Success", source: "Success", translation: "החלצה")])
        XCTAssertEqual(BidiLinter().check(declared).map(\.id), ["visual-order"])
        let logical = Catalog(path: "he.po", format: .po, locale: "he", metadata: ["Content-Type": "text/plain; charset=UTF-8"],
                              entries: [CatalogEntry(key: "Success", source: "Success", translation: "הצלחה")])
        XCTAssertEqual(BidiLinter().check(logical).map(\.id), [])
    }

    func test_keyBasedFormats_compareWithTheSourceCatalog_inTheirOwnSyntax() throws {
        let android = byContext(try check("android/values-ar/strings.xml", source: "android/values/strings.xml"))
        XCTAssertEqual(android["copy"], ["placeholder-missing"])
        XCTAssertNil(android["greeting"])
        XCTAssertNil(android["percent"], "formatted=\"false\": 99% is text")
        XCTAssertEqual(android["files"], ["plural-forms"], "Arabic needs zero, two, few and many too")
        let apple = byContext(try check("apple/ar.lproj/Localizable.strings", source: "apple/en.lproj/Localizable.strings"))
        XCTAssertEqual(apple, ["delete": ["placeholder-missing"]])
        // Without a source, a key that reads as text is the source; an identifier ("count") is not.
        let keyed = Catalog(path: "ar.strings", format: .strings, locale: "ar", entries: [
            CatalogEntry(key: "count", translation: "%lld عنصر"), CatalogEntry(key: "Delete %@", translation: "حذف"),
        ])
        XCTAssertEqual(byContext(BidiLinter().check(keyed)), ["Delete %@": ["placeholder-missing"]])
        let json = byContext(try check("json/ar.json", source: "json/en.json", locale: "ar"))
        XCTAssertEqual(json, ["bye": ["placeholder-missing", "placeholder-added"]])
        let arb = byContext(try check("arb/app_ar.arb", source: "arb/app_en.arb"))
        XCTAssertEqual(arb, ["hello": ["placeholder-missing", "placeholder-added"]])
    }

    func test_directionDependent_onlyWhereAFirstStrongParagraphShowsItDifferently() {
        let linter = BidiLinter()
        func ids(_ text: String, _ source: String = "x") -> [String] {
            let c = Catalog(path: "ar.po", format: .po, locale: "ar", entries: [CatalogEntry(key: source, source: source, translation: text)])
            return linter.check(c).map(\.id).filter { $0 == "direction-dependent" }
        }
        XCTAssertEqual(ids("تم الحفظ."), [], "a trailing full stop after RTL letters shows the same in both")
        XCTAssertEqual(ids("تم الحفظ!"), [])
        XCTAssertEqual(ids("Wi-Fi متصل"), ["direction-dependent"])
        XCTAssertEqual(ids("\u{200F}Wi-Fi متصل"), [], "RLM first: a first-strong paragraph is RTL")
        XCTAssertEqual(ids("<b>تحذير</b>: %1", "<b>Warning</b>: %1"), [], "markup tags are not shown")
        XCTAssertEqual(ids("%s فایل", "%s file"), ["direction-dependent"], "a Latin value makes the paragraph LTR")
    }

    func test_untranslated_notForTextWithoutLetters() {
        func ids(_ text: String, _ source: String) -> [String] {
            let c = Catalog(path: "ar.mo", format: .mo, locale: "ar", entries: [CatalogEntry(key: source, source: source, translation: text)])
            return BidiLinter().check(c).map(\.id)
        }
        XCTAssertEqual(ids("%OH:%OM", "%H:%M"), [])
        XCTAssertEqual(ids("%Id%%", "%d%%"), [])
        XCTAssertEqual(ids("<b>%1</b>", "<b>%1</b>"), [])
        XCTAssertEqual(ids("Cancel", "Cancel"), ["untranslated"])
    }

    func test_placeholderUnisolated_onlyInRTLText_andOnlyWhenTheRenderingsDiffer() {
        func ids(_ text: String, _ source: String) -> [String] {
            let c = Catalog(path: "ar.po", format: .po, locale: "ar", entries: [CatalogEntry(key: source, source: source, translation: text)])
            return BidiLinter().check(c).map(\.id).filter { $0 == "placeholder-unisolated" }
        }
        XCTAssertEqual(ids("Error reading GIF: %s", "Error reading GIF: %s"), [], "no RTL letter")
        // Beside a Latin word the value joins its run: ‹GIF: report (2).pdf› reads as well as the
        // isolated ‹report (2).pdf :GIF›.
        XCTAssertEqual(ids("خطأ أثناء قراءة GIF: %s", "Error reading GIF: %s"), [], "reads the same")
        // Between quotes, bare, the opening quote joins the value and the closing one does not.
        XCTAssertEqual(ids("خطأ في ملف include: \"%s\"", "Error in include file: \"%s\""), ["placeholder-unisolated"])
        XCTAssertEqual(ids("ویرایش Profile »%1«", "Edit Profile \"%1\""), ["placeholder-unisolated"])
        XCTAssertEqual(ids("خطأ في ملف include: \"\u{2068}%s\u{2069}\"", "Error in include file: \"%s\""), [])
        XCTAssertEqual(ids("تعذّر فتح \"%s\"", "Cannot open \"%s\""), [], "RTL on both sides: the quotes stay with the value")
        XCTAssertEqual(ids("فتح %s؟", "Open %s?"), [], "a file name shows the same bare and isolated here")
        XCTAssertEqual(ids("<a href='%s'>انقر هنا</a>", "<a href='%s'>click here</a>"), [], "an attribute value is not shown")
    }

    func test_brackets_escapes_numbers_doNotFireOnFaithfulTranslations() {
        func ids(_ text: String, _ source: String) -> Set<String> {
            let c = Catalog(path: "ar.po", format: .po, locale: "ar", entries: [CatalogEntry(key: source, source: source, translation: text)])
            return Set(BidiLinter().check(c).filter { $0.severity > .info }.map(\.id)).intersection(["brackets", "escapes", "numbers"])
        }
        XCTAssertEqual(ids("الحجم (اختياري)", "Size (optional)"), [])
        XCTAssertEqual(ids("الحجم (بالبايت) (اختياري)", "Size (optional)"), [], "an added parenthetical is a choice")
        XCTAssertEqual(ids("تم.\n", "Done.\n"), [])
        XCTAssertEqual(ids("بين ٠ و ٩", "between 0 and 9"), [], "numbers match in any digit system")
        XCTAssertEqual(ids("بين ۰ و ۹", "between 0 and 9"), [])
        XCTAssertEqual(ids("a -> b", "a → b"), [], "arrows are not brackets")
        XCTAssertEqual(ids("جزر الكوكوس", "Cocos (Keeling) Islands"), [], "a parenthetical dropped is a translator's choice")
        XCTAssertEqual(ids("أُلغيت العملية ", "Operation was cancelled"), [], "a space added at an end shows nothing: a note at most")
        XCTAssertEqual(ids("کاربر:", "User: "), ["escapes"], "a space lost at an end glues the value")
        XCTAssertEqual(ids("المستوى الثالث", "3rd level"), [], "ordinals are written as words")
        XCTAssertEqual(ids("ارتفاع صفر", "height of 0"), [], "a small number written as a word")
        XCTAssertEqual(ids("بين 0 و 100", "between 0 and 9"), ["numbers"], "a small number replaced by another")
        XCTAssertEqual(ids("calendar:week_start:6", "calendar:week_start:0"), [], "a key answered with a value")
    }
}
