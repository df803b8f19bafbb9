#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// What the terminal session learnt before the first frame, handed to the app as one value: the
// notice to show, the terminal's colours (for the theme), and the glyphs whose width the terminal
// disagrees about (for fallback glyphs, so borders never shift).

/// A colour as 8-bit red, green and blue.
public struct RGBColor: Hashable, Sendable, Codable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A terminal's answer to OSC 10/11: `rgb:R/G/B` with 1–4 hex digits per channel (scaled to
    /// 8 bits), `rgba:R/G/B/A`, or `#RGB`, `#RRGGBB`, `#RRRRGGGGBBBB`; nil for anything else.
    public init?(terminalColor text: String) {
        var s = Substring(text)
        if s.hasPrefix("rgb:") || s.hasPrefix("rgba:") {
            s = s.drop { $0 != ":" }.dropFirst()
            let parts = s.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 3 || (parts.count == 4 && text.hasPrefix("rgba:")) else { return nil }
            guard let r = Self.channel(parts[0]), let g = Self.channel(parts[1]), let b = Self.channel(parts[2]) else { return nil }
            self.init(red: r, green: g, blue: b)
        } else if s.hasPrefix("#") {
            let hex = s.dropFirst()
            guard hex.count % 3 == 0, hex.count >= 3, hex.count <= 12 else { return nil }
            let n = hex.count / 3
            let chars = Array(hex)
            guard let r = Self.channel(Substring(String(chars[0..<n]))), let g = Self.channel(Substring(String(chars[n..<2 * n]))),
                  let b = Self.channel(Substring(String(chars[2 * n..<3 * n]))) else { return nil }
            self.init(red: r, green: g, blue: b)
        } else {
            return nil
        }
    }

    /// One channel of 1–4 hex digits, scaled to 0…255.
    private static func channel(_ s: Substring) -> UInt8? {
        guard (1...4).contains(s.count), let v = UInt32(s, radix: 16) else { return nil }
        let max = (UInt32(1) << (4 * UInt32(s.count))) - 1
        return UInt8((v * 255 + max / 2) / max)
    }

    /// WCAG 2 relative luminance, 0 (black) … 1 (white).
    public var relativeLuminance: Double {
        func lin(_ c: UInt8) -> Double {
            let v = Double(c) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * lin(red) + 0.7152 * lin(green) + 0.0722 * lin(blue)
    }

    /// Whether text in black reads better on it than text in white (a light background).
    public var isLight: Bool {
        // Contrast with black (L + 0.05) / 0.05 against white 1.05 / (L + 0.05): equal at L ≈ 0.179.
        relativeLuminance > 0.179
    }

    /// `#rrggbb`.
    public var hex: String {
        let digits = Array("0123456789abcdef")
        return "#" + [red, green, blue].map { String([digits[Int($0 >> 4)], digits[Int($0 & 15)]]) }.joined()
    }
}

/// The terminal's background, from the best evidence there is.
public struct TerminalBackground: Hashable, Sendable, Codable {
    /// The answer to OSC 11, when the terminal gave one.
    public var color: RGBColor?
    /// `COLORFGBG` (`15;0`: white on black), when set.
    public var colorFGBG: String?

    public init(color: RGBColor? = nil, colorFGBG: String? = nil) {
        self.color = color
        self.colorFGBG = colorFGBG
    }

    /// Light (true), dark (false) or unknown (nil): OSC 11 first, then COLORFGBG's last field
    /// (an ANSI colour number: 7 and 9–15 are light, 0–6 and 8 dark).
    public var isLight: Bool? {
        if let c = color { return c.isLight }
        guard let bg = colorFGBG?.split(separator: ";").last.flatMap({ Int($0) }) else { return nil }
        switch bg {
        case 7, 9...15: return true
        case 0...6, 8: return false
        default: return nil
        }
    }

    /// How it was found out, for `doctor`.
    public var description: String {
        var parts: [String] = []
        if let c = color { parts.append("OSC 11 \(c.hex)") }
        if let f = colorFGBG { parts.append("COLORFGBG=\(Sanitizer.visible(f))") }
        let verdict = isLight.map { $0 ? "light" : "dark" } ?? "unknown"
        return parts.isEmpty ? "unknown (no OSC 11 answer, no COLORFGBG)" : "\(verdict) (\(parts.joined(separator: ", ")))"
    }
}

/// A glyph whose advance the terminal reported different from the width table.
public struct GlyphWidthDisagreement: Hashable, Sendable, Codable {
    public var glyph: String
    /// The width rtl-tui lays it out with (glibc's `wcwidth`, summed over the cluster).
    public var expected: Int
    /// The advance the terminal reported (CPR).
    public var measured: Int
}

/// The glyphs an interface draws beyond plain text, to measure, and the measurements judged.
public enum GlyphWidths {
    /// Stars, half stars, toggles, rules, the slider's sun icons, arrows, media symbols, blocks,
    /// the lam-alef ligatures (one cell after shaping, R20), and the demo's emoji.
    public static let interfaceGlyphs: [String] = [
        "★", "☆", "⯪", "⯫", "●", "○", "━", "─", "◁", "▷", "◀", "▶", "▸", "◂", "…", "←", "→", "↑", "↓", "✓", "✗",
        "•", "█", "▏", "▎", "▍", "▌", "▋", "▊", "▉", "▐", "▕", "⟨", "⟩", "⇤", "⇥",
        "🔅", "🔆", "🔈", "🔊", "🎵", "📁", "📅", "📝", "📥", "📷", "🕒", "🛒", "⏩", "⏪", "⏭", "⏮", "⏯", "✅",
        "\u{FEF5}", "\u{FEF6}", "\u{FEF7}", "\u{FEF8}", "\u{FEF9}", "\u{FEFA}", "\u{FEFB}", "\u{FEFC}",
    ]

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

    /// The measured glyphs whose advance differs from `expectedWidth`, sorted by glyph.
    public static func disagreements(_ advances: [String: Int]) -> [GlyphWidthDisagreement] {
        advances.compactMap { g, m in
            let e = expectedWidth(of: g)
            return m >= 0 && m != e ? GlyphWidthDisagreement(glyph: g, expected: e, measured: m) : nil
        }.sorted { $0.glyph.unicodeScalars.lexicographicallyPrecedes($1.glyph.unicodeScalars) }
    }
}

/// What the session found out before the first frame, for the app.
public struct TerminalFindings: Hashable, Sendable {
    /// A notice to show in the first frame (and in help), or nil.
    public var notice: TerminalNotice?
    /// The background, for choosing a light or dark theme.
    public var background: TerminalBackground
    /// The foreground colour (OSC 10), when answered.
    public var foreground: RGBColor?
    /// Glyphs the terminal draws with another width than the width table says.
    public var widthDisagreements: [GlyphWidthDisagreement]

    public init(notice: TerminalNotice? = nil, background: TerminalBackground = TerminalBackground(),
                foreground: RGBColor? = nil, widthDisagreements: [GlyphWidthDisagreement] = []) {
        self.notice = notice
        self.background = background
        self.foreground = foreground
        self.widthDisagreements = widthDisagreements
    }

    /// The advances measured differently, by glyph (for a glyph set that takes measured widths).
    public var measuredWidths: [String: Int] {
        Dictionary(widthDisagreements.map { ($0.glyph, $0.measured) }, uniquingKeysWith: { a, _ in a })
    }
}
