import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// Apple `.stringsdict` files (`Fixtures/catalogs/stringsdict`): Arabic's six forms, Hebrew's
/// three with Foundation's `zero`, a format with two variables, a variable that is not the last
/// directive, and the problems an entry can have.
final class StringsDictCatalogTests: XCTestCase {
    private func load(_ name: String) throws -> Catalog { try CatalogFixture.load("stringsdict/\(name)") }

    func test_arabic_sixForms_areCLDRPlurals_chosenByCount() throws {
        let c = try load("ar.lproj/Localizable.stringsdict")
        XCTAssertEqual(c.format, .stringsdict)
        XCTAssertEqual(c.locale, "ar")
        XCTAssertEqual(c.warnings, [])
        let e = try XCTUnwrap(c.entry("files.deleted"))
        XCTAssertEqual(e.plurals.keys.sorted(), ["few", "many", "one", "other", "two", "zero"])
        XCTAssertEqual(e.comment, "Status bar after deleting files")
        XCTAssertEqual([e.line, e.column], [6, 2], "the position of its <key>")
        XCTAssertEqual(e.translation, "حُذف %d ملف")
        let expected = ["لم يُحذف أي ملف", "حُذف ملف واحد", "حُذف ملفان", "حُذفت %d ملفات", "حُذف %d ملفًا", "حُذف %d ملف"]
        XCTAssertEqual(PluralRules(locale: "ar").sampleNumbers.map { c.text(of: e, count: $0) }, expected)
        XCTAssertEqual(c.text(of: e, count: 103), "حُذفت %d ملفات", "103 is few, as CLDR says")
        XCTAssertEqual(c.missingForms(of: e).map(\.form), [])
    }

    /// Foundation uses `zero` for 0 in every language (Hebrew's rules have no zero category).
    func test_hebrew_zeroFormFor0_andTheDual() throws {
        let c = try load("he.lproj/Localizable.stringsdict")
        let e = try XCTUnwrap(c.entry("files.deleted"))
        XCTAssertEqual([0, 1, 2, 3, 20].map { c.text(of: e, count: $0) },
                       ["לא נמחקו קבצים", "נמחק קובץ אחד", "נמחקו שני קבצים", "נמחקו %d קבצים", "נמחקו %d קבצים"])
        XCTAssertEqual(c.missingForms(of: e).map(\.form), [], "zero is extra, not missing; one, two and other are there")
        var noDual = e
        noDual.plurals["two"] = nil
        XCTAssertEqual(c.missingForms(of: noDual).map(\.form), ["two"])
        XCTAssertEqual(c.missingForms(of: noDual).map(\.sample), [2])
        // Without a zero form, 0 follows the rules (Hebrew: other).
        let en = try loadCatalog(Self.plist(key: "k", format: "%#@n@", variables: ["n": ["one": "one file", "other": "%d files"]]), name: "en.stringsdict")
        XCTAssertEqual(en.text(of: en.entries[0], count: 0), "%d files")
    }

    /// Two variables: the format is the translation, each variable's forms are chosen by its own
    /// argument (by name, else by position), and the directives of each form take that argument.
    func test_twoVariables_eachChosenByItsOwnArgument() throws {
        let c = try load("ar.lproj/Localizable.stringsdict")
        let e = try XCTUnwrap(c.entry("files.summary"))
        XCTAssertEqual(e.translation, "%#@files@ في %#@folders@")
        XCTAssertEqual(e.plurals, [:])
        XCTAssertEqual(e.substitutionNames, ["files", "folders"])
        XCTAssertEqual(e.substitutions["folders"]?["two"], "مجلدين")
        let r = ScreenRenderer(catalogs: [c], locale: "ar")
        func text(_ args: [TextArgument], count: TextCount? = nil) -> String { r.resolve(.key("files.summary", args: args, count: count)).text }
        XCTAssertEqual(text([TextArgument("files", .number(3)), TextArgument("folders", .number(1))]), "٣ ملفات في مجلد واحد")
        XCTAssertEqual(text([TextArgument("folders", .number(11)), TextArgument("files", .number(2))]), "ملفان في ١١ مجلدًا", "by name")
        XCTAssertEqual(text([TextArgument("1", .number(100)), TextArgument("2", .number(0))]), "١٠٠ ملف في لا مجلدات", "by position")
        var counted = r
        counted.countOverride = 11
        XCTAssertEqual(counted.resolve(.key("files.summary", args: [TextArgument("files", .number(1)), TextArgument("folders", .number(2))],
                                            count: .argument("files"))).text, "١١ ملفًا في مجلدين", "the count (preview's c) is the files argument")
        // The expansion gives every directive its argument.
        XCTAssertEqual(c.expandingSubstitutions(e.translation!, of: e, arguments: [TextArgument("files", .number(1)), TextArgument("folders", .number(5))]),
                       "ملف واحد في %2$d مجلدات")
        var partial = e
        partial.variants["substitutions.folders.few"] = nil
        XCTAssertEqual(c.missingForms(of: partial).map(\.form), ["folders: few"])
        XCTAssertEqual(c.missingForms(of: partial).map(\.sample), [3])
    }

    /// A form without a number in a variable that is not the last directive: the directives get
    /// positions, so the name still fills `%@`.
    func test_variableBeforeAnotherDirective_keepsTheArgumentsInPlace() throws {
        let c = try load("ar.lproj/Localizable.stringsdict")
        let e = try XCTUnwrap(c.entry("files.deletedBy"))
        XCTAssertEqual(e.plurals["one"], "ملف واحد حذفها %2$@")
        XCTAssertEqual(e.plurals["few"], "%1$d ملفات حذفها %2$@")
        let r = ScreenRenderer(catalogs: [c], locale: "ar")
        let args = [TextArgument("1", .number(1)), TextArgument("2", .string("سارة"))]
        XCTAssertEqual(r.resolve(.key("files.deletedBy", args: args, count: .argument("1"))).text, "ملف واحد حذفها \u{2068}سارة\u{2069}")
        let five = [TextArgument("1", .number(5)), TextArgument("2", .string("سارة"))]
        XCTAssertEqual(r.resolve(.key("files.deletedBy", args: five, count: .argument("1"))).text, "٥ ملفات حذفها \u{2068}سارة\u{2069}")
        // Where every form has its number, the forms stay as the translator wrote them.
        XCTAssertEqual(try XCTUnwrap(c.entry("files.deleted")).plurals["few"], "حُذفت %d ملفات")
    }

    /// Each problem is a warning with its line; the other entries load.
    func test_problems_areWarningsWithTheirLine_andTheRestLoads() throws {
        let c = try CatalogFixture.load("odd/problems.stringsdict")
        XCTAssertEqual(c.entries.map(\.key), ["unknown.category", "still.loaded"])
        let path = CatalogFixture.path("odd/problems.stringsdict")
        XCTAssertEqual(c.warnings.map(\.description), [
            "\(path):6:3: the format of \"no.variable\" names the variable \"folders\" (%#@folders@), which the entry does not define; not loaded",
            "\(path):25:4: variable \"files\" of \"wrong.type\" has the spec type \"NSStringPluralRule\"; a .stringsdict variable is NSStringPluralRuleType; not loaded",
            "\(path):40:4: unknown plural category \"several\" in variable \"files\" of \"unknown.category\" (expected zero, one, two, few, many or other); ignored",
            "\(path):47:2: entry \"plain.string\" is a <string>, not a <dict> (NSStringLocalizedFormatKey and its variables); not loaded",
        ])
        XCTAssertEqual(c.entry("unknown.category")?.plurals, ["other": "%d ملف"])
    }

    func test_detection_andTheBinaryForm() throws {
        let xml = Data(Self.plist(key: "k", format: "%#@n@", variables: ["n": ["other": "%d x"]]).utf8)
        XCTAssertEqual(CatalogLoader.detectFormat(path: "Localizable.stringsdict", data: Data()), .stringsdict)
        XCTAssertEqual(CatalogLoader.detectFormat(path: "noext", data: xml), .stringsdict)
        XCTAssertEqual(CatalogLoader.detectFormat(path: "noext", data: Data("<plist><dict><key>a</key><string>b</string></dict></plist>".utf8)), .strings)
        // A compiled (binary) .stringsdict, as in a built app: the same entries, without positions.
        let object = try PropertyListSerialization.propertyList(from: xml, options: [], format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let c = try CatalogLoader.load(data: binary, path: "ar.lproj/Localizable.stringsdict")
        XCTAssertEqual(c.entries.map(\.key), ["k"])
        XCTAssertEqual(c.entries[0].plurals, ["other": "%d x"])
        XCTAssertEqual(c.entries[0].line, 0)
    }

    /// A `.stringsdict` with one `<dict>` per key and its variables, as Xcode writes it.
    static func plist(key: String, format: String, variables: [String: [String: String]]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>\(key)</key>\n<dict>\n"
        out += "<key>NSStringLocalizedFormatKey</key><string>\(format)</string>\n"
        for (name, forms) in variables.sorted(by: { $0.key < $1.key }) {
            out += "<key>\(name)</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
            out += "<key>NSStringFormatValueTypeKey</key><string>d</string>"
            for (c, t) in forms.sorted(by: { $0.key < $1.key }) { out += "<key>\(c)</key><string>\(t)</string>" }
            out += "</dict>\n"
        }
        return out + "</dict>\n</dict>\n</plist>\n"
    }
}
