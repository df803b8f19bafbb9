import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// A big catalog is checked in parts side by side, a linter per part: the findings are those of
/// checking it in one go, in the same order.
final class CheckPartsTests: XCTestCase {
    func findingsInParts(_ catalog: Catalog, partSize: Int) -> [Finding] {
        let linter = BidiLinter()
        linter.entriesPerPart = partSize
        linter.maxParts = 4
        return linter.check(catalog)
    }

    func test_partsGiveTheFindingsOfOneGo() throws {
        var catalogs: [Catalog] = []
        let lint = Repository.fixtures.appendingPathComponent("lint").path
        for name in ["traps.ar.po", "warn-only.he.po", "invalid-utf8.ar.po", "formats/planted.ar.po", "formats/visual.he.po", "formats/clean.ar.po"] {
            catalogs.append(try CatalogLoader.load(path: lint + "/" + name))
        }
        for lang in ["ar", "he", "fa"] {
            let dir = "/usr/share/locale/\(lang)/LC_MESSAGES"
            for f in ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted().prefix(3) where f.hasSuffix(".mo") {
                if let c = try? CatalogLoader.load(path: dir + "/" + f) { catalogs.append(c) }
            }
        }
        var compared = 0
        for catalog in catalogs where catalog.entries.count >= 6 {
            let whole = findingsInParts(catalog, partSize: Int.max)
            XCTAssertEqual(findingsInParts(catalog, partSize: 3), whole, catalog.path)
            compared += whole.count
        }
        XCTAssertGreaterThan(compared, 20, "the catalogs have findings to compare")
    }
}
