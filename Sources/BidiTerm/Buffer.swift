/// A rectangle of terminal cells: `x`, `y` of the top-left cell, `width` columns, `height` rows.
///
/// Coordinates are always physical (visual): `x` grows to the right whatever the layout direction.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int = 0, y: Int = 0, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public static let zero = Rect(width: 0, height: 0)
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var minX: Int { x }
    public var maxX: Int { x + width }
    public var minY: Int { y }
    public var maxY: Int { y + height }
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

    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        let w = max(0, width - left - right), h = max(0, height - top - bottom)
        return Rect(x: x + min(left, width), y: y + min(top, height), width: w, height: h)
    }

    public func contains(x px: Int, y py: Int) -> Bool { px >= minX && px < maxX && py >= minY && py < maxY }
}

/// A colour: the terminal's default, one of the 16 ANSI colours, or an index of the 256-colour palette.
public enum Color: Hashable, Sendable {
    case `default`
    case ansi(UInt8)      // 0...15
    case indexed(UInt8)   // 0...255

    public static let black = Color.ansi(0), red = Color.ansi(1), green = Color.ansi(2), yellow = Color.ansi(3)
    public static let blue = Color.ansi(4), magenta = Color.ansi(5), cyan = Color.ansi(6), white = Color.ansi(7)
    public static let gray = Color.ansi(8), brightRed = Color.ansi(9), brightGreen = Color.ansi(10)
    public static let brightYellow = Color.ansi(11), brightBlue = Color.ansi(12), brightMagenta = Color.ansi(13)
    public static let brightCyan = Color.ansi(14), brightWhite = Color.ansi(15)

    /// The nearest of the 8 basic colours, for terminals with 8 colours.
    public var basic8: UInt8? {
        switch self {
        case .default: return nil
        case .ansi(let n): return n & 7
        case .indexed(let n):
            if n < 16 { return n & 7 }
            if n >= 232 { return n >= 244 ? 7 : 0 }
            let v = Int(n) - 16
            let r = v / 36, g = (v / 6) % 6, b = v % 6
            return UInt8((r >= 3 ? 1 : 0) | (g >= 3 ? 2 : 0) | (b >= 3 ? 4 : 0))
        }
    }
}

/// Text attributes of a cell.
public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = Attributes(rawValue: 1)
    public static let dim = Attributes(rawValue: 2)
    public static let italic = Attributes(rawValue: 4)
    public static let underline = Attributes(rawValue: 8)
    public static let reverse = Attributes(rawValue: 16)
}

/// Colours and attributes of a cell.
public struct Style: Hashable, Sendable {
    public var fg: Color
    public var bg: Color
    public var attributes: Attributes

    public init(fg: Color = .default, bg: Color = .default, attributes: Attributes = []) {
        self.fg = fg
        self.bg = bg
        self.attributes = attributes
    }

    public static let plain = Style()

    /// `self` with `other`'s non-default colours and added attributes laid over it.
    public func patched(with other: Style) -> Style {
        Style(fg: other.fg == .default ? fg : other.fg,
              bg: other.bg == .default ? bg : other.bg,
              attributes: attributes.union(other.attributes))
    }
}

/// One terminal cell of a `Buffer`.
///
/// `symbol` is the grapheme drawn there (already shaped, mirrored and sanitised: never a control
/// character). A wide grapheme (two columns) sits in its left cell with `width == 2`; the cell to its
/// right is a continuation cell with an empty `symbol` and `width == 0`, which backends skip.
public struct Cell: Hashable, Sendable {
    public var symbol: String
    public var width: UInt8
    public var style: Style

    public init(_ symbol: String = " ", width: UInt8 = 1, style: Style = .plain) {
        self.symbol = symbol
        self.width = width
        self.style = style
    }

    public static let blank = Cell()
    /// The right half of a wide grapheme.
    public static func continuation(style: Style) -> Cell { Cell("", width: 0, style: style) }
    public var isContinuation: Bool { width == 0 }
}

/// A grid of cells that widgets draw into; backends draw it (or the difference from the previous
/// one) to a terminal. Rows are physical: column 0 is the left edge in every direction.
public struct Buffer: Hashable, Sendable {
    public private(set) var area: Rect
    public private(set) var cells: [Cell]

    public init(area: Rect, filling cell: Cell = .blank) {
        self.area = area
        self.cells = Array(repeating: cell, count: area.area)
    }

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
