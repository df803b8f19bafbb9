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
    public var colors: ColorSupport
    /// Whether the terminal takes 24-bit colours (`COLORTERM=truecolor` or `24bit`).
    public var truecolor: Bool
    /// How rows are sent (R21); nil sends them as drawn.
    public var wire: WireTransformer?
    /// The bytes written so far (for the benchmark's byte counts).
    public private(set) var bytesWritten = 0
    /// Set when a write failed (the terminal went away).
    public private(set) var writeFailed = false
    /// Leave combining marks out of cells: the terminal gives each a cell of its own
    /// (terminology), which would shift the rest of the row. (A program's rows have the columns it
    /// drew them with, so a mark cannot be given a cell of its own here.)
    public var dropsMarks = false
    /// Leave zero-width format characters (ZWNJ, ZWJ, marks of direction) out of cells: the
    /// terminal gives each a cell of its own (mlterm).
    public var dropsFormatCharacters = false

    private var shown: [[Cell]]?
    private var pen: Style?
    private var cursorShown: Bool?
    private var out: [UInt8] = []

    /// A screen writing to `fd`, a terminal of `rows` × `columns` cells showing `colors` (and
    /// 24-bit colours when `truecolor`).
    public init(fd: Int32, rows: Int, columns: Int, colors: ColorSupport, truecolor: Bool) {
        self.fd = fd
        self.rows = max(1, rows)
        self.columns = max(1, columns)
        self.colors = colors
        self.truecolor = truecolor
        out.reserveCapacity(1 << 16)
    }

    /// A new size: the next `draw` repaints everything.
    public func resize(rows: Int, columns: Int) {
        self.rows = max(1, rows)
        self.columns = max(1, columns)
        invalidate()
    }

    /// Forgets what the terminal shows, so the next `draw` repaints everything.
    public func invalidate() {
        shown = nil
        pen = nil
        cursorShown = nil
        wire?.reset()
    }

    /// Queues bytes to send as they are (mode switches, a title already sanitised).
    public func write(raw bytes: [UInt8]) {
        out += bytes
    }

    /// Pushes `line` (in visual order) into the terminal's scrollback: it is drawn on the top row,
    /// then the screen scrolls up one row at its bottom. What the terminal shows is followed, so
    /// the next `draw` sends only what differs from the scrolled screen.
    public func pushScrollback(_ line: [Cell]) {
        var line = line
        if let wire { line = wire.row(line).cells }
        out += Array("\u{1B}[1;1H\u{1B}[0m\u{1B}[2K".utf8)
        pen = .plain
        var x = 0
        while x < min(columns, line.count) {
            x = put(line, at: x)
        }
        out += Array("\u{1B}[\(rows);1H\n".utf8)
        if var s = shown {
            s.removeFirst()
            s.append(Array(repeating: Cell.blank, count: columns))
            shown = s
        }
    }

    /// Pushes `lines` (in visual order, oldest first) into the terminal's scrollback, then draws
    /// `frame`. When the terminal shows the first of those lines at the top of its screen, which
    /// is what a program that only prints (a shell, `cat`, `git log`) leaves there, they scroll
    /// out with line feeds at the bottom row and the lines the terminal never showed are written
    /// as a stream, as the program wrote them: a flood costs about the bytes of its text.
    /// Otherwise each line is drawn on the top row and scrolled out (`pushScrollback(_:)`).
    public func scroll(_ lines: [[Cell]], thenDraw frame: [[Cell]], cursor: (x: Int, y: Int)?) {
        guard !lines.isEmpty else { return draw(frame, cursor: cursor) }
        guard wire == nil, var screen = shown else {
            for line in lines { pushScrollback(line) }
            return draw(frame, cursor: cursor)
        }
        let blankRow = Array(repeating: Cell.blank, count: columns)
        let pushed = lines.map(fitted)
        // 1. The lines the screen already shows at its top (a program that prints leaves them
        //    there; the row it was still writing may differ) leave by line feeds at the bottom.
        var matching = 0
        while matching < min(pushed.count, rows), pushed[matching] == screen[matching] { matching += 1 }
        if matching > 0 {
            out += Array("\u{1B}[\(rows);1H".utf8) + Array(repeating: 0x0A, count: matching)
            screen = Array(screen.dropFirst(matching)) + Array(repeating: blankRow, count: matching)
        }
        let rest = pushed[matching...]
        if !rest.isEmpty {
            // 2. The others are written over the top rows, as many as fit.
            let onScreen = min(rest.count, rows)
            for (y, line) in rest.prefix(onScreen).enumerated() {
                resetPen()
                out += Array("\u{1B}[\(y + 1);1H\u{1B}[2K".utf8)
                writeTrimmed(line)
                screen[y] = line
            }
            if rest.count <= rows {
                // 3a. They leave by line feeds too.
                out += Array("\u{1B}[\(rows);1H".utf8) + Array(repeating: 0x0A, count: onScreen)
                screen = Array(screen.dropFirst(onScreen)) + Array(repeating: blankRow, count: onScreen)
            } else {
                // 3b. A flood: the screen is the first `rows` of them; the rest and then the new
                //     screen follow as a stream of lines, which scrolls all of them out.
                out += Array("\u{1B}[\(rows);1H".utf8)
                var next: [[Cell]] = []
                for y in 0..<rows { next.append(y < frame.count ? fitted(frame[y]) : blankRow) }
                for line in rest.dropFirst(rows) { streamLine(line) }
                for line in next { streamLine(line) }
                screen = next
            }
        }
        shown = screen
        draw(frame, cursor: cursor)
    }

    private func resetPen() {
        if pen != .plain {
            out += Array("\u{1B}[0m".utf8)
            pen = .plain
        }
    }

    /// The cells of `line` up to its last one that is not blank.
    private func writeTrimmed(_ line: [Cell]) {
        var last = line.count - 1
        while last >= 0, Self.isPlainBlank(line[last]) { last -= 1 }
        var x = 0
        while x <= last { x = put(line, at: x) }
    }

    /// A line feed at the bottom row, then `line` on the new bottom row.
    private func streamLine(_ line: [Cell]) {
        resetPen()
        out += Array("\r\n\u{1B}[K".utf8)
        writeTrimmed(line)
    }

    /// `row` cut or padded to the screen's width.
    private func fitted(_ row: [Cell]) -> [Cell] {
        if row.count == columns { return row }
        if row.count > columns { return Array(row.prefix(columns)) }
        return row + Array(repeating: Cell.blank, count: columns - row.count)
    }

    /// Draws `frame` (rows of cells in visual order; rows beyond the screen are ignored, missing
    /// ones are blank), then places the cursor at `cursor` or hides it.
    public func draw(_ frame: [[Cell]], cursor: (x: Int, y: Int)?) {
        var frame = frame
        var cursor = cursor
        if let wire {
            var buffer = Buffer(width: columns, height: rows)
            for y in 0..<min(rows, frame.count) {
                for (x, c) in frame[y].prefix(columns).enumerated() { buffer.set(x: x, y: y, c) }
            }
            let transformed = wire.transform(buffer)
            frame = (0..<rows).map { y in (0..<columns).map { transformed[$0, y] ?? .blank } }
            cursor = cursor.map { wire.wirePosition(x: $0.x, y: $0.y) }
        }
        var next: [[Cell]]
        if frame.count == rows, frame.allSatisfy({ $0.count == columns }) {
            next = frame  // every row as it is (the common case: the host's rows are the screen's width)
        } else {
            next = []
            next.reserveCapacity(rows)
            for y in 0..<rows {
                // A row of the right width is kept as it is (its storage shared): a row the host did
                // not lay out again is then the very array drawn last time, and skipped at once below.
                if y < frame.count, frame[y].count == columns { next.append(frame[y]); continue }
                var row = y < frame.count ? Array(frame[y].prefix(columns)) : []
                if row.count < columns { row += Array(repeating: Cell.blank, count: columns - row.count) }
                next.append(row)
            }
        }
        let fullRepaint = shown == nil
        if fullRepaint {
            // Each row is erased by itself (EL 2), never the whole screen at once: tmux (its
            // scroll-on-clear) and VTE move the screen into their scrollback on ED 2 (tmux on
            // ED 0 from the top too), so
            // every full repaint of the normal screen (after the alternate screen, a resize, a
            // resume) would copy the program's lines into the history again.
            out += Array("\u{1B}[0m".utf8)
            for y in 0..<rows { out += Array("\u{1B}[\(y + 1);1H\u{1B}[2K".utf8) }
            pen = .plain
        }
        for y in 0..<rows {
            let row = next[y]
            var first = 0, last = columns - 1
            if let old = shown?[y] {
                if Self.sameStorage(old, row) { continue }
                while first < columns, old[first] == row[first] { first += 1 }
                if first == columns { continue }
                while last > first, old[last] == row[last] { last -= 1 }
            } else {
                // After a clear only what is not blank needs sending.
                while first < columns, Self.isPlainBlank(row[first]) { first += 1 }
                if first == columns { continue }
                while last > first, Self.isPlainBlank(row[last]) { last -= 1 }
            }
            // Never start on the right half of a wide character.
            while first > 0, row[first].isContinuation { first -= 1 }
            out += Array("\u{1B}[\(y + 1);\(first + 1)H".utf8)
            var x = first
            while x <= last { x = put(row, at: x) }
        }
        shown = next
        if let c = cursor, c.x >= 0, c.y >= 0, c.x < columns, c.y < rows {
            out += Array("\u{1B}[\(c.y + 1);\(c.x + 1)H".utf8)
            if cursorShown != true { out += Array("\u{1B}[?25h".utf8) }
            cursorShown = true
        } else if cursorShown != false {
            out += Array("\u{1B}[?25l".utf8)
            cursorShown = false
        }
    }

    /// Writes what is queued. False when the terminal cannot be written to.
    @discardableResult
    public func flush() -> Bool {
        guard !out.isEmpty else { return !writeFailed }
        if !writeFailed {
            if TerminalConversation.write(out, to: fd) {
                bytesWritten += out.count
            } else {
                writeFailed = true
            }
        }
        out.removeAll(keepingCapacity: true)
        return !writeFailed
    }

    // MARK: - Cells

    /// Writes the cell at `x` (with its style), returns the column after it.
    private func put(_ row: [Cell], at x: Int) -> Int {
        let cell = row[x]
        if cell.isContinuation {
            // A right half whose left half is not being written: a blank keeps the column.
            setPen(cell.style)
            out.append(0x20)
            return x + 1
        }
        setPen(cell.style)
        let utf8 = cell.symbol.utf8
        if utf8.count == 1, let b = utf8.first, b >= 0x20, b < 0x7F {
            out.append(b)  // printable ASCII: nothing to guard, one column everywhere
            return x + 1
        }
        // One scalar in one column that the guard keeps, nothing to leave out, and a width every
        // terminal agrees on (most Hebrew and Arabic cells): its bytes as they are, which is what
        // the general path below writes for it.
        if cell.width == 1, let v = Self.singleScalar(utf8), v >= 0xA0, !Sanitizer.isBidiControl(v),
           !Self.widthsDisagree(v), !((dropsMarks || dropsFormatCharacters) && dropCandidate(Unicode.Scalar(v)!)) {
            out.append(contentsOf: utf8)
            return x + 1
        }
        let wide = cell.width == 2 && x + 1 < columns
        var symbol = Sanitizer.terminalSafe(cell.symbol)
        if dropsMarks || dropsFormatCharacters, symbol.unicodeScalars.contains(where: { dropCandidate($0) }) {
            let count = symbol.unicodeScalars.count
            let kept = symbol.unicodeScalars.enumerated().filter { i, u in
                let bits = categoryBits(u)
                if dropsMarks, i > 0 || count == 1, bits & 1 != 0 { return false }
                return !(dropsFormatCharacters && bits & 2 != 0)
            }
            symbol = String(String.UnicodeScalarView(kept.map(\.element)))
        }
        if symbol.isEmpty { symbol = " " }
        if cell.width == 2 && !wide { symbol = " " }
        out.append(contentsOf: symbol.utf8)
        let next = x + (wide ? 2 : 1)
        // Where terminals' width tables may disagree (wide and East Asian characters, emoji), the
        // next cell is placed by column, not by the terminal's advance.
        if next < columns, wide || Self.widthsDisagree(symbol.unicodeScalars.first?.value ?? 0) {
            out += Array("\u{1B}[\(next + 1)G".utf8)
        }
        return next
    }

    /// Per block of 256 BMP code points, filled when first used: bit 0 a combining mark (Mn, Me),
    /// bit 1 a format character (Cf). What `put` may leave out, without a category lookup per cell.
    private var categoryBlocks = [[UInt8]?](repeating: nil, count: 256)

    /// Whether `u` is a mark or format character that `dropsMarks` or `dropsFormatCharacters` may
    /// leave out.
    private func dropCandidate(_ u: Unicode.Scalar) -> Bool {
        let bits = categoryBits(u)
        return (dropsMarks && bits & 1 != 0) || (dropsFormatCharacters && bits & 2 != 0)
    }

    /// `Self.categoryBits(u)`, from `categoryBlocks` for the BMP.
    private func categoryBits(_ u: Unicode.Scalar) -> UInt8 {
        let v = u.value
        guard v < 0x10000 else { return Self.categoryBits(u) }
        let block = Int(v >> 8)
        if categoryBlocks[block] == nil {
            categoryBlocks[block] = (0..<256).map { i in
                guard let s = Unicode.Scalar(UInt32(block << 8 | i)) else { return 0 }
                return Self.categoryBits(s)
            }
        }
        return categoryBlocks[block]![Int(v & 0xFF)]
    }

    private static func categoryBits(_ u: Unicode.Scalar) -> UInt8 {
        switch u.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return 1
        case .format: return 2
        default: return 0
        }
    }

    /// The scalar `utf8` encodes when it is exactly one scalar of two to four bytes, else nil.
    static func singleScalar(_ utf8: String.UTF8View) -> UInt32? {
        var it = utf8.makeIterator()
        guard let b0 = it.next() else { return nil }
        let length: Int
        var v: UInt32
        switch b0 {
        case 0xC2...0xDF: length = 2; v = UInt32(b0 & 0x1F)
        case 0xE0...0xEF: length = 3; v = UInt32(b0 & 0x0F)
        case 0xF0...0xF4: length = 4; v = UInt32(b0 & 0x07)
        default: return nil
        }
        guard utf8.count == length else { return nil }
        while let b = it.next() { v = v << 6 | UInt32(b & 0x3F) }
        return v
    }

    /// Whether two rows are one array (the same storage): then they are equal without a look.
    static func sameStorage(_ a: [Cell], _ b: [Cell]) -> Bool {
        a.count == b.count && a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress } }
    }

    /// A space in the plain style (what an erased cell shows).
    @inline(__always)
    static func isPlainBlank(_ c: Cell) -> Bool {
        let utf8 = c.symbol.utf8
        return c.width == 1 && utf8.count == 1 && utf8.first == 0x20 && c.style == .plain
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

    private var lastStyle: Style?
    private var lastMapped = Style.plain

    private func setPen(_ style: Style) {
        // Runs of cells share a style: map it once.
        let mapped: Style
        if style == lastStyle {
            mapped = lastMapped
        } else {
            mapped = map(style)
            lastStyle = style
            lastMapped = mapped
        }
        guard pen != mapped else { return }
        out += Array(BufferExport.sgr(mapped).utf8)
        pen = mapped
    }

    /// `style` as this terminal can show it.
    func map(_ style: Style) -> Style {
        if colors == .monochrome { return Style(attributes: style.attributes) }
        return Style(fg: map(style.fg), bg: map(style.bg), attributes: style.attributes)
    }

    private func map(_ color: Color) -> Color {
        switch (color, colors) {
        case (.default, _): return .default
        case (.rgb, .palette256): return truecolor ? color : color.nearest256.map { Color.indexed($0) } ?? .default
        case (_, .palette256): return color
        case (.ansi, .ansi16): return color
        case (.indexed(let n), .ansi16) where n < 16: return .ansi(n)
        default: return color.basic8.map { Color.ansi($0) } ?? .default
        }
    }
}
