import BidiTerm
import Foundation
import TestSupport
import XCTest

/// `TerminalSessionOptions.alternateScreen` through `--no-alternate-screen`: the demo drawn on the
/// terminal's normal screen, its last frame left there after quit with the shell's output below
/// it, against the default, which gives the screen back as it was.
final class AlternateScreenE2ETests: XCTestCase {
    /// A shell that prints a line, runs the demo with `arguments`, and prints another line after it.
    private func launch(_ arguments: [String]) throws -> TmuxHarness {
        let tmux = try TmuxHarness(columns: 80, rows: 24)
        do {
            let demo = ([try DemoE2E.binary(), "demo", "--no-animate", "--locale", "he"] + arguments).joined(separator: " ")
            try tmux.start(["/bin/sh", "-c", "echo BEFORE-DEMO; \(demo); echo AFTER-DEMO; exec sleep 60"])
            _ = try DemoE2E.waitForFrame(tmux)
            return tmux
        } catch {
            tmux.tearDown()
            throw error
        }
    }

    func test_noAlternateScreen_lastFrameStaysAboveTheShellsNextLine() throws {
        let tmux = try launch(["--no-alternate-screen"])
        defer { tmux.tearDown() }
        XCTAssertFalse(try tmux.isAlternateScreen(), "the frame is drawn on the normal screen")
        try tmux.sendKeys("q")
        let after = try tmux.waitFor("AFTER-DEMO")
        // The frame is still there (its Hebrew pane title and the footer), and the shell's line is
        // below its last row, not over it.
        XCTAssertTrue(after.contains(rtl("מסכים")), after.description)
        let footer = try XCTUnwrap(after.rows.firstIndex { $0.contains("q quit") }, after.description)
        let marker = try XCTUnwrap(after.rows.firstIndex { $0.contains("AFTER-DEMO") }, after.description)
        XCTAssertEqual(marker, footer + 1, after.description)
        XCTAssertFalse(after.contains("BEFORE-DEMO"), "the frame was drawn over the screen, from its top:\n\(after)")
    }

    func test_default_alternateScreen_givesTheScreenBack() throws {
        let tmux = try launch([])
        defer { tmux.tearDown() }
        XCTAssertTrue(try tmux.isAlternateScreen())
        try tmux.sendKeys("q")
        let after = try tmux.waitFor("AFTER-DEMO")
        XCTAssertTrue(after.contains("BEFORE-DEMO"), after.description)
        XCTAssertFalse(after.contains(rtl("מסכים")), after.description)
        XCTAssertFalse(after.contains("q quit"), after.description)
    }
}
