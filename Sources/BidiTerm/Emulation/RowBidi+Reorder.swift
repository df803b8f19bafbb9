extension RowBidi {
    /// What `reorder` found out about a run: its direction and where its caret goes (R26).
    struct RunInfo {
        var direction: LayoutDirection
        var zone: Range<Int>
        var target: Int?
    }

    /// Lays out the run `columns` of `row` (its text: first and last cells non-blank) and writes it
    /// in visual order into `result`, created from `row` on the first run that changes (R24).
    /// A run whose text is already in visual order is left as written (R25).
    mutating func reorder(_ row: [Cell], _ columns: Range<Int>, direction runDirection: LayoutDirection?, kind: RunKind,
                          into result: inout RowLayout?) -> (RowLayout.Run.State, RunInfo) {
        let s = columns.lowerBound, e = columns.upperBound
        collectText(row, columns)
        let zone = caretZone(row, after: e)

        // R25: text already in visual order (written by a program that reorders by itself).
        if options.textEvidence, RowBidi.readsInVisualOrder(scratch.scalars) {
            return (.alreadyVisual, RunInfo(direction: runDirection ?? .rtl, zone: zone.lowerBound..<zone.lowerBound, target: nil))
        }

        // R24: the engine lays the run out on one line, in the run's direction (R28; P2–P3 when
        // the run has no strong character).
        let base: BaseDirection = runDirection.map { BaseDirection($0) } ?? .autoLTR
        var layoutOptions = options.layout
        layoutOptions.revealControls = false
        let paragraph = engine.layout(scratch.text, direction: base, width: nil, options: layoutOptions)
        let direction = paragraph.direction
        if result == nil { result = RowLayout(identity: row) }
        let ok = emit(row, columns, paragraph.lines.first?.cells ?? [], into: &result!)
        if !ok {
            // Never expected: the engine's cells did not account for every column. Keep the run.
            for x in columns { result!.cells[x] = row[x]; result!.toVisual[x] = Int32(x); result!.toLogical[x] = Int32(x) }
            result!.merged.removeAll { columns.contains(Int($0.logical)) }
            return (.reordered, RunInfo(direction: direction, zone: zone.lowerBound..<zone.lowerBound, target: nil))
        }

        // R26: where the next letter appears. After a prompt (R31) the command line starts at the
        // cursor, whatever is typed.
        var target: Int? = nil
        if kind == .prompt {
            target = nil
        } else if direction == .rtl {
            // After right-to-left text the next letter appears at the run's left; after Latin or
            // digits at the end of a right-to-left run (an even level), just right of them.
            target = s
            var x = e - 1
            while x > s, row[x].isContinuation { x -= 1 }
            if scratch.levels[x - s] % 2 == 0, !scratch.dropped.contains(x) {
                target = result!.visualColumn(ofLogical: x) + (row[x].width == 2 ? 2 : 1)
            }
        } else {
            // An LTR run that ends in RTL text (cells above level 0): the leftmost of those.
            var x = e - 1
            while x >= s {
                if row[x].isContinuation { x -= 1; continue }
                guard scratch.levels[x - s] > 0 else { break }
                if !scratch.dropped.contains(x) { target = min(target ?? Int.max, result!.visualColumn(ofLogical: x)) }
                x -= 1
            }
        }
        return (.reordered, RunInfo(direction: direction, zone: target == nil ? zone.lowerBound..<zone.lowerBound : zone, target: target))
    }

    /// Fills the scratch text, scalars and column maps with the run's cells: a blank is a space, the
    /// right half of a wide character adds nothing.
    mutating func collectText(_ row: [Cell], _ columns: Range<Int>) {
        scratch.utf8.removeAll(keepingCapacity: true)
        scratch.scalars.removeAll(keepingCapacity: true)
        scratch.columnOfScalar.removeAll(keepingCapacity: true)
        scratch.scalarStart.removeAll(keepingCapacity: true)
        for x in columns {
            scratch.scalarStart.append(Int32(scratch.scalars.count))
            let c = row[x]
            if c.isContinuation { continue }
            if c.text.isEmpty {
                scratch.utf8.append(0x20)
                scratch.scalars.append(" ")
                scratch.columnOfScalar.append(Int32(x))
                continue
            }
            c.text.appendUTF8(to: &scratch.utf8)
            c.text.forEachScalar { v in
                scratch.scalars.append(Unicode.Scalar(v) ?? "\u{FFFD}")
                scratch.columnOfScalar.append(Int32(x))
            }
        }
        scratch.scalarStart.append(Int32(scratch.scalars.count))
        scratch.text = String(decoding: scratch.utf8, as: UTF8.self)
    }

    /// Whether a run's text shows that it is already in visual order (R25), by the evidence that
    /// `check`'s `visual-order` rule uses (`BidiLinter.visualOrderEvidence`): no word reads forward,
    /// and a Hebrew word starts with a final letter, or two words read reversed, or one does in
    /// text whose Arabic is all presentation forms (shaped by the program: a final form starting a
    /// word, an initial form ending one); or, with no word reading forward, the letter statistics
    /// of Hebrew, Arabic and Persian read it reversed (`LetterNgramModel`, no final letters needed).
    static func readsInVisualOrder(_ scalars: [Unicode.Scalar]) -> Bool {
        let e = BidiLinter.visualOrderEvidence(scalars)
        guard e.forward == 0 else { return false }
        if e.hebrewStart >= 1 || e.reversed >= 2 { return true }
        if LetterNgramModel.order(of: scalars) == .visual { return true }
        guard e.reversed == 1 else { return false }
        var forms = false
        for u in scalars {
            if (u.value >= 0x0621 && u.value <= 0x06FF) { return false }
            if (u.value >= 0xFB50 && u.value <= 0xFDFF) || (u.value >= 0xFE70 && u.value <= 0xFEFC) { forms = true }
        }
        return forms
    }

    /// Writes the engine's visual cells of the run `columns` into the result's cells and maps
    /// (R24): each cell keeps its source's style and width, a wide character stays whole, a
    /// cluster over several cells that is not a ligature keeps its cells as written, and the cells
    /// that produced none (merged into a lam-alef ligature, hidden) become blanks at the right end
    /// of the run, in the style of its last cell. Returns false if the columns do not add up.
    mutating func emit(_ row: [Cell], _ columns: Range<Int>, _ visual: [VisualCell], into out: inout RowLayout) -> Bool {
        scratch.emitted.removeAll(keepingCapacity: true)
        scratch.emitted.append(contentsOf: repeatElement(false, count: columns.count))
        scratch.levels.removeAll(keepingCapacity: true)
        scratch.levels.append(contentsOf: repeatElement(0, count: columns.count))
        scratch.dropped.removeAll(keepingCapacity: true)
        // The loop writes through the buffers of the arrays (no uniqueness check per write);
        // `dropped` is moved out of the scratch for it (not copied) and back.
        var merged: [(logical: Int32, visual: Int32)] = []
        var dropped: [Int] = []
        swap(&dropped, &scratch.dropped)
        defer { swap(&dropped, &scratch.dropped) }
        let ok = out.cells.withUnsafeMutableBufferPointer { cells in
            out.toVisual.withUnsafeMutableBufferPointer { toVisual in
                out.toLogical.withUnsafeMutableBufferPointer { toLogical in
                    scratch.emitted.withUnsafeMutableBufferPointer { emitted in
                        scratch.levels.withUnsafeMutableBufferPointer { levels in
                            row.withUnsafeBufferPointer { source in
                                RowBidi.emit(source, columns, visual, scratch.columnOfScalar, scratch.scalarStart,
                                             cells: cells, toVisual: toVisual, toLogical: toLogical,
                                             emitted: emitted, levels: levels, dropped: &dropped, merged: &merged)
                            }
                        }
                    }
                }
            }
        }
        out.merged += merged
        return ok
    }

    /// `emit` on the buffers: `emitted` and `levels` are per column of the run.
    private static func emit(_ row: UnsafeBufferPointer<Cell>, _ columns: Range<Int>, _ visual: [VisualCell],
                             _ columnOfScalar: [Int32], _ scalarStart: [Int32],
                             cells: UnsafeMutableBufferPointer<Cell>, toVisual: UnsafeMutableBufferPointer<Int32>,
                             toLogical: UnsafeMutableBufferPointer<Int32>, emitted: UnsafeMutableBufferPointer<Bool>,
                             levels: UnsafeMutableBufferPointer<UInt8>, dropped: inout [Int],
                             merged: inout [(logical: Int32, visual: Int32)]) -> Bool {
        let s = columns.lowerBound, e = columns.upperBound
        var q = s
        let scalarCount = columnOfScalar.count

        func put(_ x: Int, _ symbol: CellSymbol, level: UInt8) -> Bool {
            let src = row[x]
            let w = RowBidi.span(row, x)
            guard q + w <= e else { return false }
            cells[q] = Cell(text: symbol, width: src.width, style: src.style)
            toVisual[x] = Int32(q); toLogical[q] = Int32(x)
            emitted[x - s] = true
            levels[x - s] = level
            if w == 2 {
                cells[q + 1] = row[x + 1]
                toVisual[x + 1] = Int32(q + 1); toLogical[q + 1] = Int32(x + 1)
                emitted[x + 1 - s] = true
                levels[x + 1 - s] = level
            }
            q += w
            return true
        }

        for vc in visual {
            let lo = vc.logical.lowerBound, hi = vc.logical.upperBound
            guard lo < hi, hi <= scalarCount else { continue }
            let c0 = Int(columnOfScalar[lo]), c1 = Int(columnOfScalar[hi - 1])
            if c0 == c1 {
                guard !emitted[c0 - s], vc.width > 0 else { continue }
                let src = row[c0]
                // The engine's glyph (shaped, mirrored, digits converted, R22-safe) when it is the
                // whole cell at the cell's width; otherwise the cell as the emulator wrote it.
                let whole = Int(scalarStart[c0 - s]) == lo && Int(scalarStart[c0 - s + 1]) == hi
                let glyph = whole && vc.width == Int(src.width) && !vc.glyph.isEmpty && !src.text.isEmpty ? vc.glyph : src.text
                guard put(c0, glyph, level: vc.level) else { return false }
                continue
            }
            var ligature = vc.flags.contains(.shaped) && vc.width == 1
            for x in c0...c1 where emitted[x - s] || row[x].width != 1 { ligature = false }
            if ligature {
                // R20: lam-alef, one cell for two letters; the other letters' columns are padded.
                guard put(c0, vc.glyph, level: vc.level) else { return false }
                for x in (c0 + 1)...c1 {
                    emitted[x - s] = true
                    levels[x - s] = vc.level
                    dropped.append(x)
                    merged.append((Int32(x), Int32(q - 1)))
                }
            } else {
                // A cluster the emulator wrote over several cells (an emoji sequence): as written.
                for x in c0...c1 where !emitted[x - s] && !row[x].isContinuation {
                    guard put(x, row[x].text, level: vc.level) else { return false }
                }
            }
        }
        // Cells the engine drew as nothing (a lone hidden control) or skipped.
        for x in columns where !emitted[x - s] { dropped.append(x) }
        guard q + dropped.count == e else { return false }
        dropped.sort()
        // R24: the padding goes at the right end of the run, whatever its direction, so that the
        // run keeps its width and its text starts at its first column.
        let padStyle = row[e - 1].style
        for x in dropped {
            cells[q] = Cell(text: .space, width: 1, style: padStyle)
            toVisual[x] = Int32(q); toLogical[q] = Int32(x)
            q += 1
        }
        return true
    }
}
