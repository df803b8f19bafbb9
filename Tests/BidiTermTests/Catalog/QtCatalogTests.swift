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
        // Numerus forms by index, in Qt's order, which for Arabic is CLDR's: form 4 is `many`.
        XCTAssertEqual(files.plurals.keys.sorted(), ["0", "1", "2", "3", "4", "5"])
        XCTAssertEqual(files.plurals["4"], "حُذف %n ملفًا")
        XCTAssertEqual(c.metadata["Numerus-Rules"], "0100ff0101ff0102ff24030aff2a0b", "the rules lrelease writes for ar")
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
                XCTAssertEqual(q.plurals, e.plurals, e.key)
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

    /// A `.ts` file's forms are chosen by the rules Qt's tools give its language, the rules
    /// `lrelease` writes into the `.qm`: Hebrew has Qt's two forms, the second standing for CLDR's
    /// `two` and `other`, so nothing is missing and 2 takes the plural form, as in Qt.
    func test_ts_hebrew_qtsTwoForms_standForCLDRsThree() throws {
        let ts = try load("app_he.ts"), qm = try load("app_he.qm")
        XCTAssertEqual(ts.metadata["Numerus-Rules"], qm.metadata["Numerus-Rules"])
        XCTAssertEqual(ts.warnings, [])
        let e = try XCTUnwrap(ts.entry("%n file(s) deleted", context: "MainWindow"))
        XCTAssertEqual([1, 2, 3, 0].map { ts.text(of: e, count: $0) }, ["נמחק קובץ אחד", "נמחקו %n קבצים", "נמחקו %n קבצים", "נמחקו %n קבצים"])
        XCTAssertEqual(ts.missingForms(of: e).map(\.form), [])
        XCTAssertEqual(QtNumerusRules(qtLanguage: "he").categories(locale: "he"), [[.one], [.two, .other]])
        XCTAssertEqual(QtNumerusRules(qtLanguage: "ar").categories(locale: "ar"), [[.zero], [.one], [.two], [.few], [.many], [.other]])
        // Persian: one Qt form (CLDR's one and other); Divehi: Qt's dual is CLDR's other.
        XCTAssertEqual(QtNumerusRules(qtLanguage: "fa_IR").categories(locale: "fa"), [[.one, .other]])
        XCTAssertEqual(QtNumerusRules(qtLanguage: "dv").categories(locale: "dv"), [[.one], [.other], [.other]])
        XCTAssertEqual(QtNumerusRules(qtLanguage: "iw").bytes, [0x01, 0x01], "Qt reads the old code for Hebrew")
        XCTAssertEqual(QtNumerusRules(qtLanguage: "pt-BR").bytes, [0x03, 0x01], "Brazilian Portuguese counts 0 as singular")
        // The linter follows the same rules: no missing form for Hebrew.
        let findings = BidiLinter().check(ts).filter { $0.id == "plural-forms" }
        XCTAssertEqual(findings.map(\.message), [])
    }

    /// A `.ts` message with another number of forms than Qt's rules give: a warning at the
    /// message, the forms kept by index; `check` reports the count, and an empty form.
    func test_ts_formCountOtherThanQts_warns() throws {
        let ts = """
        <?xml version="1.0" encoding="utf-8"?>
        <!DOCTYPE TS>
        <TS version="2.1" language="he">
        <context>
            <name>C</name>
            <message numerus="yes">
                <source>%n file(s)</source>
                <translation>
                    <numerusform>קובץ אחד</numerusform>
                    <numerusform>שני קבצים</numerusform>
                    <numerusform>%n קבצים</numerusform>
                </translation>
            </message>
            <message numerus="yes">
                <source>%n folder(s)</source>
                <translation>
                    <numerusform>תיקייה אחת</numerusform>
                    <numerusform></numerusform>
                </translation>
            </message>
        </context>
        </TS>
        """
        let c = try CatalogLoader.load(data: Data(ts.utf8), path: "app_he.ts")
        XCTAssertEqual(c.warnings.map(\.description), ["app_he.ts:8:9: 3 numerus forms, but Qt's numerus rules for he have 2 (Qt never shows the forms past the last)"])
        XCTAssertEqual(c.entries[0].plurals.count, 3)
        let messages = BidiLinter().check(c).filter { $0.id == "plural-forms" }.map(\.message)
        XCTAssertEqual(messages, ["3 numerus forms, but Qt's numerus rules for he give 2", "empty numerus form: form 1 (two, other)"])
    }

    /// The table of Qt's rules against the `lrelease` installed here (Debian's qttools5-dev-tools):
    /// for each language, the rules it writes into a `.qm` are the table's. Skipped without it.
    func test_qtLanguageTable_matchesInstalledLrelease() throws {
        let lrelease = ["/usr/bin/lrelease", "/usr/lib/qt5/bin/lrelease"].first { FileManager.default.isExecutableFile(atPath: $0) }
        try XCTSkipIf(lrelease == nil, "lrelease is not installed")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("qt-table-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let languages = ["ar", "he", "iw", "fa", "ur", "ps", "yi", "dv", "ckb", "ku", "sd", "ug", "en", "fr", "pt", "pt_BR", "ru",
                         "pl", "cs", "sl", "lv", "lt", "ga", "gd", "mt", "ro", "cy", "mk", "is", "tr", "ja", "zh_CN", "tl", "hy", "ca"]
        for language in languages {
            let ts = dir.appendingPathComponent("\(language).ts"), qm = dir.appendingPathComponent("\(language).qm")
            let forms = String(repeating: "<numerusform>x</numerusform>", count: 6)
            try Data("""
                <?xml version="1.0" encoding="utf-8"?><!DOCTYPE TS><TS version="2.1" language="\(language)"><context><name>C</name>\
                <message numerus="yes"><source>%n x</source><translation>\(forms)</translation></message></context></TS>
                """.utf8).write(to: ts)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: lrelease!)
            p.arguments = ["-silent", ts.path, "-qm", qm.path]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
            let written = try CatalogLoader.load(path: qm.path).metadata["Numerus-Rules"] ?? ""
            XCTAssertEqual(written, QtNumerusRules(qtLanguage: language).bytes.map { String(format: "%02x", $0) }.joined(), language)
        }
    }

    /// Every installed `.qm` file that names its language carries the rules the table gives that
    /// language. Skipped where none is installed.
    func test_installedQM_rulesAreTheTables() throws {
        var checked = 0, differ: [String] = []
        for base in ["/usr/share/locale", "/usr/share/qt5/translations", "/usr/share/qterminal/translations"] {
            guard let e = FileManager.default.enumerator(atPath: base) else { continue }
            for case let p as String in e where p.hasSuffix(".qm") {
                guard let c = try? CatalogLoader.load(path: "\(base)/\(p)"), let language = c.metadata["Language"] else { continue }
                checked += 1
                let table = QtNumerusRules(qtLanguage: language).bytes.map { String(format: "%02x", $0) }.joined()
                if (c.metadata["Numerus-Rules"] ?? "") != table { differ.append("\(p) (\(language)): \(c.metadata["Numerus-Rules"] ?? "none") ≠ \(table)") }
            }
        }
        try XCTSkipIf(checked == 0, "no installed .qm files")
        XCTAssertEqual(differ, [], "\(differ.count) of \(checked)")
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
