import BidiTerm
import XCTest
@testable import BidiTermTerminal

/// The columns of each damaged row (`takeDamage`), and a kept row brought up to date from them
/// alone (`update(row:_:first:last:)`), which `run` uses for a key's echo: it must give exactly
/// the cells `row(y)` gives.
final class VTermEmulatorDamageTests: XCTestCase {
    private let CSI = "\u{1B}["

    func test_takeDamage_givesTheCellsWritten_orTheWholeRow() {
        let e = VTermEmulator(rows: 3, columns: 10)
        _ = e.takeDamage()
        e.feed("ab")
        XCTAssertEqual(e.takeDamage().map { [$0.row, $0.first, $0.last] }, [[0, 0, 1]])
        e.feed("\(CSI)2;4H中")
        XCTAssertEqual(e.takeDamage().map { [$0.row, $0.first, $0.last] }, [[1, 3, 4]], "a wide character: both its cells")
        e.feed("\(CSI)1;8Hx\(CSI)1;3Hy")
        XCTAssertEqual(e.takeDamage().map { [$0.row, $0.first, $0.last] }, [[0, 2, 7]], "two writes in a row: the span of both")
        e.feed("\(CSI)3;5H\(CSI)K")
        XCTAssertEqual(e.takeDamage().map { [$0.row, $0.first, $0.last] }, [[2, 0, 9]], "an erase: the whole row")
        XCTAssertTrue(e.takeDamage().isEmpty)
        XCTAssertEqual(e.takeDamagedRows(), [])
    }

    func test_update_ofAWideCharactersHalf_isRefused_theRowReadWhole() {
        let e = VTermEmulator(rows: 2, columns: 8)
        e.feed("a中b")
        _ = e.takeDamage()
        var kept = e.row(0)
        // A narrow character over the right half of 中: the left half's width changes, and it
        // lies before the columns written, so it is read too.
        e.feed("\(CSI)1;3Hx")
        let d = e.takeDamage()
        XCTAssertEqual(d.map { [$0.row, $0.first, $0.last] }, [[0, 2, 2]])
        XCTAssertTrue(e.update(row: 0, &kept, first: 2, last: 2))
        XCTAssertEqual(kept, e.row(0))
        // 中 again, in columns 4 and 5: a reading may not start on its right half (5) nor stop
        // just before it (4 read, 5 not).
        e.feed("\(CSI)1;5H中")
        _ = e.takeDamage()
        kept = e.row(0)
        let before = kept
        XCTAssertFalse(e.update(row: 0, &kept, first: 6, last: 6), "column 5, before column 6, is a right half")
        XCTAssertFalse(e.update(row: 0, &kept, first: 3, last: 4), "column 5, after column 4, is a right half")
        XCTAssertEqual(kept, before, "nothing changed when refused")
        XCTAssertTrue(e.update(row: 0, &kept, first: 5, last: 6), "column 4 before them is a left half: read with its pair")
        XCTAssertEqual(kept, e.row(0))
        var narrow = Array(kept.prefix(7))
        XCTAssertFalse(e.update(row: 0, &narrow, first: 0, last: 0), "a kept row of another width")
    }

    /// Random writes of ASCII, Hebrew, Arabic, wide characters and marks, colours, cursor moves,
    /// erases, insertions and deletions, reverse video of the screen, the alternate screen and
    /// resizes: after every feed, each damaged row kept and brought up to date from its columns
    /// alone (when `update` takes it) equals `row(y)`, and every row not damaged equals it too
    /// (nothing changes without damage).
    func test_update_fromTheDamagedColumns_equalsTheRowReadWhole_overRandomStreams() {
        var rng = Seeded(state: 0xDA3A6E)
        let pieces = ["a", "Z", "5", " ", "ש", "ם", "م", "ل", "中", "あ", "\u{301}", "\u{5B0}", "\t",
                      "\(CSI)31m", "\(CSI)44m", "\(CSI)0m", "\(CSI)7m", "\(CSI)K", "\(CSI)1K", "\(CSI)2@", "\(CSI)3P",
                      "\(CSI)2X", "\r", "\n", "\u{8}", "\(CSI)?5h", "\(CSI)?5l", "\(CSI)4h", "\(CSI)4l"]
        let e = VTermEmulator(rows: 6, columns: 20)
        var kept = (0..<e.rows).map { e.row($0) }
        _ = e.takeDamage()
        var narrowUpdates = 0, refused = 0
        for i in 0..<4000 {
            var text = ""
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                if Int.random(in: 0..<5, using: &rng) == 0 {
                    text += "\(CSI)\(Int.random(in: 1...e.rows, using: &rng));\(Int.random(in: 1...e.columns, using: &rng))H"
                } else {
                    text += pieces.randomElement(using: &rng)!
                }
            }
            if i % 500 == 499 { text += Bool.random(using: &rng) ? "\(CSI)?1049h" : "\(CSI)?1049l" }
            e.feed(text)
            if i % 701 == 700 {
                e.resize(rows: Int.random(in: 3...8, using: &rng), columns: Int.random(in: 8...30, using: &rng))
            }
            if kept.count != e.rows { kept = Array(repeating: [], count: e.rows) }
            let damage = e.takeDamage()
            let damaged = Set(damage.map(\.row))
            for d in damage {
                if d.last - d.first < e.columns - 1, e.update(row: d.row, &kept[d.row], first: d.first, last: d.last) {
                    narrowUpdates += 1
                } else {
                    if d.last - d.first < e.columns - 1, kept[d.row].count == e.columns { refused += 1 }
                    kept[d.row] = e.row(d.row)
                }
                XCTAssertEqual(kept[d.row], e.row(d.row), "feed \(i) \(text.debugDescription): row \(d.row), columns \(d.first)...\(d.last)")
            }
            for y in 0..<e.rows where !damaged.contains(y) {
                XCTAssertEqual(kept[y], e.row(y), "feed \(i) \(text.debugDescription): row \(y) changed without damage")
            }
        }
        XCTAssertGreaterThan(narrowUpdates, 500, "the columns alone were read often")
        XCTAssertGreaterThan(refused, 0, "and refused at a wide character's half")
    }
}
