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
