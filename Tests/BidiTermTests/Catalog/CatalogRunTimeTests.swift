import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// The catalog-level notions `preview`, `render --screen` and `check` share: entries marked not to
/// be translated, fuzzy translations left out as the program leaves them out, the plural form a
/// count selects that an entry lacks, and each format's platform paragraph direction (R33).
final class CatalogRunTimeTests: XCTestCase {
    func test_doNotTranslate_inAndroidXCStringsAndXLIFF() throws {
        let android = try loadCatalog("""
            <resources><string name="a" translatable="false">ShopKit</string><string name="b">Cart</string></resources>
            """, name: "values/strings.xml")
        XCTAssertEqual(android.doNotTranslateKeys, ["a"])
        let xcstrings = try loadCatalog(#"{"sourceLanguage": "en", "version": "1.0", "strings": {"Brand": {"shouldTranslate": false}, "Hi": {}}}"#,
                                        name: "Localizable.xcstrings")
        XCTAssertEqual(xcstrings.doNotTranslateKeys, ["Brand"])
        let xliff = try loadCatalog("""
            <xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" target-language="ar" datatype="plaintext" original="x"><body>
            <trans-unit id="legal" translate="no"><source>Example Corp</source></trans-unit><trans-unit id="hi"><source>Hi</source></trans-unit>
            </body></file></xliff>
            """, name: "ar.xlf")
        XCTAssertEqual(xliff.doNotTranslateKeys, ["legal"])
        let xliff2 = try loadCatalog("""
            <xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en" trgLang="ar"><file id="f">
            <unit id="legal" translate="no"><segment><source>Example Corp</source></segment></unit></file></xliff>
            """, name: "ar.xlf")
        XCTAssertEqual(xliff2.doNotTranslateKeys, ["legal"])
    }

    func test_withoutFuzzyTranslations_leavesThemOut_keepsTheEntries() throws {
        let po = try loadCatalog("""
            msgid ""
            msgstr "Language: ar\\n"

            #, fuzzy
            msgid "Checkout"
            msgstr "الدفع"

            msgid "Cart"
            msgstr "السلة"
            """, name: "ar.po")
        XCTAssertEqual(po.fuzzyCount, 1)
        let shipped = po.withoutFuzzyTranslations
        XCTAssertNil(shipped.lookup("Checkout"), "msgfmt leaves the fuzzy translation out")
        XCTAssertEqual(shipped.lookup("Cart"), "السلة")
        XCTAssertEqual(shipped.entry("Checkout")?.line, po.entry("Checkout")?.line, "the entry and its position stay")
        XCTAssertEqual(shipped.entry("Checkout")?.isFuzzy, true)
    }

    func test_missingForm_namesTheFormACountSelects() throws {
        let android = try loadCatalog("""
            <resources><plurals name="left"><item quantity="one">بقي عنصر</item><item quantity="other">بقي %d عنصر</item></plurals></resources>
            """, name: "values-ar/strings.xml")
        let e = try XCTUnwrap(android.entry("left"))
        XCTAssertEqual(android.missingForm(of: e, count: 3), "few")
        XCTAssertEqual(android.missingForm(of: e, count: 11), "many")
        XCTAssertNil(android.missingForm(of: e, count: 1))
        XCTAssertNil(android.missingForm(of: e, count: 100), "other is there")
        let po = try loadCatalog("""
            msgid ""
            msgstr ""
            "Plural-Forms: nplurals=3; plural=n==1 ? 0 : n==2 ? 1 : 2;\\n"

            msgid "%d file"
            msgid_plural "%d files"
            msgstr[0] "קובץ אחד"
            msgstr[1] ""
            msgstr[2] "%d קבצים"
            """, name: "he.po")
        let f = try XCTUnwrap(po.entry("%d file"))
        XCTAssertEqual(po.missingForm(of: f, count: 2), "form 1")
        XCTAssertNil(po.missingForm(of: f, count: 5))
    }

    func test_R33_platformTextDirection_ofEachFormat() {
        for f in [CatalogFormat.po, .mo, .strings, .stringsdict, .xcstrings, .androidXML, .qtTS, .qtQM] {
            XCTAssertEqual(f.platformTextDirection, .firstStrong, "\(f)")
        }
        for f in [CatalogFormat.json, .arb, .xliff12, .xliff20] { XCTAssertEqual(f.platformTextDirection, .layout, "\(f)") }
    }
}
