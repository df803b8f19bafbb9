import BidiTerm
import CNcurses

/// A `TerminalBackend` on ncursesw: draws buffers with the wide-character API, reads keys with
/// `get_wch`.
///
/// Create it after curses mode has started (`TerminalSession` does both). It keeps the last buffer
/// it drew and hands ncurses only the cells that changed (`BufferDiff`); ncurses then sends the
/// terminal the shortest update it finds. Colours fall back 256 → 16 → 8 → monochrome
/// (`ColorMapper`); with `NO_COLOR` set no colour is ever sent.
///
/// Column positions are the buffer's. ncurses places characters by libc's `wcwidth()`, so a cell
/// whose grapheme libc measures differently from the buffer (a character newer than the C
/// library's tables, for instance) is drawn as a replacement glyph of the buffer's width
/// (U+FFFD for one column, U+FF1F for two), keeping every following cell in its column.
final class NcursesBackend: TerminalBackend {
    /// The colour support in use.
    let colorSupport: ColorSupport
    private let mapper: ColorMapper
    private var pairs: ColorPairTable
    private var previous: Buffer?
    private var cursorVisible: Bool?
    /// Set when a read found the terminal's input closed or hung up.
    private(set) var inputClosed = false
    /// Whether mouse reporting is on.
    let mouseEnabled: Bool

    /// Sets up colours and, if asked, the mouse for the running curses screen.
    ///
    /// - Parameters:
    ///   - noColor: no colours at all (the user set `NO_COLOR`); `start_color` is not called.
    ///   - mouse: report button presses and the wheel as `.mouse` events.
    init(noColor: Bool, mouse: Bool = false) {
        var support = ColorSupport.monochrome
        var defaults = false
        if !noColor, CNcurses_has_colors() == 1, CNcurses_start_color() == CNcurses_OK {
            defaults = CNcurses_use_default_colors() == CNcurses_OK
            support = ColorSupport.detect(hasColors: true, colorCount: Int(CNcurses_colors()), noColor: false)
        }
        colorSupport = support
        mapper = ColorMapper(support: support, defaultColorsAvailable: defaults)
        pairs = ColorPairTable(capacity: support == .monochrome ? 1 : Int(CNcurses_color_pairs()))
        mouseEnabled = mouse && CNcurses_enable_mouse(1) == 1
        Self.defineKeyVariants()
    }

    /// Home and End have several encodings (VT220 `ESC [ 1 ~`/`ESC [ 4 ~`, xterm `ESC [ H`/`ESC [ F`
    /// and `ESC O H`/`ESC O F`, rxvt `ESC [ 7 ~`/`ESC [ 8 ~`), and a terminal multiplexer sends its
    /// own whatever TERM describes. Binding the ones the terminal description leaves free keeps
    /// Home and End from arriving as Escape plus characters.
    private static func defineKeyVariants() {
        let home = ["\u{1B}[1~", "\u{1B}[7~", "\u{1B}[H", "\u{1B}OH"]
        let end = ["\u{1B}[4~", "\u{1B}[8~", "\u{1B}[F", "\u{1B}OF"]
        for s in home { _ = CNcurses_define_key_if_free(s, CNcurses_KEY_HOME) }
        for s in end { _ = CNcurses_define_key_if_free(s, CNcurses_KEY_END) }
    }

    /// The terminal's size in cells, as curses knows it (updated on KEY_RESIZE).
    var size: (width: Int, height: Int) {
        (Int(CNcurses_columns()), Int(CNcurses_lines()))
    }

    /// Writes the cells of `buffer` that differ from the previous draw, places or hides the
    /// cursor, and refreshes. Cells outside the screen are not drawn.
    func draw(_ buffer: Buffer, cursor: (x: Int, y: Int)?) {
        let (cols, rows) = size
        let changes = BufferDiff.changes(from: previous, to: buffer)
        for change in changes where change.x >= 0 && change.y >= 0 && change.x < cols && change.y < rows {
            put(change.cell, x: change.x, y: change.y, columns: cols)
        }
        previous = buffer

        if let c = cursor, c.x >= 0, c.y >= 0, c.x < cols, c.y < rows {
            setCursorVisible(true)
            _ = CNcurses_move(Int32(c.y), Int32(c.x))
        } else {
            setCursorVisible(false)
        }
        _ = CNcurses_wnoutrefresh()
        _ = CNcurses_doupdate()
    }

    /// Forgets the previous buffer and the cursor state, and makes the next refresh repaint the
    /// whole terminal (`clearok`).
    func invalidate() {
        previous = nil
        cursorVisible = nil
        _ = CNcurses_clearok(1)
    }

    /// Waits up to `timeoutMilliseconds` (negative: forever) for a key.
    ///
    /// Returns nil on timeout, when a signal interrupted the wait, and when the input has closed
    /// (then `inputClosed` is true).
    func readKey(timeoutMilliseconds: Int) -> KeyEvent? {
        CNcurses_timeout(Int32(clamping: timeoutMilliseconds < 0 ? -1 : timeoutMilliseconds))
        var value: UInt32 = 0
        let kind = CNcurses_get_wch(&value)
        if kind == CNcurses_INPUT_CHAR {
            return KeyEvent(terminalCharacter: value)
        }
        if kind == CNcurses_INPUT_KEYCODE {
            return keyEvent(forKeyCode: Int32(bitPattern: value))
        }
        if CNcurses_input_closed() == 1 { inputClosed = true }
        return nil
    }

    // MARK: - Drawing

    private func put(_ cell: Cell, x: Int, y: Int, columns: Int) {
        let style = mapper.map(cell.style)
        var pair: Int32 = 0
        if style.fg >= 0 || style.bg >= 0 {
            let p = pairs.pair(fg: style.fg, bg: style.bg)
            if p.isNew { _ = CNcurses_init_pair(Int32(p.pair), Int32(style.fg), Int32(style.bg)) }
            pair = Int32(p.pair)
        }
        let attrs = Self.cursesAttributes(style.attributes)
        // A wide grapheme needs both columns on screen; the buffer guarantees it, the screen may
        // be narrower than the buffer after a resize.
        let wanted = cell.width == 2 && x + 1 < columns ? 2 : 1
        // The terminal guard (R22). A placeholder of two characters (`␛[` for U+009B) in a cell of
        // one column keeps its first: curses' setcchar stops at the second spacing character.
        var symbol = Sanitizer.terminalSafe(cell.symbol)
        if symbol.isEmpty || (wanted == 1 && cell.width == 2) { symbol = " " }
        if let first = symbol.unicodeScalars.first {
            let libc = Int(CNcurses_wcwidth(first.value))
            let drawn = libc == 0 ? 1 : libc
            if drawn != wanted { symbol = wanted == 2 ? "\u{FF1F}" : "\u{FFFD}" }
        }
        var utf8 = Array(symbol.utf8)
        let written = utf8.withUnsafeMutableBufferPointer { p in
            p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) {
                CNcurses_put_cell(Int32(y), Int32(x), $0, p.count, attrs, pair)
            }
        }
        if written < 0 {
            // Not printable in this locale: keep the column with a plain placeholder.
            var fallback = Array((wanted == 2 ? "\u{FF1F}" : "?").utf8)
            _ = fallback.withUnsafeMutableBufferPointer { p in
                p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) {
                    CNcurses_put_cell(Int32(y), Int32(x), $0, p.count, attrs, pair)
                }
            }
        }
    }

    private func setCursorVisible(_ visible: Bool) {
        guard cursorVisible != visible else { return }
        if cursorVisible == nil {
            // After an invalidate curses may believe the wrong state (the terminal was restored
            // behind its back while stopped): toggle so the sequence is really sent.
            _ = CNcurses_curs_set(visible ? 0 : 1)
        }
        _ = CNcurses_curs_set(visible ? 1 : 0)
        cursorVisible = visible
    }

    /// The curses attribute bits for `attributes`.
    static func cursesAttributes(_ attributes: Attributes) -> UInt32 {
        var a = CNcurses_A_NORMAL
        if attributes.contains(.bold) { a |= CNcurses_A_BOLD }
        if attributes.contains(.dim) { a |= CNcurses_A_DIM }
        if attributes.contains(.italic) { a |= CNcurses_A_ITALIC }
        if attributes.contains(.underline) { a |= CNcurses_A_UNDERLINE }
        if attributes.contains(.reverse) { a |= CNcurses_A_REVERSE }
        return a
    }

    // MARK: - Keys

    /// The event for a curses key code (KEY_*). KEY_FIND and KEY_SELECT, which VT220-style
    /// terminals send for Home and End, are Home and End.
    private func keyEvent(forKeyCode code: Int32) -> KeyEvent {
        switch code {
        case CNcurses_KEY_LEFT: return .left
        case CNcurses_KEY_RIGHT: return .right
        case CNcurses_KEY_UP: return .up
        case CNcurses_KEY_DOWN: return .down
        case CNcurses_KEY_HOME, CNcurses_KEY_BEG, CNcurses_KEY_FIND: return .home
        case CNcurses_KEY_END, CNcurses_KEY_SELECT: return .end
        case CNcurses_KEY_PPAGE: return .pageUp
        case CNcurses_KEY_NPAGE: return .pageDown
        case CNcurses_KEY_BACKSPACE: return .backspace
        case CNcurses_KEY_DC: return .delete
        case CNcurses_KEY_ENTER: return .enter
        case CNcurses_KEY_BTAB: return .backTab
        case CNcurses_KEY_RESIZE:
            // curses has already resized its screen; the next draw repaints everything.
            invalidate()
            let s = size
            return .resize(width: s.width, height: s.height)
        case CNcurses_KEY_MOUSE:
            var x: Int32 = 0, y: Int32 = 0, button: Int32 = 0
            guard CNcurses_getmouse(&x, &y, &button) == CNcurses_OK else { return .unknown(Int(code)) }
            return .mouse(x: Int(x), y: Int(y), button: Int(button))
        default:
            let f = code - CNcurses_KEY_F0
            if f >= 1, f <= 63 { return .function(Int(f)) }
            return .unknown(Int(code))
        }
    }
}
