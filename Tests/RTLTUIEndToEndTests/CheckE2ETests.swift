import Foundation
import TestSupport
import XCTest

/// `rtl-tui check` as CI runs it, through the built binary in a directory of its own: a baseline
/// written and read back, and the configuration file found from the working directory.
final class CheckE2ETests: XCTestCase {
    /// Write a baseline, re-run: exit 0 and nothing reported. Add one bug (and shift every line by
    /// editing elsewhere): exit 1 and only that bug reported.
    func test_baseline_roundTrip() throws {
        let dir = try workspace(["po/ar.po": "formats/planted.ar.po"])
        let write = try BuiltBinary.run(["check", "--write-baseline", "baseline.json", "po/ar.po"], directory: dir)
        XCTAssertEqual(write.status, 0, write.stderr)
        XCTAssertTrue(write.stderr.contains("19 findings recorded"), write.stderr)
        let baseline = try String(contentsOf: dir.appendingPathComponent("baseline.json"), encoding: .utf8)
        XCTAssertTrue(baseline.contains("\"file\":\"po/ar.po\""), "paths relative to the baseline: \(baseline)")

        let again = try BuiltBinary.run(["check", "--baseline", "baseline.json", "po/ar.po"], directory: dir)
        XCTAssertEqual(again.status, 0, again.text)
        XCTAssertEqual(again.lines, ["1 file, 19 entries: 0 errors, 0 warnings; 19 more known from the baseline"])
        // From another directory, with absolute paths: the same.
        let elsewhere = try BuiltBinary.run(["check", "--baseline", dir.appendingPathComponent("baseline.json").path,
                                             dir.appendingPathComponent("po/ar.po").path])
        XCTAssertEqual(elsewhere.status, 0, elsewhere.text)

        // Lines move (a comment block at the top), and one new bug arrives.
        let po = dir.appendingPathComponent("po/ar.po")
        var text = try String(contentsOf: po, encoding: .utf8)
        text = "# A comment\n# that moves every line down\n" + text + "\nmsgctxt \"new\"\nmsgid \"Admin only\"\nmsgstr \"\u{202E}للمسؤول فقط\"\n"
        try text.write(to: po, atomically: true, encoding: .utf8)
        let after = try BuiltBinary.run(["check", "--baseline", "baseline.json", "--format", "json", "po/ar.po"], directory: dir)
        XCTAssertEqual(after.status, 1)
        let o = try XCTUnwrap(try JSONSerialization.jsonObject(with: after.stdout) as? [String: Any])
        let findings = try XCTUnwrap(o["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.map { $0["key"] as? String }, ["new|Admin only"])
        XCTAssertEqual(findings.map { $0["id"] as? String }, ["bidi-unbalanced"])
        XCTAssertEqual((o["summary"] as? [String: Any])?["baseline"] as? Int, 19)

        let broken = try BuiltBinary.run(["check", "--baseline", "po/ar.po", "po/ar.po"], directory: dir)
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.stderr.contains("not a baseline file"), broken.stderr)
    }

    /// `.rtl-tui-check.yaml` is found in a parent of the working directory; its file globs are
    /// relative to it.
    func test_config_isFoundUpwardFromTheWorkingDirectory() throws {
        let dir = try workspace(["app/po/ar.po": "formats/planted.ar.po", "vendor/x/ar.po": "traps.ar.po"])
        try "rules:\n  untranslated: off\n  numbers: error\nignore:\n  files: [\"vendor/**\"]\n"
            .write(to: dir.appendingPathComponent(".rtl-tui-check.yaml"), atomically: true, encoding: .utf8)
        let r = try BuiltBinary.run(["check", "--format", "json", "po/ar.po", "../vendor/x/ar.po"], directory: dir.appendingPathComponent("app"))
        let o = try XCTUnwrap(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        XCTAssertEqual((o["files"] as? [[String: Any]])?.map { $0["path"] as? String }, ["po/ar.po"], "vendor/** is ignored")
        let findings = try XCTUnwrap(o["findings"] as? [[String: Any]])
        XCTAssertFalse(findings.contains { $0["id"] as? String == "untranslated" })
        XCTAssertTrue(findings.contains { $0["id"] as? String == "numbers" && $0["severity"] as? String == "error" })
        // Elsewhere, no configuration: the defaults.
        let plain = try BuiltBinary.run(["check", "--format", "json", dir.appendingPathComponent("app/po/ar.po").path])
        let p = try XCTUnwrap(try JSONSerialization.jsonObject(with: plain.stdout) as? [String: Any])
        XCTAssertTrue((p["findings"] as? [[String: Any]])?.contains { $0["id"] as? String == "untranslated" } ?? false)
    }
}
