import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// The decisions that keep warnings right (what `untranslated` leaves alone, which digits are a
/// text's own, the typing checks), each on its own cases. How right `check` is on real catalogs is
/// measured by the labelled sample of `CheckSampleTests`, whose seeded draw is `draw(_:of:seed:)`.
final class WarningPrecisionTests: XCTestCase {
    /// A seeded draw of `k` of `n` indices, in order (SplitMix64, a partial Fisher–Yates shuffle).
    static func draw(_ k: Int, of n: Int, seed: UInt64) -> [Int] {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var a = Array(0..<n)
        for i in 0..<min(k, n) { a.swapAt(i, i + Int(next() % UInt64(n - i))) }
        return Array(a.prefix(k)).sorted()
    }

    // MARK: - Decisions that keep the warnings right

    func linted(_ text: String, _ source: String, locale: String = "ar", key: String? = nil, context: String? = nil,
                others: [(String, String)] = [], flags: [String] = []) -> [Finding] {
        var entries = [CatalogEntry(key: key ?? source, context: context, source: source, translation: text, flags: flags)]
        for (s, t) in others { entries.append(CatalogEntry(key: s, source: s, translation: t)) }
        return BidiLinter().check(Catalog(path: "\(locale).po", format: .po, locale: locale, entries: entries))
    }

    func ids(_ text: String, _ source: String, locale: String = "ar", context: String? = nil, others: [(String, String)] = []) -> Set<String> {
        Set(linted(text, source, locale: locale, context: context, others: others).filter { $0.key == (context.map { "\($0)|\(source)" } ?? source) }.map(\.id))
    }

    func test_untranslated_leavesNamesKeysAndCreditsAlone() {
        XCTAssertEqual(ids("Cancel", "Cancel"), ["untranslated"])
        XCTAssertEqual(ids("Use Markup", "Use Markup"), ["untranslated"], "title case alone is not a name")
        XCTAssertEqual(ids("A4x5", "A4x5", context: "paper size"), [])
        XCTAssertEqual(ids("End", "KP_End", context: "keyboard label"), [])
        XCTAssertEqual(ids("calendar:week_start:0", "calendar:week_start:0"), [])
        XCTAssertEqual(ids("ahmad@example.org", "Your emails", context: "EMAIL OF TRANSLATORS"), [])
        XCTAssertEqual(ids("TypeMatrix EZ-Reach 2030 USB", "TypeMatrix EZ-Reach 2030 USB"), [])
        XCTAssertEqual(ids("S", "S", context: "Color Channel"), [])
        // Kept in Latin inside the catalog's Arabic translations: a name.
        XCTAssertEqual(ids("Konsole", "Konsole", others: [("About Konsole", "عن Konsole")]), [])
        XCTAssertEqual(ids("Konsole", "Konsole"), ["untranslated"])
    }

    func test_noWarningOnAnEntryReportedReversed() {
        // Hebrew typed reversed (final letters start the words), with a dropped trailing space too.
        let f = linted("ןורכזה רמגנ םויה", "Out of memory today ", locale: "he")
        XCTAssertTrue(f.contains { $0.id == "visual-order" })
        XCTAssertEqual(f.filter { $0.severity == .warning }.map(\.id), [])
    }

    func test_mixedDigits_countsOnlyTheTextsOwnDigits() {
        XCTAssertEqual(ids("طرفيات 1×٢", "1x2 terminals").intersection(["mixed-digits"]), ["mixed-digits"])
        XCTAssertEqual(ids("Sun Type 7 USB (ياباني) ١٠٦-مفتاح", "Sun Type 7 USB (Japanese) 106-key").intersection(["mixed-digits"]), [])
        XCTAssertEqual(ids("نشانی آی‌پی۶ در SOCKSv4", "SOCKSv4 IPv6 address").intersection(["mixed-digits"]), [])
    }

    // MARK: - New checks

    func test_slashes() {
        XCTAssertEqual(ids("صورة\\شفافة", "Picture/Transparent").intersection(["slashes"]), ["slashes"])
        XCTAssertEqual(ids("از /N پشتیبانی نمی‌شود", "\\N is not supported", locale: "fa").intersection(["slashes"]), ["slashes"])
        XCTAssertEqual(ids("صورة/شفافة", "Picture/Transparent").intersection(["slashes"]), [])
        XCTAssertEqual(ids("سطر\\n", "Line\\n").intersection(["slashes"]), [], "an escape is not a backslash typed for a slash")
        XCTAssertEqual(ids("انظر https://example.org", "See https://example.org").intersection(["slashes"]), [])
    }

    func test_placeholderSpacing() {
        let f = linted("حذف پرونده‌ها از %1پشتیبانی نمی‌شود.", "Deleting files from %1 is not supported.", locale: "fa", flags: ["kde-format"])
        XCTAssertEqual(f.filter { $0.id == "placeholder-spacing" }.count, 1, "\(f.map(\.message))")
        XCTAssertEqual(ids("جلب %sب", "Fetched %sB").intersection(["placeholder-spacing"]), [], "no space in the source")
        XCTAssertEqual(ids("%sها حذف شد", "%s files deleted", locale: "fa").intersection(["placeholder-spacing"]), [], "a two-letter suffix")
        XCTAssertEqual(ids("%s، فشل", "%s failed").intersection(["placeholder-spacing"]), [], "punctuation is not a word")
    }

    func test_guillemets_andTheirFix() {
        let f = linted("قرارداد ناشناخته »%1«.", "Unknown protocol '%1'.", locale: "fa")
        let g = f.first { $0.id == "guillemets" }
        XCTAssertNotNil(g)
        XCTAssertEqual(g?.fixable, true)
        XCTAssertTrue(g?.suggestion.contains("«%1»") == true, g?.suggestion ?? "")
        XCTAssertEqual(ids("قرارداد ناشناخته «%1».", "Unknown protocol '%1'.", locale: "fa").intersection(["guillemets"]), [])
        XCTAssertEqual(ids("Protokoll »%1«", "Protocol '%1'", locale: "de").intersection(["guillemets"]), [], "not in LTR text")
        XCTAssertEqual(LintFixer.fixed("»%1« با »%2«"), "«%1» با «%2»")
        XCTAssertEqual(LintFixer.fixed("»%1« با «%2»"), "»%1« با «%2»", "mixed: not certain, left alone")
        XCTAssertEqual(LintFixer.balanced("»%1« با"), "»%1« با", "balanced() repairs bidi controls only")
    }

    /// `--fix` swaps the guillemets in a .po file, byte for byte elsewhere.
    func test_guillemets_fixedInAPOFile() throws {
        let po = "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Language: fa\\n\"\n\nmsgid \"Unknown protocol '%1'.\"\nmsgstr \"قرارداد ناشناخته »%1«.\"\n"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("guillemets-\(UUID().uuidString).po")
        try po.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let catalog = try CatalogLoader.load(path: url.path)
        let result = try CatalogFixer.fix(try Data(contentsOf: url), catalog: catalog)
        XCTAssertEqual(result.fixed.count, 1)
        XCTAssertEqual(String(decoding: result.data, as: UTF8.self), po.replacingOccurrences(of: "»%1«", with: "«%1»"))
    }

    func test_pluralZero_formOfAnotherMessage() throws {
        let header = "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Plural-Forms: nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;\\n\"\n\"Language: ar\\n\"\n\n"
        func forms(_ zero: String) throws -> [Finding] {
            let po = header + "msgid \"This file uses advanced permissions\"\nmsgid_plural \"These files use advanced permissions\"\n"
                + "msgstr[0] \"\(zero)\"\nmsgstr[1] \"يستخدم هذا الملفّ تصاريح متقدّمة.\"\nmsgstr[2] \"يستخدم هذين الملفّين تصاريح متقدّمة.\"\n"
                + "msgstr[3] \"تستخدم هذه الملفّات تصاريح متقدّمة.\"\nmsgstr[4] \"تستخدم هذه الملفّات تصاريح متقدّمة.\"\nmsgstr[5] \"تستخدم هذه الملفّات تصاريح متقدّمة.\"\n"
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("zero-\(UUID().uuidString).po")
            try po.write(to: url, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: url) }
            return BidiLinter().check(try CatalogLoader.load(path: url.path)).filter { $0.id == "plural-zero" }
        }
        XCTAssertEqual(try forms("لا ملفّات.").map(\.pluralForm), ["0"])
        XCTAssertEqual(try forms(" %1 ").count, 1)
        XCTAssertEqual(try forms("لا يستخدم أي ملف تصاريح متقدّمة.").count, 0)
    }
}
