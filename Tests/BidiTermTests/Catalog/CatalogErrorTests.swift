import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// Every malformed catalog fixture (`Fixtures/catalogs/broken`), in one table: each one throws a
/// `CatalogDiagnostic` that names the file and the position of the problem (`file:line:column`;
/// 0 where the format has no lines or columns: a `.mo` header, a `.mo` entry's "line" is its
/// index + 1) and says what is wrong.
final class CatalogErrorTests: XCTestCase {
    /// (fixture, line, column, part of the message).
    static let cases: [(fixture: String, line: Int, column: Int, message: String)] = [
        ("broken/xml/android-mismatch.xml", 3, 34, "XML parse error: closing tag does not match the opening tag: </strin> closes <string> of line 3, column 5 (libxml2 error 76)"),
        ("broken/xml/not-resources.xml", 2, 1, "expected a <resources> root element, found <resource>"),
        ("broken/xml/missing-name.xml", 3, 5, "<string> without a name attribute"),
        ("broken/json/syntax.json", 3, 7, "JSON error: Invalid value"),
        ("broken/json/top-array.json", 1, 1, "must be an object"),
        ("broken/json/double-comma.arb", 3, 12, "JSON error"),
        ("broken/mo/bad-magic.mo", 0, 0, "bad magic number (bytes 12 34 56 78 at byte offset 0)"),
        ("broken/mo/short-header.mo", 0, 0, "the header needs 28 bytes, the file has 20"),
        ("broken/mo/truncated.mo", 1, 0, "the translation of entry 1 (127 bytes at byte offset 155) ends past the end of the file (118 bytes)"),
        ("broken/po/unterminated.po", 6, 8, "unterminated string"),
        ("broken/po/missing-msgstr.po", 4, 1, "msgid \"Two\" has no msgstr"),
        ("broken/po/bad-escape.po", 2, 12, "bad escape sequence \\q"),
        ("broken/po/plural-order.po", 4, 1, "msgstr[2] out of order; expected msgstr[1]"),
        // Line breaks \r\n, \r, \r\n, \n before the problem: msgfmt also says line 5.
        ("broken/po/mixed-endings-unterminated.po", 5, 8, "unterminated string"),
        ("broken/strings/unterminated.strings", 2, 7, "unterminated string"),
        ("broken/strings/missing-semicolon.strings", 2, 18, "missing ';' after the value of \"title\""),
        ("broken/strings/bad-unicode-escape.strings", 2, 8, "bad escape \\U without hex digits"),
        ("broken/strings/unterminated-comment.strings", 2, 1, "unterminated comment"),
        ("broken/json/unterminated.xcstrings", 4, 103, "JSON error: Unescaped control character"),
        ("broken/json/no-source.xcstrings", 1, 1, "needs a \"sourceLanguage\" string"),
        ("broken/xml/xliff12-unclosed.xlf", 8, 20, "XML parse error: closing tag does not match the opening tag"),
        ("broken/xml/xliff20-missing-id.xlf", 3, 5, "<unit> without an id attribute"),
        ("broken/qt/unclosed.ts", 8, 15, "XML parse error: closing tag does not match the opening tag"),
        ("broken/qt/not-ts.ts", 2, 1, "expected a <TS> root element, found <ts>"),
        ("broken/qt/bad-magic.qm", 0, 0, "at byte 0: not a Qt .qm file"),
        ("broken/qt/truncated.qm", 0, 0, "runs past the end of the file (300 bytes)"),
        ("broken/qt/bad-tag.qm", 0, 0, "unknown field tag 0x42 in message 1"),
        ("broken/stringsdict/not-a-plist.stringsdict", 1, 1, "not a property list: a .stringsdict file is an XML property list"),
        ("broken/stringsdict/no-plist-root.stringsdict", 2, 1, "expected a <plist> root element, found <dict>"),
        ("broken/stringsdict/unclosed.stringsdict", 9, 9, "XML parse error: closing tag does not match the opening tag"),
    ]

    func test_brokenFixtures_eachThrowsItsFileLineColumnAndProblem() {
        for c in Self.cases {
            let path = CatalogFixture.path(c.fixture)
            assertCatalogError(try CatalogLoader.load(path: path), file: path, line: c.line, column: c.column,
                               contains: c.message)
        }
    }

    /// A fixture added to `broken/` without a row in the table would test nothing.
    func test_brokenFixtures_everyFileHasARow() throws {
        let root = CatalogFixture.directory.appendingPathComponent("broken")
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
            .filter { !$0.hasPrefix(".") && !(($0 as NSString).lastPathComponent.hasPrefix(".")) }
            .filter { var d: ObjCBool = false; return FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path, isDirectory: &d) && !d.boolValue }
        XCTAssertEqual(Set(files.map { "broken/" + $0 }), Set(Self.cases.map(\.fixture)))
    }
}
