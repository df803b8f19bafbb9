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
        public let range: Range<Int>
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
            let level: UInt8
            switch direction {
            case .ltr: level = 0
            case .rtl: level = 1
            case .auto(let f): level = f == .ltr ? 0 : 1
            }
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
