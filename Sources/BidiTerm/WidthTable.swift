/// Terminal cell widths equal to glibc's `wcwidth` in a UTF-8 locale (the table is generated from
/// it by `Scripts/gen-width-table.sh`; `WidthTableTests` checks every code point against `wcwidth`).
///
/// glibc, xterm and tmux agree on these: CJK and most emoji 2; combining marks, ZWJ, RLM and the
/// other format characters 0; Arabic presentation forms, including the lam-alef ligatures, 1.
public enum WidthTable {
    /// Two-stage lookup: 4352 blocks of 256 code points; most blocks share one all-ones block.
    private static let tables = build()

    private static func build() -> ([UInt16], [Int8]) {
        var flat = [Int8](repeating: 1, count: 0x110000)
        var i = 0
        while i + 2 < ranges.count {
            let lo = Int(ranges[i]), hi = Int(ranges[i + 1]), w = Int8(Int(ranges[i + 2]) - 1)
            for c in lo...hi { flat[c] = w }
            i += 3
        }
        var s1 = [UInt16](), s2 = [Int8]()
        var seen: [[Int8]: UInt16] = [:]
        for b in 0..<(0x110000 / 256) {
            let block = Array(flat[(b * 256)..<(b * 256 + 256)])
            if let k = seen[block] {
                s1.append(k)
            } else {
                let k = UInt16(s2.count / 256)
                seen[block] = k
                s2.append(contentsOf: block)
                s1.append(k)
            }
        }
        return (s1, s2)
    }

    /// glibc's `wcwidth(c)`: -1 (non-printable), 0, 1 or 2.
    @inline(__always)
    public static func width(_ c: UInt32) -> Int {
        if c < 0x300 { return c >= 0x20 && c < 0x7F || c >= 0xA0 ? 1 : (c == 0 ? 0 : -1) }
        guard c < 0x110000 else { return -1 }
        let t = tables
        return Int(t.1[Int(t.0[Int(c >> 8)]) &* 256 &+ Int(c & 0xFF)])
    }

    /// The width of a scalar (see `width(_: UInt32)`).
    public static func width(_ s: Unicode.Scalar) -> Int { width(s.value) }
}
