/// A box around one child, or around children split by shared dividers, with a title at the
/// leading edge of the top border (R2).
///
/// The border is described from the leading edge (leading corner `┌`, trailing corner `┐`, the
/// tee where a divider meets the leading border `├`) and drawn through `Mirroring`, so in RTL each
/// corner and tee is the mirror image of the LTR one at the mirrored place: the whole frame is the
/// mirror of the LTR frame, and the title sits at the right. A horizontal split runs leading to
/// trailing: the first child is at the right in RTL.
///
///     let folders = List(["Inbox", "Sent"])
///     let messages = List(["Hello", "שלום"])
///     Pane(title: "הגדרות", child: List(["כללי", "תצוגה"]))
///     // RTL:  ┌─── תורדגה ─┐ … the title at the right
///     Pane(title: "Mail", split: [.cells(12, folders), .fill(messages)])
///     // ┌─ Mail ─────┬──────────┐  folders at the left in LTR, at the right in RTL
public struct Pane: Widget {
    /// The title, drawn at the leading edge of the top border; nil for none.
    public var title: String?
    /// Draws the box; without it the title takes the first row and the children the rest.
    public var border: Bool
    /// How the children are split.
    public var axis: Stack.Axis
    /// The children: one for a plain pane, several for a split with shared dividers.
    public var children: [Stack.Child]

    /// A pane around one child (or empty).
    public init(title: String? = nil, border: Bool = true, child: (any Widget)? = nil) {
        self.title = title
        self.border = border
        self.axis = .horizontal
        self.children = child.map { [Stack.Child(.fill, $0)] } ?? []
    }

    /// A pane split into children with shared dividers: side by side leading→trailing for
    /// `.horizontal` (the default), top to bottom for `.vertical`.
    public init(title: String? = nil, border: Bool = true, split: [Stack.Child], axis: Stack.Axis = .horizontal) {
        self.title = title
        self.border = border
        self.axis = axis
        self.children = split
    }

    /// The area inside the border (or below the title when there is no border).
    public func innerArea(_ area: Rect) -> Rect {
        if border { return area.width >= 2 && area.height >= 2 ? area.inset(by: 1) : Rect(x: area.x, y: area.y, width: 0, height: 0) }
        return title == nil ? area : area.inset(top: 1)
    }

    /// The children's natural size (as a stack) plus the border, or the title row; at least wide
    /// enough for the title.
    public func measure(_ proposal: Extent, context: RenderContext) -> Extent {
        let frame = border ? 2 : 0
        let titleRow = !border && title != nil ? 1 : 0
        let inner = Extent(width: proposal.width - frame, height: proposal.height - frame - titleRow)
        let content = children.isEmpty ? Extent(width: 0, height: 0)
            : Stack(axis, children, separator: border && children.count > 1).measure(inner, context: context)
        let titleWidth = title.map { context.width(of: $0) + (border ? 5 : 0) } ?? 0
        return Extent(width: max(content.width + frame, titleWidth), height: content.height + frame + titleRow)
            .clamped(to: proposal)
    }

    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let inner = innerArea(area)
        let m = context.mirroring
        let borderStyle = context.style(\.border)

        // The children, split by dividers one cell wide.
        let stack = Stack(axis, children, spacing: 0, separator: border && children.count > 1)
        stack.render(inner, into: &buffer, context: context)

        if border && area.width >= 2 && area.height >= 2 {
            func put(_ glyph: String, leadingOffset: Int, y: Int) {
                let x = m.x(leadingOffset: leadingOffset, width: 1, in: area)
                buffer.set(x: x, y: y, Cell(context.glyph(m.glyph(glyph)), style: borderStyle))
            }
            for i in 1..<(area.width - 1) {
                put("─", leadingOffset: i, y: area.minY)
                put("─", leadingOffset: i, y: area.maxY - 1)
            }
            for y in (area.minY + 1)..<(area.maxY - 1) {
                put("│", leadingOffset: 0, y: y)
                put("│", leadingOffset: area.width - 1, y: y)
            }
            put("┌", leadingOffset: 0, y: area.minY)
            put("┐", leadingOffset: area.width - 1, y: area.minY)
            put("└", leadingOffset: 0, y: area.maxY - 1)
            put("┘", leadingOffset: area.width - 1, y: area.maxY - 1)
            // Where dividers meet the frame.
            if children.count > 1 {
                let rects = stack.childRects(in: inner, direction: context.direction)
                for (a, b) in zip(rects, rects.dropFirst()) {
                    switch axis {
                    case .horizontal:
                        let x = min(a.maxX, b.maxX)
                        guard x > area.minX, x < area.maxX - 1 else { continue }
                        buffer.set(x: x, y: area.minY, Cell(context.glyph("┬"), style: borderStyle))
                        buffer.set(x: x, y: area.maxY - 1, Cell(context.glyph("┴"), style: borderStyle))
                    case .vertical:
                        let y = a.maxY
                        guard y > area.minY, y < area.maxY - 1 else { continue }
                        put("├", leadingOffset: 0, y: y)
                        put("┤", leadingOffset: area.width - 1, y: y)
                    }
                }
            }
            // The title: "┌─ Title ─…┐" from the leading edge.
            if let title, !title.isEmpty, area.width >= 6 {
                let titleRect = m.rect(leadingOffset: 3, width: area.width - 5, in: Rect(x: area.x, y: area.y, width: area.width, height: 1))
                let drawn = buffer.drawText(title, in: titleRect, align: .leading, style: context.style(\.title),
                                            direction: .context, context: context)
                if drawn.width > 0 {
                    buffer.set(x: drawn.minX - 1, y: area.y, Cell(" ", style: borderStyle))
                    buffer.set(x: drawn.maxX, y: area.y, Cell(" ", style: borderStyle))
                }
            }
        } else if !border, let title, !title.isEmpty {
            buffer.drawText(title, in: Rect(x: area.x, y: area.y, width: area.width, height: 1), align: .leading,
                            style: context.style(\.title), direction: .context, context: context)
        }
    }
}
