import Foundation
import TestSupport
import XCTest
@testable import BidiTerm
@testable import RTLTUIApps

/// The preview's small things: the help's digit ranges, where `e` writes, which half cut a text.
final class PreviewDetailsTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = try soukCopy(prefix: "preview-details")
    }

    func makeApp(_ configure: (inout PreviewApp.Options) -> Void = { _ in }) throws -> PreviewApp {
        var o = PreviewApp.Options()
        o.animate = false
        configure(&o)
        return PreviewApp(workspace: try PreviewWorkspace(paths: [dir.path]), options: o)
    }

    func rows(_ app: inout PreviewApp, _ w: Int = 100, _ h: Int = 30) -> [String] {
        var b = Buffer(width: w, height: h)
        _ = app.render(into: &b)
        return b.rows
    }

    /// The English help lists the digit ranges each in reading order, ٠ before ٩ (R22: the marks
    /// that keep them so take no cell).
    func test_englishHelp_digitRangesReadLeftToRight() throws {
        var app = try makeApp()
        _ = app.handle(.character("?"))
        let line = try XCTUnwrap(rows(&app).first { $0.contains("F4") })
        XCTAssertTrue(line.contains("0-9, ٠-٩, ۰-۹"), line)
    }

    /// `--export-dir` is where `e` writes, and the notice names the folder.
    func test_exportDirectory_isWhereEWrites() throws {
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        var app = try makeApp { $0.exportDirectory = out.path; $0.locale = "ar"; $0.screen = "home" }
        _ = rows(&app)
        let files = app.export()
        XCTAssertEqual(files, [out.path + "/home.ar.rtl.svg", out.path + "/home.ar.rtl.html"])
        for f in files { XCTAssertTrue(FileManager.default.fileExists(atPath: f), f) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("home.ar.rtl.svg").path))
        XCTAssertTrue(app.notice?.contains(out.path + "/home.ar.rtl.svg") ?? false, app.notice ?? "")
    }

    /// Side by side (`b`), each cut text says which half cut it.
    func test_sideBySide_cutTextsNameTheirHalf() throws {
        var app = try makeApp { $0.locale = "ur"; $0.screen = "home" }
        _ = app.handle(.character("b"))
        _ = rows(&app, 100, 20)
        XCTAssertEqual(app.truncationHalves.count, app.truncations.count)
        XCTAssertTrue(app.truncationHalves.contains(.ltr) && app.truncationHalves.contains(.rtl), "\(app.truncationHalves)")
        let cut = app.cutRows.filter { $0.contains("needs") }
        XCTAssertTrue(cut.allSatisfy { $0.hasPrefix("\u{2068}LTR\u{2069}  ") || $0.hasPrefix("\u{2068}RTL\u{2069}  ") }, "\(cut)")
    }
}
