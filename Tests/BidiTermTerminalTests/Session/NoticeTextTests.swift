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
        // The library's English as rtl-tui's own apps show it (without a name, the executable's).
        o.appName = "rtl-tui"
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

    /// A third party's words: its product name and flag in the library's English, or its own
    /// templates by the notice's id, with the same arguments.
    func test_R21_rewritten_takesTheAppsNameFlagAndTemplates() throws {
        let konsole = try XCTUnwrap(Notices.forTerminal(.konsole))
        let named = konsole.rewritten(arguments: ["program": "my-app", "flag": "--plain"])
        XCTAssertEqual(named.fix, konsole.fix.replacingOccurrences(of: "rtl-tui with --bidi-mode explicit", with: "my-app with --plain"))
        XCTAssertEqual(named.problem, konsole.problem)
        let own = konsole.rewritten(arguments: ["program": "my-app"], direction: .rtl) { key in
            ["konsole.problem": "يعيد {terminal} ترتيب النص بنفسه.", "konsole.fix": "ألغِ {option} ثم شغّل {program}."][key]
        }
        XCTAssertEqual(own.problem, "يعيد Konsole ترتيب النص بنفسه.")
        XCTAssertEqual(own.fix, "ألغِ Bi-Directional text rendering ثم شغّل my-app.")
        XCTAssertEqual(own.direction, .rtl)
        // A narrow pane's fix goes on with the terminal's own, in the app's words too.
        let pane = Notices.narrowPane(.putty).rewritten { $0 == "putty.fix" ? "PUTTY-FIX {key}" : nil }
        XCTAssertTrue(pane.fix.hasSuffix(" PUTTY-FIX DisableBidi=1, DisableArabicShaping=1"), pane.fix)
        // A notice an app made keeps its words.
        let mine = TerminalNotice(problem: "p", fix: "f").rewritten(arguments: ["program": "x"], direction: .rtl)
        XCTAssertEqual(mine.line, "p f")
    }

    /// Where the terminal may reorder what is sent, right-to-left words may read backwards: the
    /// session keeps the library's line beneath them. Where the notice reads right, or the words
    /// are left to right, it does not.
    func test_R21_rightToLeftWords_keepTheEnglishBeneath_whereTheyMayReadBackwards() throws {
        var o = options()
        o.noticeText = { notice, _ in notice.rewritten(direction: .rtl) { $0.hasSuffix(".problem") ? "قد تنعكس الحروف." : nil } }
        let mac = try XCTUnwrap(TerminalSession.identify(options: o, rows: 24, input: -1, output: -1).findings.notice)
        XCTAssertTrue(mac.mayReadBackwards)
        XCTAssertEqual(mac.problem, "قد تنعكس الحروف.")
        XCTAssertEqual(mac.originalLine, Notices.forTerminal(.appleTerminal)!.line)
        XCTAssertEqual(mac.helpLines(width: 200).map(\.direction), [.rtl, .ltr])

        let deepin = try XCTUnwrap(Notices.forTerminal(.deepinTerminal))
        XCTAssertFalse(deepin.mayReadBackwards, "compensated: it reads right")
        XCTAssertNil(TerminalSession.keepingOriginal(deepin.rewritten(direction: .rtl) { _ in "نص" }, of: deepin).originalLine)
        // The English beneath names the app, as its own words do.
        let tmux = Notices.passthrough(.tmux)
        let mine = TerminalSession.keepingOriginal(tmux.rewritten(arguments: ["program": "my-app"], direction: .rtl) { _ in "نص" }, of: tmux)
        XCTAssertEqual(mine.originalLine, "tmux keeps my-app's bidi settings from the terminal. Run: tmux set -g allow-passthrough on")
        let mac2 = try XCTUnwrap(Notices.forTerminal(.appleTerminal))
        XCTAssertNil(TerminalSession.keepingOriginal(mac2.rewritten(arguments: ["program": "x"]), of: mac2).originalLine,
                     "left-to-right words read as they are")
    }

    /// The notice in the user's language is remembered as the same notice: another language
    /// does not bring the box back.
    func test_R21_theNoticeShownOnce_isTheSameInEveryLanguage() throws {
        let n = try XCTUnwrap(Notices.forTerminal(.appleTerminal))
        let ar = n.rewritten(direction: .rtl) { _ in "نص" }
        XCTAssertEqual(TerminalMemory.noticeKey(n, terminal: "t"), TerminalMemory.noticeKey(ar, terminal: "t"))
        XCTAssertNotEqual(TerminalMemory.noticeKey(n, terminal: "t"), TerminalMemory.noticeKey(Notices.undecided, terminal: "t"))
    }

    /// `rtl-tui run`'s bottom row: the Arabic notice from the right end, in visual order; the
    /// English one instead where the Arabic may read backwards (one row has no room for both).
    func test_R21_theRowOfRun_inTheLabelsDirection() throws {
        var labels = TerminalNoticeLabels()
        labels.hostHint = "أي مفتاح يخفيها"
        labels.direction = .rtl
        var n = try XCTUnwrap(Notices.forTerminal(.deepinTerminal)).rewritten(direction: .rtl) { _ in "نص" }
        var row = HostLoop.noticeRow(n, labels: labels, columns: 60, reorders: true)
        XCTAssertEqual(row.count, 60)
        XCTAssertEqual(row.first?.symbol, " ", "padding on the left")
        XCTAssertNotEqual(row[58].symbol, " ", "the text ends at the right")
        let text = row.map(\.symbol).joined()
        XCTAssertTrue(text.contains("(") && !text.contains("any key"), text)
        n.originalLine = "Plain English."
        row = HostLoop.noticeRow(n, labels: labels, columns: 60, reorders: true)
        XCTAssertTrue(row.map(\.symbol).joined().hasPrefix(" Plain English. (any key hides this)"))
    }
}
