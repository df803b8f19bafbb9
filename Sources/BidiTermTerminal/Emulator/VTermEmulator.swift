import BidiTerm
import CVTerm

/// The screen of a program run on a pseudo-terminal, emulated by libvterm and read as BidiTerm
/// cells.
///
/// libvterm parses the program's output and keeps the terminal's state (modes, cursor, scroll
/// region, pen); the screen itself is kept by the `CVTerm` shim as libvterm's screen layer keeps it,
/// with its rows held by pointer, so a line scrolled off costs one row, not the whole screen.
///
/// Feed it the program's output; read rows, the damaged rows, lines scrolled off the top, the cursor
/// and the modes; send it keys, pastes and mouse events, which it encodes as the program's modes ask;
/// write what `takeOutput()` returns back to the program. It does no bidi: rows are in the logical
/// order the program wrote them, and it never writes to a terminal itself.
///
/// ```swift
/// let emulator = VTermEmulator(rows: 24, columns: 80)
/// emulator.feed(Array("שלום\r\n".utf8))
/// emulator.row(0).first?.symbol   // "ש"
/// ```
///
/// Not thread-safe: use one emulator from one thread at a time.
public final class VTermEmulator {
    /// The most rows or columns an emulator has; rows are clamped to `1...maxSize`, columns to
    /// `minColumns...maxSize`.
    public static let maxSize = Int(CVTERM_MAX_SIZE)
    /// The fewest columns: libvterm 0.1.4 crashes when a wide character is put on a screen one
    /// column wide.
    public static let minColumns = Int(CVTERM_MIN_COLUMNS)
    /// The most bytes `takeOutput()` holds; beyond, bytes are dropped and counted in
    /// `droppedOutputBytes`.
    public static let outputLimit = 16 << 20
    /// The most characters of a title.
    public static let titleLimit = 256

    let term: OpaquePointer
    let sink: EmulatorSink
    var scanner = ControlScanner()
    private var filtered: [UInt8] = []
    private var heldUTF8: [UInt8] = []
    /// A row of cells read from the shim at once (`row(_:)`), and the damaged rows (`takeDamagedRows`).
    private var rowScratch: [CVTerm_Cell] = []
    private var damageScratch: [Int32] = []
    private var firstScratch: [Int32] = []
    private var lastScratch: [Int32] = []
    private var seenTitleChanges = 0
    private var heldButtons: Set<Int> = []

    /// A blank screen of `rows` × `columns` (clamped: `1...maxSize` rows, `minColumns...maxSize`
    /// columns), UTF-8, with the alternate screen enabled.
    public init(rows: Int, columns: Int) {
        let sink = EmulatorSink()
        self.sink = sink
        let user = Unmanaged.passUnretained(sink).toOpaque()
        guard let term = CVTerm_new(Self.clamp(rows), Self.clamp(columns), { user, columns, used, cells in
            guard let user else { return }
            Unmanaged<EmulatorSink>.fromOpaque(user).takeUnretainedValue()
                .pushLine(UnsafeBufferPointer(start: cells, count: cells == nil ? 0 : Int(used)), width: Int(columns))
        }, { user, bytes, length in
            guard let user, let bytes else { return }
            Unmanaged<EmulatorSink>.fromOpaque(user).takeUnretainedValue()
                .appendOutput(UnsafeRawBufferPointer(start: bytes, count: length))
        }, user) else {
            fatalError("libvterm could not allocate a \(rows)×\(columns) terminal")
        }
        self.term = term
        sink.rows = self.rows
    }

    deinit { CVTerm_free(term) }

    static func clamp(_ n: Int) -> Int32 { Int32(min(max(n, 1), maxSize)) }

    // MARK: Size

    /// The number of rows.
    public var rows: Int {
        var r: Int32 = 0, c: Int32 = 0
        CVTerm_get_size(term, &r, &c)
        return Int(r)
    }

    /// The number of columns.
    public var columns: Int {
        var r: Int32 = 0, c: Int32 = 0
        CVTerm_get_size(term, &r, &c)
        return Int(c)
    }

    /// Changes the size (clamped as in `init`). libvterm reflows nothing; lines that no
    /// longer fit at the top may go to `takeScrolledOff()`. Every row becomes damaged.
    public func resize(rows: Int, columns: Int) {
        CVTerm_resize(term, Self.clamp(rows), Self.clamp(columns))
        sink.rows = self.rows
    }

    // MARK: Output of the program

    /// Feeds output of the program. Any bytes are accepted: invalid UTF-8 becomes U+FFFD, and a
    /// sequence or character cut at the end continues with the next feed (an ESC or an incomplete
    /// UTF-8 character that ends a feed takes effect with the next). APC, PM and SOS strings are
    /// removed before libvterm sees them.
    public func feed(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        filtered.removeAll(keepingCapacity: true)
        filtered.append(contentsOf: heldUTF8)
        scanner.scan(bytes, into: &filtered)
        // libvterm 0.1.4 turns a UTF-8 character split between two writes into U+FFFD (seen with the
        // recorded fixtures fed in pieces of 7 bytes), so an incomplete one waits for the next feed.
        let held = Self.incompleteUTF8Suffix(filtered)
        heldUTF8 = Array(filtered.suffix(held))
        let count = filtered.count - held
        // libvterm 0.1.4 copies an OSC or DCS string piece with strncpy(3) and, for some streams,
        // asks for more bytes than the piece has (found by the emulator's fuzz target: a read of 60
        // bytes past the end of the input); zero bytes after the input end that read inside it.
        filtered.append(contentsOf: Self.readSlack)
        var start = 0
        filtered.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, count > 0 else { return }
            base.withMemoryRebound(to: CChar.self, capacity: count) { chars in
                // Fed up to each cursor restore, after which the cursor is put back inside the
                // screen (see `ControlScanner.restorePoints`), then the rest.
                for point in scanner.restorePoints where point > start && point <= count {
                    CVTerm_feed(term, chars + start, point - start)
                    CVTerm_keep_cursor_inside(term)
                    start = point
                }
                if start < count { CVTerm_feed(term, chars + start, count - start) }
            }
        }
        scanner.restorePoints.removeAll(keepingCapacity: true)
        if filtered.capacity > 1 << 20 { filtered = [] }  // do not keep a huge feed's buffer
    }

    /// Zero bytes kept after every input handed to libvterm (see `feed`): more than its string
    /// buffer (64 bytes) can ask for.
    static let readSlack = [UInt8](repeating: 0, count: 80)

    /// The length of an incomplete UTF-8 character at the end of `bytes` (0 if none).
    static func incompleteUTF8Suffix(_ bytes: [UInt8]) -> Int {
        var i = bytes.count
        var continuation = 0
        while i > 0 && continuation < 3 && bytes[i - 1] & 0xC0 == 0x80 {
            i -= 1
            continuation += 1
        }
        guard i > 0 else { return 0 }
        let lead = bytes[i - 1]
        let need: Int
        switch lead {
        case 0xC2...0xDF: need = 1
        case 0xE0...0xEF: need = 2
        case 0xF0...0xF4: need = 3
        default: return 0
        }
        return continuation < need ? continuation + 1 : 0
    }

    /// Feeds output of the program (see `feed(_:)` for a buffer).
    public func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { feed($0) }
    }

    // MARK: The screen

    /// Row `y` as exactly `columns` cells, in the order the program wrote them (logical order).
    ///
    /// An empty cell is `" "` of width 1; a wide character is a cell of width 2 followed by
    /// `Cell.continuation`; a base character and its combining characters share one `symbol`;
    /// control characters (C0, DEL, C1) and invalid scalars become U+FFFD. A `y` outside the screen
    /// gives a blank row.
    public func row(_ y: Int) -> [Cell] {
        let width = columns
        guard y >= 0 && y < rows else { return Array(repeating: .blank, count: width) }
        if rowScratch.count < width { rowScratch = Array(repeating: CVTerm_Cell(), count: width) }
        let used = rowScratch.withUnsafeMutableBufferPointer { Int(CVTerm_get_row(term, Int32(y), $0.baseAddress, Int32(width))) }
        return rowScratch.withUnsafeBufferPointer { Self.cells(from: UnsafeBufferPointer(rebasing: $0[..<used]), width: width) }
    }

    /// The rows changed since the last call (sorted, each once): rows drawn, erased or moved, and every row
    /// after a resize or a switch between the primary and the alternate screen.
    public func takeDamagedRows() -> [Int] { takeDamage().map(\.row) }

    /// The rows changed since the last call (sorted, each once), each with the columns that changed
    /// in it, `first...last`: the cells of the characters written, or the whole row for anything
    /// else (an erase, a scroll, a resize, a switch of screens).
    public func takeDamage() -> [(row: Int, first: Int, last: Int)] {
        var result: [(row: Int, first: Int, last: Int)] = []
        if damageScratch.isEmpty {
            damageScratch = [Int32](repeating: 0, count: 256)
            firstScratch = damageScratch
            lastScratch = damageScratch
        }
        while true {
            let n = damageScratch.withUnsafeMutableBufferPointer { rows in
                firstScratch.withUnsafeMutableBufferPointer { first in
                    lastScratch.withUnsafeMutableBufferPointer { last in
                        CVTerm_take_damage_spans(term, rows.baseAddress, first.baseAddress, last.baseAddress, Int32(rows.count))
                    }
                }
            }
            for i in 0..<Int(n) { result.append((Int(damageScratch[i]), Int(firstScratch[i]), Int(lastScratch[i]))) }
            if n < Int32(damageScratch.count) { break }
        }
        return result
    }

    /// Brings `cells`, row `y` as `row(y)` gave it before its columns `first...last` changed (and
    /// nothing else of it), up to date by reading only those columns and the one before them (whose
    /// width the change may have changed): the same cells `row(y)` now gives, without the rest of
    /// the row read and converted (a key's echo changes one cell of 120). False, with `cells` as
    /// it was, when that cannot be done so: `cells` of another width, or a wide character's halves
    /// across an edge of the columns read; then `row(y)` is what to use.
    public func update(row y: Int, _ cells: inout [Cell], first: Int, last: Int) -> Bool {
        let width = columns
        guard y >= 0, y < rows, cells.count == width, first >= 0, first <= last, last < width else { return false }
        let start = max(0, first - 1)
        let end = min(width - 1, last + 1)
        let count = end - start + 1
        if rowScratch.count < width { rowScratch = Array(repeating: CVTerm_Cell(), count: width) }
        return rowScratch.withUnsafeMutableBufferPointer { scratch -> Bool in
            guard let base = scratch.baseAddress,
                  Int(CVTerm_get_cells(term, Int32(y), Int32(start), Int32(count), base)) == count else { return false }
            // A reading of the whole row steps on `start` (not the right half of a wide character)
            // and on `last + 1` (what follows does not depend on the change).
            if start > 0, base.pointee.width == 0 { return false }
            if last + 1 < width, base[last + 1 - start].width == 0 { return false }
            cells.withUnsafeMutableBufferPointer { out in
                var pens = PenCache()
                var x = start
                while x <= last {
                    let cell = pens.cell(base + (x - start))
                    if cell.width == 2, x + 1 <= last {
                        out[x] = cell
                        out[x + 1] = .continuation(style: cell.style)
                        x += 2
                        continue
                    }
                    out[x] = cell.width == 1 ? cell : Cell(text: .space, width: 1, style: cell.style)
                    x += 1
                }
            }
            return true
        }
    }

    /// The lines pushed off the top of the primary screen since the last call, oldest first (at most
    /// `4 × rows + 1100`; older ones are dropped and counted in `droppedScrollLines`). A line ends
    /// with its last cell that is not an erased one in the default colours (so at most `columns`
    /// cells, and none for an empty line). The alternate screen never scrolls lines off.
    public func takeScrolledOff() -> [[Cell]] { sink.takeLines() }

    /// How many scrolled-off lines wait for `takeScrolledOff()`.
    public var pendingScrolledLines: Int { sink.pendingLines }

    /// Lines that scrolled off but were dropped because `takeScrolledOff()` was not called in time.
    public var droppedScrollLines: Int { sink.droppedLines }

    // MARK: Modes and properties

    private var props: CVTerm_Props {
        var p = CVTerm_Props()
        CVTerm_get_props(term, &p)
        return p
    }

    /// The cursor: column `x` and row `y`, 0-based, inside the screen.
    public var cursor: (x: Int, y: Int) {
        let p = props
        return (min(max(Int(p.cursor_col), 0), columns - 1), min(max(Int(p.cursor_row), 0), rows - 1))
    }

    /// Whether the program shows the cursor (DECTCEM, `CSI ? 25 h/l`).
    public var cursorVisible: Bool { props.cursor_visible != 0 }
    /// Whether the cursor blinks (`CSI ? 12 h/l`, DECSCUSR).
    public var cursorBlink: Bool { props.cursor_blink != 0 }
    /// The cursor's shape (DECSCUSR, `CSI n SP q`).
    public var cursorShape: CursorShape {
        switch props.cursor_shape {
        case CVTERM_CURSOR_UNDERLINE: return .underline
        case CVTERM_CURSOR_BAR: return .bar
        default: return .block
        }
    }
    /// Whether the alternate screen is shown (`CSI ? 1049 h`, `? 47 h`, `? 1047 h`).
    public var altScreen: Bool { props.alt_screen != 0 }
    /// Whether the whole screen is in reverse video (DECSCNM, `CSI ? 5 h`). The cells' own
    /// `.reverse` already includes it.
    public var reverseVideo: Bool { props.reverse != 0 }
    /// The mouse events the program asked for.
    public var mouseMode: MouseMode {
        switch props.mouse {
        case CVTERM_MOUSE_CLICK: return .click
        case CVTERM_MOUSE_DRAG: return .drag
        case CVTERM_MOUSE_MOVE: return .move
        default: return .none
        }
    }
    /// How many times the program rang the bell (BEL) since the emulator was made.
    public var bellCount: Int { Int(props.bells) }

    /// Whether printable ASCII fed now would be put in the cells at the cursor as those very
    /// characters in the default colours without attributes, as `Self.plainCell(_:)` gives them:
    /// no sequence or UTF-8 character is open, the character set is US ASCII and the pen is plain
    /// (R37). Insert mode and margins are not known here: the cells after the cursor decide.
    public var printsPlainASCII: Bool {
        heldUTF8.isEmpty && scanner.printsASCII && CVTerm_pen_is_plain(term) != 0
    }

    /// The cell the emulator gives a printable ASCII byte written with a plain pen (R37).
    public static func plainCell(_ byte: UInt8) -> Cell {
        Cell(text: CellSymbol(scalar: UInt32(byte)), width: 1, style: .plain)
    }

    /// Whether the program asked for explicit bidi (BDSM, ECMA-48 mode 8): true after `CSI 8 l`,
    /// false after `CSI 8 h` and at first. Such a program orders its RTL text itself.
    public var explicitBidi: Bool { scanner.explicitBidi }

    /// The last title the program set (OSC 0 or 2), sanitised: no C0, DEL or C1 characters (they
    /// are removed), invalid UTF-8 as U+FFFD, at most `titleLimit` characters; nil before the first.
    public var title: String? {
        guard scanner.titleChanges > 0 else { return nil }
        return scanner.title.withUnsafeBytes { Self.sanitisedTitle($0) }
    }

    /// The title if the program set one since the last call (even to the same text), else nil.
    public func takeTitleChange() -> String? {
        guard scanner.titleChanges != seenTitleChanges else { return nil }
        seenTitleChanges = scanner.titleChanges
        return title
    }

    /// Complete OSC 52 sequences (`ESC ] 52 ; … BEL` or `… ESC \`) the program sent, raw, in order,
    /// since the last call. Never acted on: the caller forwards them only when allowed. Sequences
    /// over 1 MiB, or beyond 1 MiB pending, are dropped (`droppedClipboardWrites`). Other OSCs, DCS,
    /// APC and PM are never queued.
    public func takeClipboardWrites() -> [[UInt8]] {
        defer { scanner.clipboardWrites = [] }
        return scanner.clipboardWrites
    }

    /// OSC 52 sequences dropped for size.
    public var droppedClipboardWrites: Int { scanner.droppedClipboardWrites }

    /// The bytes to write to the program since the last call: libvterm's answers to its queries (DA,
    /// DA2, DSR, CPR, DECRQM…) and the encoded keys, pastes and mouse events sent, in order.
    public func takeOutput() -> [UInt8] { sink.takeOutput() }

    /// Bytes dropped because `takeOutput()` held `outputLimit` bytes.
    public var droppedOutputBytes: Int { sink.droppedOutput }

    // MARK: Conversion

    /// The cells of a row `width` wide of which the shim handed over `row` (its cells up to the
    /// last one that is not an erased cell in the default colours): a wide character keeps its
    /// right half as a continuation cell, and one that cannot fit (the last column) or a right half
    /// without its left becomes a blank in its style. The rest of the row is spaces in the plain
    /// style, filled at once, or, when `padded` is false, left off.
    static func cells(from row: UnsafeBufferPointer<CVTerm_Cell>, width: Int, padded: Bool = true) -> [Cell] {
        guard width > 0 else { return [] }
        let used = min(row.count, width)
        let total = padded ? width : used
        return [Cell](unsafeUninitializedCapacity: total) { out, count in
            guard total > 0 else { count = 0; return }
            let o = out.baseAddress!
            if let base = row.baseAddress {
                var pens = PenCache()
                var x = 0
                while x < used {
                    let cell = pens.cell(base + x)
                    if cell.width == 2, x + 1 < used {
                        (o + x).initialize(to: cell)
                        (o + x + 1).initialize(to: .continuation(style: cell.style))
                        x += 2
                        continue
                    }
                    // A wide character in the last column (or before the blanks), or a lone right half.
                    (o + x).initialize(to: cell.width == 1 ? cell : Cell(text: .space, width: 1, style: cell.style))
                    x += 1
                }
            }
            if used < total { (o + used).initialize(repeating: Cell(text: .space), count: total - used) }
            count = total
        }
    }

    /// The style of the last cell converted, by the raw bytes of its pen: the cells of a row
    /// mostly share one.
    struct PenCache {
        private static let attrsOffset = MemoryLayout<CVTerm_Cell>.offset(of: \CVTerm_Cell.attrs)!
        private static let colorsOffset = MemoryLayout<CVTerm_Cell>.offset(of: \CVTerm_Cell.fg_kind)!
        private var key: (UInt32, UInt64, UInt16)?
        private var style = Style.plain

        /// The cell at `p`, its style from the cache when its pen is the last one's.
        @inline(__always)
        mutating func cell(_ p: UnsafePointer<CVTerm_Cell>) -> Cell {
            let raw = UnsafeRawPointer(p)
            let k = (raw.loadUnaligned(fromByteOffset: Self.attrsOffset, as: UInt32.self),
                     raw.loadUnaligned(fromByteOffset: Self.colorsOffset, as: UInt64.self),
                     raw.loadUnaligned(fromByteOffset: Self.colorsOffset + 8, as: UInt16.self))
            if let key, key == k {} else {
                let c = p.pointee
                style = Style(fg: VTermEmulator.color(c.fg_kind, c.fg_index, c.fg_r, c.fg_g, c.fg_b),
                              bg: VTermEmulator.color(c.bg_kind, c.bg_index, c.bg_r, c.bg_g, c.bg_b),
                              attributes: VTermEmulator.attributes(c.attrs))
                key = k
            }
            return VTermEmulator.cell(chars: p, style: style)
        }
    }

    /// The cell of `p`'s characters and width, in `style`.
    @inline(__always)
    static func cell(chars p: UnsafePointer<CVTerm_Cell>, style: Style) -> Cell {
        let width = p.pointee.width
        if width == 0 { return .continuation(style: style) }
        let first = p.pointee.chars.0
        if first == 0 { return Cell(text: .space, style: style) }
        // One scalar (nearly every cell): its bytes, no string built.
        if p.pointee.chars.1 == 0 { return Cell(text: CellSymbol(scalar: scalar(first).value), width: width == 2 ? 2 : 1, style: style) }
        var symbol = String.UnicodeScalarView()
        withUnsafeBytes(of: p.pointee.chars) { raw in
            for code in raw.bindMemory(to: UInt32.self) {
                if code == 0 { break }
                symbol.append(scalar(code))
            }
        }
        return Cell(String(symbol), width: width == 2 ? 2 : 1, style: style)
    }

    /// A printable scalar: controls and invalid code points become U+FFFD.
    static func scalar(_ code: UInt32) -> Unicode.Scalar {
        if code < 0x20 || (code >= 0x7F && code < 0xA0) { return "\u{FFFD}" }
        return Unicode.Scalar(code) ?? "\u{FFFD}"
    }

    static func color(_ kind: UInt8, _ index: UInt8, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> Color {
        switch Int32(kind) {
        case CVTERM_COLOR_INDEXED: return index < 16 ? .ansi(index) : .indexed(index)
        case CVTERM_COLOR_RGB: return .rgb(r, g, b)
        default: return .default
        }
    }

    static func attributes(_ bits: UInt32) -> Attributes {
        var a: Attributes = []
        if bits & CVTERM_ATTR_BOLD != 0 { a.insert(.bold) }
        if bits & CVTERM_ATTR_UNDERLINE != 0 { a.insert(.underline) }
        if bits & CVTERM_ATTR_ITALIC != 0 { a.insert(.italic) }
        if bits & CVTERM_ATTR_BLINK != 0 { a.insert(.blink) }
        if bits & CVTERM_ATTR_REVERSE != 0 { a.insert(.reverse) }
        if bits & CVTERM_ATTR_STRIKE != 0 { a.insert(.strikethrough) }
        return a
    }

    static func sanitisedTitle(_ bytes: UnsafeRawBufferPointer) -> String {
        // A title cut at `ControlScanner.titleByteLimit` may end inside a character: not a U+FFFD.
        let complete = UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - incompleteUTF8Suffix(Array(bytes.suffix(4))))])
        let decoded = String(decoding: complete, as: UTF8.self)
        var scalars = String.UnicodeScalarView()
        for s in decoded.unicodeScalars where !(s.value < 0x20 || (s.value >= 0x7F && s.value < 0xA0)) {
            scalars.append(s)
        }
        return String(String(scalars).prefix(titleLimit))
    }

    // MARK: Mouse buttons held (for `send(_: MouseEvent)`)

    func noteButton(_ button: Int, pressed: Bool) {
        if pressed { heldButtons.insert(button) } else { heldButtons.remove(button) }
    }

    var buttonsHeld: [Int] { heldButtons.sorted() }
}
