import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// Qt Linguist `.ts` and compiled `.qm` catalogs. The `.qm` fixtures were made from the `.ts`
/// fixtures by Qt's own `lrelease` (`Scripts/make-qt-fixtures.sh`), so the two loaders must agree.
final class QtCatalogTests: XCTestCase {
    private func load(_ name: String) throws -> Catalog { try CatalogLoader.load(path: CatalogFixture.path("qt/\(name)")) }

    func test_ts_contextsCommentsNumerusAndStates() throws {
        let c = try load("app_ar.ts")
        XCTAssertEqual(c.format, .qtTS)
        XCTAssertEqual(c.locale, "ar")
        XCTAssertEqual(c.sourceLocale, "en")
        let open = try XCTUnwrap(c.entry("&Open", context: "MainWindow"))
        XCTAssertEqual(open.translation, "&فتح")
        XCTAssertEqual(open.comment, "File menu item")
        XCTAssertEqual(open.references, ["../src/mainwindow.cpp:42"])
        XCTAssertEqual(open.line, 6)
        XCTAssertEqual(c.entry("Saved %1 to %2", context: "MainWindow")?.comment, "%1 is a file name")
        // The disambiguating comment tells two messages apart, as in Qt.
        XCTAssertEqual(c.lookup("Close", context: "MainWindow|tab"), "إغلاق اللسان")
        XCTAssertEqual(c.lookup("Close", context: "MainWindow|window"), "إغلاق النافذة")
        XCTAssertEqual(c.lookup("Close", context: "Settings"), "إغلاق")
        let files = try XCTUnwrap(c.entry("%n file(s) deleted", context: "MainWindow"))
        XCTAssertEqual(files.plurals.keys.sorted(), ["few", "many", "one", "other", "two", "zero"])
        XCTAssertEqual(files.plurals["many"], "حُذف %n ملفًا")
        XCTAssertEqual(files.comment, "Status bar after deleting")
        let print = try XCTUnwrap(c.entry("Print", context: "MainWindow"))
        XCTAssertTrue(print.isFuzzy)
        XCTAssertEqual(print.flags, ["type=unfinished"])
        XCTAssertFalse(try XCTUnwrap(c.entry("Export", context: "MainWindow")).isTranslated)
        XCTAssertNil(c.entry("Old toolbar", context: "MainWindow"), "obsolete entries are not loaded")
        XCTAssertNil(c.entry("Gone", context: "MainWindow"), "vanished entries are not loaded")
        XCTAssertTrue(c.warnings.contains { $0.message.contains("2 obsolete entries") }, "\(c.warnings)")
    }

    func test_qm_madeByLrelease_agreesWithItsTS() throws {
        let ts = try load("app_ar.ts"), qm = try load("app_ar.qm")
        XCTAssertEqual(qm.format, .qtQM)
        XCTAssertEqual(qm.locale, "ar")
        XCTAssertEqual(qm.metadata["Numerus-Rules"], "0100ff0101ff0102ff24030aff2a0b")
        XCTAssertEqual(qm.warnings, [])
        // lrelease leaves out obsolete and untranslated messages; every other one is in both.
        for e in ts.entries where e.isTranslated {
            let q = try XCTUnwrap(qm.entry(e.key, context: e.context == "MainWindow|tab" ? "MainWindow" : e.context),
                                  "\(e.key) \(e.context ?? "")")
            if e.plurals.isEmpty {
                if e.context != "MainWindow|tab" { XCTAssertEqual(q.translation, e.translation, e.key) }
            } else {
                // The .qm's forms are by index, in Qt's order, which for Arabic is CLDR's.
                let order = ["zero", "one", "two", "few", "many", "other"]
                XCTAssertEqual((0..<6).map { q.plurals[String($0)] }, order.map { e.plurals[$0] }, e.key)
            }
        }
    }

    /// The rules in the file choose the form: Arabic's six, Qt 5's two for Hebrew.
    func test_qm_numerusRulesFromTheFile() throws {
        let ar = try load("app_ar.qm"), he = try load("app_he.qm")
        let arRules = try XCTUnwrap(QtNumerusRules(hex: ar.metadata["Numerus-Rules"] ?? ""))
        XCTAssertEqual([0, 1, 2, 3, 10, 11, 99, 100, 102, 103, 111].map(arRules.form(for:)), [0, 1, 2, 3, 3, 4, 4, 5, 5, 3, 4])
        XCTAssertEqual(arRules.formCount, 6)
        let heRules = try XCTUnwrap(QtNumerusRules(hex: he.metadata["Numerus-Rules"] ?? ""))
        XCTAssertEqual([0, 1, 2, 5].map(heRules.form(for:)), [1, 0, 1, 1])
        let entry = try XCTUnwrap(he.entry("%n file(s) deleted", context: "MainWindow"))
        XCTAssertEqual(he.text(of: entry, count: 1), "נמחק קובץ אחד")
        XCTAssertEqual(he.text(of: entry, count: 2), "נמחקו %n קבצים")
        XCTAssertNil(QtNumerusRules(bytes: [0x09]), "an operator outside 1…4 is not a rule")
    }

    func test_detection_tsMustBeQtXML() {
        XCTAssertEqual(CatalogLoader.detectFormat(path: "x.ts", data: Data("<?xml version=\"1.0\"?>\n<!DOCTYPE TS>\n<TS version=\"2.1\">".utf8)), .qtTS)
        XCTAssertNil(CatalogLoader.detectFormat(path: "index.ts", data: Data("export const x: number = 1;\n".utf8)), "TypeScript is no catalog")
        XCTAssertEqual(CatalogLoader.detectFormat(path: "noext", data: Data(CatalogLoader.qmMagic)), .qtQM)
    }

    /// Every `.qm` file installed on this machine (Konsole, qterminal and the KDE frameworks bring
    /// them) loads; skipped where none is installed.
    func test_installedQM_allLoad() throws {
        let fm = FileManager.default
        var paths: [String] = []
        for base in ["/usr/share/locale", "/usr/share/qt5/translations", "/usr/share/qterminal/translations"] {
            guard let e = fm.enumerator(atPath: base) else { continue }
            for case let p as String in e where p.hasSuffix(".qm") { paths.append("\(base)/\(p)") }
        }
        try XCTSkipIf(paths.isEmpty, "no installed .qm files")
        var failures: [String] = [], entries = 0
        for p in paths {
            do { entries += try CatalogLoader.load(path: p).entries.count } catch { failures.append("\(error)") }
        }
        XCTAssertEqual(failures, [], "\(failures.count) of \(paths.count) installed .qm files failed")
        XCTAssertGreaterThan(entries, 0)
    }
}
