/// One row of an emulated screen in visual order (R24), with the mappings between the columns the
/// program wrote and the columns drawn, and where the cursor is drawn (R26).
///
/// The mappings are permutations of `0..<cells.count` and inverse of each other. Both halves of a
/// wide character map to both halves of its visual cell, left to right. A cell that produced no
/// cell of its own (the alef of a lam-alef ligature, R20) maps to one of the blank cells padding
/// its run (R24), so that every column still has exactly one partner.
public struct RowLayout: Sendable, Hashable {
    /// The row in visual order: as many cells as the logical row.
    public var cells: [Cell]
    /// The runs that hold right-to-left text, left to right, whether reordered or left as written.
    public var runs: [Run] = []
    /// Visual column of each logical column.
    var toVisual: [Int32]
    /// Logical column of each visual column.
    var toLogical: [Int32]
    /// Logical columns merged into a ligature, with the ligature's visual column (for the caret).
    var merged: [(logical: Int32, visual: Int32)] = []

    /// A run of text of the row (R23) that holds right-to-left characters.
    public struct Run: Sendable, Hashable {
        /// The columns its text occupies, from its first to its last non-blank cell; the same in
        /// logical and visual order.
        public var columns: Range<Int>
        /// Its paragraph direction: forced by `RowBidi.Options.direction`, or from its first strong
        /// character (a run left as written: `.rtl` unless forced).
        public var direction: LayoutDirection
        /// What was done with it.
        public var state: State
        /// Blank columns after its text where the cursor stands before the next letter is typed
        /// (R26); empty when the next letter does not appear elsewhere.
        public var caretZone: Range<Int>
        /// The column where a right-to-left letter typed in `caretZone` appears, and so where the
        /// caret is drawn (R26); nil for a run left as written or one that ends in left-to-right text.
        public var caretTarget: Int?

        /// What `RowBidi` did with a run.
        public enum State: Sendable, Hashable {
            /// Put into visual order (R24).
            case reordered
            /// Left as written: its own text shows it is already in visual order (R25).
            case alreadyVisual
        }
    }

    /// The identity layout of `row`: its cells as they are, every column mapped to itself.
    public init(identity row: [Cell]) {
        cells = row
        toVisual = RowLayout.identityMap(row.count)
        toLogical = RowLayout.identityMap(row.count)   // its own storage: it is written next
    }

    /// 0, 1, … n − 1.
    static func identityMap(_ n: Int) -> [Int32] {
        [Int32](unsafeUninitializedCapacity: n) { buffer, count in
            for i in 0..<n { buffer[i] = Int32(i) }
            count = n
        }
    }

    /// Equal cells, runs and mappings.
    public static func == (a: RowLayout, b: RowLayout) -> Bool {
        a.cells == b.cells && a.runs == b.runs && a.toVisual == b.toVisual && a.toLogical == b.toLogical
            && a.merged.elementsEqual(b.merged) { $0.logical == $1.logical && $0.visual == $1.visual }
    }

    /// Hashes the cells and the mapping.
    public func hash(into h: inout Hasher) {
        h.combine(cells)
        h.combine(toVisual)
    }

    /// The column where the cell the program wrote at column `x` is drawn (R26). Columns outside
    /// the row map to themselves.
    public func visualColumn(ofLogical x: Int) -> Int {
        x >= 0 && x < toVisual.count ? Int(toVisual[x]) : x
    }

    /// The column the program wrote the cell drawn at column `x` at (R26): where a mouse click on
    /// `x` is reported to the program. Columns outside the row map to themselves.
    public func logicalColumn(ofVisual x: Int) -> Int {
        x >= 0 && x < toLogical.count ? Int(toLogical[x]) : x
    }

    /// Where the cursor at logical column `x` is drawn (R26).
    ///
    /// - On a character: the column of that character (the alef of a lam-alef ligature: the
    ///   ligature's column).
    /// - On a blank of a run's `caretZone` (just after its text, as when typing at a shell prompt
    ///   or in an editor): the run's `caretTarget`, the column where the next right-to-left letter
    ///   will appear, so that the letter typed there shows up under the caret. In a right-to-left
    ///   run that is the leftmost column of its text; in a left-to-right run that ends in
    ///   right-to-left text, the leftmost column of that trailing text.
    /// - Anywhere else: `visualColumn(ofLogical: x)`, which is `x` outside runs.
    public func caretColumn(logical x: Int) -> Int {
        for run in runs where run.caretZone.contains(x) {
            if let t = run.caretTarget { return t }
        }
        for m in merged where Int(m.logical) == x { return Int(m.visual) }
        return visualColumn(ofLogical: x)
    }
}
