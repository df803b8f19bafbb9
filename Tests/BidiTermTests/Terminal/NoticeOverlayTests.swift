import XCTest
@testable import BidiTerm

/// R21: a terminal notice in the first frame, over any app, until Enter or Escape closes it.
final class NoticeOverlayTests: XCTestCase {
    /// An app that fills its frame with dots and counts the keys it gets.
    struct Dots: TerminalApp {
        var keys: [KeyEvent] = []
        mutating func render(into buffer: inout Buffer) -> (x: Int, y: Int)? {
            buffer.fill(buffer.area, with: Cell("."))
            return (1, buffer.area.height - 3)
        }
        mutating func handle(_ key: KeyEvent) -> AppAction {
            keys.append(key)
            return key == .character("q") ? .quit : .continue
        }
    }

    let notice = Notices.passthrough(.tmux)

    func test_theFirstFrameShowsTheNotice_withTheFix_aboveTheLastRow() {
        var app = NoticeOverlay(Dots(), notice: notice)
        var b = Buffer(width: 100, height: 30)
        let cursor = app.render(into: &b)
        let text = b.rows.joined(separator: "\n")
        XCTAssertTrue(text.contains("tmux set -g allow-passthrough on"), text)
        XCTAssertTrue(text.contains("Enter or Esc: close"), text)
        XCTAssertTrue(b.rowText(29).allSatisfy { $0 == "." }, "the last row is the app's")
        XCTAssertTrue(b.rowText(0).allSatisfy { $0 == "." }, "the first row is the app's")
        XCTAssertNil(cursor, "the cursor would sit inside the box")
        // tmux's notice is one line at 100 columns: problem and command, then the keys.
        XCTAssertEqual(app.boxHeight(width: 100), 4)
    }

    /// A notice seen before in this terminal: one line above the key hints, not a box; the help
    /// key goes to the app (which shows the notice whole) and the line goes.
    func test_aNoticeSeenBefore_isOneLine_untilTheHelpIsOpened() {
        var app = NoticeOverlay(Dots(), notice: notice, asLine: true)
        XCTAssertFalse(app.isShowing)
        XCTAssertTrue(app.isShowingLine)
        var b = Buffer(width: 100, height: 30)
        _ = app.render(into: &b)
        XCTAssertTrue(b.rowText(28).contains("Terminal: tmux keeps"), b.rowText(28))
        XCTAssertTrue(b[2, 28]!.style.attributes.contains(.reverse))
        XCTAssertEqual(b[0, 28]!.symbol, ".", "the row's ends stay the app's")
        XCTAssertTrue(b.rowText(27).allSatisfy { $0 == "." }, "one line only")
        XCTAssertTrue(b.rowText(29).allSatisfy { $0 == "." }, "the key hints stay")
        XCTAssertEqual(app.handle(.character("x")), .continue)
        XCTAssertTrue(app.isShowingLine)
        XCTAssertEqual(app.handle(.character("?")), .continue)
        XCTAssertEqual(app.app.keys, [.character("x"), .character("?")])
        XCTAssertFalse(app.isShowingLine)
        // A notice in ASCII (a terminal without UTF-8) is always the box.
        let ascii = NoticeOverlay(Dots(), notice: TerminalNotice(problem: "p", fix: "f", ascii: true), asLine: true)
        XCTAssertTrue(ascii.isShowing)
    }

    func test_enterOrEscapeClose_otherKeysGoToTheApp() {
        var app = NoticeOverlay(Dots(), notice: notice)
        XCTAssertEqual(app.handle(.character("x")), .continue)
        XCTAssertTrue(app.isShowing)
        XCTAssertEqual(app.app.keys, [.character("x")])
        XCTAssertEqual(app.handle(.escape), .continue)
        XCTAssertFalse(app.isShowing)
        XCTAssertEqual(app.app.keys, [.character("x")], "Escape closed the notice only")
        XCTAssertEqual(app.handle(.escape), .continue)
        XCTAssertEqual(app.app.keys.last, .escape, "once closed, Escape is the app's")
        var b = Buffer(width: 100, height: 30)
        _ = app.render(into: &b)
        XCTAssertFalse(b.rows.joined().contains("allow-passthrough"))
        var quits = NoticeOverlay(Dots(), notice: notice)
        XCTAssertEqual(quits.handle(.character("q")), .quit)
    }

    func test_withoutANotice_theAppIsUntouched() {
        var app = NoticeOverlay(Dots(), notice: nil)
        var b = Buffer(width: 40, height: 10)
        XCTAssertNotNil(app.render(into: &b))
        XCTAssertTrue(b.rows.allSatisfy { $0.allSatisfy { $0 == "." } })
        XCTAssertEqual(app.handle(.enter), .continue)
        XCTAssertEqual(app.app.keys, [.enter])
    }

    func test_aScreenTooSmall_drawsNoBox() {
        var app = NoticeOverlay(Dots(), notice: notice)
        var b = Buffer(width: 15, height: 4)
        _ = app.render(into: &b)
        XCTAssertTrue(b.rows.allSatisfy { $0.allSatisfy { $0 == "." } })
    }

    func test_wrappedForHelp() {
        let lines = notice.wrapped(width: 30)
        XCTAssertTrue(lines.allSatisfy { GlyphWidths.expectedWidth(of: $0) <= 30 }, "\(lines)")
        XCTAssertEqual(lines.joined(separator: " "), notice.line)
    }
}
