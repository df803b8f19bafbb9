import XCTest
@testable import BidiTerm

/// `Sanitizer.terminalSafe`, the terminal guard: R22 at the terminal edge, for the buffer exports
/// and the ncurses backend alike.
final class TerminalGuardTests: XCTestCase {
    func test_plainGraphemes_passUnchanged() {
        XCTAssertEqual(Sanitizer.terminalSafe("س"), "س")
        XCTAssertEqual(Sanitizer.terminalSafe("שָׁ"), "שָׁ")
        XCTAssertEqual(Sanitizer.terminalSafe("日"), "日")
    }

    func test_controlCharacters_becomeTheirVisiblePlaceholders() {
        XCTAssertEqual(Sanitizer.terminalSafe("\u{1B}"), "␛")
        XCTAssertEqual(Sanitizer.terminalSafe("\u{1B}[2J"), "␛[2J")
        XCTAssertEqual(Sanitizer.terminalSafe("\u{9B}"), "␛[")
        XCTAssertEqual(Sanitizer.terminalSafe("\u{7F}"), "␡")
        XCTAssertEqual(Sanitizer.terminalSafe("a\tb"), "a b")
    }

    func test_bidiControls_areDropped() {
        XCTAssertEqual(Sanitizer.terminalSafe("\u{202E}a"), "a")
        XCTAssertEqual(Sanitizer.terminalSafe("\u{2067}"), "")
        XCTAssertEqual(Sanitizer.terminalSafe("\u{200F}"), "")
        XCTAssertEqual(Sanitizer.terminalSafe(""), "")
    }
}
