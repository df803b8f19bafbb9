/// A grid of cells that widgets draw into; backends draw it (or the difference from the previous
/// one) to a terminal. Rows are physical: column 0 is the left edge in every direction.
public struct Buffer: Hashable, Sendable {
    /// The cells the buffer covers (physical coordinates).
    public private(set) var area: Rect
    /// The cells, row by row from the top, each row from the left.
    public private(set) var cells: [Cell]

    /// A buffer covering `area`, every cell `cell`.
    public init(area: Rect, filling cell: Cell = .blank) {
        self.area = area
        self.cells = Array(repeating: cell, count: area.area)
    }

    /// A blank buffer of `width` × `height` cells at the origin.
    public init(width: Int, height: Int) { self.init(area: Rect(width: width, height: height)) }

    @inline(__always) func index(_ x: Int, _ y: Int) -> Int? {
        guard area.contains(x: x, y: y) else { return nil }
        return (y - area.y) * area.width + (x - area.x)
    }

    /// The cell at column `x`, row `y`, or nil outside the buffer.
    public subscript(x: Int, y: Int) -> Cell? {
        get { index(x, y).map { cells[$0] } }
    }

    /// Writes `cell` at (x, y), blanking the halves of wide graphemes it overlaps. Writes outside the
    /// buffer are ignored, and a wide cell that does not fit in the buffer's last column becomes a space.
    public mutating func set(x: Int, y: Int, _ cell: Cell) {
        guard let i = index(x, y) else { return }
        // Overwriting the right half of a wide cell: blank its left half.
        if cells[i].isContinuation, x > area.x {
            cells[i - 1] = Cell(" ", style: cells[i - 1].style)
        }
        // Overwriting the left half of a wide cell: blank its right half.
        if cells[i].width == 2, x + 1 < area.maxX {
            cells[i + 1] = Cell(" ", style: cells[i + 1].style)
        }
        if cell.width == 2 {
            guard x + 1 < area.maxX else {
                cells[i] = Cell(" ", style: cell.style)
                return
            }
            if cells[i + 1].width == 2, x + 2 < area.maxX {
                cells[i + 2] = Cell(" ", style: cells[i + 2].style)
            }
            cells[i] = cell
            cells[i + 1] = .continuation(style: cell.style)
        } else {
            cells[i] = cell
        }
    }

    /// Changes the style of the cell at (x, y), keeping its symbol.
    public mutating func setStyle(x: Int, y: Int, _ style: Style) {
        guard let i = index(x, y) else { return }
        cells[i].style = style
    }

    /// Lays `style` over every cell of `rect`.
    public mutating func patchStyle(_ rect: Rect, _ style: Style) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        for y in r.minY..<r.maxY {
            for x in r.minX..<r.maxX {
                let i = index(x, y)!
                cells[i].style = cells[i].style.patched(with: style)
            }
        }
    }

    /// Fills `rect` with `cell`.
    public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        for y in r.minY..<r.maxY {
            for x in r.minX..<r.maxX { set(x: x, y: y, cell) }
        }
    }

    /// Resizes to `newArea`, keeping nothing (every cell blank).
    public mutating func resize(to newArea: Rect) {
        area = newArea
        cells = Array(repeating: .blank, count: newArea.area)
    }

    /// Row `y` as text: every non-continuation cell's symbol, left to right.
    public func rowText(_ y: Int) -> String {
        guard y >= area.minY, y < area.maxY else { return "" }
        var s = ""
        let start = (y - area.y) * area.width
        for i in start..<(start + area.width) where !cells[i].isContinuation { s += cells[i].symbol }
        return s
    }

    /// All rows as text, top to bottom.
    public var rows: [String] { (area.minY..<area.maxY).map(rowText) }
}
