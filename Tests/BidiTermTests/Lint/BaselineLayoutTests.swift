import Foundation
import XCTest
@testable import BidiTerm

/// Baselines match wherever the catalogs are: inside the baseline's folder, beside it, above it,
/// named by absolute paths, and after the checkout moves.
final class BaselineLayoutTests: XCTestCase {
    var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    func finding(_ file: String, key: String = "Open", id: String = "bidi-unbalanced") -> Finding {
        Finding(id: id, severity: .error, file: file, line: 3, column: 1, key: key, message: "m")
    }

    /// Writes a baseline at `baseline` for findings in `catalog`, reads it back, and returns the
    /// stored path and how many of the same findings it recognises.
    func roundTrip(baseline: String, catalog: String, readAt: String? = nil, checkAt: String? = nil) throws -> (stored: String, known: Int, new: Int) {
        let findings = [finding(catalog), finding(catalog, key: "Save")]
        let b = LintBaseline(findings, baselinePath: baseline)
        let json = b.json()
        let target = readAt ?? baseline
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try json.write(toFile: target, atomically: true, encoding: .utf8)
        let loaded = try LintBaseline.load(path: target)
        let again = (checkAt.map { at in findings.map { f in var g = f; g.file = at; return g } } ?? findings) + [finding(checkAt ?? catalog, key: "New")]
        let (new, known) = loaded.filter(again)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let stored = try XCTUnwrap((object["findings"] as? [[String: Any]])?.first?["file"] as? String)
        return (stored, known, new.count)
    }

    func test_catalogsInsideTheBaselinesFolder() throws {
        let r = try roundTrip(baseline: root.path + "/baseline.json", catalog: root.path + "/po/ar.po")
        XCTAssertEqual(r.stored, "po/ar.po")
        XCTAssertEqual(r.known, 2)
        XCTAssertEqual(r.new, 1)
    }

    /// `ci/baseline.json` with `po/*.po`: the layout, where absolute paths used to be written.
    func test_catalogsBesideTheBaselinesFolder() throws {
        let r = try roundTrip(baseline: root.path + "/ci/baseline.json", catalog: root.path + "/po/ar.po")
        XCTAssertEqual(r.stored, "../po/ar.po")
        XCTAssertEqual(r.known, 2)
        XCTAssertEqual(r.new, 1)
    }

    func test_catalogsAboveTheBaselinesFolder() throws {
        let r = try roundTrip(baseline: root.path + "/a/b/baseline.json", catalog: root.path + "/ar.po")
        XCTAssertEqual(r.stored, "../../ar.po")
        XCTAssertEqual(r.known, 2)
    }

    /// Paths with `.`, `..` and doubled slashes are the same file.
    func test_absoluteAndUntidyPaths() throws {
        let r = try roundTrip(baseline: root.path + "/ci/./baseline.json", catalog: root.path + "//x/../po/ar.po",
                              checkAt: root.path + "/po/ar.po")
        XCTAssertEqual(r.stored, "../po/ar.po")
        XCTAssertEqual(r.known, 2)
    }

    /// The whole checkout copied elsewhere: the baseline still matches.
    func test_movedCheckout() throws {
        let r = try roundTrip(baseline: root.path + "/one/ci/baseline.json", catalog: root.path + "/one/po/ar.po",
                              readAt: root.path + "/two/ci/baseline.json", checkAt: root.path + "/two/po/ar.po")
        XCTAssertEqual(r.stored, "../po/ar.po")
        XCTAssertEqual(r.known, 2)
        XCTAssertEqual(r.new, 1)
    }

    /// Baselines written with absolute paths (earlier versions) still match.
    func test_absolutePathsStoredByEarlierVersions() throws {
        let path = root.path + "/ci/baseline.json"
        try FileManager.default.createDirectory(atPath: root.path + "/ci", withIntermediateDirectories: true)
        try "{\"findings\":[{\"count\":1,\"file\":\"\(root.path)/po/ar.po\",\"form\":null,\"id\":\"bidi-unbalanced\",\"key\":\"Open\"}]}"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let (new, known) = try LintBaseline.load(path: path).filter([finding(root.path + "/po/ar.po")])
        XCTAssertEqual(known, 1)
        XCTAssertEqual(new.count, 0)
    }

    func test_relativeAndNormalized() {
        XCTAssertEqual(LintBaseline.relative("/r/po/ar.po", to: "/r/ci"), "../po/ar.po")
        XCTAssertEqual(LintBaseline.relative("/r/ar.po", to: "/r"), "ar.po")
        XCTAssertEqual(LintBaseline.relative("/ar.po", to: "/"), "ar.po")
        XCTAssertEqual(LintBaseline.normalized("/r/./a//../b"), "/r/b")
        XCTAssertEqual(LintBaseline.resolve("../po/ar.po", against: "/r/ci"), "/r/po/ar.po")
    }
}
