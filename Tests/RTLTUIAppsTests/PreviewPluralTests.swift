import Foundation
import TestSupport
import XCTest
@testable import BidiTerm
@testable import RTLTUIApps

/// The preview's count key (`c`): every plural form of the locale seen in place, the count and
/// its category in the header, and the forms a catalog lacks in the `t` panel.
final class PreviewPluralTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("plural-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let plurals = Repository.fixtures.appendingPathComponent("plurals")
        try FileManager.default.copyItem(at: plurals.appendingPathComponent("plural.yaml"), to: dir.appendingPathComponent("plural.yaml"))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func app(catalog name: String, contents: String? = nil) throws -> PreviewApp {
        let target = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        if let contents {
            try Data(contents.utf8).write(to: target)
        } else {
            try FileManager.default.copyItem(at: Repository.fixtures.appendingPathComponent("plurals/\(name)"), to: target)
        }
        var o = PreviewApp.Options()
        o.locale = "ar"
        o.animate = false
        return PreviewApp(workspace: try PreviewWorkspace(paths: [dir.path]), options: o)
    }

    private func screen(_ app: inout PreviewApp) -> String {
        var b = Buffer(width: 70, height: 20)
        _ = app.render(into: &b)
        return b.rows.joined(separator: "\n")
    }

    private static func visual(_ text: String) -> String { BidiEngine().layout(text, direction: .rtl).lines.first?.text ?? "" }

    func test_countKey_cyclesThroughEveryArabicForm_withTheCategoryInTheHeader() throws {
        var app = try app(catalog: "ar.po")
        XCTAssertEqual(app.countSamples, [0, 1, 2, 3, 11, 100])
        XCTAssertTrue(screen(&app).contains(Self.visual("حُذفت ٥ ملفات")), "the screen's own count, 5")
        XCTAssertFalse(app.statusItems.contains { $0.hasPrefix("n=") })
        let expected = ["لم يُحذف أي ملف", "حُذف ملف واحد", "حُذف ملفان", "حُذفت ٣ ملفات", "حُذف ١١ ملفًا", "حُذف ١٠٠ ملف"]
        let categories = ["zero", "one", "two", "few", "many", "other"]
        for (i, text) in expected.enumerated() {
            _ = app.handle(.character("c"))
            XCTAssertTrue(screen(&app).contains(Self.visual(text)), "\(text)\n\(screen(&app))")
            XCTAssertEqual(app.countCategory?.rawValue, categories[i])
            XCTAssertTrue(app.statusItems.contains("n=\(Int(app.countSamples[i])) \u{2068}\(categories[i])\u{2069}"), "\(app.statusItems)")
        }
        _ = app.handle(.character("c"))
        XCTAssertNil(app.count, "after the last sample, each text's own count again")
        _ = app.handle(.character("C"))
        XCTAssertEqual(app.count, 100, "C goes back")
    }

    func test_tPanel_listsTheFormsACatalogLacks() throws {
        let xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <resources>
            <plurals name="files.deleted">
                <item quantity="one">حُذف ملف واحد</item>
                <item quantity="other">حُذف %d ملف</item>
            </plurals>
        </resources>
        """
        var app = try app(catalog: "values-ar/strings.xml", contents: xml)
        XCTAssertEqual(app.pluralGaps.first?.forms.map(\.form), ["zero", "two", "few", "many"])
        _ = app.handle(.character("t"))
        let panel = screen(&app)
        XCTAssertTrue(panel.contains("Plural forms missing: 4"), panel)
        XCTAssertTrue(panel.contains("files.deleted  zero (0) two (2) few (3) many (11)"), panel)
        // With the complete gettext catalog beside it (read first: `ar.po` sorts before
        // `values-ar`), nothing is missing.
        let complete = try self.app(catalog: "ar.po")
        XCTAssertTrue(complete.pluralGaps.isEmpty, "\(complete.pluralGaps)")
    }

    /// An Xcode pair, `Localizable.strings` and `Localizable.stringsdict`: the stringsdict wins for
    /// its keys (its six forms, not the .strings value), the .strings gives the rest (the title);
    /// the `t` panel names a variable's missing form.
    func test_stringsdictBesideItsStrings_winsForItsKeys_andItsGapsAreListed() throws {
        let fixtures = Repository.fixtures.appendingPathComponent("catalogs/stringsdict/ar.lproj")
        var dict = try String(contentsOf: fixtures.appendingPathComponent("Localizable.stringsdict"), encoding: .utf8)
        dict = dict.replacingOccurrences(of: "<key>few</key>\n\t\t\t<string>%d مجلدات</string>\n", with: "")
        _ = try app(catalog: "ar.lproj/Localizable.strings",
                    contents: try String(contentsOf: fixtures.appendingPathComponent("Localizable.strings"), encoding: .utf8))
        try Data("""
            screen: files
            title: files.title
            root:
              type: vstack
              children:
                - {type: label, size: 1, text: {key: files.deleted, count: 5}}
                - {type: label, size: 1, text: {key: files.summary, count: files, args: {files: 3, folders: 2}}}
            """.utf8).write(to: dir.appendingPathComponent("plural.yaml"))
        var app = try app(catalog: "ar.lproj/Localizable.stringsdict", contents: dict)
        var shown = screen(&app)
        XCTAssertTrue(shown.contains(Self.visual("الملفات")), shown)
        XCTAssertTrue(shown.contains(Self.visual("حُذفت ٥ ملفات")), shown)
        XCTAssertTrue(shown.contains(Self.visual("٣ ملفات في مجلدين")), shown)
        for _ in 0..<2 { _ = app.handle(.character("c")) }
        shown = screen(&app)
        XCTAssertTrue(shown.contains(Self.visual("حُذف ملف واحد")) && shown.contains(Self.visual("ملف واحد في مجلدين")), shown)
        XCTAssertEqual(app.pluralGaps.map(\.key), ["files.summary"])
        XCTAssertEqual(app.pluralGaps.first?.forms.map(\.form), ["folders: few"])
    }

    /// A Hebrew Qt `.ts` has Qt's two forms: nothing is missing for CLDR's `two`, and 2 takes Qt's
    /// plural form.
    func test_hebrewQtCatalog_hasNoGaps() throws {
        let ts = """
        <?xml version="1.0" encoding="utf-8"?>
        <!DOCTYPE TS>
        <TS version="2.1" language="he">
        <context>
            <name>Files</name>
            <message numerus="yes">
                <source>files.deleted</source>
                <translation>
                    <numerusform>נמחק קובץ אחד</numerusform>
                    <numerusform>נמחקו %n קבצים</numerusform>
                </translation>
            </message>
        </context>
        </TS>
        """
        _ = try app(catalog: "app_he.ts", contents: ts)
        var o = PreviewApp.Options()
        o.locale = "he"
        o.animate = false
        var he = PreviewApp(workspace: try PreviewWorkspace(paths: [dir.path]), options: o)
        XCTAssertEqual(he.countSamples, [1, 2, 0])
        XCTAssertTrue(he.pluralGaps.isEmpty, "\(he.pluralGaps)")
        _ = he.handle(.character("c"))
        _ = he.handle(.character("c"))
        XCTAssertEqual(he.countCategory, .two)
        XCTAssertTrue(screen(&he).contains(Self.visual("נמחקו 2 קבצים")), screen(&he))
    }

    /// Qt messages have a context (`Files`), which a screen's key does not name: a Hebrew `.ts`
    /// beside an Arabic one is the Hebrew text's own catalog, not a fallback; a key only the
    /// Arabic file has is a fallback from its line.
    func test_qtMessagesWithAContext_areTheLocalesOwnText() throws {
        let ts = { (language: String, forms: [String], extra: String) in """
            <?xml version="1.0" encoding="utf-8"?>
            <!DOCTYPE TS>
            <TS version="2.1" language="\(language)">
            <context>
                <name>Files</name>
                <message numerus="yes">
                    <source>files.deleted</source>
                    <translation>\(forms.map { "<numerusform>\($0)</numerusform>" }.joined())</translation>
                </message>\(extra)
            </context>
            </TS>
            """ }
        let title = "\n        <message>\n            <source>files.title</source>\n            <translation>الملفات</translation>\n        </message>"
        _ = try app(catalog: "app_ar.ts", contents: ts("ar", ["لا ملفات", "ملف", "ملفان", "%n ملفات", "%n ملفًا", "%n ملف"], title))
        _ = try app(catalog: "app_he.ts", contents: ts("he", ["קובץ אחד", "%n קבצים"], ""))
        try Data("screen: s\ntitle: files.title\nroot: {type: label, text: {key: files.deleted, count: 5}}\n".utf8)
            .write(to: dir.appendingPathComponent("plural.yaml"))
        var o = PreviewApp.Options()
        o.locale = "he"
        o.animate = false
        let he = PreviewApp(workspace: try PreviewWorkspace(paths: [dir.path]), options: o)
        XCTAssertEqual(he.fallbacks.map(\.key), ["files.title"])
        XCTAssertEqual(he.fallbacks.first?.source, dir.appendingPathComponent("app_ar.ts").path + ":10")
    }

    /// The browser lists a `.stringsdict` entry with two plural variables with each variable's forms.
    func test_browse_showsTheFormsOfEachStringsdictVariable() throws {
        let path = Repository.fixtures.appendingPathComponent("catalogs/stringsdict/ar.lproj/Localizable.stringsdict").path
        var app = try BrowseApp(files: [path])
        while app.focus != .list { _ = app.handle(.tab) }
        _ = app.handle(.home)
        for _ in 0..<app.visible.count where app.selectedRow?.entry.key != "files.summary" { _ = app.handle(.down) }
        XCTAssertEqual(app.selectedRow?.entry.key, "files.summary")
        var b = Buffer(width: 120, height: 60)
        _ = app.render(into: &b)
        let text = b.rows.joined(separator: "\n")
        XCTAssertTrue(text.contains("variable files, plural form zero:"), text)
        XCTAssertTrue(text.contains("variable folders, plural form one:"), text)
    }

    /// The browser reads Qt catalogs like the others: a `.qm` made by lrelease lists its messages.
    func test_browse_readsQtCatalogs() throws {
        let qt = Repository.fixtures.appendingPathComponent("catalogs/qt")
        var app = try BrowseApp(files: [qt.appendingPathComponent("app_ar.ts").path, qt.appendingPathComponent("app_ar.qm").path])
        XCTAssertEqual(app.files.count, 2)
        XCTAssertTrue(app.rows.contains { $0.entry.key == "Saved %1 to %2" }, "\(app.rows.map(\.entry.key))")
        var b = Buffer(width: 80, height: 24)
        _ = app.render(into: &b)
        XCTAssertFalse(b.rows.joined().trimmingCharacters(in: .whitespaces).isEmpty)
    }
}
