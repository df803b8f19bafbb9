/// A colour: the terminal's default, one of the 16 ANSI colours, or an index of the 256-colour palette.
public enum Color: Hashable, Sendable {
    case `default`
    case ansi(UInt8)      // 0...15
    case indexed(UInt8)   // 0...255

    public static let black = Color.ansi(0), red = Color.ansi(1), green = Color.ansi(2), yellow = Color.ansi(3)
    public static let blue = Color.ansi(4), magenta = Color.ansi(5), cyan = Color.ansi(6), white = Color.ansi(7)
    public static let gray = Color.ansi(8), brightRed = Color.ansi(9), brightGreen = Color.ansi(10)
    public static let brightYellow = Color.ansi(11), brightBlue = Color.ansi(12), brightMagenta = Color.ansi(13)
    public static let brightCyan = Color.ansi(14), brightWhite = Color.ansi(15)

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
        }
    }
}
