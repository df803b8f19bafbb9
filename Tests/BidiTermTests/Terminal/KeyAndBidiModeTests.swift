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

/// R21: the sequences that tell a terminal who runs bidi.
final class TerminalBidiModeTests: XCTestCase {
    func test_explicit_switchesToExplicitLTRWithoutArrowSwapping_andRestores() {
        let s = TerminalBidiMode.explicit.sequences(environment: [:])
        XCTAssertEqual(Array(s.enter.utf8), Array("\u{1B}[8l\u{1B}[1 k\u{1B}[?1243l".utf8))
        XCTAssertEqual(Array(s.leave.utf8), Array("\u{1B}[8h\u{1B}[0 k\u{1B}[?1243h".utf8))
    }

    func test_explicit_onMlterm_alsoTurnsOffItsShaping() {
        let s = TerminalBidiMode.explicit.sequences(environment: ["MLTERM": "3.9.3"])
        XCTAssertTrue(s.enter.hasSuffix("\u{1B}]5379;use_ctl=false\u{07}"))
        XCTAssertTrue(s.leave.hasSuffix("\u{1B}]5379;use_ctl=true\u{07}"))
    }

    func test_implicitAndNone() {
        XCTAssertEqual(TerminalBidiMode.implicit.sequences(environment: ["MLTERM": "1"]).enter, "\u{1B}[8h")
        let none = TerminalBidiMode.none.sequences(environment: ["MLTERM": "1"])
        XCTAssertEqual(none.enter, "")
        XCTAssertEqual(none.leave, "")
        XCTAssertFalse(TerminalBidiMode.implicit.appReorders)
        XCTAssertTrue(TerminalBidiMode.explicit.appReorders)
        XCTAssertTrue(TerminalBidiMode.none.appReorders)
    }

    func test_konsoleHint_onlyInExplicitModeOnKonsole() {
        let hint = TerminalBidiMode.explicit.hint(environment: ["KONSOLE_VERSION": "230805"])
        XCTAssertNotNil(hint)
        XCTAssertTrue(hint?.contains("Bi-Directional text rendering") ?? false)
        XCTAssertFalse(hint?.contains("\n") ?? true)
        XCTAssertNil(TerminalBidiMode.explicit.hint(environment: [:]))
        XCTAssertNil(TerminalBidiMode.implicit.hint(environment: ["KONSOLE_VERSION": "230805"]))
    }
}
