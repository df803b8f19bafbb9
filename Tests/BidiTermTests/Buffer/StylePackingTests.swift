import XCTest
@testable import BidiTerm

/// `Style` holds its colours packed (`Color.packed`): every colour comes back as it went, and
/// equality and hashing follow the colours and attributes.
final class StylePackingTests: XCTestCase {
    let colors: [Color] = [.default, .ansi(0), .ansi(15), .indexed(0), .indexed(16), .indexed(255),
                           .rgb(0, 0, 0), .rgb(255, 255, 255), .rgb(1, 2, 3), .rgb(0, 0, 1)]

    func test_everyColour_comesBackFromItsPackedForm_andPackedFormsDiffer() {
        for c in colors {
            XCTAssertEqual(Color(packed: c.packed), c)
            var style = Style()
            style.fg = c
            style.bg = c
            XCTAssertEqual(style.fg, c)
            XCTAssertEqual(style.bg, c)
            XCTAssertEqual(style.packedBackground, c.packed)
        }
        XCTAssertEqual(Set(colors.map(\.packed)).count, colors.count, "one packed value per colour")
        XCTAssertNotEqual(Color.ansi(1), Color.indexed(1))
        XCTAssertNotEqual(Color.rgb(0, 0, 0), Color.default)
    }

    func test_stylesEqual_exactlyWhenColoursAndAttributesAre() {
        for a in colors {
            for b in colors {
                let s1 = Style(fg: a, bg: b, attributes: [.bold])
                let s2 = Style(fg: a, bg: b, attributes: [.bold])
                XCTAssertEqual(s1, s2)
                XCTAssertEqual(s1.hashValue, s2.hashValue)
                XCTAssertNotEqual(s1, Style(fg: a, bg: b, attributes: [.bold, .reverse]))
                XCTAssertEqual(Style(fg: a, bg: b) == Style(fg: b, bg: a), a == b)
            }
        }
        XCTAssertTrue(Style().isPlain)
        XCTAssertTrue(Style.plain.isPlain)
        XCTAssertFalse(Style(fg: .ansi(0)).isPlain)
        XCTAssertFalse(Style(attributes: .dim).isPlain)
    }
}
