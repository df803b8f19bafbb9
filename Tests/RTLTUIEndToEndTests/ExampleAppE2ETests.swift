import Foundation
import TestSupport
import XCTest

/// The settings example (`Examples/Sources/settings-app`), built against the library products
/// only (`make examples`), run in tmux as its user would: it draws its Arabic screen mirrored,
/// a background task's progress reaches it through its mailbox without a key, and it quits
/// cleanly on q, on Ctrl-C and on hang-up with the terminal restored.
final class ExampleAppE2ETests: XCTestCase {
    /// The example's executable; missing means `make examples` did not run (a failure, not a skip).
    static func settingsApp() throws -> String {
        let path = Repository.path("Examples/.build/debug/settings-app")
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw MissingExample(path: path)
        }
        return path
    }

    struct MissingExample: Error, CustomStringConvertible {
        var path: String
        var description: String { "the settings example is not at \(path): build it with `make examples`" }
    }

    private func start() throws -> TmuxHarness {
        let tmux = try TmuxHarness(columns: 70, rows: 16)
        try tmux.start([try Self.settingsApp()], environment: ["LANG": "C.UTF-8"])
        try tmux.waitFor("ﺕﺍﺩﺍﺪﻋﻹﺍ", timeout: 10)   // الإعدادات, joined and in visual order
        return tmux
    }

    func test_settingsApp_drawsMirrored_andTheBackgroundProgressArrivesWithoutAKey() throws {
        let tmux = try start()
        defer { tmux.tearDown() }
        // The mailbox's messages fill the bar to 100 % (Arabic-Indic digits, R6) with no key pressed.
        let screen = try tmux.waitFor("٪١٠٠", timeout: 10)
        // R2: the sidebar (the list of sections) is at the right in RTL, the controls at the left.
        let row = screen.rows.first { $0.contains("ﺽﺮﻌﻟﺍ ◂") } ?? ""
        XCTAssertFalse(row.isEmpty, "the selected section is marked:\n\(screen)")
        let sidebar = row.range(of: "ﺽﺮﻌﻟﺍ ◂")!.lowerBound
        let slider = screen.rows.first { $0.contains("ﻉﻮﻄﺴﻟﺍ") } ?? ""
        XCTAssertGreaterThan(row.distance(from: row.startIndex, to: sidebar), 40, "sidebar on the right:\n\(screen)")
        XCTAssertTrue(slider.contains("●"), "the slider is drawn:\n\(screen)")
        try tmux.sendKeys("q")
        XCTAssertEqual(try tmux.waitForExit(), .exited(0))
        XCTAssertFalse(try tmux.isAlternateScreen())
    }

    func test_settingsApp_quitsOnCtrlC_andOnHangUp() throws {
        var tmux = try start()
        try tmux.sendKeys("C-c")
        XCTAssertEqual(try tmux.waitForExit(), .exited(0), "Ctrl-C is a key the app quits on (raw keys)")
        tmux.tearDown()

        tmux = try start()
        defer { tmux.tearDown() }
        try tmux.signal(SIGHUP)
        XCTAssertEqual(try tmux.waitForExit(), .signalled(SIGHUP), "a hang-up ends it with that signal, after the restore")
        XCTAssertFalse(try tmux.isAlternateScreen())
    }
}
