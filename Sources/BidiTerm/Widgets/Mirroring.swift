/// An edge named by reading order: `leading` is where reading starts (left in LTR, right in RTL).
public enum HorizontalEdge: Sendable, Hashable {
    /// Where reading starts: left in LTR, right in RTL.
    case leading
    /// Where reading ends: right in LTR, left in RTL.
    case trailing
}

/// A physical edge of the screen.
public enum PhysicalEdge: Sendable, Hashable {
    /// The left edge.
    case left
    /// The right edge.
    case right
}

/// The one place where reading-order positions become physical columns (R2, R15).
///
/// Widgets describe their layout from the leading edge ("the marker, then a space, then the
/// text") and ask `Mirroring` for columns; in RTL the same description lands mirrored. Glyphs
/// authored for LTR go through `glyph(_:)`, which flips those the mirroring table marks (R15)
/// and leaves the others as authored (R16).
///
///     let m = Mirroring(.rtl)
///     let row = Rect(x: 0, y: 0, width: 10, height: 1)
///     m.x(leadingOffset: 0, width: 2, in: row)       // 8: the first two cells from the right
///     m.place(widths: [3, 4], in: row, spacing: 1)   // [x 7 w 3, x 2 w 4]: first child at the right
///     m.glyph("‹")                                    // "›"
public struct Mirroring: Sendable, Hashable {
    /// The layout direction.
    public var direction: LayoutDirection

    /// The mirroring of `direction`.
    public init(_ direction: LayoutDirection) { self.direction = direction }

    /// The physical edge of a reading-order edge.
    public func physical(_ edge: HorizontalEdge) -> PhysicalEdge {
        (edge == .leading) == (direction == .ltr) ? .left : .right
    }

    /// The column of the span `width` cells wide that starts `offset` cells from the leading edge
    /// of `rect`: `rect.x + offset` in LTR, `rect.maxX - offset - width` in RTL.
    public func x(leadingOffset offset: Int, width: Int, in rect: Rect) -> Int {
        direction == .ltr ? rect.x + offset : rect.maxX - offset - width
    }

    /// The part of `rect` (all its rows) that starts `offset` columns from its leading edge and is
    /// `width` columns wide.
    public func rect(leadingOffset offset: Int, width: Int, in rect: Rect) -> Rect {
        Rect(x: x(leadingOffset: offset, width: width, in: rect), y: rect.y, width: width, height: rect.height)
    }

    /// How many columns separate `rect` from the leading edge of `container` (the inverse of
    /// `x(leadingOffset:width:in:)`).
    public func leadingOffset(of rect: Rect, in container: Rect) -> Int {
        direction == .ltr ? rect.minX - container.minX : container.maxX - rect.maxX
    }

    /// The reading-order step of a horizontal arrow key (R14: arrow keys are physical): +1 when
    /// the key moves towards the trailing edge (→ in LTR, ← in RTL), -1 towards the leading edge,
    /// nil for other keys.
    public func readingStep(of key: KeyEvent) -> Int? {
        switch key {
        case .right: return direction == .ltr ? 1 : -1
        case .left: return direction == .ltr ? -1 : 1
        default: return nil
        }
    }

    /// `rect` without `leading` columns at its leading edge and `trailing` at its trailing edge.
    public func inset(_ rect: Rect, leading: Int = 0, trailing: Int = 0) -> Rect {
        direction == .ltr ? rect.inset(left: leading, right: trailing) : rect.inset(left: trailing, right: leading)
    }

    /// The column where something `width` cells wide starts when aligned in `rect` (may be left
    /// of `rect.x` when it does not fit). `center` leans to the leading side when the leftover is odd.
    public func x(aligning width: Int, in rect: Rect, _ alignment: HorizontalAlignment) -> Int {
        let free = rect.width - width
        switch alignment {
        case .left: return rect.x
        case .right: return rect.x + free
        case .leading: return direction == .ltr ? rect.x : rect.x + free
        case .trailing: return direction == .ltr ? rect.x + free : rect.x
        case .center: return rect.x + (direction == .ltr ? free / 2 : (free + 1) / 2)
        }
    }

    /// Rects for children of the given widths, placed from the leading edge of `rect` with
    /// `spacing` columns between them (R2): the first child is at the left in LTR and at the right
    /// in RTL. Each rect has `rect`'s rows; widths are not clipped.
    public func place(widths: [Int], in rect: Rect, spacing: Int = 0) -> [Rect] {
        var offset = 0
        var out: [Rect] = []
        out.reserveCapacity(widths.count)
        for w in widths {
            out.append(self.rect(leadingOffset: offset, width: w, in: rect))
            offset += w + spacing
        }
        return out
    }

    /// Items given from leading to trailing, in screen order from left to right (reversed in RTL).
    public func visualOrder<C: Collection>(_ items: C) -> [C.Element] {
        direction == .ltr ? Array(items) : items.reversed()
    }

    /// `rect` mirrored inside `container` (same rows): its distance from the left edge becomes its
    /// distance from the right edge.
    public static func mirror(_ rect: Rect, in container: Rect) -> Rect {
        Rect(x: container.minX + container.maxX - rect.maxX, y: rect.y, width: rect.width, height: rect.height)
    }

    /// A glyph authored for LTR, as drawn in this direction: in RTL it goes through the mirroring
    /// table (`GlyphMirroring.mirrored(_:)`, R15/R16); in LTR it is returned unchanged.
    public func glyph(_ glyph: String) -> String {
        direction == .ltr ? glyph : GlyphMirroring.mirrored(glyph)
    }
}

// MARK: - Glyph table

/// What happens to a glyph in an RTL layout.
public enum GlyphPolicy: Sendable, Hashable {
    /// R15: it shows reading direction or forward/backward motion, so it is drawn as its mirror
    /// image, the given glyph (`‹` → `›`, `┌` → `┐`, `▌` → `▐`).
    case flip(Unicode.Scalar)
    /// It looks the same mirrored (`─`, `●`, `│`); it can be part of a glyph that flips.
    case symmetric
    /// R16: drawn exactly as authored: checkmarks, clocks, logos, real-world objects, pictures,
    /// letters, and anything the table does not know.
    case never
}

/// The mirroring table (R15, R16): a policy per glyph, used by `Mirroring.glyph(_:)`.
///
/// A terminal cannot mirror a glyph; it can only draw another one. So a glyph flips only when
/// Unicode has its mirror image (`◀`/`▶`, `┌`/`┐`, `⯪`/`⯫`). Emoji pictures have none: the
/// speakers `🔈🔉🔊` keep their waves on the right in every direction; a speaker that must flip is
/// written with text, `◁)))`, which mirrors to `(((▷`. Media transport `⏮⏪⏩⏭` flip when they mean
/// previous/next in reading order; a button marked physical (R13) bypasses the table.
///
///     GlyphMirroring.policy(of: "→")      // .flip("←")
///     GlyphMirroring.policy(of: "✓")      // .never
///     GlyphMirroring.mirrored("◁)))")     // "(((▷"
///     GlyphMirroring.mirrored("✓ Done")   // "✓ Done" (letters and ✓ never flip)
public enum GlyphMirroring {
    /// Mirror-image pairs (each direction is listed once; the table holds both).
    public static let pairs: [(Unicode.Scalar, Unicode.Scalar)] = [
        // Brackets, quotes, chevrons (R12, R15)
        ("(", ")"), ("[", "]"), ("{", "}"), ("<", ">"), ("‹", "›"), ("«", "»"), ("⟨", "⟩"), ("⟪", "⟫"),
        ("❮", "❯"), ("❰", "❱"), ("❬", "❭"), ("⦅", "⦆"),
        // Arrows that mean back/forward
        ("←", "→"), ("⇐", "⇒"), ("⟵", "⟶"), ("⟸", "⟹"), ("↞", "↠"), ("↢", "↣"), ("↤", "↦"),
        ("↩", "↪"), ("↫", "↬"), ("⇠", "⇢"), ("⇦", "⇨"), ("⬅", "➡"), ("⇄", "⇆"), ("↖", "↗"), ("↙", "↘"),
        // Indent/outdent, tab
        ("⇤", "⇥"),
        // Triangles: bullets, play-like arrows
        ("◀", "▶"), ("◁", "▷"), ("◂", "▸"), ("◃", "▹"), ("◄", "►"), ("⯇", "⯈"), ("⏴", "⏵"),
        // Media: previous/next, rewind/forward (a physical button bypasses the table, R13)
        ("⏮", "⏭"), ("⏪", "⏩"),
        // Blocks and shapes that show a fill edge
        ("▌", "▐"), ("▏", "▕"), ("▖", "▗"), ("▘", "▝"), ("▙", "▟"), ("▛", "▜"), ("▚", "▞"),
        ("◐", "◑"), ("◧", "◨"), ("◖", "◗"), ("◭", "◮"),
        // Half stars (R11)
        ("⯪", "⯫"), ("⯨", "⯩"),
        // Box drawing corners and tees (R2)
        ("┌", "┐"), ("└", "┘"), ("├", "┤"), ("╭", "╮"), ("╰", "╯"), ("╔", "╗"), ("╚", "╝"), ("╠", "╣"),
        ("┏", "┓"), ("┗", "┛"), ("┣", "┫"), ("╒", "╕"), ("╘", "╛"), ("╓", "╖"), ("╙", "╜"), ("╞", "╡"),
        ("╟", "╢"), ("┍", "┑"), ("┎", "┒"), ("┕", "┙"), ("┖", "┚"), ("┝", "┥"), ("┠", "┨"),
        ("╴", "╶"), ("╸", "╺"),
    ]

    /// Glyphs that look the same mirrored; a composite glyph made of these and of flipping glyphs
    /// is mirrored as a whole.
    public static let symmetric: Set<Unicode.Scalar> = [
        " ", "-", "=", "+", "|", ":", ".", "·", "*", "_", "~", "…", "⋯", "⋮", "•", "●", "○", "◯", "◉",
        "■", "□", "▪", "▫", "█", "░", "▒", "▓", "▀", "▄", "◆", "◇", "★", "☆", "♥", "▲", "▼", "△", "▽",
        "↑", "↓", "↕", "↔", "−", "─", "━", "═", "│", "┃", "║", "┬", "┴", "┼", "┳", "┻", "╋", "╦", "╩",
        "╬", "┄", "┅", "┈", "┉", "╌", "╍", "┆", "┊",
    ]

    /// Glyphs that are never flipped (R16), listed so the policy is documented and tested; any
    /// glyph the table does not know is treated the same way.
    public static let neverFlip: Set<Unicode.Scalar> = [
        "✓", "✔", "✗", "✘", "☑", "☒", "✅", "❌", "⏰", "⌚", "⏱", "⏲", "⌛", "⏳",
        "🕐", "🕑", "🕒", "🕓", "🕔", "🕕", "🕖", "🕗", "🕘", "🕙", "🕚", "🕛",
        "⏯", "⏸", "⏹", "⏺", "🔈", "🔉", "🔊", "🔇", "🔅", "🔆", "📷", "🎵", "🎶", "📞", "☎", "✏", "✎",
        "🔍", "🔎", "©", "®", "™", "⚙", "🏠", "🔒", "🔓", "🎮", "⌨", "🛒", "📥", "📁", "📅", "📝",
        "/", "\\",
    ]

    private static let flipTable: [UInt32: Unicode.Scalar] = {
        var t: [UInt32: Unicode.Scalar] = [:]
        for (a, b) in pairs {
            t[a.value] = b
            t[b.value] = a
        }
        return t
    }()

    /// The policy of one glyph (a grapheme cluster). A variation selector after the glyph
    /// (`⏪️`) does not change it; any other multi-scalar cluster (a ZWJ emoji sequence, a letter
    /// with marks) is `.never`.
    public static func policy(of glyph: Character) -> GlyphPolicy {
        let scalars = glyph.unicodeScalars
        guard let first = scalars.first else { return .never }
        for s in scalars.dropFirst() where !(s.value == 0xFE0E || s.value == 0xFE0F) { return .never }
        if let m = flipTable[first.value] { return .flip(m) }
        if symmetric.contains(first) { return .symmetric }
        return .never
    }

    /// A glyph (one or more grapheme clusters) as drawn in RTL.
    ///
    /// - One cluster: its mirror image if its policy is `.flip`, otherwise itself.
    /// - Several clusters (`◁)))`, `-->`): when every cluster flips or is symmetric, the glyph is
    ///   mirrored as a whole (clusters in reverse order, each flipped); when any cluster must not
    ///   flip (a letter, `✓`, an emoji), the whole glyph is drawn as authored (R16).
    public static func mirrored(_ glyph: String) -> String {
        var out: [String] = []
        out.reserveCapacity(glyph.count)
        for c in glyph {
            switch policy(of: c) {
            case .never: return glyph
            case .symmetric: out.append(String(c))
            case .flip(let m):
                var s = String.UnicodeScalarView()
                s.append(m)
                s.append(contentsOf: c.unicodeScalars.dropFirst())
                out.append(String(s))
            }
        }
        return out.reversed().joined()
    }
}
