import BidiTerm
import Foundation
import TestSupport
import XCTest
@testable import BidiTermTerminal

/// R21: the terminal notice of a session belongs to the app that runs it: its name in the text,
/// its own file for the notices already shown, `?` offered only by an app with help.
final class AppNoticeTests: XCTestCase {
    private func identification(_ recording: String, configure: (inout TerminalSessionOptions) -> Void) throws
        -> TerminalSession.Identification {
        let fake = FakeTerminal(try TerminalRecording.named(recording))
        var o = TerminalSessionOptions()
        o.environment = fake.recording.environment
        configure(&o)
        return TerminalStartup(options: o, rows: fake.rows, channel: FakeTerminalChannel(fake)).identification
    }

    private func temporaryConfig() -> String {
        let dir = NSTemporaryDirectory() + "app-notice-tests-\(getpid())-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    func test_R21_theNoticeNamesTheApp_andItsMemoryIsTheAppsFile() throws {
        let config = temporaryConfig()
        let first = try identification("qterminal") {
            $0.environment["XDG_CONFIG_HOME"] = config
            $0.appName = "souk"
        }
        let notice = try XCTUnwrap(first.findings.notice)
        // qterminal answers like terminals that reorder and like some that do not: "undecided".
        XCTAssertEqual(notice.id, "undecided")
        XCTAssertTrue(notice.problem.hasPrefix("souk cannot tell whether this terminal"), notice.problem)
        XCTAssertFalse(first.findings.noticeSeenBefore)
        XCTAssertTrue(FileManager.default.fileExists(atPath: config + "/souk/terminals"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: config + "/rtl-tui/terminals"), "rtl-tui's file is not the app's")
        // The second start in the same terminal: the one-line form.
        let second = try identification("qterminal") {
            $0.environment["XDG_CONFIG_HOME"] = config
            $0.appName = "souk"
        }
        XCTAssertTrue(second.findings.noticeSeenBefore)
        // Another app has not shown it yet; its flag is its own.
        let other = try identification("qterminal") {
            $0.environment["XDG_CONFIG_HOME"] = config
            $0.appName = "bazaar"
            $0.noticeArguments = ["doctor": "bazaar --check-terminal"]
        }
        XCTAssertFalse(other.findings.noticeSeenBefore)
        let own = try XCTUnwrap(other.findings.notice)
        XCTAssertTrue(own.fix.contains("run bazaar --check-terminal once"), own.fix)
        XCTAssertFalse(own.line.contains("rtl-tui"), own.line)
    }

    func test_R21_rtlTuisOwnApps_keepRtlTuisNameAndFile() throws {
        let config = temporaryConfig()
        let found = try identification("qterminal") {
            $0.environment["XDG_CONFIG_HOME"] = config
            $0.appName = "rtl-tui"
        }
        XCTAssertTrue(try XCTUnwrap(found.findings.notice).problem.hasPrefix("rtl-tui cannot tell whether"))
        XCTAssertEqual(TerminalMemory.path(environment: ["XDG_CONFIG_HOME": config]), config + "/rtl-tui/terminals")
        XCTAssertTrue(FileManager.default.fileExists(atPath: config + "/rtl-tui/terminals"))
        // A file named by the app wins over the folder of its name.
        let file = config + "/elsewhere/seen"
        _ = try identification("qterminal") {
            $0.environment["XDG_CONFIG_HOME"] = config
            $0.noticeMemoryFile = file
        }
        XCTAssertTrue(TerminalMemory.load(path: file).noticesShown.count == 1)
    }

    func test_theMemoryFolder_isTheAppsName_madeSafe() {
        let env = ["HOME": "/home/u"]
        XCTAssertEqual(TerminalMemory.path(environment: env, app: "souk"), "/home/u/.config/souk/terminals")
        XCTAssertEqual(TerminalMemory.path(environment: env, app: "a/b"), "/home/u/.config/a-b/terminals")
        XCTAssertEqual(TerminalMemory.path(environment: env, app: ".."), "/home/u/.config/app/terminals")
        XCTAssertNil(TerminalMemory.path(environment: [:], app: "souk"))
    }
}
