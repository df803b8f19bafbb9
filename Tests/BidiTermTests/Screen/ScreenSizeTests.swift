import Foundation
import XCTest
@testable import BidiTerm

/// Every demo screen, in every locale and direction, drawn into areas from one cell to a wide
/// terminal: nothing crashes, and the buffer stays well formed (every wide cell followed by its
/// continuation, no continuation without one, no control character in any cell).
final class ScreenSizeTests: XCTestCase {
    static let sizes = [(1, 1), (10, 5), (40, 12), (200, 60)]

    private func assertWellFormed(_ b: Buffer, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        for y in b.area.minY..<b.area.maxY {
            for x in b.area.minX..<b.area.maxX {
                let c = b[x, y]!
                if c.width == 2 {
                    XCTAssertTrue(x + 1 < b.area.maxX && b[x + 1, y]!.isContinuation,
                                  "\(context): wide cell at (\(x), \(y)) without its continuation", file: file, line: line)
                }
                if c.isContinuation {
                    XCTAssertTrue(x > b.area.minX && b[x - 1, y]!.width == 2,
                                  "\(context): continuation at (\(x), \(y)) after no wide cell", file: file, line: line)
                }
                XCTAssertFalse(c.symbol.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                               "\(context): control character at (\(x), \(y))", file: file, line: line)
            }
        }
    }

    func test_everyDemoScreen_everySize_drawsWithoutCrashing() throws {
        for screen in DemoScreenSet.screens() {
            for locale in DemoScreenSet.locales {
                for direction in LayoutDirection.allCases {
                    for (w, h) in Self.sizes {
                        let context = "\(screen.id) \(locale) \(direction) \(w)×\(h)"
                        let b = try DemoScreenSet.draw(screen, locale: locale, direction: direction, width: w, height: h)
                        XCTAssertEqual(b.area, Rect(width: w, height: h), context)
                        XCTAssertEqual(BufferExport.plain(b).count, h, context)
                        assertWellFormed(b, context)
                    }
                }
            }
        }
    }

    /// At 200×60 the title frame spans the whole area, corners mirrored in RTL (R2).
    func test_largeArea_frameSpansTheArea() throws {
        for screen in DemoScreenSet.screens() {
            let ltr = try DemoScreenSet.draw(screen, locale: "he", direction: .ltr, width: 200, height: 60)
            let rtl = try DemoScreenSet.draw(screen, locale: "he", direction: .rtl, width: 200, height: 60)
            for (b, corners) in [(ltr, ["┌", "┐", "└", "┘"]), (rtl, ["┌", "┐", "└", "┘"])] {
                XCTAssertEqual([b[0, 0]?.symbol, b[199, 0]?.symbol, b[0, 59]?.symbol, b[199, 59]?.symbol],
                               corners, screen.id)
            }
        }
    }
}
