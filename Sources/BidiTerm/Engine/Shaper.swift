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
    // Scratch buffers, kept between calls.
    private var compact = ScratchBuffer<UInt16>()
    private var positions = ScratchBuffer<Int32>()
    private var shaped = ScratchBuffer<UInt16>()
    private var tailBuffer = ScratchBuffer<Int32>()

    func deallocate() {
        compact.deallocate()
        positions.deallocate()
        shaped.deallocate()
        tailBuffer.deallocate()
    }

    /// Shapes `units[0..<n]` in place. Returns the indices whose character merged into the previous
    /// letter's ligature (the alef of each lam-alef), in increasing order; the buffer stays valid
    /// until the next call. Returns nil, leaving the units as they are, when ICU cannot shape them
    /// one to one (it fails, or its output does not align with the input).
    /// `hasTransparent` false says that no unit is transparent (nothing to take out), `hasNoncharacter`
    /// false that none is U+FFFE or U+FFFF.
    mutating func shape(_ units: UnsafeMutablePointer<UInt16>, count n: Int, chars: CharTable,
                        hasTransparent: Bool = true, hasNoncharacter: Bool = true) -> UnsafeBufferPointer<Int32>? {
        shaped.reserve(n)
        tailBuffer.reserve(n)
        let sp = shaped.base, tp = tailBuffer.base
        let cp: UnsafeMutablePointer<UInt16>
        let pp: UnsafeMutablePointer<Int32>?   // nil: every unit is kept, at its own position
        var m = 0
        // ICU marks deleted positions with U+FFFF (and U+FFFE) while it shapes, and removes them with
        // the lam-alef spaces: a noncharacter in the text would be deleted too, and the output would
        // no longer align. ICU is given a space (non-joining, like a noncharacter) in its place.
        if hasTransparent || hasNoncharacter {
            compact.reserve(n)
            positions.reserve(n)
            cp = compact.base
            pp = positions.base
            for i in 0..<n {
                let u = units[i]
                // Transparent characters are left out; surrogates (no Arabic letters there) are kept.
                if u >= 0x0300 && !(u >= 0xD800 && u <= 0xDFFF) && Shaper.isTransparent(u, chars) { continue }
                cp[m] = u >= 0xFFFE ? 0x20 : u
                pp![m] = Int32(i)
                m += 1
            }
        } else {
            // The letters are shaped where they are: the loop below reads units j and j + 1
            // before it writes unit j.
            cp = units
            pp = nil
            m = n
        }
        guard m > 0 else { return UnsafeBufferPointer(start: tp, count: 0) }
        var err: Int32 = 0
        // Grow-shrink: each lam-alef becomes one ligature and the text one unit shorter; every other
        // letter keeps its place in the sequence, so input and output align one to one. (ICU's
        // fixed-length modes keep the length with a space, but not always next to the ligature:
        // a lam-alef at the end of the text moves its space to the start.)
        let options = CICU_SHAPE_LETTERS_SHAPE | CICU_SHAPE_TEXT_DIRECTION_LOGICAL | CICU_SHAPE_LENGTH_GROW_SHRINK
        let r = Int(CICU_shapeArabic(cp, Int32(m), sp, Int32(m), options, &err))
        // ICU failed: leave the text unshaped.
        guard err <= 0, r <= m else { return nil }
        // The alignment, checked before anything is written: a lam followed by an alef in the input
        // and a lam-alef ligature in the output are one step; anything else is one unit each.
        @inline(__always)
        func ligatureStep(_ j: Int, _ o: Int) -> Bool {
            cp[j] == 0x0644 && j + 1 < m && Shaper.isAlef(cp[j + 1]) && Shaper.isLamAlefLigature(sp[o])
        }
        var j = 0, o = 0
        while j < m && o < r {
            j += ligatureStep(j, o) ? 2 : 1
            o += 1
        }
        guard j == m && o == r else { return nil }
        var tails = 0
        j = 0
        o = 0
        while j < m {
            if ligatureStep(j, o) {
                // The ligature stands at the lam; the alef is merged into it.
                units[pp.map { Int($0[j]) } ?? j] = sp[o]
                tp[tails] = pp.map { $0[j + 1] } ?? Int32(truncatingIfNeeded: j + 1)
                tails += 1
                j += 2
            } else {
                let i = pp.map { Int($0[j]) } ?? j
                if units[i] < 0xFFFE { units[i] = sp[o] }   // (a noncharacter stays)
                j += 1
            }
            o += 1
        }
        return UnsafeBufferPointer(start: tp, count: tails)
    }

    @inline(__always) static func isAlef(_ u: UInt16) -> Bool { u == 0x0622 || u == 0x0623 || u == 0x0625 || u == 0x0627 }
    @inline(__always) static func isLamAlefLigature(_ u: UInt16) -> Bool { u >= 0xFEF5 && u <= 0xFEFC }

    /// Joining type T (transparent), from the engine's character table.
    @inline(__always)
    static func isTransparent(_ u: UInt16, _ chars: CharTable) -> Bool {
        if u == 0x200C || u == 0x200D { return false }  // ZWNJ and ZWJ steer joining: ICU must see them
        return chars.info(u) & UInt16(CICU_INFO_TRANSPARENT) != 0
    }
}
