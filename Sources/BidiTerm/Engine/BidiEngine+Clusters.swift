import CICU

extension BidiEngine {
    /// Grapheme clusters of the text as written; a lam-alef ligature joins the clusters of its two
    /// letters. The rules of UAX #29 are applied directly when every character is of a simple
    /// class (Other, Extend, SpacingMark, Prepend, Control: GB4, GB5, GB9, GB9a, GB9b, GB999);
    /// text with anything else (CR, ZWJ and emoji sequences, Hangul, regional indicators,
    /// supplementary characters, Indic and other scripts with conjunct rules) goes to ICU's
    /// character break iterator.
    func buildClusters(_ prepared: inout PreparedText) {
        let n = prepared.n
        scratch.pointee.clusterStart.reserve(n + 1)
        scratch.pointee.unitCluster.reserve(n)
        let cs = scratch.pointee.clusterStart.base, uc = scratch.pointee.unitCluster.base
        prepared.clusterStart = cs
        prepared.unitCluster = uc
        cs[0] = 0
        guard n > 0 else { prepared.clusterCount = 0; return }
        let u = prepared.units, merged = prepared.merged
        let control = UInt16(CICU_INFO_GCB_CONTROL), extend = UInt16(CICU_INFO_GCB_EXTEND)
        let prepend = UInt16(CICU_INFO_GCB_PREPEND), complex = UInt16(CICU_INFO_GCB_COMPLEX)
        let mask = UInt16(CICU_INFO_GCB_MASK)
        if prepared.classes & (1 << extend | 1 << prepend | 1 << complex) == 0 && merged == nil {
            // Only Other and Control: every unit is a cluster.
            for i in 0..<n {
                cs[i] = Int32(truncatingIfNeeded: i)
                uc[i] = Int32(truncatingIfNeeded: i)
            }
            cs[n] = Int32(truncatingIfNeeded: n)
            prepared.clusterCount = n
            return
        }
        var prev = chars.info(u[0]) & mask
        var simple = prev != complex && prepared.classes & (1 << complex) == 0
        var k = 0
        uc[0] = 0
        if simple {
            for i in 1..<n {
                let cls = chars.info(u[i]) & mask
                if cls == complex { simple = false; break }
                if prev == control || cls == control || (cls != extend && prev != prepend) {
                    if merged == nil || !merged![i] {
                        k += 1
                        cs[k] = Int32(i)
                    }
                }
                uc[i] = Int32(k)
                prev = cls
            }
        }
        if simple {
            cs[k + 1] = Int32(n)
            prepared.clusterCount = k + 1
            return
        }
        var err: Int32 = 0
        let graphemes = scratch.pointee.breakIterator(.character)
        CICU_break_setText(graphemes.raw, u, Int32(n), &err)
        scratch.pointee.breaks.reserve(n)
        let b = scratch.pointee.breaks.base
        let m = err <= 0 ? Int(CICU_break_all(graphemes.raw, Int32(n), b)) : 0
        k = 0
        for j in 0..<m {
            let x = Int(b[j])
            if x < 0 || x >= n { break }
            if let merged, merged[x] { continue }  // the alef of a lam-alef ligature
            k += 1
            cs[k] = Int32(x)
        }
        cs[k + 1] = Int32(n)
        prepared.clusterCount = k + 1
        var c = 0
        for i in 0..<n {
            while Int(cs[c + 1]) <= i { c += 1 }
            uc[i] = Int32(c)
        }
        // The break iterator keeps a pointer to the text only until the next setText.
        err = 0
        CICU_break_setText(graphemes.raw, nil, 0, &err)
    }

    /// With `revealControls`, each character a QA view reveals (`⟨ZWNJ⟩`, `⟨ZWJ⟩`, …) becomes a
    /// cluster of its own, so its token takes the character's own place in the visual order: a ZWNJ
    /// is in the cluster of the letter before it, and in a right-to-left run that cluster's token
    /// would otherwise be drawn on the wrong side of the letter (نمی‌شود).
    func splitRevealedClusters(_ prepared: inout PreparedText) {
        let n = prepared.n, cs = prepared.clusterStart, uc = prepared.unitCluster
        // Needed when a revealed character shares its cluster with another character: it does not
        // start it, or something follows it in it.
        var needed = false
        for i in 0..<n where prepared.units[i] >= 0xAD && Sanitizer.revealed(UInt32(prepared.units[i])) != nil {
            let k = Int(uc[i])
            if Int(cs[k]) != i || Int(cs[k + 1]) != i + 1 {
                needed = true
                break
            }
        }
        guard needed else { return }
        var starts: [Int32] = []
        starts.reserveCapacity(prepared.clusterCount + 8)
        let merged = prepared.merged
        for k in 0..<prepared.clusterCount {
            let a = Int(cs[k]), b = Int(cs[k + 1])
            starts.append(Int32(a))
            for i in a..<b where Sanitizer.revealed(UInt32(prepared.units[i])) != nil {
                // A cluster from it, and one after it (two in a row: the second already starts one),
                // unless what follows is the alef of a lam-alef around it (revealed characters are
                // transparent to joining): the ligature already draws that alef, which never starts
                // a cluster.
                if starts.last != Int32(i) { starts.append(Int32(i)) }
                if i + 1 < b, !(merged?[i + 1] ?? false) { starts.append(Int32(i + 1)) }
            }
        }
        // At most n + 1 starts: the buffer reserved by buildClusters holds them.
        for (k, x) in starts.enumerated() { cs[k] = x }
        cs[starts.count] = Int32(n)
        prepared.clusterCount = starts.count
        var c = 0
        for i in 0..<n {
            while Int(cs[c + 1]) <= i { c += 1 }
            uc[i] = Int32(c)
        }
    }

    /// Line break opportunities (UAX #14) at cluster starts.
    func computeLineBreaks(_ prepared: PreparedText, into breakBefore: inout [Bool]) {
        let n = prepared.n
        var err: Int32 = 0
        let lineBreaker = scratch.pointee.breakIterator(.line)
        CICU_break_setText(lineBreaker.raw, prepared.stand, Int32(n), &err)
        guard err <= 0 else { return }
        scratch.pointee.breaks.reserve(n)
        let b = scratch.pointee.breaks.base
        let m = Int(CICU_break_all(lineBreaker.raw, Int32(n), b))
        for j in 0..<m {
            let x = Int(b[j])
            if x < 0 || x >= n { break }
            let c = Int(prepared.unitCluster[x])
            if Int(prepared.clusterStart[c]) == x { breakBefore[c] = true }
        }
        CICU_break_setText(lineBreaker.raw, nil, 0, &err)
    }

    @inline(__always)
    func scalar(at i: Int, _ prepared: PreparedText) -> (UInt32, Int) {
        let u = prepared.units[i]
        if u & 0xFC00 == 0xD800, i + 1 < prepared.n, prepared.units[i + 1] & 0xFC00 == 0xDC00 {
            return (0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(prepared.units[i + 1]) - 0xDC00), 2)
        }
        return (UInt32(u), 1)
    }

    func isSpaceCluster(_ k: Int, _ prepared: PreparedText) -> Bool {
        let u = prepared.units[Int(prepared.clusterStart[k])]
        return u == 0x20 || u == 0x3000 || (u >= 0x2000 && u <= 0x200A)
    }

    /// The columns cluster `k` takes when it starts at `column` (TAB depends on it), under `rules`
    /// (revealed controls, marks in cells of their own).
    @inline(__always)
    func clusterWidth(_ k: Int, _ prepared: PreparedText, column: Int, tabSize: Int, rules: WidthRules) -> Int {
        let i = Int(prepared.clusterStart[k])
        if Int(prepared.clusterStart[k + 1]) - i == 1 {
            let u = prepared.units[i]
            if u >= 0x20 && u < 0x7F { return 1 }
            if u == 0x09 { return tabSize - column % tabSize }
            // A printable character of one unit: the width of its glyph (what the loop below gives).
            if u >= 0xA0 && (u < 0xD800 || u > 0xDFFF) {
                let cw = chars.width(UInt32(prepared.glyphs[i]))
                if cw > 0 { return cw }
            }
        }
        return anyClusterWidth(k, prepared, column: column, tabSize: tabSize, rules: rules)
    }

    /// `clusterWidth` for any cluster.
    @inline(never)
    func anyClusterWidth(_ k: Int, _ prepared: PreparedText, column: Int, tabSize: Int, rules: WidthRules) -> Int {
        var i = Int(prepared.clusterStart[k])
        let end = Int(prepared.clusterStart[k + 1])
        var w = 0
        var first = true
        while i < end {
            let (c, len) = scalar(at: i, prepared)
            defer { i += len; first = false }
            if let m = prepared.merged, m[i] { continue }
            if c == 0x09 { w += tabSize - (column + w) % tabSize; continue }
            if c < 0x20 || c == 0x7F { w += 1; continue }
            if c >= 0x80 && c <= 0x9F { w += 2; continue }
            let g = len == 1 ? UInt32(prepared.glyphs[i]) : c
            let cw = chars.width(g)
            if cw < 0 { w += 1; continue }
            if cw == 0 {
                if chars.isMark(c) {
                    if first { w += 1 }   // drawn on ◌
                    if rules.contains(.markCells) { w += 1 }   // and in a cell of its own
                } else if rules.contains(.reveal), let r = Sanitizer.revealed(c) {
                    w += r.unicodeScalars.count
                }
                continue
            }
            w += cw
        }
        return w
    }

    /// Zero-width characters that belong to the cluster they are in and are written with it: joiners,
    /// variation selectors, emoji tag characters.
    @inline(__always)
    static func staysInCluster(_ c: UInt32) -> Bool {
        c == 0x200D || c == 0x200C || (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xE0100 && c <= 0xE01EF)
            || (c >= 0xE0020 && c <= 0xE007F)
    }
}
