extension BidiEngine {
    /// The drawing rule for a cluster of one UTF-16 unit, the common case, shared by `layout` (cells)
    /// and `render` (UTF-8): a printable unit that takes a cell is drawn as its glyph (shaped, and
    /// mirrored when `mirrored`), which is what `appendCluster` writes for it, without the scalar
    /// view. Returns the glyph and its width, or nil when the unit needs the general way
    /// (`appendCluster`): controls, surrogates, zero-width characters, a mirror or a shaped form
    /// that is not printable.
    @inline(__always)
    func singleUnitGlyph(at i: Int, mirrored: Bool, _ prepared: PreparedText) -> (glyph: UInt32, width: Int)? {
        let x = UInt32(prepared.units[i])
        guard x >= 0x20 && x < 0x7F || x >= 0xA0 && (x < 0xD800 || x > 0xDFFF) else { return nil }
        let g0 = UInt32(prepared.glyphs[i])
        let g = mirrored ? chars.mirror(g0) : g0
        if x < 0x7F { return g >= 0x20 && g < 0x7F ? (g, 1) : nil }
        let w = chars.width(g)
        guard w > 0 && (g == g0 || chars.width(g0) > 0) && (g < 0xD800 || g > 0xDFFF) else { return nil }
        return (g, w)
    }

    /// Writes cluster `k` as drawn (shaped, mirrored, sanitised) to `s`; returns the columns taken.
    @inline(__always)
    func appendCluster<S: ScalarSink>(_ k: Int, _ prepared: PreparedText, mirrored: Bool, column: Int, options: LayoutOptions,
                                      into s: inout S, flags: inout VisualCell.Flags) -> Int {
        var i = Int(prepared.clusterStart[k])
        let end = Int(prepared.clusterStart[k + 1])
        var w = 0
        var first = true
        var written = 0
        while i < end {
            let (c, len) = scalar(at: i, prepared)
            defer { i += len; first = false }
            if let m = prepared.merged, m[i] { continue }
            if c == 0x09 {
                let t = options.tabSize - (column + w) % options.tabSize
                for _ in 0..<t { s.put(0x20) }
                written += t
                w += t
                continue
            }
            if c < 0x20 || (c >= 0x7F && c <= 0x9F) {
                flags.insert(.placeholder)
                if c < 0x20 {
                    s.put(0x2400 + c)
                    written += 1
                } else if c == 0x7F {
                    s.put(0x2421)
                    written += 1
                } else {
                    s.put(0x241B)
                    s.put(c - 0x40)
                    written += 2
                }
                w += c >= 0x80 ? 2 : 1
                continue
            }
            var g = len == 1 ? UInt32(prepared.glyphs[i]) : c
            if g != c { flags.insert(.shaped) }
            if mirrored && first {
                let m = chars.mirror(g)
                if m != g { g = m; flags.insert(.mirrored) }
            }
            let cw = chars.width(g)
            if cw < 0 {
                flags.insert(.placeholder)
                s.put(c == 0x2028 || c == 0x2029 ? 0x2424 : 0xFFFD)
                written += 1
                w += 1
                continue
            }
            if cw == 0 {
                if chars.isMark(c) {
                    if first {   // a mark with no base: drawn on a dotted circle
                        s.put(0x25CC)
                        written += 1
                        w += 1
                    }
                    if options.marksInOwnCells { w += 1 }   // and in a cell of its own
                } else {
                    if options.revealControls, let r = Sanitizer.revealed(c) {
                        flags.insert(.placeholder)
                        for x in r.unicodeScalars { s.put(x.value) }
                        written += r.unicodeScalars.count
                        w += r.unicodeScalars.count
                    } else if written > 0 && BidiEngine.staysInCluster(c) {
                        s.put(c)
                        written += 1
                    }
                    // Other zero-width format characters (bidi controls, ZWSP, ...) are not written.
                    continue
                }
            }
            s.put(Unicode.Scalar(g) == nil ? 0xFFFD : g)
            written += 1
            w += cw
        }
        return w
    }

    func buildLine(_ prepared: PreparedText, clusters: Range<Int>, order: [Int32], levels: [UInt8], unitBase: Int,
                   maxWidth: Int?, softWrapped: Bool, options: LayoutOptions,
                   fixedWidths: UnsafeMutablePointer<Int32>?) -> VisualLine {
        guard !clusters.isEmpty else {
            let s = clusters.lowerBound <= prepared.clusterCount ? scalarIndex(Int(prepared.clusterStart[clusters.lowerBound]), prepared) : 0
            return VisualLine(cells: [], width: 0, logicalRange: s..<s)
        }
        // Logical columns (for tabs) and widths per cluster; without tabs, the widths measured once.
        let base = clusters.lowerBound
        var logicalColumn: [Int] = []
        var widthArray: [Int] = []
        var col = 0
        if let fw = fixedWidths {
            for k in clusters { col += Int(fw[k]) }
        } else {
            logicalColumn = [Int](repeating: 0, count: clusters.count)
            widthArray = [Int](repeating: 0, count: clusters.count)
            for k in clusters {
                logicalColumn[k - base] = col
                let w = clusterWidth(k, prepared, column: col, tabSize: options.tabSize, rules: options.widthRules)
                widthArray[k - base] = w
                col += w
            }
        }
        @inline(__always)
        func width(_ k: Int) -> Int { fixedWidths.map { Int($0[k]) } ?? widthArray[k - base] }
        // Whitespace where a line was soft-wrapped hangs: it takes no cell, so alignment and padding
        // see only the text. At the end of the paragraph, trailing whitespace is drawn (L1 puts it
        // at the paragraph's end edge) as far as the width allows. The hidden clusters are the
        // visible ones from `hiddenFrom` on.
        var excess = softWrapped ? Int.max : (maxWidth.map { col - $0 } ?? 0)
        var k = clusters.upperBound - 1
        var hiddenFrom = clusters.upperBound
        while excess > 0, k >= base, isSpaceCluster(k, prepared) || width(k) == 0 {
            if width(k) > 0 {
                hiddenFrom = k
                excess -= width(k)
            }
            k -= 1
        }
        let mirroring = options.mirroring && options.reordering
        let chars = self.chars
        var cells: [VisualCell] = []
        cells.reserveCapacity(order.count)
        var total = 0
        for c32 in order {
            let k = Int(c32)
            let u0 = Int(prepared.clusterStart[k])
            let level = levels.isEmpty ? 0 : levels[u0 - unitBase]
            let range = scalarIndex(u0, prepared)..<scalarIndex(Int(prepared.clusterStart[k + 1]), prepared)
            let w = width(k)
            if k >= hiddenFrom || w == 0 {
                cells.append(VisualCell(glyph: .empty, width: 0, logical: range, level: level))
                continue
            }
            if let mw = maxWidth, w > mw {
                // One cluster wider than the whole line: a visible ellipsis instead of overflowing.
                cells.append(VisualCell(text: "…", width: 1, logical: range, level: level, flags: .truncated))
                total += 1
                continue
            }
            let mirror = mirroring && level & 1 == 1
            if Int(prepared.clusterStart[k + 1]) - u0 == 1, let (g, cw) = singleUnitGlyph(at: u0, mirrored: mirror, prepared) {
                var flags: VisualCell.Flags = []
                let g0 = UInt32(prepared.glyphs[u0])
                if g0 != UInt32(prepared.units[u0]) { flags.insert(.shaped) }
                if g != g0 { flags.insert(.mirrored) }
                cells.append(VisualCell(glyph: CellSymbol(scalar: g), width: cw, logical: range, level: level, flags: flags))
                total += cw
                continue
            }
            var s = String.UnicodeScalarView()
            var flags: VisualCell.Flags = []
            let drawn = appendCluster(k, prepared, mirrored: mirror, column: fixedWidths == nil ? logicalColumn[k - base] : 0,
                                      options: options, into: &s, flags: &flags)
            if options.marksInOwnCells, drawn > 1, s.dropFirst().contains(where: { chars.isMark($0.value) && chars.width($0.value) == 0 }) {
                appendMarkCells(s, width: drawn, logical: range, level: level, flags: flags, to: &cells)
            } else if drawn > 1 && (prepared.units[u0] == 0x09 || Sanitizer.isControl(UInt32(prepared.units[u0])) || flags.contains(.placeholder))
                && s.count == drawn && s.allSatisfy({ chars.width($0.value) == 1 }) {
                // TABs, C1 placeholders and revealed controls: one narrow cell per column, so buffers
                // keep cells of width 1 or 2. (Only when every scalar is one column wide: a cluster
                // that also holds a wide or a zero-width character stays one cell.)
                for p in s { cells.append(VisualCell(text: String(p), width: 1, logical: range, level: level, flags: flags)) }
            } else {
                cells.append(VisualCell(text: String(s), width: drawn, logical: range, level: level, flags: flags))
            }
            total += drawn
        }
        let lr = scalarIndex(Int(prepared.clusterStart[base]), prepared)..<scalarIndex(Int(prepared.clusterStart[clusters.upperBound]), prepared)
        return VisualLine(cells: cells, width: total, logicalRange: lr)
    }

    /// A cluster drawn with `LayoutOptions.marksInOwnCells`: each combining mark in a cell of its
    /// own, one column wide, and the rest (a letter with what stays in its cell: joiners,
    /// variation selectors; a letter after a mark, as in a conjunct) in cells of their widths, in
    /// reading order: left to right in a left-to-right run, right to left in a right-to-left one,
    /// so a harakah is read after its letter. `width` is the columns of all of them; a cluster
    /// whose pieces do not add up to it stays one cell.
    func appendMarkCells(_ s: String.UnicodeScalarView, width: Int, logical: Range<Int>, level: UInt8, flags: VisualCell.Flags,
                         to cells: inout [VisualCell]) {
        var pieces: [(text: String.UnicodeScalarView, width: Int, mark: Bool)] = []
        for (i, x) in s.enumerated() {
            let w = chars.width(x.value)
            let mark = i > 0 && w == 0 && chars.isMark(x.value)
            if mark || pieces.isEmpty || (w > 0 && pieces[pieces.count - 1].mark) {
                pieces.append((String.UnicodeScalarView([x]), mark ? 1 : max(0, w), mark))
            } else {
                pieces[pieces.count - 1].text.append(x)
                pieces[pieces.count - 1].width += max(0, w)
            }
        }
        guard pieces.reduce(0, { $0 + $1.width }) == width, !pieces.contains(where: { $0.width == 0 }) else {
            cells.append(VisualCell(text: String(s), width: width, logical: logical, level: level, flags: flags))
            return
        }
        let ordered = level & 1 == 1 ? pieces.reversed() : pieces
        for p in ordered {
            cells.append(VisualCell(text: String(p.text), width: p.width, logical: logical, level: level,
                                    flags: p.mark ? flags.subtracting(.mirrored).union(.ownMark) : flags))
        }
    }

    @inline(__always)
    func scalarIndex(_ unit: Int, _ prepared: PreparedText) -> Int {
        guard prepared.hasSurrogates else { return unit }
        if unit >= prepared.n { return prepared.n == 0 ? 0 : Int(prepared.unitScalar[prepared.n - 1]) + 1 }
        return Int(prepared.unitScalar[unit])
    }
}
