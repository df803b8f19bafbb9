/// Hexadecimal numbers as the project writes them: upper case, zero-padded (`U+001B`, JSON's
/// `\u001B`, the bytes `C3 28` of invalid UTF-8).
public enum Hex {
    /// `value` in upper-case hexadecimal with at least `digits` digits: `Hex.padded(0x1B)` is
    /// `001B`, `Hex.padded(0x1F600)` is `1F600`, `Hex.padded(UInt8(7), digits: 2)` is `07`.
    public static func padded<T: BinaryInteger>(_ value: T, digits: Int = 4) -> String {
        let h = String(value, radix: 16, uppercase: true)
        return h.count >= digits ? h : String(repeating: "0", count: digits - h.count) + h
    }

    /// `padded(value, digits:)` as ASCII bytes appended to `out`, without making a string (for
    /// output written byte by byte).
    public static func append(_ value: UInt32, digits: Int = 4, to out: inout [UInt8]) {
        var n = digits
        while n < 8 && value >> (4 * UInt32(n)) != 0 { n += 1 }
        for d in stride(from: n - 1, through: 0, by: -1) {
            let x = UInt8((value >> (4 * UInt32(d))) & 0xF)
            out.append(x < 10 ? 0x30 + x : 0x37 + x)
        }
    }

    /// Bytes as two digits each, separated by spaces: `C3 28`.
    public static func bytes<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
        bytes.map { padded($0, digits: 2) }.joined(separator: " ")
    }
}
