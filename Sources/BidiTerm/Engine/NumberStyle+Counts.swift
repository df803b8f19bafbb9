import CICU

/// A number as the locale writes it and the plural category of the number as written.
public struct FormattedCount: Sendable, Hashable {
    /// The number as ICU writes it (`٣`, `1.5`, `12%`).
    public var text: String
    /// Its CLDR plural category in the locale, chosen from the number as written
    /// (`uplrules_selectFormatted`): in English `1` is `.one`, `1.0` is `.other`.
    public var category: PluralCategory
}

extension NumberStyle {
    /// `value` written in `locale` (with `numerals` instead of the locale's digits when given)
    /// and its plural category, both from ICU (`unumf`, `uplrules_selectFormatted`); nil when ICU
    /// rejects the style.
    ///
    ///     NumberStyle().formatCounted(2, locale: "he")?.category             // .two
    ///     NumberStyle(fractionDigits: 1).formatCounted(1, locale: "en")?.text // "1.0", .other
    public func formatCounted(_ value: Double, locale: String, numerals: NumeralSystem? = nil) -> FormattedCount? {
        let id = icuLocaleID(locale, numerals: numerals)
        let sk = Array(skeleton.utf16)
        var out = [UInt16](repeating: 0, count: 128)
        var keyword = [CChar](repeating: 0, count: 16)
        var err: Int32 = 0
        var n = CICU_formatNumberPlural(id, sk, Int32(sk.count), value, &out, Int32(out.count), &keyword, 16, &err)
        if err == 15 {  // U_BUFFER_OVERFLOW_ERROR
            out = [UInt16](repeating: 0, count: Int(n) + 1)
            err = 0
            n = CICU_formatNumberPlural(id, sk, Int32(sk.count), value, &out, Int32(out.count), &keyword, 16, &err)
        }
        guard err <= 0 else { return nil }
        return FormattedCount(text: String(decoding: out[0..<Int(n)], as: UTF16.self),
                              category: PluralCategory(rawValue: stringFromCBuffer(keyword)) ?? .other)
    }

    /// A count in words: the form of `forms` for the plural category the number takes in `locale`
    /// (ICU's rules, CLDR's data: Arabic has six categories, Hebrew three, English two), with
    /// `{count}` in it replaced by the number as the locale writes it; the `.other` form when
    /// `forms` has none for the category; nil when it has neither, or ICU rejects the style.
    ///
    ///     let items: [PluralCategory: String] = [.one: "פריט אחד", .two: "שני פריטים", .other: "{count} פריטים"]
    ///     NumberStyle().format(count: 2, forms: items, locale: "he")   // "שני פריטים"
    ///     NumberStyle().format(count: 12, forms: items, locale: "he")  // "12 פריטים"
    ///
    ///     let files: [PluralCategory: String] = [.zero: "لا ملفات", .one: "ملف واحد", .two: "ملفان",
    ///                                            .few: "{count} ملفات", .many: "{count} ملفًا", .other: "{count} ملف"]
    ///     NumberStyle().format(count: 3, forms: files, locale: "ar")   // "٣ ملفات"
    ///     NumberStyle().format(count: 11, forms: files, locale: "ar")  // "١١ ملفًا"
    public func format(count: Double, forms: [PluralCategory: String], locale: String,
                       numerals: NumeralSystem? = nil) -> String? {
        guard let counted = formatCounted(count, locale: locale, numerals: numerals),
              let form = forms[counted.category] ?? forms[.other] else { return nil }
        return form.replacingCount(with: counted.text)
    }
}

extension String {
    /// The string with every `{count}` replaced by `number`.
    fileprivate func replacingCount(with number: String) -> String {
        var out = ""
        var rest = Substring(self)
        while let r = rest.firstRange(of: "{count}") {
            out += rest[..<r.lowerBound]
            out += number
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
