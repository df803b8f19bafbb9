import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// `RowBidi`'s rules that look past a run's own text (R28–R31), on rows made here; the recorded
/// programs are in `ProgramRecordingTests`.
final class RowBidiContextTests: XCTestCase {
    static func row(_ text: String, style: Style = .plain) -> [Cell] { RowBidiTests.row(text, style: style) }
    static func drawn(_ cells: [Cell]) -> String { RowBidiTests.drawn(cells) }
    static func visual(_ text: String, _ options: RowBidi.Options = RowBidiTests.noShaping) -> String {
        RowBidiTests.visual(text, options)
    }

    // MARK: - R28

    func test_R28_aRunStartingWithDigits_takesTheRowsDirection() {
        // ls -l: the run after the date's double space starts with a digit: the row is LTR there.
        let ls = "-rw-r--r-- 1 root root 0 Dec  1 18:44 'תיקייה ראשית'"
        XCTAssertEqual(Self.visual(ls), "-rw-r--r-- 1 root root 0 Dec  1 18:44 '" + rtl("תיקייה ראשית") + "'")
        let iso = "-rw-r--r-- 1 root root    0 2024-12-01 'תיקייה ראשית'"
        XCTAssertEqual(Self.visual(iso), "-rw-r--r-- 1 root root    0 2024-12-01 '" + rtl("תיקייה ראשית") + "'")
        // In a right-to-left row the same run goes right to left.
        XCTAssertEqual(Self.visual("שלום  3 קבצים"), rtl("שלום") + "  " + rtl("קבצים") + " 3")
        // A run that starts with a letter keeps its own first strong direction (a name), and a
        // run with nothing strong before it too.
        XCTAssertEqual(Self.visual("readme.md  קובץ.txt"), "readme.md  txt." + rtl("קובץ"))
        XCTAssertEqual(Self.visual("3 קבצים נמחקו"), rtl("קבצים נמחקו") + " 3")
        // --dir still forces one.
        var o = RowBidiTests.noShaping
        o.direction = .rtl
        XCTAssertEqual(Self.visual("Dec  1 18:44 'שם'", o), "Dec  '" + rtl("שם") + "' 18:44 1")
    }

    // MARK: - R29

    func test_R29_aHighlightInsideASentence_doesNotCutIt() {
        let before = Self.row("זה משפט עם ")
        let match = Self.row("מילה", style: Style(attributes: .reverse))
        let after = Self.row(" באמצע השורה.")
        var bidi = RowBidi(options: RowBidiTests.noShaping)
        let out = bidi.layout(before + match + after)!
        XCTAssertEqual(Self.drawn(out.cells), rtl("זה משפט עם מילה באמצע השורה."))
        XCTAssertEqual(out.runs.count, 1)
        // The highlight travels with its word.
        let marked = out.cells.filter { $0.style.attributes.contains(.reverse) }.map(\.symbol).joined()
        XCTAssertEqual(marked, rtl("מילה"))
        // The match as the first word, and as the last.
        let first = bidi.layout(Self.row("מילה", style: Style(attributes: .reverse)) + Self.row(" באמצע השורה."))!
        XCTAssertEqual(Self.drawn(first.cells), rtl("מילה באמצע השורה."))
        let last = bidi.layout(Self.row("זה משפט עם ") + Self.row("מילה.", style: Style(bg: .ansi(3))))!
        XCTAssertEqual(Self.drawn(last.cells), rtl("זה משפט עם מילה."))
        // A Latin word marked inside Hebrew.
        let latin = bidi.layout(Self.row("זה משפט עם ") + Self.row("Linux", style: Style(attributes: .reverse)) + Self.row(" בתוכו."))!
        XCTAssertEqual(Self.drawn(latin.cells), ".וכותב Linux םע טפשמ הז")
    }

    func test_R29_barsButtonsAndMenuItems_stillKeepTheirCells() {
        // A padded highlight (a selection bar, a button, a tab) is a run of its own.
        let tab = Self.row(" קובץ ") + Self.row(" עריכה ", style: Style(attributes: .reverse)) + Self.row(" תצוגה ")
        var bidi = RowBidi(options: RowBidiTests.noShaping)
        let out = bidi.layout(tab)!
        XCTAssertEqual(out.runs.map(\.columns), [1..<5, 7..<12, 14..<19])
        // A shortcut label of nano's help bar (reversed, Latin) before its Hebrew word.
        let help = Self.row("^G", style: Style(attributes: .reverse)) + Self.row(" עזרה")
        XCTAssertEqual(Self.drawn(bidi.layout(help)!.cells), "^G " + rtl("עזרה"))
        // Two coloured menu items side by side (R23's dialog case): still cut.
        let items = Self.row("1 אחד ", style: Style(attributes: .reverse)) + Self.row("2 שתיים", style: Style(bg: .blue))
        XCTAssertEqual(bidi.layout(items)!.runs.map(\.columns), [0..<5, 6..<13])
    }

    // MARK: - R30

    func test_R30_aListMarkerOrPointerStaysInItsCell() {
        XCTAssertEqual(Self.visual("│ > سلام دنیا"), "│ > " + rtl("سلام دنیا"))
        XCTAssertEqual(Self.visual("• שלום עולם"), "• " + rtl("שלום עולם"))
        XCTAssertEqual(Self.visual("  * פריט ראשון"), "  * " + rtl("פריט ראשון"))
        XCTAssertEqual(Self.visual("▶ תפריט"), "▶ " + rtl("תפריט"))
        // Not a marker: no blank after it, or inside a run.
        XCTAssertEqual(Self.visual(">שלום"), rtl("שלום") + "<")
        XCTAssertEqual(Self.visual("שלום > עולם"), rtl("עולם") + " < " + rtl("שלום"))
    }

    // MARK: - R31

    func test_R31_aCommandLineAfterAnRTLPrompt_staysWhereTheShellPutIt() {
        var bidi = RowBidi(options: RowBidiTests.noShaping)
        let line = "שלום ~ $ ls -la"
        let out = bidi.layout(Self.row(line))!
        XCTAssertEqual(Self.drawn(out.cells), "$ ~ " + rtl("שלום") + " ls -la")
        XCTAssertEqual(out.caretColumn(logical: 15), 15, "after the command the caret is where the next letter goes")
        // Nothing typed yet: the caret is at the cursor, where the command will start.
        let empty = bidi.layout(Self.row("שלום ~ $ "))!
        XCTAssertEqual(empty.caretColumn(logical: 9), 9)
        // A prompt that ends in `#` or `>`, and a Hebrew command after it (one run, as before).
        XCTAssertEqual(Self.visual("משתמש:~# make test"), "#~:" + rtl("משתמש") + " make test")
        XCTAssertEqual(Self.visual("שלום $ עולם"), rtl("שלום $ עולם"))
        // A price in a sentence is no prompt.
        XCTAssertEqual(Self.visual("המחיר 5$ לשבוע"), rtl("לשבוע") + " 5$ " + rtl("המחיר"))
    }

    // MARK: - R26 after Latin or digits

    func test_R26_afterLatinOrDigitsAtTheEndOfAnRTLRun_theCaretIsRightOfThem() {
        var bidi = RowBidi(options: RowBidiTests.noShaping)
        // `שלום abc` typed in an editor: abc is at the left; the next Latin letter goes after c.
        let typed = bidi.layout(Self.row("שלום abc "))!
        XCTAssertEqual(Self.drawn(typed.cells), "abc " + rtl("שלום") + " ")
        XCTAssertEqual(typed.caretColumn(logical: 8), 3)
        let digits = bidi.layout(Self.row("שלום 123 "))!
        XCTAssertEqual(digits.caretColumn(logical: 8), 3)
        // After Hebrew, as before: the run's left.
        let hebrew = bidi.layout(Self.row("שלום abc עולם "))!
        XCTAssertEqual(hebrew.caretColumn(logical: 13), 0)
    }
}

extension RowBidiContextTests {
    func test_cutReason_namesWhyARunStartsAndEnds() {
        let bidi = RowBidi()
        let row = Self.row("│ שלום עולם   abc  > פריט│")
        XCTAssertEqual(bidi.cutReason(row, 2..<11, before: true), "a box-drawing character (R23)")
        XCTAssertEqual(bidi.cutReason(row, 2..<11, before: false), "a gap of 3 blank cells (R23)")
        XCTAssertEqual(bidi.cutReason(row, 21..<25, before: true), "a list marker, kept in its cell (R30)")
        XCTAssertEqual(bidi.cutReason(row, 21..<25, before: false), "a box-drawing character (R23)")
        let prompt = Self.row("שלום ~ $ ls")
        XCTAssertEqual(bidi.cutReason(prompt, 0..<8, before: true), "the row's start")
        XCTAssertEqual(bidi.cutReason(prompt, 0..<8, before: false), "the end of a shell prompt (R31)")
        XCTAssertEqual(bidi.cutReason(prompt, 9..<11, before: true), "the end of a shell prompt (R31)")
        let colours = Self.row("אחד", style: Style(attributes: .reverse)) + Self.row(" שניים", style: Style(bg: .blue))
        XCTAssertEqual(bidi.cutReason(colours, 0..<3, before: false), "a change of background (R23)")
    }
}
