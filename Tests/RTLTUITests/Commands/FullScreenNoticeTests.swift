import BidiTerm
import BidiTermTerminal
import RTLTUIApps
import Foundation
import XCTest
@testable import rtl_tui

/// R21: rtl-tui's full-screen commands hand the session the notice in the user's language, as
/// the rest of their chrome (`FullScreen.options`), through the hook any program has.
final class FullScreenNoticeTests: XCTestCase {
    /// macOS Terminal, known from the environment alone (no queries with `identify` off).
    private func identify(_ language: [String: String]) -> (TerminalNotice?, TerminalNoticeLabels) {
        let saved = CommandEnvironment.variables
        defer { CommandEnvironment.variables = saved }
        CommandEnvironment.variables = ["TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal",
                                        "XDG_CONFIG_HOME": NSTemporaryDirectory() + "rtl-tui-notice-\(UUID().uuidString)"]
            .merging(language) { $1 }
        var o = FullScreen.options()
        o.identify = false
        return (TerminalSession.identify(options: o, rows: 24, input: -1, output: -1).findings.notice, o.noticeLabels)
    }

    func test_R21_theSessionsNotice_isInTheUsersLanguage() throws {
        let (english, englishLabels) = identify(["LANG": "C.UTF-8"])
        XCTAssertEqual(english, Notices.forTerminal(.appleTerminal))
        XCTAssertEqual(englishLabels, TerminalNoticeLabels())

        for (env, language) in [(["LANG": "ar_EG.UTF-8"], "ar"), (["LANGUAGE": "fa", "LANG": "C.UTF-8"], "fa"),
                                (["LC_MESSAGES": "ur_PK.UTF-8"], "ur"), (["LANGUAGE": "he"], "he")] {
            let (notice, labels) = identify(env)
            let n = try XCTUnwrap(notice, language)
            XCTAssertEqual(n, PreviewChrome(locale: language).terminalNotice(english!).withOriginal(english!.line), language)
            XCTAssertEqual(n.direction, .rtl, language)
            XCTAssertTrue(n.line.contains("\u{2068}macOS Terminal\u{2069}"), n.line)
            XCTAssertEqual(n.originalLine, english!.line, "\(language): macOS Terminal may read the words backwards")
            XCTAssertEqual(labels, PreviewChrome(locale: language).terminalNoticeLabels, language)
            XCTAssertEqual(labels.direction, .rtl)
        }
    }
}

private extension TerminalNotice {
    func withOriginal(_ line: String) -> TerminalNotice {
        var n = self
        n.originalLine = line
        return n
    }
}
