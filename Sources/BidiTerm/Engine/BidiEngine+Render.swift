import CICU

// MARK: - The UTF-8 path of `rtl-tui render`

extension BidiEngine {
    /// Writes one paragraph given as UTF-8 as lines of text, straight to UTF-8: appends to `out`
    /// exactly what `layout(text, direction: direction, width: format.width, options: options)
    /// .write(format, into: &out)` appends (each visual line padded and followed by a line feed),
    /// without building cells or strings. This is `rtl-tui render`'s path.
    ///
    /// Levels are resolved once for the paragraph; each visual line is written as soon as it is
    /// found, and the clusters of a wrapped paragraph are held for a window of it at a time, so the
    /// memory a wrapped paragraph takes beyond its text is bounded by the width, not its length.
    /// - Parameters:
    ///   - flush: called between visual lines once the lines not yet appended to `out` take 64 KiB or
    ///     more: they are appended, and `flush` writes `out` and empties it (a long paragraph then
    ///     streams); without it, everything is appended to `out`.
    /// - Returns: false, appending nothing, when `utf8` is not valid UTF-8 (the caller decides how
    ///   to report and repair it).
    /// - Complexity: O(n) in the length of `utf8`.
    public func render(utf8 text: UnsafeBufferPointer<UInt8>, direction: BaseDirection, options: LayoutOptions = LayoutOptions(),
                       format: LineFormat, into out: inout [UInt8], flush: ((inout [UInt8]) -> Void)? = nil) -> Bool {
        renderParagraph(text, direction: direction, options: options, format: format, lineFeeds: true, into: &out, flush: flush)
    }

    /// Draws one paragraph given as UTF-8 on one line, without wrapping, straight to UTF-8: appends
    /// to `out` exactly what `layout(text, direction: direction, width: nil, options: options)`
    /// draws (the text of its cells wider than zero, left to right), without a line feed.
    /// - Returns: false, appending nothing, when `utf8` is not valid UTF-8.
    public func render(utf8 text: UnsafeBufferPointer<UInt8>, direction: BaseDirection,
                       options: LayoutOptions = LayoutOptions(), into out: inout [UInt8]) -> Bool {
        renderParagraph(text, direction: direction, options: options, format: LineFormat(), lineFeeds: false, into: &out, flush: nil)
    }

    func renderParagraph(_ text: UnsafeBufferPointer<UInt8>, direction: BaseDirection, options: LayoutOptions, format: LineFormat,
                         lineFeeds: Bool, into out: inout [UInt8], flush: ((inout [UInt8]) -> Void)?) -> Bool {
        let length = text.count
        let width = format.width
        var sink = UTF8Sink(base: scratch.pointee.out.base, capacity: scratch.pointee.out.capacity)
        guard length > 0, let src = text.baseAddress else {
            // An empty paragraph: one empty line.
            reserve(&sink, bytes: (width ?? 0) + 1)
            finishLine(&sink, textStart: 0, drawn: 0, rtl: false, format: format, lineFeed: lineFeeds)
            out.append(contentsOf: UnsafeBufferPointer(start: sink.base, count: sink.count))
            return true
        }
        // Printable ASCII without anything that can make it right-to-left or rewrite a digit, and
        // short enough for the width, is drawn as it is: one cell per byte, no shaping, no
        // mirroring at level 0, one line.
        if (options.numerals == nil || options.numerals == .latn) && (width == nil || length <= width!) {
            var ltr = !options.reordering
            switch direction {
            case .ltr, .auto(fallback: .ltr): ltr = true
            default: break
            }
            if ltr && BidiEngine.isPrintableASCII(src, length) {
                // The paragraph's direction, for the alignment: an LTR paragraph, or (reordering
                // off) the one asked for, from the first strong character under `.auto`.
                var rtl = false
                switch direction {
                case .ltr, .auto(fallback: .ltr): rtl = false
                case .rtl: rtl = true
                case .auto(fallback: .rtl): rtl = !BidiEngine.hasASCIILetter(src, length)
                }
                reserve(&sink, bytes: length + (width ?? 0) + 1)
                (sink.base).update(from: src, count: length)
                sink.count = length
                finishLine(&sink, textStart: 0, drawn: length, rtl: rtl, format: format, lineFeed: lineFeeds)
                out.append(contentsOf: UnsafeBufferPointer(start: sink.base, count: sink.count))
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
        // level 1, L1 resets only to the paragraph level, 1. Its visual order (and that of each of
        // its lines) is its logical order reversed, with no need for ICU's bidi. (`layout` always
        // asks ICU, and the tests and the benchmark check that both agree.)
        var allRTL = false
        if options.reordering && prepared.allRTLNeutral {
            switch direction {
            case .rtl, .auto(fallback: .rtl): allRTL = true
            case .auto(fallback: .ltr): allRTL = prepared.strongR
            case .ltr: allRTL = false
            }
        }
        let (useICU, paraLevel) = allRTL ? (false, UInt8(1)) : resolveBidi(prepared, direction: direction, options: options)
        let order: ParagraphOrder = useICU ? .icu : allRTL ? .reversed : .logical(paraLevel)
        let rtl = paraLevel & 1 == 1
        var context = DrawContext(options: options, marks: format.marks)

        if let w = width {
            renderWrapped(prepared, width: w, order: order, rtl: rtl, format: format, context: &context,
                          lineFeeds: lineFeeds, sink: &sink, out: &out, flush: flush)
            if prepared.n > 0 {
                var err: Int32 = 0
                CICU_break_setText(scratch.pointee.breakIterator(.line).raw, nil, 0, &err)
            }
        } else {
            buildClusters(&prepared)
            if options.revealControls { splitRevealedClusters(&prepared) }
            let clusterCount = prepared.clusterCount
            // Logical columns, for tabs only (they expand from the logical start of the line).
            if prepared.hasTab {
                scratch.pointee.columns.reserve(clusterCount)
                let cols = scratch.pointee.columns.base
                var col = 0
                for k in 0..<clusterCount {
                    cols[k] = col
                    col += clusterWidth(k, prepared, column: col, tabSize: options.tabSize, reveal: options.revealControls)
                }
                context.columns = cols
            }
            // One line, the whole paragraph: `para`'s own levels and runs (L1 applied to its end)
            // are the line's; no ubidi_setLine needed.
            var all = AllClusters()
            drawLine(prepared, 0..<clusterCount, order.source(para: para), &all, &sink, context)
            finishLine(&sink, textStart: 0, drawn: 0, rtl: rtl, format: format, lineFeed: lineFeeds)
        }
        out.append(contentsOf: UnsafeBufferPointer(start: scratch.pointee.out.base, count: sink.count))
        return true
    }

    /// True when the printable ASCII `p[0..<n]` has a letter (a strong L character).
    static func hasASCIILetter(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        for i in 0..<n where (p[i] | 0x20) >= 0x61 && (p[i] | 0x20) <= 0x7A { return true }
        return false
    }

    // MARK: Wrapping

    /// Wraps the paragraph (R5: wrap first, on logical text, greedy at UAX #14 opportunities, an
    /// over-long word at cluster boundaries, as `layout` does) and writes each visual line as soon
    /// as it is found: reordered on its own (`ubidi_setLine` of the paragraph's levels), padded,
    /// followed by a line feed.
    ///
    /// The grapheme clusters are built for a window of the paragraph at a time (`wrapWindow` units,
    /// more when one line needs it) that starts at a line's start; the line break iterator is set on
    /// the whole paragraph and read ahead of the line being found (sequentially: its boundaries are
    /// those of `computeLineBreaks`, which ICU's random access does not always give).
    func renderWrapped(_ full: PreparedText, width w: Int, order: ParagraphOrder, rtl: Bool, format: LineFormat,
                       context: inout DrawContext, lineFeeds: Bool, sink: inout UTF8Sink, out: inout [UInt8],
                       flush: ((inout [UInt8]) -> Void)?) {
        let n = full.n
        let options = context.options
        let tabSize = options.tabSize, reveal = options.revealControls
        var windowSize = scratch.pointee.wrapWindow
        var a = 0                     // the window's first unit in the paragraph
        var view = full               // the window
        var paragraphEnd = true       // the window reaches the end of the paragraph
        var trusted = 0               // clusters of the window known to be whole
        func load() {
            var b = min(n, a + windowSize)
            // Not between the units of a surrogate pair.
            if b < n && b > a + 1 && full.units[b - 1] & 0xFC00 == 0xD800 { b -= 1 }
            view = b == n && a == 0 ? full : full.window(a..<b)
            buildClusters(&view)
            if reveal { splitRevealedClusters(&view) }
            paragraphEnd = b == n
            // The window's last cluster may go on past its end.
            trusted = paragraphEnd ? view.clusterCount : view.clusterCount - 1
        }
        load()

        // A paragraph of no more units than the width is drawn first as one line, as long as it
        // fits (the widths are found while drawing): most paragraphs end here. A longer one seldom
        // fits (a unit is a column, but for marks and other zero-width characters).
        if paragraphEnd && n <= w {
            var fits = true
            if view.hasTab {
                scratch.pointee.columns.reserve(view.clusterCount)
                let cols = scratch.pointee.columns.base
                var col = 0
                for k in 0..<view.clusterCount {
                    cols[k] = col
                    col += clusterWidth(k, view, column: col, tabSize: tabSize, reveal: reveal)
                }
                context.columns = cols
                context.columnBase = 0
                fits = col <= w
            }
            if fits {
                var line = ClustersWithin(limit: w)
                drawLine(view, 0..<view.clusterCount, order.source(para: para), &line, &sink, context)
                if line.total <= w {
                    finishLine(&sink, textStart: 0, drawn: line.total, rtl: rtl, format: format, lineFeed: lineFeeds)
                    return
                }
                sink.count = 0
            }
        }

        var err: Int32 = 0
        let lineBreaker = scratch.pointee.breakIterator(.line)
        CICU_break_setText(lineBreaker.raw, full.stand, Int32(n), &err)
        var breaks = BreakQueue(failed: err > 0)
        var start = 0                 // the line's first cluster in the window
        while true {
            // Find the line: clusters from `start` while they fit; the first that does not (spaces
            // hang) ends it at the last break opportunity before it, or right before it.
            let tabs = view.hasTab
            if tabs { scratch.pointee.columns.reserve(trusted - start + 1) }
            let cols = scratch.pointee.columns.base
            var col = 0, k = start, end = -1
            var oversize = false
            while k < trusted {
                let cw = clusterWidth(k, view, column: col, tabSize: tabSize, reveal: reveal)
                if col + cw > w && k > start && !isSpaceCluster(k, view) {
                    let b = lastBreak(&breaks, view, windowStart: a, after: start, atOrBefore: k)
                    end = b > start ? b : k
                    break
                }
                if tabs { cols[k - start] = col }
                if cw > w { oversize = true }
                col += cw
                k += 1
            }
            if end < 0 {
                if paragraphEnd {
                    end = view.clusterCount
                } else {
                    // The line goes on past the window: move the window to the line's start, or
                    // make it bigger when the line already starts it.
                    if start > 0 { a += Int(view.clusterStart[start]) } else { windowSize *= 2 }
                    load()
                    start = 0
                    continue
                }
            }
            let lastLine = paragraphEnd && end == view.clusterCount

            // Whitespace where the line was soft-wrapped hangs: it takes no cell (nor do zero-width
            // clusters among it). At the end of the paragraph, trailing whitespace is drawn as far
            // as the width allows (see `buildLine`).
            var excess = lastLine ? col - w : Int.max
            var hiddenFrom = end
            var j = end - 1
            while excess > 0 && j >= start {
                let cw = clusterWidth(j, view, column: tabs ? cols[j - start] : 0, tabSize: tabSize, reveal: reveal)
                guard isSpaceCluster(j, view) || cw == 0 else { break }
                if cw > 0 {
                    hiddenFrom = j
                    excess -= cw
                }
                j -= 1
            }

            // The line, reordered on its own.
            let u0 = Int(view.clusterStart[start]), u1 = Int(view.clusterStart[end])
            var source: VisualSource
            switch order {
            case .icu:
                err = 0
                CICU_bidi_setLine(para.raw, Int32(a + u0), Int32(a + u1), lineBidi.raw, &err)
                source = err <= 0 ? .icu(lineBidi.raw, base: u0) : .logical(rtl ? 1 : 0)
            case .reversed: source = .reversed
            case .logical(let level): source = .logical(level)
            }
            context.columns = tabs ? cols : nil
            context.columnBase = start
            var line = LineClusters(hiddenFrom: hiddenFrom, truncateAbove: oversize ? w : Int.max)
            let textStart = sink.count
            drawLine(view, start..<end, source, &line, &sink, context)
            finishLine(&sink, textStart: textStart, drawn: line.total, rtl: rtl, format: format, lineFeed: lineFeeds)
            if lastLine { return }
            if let flush, sink.count >= scratch.pointee.flushThreshold {
                out.append(contentsOf: UnsafeBufferPointer(start: sink.base, count: sink.count))
                sink.count = 0
                flush(&out)
            }
            start = end
        }
    }

    /// The line break opportunities of the paragraph from the line being found on, fetched from the
    /// line break iterator as needed: `scratch.lineBreaks[head..<tail]`, in increasing order.
    struct BreakQueue {
        var head = 0, tail = 0
        var exhausted: Bool
        var started = false
        init(failed: Bool) { exhausted = failed }
    }

    /// The last cluster of the window in `start+1 ... k` that starts at a line break opportunity, or
    /// -1 (as in `computeLineBreaks`, opportunities inside a cluster do not count). Opportunities
    /// before the line's start are forgotten.
    func lastBreak(_ q: inout BreakQueue, _ view: PreparedText, windowStart a: Int, after start: Int, atOrBefore k: Int) -> Int {
        let lo = a + Int(view.clusterStart[start]), hi = a + Int(view.clusterStart[k])
        var items = scratch.pointee.lineBreaks.base
        while q.head < q.tail && Int(items[q.head]) <= lo { q.head += 1 }
        if q.head == q.tail { q.head = 0; q.tail = 0 }
        // Fetch until past `hi`.
        while !q.exhausted && (q.tail == q.head || Int(items[q.tail - 1]) <= hi) {
            let batch = 64
            if q.tail + batch > scratch.pointee.lineBreaks.capacity {
                if q.head > 0 {
                    items.update(from: items + q.head, count: q.tail - q.head)
                    q.tail -= q.head
                    q.head = 0
                }
                scratch.pointee.lineBreaks.reserve(q.tail + batch, keeping: q.tail)
                items = scratch.pointee.lineBreaks.base
            }
            let got = Int(CICU_break_next(scratch.pointee.breakIterator(.line).raw, q.started ? 0 : 1, items + q.tail, Int32(batch)))
            q.started = true
            if got == 0 { q.exhausted = true }
            q.tail += got
        }
        var i = q.tail - 1
        while i >= q.head {
            let b = Int(items[i])
            if b <= lo { break }
            if b <= hi {
                let local = b - a
                let c = Int(view.unitCluster[local])
                if Int(view.clusterStart[c]) == local { return c }
            }
            i -= 1
        }
        return -1
    }

    // MARK: Drawing

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
        guard clusterWidth(k, prepared, column: column, tabSize: options.tabSize, reveal: options.revealControls) > truncate else {
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
        guard clusterWidth(k, prepared, column: column, tabSize: options.tabSize, reveal: options.revealControls) > 0 else { return 0 }
        var flags: VisualCell.Flags = []
        let start = sink.count
        let drawn = appendCluster(k, prepared, mirrored: context.mirroring && level & 1 == 1, column: column, options: options,
                                  into: &sink, flags: &flags)
        if context.marks && (flags.contains(.placeholder) || flags.contains(.mirrored)) {
            markCluster(k, from: start, drawn: drawn, flags: flags, prepared, &sink)
        }
        return drawn
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
