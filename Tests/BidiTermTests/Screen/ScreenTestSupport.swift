import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// The demo screens and catalogs, loaded once, and helpers to draw and inspect them.
enum DemoScreenSet {
    static let screensDirectory = Repository.demoScreens
    static let catalogsDirectory = Repository.demoCatalogs

    /// The locales with a demo catalog, in the order the goldens are checked.
    static let locales = ["en", "ar", "he", "fa"]
    static let rtlLocales = ["ar", "he", "fa"]

    /// Every demo screen, or the problems loading them.
    static let loaded: ScreenCollection = ScreenFile.loadDirectory(screensDirectory)

    /// The demo screens; fails the calling test when the directory has problems.
    static func screens(file: StaticString = #filePath, line: UInt = #line) -> [ScreenFile] {
        XCTAssertEqual(loaded.diagnostics, [], "the demo screens do not load cleanly", file: file, line: line)
        XCTAssertFalse(loaded.screens.isEmpty, "no demo screens in \(screensDirectory)", file: file, line: line)
        return loaded.screens
    }

    /// The screen with this id.
    static func screen(_ id: String, file: StaticString = #filePath, line: UInt = #line) throws -> ScreenFile {
        try XCTUnwrap(loaded.screen(id: id), "no demo screen '\(id)'", file: file, line: line)
    }

    /// The demo catalog of each locale.
    static let catalogs: [String: Result<Catalog, Error>] = Dictionary(uniqueKeysWithValues: locales.map { l in
        (l, Result { try CatalogLoader.load(path: catalogsDirectory + "/\(l).po") })
    })

    /// A renderer for `locale` with its demo catalog.
    static func renderer(_ locale: String) throws -> ScreenRenderer {
        let catalog = try XCTUnwrap(catalogs[locale], "no demo catalog for \(locale)").get()
        return ScreenRenderer(catalogs: [catalog], locale: locale)
    }

    /// `screen` drawn in `locale` and `direction`, the way `render --screen` draws it.
    static func draw(_ screen: ScreenFile, locale: String, direction: LayoutDirection,
                     width: Int = 80, height: Int = 24) throws -> Buffer {
        try renderer(locale).render(screen, width: width, height: height, direction: direction)
    }

    // MARK: - Looking at a buffer

    /// The cells of row `y`, one per column (continuations included, as empty symbols).
    static func cells(_ buffer: Buffer, row y: Int) -> [Cell] {
        (buffer.area.minX..<buffer.area.maxX).map { buffer[$0, y]! }
    }

    /// The columns of row `y` where `text` starts, matched cell by cell (a wide grapheme's
    /// continuation cell is skipped, as the text has no character for it).
    static func columns(of text: String, row y: Int, in buffer: Buffer) -> [Int] {
        let row = cells(buffer, row: y)
        let wanted = text.map(String.init)
        guard !wanted.isEmpty else { return [] }
        var found: [Int] = []
        for start in row.indices where !row[start].isContinuation {
            var x = start, i = 0
            while i < wanted.count, x < row.count {
                if row[x].isContinuation { x += 1; continue }
                guard row[x].symbol == wanted[i] else { break }
                i += 1
                x += 1
            }
            if i == wanted.count { found.append(start) }
        }
        return found
    }

    /// The first (row, column) where `text` appears, scanning rows top to bottom.
    static func find(_ text: String, in buffer: Buffer) -> (row: Int, column: Int)? {
        for y in buffer.area.minY..<buffer.area.maxY {
            if let x = columns(of: text, row: y, in: buffer).first { return (y, x) }
        }
        return nil
    }

    /// The rows that contain `symbol` in some cell.
    static func rows(containing symbol: String, in buffer: Buffer) -> [Int] {
        (buffer.area.minY..<buffer.area.maxY).filter { y in cells(buffer, row: y).contains { $0.symbol == symbol } }
    }

    /// The (column, symbol) of every cell of row `y` whose symbol is in `symbols`.
    static func glyphs(_ symbols: Set<String>, row y: Int, in buffer: Buffer) -> [(x: Int, symbol: String)] {
        cells(buffer, row: y).enumerated().filter { symbols.contains($0.element.symbol) }.map { ($0.offset, $0.element.symbol) }
    }

    /// The words of row `y` (maximal runs of cells that are not blank), with the column each starts at.
    static func words(row y: Int, in buffer: Buffer) -> [(x: Int, text: String)] {
        var out: [(x: Int, text: String)] = []
        var start: Int? = nil, text = ""
        for (x, c) in cells(buffer, row: y).enumerated() {
            if c.isContinuation { continue }
            if c.symbol == " " {
                if let s = start { out.append((s, text)) }
                start = nil
                text = ""
            } else {
                if start == nil { start = x }
                text += c.symbol
            }
        }
        if let s = start { out.append((s, text)) }
        return out
    }
}

extension GoldenFile {
    /// The golden file of the demo screen `screen` in `locale` and `direction`.
    static func path(screen: String, locale: String, direction: LayoutDirection) -> String {
        path(screen: screen, locale: locale, direction: direction.rawValue)
    }
}
