// Colours as a terminal shows them: RGB values, WCAG 2 luminance and contrast, and the palette
// that turns a `Style` into the colours of the glyph and of the cell behind it.

import Foundation

/// A colour as red, green and blue, 0–255 each.
public struct RGB: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0…255.
    public var r: UInt8
    /// Green, 0…255.
    public var g: UInt8
    /// Blue, 0…255.
    public var b: UInt8

    /// A colour of red `r`, green `g` and blue `b`.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// `#RRGGBB`.
    public var description: String { "#" + [r, g, b].map { Hex.padded($0, digits: 2) }.joined() }

    /// WCAG 2 relative luminance: 0 for black, 1 for white (sRGB channels linearised, weighted
    /// 0.2126, 0.7152, 0.0722).
    public var relativeLuminance: Double {
        func linear(_ c: UInt8) -> Double {
            let s = Double(c) / 255
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    /// The WCAG 2 contrast ratio of two colours, 1…21: (L1 + 0.05) / (L2 + 0.05) with L1 the
    /// lighter. WCAG asks 4.5 for text and 3 for the graphics that identify a control or its state.
    public static func contrastRatio(_ a: RGB, _ b: RGB) -> Double {
        let la = a.relativeLuminance, lb = b.relativeLuminance
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// This colour with each channel scaled by `numerator / denominator` (rounded down).
    public func scaled(_ numerator: Int, _ denominator: Int) -> RGB {
        func s(_ c: UInt8) -> UInt8 { UInt8(min(255, Int(c) * numerator / denominator)) }
        return RGB(s(r), s(g), s(b))
    }
}

/// What a terminal shows for the colours of a `Style`: its default foreground and background, its
/// 256-colour palette and how it draws bold and faint text.
///
/// The two xterm palettes are the reference of the contrast rules: `xtermLight` is xterm as it
/// starts (black on white, also the default of urxvt, mlterm and macOS Terminal) and `xtermDark`
/// is `xterm -rv` (white on black). Both use xterm's 16 colours (`XTerm-col.ad`), the 6×6×6 cube
/// (levels 0, 95, 135, 175, 215, 255) and the 24 greys (8 + 10 n).
///
///     let (ink, paper) = TerminalPalette.xtermLight.colors(of: Style(fg: .indexed(28)))
///     RGB.contrastRatio(ink, paper)  // 4.7
public struct TerminalPalette: Hashable, Sendable {
    /// The colour of text drawn in the default foreground (`Color.default`).
    public var foreground: RGB
    /// The colour of cells with the default background.
    public var background: RGB
    /// Colours 0–255.
    public var colors: [RGB]
    /// Bold text in colours 0–7 is drawn in colours 8–15 (xterm's `boldColors`, on by default).
    public var boldBrightens: Bool
    /// Faint (dim) text has each channel of its colour scaled by this fraction (xterm: 2/3, taken
    /// before reverse video swaps the colours).
    public var faint: (numerator: Int, denominator: Int)

    /// Creates a palette.
    public init(foreground: RGB, background: RGB, colors: [RGB] = TerminalPalette.xterm256,
                boldBrightens: Bool = true, faint: (numerator: Int, denominator: Int) = (2, 3)) {
        self.foreground = foreground
        self.background = background
        self.colors = colors
        self.boldBrightens = boldBrightens
        self.faint = faint
    }

    public static func == (a: TerminalPalette, b: TerminalPalette) -> Bool {
        a.foreground == b.foreground && a.background == b.background && a.colors == b.colors
            && a.boldBrightens == b.boldBrightens && a.faint == b.faint
    }

    public func hash(into h: inout Hasher) {
        h.combine(foreground)
        h.combine(background)
        h.combine(colors)
        h.combine(boldBrightens)
        h.combine(faint.numerator)
        h.combine(faint.denominator)
    }

    /// xterm's 16 colours (`XTerm-col.ad`: black, red3, green3, yellow3, blue2, magenta3, cyan3,
    /// gray90, gray50, red, green, yellow, rgb:5c/5c/ff, magenta, cyan, white).
    public static let xterm16: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0),
        RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205), RGB(229, 229, 229),
        RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0),
        RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
    ]

    /// xterm's 256 colours: the 16, the 6×6×6 cube, the 24 greys.
    public static let xterm256: [RGB] = {
        var out = xterm16
        let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
        for i in 0..<216 { out.append(RGB(levels[i / 36], levels[(i / 6) % 6], levels[i % 6])) }
        for i in 0..<24 { let v = UInt8(8 + 10 * i); out.append(RGB(v, v, v)) }
        return out
    }()

    /// xterm as it starts: black text on a white background.
    public static let xtermLight = TerminalPalette(foreground: RGB(0, 0, 0), background: RGB(255, 255, 255))
    /// `xterm -rv`: white text on a black background.
    public static let xtermDark = TerminalPalette(foreground: RGB(255, 255, 255), background: RGB(0, 0, 0))

    /// The palette entry of `color`, nil for the terminal's default.
    public func rgb(_ color: Color) -> RGB? {
        switch color {
        case .default: return nil
        case .ansi(let n): return colors[Int(n & 15)]
        case .indexed(let n): return colors[Int(n)]
        case .rgb(let r, let g, let b): return RGB(r, g, b)
        }
    }

    /// The colour of the glyph (`ink`) and of the cell behind it (`paper`) for a cell drawn in
    /// `style`: default colours resolved, bold colours 0–7 brightened, faint ink scaled, then the
    /// two swapped under reverse video, in that order, as xterm draws them.
    public func colors(of style: Style) -> (ink: RGB, paper: RGB) {
        var ink: RGB
        switch style.fg {
        case .default: ink = foreground
        case .ansi(let n), .indexed(let n):
            let i = style.fg == .ansi(n) ? Int(n & 15) : Int(n)
            ink = colors[boldBrightens && style.attributes.contains(.bold) && i < 8 ? i + 8 : i]
        case .rgb(let r, let g, let b): ink = RGB(r, g, b)
        }
        if style.attributes.contains(.dim) { ink = ink.scaled(faint.numerator, faint.denominator) }
        let paper = rgb(style.bg) ?? background
        return style.attributes.contains(.reverse) ? (paper, ink) : (ink, paper)
    }

    /// The contrast ratio between the glyph and its cell in `style`.
    public func contrast(of style: Style) -> Double {
        let c = colors(of: style)
        return RGB.contrastRatio(c.ink, c.paper)
    }
}
