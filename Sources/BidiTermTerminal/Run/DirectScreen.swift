import BidiTerm
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Draws rows of cells on a terminal with plain escape sequences, without curses: what
/// `rtl-tui run` shows of the program it runs. It keeps what the terminal shows and sends only the
/// cells that changed (a span per changed row), and it can push a line into the terminal's own
/// scrollback (draw it on the top row, then scroll the whole screen up by one), so the mouse wheel
/// and the terminal's search find the program's output already reordered.
///
/// Every symbol goes through the terminal guard (`Sanitizer.terminalSafe`, R22): nothing a program
/// wrote reaches the terminal as a control sequence. Colours are the program's: 24-bit colours
/// pass through where the terminal takes them (`truecolor`), else become the nearest palette
/// entry; `colors` lowers them further for 16- and 8-colour terminals. For a terminal that
/// reorders what it receives (R21) each frame is rewritten into its wire order first.
public final class DirectScreen {
    /// The file descriptor written to.
    public let fd: Int32
    /// The terminal's height in rows.
    public private(set) var rows: Int
    /// The terminal's width in columns.
    public private(set) var columns: Int
    /// How many colours the terminal shows.
    public var colors: ColorSupport {
        get { writer.colors }
        set { writer.colors = newValue; writer.forgetStyles() }
    }
    /// Whether the terminal takes 24-bit colours (`COLORTERM=truecolor` or `24bit`).
    public var truecolor: Bool {
        get { writer.truecolor }
        set { writer.truecolor = newValue; writer.forgetStyles() }
    }
    /// How rows are sent (R21); nil sends them as drawn.
    public var wire: WireTransformer?
    /// Called with every batch of bytes before it is written (a recording, `--record`); a screen
    /// whose `fd` is negative writes nowhere else.
    public var tap: (([UInt8]) -> Void)?
    /// The bytes written so far (for the benchmark's byte counts).
    public private(set) var bytesWritten = 0
    /// Set when a write failed (the terminal went away).
    public private(set) var writeFailed = false
    /// Leave combining marks out of cells: the terminal gives each a cell of its own
    /// (terminology), which would shift the rest of the row. (A program's rows have the columns it
    /// drew them with, so a mark cannot be given a cell of its own here.)
    public var dropsMarks: Bool {
        get { writer.dropsMarks }
        set { writer.dropsMarks = newValue; writer.forgetScalars() }
    }
    /// Leave zero-width format characters (ZWNJ, ZWJ, marks of direction) out of cells: the
    /// terminal gives each a cell of its own (mlterm).
    public var dropsFormatCharacters: Bool {
        get { writer.dropsFormatCharacters }
        set { writer.dropsFormatCharacters = newValue; writer.forgetScalars() }
    }

    private var shown: [[Cell]]?
    private var cursorShown: Bool?
    /// Where the terminal's cursor is, when this screen put it there and has queued nothing since
    /// that may have moved it (nil: not known).
    private var cursorAt: (x: Int, y: Int)?
    /// The bytes queued and the pen, as a value: the loops over cells write into a local copy
    /// (`withWriter`), without the run-time exclusivity checks of a class's properties.
    private var writer: CellWriter

    /// A screen writing to `fd`, a terminal of `rows` × `columns` cells showing `colors` (and
    /// 24-bit colours when `truecolor`).
    public init(fd: Int32, rows: Int, columns: Int, colors: ColorSupport, truecolor: Bool) {
        self.fd = fd
        self.rows = max(1, rows)
        self.columns = max(1, columns)
        writer = CellWriter(columns: max(1, columns), colors: colors, truecolor: truecolor)
        writer.out.reserveCapacity(1 << 16)
    }

    /// Runs `body` on the writer, moved out of the screen for the time (not copied).
    private func withWriter<R>(_ body: (inout CellWriter) -> R) -> R {
        var w = CellWriter.placeholder
        swap(&w, &writer)
        defer { swap(&w, &writer) }
        return body(&w)
    }

    /// A new size: the next `draw` repaints everything.
    public func resize(rows: Int, columns: Int) {
        self.rows = max(1, rows)
        self.columns = max(1, columns)
        writer.columns = self.columns
        invalidate()
    }

    /// Forgets what the terminal shows, so the next `draw` repaints everything.
    public func invalidate() {
        shown = nil
        writer.pen = nil
        cursorShown = nil
        cursorAt = nil
        wire?.reset()
    }

    /// Queues bytes to send as they are (mode switches, a title already sanitised). Unless
    /// `movesCursor` is false (modes, a title, sequences for the terminal behind a multiplexer
    /// that save and restore the cursor), the cursor's place counts as unknown after them.
    public func write(raw bytes: [UInt8], movesCursor: Bool = true) {
        guard !bytes.isEmpty else { return }
        writer.out += bytes
        if movesCursor { cursorAt = nil }
    }

    /// R37: writes `text`, printable ASCII a program just wrote, at once at column `x` of row `y`,
    /// where the cursor is, as the cells the next frame will have there (in the default colours),
    /// when this screen can tell that the terminal shows them so: it put the cursor there, the row
    /// is as drawn last (no rewriting for the terminal's bidi) and blank from `x` to its end, and
    /// the text ends before the last column. The row and the cursor are then what the terminal
    /// shows. False, with nothing queued, otherwise. The caller's next `draw` compares the row
    /// again (give it in `changedRows`): a frame that differs is drawn over it.
    public func echo(_ text: [UInt8], atColumn x: Int, row y: Int) -> Bool {
        let n = text.count
        guard n > 0, wire == nil, let c = cursorAt, c.x == x, c.y == y, cursorShown == true,
              x >= 0, x + n < columns, y >= 0, y < rows, var screen = shown, screen.count == rows,
              screen[y].count == columns, text.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return false }
        shown = nil  // taken out while it changes, so its storage is not copied
        var row = screen[y]
        guard row[x...].allSatisfy(Self.isPlainBlank) else {
            shown = screen
            return false
        }
        screen[y] = []
        for (i, b) in text.enumerated() { row[x + i] = VTermEmulator.plainCell(b) }
        withWriter { w in
            var i = x
            while i < x + n { i = w.put(row, at: i) }
        }
        screen[y] = row
        shown = screen
        cursorAt = (x + n, y)
        return true
    }

    /// Pushes `line` (in visual order) into the terminal's scrollback: it is drawn on the top row,
    /// then the screen scrolls up one row at its bottom. What the terminal shows is followed, so
    /// the next `draw` sends only what differs from the scrolled screen.
    public func pushScrollback(_ line: [Cell]) {
        var line = fitted(line)
        if let wire { line = wire.row(line).cells }
        let rows = rows
        withWriter { w in
            w.out += Array("\u{1B}[1;1H\u{1B}[0m\u{1B}[2K".utf8)
            w.pen = .plain
            var x = 0
            while x < min(w.columns, line.count) {
                x = w.put(line, at: x)
            }
            w.out += Array("\u{1B}[\(rows);1H\n".utf8)
        }
        cursorAt = nil
        if let s = shown { shown = scrolledUp(s, by: 1) }
    }

    /// Pushes `lines` (in visual order, oldest first) into the terminal's scrollback, then draws
    /// `frame`. When the terminal shows the first of those lines at the top of its screen, which
    /// is what a program that only prints (a shell, `cat`, `git log`) leaves there, they scroll
    /// out with line feeds at the bottom row and the lines the terminal never showed are written
    /// as a stream, as the program wrote them: a flood costs about the bytes of its text.
    /// Otherwise each line is drawn on the top row and scrolled out (`pushScrollback(_:)`).
    public func scroll(_ lines: [[Cell]], thenDraw frame: [[Cell]], cursor: (x: Int, y: Int)?, changedRows: [Int]? = nil) {
        guard !lines.isEmpty else { return draw(frame, cursor: cursor, changedRows: changedRows) }
        guard wire == nil, var screen = shown else {
            for line in lines { pushScrollback(line) }
            return draw(frame, cursor: cursor)
        }
        let blankRow = Array(repeating: Cell.blank, count: columns)
        // Only the lines kept as the screen are padded to its width; the others are cut to it (a
        // scrolled-off line comes without its trailing blanks).
        let pushed = lines.map(cut)
        let rows = rows
        cursorAt = nil
        withWriter { w in
            // 1. The lines the screen already shows at its top (a program that prints leaves them
            //    there; the row it was still writing may differ) leave by line feeds at the bottom.
            var matching = 0
            while matching < min(pushed.count, rows), Self.same(pushed[matching], screen[matching]) { matching += 1 }
            if matching > 0 {
                w.out += Array("\u{1B}[\(rows);1H".utf8) + Array(repeating: 0x0A, count: matching)
                screen = scrolledUp(screen, by: matching)
            }
            let rest = pushed[matching...]
            if !rest.isEmpty {
                // 2. The others are written over the top rows, as many as fit.
                let onScreen = min(rest.count, rows)
                for (y, line) in rest.prefix(onScreen).enumerated() {
                    w.resetPen()
                    w.out += Array("\u{1B}[\(y + 1);1H\u{1B}[2K".utf8)
                    w.writeTrimmed(line)
                    screen[y] = fitted(line)
                }
                if rest.count <= rows {
                    // 3a. They leave by line feeds too.
                    w.out += Array("\u{1B}[\(rows);1H".utf8) + Array(repeating: 0x0A, count: onScreen)
                    screen = scrolledUp(screen, by: onScreen)
                } else {
                    // 3b. A flood: the screen is the first `rows` of them; the rest and then the new
                    //     screen follow as a stream of lines, which scrolls all of them out.
                    w.out += Array("\u{1B}[\(rows);1H".utf8)
                    var next: [[Cell]] = []
                    for y in 0..<rows { next.append(y < frame.count ? fitted(frame[y]) : blankRow) }
                    for line in rest.dropFirst(rows) { w.streamLine(line) }
                    for line in next { w.streamLine(line) }
                    screen = next
                }
            }
        }
        shown = screen
        draw(frame, cursor: cursor)
    }

    /// `row` cut to the screen's width.
    private func cut(_ row: [Cell]) -> [Cell] {
        row.count > columns ? Array(row.prefix(columns)) : row
    }

    /// `screen` after `n` line feeds at its bottom row: its first `n` rows gone, blank rows below.
    private func scrolledUp(_ screen: [[Cell]], by n: Int) -> [[Cell]] {
        Array(screen.dropFirst(n)) + Array(repeating: Array(repeating: Cell.blank, count: columns), count: n)
    }

    /// Whether `line` (at most the screen's width) shows what the full-width `row` shows: the same
    /// cells, then plain blanks.
    static func same(_ line: [Cell], _ row: [Cell]) -> Bool {
        guard line.count <= row.count else { return false }
        if line.count == row.count { return line == row }
        return line.elementsEqual(row[..<line.count]) && row[line.count...].allSatisfy(isPlainBlank)
    }

    /// `row` cut or padded to the screen's width.
    private func fitted(_ row: [Cell]) -> [Cell] {
        row.count >= columns ? cut(row) : row + Array(repeating: Cell.blank, count: columns - row.count)
    }

    /// Draws `frame` (rows of cells in visual order; rows beyond the screen are ignored, missing
    /// ones are blank), then places the cursor at `cursor` or hides it. `changedRows`, when
    /// given, says that every other row of `frame` is the very row drawn last time: only those
    /// rows are looked at (a key's echo changes one row; the others' storage is not even touched).
    public func draw(_ frame: [[Cell]], cursor: (x: Int, y: Int)?, changedRows: [Int]? = nil) {
        if let changedRows, wire == nil, frame.count == rows, shown?.count == rows {
            return drawRows(changedRows, of: frame, cursor: cursor)
        }
        var frame = frame
        var cursor = cursor
        if let wire {
            if wire.order.hidesCursor, let c = cursor {
                // The caret is the program's cell under it in reverse video (as tmux draws the
                // cursor of a pane it does not show), with the right half of a wide one.
                Self.markCaret(in: &frame, x: c.x, y: c.y)
                cursor = nil
            }
            var buffer = Buffer(width: columns, height: rows)
            for y in 0..<min(rows, frame.count) {
                for (x, c) in frame[y].prefix(columns).enumerated() { buffer.set(x: x, y: y, c) }
            }
            let transformed = wire.transform(buffer)
            frame = (0..<rows).map { y in (0..<columns).map { transformed[$0, y] ?? .blank } }
            cursor = cursor.map { wire.cursorPosition(x: $0.x, y: $0.y) }
        }
        // A row of the right width is kept as it is (its storage shared): a row the host did not
        // lay out again is then the very array drawn last time, and skipped at once below.
        let next = (0..<rows).map { y in y < frame.count ? fitted(frame[y]) : Array(repeating: Cell.blank, count: columns) }
        let fullRepaint = shown == nil
        let height = rows, width = columns, shownRows = shown
        var cursorShown = cursorShown
        var cursorAt = cursorAt
        withWriter { w in
            let before = w.out.count
            if fullRepaint {
                // Each row is erased by itself (EL 2), never the whole screen at once: tmux (its
                // scroll-on-clear) and VTE move the screen into their scrollback on ED 2 (tmux on
                // ED 0 from the top too), so
                // every full repaint of the normal screen (after the alternate screen, a resize, a
                // resume) would copy the program's lines into the history again.
                w.out += Array("\u{1B}[0m".utf8)
                for y in 0..<height { w.out += Array("\u{1B}[\(y + 1);1H\u{1B}[2K".utf8) }
                w.pen = .plain
            }
            for y in 0..<height { Self.writeChanges(of: next[y], over: shownRows?[y], y: y, width: width, &w) }
            Self.placeCursor(cursor, width: width, height: height, shown: &cursorShown, at: &cursorAt,
                             moved: w.out.count != before, &w)
        }
        self.shown = next
        self.cursorShown = cursorShown
        self.cursorAt = cursorAt
    }

    /// `draw` of the rows `changed` of `frame` alone, on the screen shown (which it updates in
    /// place: taken out of `shown` while it changes, so its storage is not copied).
    private func drawRows(_ changed: [Int], of frame: [[Cell]], cursor: (x: Int, y: Int)?) {
        var screen = shown ?? []
        shown = nil
        let height = rows, width = columns
        var cursorShown = cursorShown
        var cursorAt = cursorAt
        withWriter { w in
            let before = w.out.count
            for y in changed where y >= 0 && y < height {
                let row = fitted(frame[y])
                Self.writeChanges(of: row, over: screen[y], y: y, width: width, &w)
                screen[y] = row
            }
            Self.placeCursor(cursor, width: width, height: height, shown: &cursorShown, at: &cursorAt,
                             moved: w.out.count != before, &w)
        }
        shown = screen
        self.cursorShown = cursorShown
        self.cursorAt = cursorAt
    }

    /// The bytes that turn row `y` of the terminal from `old` (nil: a cleared row) into `row`
    /// (both `width` cells): its cells from the first that differs to the last, never from the
    /// right half of a wide character.
    private static func writeChanges(of row: [Cell], over old: [Cell]?, y: Int, width: Int, _ w: inout CellWriter) {
        var first = 0, last = width - 1
        if let old {
            if sameStorage(old, row) { return }
            while first < width, old[first] == row[first] { first += 1 }
            if first == width { return }
            while last > first, old[last] == row[last] { last -= 1 }
        } else {
            // After a clear only what is not blank needs sending.
            while first < width, isPlainBlank(row[first]) { first += 1 }
            if first == width { return }
            while last > first, isPlainBlank(row[last]) { last -= 1 }
        }
        while first > 0, row[first].isContinuation { first -= 1 }
        w.out += Array("\u{1B}[\(y + 1);\(first + 1)H".utf8)
        var x = first
        while x <= last { x = w.put(row, at: x) }
    }

    /// The cursor at `cursor` (shown), or hidden when there is none or it is off the screen.
    /// `cursorAt` is where the terminal's cursor is known to be; `moved`, whether cells were
    /// written since: a cursor already in its place is not moved again.
    private static func placeCursor(_ cursor: (x: Int, y: Int)?, width: Int, height: Int, shown cursorShown: inout Bool?,
                                    at cursorAt: inout (x: Int, y: Int)?, moved: Bool, _ w: inout CellWriter) {
        if let c = cursor, c.x >= 0, c.y >= 0, c.x < width, c.y < height {
            if moved || cursorAt.map({ $0 != c }) ?? true { w.out += Array("\u{1B}[\(c.y + 1);\(c.x + 1)H".utf8) }
            if cursorShown != true { w.out += Array("\u{1B}[?25h".utf8) }
            cursorShown = true
            cursorAt = c
        } else {
            if cursorShown != false { w.out += Array("\u{1B}[?25l".utf8) }
            cursorShown = false
            if moved { cursorAt = nil }
        }
    }

    /// Turns the reverse video of the cell at (x, y) of `frame` round, and of the right half of a
    /// wide cell with it (nothing outside the frame).
    static func markCaret(in frame: inout [[Cell]], x: Int, y: Int) {
        guard y >= 0, y < frame.count, x >= 0, x < frame[y].count else { return }
        var x = x
        while x > 0, frame[y][x].isContinuation { x -= 1 }
        repeat {
            frame[y][x].style.attributes.formSymmetricDifference(.reverse)
            x += 1
        } while x < frame[y].count && frame[y][x].isContinuation
    }

    /// Writes what is queued. False when the terminal cannot be written to.
    @discardableResult
    public func flush() -> Bool {
        guard !writer.out.isEmpty else { return !writeFailed }
        tap?(writer.out)
        if fd < 0 {
            writer.out.removeAll(keepingCapacity: true)
            return true
        }
        if !writeFailed {
            if TerminalConversation.write(writer.out, to: fd) {
                bytesWritten += writer.out.count
            } else {
                writeFailed = true
            }
        }
        writer.out.removeAll(keepingCapacity: true)
        return !writeFailed
    }

    /// Whether two rows are one array (the same storage): then they are equal without a look.
    static func sameStorage(_ a: [Cell], _ b: [Cell]) -> Bool {
        a.count == b.count && a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress } }
    }

    /// A space in the plain style (what an erased cell shows).
    @inline(__always)
    static func isPlainBlank(_ c: Cell) -> Bool {
        c.width == 1 && c.text.isSpace && c.style.isPlain
    }

    /// Scalars whose width terminals' tables do not all agree on: Hangul jamo, the East Asian
    /// blocks, fullwidth forms, emoji and the planes above. Arabic and Hebrew letters, their
    /// presentation forms and marks are one cell (or none) everywhere.
    static func widthsDisagree(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE1F,
             0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F000...: return true
        default: return false
        }
    }
}
