import CICU

/// A decimal numbering system (R6): Western digits, Arabic-Indic digits, or the extended
/// Arabic-Indic digits Persian and Urdu use.
public enum NumeralSystem: String, Sendable, Hashable, CaseIterable {
    /// 0123456789
    case latn
    /// ٠١٢٣٤٥٦٧٨٩ (U+0660–U+0669)
    case arab
    /// ۰۱۲۳۴۵۶۷۸۹ (U+06F0–U+06F9)
    case arabext

    /// The code point of digit zero.
    public var zero: UInt32 {
        switch self {
        case .latn: return 0x30
        case .arab: return 0x660
        case .arabext: return 0x6F0
        }
    }

    /// The ten digits as a string.
    public var digits: String { String(String.UnicodeScalarView((0..<10).map { Unicode.Scalar(zero + $0)! })) }

    /// The locale's default numbering system, from ICU's locale data (CLDR): `ar` → `arab`,
    /// `ar_MA` → `latn`, `fa` → `arabext`, `he` → `latn`. A locale name may carry a `-u-nu-` or
    /// `@numbers=` override. Systems other than these three fall back to `latn`.
    public static func forLocale(_ locale: String) -> NumeralSystem {
        var name = [CChar](repeating: 0, count: 32)
        var digits = [UInt16](repeating: 0, count: 10)
        var err: Int32 = 0
        let icuLocale = locale.split(separator: ".").first.map(String.init) ?? locale
        _ = CICU_numberingSystem(icuLocale, &name, 32, &digits, &err)
        guard err <= 0 else { return .latn }
        return NumeralSystem(rawValue: stringFromCBuffer(name)) ?? .latn
    }

    /// The digit value of `c` if it is a decimal digit of one of the three systems.
    @inline(__always)
    public static func digitValue(_ c: UInt32) -> UInt32? {
        if c >= 0x30 && c <= 0x39 { return c - 0x30 }
        if c >= 0x660 && c <= 0x669 { return c - 0x660 }
        if c >= 0x6F0 && c <= 0x6F9 { return c - 0x6F0 }
        return nil
    }

    /// `text` with every digit of the three systems written in this system. Digits keep their
    /// order (R7): only the glyphs change.
    ///
    ///     NumeralSystem.arab.convert("الصفحة 12 من 30")  // "الصفحة ١٢ من ٣٠"
    public func convert(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var changed = false
        for s in text.unicodeScalars {
            if let v = NumeralSystem.digitValue(s.value) {
                let d = Unicode.Scalar(zero + v)!
                if d != s { changed = true }
                out.append(d)
            } else {
                out.append(s)
            }
        }
        return changed ? String(out) : text
    }

    /// In-place conversion of UTF-16 text (every digit is one unit, so lengths are kept).
    func convert(units: inout [UInt16]) {
        let z = UInt16(zero)
        for i in units.indices {
            let u = units[i]
            if u < 0x30 || (u > 0x39 && u < 0x660) || u > 0x6F9 { continue }
            if let v = NumeralSystem.digitValue(UInt32(u)) { units[i] = z + UInt16(v) }
        }
    }

    /// An integer written in this system: `format(42)` → `"٤٢"` for `.arab`.
    public func format(_ n: Int) -> String { convert(String(n)) }

    /// The locale whose conventions (separators, percent sign) go with these digits when a
    /// widget has digits but no locale: `en` for latn, `ar` for arab, `fa` for arabext.
    var conventionLocale: String {
        switch self {
        case .latn: return "en"
        case .arab: return "ar"
        case .arabext: return "fa"
        }
    }

    /// A number with exactly `fractionDigits` decimals (a price of 12.9 with 2 is `١٢٫٩٠` in
    /// `arab`, `12.90` in `latn`), in this system, written by ICU (R6) with the separators of the
    /// convention locale (`conventionLocale`) and no grouping. `maximumFractionDigits:` drops
    /// trailing zeros instead.
    ///
    ///     NumeralSystem.arab.format(12.9, fractionDigits: 2)         // "١٢٫٩٠"
    ///     NumeralSystem.latn.format(0.5, fractionDigits: 0)          // "0" (rounded half to even)
    public func format(_ x: Double, fractionDigits: Int) -> String {
        let f = max(0, min(fractionDigits, 15))
        let skeleton = f > 0 ? "." + String(repeating: "0", count: f) + " group-off" : "precision-integer group-off"
        return NumberStyle.format(x, skeleton: skeleton, locale: icuLocaleID(conventionLocale, numerals: self))
            ?? convert(String(x))
    }

    /// A number with up to `maximumFractionDigits` decimals, trailing zeros dropped (`٠٫٥` in
    /// `arab`, `0.5` in `latn` for 0.50 with 2), as `format(_:fractionDigits:)` writes it otherwise:
    /// for labels such as a slider's ticks, where `0.5` reads better than `0.50`.
    ///
    ///     NumeralSystem.arab.format(12.9, maximumFractionDigits: 2)  // "١٢٫٩"
    public func format(_ x: Double, maximumFractionDigits: Int) -> String {
        let digits = String(repeating: "#", count: max(0, min(maximumFractionDigits, 15)))
        let skeleton = maximumFractionDigits > 0 ? "." + digits + " group-off" : "precision-integer group-off"
        return NumberStyle.format(x, skeleton: skeleton, locale: icuLocaleID(conventionLocale, numerals: self))
            ?? convert(String(x))
    }

    /// A percentage as CLDR writes it for these digits, through ICU: `42%` (latn), `٤٢٪؜` (arab,
    /// with the Arabic percent sign and an Arabic letter mark), `۴۲٪` (arabext).
    public func format(percent: Int) -> String {
        NumberStyle.format(Double(percent), skeleton: "percent group-off", locale: icuLocaleID(conventionLocale, numerals: self))
            ?? convert(String(percent)) + "%"
    }
}
