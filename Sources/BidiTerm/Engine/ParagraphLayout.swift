import CICU

/// Options of the display layout.
public struct LayoutOptions: Sendable, Hashable {
    /// Arabic shaping to presentation forms (R20). Off for terminals that shape by themselves.
    public var shaping: Bool = true
    /// Mirrored glyphs for mirrored characters at odd levels (L4, R5).
    public var mirroring: Bool = true
    /// Reorder to visual order. Off hands logical order to a terminal that runs bidi itself (R21's
    /// "implicit" mode); lines are still wrapped and sanitised.
    public var reordering: Bool = true
    /// Write every digit in this system (R6); nil keeps the digits as written.
    public var numerals: NumeralSystem? = nil
    /// Tab stops every `tabSize` cells, counted from the logical start of the visual line.
    public var tabSize: Int = 8
    /// Show explicit bidi controls and other invisible format characters as visible symbols
    /// (`⟨RLO⟩`) instead of taking no cell (QA views).
    public var revealControls: Bool = false
    /// Give every combining mark (Arabic harakat, Hebrew points: nonspacing and enclosing marks)
    /// a cell of its own, right after its letter's cell in visual order, for a terminal that moves
    /// the cursor one cell over a mark (terminology): the letter's cell holds the letter alone and
    /// each mark cell the mark alone, so what the terminal draws takes the columns the layout
    /// counted and nothing after it shifts. Off (the default), a mark is drawn with its letter in
    /// one cell.
    public var marksInOwnCells: Bool = false

    /// Options; the defaults shape, mirror and reorder as a terminal without bidi needs.
    public init(shaping: Bool = true, mirroring: Bool = true, reordering: Bool = true,
                numerals: NumeralSystem? = nil, tabSize: Int = 8, revealControls: Bool = false,
                marksInOwnCells: Bool = false) {
        self.shaping = shaping
        self.mirroring = mirroring
        self.reordering = reordering
        self.numerals = numerals
        self.tabSize = max(1, tabSize)
        self.revealControls = revealControls
        self.marksInOwnCells = marksInOwnCells
    }

    /// What changes the width of a cluster besides its characters (`BidiEngine.clusterWidth`).
    var widthRules: WidthRules {
        var r: WidthRules = []
        if revealControls { r.insert(.reveal) }
        if marksInOwnCells { r.insert(.markCells) }
        return r
    }
}

/// The options that change how many columns a cluster takes.
struct WidthRules: OptionSet, Sendable {
    let rawValue: UInt8
    /// Revealed format characters take a cell per symbol of their token (`revealControls`).
    static let reveal = WidthRules(rawValue: 1)
    /// Every combining mark takes a cell (`marksInOwnCells`).
    static let markCells = WidthRules(rawValue: 2)
}

/// One cell of a visual line: a grapheme cluster as drawn.
public struct VisualCell: Sendable, Hashable {
    /// What to draw, as plain data (`CellSymbol`: no reference counting, no String built for the
    /// common cell of one scalar).
    package var glyph: CellSymbol
    /// What to draw: the cluster after shaping, mirroring and sanitising; "" for a cluster that
    /// takes no cell (explicit bidi controls, other invisible format characters).
    public var text: String {
        get { glyph.string }
        set { glyph = CellSymbol(newValue) }
    }
    /// Columns taken: 0 (hidden), 1, 2 (wide), or the sum of `wcwidth` of a cluster that the
    /// terminal draws as several glyphs (an emoji ZWJ sequence is drawn by xterm and tmux as its
    /// parts side by side).
    public var width: Int
    /// The scalars of the source text this cell came from (a TAB or a C1 control can yield several
    /// cells with the same range; a lam-alef ligature covers both letters).
    public var logical: Range<Int>
    /// The resolved bidi level (odd = right-to-left).
    public var level: UInt8
    /// What the engine did to the cluster on its way to the screen.
    public var flags: Flags = []

    /// True when the cell is in a right-to-left run (an odd level).
    public var isRTL: Bool { level & 1 == 1 }

    /// A cell showing `text`, `width` columns wide, for the scalars `logical`, at bidi level `level`.
    public init(text: String, width: Int, logical: Range<Int>, level: UInt8, flags: Flags = []) {
        self.init(glyph: CellSymbol(text), width: width, logical: logical, level: level, flags: flags)
    }

    /// A cell showing `glyph`, `width` columns wide, for the scalars `logical`, at bidi level `level`.
    package init(glyph: CellSymbol, width: Int, logical: Range<Int>, level: UInt8, flags: Flags = []) {
        self.glyph = glyph
        self.width = width
        self.logical = logical
        self.level = level
        self.flags = flags
    }

    /// What the engine changed in a cell.
    public struct Flags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// A visible placeholder for a control character, U+FFFD, or a revealed format character (R22).
        public static let placeholder = Flags(rawValue: 1)
        /// A mirrored glyph (L4).
        public static let mirrored = Flags(rawValue: 2)
        /// Arabic letters shaped to presentation forms (R20).
        public static let shaped = Flags(rawValue: 4)
        /// The cluster did not fit the line and is shown as `…`.
        public static let truncated = Flags(rawValue: 8)
        /// A combining mark in a cell of its own (`LayoutOptions.marksInOwnCells`), next to the
        /// cell of its letter.
        public static let ownMark = Flags(rawValue: 16)
    }
}

/// One visual line of a paragraph: cells left to right.
public struct VisualLine: Sendable, Hashable {
    /// The cells in screen order, left to right.
    public var cells: [VisualCell]
    /// The columns the line takes (the sum of its cells' widths).
    public var width: Int
    /// The scalars of the source text on this line.
    public var logicalRange: Range<Int>

    /// A line of `cells` in visual order, `width` columns wide, for the scalars `logicalRange`.
    public init(cells: [VisualCell], width: Int, logicalRange: Range<Int>) {
        self.cells = cells
        self.width = width
        self.logicalRange = logicalRange
    }

    /// The line as it is drawn, left to right.
    public var text: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(cells.count * 2)
        for c in cells where c.width > 0 { c.glyph.appendUTF8(to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A paragraph laid out for a terminal: wrapped, then each line reordered (R5).
public struct ParagraphLayout: Sendable, Hashable {
    /// The paragraph's resolved direction (for `.auto`, from its first strong character).
    public var direction: LayoutDirection
    /// The visual lines, top to bottom.
    public var lines: [VisualLine]
    /// The number of Unicode scalars in the source text.
    public var scalarCount: Int

    /// The widest line.
    public var width: Int { lines.reduce(0) { max($0, $1.width) } }

    /// Where a caret at logical offset `offset` (0...scalarCount, a position between scalars) is
    /// drawn: the line, and the column of the cell of the scalar after the caret; at the end of the
    /// text, the column just past the last scalar on its trailing side (left of it in RTL, which is
    /// -1 when that scalar is drawn in the line's first column).
    /// Columns are relative to the line's first cell (add the alignment offset when drawing).
    public func caretPosition(logical offset: Int) -> (line: Int, column: Int) {
        guard !lines.isEmpty else { return (0, 0) }
        let o = max(0, min(offset, scalarCount))
        for (li, line) in lines.enumerated() where o < line.logicalRange.upperBound || li == lines.count - 1 {
            var x = 0
            var best: (Int, VisualCell)? = nil
            for c in line.cells {
                // On the letter, not on a mark in a cell of its own.
                if c.logical.contains(o), c.width > 0, best == nil, !c.flags.contains(.ownMark) { best = (x, c) }
                x += c.width
            }
            if let (bx, _) = best { return (li, bx) }
            // After the last scalar of the line (or on a hidden character): next to the cells of the
            // scalar before the caret (a letter and its marks' cells), on their trailing side.
            x = 0
            var before: (left: Int, right: Int, rtl: Bool)? = nil
            for c in line.cells {
                if c.width > 0, c.logical.contains(o - 1) {
                    before = (min(before?.left ?? x, x), x + c.width, before?.rtl ?? c.isRTL)
                }
                x += c.width
            }
            if let b = before { return (li, b.rtl ? b.left - 1 : b.right) }
            return (li, direction == .rtl ? -1 : line.width)
        }
        return (lines.count - 1, 0)
    }

    /// The logical offset of the scalar drawn at `column` of line `line`. Beyond the line's ends, the
    /// logical start or end of the line, whichever lies on that side: past the right end, the end
    /// of an LTR paragraph's line and the start of an RTL one's; left of column 0, the opposite.
    public func logicalOffset(line: Int, column: Int) -> Int {
        guard line >= 0, line < lines.count else { return line < 0 ? 0 : scalarCount }
        let range = lines[line].logicalRange
        if column < 0 { return direction == .rtl ? range.upperBound : range.lowerBound }
        var x = 0
        for c in lines[line].cells {
            if c.width > 0, column >= x, column < x + c.width { return c.logical.lowerBound }
            x += c.width
        }
        return direction == .rtl ? range.lowerBound : range.upperBound
    }
}
