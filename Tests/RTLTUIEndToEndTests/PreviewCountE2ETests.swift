import BidiTerm
import Foundation
import TestSupport
import XCTest

/// The preview's count key in a real terminal (tmux): `c` walks through one sample number per
/// plural category of Arabic (0, 1, 2, 3, 11, 100), the header shows the count and its category,
/// and every text with a count takes its form in place. The catalogs are an Xcode pair,
/// `ar.lproj/Localizable.strings` and `Localizable.stringsdict` (the stringsdict's six forms win
/// over the .strings value of the same key), with a format of two plural variables.
final class PreviewCountE2ETests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("preview-count-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.copyItem(at: Repository.fixtures.appendingPathComponent("catalogs/stringsdict"), to: dir)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    func test_preview_countKey_walksTheSixArabicForms_withCountAndCategoryInTheHeader() throws {
        let tmux = try TmuxHarness(columns: 80, rows: 20)
        defer { tmux.tearDown() }
        let command = "cd \(TmuxHarness.shellQuoted(dir.path)) && exec \(TmuxHarness.shellQuoted(try BuiltBinary.rtlTUI().path)) preview . --locale ar"
        try tmux.start(["/bin/sh", "-c", command])
        let visual = PreviewE2ETests.visual
        var screen = try tmux.waitUntil("the Arabic files screen", timeout: 10) {
            $0.row(0).contains("ar · RTL") && $0.contains(visual("حُذفت ٥ ملفات")) && $0.contains(visual("٣ ملفات في مجلدين"))
        }
        XCTAssertTrue(screen.contains(visual("الملفات")), "the title, from Localizable.strings:\n\(screen)")
        XCTAssertFalse(screen.contains(visual("حُذفت الملفات")), "the .strings value the .stringsdict overrides:\n\(screen)")
        XCTAssertFalse(screen.row(0).contains("n="), "no count chosen yet: \(screen.row(0))")
        // A notice box of the terminal set-up may cover the bottom: Enter closes it.
        try tmux.sendKeys("Enter")

        // files.deleted takes the count; files.summary's count is its files argument, folders stays 2.
        let steps: [(n: String, category: String, deleted: String, summary: String)] = [
            ("0", "zero", "لم يُحذف أي ملف", "لا ملفات في مجلدين"),
            ("1", "one", "حُذف ملف واحد", "ملف واحد في مجلدين"),
            ("2", "two", "حُذف ملفان", "ملفان في مجلدين"),
            ("3", "few", "حُذفت ٣ ملفات", "٣ ملفات في مجلدين"),
            ("11", "many", "حُذف ١١ ملفًا", "١١ ملفًا في مجلدين"),
            ("100", "other", "حُذف ١٠٠ ملف", "١٠٠ ملف في مجلدين"),
        ]
        for step in steps {
            try tmux.sendText("c")
            screen = try tmux.waitUntil("n=\(step.n) \(step.category)") { s in
                s.row(0).contains("n=\(step.n) \(step.category)") && s.contains(visual(step.deleted)) && s.contains(visual(step.summary))
            }
            XCTAssertEqual(screen.rows.filter { $0.contains("n=") }.count, 1, "the count is in the header only:\n\(screen)")
        }

        // After the last sample, each text's own count again.
        try tmux.sendText("c")
        screen = try tmux.waitUntil("the texts' own counts") { s in
            !s.row(0).contains("n=") && s.contains(visual("حُذفت ٥ ملفات")) && s.contains(visual("٣ ملفات في مجلدين"))
        }
        try tmux.sendText("q")
        XCTAssertEqual(try tmux.waitForExit(), .exited(0))
    }
}
