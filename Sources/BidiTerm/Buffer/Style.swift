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
///
/// The colours are held packed (`Color.packed`), so that comparing two styles, which drawing does
/// for every cell, is three integer compares.
public struct Style: Hashable, Sendable {
    /// The foreground colour, packed.
    @usableFromInline
    var fgBits: UInt32
    /// The background colour, packed.
    @usableFromInline
    var bgBits: UInt32
    /// Bold, underline and the other attributes.
    public var attributes: Attributes

    /// The foreground colour.
    @inlinable
    public var fg: Color {
        get { Color(packed: fgBits) }
        set { fgBits = newValue.packed }
    }

    /// The background colour.
    @inlinable
    public var bg: Color {
        get { Color(packed: bgBits) }
        set { bgBits = newValue.packed }
    }

    /// A style of these colours and attributes.
    @inlinable
    public init(fg: Color = .default, bg: Color = .default, attributes: Attributes = []) {
        self.fgBits = fg.packed
        self.bgBits = bg.packed
        self.attributes = attributes
    }

    /// The terminal's default colours, no attributes.
    @inlinable
    public static var plain: Style { Style() }

    /// Equal colours and attributes.
    @inlinable @inline(__always)
    public static func == (a: Style, b: Style) -> Bool {
        a.fgBits == b.fgBits && a.bgBits == b.bgBits && a.attributes.rawValue == b.attributes.rawValue
    }

    /// True for the terminal's default colours without attributes (`Style.plain`).
    @inlinable @inline(__always)
    public var isPlain: Bool { fgBits == 0 && bgBits == 0 && attributes.rawValue == 0 }

    /// The background colour packed (`Color.packed`), without building the colour.
    @inlinable @inline(__always)
    public var packedBackground: UInt32 { bgBits }

    /// `self` with `other`'s non-default colours and added attributes laid over it.
    public func patched(with other: Style) -> Style {
        Style(fg: other.fg == .default ? fg : other.fg,
              bg: other.bg == .default ? bg : other.bg,
              attributes: attributes.union(other.attributes))
    }
}
