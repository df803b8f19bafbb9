import XCTest
@testable import BidiTermTerminal

/// The curses colour pair numbering of the ncurses backend.
final class ColorPairTableTests: XCTestCase {
    func test_pairTable_reusesPairs_andDefaultIsPairZero() {
        var t = ColorPairTable(capacity: 256)
        XCTAssertEqual(t.pair(fg: -1, bg: -1).pair, 0)
        let a = t.pair(fg: 1, bg: -1)
        XCTAssertEqual(a.pair, 1)
        XCTAssertTrue(a.isNew)
        let b = t.pair(fg: 2, bg: 4)
        XCTAssertEqual(b.pair, 2)
        let again = t.pair(fg: 1, bg: -1)
        XCTAssertEqual(again.pair, 1)
        XCTAssertFalse(again.isNew)
        XCTAssertEqual(t.count, 2)
    }

    func test_pairTable_whenFull_fallsBackToPairZero() {
        var t = ColorPairTable(capacity: 3)   // pairs 0, 1, 2
        XCTAssertEqual(t.pair(fg: 1, bg: 0).pair, 1)
        XCTAssertEqual(t.pair(fg: 2, bg: 0).pair, 2)
        let full = t.pair(fg: 3, bg: 0)
        XCTAssertEqual(full.pair, 0)
        XCTAssertFalse(full.isNew)
        XCTAssertEqual(t.pair(fg: 2, bg: 0).pair, 2)
    }
}
