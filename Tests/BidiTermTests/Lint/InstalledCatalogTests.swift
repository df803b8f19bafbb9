import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// `check` on the catalogs installed on this machine (skipped where there are none; the fixtures
/// exercise every rule on their own).
final class InstalledCatalogTests: XCTestCase {
    struct Listed: Hashable { var catalog: String; var id: String; var key: String }

    /// The hand-checked list in `Fixtures/lint/installed-placeholder-errors.txt`.
    static func listed() throws -> [Listed: String] {
        let url = Repository.fixtures.appendingPathComponent("lint/installed-placeholder-errors.txt")
        var out: [Listed: String] = [:]
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.components(separatedBy: " | ")
            guard parts.count == 4 else { continue }
            out[Listed(catalog: parts[0], id: parts[1], key: parts[2])] = parts[3]
        }
        return out
    }

    /// At most 20 placeholder errors in all, each one in the hand-checked list with its reason, and
    /// every listed one still found (for the catalogs installed here).
    func test_placeholderErrors_areExactlyTheHandCheckedOnes() throws {
        let paths = InstalledCatalogs.paths
        if paths.isEmpty { throw XCTSkip("no Arabic, Hebrew or Persian catalogs installed") }
        let listed = try Self.listed()
        XCTAssertLessThanOrEqual(listed.count, 20)
        XCTAssertTrue(listed.values.allSatisfy { $0.count > 40 }, "each listed error says why it is one")
        var found = Set<Listed>()
        var present = Set<String>()
        for path in paths {
            let parts = path.split(separator: "/")
            let name = "\(parts[parts.count - 3])/\(parts.last!)"
            present.insert(name)
            guard let catalog = try? CatalogLoader.load(path: path) else { continue }
            for f in BidiLinter().check(catalog) where f.id == "placeholder-missing" || f.id == "placeholder-added" {
                XCTAssertEqual(f.severity, .error)
                found.insert(Listed(catalog: name, id: f.id, key: f.key))
            }
        }
        XCTAssertLessThanOrEqual(found.count, 20)
        for f in found { XCTAssertNotNil(listed[f], "not in the hand-checked list: \(f)") }
        for l in listed.keys where present.contains(l.catalog) { XCTAssertTrue(found.contains(l), "no longer found: \(l)") }
    }
}
