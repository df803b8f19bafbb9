import CICU

/// Arabic shaping (R20) with ICU's `u_shapeArabic`, on logical text, before reordering.
///
/// Two adjustments to ICU's defaults, each for a terminal grid:
/// - **Harakat stay combining marks.** ICU turns the harakat U+064B–U+0652 into their spacing
///   presentation forms (U+FE70–U+FE7F), which take a cell each. The shaper takes every
///   transparent character (joining type T: harakat, other combining marks, format characters) out
///   of the text before shaping, shapes the letters (transparent characters do not break joining),
///   and puts the original marks back in place, so they stay zero-width marks after their base.
/// - **Lam-alef is one cell.** Lam followed by alef becomes one ligature glyph (U+FEF5–U+FEFC),
///   which every terminal draws in one cell. The ligature stands at the lam's position and the
///   alef's position is marked as merged: the layout makes lam, alef and their marks one cluster,
///   one cell wide, whose logical range covers both letters. Widths are measured after shaping, so
///   a shaped line is one cell shorter per lam-alef than the unshaped one and alignment and padding
///   stay exact. (ICU's "fixed length" alternative pads with a space inside the word instead.)
struct Shaper {
    /// True when `units` contains a character that shaping can change.
    @inline(__always)
    static func needsShaping(_ units: [UInt16]) -> Bool {
        for u in units where u >= 0x0600 && u <= 0x08FF { return true }
        return false
    }

    private var compact: [UInt16] = []
    private var positions: [Int32] = []
    private var shaped: [UInt16] = []

    /// Shapes `units` in place. Returns the indices whose character merged into the previous
    /// letter's ligature (the alef of each lam-alef), in increasing order.
    mutating func shape(_ units: inout [UInt16]) -> [Int32] {
        compact.removeAll(keepingCapacity: true)
        positions.removeAll(keepingCapacity: true)
        for (i, u) in units.enumerated() {
            // Transparent characters are left out; surrogates (no Arabic letters there) are kept.
            if u >= 0x0300 && !(u >= 0xD800 && u <= 0xDFFF) && Shaper.isTransparent(u) { continue }
            compact.append(u)
            positions.append(Int32(i))
        }
        let n = compact.count
        guard n > 0 else { return [] }
        if shaped.count < n { shaped = [UInt16](repeating: 0, count: n) }
        var err: Int32 = 0
        let options = CICU_SHAPE_LETTERS_SHAPE | CICU_SHAPE_TEXT_DIRECTION_LOGICAL | CICU_SHAPE_LENGTH_FIXED_SPACES_NEAR
        let m = compact.withUnsafeBufferPointer { src in
            shaped.withUnsafeMutableBufferPointer { dst in
                CICU_shapeArabic(src.baseAddress, Int32(n), dst.baseAddress, Int32(n), options, &err)
            }
        }
        guard err <= 0, m == n else { return [] }   // ICU failed: leave the text unshaped
        var tails: [Int32] = []
        var j = 0
        while j < n {
            let c = compact[j]
            if c == 0x0644, j + 1 < n, Shaper.isAlef(compact[j + 1]) {
                // ICU puts the ligature at one of the two positions and a space at the other.
                let a = shaped[j], b = shaped[j + 1]
                let lig = Shaper.isLamAlefLigature(a) ? a : (Shaper.isLamAlefLigature(b) ? b : 0)
                if lig != 0 {
                    units[Int(positions[j])] = lig
                    tails.append(positions[j + 1])
                    j += 2
                    continue
                }
            }
            units[Int(positions[j])] = shaped[j]
            j += 1
        }
        return tails
    }

    @inline(__always) static func isAlef(_ u: UInt16) -> Bool { u == 0x0622 || u == 0x0623 || u == 0x0625 || u == 0x0627 }
    @inline(__always) static func isLamAlefLigature(_ u: UInt16) -> Bool { u >= 0xFEF5 && u <= 0xFEFC }

    /// Joining type T (transparent), cached for the Arabic block.
    @inline(__always)
    static func isTransparent(_ u: UInt16) -> Bool {
        if u >= 0x0600 && u <= 0x06FF { return arabicTransparent[Int(u - 0x0600)] }
        if u == 0x200C || u == 0x200D { return false }  // ZWNJ and ZWJ steer joining: ICU must see them
        return CICU_joiningType(Int32(u)) == 5  // U_JT_TRANSPARENT
    }

    private static let arabicTransparent: [Bool] = (0x0600...0x06FF).map { CICU_joiningType(Int32($0)) == 5 }
}
