import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// Odd but real input: lone surrogates in JSON `\u` escapes, NUL bytes, mixed line endings, a
/// UTF-8 byte order mark. Each works, or gives a clear message with the file and the line.
final class OddInputTests: XCTestCase {
    // MARK: Lone surrogates

    func test_json_loneSurrogateEscapesBecomeU_FFFDWithFileLineAndColumn() throws {
        let json = "{\n  \"a\": \"x\\ud800y\",\n  \"b\": \"\\udc00\",\n  \"c\": \"\\ud83d\\ude00\",\n  \"d\": \"end\\uDBFF\"\n}\n"
        let catalog = try CatalogLoader.load(data: Data(json.utf8), path: "locales/ar/app.json")
        XCTAssertEqual(catalog.lookup("a"), "x\u{FFFD}y")
        XCTAssertEqual(catalog.lookup("b"), "\u{FFFD}")
        XCTAssertEqual(catalog.lookup("c"), "😀", "a proper pair is one scalar")
        XCTAssertEqual(catalog.lookup("d"), "end\u{FFFD}")
        let places = catalog.warnings.map { "\($0.line):\($0.column)" }
        XCTAssertEqual(places, ["2:10", "3:9", "5:12"], "\(catalog.warnings)")
        XCTAssertTrue(catalog.warnings.allSatisfy { $0.message.contains("lone UTF-16 surrogate") && $0.file == "locales/ar/app.json" })

        // The same in an .xcstrings and an .arb file, and through `check`.
        let dir = try Hostile.scratchDirectory(self)
        let xc = "{\"sourceLanguage\": \"en\", \"strings\": {\"k\": {\"localizations\": {\"ar\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"\\udfff\\u0627\"}}}}}}"
        let arb = "{\"@@locale\": \"ar\",\n\"k\": \"\\ud800\\u0627\"}"
        for (name, content) in [("app.json", json), ("Localizable.xcstrings", xc), ("app_ar.arb", arb)] {
            let file = dir.appendingPathComponent(name)
            try Data(content.utf8).write(to: file)
            let loaded = try CatalogLoader.load(path: file.path)
            XCTAssertTrue(loaded.entries.contains { $0.translation?.contains("\u{FFFD}") == true }, name)
            let r = try Command.run(["check", "--locale", "ar", file.path])
            XCTAssertNotEqual(r.status, 2, "\(name): \(r.stderr)")
            XCTAssertTrue(r.text.contains(file.path + ":"), "\(name): \(r.text)")
            XCTAssertTrue(r.text.contains("surrogate"), "\(name): \(r.text)")
            Hostile.assertTerminalSafe(r.stdout, "check \(name)")
        }
    }

    // MARK: NUL bytes

    func test_NULBytes_renderShowsThem_andEveryTextCatalogFormatKeepsThemWithAWarning() throws {
        let r = try Command.run(["render"], stdin: Data("a\u{0}b\nשלום\u{0}\n".utf8))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines, ["a␀b", "␀םולש"])

        let files: [(String, String)] = [
            ("ar.po", "msgid \"k\"\nmsgstr \"a\u{0}b\"\n"),
            ("ar.json", "{\n\"k\": \"a\u{0}b\"\n}\n"),
            ("ar.lproj/Localizable.strings", "\"x\" = \"y\";\n\"k\" = \"a\u{0}b\";\n"),
            ("values-ar/strings.xml", "<resources>\n<string name=\"k\">a\u{0}b</string>\n</resources>\n"),
        ]
        let dir = try Hostile.scratchDirectory(self)
        for (name, content) in files {
            let file = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: file)
            let catalog = try CatalogLoader.load(path: file.path)
            XCTAssertEqual(catalog.entry("k")?.translation, "a\u{0}b", name)
            let warning = catalog.warnings.first { $0.message.contains("NUL") }
            XCTAssertEqual(warning?.line, 2, "\(name): \(catalog.warnings)")

            let check = try Command.run(["check", file.path])
            XCTAssertEqual(check.status, 1, "\(name): a NUL in a string is a control character: \(check.text)")
            XCTAssertTrue(check.text.contains("control-character"), check.text)
            Hostile.assertTerminalSafe(check.stdout, "check \(name)")
        }
    }

    func test_NULInAScreenFileIsAClearError() {
        do {
            _ = try ScreenFile.parse(yaml: "screen: a\nroot: {type: label, text: {literal: \"a\u{0}b\"}}\n", path: "nul.yaml")
        } catch {
            XCTAssertEqual(error.diagnostics.first?.path, "nul.yaml")
            XCTAssertEqual(error.diagnostics.first?.line, 2, "\(error)")
        }
    }

    // MARK: Mixed line endings

    func test_mixedLineEndings_renderSplitsOnLFAndCRLF_andShowsALoneCR() throws {
        let r = try Command.run(["render", "--no-shape"], stdin: Data("אבג\nabc\r\nשלום\rworld\r\n\r\nend".utf8))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines, ["גבא", "abc", "world␍םולש", "", "end"])
    }

    func test_mixedLineEndings_catalogPositionsCountLF_CRLF_andCR() throws {
        // Line 1 ends in LF, line 2 in CRLF, line 3 in CR, line 4 in LF…
        let po = "msgid \"a\"\nmsgstr \"א\"\r\n\rmsgid \"b\"\nmsgstr \"ב\"\r\rmsgid \"c\"\r\nmsgstr \"ג\"\n"
        let catalog = try CatalogLoader.load(data: Data(po.utf8), path: "he.po")
        XCTAssertEqual(catalog.entries.map(\.key), ["a", "b", "c"])
        XCTAssertEqual(catalog.entries.map(\.line), [1, 4, 7])

        let strings = "\"a\" = \"א\";\r\"b\" = \"ב\";\r\n\"c\" =\n\"ג\";\r"
        let s = try CatalogLoader.load(data: Data(strings.utf8), path: "he.lproj/Localizable.strings")
        XCTAssertEqual(s.entries.map(\.line), [1, 2, 3])

        let xml = "<resources>\r<string name=\"a\">א</string>\r\n<string name=\"b\">ב</string>\n<string name=\"c\">ג</string>\r</resources>"
        let x = try CatalogLoader.load(data: Data(xml.utf8), path: "values-iw/strings.xml")
        XCTAssertEqual(x.entries.map(\.line), [2, 3, 4])

        // A syntax error after mixed endings names the right line.
        let broken = "msgid \"a\"\r\nmsgstr \"א\"\r\rmsgid \"b\nmsgstr \"x\"\n"
        XCTAssertThrowsError(try CatalogLoader.load(data: Data(broken.utf8), path: "he.po")) { error in
            XCTAssertEqual((error as? CatalogDiagnostic)?.line, 4, "\(error)")
        }
    }

    // MARK: Byte order mark

    func test_BOM_renderAndInspectDropItFromTheDisplay() throws {
        let r = try Command.run(["render", "--no-shape"], stdin: Data("\u{FEFF}שלום\n".utf8))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines, ["םולש"])
        let inspect = try Command.run(["inspect"], stdin: Data("\u{FEFF}abc\n".utf8))
        XCTAssertTrue(inspect.text.contains("U+FEFF"), inspect.text)
        XCTAssertTrue(inspect.text.contains("display: abc\n"), inspect.text)
    }

    func test_BOM_everyTextCatalogFormatAndScreenFilesReadPastIt() throws {
        let bom = "\u{FEFF}"
        let files: [(String, String)] = [
            ("ar.po", bom + "msgid \"k\"\nmsgstr \"قيمة\"\n"),
            ("ar.json", bom + "{\"k\": \"قيمة\"}"),
            ("app_ar.arb", bom + "{\"@@locale\": \"ar\", \"k\": \"قيمة\"}"),
            ("ar.lproj/Localizable.strings", bom + "\"k\" = \"قيمة\";"),
            ("values-ar/strings.xml", bom + "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources><string name=\"k\">قيمة</string></resources>"),
            ("ar.xlf", bom + "<xliff version=\"1.2\"><file target-language=\"ar\"><body><trans-unit id=\"k\"><source>v</source><target>قيمة</target></trans-unit></body></file></xliff>"),
        ]
        for (path, content) in files {
            let catalog = try CatalogLoader.load(data: Data(content.utf8), path: path)
            XCTAssertEqual(catalog.lookup("k"), "قيمة", path)
            XCTAssertEqual(catalog.entries.first?.line, path.hasSuffix(".xml") ? 2 : 1, path)
            if path.hasSuffix(".po") { XCTAssertEqual(catalog.entries.first?.column, 1, "the BOM is not a column") }
        }
        // A screen file saved with a BOM, read from disk and given as text.
        let dir = try Hostile.scratchDirectory(self)
        let file = dir.appendingPathComponent("bom.yaml")
        try Data((bom + "screen: a\nroot: {type: spacer}\n").utf8).write(to: file)
        XCTAssertEqual(try ScreenFile.load(path: file.path).id, "a")
        XCTAssertEqual(try ScreenFile.parse(yaml: bom + "screen: a\nroot: {type: spacer}\n", path: "bom.yaml").id, "a")
    }
}
