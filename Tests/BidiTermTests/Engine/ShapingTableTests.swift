import TestSupport
import XCTest
@testable import BidiTerm

/// The shaping table (`ShapingTable`, learnt from ICU) against ICU's shaping itself: the direct
/// shaper writes the glyphs and merges the letters that `u_shapeArabic` does.
final class ShapingTableTests: XCTestCase {
    func direct(_ text: [UInt16]) -> ([UInt16], [Int32]) {
        var shaper = Shaper()
        defer { shaper.deallocate() }
        var u = text
        let table = ShapingTable.shared!
        let tails = u.withUnsafeMutableBufferPointer { Array(shaper.shapeDirect($0.baseAddress!, count: $0.count, chars: CharTable(), table: table)) }
        return (u, tails)
    }

    func icu(_ text: [UInt16]) -> ([UInt16], [Int32])? {
        var shaper = Shaper()
        defer { shaper.deallocate() }
        var u = text
        let tails = u.withUnsafeMutableBufferPointer { shaper.shapeWithICU($0.baseAddress!, count: $0.count, chars: CharTable()).map(Array.init) }
        return tails.map { (u, $0) }
    }

    func test_tableIsLearnt() {
        let table = ShapingTable.shared
        XCTAssertNotNil(table)
        // beh: dual-joining; alef: joins before only; hamza: neither; fatha: transparent.
        XCTAssertEqual(table?.link[0x28], ShapingTable.joinsBefore | ShapingTable.joinsAfter)
        XCTAssertEqual(table?.link[0x27], ShapingTable.joinsBefore)
        XCTAssertEqual(table?.link[0x21], 0)
        XCTAssertEqual(table?.link[0x4E], ShapingTable.transparent)
        XCTAssertEqual(table.map { Array(UnsafeBufferPointer(start: $0.forms + 4 * 0x28, count: 4)) }, [0xFE8F, 0xFE90, 0xFE91, 0xFE92])
        XCTAssertEqual(table.map { Array(UnsafeBufferPointer(start: $0.ligatures, count: 8)) },
                       [0xFEF5, 0xFEF6, 0xFEF7, 0xFEF8, 0xFEF9, 0xFEFA, 0xFEFB, 0xFEFC])
    }

    /// Every pair of characters of the block, and random text of the block with spaces, Latin,
    /// digits, ZWNJ, marks and noncharacters.
    func test_directShapingEqualsICU() {
        var failures: [String] = []
        func check(_ text: [UInt16]) {
            guard let want = icu(text) else { return }   // ICU refused: the shaper would leave it as it is
            let got = direct(text)
            if got != want && failures.count < 10 {
                failures.append("\(text.map { Hex.padded($0) }): direct \(got.0.map { Hex.padded($0) }) \(got.1), ICU \(want.0.map { Hex.padded($0) }) \(want.1)")
            }
        }
        for a in UInt16(0x0600)...0x06FF {
            for b in UInt16(0x0600)...0x06FF { check([a, b]) }
        }
        let seed = TestSeed.seed(default: 52)
        var rng = RandomText(seed: seed)
        let extra: [UInt16] = [0x20, 0x41, 0x31, 0x200C, 0x0301, 0x064E, 0x0651, 0xFFFF, 0x0750, 0x08A0, 0x0710, 0x2E, 0x0644, 0x0627, 0x0622]
        for _ in 0..<20_000 {
            let n = Int(rng.next() % 12) + 1
            check((0..<n).map { _ in rng.oneIn(3) ? rng.pick(extra) : UInt16(0x0600 + rng.next() % 256) })
        }
        XCTAssertEqual(failures, [], "seed \(seed)")
    }
}
