import CICU

/// Arabic shaping (R20) as ICU's `u_shapeArabic` does it, on logical text, before reordering: from
/// a table of ICU's own answers for the Arabic block (`ShapingTable`), or through ICU for text with
/// the few characters the table does not describe.
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
    /// false that none is U+FFFE or U+FFFF, `needsICU` false that none is a character whose shaping
    /// only ICU's own code knows (see `ShapingTable`): the table then shapes the text directly.
    mutating func shape(_ units: UnsafeMutablePointer<UInt16>, count n: Int, chars: CharTable,
                        hasTransparent: Bool = true, hasNoncharacter: Bool = true, needsICU: Bool = true) -> UnsafeBufferPointer<Int32>? {
        if !needsICU, let table = ShapingTable.shared {
            return shapeDirect(units, count: n, chars: chars, table: table)
        }
        return shapeWithICU(units, count: n, chars: chars, hasTransparent: hasTransparent, hasNoncharacter: hasNoncharacter)
    }

    /// `shape` through the table: what ICU would write, without the call, the copies and the
    /// alignment check. One pass: each letter's form is settled once the next character that is not
    /// transparent is known.
    mutating func shapeDirect(_ units: UnsafeMutablePointer<UInt16>, count n: Int, chars: CharTable,
                              table: ShapingTable) -> UnsafeBufferPointer<Int32> {
        tailBuffer.reserve(n)
        let tp = tailBuffer.base
        var tails = 0
        var pending = -1               // the last letter of the Arabic block, its form not settled yet
        var pendingJoinsBefore = false // it joins the character before it
        var lastJoinsAfter = false     // the last character can join the one after it
        for i in 0..<n {
            let u = units[i]
            var link: UInt8 = 0
            if u >= 0x0600 && u <= 0x06FF {
                link = table.link[Int(u &- 0x0600)]
                if link & ShapingTable.transparent != 0 { continue }
            } else if u >= 0x0300 && !(u >= 0xD800 && u <= 0xDFFF) && Shaper.isTransparent(u, chars) {
                continue
            }
            let joinsBefore = lastJoinsAfter && link & ShapingTable.joinsBefore != 0
            if pending >= 0 {
                if let ligature = table.lamAlef(units[pending], u, lamJoinsBefore: pendingJoinsBefore) {
                    // The ligature stands at the lam; the alef is merged into it. It joins nothing after.
                    units[pending] = ligature
                    tp[tails] = Int32(truncatingIfNeeded: i)
                    tails += 1
                    pending = -1
                    lastJoinsAfter = false
                    continue
                }
                table.settle(units + pending, joinsBefore: pendingJoinsBefore, joinsAfter: joinsBefore)
            }
            if u >= 0x0600 && u <= 0x06FF {
                pending = i
                pendingJoinsBefore = joinsBefore
            } else {
                pending = -1
            }
            lastJoinsAfter = link & ShapingTable.joinsAfter != 0
        }
        if pending >= 0 { table.settle(units + pending, joinsBefore: pendingJoinsBefore, joinsAfter: false) }
        return UnsafeBufferPointer(start: tp, count: tails)
    }

    /// `shape` through ICU's `u_shapeArabic`.
    mutating func shapeWithICU(_ units: UnsafeMutablePointer<UInt16>, count n: Int, chars: CharTable,
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

/// ICU's shaping of the Arabic block (U+0600–U+06FF), learnt from ICU itself once per process: for
/// each character, whether it joins the character before it and the one after it, and the glyph
/// ICU writes for it alone, joined before, joined after and joined on both sides; and the four
/// lam-alef ligatures, joined before or not. Shaping a text is then a matter of looking its
/// characters up (`Shaper.shapeDirect`), instead of a call into ICU for every paragraph.
///
/// Each entry is what `u_shapeArabic`, with the options the shaper uses, writes for the character
/// between two behs (a dual-joining letter) or none: the behs' forms tell whether it joins them, its
/// own form what it becomes. Transparent characters (joining type T) are left out, as the shaper
/// leaves them out of ICU's input. The tests check the table against ICU's shaping over random text
/// of the whole block. ZWJ, the deprecated shaping controls and presentation forms in the input
/// change ICU's joining in ways of its own: text with them goes to ICU (see `prepare`).
final class ShapingTable: @unchecked Sendable {
    static let joinsBefore: UInt8 = 1
    static let joinsAfter: UInt8 = 2
    static let transparent: UInt8 = 4

    /// The table, or nil when ICU could not be asked (the shaper then calls ICU every time).
    static let shared: ShapingTable? = ShapingTable()

    // Written once by `init`, then only read (by any thread); the shared table lives as long as
    // the process, so the memory is never given back.
    /// Per character of the block: `joinsBefore`, `joinsAfter`, `transparent`.
    let link: UnsafeMutablePointer<UInt8>
    /// Per character of the block, four glyphs: alone, joined before, joined after, joined on both sides.
    let forms: UnsafeMutablePointer<UInt16>
    /// The lam-alef ligature of alef U+0622, U+0623, U+0625, U+0627: alone, joined before.
    let ligatures: UnsafeMutablePointer<UInt16>

    private init?() {
        let options = CICU_SHAPE_LETTERS_SHAPE | CICU_SHAPE_TEXT_DIRECTION_LOGICAL | CICU_SHAPE_LENGTH_GROW_SHRINK
        var failed = false
        func shaped(_ text: [UInt16]) -> [UInt16] {
            var out = [UInt16](repeating: 0, count: text.count)
            var err: Int32 = 0
            let r = text.withUnsafeBufferPointer { src in
                out.withUnsafeMutableBufferPointer {
                    Int(CICU_shapeArabic(src.baseAddress, Int32(text.count), $0.baseAddress, Int32(text.count), options, &err))
                }
            }
            if err > 0 || r < 0 { failed = true; return text }
            return Array(out[0..<r])
        }
        let beh: UInt16 = 0x0628
        let behBefore = shaped([beh, beh])   // joined after, joined before
        var info = [UInt16](repeating: 0, count: 256)
        CICU_charInfoBlock(0x0600, 256, &info)
        var link = [UInt8](repeating: 0, count: 256)
        var forms = [UInt16](repeating: 0, count: 1024)
        for k in 0..<256 {
            let c = UInt16(0x0600 + k)
            if info[k] & UInt16(CICU_INFO_TRANSPARENT) != 0 {
                link[k] = ShapingTable.transparent
                for f in 0..<4 { forms[4 * k + f] = c }
                continue
            }
            let before = shaped([beh, c]), after = shaped([c, beh]), both = shaped([beh, c, beh])
            guard before.count == 2, after.count == 2, both.count == 3 else { return nil }
            if before[0] == behBefore[0] { link[k] |= ShapingTable.joinsBefore }
            if after[1] == behBefore[1] { link[k] |= ShapingTable.joinsAfter }
            let alone = shaped([c])[0]
            forms[4 * k] = alone
            forms[4 * k + 1] = link[k] & ShapingTable.joinsBefore != 0 ? before[1] : alone
            forms[4 * k + 2] = link[k] & ShapingTable.joinsAfter != 0 ? after[0] : alone
            forms[4 * k + 3] = both[1]
        }
        var ligatures = [UInt16](repeating: 0, count: 8)
        for (a, alef) in [0x0622, 0x0623, 0x0625, 0x0627].enumerated() {
            let alone = shaped([0x0644, UInt16(alef)]), joined = shaped([beh, 0x0644, UInt16(alef)])
            guard alone.count == 1, joined.count == 2 else { return nil }
            ligatures[2 * a] = alone[0]
            ligatures[2 * a + 1] = joined[1]
        }
        if failed { return nil }
        self.link = .allocate(capacity: 256)
        self.link.initialize(from: link, count: 256)
        self.forms = .allocate(capacity: 1024)
        self.forms.initialize(from: forms, count: 1024)
        self.ligatures = .allocate(capacity: 8)
        self.ligatures.initialize(from: ligatures, count: 8)
    }

    /// Writes the glyph of the character at `p` for its joining.
    @inline(__always)
    func settle(_ p: UnsafeMutablePointer<UInt16>, joinsBefore: Bool, joinsAfter: Bool) {
        let k = Int(p.pointee &- 0x0600)
        p.pointee = forms[4 * k + (joinsBefore ? 1 : 0) + (joinsAfter ? 2 : 0)]
    }

    /// The ligature lam `lam` and alef `alef` make, or nil when they are not a lam and an alef.
    @inline(__always)
    func lamAlef(_ lam: UInt16, _ alef: UInt16, lamJoinsBefore: Bool) -> UInt16? {
        guard lam == 0x0644 else { return nil }
        let a: Int
        switch alef {
        case 0x0622: a = 0
        case 0x0623: a = 1
        case 0x0625: a = 2
        case 0x0627: a = 3
        default: return nil
        }
        return ligatures[2 * a + (lamJoinsBefore ? 1 : 0)]
    }
}
