import BidiTerm
import Foundation
import XCTest
@testable import RTLTUIApps

/// R21: the terminal notice in the user's language, from the chrome's catalogs, as the rest of
/// the chrome; terminal names, menu paths, settings and flags kept as they are spelled, isolated.
final class TerminalNoticeChromeTests: XCTestCase {
    /// Every notice the library makes, as the planner makes it.
    static let notices: [TerminalNotice] = TerminalFamily.allCases.compactMap(Notices.forTerminal) + [
        Notices.passthrough(.tmux), Notices.passthrough(.screen), Notices.undecided, Notices.qterminalCompensated,
        Notices.narrowPane(.konsole), Notices.narrowPane(.putty), Notices.narrowPane(.vte),
        Notices.readsBytes(.xterm, environment: ["LANG": "C"]), Notices.readsBytes(.eterm, environment: [:]),
    ]

    static let translated = ["ar", "fa", "ur", "he"]

    /// The values of the placeholders the English text of `n` uses (its fix's further fix too).
    static func usedArguments(_ n: TerminalNotice) -> [String] {
        var templates = [Notices.templates[n.id]!.problem, Notices.templates[n.id]!.fix]
        if let f = n.furtherFix { templates.append(Notices.templates[f]!.fix) }
        return n.arguments.filter { a in templates.contains { $0.contains("{\(a.key)}") } }.map(\.value).sorted()
    }

    func test_R21_everyNoticeOfTheLibrary_isCovered_andTheEnglishChromeIsTheLibrarysEnglish() throws {
        XCTAssertEqual(Set(Self.notices.map(\.id)), Set(Notices.templates.keys), "a notice of the library this test does not make")
        let en = try XCTUnwrap(PreviewChrome.catalogs["en"])
        for n in Self.notices where !n.ascii {
            let t = try XCTUnwrap(Notices.templates[n.id])
            XCTAssertEqual(en.lookup("chrome.terminal.\(n.id).problem"), t.problem, n.id)
            XCTAssertEqual(en.lookup("chrome.terminal.\(n.id).fix"), t.fix, n.id)
            // English users get the library's text as it is.
            XCTAssertEqual(PreviewChrome(locale: "en_US.UTF-8").terminalNotice(n), n)
        }
        let labels = PreviewChrome(locale: "C.UTF-8").terminalNoticeLabels
        XCTAssertEqual(labels, TerminalNoticeLabels(), "the English chrome's labels are the library's")
    }

    func test_R21_eachNotice_inArabicPersianUrduAndHebrew_withItsNamesAndSettingsIsolated() {
        for language in Self.translated {
            let chrome = PreviewChrome(locale: language)
            for n in Self.notices where !n.ascii {
                let local = chrome.terminalNotice(n)
                let what = "\(language) \(n.id)"
                XCTAssertNotEqual(local.problem, n.problem, what)
                XCTAssertNotEqual(local.fix, n.fix, what)
                XCTAssertEqual(local.direction, .rtl, what)
                XCTAssertEqual(local.id, n.id, what)
                XCTAssertEqual(local.informational, n.informational, what)
                XCTAssertEqual(local.mayReadBackwards, n.mayReadBackwards, what)
                XCTAssertTrue(local.line.unicodeScalars.contains { (0x0590...0x06FF).contains($0.value) }, "\(what): \(local.line)")
                let args = Self.usedArguments(n)
                XCTAssertFalse(args.isEmpty, what)
                for value in args {
                    XCTAssertTrue(local.line.contains("\u{2068}\(value)\u{2069}"), "\(what): \(value) isolated in \(local.line)")
                }
                XCTAssertFalse(local.line.contains("{"), "\(what): a placeholder left unfilled: \(local.line)")
            }
            // A terminal without UTF-8 can show ASCII only: that notice stays the library's.
            for n in Self.notices where n.ascii { XCTAssertEqual(chrome.terminalNotice(n), n, language) }
            let labels = chrome.terminalNoticeLabels
            XCTAssertEqual(labels.direction, .rtl, language)
            for (mine, english) in [(labels.title, "Terminal"), (labels.keys, TerminalNoticeLabels().keys),
                                    (labels.lineLead, "Terminal:"), (labels.lineHint, "? shows what to do"),
                                    (labels.hostHint, "any key hides this")] {
                XCTAssertNotEqual(mine, english, language)
            }
            XCTAssertTrue(labels.keys.contains("Enter") && labels.keys.contains("Esc") && labels.keys.contains("F1"), labels.keys)
        }
    }

    /// tmux's notice, the most common, is one line in a box at 100 columns in every language: its
    /// command is never broken (it is pasted into a shell).
    func test_R21_tmuxsNotice_isOneLineAt100Columns() {
        for language in ["en"] + Self.translated {
            let n = PreviewChrome(locale: language).terminalNotice(Notices.passthrough(.tmux))
            XCTAssertEqual(BidiEngine().layout(n.line, direction: BaseDirection(n.direction), width: 98).lines.count, 1,
                           "\(language): \(n.line)")
        }
    }

    /// A narrow tmux pane in Konsole: the notice's fix goes on with Konsole's own setting, in the
    /// same language.
    func test_R21_theNarrowPaneFix_goesOnWithTheTerminalsSetting() {
        let n = Notices.narrowPane(.konsole)
        XCTAssertTrue(n.fix.hasSuffix(Notices.forTerminal(.konsole)!.fix), n.fix)
        let ar = PreviewChrome(locale: "ar").terminalNotice(n)
        let konsole = PreviewChrome(locale: "ar").terminalNotice(Notices.forTerminal(.konsole)!)
        XCTAssertTrue(ar.fix.hasSuffix(konsole.fix), ar.fix)
        XCTAssertTrue(ar.fix.contains("\u{2068}BidiRenderingEnabled=false\u{2069}"), ar.fix)
        XCTAssertTrue(PreviewChrome(locale: "he").terminalNotice(Notices.narrowPane(.vte)).fix
            .contains("\u{2068}tmux set -g allow-passthrough on\u{2069}"))
    }

    /// The box in Arabic fits the screen, in the frame's right-to-left layout: its title at the
    /// right, the settings readable as typed, and the library's English beneath where the
    /// terminal may read the Arabic backwards.
    func test_R21_theArabicBox_fits_andReadsRightToLeft() {
        let chrome = PreviewChrome(locale: "ar_EG.UTF-8")
        for (w, h) in [(100, 30), (80, 24), (60, 18)] {
            for n in Self.notices where !n.ascii {
                var local = chrome.terminalNotice(n)
                if n.mayReadBackwards { local.originalLine = n.line }
                var app = NoticeOverlay(NoticeOverlayAppStub(), notice: local, labels: chrome.terminalNoticeLabels)
                XCTAssertLessThanOrEqual(app.boxHeight(width: w, height: h), h - 1, "\(n.id) at \(w)×\(h)")
                var b = Buffer(width: w, height: h)
                _ = app.render(into: &b)
                let text = b.rows.joined(separator: "\n")
                // The box's title is at its right end (R1: the frame mirrors).
                let top = b.rows.firstIndex { $0.contains("┌") }!
                let row = b.rows[top]
                let title = row.firstIndex { !"┌─┐ .".contains($0) }!
                XCTAssertGreaterThan(row.distance(from: row.startIndex, to: title), w / 2, "\(n.id): \(row)")
                // Broken between words, the settings read as typed, left to right.
                if n.id == "tmuxPassthrough" {
                    XCTAssertTrue(text.contains("allow-passthrough on"), text)
                    XCTAssertTrue(text.contains("tmux keeps rtl-tui's bidi settings"), "the English beneath:\n\(text)")
                }
                if n.id == "konsole", w == 100 {
                    XCTAssertTrue(text.contains("«Bi-Directional text rendering»"), text)
                    XCTAssertTrue(text.contains("--bidi-mode explicit"), text)
                    XCTAssertFalse(text.contains("Konsole reorders"), "it reads right in Konsole: no English beneath\n\(text)")
                }
                if n.id == "narrowPane", h == 18 {
                    XCTAssertTrue(text.contains("reorders whole rows"), "too tall for both: the English alone\n\(text)")
                }
            }
        }
    }

    /// The one-line form in Arabic: from the right end of the row above the key hints.
    func test_R21_theArabicLine_startsAtTheRight() {
        let chrome = PreviewChrome(locale: "ar")
        var app = NoticeOverlay(NoticeOverlayAppStub(), notice: chrome.terminalNotice(Notices.passthrough(.tmux)), asLine: true,
                                labels: chrome.terminalNoticeLabels)
        var b = Buffer(width: 100, height: 30)
        _ = app.render(into: &b)
        XCTAssertTrue(b[97, 28]!.style.attributes.contains(.reverse), b.rowText(28))
        XCTAssertEqual(b[0, 28]!.symbol, ".")
        XCTAssertTrue(b.rowText(28).contains("tmux"), b.rowText(28))
        XCTAssertFalse(b.rowText(28).contains("Terminal:"), b.rowText(28))
    }
}

/// An app that fills its frame with dots.
struct NoticeOverlayAppStub: TerminalApp {
    mutating func render(into buffer: inout Buffer) -> (x: Int, y: Int)? {
        buffer.fill(buffer.area, with: Cell("."))
        return nil
    }
    mutating func handle(_ key: KeyEvent) -> AppAction { key == .character("q") ? .quit : .continue }
}
