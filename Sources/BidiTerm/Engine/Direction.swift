import CICU
import Synchronization

/// A resolved direction: left-to-right or right-to-left.
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable, Codable {
    /// Left to right.
    case ltr
    /// Right to left.
    case rtl

    /// The other direction.
    public var flipped: LayoutDirection { self == .ltr ? .rtl : .ltr }
    /// True for right to left.
    public var isRTL: Bool { self == .rtl }

    /// The direction of a locale (R1): right to left when the locale's script is (the script the
    /// name gives, else the likely script from CLDR's likely-subtags data through ICU), so `ar`,
    /// `ckb`, `dv`, `fa`, `he` (and `iw`), `ps`, `sd`, `ug`, `ur`, `yi`, `nqo` (N'Ko), `ff-Adlm`,
    /// `syr`, `ar-XB` are RTL and `sd-Deva`, `ks_IN@devanagari`, `ff` are not. Accepts BCP 47 tags
    /// and POSIX names: `ar`, `ar-EG`, `ar_EG.UTF-8`, `he@x`. A name that is no locale is LTR.
    public init(locale: String) {
        self = Locales.info(of: locale)?.isRightToLeft == true ? .rtl : .ltr
    }
}

/// The base (paragraph) direction asked for: a fixed one, or `auto` (UAX #9 P2–P3: the first strong
/// character outside isolates, falling back to `fallback` when there is none).
public enum BaseDirection: Sendable, Hashable {
    /// Left to right.
    case ltr
    /// Right to left.
    case rtl
    /// The first strong character's direction, or `fallback` when there is none.
    case auto(fallback: LayoutDirection)

    /// `auto` falling back to LTR.
    public static let autoLTR = BaseDirection.auto(fallback: .ltr)

    /// The same as `direction`.
    public init(_ direction: LayoutDirection) { self = direction == .ltr ? .ltr : .rtl }

    /// ICU's paragraph level for this direction: 0, 1, or UBIDI_DEFAULT_LTR/RTL (0xFE/0xFF).
    var icuLevel: UInt8 {
        switch self {
        case .ltr: return 0
        case .rtl: return 1
        case .auto(let f): return f == .ltr ? 0xFE : 0xFF
        }
    }

    /// The paragraph level before the text is looked at: 0 for LTR, 1 for RTL, the fallback's
    /// under `.auto` (the level of a paragraph without a strong character).
    var levelWithoutStrongText: UInt8 {
        switch self {
        case .ltr: return 0
        case .rtl: return 1
        case .auto(let f): return f == .ltr ? 0 : 1
        }
    }
}

/// Locale helpers.
public enum Locales {
    /// The languages whose script is written right to left that R1 names. The direction of a
    /// locale comes from ICU (`LayoutDirection(locale:)`), which knows these and every other.
    public static let rtlLanguages: Set<String> = ["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ps", "sd", "ug", "ur", "yi"]

    /// The language subtag of a POSIX or BCP 47 locale name, lower-cased (`ar_EG.UTF-8` → `ar`).
    public static func language(of locale: String) -> String {
        var end = locale.endIndex
        if let i = locale.firstIndex(where: { $0 == "_" || $0 == "-" || $0 == "." || $0 == "@" }) { end = i }
        return locale[..<end].lowercased()
    }

    /// What ICU knows of a locale name: its canonical BCP 47 tag and whether its script is written
    /// right to left.
    public struct Info: Sendable, Hashable {
        /// The canonical BCP 47 tag: `ar-EG` for `ar_EG.UTF-8`, `he` for `iw`, `sd-Deva-IN` for
        /// `sd_IN@devanagari`.
        public var tag: String
        /// Whether the locale's script (given or likely) is written right to left (R1).
        public var isRightToLeft: Bool
    }

    /// The canonical BCP 47 tag and the direction of a BCP 47 tag or POSIX locale name, or nil when
    /// it names no locale (`C`, `POSIX`, an empty or malformed name).
    ///
    /// A POSIX name `language[_territory][.codeset][@modifier]` loses its code set; the glibc
    /// modifiers that name a script (`@latin`, `@cyrillic`, `@devanagari`, `@arabic`, `@hebrew`)
    /// become that script, other modifiers (`@euro`) are dropped; `_` separates subtags like `-`.
    ///
    ///     Locales.info(of: "ur_PK.UTF-8")        // ur-PK, right to left
    ///     Locales.info(of: "sd_IN@devanagari")   // sd-Deva-IN, left to right
    public static func info(of name: String) -> Info? {
        if let cached = cache.withLock({ $0[name] }) { return cached }
        let value = computeInfo(name)
        cache.withLock { c in
            if c.count > 1024 { c.removeAll() }
            c[name] = value
        }
        return value
    }

    /// The canonical BCP 47 tag of a locale name (see `info(of:)`), or nil when it names no locale.
    public static func canonicalTag(_ name: String) -> String? { info(of: name)?.tag }

    private static let cache = Mutex<[String: Info?]>([:])

    /// The glibc locale modifiers that name a script, as ISO 15924 codes.
    private static let scriptModifiers = ["latin": "Latn", "cyrillic": "Cyrl", "devanagari": "Deva",
                                          "arabic": "Arab", "hebrew": "Hebr"]

    private static func computeInfo(_ name: String) -> Info? {
        var s = Substring(name)
        var modifier: Substring? = nil
        if let at = s.firstIndex(of: "@") {
            modifier = s[s.index(after: at)...]
            s = s[..<at]
        }
        if let dot = s.firstIndex(of: ".") { s = s[..<dot] }
        guard !s.isEmpty, s != "C", s != "POSIX", s.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return nil }
        var parts = s.split(separator: "_", omittingEmptySubsequences: false).joined(separator: "-")
            .split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        if let m = modifier.map({ $0.lowercased() }), let script = scriptModifiers[m], !parts.isEmpty {
            parts.insert(script, at: 1)
        }
        let tag = parts.joined(separator: "-")
        var buffer = [CChar](repeating: 0, count: 160)
        let rtl = CICU_localeInfo(tag, &buffer, Int32(buffer.count))
        guard rtl >= 0 else { return nil }
        let canonical = stringFromCBuffer(buffer)
        guard !canonical.isEmpty, canonical != "und" else { return nil }
        return Info(tag: canonical, isRightToLeft: rtl == 1)
    }
}
