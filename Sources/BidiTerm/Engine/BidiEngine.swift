import CICU

/// The text engine: bidi (ICU's ubidi), Arabic shaping, grapheme clusters, line breaking, widths
/// and sanitising, producing lines of terminal cells.
///
/// An engine keeps its ICU objects and its buffers between calls (creating them costs more than
/// laying out a short line). It may be shared between threads (so a `RenderContext` holding it is
/// `Sendable`): every public call holds the engine's lock, so calls from several threads take
/// turns. For work in parallel, give each thread an engine of its own.
///
///     let engine = BidiEngine()
///     let p = engine.layout("مرحبا بالعالم (Hello)", direction: .autoLTR, width: 12)
///     for line in p.lines { print(line.text) }
public final class BidiEngine: @unchecked Sendable {
    // @unchecked: the mutable state (ICU objects, `chars`, `scratch`) is touched only inside the
    // public calls, each of which holds `lock`.
    let lock = EngineLock()
    let para = ICUBidi()
    let lineBidi = ICUBidi()
    /// Character properties and widths of the BMP, filled as blocks are met.
    let chars = CharTable()
    /// Everything else that changes between calls: buffers reused to avoid allocations, the
    /// shaper, the break iterators. Plain memory behind a pointer, so the per-character paths pay
    /// no exclusivity checks (an engine is used by one thread at a time).
    let scratch: UnsafeMutablePointer<EngineScratch>
    // Sizes of the work done at a time on a long paragraph. The defaults bound the memory of a
    // wrapped paragraph by its width; tests and the fuzzer make them tiny, so that windows slide and
    // segments are cut on short text too (the output is the same whatever they are).

    /// Units shaped at a time in a long paragraph (see `prepare`).
    public var shapingSegment: Int {
        get { lock.lock(); defer { lock.unlock() }; return scratch.pointee.shapingSegment }
        set { lock.lock(); defer { lock.unlock() }; scratch.pointee.shapingSegment = max(1, newValue) }
    }
    /// Units of a wrapped paragraph whose clusters `render` holds at a time (at least a visual line's
    /// worth: it grows for longer lines).
    public var wrapWindow: Int {
        get { lock.lock(); defer { lock.unlock() }; return scratch.pointee.wrapWindow }
        set { lock.lock(); defer { lock.unlock() }; scratch.pointee.wrapWindow = max(1, newValue) }
    }
    /// Bytes of output after which `render` hands a long paragraph's lines to its `flush`.
    public var flushThreshold: Int {
        get { lock.lock(); defer { lock.unlock() }; return scratch.pointee.flushThreshold }
        set { lock.lock(); defer { lock.unlock() }; scratch.pointee.flushThreshold = newValue }
    }

    /// A new engine (it creates its ICU objects once).
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
        lock.lock(); defer { lock.unlock() }
        var prepared = prepare(count: load(text), options: options)
        let n = prepared.n
        let maxWidth = width.map { max(1, $0) }
        let (useICU, paraLevel) = resolveBidi(prepared, direction: direction, options: options)
        buildClusters(&prepared)
        if options.revealControls { splitRevealedClusters(&prepared) }
        let clusterCount = prepared.clusterCount
        let tabSize = options.tabSize
        let rules = options.widthRules

        // Without tabs a cluster's width does not depend on its column: measure each once.
        let fixedWidths: UnsafeMutablePointer<Int32>?
        if !prepared.hasTab && clusterCount > 0 {
            scratch.pointee.widths.reserve(clusterCount)
            let fw = scratch.pointee.widths.base
            for k in 0..<clusterCount {
                fw[k] = Int32(truncatingIfNeeded: clusterWidth(k, prepared, column: 0, tabSize: tabSize, rules: rules))
            }
            fixedWidths = fw
        } else {
            fixedWidths = nil
        }
        @inline(__always)
        func widthOf(_ k: Int, column: Int) -> Int {
            if let fw = fixedWidths { return Int(fw[k]) }
            return clusterWidth(k, prepared, column: column, tabSize: tabSize, rules: rules)
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
                computeLineBreaks(prepared, into: &breakBefore)
                var start = 0
                col = 0
                var lastBreak = -1
                var k = 0
                while k < clusterCount {
                    if k > start && breakBefore[k] { lastBreak = k }
                    let cw = widthOf(k, column: col)
                    if col + cw > w && !isSpaceCluster(k, prepared) && k > start {
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
            let u0 = Int(prepared.clusterStart[c0]), u1 = Int(prepared.clusterStart[c1])
            order.removeAll(keepingCapacity: true)
            lineLevels.removeAll(keepingCapacity: true)
            if useICU && u1 > u0 {
                var err: Int32 = 0
                CICU_bidi_setLine(para.raw, Int32(u0), Int32(u1), lineBidi.raw, &err)
                if err <= 0, let lv = CICU_bidi_getLevels(lineBidi.raw, &err), err <= 0 {
                    lineLevels.append(contentsOf: UnsafeBufferPointer(start: lv, count: u1 - u0))
                    scratch.pointee.map.reserve(u1 - u0)
                    let map = scratch.pointee.map.base
                    CICU_bidi_getVisualMap(lineBidi.raw, map, &err)
                    // A cluster takes the visual position (and the level) of its base, its first
                    // unit; its other units may sit elsewhere when they resolved to another level
                    // (a ZWNJ at the end of the line that L1 reset to the paragraph level, a ZWJ
                    // after a bracket), and are skipped there.
                    order.reserveCapacity(c1 - c0)
                    for v in 0..<(u1 - u0) {
                        let u = u0 + Int(map[v])
                        let c = prepared.unitCluster[u]
                        if Int(prepared.clusterStart[Int(c)]) == u { order.append(c) }
                    }
                }
            }
            if order.isEmpty && c1 > c0 {
                order.append(contentsOf: (Int32(c0)..<Int32(c1)))
                // Reordering off (or ICU failed): logical order, every unit at the paragraph level.
                lineLevels = [UInt8](repeating: paraLevel, count: u1 - u0)
            }
            lines.append(buildLine(prepared, clusters: c0..<c1, order: order, levels: lineLevels, unitBase: u0,
                                   maxWidth: maxWidth, softWrapped: li < lineBounds.count - 1, options: options,
                                   fixedWidths: fixedWidths))
        }
        let scalarCount = prepared.hasSurrogates ? (n == 0 ? 0 : Int(prepared.unitScalar[n - 1]) + 1) : n
        return ParagraphLayout(direction: paraLevel & 1 == 1 ? .rtl : .ltr, lines: lines, scalarCount: scalarCount)
    }

    /// The width in cells of `text` laid out on one line (what `layout(text, …).width` gives).
    public func width(of text: String, options: LayoutOptions = LayoutOptions()) -> Int {
        var ascii = true
        for b in text.utf8 where b < 0x20 || b >= 0x7F { ascii = false; break }
        if ascii { return text.utf8.count }
        lock.lock(); defer { lock.unlock() }
        var prepared = prepare(count: load(text), options: options)
        buildClusters(&prepared)
        if options.revealControls { splitRevealedClusters(&prepared) }
        var col = 0
        for k in 0..<prepared.clusterCount { col += clusterWidth(k, prepared, column: col, tabSize: options.tabSize, rules: options.widthRules) }
        return col
    }
}
