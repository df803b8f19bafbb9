/// One cell to write: column `x`, row `y`, and what goes there.
public struct CellUpdate: Hashable, Sendable {
    /// Column (0: the left edge).
    public var x: Int
    /// Row (0: the top).
    public var y: Int
    /// The cell to draw there.
    public var cell: Cell

    /// An update of the cell at (`x`, `y`) to `cell`.
    public init(x: Int, y: Int, cell: Cell) {
        self.x = x
        self.y = y
        self.cell = cell
    }
}

/// What changed between two buffers, as the cells a backend must write.
public enum BufferDiff {
    /// The cells of `new` that differ from `old`, in row order, left to right.
    ///
    /// Continuation cells (the right halves of wide graphemes) are never listed: writing the wide
    /// grapheme in the left cell covers them. Whenever a continuation cell differs, its left cell
    /// differs too (a `Buffer` keeps the pair together), so nothing is lost. When `old` is nil or
    /// covers another area, every cell of `new` is listed.
    ///
    /// ```swift
    /// var a = Buffer(width: 3, height: 1), b = a
    /// b.set(x: 1, y: 0, Cell("x"))
    /// BufferDiff.changes(from: a, to: b)   // [CellUpdate(x: 1, y: 0, cell: Cell("x"))]
    /// ```
    ///
    /// - Complexity: O(number of cells).
    public static func changes(from old: Buffer?, to new: Buffer) -> [CellUpdate] {
        let area = new.area
        let comparable = old.map { $0.area == area } ?? false
        var out: [CellUpdate] = []
        var i = 0
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX {
                let cell = new.cells[i]
                if !cell.isContinuation, !comparable || old!.cells[i] != cell {
                    out.append(CellUpdate(x: x, y: y, cell: cell))
                }
                i += 1
            }
        }
        return out
    }
}
