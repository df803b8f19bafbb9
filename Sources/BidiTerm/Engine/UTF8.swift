// UTF-8 in and out: decoding input (strictly for the engine's fast path, with repair and a report
// for everything else), and writing scalars as UTF-8.

/// A byte sequence that is not valid UTF-8, found while decoding input.
public struct InvalidUTF8: Sendable, Hashable, CustomStringConvertible {
    /// 1-based line number (as given by the caller).
    public var line: Int
    /// 0-based byte offset within the line.
    public var byteOffset: Int
    /// The offending bytes.
    public var bytes: [UInt8]

    public var description: String {
        "line \(line), byte \(byteOffset): invalid UTF-8 (\(Hex.bytes(bytes))) replaced by U+FFFD"
    }
}

/// Decodes UTF-8 input, replacing invalid sequences by U+FFFD (one per maximal invalid
/// subsequence, as Unicode recommends) and reporting where they were.
public enum UTF8Decoder {
    /// Decodes `bytes` (one line, numbered `line`); returns the text and the invalid sequences.
    public static func decode<C: Collection>(_ bytes: C, line: Int) -> (String, [InvalidUTF8]) where C.Element == UInt8 {
        if let s = String(validating: bytes, as: UTF8.self) { return (s, []) }
        var out = String.UnicodeScalarView()
        var problems: [InvalidUTF8] = []
        var parser = Unicode.UTF8.ForwardParser()
        var it = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &it) {
            case .valid(let enc):
                out.append(Unicode.UTF8.decode(enc))
                offset += enc.count
            case .error(let length):
                let start = bytes.index(bytes.startIndex, offsetBy: offset)
                let bad = Array(bytes[start..<bytes.index(start, offsetBy: length)])
                problems.append(InvalidUTF8(line: line, byteOffset: offset, bytes: bad))
                out.append("\u{FFFD}")
                offset += length
            case .emptyInput:
                return (String(out), problems)
            }
        }
    }
}

extension BidiEngine {
    /// True when every byte is printable ASCII (0x20–0x7E).
    @inline(__always)
    static func isPrintableASCII(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        var i = 0
        let high: UInt64 = 0x8080_8080_8080_8080, ones: UInt64 = 0x0101_0101_0101_0101
        while i + 8 <= n {
            let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
            // A byte with its top bit set, a byte below 0x20, or a byte equal to 0x7F.
            let del = w ^ (0x7F &* ones)
            if (w | ((w &- 0x20 &* ones) & ~w) | ((del &- ones) & ~del)) & high != 0 { return false }
            i += 8
        }
        while i < n {
            let b = p[i]
            if b < 0x20 || b >= 0x7F { return false }
            i += 1
        }
        return true
    }

    /// Decodes UTF-8 to UTF-16 (`dst` must hold `n` units); returns the number of units, or -1 when
    /// the bytes are not valid UTF-8 (overlong forms, surrogates, code points above U+10FFFF and
    /// truncated sequences are invalid, as for `String(validating:)`).
    static func decodeUTF8(_ s: UnsafePointer<UInt8>, _ n: Int, into dst: UnsafeMutablePointer<UInt16>) -> Int {
        var i = 0, o = 0
        while i < n {
            let b0 = s[i]
            if b0 < 0x80 {
                dst[o] = UInt16(b0)
                i += 1
                o += 1
                continue
            }
            if b0 < 0xC2 { return -1 }
            if b0 < 0xE0 {
                guard i + 1 < n else { return -1 }
                let b1 = s[i + 1]
                guard b1 & 0xC0 == 0x80 else { return -1 }
                dst[o] = UInt16(b0 & 0x1F) << 6 | UInt16(b1 & 0x3F)
                i += 2
                o += 1
                continue
            }
            if b0 < 0xF0 {
                guard i + 2 < n else { return -1 }
                let b1 = s[i + 1], b2 = s[i + 2]
                guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 else { return -1 }
                if b0 == 0xE0 && b1 < 0xA0 { return -1 }    // overlong
                if b0 == 0xED && b1 >= 0xA0 { return -1 }   // surrogate
                dst[o] = UInt16(b0 & 0x0F) << 12 | UInt16(b1 & 0x3F) << 6 | UInt16(b2 & 0x3F)
                i += 3
                o += 1
                continue
            }
            guard b0 < 0xF5, i + 3 < n else { return -1 }
            let b1 = s[i + 1], b2 = s[i + 2], b3 = s[i + 3]
            guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80, b3 & 0xC0 == 0x80 else { return -1 }
            if b0 == 0xF0 && b1 < 0x90 { return -1 }       // overlong
            if b0 == 0xF4 && b1 >= 0x90 { return -1 }      // above U+10FFFF
            let c = UInt32(b0 & 0x07) << 18 | UInt32(b1 & 0x3F) << 12 | UInt32(b2 & 0x3F) << 6 | UInt32(b3 & 0x3F)
            dst[o] = UInt16(0xD800 + ((c - 0x10000) >> 10))
            dst[o + 1] = UInt16(0xDC00 + ((c - 0x10000) & 0x3FF))
            i += 4
            o += 2
        }
        return o
    }
}

/// Where `appendCluster` writes the scalars of a cluster.
protocol ScalarSink {
    mutating func put(_ c: UInt32)
}

extension String.UnicodeScalarView: ScalarSink {
    @inline(__always)
    mutating func put(_ c: UInt32) { append(Unicode.Scalar(c) ?? "\u{FFFD}") }
}

/// UTF-8 into a buffer with room enough (the caller makes sure).
struct UTF8Sink: ScalarSink {
    var base: UnsafeMutablePointer<UInt8>
    var capacity: Int
    var count = 0

    @inline(__always)
    mutating func putASCII(_ b: UInt8) {
        base[count] = b
        count += 1
    }

    @inline(__always)
    mutating func put(_ c: UInt32) {
        let p = base + count
        if c < 0x80 {
            p[0] = UInt8(truncatingIfNeeded: c)
            count += 1
        } else if c < 0x800 {
            p[0] = UInt8(truncatingIfNeeded: 0xC0 | c >> 6)
            p[1] = UInt8(truncatingIfNeeded: 0x80 | c & 0x3F)
            count += 2
        } else if c < 0x10000 {
            p[0] = UInt8(truncatingIfNeeded: 0xE0 | c >> 12)
            p[1] = UInt8(truncatingIfNeeded: 0x80 | (c >> 6) & 0x3F)
            p[2] = UInt8(truncatingIfNeeded: 0x80 | c & 0x3F)
            count += 3
        } else {
            p[0] = UInt8(truncatingIfNeeded: 0xF0 | c >> 18)
            p[1] = UInt8(truncatingIfNeeded: 0x80 | (c >> 12) & 0x3F)
            p[2] = UInt8(truncatingIfNeeded: 0x80 | (c >> 6) & 0x3F)
            p[3] = UInt8(truncatingIfNeeded: 0x80 | c & 0x3F)
            count += 4
        }
    }
}
