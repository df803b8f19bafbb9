import BidiTerm
import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// R21 in tmux, the usual way to work over SSH: the notice when tmux keeps escape sequences from
/// the terminal outside, `doctor` naming tmux and the terminal outside when they pass through,
/// and late replies that never reach the app as keys.
final class TerminalStrategyE2ETests: XCTestCase {
    /// tmux with `allow-passthrough off` (its default): the first frame carries the notice with
    /// the fix; Enter closes it; the help shows it again.
    func test_demoInTmuxWithoutPassthrough_showsTheNoticeInTheFirstFrame() throws {
        let tmux = try TmuxHarness(columns: 100, rows: 30, passthrough: false)
        defer { tmux.tearDown() }
        try tmux.start([try DemoE2E.binary(), "demo", "--no-animate", "--locale", "ar", "--screen", "settings"], record: true)
        let first = try DemoE2E.waitForFrame(tmux) { $0.contains("allow-passthrough") }
        XCTAssertTrue(first.contains("tmux set -g allow-passthrough on"), first.description)
        XCTAssertTrue(first.contains("Enter or Esc: close"), first.description)
        // No bidi mode sequence is sent: tmux would drop it anyway.
        try tmux.waitForQuietOutput()
        XCTAssertTrue(DemoE2E.positions(of: "\u{1B}[8l", in: tmux.recordedBytes()).isEmpty)

        try tmux.sendKeys("Enter")
        let closed = try tmux.waitUntil("the notice closed") { !$0.contains("allow-passthrough") }
        XCTAssertTrue(DemoE2E.isFrame(closed), closed.description)

        try tmux.sendKeys("?")
        let help = try tmux.waitFor("allow-passthrough")
        XCTAssertTrue(help.contains("tmux set -g"), help.description)
        try tmux.sendKeys("q")
        try tmux.sendKeys("q")
        XCTAssertEqual(try tmux.waitForExit(), .exited(0))
    }

    /// The notice in the user's language (`LANGUAGE=ar`), as the rest of the chrome: Arabic words
    /// drawn right to left, tmux's command as typed, the box's title and keys in Arabic, and the
    /// library's English beneath (the terminal outside tmux is unknown and may reorder the
    /// Arabic). The help shows it again, in Arabic.
    func test_R21_demoInArabic_showsTheNoticeInArabic() throws {
        func visual(_ text: String) -> String { BidiEngine().layout(text, direction: .rtl).lines.first?.text ?? "" }
        let tmux = try TmuxHarness(columns: 100, rows: 30, passthrough: false)
        defer { tmux.tearDown() }
        try tmux.start([try DemoE2E.binary(), "demo", "--no-animate", "--locale", "ar", "--screen", "settings"],
                       environment: ["LANGUAGE": "ar"])
        let first = try DemoE2E.waitForFrame(tmux) { $0.contains("allow-passthrough") }
        XCTAssertTrue(first.contains(visual("يحجب tmux عن الطرفية")), first.description)
        XCTAssertTrue(first.contains(visual("للإغلاق:")), first.description)
        XCTAssertTrue(first.contains("tmux keeps rtl-tui's bidi settings from the terminal."), first.description)
        XCTAssertFalse(first.contains("Enter or Esc: close"), first.description)
        // The box's title sits at its right end, before the corner.
        let top = try XCTUnwrap(first.rows.first { $0.contains(visual("الطرفية")) && $0.contains("┐") })
        XCTAssertTrue(top.contains(visual("الطرفية") + " ─┐"), top)
        XCTAssertFalse(top.contains("┌─ "), top)

        try tmux.sendKeys("Enter")
        _ = try tmux.waitUntil("the notice closed") { !$0.contains("allow-passthrough") }
        try tmux.sendKeys("?")
        let help = try tmux.waitFor("allow-passthrough")
        XCTAssertTrue(help.contains(visual("شغّل:")), help.description)
        try tmux.sendKeys("q")
        try tmux.sendKeys("q")
        XCTAssertEqual(try tmux.waitForExit(), .exited(0))
    }

    /// A notice is a box the first time in a terminal; the next start shows it as one line above
    /// the key hints (remembered in the config folder), until the help is opened.
    func test_theNoticeIsABoxOnce_thenOneLine() throws {
        let config = NSTemporaryDirectory() + "rtl-tui-config-\(UUID().uuidString)"
        for run in 1...2 {
            let tmux = try TmuxHarness(columns: 100, rows: 30, passthrough: false)
            defer { tmux.tearDown() }
            try tmux.start([try DemoE2E.binary(), "demo", "--no-animate", "--locale", "ar"], environment: ["XDG_CONFIG_HOME": config])
            let first = try DemoE2E.waitForFrame(tmux) { $0.contains("allow-passthrough") || $0.contains("? shows what to do") }
            if run == 1 {
                XCTAssertTrue(first.contains("Enter or Esc: close"), first.description)
            } else {
                XCTAssertTrue(first.contains("Terminal: tmux keeps"), first.description)
                XCTAssertFalse(first.contains("Enter or Esc: close"), first.description)
                try tmux.sendKeys("?")
                let help = try tmux.waitFor("allow-passthrough")
                XCTAssertFalse(help.contains("? shows what to do"), help.description)
                try tmux.sendKeys("q")
            }
            try tmux.sendKeys("q")
            XCTAssertEqual(try tmux.waitForExit(), .exited(0))
        }
        let memory = try String(contentsOfFile: config + "/rtl-tui/terminals", encoding: .utf8)
        XCTAssertTrue(memory.contains("notice\ttmux"), memory)
    }

    /// tmux with passthrough on but no client attached: nothing outside to switch or to ask; no
    /// notice, no mode sequences, and the first frame comes at once.
    func test_demoInDetachedTmuxWithPassthrough_drawsWithoutANotice() throws {
        let (tmux, screen) = try DemoE2E.launch(["--no-animate", "--locale", "he"])
        defer { tmux.tearDown() }
        XCTAssertFalse(screen.contains("allow-passthrough"), screen.description)
        try tmux.waitForQuietOutput()
        let bytes = tmux.recordedBytes()
        XCTAssertTrue(DemoE2E.positions(of: "\u{1B}[8l", in: bytes).isEmpty)
        XCTAssertTrue(DemoE2E.positions(of: "\u{1B}Ptmux;", in: bytes).isEmpty, "nothing asked outside a detached session")
    }

    /// doctor inside tmux without passthrough: it names tmux, says passthrough is off, gives the
    /// fix, and exits 1.
    func test_doctorInTmuxWithoutPassthrough_namesTmux_andTheFix() throws {
        let tmux = try TmuxHarness(columns: 100, rows: 30, passthrough: false)
        defer { tmux.tearDown() }
        let out = tmux.directory + "/doctor.txt"
        try tmux.start(["/bin/sh", "-c", "\"$0\" doctor > \"$1\"; echo \"doctor-exit=$?\"; exec sleep 60", try DemoE2E.binary(), out])
        let s = try tmux.waitFor("doctor-exit=", timeout: 15)
        XCTAssertTrue(s.contains("doctor-exit=1"), s.description)
        let report = try String(contentsOfFile: out, encoding: .utf8)
        XCTAssertTrue(report.contains("identified as: tmux 3."), report)
        XCTAssertTrue(report.contains("tmux passthrough: off"), report)
        XCTAssertTrue(report.contains("tmux set -g allow-passthrough on"), report)
        XCTAssertTrue(report.contains("Test card"), report)
        XCTAssertFalse(report.contains("\u{1B}"), "a report written to a file holds no escape sequence")
    }

    /// doctor inside tmux with passthrough on, tmux attached to a terminal (a fake playing the
    /// VTE recording): the terminal outside answers through tmux, and doctor names both.
    func test_doctorInTmuxWithPassthrough_namesTmuxAndTheTerminalOutside() throws {
        let tmux = try TmuxHarness(columns: 100, rows: 30, passthrough: true)
        defer { tmux.tearDown() }
        let out = tmux.directory + "/doctor.json"
        let go = tmux.directory + "/go"
        let script = "while [ ! -e \"$1\" ]; do sleep 0.05; done; \"$0\" doctor --format json > \"$2\"; echo \"doctor-exit=$?\"; exec sleep 60"
        try tmux.start(["/bin/sh", "-c", script, try DemoE2E.binary(), go, out])

        // A client on a terminal that answers as VTE (sakura).
        let outside = FakeTerminal(try TerminalRecording.named("sakura"), rows: 30, columns: 100)
        var env = FakeTerminalHarness.environment(for: outside.recording)
        env["TERM"] = "xterm-256color"
        let client = try FakeTerminalHarness(outside, arguments: ["-u", "-S", tmux.socketPath, "attach", "-t", tmux.session],
                                             environment: env, executable: tmux.tmuxPath)
        try client.pump(until: "the client to attach") { outside.alternateScreen }
        XCTAssertTrue(FileManager.default.createFile(atPath: go, contents: nil), "the go file")
        try client.pump(until: "doctor to finish", timeout: 20) {
            (try? tmux.capture().contains("doctor-exit=")) ?? false
        }
        let text = try String(contentsOfFile: out, encoding: .utf8)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
        let terminal = json["terminal"] as? [String: Any]
        let outer = json["outer"] as? [String: Any]
        let strategy = json["strategy"] as? [String: Any]
        XCTAssertEqual(terminal?["family"] as? String, "tmux", text)
        XCTAssertEqual(outer?["family"] as? String, "vte", text)
        XCTAssertEqual(outer?["version"] as? String, "0.70.6", text)
        XCTAssertEqual(strategy?["passthrough"] as? String, "tmux", text)
        XCTAssertEqual(strategy?["name"] as? String, "switchedOff", text)
        XCTAssertEqual((json["multiplexer"] as? [String: Any])?["passthrough"] as? Bool, true, text)
        XCTAssertEqual(json["ok"] as? Bool, true, text)
        XCTAssertTrue(try tmux.capture().contains("doctor-exit=0"))
        XCTAssertTrue(outside.queries.contains("da2"), "the terminal outside was asked: \(outside.queries)")
    }

    /// A reply that arrives late (here sent into the pane by hand: DA1, DECRPM, CPR, OSC 11)
    /// is not typed into the text field.
    func test_lateRepliesDoNotReachTheTextField() throws {
        let (tmux, screen) = try DemoE2E.launch(["--locale", "en", "--no-animate", "--screen", "messages"])
        defer { tmux.tearDown() }
        let draft = "Attached build.log from GitHub"
        let y = try XCTUnwrap(DemoE2E.rowIndex(screen, containing: draft), screen.description)
        try tmux.sendKeys("Tab")
        try tmux.sendKeys("End")
        try tmux.sendText("x")
        try tmux.waitUntil("x typed") { $0.row(y).contains(draft + "x") }
        for reply in ["\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c", "\u{1B}[8;1$y", "\u{1B}[12;40R", "\u{1B}]11;rgb:0000/0000/0000\u{07}"] {
            try tmux.sendHex(Array(reply.utf8))
        }
        try tmux.sendText("y")
        let s = try tmux.waitUntil("y typed") { $0.row(y).contains(draft + "x") && $0.row(y).contains("y") }
        XCTAssertTrue(s.row(y).contains(draft + "xy"), s.row(y))
        XCTAssertFalse(s.contains("64;1") || s.contains("rgb:") || s.contains("40R"), s.description)
    }
}
