import XCTest
@testable import BidiTerm

/// R21: a notice over an app without help says only how to close it, and `?` opens it again in
/// place of the one-line form instead of reaching the app.
final class NoticeOverlayHelpTests: XCTestCase {
    struct Keys: TerminalApp {
        var keys: [KeyEvent] = []
        mutating func render(into buffer: inout Buffer) -> (x: Int, y: Int)? {
            buffer.fill(buffer.area, with: Cell("."))
            return nil
        }
        mutating func handle(_ key: KeyEvent) -> AppAction {
            keys.append(key)
            return .continue
        }
    }

    let notice = Notices.passthrough(.tmux)

    func test_R21_withoutHelp_theBoxDoesNotOfferIt() {
        var app = NoticeOverlay(Keys(), notice: notice, hasHelp: false)
        var b = Buffer(width: 100, height: 30)
        _ = app.render(into: &b)
        let text = b.rows.joined(separator: "\n")
        XCTAssertTrue(text.contains("Enter or Esc: close"), text)
        XCTAssertFalse(text.contains("help"), text)
        var helped = NoticeOverlay(Keys(), notice: notice)
        var h = Buffer(width: 100, height: 30)
        _ = helped.render(into: &h)
        XCTAssertTrue(h.rows.joined().contains("shown again in help (? or F1)"))
    }

    func test_R21_withoutHelp_questionMarkOpensTheBoxInPlace() {
        var app = NoticeOverlay(Keys(), notice: notice, asLine: true, hasHelp: false)
        XCTAssertTrue(app.isShowingLine)
        XCTAssertEqual(app.handle(.character("?")), .continue)
        XCTAssertTrue(app.app.keys.isEmpty, "the key opened the notice, the app did not get it")
        XCTAssertFalse(app.isShowingLine)
        XCTAssertTrue(app.isShowing)
        var b = Buffer(width: 100, height: 30)
        _ = app.render(into: &b)
        XCTAssertTrue(b.rows.joined().contains("tmux set -g allow-passthrough on"))
        XCTAssertEqual(app.handle(.escape), .continue)
        XCTAssertFalse(app.isShowing)
        XCTAssertEqual(app.handle(.character("?")), .continue)
        XCTAssertEqual(app.app.keys, [.character("?")], "once closed, ? is the app's")
        // F1 does the same; a replaced notice keeps the choice.
        var f1 = NoticeOverlay(Keys(), notice: notice, asLine: true, hasHelp: false)
        _ = f1.handle(.function(1))
        XCTAssertTrue(f1.isShowing)
        f1.replaceNotice(Notices.passthrough(.screen), asLine: true)
        XCTAssertFalse(f1.hasHelp)
    }
}
