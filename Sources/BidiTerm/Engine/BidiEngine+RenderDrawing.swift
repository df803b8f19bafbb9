import CICU

// MARK: - Drawing the lines of render's UTF-8 path

extension BidiEngine {
    /// Where the visual order of a paragraph's lines comes from.
    enum ParagraphOrder {
        /// ICU's bidi, set on `para`.
        case icu
        /// Every cluster at level 1: the logical order reversed.
        case reversed
        /// Every cluster at one level in logical order (nothing right-to-left, or reordering off).
        case logical(UInt8)

        /// The source of a line that is the whole paragraph.
        func source(para: ICUBidi) -> VisualSource {
            switch self {
            case .icu: return .icu(para.raw, base: 0)
            case .reversed: return .reversed
            case .logical(let level): return .logical(level)
            }
        }
    }

    /// Where the visual order of one line comes from.
    enum VisualSource {
        /// A UBiDi holding the line, whose first unit is unit `base` of the text.
        case icu(OpaquePointer, base: Int)
        case reversed
        case logical(UInt8)
    }

    /// What `render` draws every cluster with.
    struct DrawContext {
        let options: LayoutOptions
        let mirroring: Bool
        let marks: Bool
        /// Most bytes one unit of a cluster drawn by `drawCluster` becomes.
        let clusterBytes: Int
        /// Logical column of each cluster from `columnBase` on, counted from the line's start (tabs).
        var columns: UnsafeMutablePointer<Int>? = nil
        var columnBase = 0

        init(options: LayoutOptions, marks: Bool) {
            self.options = options
            mirroring = options.mirroring && options.reordering
            self.marks = marks
            clusterBytes = max(marks ? 64 : 16, options.tabSize)
        }
    }

    /// Draws `clusters` in visual order into `sink`, each through `steps` (which draws it as
    /// `buildLine` makes its cells, or hides it, or stops the line).
    func drawLine<S: ClusterSteps>(_ prepared: PreparedText, _ clusters: Range<Int>, _ source: VisualSource, _ steps: inout S,
                                   _ sink: inout UTF8Sink, _ context: DrawContext) {
        let c0 = clusters.lowerBound, c1 = clusters.upperBound
        guard c1 > c0 else { return }
        let cs = prepared.clusterStart
        let runBytes = context.marks ? 16 : 4   // a one-unit cluster, or a truncation mark
        switch source {
        case .logical(let level):
            reserve(&sink, bytes: (Int(cs[c1]) - Int(cs[c0])) * runBytes)
            for k in clusters where !steps.step(self, k, level, prepared, &sink, context) { return }
        case .reversed:
            reserve(&sink, bytes: (Int(cs[c1]) - Int(cs[c0])) * runBytes)
            var k = c1 - 1
            while k >= c0 {
                if !steps.step(self, k, 1, prepared, &sink, context) { return }
                k -= 1
            }
        case .icu(let bidi, let base):
            var err: Int32 = 0
            guard let levels = CICU_bidi_getLevels(bidi, &err), err <= 0 else {
                drawLine(prepared, clusters, .logical(CICU_bidi_getParaLevel(para.raw) & 1), &steps, &sink, context)
                return
            }
            let runs = Int(CICU_bidi_countRuns(bidi, &err))
            guard err <= 0 else {
                drawLine(prepared, clusters, .logical(CICU_bidi_getParaLevel(para.raw) & 1), &steps, &sink, context)
                return
            }
            let uc = prepared.unitCluster
            // The units in visual order, run by run; a cluster is drawn where its base, its first
            // unit, appears, at the base's level (its other units may have resolved elsewhere: a
            // ZWNJ that L1 reset to the paragraph level, a ZWJ after a bracket).
            let everyUnit = prepared.clusterCount == prepared.n
            for r in 0..<runs {
                var start: Int32 = 0, length: Int32 = 0
                let rtl = CICU_bidi_getVisualRun(bidi, Int32(r), &start, &length) != 0
                let first = Int(start), end = Int(start + length)
                reserve(&sink, bytes: (end - first) * runBytes)
                if everyUnit {
                    // Every unit is a cluster.
                    if !rtl {
                        for i in first..<end where !steps.step(self, base + i, levels[i], prepared, &sink, context) { return }
                    } else {
                        var i = end - 1
                        while i >= first {
                            if !steps.step(self, base + i, levels[i], prepared, &sink, context) { return }
                            i -= 1
                        }
                    }
                } else {
                    for j in 0..<(end - first) {
                        let i = rtl ? end - 1 - j : first + j
                        let u = base + i
                        let c = Int(uc[u])
                        if Int(cs[c]) == u && !steps.step(self, c, levels[i], prepared, &sink, context) { return }
                    }
                }
            }
        }
    }

    /// A cluster wider than the whole line (`truncate` columns) is drawn as a visible ellipsis
    /// instead of overflowing; false, drawing nothing, for any other.
    @inline(never)
    func drawTruncated(_ k: Int, _ prepared: PreparedText, _ truncate: Int, _ sink: inout UTF8Sink, _ context: DrawContext) -> Bool {
        let column = context.columns.map { $0[k - context.columnBase] } ?? 0
        let options = context.options
        guard clusterWidth(k, prepared, column: column, tabSize: options.tabSize, rules: options.widthRules) > truncate else {
            return false
        }
        reserve(&sink, bytes: 16)
        if context.marks { sink.put(LineFormat.reverseOn) }
        sink.put(0x2026)
        if context.marks { sink.put(LineFormat.reverseOff) }
        return true
    }

    /// Pads the line drawn from `textStart` on (`drawn` cells) to the format's width and alignment,
    /// and ends it.
    @inline(__always)
    func finishLine(_ sink: inout UTF8Sink, textStart: Int, drawn: Int, rtl: Bool, format: LineFormat, lineFeed: Bool) {
        if let w = format.width {
            reserve(&sink, bytes: w + 1)
            let left = format.leftPadding(drawn, rtl: rtl)
            if left > 0 {
                let p = sink.base + textStart
                UnsafeMutableRawPointer(p + left).copyMemory(from: p, byteCount: sink.count - textStart)
                p.update(repeating: 0x20, count: left)
                sink.count += left
            }
            let right = w - left - drawn
            if right > 0 {
                (sink.base + sink.count).update(repeating: 0x20, count: right)
                sink.count += right
            }
        } else {
            reserve(&sink, bytes: 1)
        }
        if lineFeed { sink.putASCII(0x0A) }
    }

    /// Makes room in `sink` for `bytes` more bytes.
    @inline(__always)
    func reserve(_ sink: inout UTF8Sink, bytes: Int) {
        let need = sink.count + bytes
        if need > sink.capacity {
            scratch.pointee.out.reserve(need, keeping: sink.count)
            sink.base = scratch.pointee.out.base
            sink.capacity = scratch.pointee.out.capacity
        }
    }

    /// Cluster `k` as `render` draws it, in UTF-8: what `buildLine` makes its cell(s) and
    /// `ParagraphLayout.write` writes of them (nothing for a cluster that takes no cell). The sink
    /// has room for a one-unit cluster (see `drawLine`). Returns the columns drawn.
    @inline(__always)
    func draw(_ k: Int, level: UInt8, _ prepared: PreparedText, _ sink: inout UTF8Sink, _ context: DrawContext) -> Int {
        let i = Int(prepared.clusterStart[k])
        if Int(prepared.clusterStart[k + 1]) - i == 1,
           let (g, w) = singleUnitGlyph(at: i, mirrored: context.mirroring && level & 1 == 1, prepared) {
            if context.marks && g != UInt32(prepared.glyphs[i]) {
                sink.put(LineFormat.underlineOn)
                sink.put(g)
                sink.put(LineFormat.underlineOff)
            } else if g < 0x80 {
                sink.putASCII(UInt8(truncatingIfNeeded: g))
            } else {
                sink.put(g)
            }
            return w
        }
        return drawCluster(k, level: level, prepared, &sink, context)
    }

    /// `draw` for any cluster.
    @inline(never)
    func drawCluster(_ k: Int, level: UInt8, _ prepared: PreparedText, _ sink: inout UTF8Sink, _ context: DrawContext) -> Int {
        reserve(&sink, bytes: Int(prepared.clusterStart[k + 1] - prepared.clusterStart[k]) * context.clusterBytes)
        let options = context.options
        let column = context.columns.map { $0[k - context.columnBase] } ?? 0
        guard clusterWidth(k, prepared, column: column, tabSize: options.tabSize, rules: options.widthRules) > 0 else { return 0 }
        var flags: VisualCell.Flags = []
        let start = sink.count
        let drawn = appendCluster(k, prepared, mirrored: context.mirroring && level & 1 == 1, column: column, options: options,
                                  into: &sink, flags: &flags)
        if options.marksInOwnCells, level & 1 == 1 || (context.marks && (flags.contains(.placeholder) || flags.contains(.mirrored))),
           writeMarkCells(from: start, drawn: drawn, level: level, flags: flags, &sink, context) {
            return drawn
        }
        if context.marks && (flags.contains(.placeholder) || flags.contains(.mirrored)) {
            markCluster(k, from: start, drawn: drawn, flags: flags, prepared, &sink)
        }
        return drawn
    }

    /// With `marksInOwnCells`: writes the cluster just written from `start` again as `buildLine`'s
    /// cells of it and `ParagraphLayout.write` writes them (in reading order, so the marks before
    /// the letter in a right-to-left run; the SGR marks around each cell). False, changing nothing,
    /// when the cluster has no mark of its own cell.
    @inline(never)
    func writeMarkCells(from start: Int, drawn: Int, level: UInt8, flags: VisualCell.Flags, _ sink: inout UTF8Sink,
                        _ context: DrawContext) -> Bool {
        guard drawn > 1 else { return false }  // a lone letter: nothing to look at
        let written = String(decoding: UnsafeBufferPointer(start: sink.base + start, count: sink.count - start), as: UTF8.self)
        guard written.unicodeScalars.dropFirst().contains(where: { chars.isMark($0.value) && chars.width($0.value) == 0 }) else {
            return false
        }
        var cells: [VisualCell] = []
        appendMarkCells(written.unicodeScalars, width: drawn, logical: 0..<0, level: level, flags: flags, to: &cells)
        sink.count = start
        reserve(&sink, bytes: written.utf8.count + cells.count * 8)
        for c in cells {
            let marked = context.marks && (c.flags.contains(.placeholder) || c.flags.contains(.mirrored))
            if marked { sink.put(c.flags.contains(.placeholder) ? LineFormat.reverseOn : LineFormat.underlineOn) }
            c.glyph.forEachScalar { sink.put($0) }
            if marked { sink.put(c.flags.contains(.placeholder) ? LineFormat.reverseOff : LineFormat.underlineOff) }
        }
        return true
    }

    /// Puts the SGR marks of `ParagraphLayout.write` around the cluster just written from `start`
    /// on: around each of its cells, which are one per scalar when `buildLine` splits it (TABs, C1
    /// placeholders, revealed controls), else around the whole.
    @inline(never)
    func markCluster(_ k: Int, from start: Int, drawn: Int, flags: VisualCell.Flags, _ prepared: PreparedText, _ sink: inout UTF8Sink) {
        let written = String(decoding: UnsafeBufferPointer(start: sink.base + start, count: sink.count - start), as: UTF8.self)
        let scalars = Array(written.unicodeScalars)
        let u0 = UInt32(prepared.units[Int(prepared.clusterStart[k])])
        let split = drawn > 1 && (u0 == 0x09 || Sanitizer.isControl(u0) || flags.contains(.placeholder))
            && scalars.count == drawn && scalars.allSatisfy { chars.width($0.value) == 1 }
        let (on, off) = flags.contains(.placeholder) ? (LineFormat.reverseOn, LineFormat.reverseOff)
                                                     : (LineFormat.underlineOn, LineFormat.underlineOff)
        sink.count = start
        reserve(&sink, bytes: scalars.count * (on.count + off.count + 4) + 8)
        if split {
            for s in scalars {
                sink.put(on)
                sink.put(s.value)
                sink.put(off)
            }
        } else {
            sink.put(on)
            for s in scalars { sink.put(s.value) }
            sink.put(off)
        }
    }
}

/// What `drawLine` does with each cluster of a line, in visual order.
protocol ClusterSteps {
    /// Draws cluster `k` (at `level`) or not; false stops the line.
    mutating func step(_ engine: BidiEngine, _ k: Int, _ level: UInt8, _ prepared: PreparedText,
                       _ sink: inout UTF8Sink, _ context: BidiEngine.DrawContext) -> Bool
}

/// Every cluster, nothing counted: a paragraph on one unwrapped line.
struct AllClusters: ClusterSteps {
    @inline(__always)
    mutating func step(_ engine: BidiEngine, _ k: Int, _ level: UInt8, _ prepared: PreparedText,
                       _ sink: inout UTF8Sink, _ context: BidiEngine.DrawContext) -> Bool {
        _ = engine.draw(k, level: level, prepared, &sink, context)
        return true
    }
}

/// Every cluster while the line is at most `limit` columns wide: a paragraph tried on one line.
struct ClustersWithin: ClusterSteps {
    let limit: Int
    /// The columns drawn; over `limit` when the paragraph does not fit.
    var total = 0

    @inline(__always)
    mutating func step(_ engine: BidiEngine, _ k: Int, _ level: UInt8, _ prepared: PreparedText,
                       _ sink: inout UTF8Sink, _ context: BidiEngine.DrawContext) -> Bool {
        total &+= engine.draw(k, level: level, prepared, &sink, context)
        return total <= limit
    }
}

/// A visual line of a wrapped paragraph: the clusters from `hiddenFrom` on (in logical order) are
/// hanging whitespace and take no cell; a cluster wider than `truncateAbove` is an ellipsis.
struct LineClusters: ClusterSteps {
    let hiddenFrom: Int
    let truncateAbove: Int
    /// The columns drawn.
    var total = 0

    @inline(__always)
    mutating func step(_ engine: BidiEngine, _ k: Int, _ level: UInt8, _ prepared: PreparedText,
                       _ sink: inout UTF8Sink, _ context: BidiEngine.DrawContext) -> Bool {
        if k >= hiddenFrom { return true }
        if truncateAbove != Int.max && engine.drawTruncated(k, prepared, truncateAbove, &sink, context) {
            total += 1
        } else {
            total += engine.draw(k, level: level, prepared, &sink, context)
        }
        return true
    }
}

extension UTF8Sink {
    /// Bytes as they are (the sink has room).
    @inline(__always)
    mutating func put(_ bytes: [UInt8]) {
        for b in bytes { putASCII(b) }
    }
}
