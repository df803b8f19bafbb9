/// A resolved direction: left-to-right or right-to-left.
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
    case ltr, rtl

    /// The other direction.
    public var flipped: LayoutDirection { self == .ltr ? .rtl : .ltr }
    public var isRTL: Bool { self == .rtl }

    /// The direction of a locale (R1): RTL for ar, arc, ckb, dv, fa, he, ps, sd, ug, ur, yi (and the
    /// legacy code iw), LTR for everything else. Accepts `ar`, `ar_EG`, `ar-EG`, `ar_EG.UTF-8`, `he@x`.
    public init(locale: String) {
        let lang = Locales.language(of: locale)
        self = Locales.rtlLanguages.contains(lang) ? .rtl : .ltr
    }
}

/// The base (paragraph) direction asked for: a fixed one, or `auto` (UAX #9 P2–P3: the first strong
/// character outside isolates, falling back to `fallback` when there is none).
public enum BaseDirection: Sendable, Hashable {
    case ltr
    case rtl
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
}

/// Locale helpers.
public enum Locales {
    /// The languages whose script is written right to left (R1).
    public static let rtlLanguages: Set<String> = ["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ps", "sd", "ug", "ur", "yi"]

    /// The language subtag of a POSIX or BCP 47 locale name, lower-cased (`ar_EG.UTF-8` → `ar`).
    public static func language(of locale: String) -> String {
        var end = locale.endIndex
        if let i = locale.firstIndex(where: { $0 == "_" || $0 == "-" || $0 == "." || $0 == "@" }) { end = i }
        return locale[..<end].lowercased()
    }
}
