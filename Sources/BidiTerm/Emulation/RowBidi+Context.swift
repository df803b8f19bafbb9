/// The rules that look past a run's own text (R28–R31): the row's direction before a run that
/// starts with digits or punctuation, a highlight inside a sentence, a list marker at a run's start,
/// a shell's command line after a right-to-left prompt.
extension RowBidi {
    /// What a cell's first scalar says about direction: `.ltr` for a strong left-to-right letter,
    /// `.rtl` for a strong right-to-left one (Bidi_Class L, or R and AL), nil for digits,
    /// punctuation, symbols and blanks.
    @inline(__always)
    static func strongDirection(_ c: Cell) -> LayoutDirection? {
        guard let v = c.text.firstScalar else { return nil }
        if v < 0x80 {
            let lower = v | 0x20
            return lower >= 0x61 && lower <= 0x7A ? .ltr : nil
        }
        switch UnicodeProperties.bidiClassRaw(v) {
        case 0: return .ltr
        case 1, 13: return .rtl
        default: return nil
        }
    }

    /// The direction of the first strong character of `columns`, and whether a digit or a neutral
    /// comes before it (the run starts with a field that has no direction of its own).
    static func firstStrong(_ row: UnsafeBufferPointer<Cell>, _ columns: Range<Int>) -> (LayoutDirection?, leadsWithWeak: Bool) {
        var weak = false
        for x in columns {
            let c = row[x]
            if c.isContinuation || isBlank(c) { continue }
            if let d = strongDirection(c) { return (d, weak) }
            weak = true
        }
        return (nil, weak)
    }

    /// The direction of the last strong character of the row before column `x` (R28).
    static func lastStrong(_ row: UnsafeBufferPointer<Cell>, before x: Int) -> LayoutDirection? {
        var i = x - 1
        while i >= 0 {
            if let d = strongDirection(row[i]) { return d }
            i -= 1
        }
        return nil
    }

    /// R28: the paragraph direction of a run when none is forced. A run that starts with a letter
    /// takes its first strong character's direction (UAX #9 P2–P3): a file name, a sentence. A run
    /// that starts with a digit or punctuation (the next field of `ls -l` after its date, a size
    /// before a name) takes the direction of the last strong character before it in the row, so that
    /// the row's fields keep their columns; with none before it, its own first strong character's.
    static func contextDirection(_ row: UnsafeBufferPointer<Cell>, _ columns: Range<Int>) -> LayoutDirection? {
        let (own, weak) = firstStrong(row, columns)
        if weak, let before = lastStrong(row, before: columns.lowerBound) { return before }
        return own
    }

    // MARK: - R30: list markers

    /// R30: a list marker or pointer (`>`, `*`, `•`, `▶`, `-`, `+`, …) that starts a run and is
    /// followed by a blank and more text: the program put it in its column, so it stays in its cell
    /// and the text after it is the run.
    @inline(__always)
    static func isListMarker(_ row: UnsafeBufferPointer<Cell>, _ x: Int, end n: Int) -> Bool {
        guard x + 2 < n, isBlank(row[x + 1]), row[x].width == 1, let v = row[x].text.singleScalar else { return false }
        guard markers.contains(v) else { return false }
        var i = x + 1
        while i < n, isBlank(row[i]) { i += 1 }
        return i < n && !isFixed(row, i)
    }

    /// The scalars `isListMarker` keeps in place.
    static let markers: Set<UInt32> = [
        0x3E, 0x2A, 0x2D, 0x2B,                 // > * - +
        0x2022, 0x2023, 0x2043, 0x00B7, 0x2219, // • ‣ ⁃ · ∙
        0x25B6, 0x25BA, 0x25B8, 0x25B9, 0x25B7, // ▶ ► ▸ ▹ ▷
        0x276F, 0x279C, 0x2192, 0x21D2, 0x00BB, // ❯ ➜ → ⇒ »
        0x25CF, 0x25CB, 0x25C6, 0x25C7, 0x25A0, 0x25A1, 0x25AA, 0x25AB, // ● ○ ◆ ◇ ■ □ ▪ ▫
        0x2713, 0x2714, 0x2717, 0x2718,         // ✓ ✔ ✗ ✘
    ]

    // MARK: - R31: a shell's command line

    /// R31: where a shell prompt that holds right-to-left text ends inside the run `columns`, when a
    /// command line follows it: the prompt's last character (`$`, `#`, `%`, `>`, `❯`, `➜`, `»`,
    /// preceded by a blank or by a character that is not right-to-left, followed by a blank) with
    /// right-to-left text before it, and after the blank nothing or a command that starts with an
    /// ASCII character. Returns the end of the prompt (after its last character) and the start of
    /// the command (nil when nothing follows yet); nil when the run is no such line.
    static func promptCut(_ row: UnsafeBufferPointer<Cell>, _ columns: Range<Int>, rowEnd n: Int) -> (promptEnd: Int, command: Int?)? {
        var sawRTL = false
        var x = columns.lowerBound
        let e = columns.upperBound
        while x < e {
            let c = row[x]
            if let v = c.text.singleScalar {
                if isRTLScalar(v) { sawRTL = true }
                if sawRTL, promptEnds.contains(v), x + 1 < n, isBlank(row[x + 1]), x > columns.lowerBound {
                    let before = row[x - 1]
                    let beforeOK = isBlank(before) || !(before.text.singleScalar.map(isRTLScalar) ?? false)
                    if beforeOK {
                        var y = x + 1
                        while y < e, isBlank(row[y]) { y += 1 }
                        if y >= e { return (x + 1, nil) }
                        if y == x + 2, let w = row[y].text.singleScalar, w > 0x20, w < 0x7F { return (x + 1, y) }
                    }
                }
            }
            x += 1
        }
        return nil
    }

    /// The characters a prompt ends with (R31).
    static let promptEnds: Set<UInt32> = [0x24, 0x23, 0x25, 0x3E, 0x276F, 0x279C, 0x00BB]

    // MARK: - R29: a highlight inside a sentence

    /// R29: whether the cells from `b` on, of another background than the run's (`key`), are a
    /// highlighted piece of the sentence (a search match, a marked word) rather than a bar, a button
    /// or a menu item: the piece starts and ends on text, has no gap of `gap` blanks, and is followed
    /// within fewer than `gap` blanks by text of the run's own background; or, at the end of the
    /// row's text, holds right-to-left text and follows text of the default background. Returns the
    /// end of the piece when it joins the run, nil when the run ends at `b`.
    func highlightEnd(_ row: UnsafeBufferPointer<Cell>, at b: Int, runKey key: BackgroundKey, rowEnd n: Int) -> Int? {
        let c = row[b]
        guard !RowBidi.isBlank(c), !RowBidi.isFixed(row, b) else { return nil }
        let hkey = RowBidi.backgroundKey(c)
        guard hkey != key else { return nil }
        // The piece: cells of the highlight's background, blanks inside it fewer than `gap`.
        var lastText = b
        var i = b + RowBidi.span(row, b)
        var rtl = RowBidi.containsRTL(row, in: b..<i)
        while i < n, RowBidi.backgroundKey(row[i]) == hkey, !RowBidi.isFixed(row, i) {
            if RowBidi.isBlank(row[i]) {
                if options.gap > 0, i - lastText > options.gap { return nil }
                i += 1
                continue
            }
            let w = RowBidi.span(row, i)
            if !rtl { rtl = RowBidi.containsRTL(row, in: i..<(i + w)) }
            lastText = i + w - 1
            i += w
        }
        // A piece whose highlight goes on over blanks is padded: a bar, a button.
        if lastText + 1 < i { return nil }
        let pieceEnd = i
        // After it: blanks of the run's background, then text of the run's background.
        var j = pieceEnd
        while j < n, RowBidi.isBlank(row[j]), RowBidi.backgroundKey(row[j]) == key { j += 1 }
        if j < n, !RowBidi.isBlank(row[j]), j - pieceEnd < max(options.gap, 2), RowBidi.backgroundKey(row[j]) == key, !RowBidi.isFixed(row, j) {
            return pieceEnd
        }
        // The last word of the row's text, highlighted after plain text.
        var k = j
        while k < n, RowBidi.isBlank(row[k]) { k += 1 }
        if k >= n, rtl, key == RowBidi.defaultBackground { return pieceEnd }
        return nil
    }

    /// R29: at the start of a run whose first cells are highlighted (a search match as the first
    /// word of a line): the end of that piece when right-to-left text of the default background
    /// follows it within one blank, so that the piece and the sentence are one run; nil otherwise.
    func leadingHighlightEnd(_ row: UnsafeBufferPointer<Cell>, from start: Int, rowEnd n: Int) -> Int? {
        let hkey = RowBidi.backgroundKey(row[start])
        guard hkey != RowBidi.defaultBackground else { return nil }
        if start > 0, !RowBidi.isBlank(row[start - 1]) || RowBidi.backgroundKey(row[start - 1]) == hkey { return nil }
        var i = start
        var rtl = false
        while i < n, !RowBidi.isBlank(row[i]), RowBidi.backgroundKey(row[i]) == hkey, !RowBidi.isFixed(row, i) {
            let w = RowBidi.span(row, i)
            if !rtl { rtl = RowBidi.containsRTL(row, in: i..<(i + w)) }
            i += w
        }
        guard rtl, i < n else { return nil }
        var j = i
        while j < n, RowBidi.isBlank(row[j]), RowBidi.backgroundKey(row[j]) == RowBidi.defaultBackground { j += 1 }
        guard j < n, j - i <= 1, !RowBidi.isBlank(row[j]), RowBidi.backgroundKey(row[j]) == RowBidi.defaultBackground,
              !RowBidi.isFixed(row, j), RowBidi.containsRTL(row, in: j..<min(n, j + 4)) else { return nil }
        return i
    }

    /// The background key of a cell with the terminal's default background, not reversed.
    static let defaultBackground: BackgroundKey = backgroundKey(Cell(" ", width: 1, style: Style()))
}

// MARK: - Why a run ends where it does (for run's inspector)

extension RowBidi {
    /// Why the run `columns` of `row` (logical cells) starts (`before: true`) or ends where it does,
    /// in words with the rule: the row's edge, a box character (R23), a gap of blanks (R23), a
    /// change of background (R23), a list marker (R30), a shell prompt (R31).
    public func cutReason(_ row: [Cell], _ columns: Range<Int>, before: Bool) -> String {
        row.withUnsafeBufferPointer { cells in
            let n = cells.count
            if before {
                let s = columns.lowerBound
                if s == 0 { return "the row's start" }
                if RowBidi.isFixed(cells, s - 1) { return "a box-drawing character (R23)" }
                if s >= 2, RowBidi.isBlank(cells[s - 1]), RowBidi.isListMarker(cells, s - 2, end: n) { return "a list marker, kept in its cell (R30)" }
                if let v = cells[max(0, s - 2)].text.singleScalar, RowBidi.promptEnds.contains(v), s >= 2, RowBidi.isBlank(cells[s - 1]) {
                    return "the end of a shell prompt (R31)"
                }
                var b = s - 1
                while b >= 0, RowBidi.isBlank(cells[b]) { b -= 1 }
                if b < 0 { return "blanks from the row's start" }
                return reason(cells, text: b, blank: s - 1 - b, other: s)
            } else {
                let e = columns.upperBound
                if e >= n { return "the row's end" }
                if RowBidi.isFixed(cells, e) { return "a box-drawing character (R23)" }
                if let v = cells[e - 1].text.singleScalar, RowBidi.promptEnds.contains(v) { return "the end of a shell prompt (R31)" }
                var b = e
                while b < n, RowBidi.isBlank(cells[b]) { b += 1 }
                if b >= n { return "the row's end (blanks after)" }
                return reason(cells, text: b, blank: b - e, other: e - 1)
            }
        }
    }

    private func reason(_ cells: UnsafeBufferPointer<Cell>, text: Int, blank: Int, other: Int) -> String {
        if options.gap > 0, blank >= options.gap { return "a gap of \(blank) blank cells (R23)" }
        if RowBidi.isFixed(cells, text) { return "a box-drawing character (R23)" }
        if options.cutAtBackground, RowBidi.backgroundKey(cells[text]) != RowBidi.backgroundKey(cells[other]) {
            return "a change of background (R23)"
        }
        return "the text next to it (the same sentence)"
    }
}
