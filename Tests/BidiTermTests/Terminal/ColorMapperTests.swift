import XCTest
@testable import BidiTerm

/// Colour fallbacks 256 → 16 → 8 → monochrome.
final class ColorMapperTests: XCTestCase {
    func test_detect_picksTheRichestSupportTheTerminalHas() {
        XCTAssertEqual(ColorSupport.detect(hasColors: true, colorCount: 256, noColor: false), .palette256)
        XCTAssertEqual(ColorSupport.detect(hasColors: true, colorCount: 16_777_216, noColor: false), .palette256)
        XCTAssertEqual(ColorSupport.detect(hasColors: true, colorCount: 16, noColor: false), .ansi16)
        XCTAssertEqual(ColorSupport.detect(hasColors: true, colorCount: 8, noColor: false), .basic8)
        XCTAssertEqual(ColorSupport.detect(hasColors: true, colorCount: 2, noColor: false), .monochrome)
        XCTAssertEqual(ColorSupport.detect(hasColors: false, colorCount: 256, noColor: false), .monochrome)
    }

    func test_noColor_winsOverAnyTerminal() {
        XCTAssertEqual(ColorSupport.detect(hasColors: true, colorCount: 256, noColor: true), .monochrome)
    }

    func test_noColorRequested_needsANonEmptyValue() {
        XCTAssertTrue(ColorSupport.noColorRequested(in: ["NO_COLOR": "1"]))
        XCTAssertFalse(ColorSupport.noColorRequested(in: ["NO_COLOR": ""]))
        XCTAssertFalse(ColorSupport.noColorRequested(in: ["TERM": "xterm"]))
    }

    func test_palette256_keepsIndices() {
        let m = ColorMapper(support: .palette256)
        XCTAssertEqual(m.map(Style(fg: .indexed(196), bg: .ansi(4))), TerminalStyle(fg: 196, bg: 4, attributes: []))
        XCTAssertEqual(m.map(Style()), TerminalStyle(fg: -1, bg: -1, attributes: []))
    }

    func test_ansi16_keepsBrightColours_andFoldsThePalette() {
        let m = ColorMapper(support: .ansi16)
        XCTAssertEqual(m.number(.brightRed), 9)
        XCTAssertEqual(m.number(.indexed(12)), 12)
        XCTAssertEqual(m.number(.indexed(196)), 1)   // pure red of the 6×6×6 cube
        XCTAssertEqual(m.number(.indexed(250)), 7)   // light grey ramp
    }

    func test_basic8_usesBasic8() {
        let m = ColorMapper(support: .basic8)
        XCTAssertEqual(m.number(.brightBlue), 4)
        XCTAssertEqual(m.number(.indexed(46)), 2)    // green
        XCTAssertEqual(m.number(.indexed(226)), 3)   // yellow
        XCTAssertEqual(m.number(.indexed(235)), 0)   // dark grey ramp
        XCTAssertEqual(m.number(.default), -1)
    }

    func test_basic8_keepsTextReadable_whenTwoColoursFoldTogether() {
        let m = ColorMapper(support: .basic8)
        // Grey (8) on black folds to black on black: the text turns white.
        XCTAssertEqual(m.map(Style(fg: .gray, bg: .black)), TerminalStyle(fg: 7, bg: 0, attributes: []))
        // Bright yellow on yellow: black text.
        XCTAssertEqual(m.map(Style(fg: .brightYellow, bg: .yellow)), TerminalStyle(fg: 0, bg: 3, attributes: []))
        // The same colour twice on purpose stays as it is.
        XCTAssertEqual(m.map(Style(fg: .blue, bg: .blue)), TerminalStyle(fg: 4, bg: 4, attributes: []))
    }

    func test_monochrome_keepsAttributesOnly() {
        let m = ColorMapper(support: .monochrome)
        let s = Style(fg: .red, bg: .indexed(17), attributes: [.bold, .reverse])
        XCTAssertEqual(m.map(s), TerminalStyle(fg: -1, bg: -1, attributes: [.bold, .reverse]))
    }

    func test_withoutDefaultColours_defaultsAreWhiteOnBlack() {
        let m = ColorMapper(support: .basic8, defaultColorsAvailable: false)
        XCTAssertEqual(m.map(Style(fg: .red)), TerminalStyle(fg: 1, bg: 0, attributes: []))
        XCTAssertEqual(m.map(Style(bg: .blue)), TerminalStyle(fg: 7, bg: 4, attributes: []))
    }
}
