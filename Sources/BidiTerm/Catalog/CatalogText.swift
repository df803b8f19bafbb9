import Foundation

/// Maps byte offsets of a UTF-8 buffer to 1-based lines and columns.
///
/// Line breaks are `\n`, `\r\n` and a lone `\r`; columns count Unicode scalars (bytes that are not
/// UTF-8 continuation bytes). Queries in increasing offset order continue from the previous answer,
/// so a parser that asks for every entry in file order pays O(*n*) in total, even when the whole
/// file is one line; a query before the previous one starts again from the top.
struct CatalogLocator {
    let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var column = 1

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func location(of target: Int) -> (line: Int, column: Int) {
        let target = min(max(0, target), bytes.count)
        if target < offset { (offset, line, column) = (0, 1, 1) }
        var (l, c) = (line, column)
        bytes.withUnsafeBufferPointer { p in
            var i = offset
            while i < target {
                let b = p[i]
                if b == 0x0A {
                    l += 1; c = 1
                } else if b == 0x0D {
                    // The `\n` of a `\r\n` pair ends the line.
                    if i + 1 >= p.count || p[i + 1] != 0x0A { l += 1; c = 1 }
                } else if b & 0xC0 != 0x80 {
                    c += 1
                }
                i += 1
            }
        }
        (offset, line, column) = (target, l, c)
        return (l, c)
    }

    /// A diagnostic at `offset`.
    mutating func diagnostic(_ path: String, at offset: Int, _ message: String) -> CatalogDiagnostic {
        let (l, c) = location(of: offset)
        return CatalogDiagnostic(file: path, line: l, column: c, message: message)
    }
}

/// A text catalog file turned into UTF-8 bytes, with the warnings found on the way.
///
/// Handles a UTF-8 byte order mark, UTF-16 LE/BE files (with a BOM, or sniffed when asked), invalid
/// UTF-8 (reported with line and byte offset; optionally replaced with U+FFFD in the bytes for
/// parsers that refuse it), and NUL characters (reported; they stay in the text).
struct CatalogText {
    /// UTF-8 text without BOM.
    var bytes: [UInt8]
    var warnings: [CatalogDiagnostic]
    /// `true` when the file was UTF-16 (and `bytes` is its UTF-8 transcoding).
    var wasUTF16: Bool
    /// `true` when the text contains U+0000.
    var hasNUL: Bool

    /// At most this many warnings of one kind are listed; the rest are counted in one more warning.
    static let warningLimit = 100

    /// Reads `data` as UTF-8 or UTF-16.
    /// - Parameters:
    ///   - repairUTF8: replace each invalid UTF-8 sequence in `bytes` with U+FFFD (EF BF BD), for
    ///     parsers that reject invalid UTF-8. Parsers that decode their own strings with
    ///     `String(decoding:as:)` get the same replacement there and pass `false`.
    ///   - sniffUTF16: treat a file without BOM as UTF-16 when one of its first two bytes is NUL.
    static func decode(_ data: [UInt8], path: String, repairUTF8: Bool, sniffUTF16: Bool = false) -> CatalogText {
        let n = data.count
        if n >= 2 && data[0] == 0xFF && data[1] == 0xFE {
            return decodeUTF16(data, from: 2, bigEndian: false, path: path)
        }
        if n >= 2 && data[0] == 0xFE && data[1] == 0xFF {
            return decodeUTF16(data, from: 2, bigEndian: true, path: path)
        }
        if sniffUTF16 && n >= 2 && (data[0] == 0) != (data[1] == 0) {
            return decodeUTF16(data, from: 0, bigEndian: data[0] == 0, path: path)
        }
        let bomLength = n >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF ? 3 : 0
        let bytes = bomLength == 0 ? data : Array(data[bomLength...])
        return decodeUTF8(bytes, bomLength: bomLength, path: path, repair: repairUTF8)
    }

    private static func decodeUTF8(_ bytes: [UInt8], bomLength: Int, path: String, repair: Bool) -> CatalogText {
        var invalid: [(offset: Int, length: Int)] = []
        var nuls: [Int] = []
        bytes.withUnsafeBufferPointer { p in
            var i = 0
            let n = p.count
            while i < n {
                let b = p[i]
                if b < 0x80 {
                    if b == 0 { nuls.append(i) }
                    i += 1
                    continue
                }
                let length = validSequenceLength(p, at: i)
                if length > 0 {
                    i += length
                } else {
                    let bad = maximalInvalidSubpart(p, at: i)
                    invalid.append((i, bad))
                    i += bad
                }
            }
        }
        var warnings: [CatalogDiagnostic] = []
        var locator = CatalogLocator(bytes)
        var events: [(offset: Int, isNUL: Bool, length: Int)] = invalid.map { ($0.offset, false, $0.length) }
        events += nuls.map { ($0, true, 1) }
        if !invalid.isEmpty && !nuls.isEmpty { events.sort { $0.offset < $1.offset } }
        var listed = (invalid: 0, nul: 0)
        for event in events {
            if event.isNUL {
                listed.nul += 1
                guard listed.nul <= warningLimit else { continue }
                warnings.append(locator.diagnostic(path, at: event.offset,
                    "NUL character at byte offset \(event.offset + bomLength); kept as U+0000"))
            } else {
                listed.invalid += 1
                guard listed.invalid <= warningLimit else { continue }
                let shown = Hex.bytes(bytes[event.offset ..< event.offset + event.length])
                warnings.append(locator.diagnostic(path, at: event.offset,
                    "invalid UTF-8 (\(shown)) at byte offset \(event.offset + bomLength); replaced with U+FFFD"))
            }
        }
        if invalid.count > warningLimit {
            warnings.append(CatalogDiagnostic(file: path, line: 0, column: 0,
                message: "\(invalid.count - warningLimit) more invalid UTF-8 sequences replaced with U+FFFD (not listed)"))
        }
        if nuls.count > warningLimit {
            warnings.append(CatalogDiagnostic(file: path, line: 0, column: 0,
                message: "\(nuls.count - warningLimit) more NUL characters kept as U+0000 (not listed)"))
        }
        var out = bytes
        if repair && !invalid.isEmpty {
            out = []
            out.reserveCapacity(bytes.count + invalid.count * 2)
            var from = 0
            for bad in invalid {
                out += bytes[from ..< bad.offset]
                out += [0xEF, 0xBF, 0xBD]
                from = bad.offset + bad.length
            }
            out += bytes[from...]
        }
        return CatalogText(bytes: out, warnings: warnings, wasUTF16: false, hasNUL: !nuls.isEmpty)
    }

    private static func decodeUTF16(_ data: [UInt8], from start: Int, bigEndian: Bool, path: String) -> CatalogText {
        var out: [UInt8] = []
        out.reserveCapacity(data.count)
        // (offset in `out`, message) for the warnings; lines and columns are computed on `out`.
        var notes: [(Int, String)] = []
        var counts = (surrogates: 0, nuls: 0)
        func unit(_ i: Int) -> UInt16 {
            bigEndian ? UInt16(data[i]) << 8 | UInt16(data[i + 1]) : UInt16(data[i + 1]) << 8 | UInt16(data[i])
        }
        func append(_ scalar: Unicode.Scalar) {
            out.append(contentsOf: UTF8.encode(scalar)!)
        }
        var i = start
        let end = data.count - (data.count - start) % 2
        while i < end {
            let u = unit(i)
            if u < 0xD800 || u > 0xDFFF {
                if u == 0 {
                    counts.nuls += 1
                    if counts.nuls <= warningLimit {
                        notes.append((out.count, "NUL character at byte offset \(i); kept as U+0000"))
                    }
                }
                append(Unicode.Scalar(u)!)
                i += 2
            } else if u <= 0xDBFF, i + 3 < end, case let low = unit(i + 2), (0xDC00...0xDFFF).contains(low) {
                let value = 0x10000 + (UInt32(u - 0xD800) << 10) + UInt32(low - 0xDC00)
                append(Unicode.Scalar(value)!)
                i += 4
            } else {
                counts.surrogates += 1
                if counts.surrogates <= warningLimit {
                    notes.append((out.count, "lone UTF-16 surrogate \(Hex.padded(u)) at byte offset \(i); replaced with U+FFFD"))
                }
                append("\u{FFFD}")
                i += 2
            }
        }
        if end < data.count {
            notes.append((out.count, "odd byte at the end of a UTF-16 file (byte offset \(end)); replaced with U+FFFD"))
            append("\u{FFFD}")
        }
        var locator = CatalogLocator(out)
        var warnings = notes.map { locator.diagnostic(path, at: $0.0, $0.1) }
        if counts.surrogates > warningLimit {
            warnings.append(CatalogDiagnostic(file: path, line: 0, column: 0,
                message: "\(counts.surrogates - warningLimit) more lone UTF-16 surrogates replaced with U+FFFD (not listed)"))
        }
        if counts.nuls > warningLimit {
            warnings.append(CatalogDiagnostic(file: path, line: 0, column: 0,
                message: "\(counts.nuls - warningLimit) more NUL characters kept as U+0000 (not listed)"))
        }
        return CatalogText(bytes: out, warnings: warnings, wasUTF16: true, hasNUL: counts.nuls > 0)
    }

    /// The length of the valid UTF-8 sequence starting at the non-ASCII byte `p[i]`, or 0.
    @inline(__always)
    static func validSequenceLength(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let (need, lo, hi) = sequenceShape(p[i])
        guard need > 0, i + need < p.count else { return 0 }
        let b1 = p[i + 1]
        guard b1 >= lo && b1 <= hi else { return 0 }
        var k = 2
        while k <= need {
            guard p[i + k] & 0xC0 == 0x80 else { return 0 }
            k += 1
        }
        return need + 1
    }

    /// The number of bytes (at least 1) of the invalid sequence at `p[i]` that become one U+FFFD,
    /// following the "maximal subpart" practice that `String(decoding:as:)` also uses.
    static func maximalInvalidSubpart(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let (need, lo, hi) = sequenceShape(p[i])
        guard need > 0, i + 1 < p.count, p[i + 1] >= lo && p[i + 1] <= hi else { return 1 }
        var k = 2
        while k <= need && i + k < p.count && p[i + k] & 0xC0 == 0x80 { k += 1 }
        return k
    }

    /// For a lead byte: how many continuation bytes follow, and the allowed range of the first one.
    @inline(__always)
    private static func sequenceShape(_ b: UInt8) -> (Int, UInt8, UInt8) {
        switch b {
        case 0xC2...0xDF: return (1, 0x80, 0xBF)
        case 0xE0: return (2, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: return (2, 0x80, 0xBF)
        case 0xED: return (2, 0x80, 0x9F)
        case 0xF0: return (3, 0x90, 0xBF)
        case 0xF1...0xF3: return (3, 0x80, 0xBF)
        case 0xF4: return (3, 0x80, 0x8F)
        default: return (0, 0, 0)
        }
    }

    /// `true` when `bytes` is valid UTF-8.
    static func isValidUTF8<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// Replaces each NUL byte with a noncharacter that does not occur in `bytes` (U+FDD0…U+FDEF),
    /// for XML and JSON parsers, which reject NUL. Returns `nil` as the scalar when there was no NUL.
    /// Map the scalar back with ``restoringNUL(_:sentinel:)``.
    static func replacingNUL(in bytes: [UInt8]) -> (bytes: [UInt8], sentinel: Unicode.Scalar?) {
        guard bytes.contains(0) else { return (bytes, nil) }
        var used = Set<UInt32>()
        var i = 0
        while i + 2 < bytes.count {
            // U+FDD0…U+FDEF is EF B7 90…AF.
            if bytes[i] == 0xEF && bytes[i + 1] == 0xB7 && (0x90...0xAF).contains(bytes[i + 2]) {
                used.insert(0xFDD0 + UInt32(bytes[i + 2] - 0x90))
            }
            i += 1
        }
        guard let value = (UInt32(0xFDD0)...0xFDEF).first(where: { !used.contains($0) }),
              let sentinel = Unicode.Scalar(value) else { return (bytes, nil) }
        let encoded = Array(String(Character(sentinel)).utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        for b in bytes {
            if b == 0 { out += encoded } else { out.append(b) }
        }
        return (out, sentinel)
    }

    /// `text` with `sentinel` turned back into U+0000.
    static func restoringNUL(_ text: String, sentinel: Unicode.Scalar?) -> String {
        guard let sentinel, text.unicodeScalars.contains(sentinel) else { return text }
        var scalars = String.UnicodeScalarView()
        for s in text.unicodeScalars { scalars.append(s == sentinel ? "\u{0}" : s) }
        return String(scalars)
    }

    /// The value of an ASCII hex digit, or `nil`.
    static func hexDigit(_ b: UInt8) -> Int? {
        switch b {
        case 0x30...0x39: return Int(b - 0x30)
        case 0x41...0x46: return Int(b - 0x41 + 10)
        case 0x61...0x66: return Int(b - 0x61 + 10)
        default: return nil
        }
    }
}
