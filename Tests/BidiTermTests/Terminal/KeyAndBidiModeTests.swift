import XCTest
@testable import BidiTerm

/// Character codes read from a terminal, as keys.
final class TerminalKeyDecodingTests: XCTestCase {
    func test_backspace_isBothDELAndBS() {
        XCTAssertEqual(KeyEvent(terminalCharacter: 127), .backspace)
        XCTAssertEqual(KeyEvent(terminalCharacter: 8), .backspace)
    }

    func test_enterTabEscape() {
        XCTAssertEqual(KeyEvent(terminalCharacter: 13), .enter)
        XCTAssertEqual(KeyEvent(terminalCharacter: 10), .enter)
        XCTAssertEqual(KeyEvent(terminalCharacter: 9), .tab)
        XCTAssertEqual(KeyEvent(terminalCharacter: 27), .escape)
    }

    func test_controlLetters_areLowerCase() {
        XCTAssertEqual(KeyEvent(terminalCharacter: 1), .ctrl("a"))
        XCTAssertEqual(KeyEvent(terminalCharacter: 19), .ctrl("s"))
        XCTAssertEqual(KeyEvent(terminalCharacter: 26), .ctrl("z"))
    }

    func test_arabicHebrewAndPersianLetters_areCharacters() {
        XCTAssertEqual(KeyEvent(terminalCharacter: 0x0633), .character("س"))
        XCTAssertEqual(KeyEvent(terminalCharacter: 0x05D0), .character("א"))
        XCTAssertEqual(KeyEvent(terminalCharacter: 0x06AF), .character("گ"))
        XCTAssertEqual(KeyEvent(terminalCharacter: 0x064E), .character("\u{064E}"))   // a typed fatha
    }

    func test_otherControlsAndInvalidCodePoints_areUnknown() {
        XCTAssertEqual(KeyEvent(terminalCharacter: 0), .unknown(0))
        XCTAssertEqual(KeyEvent(terminalCharacter: 0x1C), .unknown(0x1C))
        XCTAssertEqual(KeyEvent(terminalCharacter: 0x9B), .unknown(0x9B))
        XCTAssertEqual(KeyEvent(terminalCharacter: 0xD800), .unknown(0xD800))
        XCTAssertEqual(KeyEvent(terminalCharacter: 0x110000), .unknown(0x110000))
    }
}
