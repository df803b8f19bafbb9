/// One terminal cell of a `Buffer`.
///
/// `symbol` is the grapheme drawn there (already shaped, mirrored and sanitised: never a control
/// character). A wide grapheme (two columns) sits in its left cell with `width == 2`; the cell to its
/// right is a continuation cell with an empty `symbol` and `width == 0`, which backends skip.
///
/// A cell is plain data (its symbol is held as `CellSymbol`): rows of cells are copied and compared
/// without reference counting. Two cells are equal when their symbols have the same bytes.
public struct Cell: Hashable, Sendable {
    /// The symbol as plain data.
    @usableFromInline
    package var text: CellSymbol
    /// What the cell shows: one grapheme cluster as drawn (after shaping), or "" for the second cell of a wide one.
    public var symbol: String {
        get { text.string }
        set { text = CellSymbol(newValue) }
    }
    /// How many columns the symbol takes: 1 or 2, and 0 for the continuation of a wide one.
    public var width: UInt8
    /// Colours and attributes.
    public var style: Style

    /// A cell showing `symbol`, `width` columns wide, in `style`.
    public init(_ symbol: String = " ", width: UInt8 = 1, style: Style = .plain) {
        self.text = CellSymbol(symbol)
        self.width = width
        self.style = style
    }

    /// A cell showing `text`, `width` columns wide, in `style`.
    @inlinable
    package init(text: CellSymbol, width: UInt8 = 1, style: Style = .plain) {
        self.text = text
        self.width = width
        self.style = style
    }

    /// A space in the plain style.
    public static let blank = Cell()
    /// The right half of a wide grapheme.
    @inlinable
    public static func continuation(style: Style) -> Cell { Cell(text: .empty, width: 0, style: style) }
    /// True for the second cell of a wide symbol (drawn by the cell before it).
    @inlinable
    public var isContinuation: Bool { width == 0 }
}
