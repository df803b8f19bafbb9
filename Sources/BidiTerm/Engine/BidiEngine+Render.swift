import CICU

// MARK: - The UTF-8 path of `rtl-tui render`

extension BidiEngine {
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
        var prepared = prepare(count: n, options: options)
        // A right-to-left paragraph of R and AL characters and neutrals only, with no L, no number
        // and no explicit formatting character (most RTL UI strings), resolves to level 1
        // throughout: W1-W7 leave only R and neutrals, N0-N2 make every neutral R, I2 keeps R at
        // level 1, L1 resets only to the paragraph level, 1. Its visual order is its logical order
        // reversed, with no need for ICU's bidi. (`layout` always asks ICU, and the benchmark
        // checks that both agree.)
        var allRTL = false
        if options.reordering && prepared.allRTLNeutral {
            switch direction {
            case .rtl, .auto(fallback: .rtl): allRTL = true
            case .auto(fallback: .ltr): allRTL = prepared.strongR
            case .ltr: allRTL = false
            }
        }
        let (useICU, paraLevel) = allRTL ? (false, UInt8(1)) : resolveBidi(prepared, direction: direction, options: options)
        buildClusters(&prepared)
        if options.revealControls { splitRevealedClusters(&prepared) }
        let clusterCount = prepared.clusterCount
        let tabSize = options.tabSize
        let reveal = options.revealControls

        // Logical columns, for tabs only (they expand from the logical start of the line).
        let columns: UnsafeMutablePointer<Int>?
        if prepared.hasTab {
            scratch.pointee.columns.reserve(clusterCount)
            let cols = scratch.pointee.columns.base
            var col = 0
            for k in 0..<clusterCount {
                cols[k] = col
                col += clusterWidth(k, prepared, column: col, tabSize: tabSize, reveal: reveal)
            }
            columns = cols
        } else {
            columns = nil
        }
        let context = DrawContext(perUnit: prepared.hasTab ? max(16, tabSize) : 16, mirroring: options.mirroring && options.reordering,
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
                                for i in first..<end { draw(i, level: levels[i], prepared, &sink, context) }
                            } else {
                                var i = end - 1
                                while i >= first {
                                    draw(i, level: levels[i], prepared, &sink, context)
                                    i -= 1
                                }
                            }
                        }
                    } else {
                        // A cluster is drawn where its base, its first unit, appears in visual
                        // order, at the base's level (see `layout`).
                        let uc = prepared.unitCluster, cs = prepared.clusterStart
                        for r in 0..<runs {
                            var start: Int32 = 0, length: Int32 = 0
                            let rtl = CICU_bidi_getVisualRun(para.raw, Int32(r), &start, &length) != 0
                            reserve(&sink, units: Int(length), context)
                            for j in 0..<Int(length) {
                                let u = rtl ? Int(start + length) - 1 - j : Int(start) + j
                                let c = Int(uc[u])
                                if Int(cs[c]) == u { draw(c, level: levels[u], prepared, &sink, context) }
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
                draw(k, level: 1, prepared, &sink, context)
                k -= 1
            }
        } else if !done {
            reserve(&sink, units: n, context)
            for k in 0..<clusterCount { draw(k, level: paraLevel, prepared, &sink, context) }
        }
        out.append(contentsOf: UnsafeBufferPointer(start: scratch.pointee.out.base, count: sink.count))
        return true
    }

    /// What `render` draws every cluster with.
    struct DrawContext {
        let perUnit: Int         // most bytes one unit can become
        let mirroring: Bool
        let columns: UnsafeMutablePointer<Int>?   // logical column of each cluster, with tabs
        let options: LayoutOptions
    }

    /// Makes room in `sink` for `units` more units of text.
    @inline(__always)
    func reserve(_ sink: inout UTF8Sink, units: Int, _ context: DrawContext) {
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
    func draw(_ k: Int, level: UInt8, _ prepared: PreparedText, _ sink: inout UTF8Sink, _ context: DrawContext) {
        let i = Int(prepared.clusterStart[k])
        if Int(prepared.clusterStart[k + 1]) - i == 1,
           let (g, _) = singleUnitGlyph(at: i, mirrored: context.mirroring && level & 1 == 1, prepared) {
            if g < 0x80 { sink.putASCII(UInt8(truncatingIfNeeded: g)) } else { sink.put(g) }
            return
        }
        drawCluster(k, level: level, prepared, &sink, context)
    }

    /// `draw` for any cluster.
    @inline(never)
    func drawCluster(_ k: Int, level: UInt8, _ prepared: PreparedText, _ sink: inout UTF8Sink, _ context: DrawContext) {
        reserve(&sink, units: Int(prepared.clusterStart[k + 1] - prepared.clusterStart[k]), context)
        let options = context.options
        let column = context.columns?[k] ?? 0
        guard clusterWidth(k, prepared, column: column, tabSize: options.tabSize, reveal: options.revealControls) > 0 else { return }
        var flags: VisualCell.Flags = []
        _ = appendCluster(k, prepared, mirrored: context.mirroring && level & 1 == 1, column: column, options: options,
                          into: &sink, flags: &flags)
    }
}
