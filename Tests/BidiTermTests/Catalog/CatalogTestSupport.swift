import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// The catalog fixtures in `Tests/BidiTermTests/Fixtures/catalogs`. Binary and byte-exact ones are
/// written by `Scripts/make_catalog_fixtures.py`.
enum CatalogFixture {
    static let directory: URL = Repository.fixtures.appendingPathComponent("catalogs")

    static func path(_ relative: String) -> String {
        directory.appendingPathComponent(relative).path
    }

    static func load(_ relative: String, format: CatalogFormat? = nil, locale: String? = nil) throws -> Catalog {
        try CatalogLoader.load(path: path(relative), format: format, locale: locale)
    }

    static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(relative)))
    }
}

/// Loads `text` as a catalog named `name` (which picks the format) from memory.
func loadCatalog(_ text: String, name: String, format: CatalogFormat? = nil, locale: String? = nil) throws -> Catalog {
    try CatalogLoader.load(data: Data(text.utf8), path: name, format: format, locale: locale)
}

/// Asserts that `load` throws a ``CatalogDiagnostic`` for `file` at `line`:`column` whose message
/// contains `message`, and that its description reads `file:line:column: message`.
func assertCatalogError(
    _ load: @autoclosure () throws -> Catalog, file path: String, line: Int, column: Int, contains message: String,
    file: StaticString = #filePath, line testLine: UInt = #line
) {
    do {
        let catalog = try load()
        XCTFail("expected an error, loaded \(catalog.entries.count) entries", file: file, line: testLine)
    } catch let diagnostic as CatalogDiagnostic {
        XCTAssertEqual(diagnostic.file, path, file: file, line: testLine)
        XCTAssertEqual(diagnostic.line, line, "line of: \(diagnostic)", file: file, line: testLine)
        XCTAssertEqual(diagnostic.column, column, "column of: \(diagnostic)", file: file, line: testLine)
        XCTAssertTrue(diagnostic.message.contains(message), "message of: \(diagnostic)", file: file, line: testLine)
        let prefix = column > 0 ? "\(path):\(line):\(column): " : line > 0 ? "\(path):\(line): " : "\(path): "
        XCTAssertTrue(diagnostic.description.hasPrefix(prefix), "description: \(diagnostic)", file: file, line: testLine)
    } catch {
        XCTFail("expected a CatalogDiagnostic, got \(error)", file: file, line: testLine)
    }
}

/// Asserts that `catalog` has exactly one warning at `line`:`column` containing `message`.
func assertCatalogWarning(
    _ catalog: Catalog, line: Int, column: Int, contains message: String,
    file: StaticString = #filePath, line testLine: UInt = #line
) {
    let matches = catalog.warnings.filter { $0.message.contains(message) }
    guard matches.count == 1, let warning = matches.first else {
        XCTFail("expected one warning containing \(message.debugDescription), got: \(catalog.warnings.map(\.description))",
                file: file, line: testLine)
        return
    }
    XCTAssertEqual(warning.file, catalog.path, file: file, line: testLine)
    XCTAssertEqual(warning.line, line, "line of: \(warning)", file: file, line: testLine)
    XCTAssertEqual(warning.column, column, "column of: \(warning)", file: file, line: testLine)
}
