import XCTest
@testable import BidiTerm

/// The helpers an app formats with: numbers, prices, percentages and counts as ICU writes them in
/// the locale (R6), and the user's language from the environment.
final class FormattingHelpersTests: XCTestCase {
    let locales = ["ar", "he", "fa", "en"]

    /// A fixed number of decimals keeps its trailing zeros, in each system's digits, as ICU writes
    /// the number for the convention locale.
    func test_R6_fractionDigits_keepTrailingZeros() {
        XCTAssertEqual(NumeralSystem.arab.format(12.9, fractionDigits: 2), "١٢٫٩٠")
        XCTAssertEqual(NumeralSystem.latn.format(12.9, fractionDigits: 2), "12.90")
        XCTAssertEqual(NumeralSystem.arabext.format(12.9, fractionDigits: 2), "۱۲٫۹۰")
        XCTAssertEqual(NumeralSystem.latn.format(1234.5, fractionDigits: 1), "1234.5", "no grouping")
        XCTAssertEqual(NumeralSystem.latn.format(7.25, fractionDigits: 0), "7")
        for system in NumeralSystem.allCases {
            for x in [0.0, 0.5, 12.9, 1249.5, -3.1] {
                XCTAssertEqual(system.format(x, fractionDigits: 2),
                               NumberStyle(fractionDigits: 2, grouping: false).format(x, locale: system.conventionLocale, numerals: system),
                               "\(system) \(x)")
            }
        }
        // Up to a number of decimals drops them (slider ticks).
        XCTAssertEqual(NumeralSystem.arab.format(12.9, maximumFractionDigits: 2), "١٢٫٩")
        XCTAssertEqual(NumeralSystem.latn.format(0.5, maximumFractionDigits: 2), "0.5")
    }

    /// Counts: the category and the number are ICU's own (`uplrules_select`, `unumf`) for every
    /// whole number up to 120 in Arabic, Hebrew, Persian and English.
    func test_R6_counts_takeICUsCategoryAndNumber() throws {
        var forms: [PluralCategory: String] = [:]
        for c in PluralCategory.allCases { forms[c] = "\(c.rawValue):{count}" }
        for locale in locales {
            let rules = PluralRules(locale: locale)
            for n in 0...120 {
                let expected = "\(rules.category(for: Double(n)).rawValue):" + (NumberStyle().format(Double(n), locale: locale) ?? "?")
                XCTAssertEqual(NumberStyle().format(count: Double(n), forms: forms, locale: locale), expected, "\(locale) \(n)")
            }
        }
        // CLDR's categories, as a reader knows them.
        let files: [PluralCategory: String] = [.zero: "لا ملفات", .one: "ملف واحد", .two: "ملفان",
                                               .few: "{count} ملفات", .many: "{count} ملفًا", .other: "{count} ملف"]
        XCTAssertEqual(NumberStyle().format(count: 0, forms: files, locale: "ar"), "لا ملفات")
        XCTAssertEqual(NumberStyle().format(count: 3, forms: files, locale: "ar"), "٣ ملفات")
        XCTAssertEqual(NumberStyle().format(count: 11, forms: files, locale: "ar"), "١١ ملفًا")
        XCTAssertEqual(NumberStyle().format(count: 100, forms: files, locale: "ar"), "١٠٠ ملف")
        let items: [PluralCategory: String] = [.one: "פריט אחד", .two: "שני פריטים", .other: "{count} פריטים"]
        XCTAssertEqual(NumberStyle().format(count: 2, forms: items, locale: "he"), "שני פריטים")
        XCTAssertEqual(NumberStyle().format(count: 12, forms: items, locale: "he"), "12 פריטים")
        XCTAssertEqual(NumberStyle().format(count: 2, forms: [.one: "{count} فایل", .other: "{count} فایل"], locale: "fa"), "۲ فایل")
        // The category of the number as written: 1.0 is not "one" in English.
        XCTAssertEqual(NumberStyle().formatCounted(1, locale: "en")?.category, .one)
        let decimal = try XCTUnwrap(NumberStyle(fractionDigits: 1).formatCounted(1, locale: "en"))
        XCTAssertEqual(decimal.text, "1.0")
        XCTAssertEqual(decimal.category, .other)
        // A form missing for the category falls back to `other`; no `other` at all is nil.
        XCTAssertEqual(NumberStyle().format(count: 2, forms: [.other: "{count} items"], locale: "he"), "2 items")
        XCTAssertNil(NumberStyle().format(count: 2, forms: [.one: "x"], locale: "en"))
        XCTAssertNil(NumberStyle(currency: "NOTACODE").format(count: 2, forms: [.other: "x"], locale: "en"))
    }

    /// Prices and percentages through the same formatter, in each locale's own digits.
    func test_R6_pricesAndPercentages_asTheLocaleWritesThem() {
        XCTAssertEqual(NumberStyle(currency: "USD").format(12.9, locale: "en"), "$12.90")
        XCTAssertEqual(NumberStyle(percent: true).format(0.42, locale: "en"), "42%")
        XCTAssertEqual(NumberStyle(percent: true).format(0.42, locale: "fa"), "۴۲٪")
        let ils = NumberStyle(currency: "ILS").format(12.9, locale: "he") ?? ""
        XCTAssertTrue(ils.contains("12.90") && ils.contains("₪"), ils)
        let sar = NumberStyle(currency: "SAR").format(1249.5, locale: "ar-SA") ?? ""
        XCTAssertTrue(sar.contains("١٬٢٤٩٫٥٠"), sar)
    }

    func test_theUsersLanguage_fromTheEnvironment() {
        let offered: Set<String> = ["en", "he", "ar"]
        XCTAssertEqual(Locales.userLanguage(environment: ["LANGUAGE": "fr:he", "LANG": "en_US.UTF-8"], offered: offered), "he")
        XCTAssertEqual(Locales.userLanguage(environment: ["LANGUAGE": "fr:de", "LANG": "fa_IR.UTF-8"], offered: offered), "fa_IR.UTF-8",
                       "LANG is returned whether offered or not")
        XCTAssertEqual(Locales.userLanguage(environment: ["LANGUAGE": "fr:he"]), "fr", "nothing offered: the first that is a locale")
        XCTAssertEqual(Locales.userLanguage(environment: ["LC_ALL": "ar_EG.UTF-8", "LC_MESSAGES": "he_IL", "LANG": "en_US"]), "ar_EG.UTF-8")
        XCTAssertEqual(Locales.userLanguage(environment: ["LC_ALL": "", "LC_MESSAGES": "he_IL", "LANG": "en_US"]), "he_IL")
        XCTAssertEqual(Locales.userLanguage(environment: ["LANG": "C"]), "C")
        XCTAssertEqual(Locales.userLanguage(environment: ["LANGUAGE": "::"], fallback: "ar"), "ar")
        XCTAssertEqual(Locales.userLanguage(environment: [:]), "en")
    }
}
