import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// R34 (literal left-to-right text that an RTL line pulls apart) and R35 (a placeholder judged by
/// what it holds), and the fewer false findings that go with them.
final class LiteralTextTests: XCTestCase {
    func linted(_ text: String, _ source: String, locale: String = "he", flags: [String] = ["c-format"], format: CatalogFormat = .po) -> [Finding] {
        let entries = [CatalogEntry(key: source, source: source, translation: text, flags: flags)]
        return BidiLinter().check(Catalog(path: "\(locale).po", format: format, locale: locale, entries: entries))
    }

    func literal(_ text: String, _ source: String, locale: String = "he") -> Finding? {
        linted(text, source, locale: locale).first { $0.id == "literal-unisolated" }
    }

    func test_R34_urlOptionPathVersion_pulledApartInAnRTLLine_reportedWithWhatTheReaderSees() throws {
        // The example: the URL's final slash lands before it.
        let url = try XCTUnwrap(literal("בקרו בכתובת https://example.org/ לפרטים.", "Visit https://example.org/ for details."))
        XCTAssertEqual(url.severity, .warning)
        XCTAssertTrue(url.fixable)
        XCTAssertTrue(url.message.contains("the URL ‹https://example.org/›"), url.message)
        XCTAssertTrue(url.message.contains("/https://example.org "), "what the reader sees: \(url.message)")
        XCTAssertTrue(url.message.contains("isolated as ‹.םיטרפל https://example.org/ תבותכב ורקב›"), url.message)
        XCTAssertTrue(url.suggestion.hasSuffix(Sanitizer.revealing("בקרו בכתובת \u{2068}https://example.org/\u{2069} לפרטים.")), url.suggestion)
        // An option name's dashes, a path's leading slash, a version's suffix, a file's line.
        let option = try XCTUnwrap(literal("השתמשו ב --from-file כדי לקרוא מקובץ", "Use --from-file to read from a file"))
        XCTAssertTrue(option.message.contains("option name ‹--from-file›") && option.message.contains("from-file--"), option.message)
        XCTAssertNotNil(literal("הקובץ נשמר ב /usr/share/doc", "The file was saved in /usr/share/doc"))
        let version = try XCTUnwrap(literal("נדרשת גרסה 1.2.3-beta ומעלה", "Version 1.2.3-beta or later is required"))
        XCTAssertTrue(version.message.contains("version number") && version.message.contains("beta-1.2.3"), version.message)
        XCTAssertNotNil(literal("لمزيد من المعلومات راجع --help", "See --help for more information", locale: "ar"))
        XCTAssertNotNil(literal("برای اطلاعات بیشتر ‎--help‎ را ببینید ~/.config/", "See ~/.config/", locale: "fa"))
    }

    func test_R34_textThatReadsWhole_isQuiet() {
        // A sentence's own full stop after the URL is the sentence's: it reads right.
        XCTAssertNil(literal("לפרטים: https://example.org.", "Details: https://example.org."))
        // Letters at both ends: a file name, an e-mail address, a URL without a final slash.
        XCTAssertNil(literal("פתחו את config.yaml ושמרו", "Open config.yaml and save"))
        // Digits after Latin letters take their direction (UAX #9 W7): a file's line reads whole.
        XCTAssertNil(literal("שגיאה בקובץ config.yaml:12 בשורה", "Error in config.yaml:12 on the line"))
        XCTAssertNil(literal("כתבו אל info@example.org לעזרה", "Write to info@example.org for help"))
        XCTAssertNil(literal("בקרו ב https://example.org היום", "Visit https://example.org today"))
        // Already isolated, or a placeholder's (left to placeholder-unisolated), or English text.
        XCTAssertNil(literal("בקרו בכתובת \u{2068}https://example.org/\u{2069} לפרטים.", "Visit https://example.org/ for details."))
        XCTAssertNil(literal("הקובץ %s/ נשמר", "File %s/ saved"))
        XCTAssertNil(literal("Use --from-file to read from a file", "Use --from-file to read from a file", locale: "en"))
        // Hebrew's prefix hyphen is not an option (ב-GTK).
        XCTAssertNil(literal("תמיכה ב-GTK בלבד", "GTK support only"))
        // A plain number is a number.
        XCTAssertNil(literal("גרסה 2.0 זמינה", "Version 2.0 is available"))
    }

    func test_R34_fix_isolatesTheLiteral_inPOStringsAndAndroidFiles() throws {
        let text = "בקרו בכתובת https://example.org/ לפרטים."
        let fixed = "בקרו בכתובת \u{2068}https://example.org/\u{2069} לפרטים."
        XCTAssertEqual(LintFixer.fixed(text), fixed)
        XCTAssertEqual(LintFixer.fixed(fixed), fixed, "the fix is stable")
        XCTAssertEqual(LintFixer.fixed("Use --from-file"), "Use --from-file", "no RTL letter: nothing to isolate")
        XCTAssertEqual(LintFixer.fixed(text, disabled: ["literal-unisolated"]), text)
        let files: [(String, String, String)] = [
            ("po", "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Language: he\\n\"\n\nmsgid \"Visit https://example.org/ for details.\"\nmsgstr \"\(text)\"\n", "he"),
            ("strings", "\"Visit https://example.org/ for details.\" = \"\(text)\";\n", "he"),
            ("xml", "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n    <string name=\"visit\">\(text)</string>\n</resources>\n", "he"),
        ]
        for (ext, content, lang) in files {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("r34-\(UUID().uuidString)/values-iw")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
            let url = dir.appendingPathComponent(ext == "xml" ? "strings.xml" : "\(lang).\(ext)")
            try content.write(to: url, atomically: true, encoding: .utf8)
            let catalog = try CatalogLoader.load(path: url.path, locale: lang)
            XCTAssertEqual(BidiLinter().check(catalog).filter { $0.id == "literal-unisolated" }.count, 1, ext)
            let result = try CatalogFixer.fix(try Data(contentsOf: url), catalog: catalog)
            XCTAssertEqual(result.fixed.count, 1, ext)
            XCTAssertEqual(String(decoding: result.data, as: UTF8.self), content.replacingOccurrences(of: text, with: fixed), ext)
            let again = try CatalogLoader.load(data: result.data, path: url.path, format: catalog.format, locale: lang)
            XCTAssertEqual(BidiLinter().check(again).filter { $0.id == "literal-unisolated" }.count, 0, "\(ext): fixed, no longer reported")
        }
        // An LTR catalog is not touched.
        let po = "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Language: de\\n\"\n\nmsgid \"a\"\nmsgstr \"\(text)\"\n"
        let catalog = try CatalogLoader.load(data: Data(po.utf8), path: "de.po", format: .po, locale: "de")
        XCTAssertEqual(try CatalogFixer.fix(Data(po.utf8), catalog: catalog).fixed, [])
    }

    func test_R34_everyFormat_reportsTheLiteral() throws {
        let text = "השתמשו ב --from-file כדי לקרוא"
        let cases: [(String, String)] = [
            ("values-iw/strings.xml", "<resources><string name=\"a\">\(text)</string></resources>"),
            ("he.xcstrings", "{\"sourceLanguage\":\"en\",\"version\":\"1.0\",\"strings\":{\"Use --from-file to read\":{\"localizations\":{\"he\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"\(text)\"}}}}}}"),
            ("he.xliff", "<?xml version=\"1.0\"?><xliff version=\"1.2\" xmlns=\"urn:oasis:names:tc:xliff:document:1.2\"><file source-language=\"en\" target-language=\"he\" datatype=\"plaintext\" original=\"a\"><body><trans-unit id=\"a\"><source>Use --from-file to read</source><target>\(text)</target></trans-unit></body></file></xliff>"),
            ("he.po", "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Language: he\\n\"\n\nmsgid \"Use --from-file to read\"\nmsgstr \"\(text)\"\n"),
        ]
        for (name, content) in cases {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("r34f-\(UUID().uuidString)")
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: root) }
            try content.write(to: url, atomically: true, encoding: .utf8)
            let catalog = try CatalogLoader.load(path: url.path, locale: "he")
            let f = BidiLinter().check(catalog).filter { $0.id == "literal-unisolated" }
            XCTAssertEqual(f.count, 1, "\(name): \(BidiLinter().check(catalog).map(\.id))")
            XCTAssertTrue(f.first?.message.contains("from-file--") == true, name)
        }
    }

    // MARK: - R35

    func direction(_ text: String, _ source: String, flags: [String] = ["c-format"]) -> Finding? {
        linted(text, source, flags: flags).first { $0.id == "direction-dependent" }
    }

    func test_R35_leadingPlaceholder_thenPunctuation_reportedWhenItHoldsAName() throws {
        // The example: a file name first, then a colon.
        let f = try XCTUnwrap(direction("%s: למחוק את הקובץ?", "%s: Delete the file?"))
        XCTAssertTrue(f.message.contains("report (2).pdf: "), f.message)
        XCTAssertNotNil(direction("'%s': הקובץ לא נמצא", "'%s': file not found"))
        XCTAssertNotNil(direction("%1: אין הרשאה", "%1: permission denied", flags: ["kde-format"]))
        // A number, by its format, never turns the line.
        XCTAssertNil(direction("%d: קבצים נמחקו", "%d: files deleted"))
        XCTAssertNil(direction("%u: שגיאה", "%u: error"))
        // A message translated like the rest (the source does not name it).
        XCTAssertNil(direction("%s... הושלם", "%s... done"))
        XCTAssertNil(direction("%1 (שגיאה %2)", "%1 (error %2)", flags: ["kde-format"]))
    }

    func test_R35_aPlaceholderBeforeAUnit_holdsANumber() {
        // glib's sizes: `%s KB` is a number the program formats.
        XCTAssertNil(direction("%s פנויים", "%s bytes free"))
        XCTAssertNotNil(direction("%s פנויים", "%s free"), "a %s the source does not say more about is still text")
        let source = Array("%s bytes".unicodeScalars)
        let p = Placeholder.find("%s bytes", syntax: .c)[0]
        XCTAssertEqual(BidiLinter.heldValue(p, inSource: source), .number)
        let name = Placeholder.find("Open file %s", syntax: .c)[0]
        XCTAssertEqual(BidiLinter.heldValue(name, inSource: Array("Open file %s".unicodeScalars)), .name)
        // An unisolated value between quotes, with a number in it: not reported.
        let quoted = linted("גודל: \"%s MB\"", "Size: \"%s MB\"").filter { $0.id == "placeholder-unisolated" }
        XCTAssertEqual(quoted.count, 0)
    }

    // MARK: - Fewer false findings

    func test_unterminatedEmbedding_endedByTheStringsLineBreak_isANote() throws {
        let f = linted("\u{202B}שלום עולם\n", "Hello world\n").filter { $0.id == "bidi-unbalanced" }
        XCTAssertEqual(f.map(\.severity), [.info])
        XCTAssertFalse(f[0].fixable)
        XCTAssertEqual(LintFixer.fixed("\u{202B}שלום עולם\n"), "\u{202B}שלום עולם\n", "a closer after the line break would open the next line")
        XCTAssertEqual(linted("\u{202B}שלום עולם", "Hello world").filter { $0.id == "bidi-unbalanced" }.map(\.severity), [.error])
        XCTAssertEqual(linted("\u{202B}שלום\nעולם \u{202B}שוב", "Hello\nworld again").filter { $0.id == "bidi-unbalanced" }.map(\.severity), [.info, .error],
                       "the first ends at the inner line break; the second reaches the string's end")
    }

    func test_strayTrailingSpaceOrLineBreak_isANote_unlessItChangesTheLayout() {
        func escapes(_ text: String, _ source: String) -> [Severity] { linted(text, source).filter { $0.id == "escapes" }.map(\.severity) }
        XCTAssertEqual(escapes("הכול הושלם.\n", "All done."), [.info])
        XCTAssertEqual(escapes("הכול הושלם. ", "All done."), [.info])
        XCTAssertEqual(escapes("שם המשתמש:\n", "User name:"), [.warning], "the source leaves its line open for the value")
        XCTAssertEqual(escapes("הכול הושלם.\n\n", "All done."), [.warning], "an empty line")
        XCTAssertEqual(escapes("הכול הושלם.", "All done.\n"), [.warning], "a lost line break glues two lines")
        XCTAssertEqual(escapes("הכול הושלם.", "All done."), [])
    }

    func test_guillemets_sayTheyPointInward() throws {
        let f = try XCTUnwrap(linted("قرارداد ناشناخته »%1«.", "Unknown protocol '%1'.", locale: "fa", flags: ["kde-format"]).first { $0.id == "guillemets" })
        XCTAssertTrue(f.message.contains("pointing inward"), f.message)
        XCTAssertFalse(f.message.contains("outward («…») ") && !f.message.contains("inward"))
        // The engine shows them so: the rendered line has »…« in visual order (pointing inward).
        XCTAssertTrue(f.rendered.contains("»%1«") || f.rendered.contains("»1%«"), f.rendered)
    }
}
