import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// R21: rows sent in the order a terminal's own bidi turns back into the picture. Every row of
/// every demo screen, in Arabic, Hebrew and Persian, both directions, is sent in wire order and
/// run through the terminal's algorithm (simulated with ICU and the terminal's options): the
/// result must be the row as drawn.
final class WireOrderTests: XCTestCase {
    /// The demo's screens drawn at 100×30 in `locale`, in the locale's direction and the other.
    static func demoBuffers(_ locale: String, directions: [LayoutDirection] = [.rtl, .ltr]) throws -> [(String, Buffer)] {
        let screens = ScreenFile.loadDirectory(Repository.demoScreens).screens
        XCTAssertFalse(screens.isEmpty)
        let catalog = try CatalogLoader.load(path: Repository.demoCatalogs + "/\(locale).po")
        let renderer = ScreenRenderer(catalogs: [catalog], locale: locale)
        var out: [(String, Buffer)] = []
        for s in screens {
            for dir in directions {
                out.append(("\(s.id) \(locale) \(dir)", renderer.render(s, width: 100, height: 30, direction: dir)))
            }
        }
        return out
    }

    /// What a person sees in a row: U+2800 (PuTTY's blank of class L) looks like a space and
    /// U+034F (kitty's padding) draws nothing.
    static func seen(_ cells: [Cell]) -> [String] {
        cells.filter { !$0.isContinuation }.map { c in
            let s = String(String.UnicodeScalarView(c.symbol.unicodeScalars.filter { $0.value != 0x034F }))
            return s == "\u{2800}" || s.isEmpty ? " " : s
        }
    }

    static func row(_ b: Buffer, _ y: Int) -> [Cell] { (0..<b.area.width).map { b[$0, y]! } }

    private func assertRoundTrips(_ order: WireOrder, locales: [String] = ["ar", "he", "fa"],
                                  directions: [LayoutDirection] = [.rtl, .ltr],
                                  file: StaticString = #filePath, line: UInt = #line) throws {
        let wire = WireTransformer(order: order)
        var rewritten = 0
        for locale in locales {
            for (name, buffer) in try Self.demoBuffers(locale, directions: directions) {
                let sent = wire.transform(buffer)
                XCTAssertEqual(wire.inexactRows, [], "\(order) \(name): rows no order reproduces", file: file, line: line)
                for y in 0..<buffer.area.height {
                    let drawn = Self.row(buffer, y), wireRow = Self.row(sent, y)
                    XCTAssertEqual(Self.seen(wire.simulate(wireRow)), Self.seen(drawn),
                                   "\(order) \(name) row \(y): \(buffer.rowText(y))", file: file, line: line)
                    if Self.seen(wireRow) != Self.seen(drawn) { rewritten += 1 }
                }
            }
        }
        // The transform is not the identity: rows with right-to-left text are rewritten.
        XCTAssertGreaterThan(rewritten, 50, "\(order): too few rows rewritten", file: file, line: line)
    }

    func test_konsole_everyDemoRowRoundTrips() throws { try assertRoundTrips(.konsole) }
    func test_putty_everyDemoRowRoundTrips() throws { try assertRoundTrips(.putty) }
    func test_qterminal_everyDemoRowRoundTrips() throws { try assertRoundTrips(.qterminal) }
    /// tmux with default options inside VTE: VTE's implicit mode reorders whole rows (R21).
    func test_vte_everyDemoRowRoundTrips() throws { try assertRoundTrips(.vte) }

    /// VTE's implicit mode over a row: level 0, brackets mirrored in a right-to-left run, box
    /// drawing neither strong nor mirrored.
    func test_vteSimulation_reordersAtLevel0_mirrors_boxDrawingIsNeutral() {
        let v = WireTransformer(order: .vte)
        XCTAssertEqual(text(v.simulate(cells("ab אב(ג) cd"))), "ab (ג)בא cd")
        XCTAssertEqual(text(v.simulate(cells("│אב│"))), "│בא│")
        XCTAssertTrue(v.reportsStoredColumns)
    }
    /// kitty, in the screens' own direction (right to left): every row.
    func test_kitty_everyDemoRowRoundTrips() throws { try assertRoundTrips(.kitty, directions: [.rtl]) }

    /// A kitty run that starts with an Arabic letter and ends with a Latin one (`ﻭBluetooth`, drawn
    /// so in a left-to-right layout) comes out reversed whatever the order, since kitty takes the
    /// direction from the first letter sent: such a row is reported, not claimed.
    func test_kitty_aRunFromArabicIntoLatin_isReportedInexact() throws {
        let wire = WireTransformer(order: .kitty)
        let row = wire.row(cells("Wi-Fi ﻭBluetooth"))
        XCTAssertFalse(row.exact)
        XCTAssertTrue(wire.row(cells("Wi-Fi ﻭ Bluetooth")).exact)
    }

    func test_visual_isTheIdentity() throws {
        let (_, buffer) = try Self.demoBuffers("ar")[0]
        XCTAssertEqual(WireTransformer(order: .visual).transform(buffer), buffer)
    }

    // MARK: - The simulations agree with what the terminals are known to do

    private func cells(_ s: String, style: Style = .plain) -> [Cell] {
        var out: [Cell] = []
        for ch in s {
            let w = GlyphWidths.expectedWidth(of: String(ch))
            out.append(Cell(String(ch), width: UInt8(max(1, w)), style: style))
            if w == 2 { out.append(.continuation(style: style)) }
        }
        return out
    }

    private func text(_ cells: [Cell]) -> String { Self.seen(cells).joined() }

    /// Konsole: level 0, no mirroring; box drawing is L, so a border does not join an RTL run.
    func test_konsoleSimulation_reordersAtLevel0_withoutMirroring_boxDrawingIsL() {
        let k = WireTransformer(order: .konsole)
        XCTAssertEqual(text(k.simulate(cells("abc אבג"))), "abc גבא")
        // Brackets are reordered with the Hebrew but not mirrored.
        XCTAssertEqual(text(k.simulate(cells("אב(ג)"))), ")ג(בא")
        XCTAssertEqual(text(k.simulate(cells("│אב│"))), "│בא│")
        // Without the override, U+2502 (ON) between two Hebrew letters would be reordered with them.
        XCTAssertEqual(text(k.simulate(cells("א│ב"))), "א│ב")
    }

    /// PuTTY: the paragraph level comes from the row's first strong character, with mirroring.
    func test_puttySimulation_takesTheRowsFirstStrongCharacter_andMirrors() {
        let p = WireTransformer(order: .putty)
        XCTAssertEqual(text(p.simulate(cells("אב (ג) x"))), "x (ג) בא")
        XCTAssertEqual(text(p.simulate(cells("x אב (ג)"))), "x (ג) בא")
    }

    /// PuTTY: a row whose first strong character is RTL gets U+2800 on a blank before it, so
    /// PuTTY takes the row as LTR; what it shows is the row as drawn.
    func test_putty_braillePatternBlank_makesTheRowLTR() {
        let drawn = cells("  םולש Wi-Fi")
        let row = WireTransformer(order: .putty).row(drawn)
        XCTAssertTrue(row.exact)
        XCTAssertEqual(row.cells.first?.symbol, "\u{2800}")
        XCTAssertEqual(Self.seen(WireTransformer(order: .putty).simulate(row.cells)), Self.seen(drawn))
    }

    /// qterminal: each run of equally styled cells is a paragraph of its own; a style change
    /// splits runs.
    func test_qterminal_runsAreSplitByStyle() {
        let q = WireTransformer(order: .qterminal)
        let plain = cells("אב"), bold = cells("גד", style: Style(attributes: [.bold]))
        XCTAssertEqual(text(q.simulate(plain + bold)), "באדג")
        XCTAssertEqual(text(q.simulate(cells("אבגד"))), "דגבא")
        // The transform keeps each run inside its own cells.
        let row = q.row(plain + bold)
        XCTAssertEqual(text(row.cells), "באדג")
    }

    /// kitty: a run that starts with Arabic or Hebrew is reversed and mirrored (digits too);
    /// a run that starts with Latin is left alone; blanks split runs.
    func test_kitty_reversesRightToLeftRuns_only() {
        let k = WireTransformer(order: .kitty)
        // "42%" drawn in an Arabic run: kitty would show it reversed; the wire order undoes it.
        let drawn = cells("٤٢٪ ﻡﻼﺳ abc")
        let row = k.row(drawn)
        XCTAssertTrue(row.exact)
        XCTAssertEqual(Self.seen(k.simulate(row.cells)), Self.seen(drawn))
        XCTAssertEqual(Self.seen(row.cells).suffix(4).joined(), " abc")
        XCTAssertNotEqual(Self.seen(row.cells), Self.seen(drawn))
    }

    /// kitty assigns glyphs to cells by cluster distances counted in cell order: every cell of
    /// a reversed run has the same number of code points (U+034F padding).
    func test_kitty_padsTheCellsOfAReversedRun() {
        let k = WireTransformer(order: .kitty)
        let row = k.row(cells("بَب"))
        let counts = row.cells.map { $0.symbol.unicodeScalars.count }
        XCTAssertEqual(Set(counts).count, 1, "\(row.cells.map(\.symbol))")
    }

    /// A row where a right-to-left segment ends in a bracketed number, then a border and English
    /// with a bracket pair of its own (a line of `doctor`'s card): no order of the cells alone
    /// reproduces it (the second pair joins the right-to-left run), a blank turned into U+2800
    /// (class L, drawn empty) does, in every terminal that reorders rows or runs.
    func test_aRowMixingDirectionsAcrossABorder_roundTripsWithABlankOfClassL() {
        let engine = BidiEngine()
        var b = Buffer(width: 110, height: 1)
        b.set(x: 1, y: 0, Cell("│"))
        let card = engine.layout("גרסה (2.4.1)", direction: .rtl, width: 24).lines[0]
        var x = 26 - card.width
        for c in card.cells where c.width > 0 { b.set(x: x, y: 0, Cell(c.text, width: UInt8(c.width))); x += c.width }
        b.set(x: 26, y: 0, Cell("│"))
        x = 28
        for c in engine.layout("\"(2.4.1)\" at the left end, digits in that order", direction: .ltr).lines[0].cells where c.width > 0 {
            b.set(x: x, y: 0, Cell(c.text, width: UInt8(c.width)))
            x += c.width
        }
        let row = Self.row(b, 0)
        for order in [WireOrder.putty, .konsole, .qterminal] {
            let w = WireTransformer(order: order)
            let sent = w.row(row)
            XCTAssertTrue(sent.exact, "\(order)")
            XCTAssertEqual(Self.seen(w.simulate(sent.cells)), Self.seen(row), "\(order)")
        }
        XCTAssertTrue(WireTransformer(order: .putty).row(row).cells.contains { $0.symbol == "\u{2800}" })
    }

    /// The cursor goes where the cell it was on was written.
    func test_cursorFollowsItsCell() {
        let wire = WireTransformer(order: .konsole)
        var b = Buffer(width: 6, height: 1)
        for (x, ch) in "abגדef".enumerated() { b.set(x: x, y: 0, Cell(String(ch))) }
        let sent = wire.transform(b)
        XCTAssertEqual(sent.rowText(0), "abדגef")
        XCTAssertEqual(wire.wirePosition(x: 2, y: 0).x, 3)
        XCTAssertEqual(wire.wirePosition(x: 3, y: 0).x, 2)
        XCTAssertEqual(wire.wirePosition(x: 0, y: 0).x, 0)
    }

    /// The terminal's cursor is placed to show on the cell it is on: where the cell was written
    /// for terminals whose bidi shows the cursor on the cell stored under it (Konsole, PuTTY, VTE),
    /// at the drawn column for those that draw the cursor at its own column (kitty, qterminal).
    func test_cursorPosition_followsTheCellOnlyWhereTheTerminalMovesTheCursorWithIt() {
        var b = Buffer(width: 6, height: 1)
        for (x, ch) in "abגדef".enumerated() { b.set(x: x, y: 0, Cell(String(ch))) }
        for order in [WireOrder.konsole, .putty, .vte, .kitty, .qterminal] {
            let wire = WireTransformer(order: order)
            _ = wire.transform(b)
            let written = wire.wirePosition(x: 2, y: 0)
            XCTAssertNotEqual(written.x, 2, "\(order): the RTL cell is written elsewhere")
            let cursor = wire.cursorPosition(x: 2, y: 0)
            XCTAssertEqual(cursor.x, wire.reportsStoredColumns ? written.x : 2, "\(order)")
        }
        XCTAssertFalse(WireTransformer(order: .kitty).reportsStoredColumns)
        XCTAssertTrue(WireTransformer(order: .konsole).reportsStoredColumns)
    }

    /// Wide cells move as units, continuation cells after them.
    func test_wideCellsMoveWhole() {
        let wire = WireTransformer(order: .putty)
        var drawn = cells("x ")
        drawn += cells("🔅")
        drawn += cells(" אב")
        let row = wire.row(drawn)
        XCTAssertTrue(row.exact)
        for (i, c) in row.cells.enumerated() where c.width == 2 {
            XCTAssertTrue(row.cells[i + 1].isContinuation)
        }
        XCTAssertEqual(row.cells.count, drawn.count)
    }
}
