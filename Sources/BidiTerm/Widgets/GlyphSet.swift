/// The decorative glyphs widgets draw (stars, tracks, knobs, borders, blocks, markers, the emoji
/// of the demo's screens), each with a fallback a terminal cannot get wrong.
///
/// Every cell position in a frame comes from the width table (`BidiEngine.width(of:)`, glibc's
/// `wcwidth`). A terminal whose font or settings draw a glyph at another width (`★` two cells wide
/// in a CJK-width terminal, `⏮` drawn as a two-cell emoji, `🔅` one cell wide in an old terminal)
/// shifts everything after it on the row, borders included. A glyph set, carried by the render
/// context like the theme, replaces such glyphs with their fallbacks: ASCII of the same width in
/// the table, which every terminal draws at that width. Replacing glyphs never moves a cell or
/// changes a style.
///
/// The set is made from what the terminal measured: draw each glyph of `probes` (or
/// `ScreenFile.probeGlyphs`) at a known column, ask where the cursor went (a cursor position
/// report), and hand the advances to `adapted(to:engine:)`.
///
///     let measured = ["★": 2, "☆": 2, "●": 1]                  // a CJK-width terminal
///     let glyphs = GlyphSet.adapted(to: measured)
///     glyphs.glyph("★")   // "*" and, with the rest of the stars, "☆" → ".", "⯪" → "["
///     glyphs.glyph("●")   // "●": it was measured right
public struct GlyphSet: Sendable, Hashable {
    /// The glyphs replaced, each by its fallback (grapheme clusters).
    public private(set) var replacements: [String: String]

    /// A set that replaces the given glyphs.
    public init(replacements: [String: String] = [:]) {
        self.replacements = replacements
    }

    /// Every glyph as designed: nothing replaced.
    public static let standard = GlyphSet()

    /// Every decorative glyph replaced by its fallback: for a terminal nothing is known about
    /// except that it draws ASCII.
    public static let ascii = GlyphSet(replacements: fallbacks)

    /// True when nothing is replaced.
    public var isStandard: Bool { replacements.isEmpty }

    /// `glyph` as this set draws it: each grapheme cluster replaced by its fallback when the set
    /// replaces it, else as given (`◁)))` becomes `<)))` when `◁` is replaced).
    public func glyph(_ glyph: String) -> String {
        guard !replacements.isEmpty else { return glyph }
        if let r = replacements[glyph] { return r }
        guard glyph.count > 1 else { return glyph }
        var out = ""
        for c in glyph { let s = String(c); out += replacements[s] ?? s }
        return out
    }

    /// The decorative glyphs the widgets and the demo's screens draw, each with its fallback: ASCII
    /// of the same width in the width table (a test checks every pair). A fallback may be a letter
    /// (`✗` → `x`), strong left-to-right where the glyph was neutral: a glyph drawn inside text
    /// goes in an isolate (LRI … PDI) so that it cannot change the text's direction.
    ///
    /// | glyphs | where | fallbacks |
    /// |---|---|---|
    /// | `★ ☆ ⯪ ⯫` | star ratings | `* . [ ]` (`StarGlyphs.ascii`) |
    /// | `━ ─ ● ○` | slider tracks and thumbs, toggles, badges | `= - O o` |
    /// | `│ ┃ ┌ ┐ └ ┘ ├ ┤ ┬ ┴ ┼` | pane borders, dividers, scroll bars | `\| # + …` |
    /// | `█ ▏ ▎ ▍ ▌ ▋ ▊ ▉ ▕ ▐` | progress bars | `#` and `\|` |
    /// | `▸ ◂ ◁ ▷ → ← ⇤ ⇥ ‹ ›` | markers, arrows, navigation | `> < < > > < < > < >` |
    /// | `✓ ✗ ▲ •` | checks, severities | `v x ^ *` |
    /// | `⏮ ⏪ ⏯ ⏩ ⏭` | media buttons | `< << P >> >` |
    /// | `🔅 🔆 🔈 🔊` | slider ends | `*- *+ <. <)` |
    /// | `📷 🎵 📝 📁 📅 📥 🛒 🕒` | icons | `[o d' _/ [_ [# [v \_ ()` |
    public static let fallbacks: [String: String] = [
        "★": "*", "☆": ".", "⯪": "[", "⯫": "]",
        "━": "=", "─": "-", "●": "O", "○": "o",
        "│": "|", "┃": "#", "┌": "+", "┐": "+", "└": "+", "┘": "+", "├": "+", "┤": "+", "┬": "+", "┴": "+", "┼": "+",
        "█": "#", "▏": "|", "▎": "|", "▍": "|", "▌": "|", "▋": "|", "▊": "|", "▉": "|", "▕": "|", "▐": "|",
        "▸": ">", "◂": "<", "◁": "<", "▷": ">", "→": ">", "←": "<", "⇤": "<", "⇥": ">", "‹": "<", "›": ">",
        "✓": "v", "✗": "x", "▲": "^", "•": "*",
        "⏮": "<", "⏪": "<<", "⏯": "P", "⏩": ">>", "⏭": ">",
        "🔅": "*-", "🔆": "*+", "🔈": "<.", "🔊": "<)",
        "📷": "[o", "🎵": "d'", "📝": "_/", "📁": "[_", "📅": "[#", "📥": "[v", "🛒": "\\_", "🕒": "()",
    ]

    /// Glyphs replaced together: when one of a family is replaced, all of it is, so a rating never
    /// mixes `*` with `☆` and a frame never mixes `+` with `┐`.
    public static let families: [[String]] = [
        ["★", "☆", "⯪", "⯫"],
        ["━", "─", "●", "○"],
        ["─", "│", "┃", "┌", "┐", "└", "┘", "├", "┤", "┬", "┴", "┼"],
        ["█", "▏", "▎", "▍", "▌", "▋", "▊", "▉", "▕", "▐"],
        ["▸", "◂"],
        ["‹", "›"],
        ["⏮", "⏪", "⏯", "⏩", "⏭"],
        ["🔅", "🔆"],
        ["🔈", "🔊"],
    ]

    /// The glyphs to measure in a terminal: every glyph of `fallbacks`, in code point order.
    public static let probes: [String] = fallbacks.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }

    /// The fallback of a glyph `width` cells wide that `fallbacks` does not know: `*` for one cell,
    /// `[]` for two, `[` + `-`… + `]` for more.
    public static func genericFallback(width: Int) -> String {
        switch width {
        case ..<1: return ""
        case 1: return "*"
        default: return "[" + String(repeating: "-", count: width - 2) + "]"
        }
    }

    /// The glyphs whose measured advance differs from the width table, with both widths.
    public static func disagreements(_ measured: [String: Int], engine: BidiEngine = BidiEngine())
        -> [(glyph: String, table: Int, measured: Int)] {
        measured.compactMap { g, m in
            let t = engine.width(of: g, options: LayoutOptions(shaping: false))
            return t == m ? nil : (g, t, m)
        }.sorted { $0.glyph.unicodeScalars.lexicographicallyPrecedes($1.glyph.unicodeScalars) }
    }

    /// The glyph set for a terminal that drew each glyph of `measured` that many cells wide:
    /// every glyph whose advance differs from the width table is replaced, together with the rest
    /// of its families, by its fallback (`genericFallback` for a glyph `fallbacks` does not know).
    /// Glyphs not measured are kept.
    public static func adapted(to measured: [String: Int], engine: BidiEngine = BidiEngine()) -> GlyphSet {
        var bad = Set(disagreements(measured, engine: engine).map(\.glyph))
        var grew = true
        while grew {
            grew = false
            for f in families where f.contains(where: bad.contains) {
                for g in f where bad.insert(g).inserted { grew = true }
            }
        }
        var replacements: [String: String] = [:]
        for g in bad {
            replacements[g] = fallbacks[g]
                ?? genericFallback(width: engine.width(of: g, options: LayoutOptions(shaping: false)))
        }
        return GlyphSet(replacements: replacements)
    }
}

extension RenderContext {
    /// A decorative glyph as the context's glyph set draws it (`GlyphSet.glyph(_:)`).
    public func glyph(_ glyph: String) -> String { glyphs.glyph(glyph) }
}
