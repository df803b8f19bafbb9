import BidiTerm

/// What the inspectors show of one paragraph, for `rtl-tui inspect` (a table on standard output)
/// and the inspector panel of `rtl-tui browse`: the bidi analysis (paragraph level, resolved
/// levels, visual order, runs, mirrored characters) and one row per code point, each with a
/// visible stand-in for its character. Nothing in a row reaches a terminal raw (R22): controls
/// are placeholders, invisible format characters and Trojan Source overrides go by name.
///
///     let inspector = CodePointInspector("abc (אבג)", direction: .autoLTR, engine: BidiEngine())
///     inspector.rows[5].code          // "U+05D0"
///     inspector.rows[5].visualPosition // 7
public struct CodePointInspector: Sendable {
    /// One code point of the paragraph.
    public struct Row: Sendable, Hashable {
        /// Its index among the paragraph's scalars (as Unicode's test files count).
        public var index: Int
        /// The code point.
        public var scalar: Unicode.Scalar
        /// `U+` and four or more hex digits.
        public var code: String { "U+" + Hex.padded(scalar.value) }
        /// A visible, self-contained stand-in for the character (see `glyph(_:)`).
        public var glyph: String { CodePointInspector.glyph(scalar) }
        /// Its Bidi_Class.
        public var bidiClass: BidiClass
        /// Its resolved level; nil for the characters rule X9 removes.
        public var level: UInt8?
        /// Its position in the visual order; nil when X9 removes it.
        public var visualPosition: Int?
        /// Whether the analysis mirrors it (L4: a mirrored character at an odd level).
        public var isMirrored: Bool
        /// The character drawn instead when it is mirrored (its Bidi_Mirroring_Glyph), if it has one.
        public var mirroredAs: Unicode.Scalar?
        /// ICU's character name.
        public var name: String { UnicodeProperties.name(scalar) }
    }

    /// The analysis the rows come from.
    public let analysis: BidiAnalysis
    /// One row per code point, in logical order.
    public let rows: [Row]

    /// Inspects `text` laid out in a paragraph of `direction`.
    public init(_ text: String, direction: BaseDirection, engine: BidiEngine) {
        let scalars = Array(text.unicodeScalars)
        let a = engine.analyze(scalars, direction: direction)
        var visual = [Int?](repeating: nil, count: scalars.count)
        for (v, l) in a.visualOrder.enumerated() { visual[l] = v }
        let mirrored = Set(a.mirrored)
        analysis = a
        rows = scalars.enumerated().map { i, u in
            Row(index: i, scalar: u, bidiClass: UnicodeProperties.bidiClass(u), level: a.levels[i],
                visualPosition: visual[i], isMirrored: mirrored.contains(i),
                mirroredAs: mirrored.contains(i) ? UnicodeProperties.mirror(u) : nil)
        }
    }

    /// "level 1 (rtl)" and the like.
    public var paragraphDescription: String { "level \(analysis.paragraphLevel) (\(analysis.direction.rawValue))" }

    /// The runs in visual order: `0..<5 ltr`.
    public var runDescriptions: [String] {
        analysis.runs.map { "\($0.range.lowerBound)..<\($0.range.upperBound) \($0.direction.rawValue)" }
    }

    /// The hidden characters (bidi controls and invisible format characters by name, line feeds,
    /// other control characters by their placeholder and code), each with its index: `⟨RLO⟩ #3`.
    public var hiddenDescriptions: [String] {
        var hidden: [String] = []
        for row in rows {
            let v = row.scalar.value
            if let r = Sanitizer.revealed(v) {
                hidden.append("\(r) #\(row.index)")
            } else if v == 0x0A {
                hidden.append("LF #\(row.index)")
            } else if v != 0x09, let p = Sanitizer.placeholder(for: v) {
                hidden.append("\(p) \(row.code) #\(row.index)")
            }
        }
        return hidden
    }

    /// A visible, self-contained stand-in for one code point in a table: control characters as
    /// their placeholders (`␛`, `␉`), bidi controls and other invisible format characters by name
    /// (`RLO`, `ZWJ`, `SHY`), marks on a dotted circle (so they do not join the cell before them),
    /// non-printable code points as U+FFFD, everything else as itself.
    public static func glyph(_ u: Unicode.Scalar) -> String {
        if let p = Sanitizer.placeholder(for: u.value) { return p }
        if let r = Sanitizer.revealed(u.value) { return String(r.dropFirst().dropLast()) }
        let w = WidthTable.width(u)
        if w < 0 { return "\u{FFFD}" }
        if w == 0 { return "\u{25CC}" + String(u) }
        return String(u)
    }
}
