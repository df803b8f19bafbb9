import BidiTerm
import CNcurses
import Foundation

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
/// (U+FFFD for one column, U+FF1F for two), keeping every following cell in its column. The same
/// goes for glyphs the terminal itself measured differently at start-up (`measuredWidths`).
///
/// For a terminal that reorders what it receives (R21), each frame is rewritten into wire order
/// (`WireTransformer`) before the diff, and the cursor follows its cell.
///
/// Where the terminal moves the cursor a cell over a combining mark (`marks == .cell`), the app's
/// layout gives each mark a cell of its own (`LayoutOptions.marksInOwnCells`). curses cannot hold
/// a mark without a letter in a cell, so it is given a blank there, and after each refresh the mark
/// is written into its cell directly (cursor saved and restored around it); a row whose marks
/// change is repainted whole, and curses does not shift characters within rows.
///
/// Late answers to the start-up queries (R21) never reach the app as keys: an Escape followed by
/// the rest of a reply (`CSI ? … c`, `CSI … $ y`, `CSI r ; c R`, OSC and DCS strings) goes to
/// `lateReplies` when set, and is dropped otherwise.
public final class NcursesBackend: TerminalBackend {
    /// The colour support in use.
    public let colorSupport: ColorSupport
    private let mapper: ColorMapper
    private var pairs: ColorPairTable
    private var previous: Buffer?
    private var cursorVisible: Bool?
    /// Set when a read found the terminal's input closed or hung up.
    public private(set) var inputClosed = false
    /// Whether mouse reporting is on.
    public let mouseEnabled: Bool
    /// How rows are sent (R21); `.visual` sends them as drawn.
    private(set) var wire: WireTransformer?
    /// Glyphs whose advance the terminal reported different from the width table, with the
    /// width rtl-tui gives them: drawn as a replacement of that width.
    public var mismatchedGlyphs: Set<String> = []
    /// A descriptor whose readability ends a wait for a key (`AppMailbox.wakeDescriptor`), or -1.
    public var wakeDescriptor: Int32 = -1
    /// Called after each frame has been written (for sequences that must follow the cells).
    public var afterDraw: (() -> Void)?
    /// Leave zero-width format characters (ZWNJ, ZWJ, LRM…) out of cells: mlterm gives each a
    /// cell of its own.
    public var dropsFormatCharacters = false
    static func isMark(_ s: Unicode.Scalar) -> Bool {
        let c = s.properties.generalCategory
        return c == .nonspacingMark || c == .enclosingMark
    }

    /// Where combining marks (harakat, Hebrew points) go. `.combined`: as the cells hold them.
    /// `.drop`: left out of cells (the terminal would give each a cell, shifting the rest of the
    /// row). `.cell`: a cell holding a mark alone (the layout's `marksInOwnCells`) is written as
    /// that mark, into its column, and marks still in a letter's cell are left out.
    public var marks: MarkPlacement = .combined {
        didSet { CNcurses_idcok(marks == .cell ? 0 : 1) }
    }

    /// Replies to the start-up queries that arrive after the first frame (`TerminalStartup`),
    /// instead of being dropped; returning true ends the wait for a key at once.
    public var lateReplies: (([UInt8]) -> Bool)?

    /// Whether `symbol` is a mark alone: a cell the layout gave a mark of its own.
    static func isLoneMark(_ symbol: String) -> Bool {
        symbol.unicodeScalars.first.map(isMark) ?? false
    }

    /// Sets up colours and, if asked, the mouse for the running curses screen.
    ///
    /// - Parameters:
    ///   - noColor: no colours at all (the user set `NO_COLOR`); `start_color` is not called.
    ///   - mouse: report button presses and the wheel as `.mouse` events.
    public init(noColor: Bool, mouse: Bool = false) {
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

    /// Sends rows in `order` from now on (the next draw repaints everything).
    public func setWireOrder(_ order: WireOrder) {
        let mapper = self.mapper
        wire = order.rewrites ? WireTransformer(order: order, styleKey: { AnyHashable(mapper.map($0)) }) : nil
        invalidate()
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
    public var size: (width: Int, height: Int) {
        (Int(CNcurses_columns()), Int(CNcurses_lines()))
    }

    /// Writes the cells of `buffer` that differ from the previous draw, places or hides the
    /// cursor, and refreshes. Cells outside the screen are not drawn.
    public func draw(_ buffer: Buffer, cursor: (x: Int, y: Int)?) {
        let (cols, rows) = size
        var buffer = buffer
        var cursor = cursor
        if let wire {
            if wire.order.hidesCursor {
                // The caret is the cell the text field draws in the caret style.
                cursor = nil
            }
            buffer = wire.transform(buffer)
            cursor = cursor.map { wire.cursorPosition(x: $0.x, y: $0.y) }
        }
        let changes = BufferDiff.changes(from: previous, to: buffer)
        // Rows whose lone marks changed: repainted whole, then their marks written (see above).
        var markRows = Set<Int>()
        for change in changes where change.x >= 0 && change.y >= 0 && change.x < cols && change.y < rows {
            if marks == .cell, wire == nil,
               Self.isLoneMark(change.cell.symbol) || previous?[change.x, change.y].map({ Self.isLoneMark($0.symbol) }) == true {
                markRows.insert(change.y)
            }
            put(change.cell, x: change.x, y: change.y, columns: cols)
        }
        for y in markRows { _ = CNcurses_redrawln(Int32(y), 1) }
        previous = buffer

        if let c = cursor, c.x >= 0, c.y >= 0, c.x < cols, c.y < rows {
            setCursorVisible(true)
            _ = CNcurses_move(Int32(c.y), Int32(c.x))
        } else {
            setCursorVisible(false)
        }
        _ = CNcurses_wnoutrefresh()
        _ = CNcurses_doupdate()
        if !markRows.isEmpty { writeMarks(of: buffer, rows: markRows, columns: cols) }
        afterDraw?()
    }

    /// Writes the lone marks of `rows` into their cells, with their styles, the cursor and the
    /// attributes saved and restored around them (curses' idea of the screen stays true: it holds
    /// blanks there, which the terminal draws the marks in).
    private func writeMarks(of buffer: Buffer, rows: Set<Int>, columns: Int) {
        var out = Array("\u{1B}7".utf8)
        for y in rows.sorted() {
            for x in 0..<min(columns, buffer.area.maxX) {
                guard let cell = buffer[x, y], Self.isLoneMark(cell.symbol) else { continue }
                let mark = Sanitizer.terminalSafe(cell.symbol)
                guard Self.isLoneMark(mark) else { continue }
                out += Array("\u{1B}[\(y + 1);\(x + 1)H".utf8) + Array(BufferExport.sgr(sgrStyle(cell.style)).utf8) + Array(mark.utf8)
            }
        }
        out += Array("\u{1B}[0m\u{1B}8".utf8)
        _ = out.withUnsafeBytes { CNcurses_write_tty($0.baseAddress!, $0.count) }
    }

    /// `style` with the colours curses gives it here (the same numbers, as SGR colours).
    private func sgrStyle(_ style: Style) -> Style {
        let t = mapper.map(style)
        func color(_ n: Int) -> Color { n < 0 ? .default : n < 16 ? .ansi(UInt8(n)) : .indexed(UInt8(clamping: n)) }
        return Style(fg: color(t.fg), bg: color(t.bg), attributes: t.attributes)
    }

    /// Forgets the previous buffer and the cursor state, and makes the next refresh repaint the
    /// whole terminal (`clearok`).
    public func invalidate() {
        previous = nil
        wire?.reset()
        cursorVisible = nil
        _ = CNcurses_clearok(1)
    }

    /// Waits up to `timeoutMilliseconds` (negative: forever) for a key.
    ///
    /// Returns nil on timeout, when a signal interrupted the wait, and when the input has closed
    /// (then `inputClosed` is true).
    public func readKey(timeoutMilliseconds: Int) -> KeyEvent? {
        let clock = ContinuousClock()
        let start = clock.now
        var wait = timeoutMilliseconds
        if wakeDescriptor >= 0, wait != 0 {
            // Keys curses already holds come first; otherwise wait on the terminal and the
            // mailbox together, so a posted message ends the wait at once.
            if let key = readKey(timeoutMilliseconds: 0) { return key }
            if inputClosed { return nil }
            var fds = [pollfd(fd: CNcurses_input_fd(), events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
            let n = poll(&fds, 2, Int32(clamping: wait < 0 ? -1 : wait))
            if n <= 0 || fds[1].revents != 0 { return nil }
            let spent = start.duration(to: clock.now).components
            let elapsed = Int(spent.seconds * 1000 + spent.attoseconds / 1_000_000_000_000_000)
            wait = wait < 0 ? -1 : max(1, wait - elapsed)
        }
        while true {
            CNcurses_timeout(Int32(clamping: wait < 0 ? -1 : wait))
            var value: UInt32 = 0
            let kind = CNcurses_get_wch(&value)
            if kind == CNcurses_INPUT_CHAR {
                if value == 0x1B, let reply = takeReply() {
                    // A late reply, not a key: to the start-up queries if they wait for it, then
                    // wait for a key in the time that is left.
                    if let lateReplies, lateReplies(reply) { return nil }
                    if timeoutMilliseconds >= 0 {
                        let spent = start.duration(to: clock.now).components
                        wait = max(0, timeoutMilliseconds - Int(spent.seconds * 1000 + spent.attoseconds / 1_000_000_000_000_000))
                    }
                    continue
                }
                return KeyEvent(terminalCharacter: value)
            }
            if kind == CNcurses_INPUT_KEYCODE {
                return keyEvent(forKeyCode: Int32(bitPattern: value))
            }
            if CNcurses_input_closed() == 1 { inputClosed = true }
            return nil
        }
    }

    /// After an Escape: reads what follows it while it can still be a terminal's reply
    /// (`TerminalReplyParser`). A whole reply is taken (its bytes returned); anything else is
    /// pushed back, to be read as keys after the Escape (nil).
    private func takeReply() -> [UInt8]? {
        var bytes: [UInt8] = [0x1B]
        var pushBack: [(isKeyCode: Bool, value: UInt32)] = []
        defer {
            for item in pushBack.reversed() {
                _ = item.isKeyCode ? CNcurses_ungetch(Int32(bitPattern: item.value)) : CNcurses_unget_wch(item.value)
            }
        }
        while TerminalReplyParser.isReplyPrefix(bytes), bytes.count < 2048 {
            // The rest of a reply arrives with it; a person does not type `ESC [ ?` that fast.
            CNcurses_timeout(bytes.count == 1 ? 0 : 30)
            var value: UInt32 = 0
            let kind = CNcurses_get_wch(&value)
            if kind == CNcurses_INPUT_KEYCODE {
                pushBack.append((true, value))
                return nil
            }
            guard kind == CNcurses_INPUT_CHAR, let scalar = Unicode.Scalar(value) else { return nil }
            pushBack.append((false, value))
            bytes += Array(String(Character(scalar)).utf8)
            if TerminalReplyParser.reply(bytes) != nil {
                pushBack.removeAll()
                return bytes
            }
        }
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
        if !mismatchedGlyphs.isEmpty, mismatchedGlyphs.contains(symbol) { symbol = wanted == 2 ? "\u{FF1F}" : "\u{FFFD}" }
        if dropsFormatCharacters, symbol.unicodeScalars.contains(where: { $0.properties.generalCategory == .format }) {
            symbol = String(String.UnicodeScalarView(symbol.unicodeScalars.filter { $0.properties.generalCategory != .format }))
            if symbol.isEmpty { symbol = " " }
        }
        if marks != .combined, Self.isLoneMark(symbol) {
            // With `.cell`, written into its column after the refresh (`writeMarks`); curses
            // holds a blank.
            symbol = " "
        } else if marks != .combined, symbol.unicodeScalars.dropFirst().contains(where: Self.isMark) {
            let first = symbol.unicodeScalars.first!
            symbol = String(String.UnicodeScalarView([first] + symbol.unicodeScalars.dropFirst().filter { !Self.isMark($0) }))
        }
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
    public static func cursesAttributes(_ attributes: Attributes) -> UInt32 {
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
            var column = Int(x)
            if let wire, wire.reportsStoredColumns { column = wire.drawnColumn(wireX: column, y: Int(y)) }
            return .mouse(x: column, y: Int(y), button: Int(button))
        default:
            let f = code - CNcurses_KEY_F0
            if f >= 1, f <= 63 { return .function(Int(f)) }
            return .unknown(Int(code))
        }
    }
}
