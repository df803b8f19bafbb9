import XCTest
@testable import BidiTerm

/// `BufferDiff`: the cells a backend must write after a frame.
final class BufferDiffTests: XCTestCase {
    private func buffer(_ rows: [String]) -> Buffer {
        var b = Buffer(width: rows.map { $0.count }.max() ?? 0, height: rows.count)
        for (y, row) in rows.enumerated() {
            for (x, ch) in row.enumerated() { b.set(x: x, y: y, Cell(String(ch))) }
        }
        return b
    }

    func test_identicalBuffers_haveNoChanges() {
        let a = buffer(["abc", "def"])
        XCTAssertEqual(BufferDiff.changes(from: a, to: a), [])
    }

    func test_firstFrame_listsEveryCellInRowOrder() {
        let b = buffer(["ab", "cd"])
        let changes = BufferDiff.changes(from: nil, to: b)
        XCTAssertEqual(changes.map { "\($0.x),\($0.y)=\($0.cell.symbol)" }, ["0,0=a", "1,0=b", "0,1=c", "1,1=d"])
    }

    func test_oneChangedSymbol_isTheOnlyUpdate() {
        let a = buffer(["سلام", "abcd"])
        var b = a
        b.set(x: 2, y: 1, Cell("ש"))
        XCTAssertEqual(BufferDiff.changes(from: a, to: b), [CellUpdate(x: 2, y: 1, cell: Cell("ש"))])
    }

    func test_styleOnlyChange_isAnUpdate() {
        let a = buffer(["ab"])
        var b = a
        b.setStyle(x: 0, y: 0, Style(fg: .red, attributes: [.bold]))
        let changes = BufferDiff.changes(from: a, to: b)
        XCTAssertEqual(changes.count, 1)
        XCTAssertEqual(changes.first?.cell.style, Style(fg: .red, attributes: [.bold]))
    }

    func test_wideGrapheme_isWrittenOnce_withoutItsContinuationCell() {
        let a = buffer(["abcd"])
        var b = a
        b.set(x: 1, y: 0, Cell("日", width: 2))
        let changes = BufferDiff.changes(from: a, to: b)
        XCTAssertEqual(changes, [CellUpdate(x: 1, y: 0, cell: Cell("日", width: 2))])
    }

    func test_replacingAWideGrapheme_rewritesBothColumns() {
        var a = buffer(["abcd"])
        a.set(x: 1, y: 0, Cell("日", width: 2))
        var b = a
        b.set(x: 1, y: 0, Cell("x"))   // the right half becomes a blank of its own
        let changes = BufferDiff.changes(from: a, to: b)
        XCTAssertEqual(changes.map(\.x), [1, 2])
        XCTAssertEqual(changes.map(\.cell.symbol), ["x", " "])
    }

    func test_otherArea_repaintsEverything() {
        let a = buffer(["ab"])
        let b = buffer(["ab", "cd"])
        XCTAssertEqual(BufferDiff.changes(from: a, to: b).count, 4)
    }

    func test_emptyBuffer_hasNoChanges() {
        XCTAssertEqual(BufferDiff.changes(from: nil, to: Buffer(width: 0, height: 0)), [])
    }
}
