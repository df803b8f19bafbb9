import CICU

/// The result of the Unicode Bidirectional Algorithm (UAX #9) for one paragraph, resolved by ICU,
/// indexed by Unicode scalar as Unicode's `BidiTest.txt` and `BidiCharacterTest.txt` do.
///
/// This is the faithful view of the text as written, used by `rtl-tui inspect` and the conformance
/// tests; `BidiEngine.layout` is the display view (shaping, placeholders, wrapping, cells).
///
///     let a = BidiAnalysis("abc אבג", direction: .autoLTR)
///     a.paragraphLevel   // 0
///     a.visualOrder      // [0, 1, 2, 3, 6, 5, 4]
public struct BidiAnalysis: Sendable, Hashable {
    /// The scalars analysed.
    public let scalars: [Unicode.Scalar]
    /// The paragraph embedding level (0 LTR, 1 RTL); for text with several paragraphs, the first's.
    public let paragraphLevel: UInt8
    /// The resolved level of each scalar, after rule L1 on the whole text as one line; nil for the
    /// characters rule X9 removes (embedding and override controls, PDF, boundary neutrals).
    public let levels: [UInt8?]
    /// The scalar indices in visual order, left to right, with X9-removed characters left out.
    public let visualOrder: [Int]
    /// The indices of the scalars drawn with their mirrored glyph (odd level, Bidi_Mirrored).
    public let mirrored: [Int]
    /// The directional runs in visual order: scalar range and direction.
    public let runs: [Run]

    /// A run of one direction.
    public struct Run: Sendable, Hashable {
        /// The scalars of the run.
        public let range: Range<Int>
        /// Its direction (the parity of its level).
        public let direction: LayoutDirection
    }

    /// The paragraph direction.
    public var direction: LayoutDirection { paragraphLevel & 1 == 1 ? .rtl : .ltr }

    /// Analyses `text` as one line. Uses a private ICU object; for many paragraphs in a loop, create a
    /// `BidiEngine` and call `analyze` on it.
    public init(_ text: String, direction: BaseDirection) {
        self = BidiEngine().analyze(Array(text.unicodeScalars), direction: direction)
    }

    init(scalars: [Unicode.Scalar], paragraphLevel: UInt8, levels: [UInt8?], visualOrder: [Int], mirrored: [Int], runs: [Run]) {
        self.scalars = scalars
        self.paragraphLevel = paragraphLevel
        self.levels = levels
        self.visualOrder = visualOrder
        self.mirrored = mirrored
        self.runs = runs
    }
}

extension BidiEngine {
    /// Runs the bidi algorithm on `scalars` as one paragraph and one line (see `BidiAnalysis`).
    public func analyze(_ scalars: [Unicode.Scalar], direction: BaseDirection) -> BidiAnalysis {
        lock.lock(); defer { lock.unlock() }
        var units: [UInt16] = []
        units.reserveCapacity(scalars.count)
        var unitToScalar: [Int32] = []
        unitToScalar.reserveCapacity(scalars.count)
        for (i, s) in scalars.enumerated() {
            for u in UTF16.encode(s)! {
                units.append(u)
                unitToScalar.append(Int32(i))
            }
        }
        let n = units.count
        guard n > 0 else {
            let level = direction.levelWithoutStrongText
            return BidiAnalysis(scalars: [], paragraphLevel: level, levels: [], visualOrder: [], mirrored: [], runs: [])
        }
        var err: Int32 = 0
        units.withUnsafeBufferPointer { CICU_bidi_setPara(para.raw, $0.baseAddress, Int32(n), direction.icuLevel, &err) }
        guard err <= 0 else {
            // ICU only fails here on allocation failure; report the text as unreordered.
            return BidiAnalysis(scalars: scalars, paragraphLevel: 0, levels: scalars.map { _ in 0 },
                                visualOrder: Array(scalars.indices), mirrored: [], runs: [])
        }
        let paraLevel = CICU_bidi_getParaLevel(para.raw)
        let levelsPtr = CICU_bidi_getLevels(para.raw, &err)!
        var map = [Int32](repeating: 0, count: n)
        map.withUnsafeMutableBufferPointer { CICU_bidi_getVisualMap(para.raw, $0.baseAddress, &err) }

        var levels = [UInt8?](repeating: nil, count: scalars.count)
        var removed = [Bool](repeating: false, count: scalars.count)
        var mirrored: [Int] = []
        var u = 0
        for (i, s) in scalars.enumerated() {
            let cls = UnicodeProperties.bidiClassRaw(s.value)
            // X9: LRE 11, LRO 12, RLE 14, RLO 15, PDF 16, BN 18.
            if cls == 11 || cls == 12 || cls == 14 || cls == 15 || cls == 16 || cls == 18 {
                removed[i] = true
            } else {
                let l = levelsPtr[u]
                levels[i] = l
                if l & 1 == 1, UnicodeProperties.mirrorRaw(s.value) != s.value { mirrored.append(i) }
            }
            u += s.value > 0xFFFF ? 2 : 1
        }
        var order: [Int] = []
        order.reserveCapacity(scalars.count)
        var last = -1
        for v in map {
            let si = Int(unitToScalar[Int(v)])
            if si == last || removed[si] { continue }
            order.append(si)
            last = si
        }
        var runs: [BidiAnalysis.Run] = []
        let count = CICU_bidi_countRuns(para.raw, &err)
        if err <= 0 {
            for r in 0..<count {
                var start: Int32 = 0, len: Int32 = 0
                let dir = CICU_bidi_getVisualRun(para.raw, r, &start, &len)
                guard len > 0 else { continue }
                let s0 = Int(unitToScalar[Int(start)]), s1 = Int(unitToScalar[Int(start + len - 1)]) + 1
                runs.append(.init(range: s0..<s1, direction: dir == 1 ? .rtl : .ltr))
            }
        }
        return BidiAnalysis(scalars: scalars, paragraphLevel: paraLevel, levels: levels, visualOrder: order,
                            mirrored: mirrored, runs: runs)
    }
}

extension BidiEngine {
    /// ICU's own reordering of `text` as one line (`ubidi_writeReordered` with mirroring, marks kept
    /// after their base, bidi controls removed): the reference the display layout is checked against.
    public func icuReordered(_ text: String, direction: BaseDirection) -> String {
        lock.lock(); defer { lock.unlock() }
        let units = Array(text.utf16)
        guard !units.isEmpty else { return "" }
        var err: Int32 = 0
        units.withUnsafeBufferPointer { CICU_bidi_setPara(para.raw, $0.baseAddress, Int32(units.count), direction.icuLevel, &err) }
        guard err <= 0 else { return text }
        var out = [UInt16](repeating: 0, count: units.count * 2 + 8)
        let n = out.withUnsafeMutableBufferPointer {
            CICU_bidi_writeReordered(para.raw, $0.baseAddress, Int32($0.count),
                                     CICU_REORDER_DO_MIRRORING | CICU_REORDER_KEEP_BASE_COMBINING | CICU_REORDER_REMOVE_BIDI_CONTROLS, &err)
        }
        guard err <= 0 else { return text }
        return String(decoding: out[0..<Int(n)], as: UTF16.self)
    }
}

/// The result of the bidi algorithm for one paragraph as `BidiAnalysis` has it, read in place from
/// ICU's levels and visual map instead of copied into arrays: for writing out the analysis of a
/// paragraph of megabytes as it is read (`rtl-tui inspect --format jsonl`). Valid only inside the
/// `BidiEngine.withAnalysis` call that gives it.
public struct BidiAnalysisView {
    let units: UnsafePointer<UInt16>
    /// UTF-16 units.
    let n: Int
    let levels: UnsafePointer<UInt8>
    let map: UnsafePointer<Int32>
    /// Scalar index of each unit; nil when there is no surrogate pair (unit = scalar).
    let unitScalar: UnsafePointer<Int32>?
    /// The UBiDi holding the paragraph; nil when ICU failed.
    let bidi: OpaquePointer?
    let chars: CharTable

    /// The paragraph embedding level (0 LTR, 1 RTL).
    public let paragraphLevel: UInt8
    /// The number of scalars.
    public let count: Int

    /// The paragraph direction.
    public var direction: LayoutDirection { paragraphLevel & 1 == 1 ? .rtl : .ltr }

    @inline(__always)
    func scalar(atUnit u: Int) -> (UInt32, Int) {
        let x = units[u]
        if x & 0xFC00 == 0xD800, u + 1 < n, units[u + 1] & 0xFC00 == 0xDC00 {
            return (0x10000 + ((UInt32(x) - 0xD800) << 10) + (UInt32(units[u + 1]) - 0xDC00), 2)
        }
        return (UInt32(x), 1)
    }

    /// True for the classes rule X9 removes: LRE, LRO, RLE, RLO, PDF, BN.
    @inline(__always)
    static func removedByX9(_ c: UInt32) -> Bool {
        let cls = UnicodeProperties.bidiClassRaw(c)
        return cls == 11 || cls == 12 || cls == 14 || cls == 15 || cls == 16 || cls == 18
    }

    /// Calls `body` with each scalar in logical order, its resolved level (nil for the characters
    /// rule X9 removes) and whether it is drawn mirrored (odd level, Bidi_Mirrored): the `levels`
    /// and `mirrored` of `BidiAnalysis`.
    public func forEachScalar(_ body: (_ scalar: Unicode.Scalar, _ level: UInt8?, _ mirrored: Bool) throws -> Void) rethrows {
        var u = 0
        while u < n {
            let (c, len) = scalar(atUnit: u)
            let s = Unicode.Scalar(c) ?? "\u{FFFD}"
            if BidiAnalysisView.removedByX9(c) {
                try body(s, nil, false)
            } else {
                let level = levels[u]
                try body(s, level, level & 1 == 1 && chars.mirror(c) != c)
            }
            u += len
        }
    }

    /// Calls `body` with the scalar indices in visual order, left to right, X9-removed characters
    /// left out: the `visualOrder` of `BidiAnalysis`.
    public func forEachVisual(_ body: (Int) throws -> Void) rethrows {
        var last = -1
        for v in 0..<n {
            var u = Int(map[v])
            let si = unitScalar.map { Int($0[u]) } ?? u
            if si == last { continue }
            last = si
            if u > 0 && units[u] & 0xFC00 == 0xDC00 && units[u - 1] & 0xFC00 == 0xD800 { u -= 1 }
            if BidiAnalysisView.removedByX9(scalar(atUnit: u).0) { continue }
            try body(si)
        }
    }

    /// Calls `body` with the directional runs in visual order: the `runs` of `BidiAnalysis`.
    public func forEachRun(_ body: (Range<Int>, LayoutDirection) throws -> Void) rethrows {
        guard let bidi, n > 0 else { return }
        var err: Int32 = 0
        let count = CICU_bidi_countRuns(bidi, &err)
        guard err <= 0 else { return }
        for r in 0..<count {
            var start: Int32 = 0, len: Int32 = 0
            let dir = CICU_bidi_getVisualRun(bidi, r, &start, &len)
            guard len > 0 else { continue }
            let first = Int(start), last = Int(start + len - 1)
            let s0 = unitScalar.map { Int($0[first]) } ?? first, s1 = (unitScalar.map { Int($0[last]) } ?? last) + 1
            try body(s0..<s1, dir == 1 ? .rtl : .ltr)
        }
    }
}

extension BidiEngine {
    /// Runs the bidi algorithm on `text` as one paragraph and one line, as `analyze` does, and hands
    /// the result to `body` as a view over ICU's own levels and visual map (see `BidiAnalysisView`).
    /// When ICU fails (out of memory), the text is reported unreordered at level 0, as `analyze`
    /// reports it.
    public func withAnalysis<R>(of text: String, direction: BaseDirection, _ body: (BidiAnalysisView) throws -> R) rethrows -> R {
        lock.lock(); defer { lock.unlock() }
        let n = load(text)
        let u = scratch.pointee.units.base
        var paraLevel = direction.levelWithoutStrongText
        scratch.pointee.map.reserve(n)
        let map = scratch.pointee.map.base
        var levels: UnsafePointer<UInt8>? = nil
        if n > 0 {
            var err: Int32 = 0
            CICU_bidi_setPara(para.raw, u, Int32(n), direction.icuLevel, &err)
            if err <= 0, let l = CICU_bidi_getLevels(para.raw, &err), err <= 0 {
                CICU_bidi_getVisualMap(para.raw, map, &err)
                if err <= 0 {
                    paraLevel = CICU_bidi_getParaLevel(para.raw)
                    levels = l
                }
            }
        }
        var bidi: OpaquePointer? = para.raw
        if levels == nil {
            // Unreordered, at level 0, with no runs.
            scratch.pointee.out.reserve(max(1, n))
            scratch.pointee.out.base.update(repeating: 0, count: n)
            levels = UnsafePointer(scratch.pointee.out.base)
            for i in 0..<n { map[i] = Int32(i) }
            if n > 0 { paraLevel = 0 }
            bidi = nil
        }
        var unitScalar: UnsafePointer<Int32>? = nil
        var count = n
        if (1..<max(1, n)).contains(where: { u[$0] & 0xFC00 == 0xDC00 && u[$0 - 1] & 0xFC00 == 0xD800 }) {
            scratch.pointee.unitScalar.reserve(n)
            let us = scratch.pointee.unitScalar.base
            var s: Int32 = -1
            for i in 0..<n {
                if !(u[i] & 0xFC00 == 0xDC00 && i > 0 && u[i - 1] & 0xFC00 == 0xD800) { s += 1 }
                us[i] = max(0, s)
            }
            unitScalar = UnsafePointer(us)
            count = Int(s) + 1
        }
        let view = BidiAnalysisView(units: u, n: n, levels: levels!, map: map, unitScalar: unitScalar,
                                    bidi: bidi, chars: chars, paragraphLevel: paraLevel, count: count)
        return try body(view)
    }
}
