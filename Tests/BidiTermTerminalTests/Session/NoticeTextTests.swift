import BidiTerm
import XCTest
@testable import BidiTermTerminal

/// An app supplies the words of the terminal notice (R21): its product name, flags and language.
final class NoticeTextTests: XCTestCase {
    /// macOS Terminal, known from the environment alone (no queries are sent with `identify`
    /// off): it may reorder by itself and nothing switches that off, so there is a notice.
    private func options() -> TerminalSessionOptions {
        var o = TerminalSessionOptions()
        o.identify = false
        o.environment = ["TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal",
                         "XDG_CONFIG_HOME": NSTemporaryDirectory() + "notice-text-\(getpid())"]
        return o
    }

    func test_R21_theLibraryNotice_isReplacedByTheAppsOwnText() throws {
        let plain = TerminalSession.identify(options: options(), rows: 24, input: -1, output: -1)
        let english = try XCTUnwrap(plain.findings.notice, "macOS Terminal has a notice")
        var o = options()
        o.noticeText = { notice, setup in
            TerminalNotice(problem: "قد تظهر الحروف العربية معكوسة (\(setup.strategy.rawValue)).",
                           fix: notice.fix.replacingOccurrences(of: "rtl-tui", with: "my-app"))
        }
        let own = try XCTUnwrap(TerminalSession.identify(options: o, rows: 24, input: -1, output: -1).findings.notice)
        XCTAssertTrue(own.problem.hasPrefix("قد تظهر"), own.problem)
        XCTAssertFalse(own.line.contains("rtl-tui"), own.line)
        XCTAssertEqual(own.fix, english.fix.replacingOccurrences(of: "rtl-tui", with: "my-app"))

        o.noticeText = { _, _ in nil }
        XCTAssertNil(TerminalSession.identify(options: o, rows: 24, input: -1, output: -1).findings.notice,
                     "an app may show no notice at all")
    }
}
