// What the terminal session learnt before the first frame, handed to the app as one value: the
// notice to show, the terminal's background (for `ThemeChoice`), and the advances it measured
// (for `GlyphSet.adapted(to:)`, so borders never shift).

/// A glyph whose advance the terminal reported different from the width table.
public struct GlyphWidthDisagreement: Hashable, Sendable, Codable {
    /// The glyph.
    public var glyph: String
    /// The width rtl-tui lays it out with (glibc's `wcwidth`, summed over the cluster).
    public var expected: Int
    /// The advance the terminal reported (CPR).
    public var measured: Int
}

/// The glyphs an interface draws beyond plain text, to measure, and the measurements judged.
public enum GlyphWidths {
    /// The glyph set's glyphs (`GlyphSet.probes`: stars, tracks, borders, blocks, markers, media
    /// symbols, the demo's emoji) and the lam-alef ligatures (one cell after shaping, R20).
    public static let interfaceGlyphs: [String] = GlyphSet.probes
        + ["\u{FEF5}", "\u{FEF6}", "\u{FEF7}", "\u{FEF8}", "\u{FEF9}", "\u{FEFA}", "\u{FEFB}", "\u{FEFC}"]

    /// A 2-byte letter (é): a terminal that reads UTF-8 moves the cursor 1 cell for it, one that
    /// reads bytes (Latin-1, as Eterm does) 2.
    public static let utf8Probe = "\u{00E9}"
    /// A letter with a mark (Arabic beh with fatha): a terminal that gives marks a cell of their
    /// own (terminology) moves 2 cells.
    public static let markProbe = "\u{0628}\u{064E}"
    /// A Hebrew letter with a point (bet with dagesh): 2 cells where points take a cell of their own.
    public static let pointProbe = "\u{05D1}\u{05BC}"
    /// A zero width non-joiner alone: a terminal that gives it a cell (mlterm) moves 1 cell.
    public static let joinerProbe = "\u{200C}"
    /// The probes above, measured at start-up besides the interface's glyphs.
    public static let terminalProbes = [utf8Probe, markProbe, pointProbe, joinerProbe]

    /// Whether the terminal reads bytes, not UTF-8 (`utf8Probe` moved 2 cells).
    public static func readsBytes(_ advances: [String: Int]) -> Bool { advances[utf8Probe] == 2 }

    /// Whether the terminal gives combining marks a cell of their own (`markProbe` or
    /// `pointProbe` moved 2).
    public static func marksTakeCells(_ advances: [String: Int]) -> Bool {
        advances[markProbe] == 2 || advances[pointProbe] == 2
    }

    /// Whether the terminal gives zero-width format characters (ZWNJ, ZWJ) a cell of their own
    /// (`joinerProbe` moved 1): they are then left out of cells. They draw nothing where the
    /// letters are already shaped, so leaving them out loses nothing a reader sees.
    public static func formatCharactersTakeCells(_ advances: [String: Int]) -> Bool { advances[joinerProbe] == 1 }

    /// The distinct graphemes of `texts` that are not plain letters, digits or punctuation
    /// (symbols, emoji, anything two cells wide, Arabic presentation forms), in order of
    /// appearance, at most `limit`.
    public static func candidates(in texts: [String], limit: Int = 96) -> [String] {
        var seen = Set<String>()
        var out: [String] = []
        for t in texts {
            for ch in t {
                let g = String(ch)
                guard !seen.contains(g), let first = ch.unicodeScalars.first else { continue }
                let v = first.value
                let wide = ch.unicodeScalars.reduce(0) { $0 + max(0, WidthTable.width($1)) } == 2
                let symbol = (0x2190...0x2BFF).contains(v) || v >= 0x1F000 || (0xFB50...0xFEFF).contains(v)
                    || ch.unicodeScalars.contains { $0.value == 0xFE0F || $0.value == 0x200D }
                guard wide || symbol else { continue }
                seen.insert(g)
                out.append(g)
                if out.count == limit { return out }
            }
        }
        return out
    }

    /// The width rtl-tui gives a glyph: the sum of its scalars' widths (glibc's `wcwidth`).
    public static func expectedWidth(of glyph: String) -> Int {
        glyph.unicodeScalars.reduce(0) { $0 + max(0, WidthTable.width($1)) }
    }

    /// The measured glyphs whose advance differs from the width table (`GlyphSet.disagreements`).
    public static func disagreements(_ advances: [String: Int]) -> [GlyphWidthDisagreement] {
        GlyphSet.disagreements(advances.filter { $0.value >= 0 && !terminalProbes.contains($0.key) })
            .map { GlyphWidthDisagreement(glyph: $0.glyph, expected: $0.table, measured: $0.measured) }
    }
}

/// How combining marks (Arabic harakat, Hebrew points) reach the screen.
public enum MarkPlacement: String, CaseIterable, Hashable, Sendable, Codable {
    /// On their letter, in its cell: the terminal does not move the cursor over a mark.
    case combined
    /// In a cell of their own, after their letter in visual order (`LayoutOptions.marksInOwnCells`):
    /// for a terminal that moves the cursor one cell over a mark. Every mark is shown and the
    /// columns after it stay where the layout put them.
    case cell
    /// Left out: letters are drawn without their marks, and nothing shifts.
    case drop

    /// The placement for a terminal whose measured advances are `advances`: `cell` where a mark
    /// moved the cursor a cell (the marks stay readable, which a preview of translations needs, and
    /// no row shifts), `combined` elsewhere. `requested` (the user's choice) wins, except that a
    /// terminal whose rows are rewritten into a wire order (R21) never gets `cell` (its own bidi
    /// would move the mark cells away from their letters): `drop` there.
    public static func decide(advances: [String: Int], requested: MarkPlacement? = nil, wireOrder: WireOrder = .visual) -> MarkPlacement {
        let wanted = requested ?? (GlyphWidths.marksTakeCells(advances) ? .cell : .combined)
        return wanted == .cell && wireOrder.rewrites ? .drop : wanted
    }
}

/// What the session found out before the first frame, for the app.
public struct TerminalFindings: Hashable, Sendable {
    /// A notice to show in the first frame (and in help), or nil.
    public var notice: TerminalNotice?
    /// The terminal's answer to OSC 11 (its background colour, `rgb:…`), for `ThemeChoice`.
    public var backgroundReply: String?
    /// The advance the terminal gave each measured glyph, for `GlyphSet.adapted(to:)`.
    public var advances: [String: Int]
    /// The notice was shown in a box in this terminal before: this time it is one line above
    /// the key hints, until the user opens the help (`?`), which shows it whole.
    public var noticeSeenBefore = false

    /// Findings: the notice, the OSC 11 reply, the advances measured.
    public init(notice: TerminalNotice? = nil, backgroundReply: String? = nil, advances: [String: Int] = [:]) {
        self.notice = notice
        self.backgroundReply = backgroundReply
        self.advances = advances
    }

    /// Whether the terminal reads bytes rather than UTF-8 (`GlyphWidths.readsBytes`).
    public var readsBytes: Bool { GlyphWidths.readsBytes(advances) }

    /// Whether combining marks take a cell of their own there (`GlyphWidths.marksTakeCells`).
    public var marksTakeCells: Bool { GlyphWidths.marksTakeCells(advances) }

    /// How marks are drawn there (`MarkPlacement.decide`; the session sets it from the advances,
    /// the user's choice and the wire order): with `.cell` an app lays its text out with
    /// `LayoutOptions.marksInOwnCells`, and the backend writes each mark in its cell.
    public var marks: MarkPlacement = .combined

    /// Whether zero-width format characters take a cell there
    /// (`GlyphWidths.formatCharactersTakeCells`): the backend leaves them out.
    public var formatCharactersTakeCells: Bool { GlyphWidths.formatCharactersTakeCells(advances) }

    /// Glyphs the terminal draws with another width than the width table says.
    public var widthDisagreements: [GlyphWidthDisagreement] { GlyphWidths.disagreements(advances) }

    /// The glyph set for this terminal.
    public var glyphs: GlyphSet { GlyphSet.adapted(to: advances.filter { $0.value >= 0 && !GlyphWidths.terminalProbes.contains($0.key) }) }

    /// The theme for `option` in this terminal (`ThemeChoice.choose` with its OSC 11 answer).
    public func theme(_ option: ThemeOption, environment: [String: String], colors: ColorSupport?) -> ThemeChoice {
        ThemeChoice.choose(option, osc11Reply: backgroundReply, environment: environment, colors: colors)
    }
}
