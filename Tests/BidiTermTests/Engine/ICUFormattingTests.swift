import TestSupport
import XCTest
@testable import BidiTerm

/// R6 and the plural rules: numbers, currencies and plural categories come from ICU (CLDR), through
/// the CICU shim's number formatter, plural rules and MessageFormat.
final class ICUFormattingTests: XCTestCase {
    /// Grouping, decimals, percent and currency in six right-to-left locales, against what ICU's
    /// classic C formatter (`unum_open` with the style and attributes, not a skeleton) writes. The
    /// expected strings are that program's output: `Scripts/icu-number-reference.c`.
    func test_R6_numbersMatchICUsOwnFormatter() {
        let cases: [(String, NumberStyle, Double, String)] = [
            ("ar", NumberStyle(fractionDigits: 2), 1249.5, "\u{0661}\u{066C}\u{0662}\u{0664}\u{0669}\u{066B}\u{0665}\u{0660}"),
            ("ar", NumberStyle(), 1_000_000, "\u{0661}\u{066C}\u{0660}\u{0660}\u{0660}\u{066C}\u{0660}\u{0660}\u{0660}"),
            ("ar", NumberStyle(percent: true), 0.42, "\u{0664}\u{0662}\u{066A}\u{061C}"),
            ("ar", NumberStyle(currency: "SAR"), 1249.5, "\u{200F}\u{0661}\u{066C}\u{0662}\u{0664}\u{0669}\u{066B}\u{0665}\u{0660}\u{00A0}\u{0631}\u{002E}\u{0633}\u{002E}\u{200F}"),
            ("ar-SA", NumberStyle(fractionDigits: 2), 1249.5, "\u{0661}\u{066C}\u{0662}\u{0664}\u{0669}\u{066B}\u{0665}\u{0660}"),
            ("ar-SA", NumberStyle(), 1_000_000, "\u{0661}\u{066C}\u{0660}\u{0660}\u{0660}\u{066C}\u{0660}\u{0660}\u{0660}"),
            ("ar-SA", NumberStyle(percent: true), 0.42, "\u{0664}\u{0662}\u{066A}\u{061C}"),
            ("ar-SA", NumberStyle(currency: "SAR"), 1249.5, "\u{200F}\u{0661}\u{066C}\u{0662}\u{0664}\u{0669}\u{066B}\u{0665}\u{0660}\u{00A0}\u{0631}\u{002E}\u{0633}\u{002E}\u{200F}"),
            ("fa", NumberStyle(fractionDigits: 2), 1249.5, "\u{06F1}\u{066C}\u{06F2}\u{06F4}\u{06F9}\u{066B}\u{06F5}\u{06F0}"),
            ("fa", NumberStyle(), 1_000_000, "\u{06F1}\u{066C}\u{06F0}\u{06F0}\u{06F0}\u{066C}\u{06F0}\u{06F0}\u{06F0}"),
            ("fa", NumberStyle(percent: true), 0.42, "\u{06F4}\u{06F2}\u{066A}"),
            ("fa", NumberStyle(currency: "IRR"), 1249.5, "\u{200E}\u{0631}\u{06CC}\u{0627}\u{0644}\u{00A0}\u{06F1}\u{066C}\u{06F2}\u{06F5}\u{06F0}"),
            ("he", NumberStyle(fractionDigits: 2), 1249.5, "\u{0031}\u{002C}\u{0032}\u{0034}\u{0039}\u{002E}\u{0035}\u{0030}"),
            ("he", NumberStyle(), 1_000_000, "\u{0031}\u{002C}\u{0030}\u{0030}\u{0030}\u{002C}\u{0030}\u{0030}\u{0030}"),
            ("he", NumberStyle(percent: true), 0.42, "\u{0034}\u{0032}\u{0025}"),
            ("he", NumberStyle(currency: "ILS"), 1249.5, "\u{200F}\u{0031}\u{002C}\u{0032}\u{0034}\u{0039}\u{002E}\u{0035}\u{0030}\u{00A0}\u{200F}\u{20AA}"),
            ("ur", NumberStyle(fractionDigits: 2), 1249.5, "\u{0031}\u{002C}\u{0032}\u{0034}\u{0039}\u{002E}\u{0035}\u{0030}"),
            ("ur", NumberStyle(), 1_000_000, "\u{0031}\u{002C}\u{0030}\u{0030}\u{0030}\u{002C}\u{0030}\u{0030}\u{0030}"),
            ("ur", NumberStyle(percent: true), 0.42, "\u{0034}\u{0032}\u{0025}"),
            ("ur", NumberStyle(currency: "PKR"), 1249.5, "\u{0052}\u{0073}\u{00A0}\u{0031}\u{002C}\u{0032}\u{0034}\u{0039}\u{002E}\u{0035}\u{0030}"),
            ("ckb", NumberStyle(fractionDigits: 2), 1249.5, "\u{0661}\u{066C}\u{0662}\u{0664}\u{0669}\u{066B}\u{0665}\u{0660}"),
            ("ckb", NumberStyle(), 1_000_000, "\u{0661}\u{066C}\u{0660}\u{0660}\u{0660}\u{066C}\u{0660}\u{0660}\u{0660}"),
            ("ckb", NumberStyle(percent: true), 0.42, "\u{0664}\u{0662}\u{00A0}\u{066A}"),
            ("ckb", NumberStyle(currency: "IQD"), 1249.5, "\u{0661}\u{066C}\u{0662}\u{0665}\u{0660}\u{00A0}\u{062F}\u{002E}\u{0639}\u{002E}\u{200F}"),
        ]
        for (locale, style, value, expected) in cases {
            XCTAssertEqual(style.format(value, locale: locale), expected, "\(locale) \(style.skeleton)")
        }
    }

    /// A decimal written with trailing zeros keeps them; an override of the digits applies.
    func test_R6_decimalTextKeepsItsDecimals_andDigitsCanBeOverridden() {
        XCTAssertEqual(NumberStyle().format(decimal: "1249.50", locale: "ar"), "١٬٢٤٩٫٥٠")
        XCTAssertEqual(NumberStyle().format(1249.5, locale: "ar"), "١٬٢٤٩٫٥")
        XCTAssertEqual(NumberStyle().format(1_000_000, locale: "ar", numerals: .latn), "1,000,000")
        XCTAssertEqual(NumberStyle().format(42, locale: "he", numerals: .arab), "٤٢")
        XCTAssertEqual(NumberStyle(grouping: false).format(1_000_000, locale: "fa"), "۱۰۰۰۰۰۰")
        XCTAssertNil(NumberStyle(currency: "XQ").format(1, locale: "ar"), "an invalid currency code is rejected")
    }

    /// Compact and unit forms come from CLDR too.
    func test_R6_compactAndUnits() {
        XCTAssertEqual(NumberStyle(compact: .short).format(1_200_000, locale: "en"), "1.2M")
        XCTAssertEqual(NumberStyle(unit: "kilometer", unitWidth: .long).format(3, locale: "en"), "3 kilometers")
        let arabic = NumberStyle(compact: .long).format(1_200_000, locale: "ar")
        XCTAssertNotNil(arabic)
        XCTAssertTrue(arabic!.contains("مليون"), arabic!)
        XCTAssertEqual(NumberStyle(unit: "megabyte").format(5, locale: "he"), "5 MB")
    }

    /// CLDR's categories and samples: Arabic has six forms and 0, 1, 2, 3, 11, 100 reach them.
    func test_pluralRules_categoriesAndSamples() {
        let ar = PluralRules(locale: "ar")
        XCTAssertEqual(ar.categories, [.zero, .one, .two, .few, .many, .other])
        XCTAssertEqual(ar.sampleNumbers, [0, 1, 2, 3, 11, 100])
        for (n, c) in zip(ar.sampleNumbers, ar.categories) { XCTAssertEqual(ar.category(for: n), c) }
        XCTAssertEqual(ar.category(for: 1.5), .other)
        XCTAssertEqual(PluralRules(locale: "he_IL.UTF-8").categories, [.one, .two, .other])
        XCTAssertEqual(PluralRules(locale: "fa").categories, [.one, .other])
        XCTAssertEqual(PluralRules(locale: "en").category(for: 1), .one)
    }

    /// MessageFormat: plural with `#`, offset, select and nesting, named arguments.
    func test_messageFormat_pluralSelectOffsetNested() throws {
        let pattern = "{n, plural, =0 {لا ملفات} one {ملف واحد} two {ملفان} few {# ملفات} many {# ملفًا} other {# ملف}}"
        let expected = ["لا ملفات", "ملف واحد", "ملفان", "٣ ملفات", "١١ ملفًا", "١٠٠ ملف"]
        for (n, text) in zip([0.0, 1, 2, 3, 11, 100], expected) {
            XCTAssertEqual(try MessageFormat.format(pattern, locale: "ar", arguments: [TextArgument("n", .number(n))]), text)
        }
        let nested = "{g, select, female {{n, plural, offset:1 =0 {nobody} one {she} other {she and # others}}} other {{n, plural, offset:1 =0 {nobody} one {he} other {he and # others}}}}"
        XCTAssertEqual(try MessageFormat.format(nested, locale: "en", arguments: [TextArgument("g", .string("female")), TextArgument("n", .number(3))]),
                       "she and 2 others")
        XCTAssertEqual(MessageFormat.pluralArguments(pattern), ["n"])
        XCTAssertTrue(MessageFormat.isMessageFormat(pattern))
        XCTAssertFalse(MessageFormat.isMessageFormat("{count} files, {name}"))
        XCTAssertThrowsError(try MessageFormat.format("{n, plural, one {x}", locale: "ar", arguments: [])) { error in
            XCTAssertTrue("\(error)".contains("U_"), "\(error)")
        }
    }
}
