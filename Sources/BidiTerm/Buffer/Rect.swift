/// A rectangle of terminal cells: `x`, `y` of the top-left cell, `width` columns, `height` rows.
///
/// Coordinates are always physical (visual): `x` grows to the right whatever the layout direction.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The left column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// Columns (never negative).
    public var width: Int
    /// Rows (never negative).
    public var height: Int

    /// A rectangle at (`x`, `y`); a negative size becomes 0.
    public init(x: Int = 0, y: Int = 0, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(width: 0, height: 0)
    /// True when it holds no cell.
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// The left column.
    public var minX: Int { x }
    /// The column just right of the rectangle.
    public var maxX: Int { x + width }
    /// The top row.
    public var minY: Int { y }
    /// The row just below the rectangle.
    public var maxY: Int { y + height }
    /// The number of cells.
    public var area: Int { width * height }
    public var description: String { "Rect(x: \(x), y: \(y), w: \(width), h: \(height))" }

    /// The part of `self` that lies inside `other`.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// `self` shrunk by `margin` cells on every side (never negative).
    public func inset(by margin: Int) -> Rect {
        inset(top: margin, left: margin, bottom: margin, right: margin)
    }

    /// `self` shrunk by the given number of cells on each side (never negative).
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        let w = max(0, width - left - right), h = max(0, height - top - bottom)
        return Rect(x: x + min(left, width), y: y + min(top, height), width: w, height: h)
    }

    /// True when the cell at (`px`, `py`) lies inside.
    public func contains(x px: Int, y py: Int) -> Bool { px >= minX && px < maxX && py >= minY && py < maxY }
}
