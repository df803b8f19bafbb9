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
    var lineBreaks = ScratchBuffer<Int32>()     // line break opportunities ahead of a wrapped line (`render`)
    var map = ScratchBuffer<Int32>()            // visual map of a line
    var columns = ScratchBuffer<Int>()          // logical column of each cluster (tabs)
    var widths = ScratchBuffer<Int32>()         // width of each cluster (text without tabs)
    var out = ScratchBuffer<UInt8>()            // UTF-8 written by `render`
    var shaper = Shaper()
    var shapingSegment = 1 << 16                // see `BidiEngine.shapingSegment`
    var wrapWindow = 1 << 14                    // see `BidiEngine.wrapWindow`
    var flushThreshold = 1 << 16                // see `BidiEngine.flushThreshold`
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
        for b in [clusterStart, unitCluster, unitScalar, breaks, lineBreaks, map] { b.deallocate() }
        merged.deallocate()
        columns.deallocate()
        widths.deallocate()
        out.deallocate()
        shaper.deallocate()
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
