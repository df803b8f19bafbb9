import CICU
import Synchronization

/// The ICU locale ID of a locale name (`ar-SA`, `fa_IR.UTF-8`, `ar-u-nu-latn`), with a numbering
/// system when `numerals` is given (`ar@numbers=latn`): what the plural rules and number formatters
/// below, and `MessageFormat` (Catalog/MessageFormat.swift), are opened with.
func icuLocaleID(_ locale: String, numerals: NumeralSystem? = nil) -> String {
    let name = Locales.canonicalTag(locale) ?? locale
    var out = [CChar](repeating: 0, count: 160)
    _ = CICU_localeID(name, numerals?.rawValue ?? "", &out, Int32(out.count))
    return stringFromCBuffer(out)
}

/// A CLDR plural category: the forms a catalog gives a countable message in.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    /// No items (Arabic 0, Latvian 0, 10–20…).
    case zero
    /// One item (and what a locale groups with it: French 0 and 1, Russian 21…).
    case one
    /// Two items (Arabic, Hebrew, Slovenian).
    case two
    /// A few items (Arabic 3–10, Polish 2–4…).
    case few
    /// Many items (Arabic 11–99, Polish 5–21…).
    case many
    /// Every other number, and fractions in many locales.
    case other

    /// CLDR's order: zero, one, two, few, many, other.
    public static func < (a: PluralCategory, b: PluralCategory) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A locale's cardinal plural rules from CLDR, through ICU (`uplrules_select`,
/// `uplrules_getKeywords`, `PluralRules::getSamples`).
///
///     let ar = PluralRules(locale: "ar")
///     ar.categories                   // [.zero, .one, .two, .few, .many, .other]
///     ar.category(for: 11)            // .many
///     ar.samples.map(\.number)        // [0, 1, 2, 3, 11, 100]
public struct PluralRules: Sendable, Hashable {
    /// The locale as given.
    public let locale: String
    /// The ICU locale ID the rules come from.
    public let localeID: String
    /// The categories the locale uses, in CLDR's order (always ends with `other`).
    public let categories: [PluralCategory]
    /// One sample number per category, in CLDR's order: the smallest whole number CLDR gives for
    /// it, else its first sample (a fraction, for a category only fractions reach).
    public let samples: [(category: PluralCategory, number: Double)]

    /// The rules of `locale` (ICU falls back to the language, then to the root's `other`).
    public init(locale: String) {
        self.locale = locale
        let id = icuLocaleID(locale)
        self.localeID = id
        let cached = PluralRules.cache.withLock { $0[id] }
        let data = cached ?? PluralRules.load(id)
        if cached == nil { PluralRules.cache.withLock { $0[id] = data } }
        self.categories = data.categories
        self.samples = data.samples
    }

    /// The category of `n` (a fraction counts: `ar` gives `other` for 1.5).
    public func category(for n: Double) -> PluralCategory {
        var buf = [CChar](repeating: 0, count: 16)
        var err: Int32 = 0
        _ = CICU_pluralCategoryOf(localeID, n, &buf, 16, &err)
        return err > 0 ? .other : PluralCategory(rawValue: stringFromCBuffer(buf)) ?? .other
    }

    /// The sample numbers alone, in CLDR's order of the categories: ar → 0, 1, 2, 3, 11, 100.
    public var sampleNumbers: [Double] { samples.map(\.number) }

    /// Rules are equal when they come from the same locale name and ICU locale.
    public static func == (a: PluralRules, b: PluralRules) -> Bool { a.localeID == b.localeID && a.locale == b.locale }
    /// Hashes the locale name and the ICU locale.
    public func hash(into h: inout Hasher) { h.combine(locale); h.combine(localeID) }

    private struct Data: Sendable {
        var categories: [PluralCategory]
        var samples: [(category: PluralCategory, number: Double)]
    }

    private static let cache = Mutex<[String: Data]>([:])

    private static func load(_ id: String) -> Data {
        var buf = [CChar](repeating: 0, count: 128)
        var err: Int32 = 0
        _ = CICU_pluralKeywords(id, &buf, 128, &err)
        var categories = stringFromCBuffer(buf).split(separator: " ").compactMap { PluralCategory(rawValue: String($0)) }
        if !categories.contains(.other) { categories.append(.other) }
        categories.sort()
        var samples: [(PluralCategory, Double)] = []
        for c in categories {
            var integer = 0.0, first = 0.0
            var e: Int32 = 0
            let found = CICU_pluralSample(id, c.rawValue, &integer, &first, &e)
            samples.append((c, found == 1 ? integer : first))
        }
        return Data(categories: categories, samples: samples)
    }
}

/// How a number is written: ICU's number formatter (`unumf`, CLDR data) with a skeleton built from
/// these fields, in the locale and its numbering system (R6).
///
///     NumberStyle(fractionDigits: 2).format(1249.5, locale: "ar")      // "١٬٢٤٩٫٥٠"
///     NumberStyle(currency: "SAR").format(1249.5, locale: "ar-SA")    // "‏١٬٢٤٩٫٥٠ ر.س.‏"
///     NumberStyle(percent: true).format(0.42, locale: "fa")           // "۴۲٪"
public struct NumberStyle: Sendable, Hashable {
    /// Fixed decimals (`fraction: 2` keeps 1249.50's zero); `nil` shows what the value has, up to
    /// six decimals (or what the currency takes, for a currency).
    public var fractionDigits: Int?
    /// Grouping separators (`1,000,000`) as the locale uses them; `false` turns them off.
    public var grouping: Bool
    /// The value is a fraction shown as a percentage: 0.42 → 42%.
    public var percent: Bool
    /// An ISO 4217 code (`SAR`, `ILS`, `IRR`): CLDR's symbol and placement for the locale.
    public var currency: String?
    /// Compact notation: `short` (1.2M) or `long` (1.2 million).
    public var compact: Compact?
    /// A CLDR unit (`kilometer`, `megabyte`, `length-kilometer`, `kilometer-per-hour`), written
    /// in full or short (`unitWidth`).
    public var unit: String?
    /// How a unit is written.
    public var unitWidth: UnitWidth

    /// Compact notation.
    public enum Compact: String, Sendable, Hashable, CaseIterable {
        /// `1.2K`.
        case short
        /// `1.2 thousand`.
        case long
    }
    /// The width of a unit's name: `short` (`km`), `long` (`kilometers`), `narrow` (`km`).
    public enum UnitWidth: String, Sendable, Hashable, CaseIterable {
        /// `5 km`.
        case short
        /// `5 kilometers`.
        case long
        /// `5km`.
        case narrow
    }

    /// A style; every field has the plain number's default.
    public init(fractionDigits: Int? = nil, grouping: Bool = true, percent: Bool = false, currency: String? = nil,
                compact: Compact? = nil, unit: String? = nil, unitWidth: UnitWidth = .short) {
        self.fractionDigits = fractionDigits
        self.grouping = grouping
        self.percent = percent
        self.currency = currency
        self.compact = compact
        self.unit = unit
        self.unitWidth = unitWidth
    }

    /// The ICU number skeleton of the style (`percent scale/100 .00 group-auto`).
    public var skeleton: String {
        var parts: [String] = []
        if percent { parts.append("percent scale/100") }
        if let currency { parts.append("currency/\(currency.uppercased())") }
        if let unit {
            parts.append("measure-unit/\(NumberStyle.unitIdentifier(unit))")
            parts.append(unitWidth == .long ? "unit-width-full-name" : unitWidth == .narrow ? "unit-width-narrow" : "unit-width-short")
        }
        if let compact { parts.append(compact == .short ? "compact-short" : "compact-long") }
        if let f = fractionDigits {
            let f = max(0, min(f, 15))
            parts.append(f == 0 ? "precision-integer" : "." + String(repeating: "0", count: f))
        } else if currency == nil && compact == nil {
            parts.append(".######")
        }
        parts.append(grouping ? "group-auto" : "group-off")
        return parts.joined(separator: " ")
    }

    /// `value` written in `locale` with `numerals` instead of the locale's digits when given; `nil`
    /// when ICU rejects the style (an unknown currency code or unit).
    public func format(_ value: Double, locale: String, numerals: NumeralSystem? = nil) -> String? {
        NumberStyle.run(skeleton, locale: icuLocaleID(locale, numerals: numerals)) { id, sk, n, out, cap, err in
            CICU_formatNumber(id, sk, n, value, out, cap, err)
        }
    }

    /// The same for a number given as decimal text (`1249.50`), which keeps every digit it has:
    /// with no `fractionDigits`, the decimals written are the decimals shown.
    public func format(decimal: String, locale: String, numerals: NumeralSystem? = nil) -> String? {
        var style = self
        if style.fractionDigits == nil, currency == nil, compact == nil, let dot = decimal.firstIndex(of: ".") {
            // A percentage shows the value times 100: two of the written decimals are gone.
            style.fractionDigits = max(0, decimal.distance(from: dot, to: decimal.endIndex) - 1 - (percent ? 2 : 0))
        }
        let bytes = Array(decimal.utf8).map { CChar(bitPattern: $0) }
        return NumberStyle.run(style.skeleton, locale: icuLocaleID(locale, numerals: numerals)) { id, sk, n, out, cap, err in
            CICU_formatDecimal(id, sk, n, bytes, Int32(bytes.count), out, cap, err)
        }
    }

    /// `kilometer` → `length-kilometer` for the common units; a name with a type (`length-…`) or
    /// a compound (`…-per-…`) is used as written.
    static func unitIdentifier(_ unit: String) -> String {
        if unit.contains("-") { return unit }
        let types: [String: String] = [
            "meter": "length", "kilometer": "length", "centimeter": "length", "millimeter": "length", "mile": "length",
            "foot": "length", "inch": "length", "gram": "mass", "kilogram": "mass", "pound": "mass",
            "second": "duration", "minute": "duration", "hour": "duration", "day": "duration", "week": "duration",
            "month": "duration", "year": "duration", "millisecond": "duration",
            "byte": "digital", "kilobyte": "digital", "megabyte": "digital", "gigabyte": "digital", "terabyte": "digital",
            "bit": "digital", "kilobit": "digital", "megabit": "digital",
            "liter": "volume", "milliliter": "volume", "celsius": "temperature", "fahrenheit": "temperature",
            "percent": "concentr", "hertz": "frequency", "megahertz": "frequency", "gigahertz": "frequency",
        ]
        return types[unit].map { "\($0)-\(unit)" } ?? unit
    }

    /// `value` written with a raw skeleton in an ICU locale ID.
    static func format(_ value: Double, skeleton: String, locale id: String) -> String? {
        run(skeleton, locale: id) { id, sk, n, out, cap, err in CICU_formatNumber(id, sk, n, value, out, cap, err) }
    }

    private static func run(_ skeleton: String, locale: String,
                            _ call: (String, [UInt16], Int32, UnsafeMutablePointer<UInt16>, Int32, UnsafeMutablePointer<Int32>) -> Int32) -> String? {
        let sk = Array(skeleton.utf16)
        var out = [UInt16](repeating: 0, count: 128)
        var err: Int32 = 0
        var n = call(locale, sk, Int32(sk.count), &out, Int32(out.count), &err)
        if err == 15 {  // U_BUFFER_OVERFLOW_ERROR
            out = [UInt16](repeating: 0, count: Int(n) + 1)
            err = 0
            n = call(locale, sk, Int32(sk.count), &out, Int32(out.count), &err)
        }
        guard err <= 0 else { return nil }
        return String(decoding: out[0..<Int(n)], as: UTF16.self)
    }
}
