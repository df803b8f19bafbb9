import XCTest
@testable import BidiTerm

/// `.rtl-tui-check.yaml`: globs, widths, severities.
final class LintConfigTests: XCTestCase {
    func test_globs() {
        XCTAssertTrue(Glob.matches("vendor/**", "vendor/a/b/ar.po", path: true))
        XCTAssertTrue(Glob.matches("**/*.strings", "ios/ar.lproj/Localizable.strings", path: true))
        XCTAssertTrue(Glob.matches("**/*.strings", "Localizable.strings", path: true), "**/ also matches no directory")
        XCTAssertFalse(Glob.matches("*.po", "po/ar.po", path: true), "* stays within a path segment")
        XCTAssertTrue(Glob.matches("settings.*", "settings.title", path: false))
        XCTAssertTrue(Glob.matches("menu|Op?n", "menu|Open", path: false))
        XCTAssertTrue(Glob.matches("[a-c]x", "bx", path: false))
        XCTAssertFalse(Glob.matches("[!a-c]x", "bx", path: false))
    }

    func test_parse_widthsSeveritiesAndIgnores() throws {
        let c = try LintConfig.parse("""
            rules: {numbers: error, untranslated: off, brackets: on}
            max-width: {default: 40, keys: {"settings.*": 24}, files: {"ios/**": 30}}
            ignore: {keys: ["debug.*"], files: ["vendor/**"]}
            include-fuzzy: true
            """, path: "/p/.rtl-tui-check.yaml")
        XCTAssertEqual(c.disabled, ["untranslated"])
        XCTAssertEqual(c.apply(Finding(id: "numbers", severity: .warning, file: "x", line: 1, column: 1, key: "k", message: "")).severity, .error)
        XCTAssertEqual(c.apply(Finding(id: "brackets", severity: .warning, file: "x", line: 1, column: 1, key: "k", message: "")).severity, .warning)
        XCTAssertEqual(c.maxWidth(key: "settings.title"), 24)
        XCTAssertEqual(c.maxWidth(key: "ctx|settings.title"), 24, "the key alone matches too")
        XCTAssertNil(c.maxWidth(key: "menu.open"))
        XCTAssertEqual(c.maxWidth(file: "/p/ios/ar.lproj/L.strings", cli: 50), 30, "a file's glob wins over --max-width")
        XCTAssertEqual(c.maxWidth(file: "/p/po/ar.po", cli: 50), 50, "--max-width wins over the default")
        XCTAssertEqual(c.maxWidth(file: "/p/po/ar.po", cli: nil), 40)
        XCTAssertTrue(c.ignores(file: "/p/vendor/x/ar.po"))
        XCTAssertFalse(c.ignores(file: "/elsewhere/vendor/x/ar.po"), "globs are relative to the configuration's directory")
        XCTAssertTrue(c.ignores(key: "debug.flag", context: nil))
        XCTAssertTrue(c.includeFuzzy)
        XCTAssertEqual(try LintConfig.parse("", path: "e.yaml").rules.count, 0, "an empty file is an empty configuration")
        XCTAssertThrowsError(try LintConfig.parse("- a list", path: "l.yaml")) { XCTAssertTrue("\($0)".hasPrefix("l.yaml:1:1: the configuration must be a mapping"), "\($0)") }
        XCTAssertThrowsError(try LintConfig.parse("rules: {numbers: [1]}\nignore: {keys: [1, {a: b}]}", path: "t.yaml")) {
            XCTAssertTrue("\($0)".contains("t.yaml:1:18: the setting of 'numbers'"), "\($0)")
            XCTAssertTrue("\($0)".contains("t.yaml:2:20: 'ignore.keys' must be a list of strings"), "\($0)")
        }
    }
}
