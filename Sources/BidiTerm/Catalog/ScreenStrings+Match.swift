import Foundation

/// Matching one screen: its rows cut into pieces at box borders, the pieces normalized as the
/// forms are, candidates found through the trigram index and the short forms' tables, the longest
/// kept where they overlap.
extension ScreenStrings {
    /// Matches the rows of one screen, each row's text in logical order as the program wrote it
    /// (cells joined, continuation cells dropped). Columns count characters (grapheme clusters):
    /// cells, when the screen has no wide character.
    public func match(rows: [String]) -> ScreenMatch {
        var screen = ScreenText()
        for (r, row) in rows.enumerated() {
            var c = 0
            for ch in row {
                screen.add(row: r, col: c, end: c + 1, ch.unicodeScalars)
                c += 1
            }
        }
        return match(screen)
    }

    /// Matches the cells of one screen, row by row, each cell's text as the emulator holds it
    /// (`" "` for a blank cell); an empty string is the right half of the wide character before it.
    /// Columns are cell columns.
    public func match(cells: [[String]]) -> ScreenMatch {
        var screen = ScreenText()
        for (r, row) in cells.enumerated() {
            for (c, cell) in row.enumerated() where !cell.isEmpty {
                var end = c + 1
                while end < row.count && row[end].isEmpty { end += 1 }
                screen.add(row: r, col: c, end: end, cell.unicodeScalars)
            }
        }
        return match(screen)
    }

    /// A match before overlaps are resolved: elements covered, weight, span in its unit.
    struct Candidate {
        var form: Int32
        var elements: [Int32]
        var weight: Int
        var length: Int
    }

    func match(_ screen: ScreenText) -> ScreenMatch {
        let pieces = screen.pieces()
        var candidates: [Candidate] = []
        // Each piece alone, then chained with the pieces below it that start at the same column.
        var byStart: [Int64: Int] = [:]
        for (i, p) in pieces.enumerated() { byStart[Int64(p.row) << 32 | Int64(p.start)] = i }
        // The trigrams of each piece are looked up once; a joined unit adds those across the joins.
        var probes = [[Probe]?](repeating: nil, count: pieces.count)
        func probesOf(_ i: Int) -> [Probe] {
            if let p = probes[i] { return p }
            let p = self.probes(pieces[i].text, 0..<max(0, pieces[i].text.count - 2))
            probes[i] = p
            return p
        }
        for (i, p) in pieces.enumerated() where p.hasLetter {
            var unit = Unit(pieces[i].text, pieces[i].map, pieces[i].gap)
            var found = probesOf(i)
            findLong(in: unit, found, &candidates)
            findShort(in: pieces[i], &candidates)
            var below = i
            for _ in 1..<ScreenStrings.maxWrappedRows {
                guard let next = byStart[Int64(pieces[below].row + 1) << 32 | Int64(p.start)], pieces[next].hasLetter else { break }
                let join = unit.s.count
                unit.append(pieces[next])
                found += self.probes(unit.s, max(0, join - 2)..<min(join + 1, unit.s.count - 2))
                found += probesOf(next).map { Probe(position: $0.position + Int32(join + 1), bucket: $0.bucket) }
                findLong(in: unit, found, &candidates)
                below = next
            }
        }
        // Longest first; the same cells with the same weight are ties, all kept.
        candidates.sort { ($0.weight, $0.length, -$0.elements.first!) > ($1.weight, $1.length, -$1.elements.first!) }
        var owner = [Int32](repeating: -1, count: screen.elements.count)
        var kept: [Candidate] = []
        var seen = Set<[Int32]>()
        for c in candidates {
            guard seen.insert(c.elements + [c.form]).inserted else { continue }
            let first = owner[Int(c.elements[0])]
            if first < 0 {
                guard c.elements.allSatisfy({ owner[Int($0)] < 0 }) else { continue }
                for e in c.elements { owner[Int(e)] = Int32(kept.count) }
                kept.append(c)
            } else {
                let k = kept[Int(first)]
                guard k.elements == c.elements, k.weight == c.weight else { continue }
                kept.append(c)
            }
        }
        var hits = kept.map { hit($0, screen) }
        hits.sort { ($0.row, $0.columns.lowerBound, $0.entry.file, $0.entry.line) < ($1.row, $1.columns.lowerBound, $1.entry.file, $1.entry.line) }
        return ScreenMatch(hits: hits, unmatched: unmatched(screen, pieces, owner))
    }

    func hit(_ c: Candidate, _ screen: ScreenText) -> ScreenMatch.Hit {
        var spans: [ScreenMatch.Span] = []
        var text: [UInt32] = []
        for e in c.elements.map({ screen.elements[Int($0)] }) {
            if let last = spans.last, last.row == e.row {
                spans[spans.count - 1].columns = last.columns.lowerBound..<max(last.columns.upperBound, e.end)
            } else {
                if !text.isEmpty && text.last != 0x20 { text.append(0x20) }
                spans.append(ScreenMatch.Span(row: e.row, columns: e.col..<e.end))
            }
            text += screen.scalars[e.scalars]
        }
        let f = forms[Int(c.form)]
        let lo = spans.map(\.columns.lowerBound).min()!, hi = spans.map(\.columns.upperBound).max()!
        return ScreenMatch.Hit(entry: f.ref, form: f.index, row: spans[0].row, columns: lo..<hi,
                               rows: spans[0].row..<(spans[spans.count - 1].row + 1), spans: spans, text: ScreenStrings.string(text))
    }

    static func string(_ scalars: [UInt32]) -> String {
        var s = String.UnicodeScalarView()
        for v in scalars { if let u = Unicode.Scalar(v) { s.append(u) } }
        return String(s)
    }

    // MARK: Long forms

    /// The text of one piece, or of pieces on consecutive rows joined with a space.
    struct Unit {
        var s: [UInt32]
        /// The element of each scalar; -1 for the space joining two rows.
        var map: [Int32]
        /// True for a space that stands for two or more.
        var gap: [Bool]
        /// Where the first piece ends and the last one starts.
        var firstEnd: Int
        var lastStart: Int

        init(_ s: [UInt32], _ map: [Int32], _ gap: [Bool]) {
            self.s = s
            self.map = map
            self.gap = gap
            firstEnd = s.count
            lastStart = 0
        }

        mutating func append(_ p: Piece) {
            s.append(0x20); map.append(-1); gap.append(false)
            lastStart = s.count
            s += p.text; map += p.map; gap += p.gap
        }

        /// A field ends here: a gap, or the space between two rows.
        func isEdge(_ i: Int) -> Bool { map[i] < 0 || gap[i] }
    }

    /// A trigram of a unit's text that the index has: where, and its bucket.
    struct Probe {
        var position: Int32
        var bucket: Int32
    }

    /// The trigrams starting at `positions` of `s` that the index has.
    func probes(_ s: [UInt32], _ positions: Range<Int>) -> [Probe] {
        var out: [Probe] = []
        guard !positions.isEmpty else { return out }
        for i in positions {
            if let b = trigrams[ScreenStrings.trigram(s[i], s[i + 1], s[i + 2])] { out.append(Probe(position: Int32(i), bucket: b)) }
        }
        return out
    }

    func findLong(in u: Unit, _ probes: [Probe], _ out: inout [Candidate]) {
        u.s.withUnsafeBufferPointer { s in
            for probe in probes {
                let b = Int(probe.bucket)
                for k in Int(bucketStart[b])..<Int(bucketStart[b + 1]) {
                    let f = Int(bucketForm[k])
                    let start = Int(probe.position) - Int(bucketOffset[k])
                    guard ScreenStrings.occurs(anchors[f], s, at: start), let (lo, hi) = verify(forms[f], s, at: start, u) else { continue }
                    // A hit over several rows uses each of them.
                    if u.lastStart > 0 && (lo >= u.firstEnd || hi <= u.lastStart) { continue }
                    let elements = ScreenStrings.elements(u.map, lo..<hi)
                    guard !elements.isEmpty else { continue }
                    out.append(Candidate(form: Int32(f), elements: elements, weight: forms[f].weight, length: hi - lo))
                }
            }
        }
    }

    static func elements(_ map: [Int32], _ r: Range<Int>) -> [Int32] {
        var out: [Int32] = []
        for i in r where map[i] >= 0 && out.last != map[i] { out.append(map[i]) }
        return out
    }

    /// The text range of `f` in `s` when its anchor is at `start`, or nil.
    func verify(_ f: Form, _ s: UnsafeBufferPointer<UInt32>, at start: Int, _ u: Unit) -> (Int, Int)? {
        let lits = f.literals
        guard start >= 0, ScreenStrings.occurs(lits[f.anchor], s, at: start) else { return nil }
        var lo = start, hi = start + lits[f.anchor].count
        var i = f.anchor - 1
        while i >= 0 {
            guard let p = ScreenStrings.last(lits[i], s, before: lo) else { return nil }
            lo = p
            i -= 1
        }
        i = f.anchor + 1
        while i < lits.count {
            guard let p = ScreenStrings.first(lits[i], s, from: hi) else { return nil }
            hi = p + lits[i].count
            i += 1
        }
        if f.leading {
            // A placeholder first: the text back to the start of the field.
            while lo > 0 && !u.isEdge(lo - 1) { lo -= 1 }
            while lo < s.count && s[lo] == 0x20 { lo += 1 }
        } else if lo > 0 && ScreenStrings.isWord(s[lo]) && ScreenStrings.isWord(s[lo - 1]) {
            return nil
        }
        if f.trailing {
            while hi < s.count && !u.isEdge(hi) { hi += 1 }
            while hi > lo && s[hi - 1] == 0x20 { hi -= 1 }
        } else if hi < s.count && ScreenStrings.isWord(s[hi - 1]) && ScreenStrings.isWord(s[hi]) {
            return nil
        }
        return lo < hi ? (lo, hi) : nil
    }

    @inline(__always) static func occurs(_ lit: [UInt32], _ s: UnsafeBufferPointer<UInt32>, at p: Int) -> Bool {
        guard p >= 0, p + lit.count <= s.count else { return false }
        for k in 0..<lit.count where s[p + k] != lit[k] { return false }
        return true
    }

    /// The start of the last occurrence of `lit` that ends at or before `end`.
    static func last(_ lit: [UInt32], _ s: UnsafeBufferPointer<UInt32>, before end: Int) -> Int? {
        var p = end - lit.count
        while p >= 0 {
            if occurs(lit, s, at: p) { return p }
            p -= 1
        }
        return nil
    }

    /// The start of the first occurrence of `lit` at or after `from`.
    static func first(_ lit: [UInt32], _ s: UnsafeBufferPointer<UInt32>, from: Int) -> Int? {
        var p = from
        while p + lit.count <= s.count {
            if occurs(lit, s, at: p) { return p }
            p += 1
        }
        return nil
    }

    // MARK: Short forms

    func findShort(in piece: Piece, _ out: inout [Candidate]) {
        let s = piece.text
        var a = 0
        while a < s.count {
            var b = a
            while b < s.count && !piece.gap[b] { b += 1 }
            // The field's core: its ends' punctuation aside.
            var lo = a, hi = b
            while lo < hi && !ScreenStrings.isWord(s[lo]) { lo += 1 }
            while hi > lo && !ScreenStrings.isWord(s[hi - 1]) { hi -= 1 }
            if lo < hi {
                let core = Array(s[lo..<hi])
                var found = shortExact[core] ?? []
                for n in prefixLengths where n <= core.count { found += shortPrefix[Array(core[0..<n])] ?? [] }
                for n in suffixLengths where n <= core.count { found += shortSuffix[Array(core[(core.count - n)...])] ?? [] }
                found += shortOther
                let elements = ScreenStrings.elements(piece.map, lo..<hi)
                for f in found where ScreenStrings.whole(forms[Int(f)], core) {
                    out.append(Candidate(form: f, elements: elements, weight: forms[Int(f)].weight, length: hi - lo))
                }
            }
            a = b + 1
        }
    }

    /// True when `f` matches all of `s`.
    static func whole(_ f: Form, _ s: [UInt32]) -> Bool {
        let lits = f.literals
        if lits.count == 1 && !f.leading && !f.trailing { return lits[0] == s }
        return s.withUnsafeBufferPointer { s in
            var lo = 0, hi = s.count
            var i = 0, j = lits.count - 1
            if !f.leading {
                guard occurs(lits[0], s, at: 0) else { return false }
                lo = lits[0].count
                i = 1
            }
            if !f.trailing {
                guard j >= i, hi - lits[j].count >= lo, occurs(lits[j], s, at: hi - lits[j].count) else { return false }
                hi -= lits[j].count
                j -= 1
            }
            while i <= j {
                guard let p = first(lits[i], UnsafeBufferPointer(rebasing: s[..<hi]), from: lo) else { return false }
                lo = p + lits[i].count
                i += 1
            }
            return true
        }
    }

    // MARK: Unmatched text

    func unmatched(_ screen: ScreenText, _ pieces: [Piece], _ owner: [Int32]) -> [ScreenMatch.Text] {
        var out: [ScreenMatch.Text] = []
        for p in pieces where p.hasLetter {
            var run: [Int] = []
            var spaces = 0
            func flush() {
                defer { run = [] }
                guard !run.isEmpty else { return }
                var text: [UInt32] = []
                var letter = false
                for e in run {
                    let el = screen.elements[e]
                    if el.isSpace { if text.last != 0x20 { text.append(0x20) }; continue }
                    let sc = screen.scalars[el.scalars]
                    text += sc
                    letter = letter || sc.contains { unmatchedLetters == .any ? ScreenStrings.isLetter($0) : RowBidi.isRTLScalar($0) }
                }
                guard letter else { return }
                let first = screen.elements[run[0]], last = screen.elements[run[run.count - 1]]
                out.append(ScreenMatch.Text(row: first.row, columns: first.col..<last.end, text: ScreenStrings.string(text)))
            }
            for e in p.elements {
                let el = screen.elements[e]
                if el.isSpace {
                    spaces += 1
                    if spaces >= 2 { flush() }
                    continue
                }
                if owner[e] >= 0 { flush(); spaces = 0; continue }
                if spaces == 1 && !run.isEmpty { run.append(e - 1) }
                spaces = 0
                run.append(e)
            }
            flush()
        }
        return out
    }
}

/// The cells of a screen, in order: their normalized scalars, row and columns.
struct ScreenText {
    struct Element {
        var row: Int
        var col: Int
        var end: Int
        var scalars: Range<Int>
        var isSpace: Bool
        var isBorder: Bool
    }

    var elements: [Element] = []
    var scalars: [UInt32] = []

    mutating func add(row: Int, col: Int, end: Int, _ text: String.UnicodeScalarView) {
        let start = scalars.count
        var space = true
        var plain = true
        for u in text {
            let v = u.value
            if ScreenStrings.isInvisible(v) { continue }
            if !u.properties.isWhitespace { space = false }
            if v >= 0x300 { plain = false }
            scalars.append(v)
        }
        if scalars.count == start { return }
        if !plain && scalars.count - start > 1 {
            // NFC, cell by cell (composition does not cross a character).
            let nfc = ScreenStrings.string(Array(scalars[start...])).precomposedStringWithCanonicalMapping
            scalars.removeSubrange(start...)
            scalars += nfc.unicodeScalars.map(\.value)
        }
        let border = scalars[start] >= 0x2500 && scalars[start] <= 0x259F
        elements.append(Element(row: row, col: col, end: end, scalars: start..<scalars.count, isSpace: space, isBorder: border))
    }

    /// The pieces of each row between borders, normalized.
    func pieces() -> [Piece] {
        var out: [Piece] = []
        var i = 0
        while i < elements.count {
            let row = elements[i].row
            var start = 0
            var piece = Piece(row: row, start: 0)
            while i < elements.count && elements[i].row == row {
                let e = elements[i]
                if e.isBorder {
                    if !piece.elements.isEmpty { out.append(piece) }
                    start = e.end
                    piece = Piece(row: row, start: start)
                } else {
                    piece.add(i, e, scalars)
                }
                i += 1
            }
            if !piece.elements.isEmpty { out.append(piece) }
        }
        return out
    }
}

/// The text between two borders of a row (or a border and the row's end), normalized: spaces
/// folded, trimmed.
struct Piece {
    var row: Int
    var start: Int
    var elements: [Int] = []
    var text: [UInt32] = []
    var map: [Int32] = []
    var gap: [Bool] = []
    var hasLetter = false
    private var pendingSpaces = 0
    private var firstSpace = 0

    init(row: Int, start: Int) {
        self.row = row
        self.start = start
    }

    mutating func add(_ index: Int, _ e: ScreenText.Element, _ scalars: [UInt32]) {
        elements.append(index)
        if e.isSpace {
            if pendingSpaces == 0 { firstSpace = index }
            pendingSpaces += 1
            return
        }
        if pendingSpaces > 0 && !text.isEmpty {
            text.append(0x20); map.append(Int32(firstSpace)); gap.append(pendingSpaces >= 2)
        }
        pendingSpaces = 0
        for v in scalars[e.scalars] {
            text.append(v); map.append(Int32(index)); gap.append(false)
            if !hasLetter && ScreenStrings.isLetter(v) { hasLetter = true }
        }
    }
}
