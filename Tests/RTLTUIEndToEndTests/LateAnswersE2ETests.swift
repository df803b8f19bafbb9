import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// R21 through the built binary, for terminals that answer late or not at all, and for one that
/// moves the cursor over combining marks: a `FakeTerminal` on a pseudo-terminal plays the recorded
/// answers. What is checked is the order of what the program wrote, never how long it took.
final class LateAnswersE2ETests: XCTestCase {
    static let clear = "\u{1B}[2J"

    private func recording(_ name: String) throws -> TerminalRecording { try TerminalRecording.named(name) }

    /// mlterm over a slow link: its answers come only after it has drawn the first frame. The
    /// program draws that frame without them, then takes the answers up: mlterm's own switch goes
    /// out and the screen is cleared and drawn again; quit puts the switch back.
    func test_demo_lateAnswers_switchTheStrategy_andRedrawTheScreen() throws {
        let fake = FakeTerminal(try recording("mlterm"))
        fake.holdsAnswersUntil = Array(Self.clear.utf8)
        let h = try FakeTerminalHarness(fake, arguments: ["demo", "--no-animate", "--locale", "ar"])
        let off = "\u{1B}]5379;use_ctl=false\u{07}"
        try h.pump(until: "mlterm's switch after the late answers") { !h.positions(of: off).isEmpty }
        try h.pumpUntilQuiet(after: "the repaint") { h.positions(of: Self.clear).count >= 2 }
        let clears = h.positions(of: Self.clear)
        let switched = try XCTUnwrap(h.positions(of: off).first)
        XCTAssertLessThan(clears[0], switched, "the first frame is drawn before the answers")
        XCTAssertTrue(clears.contains { $0 > switched }, "the screen is drawn again after the switch")
        XCTAssertGreaterThan(h.positions(of: "rtl-tui").filter { $0 > switched }.count, 0)
        XCTAssertEqual(fake.garbage, [])
        h.type("q")
        XCTAssertEqual(try h.waitForExit(), .exited(0))
        XCTAssertFalse(h.positions(of: "\u{1B}]5379;use_ctl=true\u{07}").isEmpty, "the switch is put back")
        XCTAssertFalse(fake.alternateScreen)
    }

    /// A terminal that answers nothing: the first frame is drawn, the queries stay quiet, and the
    /// program quits on a key as usual.
    func test_demo_aTerminalThatAnswersNothing_drawsAndQuits() throws {
        let fake = FakeTerminal(try recording("xterm"))
        fake.silent = true
        let h = try FakeTerminalHarness(fake, arguments: ["demo", "--no-animate"])
        try h.pumpUntilQuiet(after: "the first frame") { h.positions(of: "rtl-tui").count > 0 && h.positions(of: Self.clear).count > 0 }
        h.type("q")
        XCTAssertEqual(try h.waitForExit(), .exited(0))
        XCTAssertFalse(fake.alternateScreen)
    }

    /// terminology gives each harakah a cell of its own: the Arabic settings screen is drawn with
    /// every mark alone in its cell (written by column after the letters), never after a letter.
    func test_demo_inTerminology_writesEachMarkInACellOfItsOwn() throws {
        let fake = FakeTerminal(try recording("terminology"))
        let h = try FakeTerminalHarness(fake, arguments: ["demo", "--no-animate", "--locale", "ar", "--screen", "settings"])
        try h.pumpUntilQuiet(after: "the first frame") { h.positions(of: "rtl-tui").count > 0 && h.positions(of: Self.clear).count > 0 }
        let firstClear = try XCTUnwrap(h.positions(of: Self.clear).first)
        let written = fake.written
        var marks = 0
        var i = firstClear
        while i + 1 < written.count {
            // Arabic marks U+064B…U+0652 are D9 8B…D9 92 in UTF-8.
            if written[i] == 0xD9, (0x8B...0x92).contains(written[i + 1]) {
                marks += 1
                XCTAssertEqual(written[i - 1], UInt8(ascii: "m"), "a mark written after a letter at byte \(i)")
            }
            i += 1
        }
        XCTAssertGreaterThan(marks, 0, "the harakat are drawn")
        h.type("q")
        XCTAssertEqual(try h.waitForExit(), .exited(0))
    }
}
