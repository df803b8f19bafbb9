import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// The QA report of a session: the entries seen on its screens, with counts, screens and findings,
/// and the text no entry covers, as JSON and SARIF.
final class QAReportTests: XCTestCase {
    static let directory = Repository.fixtures.appendingPathComponent("screen-strings")

    let copying = "Copying %1$s to %2$s"

    /// Two screens of the fixture program: the main screen (named) and one with the settings title
    /// and hard-coded text (unnamed); a placeholder finding (error) on the copy message.
    func session() throws -> (report: QAReport, catalog: Catalog) {
        let catalog = try CatalogLoader.load(path: Self.directory.appendingPathComponent("ar.po").path)
        let finding = Finding(id: "placeholder-missing", severity: .error, file: catalog.path, line: 20, column: 1, key: copying,
                              message: "The translation lacks %2$s.", entryKey: copying)
        let note = Finding(id: "direction-dependent", severity: .warning, file: catalog.path, line: 10, column: 1, key: "Settings",
                           message: "Reads differently in a left-to-right paragraph.", entryKey: "Settings")
        let strings = ScreenStrings(catalogs: [catalog], findings: [finding, note])
        let text = try String(contentsOf: Self.directory.appendingPathComponent("screen.txt"), encoding: .utf8)
        let rows = text.split(separator: "\n").map(String.init)
        var report = QAReport()
        report.record(strings.match(rows: rows), screen: "main")
        report.record(strings.match(rows: ["الإعدادات", "هذا نص مكتوب في البرنامج", "هذا نص مكتوب في البرنامج"]), screen: nil)
        report.record(strings.match(rows: rows), screen: "main")
        return (report, catalog)
    }

    func test_record_countsScreensPerEntry_andNamesThemOnce() throws {
        let (report, _) = try session()
        XCTAssertEqual(report.screenCount, 3)
        let settings = try XCTUnwrap(report.entries.first { $0.entry.key == "Settings" })
        XCTAssertEqual(settings.count, 3)
        XCTAssertEqual(settings.screens, ["main"])
        let copy = try XCTUnwrap(report.entries.first { $0.entry.key == copying })
        XCTAssertEqual(copy.count, 2)
        XCTAssertNil(report.entries.first { $0.entry.key == "Help" }, "only entries seen are listed")
    }

    func test_unmatchedTexts_areDeduplicatedWithCounts() throws {
        let (report, _) = try session()
        XCTAssertEqual(report.unmatched.map(\.text), ["هذا نص مكتوب في البرنامج", "خروج"])
        XCTAssertEqual(report.unmatched.map(\.count), [3, 2], "counted once per screen")
        XCTAssertEqual(report.unmatched.first?.screens, ["main"])
    }

    func test_entries_areSortedWorstFindingFirst_thenByFileAndLine() throws {
        let (report, _) = try session()
        XCTAssertEqual(report.entries.prefix(2).map(\.entry.key), [copying, "Settings"])
        let rest = report.entries.dropFirst(2)
        XCTAssertTrue(rest.allSatisfy { $0.entry.findings.isEmpty })
        XCTAssertEqual(rest.map(\.entry.line), rest.map(\.entry.line).sorted())
    }

    func test_json_isValid_withTheEntriesAndTheUnmatchedTexts() throws {
        let (report, catalog) = try session()
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        XCTAssertEqual(object["screens"] as? Int, 3)
        let entries = try XCTUnwrap(object["entries"] as? [[String: Any]])
        XCTAssertEqual(entries.count, report.entries.count)
        let first = entries[0]
        XCTAssertEqual(first["key"] as? String, copying)
        XCTAssertTrue(first["context"] is NSNull)
        XCTAssertEqual(first["source"] as? String, copying)
        XCTAssertEqual(first["translation"] as? String, "جارٍ نسخ %1$s إلى %2$s")
        XCTAssertEqual(first["file"] as? String, catalog.path)
        XCTAssertEqual(first["line"] as? Int, catalog.entry(copying)?.line)
        XCTAssertEqual(first["locale"] as? String, "ar")
        XCTAssertEqual(first["count"] as? Int, 2)
        XCTAssertEqual(first["screens"] as? [String], ["main"])
        let findings = try XCTUnwrap(first["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(findings[0]["id"] as? String, "placeholder-missing")
        XCTAssertEqual(findings[0]["severity"] as? String, "error")
        XCTAssertEqual(findings[0]["message"] as? String, "The translation lacks %2$s.")
        let plural = try XCTUnwrap(entries.first { $0["key"] as? String == "%d file deleted" })
        XCTAssertEqual(plural["pluralForm"] as? String, "3")
        let unmatched = try XCTUnwrap(object["unmatched"] as? [[String: Any]])
        XCTAssertEqual(unmatched.map { $0["text"] as? String }, ["هذا نص مكتوب في البرنامج", "خروج"])
        XCTAssertEqual(unmatched.map { $0["count"] as? Int }, [3, 2])
    }

    func test_json_escapesControlsAndBidiControls() throws {
        let catalog = try loadCatalog("msgid \"Tab\"\nmsgstr \"علامة\\tتبويب \u{200F}جديدة\"\n", name: "ar.po")
        var report = QAReport()
        report.record(ScreenStrings(catalogs: [catalog]).match(rows: ["علامة تبويب جديدة"]), screen: "a\u{1B}b")
        let json = report.json()
        XCTAssertFalse(json.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x200F || $0.value == 0x09 })
        XCTAssertTrue(json.contains("\\u001B") && json.contains("\\u200F") && json.contains("\\t"))
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(json.utf8)))
    }

    func test_sarif_hasTheRequiredFields_rulesResultsAndLocations() throws {
        let (report, catalog) = try session()
        let sarif = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.sarif().utf8)) as? [String: Any])
        XCTAssertEqual(sarif["$schema"] as? String, "https://json.schemastore.org/sarif-2.1.0.json")
        XCTAssertEqual(sarif["version"] as? String, "2.1.0")
        let runs = try XCTUnwrap(sarif["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.count, 1)
        let driver = try XCTUnwrap((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "rtl-tui")
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        XCTAssertEqual(rules, ["placeholder-missing", "direction-dependent", "untranslated-on-screen"])
        let results = try XCTUnwrap(runs[0]["results"] as? [[String: Any]])
        XCTAssertEqual(results.map { $0["ruleId"] as? String },
                       ["placeholder-missing", "direction-dependent", "untranslated-on-screen", "untranslated-on-screen"])
        XCTAssertEqual(results.map { $0["level"] as? String }, ["error", "warning", "note", "note"])
        for r in results {
            XCTAssertNotNil((r["message"] as? [String: Any])?["text"] as? String)
            XCTAssertEqual(r["ruleIndex"] as? Int, rules.firstIndex(of: r["ruleId"] as! String))
        }
        let physical = try XCTUnwrap(((results[0]["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        XCTAssertEqual((physical["artifactLocation"] as? [String: Any])?["uri"] as? String, "file://" + catalog.path)
        XCTAssertEqual((physical["region"] as? [String: Any])?["startLine"] as? Int, catalog.entry(copying)?.line)
        // Uncovered text: a note at the screen it was first seen on, or nowhere.
        let located = results[2]["locations"] as? [[String: Any]]
        XCTAssertEqual(((located?.first?["logicalLocations"] as? [[String: Any]])?.first)?["name"] as? String, "main")
        XCTAssertNil(results[2]["locations"].flatMap { ($0 as? [[String: Any]])?.first?["physicalLocation"] })
    }

    func test_emptyReport_isValidJSONAndSARIF() throws {
        let report = QAReport()
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        XCTAssertEqual((json["entries"] as? [Any])?.count, 0)
        let sarif = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.sarif().utf8)) as? [String: Any])
        XCTAssertEqual(((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [Any])?.count, 0)
    }
}
