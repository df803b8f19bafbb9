import TestSupport
import XCTest
@testable import BidiTerm

/// The base of the widget test cases: helpers as methods, so their names stay out of the test
/// target's global namespace (other suites share the target).
class WidgetTestCase: XCTestCase {
    /// Asserts that `buffer`'s rows are `expected`; on a mismatch, a line diff and the actual rows
    /// as a Swift array literal to paste.
    func assertRows(_ buffer: Buffer, _ expected: [String], _ message: String = "",
                    file: StaticString = #filePath, line: UInt = #line) {
        assertLinesEqual(buffer.rows, expected, message, file: file, line: line)
    }

    /// A context for tests: default theme, Western digits unless given.
    func ctx(_ direction: LayoutDirection, numerals: NumeralSystem = .latn,
             options: LayoutOptions = LayoutOptions()) -> RenderContext {
        RenderContext(direction: direction, numerals: numerals, options: options)
    }

    /// `widget` drawn into a fresh `width` × `height` buffer.
    func draw(_ widget: any Widget, _ width: Int, _ height: Int, _ direction: LayoutDirection,
              numerals: NumeralSystem = .latn, options: LayoutOptions = LayoutOptions()) -> Buffer {
        widget.rendered(width: width, height: height, context: ctx(direction, numerals: numerals, options: options))
    }

    /// Rows mirrored left↔right: characters in reverse order, each glyph swapped for its mirror image
    /// with the mirroring table. Only meaningful for rows without text.
    func mirrored(_ rows: [String]) -> [String] {
        rows.map { row in row.reversed().map { GlyphMirroring.mirrored(String($0)) }.joined() }
    }

    /// The x of the first cell of row `y` whose symbol is `symbol`, or nil.
    func column(of symbol: String, row y: Int, in buffer: Buffer) -> Int? {
        for x in buffer.area.minX..<buffer.area.maxX where buffer[x, y]?.symbol == symbol { return x }
        return nil
    }
}
