import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// `RowBidi`: one emulated row (cells in logical order) into visual order, in place (R23–R26).
final class RowBidiTests: XCTestCase {
    /// A row of cells from text: one cell per grapheme, a wide grapheme followed by its right half.
    static func row(_ text: String, style: Style = .plain) -> [Cell] {
        let widths = BidiEngine()
        var cells: [Cell] = []
        for ch in text {
            let w = max(1, widths.width(of: String(ch)))
            cells.append(Cell(String(ch), width: UInt8(w), style: style))
            if w == 2 { cells.append(.continuation(style: style)) }
        }
        return cells
    }

    /// What a row draws, left to right (right halves add nothing).
    static func drawn(_ cells: [Cell]) -> String { cells.map { $0.symbol.isEmpty && !$0.isContinuation ? " " : $0.symbol }.joined() }

    /// The row after `RowBidi`, as drawn (the row itself when nothing changes).
    static func visual(_ text: String, _ options: RowBidi.Options = .init()) -> String {
        var bidi = RowBidi(options: options)
        let cells = row(text)
        return drawn(bidi.layout(cells)?.cells ?? cells)
    }

    static let noShaping = RowBidi.Options(layout: LayoutOptions(shaping: false))

    // MARK: - R23 runs

    func test_R23_boxCharsNeverMove_eachPaneReordersInside() {
        XCTAssertEqual(Self.visual("│ שלום עולם   │ readme.txt │"), "│ " + rtl("שלום עולם") + "   │ readme.txt │")
        XCTAssertEqual(Self.visual("┌─שלום─┐█אב█"), "┌─" + rtl("שלום") + "─┐█" + rtl("אב") + "█")
    }

    func test_R23_lsColumnsWithHebrewNamesStayInTheirColumns() {
        let line = "שלום.txt    readme.md   קובץ ארוך   a.out"
        let got = Self.visual(line)
        XCTAssertEqual(got, "txt." + rtl("שלום") + "    readme.md   " + rtl("קובץ ארוך") + "   a.out")
        // Every column starts where it started.
        for word in ["readme.md", "a.out"] {
            XCTAssertEqual(got.range(of: word).map { got.distance(from: got.startIndex, to: $0.lowerBound) },
                           line.range(of: word).map { line.distance(from: line.startIndex, to: $0.lowerBound) })
        }
    }

    func test_R23_oneSentenceIsOneRun_singleSpacesNeverCut() {
        let engine = BidiEngine()
        for s in ["שלום עולם, this is a test (1) of the row", "ספר: The Hobbit 1937 מאת טולקין", "مرحبا بالعالم [2024]"] {
            XCTAssertEqual(Self.visual(s, Self.noShaping), engine.icuReordered(s, direction: .autoLTR), s)
        }
    }

    func test_R23_gapCutsAtTwoBlanks_andGapZeroNeverCuts() {
        let s = "אב  גד"
        XCTAssertEqual(Self.visual(s), rtl("אב") + "  " + rtl("גד"))
        XCTAssertEqual(Self.visual(s, RowBidi.Options(gap: 0)), rtl(s))
        XCTAssertEqual(Self.visual("abc  אב", RowBidi.Options(gap: 0)), "abc  " + rtl("אב"))
        XCTAssertEqual(Self.visual("אב  abc", RowBidi.Options(gap: 0)), "abc  " + rtl("אב"))
        XCTAssertEqual(Self.visual("אב  abc", RowBidi.Options(gap: 3)), "abc  " + rtl("אב"))
    }

    func test_R23_backgroundChangeCutsRuns_dialogMenuHighlight() {
        // A dialog menu: the highlighted item (reversed) right against the next one.
        let item1 = Self.row("1 אחד ", style: Style(attributes: .reverse))
        let item2 = Self.row("2 שתיים", style: Style(bg: .blue))
        var bidi = RowBidi()
        let out = bidi.layout(item1 + item2)!
        XCTAssertEqual(Self.drawn(out.cells), rtl("אחד") + " 1 " + rtl("שתיים") + " 2")
        XCTAssertEqual(out.runs.map(\.columns), [0..<5, 6..<13])
        XCTAssertTrue(out.cells[0..<6].allSatisfy { $0.style.attributes == .reverse })
        XCTAssertTrue(out.cells[6...].allSatisfy { $0.style.bg == .blue })
        // Without the cut, one run over both.
        var whole = RowBidi(options: RowBidi.Options(cutAtBackground: false))
        XCTAssertEqual(Self.drawn(whole.layout(item1 + item2)!.cells), rtl("1 אחד 2 שתיים"))
    }

    // MARK: - R24 reorder within a run

    func test_R24_runsEqualICUsReordering_onRealStrings() {
        let engine = BidiEngine()
        var checked = 0
        for s in ReferenceStrings.fixture where ReferenceStrings.comparable(s) && !s.contains("  ") && !s.contains("\t") && !s.contains("\n") {
            let t = s.trimmingCharacters(in: .whitespaces)
            guard !t.unicodeScalars.contains(where: { ($0.value >= 0x2500 && $0.value <= 0x259F) || $0.properties.generalCategory == .format
                || $0.properties.generalCategory == .control }) else { continue }
            let want = ReferenceStrings.withoutJoiners(engine.icuReordered(t, direction: .autoLTR))
            XCTAssertEqual(ReferenceStrings.withoutJoiners(Self.visual(t, Self.noShaping)), want, t)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 20)
    }

    /// FriBidi's CLI always mirrors and shapes: compare with the shaped rows, without the spaces
    /// and the U+FEFF it adds after a ligature (`ReferenceTests.normalizedFriBidi`).
    func test_R24_runsEqualFriBidi() throws {
        let strings = ["שלום עולם (12) abc", "مرحبا بالعالم", "سلام عليكم [كتاب] 2024", "ספר: The Hobbit מאת טולקין", "abc שלום def"]
        let theirs = try FriBidiReference.visual(strings)
        XCTAssertEqual(theirs.count, strings.count)
        for (s, want) in zip(strings, theirs) {
            XCTAssertEqual(ReferenceTests.normalizedFriBidi(Self.visual(s)), ReferenceTests.normalizedFriBidi(want), s)
        }
    }

    func test_R24_digitsKeepTheirOrder_bracketsAreMirrored() {
        XCTAssertEqual(Self.visual("פרק (12) סוף"), rtl("סוף") + " (12) " + rtl("פרק"))
        XCTAssertEqual(Self.visual("[אב] 2024"), "2024 [" + rtl("אב") + "]")
    }

    func test_R24_stylesTravelWithTheirCharacters() {
        let text = Array("שלום ab")
        let cells = text.enumerated().map { Cell(String($1), style: Style(fg: .indexed(UInt8($0)), bg: .indexed(UInt8(100 + $0 % 1)),
                                                                       attributes: $0 == 0 ? .bold : [])) }
        var bidi = RowBidi()
        let out = bidi.layout(cells)!
        for x in 0..<cells.count {
            let v = out.visualColumn(ofLogical: x)
            XCTAssertEqual(out.cells[v].symbol, cells[x].symbol)
            XCTAssertEqual(out.cells[v].style, cells[x].style, "column \(x)")
        }
        XCTAssertEqual(out.cells.last?.style.attributes, .bold)   // ש drawn last, still bold
    }

    func test_R24_wideCharactersStayWhole_marksStayOnTheirBase() {
        let cells = Self.row("שָׁלוֹם 日本")
        XCTAssertEqual(cells.count, 9)   // 4 letters (2 with points), a space, two wide characters
        XCTAssertEqual(cells[0].symbol.unicodeScalars.count, 3)
        var bidi = RowBidi()
        let out = bidi.layout(cells)!
        XCTAssertEqual(out.cells.map(\.symbol), ["日", "", "本", "", " ", "ם", cells[2].symbol, "ל", cells[0].symbol])
        XCTAssertEqual(out.cells.map(\.width), [2, 0, 2, 0, 1, 1, 1, 1, 1])
        // Both halves of a wide character map to both halves of its cell, in order.
        XCTAssertEqual(out.visualColumn(ofLogical: 5), 0)
        XCTAssertEqual(out.visualColumn(ofLogical: 6), 1)
        XCTAssertEqual(out.logicalColumn(ofVisual: 1), 6)
        XCTAssertEqual(out.visualColumn(ofLogical: 0), 8)
    }

    func test_R20_R24_lamAlefPadsAtTheRightEndOfTheRun() {
        var bidi = RowBidi()
        let cells = Self.row("سلام │x")
        let out = bidi.layout(cells)!
        let shaped = BidiEngine().layout("سلام", direction: .rtl).lines[0].text
        XCTAssertEqual(shaped.unicodeScalars.count, 3)
        XCTAssertEqual(Self.drawn(out.cells), shaped + "  │x")
        XCTAssertEqual(out.cells.count, cells.count)
        // The alef (logical 2) maps to the pad (3); its caret is drawn on the ligature (1).
        XCTAssertEqual(out.visualColumn(ofLogical: 2), 3)
        XCTAssertEqual(out.logicalColumn(ofVisual: 3), 2)
        XCTAssertEqual(out.visualColumn(ofLogical: 1), 1)
        XCTAssertEqual(out.caretColumn(logical: 2), 1)
        XCTAssertEqual(out.cells[3].style, cells[3].style)
    }

    func test_R24_aRowWithoutRTLIsReturnedUnchanged() {
        var bidi = RowBidi(options: RowBidi.Options(direction: .rtl))
        XCTAssertNil(bidi.layout(Self.row("total 42  drwxr-xr-x  readme.txt (1) │ ┌─┐ 日本 é")))
        XCTAssertNil(bidi.layout([]))
    }

    func test_R24_forcedDirection() {
        XCTAssertEqual(Self.visual("abc שלום"), "abc " + rtl("שלום"))
        XCTAssertEqual(Self.visual("abc שלום", RowBidi.Options(direction: .rtl)), rtl("שלום") + " abc")
        XCTAssertEqual(Self.visual("שלום abc!"), "!abc " + rtl("שלום"))
        XCTAssertEqual(Self.visual("שלום abc!", RowBidi.Options(direction: .ltr)), rtl("שלום") + " abc!")
    }

    // MARK: - R25 never reverse twice

    func test_R25_textAlreadyInVisualOrderIsLeftAsWritten() {
        var bidi = RowBidi()
        // Hebrew reversed by the program: "םולש" starts with a final letter.
        XCTAssertNil(bidi.layout(Self.row(rtl("שלום עולם"))))
        // Arabic shaped and reversed by the program: a final form starts the word.
        let shaped = BidiEngine().layout("بالعالم", direction: .rtl).lines[0].text
        XCTAssertNil(bidi.layout(Self.row(shaped)))
        // Shaped in logical order is still reordered.
        let logical = String(shaped.reversed())
        XCTAssertEqual(Self.drawn(bidi.layout(Self.row(logical))?.cells ?? []), shaped)
        // One run of each on a row: the visual one is reported, the other reordered.
        let out = bidi.layout(Self.row(rtl("שלום עולם") + "  │ שלום"))!
        XCTAssertEqual(out.runs.map(\.state), [.alreadyVisual, .reordered])
        XCTAssertEqual(Self.drawn(out.cells), rtl("שלום עולם") + "  │ " + rtl("שלום"))
    }

    func test_R25_explicitModeReturnsTheRowUnchanged() {
        var bidi = RowBidi(options: RowBidi.Options(explicit: true))
        XCTAssertNil(bidi.layout(Self.row("שלום עולם")))
        bidi.options.explicit = false
        XCTAssertNotNil(bidi.layout(Self.row("שלום עולם")))
    }

    // MARK: - R26 caret and mouse

    func test_R26_mouseAndCaretMappings() {
        var bidi = RowBidi()
        let out = bidi.layout(Self.row("ab אבג cd"))!   // LTR run: "ab " + rtl + " cd"
        XCTAssertEqual(Self.drawn(out.cells), "ab " + rtl("אבג") + " cd")
        XCTAssertEqual((0..<9).map(out.visualColumn(ofLogical:)), [0, 1, 2, 5, 4, 3, 6, 7, 8])
        XCTAssertEqual((0..<9).map(out.logicalColumn(ofVisual:)), [0, 1, 2, 5, 4, 3, 6, 7, 8])
        XCTAssertEqual(out.caretColumn(logical: 3), 5)   // on א, drawn at 5
        XCTAssertEqual(out.caretColumn(logical: 9), 9)   // after "cd": LTR text, stays
    }

    /// Typing `word` letter by letter after `prefix` on a row of `width` blanks, as a shell or an
    /// editor echoes it: after each letter, the caret column before it was typed holds it (R26).
    func assertTyping(_ prefix: String, _ word: String, width: Int = 30, options: RowBidi.Options = .init(),
                      matches: (String, Character) -> Bool = { $0 == String($1) }, file: StaticString = #filePath, line: UInt = #line) {
        var bidi = RowBidi(options: options)
        var row = Self.row(prefix) + Array(repeating: Cell.blank, count: width - prefix.count)
        var x = prefix.count
        var caret = bidi.layout(row)?.caretColumn(logical: x) ?? x
        for ch in word {
            row[x] = Cell(String(ch))
            x += 1
            let out = bidi.layout(row) ?? RowLayout(identity: row)
            if ch != " " {
                XCTAssertTrue(matches(out.cells[caret].symbol, ch), "typed \(ch) after \(Self.drawn(row)): column \(caret) shows \(out.cells[caret].symbol) in \(Self.drawn(out.cells))", file: file, line: line)
            }
            caret = out.caretColumn(logical: x)
        }
    }

    func test_R26_typingHebrewInAnEditor_theCaretIsWhereTheNextLetterAppears() {
        assertTyping("", "שלום עולם וכל")
        assertTyping("  ", "אבג דה")            // indented
        assertTyping("abc  ", "שלום עולם")       // after a gap: a run of its own
    }

    func test_R26_typingArabic_shaped_andLamAlef() {
        assertTyping("", "سلام عليكم", matches: { $0.decomposedStringWithCompatibilityMapping.contains(String($1)) })
    }

    func test_R26_typingAtABashPrompt_anLTRRunEndingInRTLText() {
        assertTyping("user@host:~$ ", "שלום עולם")
        assertTyping("$ ls ", "קובץ")
        var bidi = RowBidi()
        let out = bidi.layout(Self.row("$ ls קובץ") + [Cell.blank, Cell.blank])!
        XCTAssertEqual(out.runs.first?.caretZone, 9..<11)
        XCTAssertEqual(out.caretColumn(logical: 9), 5)
    }

    func test_R23_R24_R26_randomRows_keepWidthSymbolsAndInversePermutations() {
        var random = RandomText(seed: 0x5EED_0123)
        let pieces = ["a", "Z", "word", " ", " ", "  ", "   ", "א", "ב", "שלום", "ם", "ع", "ل", "ا", "لا", "مرحبا", "بِ", "(", ")", "[", "]",
                      "<", "«", "1", "42", "٣", ".", ",", "-", "日", "本", "é", "e\u{301}", "│", "─", "█", "👍", "ﻻ", "שָׁ"]
        let styles = [Style.plain, Style(bg: .blue), Style(fg: .red), Style(attributes: .reverse)]
        let mirror: [Character: Character] = [")": "(", "]": "[", ">": "<", "»": "«", "}": "{"]
        func canonical(_ cells: [Cell]) -> [Unicode.Scalar] {
            cells.flatMap { c -> [Unicode.Scalar] in
                let s = String(c.symbol.map { mirror[$0] ?? $0 }).decomposedStringWithCompatibilityMapping
                return s.unicodeScalars.filter { $0 != " " }
            }.sorted { $0.value < $1.value }
        }
        var laidOut = 0
        for seed in 0..<400 {
            var cells: [Cell] = []
            for _ in 0..<(Int(random.next() % 12)) { cells += Self.row(random.pick(pieces), style: random.pick(styles)) }
            var bidi = RowBidi(options: RowBidi.Options(gap: Int(random.next() % 4), cutAtBackground: random.oneIn(2) ? true : false))
            guard let out = bidi.layout(cells) else { continue }
            laidOut += 1
            let context = "seed \(seed): \(Self.drawn(cells)) → \(Self.drawn(out.cells))"
            XCTAssertEqual(out.cells.count, cells.count, context)
            XCTAssertEqual(canonical(out.cells), canonical(cells), context)
            XCTAssertEqual(Set((0..<cells.count).map(out.visualColumn(ofLogical:))), Set(0..<cells.count), context)
            for x in 0..<cells.count {
                XCTAssertEqual(out.logicalColumn(ofVisual: out.visualColumn(ofLogical: x)), x, context)
                if RowBidi.isFixed(cells, x) { XCTAssertEqual(out.cells[x], cells[x], context) }
                if cells[x].width == 2 { XCTAssertEqual(out.visualColumn(ofLogical: x + 1), out.visualColumn(ofLogical: x) + 1, context) }
                if out.cells[x].width == 2 { XCTAssertTrue(x + 1 < cells.count && out.cells[x + 1].isContinuation, context) }
                if !out.merged.contains(where: { $0.logical == Int32(x) }) {
                    XCTAssertEqual(out.cells[out.visualColumn(ofLogical: x)].style, cells[x].style, context)
                }
            }
        }
        XCTAssertGreaterThan(laidOut, 150)
    }

    /// R23's fixed cells by their UTF-8 bytes: U+2500–U+259F and nothing around them; blanks are a
    /// space or an empty cell, never another space character.
    func test_R23_fixedAndBlankCells_exactRanges() {
        for (symbol, fixed) in [("\u{24FF}", false), ("\u{2500}", true), ("│", true), ("\u{2580}", true), ("\u{259F}", true),
                                ("\u{25A0}", false), ("\u{25BF}", false), ("\u{2600}", false), ("ש", false), ("a", false), ("", false),
                                // By its first scalar: a box character under a mark stays fixed (found by the fuzz target).
                                ("\u{2500}\u{301}", true), ("\u{2588}\u{FE0F}", true), ("a\u{2500}", false)] {
            XCTAssertEqual(RowBidi.isFixed([Cell(symbol)], 0), fixed, symbol.debugDescription)
        }
        XCTAssertTrue(RowBidi.isBlank(Cell(" ")))
        XCTAssertTrue(RowBidi.isBlank(Cell("")))
        XCTAssertFalse(RowBidi.isBlank(Cell("\u{A0}")))
        XCTAssertFalse(RowBidi.isBlank(Cell("\u{3000}", width: 2)))
        XCTAssertFalse(RowBidi.isBlank(Cell.continuation(style: .plain)))
    }
}
