/// The WCAG 2 contrast of what a buffer draws, cell by cell, under a terminal's palette: the colour
/// of each glyph against the colour of its cell, with the default colours, bold, faint and reverse
/// video resolved as the terminal draws them (`TerminalPalette.colors(of:)`).
///
/// Each cell that draws something is text or a graphic, by its first code point:
/// - nothing: spaces and the right halves of wide characters (no ink, nothing to read);
/// - a graphic (3:1, WCAG 1.4.11): arrows (U+2190–21FF, U+27F0–27FF, U+2900–297F), Miscellaneous
///   Technical (U+2300–23FF: `⏮ ⏪`), box drawing, block elements and geometric shapes
///   (U+2500–25FF: borders, bars, `● ▸ ▲`), Miscellaneous Symbols and Dingbats (U+2600–27BF:
///   `★ ☆ ✓ ✗`), Miscellaneous Symbols and Arrows (U+2B00–2BFF: `⯪ ⯫`), emoji and pictographs
///   (U+1F000–1FAFF);
/// - text (4.5:1, WCAG 1.4.3): everything else: letters, marks, digits, punctuation (`‹ › • …`),
///   ASCII symbols, the engine's placeholders.
///
/// A full block `█` covers its cell, so its pair is the bar's fill against the track colour the
/// bar sets as its background; a blank cell with a coloured background (a selected row, a track)
/// draws no ink and has no pair of its own. Fallback glyphs (`GlyphSet`) keep the styles of the
/// glyphs they replace and count by those glyphs.
///
///     let buffer = Label("שלום").rendered(width: 10, height: 1, context: RenderContext(direction: .rtl))
///     let failures = ContrastAudit.failures(in: buffer, palette: .xtermLight)
///     // [] when every glyph reads
public enum ContrastAudit {
    /// What a cell draws, for the contrast it needs.
    public enum Kind: String, Sendable, Hashable {
        /// Letters, digits, punctuation: 4.5:1.
        case text
        /// Borders, bars, tracks, thumbs, stars, arrows, icons: 3:1.
        case graphic

        /// The minimum WCAG 2 contrast ratio.
        public var minimum: Double { self == .text ? 4.5 : 3 }
    }

    /// One style and kind of cell drawn in a buffer, with where it was first drawn.
    public struct Pair: Sendable, Hashable, CustomStringConvertible {
        /// The cell's style.
        public var style: Style
        /// Text or graphic.
        public var kind: Kind
        /// The glyph's colour.
        public var ink: RGB
        /// The colour behind the glyph.
        public var paper: RGB
        /// The contrast ratio of `ink` and `paper`.
        public var ratio: Double
        /// The first cell drawn in this style and kind: column, row and glyph.
        public var x: Int, y: Int, glyph: String
        /// How many cells were drawn in this style and kind.
        public var count: Int

        /// Whether the ratio reaches the kind's minimum.
        public var passes: Bool { ratio >= kind.minimum }

        public var description: String {
            let r = (ratio * 100).rounded() / 100
            return "\(kind.rawValue) \(Sanitizer.visible(glyph)) at column \(x), row \(y) (\(count) cell\(count == 1 ? "" : "s")): "
                + "\(ink) on \(paper), \(r):1 < \(kind.minimum):1, style \(style)"
        }
    }

    /// The kind of a cell's glyph, nil when it draws nothing.
    public static func kind(of symbol: String) -> Kind? {
        guard let first = symbol.unicodeScalars.first(where: { !$0.properties.isWhitespace }) else { return nil }
        switch first.value {
        case 0x2190...0x21FF, 0x2300...0x23FF, 0x2500...0x25FF, 0x2600...0x27BF, 0x27F0...0x27FF,
             0x2900...0x297F, 0x2B00...0x2BFF, 0x1F000...0x1FAFF:
            return .graphic
        default:
            return .text
        }
    }

    /// Every style and kind drawn in `buffer`, once each, with its contrast under `palette`, in
    /// the order first drawn (rows top to bottom, cells left to right).
    public static func pairs(in buffer: Buffer, palette: TerminalPalette) -> [Pair] {
        var index: [PairKey: Int] = [:]
        var out: [Pair] = []
        let area = buffer.area
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX {
                guard let cell = buffer[x, y], !cell.isContinuation, let kind = kind(of: cell.symbol) else { continue }
                let key = PairKey(style: cell.style, kind: kind)
                if let i = index[key] { out[i].count += 1; continue }
                let c = palette.colors(of: cell.style)
                index[key] = out.count
                out.append(Pair(style: cell.style, kind: kind, ink: c.ink, paper: c.paper,
                                ratio: RGB.contrastRatio(c.ink, c.paper), x: x, y: y, glyph: cell.symbol, count: 1))
            }
        }
        return out
    }

    /// The pairs of `buffer` whose contrast under `palette` is below their kind's minimum.
    public static func failures(in buffer: Buffer, palette: TerminalPalette) -> [Pair] {
        pairs(in: buffer, palette: palette).filter { !$0.passes }
    }

    private struct PairKey: Hashable {
        var style: Style
        var kind: Kind
    }
}

extension Style: CustomStringConvertible {
    /// `fg 28 bg default bold`: the colours (palette numbers, `ansi N` for the 16 colours) and attributes.
    public var description: String {
        func name(_ c: Color) -> String {
            switch c {
            case .default: return "default"
            case .ansi(let n): return "ansi \(n)"
            case .indexed(let n): return String(n)
            case .rgb(let r, let g, let b): return "rgb \(r),\(g),\(b)"
            }
        }
        var parts = ["fg \(name(fg))", "bg \(name(bg))"]
        let names: [(Attributes, String)] = [(.bold, "bold"), (.dim, "dim"), (.italic, "italic"),
                                             (.underline, "underline"), (.reverse, "reverse")]
        parts += names.filter { attributes.contains($0.0) }.map(\.1)
        return parts.joined(separator: " ")
    }
}
