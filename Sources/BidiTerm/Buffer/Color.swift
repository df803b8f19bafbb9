/// A colour: the terminal's default, one of the 16 ANSI colours, an index of the 256-colour palette,
/// or a 24-bit colour (`SGR 38;2;r;g;b`, which programs run under `rtl-tui run` send).
public enum Color: Hashable, Sendable {
    /// The terminal's own default colour.
    case `default`
    /// One of the 16 ANSI colours, 0…15 (8…15 are the bright ones).
    case ansi(UInt8)
    /// An index of the 256-colour palette.
    case indexed(UInt8)
    /// A 24-bit colour (red, green, blue).
    case rgb(UInt8, UInt8, UInt8)

    /// The 16 ANSI colours by name: black, red, green, yellow (0–3),
    public static let black = Color.ansi(0), red = Color.ansi(1), green = Color.ansi(2), yellow = Color.ansi(3)
    /// blue, magenta, cyan, white (4–7),
    public static let blue = Color.ansi(4), magenta = Color.ansi(5), cyan = Color.ansi(6), white = Color.ansi(7)
    /// gray (bright black), bright red, bright green (8–10),
    public static let gray = Color.ansi(8), brightRed = Color.ansi(9), brightGreen = Color.ansi(10)
    /// bright yellow, bright blue, bright magenta (11–13),
    public static let brightYellow = Color.ansi(11), brightBlue = Color.ansi(12), brightMagenta = Color.ansi(13)
    /// bright cyan and bright white (14, 15).
    public static let brightCyan = Color.ansi(14), brightWhite = Color.ansi(15)

    /// The colour of a `packed` value.
    @inlinable @inline(__always)
    public init(packed: UInt32) {
        let v = UInt8(truncatingIfNeeded: packed)
        switch packed >> 24 {
        case 0: self = .default
        case 1: self = .ansi(v)
        case 2: self = .indexed(v)
        default: self = .rgb(UInt8(truncatingIfNeeded: packed >> 16), UInt8(truncatingIfNeeded: packed >> 8), v)
        }
    }

    /// The same colour (compared as `packed`).
    @inlinable @inline(__always)
    public static func == (a: Color, b: Color) -> Bool { a.packed == b.packed }

    /// The colour as one integer, unique per colour: the case in the top byte, its values below.
    @inlinable @inline(__always)
    public var packed: UInt32 {
        switch self {
        case .default: return 0
        case .ansi(let n): return 1 << 24 | UInt32(n)
        case .indexed(let n): return 2 << 24 | UInt32(n)
        case .rgb(let r, let g, let b): return 3 << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        }
    }

    /// The nearest of the 8 basic colours, for terminals with 8 colours.
    public var basic8: UInt8? {
        switch self {
        case .default: return nil
        case .ansi(let n): return n & 7
        case .indexed(let n):
            if n < 16 { return n & 7 }
            if n >= 232 { return n >= 244 ? 7 : 0 }
            let v = Int(n) - 16
            let r = v / 36, g = (v / 6) % 6, b = v % 6
            return UInt8((r >= 3 ? 1 : 0) | (g >= 3 ? 2 : 0) | (b >= 3 ? 4 : 0))
        case .rgb(let r, let g, let b):
            return UInt8((r >= 128 ? 1 : 0) | (g >= 128 ? 2 : 0) | (b >= 128 ? 4 : 0))
        }
    }

    /// The nearest entry of the 256-colour palette's 6×6×6 cube or grey ramp (16…255) for a 24-bit
    /// colour; the palette index itself for the others (nil for the default).
    public var nearest256: UInt8? {
        switch self {
        case .default: return nil
        case .ansi(let n): return n & 15
        case .indexed(let n): return n
        case .rgb(let r, let g, let b):
            let steps = [0, 95, 135, 175, 215, 255]
            func step(_ v: UInt8) -> Int {
                var best = 0
                for (i, s) in steps.enumerated() where abs(s - Int(v)) < abs(steps[best] - Int(v)) { best = i }
                return best
            }
            let (ri, gi, bi) = (step(r), step(g), step(b))
            let cube = (steps[ri], steps[gi], steps[bi])
            let cubeDistance = Self.distance((Int(r), Int(g), Int(b)), cube)
            let average = (Int(r) + Int(g) + Int(b)) / 3
            let greyIndex = max(0, min(23, (average - 8 + 5) / 10))
            let grey = 8 + greyIndex * 10
            if Self.distance((Int(r), Int(g), Int(b)), (grey, grey, grey)) < cubeDistance {
                return UInt8(232 + greyIndex)
            }
            return UInt8(16 + 36 * ri + 6 * gi + bi)
        }
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return dr * dr + dg * dg + db * db
    }
}
