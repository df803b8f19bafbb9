// Which theme a full-screen app draws with: from the user's choice, `NO_COLOR`, the terminal's
// answer to OSC 11 (its background colour), `COLORFGBG`, or, when nothing is known, the theme that
// reads on light and dark backgrounds alike.

/// The values of `--theme`.
public enum ThemeOption: String, CaseIterable, Sendable, Hashable {
    /// From the terminal's background colour (`ThemeChoice.choose`).
    case auto
    /// `Theme.light`, for a light background.
    case light
    /// `Theme.dark`, for a dark background.
    case dark
    /// `Theme.monochrome`: no colours.
    case mono
}

/// Whether a terminal's background is light or dark.
public enum BackgroundBrightness: String, Sendable, Hashable {
    /// A light background (dark text).
    case light
    /// A dark background (light text).
    case dark

    /// The relative luminance (WCAG 2) at and above which a background counts as light: 0.179,
    /// where black and white text have the same contrast against it (√(1.05 × 0.05) − 0.05).
    /// Above it black text contrasts more than white text, so the light theme (dark inks) reads
    /// better; below it the dark theme does. xterm's white is 1.0, Solarized Light's base3 0.92,
    /// Solarized Dark's base03 0.02, VTE's default dark grey 0.01.
    public static let threshold = 0.179

    /// The brightness of a background colour (`threshold`).
    public init(of color: RGB) {
        self = color.relativeLuminance >= BackgroundBrightness.threshold ? .light : .dark
    }
}

/// Reading a terminal's background colour.
public enum TerminalBackground {
    /// The colour in a terminal's answer to `OSC 11 ; ? BEL`: the whole reply (`ESC ] 11 ;
    /// rgb:ffff/ffff/ffff BEL`, or ended by `ESC \`) or only its value. Accepts `rgb:R/G/B` and
    /// `rgba:R/G/B/A` with 1 to 4 hexadecimal digits per channel (each scaled to 0–255: `f` is
    /// 255, `80` is 128, `8000` is 128), and `#RGB`, `#RRGGBB`, `#RRRGGGBBB`, `#RRRRGGGGBBBB` (X11's
    /// form: the high bits of each channel). Nil for anything else.
    ///
    ///     TerminalBackground.color(fromOSC11: "\u{1B}]11;rgb:ffff/ffff/dddd\u{7}")  // #FFFFDD
    ///     TerminalBackground.color(fromOSC11: "#002b36")                             // #002B36
    public static func color(fromOSC11 reply: String) -> RGB? {
        var s = Substring(reply)
        if s.hasPrefix("\u{1B}]") {
            s = s.dropFirst(2)
            guard s.hasPrefix("11;") else { return nil }
            s = s.dropFirst(3)
        } else if s.hasPrefix("\u{9D}") {          // the 8-bit OSC
            s = s.dropFirst()
            guard s.hasPrefix("11;") else { return nil }
            s = s.dropFirst(3)
        }
        if s.hasSuffix("\u{7}") || s.hasSuffix("\u{9C}") { s = s.dropLast() }
        else if s.hasSuffix("\u{1B}\\") { s = s.dropLast(2) }
        let value = s.lowercased()
        if value.hasPrefix("rgb:") || value.hasPrefix("rgba:") {
            let fields = value.drop { $0 != ":" }.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
            let want = value.hasPrefix("rgba:") ? 4 : 3
            guard fields.count == want else { return nil }
            let channels = fields.prefix(3).map { scaled(hex: $0) }
            guard channels.allSatisfy({ $0 != nil }) else { return nil }
            if want == 4, scaled(hex: fields[3]) == nil { return nil }
            return RGB(channels[0]!, channels[1]!, channels[2]!)
        }
        if value.hasPrefix("#") {
            let digits = value.dropFirst()
            guard [3, 6, 9, 12].contains(digits.count), digits.allSatisfy(\.isHexDigit) else { return nil }
            let n = digits.count / 3
            let parts = (0..<3).map { i in digits.dropFirst(i * n).prefix(n) }
            // X11: each channel's digits are its high bits; keep the top 8.
            let bytes = parts.map { p -> UInt8 in
                let v = UInt64(p, radix: 16)!
                return UInt8(truncatingIfNeeded: n >= 2 ? v >> UInt64(4 * (n - 2)) : v << 4)
            }
            return RGB(bytes[0], bytes[1], bytes[2])
        }
        return nil
    }

    /// One channel of `rgb:` (1–4 hex digits) scaled to 0–255, nil when malformed.
    static func scaled<S: StringProtocol>(hex: S) -> UInt8? {
        guard (1...4).contains(hex.count), hex.allSatisfy(\.isHexDigit), let v = UInt32(hex, radix: 16) else { return nil }
        let max = (UInt32(1) << (4 * UInt32(hex.count))) - 1
        return UInt8((v * 255 + max / 2) / max)
    }

    /// The brightness `COLORFGBG` gives (`fg;bg` or `fg;xpm;bg`, set by rxvt, Konsole, mlterm and
    /// others): by the usual convention (vim's, rxvt's), a background of colour 0–6 or 8 is dark and
    /// 7 or 9–15 light. Nil when the variable is empty, malformed or says `default`.
    ///
    ///     TerminalBackground.brightness(colorfgbg: "15;0")             // .dark
    ///     TerminalBackground.brightness(colorfgbg: "0;15")             // .light
    ///     TerminalBackground.brightness(colorfgbg: "default;default")  // nil
    public static func brightness(colorfgbg: String) -> BackgroundBrightness? {
        let fields = colorfgbg.split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count >= 2, let n = Int(fields[fields.count - 1].filter { $0 != " " }), (0...15).contains(n) else { return nil }
        return n == 7 || n >= 9 ? .light : .dark
    }
}

/// The theme an app draws with, and why.
public struct ThemeChoice: Sendable, Hashable {
    /// The theme.
    public var theme: Theme
    /// Its name: `light`, `dark`, `default` (safe on both) or `mono`.
    public var name: String
    /// Why it was chosen, in words (for `doctor` and bug reports).
    public var reason: String

    /// A choice of `theme`, named `name`, made for `reason`.
    public init(theme: Theme, name: String, reason: String) {
        self.theme = theme
        self.name = name
        self.reason = reason
    }

    /// `theme` as a terminal with `colors` can show it: itself with 256 colours; `monochrome` with
    /// fewer, where the themes' palette colours (16–255) would fall back to the nearest of the 8
    /// basic colours (greys to black or white: grey text on a black background would vanish).
    public static func shown(_ theme: Theme, with colors: ColorSupport) -> Theme {
        colors == .palette256 ? theme : .monochrome
    }

    static func named(_ b: BackgroundBrightness, _ reason: String) -> ThemeChoice {
        b == .light ? ThemeChoice(theme: .light, name: "light", reason: reason)
                    : ThemeChoice(theme: .dark, name: "dark", reason: reason)
    }

    /// Chooses the theme, in this order: `NO_COLOR` (no-color.org) or a terminal with fewer than
    /// 256 colours (`shown(_:with:)`) gives `monochrome` whatever was asked; `--theme light|dark|mono` is taken as given; `auto`
    /// follows the background colour in the terminal's OSC 11 answer (`BackgroundBrightness`),
    /// else `COLORFGBG`, else takes `Theme.default`, which reads on light and dark backgrounds.
    ///
    /// - Parameters:
    ///   - option: the user's `--theme`.
    ///   - osc11Reply: the terminal's answer to `OSC 11 ; ? BEL`, nil when it gave none.
    ///   - environment: the process environment (`NO_COLOR`, `COLORFGBG`).
    ///   - colors: the terminal's colour support, when known.
    public static func choose(_ option: ThemeOption, osc11Reply: String? = nil, environment: [String: String],
                              colors: ColorSupport? = nil) -> ThemeChoice {
        let mono = Theme.monochrome
        if ColorSupport.noColorRequested(in: environment) {
            return ThemeChoice(theme: mono, name: "mono", reason: "NO_COLOR is set")
        }
        if let colors, colors != .palette256 {
            return ThemeChoice(theme: mono, name: "mono", reason: colors == .monochrome ? "the terminal shows no colours"
                                   : "the terminal shows \(colors == .ansi16 ? 16 : 8) colours; the themes need 256")
        }
        switch option {
        case .light: return named(.light, "--theme light")
        case .dark: return named(.dark, "--theme dark")
        case .mono: return ThemeChoice(theme: mono, name: "mono", reason: "--theme mono")
        case .auto: break
        }
        if let reply = osc11Reply, let color = TerminalBackground.color(fromOSC11: reply) {
            let b = BackgroundBrightness(of: color)
            let l = (color.relativeLuminance * 1000).rounded() / 1000
            return named(b, "the terminal's background is \(color) (luminance \(l), \(b.rawValue))")
        }
        if let v = environment["COLORFGBG"], let b = TerminalBackground.brightness(colorfgbg: v) {
            return named(b, "COLORFGBG=\(Sanitizer.visible(v)) (\(b.rawValue) background)")
        }
        return ThemeChoice(theme: .default, name: "default",
                           reason: "the background colour is unknown: a theme that reads on light and dark backgrounds")
    }
}
