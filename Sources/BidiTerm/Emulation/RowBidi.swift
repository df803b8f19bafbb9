/// Turns one row of an emulated screen (cells in logical order, as the program wrote them) into
/// visual order for a terminal without bidi, keeping the program's layout where the program put it
/// (R23–R26).
///
/// The row is cut into runs at box-drawing and block characters, at gaps of blanks and at changes
/// of background (R23; a highlight inside a sentence does not cut it, R29; a list marker stays in
/// its cell, R30; a shell's command line is apart from its prompt, R31); each run that holds
/// right-to-left text is reordered by the engine inside the columns it occupies (R24), in the
/// direction of its text or of the row before it (R28), unless its own text shows that it is
/// already in visual order (R25). The result maps columns both ways and says where the cursor is
/// drawn (R26).
///
///     // Fragment: `row` is a row of cells, `draw` and `moveCursor` the terminal's
///     var bidi = RowBidi()
///     if let visual = bidi.layout(row) {
///         draw(visual.cells)
///         moveCursor(to: visual.caretColumn(logical: cursorX))
///     } else {
///         draw(row)                     // nothing to reorder: the row as it is
///     }
///
/// A `RowBidi` keeps an engine and scratch buffers between rows, so that a row costs few
/// allocations. It is not thread-safe: use one per thread.
public struct RowBidi {
    /// How rows are cut into runs and laid out.
    public struct Options: Sendable, Hashable {
        /// A run ends at this many blank cells in a row (R23); 0 never cuts at blanks. Single spaces
        /// never cut, so that a sentence stays one run.
        public var gap: Int = 2
        /// A run ends where the background changes (the reverse attribute counts as part of the
        /// background), so that a highlighted menu item is a run of its own (R23).
        public var cutAtBackground: Bool = true
        /// The paragraph direction of every run that is reordered; nil takes each run's from its
        /// first strong character (UAX #9 P2–P3).
        public var direction: LayoutDirection? = nil
        /// The program put the terminal in explicit mode (BDSM, `CSI 8 l`): it reorders by itself,
        /// and every row is returned unchanged (R25).
        public var explicit: Bool = false
        /// Shaping (R20), mirroring (L4), numerals (R6) of the engine. Tabs and revealed controls do
        /// not apply: a cell keeps the width the emulator gave it.
        public var layout: LayoutOptions = LayoutOptions()
        /// Whether a run whose own text shows it is already in visual order is left as written
        /// (R25). Off when the user said the program writes logical order (R27): every run with
        /// right-to-left text is reordered.
        public var textEvidence: Bool = true

        /// Options with the defaults: cut at 2 blanks and at background changes, each run's own
        /// direction, implicit mode, shaping and mirroring on, digits as written.
        public init(gap: Int = 2, cutAtBackground: Bool = true, direction: LayoutDirection? = nil,
                    explicit: Bool = false, layout: LayoutOptions = LayoutOptions()) {
            self.gap = max(0, gap)
            self.cutAtBackground = cutAtBackground
            self.direction = direction
            self.explicit = explicit
            self.layout = layout
        }
    }

    /// The options every row is laid out with.
    public var options: Options
    let engine: BidiEngine
    /// Buffers reused from row to row.
    var scratch = RowScratch()

    /// - Parameters:
    ///   - options: how rows are cut and laid out.
    ///   - engine: the engine to lay runs out with (a new one by default); it must not be used by
    ///     another thread at the same time.
    public init(options: Options = Options(), engine: BidiEngine = BidiEngine()) {
        self.options = options
        self.engine = engine
    }

    /// Lays out one row.
    /// - Parameter row: the cells of the row in logical order, as the emulator holds them.
    /// - Returns: the row in visual order with its mappings, or nil when the row is drawn as it is
    ///   (no right-to-left character, every such run already in visual order, or explicit mode):
    ///   then every column maps to itself.
    /// - Complexity: O(n) in the row's width; a row without a right-to-left character is one scan
    ///   of its cells and allocates nothing (R24).
    public mutating func layout(_ row: [Cell]) -> RowLayout? {
        if options.explicit { return nil }                         // R25: the program reorders
        guard RowBidi.containsRTL(row, in: 0..<row.count) else { return nil }   // R24: fast path
        var result: RowLayout? = nil
        var runs: [RowLayout.Run] = []
        // R23: the runs, in one pass over the row's storage; fixed cells and blanks between runs
        // stay where they are, and the blanks at the row's end start none.
        scratch.runs.removeAll(keepingCapacity: true)
        scratch.runKinds.removeAll(keepingCapacity: true)
        scratch.directions.removeAll(keepingCapacity: true)
        row.withUnsafeBufferPointer { cells in
            var n = cells.count
            while n > 0, RowBidi.isBlank(cells[n - 1]) { n -= 1 }
            var x = 0
            while x < n {
                if RowBidi.isBlank(cells[x]) || RowBidi.isFixed(cells, x) { x += 1; continue }
                // R30: a list marker or pointer at the start of a run stays in its cell.
                if RowBidi.isListMarker(cells, x, end: n) { x += 1; continue }
                let end = runEnd(cells, from: x)
                if RowBidi.containsRTL(cells, in: x..<end) {
                    if let cut = RowBidi.promptCut(cells, x..<end, rowEnd: n) {
                        // R31: the prompt is a run; the command line after it another, left to right.
                        addRun(cells, x..<cut.promptEnd, .prompt)
                        if let c = cut.command, RowBidi.containsRTL(cells, in: c..<end) { addRun(cells, c..<end, .command) }
                    } else {
                        addRun(cells, x..<end, .text)
                    }
                }
                x = end
            }
        }
        for i in scratch.runs.indices {
            let columns = scratch.runs[i]
            let (state, info) = reorder(row, columns, direction: scratch.directions[i], kind: scratch.runKinds[i], into: &result)
            runs.append(RowLayout.Run(columns: columns, direction: info.direction, state: state,
                                      caretZone: info.zone, caretTarget: info.target))
        }
        result?.runs = runs
        return result
    }

    // MARK: - R23: runs

    /// The end of the run that starts at the non-blank, movable cell `start` (R23): the run goes on
    /// over fewer than `gap` blanks to the next non-blank cell of the same background, and stops
    /// at a box-drawing or block character, at `gap` blanks, at a change of background.
    ///
    /// A highlighted piece of a sentence (a search match, a marked word) does not end it (R29,
    /// `highlightEnd`): the run goes on over it.
    func runEnd(_ row: UnsafeBufferPointer<Cell>, from start: Int) -> Int {
        let n = row.count
        var key = RowBidi.backgroundKey(row[start])
        let gap = options.gap, cut = options.cutAtBackground
        var end = start + RowBidi.span(row, start)
        if cut, let h = leadingHighlightEnd(row, from: start, rowEnd: n) {
            end = h
            key = RowBidi.defaultBackground
        }
        while end < n {
            var b = end
            while b < n, RowBidi.isBlank(row[b]), !(cut && RowBidi.backgroundKey(row[b]) != key) { b += 1 }
            if b >= n || (gap > 0 && b - end >= gap) { break }
            let c = row[b]
            if RowBidi.isBlank(c) || RowBidi.isFixed(row, b) { break }
            if cut && RowBidi.backgroundKey(c) != key {
                guard let h = highlightEnd(row, at: b, runKey: key, rowEnd: n) else { break }
                end = h
                continue
            }
            end = b + RowBidi.span(row, b)
        }
        return end
    }

    /// What a run of the row is (R31): text, a shell prompt, or the command line after one.
    enum RunKind {
        case text, prompt, command
    }

    /// Adds the run `columns` of `kind` with its paragraph direction: forced, or by R28 (a command
    /// line after a prompt: its first strong character's, else left to right).
    mutating func addRun(_ row: UnsafeBufferPointer<Cell>, _ columns: Range<Int>, _ kind: RunKind) {
        var direction = options.direction
        if direction == nil {
            if kind == .command {
                let (own, weak) = RowBidi.firstStrong(row, columns)
                direction = weak ? .ltr : (own ?? .ltr)
            } else {
                direction = RowBidi.contextDirection(row, columns)
            }
        }
        scratch.runs.append(columns)
        scratch.runKinds.append(kind)
        scratch.directions.append(direction)
    }

    /// The columns after a run's text where the cursor waits for the run's next letter (R26): the
    /// blanks that follow it, fewer than `gap` of them (a letter typed there joins the run).
    func caretZone(_ row: [Cell], after end: Int) -> Range<Int> {
        var z = end
        while z < row.count, RowBidi.isBlank(row[z]), options.gap == 0 || z - end < options.gap { z += 1 }
        return end..<z
    }

    /// The background of a cell as seen (R23): its colour (`Color.packed`), and bit 32 set when the
    /// cell is reversed.
    typealias BackgroundKey = UInt64

    /// The background of a cell as seen: its colour, and whether it is reversed (R23).
    @inline(__always)
    static func backgroundKey(_ c: Cell) -> BackgroundKey {
        UInt64(c.style.packedBackground) | (c.style.attributes.contains(.reverse) ? 1 << 32 : 0)
    }

    /// A blank: a space, or an empty cell that is not the right half of a wide character (R23).
    @inline(__always)
    static func isBlank(_ c: Cell) -> Bool {
        c.width != 0 && (c.text.isEmpty || c.text.isSpace)
    }

    /// A cell that never moves (R23): box drawing U+2500–257F, block elements U+2580–259F, or the
    /// right half of a wide character whose left half is missing.
    static func isFixed(_ row: [Cell], _ x: Int) -> Bool {
        row.withUnsafeBufferPointer { isFixed($0, x) }
    }

    @inline(__always)
    static func isFixed(_ row: UnsafeBufferPointer<Cell>, _ x: Int) -> Bool {
        let c = row[x]
        if c.isContinuation { return x == 0 || row[x - 1].width != 2 }
        // U+2500–U+259F are E2 94 80 … E2 96 9F in UTF-8: one byte rules out nearly every cell.
        guard c.text.firstByte == 0xE2, let v = c.text.firstScalar else { return false }
        return v >= 0x2500 && v <= 0x259F
    }

    /// The cells a character takes from `x`: 2 for a wide character followed by its right half.
    @inline(__always)
    static func span(_ row: UnsafeBufferPointer<Cell>, _ x: Int) -> Int {
        row[x].width == 2 && x + 1 < row.count && row[x + 1].isContinuation ? 2 : 1
    }

    /// Whether a scalar is in a right-to-left block: Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan,
    /// Mandaic (U+0590–08FF), their presentation forms (U+FB1D–FDFF, U+FE70–FEFF), and the
    /// right-to-left ranges of the supplementary planes (U+10800–10FFF, U+1E800–1EFFF) (R24).
    @inline(__always)
    public static func isRTLScalar(_ v: UInt32) -> Bool {
        if v < 0x0590 { return false }
        if v <= 0x08FF { return true }
        if v < 0xFB1D { return false }
        if v <= 0xFDFF { return true }
        if v < 0xFE70 { return false }
        if v <= 0xFEFF { return true }
        return (v >= 0x10800 && v <= 0x10FFF) || (v >= 0x1E800 && v <= 0x1EFFF)
    }

    /// Whether any cell of `columns` holds a scalar of a right-to-left block (R24). ASCII cells are
    /// one byte compare each.
    static func containsRTL(_ row: [Cell], in columns: Range<Int>) -> Bool {
        row.withUnsafeBufferPointer { containsRTL($0, in: columns) }
    }

    static func containsRTL(_ row: UnsafeBufferPointer<Cell>, in columns: Range<Int>) -> Bool {
        for x in columns {
            let t = row[x].text
            guard t.firstByte >= 0xC0 else { continue }   // ASCII first: one compare
            if let v = t.singleScalar {
                if isRTLScalar(v) { return true }
                continue
            }
            var rtl = false
            t.forEachScalar { if isRTLScalar($0) { rtl = true } }
            if rtl { return true }
        }
        return false
    }
}

/// Buffers a `RowBidi` reuses from row to row.
struct RowScratch {
    /// The runs of the row that hold right-to-left text, what each is, and its direction (nil:
    /// from its text, P2–P3).
    var runs: [Range<Int>] = []
    var runKinds: [RowBidi.RunKind] = []
    var directions: [LayoutDirection?] = []
    /// The text of the run being laid out, and its UTF-8 as it is collected.
    var text = ""
    var utf8: [UInt8] = []
    /// Its scalars (for the visual-order evidence, R25).
    var scalars: [Unicode.Scalar] = []
    /// The column (in the row) of each scalar of `text`.
    var columnOfScalar: [Int32] = []
    /// The first scalar of each column of the run, and the run's scalar count at the end.
    var scalarStart: [Int32] = []
    /// Per column of the run: emitted yet, and the bidi level it resolved to.
    var emitted: [Bool] = []
    var levels: [UInt8] = []
    /// Columns of the run that produced no cell of their own (merged into a ligature, hidden).
    var dropped: [Int] = []
}
