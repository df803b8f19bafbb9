import CICU

/// Internal Swift wrappers over the CICU shim. ICU objects are created once per engine and reused
/// (re-creating them per line costs more than the bidi work itself).

/// An ICU error code (UErrorCode) turned into a Swift error.
public struct ICUError: Error, CustomStringConvertible, Sendable {
    /// ICU's error code.
    public let code: Int32
    /// The ICU function that failed.
    public let function: String
    public var description: String { "ICU error \(code) in \(function)" }
}

/// The NUL-terminated UTF-8 string in `buf`.
func stringFromCBuffer(_ buf: [CChar]) -> String {
    String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// A UBiDi object; not thread-safe.
final class ICUBidi {
    let raw: OpaquePointer
    init() {
        guard let p = CICU_bidi_open() else { fatalError("ubidi_open failed: out of memory") }
        raw = p
    }
    deinit { CICU_bidi_close(raw) }
}

/// A UBreakIterator; not thread-safe.
final class ICUBreakIterator {
    enum Kind: Int32 { case character = 0, word = 1, line = 2 }
    let raw: OpaquePointer
    init(_ kind: Kind, locale: String = "") {
        var err: Int32 = 0
        guard let p = CICU_break_open(kind.rawValue, locale, &err), err <= 0 else {
            fatalError("ubrk_open(\(kind)) failed with ICU error \(err)")
        }
        raw = p
    }
    deinit { CICU_break_close(raw) }
}

/// Character properties from ICU's data (Unicode 15 with ICU 72).
public enum UnicodeProperties {
    /// The Unicode version of the character data the engine uses.
    public static var unicodeVersion: String {
        var buf = [CChar](repeating: 0, count: 32)
        CICU_unicodeVersion(&buf, 32)
        return stringFromCBuffer(buf)
    }

    /// The character's name (`U_EXTENDED_CHAR_NAME`: controls and unassigned get `<control-001B>` style names).
    public static func name(_ scalar: Unicode.Scalar) -> String {
        var buf = [CChar](repeating: 0, count: 128)
        _ = CICU_charName(Int32(scalar.value), &buf, 128)
        return stringFromCBuffer(buf)
    }

    /// The Bidi_Class.
    public static func bidiClass(_ scalar: Unicode.Scalar) -> BidiClass {
        BidiClass(rawValue: UInt8(CICU_charDirection(Int32(scalar.value)))) ?? .L
    }

    @inline(__always) static func bidiClassRaw(_ c: UInt32) -> Int32 { CICU_charDirection(Int32(bitPattern: c)) }

    /// The Bidi_Mirroring_Glyph of `scalar`, or nil when it has none.
    public static func mirror(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let m = CICU_charMirror(Int32(scalar.value))
        return m == Int32(scalar.value) ? nil : Unicode.Scalar(UInt32(m))
    }

    @inline(__always) static func mirrorRaw(_ c: UInt32) -> UInt32 { UInt32(CICU_charMirror(Int32(bitPattern: c))) }

    /// ICU's general category number (UCharCategory).
    @inline(__always) static func generalCategory(_ c: UInt32) -> Int32 { CICU_charType(Int32(bitPattern: c)) }

    /// True for nonspacing, enclosing and spacing combining marks (Mn, Me, Mc).
    @inline(__always) static func isMark(_ c: UInt32) -> Bool {
        let t = generalCategory(c)
        return t == 6 || t == 7 || t == 8
    }

    /// True for nonspacing, enclosing and spacing combining marks (Mn, Me, Mc), by ICU's data.
    public static func isMark(_ scalar: Unicode.Scalar) -> Bool { isMark(scalar.value) }
}

/// The Unicode Bidi_Class values, numbered as ICU's UCharDirection.
public enum BidiClass: UInt8, Sendable, CaseIterable {
    /// The classes in ICU's order: L, R, EN, ES, ET, AN, CS, B, S, WS, ON, LRE, LRO, AL, RLE, RLO,
    /// PDF, NSM, BN, FSI, LRI, RLI, PDI (UAX #9, table 4).
    case L = 0, R, EN, ES, ET, AN, CS, B, S, WS, ON, LRE, LRO, AL, RLE, RLO, PDF, NSM, BN, FSI, LRI, RLI, PDI

    /// True for the classes that rule X9 removes (embeddings, overrides, PDF, BN).
    public var isRemovedByX9: Bool {
        switch self {
        case .LRE, .RLE, .LRO, .RLO, .PDF, .BN: return true
        default: return false
        }
    }

    /// True for the explicit directional formatting characters and marks.
    public var isExplicit: Bool {
        switch self {
        case .LRE, .RLE, .LRO, .RLO, .PDF, .LRI, .RLI, .FSI, .PDI: return true
        default: return false
        }
    }
}
