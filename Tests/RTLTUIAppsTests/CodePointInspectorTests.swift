import BidiTerm
import XCTest
@testable import RTLTUIApps

/// The inspector model shared by `rtl-tui inspect` and the browser's inspector panel.
final class CodePointInspectorTests: XCTestCase {
    func test_rows_haveCodeClassLevelVisualPositionAndName() {
        let inspector = CodePointInspector("abc (אבג) 12", direction: .autoLTR, engine: BidiEngine())
        XCTAssertEqual(inspector.rows.count, 12)
        XCTAssertEqual(inspector.paragraphDescription, "level 0 (ltr)")
        let alef = inspector.rows[5]
        XCTAssertEqual(alef.code, "U+05D0")
        XCTAssertEqual(alef.bidiClass, .R)
        XCTAssertEqual(alef.level, 1)
        XCTAssertEqual(alef.visualPosition, 7)
        XCTAssertEqual(alef.name, "HEBREW LETTER ALEF")
        XCTAssertEqual(inspector.runDescriptions, ["0..<5 ltr", "5..<8 rtl", "8..<10 ltr", "10..<12 ltr"])
    }

    func test_mirroredCharacters_andHiddenOnes_areNamed() {
        let inspector = CodePointInspector("א (ב)\u{202E}x\u{1B}", direction: .rtl, engine: BidiEngine())
        let paren = inspector.rows[2]
        XCTAssertTrue(paren.isMirrored)
        XCTAssertEqual(paren.mirroredAs, ")")
        XCTAssertFalse(inspector.rows[0].isMirrored)
        XCTAssertEqual(inspector.hiddenDescriptions, ["⟨RLO⟩ #5", "␛ U+001B #7"])
    }

    /// Every stand-in is visible and takes the cells it seems to: never a raw control, a bare bidi
    /// control or a mark that would join the cell before it (R22).
    func test_glyph_isAVisibleStandIn() {
        XCTAssertEqual(CodePointInspector.glyph("a"), "a")
        XCTAssertEqual(CodePointInspector.glyph("\u{1B}"), "␛")
        XCTAssertEqual(CodePointInspector.glyph("\t"), "␉")
        XCTAssertEqual(CodePointInspector.glyph("\u{9B}"), "␛[")
        XCTAssertEqual(CodePointInspector.glyph("\u{202E}"), "RLO")
        XCTAssertEqual(CodePointInspector.glyph("\u{AD}"), "SHY")
        XCTAssertEqual(CodePointInspector.glyph("\u{064E}"), "\u{25CC}\u{064E}")
        XCTAssertEqual(CodePointInspector.glyph("\u{0378}"), "\u{FFFD}", "unassigned")
    }
}
