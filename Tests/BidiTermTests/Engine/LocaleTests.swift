import TestSupport
import XCTest
@testable import BidiTerm

/// R1 and R6 for any locale name: the direction from the locale's script (its own, or the likely
/// one from CLDR through ICU), the digits from CLDR.
final class LocaleTests: XCTestCase {
    /// R1's list, each as a bare language and with a region, POSIX and BCP 47.
    func test_R1_theListedLanguagesAreRightToLeft() {
        for l in ["ar", "arc", "ckb", "dv", "fa", "he", "ps", "sd", "ug", "ur", "yi"] {
            XCTAssertEqual(LayoutDirection(locale: l), .rtl, l)
        }
        for l in ["ar_EG.UTF-8", "ur-PK", "ur_PK.UTF-8", "fa_IR", "he_IL.utf8", "ckb-IQ", "ps_AF", "iw", "iw_IL", "he@x", "yi_US"] {
            XCTAssertEqual(LayoutDirection(locale: l), .rtl, l)
        }
    }

    /// Scripts rather than a list: N'Ko, Adlam, Syriac, Thaana, Rohingya, Arabic-script Punjabi and
    /// Kashmiri are right to left; the same languages in another script are not.
    func test_R1_directionFollowsTheScript_givenOrLikely() {
        for l in ["nqo", "nqo-GN", "ff-Adlm", "ff-Adlm-GN", "syr", "dv-MV", "rhg-Rohg", "pa-Arab", "ks", "az-Arab", "ku-Arab", "ar-XB"] {
            XCTAssertEqual(LayoutDirection(locale: l), .rtl, l)
        }
        for l in ["ff", "ff-Latn", "sd-Deva", "sd_IN@devanagari", "ks_IN@devanagari", "ku", "pa", "en", "en-XA", "sr@latin", "de_DE@euro", "tr"] {
            XCTAssertEqual(LayoutDirection(locale: l), .ltr, l)
        }
    }

    func test_namesThatAreNoLocale_areLeftToRight_andHaveNoInfo() {
        for l in ["", "C", "POSIX", "C.UTF-8", "not a locale", "ar EG", "ar_EG!", "-ar", "x"] {
            XCTAssertEqual(LayoutDirection(locale: l), .ltr, "'\(l)'")
            XCTAssertNil(Locales.info(of: l), "'\(l)'")
        }
    }

    func test_canonicalTags() {
        XCTAssertEqual(Locales.canonicalTag("ur_PK.UTF-8"), "ur-PK")
        XCTAssertEqual(Locales.canonicalTag("iw"), "he")
        XCTAssertEqual(Locales.canonicalTag("sd_IN@devanagari"), "sd-Deva-IN")
        XCTAssertEqual(Locales.canonicalTag("AR-eg"), "ar-EG")
        XCTAssertEqual(Locales.canonicalTag("ar-u-nu-latn"), "ar-u-nu-latn")
        XCTAssertEqual(Locales.canonicalTag("ar_XB"), "ar-XB")
    }

    /// R6 from CLDR: Urdu and Uyghur use Western digits, Sorani and Sindhi Arabic-Indic, Pashto,
    /// Kashmiri and Urdu in India extended Arabic-Indic.
    func test_R6_digitsFromCLDR() {
        XCTAssertEqual(NumeralSystem.forLocale("ur"), .latn)
        XCTAssertEqual(NumeralSystem.forLocale("ur-IN"), .arabext)
        XCTAssertEqual(NumeralSystem.forLocale("ckb"), .arab)
        XCTAssertEqual(NumeralSystem.forLocale("sd"), .arab)
        XCTAssertEqual(NumeralSystem.forLocale("ps"), .arabext)
        XCTAssertEqual(NumeralSystem.forLocale("ks"), .arabext)
        XCTAssertEqual(NumeralSystem.forLocale("ug"), .latn)
        XCTAssertEqual(NumeralSystem.forLocale("ar-u-nu-latn"), .latn)
    }
}
