import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// The catalog translations found on a screen (`Fixtures/screen-strings`: an Arabic and a Hebrew
/// catalog, and a screen of rows in logical order with a dialog box and a wrapped message).
final class ScreenStringsTests: XCTestCase {
    static let directory = Repository.fixtures.appendingPathComponent("screen-strings")

    func catalogs() throws -> [Catalog] {
        try ["ar.po", "he.po"].map { try CatalogLoader.load(path: Self.directory.appendingPathComponent($0).path) }
    }

    func screen() throws -> [String] {
        let text = try String(contentsOf: Self.directory.appendingPathComponent("screen.txt"), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    func strings(includeFuzzy: Bool = false) throws -> ScreenStrings {
        ScreenStrings(catalogs: try catalogs(), includeFuzzy: includeFuzzy)
    }

    func hits(_ m: ScreenMatch, key: String) -> [ScreenMatch.Hit] { m.hits.filter { $0.entry.key == key } }

    // MARK: Forms and placeholders

    func test_translationIsFound_withItsRowColumnsFileAndLine() throws {
        let rows = try screen()
        let m = try strings().match(rows: rows)
        let hit = try XCTUnwrap(hits(m, key: "Settings").first)
        XCTAssertEqual(hit.row, 0)
        XCTAssertEqual(hit.columns, 0..<9)
        XCTAssertEqual(hit.rows, 0..<1)
        XCTAssertEqual(hit.text, "الإعدادات")
        XCTAssertEqual(hit.entry.translation, "الإعدادات")
        XCTAssertTrue(hit.entry.file.hasSuffix("screen-strings/ar.po"))
        XCTAssertEqual(hit.entry.locale, "ar")
        XCTAssertGreaterThan(hit.entry.line, 0)
        XCTAssertEqual(hits(m, key: "Settings").count, 1, "row 11 shows the longer \"Advanced settings\"")
    }

    func test_entriesAndForms_areCounted_untranslatedFuzzyAndLetterlessLeftOut() throws {
        let s = try strings()
        // ar.po: 13 translated, one of them fuzzy and "%s" without a letter; 6 plural forms. he.po: 2.
        XCTAssertEqual(s.entryCount, 13)
        XCTAssertEqual(s.formCount, 18)
        XCTAssertEqual(try strings(includeFuzzy: true).entryCount, 14)
    }

    func test_positionalPlaceholders_matchAnyText() throws {
        let rows = try screen()
        let m = try strings().match(rows: rows)
        let hit = try XCTUnwrap(hits(m, key: "Copying %1$s to %2$s").first)
        XCTAssertEqual(hit.row, 1)
        XCTAssertEqual(hit.columns, 0..<rows[1].count, "the last placeholder takes the rest of the field")
        // Reordered positional arguments.
        let row = "  متبقٍ 512 بايت في /home  "
        let free = try strings().match(rows: [row])
        XCTAssertEqual(hits(free, key: "%2$s: %1$d bytes free").map(\.columns), [2..<(row.count - 2)])
    }

    func test_namedPlaceholders_matchAnyText() throws {
        let rows = try screen()
        let m = try strings().match(rows: rows)
        XCTAssertEqual(hits(m, key: "Welcome, {name}!").map(\.row), [9])
        XCTAssertEqual(hits(m, key: "Welcome, {name}!").first?.columns, 0..<rows[9].count)
        let hebrew = try strings().match(rows: ["│ למחוק את report.txt? │"])
        let hit = try XCTUnwrap(hits(hebrew, key: "Delete {file}?").first)
        XCTAssertEqual(hit.columns, 2..<22)
        XCTAssertEqual(hit.entry.locale, "he")
    }

    func test_everyPluralForm_isTried() throws {
        let s = try strings()
        let rows = ["حُذفت 3 ملفات", "حُذف ملفان", "لم يُحذف أي ملف", "حُذف 11 ملفًا", "حُذف 100 ملف", "حُذف ملف واحد"]
        let m = s.match(rows: rows)
        let forms = hits(m, key: "%d file deleted").sorted { $0.row < $1.row }
        XCTAssertEqual(forms.map(\.row), [0, 1, 2, 3, 4, 5])
        XCTAssertEqual(forms.map(\.entry.pluralForm), ["3", "2", "0", "4", "5", "1"])
        XCTAssertEqual(forms.map(\.form), [3, 2, 0, 4, 5, 1])
        XCTAssertEqual(forms[0].entry.translation, "حُذفت %d ملفات")
        XCTAssertEqual(m.unmatched.map(\.text), [])
    }

    // MARK: Boxes and wrapping

    func test_messageWrappedInsideADialogBox_isMatchedOverTwoRows() throws {
        let rows = try screen()
        let m = try strings().match(rows: rows)
        let key = "The connection to the server was lost. Check your network and try again."
        let hit = try XCTUnwrap(hits(m, key: key).first)
        XCTAssertEqual(hit.rows, 3..<5)
        XCTAssertEqual(hit.row, 3)
        XCTAssertEqual(hit.spans.map(\.row), [3, 4])
        XCTAssertEqual(hit.spans.map(\.columns.lowerBound), [2, 2], "inside the border and its padding")
        XCTAssertEqual(hit.text, "انقطع الاتصال بالخادم. تحقق من الشبكة ثم حاول مرة أخرى.")
        XCTAssertFalse(m.unmatched.contains { $0.row == 3 || $0.row == 4 })
    }

    func test_boxBorders_separateTheTextOnARow() throws {
        let s = try strings()
        let m = s.match(rows: ["│ نعم │ لا │ فتح │"])
        XCTAssertEqual(hits(m, key: "Yes").map(\.columns), [2..<5])
        XCTAssertEqual(hits(m, key: "No").map(\.columns), [8..<10], "a whole piece between borders is a field")
        XCTAssertEqual(hits(m, key: "Open").map(\.columns), [13..<16])
        // No translation runs across a border.
        let cut = s.match(rows: ["الإعدادات│المتقدمة"])
        XCTAssertEqual(cut.hits.map(\.entry.key), ["Settings"])
        XCTAssertEqual(cut.unmatched.map(\.text), ["المتقدمة"])
    }

    func test_buttonsInADialog_areMatchedAsFields() throws {
        let rows = try screen()
        let m = try strings().match(rows: rows)
        XCTAssertEqual(hits(m, key: "Yes").map(\.row), [6])
        XCTAssertEqual(hits(m, key: "No").map(\.row), [6])
    }

    func test_rowsNotAtTheSameColumn_areNotJoined() throws {
        let m = try strings().match(rows: ["│ انقطع الاتصال بالخادم. تحقق │", "  │ من الشبكة ثم حاول مرة أخرى. │"])
        XCTAssertEqual(m.hits.count, 0)
        XCTAssertEqual(m.unmatched.count, 2)
    }

    // MARK: What is not matched

    func test_entryNotOnScreen_isNotMatched() throws {
        let m = try strings().match(rows: try screen())
        for key in ["Help", "Print", "Quit", "%s", "Save", "Delete {file}?"] {
            XCTAssertEqual(hits(m, key: key).count, 0, key)
        }
        let fuzzy = try strings(includeFuzzy: true).match(rows: try screen())
        XCTAssertEqual(hits(fuzzy, key: "Quit").map(\.row), [0])
        XCTAssertEqual(hits(fuzzy, key: "Quit").first?.entry.isFuzzy, true)
    }

    func test_textWithoutEntry_isListedAsUnmatched() throws {
        let m = try strings().match(rows: try screen())
        XCTAssertEqual(m.unmatched.map(\.text), ["خروج", "هذا نص مكتوب في البرنامج"])
        XCTAssertEqual(m.unmatched.map(\.row), [0, 10])
        XCTAssertEqual(m.unmatched.first?.columns, 16..<20)
        // Latin text is listed only when asked for.
        let latin = ScreenStrings(catalogs: try catalogs(), unmatchedLetters: .any).match(rows: ["الإعدادات  Print"])
        XCTAssertEqual(latin.unmatched.map(\.text), ["Print"])
        XCTAssertEqual(try strings().match(rows: ["الإعدادات  Print"]).unmatched.count, 0)
    }

    func test_shortTranslations_matchOnlyAWholeField() throws {
        let s = try strings()
        let m = s.match(rows: ["لا يمكن حفظ الملف", "لا", "[ لا ]", "نعم  لا  فتح", "%s", "5 - 3"])
        XCTAssertEqual(hits(m, key: "No").map(\.row), [1, 2, 3])
        XCTAssertEqual(hits(m, key: "%s").count, 0, "a form without letters never matches")
    }

    func test_aWordInsideAnotherWord_isNotMatched() throws {
        let m = try strings().match(rows: ["الفتحة مفتوحة", "فتحنا", "افتح"])
        XCTAssertEqual(hits(m, key: "Open").count, 0)
    }

    func test_longestMatch_winsWhereEntriesOverlap() throws {
        let m = try strings().match(rows: ["  الإعدادات المتقدمة  "])
        XCTAssertEqual(m.hits.map(\.entry.key), ["Advanced settings"])
        XCTAssertEqual(m.hits.first?.columns, 2..<20)
    }

    func test_comparison_foldsWhitespace_normalizesToNFC_andIsCaseSensitive() throws {
        let s = try strings()
        let decomposed = "ال\u{0627}\u{0655}عدادات"   // إ as alef + hamza below
        let m = s.match(rows: [decomposed, "انقطع الاتصال   بالخادم.\tتحقق من الشبكة ثم حاول مرة أخرى."])
        XCTAssertEqual(hits(m, key: "Settings").map(\.row), [0])
        XCTAssertEqual(hits(m, key: "The connection to the server was lost. Check your network and try again.").map(\.row), [1])
        let latin = try loadCatalog("msgid \"Cancel\"\nmsgstr \"Annuler\"\n", name: "fr.po")
        let l = ScreenStrings(catalogs: [latin])
        XCTAssertEqual(l.match(rows: ["annuler"]).hits.count, 0)
        XCTAssertEqual(l.match(rows: ["Annuler"]).hits.count, 1)
    }

    func test_findings_areAttachedToTheirEntry() throws {
        let cats = try catalogs()
        let key = "Copying %1$s to %2$s"
        let mine = Finding(id: "placeholder-unisolated", severity: .warning, file: cats[0].path, line: 20, column: 1, key: key,
                           message: "A left-to-right value reorders this placeholder.", entryKey: key)
        let other = Finding(id: "untranslated", severity: .warning, file: cats[0].path, line: 60, column: 1, key: "Help",
                            message: "x", entryKey: "Help")
        let s = ScreenStrings(catalogs: cats, findings: [mine, other] + BidiLinter().check(cats[0]).filter { $0.entryKey != key })
        let m = s.match(rows: try screen())
        XCTAssertEqual(hits(m, key: key).first?.entry.findings, [mine])
    }

    func test_cells_countWideCharactersAsTwoColumns() throws {
        let s = try strings()
        let cells = ["中", "", " ", "ש", "מ", "י", "ר", "ה", " "]
        XCTAssertEqual(s.match(cells: [cells]).hits.map(\.columns), [3..<8])
        XCTAssertEqual(s.match(rows: ["中 שמירה "]).hits.map(\.columns), [2..<7])
    }

    // MARK: Speed

    /// Prints how long the installed Arabic, Hebrew and Persian catalogs take to prepare, and a
    /// screen of 30 rows of their translations to match (no assertion on time).
    func test_benchmark_installedCatalogs_printsTimePerScreen() throws {
        let paths = InstalledCatalogs.paths
        if paths.isEmpty { throw XCTSkip("no Arabic, Hebrew or Persian catalogs installed") }
        let catalogs = paths.compactMap { try? CatalogLoader.load(path: $0) }
        let clock = ContinuousClock()
        var strings: ScreenStrings!
        let initTime = clock.measure { strings = ScreenStrings(catalogs: catalogs) }
        // 30 rows of real translations: one-line ones of 20 to 90 characters, spread over the set.
        let texts = catalogs.flatMap(\.entries).compactMap(\.translation).filter {
            (20...90).contains($0.count) && !$0.contains("\n") && $0.contains { $0.unicodeScalars.contains { RowBidi.isRTLScalar($0.value) } }
        }
        XCTAssertGreaterThan(texts.count, 30)
        let rows = (0..<30).map { texts[$0 * (texts.count / 30)] }
        var m: ScreenMatch!
        let rounds = 50
        let matchTime = clock.measure { for _ in 0..<rounds { m = strings.match(rows: rows) } }
        let ms = { (d: Duration) in Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15 }
        print(String(format: "screen strings: %d catalogs, %d entries (%d forms), init %.1f ms, match %.3f ms per screen of 30 rows (%d hits, %d unmatched)",
                     catalogs.count, strings.entryCount, strings.formCount, ms(initTime), ms(matchTime) / Double(rounds),
                     m.hits.count, m.unmatched.count))
        XCTAssertGreaterThanOrEqual(Set(m.hits.flatMap { Array($0.rows) }).count, 25, "most rows are found")
    }
}
