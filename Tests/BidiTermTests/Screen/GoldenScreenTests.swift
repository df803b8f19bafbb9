import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// Every demo screen in every demo locale and in both directions, at 80×24, drawn through
/// `ScreenRenderer` and `BufferExport.plain` (what `rtl-tui render --screen` prints), against the
/// golden files in `Fixtures/golden/SCREEN.LOCALE.DIR.txt`.
///
/// `RECORD_SNAPSHOTS=1 swift test --filter Golden` rewrites the goldens. A golden is a reviewed
/// picture: before recording, read the new rows as the locale's reader would (the checks in
/// `ScreenMirroringTests` state the rules the pictures must follow).
final class GoldenScreenTests: XCTestCase {
    static let width = 80, height = 24

    private func checkGoldens(_ id: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let screen = try DemoScreenSet.screen(id, file: file, line: line)
        for locale in DemoScreenSet.locales {
            for direction in LayoutDirection.allCases {
                let buffer = try DemoScreenSet.draw(screen, locale: locale, direction: direction,
                                                   width: Self.width, height: Self.height)
                let rows = BufferExport.plain(buffer)
                let header = [
                    "Demo/screens/\(id).yaml, Demo/catalogs/\(locale).po, \(direction.rawValue), \(Self.width)×\(Self.height): BufferExport.plain",
                    "each row between | marks; RECORD_SNAPSHOTS=1 swift test --filter Golden re-records",
                ]
                GoldenFile.assertMatches(rows, path: GoldenFile.path(screen: id, locale: locale, direction: direction),
                                         header: header, file: file, line: line)
            }
        }
    }

    func test_golden_overview() throws { try checkGoldens("overview") }
    func test_golden_settings() throws { try checkGoldens("settings") }
    func test_golden_player() throws { try checkGoldens("player") }
    func test_golden_reading() throws { try checkGoldens("reading") }
    func test_golden_ratings() throws { try checkGoldens("ratings") }
    func test_golden_messages() throws { try checkGoldens("messages") }

    /// The tests above name every demo screen, and every golden file belongs to one of them: a new
    /// screen cannot go without goldens, nor a removed one leave a stale file.
    func test_golden_filesMatchTheDemoScreens() throws {
        let tested: Set<String> = ["overview", "settings", "player", "reading", "ratings", "messages"]
        let ids = Set(DemoScreenSet.screens().map(\.id))
        XCTAssertEqual(ids, tested, "add a test_golden_SCREEN method for each new demo screen")
        guard !GoldenFile.recording else { return }
        var expected = Set<String>()
        for id in ids {
            for l in DemoScreenSet.locales {
                for d in LayoutDirection.allCases { expected.insert("\(id).\(l).\(d.rawValue).txt") }
            }
        }
        let files = Set((try? FileManager.default.contentsOfDirectory(atPath: GoldenFile.directory)) ?? [])
        XCTAssertEqual(files.subtracting(expected).sorted(), [], "golden files of no demo screen, locale or direction")
        XCTAssertEqual(expected.subtracting(files).sorted(), [], "golden files missing")
    }

    /// The golden format round-trips rows with leading and trailing spaces and with `|` inside.
    func test_golden_formatKeepsTrailingSpacesAndBars() throws {
        let rows = ["  a  ", "|x|", "", "   "]
        let text = GoldenFile.encode(rows, header: ["h"])
        XCTAssertEqual(text, "# h\n|  a  |\n||x||\n||\n|   |\n")
        XCTAssertEqual(try GoldenFile.decode(text, path: "t"), rows)
        XCTAssertThrowsError(try GoldenFile.decode("|ok|\nno end marker  \n", path: "t")) { error in
            XCTAssertTrue("\(error)".hasPrefix("t:2:"), "\(error)")
        }
    }

    /// A mismatch names the row and the first differing character.
    func test_golden_diffNamesRowAndColumn() throws {
        let d = try XCTUnwrap(LineDiff.report(expected: ["abc", "same"], actual: ["abX", "same", "extra"]))
        XCTAssertTrue(d.contains("✗ row 1, from character 3:\n    expected |abc|\n    actual   |abX|"), d)
        XCTAssertTrue(d.contains("✗ row 3, from character 1:\n    expected (no row)\n    actual   |extra|"), d)
        XCTAssertFalse(d.contains("row 2"), d)
    }
}
