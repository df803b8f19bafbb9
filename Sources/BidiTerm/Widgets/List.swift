/// The scroll position and selection of a `List`, kept between frames.
public struct ListState: Sendable, Hashable {
    /// The selected item, or nil.
    public var selected: Int?
    /// The first visible item.
    public var offset: Int

    /// Creates a state.
    public init(selected: Int? = nil, offset: Int = 0) {
        self.selected = selected
        self.offset = max(0, offset)
    }
}

/// Items one per row, every one aligned the same way: to the context's leading edge (R4), including
/// items in another script. Each item keeps its own base direction inside its row (an English title
/// in a Hebrew list reads left to right, right-aligned).
///
/// From the leading edge, each row has: the scroll indicator (only when the items do not fit), the
/// selection marker column (only when an item is selected), the bullet (when given), then the text,
/// truncated with `…` at its logical end. The marker and the bullet go through the mirroring table
/// (R15: `▸` points into the row from the leading side, so it is `◂` in RTL). The selected row is
/// drawn in the theme's selection style, and the list scrolls to keep it visible.
///
///     List(["כללי", "Display", "שמע"], selected: 1)
///         .rendered(width: 10, height: 3, context: RenderContext(direction: .rtl)).rows
///     // ["    יללכ  ", " Display ◂", "     עמש  "]
public struct List: Widget, StatefulWidget {
    /// The items, in logical order.
    public var items: [String]
    /// The selected item, or nil (used by the stateless `render`).
    public var selected: Int?
    /// A bullet before every item, or nil.
    public var bullet: String?
    /// The selection marker, authored for LTR (mirrored in RTL).
    public var marker: String
    /// The base direction of each item's text: `.content` (its own first strong character, for
    /// user content such as titles and names) or `.context` (the list's direction, for translated
    /// UI strings: "Wi‑Fi ו־Bluetooth" must read as Hebrew in a Hebrew menu).
    public var itemDirection: TextDirection = .content

    /// Creates a list.
    /// - Parameters:
    ///   - items: the items, in logical order.
    ///   - selected: the selected item's index, or nil.
    ///   - bullet: a glyph before every item (`"•"`, `"▸"`), or nil.
    ///   - marker: the selection marker, authored for LTR.
    public init(_ items: [String], selected: Int? = nil, bullet: String? = nil, marker: String = "▸") {
        self.items = items
        self.selected = selected
        self.bullet = bullet
        self.marker = marker
    }

    /// The first visible item so that `selected` is visible in `height` rows, starting from `offset`
    /// and moving as little as possible.
    public static func scrollOffset(selected: Int?, offset: Int, height: Int, count: Int) -> Int {
        guard height > 0, count > height else { return 0 }
        var o = min(max(0, offset), count - height)
        if let s = selected, s >= 0, s < count {
            if s < o { o = s }
            if s >= o + height { o = s - height + 1 }
        }
        return o
    }

    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        var state = ListState(selected: selected)
        render(area, into: &buffer, state: &state, context: context)
    }

    public func render(_ area: Rect, into buffer: inout Buffer, state: inout ListState, context: RenderContext) {
        state.offset = List.scrollOffset(selected: state.selected, offset: state.offset, height: area.height, count: items.count)
        guard !area.isEmpty, !items.isEmpty else { return }
        let m = context.mirroring
        let scrolls = items.count > area.height
        let markerWidth = state.selected == nil ? 0 : max(1, context.width(of: marker))
        let bulletWidth = bullet.map { context.width(of: $0) } ?? 0
        // Columns from the leading edge.
        let scrollColumn = scrolls ? 1 : 0
        let markerGap = markerWidth > 0 ? 1 : 0
        let textOffset = scrollColumn + markerWidth + markerGap + (bulletWidth > 0 ? bulletWidth + 1 : 0)

        if scrolls {
            let x = m.x(leadingOffset: 0, width: 1, in: area)
            let h = area.height, n = items.count
            let thumb = max(1, h * h / n)
            let start = (h - thumb) * state.offset / max(1, n - h)
            let style = context.style(\.scrollbar)
            for i in 0..<h {
                buffer.set(x: x, y: area.y + i, Cell(context.glyph(i >= start && i < start + thumb ? "┃" : "│"), style: style))
            }
        }
        for row in 0..<area.height {
            let index = state.offset + row
            guard index < items.count else { break }
            let y = area.y + row
            let rowRect = Rect(x: area.x, y: y, width: area.width, height: 1)
            let isSelected = index == state.selected
            let textStyle = isSelected ? context.style(\.text).patched(with: context.theme.selection) : context.style(\.text)
            let content = m.inset(rowRect, leading: scrollColumn)
            if isSelected { buffer.fill(content, with: Cell(" ", style: textStyle)) }
            if isSelected, markerWidth > 0, scrollColumn + markerWidth <= area.width {
                let x = m.x(leadingOffset: scrollColumn, width: markerWidth, in: rowRect)
                buffer.drawGlyph(m.glyph(marker), x: x, y: y, style: textStyle.patched(with: context.theme.marker), context: context)
            }
            if let bullet, bulletWidth > 0, textOffset - 1 <= area.width {
                let x = m.x(leadingOffset: scrollColumn + markerWidth + markerGap, width: bulletWidth, in: rowRect)
                buffer.drawGlyph(m.glyph(bullet), x: x, y: y, style: textStyle, context: context)
            }
            let textRect = m.inset(rowRect, leading: textOffset)
            buffer.drawText(items[index], in: textRect, align: .leading, style: textStyle, direction: itemDirection, context: context)
        }
    }
}
