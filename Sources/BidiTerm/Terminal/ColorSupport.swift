// How many colours a terminal shows and how a `Style` falls back to them: 256 → 16 → 8 →
// attributes only.

/// How many colours a terminal shows, from the most to the least.
public enum ColorSupport: Hashable, Sendable {
    /// 256 colours or more: palette indices are used as they are.
    case palette256
    /// 16 colours: ANSI colours as they are, palette colours by their nearest basic colour.
    case ansi16
    /// 8 colours: every colour by `Color.basic8`.
    case basic8
    /// No colours (no colour support, or `NO_COLOR`): attributes only.
    case monochrome

    /// The support to use for a terminal that reports `hasColors` and `colorCount` colours (curses'
    /// `has_colors()` and `COLORS`), given whether the user asked for no colour.
    public static func detect(hasColors: Bool, colorCount: Int, noColor: Bool) -> ColorSupport {
        if noColor || !hasColors { return .monochrome }
        if colorCount >= 256 { return .palette256 }
        if colorCount >= 16 { return .ansi16 }
        if colorCount >= 8 { return .basic8 }
        return .monochrome
    }

    /// Whether `environment` asks for no colour: `NO_COLOR` present and not empty (no-color.org).
    public static func noColorRequested(in environment: [String: String]) -> Bool {
        guard let v = environment["NO_COLOR"] else { return false }
        return !v.isEmpty
    }
}

/// A style as a terminal can show it: colour numbers (-1: the terminal's default) and attributes.
public struct TerminalStyle: Hashable, Sendable {
    /// Foreground colour number, -1 for the terminal's default.
    public var fg: Int
    /// Background colour number, -1 for the terminal's default.
    public var bg: Int
    /// The attributes, unchanged by the colour fallback.
    public var attributes: Attributes

    /// A terminal style of colour numbers `fg` and `bg` (-1: default) with `attributes`.
    public init(fg: Int, bg: Int, attributes: Attributes) {
        self.fg = fg
        self.bg = bg
        self.attributes = attributes
    }
}

/// Maps `Style` colours onto what a terminal supports: 256 → 16 → 8 (`Color.basic8`) →
/// monochrome (attributes only).
public struct ColorMapper: Hashable, Sendable {
    /// What the terminal supports.
    public let support: ColorSupport
    /// Whether colour -1 (the terminal's default) is available (curses' `use_default_colors`
    /// succeeded). Without it, the default foreground is white (7) and the default background
    /// black (0).
    public let defaultColorsAvailable: Bool

    /// A mapper for a terminal with `support`.
    public init(support: ColorSupport, defaultColorsAvailable: Bool = true) {
        self.support = support
        self.defaultColorsAvailable = defaultColorsAvailable
    }

    /// `style` as the terminal shows it.
    ///
    /// When the fallback gives two different colours the same number (grey on black becomes
    /// black on black with 8 colours), the foreground becomes white on black or black on any
    /// other background, so the text stays readable.
    public func map(_ style: Style) -> TerminalStyle {
        if support == .monochrome { return TerminalStyle(fg: -1, bg: -1, attributes: style.attributes) }
        var fg = number(style.fg)
        var bg = number(style.bg)
        if !defaultColorsAvailable {
            if fg < 0 { fg = 7 }
            if bg < 0 { bg = 0 }
        }
        if fg >= 0, fg == bg, style.fg != style.bg {
            fg = bg == 0 ? 7 : 0
        }
        return TerminalStyle(fg: fg, bg: bg, attributes: style.attributes)
    }

    /// The colour number of `color` under `support` (-1: default).
    public func number(_ color: Color) -> Int {
        switch (support, color) {
        case (_, .default), (.monochrome, _): return -1
        case (.palette256, .ansi(let n)), (.palette256, .indexed(let n)): return Int(n)
        case (.palette256, .rgb): return color.nearest256.map(Int.init) ?? -1
        case (.ansi16, .ansi(let n)): return Int(n & 15)
        case (.ansi16, .indexed(let n)) where n < 16: return Int(n)
        case (.ansi16, _), (.basic8, _): return color.basic8.map(Int.init) ?? -1
        }
    }
}
