import BidiTerm

/// The bytes of cells for one terminal, for `DirectScreen`: the bytes queued, the pen the terminal
/// has, and what it leaves out of cells. A value, so that the loops over a row's cells run on a
/// local copy, without the run-time exclusivity checks of a class's properties.
///
/// Every symbol goes through the terminal guard (`Sanitizer.terminalSafe`, R22) or is a single
/// scalar the guard keeps as it is.
struct CellWriter {
    /// The bytes queued for the terminal.
    var out: [UInt8] = []
    /// The style the terminal draws with now; nil when unknown.
    var pen: Style?
    /// The terminal's width.
    var columns: Int
    var colors: ColorSupport
    var truecolor: Bool
    var dropsMarks = false
    var dropsFormatCharacters = false

    /// The last style set and what it maps to on this terminal (runs of cells share a style).
    private var lastStyle: Style?
    private var lastMapped = Style.plain
    /// Per BMP code point, filled a block of 256 at a time when first used (0xFF: not yet): bit 0
    /// a combining mark (Mn, Me), bit 1 a format character (Cf), bit 2 written as its bytes when
    /// alone in a one-column cell.
    private var table: [UInt8] = []

    init(columns: Int, colors: ColorSupport, truecolor: Bool) {
        self.columns = columns
        self.colors = colors
        self.truecolor = truecolor
    }

    /// A writer that holds nothing, swapped in while the screen's own is in use.
    static var placeholder: CellWriter { CellWriter(columns: 1, colors: .monochrome, truecolor: false) }

    /// Forgets the styles mapped (the colours the terminal takes changed).
    mutating func forgetStyles() {
        lastStyle = nil
        pen = nil
    }

    /// Forgets what was decided per scalar (what is left out changed).
    mutating func forgetScalars() { table = [] }

    mutating func resetPen() {
        if pen != .plain {
            out += Array("\u{1B}[0m".utf8)
            pen = .plain
        }
    }

    /// The cells of `line` up to its last one that is not blank.
    mutating func writeTrimmed(_ line: [Cell]) {
        var last = line.count - 1
        while last >= 0, DirectScreen.isPlainBlank(line[last]) { last -= 1 }
        var x = 0
        while x <= last { x = put(line, at: x) }
    }

    /// A line feed at the bottom row, then `line` on the new bottom row.
    mutating func streamLine(_ line: [Cell]) {
        resetPen()
        out += Array("\r\n\u{1B}[K".utf8)
        writeTrimmed(line)
    }

    /// Writes the cell at `x` (with its style), returns the column after it.
    mutating func put(_ row: [Cell], at x: Int) -> Int {
        let cell = row[x]
        setPen(cell.style)
        if cell.isContinuation {
            // A right half whose left half is not being written: a blank keeps the column.
            out.append(0x20)
            return x + 1
        }
        if cell.width == 1, let v = cell.text.singleScalar {
            if v >= 0x20, v < 0x7F {
                out.append(UInt8(v))  // printable ASCII: nothing to guard, one column everywhere
                return x + 1
            }
            // One scalar in one column that the guard keeps, nothing to leave out, and a width every
            // terminal agrees on (most Hebrew and Arabic cells): its bytes as they are, which is what
            // the general path below writes for it.
            if v < 0x10000 ? bits(v) & 4 != 0 : Self.writtenAsIs(v, dropped: dropCandidate(v)) {
                cell.text.appendUTF8(to: &out)
                return x + 1
            }
        }
        let wide = cell.width == 2 && x + 1 < columns
        var symbol = Sanitizer.terminalSafe(cell.symbol)
        if dropsMarks || dropsFormatCharacters, symbol.unicodeScalars.contains(where: { dropCandidate($0.value) }) {
            let count = symbol.unicodeScalars.count
            let kept = symbol.unicodeScalars.enumerated().filter { i, u in
                let bits = categoryBits(u.value)
                if dropsMarks, i > 0 || count == 1, bits & 1 != 0 { return false }
                return !(dropsFormatCharacters && bits & 2 != 0)
            }
            symbol = String(String.UnicodeScalarView(kept.map(\.element)))
        }
        if symbol.isEmpty { symbol = " " }
        if cell.width == 2 && !wide { symbol = " " }
        out.append(contentsOf: symbol.utf8)
        let next = x + (wide ? 2 : 1)
        // Where terminals' width tables may disagree (wide and East Asian characters, emoji), the
        // next cell is placed by column, not by the terminal's advance.
        if next < columns, wide || DirectScreen.widthsDisagree(symbol.unicodeScalars.first?.value ?? 0) {
            out += Array("\u{1B}[\(next + 1)G".utf8)
        }
        return next
    }

    /// Whether the scalar `v`, alone in a one-column cell, is written as its bytes: the guard keeps
    /// it, every terminal gives it one column, and it is not left out (`dropped`).
    static func writtenAsIs(_ v: UInt32, dropped: Bool) -> Bool {
        v >= 0xA0 && !Sanitizer.isBidiControl(v) && !DirectScreen.widthsDisagree(v) && !dropped
    }

    /// Whether `v` is a mark or format character that `dropsMarks` or `dropsFormatCharacters` may
    /// leave out.
    private mutating func dropCandidate(_ v: UInt32) -> Bool { leavesOut(categoryBits(v)) }

    /// Whether a scalar of these category bits (bit 0 a mark, bit 1 a format character) is left out.
    private func leavesOut(_ category: UInt8) -> Bool {
        (dropsMarks && category & 1 != 0) || (dropsFormatCharacters && category & 2 != 0)
    }

    /// Bits 0 and 1 of `bits(v)` (for any scalar).
    private mutating func categoryBits(_ v: UInt32) -> UInt8 {
        v < 0x10000 ? bits(v) & 3 : Self.categoryBits(v)
    }

    /// The bits of a BMP scalar, from `table`.
    @inline(__always)
    private mutating func bits(_ v: UInt32) -> UInt8 {
        if table.isEmpty { table = [UInt8](repeating: 0xFF, count: 0x10000) }
        let b = table[Int(v)]
        if b != 0xFF { return b }
        let block = Int(v >> 8)
        table.replaceSubrange((block << 8)..<((block + 1) << 8), with: fill(block))
        return table[Int(v)]
    }

    private func fill(_ block: Int) -> [UInt8] {
        (0..<256).map { i in
            let v = UInt32(block << 8 | i)
            guard Unicode.Scalar(v) != nil else { return 0 }
            let category = Self.categoryBits(v)
            return category | (Self.writtenAsIs(v, dropped: leavesOut(category)) ? 4 : 0)
        }
    }

    private static func categoryBits(_ v: UInt32) -> UInt8 {
        guard let u = Unicode.Scalar(v) else { return 0 }
        switch u.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return 1
        case .format: return 2
        default: return 0
        }
    }

    @inline(__always)
    private mutating func setPen(_ style: Style) {
        // The common case: the style of the cell before, which the terminal has already.
        if let last = lastStyle, style == last, let pen, pen == lastMapped { return }
        changePen(style)
    }

    private mutating func changePen(_ style: Style) {
        // Runs of cells share a style: map it once.
        let mapped: Style
        if let last = lastStyle, style == last {
            mapped = lastMapped
        } else {
            mapped = map(style)
            lastStyle = style
            lastMapped = mapped
        }
        if let pen, pen == mapped { return }
        out += Array(BufferExport.sgr(mapped).utf8)
        pen = mapped
    }

    /// `style` as this terminal can show it.
    func map(_ style: Style) -> Style {
        if colors == .monochrome { return Style(attributes: style.attributes) }
        return Style(fg: map(style.fg), bg: map(style.bg), attributes: style.attributes)
    }

    private func map(_ color: Color) -> Color {
        switch (color, colors) {
        case (.default, _): return .default
        case (.rgb, .palette256): return truecolor ? color : color.nearest256.map { Color.indexed($0) } ?? .default
        case (_, .palette256): return color
        case (.ansi, .ansi16): return color
        case (.indexed(let n), .ansi16) where n < 16: return .ansi(n)
        default: return color.basic8.map { Color.ansi($0) } ?? .default
        }
    }
}
