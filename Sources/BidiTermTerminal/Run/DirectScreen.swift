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
        var next = [[Cell]]()
        next.reserveCapacity(rows)
        for y in 0..<rows {
            var row = y < frame.count ? Array(frame[y].prefix(columns)) : []
            if row.count < columns { row += Array(repeating: Cell.blank, count: columns - row.count) }
            next.append(row)
        }
        let fullRepaint = shown == nil
        if fullRepaint {
            out += Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)
            pen = .plain
        }
        for y in 0..<rows {
            let row = next[y]
            var first = 0, last = columns - 1
            if let old = shown?[y] {
                while first < columns, old[first] == row[first] { first += 1 }
                if first == columns { continue }
                while last > first, old[last] == row[last] { last -= 1 }
            } else {
                // After a clear only what is not blank needs sending.
                while first < columns, row[first] == .blank { first += 1 }
                if first == columns { continue }
                while last > first, row[last] == .blank { last -= 1 }
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
        let wide = cell.width == 2 && x + 1 < columns
        var symbol = Sanitizer.terminalSafe(cell.symbol)
        if symbol.isEmpty { symbol = " " }
        if cell.width == 2 && !wide { symbol = " " }
        out += Array(symbol.utf8)
        let next = x + (wide ? 2 : 1)
        // Where terminals' width tables may disagree (wide and East Asian characters, emoji), the
        // next cell is placed by column, not by the terminal's advance.
        if let first = symbol.unicodeScalars.first, first.value >= 0x1100 || wide, next < columns {
            out += Array("\u{1B}[\(next + 1)G".utf8)
        }
        return next
    }

    private func setPen(_ style: Style) {
        let mapped = map(style)
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
