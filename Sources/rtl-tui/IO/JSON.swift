import BidiTerm

/// JSON string escaping that keeps every control character and every bidi control out of the
/// output as raw characters (they are written as \\uHHHH, four hex digits).
enum JSON {
    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
                out += "\\u" + Hex.padded(u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
