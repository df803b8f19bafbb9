import CICU
#if canImport(Glibc)
import Glibc
#endif

/// Terminal cell widths equal to glibc's `wcwidth` in a UTF-8 locale (the table is generated from
/// it by `Scripts/gen-width-table.sh`; `WidthTableTests` checks every code point against `wcwidth`).
///
/// glibc, xterm and tmux agree on these: CJK and most emoji 2; combining marks, ZWJ, RLM and the
/// other format characters 0; Arabic presentation forms, including the lam-alef ligatures, 1.
public enum WidthTable {
    /// Two-stage lookup: 4352 blocks of 256 code points; most blocks share one all-ones block.
    /// Built once, never freed (plain memory: no reference counting on the lookup path).
    nonisolated(unsafe) private static let tables = build()

    private static func build() -> (stage1: UnsafeMutablePointer<UInt16>, stage2: UnsafeMutablePointer<Int8>) {
        let flat = UnsafeMutablePointer<Int8>.allocate(capacity: 0x110000)
        defer { flat.deallocate() }
        flat.initialize(repeating: 1, count: 0x110000)
        var i = 0
        while i + 2 < ranges.count {
            let lo = Int(ranges[i]), hi = Int(ranges[i + 1]), w = Int8(Int(ranges[i + 2]) - 1)
            (flat + lo).update(repeating: w, count: hi - lo + 1)
            i += 3
        }
        // Blocks equal to one already kept share it. Candidates are found by a cheap hash of the
        // block and compared in full.
        let p1 = UnsafeMutablePointer<UInt16>.allocate(capacity: 0x110000 / 256)
        var s2: [Int8] = []
        var seen: [UInt64: [UInt16]] = [:]
        for b in 0..<(0x110000 / 256) {
            let block = UnsafeBufferPointer(start: flat + b * 256, count: 256)
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for x in block { h = (h ^ UInt64(UInt8(bitPattern: x))) &* 0x100_0000_01b3 }
            var found: UInt16? = nil
            for k in seen[h] ?? [] where s2.withUnsafeBufferPointer({ memcmp($0.baseAddress! + Int(k) * 256, block.baseAddress!, 256) == 0 }) {
                found = k
                break
            }
            if let k = found {
                p1[b] = k
            } else {
                let k = UInt16(s2.count / 256)
                s2.append(contentsOf: block)
                seen[h, default: []].append(k)
                p1[b] = k
            }
        }
        let p2 = UnsafeMutablePointer<Int8>.allocate(capacity: s2.count)
        p2.initialize(from: s2, count: s2.count)
        return (p1, p2)
    }

    /// glibc's `wcwidth(c)`: -1 (non-printable), 0, 1 or 2.
    @inline(__always)
    public static func width(_ c: UInt32) -> Int {
        if c < 0x300 { return c >= 0x20 && c < 0x7F || c >= 0xA0 ? 1 : (c == 0 ? 0 : -1) }
        guard c < 0x110000 else { return -1 }
        let t = tables
        return Int(t.stage2[Int(t.stage1[Int(c >> 8)]) &* 256 &+ Int(c & 0xFF)])
    }

    /// The width of a scalar (see `width(_: UInt32)`).
    public static func width(_ s: Unicode.Scalar) -> Int { width(s.value) }

    /// `width(c)` for `count` code points from `start`, read from the ranges directly (the
    /// engine's character table fills its blocks this way without building the full table).
    static func widths(from start: UInt32, count: Int, into out: UnsafeMutablePointer<Int8>) {
        out.initialize(repeating: 1, count: count)
        let end = start + UInt32(count)   // exclusive
        let r = ranges
        let triples = r.count / 3
        // The first range whose last code point is at or after `start`.
        var lo = 0, hi = triples
        while lo < hi {
            let mid = (lo + hi) / 2
            if r[mid * 3 + 1] < start { lo = mid + 1 } else { hi = mid }
        }
        var t = lo
        while t < triples && r[t * 3] < end {
            let a = max(r[t * 3], start), b = min(r[t * 3 + 1], end - 1)
            if a <= b {
                (out + Int(a - start)).update(repeating: Int8(Int(r[t * 3 + 2]) - 1), count: Int(b - a) + 1)
            }
            t += 1
        }
    }
}

/// The properties the engine looks up for every UTF-16 unit, one `UInt16` per BMP code point:
/// the `CICU_INFO_` bits from ICU (grapheme cluster class, mark, mirrored, strong L, transparent)
/// and the `wcwidth` in bits 8–9 (width + 1). Filled lazily, 256 code points at a time, so an engine
/// pays only for the blocks its text uses. Owned by one engine: not thread-safe.
final class CharTable {
    static let widthShift: UInt16 = 8
    private let table = UnsafeMutablePointer<UInt16>.allocate(capacity: 0x10000)
    private let filled = UnsafeMutablePointer<Bool>.allocate(capacity: 0x100)

    init() { filled.initialize(repeating: false, count: 0x100) }

    deinit {
        table.deallocate()
        filled.deallocate()
    }

    /// The info bits of a BMP code point (or of a surrogate unit, which is GCB "complex").
    @inline(__always)
    func info(_ u: UInt16) -> UInt16 {
        let b = Int(u >> 8)
        if !filled[b] { fill(b) }
        return table[Int(u)]
    }

    /// The info bits of any code point (supplementary ones are computed on each call).
    @inline(__always)
    func info(scalar c: UInt32) -> UInt16 {
        if c < 0x10000 { return info(UInt16(truncatingIfNeeded: c)) }
        return CharTable.compute(c)
    }

    /// `wcwidth` of a code point: -1, 0, 1 or 2.
    @inline(__always)
    func width(_ c: UInt32) -> Int {
        if c < 0x10000 { return Int((info(UInt16(truncatingIfNeeded: c)) >> CharTable.widthShift) & 3) - 1 }
        return WidthTable.width(c)
    }

    /// True for nonspacing, enclosing and spacing combining marks (Mn, Me, Mc).
    @inline(__always)
    func isMark(_ c: UInt32) -> Bool { info(scalar: c) & UInt16(CICU_INFO_MARK) != 0 }

    /// The Bidi_Mirroring_Glyph of `c`, or `c`.
    @inline(__always)
    func mirror(_ c: UInt32) -> UInt32 {
        if c < 0x10000 && info(UInt16(truncatingIfNeeded: c)) & UInt16(CICU_INFO_MIRRORS) == 0 { return c }
        return UnicodeProperties.mirrorRaw(c)
    }

    @inline(never)
    private func fill(_ block: Int) {
        let start = block << 8
        CICU_charInfoBlock(Int32(start), 256, table + start)
        var w = [Int8](repeating: 0, count: 256)
        w.withUnsafeMutableBufferPointer { WidthTable.widths(from: UInt32(start), count: 256, into: $0.baseAddress!) }
        for i in 0..<256 {
            table[start + i] |= UInt16(Int(w[i]) + 1) << CharTable.widthShift
        }
        filled[block] = true
    }

    private static func compute(_ c: UInt32) -> UInt16 {
        var v: UInt16 = 0
        CICU_charInfoBlock(Int32(c), 1, &v)
        return v | UInt16(max(-1, WidthTable.width(c)) + 1) << widthShift
    }
}
