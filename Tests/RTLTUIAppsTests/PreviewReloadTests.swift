import Foundation
import TestSupport
import XCTest
@testable import BidiTerm
@testable import RTLTUIApps

/// Live reload as editors save: a catalog deleted and written anew, invalid UTF-8, catalog
/// warnings and long errors, on a copy of `Examples/souk`.
final class PreviewReloadTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = try soukCopy(prefix: "preview-reload")
    }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    func makeApp(locale: String, screen: String? = nil) throws -> PreviewApp {
        var o = PreviewApp.Options()
        o.locale = locale
        o.screen = screen
        o.animate = false
        return PreviewApp(workspace: try PreviewWorkspace(paths: [dir.path]), options: o)
    }

    func rows(_ app: inout PreviewApp, _ w: Int = 100, _ h: Int = 30) -> [String] {
        var b = Buffer(width: w, height: h)
        _ = app.render(into: &b)
        return b.rows
    }

    /// Moves the times of `name` (and of the folder, which then lists again) `offset` seconds on.
    func touch(_ name: String?, _ offset: TimeInterval) throws {
        let date = Date().addingTimeInterval(offset)
        if let name { try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path(name)) }
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: dir.path)
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path("po"))
    }

    static func visual(_ text: String) -> String { BidiEngine().layout(text, direction: .rtl).lines.first?.text ?? "" }

    /// Deleted then written anew (as some editors save): between the two the last version stays,
    /// with a problem line, never a silent fallback to English; then the new text shows.
    func test_aCatalogDeletedAndRecreated_keepsItsLastVersionThenShowsTheNewOne() throws {
        for (file, locale, old, new) in [("Localizable.xcstrings", "he", "שוק: דף הבית", "שוק: בית"),
                                         ("po/ar.po", "ar", "سوق: الرئيسية", "سوق: البيت")] {
            var app = try makeApp(locale: locale)
            let text = try String(contentsOfFile: path(file), encoding: .utf8)
            try FileManager.default.removeItem(atPath: path(file))
            try touch(nil, 5)
            _ = app.reload()
            XCTAssertEqual(app.locale, locale)
            XCTAssertTrue(app.locales.contains(locale), "\(file): the locale stays on offer")
            XCTAssertTrue(rows(&app).joined().contains(Self.visual(old)), "\(file): the last version stays")
            XCTAssertEqual(app.fallbacks, [], file)
            XCTAssertTrue(app.problems.contains { $0.hasPrefix(path(file) + ": the file is gone") }, "\(app.problems)")
            try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: URL(fileURLWithPath: path(file)))
            try touch(file, 10)
            _ = app.reload()
            XCTAssertEqual(app.problems, [], file)
            XCTAssertTrue(rows(&app).joined().contains(Self.visual(new)), "\(file): the new text\n" + rows(&app).joined(separator: "\n"))
        }
    }

    /// `r` reads everything again and forgets a file that is really gone.
    func test_forcedReload_forgetsAGoneCatalog() throws {
        var app = try makeApp(locale: "ar")
        try FileManager.default.removeItem(atPath: path("po/ar.po"))
        try touch(nil, 5)
        _ = app.reload()
        XCTAssertEqual(app.problems.count, 1)
        _ = app.handle(.character("r"))
        XCTAssertEqual(app.problems, [])
        XCTAssertFalse(app.content.catalogs.contains { $0.catalog.path == path("po/ar.po") })
    }

    /// A catalog's warnings (here invalid UTF-8) are counted in the header and listed under `t`.
    func test_catalogWarnings_areCountedAndListed() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path("po/ar.po"))))
        let at = try XCTUnwrap(String(decoding: bytes, as: UTF8.self).range(of: "msgstr \"الفئات\""))
        let offset = String(decoding: bytes, as: UTF8.self).utf8.distance(from: String(decoding: bytes, as: UTF8.self).startIndex, to: at.upperBound) - 1
        bytes.insert(0xFF, at: offset)
        try Data(bytes).write(to: URL(fileURLWithPath: path("po/ar.po")))
        var app = try makeApp(locale: "ar")
        _ = rows(&app)
        XCTAssertEqual(app.warnings.count, 1, "\(app.warnings)")
        XCTAssertTrue(app.warnings[0].hasPrefix(path("po/ar.po") + ":15:"), app.warnings[0])
        XCTAssertTrue(app.statusItems.contains("⚠ 1"), "\(app.statusItems)")
        _ = app.handle(.character("t"))
        let panel = rows(&app).joined(separator: "\n")
        XCTAssertTrue(panel.contains("Catalog warnings: 1"), panel)
        XCTAssertTrue(panel.contains("po/ar.po:15:"), panel)
    }

    /// A long error takes rows of its own (the navigation row stays visible), says that `t` shows
    /// it in full, and `t` does, wrapped.
    func test_aLongError_coversNothing_andTShowsItInFull() throws {
        var app = try makeApp(locale: "en", screen: "account")
        let before = rows(&app, 100, 30)
        let nav = try XCTUnwrap(before.firstIndex { $0.contains("Back") })
        let good = try String(contentsOfFile: path("account.yaml"), encoding: .utf8)
        try Data((good + "\n  - {type: label, text: {literal: \"" + String(repeating: "x", count: 30) + "\", size: [1, 2, 3\n").utf8)
            .write(to: URL(fileURLWithPath: path("account.yaml")))
        try touch("account.yaml", 5)
        _ = app.reload()
        let problem = try XCTUnwrap(app.problems.first)
        XCTAssertGreaterThan(problem.count, 98, problem)
        let after = rows(&app, 100, 30)
        XCTAssertTrue(after.contains { $0.contains("Back") }, "the navigation row is not covered:\n" + after.joined(separator: "\n"))
        XCTAssertLessThanOrEqual(after.firstIndex { $0.contains("Back") } ?? 99, nav)
        XCTAssertTrue(after.contains { $0.contains("t shows every problem in full") }, after.joined(separator: "\n"))
        _ = app.handle(.character("t"))
        let panel = rows(&app, 100, 30).joined(separator: "\n")
        XCTAssertTrue(panel.contains("Problems of the files: 1"), panel)
        let tail = String(problem.suffix(12))
        XCTAssertTrue(panel.contains(tail), "the end of the message (\(tail)) is shown:\n\(panel)")
    }
}
