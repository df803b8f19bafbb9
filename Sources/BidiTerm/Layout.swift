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
                if c.logical.contains(o), c.width > 0, best == nil { best = (x, c) }
                x += c.width
            }
            if let (bx, _) = best { return (li, bx) }
            // After the last scalar of the line (or on a hidden character): next to the cell of the
            // scalar before the caret, on its trailing side.
            x = 0
            for c in line.cells {
                if c.width > 0, c.logical.contains(o - 1) { return (li, c.isRTL ? x - 1 : x + c.width) }
                x += c.width
            }
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

/// The text engine: bidi (ICU's ubidi), Arabic shaping, grapheme clusters, line breaking, widths
/// and sanitising, producing lines of terminal cells.
///
/// An engine keeps its ICU objects and its buffers between calls (creating them costs more than
/// laying out a short line). It is not thread-safe: use one engine per thread.
///
///     let engine = BidiEngine()
///     let p = engine.layout("مرحبا بالعالم (Hello)", direction: .autoLTR, width: 12)
///     for line in p.lines { print(line.text) }
public final class BidiEngine {
    let para = ICUBidi()
    let lineBidi = ICUBidi()
    /// Character properties and widths of the BMP, filled as blocks are met.
    let chars = CharTable()
    /// Everything else that changes between calls: buffers reused to avoid allocations, the
    /// shaper, the break iterators. Plain memory behind a pointer, so the per-character paths pay
    /// no exclusivity checks (an engine is used by one thread at a time).
    private let scratch: UnsafeMutablePointer<EngineScratch>

    public init() {
        scratch = .allocate(capacity: 1)
        scratch.initialize(to: EngineScratch())
    }

    deinit {
        scratch.pointee.deallocate()
        scratch.deinitialize(count: 1)
        scratch.deallocate()
    }

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
        var P = prepare(count: load(text), options: options)
        let n = P.n
        let maxWidth = width.map { max(1, $0) }
        let (useICU, paraLevel) = resolveBidi(P, direction: direction, options: options)
        buildClusters(&P)
        let clusterCount = P.clusterCount
        let tabSize = options.tabSize

        // Without tabs a cluster's width does not depend on its column: measure each once.
        let fixedWidths: UnsafeMutablePointer<Int32>?
        if !P.hasTab && clusterCount > 0 {
            scratch.pointee.widths.reserve(clusterCount)
            let fw = scratch.pointee.widths.base
            for k in 0..<clusterCount {
                fw[k] = Int32(truncatingIfNeeded: clusterWidth(k, P, column: 0, tabSize: tabSize, reveal: options.revealControls))
            }
            fixedWidths = fw
        } else {
            fixedWidths = nil
        }
        @inline(__always)
        func widthOf(_ k: Int, column: Int) -> Int {
            if let fw = fixedWidths { return Int(fw[k]) }
            return clusterWidth(k, P, column: column, tabSize: tabSize, reveal: options.revealControls)
        }

        // Wrap (R5: wrap first, on logical text), greedy at line break opportunities.
        var lineBounds: [(Int, Int)] = []   // cluster ranges
        if let w = maxWidth, clusterCount > 0 {
            var total = 0
            var col = 0
            for k in 0..<clusterCount { col += widthOf(k, column: col) }
            total = col
            if total > w {
                var breakBefore = [Bool](repeating: false, count: clusterCount + 1)
                computeLineBreaks(P, into: &breakBefore)
                var start = 0
                col = 0
                var lastBreak = -1
                var k = 0
                while k < clusterCount {
                    if k > start && breakBefore[k] { lastBreak = k }
                    let cw = widthOf(k, column: col)
                    if col + cw > w && !isSpaceCluster(k, P) && k > start {
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
        for (li, (c0, c1)) in lineBounds.enumerated() {
            let u0 = Int(P.clusterStart[c0]), u1 = Int(P.clusterStart[c1])
            order.removeAll(keepingCapacity: true)
            lineLevels.removeAll(keepingCapacity: true)
            if useICU && u1 > u0 {
                var err: Int32 = 0
                CICU_bidi_setLine(para.raw, Int32(u0), Int32(u1), lineBidi.raw, &err)
                if err <= 0, let lv = CICU_bidi_getLevels(lineBidi.raw, &err), err <= 0 {
                    lineLevels.append(contentsOf: UnsafeBufferPointer(start: lv, count: u1 - u0))
                    scratch.pointee.map.reserve(u1 - u0)
                    scratch.pointee.emitted.reserve(c1 - c0)
                    let map = scratch.pointee.map.base, emitted = scratch.pointee.emitted.base
                    CICU_bidi_getVisualMap(lineBidi.raw, map, &err)
                    // A cluster is emitted where its first unit appears in visual order; its
                    // other units may sit elsewhere when they resolved to another level (a ZWJ
                    // after a bracket, say), and are skipped there.
                    emitted.update(repeating: false, count: c1 - c0)
                    order.reserveCapacity(c1 - c0)
                    for v in 0..<(u1 - u0) {
                        let c = P.unitCluster[u0 + Int(map[v])]
                        let local = Int(c) - c0
                        if !emitted[local] { emitted[local] = true; order.append(c) }
                    }
                }
            }
            if order.isEmpty && c1 > c0 {
                order.append(contentsOf: (Int32(c0)..<Int32(c1)))
                // Reordering off (or ICU failed): logical order, every unit at the paragraph level.
                lineLevels = [UInt8](repeating: paraLevel, count: u1 - u0)
            }
            lines.append(buildLine(P, clusters: c0..<c1, order: order, levels: lineLevels, unitBase: u0,
                                   maxWidth: maxWidth, softWrapped: li < lineBounds.count - 1, options: options,
                                   fixedWidths: fixedWidths))
        }
        let scalarCount = P.hasSurrogates ? (n == 0 ? 0 : Int(P.unitScalar[n - 1]) + 1) : n
        return ParagraphLayout(direction: paraLevel & 1 == 1 ? .rtl : .ltr, lines: lines, scalarCount: scalarCount)
    }

    /// The width in cells of `text` laid out on one line (what `layout(text, …).width` gives).
    public func width(of text: String, options: LayoutOptions = LayoutOptions()) -> Int {
        var ascii = true
        for b in text.utf8 where b < 0x20 || b >= 0x7F { ascii = false; break }
        if ascii { return text.utf8.count }
        var P = prepare(count: load(text), options: options)
        buildClusters(&P)
        var col = 0
        for k in 0..<P.clusterCount { col += clusterWidth(k, P, column: col, tabSize: options.tabSize, reveal: options.revealControls) }
        return col
    }

    /// Draws one paragraph given as UTF-8 on one line, without wrapping, straight to UTF-8: appends
    /// to `out` exactly what `layout(text, direction: direction, width: nil, options: options)`
    /// draws (the text of its cells wider than zero, left to right), without a line feed, and
    /// without building cells or strings. This is `rtl-tui render`'s path.
    /// - Returns: false, appending nothing, when `utf8` is not valid UTF-8 (the caller decides how
    ///   to report and repair it).
    /// - Complexity: O(n) in the length of `utf8`.
    public func render(utf8 text: UnsafeBufferPointer<UInt8>, direction: BaseDirection,
                       options: LayoutOptions = LayoutOptions(), into out: inout [UInt8]) -> Bool {
        let length = text.count
        guard length > 0, let src = text.baseAddress else { return true }
        // Printable ASCII without anything that can make it right-to-left or rewrite a digit is
        // drawn as it is: one cell per byte, no shaping, no mirroring at level 0.
        if options.numerals == nil || options.numerals == .latn {
            var ltr = !options.reordering
            switch direction {
            case .ltr, .auto(fallback: .ltr): ltr = true
            default: break
            }
            if ltr && BidiEngine.isPrintableASCII(src, length) {
                out.append(contentsOf: text)
                return true
            }
        }
        scratch.pointee.units.reserve(length)
        let n = BidiEngine.decodeUTF8(src, length, into: scratch.pointee.units.base)
        guard n >= 0 else { return false }
        var P = prepare(count: n, options: options)
        // A right-to-left paragraph of R and AL characters and neutrals only, with no L, no number
        // and no explicit formatting character (most RTL UI strings), resolves to level 1
        // throughout: W1-W7 leave only R and neutrals, N0-N2 make every neutral R, I2 keeps R at
        // level 1, L1 resets only to the paragraph level, 1. Its visual order is its logical order
        // reversed, with no need for ICU's bidi. (`layout` always asks ICU, and the benchmark
        // checks that both agree.)
        var allRTL = false
        if options.reordering && P.allRTLNeutral {
            switch direction {
            case .rtl, .auto(fallback: .rtl): allRTL = true
            case .auto(fallback: .ltr): allRTL = P.strongR
            case .ltr: allRTL = false
            }
        }
        let (useICU, paraLevel) = allRTL ? (false, UInt8(1)) : resolveBidi(P, direction: direction, options: options)
        buildClusters(&P)
        let clusterCount = P.clusterCount
        let tabSize = options.tabSize
        let reveal = options.revealControls

        // Logical columns, for tabs only (they expand from the logical start of the line).
        let columns: UnsafeMutablePointer<Int>?
        if P.hasTab {
            scratch.pointee.columns.reserve(clusterCount)
            let cols = scratch.pointee.columns.base
            var col = 0
            for k in 0..<clusterCount {
                cols[k] = col
                col += clusterWidth(k, P, column: col, tabSize: tabSize, reveal: reveal)
            }
            columns = cols
        } else {
            columns = nil
        }
        let context = DrawContext(perUnit: P.hasTab ? max(16, tabSize) : 16, mirroring: options.mirroring && options.reordering,
                                  columns: columns, options: options)
        var sink = UTF8Sink(base: scratch.pointee.out.base, capacity: scratch.pointee.out.capacity)
        var done = false
        if useICU {
            // One line, the whole paragraph: `para`'s own levels and runs (L1 applied to its end)
            // are the line's; no ubidi_setLine needed.
            var err: Int32 = 0
            if let levels = CICU_bidi_getLevels(para.raw, &err), err <= 0 {
                let runs = Int(CICU_bidi_countRuns(para.raw, &err))
                if err <= 0 {
                    // The units in visual order, run by run.
                    if clusterCount == n {
                        // Every unit is a cluster.
                        for r in 0..<runs {
                            var start: Int32 = 0, length: Int32 = 0
                            let rtl = CICU_bidi_getVisualRun(para.raw, Int32(r), &start, &length) != 0
                            let first = Int(start), end = Int(start + length)
                            reserve(&sink, units: end - first, context)
                            if !rtl {
                                for i in first..<end { draw(i, level: levels[i], P, &sink, context) }
                            } else {
                                var i = end - 1
                                while i >= first {
                                    draw(i, level: levels[i], P, &sink, context)
                                    i -= 1
                                }
                            }
                        }
                    } else {
                        // A cluster is drawn where its first unit appears in visual order (see `layout`).
                        scratch.pointee.emitted.reserve(clusterCount)
                        let emitted = scratch.pointee.emitted.base
                        emitted.update(repeating: false, count: clusterCount)
                        let uc = P.unitCluster, cs = P.clusterStart
                        for r in 0..<runs {
                            var start: Int32 = 0, length: Int32 = 0
                            let rtl = CICU_bidi_getVisualRun(para.raw, Int32(r), &start, &length) != 0
                            reserve(&sink, units: Int(length), context)
                            for j in 0..<Int(length) {
                                let c = Int(uc[rtl ? Int(start + length) - 1 - j : Int(start) + j])
                                if !emitted[c] {
                                    emitted[c] = true
                                    draw(c, level: levels[Int(cs[c])], P, &sink, context)
                                }
                            }
                        }
                    }
                    done = true
                }
            }
        }
        if allRTL {
            reserve(&sink, units: n, context)
            var k = clusterCount - 1
            while k >= 0 {
                draw(k, level: 1, P, &sink, context)
                k -= 1
            }
        } else if !done {
            reserve(&sink, units: n, context)
            for k in 0..<clusterCount { draw(k, level: paraLevel, P, &sink, context) }
        }
        out.append(contentsOf: UnsafeBufferPointer(start: scratch.pointee.out.base, count: sink.count))
        return true
    }

    /// What `render` draws every cluster with.
    private struct DrawContext {
        let perUnit: Int         // most bytes one unit can become
        let mirroring: Bool
        let columns: UnsafeMutablePointer<Int>?   // logical column of each cluster, with tabs
        let options: LayoutOptions
    }

    /// Makes room in `sink` for `units` more units of text.
    @inline(__always)
    private func reserve(_ sink: inout UTF8Sink, units: Int, _ context: DrawContext) {
        let need = sink.count + units * context.perUnit
        if need > sink.capacity {
            scratch.pointee.out.reserve(need, keeping: sink.count)
            sink.base = scratch.pointee.out.base
            sink.capacity = scratch.pointee.out.capacity
        }
    }

    /// Cluster `k` as `render` draws it, in UTF-8: what `appendCluster` writes for it when
    /// `clusterWidth` is not 0. The sink has room for the cluster's units (see `reserve`).
    @inline(__always)
    private func draw(_ k: Int, level: UInt8, _ P: Prepared, _ sink: inout UTF8Sink, _ context: DrawContext) {
        let i = Int(P.clusterStart[k])
        if Int(P.clusterStart[k + 1]) - i == 1 {
            // One unit, the common case: what clusterWidth and appendCluster do for it, when it
            // is printable and takes a cell (anything else takes the general way).
            let x = P.units[i]
            if x >= 0x20 && x < 0x7F || x >= 0xA0 && (x < 0xD800 || x > 0xDFFF) {
                let g0 = UInt32(P.glyphs[i])
                let g = context.mirroring && level & 1 == 1 ? chars.mirror(g0) : g0
                if x < 0x7F {
                    if g < 0x7F && g >= 0x20 {
                        sink.putASCII(UInt8(truncatingIfNeeded: g))
                        return
                    }
                } else if chars.width(g) > 0 && (g == g0 || chars.width(g0) > 0) && (g < 0xD800 || g > 0xDFFF) {
                    sink.put(g)
                    return
                }
            }
        }
        drawCluster(k, level: level, P, &sink, context)
    }

    /// `draw` for any cluster.
    @inline(never)
    private func drawCluster(_ k: Int, level: UInt8, _ P: Prepared, _ sink: inout UTF8Sink, _ context: DrawContext) {
        reserve(&sink, units: Int(P.clusterStart[k + 1] - P.clusterStart[k]), context)
        let options = context.options
        let column = context.columns?[k] ?? 0
        guard clusterWidth(k, P, column: column, tabSize: options.tabSize, reveal: options.revealControls) > 0 else { return }
        var flags: VisualCell.Flags = []
        _ = appendCluster(k, P, mirrored: context.mirroring && level & 1 == 1, column: column, options: options,
                          into: &sink, flags: &flags)
    }

    // MARK: - Steps

    /// Puts the UTF-16 form of `text` into the unit buffer; returns its length.
    private func load(_ text: String) -> Int {
        var text = text
        let count = text.utf8.count
        guard count > 0 else { return 0 }
        scratch.pointee.units.reserve(count)
        let dst = scratch.pointee.units.base
        return text.withUTF8 { BidiEngine.decodeUTF8($0.baseAddress!, $0.count, into: dst) }
    }

    /// The paragraph in the unit buffer, ready for bidi and clusters: digits converted, controls
    /// replaced by stand-ins, Arabic shaped, and what the text contains.
    private func prepare(count n: Int, options: LayoutOptions) -> Prepared {
        let u = scratch.pointee.units.base
        if let ns = options.numerals {
            let z = UInt16(ns.zero)
            for i in 0..<n {
                let x = u[i]
                if x < 0x30 || (x > 0x39 && x < 0x660) || x > 0x6F9 { continue }
                if let v = NumeralSystem.digitValue(UInt32(x)) { u[i] = z + UInt16(v) }
            }
        }
        var P = Prepared(units: u, clusterStart: scratch.pointee.clusterStart.base, unitCluster: scratch.pointee.unitCluster.base)
        P.n = n
        var hasControl = false, arabic = false
        var classes: UInt16 = 0, transparent = false
        var allRTLNeutral = true, strongR = false
        let chars = self.chars
        let classMask = UInt16(CICU_INFO_GCB_MASK), transparentBit = UInt16(CICU_INFO_TRANSPARENT)
        let rtlNeutralBit = UInt16(CICU_INFO_RTL_NEUTRAL), strongRBit = UInt16(CICU_INFO_STRONG_R)
        let controlClass: UInt16 = 1 << UInt16(CICU_INFO_GCB_CONTROL), complexClass: UInt16 = 1 << UInt16(CICU_INFO_GCB_COMPLEX)
        for i in 0..<n {
            let x = u[i]
            if x < 0x7F {
                if x < 0x20 {
                    if x == 0x09 { P.hasTab = true } else { hasControl = true }
                    classes |= x == 0x0D ? complexClass : controlClass
                } else if x >= 0x30 && (x <= 0x39 || x >= 0x41 && x <= 0x5A || x >= 0x61 && x <= 0x7A) {
                    allRTLNeutral = false   // digits (EN) and Latin letters (L)
                }
                continue
            }
            let info = chars.info(x)
            classes |= 1 << (info & classMask)
            if info & transparentBit != 0 { transparent = true }
            if x <= 0x9F { hasControl = true; continue }
            if info & strongRBit != 0 { strongR = true }
            // Controls (their stand-ins are ON) aside, the bidi class decides.
            if info & rtlNeutralBit == 0 && x != 0x2028 && x != 0x2029 { allRTLNeutral = false }
            if x < 0x0590 { continue }
            if x <= 0x08FF {
                P.rtlPossible = true
                if x >= 0x0600 { arabic = true }
                continue
            }
            if x >= 0xD800 && x <= 0xDFFF { P.hasSurrogates = true; P.rtlPossible = true; continue }
            if (x >= 0x200E && x <= 0x200F) || (x >= 0x202A && x <= 0x202E) || (x >= 0x2066 && x <= 0x2069)
                || (x >= 0xFB1D && x <= 0xFDFF) || (x >= 0xFE70 && x <= 0xFEFF) {
                P.rtlPossible = true
                continue
            }
            if x == 0x2028 || x == 0x2029 { hasControl = true }
        }
        P.classes = classes
        P.allRTLNeutral = allRTLNeutral
        P.strongR = strongR
        if P.hasSurrogates {
            scratch.pointee.unitScalar.reserve(n)
            let us = scratch.pointee.unitScalar.base
            var s: Int32 = -1
            for i in 0..<n {
                if !(u[i] >= 0xDC00 && u[i] <= 0xDFFF) { s += 1 }
                us[i] = max(0, s)
            }
            P.unitScalar = us
        }
        // Stand-ins for bidi resolution and line breaking (R22).
        P.stand = u
        if hasControl {
            scratch.pointee.stand.reserve(n)
            let s = scratch.pointee.stand.base
            s.update(from: u, count: n)
            for i in 0..<n {
                let x = s[i]
                if x < 0x20 || (x >= 0x7F && x <= 0x9F) || x == 0x2028 || x == 0x2029, let r = Sanitizer.standIn(x) { s[i] = r }
            }
            P.stand = s
        }
        // Shaping (R20), on the stand-ins.
        P.glyphs = P.stand
        if options.shaping && arabic {
            scratch.pointee.glyphs.reserve(n)
            let g = scratch.pointee.glyphs.base
            g.update(from: P.stand, count: n)
            P.glyphs = g
            let tails = scratch.pointee.shaper.shape(g, count: n, chars: chars, hasTransparent: transparent)
            if !tails.isEmpty {
                scratch.pointee.merged.reserve(n)
                let m = scratch.pointee.merged.base
                m.update(repeating: false, count: n)
                for t in tails { m[Int(t)] = true }
                P.merged = m
            }
        }
        return P
    }

    /// The paragraph level, and whether ICU's bidi (set on `para`) is needed: not when nothing in
    /// the text can be right-to-left in an LTR paragraph.
    private func resolveBidi(_ P: Prepared, direction: BaseDirection, options: LayoutOptions) -> (Bool, UInt8) {
        let n = P.n
        var paraLevel: UInt8
        var useICU = false
        switch direction {
        case .ltr: paraLevel = 0
        case .rtl: paraLevel = 1
        case .auto(let f): paraLevel = f == .ltr ? 0 : 1
        }
        if n > 0 && options.reordering && (P.rtlPossible || paraLevel == 1) {
            var base = direction
            if case .auto(let f) = direction, !P.rtlPossible, f == .rtl {
                // No RTL character: the first strong character, if any, is L.
                base = hasStrongLTR(P) ? .ltr : .rtl
            }
            var err: Int32 = 0
            // ICU keeps the pointer: the stand-ins stay in the engine's buffers until the next call.
            CICU_bidi_setPara(para.raw, P.stand, Int32(n), base.icuLevel, &err)
            if err <= 0 {
                useICU = true
                paraLevel = CICU_bidi_getParaLevel(para.raw) & 1
                if paraLevel == 0 && CICU_bidi_getDirection(para.raw) == 0 { useICU = false }
            }
        } else if case .auto = direction, n > 0, !P.rtlPossible, hasStrongLTR(P) {
            paraLevel = 0
        }
        return (useICU, paraLevel)
    }

    /// Grapheme clusters of the text as written; a lam-alef ligature joins the clusters of its two
    /// letters. The rules of UAX #29 are applied directly when every character is of a simple
    /// class (Other, Extend, SpacingMark, Prepend, Control: GB4, GB5, GB9, GB9a, GB9b, GB999);
    /// text with anything else (CR, ZWJ and emoji sequences, Hangul, regional indicators,
    /// supplementary characters, Indic and other scripts with conjunct rules) goes to ICU's
    /// character break iterator.
    private func buildClusters(_ P: inout Prepared) {
        let n = P.n
        scratch.pointee.clusterStart.reserve(n + 1)
        scratch.pointee.unitCluster.reserve(n)
        let cs = scratch.pointee.clusterStart.base, uc = scratch.pointee.unitCluster.base
        P.clusterStart = cs
        P.unitCluster = uc
        cs[0] = 0
        guard n > 0 else { P.clusterCount = 0; return }
        let u = P.units, merged = P.merged
        let control = UInt16(CICU_INFO_GCB_CONTROL), extend = UInt16(CICU_INFO_GCB_EXTEND)
        let prepend = UInt16(CICU_INFO_GCB_PREPEND), complex = UInt16(CICU_INFO_GCB_COMPLEX)
        let mask = UInt16(CICU_INFO_GCB_MASK)
        if P.classes & (1 << extend | 1 << prepend | 1 << complex) == 0 && merged == nil {
            // Only Other and Control: every unit is a cluster.
            for i in 0..<n {
                cs[i] = Int32(truncatingIfNeeded: i)
                uc[i] = Int32(truncatingIfNeeded: i)
            }
            cs[n] = Int32(truncatingIfNeeded: n)
            P.clusterCount = n
            return
        }
        var prev = chars.info(u[0]) & mask
        var simple = prev != complex && P.classes & (1 << complex) == 0
        var k = 0
        uc[0] = 0
        if simple {
            for i in 1..<n {
                let cls = chars.info(u[i]) & mask
                if cls == complex { simple = false; break }
                if prev == control || cls == control || (cls != extend && prev != prepend) {
                    if merged == nil || !merged![i] {
                        k += 1
                        cs[k] = Int32(i)
                    }
                }
                uc[i] = Int32(k)
                prev = cls
            }
        }
        if simple {
            cs[k + 1] = Int32(n)
            P.clusterCount = k + 1
            return
        }
        var err: Int32 = 0
        let graphemes = scratch.pointee.breakIterator(.character)
        CICU_break_setText(graphemes.raw, u, Int32(n), &err)
        scratch.pointee.breaks.reserve(n)
        let b = scratch.pointee.breaks.base
        let m = err <= 0 ? Int(CICU_break_all(graphemes.raw, Int32(n), b)) : 0
        k = 0
        for j in 0..<m {
            let x = Int(b[j])
            if x < 0 || x >= n { break }
            if let merged, merged[x] { continue }  // the alef of a lam-alef ligature
            k += 1
            cs[k] = Int32(x)
        }
        cs[k + 1] = Int32(n)
        P.clusterCount = k + 1
        var c = 0
        for i in 0..<n {
            while Int(cs[c + 1]) <= i { c += 1 }
            uc[i] = Int32(c)
        }
        // The break iterator keeps a pointer to the text only until the next setText.
        err = 0
        CICU_break_setText(graphemes.raw, nil, 0, &err)
    }

    /// Line break opportunities (UAX #14) at cluster starts.
    private func computeLineBreaks(_ P: Prepared, into breakBefore: inout [Bool]) {
        let n = P.n
        var err: Int32 = 0
        let lineBreaker = scratch.pointee.breakIterator(.line)
        CICU_break_setText(lineBreaker.raw, P.stand, Int32(n), &err)
        guard err <= 0 else { return }
        scratch.pointee.breaks.reserve(n)
        let b = scratch.pointee.breaks.base
        let m = Int(CICU_break_all(lineBreaker.raw, Int32(n), b))
        for j in 0..<m {
            let x = Int(b[j])
            if x < 0 || x >= n { break }
            let c = Int(P.unitCluster[x])
            if Int(P.clusterStart[c]) == x { breakBefore[c] = true }
        }
        CICU_break_setText(lineBreaker.raw, nil, 0, &err)
    }

    @inline(__always)
    private func scalar(at i: Int, _ P: Prepared) -> (UInt32, Int) {
        let u = P.units[i]
        if u & 0xFC00 == 0xD800, i + 1 < P.n, P.units[i + 1] & 0xFC00 == 0xDC00 {
            return (0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(P.units[i + 1]) - 0xDC00), 2)
        }
        return (UInt32(u), 1)
    }

    private func isSpaceCluster(_ k: Int, _ P: Prepared) -> Bool {
        let u = P.units[Int(P.clusterStart[k])]
        return u == 0x20 || u == 0x3000 || (u >= 0x2000 && u <= 0x200A)
    }

    /// The columns cluster `k` takes when it starts at `column` (TAB depends on it).
    @inline(__always)
    private func clusterWidth(_ k: Int, _ P: Prepared, column: Int, tabSize: Int, reveal: Bool) -> Int {
        var i = Int(P.clusterStart[k])
        let end = Int(P.clusterStart[k + 1])
        if end - i == 1 {
            let u = P.units[i]
            if u >= 0x20 && u < 0x7F { return 1 }
            if u == 0x09 { return tabSize - column % tabSize }
        }
        var w = 0
        var first = true
        while i < end {
            let (c, len) = scalar(at: i, P)
            defer { i += len; first = false }
            if let m = P.merged, m[i] { continue }
            if c == 0x09 { w += tabSize - (column + w) % tabSize; continue }
            if c < 0x20 || c == 0x7F { w += 1; continue }
            if c >= 0x80 && c <= 0x9F { w += 2; continue }
            let g = len == 1 ? UInt32(P.glyphs[i]) : c
            let cw = chars.width(g)
            if cw < 0 { w += 1; continue }
            if cw == 0 {
                if chars.isMark(c) {
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

    /// Writes cluster `k` as drawn (shaped, mirrored, sanitised) to `s`; returns the columns taken.
    @inline(__always)
    private func appendCluster<S: ScalarSink>(_ k: Int, _ P: Prepared, mirrored: Bool, column: Int, options: LayoutOptions,
                                              into s: inout S, flags: inout VisualCell.Flags) -> Int {
        var i = Int(P.clusterStart[k])
        let end = Int(P.clusterStart[k + 1])
        var w = 0
        var first = true
        var written = 0
        while i < end {
            let (c, len) = scalar(at: i, P)
            defer { i += len; first = false }
            if let m = P.merged, m[i] { continue }
            if c == 0x09 {
                let t = options.tabSize - (column + w) % options.tabSize
                for _ in 0..<t { s.put(0x20) }
                written += t
                w += t
                continue
            }
            if c < 0x20 || (c >= 0x7F && c <= 0x9F) {
                flags.insert(.placeholder)
                if c < 0x20 {
                    s.put(0x2400 + c)
                    written += 1
                } else if c == 0x7F {
                    s.put(0x2421)
                    written += 1
                } else {
                    s.put(0x241B)
                    s.put(c - 0x40)
                    written += 2
                }
                w += c >= 0x80 ? 2 : 1
                continue
            }
            var g = len == 1 ? UInt32(P.glyphs[i]) : c
            if g != c { flags.insert(.shaped) }
            if mirrored && first {
                let m = chars.mirror(g)
                if m != g { g = m; flags.insert(.mirrored) }
            }
            let cw = chars.width(g)
            if cw < 0 {
                flags.insert(.placeholder)
                s.put(c == 0x2028 || c == 0x2029 ? 0x2424 : 0xFFFD)
                written += 1
                w += 1
                continue
            }
            if cw == 0 {
                if chars.isMark(c) {
                    if first {   // a mark with no base: drawn on a dotted circle
                        s.put(0x25CC)
                        written += 1
                        w += 1
                    }
                } else {
                    if options.revealControls, let r = Sanitizer.revealed(c) {
                        flags.insert(.placeholder)
                        for x in r.unicodeScalars { s.put(x.value) }
                        written += r.unicodeScalars.count
                        w += r.unicodeScalars.count
                    } else if written > 0 && BidiEngine.staysInCluster(c) {
                        s.put(c)
                        written += 1
                    }
                    // Other zero-width format characters (bidi controls, ZWSP, ...) are not written.
                    continue
                }
            }
            s.put(Unicode.Scalar(g) == nil ? 0xFFFD : g)
            written += 1
            w += cw
        }
        return w
    }

    private func buildLine(_ P: Prepared, clusters: Range<Int>, order: [Int32], levels: [UInt8], unitBase: Int,
                           maxWidth: Int?, softWrapped: Bool, options: LayoutOptions,
                           fixedWidths: UnsafeMutablePointer<Int32>?) -> VisualLine {
        guard !clusters.isEmpty else {
            let s = clusters.lowerBound <= P.clusterCount ? scalarIndex(Int(P.clusterStart[clusters.lowerBound]), P) : 0
            return VisualLine(cells: [], width: 0, logicalRange: s..<s)
        }
        // Logical columns (for tabs) and widths per cluster; without tabs, the widths measured once.
        let base = clusters.lowerBound
        var logicalColumn: [Int] = []
        var widthArray: [Int] = []
        var col = 0
        if let fw = fixedWidths {
            for k in clusters { col += Int(fw[k]) }
        } else {
            logicalColumn = [Int](repeating: 0, count: clusters.count)
            widthArray = [Int](repeating: 0, count: clusters.count)
            for k in clusters {
                logicalColumn[k - base] = col
                let w = clusterWidth(k, P, column: col, tabSize: options.tabSize, reveal: options.revealControls)
                widthArray[k - base] = w
                col += w
            }
        }
        @inline(__always)
        func width(_ k: Int) -> Int { fixedWidths.map { Int($0[k]) } ?? widthArray[k - base] }
        // Whitespace where a line was soft-wrapped hangs: it takes no cell, so alignment and padding
        // see only the text. At the end of the paragraph, trailing whitespace is drawn (L1 puts it
        // at the paragraph's end edge) as far as the width allows. The hidden clusters are the
        // visible ones from `hiddenFrom` on.
        var excess = softWrapped ? Int.max : (maxWidth.map { col - $0 } ?? 0)
        var k = clusters.upperBound - 1
        var hiddenFrom = clusters.upperBound
        while excess > 0, k >= base, isSpaceCluster(k, P) || width(k) == 0 {
            if width(k) > 0 {
                hiddenFrom = k
                excess -= width(k)
            }
            k -= 1
        }
        let mirroring = options.mirroring && options.reordering
        let chars = self.chars
        var cells: [VisualCell] = []
        cells.reserveCapacity(order.count)
        var total = 0
        for c32 in order {
            let k = Int(c32)
            let u0 = Int(P.clusterStart[k])
            let level = levels.isEmpty ? 0 : levels[u0 - unitBase]
            let range = scalarIndex(u0, P)..<scalarIndex(Int(P.clusterStart[k + 1]), P)
            let w = width(k)
            if k >= hiddenFrom || w == 0 {
                cells.append(VisualCell(text: "", width: 0, logical: range, level: level))
                continue
            }
            if let mw = maxWidth, w > mw {
                // One cluster wider than the whole line: a visible ellipsis instead of overflowing.
                cells.append(VisualCell(text: "…", width: 1, logical: range, level: level, flags: .truncated))
                total += 1
                continue
            }
            let mirror = mirroring && level & 1 == 1
            if Int(P.clusterStart[k + 1]) - u0 == 1 {
                // One printable unit that takes a cell, the common case: what appendCluster makes
                // of it, without the scalar view (anything else takes the general way below).
                let x = UInt32(P.units[u0])
                if x >= 0x20 && x < 0x7F || x >= 0xA0 && (x < 0xD800 || x > 0xDFFF) {
                    let g0 = UInt32(P.glyphs[u0])
                    let g = mirror ? chars.mirror(g0) : g0
                    let cw = g < 0x7F && g >= 0x20 ? 1 : chars.width(g)
                    if cw > 0 && (x < 0x7F || g == g0 || chars.width(g0) > 0) && (g < 0xD800 || g > 0xDFFF) {
                        var flags: VisualCell.Flags = []
                        if g0 != x { flags.insert(.shaped) }
                        if g != g0 { flags.insert(.mirrored) }
                        cells.append(VisualCell(text: BidiEngine.string(g), width: cw, logical: range, level: level, flags: flags))
                        total += cw
                        continue
                    }
                }
            }
            var s = String.UnicodeScalarView()
            var flags: VisualCell.Flags = []
            let drawn = appendCluster(k, P, mirrored: mirror, column: fixedWidths == nil ? logicalColumn[k - base] : 0,
                                      options: options, into: &s, flags: &flags)
            if drawn > 1 && (P.units[u0] == 0x09 || Sanitizer.isControl(UInt32(P.units[u0])) || flags.contains(.placeholder))
                && s.count == drawn && s.allSatisfy({ chars.width($0.value) == 1 }) {
                // TABs, C1 placeholders and revealed controls: one narrow cell per column, so buffers
                // keep cells of width 1 or 2. (Only when every scalar is one column wide: a cluster
                // that also holds a wide or a zero-width character stays one cell.)
                for p in s { cells.append(VisualCell(text: String(p), width: 1, logical: range, level: level, flags: flags)) }
            } else {
                cells.append(VisualCell(text: String(s), width: drawn, logical: range, level: level, flags: flags))
            }
            total += drawn
        }
        let lr = scalarIndex(Int(P.clusterStart[base]), P)..<scalarIndex(Int(P.clusterStart[clusters.upperBound]), P)
        return VisualLine(cells: cells, width: total, logicalRange: lr)
    }

    @inline(__always)
    private func scalarIndex(_ unit: Int, _ P: Prepared) -> Int {
        guard P.hasSurrogates else { return unit }
        if unit >= P.n { return P.n == 0 ? 0 : Int(P.unitScalar[P.n - 1]) + 1 }
        return Int(P.unitScalar[unit])
    }

    /// Zero-width characters that belong to the cluster they are in and are written with it: joiners,
    /// variation selectors, emoji tag characters.
    @inline(__always)
    static func staysInCluster(_ c: UInt32) -> Bool {
        c == 0x200D || c == 0x200C || (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xE0100 && c <= 0xE01EF)
            || (c >= 0xE0020 && c <= 0xE007F)
    }

    private func hasStrongLTR(_ P: Prepared) -> Bool {
        let strongL = UInt16(CICU_INFO_STRONG_L)
        for i in 0..<P.n {
            let u = P.stand[i]
            if (u >= 0x41 && u <= 0x5A) || (u >= 0x61 && u <= 0x7A) { return true }
            if u >= 0xC0 && chars.info(u) & strongL != 0 { return true }
        }
        return false
    }

    // MARK: - UTF-8

    /// The one-scalar string of `c` (a valid scalar).
    @inline(__always)
    static func string(_ c: UInt32) -> String { String(Unicode.Scalar(c)!) }

    /// True when every byte is printable ASCII (0x20–0x7E).
    @inline(__always)
    static func isPrintableASCII(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        var i = 0
        let high: UInt64 = 0x8080_8080_8080_8080, ones: UInt64 = 0x0101_0101_0101_0101
        while i + 8 <= n {
            let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
            // A byte with its top bit set, a byte below 0x20, or a byte equal to 0x7F.
            let del = w ^ (0x7F &* ones)
            if (w | ((w &- 0x20 &* ones) & ~w) | ((del &- ones) & ~del)) & high != 0 { return false }
            i += 8
        }
        while i < n {
            let b = p[i]
            if b < 0x20 || b >= 0x7F { return false }
            i += 1
        }
        return true
    }

    /// Decodes UTF-8 to UTF-16 (`dst` must hold `n` units); returns the number of units, or -1 when
    /// the bytes are not valid UTF-8 (overlong forms, surrogates, code points above U+10FFFF and
    /// truncated sequences are invalid, as for `String(validating:)`).
    static func decodeUTF8(_ s: UnsafePointer<UInt8>, _ n: Int, into dst: UnsafeMutablePointer<UInt16>) -> Int {
        var i = 0, o = 0
        while i < n {
            let b0 = s[i]
            if b0 < 0x80 {
                dst[o] = UInt16(b0)
                i += 1
                o += 1
                continue
            }
            if b0 < 0xC2 { return -1 }
            if b0 < 0xE0 {
                guard i + 1 < n else { return -1 }
                let b1 = s[i + 1]
                guard b1 & 0xC0 == 0x80 else { return -1 }
                dst[o] = UInt16(b0 & 0x1F) << 6 | UInt16(b1 & 0x3F)
                i += 2
                o += 1
                continue
            }
            if b0 < 0xF0 {
                guard i + 2 < n else { return -1 }
                let b1 = s[i + 1], b2 = s[i + 2]
                guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 else { return -1 }
                if b0 == 0xE0 && b1 < 0xA0 { return -1 }    // overlong
                if b0 == 0xED && b1 >= 0xA0 { return -1 }   // surrogate
                dst[o] = UInt16(b0 & 0x0F) << 12 | UInt16(b1 & 0x3F) << 6 | UInt16(b2 & 0x3F)
                i += 3
                o += 1
                continue
            }
            guard b0 < 0xF5, i + 3 < n else { return -1 }
            let b1 = s[i + 1], b2 = s[i + 2], b3 = s[i + 3]
            guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80, b3 & 0xC0 == 0x80 else { return -1 }
            if b0 == 0xF0 && b1 < 0x90 { return -1 }       // overlong
            if b0 == 0xF4 && b1 >= 0x90 { return -1 }      // above U+10FFFF
            let c = UInt32(b0 & 0x07) << 18 | UInt32(b1 & 0x3F) << 12 | UInt32(b2 & 0x3F) << 6 | UInt32(b3 & 0x3F)
            dst[o] = UInt16(0xD800 + ((c - 0x10000) >> 10))
            dst[o + 1] = UInt16(0xDC00 + ((c - 0x10000) & 0x3FF))
            i += 4
            o += 2
        }
        return o
    }
}

/// The current paragraph, prepared: plain pointers into the engine's buffers, valid until the
/// engine's next call.
struct Prepared {
    var n = 0
    /// The text as written (digits converted).
    var units: UnsafeMutablePointer<UInt16>
    /// `units` with controls replaced by stand-ins (the same buffer when there is no control).
    var stand: UnsafeMutablePointer<UInt16>
    /// `stand`, shaped (the same buffer when nothing was shaped).
    var glyphs: UnsafeMutablePointer<UInt16>
    /// Units merged into the previous lam-alef ligature; nil when there is none.
    var merged: UnsafeMutablePointer<Bool>? = nil
    var hasSurrogates = false
    var hasTab = false
    /// Something in the text may be right-to-left or steer bidi: Hebrew, Arabic and the other RTL
    /// blocks, explicit controls, Arabic-Indic digits, supplementary characters.
    var rtlPossible = false
    /// Unit offset of each cluster, plus n at the end (set by `buildClusters`).
    var clusterStart: UnsafeMutablePointer<Int32>
    /// Cluster index of each unit.
    var unitCluster: UnsafeMutablePointer<Int32>
    var clusterCount = 0
    /// One bit per grapheme cluster class (`CICU_INFO_GCB_`) met in the text.
    var classes: UInt16 = 0
    /// Every character (controls by their stand-ins) is R, AL or a neutral that takes the
    /// direction around it (`CICU_INFO_RTL_NEUTRAL`): no L, no number, no explicit formatting.
    var allRTLNeutral = false
    /// The text has an R or AL character.
    var strongR = false
    /// Scalar index of each unit (only with surrogates).
    var unitScalar: UnsafeMutablePointer<Int32>

    init(units: UnsafeMutablePointer<UInt16>, clusterStart: UnsafeMutablePointer<Int32>, unitCluster: UnsafeMutablePointer<Int32>) {
        self.units = units
        self.stand = units
        self.glyphs = units
        self.clusterStart = clusterStart
        self.unitCluster = unitCluster
        self.unitScalar = unitCluster
    }
}

/// The mutable state of an engine (see `BidiEngine.scratch`).
struct EngineScratch {
    var units = ScratchBuffer<UInt16>()         // the text as written (digits converted)
    var stand = ScratchBuffer<UInt16>()         // units with controls replaced by stand-ins
    var glyphs = ScratchBuffer<UInt16>()        // stand-ins, shaped
    var merged = ScratchBuffer<Bool>()          // unit merged into the previous lam-alef ligature
    var clusterStart = ScratchBuffer<Int32>()   // unit offset of each cluster, plus n at the end
    var unitCluster = ScratchBuffer<Int32>()    // cluster index of each unit
    var unitScalar = ScratchBuffer<Int32>()     // scalar index of each unit (only with surrogates)
    var breaks = ScratchBuffer<Int32>()         // boundaries from an ICU break iterator
    var map = ScratchBuffer<Int32>()            // visual map of a line
    var emitted = ScratchBuffer<Bool>()         // cluster already drawn on the line
    var columns = ScratchBuffer<Int>()          // logical column of each cluster (tabs)
    var widths = ScratchBuffer<Int32>()         // width of each cluster (text without tabs)
    var out = ScratchBuffer<UInt8>()            // UTF-8 written by `render`
    var shaper = Shaper()
    private var graphemes: ICUBreakIterator? = nil
    private var lines: ICUBreakIterator? = nil

    /// The character (grapheme cluster) or line break iterator, created on first use.
    mutating func breakIterator(_ kind: ICUBreakIterator.Kind) -> ICUBreakIterator {
        if kind == .character {
            if graphemes == nil { graphemes = ICUBreakIterator(.character) }
            return graphemes!
        }
        if lines == nil { lines = ICUBreakIterator(.line) }
        return lines!
    }

    func deallocate() {
        for b in [units, stand, glyphs] { b.deallocate() }
        for b in [clusterStart, unitCluster, unitScalar, breaks, map] { b.deallocate() }
        merged.deallocate()
        emitted.deallocate()
        columns.deallocate()
        widths.deallocate()
        out.deallocate()
        shaper.deallocate()
    }
}

/// Where `appendCluster` writes the scalars of a cluster.
protocol ScalarSink {
    mutating func put(_ c: UInt32)
}

extension String.UnicodeScalarView: ScalarSink {
    @inline(__always)
    mutating func put(_ c: UInt32) { append(Unicode.Scalar(c) ?? "\u{FFFD}") }
}

/// UTF-8 into a buffer with room enough (the caller makes sure).
struct UTF8Sink: ScalarSink {
    var base: UnsafeMutablePointer<UInt8>
    var capacity: Int
    var count = 0

    @inline(__always)
    mutating func putASCII(_ b: UInt8) {
        base[count] = b
        count += 1
    }

    @inline(__always)
    mutating func put(_ c: UInt32) {
        let p = base + count
        if c < 0x80 {
            p[0] = UInt8(truncatingIfNeeded: c)
            count += 1
        } else if c < 0x800 {
            p[0] = UInt8(truncatingIfNeeded: 0xC0 | c >> 6)
            p[1] = UInt8(truncatingIfNeeded: 0x80 | c & 0x3F)
            count += 2
        } else if c < 0x10000 {
            p[0] = UInt8(truncatingIfNeeded: 0xE0 | c >> 12)
            p[1] = UInt8(truncatingIfNeeded: 0x80 | (c >> 6) & 0x3F)
            p[2] = UInt8(truncatingIfNeeded: 0x80 | c & 0x3F)
            count += 3
        } else {
            p[0] = UInt8(truncatingIfNeeded: 0xF0 | c >> 18)
            p[1] = UInt8(truncatingIfNeeded: 0x80 | (c >> 12) & 0x3F)
            p[2] = UInt8(truncatingIfNeeded: 0x80 | (c >> 6) & 0x3F)
            p[3] = UInt8(truncatingIfNeeded: 0x80 | c & 0x3F)
            count += 4
        }
    }
}

/// A growable buffer of plain values (no reference counting, no exclusivity checks on element
/// access), reused between calls. Its owner deallocates it.
struct ScratchBuffer<T> {
    private(set) var base: UnsafeMutablePointer<T>
    private(set) var capacity: Int

    init() {
        capacity = 64
        base = .allocate(capacity: 64)
    }

    /// Makes room for `n` elements, keeping the first `keeping`.
    @inline(__always)
    mutating func reserve(_ n: Int, keeping: Int = 0) {
        if n > capacity { grow(n, keeping: keeping) }
    }

    @inline(never)
    private mutating func grow(_ n: Int, keeping: Int) {
        var c = capacity * 2
        while c < n { c *= 2 }
        let p = UnsafeMutablePointer<T>.allocate(capacity: c)
        if keeping > 0 { p.moveInitialize(from: base, count: keeping) }
        base.deallocate()
        base = p
        capacity = c
    }

    func deallocate() { base.deallocate() }
}
