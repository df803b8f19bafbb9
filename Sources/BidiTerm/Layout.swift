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

    public init(shaping: Bool = true, mirroring: Bool = true, reordering: Bool = true,
                numerals: NumeralSystem? = nil, tabSize: Int = 8, revealControls: Bool = false) {
        self.shaping = shaping
        self.mirroring = mirroring
        self.reordering = reordering
        self.numerals = numerals
        self.tabSize = max(1, tabSize)
        self.revealControls = revealControls
    }
}

/// One cell of a visual line: a grapheme cluster as drawn.
public struct VisualCell: Sendable, Hashable {
    /// What to draw: the cluster after shaping, mirroring and sanitising; "" for a cluster that
    /// takes no cell (explicit bidi controls, other invisible format characters).
    public var text: String
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

    public var isRTL: Bool { level & 1 == 1 }

    public init(text: String, width: Int, logical: Range<Int>, level: UInt8, flags: Flags = []) {
        self.text = text
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

    /// The line as it is drawn, left to right.
    public var text: String {
        var s = ""
        for c in cells where c.width > 0 { s += c.text }
        return s
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
    /// text, the column just past the last scalar on its trailing side (left of it in RTL).
    /// Columns are relative to the line's first cell (add the alignment offset when drawing).
    public func caretPosition(logical offset: Int) -> (line: Int, column: Int) {
        guard !lines.isEmpty else { return (0, 0) }
        let o = max(0, min(offset, scalarCount))
        for (li, line) in lines.enumerated() where o < line.logicalRange.upperBound || li == lines.count - 1 {
            var x = 0
            var best: (Int, VisualCell)? = nil
            for c in line.cells {
                if c.logical.contains(o), c.width > 0, best == nil { best = (x, c) }
                x += c.width
            }
            if let (bx, _) = best { return (li, bx) }
            // After the last scalar of the line (or on a hidden character): next to the cell of the
            // scalar before the caret, on its trailing side.
            x = 0
            for c in line.cells {
                if c.width > 0, c.logical.contains(o - 1) { return (li, c.isRTL ? max(0, x - 1) : x + c.width) }
                x += c.width
            }
            return (li, direction == .rtl ? 0 : line.width)
        }
        return (lines.count - 1, 0)
    }

    /// The logical offset of the scalar drawn at `column` of line `line`; past the end of a line,
    /// the logical end of that line (its trailing edge).
    public func logicalOffset(line: Int, column: Int) -> Int {
        guard line >= 0, line < lines.count else { return line < 0 ? 0 : scalarCount }
        var x = 0
        for c in lines[line].cells {
            if c.width > 0, column >= x, column < x + c.width { return c.logical.lowerBound }
            x += c.width
        }
        return lines[line].logicalRange.upperBound
    }
}

/// The text engine: bidi (ICU's ubidi), Arabic shaping, grapheme clusters, line breaking, widths
/// and sanitising, producing lines of terminal cells.
///
/// An engine keeps its ICU objects between calls (creating them costs more than laying out a short
/// line). It is not thread-safe: use one engine per thread.
///
///     let engine = BidiEngine()
///     let p = engine.layout("مرحبا بالعالم (Hello)", direction: .autoLTR, width: 12)
///     for line in p.lines { print(line.text) }
public final class BidiEngine {
    let para = ICUBidi()
    let lineBidi = ICUBidi()
    private lazy var graphemes = ICUBreakIterator(.character)
    private lazy var lineBreaker = ICUBreakIterator(.line)
    private var shaper = Shaper()

    public init() {}

    // Per-call scratch state, kept between calls to reuse allocations.
    private var units: [UInt16] = []        // the text as written (digits converted)
    private var stand: [UInt16] = []        // units with controls replaced by stand-ins (bidi, line breaks)
    private var glyphs: [UInt16] = []       // stand-ins, shaped
    private var merged: [Bool] = []         // unit merged into the previous lam-alef ligature
    private var clusterStart: [Int32] = []  // unit offset of each cluster, plus n at the end
    private var unitCluster: [Int32] = []   // cluster index of each unit
    private var unitScalar: [Int32] = []    // scalar index of each unit (only with surrogates)
    private var hasSurrogates = false

    /// Lays out one paragraph.
    /// - Parameters:
    ///   - text: the paragraph, in logical order.
    ///   - direction: its base direction.
    ///   - width: wrap at this many cells at UAX #14 break opportunities (an over-long word breaks at
    ///     grapheme boundaries); nil for one line, unwrapped.
    ///   - options: shaping, mirroring, numerals, tabs.
    /// - Returns: the visual lines (wrapped first, then each line reordered on its own: R5).
    /// - Complexity: O(n) in the length of `text`.
    public func layout(_ text: String, direction: BaseDirection, width: Int? = nil,
                       options: LayoutOptions = LayoutOptions()) -> ParagraphLayout {
        prepare(text, options: options)
        let n = units.count
        let maxWidth = width.map { max(1, $0) }

        // Bidi: ICU over the whole paragraph, unless nothing in it can be right-to-left.
        let rtlPossible = BidiEngine.mayNeedBidi(stand)
        var paraLevel: UInt8
        var useICU = false
        switch direction {
        case .ltr: paraLevel = 0
        case .rtl: paraLevel = 1
        case .auto(let f): paraLevel = f == .ltr ? 0 : 1
        }
        if n > 0 && options.reordering && (rtlPossible || paraLevel == 1) {
            var base = direction
            if case .auto(let f) = direction, !rtlPossible, f == .rtl {
                // No RTL character: the first strong character, if any, is L.
                base = BidiEngine.hasStrongLTR(stand) ? .ltr : .rtl
            }
            var err: Int32 = 0
            stand.withUnsafeBufferPointer { CICU_bidi_setPara(para.raw, $0.baseAddress, Int32(n), base.icuLevel, &err) }
            if err <= 0 {
                useICU = true
                paraLevel = CICU_bidi_getParaLevel(para.raw) & 1
                if paraLevel == 0 && CICU_bidi_getDirection(para.raw) == 0 { useICU = false }
            }
        } else if case .auto = direction, n > 0, !rtlPossible, BidiEngine.hasStrongLTR(stand) {
            paraLevel = 0
        }

        buildClusters()
        let clusterCount = clusterStart.count - 1
        let tabSize = options.tabSize

        // Wrap (R5: wrap first, on logical text), greedy at line break opportunities.
        var lineBounds: [(Int, Int)] = []   // cluster ranges
        if let w = maxWidth, clusterCount > 0 {
            var breakBefore = [Bool](repeating: false, count: clusterCount + 1)
            var total = 0
            var col = 0
            for k in 0..<clusterCount { col += clusterWidth(k, column: col, tabSize: tabSize, reveal: options.revealControls) }
            total = col
            if total > w {
                computeLineBreaks(into: &breakBefore)
                var start = 0
                col = 0
                var lastBreak = -1
                var k = 0
                while k < clusterCount {
                    if k > start && breakBefore[k] { lastBreak = k }
                    let cw = clusterWidth(k, column: col, tabSize: tabSize, reveal: options.revealControls)
                    if col + cw > w && !isSpaceCluster(k) && k > start {
                        let end = lastBreak > start ? lastBreak : k
                        lineBounds.append((start, end))
                        start = end
                        lastBreak = -1
                        col = 0
                        k = start
                        continue
                    }
                    col += cw
                    k += 1
                }
                lineBounds.append((start, clusterCount))
            } else {
                lineBounds = [(0, clusterCount)]
            }
        } else {
            lineBounds = [(0, clusterCount)]
        }

        // Reorder each visual line on its own and build its cells.
        var lines: [VisualLine] = []
        lines.reserveCapacity(lineBounds.count)
        var order: [Int32] = []
        var lineLevels: [UInt8] = []
        var map: [Int32] = []
        var emitted: [Bool] = []
        for (li, (c0, c1)) in lineBounds.enumerated() {
            let u0 = Int(clusterStart[c0]), u1 = Int(clusterStart[c1])
            order.removeAll(keepingCapacity: true)
            lineLevels.removeAll(keepingCapacity: true)
            if useICU && u1 > u0 {
                var err: Int32 = 0
                CICU_bidi_setLine(para.raw, Int32(u0), Int32(u1), lineBidi.raw, &err)
                if err <= 0, let lv = CICU_bidi_getLevels(lineBidi.raw, &err), err <= 0 {
                    lineLevels.append(contentsOf: UnsafeBufferPointer(start: lv, count: u1 - u0))
                    if map.count < u1 - u0 { map = [Int32](repeating: 0, count: u1 - u0) }
                    map.withUnsafeMutableBufferPointer { CICU_bidi_getVisualMap(lineBidi.raw, $0.baseAddress, &err) }
                    // A cluster is emitted where its first unit appears in visual order; its
                    // other units may sit elsewhere when they resolved to another level (a ZWJ
                    // after a bracket, say), and are skipped there.
                    if emitted.count < c1 - c0 { emitted = [Bool](repeating: false, count: c1 - c0) }
                    for i in 0..<(c1 - c0) { emitted[i] = false }
                    for v in 0..<(u1 - u0) {
                        let c = unitCluster[u0 + Int(map[v])]
                        let local = Int(c) - c0
                        if !emitted[local] { emitted[local] = true; order.append(c) }
                    }
                }
            }
            if order.isEmpty && c1 > c0 {
                order.append(contentsOf: (Int32(c0)..<Int32(c1)))
                lineLevels = [UInt8](repeating: paraLevel, count: u1 - u0)
                if paraLevel == 1 {
                    // Reordering off (or ICU failed) in an RTL paragraph: keep logical order.
                    for i in lineLevels.indices { lineLevels[i] = 1 }
                }
            }
            lines.append(buildLine(clusters: c0..<c1, order: order, levels: lineLevels, unitBase: u0,
                                   maxWidth: maxWidth, softWrapped: li < lineBounds.count - 1, options: options))
        }
        let scalarCount = hasSurrogates ? (n == 0 ? 0 : Int(unitScalar[n - 1]) + 1) : n
        return ParagraphLayout(direction: paraLevel & 1 == 1 ? .rtl : .ltr, lines: lines, scalarCount: scalarCount)
    }

    /// The width in cells of `text` laid out on one line (what `layout(text, …).width` gives).
    public func width(of text: String, options: LayoutOptions = LayoutOptions()) -> Int {
        var ascii = true
        for b in text.utf8 where b < 0x20 || b >= 0x7F { ascii = false; break }
        if ascii { return text.utf8.count }
        prepare(text, options: options)
        buildClusters()
        var col = 0
        for k in 0..<(clusterStart.count - 1) { col += clusterWidth(k, column: col, tabSize: options.tabSize, reveal: options.revealControls) }
        return col
    }

    // MARK: - Steps

    private func prepare(_ text: String, options: LayoutOptions) {
        units.removeAll(keepingCapacity: true)
        units.append(contentsOf: text.utf16)
        let n = units.count
        if let ns = options.numerals { ns.convert(units: &units) }
        hasSurrogates = false
        for u in units where u & 0xF800 == 0xD800 { hasSurrogates = true; break }
        if hasSurrogates {
            unitScalar.removeAll(keepingCapacity: true)
            var s: Int32 = -1
            for u in units {
                if !(u >= 0xDC00 && u <= 0xDFFF) { s += 1 }
                unitScalar.append(max(0, s))
            }
        }
        stand.removeAll(keepingCapacity: true)
        stand.append(contentsOf: units)
        for i in 0..<n {
            let u = stand[i]
            if u < 0x20 || (u >= 0x7F && u <= 0x9F) || u == 0x2028 || u == 0x2029, let s = Sanitizer.standIn(u) { stand[i] = s }
        }
        glyphs.removeAll(keepingCapacity: true)
        glyphs.append(contentsOf: stand)
        merged.removeAll(keepingCapacity: true)
        merged.append(contentsOf: repeatElement(false, count: n))
        if options.shaping && Shaper.needsShaping(glyphs) {
            for t in shaper.shape(&glyphs) { merged[Int(t)] = true }
        }
    }

    /// Grapheme clusters of the text as written (ICU's character break iterator); a lam-alef
    /// ligature joins the clusters of its two letters.
    private func buildClusters() {
        let n = units.count
        clusterStart.removeAll(keepingCapacity: true)
        unitCluster.removeAll(keepingCapacity: true)
        unitCluster.reserveCapacity(n)
        guard n > 0 else { clusterStart.append(0); return }
        var simple = true
        for u in units where u >= 0x300 || u == 0x0D { simple = false; break }
        if simple {
            for i in 0..<n { clusterStart.append(Int32(i)); unitCluster.append(Int32(i)) }
            clusterStart.append(Int32(n))
            return
        }
        var err: Int32 = 0
        units.withUnsafeBufferPointer { CICU_break_setText(graphemes.raw, $0.baseAddress, Int32(n), &err) }
        var b = CICU_break_first(graphemes.raw)
        clusterStart.append(0)
        while true {
            b = CICU_break_next(graphemes.raw)
            if b < 0 || b >= n { break }
            if merged[Int(b)] { continue }  // the alef of a lam-alef ligature
            clusterStart.append(b)
        }
        clusterStart.append(Int32(n))
        var c: Int32 = 0
        for i in 0..<n {
            while Int(clusterStart[Int(c) + 1]) <= i { c += 1 }
            unitCluster.append(c)
        }
        // The units cleared above stay valid: CICU_break_setText keeps a pointer only until the next call.
        CICU_break_setText(graphemes.raw, nil, 0, &err)
    }

    /// Line break opportunities (UAX #14) at cluster starts.
    private func computeLineBreaks(into breakBefore: inout [Bool]) {
        let n = stand.count
        var err: Int32 = 0
        stand.withUnsafeBufferPointer { CICU_break_setText(lineBreaker.raw, $0.baseAddress, Int32(n), &err) }
        guard err <= 0 else { return }
        var b = CICU_break_first(lineBreaker.raw)
        while true {
            b = CICU_break_next(lineBreaker.raw)
            if b < 0 || b >= n { break }
            let c = Int(unitCluster[Int(b)])
            if clusterStart[c] == b { breakBefore[c] = true }
        }
        CICU_break_setText(lineBreaker.raw, nil, 0, &err)
    }

    @inline(__always)
    private func scalar(at i: Int, in a: [UInt16]) -> (UInt32, Int) {
        let u = a[i]
        if u & 0xFC00 == 0xD800, i + 1 < a.count, a[i + 1] & 0xFC00 == 0xDC00 {
            return (0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(a[i + 1]) - 0xDC00), 2)
        }
        return (UInt32(u), 1)
    }

    private func isSpaceCluster(_ k: Int) -> Bool {
        let u = units[Int(clusterStart[k])]
        return u == 0x20 || u == 0x3000 || (u >= 0x2000 && u <= 0x200A)
    }

    /// The columns cluster `k` takes when it starts at `column` (TAB depends on it).
    private func clusterWidth(_ k: Int, column: Int, tabSize: Int, reveal: Bool) -> Int {
        var i = Int(clusterStart[k])
        let end = Int(clusterStart[k + 1])
        if end - i == 1 {
            let u = units[i]
            if u >= 0x20 && u < 0x7F { return 1 }
            if u == 0x09 { return tabSize - column % tabSize }
        }
        var w = 0
        var first = true
        while i < end {
            let (c, len) = scalar(at: i, in: units)
            defer { i += len; first = false }
            if merged[i] { continue }
            if c == 0x09 { w += tabSize - (column + w) % tabSize; continue }
            if c < 0x20 || c == 0x7F { w += 1; continue }
            if c >= 0x80 && c <= 0x9F { w += 2; continue }
            let g = len == 1 ? UInt32(glyphs[i]) : c
            let cw = WidthTable.width(g)
            if cw < 0 { w += 1; continue }
            if cw == 0 {
                if UnicodeProperties.isMark(c) {
                    if first { w += 1 }   // drawn on ◌
                } else if reveal, let r = Sanitizer.revealed(c) {
                    w += r.unicodeScalars.count
                }
                continue
            }
            w += cw
        }
        return w
    }

    private func appendCluster(_ k: Int, mirrored: Bool, column: Int, options: LayoutOptions,
                               into s: inout String.UnicodeScalarView, flags: inout VisualCell.Flags) -> Int {
        var i = Int(clusterStart[k])
        let end = Int(clusterStart[k + 1])
        var w = 0
        var first = true
        while i < end {
            let (c, len) = scalar(at: i, in: units)
            defer { i += len; first = false }
            if merged[i] { continue }
            if c == 0x09 {
                let t = options.tabSize - (column + w) % options.tabSize
                for _ in 0..<t { s.append(" ") }
                w += t
                continue
            }
            if c < 0x20 || (c >= 0x7F && c <= 0x9F) {
                flags.insert(.placeholder)
                for p in Sanitizer.placeholder(for: c)!.unicodeScalars { s.append(p) }
                w += c >= 0x80 ? 2 : 1
                continue
            }
            var g = len == 1 ? UInt32(glyphs[i]) : c
            if g != c { flags.insert(.shaped) }
            if mirrored && first {
                let m = UnicodeProperties.mirrorRaw(g)
                if m != g { g = m; flags.insert(.mirrored) }
            }
            let cw = WidthTable.width(g)
            if cw < 0 {
                flags.insert(.placeholder)
                s.append(c == 0x2028 || c == 0x2029 ? "\u{2424}" : "\u{FFFD}")
                w += 1
                continue
            }
            if cw == 0 {
                if UnicodeProperties.isMark(c) {
                    if first {   // a mark with no base: drawn on a dotted circle
                        s.append("\u{25CC}")
                        w += 1
                    }
                } else {
                    if options.revealControls, let r = Sanitizer.revealed(c) {
                        flags.insert(.placeholder)
                        s.append(contentsOf: r.unicodeScalars)
                        w += r.unicodeScalars.count
                    } else if !s.isEmpty && BidiEngine.staysInCluster(c) {
                        s.append(Unicode.Scalar(c)!)
                    }
                    // Other zero-width format characters (bidi controls, ZWSP, ...) are not written.
                    continue
                }
            }
            s.append(Unicode.Scalar(g) ?? "\u{FFFD}")
            w += cw
        }
        return w
    }

    private func buildLine(clusters: Range<Int>, order: [Int32], levels: [UInt8], unitBase: Int,
                           maxWidth: Int?, softWrapped: Bool, options: LayoutOptions) -> VisualLine {
        guard !clusters.isEmpty else {
            let s = clusters.lowerBound < clusterStart.count ? scalarIndex(Int(clusterStart[clusters.lowerBound])) : 0
            return VisualLine(cells: [], width: 0, logicalRange: s..<s)
        }
        // Logical columns (for tabs) and widths per cluster.
        var logicalColumn = [Int](repeating: 0, count: clusters.count)
        var widths = [Int](repeating: 0, count: clusters.count)
        var col = 0
        for k in clusters {
            logicalColumn[k - clusters.lowerBound] = col
            let w = clusterWidth(k, column: col, tabSize: options.tabSize, reveal: options.revealControls)
            widths[k - clusters.lowerBound] = w
            col += w
        }
        // Whitespace where a line was soft-wrapped hangs: it takes no cell, so alignment and padding
        // see only the text. At the end of the paragraph, trailing whitespace is drawn (L1 puts it
        // at the paragraph's end edge) as far as the width allows.
        var hidden = Set<Int>()
        var excess = softWrapped ? Int.max : (maxWidth.map { col - $0 } ?? 0)
        var k = clusters.upperBound - 1
        while excess > 0, k >= clusters.lowerBound, isSpaceCluster(k) || widths[k - clusters.lowerBound] == 0 {
            if widths[k - clusters.lowerBound] > 0 {
                hidden.insert(k)
                excess -= widths[k - clusters.lowerBound]
            }
            k -= 1
        }
        var cells: [VisualCell] = []
        cells.reserveCapacity(order.count)
        var total = 0
        for c32 in order {
            let k = Int(c32)
            let u0 = Int(clusterStart[k])
            let level = levels.isEmpty ? 0 : levels[u0 - unitBase]
            let range = scalarIndex(u0)..<scalarIndex(Int(clusterStart[k + 1]))
            let w = widths[k - clusters.lowerBound]
            if hidden.contains(k) || w == 0 {
                cells.append(VisualCell(text: "", width: 0, logical: range, level: level))
                continue
            }
            if let mw = maxWidth, w > mw {
                // One cluster wider than the whole line: a visible ellipsis instead of overflowing.
                cells.append(VisualCell(text: "…", width: 1, logical: range, level: level, flags: .truncated))
                total += 1
                continue
            }
            let mirror = options.mirroring && options.reordering && level & 1 == 1
            var s = String.UnicodeScalarView()
            var flags: VisualCell.Flags = []
            let drawn = appendCluster(k, mirrored: mirror, column: logicalColumn[k - clusters.lowerBound],
                                      options: options, into: &s, flags: &flags)
            if drawn > 1 && (units[u0] == 0x09 || Sanitizer.isControl(UInt32(units[u0])) || flags.contains(.placeholder))
                && s.count == drawn {
                // TABs, C1 placeholders and revealed controls: one narrow cell per column, so buffers
                // keep cells of width 1 or 2.
                for p in s { cells.append(VisualCell(text: String(p), width: 1, logical: range, level: level, flags: flags)) }
            } else {
                cells.append(VisualCell(text: String(s), width: drawn, logical: range, level: level, flags: flags))
            }
            total += drawn
        }
        let lr = scalarIndex(Int(clusterStart[clusters.lowerBound]))..<scalarIndex(Int(clusterStart[clusters.upperBound]))
        return VisualLine(cells: cells, width: total, logicalRange: lr)
    }

    @inline(__always)
    private func scalarIndex(_ unit: Int) -> Int {
        guard hasSurrogates else { return unit }
        if unit >= unitScalar.count { return unitScalar.isEmpty ? 0 : Int(unitScalar[unitScalar.count - 1]) + 1 }
        return Int(unitScalar[unit])
    }

    /// True when the text has a character that may be right-to-left or steer bidi: Hebrew, Arabic
    /// and the other RTL blocks, explicit controls, Arabic-Indic digits, supplementary characters.
    @inline(__always)
    static func mayNeedBidi(_ a: [UInt16]) -> Bool {
        for u in a where u >= 0x0590 {
            if u <= 0x08FF { return true }
            if u >= 0x200E && u <= 0x200F { return true }
            if u >= 0x202A && u <= 0x202E { return true }
            if u >= 0x2066 && u <= 0x2069 { return true }
            if u >= 0xD800 && u <= 0xDFFF { return true }
            if u >= 0xFB1D && u <= 0xFDFF { return true }
            if u >= 0xFE70 && u <= 0xFEFF { return true }
        }
        return false
    }

    /// Zero-width characters that belong to the cluster they are in and are written with it: joiners,
    /// variation selectors, emoji tag characters.
    @inline(__always)
    static func staysInCluster(_ c: UInt32) -> Bool {
        c == 0x200D || c == 0x200C || (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xE0100 && c <= 0xE01EF)
            || (c >= 0xE0020 && c <= 0xE007F)
    }

    static func hasStrongLTR(_ a: [UInt16]) -> Bool {
        for u in a {
            if (u >= 0x41 && u <= 0x5A) || (u >= 0x61 && u <= 0x7A) { return true }
            if u >= 0xC0 && UnicodeProperties.bidiClassRaw(UInt32(u)) == 0 { return true }
        }
        return false
    }
}
