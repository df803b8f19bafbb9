import BidiTerm
import Foundation
import XCTest
@testable import BidiTermTerminal
#if canImport(Glibc)
import Glibc
#endif

/// What `DirectScreen` writes, read back through a pipe.
final class DirectScreenTests: XCTestCase {
    private func written(_ body: (DirectScreen) -> Void) throws -> String {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]) }
        let screen = DirectScreen(fd: fds[1], rows: 3, columns: 10, colors: .palette256, truecolor: false)
        body(screen)
        screen.flush()
        close(fds[1])
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fds[0], &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A full repaint (the first frame, after `invalidate`: leaving the alternate screen, a
    /// resize, a resume) erases row by row, never the whole screen: tmux and VTE move the screen
    /// into their scrollback on ED 2 (tmux on ED 0 from the top too), which copied the program's normal
    /// screen into the history again each time (a shell's lines twice after quitting `less`).
    func test_fullRepaint_erasesRowByRow_neverTheWholeScreen() throws {
        let frame = [[Cell("a")], [Cell("ש"), Cell("b")], []]
        let out = try written { screen in
            screen.draw(frame, cursor: (0, 0))
            screen.invalidate()
            screen.draw(frame, cursor: (1, 1))
        }
        for erase in ["\u{1B}[2J", "\u{1B}[J", "\u{1B}[0J", "\u{1B}[3J"] {
            XCTAssertFalse(out.contains(erase), "\(erase.debugDescription) in \(out.debugDescription)")
        }
        let rowErase = (1...3).map { "\u{1B}[\($0);1H\u{1B}[2K" }.joined()
        XCTAssertEqual(out.components(separatedBy: rowErase).count - 1, 2, out.debugDescription)
        XCTAssertTrue(out.contains("שb"), out.debugDescription)
    }

    // MARK: - Scrollback, read back through an emulator playing the user's terminal

    private func row(_ text: String) -> [Cell] { text.map { Cell(String($0)) } }

    private func text(_ cells: [Cell]) -> String {
        String(cells.map(\.symbol).joined().reversed().drop(while: { $0 == " " }).reversed())
    }

    /// The terminal after `body`: its scrollback (oldest first) and its rows.
    private func terminal(_ body: (DirectScreen) -> Void) throws -> (scrollback: [String], rows: [String]) {
        let out = try written(body)
        let terminal = VTermEmulator(rows: 3, columns: 10)
        terminal.feed(Array(out.utf8))
        return (terminal.takeScrolledOff().map(text), (0..<3).map { text(terminal.row($0)) })
    }

    /// A frame that says which rows changed (a key's echo) sends only what changed in them, and
    /// the terminal ends up as after a frame compared row by row; a row not named is not looked at.
    func test_draw_changedRows_sendsOnlyTheirChanges_andShowsWhatAFullComparisonShows() throws {
        let first = [row("abc"), row("שלום"), row("xyz")]
        let next = [row("abc"), row("שלום!"), row("xyz")]
        var hinted = ""
        let withHint = try terminal { screen in
            screen.draw(first, cursor: (0, 0))
            screen.flush()
            screen.draw(next, cursor: (5, 1), changedRows: [1])
            // A row changed but not named keeps what the terminal shows (the caller's promise).
            screen.draw([row("abc"), row("שלום!"), row("QQQ")], cursor: (5, 1), changedRows: [])
        }
        let compared = try terminal { screen in
            screen.draw(first, cursor: (0, 0))
            screen.draw(next, cursor: (5, 1))
        }
        XCTAssertEqual(withHint.rows, compared.rows)
        XCTAssertEqual(withHint.rows, ["abc", "שלום!", "xyz"])
        hinted = try written { screen in
            screen.draw(first, cursor: (0, 0))
            screen.flush()
            screen.draw(next, cursor: (5, 1), changedRows: [1])
        }
        // The second frame: the row's one new cell at its column, then the cursor.
        XCTAssertTrue(hinted.hasSuffix("\u{1B}[2;5H!\u{1B}[2;6H"), hinted.debugDescription)
        // Without a screen shown yet (the first frame, after invalidate), every row is drawn.
        let fresh = try terminal { screen in screen.draw(next, cursor: nil, changedRows: [1]) }
        XCTAssertEqual(fresh.rows, ["abc", "שלום!", "xyz"])
    }

    /// A screen that writes nowhere and keeps each batch it would have written.
    private func tapped(rows: Int = 3, columns: Int = 10) -> (DirectScreen, () -> [String]) {
        let screen = DirectScreen(fd: -1, rows: rows, columns: columns, colors: .palette256, truecolor: false)
        var batches: [String] = []
        screen.tap = { batches.append(String(decoding: $0, as: UTF8.self)) }
        return (screen, { batches })
    }

    /// R37: a key's echo sent ahead of its frame is the characters alone, where the cursor is;
    /// the frame after it, with the same row, sends nothing at all (not even the cursor).
    func test_R37_echo_isTheCharactersAlone_andTheFrameAfterItSendsNothing() {
        let (screen, batches) = tapped()
        screen.draw([row("$ "), [], []], cursor: (2, 0))
        screen.flush()
        XCTAssertTrue(screen.echo(Array("ls".utf8), atColumn: 2, row: 0))
        screen.flush()
        XCTAssertEqual(batches().last, "ls")
        screen.draw([row("$ ls"), [], []], cursor: (4, 0), changedRows: [0])
        screen.flush()
        XCTAssertEqual(batches().count, 2, "the frame after the echo: \(batches().last!.debugDescription)")
        // Again from there: the cursor is known to be after "ls".
        XCTAssertTrue(screen.echo(Array(" -l".utf8), atColumn: 4, row: 0))
        screen.flush()
        XCTAssertEqual(batches().last, " -l")
    }

    /// R37: a frame that differs from what the echo assumed draws over it: the terminal ends up
    /// showing the frame.
    func test_R37_echo_aFrameThatDiffers_isDrawnOverIt() throws {
        let t = try terminal { screen in
            screen.draw([row("$ "), [], []], cursor: (2, 0))
            XCTAssertTrue(screen.echo(Array("qq".utf8), atColumn: 2, row: 0))
            // The program's bytes meant something else (a line drawn with the DEC set, say).
            screen.draw([row("$ ──"), [], []], cursor: (4, 0), changedRows: [0])
        }
        XCTAssertEqual(t.rows, ["$ ──", "", ""])
    }

    /// R37: the screen refuses an echo where it cannot tell what the terminal would show: the
    /// cursor not where it put it (or moved by raw bytes since), text after the cursor, the text
    /// reaching the last column, a wire order that rewrites rows, no frame drawn yet.
    func test_R37_echo_isRefused_whereTheTerminalsCellsAreNotKnown() {
        let x = Array("x".utf8)
        do {
            let (screen, batches) = tapped()
            XCTAssertFalse(screen.echo(x, atColumn: 0, row: 0), "nothing drawn yet")
            screen.draw([row("$ "), row("ab  cd"), []], cursor: (2, 0))
            XCTAssertFalse(screen.echo(x, atColumn: 3, row: 0), "not where the cursor is")
            XCTAssertFalse(screen.echo(Array("\u{1B}".utf8), atColumn: 2, row: 0), "not printable")
            screen.draw([row("$ "), row("ab  cd"), []], cursor: (2, 1))
            XCTAssertFalse(screen.echo(x, atColumn: 2, row: 1), "text after the cursor")
            screen.draw([row("$ "), row("ab  cd"), []], cursor: (6, 1))
            XCTAssertFalse(screen.echo(Array("1234".utf8), atColumn: 6, row: 1), "up to the last column")
            XCTAssertTrue(screen.echo(Array("123".utf8), atColumn: 6, row: 1))
            screen.write(raw: Array("\u{1B}[H".utf8))
            XCTAssertFalse(screen.echo(x, atColumn: 9, row: 1), "after raw bytes that may move the cursor")
            screen.flush()
            XCTAssertFalse(batches().contains { $0.contains("x") || $0.contains("1234") })
        }
        do {
            let (screen, _) = tapped()
            screen.wire = WireTransformer(order: .vte)
            screen.draw([row("$ "), [], []], cursor: (2, 0))
            XCTAssertFalse(screen.echo(x, atColumn: 2, row: 0), "rows rewritten for the terminal's bidi")
        }
        do {
            let (screen, _) = tapped()
            screen.draw([row("$ "), [], []], cursor: nil)
            XCTAssertFalse(screen.echo(x, atColumn: 2, row: 0), "the cursor hidden")
        }
    }

    func test_scroll_linesAlreadyAtTheTop_scrollOutByLineFeeds_intoTheScrollback() throws {
        let t = try terminal { screen in
            screen.draw([row("a1"), row("b2"), row("c3")], cursor: nil)
            screen.scroll([row("a1")], thenDraw: [row("b2"), row("c3"), row("d4")], cursor: nil)
        }
        XCTAssertEqual(t.scrollback, ["a1"])
        XCTAssertEqual(t.rows, ["b2", "c3", "d4"])
    }

    func test_scroll_aFlood_streamsTheLinesNeverShown_andEveryLineReachesTheScrollbackOnce() throws {
        var pushedBytes = 0
        let out = try written { screen in
            screen.draw([row("l1"), row("l2"), row("l3")], cursor: nil)
            screen.flush()
            let before = screen.bytesWritten
            let pushed = (1...8).map { row("l\($0)") }
            screen.scroll(pushed, thenDraw: [row("l9"), row("שלום"), row("l11")], cursor: nil)
            screen.flush()
            pushedBytes = screen.bytesWritten - before
        }
        let terminal = VTermEmulator(rows: 3, columns: 10)
        terminal.feed(Array(out.utf8))
        XCTAssertEqual(terminal.takeScrolledOff().map(text), (1...8).map { "l\($0)" })
        XCTAssertEqual((0..<3).map { text(terminal.row($0)) }, ["l9", "שלום", "l11"])
        // A stream: about the bytes of the text, not a cursor move and a redraw per line.
        XCTAssertLessThan(pushedBytes, 8 * 12, out.debugDescription)
    }

    func test_scroll_linesTheScreenDoesNotShow_areDrawnAtTheTopAndScrolledOut() throws {
        let t = try terminal { screen in
            screen.draw([row("x"), row("y"), row("z")], cursor: nil)
            screen.scroll([row("p"), row("q")], thenDraw: [row("r"), row("s"), row("t")], cursor: nil)
        }
        XCTAssertEqual(t.scrollback, ["p", "q"])
        XCTAssertEqual(t.rows, ["r", "s", "t"])
    }

    /// The row the program was still writing when the screen was drawn differs from the line it
    /// became: the lines before it leave by line feeds, the rest is written, nothing is lost or
    /// doubled.
    func test_scroll_whenTheLastShownRowWasStillBeingWritten_everyLineReachesTheScrollbackOnce() throws {
        for count in [2, 3, 7] {
            let t = try terminal { screen in
                screen.draw([row("l1"), row("l2"), row("l3-par")], cursor: nil)
                let pushed = (1...count).map { row($0 == 3 ? "l3-partial" : "l\($0)") }
                screen.scroll(pushed, thenDraw: [row("n1"), row("n2"), row("n3")], cursor: nil)
            }
            XCTAssertEqual(t.scrollback, (1...count).map { $0 == 3 ? "l3-partial" : "l\($0)" }, "\(count) lines")
            XCTAssertEqual(t.rows, ["n1", "n2", "n3"], "\(count) lines")
        }
    }

    /// The cells of one scalar (Hebrew, Arabic, Latin-1) are written as they are, and every other
    /// kind keeps its handling: a bidi control and a C1 control are guarded, a combining mark and
    /// a format character are left out where the terminal gives them cells, a wide CJK character
    /// and an emoji are followed by a column move.
    func test_cellsOfOneScalar_asTheyAre_othersGuardedDroppedOrPlaced() throws {
        let symbols = ["ש", "ب", "é", "\u{200F}", "\u{85}", "\u{5B8}", "\u{200C}", "中", "😀", "בּ"]
        func row() -> [Cell] {
            var cells: [Cell] = []
            for s in symbols {
                let wide = s == "中" || s == "😀"
                cells.append(Cell(s, width: wide ? 2 : 1))
                if wide { cells.append(.continuation(style: .plain)) }
            }
            return cells
        }
        // Scalars, not characters: a mark after a placeholder is one character with it.
        func has(_ text: String, _ part: String) -> Bool {
            let t = Array(text.unicodeScalars), p = Array(part.unicodeScalars)
            guard t.count >= p.count else { return false }
            return (0...(t.count - p.count)).contains { Array(t[$0..<($0 + p.count)]) == p }
        }
        let kept = try written { screen in
            let r = row()
            screen.draw([Array(r.prefix(10)), Array(r.dropFirst(10).prefix(10)), []], cursor: nil)
        }
        // Shown as sent: the letters and é as they are; U+200F (a bidi control) and U+0085 (C1)
        // never reach the terminal as themselves; the mark and ZWNJ stay where the terminal keeps
        // them in their cell; CJK is followed by CSI n G.
        XCTAssertTrue(has(kept, "\u{5E9}\u{628}\u{E9}"))
        XCTAssertFalse(has(kept, "\u{200F}"))
        XCTAssertFalse(has(kept, "\u{85}"))
        XCTAssertTrue(has(kept, "\u{5B8}\u{200C}"))
        XCTAssertTrue(has(kept, "\u{4E2D}\u{1B}[10G"))
        XCTAssertTrue(has(kept, "\u{5D1}\u{5BC}"))

        let dropped = try written { screen in
            screen.dropsMarks = true
            screen.dropsFormatCharacters = true
            let r = row()
            screen.draw([Array(r.prefix(10)), Array(r.dropFirst(10).prefix(10)), []], cursor: nil)
        }
        XCTAssertTrue(has(dropped, "\u{5E9}\u{628}\u{E9}"))
        XCTAssertFalse(has(dropped, "\u{5B8}"), "a lone mark is left out")
        XCTAssertFalse(has(dropped, "\u{200C}"), "a format character is left out")
        XCTAssertTrue(has(dropped, "\u{5D1}"), "the base of a mark stays")
        XCTAssertFalse(has(dropped, "\u{5BC}"), "its mark does not")
    }

    /// What the terminal takes, changed after drawing, applies to what is drawn next: the writer's
    /// decisions per scalar and per style are made again.
    func test_settingsChangedAfterDrawing_applyToTheNextFrame() throws {
        let style = Style(fg: .rgb(10, 20, 30))
        let row = [Cell("\u{5B8}", style: style), Cell("x", style: style)]
        let out = try written { screen in
            screen.draw([row, [], []], cursor: nil)
            screen.write(raw: Array("|".utf8))
            screen.dropsMarks = true
            screen.truecolor = true
            screen.invalidate()
            screen.draw([row, [], []], cursor: nil)
        }
        let parts = out.split(separator: "|", maxSplits: 1).map(String.init)
        XCTAssertEqual(parts.count, 2)
        guard parts.count == 2 else { return }
        XCTAssertTrue(parts[0].unicodeScalars.contains("\u{5B8}"), "the mark, while the terminal keeps marks in their cell")
        XCTAssertFalse(parts[0].contains("38;2;"), "a 24-bit colour as the nearest of the palette")
        XCTAssertFalse(parts[1].unicodeScalars.contains("\u{5B8}"), "left out once the terminal gives marks cells of their own")
        XCTAssertTrue(parts[1].contains("38;2;10;20;30"), "24-bit once the terminal takes it")
    }

    /// In qterminal the terminal's cursor stays hidden (it repaints the cell under it alone, the
    /// cell stored there, out of place) and the caret is the cell under it in reverse video, a run
    /// of its own; elsewhere the cursor is the terminal's.
    func test_caret_inQterminal_isTheCellInReverseVideo_theCursorHidden() throws {
        let row = "אבג xy".map { Cell(String($0)) }
        let frame = [row, [], []]
        let qterminal = try written { screen in
            screen.wire = WireTransformer(order: .qterminal)
            screen.draw(frame, cursor: (x: 4, y: 0))
        }
        XCTAssertFalse(qterminal.contains("\u{1B}[?25h"), "never shown")
        XCTAssertTrue(qterminal.contains("\u{1B}[?25l"), "hidden")
        XCTAssertTrue(qterminal.contains("7mx"), "the caret's cell in reverse video: \(qterminal.debugDescription)")
        let konsole = try written { screen in
            screen.wire = WireTransformer(order: .konsole)
            screen.draw(frame, cursor: (x: 4, y: 0))
        }
        XCTAssertTrue(konsole.contains("\u{1B}[?25h"))
        XCTAssertFalse(konsole.contains("7m"))
        // A wide cell turns with its right half; a cell already in reverse video turns back.
        var wide = [Cell("中", width: 2), Cell.continuation(style: .plain), Cell("z", style: Style(attributes: .reverse))]
        var rows = [wide]
        DirectScreen.markCaret(in: &rows, x: 1, y: 0)
        XCTAssertTrue(rows[0][0].style.attributes.contains(.reverse))
        XCTAssertTrue(rows[0][1].style.attributes.contains(.reverse))
        DirectScreen.markCaret(in: &rows, x: 2, y: 0)
        XCTAssertFalse(rows[0][2].style.attributes.contains(.reverse))
        wide = rows[0]
        DirectScreen.markCaret(in: &rows, x: 9, y: 5)  // outside: nothing
        XCTAssertEqual(rows[0], wide)
    }
}
