/// Text attributes of a cell.
public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = Attributes(rawValue: 1)
    public static let dim = Attributes(rawValue: 2)
    public static let italic = Attributes(rawValue: 4)
    public static let underline = Attributes(rawValue: 8)
    public static let reverse = Attributes(rawValue: 16)
    public static let blink = Attributes(rawValue: 32)
    public static let strikethrough = Attributes(rawValue: 64)
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
