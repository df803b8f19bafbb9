import Synchronization

/// The symbol of a `Cell` as plain data: up to 15 bytes of UTF-8 held in the value itself (byte 15
/// holds their count), or, for a longer grapheme (an emoji sequence joined by ZWJ, a letter under
/// many marks), the index of its text in a table shared by the process. A cell is then copied,
/// compared and freed without reference counting, which is most of the cost of moving rows of a
/// program's screen (`rtl-tui run`) through the bidi and out to the terminal.
///
/// Equal texts are equal symbols: short ones byte for byte, long ones by their one entry in the
/// table. (So two spellings of one grapheme, composed and decomposed, are different symbols: the
/// terminal is sent different bytes.)
@usableFromInline
package struct CellSymbol: Hashable, Sendable {
    /// Bytes 0–7 of the UTF-8, or the table index of a long text.
    @usableFromInline
    package private(set) var low: UInt64
    /// Bytes 8–14 of the UTF-8; the top byte is their count, or 0xFF for a long text.
    @usableFromInline
    package private(set) var high: UInt64

    /// The empty symbol (the right half of a wide character).
    @inlinable
    package static var empty: CellSymbol { CellSymbol(low: 0, high: 0) }
    /// A space.
    @inlinable
    package static var space: CellSymbol { CellSymbol(low: 0x20, high: 1 << 56) }

    @usableFromInline
    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// The symbol of `text`.
    package init(_ text: String) {
        var text = text
        let n = text.utf8.count
        guard n <= 15 else {
            if let i = CellSymbol.table.index(of: text) {
                self.init(low: UInt64(i), high: 0xFF << 56)
            } else {
                self.init(scalar: 0xFFFD)
            }
            return
        }
        var lo: UInt64 = 0, hi: UInt64 = 0
        text.withUTF8 { bytes in
            for i in 0..<n {
                let b = UInt64(bytes[i])
                if i < 8 { lo |= b << (8 * UInt64(i)) } else { hi |= b << (8 * UInt64(i - 8)) }
            }
        }
        self.init(low: lo, high: hi | UInt64(n) << 56)
    }

    /// The symbol of one scalar (which the caller has found printable), without building a String.
    @inlinable
    package init(scalar v: UInt32) {
        if v < 0x80 {
            self.init(low: UInt64(v), high: 1 << 56)
        } else if v < 0x800 {
            self.init(low: UInt64(0xC0 | v >> 6) | UInt64(0x80 | v & 0x3F) << 8, high: 2 << 56)
        } else if v < 0x10000 {
            self.init(low: UInt64(0xE0 | v >> 12) | UInt64(0x80 | v >> 6 & 0x3F) << 8 | UInt64(0x80 | v & 0x3F) << 16,
                      high: 3 << 56)
        } else {
            self.init(low: UInt64(0xF0 | v >> 18) | UInt64(0x80 | v >> 12 & 0x3F) << 8
                        | UInt64(0x80 | v >> 6 & 0x3F) << 16 | UInt64(0x80 | v & 0x3F) << 24, high: 4 << 56)
        }
    }

    /// Whether the text is in the shared table (longer than 15 bytes).
    @inlinable
    package var isLong: Bool { high >> 56 == 0xFF }

    /// The text of a long symbol, from the table.
    @usableFromInline
    var longText: String { CellSymbol.table.text(at: Int(low)) }

    /// The number of UTF-8 bytes of the text.
    @inlinable
    package var utf8Count: Int { isLong ? longText.utf8.count : Int(high >> 56) }

    /// True for the empty symbol.
    @inlinable
    package var isEmpty: Bool { high == 0 && low == 0 }

    /// True for a single space.
    @inlinable
    package var isSpace: Bool { low == 0x20 && high == 1 << 56 }

    /// The first byte of the UTF-8 (0 for the empty symbol).
    @inlinable
    package var firstByte: UInt8 { isLong ? longText.utf8.first ?? 0 : UInt8(truncatingIfNeeded: low) }

    /// The scalar when the text is exactly one scalar, else nil.
    @inlinable @inline(__always)
    package var singleScalar: UInt32? {
        guard !isLong else { return nil }
        let n = Int(high >> 56)
        let b0 = UInt32(low & 0xFF)
        switch n {
        case 1: return b0 < 0x80 ? b0 : nil
        case 2: return b0 & 0xE0 == 0xC0 ? (b0 & 0x1F) << 6 | UInt32(low >> 8 & 0x3F) : nil
        case 3: return b0 & 0xF0 == 0xE0 ? (b0 & 0x0F) << 12 | UInt32(low >> 8 & 0x3F) << 6 | UInt32(low >> 16 & 0x3F) : nil
        case 4:
            return b0 & 0xF8 == 0xF0
                ? (b0 & 0x07) << 18 | UInt32(low >> 8 & 0x3F) << 12 | UInt32(low >> 16 & 0x3F) << 6 | UInt32(low >> 24 & 0x3F)
                : nil
        default: return nil
        }
    }

    /// The first scalar of the text (nil for the empty symbol).
    package var firstScalar: UInt32? {
        if let v = singleScalar { return v }
        var first: UInt32? = nil
        forEachScalar { if first == nil { first = $0 } }
        return first
    }

    /// Calls `body` with the UTF-8 of the text.
    @inlinable
    package func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if isLong {
            var text = longText
            return try text.withUTF8(body)
        }
        var copy = self
        let n = Int(high >> 56)
        return try withUnsafeBytes(of: &copy) { raw in
            try body(UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: n))
        }
    }

    /// Appends the UTF-8 of the text to `bytes`.
    @inlinable @inline(__always)
    package func appendUTF8(to bytes: inout [UInt8]) {
        if isLong { return bytes.append(contentsOf: longText.utf8) }
        let n = Int(high >> 56)
        // Byte by byte: a generic append of a buffer costs more than the 1 to 4 bytes of most cells.
        var word = low
        for i in 0..<n {
            if i == 8 { word = high }
            bytes.append(UInt8(truncatingIfNeeded: word))
            word >>= 8
        }
    }

    /// The text.
    package var string: String {
        if isLong { return longText }
        if high == 1 << 56, low < 0x80 { return CellSymbol.ascii[Int(low)] }
        return withUTF8 { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with each scalar of the text, in order.
    @inlinable
    package func forEachScalar(_ body: (UInt32) -> Void) {
        if let v = singleScalar { return body(v) }
        withUTF8 { bytes in
            var i = 0
            while i < bytes.count {
                let b0 = UInt32(bytes[i])
                var v: UInt32, n: Int
                switch b0 {
                case ..<0x80: v = b0; n = 1
                case ..<0xE0: v = b0 & 0x1F; n = 2
                case ..<0xF0: v = b0 & 0x0F; n = 3
                default: v = b0 & 0x07; n = 4
                }
                var k = 1
                while k < n, i + k < bytes.count { v = v << 6 | UInt32(bytes[i + k] & 0x3F); k += 1 }
                body(v)
                i += n
            }
        }
    }

    private static let ascii: [String] = (0..<128).map { String(Unicode.Scalar(UInt8($0))) }

    // MARK: - Long texts

    /// At most this many distinct long texts are kept; a new one after that becomes U+FFFD, so
    /// a program writing endless distinct clusters cannot grow the process without bound.
    package static let tableLimit = 1 << 16

    private static let table = LongTexts()

    /// The long texts of the process, each once.
    private final class LongTexts: Sendable {
        private let state = Mutex<(texts: [String], index: [String: Int])>(([], [:]))

        /// The index of `text`, added if new; nil when the table is full.
        func index(of text: String) -> Int? {
            state.withLock { s in
                if let i = s.index[text] { return i }
                guard s.texts.count < CellSymbol.tableLimit else { return nil }
                s.texts.append(text)
                s.index[text] = s.texts.count - 1
                return s.texts.count - 1
            }
        }

        func text(at i: Int) -> String {
            state.withLock { $0.texts[i] }
        }
    }
}
