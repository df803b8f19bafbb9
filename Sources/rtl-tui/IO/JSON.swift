import BidiTerm

/// JSON string escaping that keeps every control character and every bidi control out of the
/// output as raw characters (they are written as \\uHHHH, four hex digits).
enum JSON {
    static func quote(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 2)
        appendQuoted(s.unicodeScalars, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `scalars` as a JSON string, quotes included, in UTF-8.
    static func appendQuoted<S: Sequence>(_ scalars: S, to out: inout [UInt8]) where S.Element == Unicode.Scalar {
        out.append(0x22)
        for u in scalars { appendEscaped(u, to: &out) }
        out.append(0x22)
    }

    /// One scalar inside a JSON string, in UTF-8.
    @inline(__always)
    static func appendEscaped(_ u: Unicode.Scalar, to out: inout [UInt8]) {
        switch u.value {
        case 0x22: out += [0x5C, 0x22]
        case 0x5C: out += [0x5C, 0x5C]
        case 0x0A: out += [0x5C, 0x6E]
        case 0x0D: out += [0x5C, 0x72]
        case 0x09: out += [0x5C, 0x74]
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
            out += [0x5C, 0x75]
            out += Hex.padded(u.value).utf8
        case 0x20..<0x7F: out.append(UInt8(truncatingIfNeeded: u.value))
        default: out += UTF8.encode(u)!
        }
    }
}
