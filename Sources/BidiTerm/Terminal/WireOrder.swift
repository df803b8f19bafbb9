import CICU

// R21, for terminals that run their own bidi over whatever they receive and cannot be told not
// to: the cells of a frame are sent in the order that the terminal's own algorithm turns back
// into the picture rtl-tui drew ("wire order"). Each transform is pure (a row of cells in, a row
// out) and checked, row by row, against a simulation of the terminal's algorithm with ICU and
// the terminal's own options; a row that no candidate reproduces is sent as drawn.

/// The order in which the cells of a row are sent to the terminal.
public enum WireOrder: String, CaseIterable, Hashable, Sendable, Codable {
    /// As drawn: for terminals that show cells where they are written (or whose bidi is off).
    case visual
    /// Konsole: one ICU paragraph per row at level 0 over every cell's characters, box drawing,
    /// block elements and geometric shapes (U+2500–U+25FF) as strong L, no mirroring. Sent: the
    /// logical order from ICU's inverse reordering with the same options.
    case konsole
    /// PuTTY: its own UBA per row over the base characters, the paragraph level from the row's
    /// first strong character, mirroring at odd levels. Sent: the row made an LTR paragraph
    /// (U+2800, an empty Braille cell of class L, in front of a leading RTL run), then ICU's
    /// inverse order with mirrored glyphs where PuTTY will mirror them back.
    case putty
    /// qterminal (qtermwidget): Qt's UBA at level 0 over each run of cells drawn together (equal
    /// colours and attributes, equal width, box drawing or not), with mirroring. Sent: ICU's
    /// inverse order per run.
    case qterminal
    /// VTE in its default implicit mode, reached where no escape sequence gets through (tmux with
    /// default options): one FriBidi paragraph per row at level 0 over every cell, mirroring at
    /// odd levels (box drawing not mirrored). Sent: ICU's inverse order for the whole row, with
    /// mirrored glyphs where VTE will mirror them back.
    case vte
    /// kitty: no bidi, but HarfBuzz lays out each run of non-blank cells of one font right to
    /// left when its first letter is of a right-to-left script. Sent: such runs reversed, with
    /// mirrored glyphs, every cell padded to the same number of code points with U+034F.
    case kitty

    /// Whether rows must be rewritten at all.
    public var rewrites: Bool { self != .visual }

    /// Whether the terminal reports mouse clicks at the stored (wire) column of a cell rather than
    /// where it shows, and shows its cursor on the cell stored under it: Konsole, PuTTY and VTE
    /// map columns through their bidi; kitty and qterminal do not.
    public var reportsStoredColumns: Bool { self == .konsole || self == .putty || self == .vte }

    /// Whether the terminal's cursor must stay hidden, the caret drawn as a cell of its own:
    /// qterminal repaints the cell under a blinking cursor alone, showing the cell stored there,
    /// not the one its bidi draws there (a letter out of place on the cursor's row). A cell in a
    /// style of its own is a run of its own, which qterminal draws where it belongs.
    public var hidesCursor: Bool { self == .qterminal }
}

/// A row of cells sent in wire order, and where each drawn column went.
public struct WireRow: Hashable, Sendable {
    /// The cells to write, left to right from column 0 (continuation cells after wide ones).
    public var cells: [Cell]
    /// `wireColumn[x]`: the column where the cell drawn at column `x` is written.
    public var wireColumn: [Int]
    /// False when no candidate order reproduced the row (it is then sent as drawn).
    public var exact: Bool
}

/// Rewrites frames into wire order for one terminal (`WireOrder`), keeping the last frame's rows
/// so that unchanged rows cost nothing. Not thread-safe (it owns ICU objects).
///
/// ```swift
/// let buffer = Label("שלום עולם").rendered(width: 20, height: 1, context: RenderContext(direction: .rtl))
/// let wire = WireTransformer(order: .konsole)
/// let sent = wire.transform(buffer)          // what the backend diffs and writes
/// let caret = wire.cursorPosition(x: 12, y: 3) // where the cursor goes
/// ```
public final class WireTransformer {
    /// The order rows are sent in.
    public let order: WireOrder
    /// What makes two cells part of one qterminal text run besides width and box drawing: the
    /// style as the terminal receives it (after colour fallback). Nil: the `Style` itself.
    private let styleKey: ((Style) -> AnyHashable)?
    private let bidi = WireBidi()
    private var cache: [Int: (input: [Cell], row: WireRow)] = [:]
    private var lastWidth = -1
    /// Rows of the last frame that no candidate reproduced (sent as drawn).
    public private(set) var inexactRows: [Int] = []

    /// A transformer for `order`; `styleKey` is what the terminal sees of a style (nil: the style).
    public init(order: WireOrder, styleKey: ((Style) -> AnyHashable)? = nil) {
        self.order = order
        self.styleKey = styleKey
    }

    /// `buffer` with every row in wire order (the same area and cells, moved within rows).
    public func transform(_ buffer: Buffer) -> Buffer {
        guard order.rewrites else { return buffer }
        let area = buffer.area
        if area.width != lastWidth { cache.removeAll(); lastWidth = area.width }
        var out = Buffer(area: area)
        var inexact: [Int] = []
        for y in area.minY..<area.maxY {
            var input: [Cell] = []
            input.reserveCapacity(area.width)
            for x in area.minX..<area.maxX { input.append(buffer[x, y]!) }
            let row: WireRow
            if let c = cache[y], c.input == input {
                row = c.row
            } else {
                row = self.row(input)
                cache[y] = (input, row)
            }
            if !row.exact { inexact.append(y) }
            var x = area.minX
            for cell in row.cells where !cell.isContinuation {
                out.set(x: x, y: y, cell)
                x += Int(max(1, cell.width))
            }
        }
        cache = cache.filter { $0.key >= area.minY && $0.key < area.maxY }
        inexactRows = inexact
        return out
    }

    /// Where to place the terminal's cursor to show it on the cell drawn at (x, y). Konsole, PuTTY
    /// and VTE show their cursor on the cell stored under it, wherever their bidi draws that cell:
    /// the cursor goes where the cell was written (`wirePosition`). kitty and qterminal draw the
    /// cursor at its own column, whatever glyph their layout puts there: it stays at (x, y).
    public func cursorPosition(x: Int, y: Int) -> (x: Int, y: Int) {
        reportsStoredColumns ? wirePosition(x: x, y: y) : (x, y)
    }

    /// Where the cell drawn at (x, y) was written in the last `transform` (unchanged outside it).
    public func wirePosition(x: Int, y: Int) -> (x: Int, y: Int) {
        guard order.rewrites, let row = cache[y]?.row else { return (x, y) }
        let i = x - 0
        guard i >= 0, i < row.wireColumn.count else { return (x, y) }
        return (row.wireColumn[i], y)
    }

    /// The drawn column of the cell written at column `x` of row `y` (a mouse report from a
    /// terminal that reports where the cell is stored, as Konsole and PuTTY do).
    public func drawnColumn(wireX x: Int, y: Int) -> Int {
        guard order.rewrites, let row = cache[y]?.row, let i = row.wireColumn.firstIndex(of: x) else { return x }
        return i
    }

    /// Whether the terminal reports mouse clicks at the stored (wire) column of a cell rather
    /// than where it shows (`WireOrder.reportsStoredColumns`).
    public var reportsStoredColumns: Bool { order.reportsStoredColumns }

    /// Forgets the cached rows (after the terminal was cleared, a resize).
    public func reset() {
        cache.removeAll()
    }

    /// One row (every cell of it, continuation cells included) in wire order.
    public func row(_ row: [Cell]) -> WireRow {
        let units = Self.units(of: row)
        var placed: [Unit]
        var exact = true
        switch order {
        case .visual:
            placed = units
        case .konsole:
            if let r = bidi.konsoleInverse(units) { placed = r } else { placed = units; exact = false }
        case .putty:
            if let r = bidi.puttyInverse(units) { placed = r } else { placed = units; exact = false }
        case .vte:
            if let r = bidi.qtInverse(units) { placed = r } else { placed = units; exact = false }
        case .qterminal:
            placed = []
            for fragment in Self.qterminalFragments(units, styleKey: styleKey) {
                if let r = bidi.qtInverse(fragment) { placed += r } else { placed += fragment; exact = false }
            }
        case .kitty:
            placed = []
            for run in KittyRuns.runs(units) {
                let w = KittyRuns.wireOrder(run)
                // A run that starts with a right-to-left letter and ends with a left-to-right one
                // (`ﻭBluetooth`) comes out reversed whatever the order: kitty takes the direction
                // from the first letter sent.
                if KittyRuns.shown(w).map(\.cell.symbol) != run.map(\.cell.symbol) { exact = false }
                placed += w
            }
        }
        return Self.assemble(placed, width: row.count, exact: exact)
    }

    /// What the terminal of `order` shows for a row sent as `wire` (continuation cells included):
    /// its own bidi, simulated with ICU and the terminal's options. For `.visual` the row itself.
    public func simulate(_ wire: [Cell]) -> [Cell] {
        let units = Self.units(of: wire)
        let shown: [Unit]
        switch order {
        case .visual: shown = units
        case .konsole: shown = bidi.konsoleForward(units)
        case .putty: shown = bidi.puttyForward(units)
        case .vte: shown = bidi.qtForward(units)
        case .qterminal: shown = Self.qterminalFragments(units, styleKey: styleKey).flatMap { bidi.qtForward($0) }
        case .kitty: shown = KittyRuns.runs(units).flatMap { KittyRuns.shown($0) }
        }
        return Self.assemble(shown, width: wire.count, exact: true).cells
    }

    // MARK: - Units

    /// A cell that is not a continuation, with the column it was drawn at.
    struct Unit: Hashable {
        var cell: Cell
        var column: Int
        var width: Int { Int(max(1, cell.width)) }
        /// The first code point, as the terminals' per-cell algorithms see it.
        var scalar: Unicode.Scalar { cell.symbol.unicodeScalars.first ?? " " }
        /// One UTF-16 unit for ICU (a supplementary character counts as U+FFFD, class ON, as the
        /// emoji it usually is).
        var unit: UInt16 { scalar.value > 0xFFFF ? 0xFFFD : UInt16(scalar.value) }
        func mirrored() -> Unit {
            guard let first = cell.symbol.unicodeScalars.first, let m = UnicodeProperties.mirror(first) else { return self }
            var u = self
            u.cell.symbol = String(Character(m)) + String(cell.symbol.unicodeScalars.dropFirst())
            return u
        }
    }

    static func units(of row: [Cell]) -> [Unit] {
        var out: [Unit] = []
        out.reserveCapacity(row.count)
        for (x, c) in row.enumerated() where !c.isContinuation {
            var cell = c
            if cell.symbol.isEmpty { cell.symbol = " " }
            out.append(Unit(cell: cell, column: x))
        }
        return out
    }

    static func assemble(_ units: [Unit], width: Int, exact: Bool) -> WireRow {
        var cells: [Cell] = []
        cells.reserveCapacity(width)
        var map = Array(0..<width)
        for u in units {
            let x = cells.count
            if u.column < width { map[u.column] = x }
            cells.append(u.cell)
            if u.width == 2 {
                if u.column + 1 < width { map[u.column + 1] = x + 1 }
                cells.append(.continuation(style: u.cell.style))
            }
        }
        return WireRow(cells: cells, wireColumn: map, exact: exact)
    }

    /// qtermwidget's text fragments: runs of cells with the same style (as received), the same
    /// width, and the same box-drawing-ness (U+2500–U+257F, drawn by the widget itself).
    static func qterminalFragments(_ units: [Unit], styleKey: ((Style) -> AnyHashable)?) -> [[Unit]] {
        var out: [[Unit]] = []
        var lastKey: AnyHashable? = nil
        for u in units {
            let box = (u.scalar.value & 0xFFFF_FF80) == 0x2500
            let style = styleKey?(u.cell.style) ?? AnyHashable(u.cell.style)
            let key = AnyHashable([style, AnyHashable(u.width), AnyHashable(box)])
            if key == lastKey, !out.isEmpty { out[out.count - 1].append(u) } else { out.append([u]) }
            lastKey = key
        }
        return out
    }
}

// MARK: - ICU, with the terminals' options

/// One UBiDi with the options the terminals use.
final class WireBidi {
    private let bidi = ICUBidi()
    private var overridesOn = false

    /// U+2500–U+25FF as strong L: Konsole's `BidiTableDirOverride` (on by default). ICU keeps
    /// the pointer while the override is set, so it lives as long as this object.
    private let boxDrawingAsL: UnsafeMutablePointer<CICU_ClassOverride> = {
        let p = UnsafeMutablePointer<CICU_ClassOverride>.allocate(capacity: 1)
        p.initialize(to: CICU_ClassOverride(first: 0x2500, last: 0x25FF, bidiClass: 0))
        return p
    }()

    deinit {
        var err: Int32 = 0
        CICU_bidi_setClassOverrides(bidi.raw, nil, 0, &err)
        boxDrawingAsL.deallocate()
    }

    static let defaultLTR: UInt8 = 0xFE

    /// The visual map (visual index → input index) and the levels of `units` (by input index),
    /// or nil on an ICU error.
    func run(_ units: [UInt16], level: UInt8, mode: Int32, boxAsL: Bool = false) -> (map: [Int], levels: [UInt8])? {
        let n = units.count
        if n == 0 { return ([], []) }
        var err: Int32 = 0
        if boxAsL != overridesOn {
            CICU_bidi_setClassOverrides(bidi.raw, boxAsL ? boxDrawingAsL : nil, boxAsL ? 1 : 0, &err)
            guard err <= 0 else { return nil }
            overridesOn = boxAsL
        }
        CICU_bidi_setReorderingMode(bidi.raw, mode)
        return units.withUnsafeBufferPointer { p -> (map: [Int], levels: [UInt8])? in
            CICU_bidi_setPara(bidi.raw, p.baseAddress, Int32(n), level, &err)
            guard err <= 0 else { return nil }
            var map = [Int32](repeating: 0, count: n)
            CICU_bidi_getVisualMap(bidi.raw, &map, &err)
            guard err <= 0, let lv = CICU_bidi_getLevels(bidi.raw, &err), err <= 0 else { return nil }
            let levels = Array(UnsafeBufferPointer(start: lv, count: n))
            return (map.map { Int($0) }, levels)
        }
    }

    private static let inverseModes: [Int32] = [CICU_REORDERING_INVERSE_LIKE_DIRECT, CICU_REORDERING_INVERSE_NUMBERS_AS_L,
                                                 CICU_REORDERING_DEFAULT]

    private static func symbols(_ units: [WireTransformer.Unit]) -> [String] { units.map(\.cell.symbol) }

    // Konsole 22.12 (TerminalDisplay::bidiMap): every cell's characters, marks included.
    func konsoleForward(_ cells: [WireTransformer.Unit]) -> [WireTransformer.Unit] {
        var units: [UInt16] = []
        var cellAt: [Int: Int] = [:]
        for (i, c) in cells.enumerated() {
            cellAt[units.count] = i
            units += Array(c.cell.symbol.utf16)
        }
        guard let (map, _) = run(units, level: 0, mode: CICU_REORDERING_DEFAULT, boxAsL: true) else { return cells }
        return map.compactMap { cellAt[$0].map { cells[$0] } }
    }

    func konsoleInverse(_ row: [WireTransformer.Unit]) -> [WireTransformer.Unit]? {
        Self.withBlanksAsL(row) { cells in
            let target = Self.symbols(cells)
            let units = cells.map(\.unit)
            for mode in Self.inverseModes {
                guard let (map, _) = run(units, level: 0, mode: mode, boxAsL: true) else { continue }
                let candidate = map.map { cells[$0] }
                if Self.symbols(konsoleForward(candidate)) == target { return candidate }
            }
            return nil
        }
    }

    /// Tries `attempt` on `row`, then, when no order reproduces it, on `row` with blanks turned
    /// into U+2800 (drawn empty, but of class L) where a right-to-left word meets a number or a
    /// left-to-right word: a strong L there keeps the number from joining the right-to-left run
    /// (UAX #9 W2, W7), which no order of the original cells can do (`│ﺭﺍﺪﺻﻹﺍ 2.4.1`). First all
    /// such blanks, then each alone.
    static func withBlanksAsL(_ row: [WireTransformer.Unit],
                              _ attempt: ([WireTransformer.Unit]) -> [WireTransformer.Unit]?) -> [WireTransformer.Unit]? {
        if let r = attempt(row) { return r }
        let junctions = blankJunctions(row)
        func replaced(_ which: [Int]) -> [WireTransformer.Unit] {
            var cells = row
            for i in which { cells[i].cell.symbol = brailleBlank }
            return cells
        }
        if !junctions.isEmpty, let r = attempt(replaced(junctions)) { return r }
        if junctions.count > 1 {
            for j in junctions {
                if let r = attempt(replaced([j])) { return r }
            }
        }
        // Then any one blank, nearest to a right-to-left letter first (a strong L between a
        // right-to-left word and a bracket pair, across a border: `גרסה (2.4.1)│ "(2.4.1)" at`).
        let rtl = row.indices.filter { Self.strong(row[$0].scalar) == true }
        guard !rtl.isEmpty else { return nil }
        let blanks = row.indices.filter { row[$0].cell.symbol == " " && !junctions.contains($0) }
            .sorted { a, b in rtl.map { abs($0 - a) }.min()! < rtl.map { abs($0 - b) }.min()! }
        for j in blanks.prefix(48) {
            if let r = attempt(replaced([j])) { return r }
        }
        return nil
    }

    /// Blank cells whose nearest non-blank neighbours are a right-to-left letter on one side and
    /// something else that is not neutral (a digit, a left-to-right letter) on the other.
    static func blankJunctions(_ row: [WireTransformer.Unit]) -> [Int] {
        enum Kind { case rtl, other, neutral }
        func kind(_ u: WireTransformer.Unit) -> Kind {
            switch UnicodeProperties.bidiClass(u.scalar) {
            case .R, .AL: return .rtl
            case .L, .EN, .AN: return (0x2500...0x25FF).contains(u.scalar.value) ? .neutral : .other
            default: return .neutral
            }
        }
        var out: [Int] = []
        for (i, u) in row.enumerated() where u.cell.symbol == " " {
            guard let l = row[..<i].lastIndex(where: { $0.cell.symbol != " " }),
                  let r = row[(i + 1)...].firstIndex(where: { $0.cell.symbol != " " }) else { continue }
            let a = kind(row[l]), b = kind(row[r])
            if (a == .rtl && b == .other) || (a == .other && b == .rtl) { out.append(i) }
        }
        return out
    }

    // PuTTY 0.78 (terminal.c term_bidi_line, bidi.c): base characters only, P2/P3, L3 mirroring.
    func puttyForward(_ cells: [WireTransformer.Unit]) -> [WireTransformer.Unit] {
        guard let (map, levels) = run(cells.map(\.unit), level: Self.defaultLTR, mode: CICU_REORDERING_DEFAULT) else { return cells }
        return map.map { levels[$0] % 2 == 1 ? cells[$0].mirrored() : cells[$0] }
    }

    /// U+2800 BRAILLE PATTERN BLANK: bidi class L, drawn empty.
    static let brailleBlank = "\u{2800}"

    func puttyInverse(_ row: [WireTransformer.Unit]) -> [WireTransformer.Unit]? {
        var cells = row
        // Make the row an LTR paragraph for PuTTY's P2/P3 when its first strong cell is RTL.
        if let first = cells.firstIndex(where: { Self.strong($0.scalar) != nil }), Self.strong(cells[first].scalar) == true,
           let blank = cells[..<first].firstIndex(where: { $0.cell.symbol == " " }) {
            cells[blank].cell.symbol = Self.brailleBlank
        }
        return Self.withBlanksAsL(cells) { cells in
            let target = Self.symbols(cells)
            let units = cells.map(\.unit)
            for level: UInt8 in [0, 1] {
                for mode in Self.inverseModes {
                    guard let (map, levels) = run(units, level: level, mode: mode) else { continue }
                    let candidate = map.map { levels[$0] % 2 == 1 ? cells[$0].mirrored() : cells[$0] }
                    if Self.symbols(puttyForward(candidate)) == target { return candidate }
                }
            }
            return nil
        }
    }

    /// true: strong R or AL; false: strong L; nil: not strong.
    static func strong(_ s: Unicode.Scalar) -> Bool? {
        switch UnicodeProperties.bidiClass(s) {
        case .L: return false
        case .R, .AL: return true
        default: return nil
        }
    }

    // Qt (QPainter::drawText with an LTR layout direction): level 0, mirroring. The same for a
    // VTE row in implicit mode (bidi.cc implicit_paragraph: FRIBIDI_PAR_LTR, mirrored glyphs for
    // cells at odd levels, box drawing only with BOX_MIRROR, which is off).
    func qtForward(_ cells: [WireTransformer.Unit]) -> [WireTransformer.Unit] {
        guard let (map, levels) = run(cells.map(\.unit), level: 0, mode: CICU_REORDERING_DEFAULT) else { return cells }
        return map.map { levels[$0] % 2 == 1 ? cells[$0].mirrored() : cells[$0] }
    }

    func qtInverse(_ fragment: [WireTransformer.Unit]) -> [WireTransformer.Unit]? {
        Self.withBlanksAsL(fragment) { cells in
            let target = Self.symbols(cells)
            let units = cells.map(\.unit)
            for mode in Self.inverseModes {
                guard let (map, levels) = run(units, level: 0, mode: mode) else { continue }
                let candidate = map.map { levels[$0] % 2 == 1 ? cells[$0].mirrored() : cells[$0] }
                if Self.symbols(qtForward(candidate)) == target { return candidate }
            }
            return nil
        }
    }
}

// MARK: - kitty

/// kitty 0.26 (fonts.c `render_line`): a run is a stretch of non-blank cells drawn with one font
/// face; HarfBuzz guesses the run's direction from the script of its first letter.
enum KittyRuns {
    /// U+034F COMBINING GRAPHEME JOINER: invisible, pads cells to the same number of code points
    /// (kitty assigns glyphs to cells by cluster distances counted in cell order).
    static let padding: Unicode.Scalar = "\u{034F}"

    /// The font face a cell is drawn with; nil for cells that are runs of their own (blanks, and
    /// box drawing, Braille, powerline and legacy computing symbols, which kitty draws itself).
    static func face(_ u: WireTransformer.Unit) -> String? {
        let c = u.scalar.value
        if u.cell.symbol == " " || c == 0 || c == 9 { return nil }
        if (0x2500...0x259F).contains(c) || (0x2800...0x28FF).contains(c) || (0xE0B0...0xE0BF).contains(c)
            || (0x1FB00...0x1FBAE).contains(c) { return nil }
        var face = "main"
        if u.width == 2, c >= 0x2300 { face = "emoji" }
        if isRightToLeftBlock(c), !mainFaceCovers(c) { face = CICU_script(Int32(c)) == 19 ? "hebrew" : "arabic" }
        var variant = ""
        if u.cell.style.attributes.contains(.bold) { variant += "bold-" }
        if u.cell.style.attributes.contains(.italic) { variant += "italic-" }
        return variant + face
    }

    static func isRightToLeftBlock(_ c: UInt32) -> Bool {
        (0x0590...0x08FF).contains(c) || (0xFB1D...0xFDFF).contains(c) || (0xFE70...0xFEFF).contains(c)
    }

    /// The right-to-left characters that kitty's usual main font has (DejaVu Sans Mono, the
    /// `monospace` of Debian and Ubuntu: Arabic and Persian letters and digits, no Hebrew); the
    /// others come from a fallback face, which starts a new run.
    static let mainFaceRanges: [ClosedRange<UInt32>] = [
        0x0606...0x0607, 0x0609...0x060A, 0x060C...0x060C, 0x0615...0x0615, 0x061B...0x061B, 0x061F...0x061F,
        0x0621...0x063A, 0x0640...0x0655, 0x065A...0x065A, 0x0660...0x066D, 0x0674...0x0674, 0x0679...0x067B,
        0x067E...0x0680, 0x0683...0x0684, 0x0686...0x0687, 0x0691...0x0691, 0x0698...0x0698, 0x06A4...0x06A4,
        0x06A9...0x06A9, 0x06AF...0x06AF, 0x06BE...0x06BE, 0x06CC...0x06CC, 0x06F0...0x06F9, 0xFB52...0xFB81,
        0xFB8A...0xFB95, 0xFB9E...0xFB9F, 0xFBAA...0xFBAD, 0xFBE8...0xFBE9, 0xFBFC...0xFBFF, 0xFE70...0xFE74,
        0xFE76...0xFEFC, 0xFEFF...0xFEFF,
    ]

    static func mainFaceCovers(_ c: UInt32) -> Bool { mainFaceRanges.contains { $0.contains(c) } }

    static func runs(_ units: [WireTransformer.Unit]) -> [[WireTransformer.Unit]] {
        var out: [[WireTransformer.Unit]] = []
        var lastFace: String? = nil
        for u in units {
            let f = face(u)
            if let f, f == lastFace, !out.isEmpty { out[out.count - 1].append(u) } else { out.append([u]) }
            lastFace = f
        }
        return out
    }

    /// Whether HarfBuzz lays the run out right to left: the first character (marks included) of a
    /// script other than Common and Inherited is of a right-to-left script.
    static func isRightToLeft(_ run: [WireTransformer.Unit]) -> Bool {
        for u in run {
            for s in u.cell.symbol.unicodeScalars where s != padding {
                let d = CICU_scriptDirection(Int32(s.value))
                if d >= 0 { return d == 1 }
            }
        }
        return false
    }

    static func wireOrder(_ run: [WireTransformer.Unit]) -> [WireTransformer.Unit] {
        guard isRightToLeft(run) else { return run }
        if run.count == 1 { return [run[0].mirrored()] }
        let most = run.map { $0.cell.symbol.unicodeScalars.count }.max() ?? 1
        return run.reversed().map { u in
            var m = u.mirrored()
            let pad = most - m.cell.symbol.unicodeScalars.count
            if pad > 0 { m.cell.symbol += String(repeating: Character(padding), count: pad) }
            return m
        }
    }

    /// What kitty shows for a run: right-to-left runs reversed and mirrored (the padding, which
    /// draws nothing, removed).
    static func shown(_ run: [WireTransformer.Unit]) -> [WireTransformer.Unit] {
        let stripped = run.map { u -> WireTransformer.Unit in
            var v = u
            v.cell.symbol = String(String.UnicodeScalarView(u.cell.symbol.unicodeScalars.filter { $0 != padding }))
            return v
        }
        guard isRightToLeft(stripped) else { return stripped }
        return stripped.reversed().map { $0.mirrored() }
    }
}
