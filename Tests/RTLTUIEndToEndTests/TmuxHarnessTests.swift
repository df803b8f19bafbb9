import Foundation
import TestSupport
import XCTest

/// The tmux harness itself, driven with small `/bin/sh` scripts: the screen it captures, the keys
/// it sends (Arabic and Hebrew included), resizing, signals, exit statuses and the raw-byte
/// recording that app-level tests build on.
final class TmuxHarnessTests: XCTestCase {
    private func sh(_ script: String) -> [String] { ["/bin/sh", "-c", script] }

    func test_capture_showsWhatTheCommandPrinted_rowByRow() throws {
        let tmux = try TmuxHarness(columns: 30, rows: 6)
        defer { tmux.tearDown() }
        try tmux.start(sh("printf 'first\\nשלום עולם\\n  indented'; sleep 30"))
        let screen = try tmux.waitFor("indented")
        XCTAssertEqual(screen.rows.count, 6)
        XCTAssertEqual(screen.row(0), "first")
        XCTAssertEqual(screen.row(1), "שלום עולם")
        XCTAssertEqual(screen.row(2), "  indented")
        XCTAssertEqual(screen.row(3), "")
    }

    func test_sendText_typesArabicLiterally_andSendKeysPressesNamedKeys() throws {
        let tmux = try TmuxHarness(columns: 40, rows: 6)
        defer { tmux.tearDown() }
        try tmux.start(sh("echo READY; while IFS= read -r line; do echo \"got:$line\"; done"))
        try tmux.waitFor("READY")
        try tmux.sendText("سلام Enter")   // "Enter" here is text, not a key
        try tmux.sendKeys("Enter")
        try tmux.waitFor("got:سلام Enter")
        try tmux.sendText("x")
        try tmux.sendKeys("BSpace")
        try tmux.sendText("אב")
        try tmux.sendKeys("Enter")
        let screen = try tmux.waitFor("got:אב")
        XCTAssertFalse(screen.contains("got:x"), "BSpace erased the x before the line was sent:\n\(screen)")
    }

    func test_resize_changesThePaneAndSignalsTheCommand() throws {
        let tmux = try TmuxHarness(columns: 40, rows: 8)
        defer { tmux.tearDown() }
        try tmux.start(sh("trap 'echo \"size:$(stty size)\"' WINCH; echo \"start:$(stty size)\"; while :; do sleep 0.05; done"))
        try tmux.waitFor("start:8 40")
        try tmux.resize(columns: 64, rows: 12)
        let screen = try tmux.waitFor("size:12 64")
        XCTAssertEqual(screen.rows.count, 12)
        XCTAssertTrue(try tmux.paneSize() == (64, 12))
    }

    func test_signal_reachesTheCommand_andTheExitStatusIsReported() throws {
        let tmux = try TmuxHarness(columns: 40, rows: 5)
        defer { tmux.tearDown() }
        try tmux.start(sh("trap 'echo caught TERM; exit 7' TERM; echo READY; while :; do sleep 0.05; done"))
        try tmux.waitFor("READY")
        try tmux.signal(SIGTERM)
        try tmux.waitFor("caught TERM")
        XCTAssertEqual(try tmux.waitForExit(), .exited(7))
        XCTAssertTrue(try tmux.hasExited())
    }

    func test_exitBySignal_isReportedAsSignalled() throws {
        let tmux = try TmuxHarness(columns: 20, rows: 3)
        defer { tmux.tearDown() }
        try tmux.start(["/bin/sleep", "30"])
        // `exec`: the pane's process becomes sleep itself, so the signal is its death.
        let pid = try tmux.panePID()
        let deadline = Date().addingTimeInterval(5)
        func command() -> String { (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? "" }
        while !command().hasPrefix("/bin/sleep"), Date() < deadline { usleep(10_000) }
        XCTAssertTrue(command().hasPrefix("/bin/sleep"), "pane process: \(command())")
        try tmux.signal(SIGINT)
        XCTAssertEqual(try tmux.waitForExit(), .signalled(SIGINT))
    }

    func test_recording_keepsEveryByte_fromTheFirstOne() throws {
        let tmux = try TmuxHarness(columns: 30, rows: 4)
        defer { tmux.tearDown() }
        // The same sequences the interactive app sends for R21, written before anything else.
        try tmux.start(sh("printf '\\033[8l\\033[1 kHELLO\\033[8h\\033[0 k'; sleep 30"), record: true)
        try tmux.waitForRecorded("\u{1B}[0 k")
        let bytes = tmux.recordedBytes()
        XCTAssertEqual(bytes, Array("\u{1B}[8l\u{1B}[1 kHELLO\u{1B}[8h\u{1B}[0 k".utf8))
        XCTAssertTrue(TmuxHarness.contains(bytes, Array("HELLO".utf8)))
        XCTAssertEqual(try tmux.waitFor("HELLO").row(0), "HELLO")
    }

    func test_outputCausedBy_countsTheBytesOfOneKeystroke() throws {
        let tmux = try TmuxHarness(columns: 30, rows: 4)
        defer { tmux.tearDown() }
        // Answers every byte it reads with "[byte]": three bytes per ASCII keystroke.
        try tmux.start(sh("stty -icanon -echo; printf R; while :; do c=$(dd bs=1 count=1 2>/dev/null); printf '[%s]' \"$c\"; done"),
                       record: true)
        try tmux.waitForRecorded("R")
        let answer = try tmux.output(causedBy: { try tmux.sendText("x") })
        XCTAssertEqual(answer, Array("[x]".utf8))
        let second = try tmux.output(causedBy: { try tmux.sendText("y") })
        XCTAssertEqual(second.count, 3)
        XCTAssertEqual(tmux.recordedBytes().count, 7)
    }

    func test_captureWithEscapes_keepsColours() throws {
        let tmux = try TmuxHarness(columns: 20, rows: 3)
        defer { tmux.tearDown() }
        try tmux.start(sh("printf '\\033[31mRED\\033[0m plain'; sleep 30"))
        try tmux.waitFor("plain")
        let screen = try tmux.capture(escapes: true)
        XCTAssertTrue(screen.row(0).contains("\u{1B}[31mRED"), screen.description)
        XCTAssertEqual(try tmux.capture().row(0), "RED plain")
    }

    func test_waitFor_timesOutWithTheScreenInTheError() throws {
        let tmux = try TmuxHarness(columns: 20, rows: 3)
        defer { tmux.tearDown() }
        try tmux.start(sh("echo nothing-here; sleep 30"))
        try tmux.waitFor("nothing-here")
        XCTAssertThrowsError(try tmux.waitFor("never", timeout: 0.3)) { error in
            XCTAssertTrue("\(error)".contains("nothing-here|"), "\(error)")
        }
    }

    func test_rtlTuiBinary_isFoundNextToTheTests() throws {
        let url = try BuiltBinary.rtlTUI()
        XCTAssertEqual(url.lastPathComponent, "rtl-tui")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: url.path))
    }

    func test_missingTmux_failsWithInstallAdvice() {
        XCTAssertThrowsError(try TmuxHarness(tmux: "/nonexistent/bin/tmux")) { error in
            XCTAssertTrue("\(error)".contains("apt-get install tmux"), "\(error)")
        }
    }

    func test_tearDown_endsACommandThatIgnoresHangUp() throws {
        let tmux = try TmuxHarness(columns: 20, rows: 3)
        try tmux.start(sh("trap '' HUP; echo READY; while :; do sleep 0.05; done"))
        try tmux.waitFor("READY")
        let pid = try tmux.panePID()
        let directory = tmux.directory
        tmux.tearDown()
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        let state = stat.split(separator: ")").last?.split(separator: " ").first ?? "gone"
        XCTAssertTrue(stat.isEmpty || state == "Z", "process \(pid) still running: \(stat)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory))
    }
}
