import Foundation
import TestSupport
import XCTest

/// `render`, `inspect` and `check` writing lines to a terminal that runs its own bidi (R21):
/// VTE gets each visual line in explicit mode and the next row back to implicit; Konsole gets
/// the rows in the order its bidi turns back into them; a pipe gets the bytes of today.
final class LineOutputE2ETests: XCTestCase {
    /// The README's first example.
    static let example = "שלום עולם! התקשרו ל-03-1234567 (שלוחה 12)."

    private func run(_ args: [String], in recording: String, environment extra: [String: String]) throws -> String {
        let fake = FakeTerminal(try TerminalRecording.named(recording))
        var env = FakeTerminalHarness.environment(for: fake.recording)
        for (k, v) in extra { env[k] = v }
        let h = try FakeTerminalHarness(fake, arguments: args, environment: env)
        XCTAssertEqual(try h.waitForExit(timeout: 20), .exited(0))
        return h.writtenText
    }

    private func pipe(_ args: [String], environment extra: [String: String] = [:]) throws -> Data {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try BuiltBinary.rtlTUI().path)
        p.arguments = args
        var env = ["LANG": "C.UTF-8", "TERM": "xterm-256color", "PATH": "/usr/bin:/bin",
                   "XDG_CONFIG_HOME": NSTemporaryDirectory() + "rtl-tui-config-\(UUID().uuidString)"]
        for (k, v) in extra { env[k] = v }
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return data
    }

    func test_R21_renderToAPipe_isByteForByteAsWithoutATerminal() throws {
        let args = ["render", "--width", "30", Self.example]
        let plain = try pipe(args)
        XCTAssertFalse(plain.isEmpty)
        for env in [["VTE_VERSION": "7006"], ["KONSOLE_VERSION": "221203"], ["KITTY_WINDOW_ID": "1"]] {
            XCTAssertEqual(try pipe(args, environment: env), plain, "\(env)")
            XCTAssertEqual(try pipe(args + ["--bidi-mode", "konsole"], environment: env), plain, "\(env)")
        }
        XCTAssertEqual(try pipe(args + ["--bidi-mode", "none"]), plain)
        XCTAssertFalse(String(decoding: plain, as: UTF8.self).contains("\u{1B}"))
    }

    func test_R21_renderToVTE_writesEachLineInExplicitMode_andPutsTheNextRowBack() throws {
        let visual = String(decoding: try pipe(["render", "--width", "30", Self.example]), as: UTF8.self)
        let lines = visual.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2)
        let written = try run(["render", "--width", "30", Self.example], in: "sakura", environment: ["VTE_VERSION": "7006"])
        XCTAssertTrue(written.contains("\u{1B}[8l" + lines[0] + "\r\n" + "\u{1B}[8l" + lines[1] + "\r\n\u{1B}[8h"), written.debugDescription)
        // --bidi-mode none: the lines as they are.
        let none = try run(["render", "--width", "30", "--bidi-mode", "none", Self.example], in: "sakura", environment: ["VTE_VERSION": "7006"])
        XCTAssertFalse(none.contains("\u{1B}[8"), none.debugDescription)
        XCTAssertTrue(none.contains(lines[0]))
    }

    func test_R21_renderToKonsole_writesTheOrderItsBidiTurnsBack() throws {
        let written = try run(["render", "--width", "30", Self.example], in: "konsole", environment: ["KONSOLE_VERSION": "221203"])
        // Konsole reorders each row itself: the Hebrew goes out in logical order.
        XCTAssertTrue(written.contains("שלום עולם"), written.debugDescription)
        XCTAssertFalse(written.contains("\u{1B}[8l"))
        let visual = String(decoding: try pipe(["render", "--width", "30", Self.example]), as: UTF8.self)
        XCTAssertFalse(written.contains(visual.split(separator: "\n")[0]), "sent as drawn")
    }

    func test_R21_inspectToVTE_switchesOnlyTheDisplayLine() throws {
        let written = try run(["inspect", "שלום 12"], in: "sakura", environment: ["VTE_VERSION": "7006"])
        XCTAssertTrue(written.contains("\u{1B}[8ldisplay: "), written.debugDescription)
        XCTAssertTrue(written.contains("\u{1B}[8hruns (visual order)"), written.debugDescription)
        XCTAssertEqual(written.components(separatedBy: "\u{1B}[8l").count, 2)
    }
}
