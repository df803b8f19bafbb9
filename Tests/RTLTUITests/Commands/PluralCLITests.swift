import Foundation
import TestSupport
import XCTest

/// `render --screen … --count N` and `check` on Qt and `.stringsdict` catalogs.
final class PluralCLITests: XCTestCase {
    private let plurals = Repository.fixtures.appendingPathComponent("plurals").path
    private let qt = Repository.fixtures.appendingPathComponent("catalogs/qt").path

    func test_renderCount_choosesThePluralForm_inQtAndGettextCatalogs() throws {
        for catalog in ["ar.qm", "ar.ts", "ar.po", "ar.mo"] {
            let base = ["render", "--screen", "\(plurals)/plural.yaml", "--strings", "\(plurals)/\(catalog)", "--width", "24", "--height", "3"]
            let eleven = try Command.run(base + ["--count", "11"])
            XCTAssertEqual(eleven.status, 0, eleven.stderr)
            XCTAssertEqual(eleven.lines[1], "│           ﺎﻔًﻠﻣ ١١ ﻑﺬﺣُ│", catalog)
            let own = try Command.run(base)
            XCTAssertEqual(own.lines[1], "│          ﺕﺎﻔﻠﻣ ٥ ﺖﻓﺬﺣُ│", "\(catalog): the screen's own count, 5")
        }
        let bad = try Command.run(["render", "--screen", "\(plurals)/plural.yaml", "--count=-1"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("--count must be a number from 0"), bad.stderr)
        let noScreen = try Command.run(["render", "--count", "3", "x"])
        XCTAssertEqual(noScreen.status, 64)
    }

    func test_check_readsQtCatalogs_withQtPlaceholders() throws {
        let r = try Command.run(["check", "--format", "json", "\(qt)/app_ar.ts", "\(qt)/app_ar.qm"])
        XCTAssertEqual(r.status, 0, r.text + r.stderr)
        XCTAssertFalse(r.text.contains("placeholder-missing"), r.text)
        // A lost %1 in a Qt catalog is found.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("qt-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let ts = try String(contentsOfFile: "\(qt)/app_ar.ts", encoding: .utf8).replacingOccurrences(of: "حُفظ %1 في %2", with: "حُفظ في %2")
        try ts.write(to: dir.appendingPathComponent("app_ar.ts"), atomically: true, encoding: .utf8)
        let lost = try Command.run(["check", dir.appendingPathComponent("app_ar.ts").path])
        XCTAssertEqual(lost.status, 1)
        XCTAssertTrue(lost.text.contains("placeholder-missing") && lost.text.contains("%1"), lost.text)
    }

    /// `render --screen … --count N` with an Xcode pair (`Localizable.strings` + `.stringsdict`):
    /// the stringsdict's form for each Arabic category, and each variable of a two-variable format
    /// by its own argument.
    func test_renderCount_stringsdictPair() throws {
        let screen = Repository.fixtures.appendingPathComponent("catalogs/stringsdict/files.yaml").path
        let expected = ["0": ("│    ﻒﻠﻣ ﻱﺃ ﻑﺬﺤﻳُ ﻢﻟ│", "│ ﻦﻳﺪﻠﺠﻣ ﻲﻓ ﺕﺎﻔﻠﻣ ﻻ│"), "11": ("│       ﺎﻔًﻠﻣ ١١ ﻑﺬﺣُ│", "│ ﻦﻳﺪﻠﺠﻣ ﻲﻓ ﺎﻔًﻠﻣ ١١│")]
        for (n, rows) in expected {
            let r = try Command.run(["render", "--screen", screen, "--locale", "ar", "--width", "20", "--height", "4", "--count", n])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(r.lines[0], "┌──────── ﺕﺎﻔﻠﻤﻟﺍ ─┐", "the title comes from Localizable.strings")
            XCTAssertEqual([r.lines[1], r.lines[2]], [rows.0, rows.1], "count \(n)")
        }
    }

    /// `check` reads `.stringsdict` files in folders: complete Arabic and Hebrew ones pass; a
    /// variable's missing form and, against an English source, a form that lost its number are found.
    func test_check_stringsdict_missingFormsAndPlaceholdersPerForm() throws {
        let fixtures = Repository.fixtures.appendingPathComponent("catalogs/stringsdict").path
        let clean = try Command.run(["check", "\(fixtures)/ar.lproj", "\(fixtures)/he.lproj"])
        XCTAssertEqual(clean.status, 0, clean.text + clean.stderr)
        XCTAssertTrue(clean.text.contains("4 files"), clean.text)

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sd-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var ar = try String(contentsOfFile: "\(fixtures)/ar.lproj/Localizable.stringsdict", encoding: .utf8)
        ar = ar.replacingOccurrences(of: "<string>حُذفت %d ملفات</string>", with: "<string>حُذفت ملفات</string>")
        ar = ar.replacingOccurrences(of: "<key>many</key>\n\t\t\t<string>%d مجلدًا</string>\n", with: "")
        try ar.write(to: dir.appendingPathComponent("ar.stringsdict"), atomically: true, encoding: .utf8)
        let en = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>files.deleted</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@files@</string>
            <key>files</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>%d file deleted</string>
            <key>other</key><string>%d files deleted</string></dict></dict>
            </dict></plist>
            """
        try en.write(to: dir.appendingPathComponent("en.stringsdict"), atomically: true, encoding: .utf8)
        let r = try Command.run(["check", "--source", dir.appendingPathComponent("en.stringsdict").path, dir.appendingPathComponent("ar.stringsdict").path])
        XCTAssertEqual(r.status, 1, r.text + r.stderr)
        XCTAssertTrue(r.text.contains("\"files.deleted\": plural form few: placeholder of the source missing: %d"), r.text)
        XCTAssertTrue(r.text.contains("\"files.summary\": plural forms missing for ar: folders: many (11, 12, 13…)"), r.text)
        XCTAssertEqual(r.text.components(separatedBy: "error[").count - 1, 2, r.text)
    }

    /// `check` on a Hebrew Qt `.ts` with Qt's two forms reports nothing missing (Qt has no dual).
    func test_check_hebrewTS_twoQtFormsAreComplete() throws {
        let r = try Command.run(["check", "\(qt)/app_he.ts", "\(qt)/app_he.qm"])
        XCTAssertEqual(r.status, 0, r.text + r.stderr)
        XCTAssertFalse(r.text.contains("plural-forms"), r.text)
    }

    /// `render --screen` names the texts drawn from another language's catalog, also when the
    /// catalogs are Qt's, whose messages have a context the screen's key does not name.
    func test_render_untranslatedWarning_withQtContexts() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("qtfb-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let ar = """
            <?xml version="1.0" encoding="utf-8"?>
            <TS version="2.1" language="ar"><context><name>Files</name>
            <message><source>files.title</source><translation>الملفات</translation></message>
            <message><source>files.open</source><translation>فتح</translation></message>
            </context></TS>
            """
        let he = ar.replacingOccurrences(of: "language=\"ar\"", with: "language=\"he\"")
            .replacingOccurrences(of: "<message><source>files.title</source><translation>الملفات</translation></message>\n", with: "")
            .replacingOccurrences(of: "فتح", with: "פתיחה")
        try ar.write(to: dir.appendingPathComponent("app_ar.ts"), atomically: true, encoding: .utf8)
        try he.write(to: dir.appendingPathComponent("app_he.ts"), atomically: true, encoding: .utf8)
        try "screen: s\ntitle: files.title\nroot: {type: label, text: files.open}\n".write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let r = try Command.run(["render", "--screen", dir.appendingPathComponent("s.yaml").path, "--locale", "he", "--width", "30", "--height", "3"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("untranslated \"files.title\" in he, shown from \(dir.appendingPathComponent("app_ar.ts").path):3"), r.stderr)
        XCTAssertFalse(r.stderr.contains("files.open"), r.stderr)
    }

    func test_check_brokenQM_namesTheByteOffset() throws {
        let r = try Command.run(["check", Repository.fixtures.appendingPathComponent("catalogs/broken/qt/truncated.qm").path])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("truncated.qm: at byte"), r.stderr)
    }

    /// `check` over every Arabic, Hebrew and Persian catalog installed (gettext `.mo` and, where
    /// Konsole or qterminal brought them, Qt `.qm` together) reads them all: findings (1) or none
    /// (0), never an unreadable file (2). Skipped where no `.qm` is installed.
    func test_check_installedMOAndQMTogether_neverExits2() throws {
        var files: [String] = []
        for l in ["ar", "he", "fa"] {
            let dir = "/usr/share/locale/\(l)/LC_MESSAGES"
            for f in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] { files.append("\(dir)/\(f)") }
        }
        try XCTSkipUnless(files.contains { $0.hasSuffix(".qm") } && files.contains { $0.hasSuffix(".mo") }, "no installed .qm and .mo files")
        let r = try Command.run(["check", "--format", "json"] + files.sorted())
        XCTAssertTrue(r.status == 0 || r.status == 1, "status \(r.status): \(r.stderr.prefix(2000))")
        XCTAssertEqual(r.stderr, "")
    }

    /// A folder given to `check` brings its Qt catalogs (`.qm`, and `.ts` that is XML), not TypeScript.
    func test_check_folder_findsQtCatalogs_notTypeScript() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("qtdir-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for f in ["app_ar.ts", "app_ar.qm"] {
            try FileManager.default.copyItem(atPath: "\(qt)/\(f)", toPath: dir.appendingPathComponent(f).path)
        }
        try Data("export const x: number = 1;\n".utf8).write(to: dir.appendingPathComponent("index.ts"))
        let r = try Command.run(["check", dir.path])
        XCTAssertEqual(r.status, 0, r.text + r.stderr)
        XCTAssertTrue(r.text.contains("2 files"), r.text)
    }
}
