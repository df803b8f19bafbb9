/// R22: nothing from user text reaches the terminal raw.
///
/// What the display does with each kind of character (applied to the cells, after bidi, so the
/// levels and the order are those of the text as written):
/// - C0 controls (U+0000–U+001F except TAB) show as the Control Pictures `␀`…`␟` (U+2400–U+241F);
///   so ESC shows as `␛` and an escape sequence `ESC [ 2 J` as the visible text `␛[2J`.
/// - DEL shows as `␡`.
/// - C1 controls (U+0080–U+009F) show as their 7-bit equivalent `␛` + (c − 0x40): U+009B (CSI) as
///   `␛[`, U+0085 (NEL) as `␛E`: two cells.
/// - TAB expands to spaces up to the next tab stop (every 8 cells by default), counted from the
///   logical start of its visual line.
/// - Explicit bidi controls (U+202A–U+202E, U+2066–U+2069, LRM, RLM, ALM) and the other zero-width
///   format characters take no cell (an empty, zero-width cell that keeps their logical position),
///   unless `revealControls` is set, which shows each as a visible abbreviation symbol (QA views).
/// - LINE and PARAGRAPH SEPARATOR show as `␤`; code points that `wcwidth` calls non-printable
///   (unassigned, noncharacters) as U+FFFD.
/// - A combining mark with no base (at the start of a paragraph or after a control) is drawn on a
///   dotted circle `◌`, so the terminal cannot attach it to the cell before it.
public enum Sanitizer {
    /// The stand-in used for bidi resolution and line breaking of a control character (one UTF-16
    /// unit, so offsets are kept). Paragraph and segment separators other than TAB would otherwise
    /// split the paragraph or reset levels for text that is shown as a symbol.
    @inline(__always)
    static func standIn(_ u: UInt16) -> UInt16? {
        if u < 0x20 { return u == 0x09 ? nil : 0x2400 + u }
        if u == 0x7F { return 0x2421 }
        if u >= 0x80 && u <= 0x9F { return 0x241B }
        if u == 0x2028 || u == 0x2029 { return 0x2424 }
        return nil
    }

    /// True when `c` must be replaced or expanded before it can be written to a terminal.
    @inline(__always)
    public static func isControl(_ c: UInt32) -> Bool { c < 0x20 || (c >= 0x7F && c <= 0x9F) }

    /// The visible placeholder for a control character (see the type's description), or nil when
    /// `c` is not a control. TAB is not handled here (it expands to spaces).
    public static func placeholder(for c: UInt32) -> String? {
        if c < 0x20 { return String(Unicode.Scalar(0x2400 + c)!) }
        if c == 0x7F { return "\u{2421}" }
        if c >= 0x80 && c <= 0x9F { return "\u{241B}" + String(Unicode.Scalar(c - 0x40)!) }
        return nil
    }

    /// Visible abbreviations for the explicit bidi controls and other invisible format characters,
    /// used when a QA view reveals them.
    public static func revealed(_ c: UInt32) -> String? {
        switch c {
        case 0x200E: return "⟨LRM⟩"
        case 0x200F: return "⟨RLM⟩"
        case 0x061C: return "⟨ALM⟩"
        case 0x202A: return "⟨LRE⟩"
        case 0x202B: return "⟨RLE⟩"
        case 0x202C: return "⟨PDF⟩"
        case 0x202D: return "⟨LRO⟩"
        case 0x202E: return "⟨RLO⟩"
        case 0x2066: return "⟨LRI⟩"
        case 0x2067: return "⟨RLI⟩"
        case 0x2068: return "⟨FSI⟩"
        case 0x2069: return "⟨PDI⟩"
        case 0x200B: return "⟨ZWSP⟩"
        case 0x200C: return "⟨ZWNJ⟩"
        case 0x200D: return "⟨ZWJ⟩"
        case 0x2060: return "⟨WJ⟩"
        case 0xFEFF: return "⟨BOM⟩"
        case 0x00AD: return "⟨SHY⟩"
        default: return nil
        }
    }

    /// True for the explicit bidi controls and marks (U+202A–U+202E, U+2066–U+2069, LRM, RLM, ALM).
    @inline(__always)
    public static func isBidiControl(_ c: UInt32) -> Bool {
        (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0x200E || c == 0x200F || c == 0x061C
    }

    /// `text` for a QA reader, in logical order: invisible format characters and bidi controls by
    /// name (`⟨RLO⟩`, see `revealed`), control characters as their placeholders. For keys, file
    /// names and suggested fixes.
    ///
    /// Each name is isolated (LRI … PDI): to the bidi algorithm the token is one neutral character,
    /// so it shows exactly where the hidden character is and does not reorder its neighbours. A
    /// bare Latin `⟨ZWNJ⟩` inside a Persian word would split it in a left-to-right paragraph,
    /// putting its halves in the wrong order (`نمی‌شود`). Laid out by the engine, the isolates take
    /// no cell (R22); a plain-text report strips them (`terminalSafe`).
    ///
    ///     Sanitizer.revealing("نمی\u{200C}شود")   // "نمی\u{2066}⟨ZWNJ⟩\u{2069}شود"
    public static func revealing(_ text: String) -> String {
        var out = ""
        for u in text.unicodeScalars {
            if let r = revealed(u.value) {
                out += "\u{2066}" + r + "\u{2069}"
            } else if let p = placeholder(for: u.value) {
                out += p
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// `text` with every control character replaced by its placeholder (TAB by a space), for
    /// one-line messages that must not carry raw control bytes (for example error messages that
    /// quote user input).
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0.value) }) else { return text }
        var out = ""
        for s in text.unicodeScalars {
            if s.value == 0x09 { out += " " } else if let p = placeholder(for: s.value) { out += p } else { out.unicodeScalars.append(s) }
        }
        return out
    }
}
