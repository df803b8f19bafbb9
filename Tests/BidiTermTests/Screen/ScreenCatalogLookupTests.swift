import Foundation
import XCTest
@testable import BidiTerm

/// How `ScreenRenderer` finds a screen's text in its catalogs (what `render --screen --strings`
/// relies on): the first catalog that has a key wins, and inside one catalog the entry that
/// `Catalog.lookup` returns (the first, as the loader's duplicate-key warning says).
final class ScreenCatalogLookupTests: XCTestCase {
    private func po(_ text: String, _ name: String) throws -> Catalog {
        try CatalogLoader.load(data: Data(text.utf8), path: name)
    }

    func test_firstCatalogWithTheKeyWins() throws {
        let a = try po("msgid \"k\"\nmsgstr \"from a\"\n", "a.po")
        let b = try po("msgid \"k\"\nmsgstr \"from b\"\n\nmsgid \"only.b\"\nmsgstr \"b only\"\n", "b.po")
        let r = ScreenRenderer(catalogs: [a, b], locale: "en")
        XCTAssertEqual(r.lookup("k"), "from a")
        XCTAssertEqual(r.lookup("only.b"), "b only")
        XCTAssertNil(r.lookup("nowhere"))
    }

    func test_duplicateKeyInOneCatalog_usesTheEntryCatalogLookupUses() throws {
        let c = try po("msgid \"k\"\nmsgstr \"first\"\n\nmsgid \"k\"\nmsgstr \"second\"\n", "dup.po")
        XCTAssertEqual(c.lookup("k"), "first")
        XCTAssertTrue(c.warnings.contains { $0.line == 4 }, "the loader warns about the second entry")
        XCTAssertEqual(ScreenRenderer(catalogs: [c], locale: "en").lookup("k"), c.lookup("k"))
    }

    func test_missingKeys_areMarkedOnScreenAndListedWithTheirNode() throws {
        let screen = try ScreenFile.parse(yaml: """
            screen: t
            root:
              type: vstack
              children:
                - {type: label, text: here}
                - {type: label, text: gone}
            """, path: "t.yaml")
        let c = try po("msgid \"here\"\nmsgstr \"Here\"\n", "en.po")
        let r = ScreenRenderer(catalogs: [c], locale: "en")
        XCTAssertEqual(r.missingKeys(in: screen).map(\.description),
                       ["t.yaml:6:27: missing catalog key \"gone\" (shown as ⟦gone⟧)"], "where the key is written")
        let rows = BufferExport.plain(r.render(screen, width: 10, height: 2))
        XCTAssertEqual(rows, ["Here      ", "⟦gone⟧    "])
    }
}
