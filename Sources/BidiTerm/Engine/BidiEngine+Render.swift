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
    ///   - text: the paragraph as UTF-8, in logical order.
    ///   - direction: its base direction.
    ///   - options: shaping, mirroring, numerals, tabs.
    ///   - format: the width to wrap at, the alignment and padding, and the marks of each line.
    ///   - out: where the lines are appended.
    ///   - flush: called between visual lines once the lines not yet appended to `out` take 64 KiB or
    ///     more: they are appended, and `flush` writes `out` and empties it (a long paragraph then
    ///     streams); without it, everything is appended to `out`.
    /// - Returns: false, appending nothing, when `utf8` is not valid UTF-8 (the caller decides how
    ///   to report and repair it).
    /// - Complexity: O(n) in the length of `utf8`.
    public func render(utf8 text: UnsafeBufferPointer<UInt8>, direction: BaseDirection, options: LayoutOptions = LayoutOptions(),
                       format: LineFormat, into out: inout [UInt8], flush: ((inout [UInt8]) -> Void)? = nil) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return renderParagraph(text, direction: direction, options: options, format: format, lineFeeds: true, into: &out, flush: flush)
    }

    /// Draws one paragraph given as UTF-8 on one line, without wrapping, straight to UTF-8: appends
    /// to `out` exactly what `layout(text, direction: direction, width: nil, options: options)`
    /// draws (the text of its cells wider than zero, left to right), without a line feed.
    /// - Returns: false, appending nothing, when `utf8` is not valid UTF-8.
    public func render(utf8 text: UnsafeBufferPointer<UInt8>, direction: BaseDirection,
                       options: LayoutOptions = LayoutOptions(), into out: inout [UInt8]) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return renderParagraph(text, direction: direction, options: options, format: LineFormat(), lineFeeds: false, into: &out, flush: nil)
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
                    col += clusterWidth(k, prepared, column: col, tabSize: options.tabSize, rules: options.widthRules)
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
        let tabSize = options.tabSize, reveal = options.revealControls, rules = options.widthRules
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
                    col += clusterWidth(k, view, column: col, tabSize: tabSize, rules: rules)
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
                let cw = clusterWidth(k, view, column: col, tabSize: tabSize, rules: rules)
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
                let cw = clusterWidth(j, view, column: tabs ? cols[j - start] : 0, tabSize: tabSize, rules: rules)
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
}
