/// A piece of a one-row widget (a glyph, a text, a gap), placed by `Buffer.drawItems` from the
/// leading edge. Navigation, breadcrumbs, steps, buttons and icons describe their row as a list of
/// items in reading order and let `Mirroring` place them.
public struct RowItem {
    /// What the item draws.
    public enum Content {
        /// A glyph drawn exactly as given, left to right (mirror it first with `Mirroring.glyph`
        /// when it should flip).
        case glyph(String)
        /// A laid-out line of text (from `RenderContext.layoutLine`).
        case text(VisualLine)
        /// Empty cells.
        case gap(Int)
    }

    /// What the item draws.
    public var content: Content
    /// Its style.
    public var style: Style
    /// Its width in cells.
    public var width: Int
    /// The text a `.text` item was laid out from (for truncation reports).
    public var source: String? = nil

    /// A glyph, measured with the context's engine.
    public static func glyph(_ glyph: String, style: Style, context: RenderContext) -> RowItem {
        RowItem(content: .glyph(glyph), style: style, width: context.width(of: glyph))
    }

    /// A text laid out with the context (truncated with `…` at its logical end to `maxWidth`).
    public static func text(_ text: String, style: Style, direction: TextDirection = .context,
                            maxWidth: Int? = nil, context: RenderContext) -> RowItem {
        let line = context.layoutLine(text, direction: direction, maxWidth: maxWidth)
        return RowItem(content: .text(line), style: style, width: line.width, source: text)
    }

    /// `n` empty cells.
    public static func gap(_ n: Int = 1) -> RowItem { RowItem(content: .gap(n), style: .plain, width: max(0, n)) }
}

/// Rows of items.
extension Array where Element == RowItem {
    /// The total width.
    public var width: Int { reduce(0) { $0 + $1.width } }
}

extension Buffer {
    /// Draws `items` one after the other from `leadingOffset` cells after the leading edge of `row`
    /// (the first item nearest the leading edge: at the left in LTR, at the right in RTL). Items
    /// that would cross the row's edge are not drawn.
    /// - Returns: each item's rect (physical), in the order given.
    @discardableResult
    public mutating func drawItems(_ items: [RowItem], in row: Rect, leadingOffset: Int = 0,
                                   context: RenderContext) -> [Rect] {
        let m = context.mirroring
        var offset = leadingOffset
        var rects: [Rect] = []
        rects.reserveCapacity(items.count)
        for item in items {
            let rect = m.rect(leadingOffset: offset, width: item.width, in: Rect(x: row.x, y: row.y, width: row.width, height: 1))
            rects.append(rect)
            let room = row.width - offset
            offset += item.width
            guard rect.minX >= row.minX, rect.maxX <= row.maxX, row.height > 0 else {
                if case .text = item.content, let source = item.source, row.height > 0 {
                    context.noteCut(source, needed: item.width, given: max(0, room))
                }
                continue
            }
            switch item.content {
            case .glyph(let g): drawGlyph(g, x: rect.x, y: rect.y, style: item.style, context: context)
            case .text(let line):
                drawLine(line, x: rect.x, y: rect.y, style: item.style)
                if let source = item.source { context.noteDrawn(line, text: source, given: line.width, x: rect.x, y: rect.y) }
            case .gap: break
            }
        }
        return rects
    }
}
