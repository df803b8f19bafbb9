/// Text attributes of a cell.
public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Bold (or bright).
    public static let bold = Attributes(rawValue: 1)
    /// Dim.
    public static let dim = Attributes(rawValue: 2)
    /// Italic.
    public static let italic = Attributes(rawValue: 4)
    /// Underlined.
    public static let underline = Attributes(rawValue: 8)
    /// Reverse video: foreground and background swapped.
    public static let reverse = Attributes(rawValue: 16)
    /// Blinking.
    public static let blink = Attributes(rawValue: 32)
    /// Struck through.
    public static let strikethrough = Attributes(rawValue: 64)
}

/// Colours and attributes of a cell.
public struct Style: Hashable, Sendable {
    /// The foreground colour.
    public var fg: Color
    /// The background colour.
    public var bg: Color
    /// Bold, underline and the other attributes.
    public var attributes: Attributes

    /// A style of these colours and attributes.
    @inlinable
    public init(fg: Color = .default, bg: Color = .default, attributes: Attributes = []) {
        self.fg = fg
        self.bg = bg
        self.attributes = attributes
    }

    /// The terminal's default colours, no attributes.
    @inlinable
    public static var plain: Style { Style() }

    /// Equal colours and attributes. (Compared as packed integers: every cell drawn is compared
    /// with the pen's style.)
    @inlinable
    public static func == (a: Style, b: Style) -> Bool {
        a.attributes.rawValue == b.attributes.rawValue && a.fg.packed == b.fg.packed && a.bg.packed == b.bg.packed
    }

    /// True for the terminal's default colours without attributes (`Style.plain`).
    @inlinable
    public var isPlain: Bool { attributes.rawValue == 0 && fg.packed == 0 && bg.packed == 0 }

    /// `self` with `other`'s non-default colours and added attributes laid over it.
    public func patched(with other: Style) -> Style {
        Style(fg: other.fg == .default ? fg : other.fg,
              bg: other.bg == .default ? bg : other.bg,
              attributes: attributes.union(other.attributes))
    }
}
