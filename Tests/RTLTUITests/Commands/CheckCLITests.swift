import Foundation
import TestSupport
import XCTest

/// `rtl-tui check` as CI runs it: exit codes and formats.
final class CheckCLITests: XCTestCase {
    static let lint = Repository.fixtures.appendingPathComponent("lint")
    func path(_ name: String) -> String { Self.lint.appendingPathComponent(name).path }

    func test_check_cleanCatalogExitsZero() throws {
        let r = try Command.run(["check", path("clean.ar.po")])
        XCTAssertEqual(r.status, 0, r.text + r.stderr)
        XCTAssertTrue(r.text.contains("0 errors, 0 warnings"), r.text)
    }

    func test_check_errorsExitOne_andEachFindingSaysFileLineIdRenderingAndFix() throws {
        let r = try Command.run(["check", "--max-width", "40", path("traps.ar.po")])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.text.contains("traps.ar.po:"), r.text)
        XCTAssertTrue(r.text.contains("error[bidi-unbalanced]"))
        XCTAssertTrue(r.text.contains("    renders: "))
        XCTAssertTrue(r.text.contains("    fix: "))
        // R22: the report itself carries no raw control or bidi control.
        XCTAssertFalse(r.stdout.contains(0x1B))
        XCTAssertFalse(r.text.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
    }

    func test_check_warningsPassUnlessStrict() throws {
        XCTAssertEqual(try Command.run(["check", path("warn-only.he.po")]).status, 0)
        XCTAssertEqual(try Command.run(["check", "--strict", path("warn-only.he.po")]).status, 1)
    }

    func test_check_unreadableInputExitsTwoWithFileAndLine() throws {
        let missing = try Command.run(["check", path("no-such-file.po")])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("no-such-file.po"), missing.stderr)
        let broken = try Command.run(["check", path("broken.po")])
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.stderr.contains("broken.po:6"), broken.stderr)
    }

    func test_check_jsonFormatIsParseable() throws {
        let r = try Command.run(["check", "--format", "json", path("traps.ar.po")])
        XCTAssertEqual(r.status, 1)
        let o = try JSONSerialization.jsonObject(with: r.stdout) as! [String: Any]
        let findings = o["findings"] as! [[String: Any]]
        XCTAssertTrue(findings.contains { $0["id"] as? String == "escape-sequence" })
        XCTAssertTrue(findings.allSatisfy { $0["file"] != nil && $0["line"] != nil && $0["suggestion"] != nil })
    }

    func test_check_everyInstalledRTLCatalog() throws {
        var files: [String] = []
        for lang in ["ar", "he", "fa"] {
            let dir = "/usr/share/locale/\(lang)/LC_MESSAGES"
            for f in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] where f.hasSuffix(".mo") {
                files.append(dir + "/" + f)
            }
        }
        if files.isEmpty { throw XCTSkip("no Arabic, Hebrew or Persian catalogs installed") }
        let r = try Command.run(["check", "--format", "json"] + files)
        XCTAssertNotEqual(r.status, 2, r.stderr)
        let o = try JSONSerialization.jsonObject(with: r.stdout) as! [String: Any]
        let checked = o["files"] as! [[String: Any]]
        XCTAssertEqual(checked.count, files.count)
        let findings = o["findings"] as! [[String: Any]]
        XCTAssertTrue(findings.contains { $0["id"] as? String == "untranslated" }, "real catalogs have Latin-only strings")
    }
}
