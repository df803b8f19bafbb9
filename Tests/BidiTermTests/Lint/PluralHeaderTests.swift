import Foundation
import XCTest
@testable import BidiTerm

/// A `Plural-Forms` header gettext rejects is a `plural-header` error at its line and column, and
/// the entries are then checked against the language's CLDR forms (no false placeholder errors).
final class PluralHeaderTests: XCTestCase {
    static let arabicEntry = """
        msgid "%d file"
        msgid_plural "%d files"
        msgstr[0] "لا ملفات"
        msgstr[1] "ملف واحد"
        msgstr[2] "ملفان"
        msgstr[3] "%d ملفات"
        msgstr[4] "%d ملفًا"
        msgstr[5] "%d ملف"

        """

    func po(_ header: String) -> String {
        "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Plural-Forms: \(header)\\n\"\n\"Language: ar\\n\"\n\n" + Self.arabicEntry
    }

    func check(_ text: String) throws -> [Finding] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plural-header-\(UUID().uuidString).po")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        return BidiLinter().check(try CatalogLoader.load(path: url.path))
    }

    func test_brokenExpression_isAnErrorAtItsColumn_andTheEntriesFollowCLDR() throws {
        let header = "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5 :;"
        let findings = try check(po(header))
        let f = try XCTUnwrap(findings.first { $0.id == "plural-header" })
        XCTAssertEqual(f.severity, .error)
        XCTAssertEqual(f.line, 4)
        // Column of the stray ":" in `"Plural-Forms: …`: one for the quote, then the header.
        let colon = Array(header.unicodeScalars).lastIndex(of: ":")!
        XCTAssertEqual(f.column, 1 + "Plural-Forms: ".count + colon + 1)
        XCTAssertTrue(f.message.contains("does not parse"), f.message)
        XCTAssertFalse(findings.contains { $0.id == "placeholder-missing" }, "\(findings.map(\.message))")
        XCTAssertFalse(findings.contains { $0.id == "plural-forms" }, "not also reported as a missing header")
    }

    func test_headerProblems_eachNamed() {
        XCTAssertNil(PluralForms.problem(in: "nplurals=2; plural=(n != 1);"))
        XCTAssertEqual(PluralForms.problem(in: "plural=(n != 1);")?.message, "no nplurals=")
        XCTAssertTrue(PluralForms.problem(in: "nplurals=x; plural=(n != 1);")!.message.contains("not a number"))
        XCTAssertEqual(PluralForms.problem(in: "nplurals=2;")?.message, "no plural= expression")
        XCTAssertTrue(PluralForms.problem(in: "nplurals=2; plural=n > 1 ? 2 : 0;")!.message.contains("gives form 2"))
        let p = PluralForms.problem(in: "nplurals=2; plural=(n != 1;")!
        XCTAssertTrue(p.message.contains("ends too early"), p.message)
        XCTAssertEqual(PluralForms.problem(in: "nplurals=3; plural=n%10==1 ? 0 : n ! 2;")?.offset, 35)
    }

    /// msgfmt agrees: each header the check calls broken, msgfmt refuses (when it is installed).
    func test_msgfmtRejectsWhatPluralHeaderReports() throws {
        guard let msgfmt = ["/usr/bin/msgfmt", "/usr/local/bin/msgfmt"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("msgfmt is not installed")
        }
        for header in ["nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : 5 :;", "nplurals=2; plural=(n != 1;", "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;"] {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("plural-msgfmt-\(UUID().uuidString).po")
            try po(header).write(to: url, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: url) }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: msgfmt)
            p.arguments = ["-c", "-o", "/dev/null", url.path]
            p.standardError = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
            let reported = try check(po(header)).contains { $0.id == "plural-header" }
            XCTAssertEqual(p.terminationStatus != 0, reported, header)
        }
    }
}
