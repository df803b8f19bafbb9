import BidiTerm
import XCTest
@testable import BidiTermTerminal

/// Helpers of the emulator tests: feed strings, read rows as text.
extension VTermEmulator {
    /// Feeds the UTF-8 of `text`.
    func feed(_ text: String) { feed(Array(text.utf8)) }

    /// Row `y` as text: the symbols of its cells, continuation cells skipped, trailing spaces cut.
    func text(_ y: Int) -> String {
        let s = row(y).filter { !$0.isContinuation }.map(\.symbol).joined()
        return String(s.reversed().drop(while: { $0 == " " }).reversed())
    }

    /// Every row as `text(_:)`.
    var lines: [String] { (0..<rows).map(text) }
}

/// A row of cells as text (continuations skipped, trailing spaces cut).
func text(of cells: [Cell]) -> String {
    let s = cells.filter { !$0.isContinuation }.map(\.symbol).joined()
    return String(s.reversed().drop(while: { $0 == " " }).reversed())
}

/// What `scanner` passes on to libvterm of `chunks`, fed in those pieces.
func scan(_ chunks: [[UInt8]], with scanner: inout ControlScanner) -> [UInt8] {
    var out: [UInt8] = []
    for chunk in chunks { chunk.withUnsafeBytes { scanner.scan($0, into: &out) } }
    return out
}

/// What a new scanner passes on of `chunks` (UTF-8, fed in those pieces), as text.
func scanned(_ chunks: [String], introducersAfterIntermediates: Bool? = nil) -> String {
    var scanner = ControlScanner()
    if let introducersAfterIntermediates { scanner.introducersAfterIntermediates = introducersAfterIntermediates }
    return String(decoding: scan(chunks.map { Array($0.utf8) }, with: &scanner), as: UTF8.self)
}

let ESC = "\u{1B}"
let CSI = "\u{1B}["

/// Asserts that every row of `emulator` is exactly `columns` columns wide and well formed (a wide
/// cell followed by its continuation, no stray continuation, no control character in a symbol).
func assertWellFormed(_ emulator: VTermEmulator, file: StaticString = #filePath, line: UInt = #line) {
    for y in 0..<emulator.rows {
        assertWellFormed(emulator.row(y), columns: emulator.columns, file: file, line: line)
    }
}

func assertWellFormed(_ cells: [Cell], columns: Int?, file: StaticString = #filePath, line: UInt = #line) {
    if let columns { XCTAssertEqual(cells.count, columns, "row width", file: file, line: line) }
    var x = 0
    while x < cells.count {
        let cell = cells[x]
        for s in cell.symbol.unicodeScalars where s.value < 0x20 || (0x7F..<0xA0).contains(s.value) {
            XCTFail("control character \(s.value) in a symbol", file: file, line: line)
        }
        if cell.width == 2 {
            XCTAssertTrue(x + 1 < cells.count && cells[x + 1].isContinuation, "wide cell without continuation",
                          file: file, line: line)
            x += 2
        } else {
            XCTAssertEqual(cell.width, 1, "stray continuation at \(x)", file: file, line: line)
            XCTAssertFalse(cell.symbol.isEmpty, file: file, line: line)
            x += 1
        }
    }
}

/// A seeded generator (SplitMix64) for the emulator's random streams: the same bytes on every run.
struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D4_9BB1_3311_14EB
        return z ^ (z >> 31)
    }
}
