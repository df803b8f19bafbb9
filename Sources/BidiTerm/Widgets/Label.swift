/// One line of text, aligned in its row and truncated with `…` at its logical end.
///
/// A label is a UI string in the UI's language, so by default its base direction is the context's
/// (`TextDirection.context`): "Wi-Fi מחובר" reads from the right in an RTL screen. Use
/// `direction: .content` for text whose direction comes from what it says (a file name, a quote).
///
///     Label("שלום עולם").rendered(width: 12, height: 1, context: RenderContext(direction: .rtl)).rows
///     // ["   םלוע םולש"]
///     Label("שלום עולם").rendered(width: 6, height: 1, context: RenderContext(direction: .rtl)).rows
///     // [" …םולש"]: the ellipsis at the logical end, the left in RTL
public struct Label: Widget {
    /// The text, in logical order.
    public var text: String
    /// Where the text sits in its row (R3: short text follows the context's leading edge).
    public var alignment: HorizontalAlignment
    /// How the base direction is chosen.
    public var direction: TextDirection

    /// Creates a label.
    /// - Parameters:
    ///   - text: the text, in logical order.
    ///   - alignment: `leading` (the default), `trailing`, `center`, or the physical `left`/`right`.
    ///   - direction: `.context` (the default) for UI strings, `.content` for content.
    public init(_ text: String, alignment: HorizontalAlignment = .leading, direction: TextDirection = .context) {
        self.text = text
        self.alignment = alignment
        self.direction = direction
    }

    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        buffer.drawText(text, in: area, align: alignment, style: context.style(\.text),
                        direction: direction, context: context)
    }

    /// One row as wide as the text (or the proposal, when narrower).
    public func measure(_ proposal: Extent, context: RenderContext) -> Extent {
        Extent(width: context.width(of: text), height: 1).clamped(to: proposal)
    }
}

/// Empty space: draws nothing (give it a size in a `Stack`).
public struct Spacer: Widget {
    /// Creates a spacer.
    public init() {}

    /// Draws nothing.
    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {}

    /// No cells: a spacer has no natural size (size it in the stack).
    public func measure(_ proposal: Extent, context: RenderContext) -> Extent { Extent(width: 0, height: 0) }
}

/// A horizontal rule across the first row of its area. Its glyph is symmetric, so it is the same
/// in both directions.
///
///     let context = RenderContext(direction: .rtl)
///     Separator().rendered(width: 5, height: 1, context: context).rows  // ["─────"]
public struct Separator: Widget {
    /// The glyph repeated along the row.
    public var glyph: String

    /// Creates a rule drawn with `glyph` (one cell wide).
    public init(glyph: String = "─") { self.glyph = glyph }

    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let cell = Cell(context.glyph(glyph), style: context.style(\.separator))
        for x in area.minX..<area.maxX { buffer.set(x: x, y: area.y, cell) }
    }

    /// The proposed width, one row.
    public func measure(_ proposal: Extent, context: RenderContext) -> Extent {
        Extent(width: proposal.width, height: 1).clamped(to: proposal)
    }
}
