/// Children side by side (horizontal) or one above the other (vertical), each with a size along the
/// stack's axis.
///
/// A horizontal stack runs from the leading edge to the trailing edge (R2): in RTL its first child
/// is at the right, so a leading sidebar moves to the right edge. A vertical stack runs top to
/// bottom in every direction.
///
///     let screen = Stack.horizontal([
///         .cells(20, List(["כללי", "תצוגה"], selected: 0)),   // the sidebar: at the right in RTL
///         .fill(Paragraph("…")),
///     ], separator: true)
public struct Stack: Widget {
    /// The direction children are laid out in.
    public enum Axis: Sendable, Hashable {
        /// Top to bottom.
        case vertical
        /// Leading to trailing (R2).
        case horizontal
    }

    /// The extent of a child along the stack's axis.
    public enum Size: Sendable, Hashable {
        /// A fixed number of cells.
        case cells(Int)
        /// A share of the stack's extent, in percent (rounded down).
        case percent(Int)
        /// An equal share of what the fixed and percent children leave (extra cells go to the
        /// fills nearest the start).
        case fill
    }

    /// A child and its size.
    public struct Child {
        /// The size along the stack's axis.
        public var size: Size
        /// The child.
        public var widget: any Widget

        /// Creates a child.
        public init(_ size: Size, _ widget: any Widget) {
            self.size = size
            self.widget = widget
        }

        /// A child `n` cells long.
        public static func cells(_ n: Int, _ widget: any Widget) -> Child { Child(.cells(n), widget) }
        /// A child taking `p` percent of the stack.
        public static func percent(_ p: Int, _ widget: any Widget) -> Child { Child(.percent(p), widget) }
        /// A child sharing what is left.
        public static func fill(_ widget: any Widget) -> Child { Child(.fill, widget) }
    }

    /// The axis.
    public var axis: Axis
    /// The children, first to last (leading to trailing for a horizontal stack).
    public var children: [Child]
    /// Empty cells between children.
    public var spacing: Int
    /// Draws a line between children (`│` in a horizontal stack, `─` in a vertical one), in the
    /// middle of `2 × spacing + 1` cells.
    public var separator: Bool

    /// Creates a stack.
    public init(_ axis: Axis, _ children: [Child], spacing: Int = 0, separator: Bool = false) {
        self.axis = axis
        self.children = children
        self.spacing = max(0, spacing)
        self.separator = separator
    }

    /// A stack whose children run top to bottom.
    public static func vertical(_ children: [Child], spacing: Int = 0, separator: Bool = false) -> Stack {
        Stack(.vertical, children, spacing: spacing, separator: separator)
    }

    /// A stack whose children run leading to trailing (R2).
    public static func horizontal(_ children: [Child], spacing: Int = 0, separator: Bool = false) -> Stack {
        Stack(.horizontal, children, spacing: spacing, separator: separator)
    }

    /// The cells between two children.
    public var gap: Int { separator ? 2 * spacing + 1 : spacing }

    /// The lengths of children of the given sizes in `total` cells with `gap` cells between them.
    ///
    /// Fixed and percent sizes are served first, in order, each clipped to what is left; fills
    /// share the rest equally, the first fills taking one cell more when it does not divide.
    ///
    ///     Stack.lengths(of: [.cells(4), .fill, .fill], in: 13, gap: 1)  // [4, 4, 3]
    public static func lengths(of sizes: [Size], in total: Int, gap: Int = 0) -> [Int] {
        guard !sizes.isEmpty else { return [] }
        let available = max(0, total - gap * (sizes.count - 1))
        var lengths = [Int](repeating: 0, count: sizes.count)
        var left = available
        for (i, s) in sizes.enumerated() {
            switch s {
            case .cells(let n): lengths[i] = min(max(0, n), left)
            case .percent(let p): lengths[i] = min(max(0, available * min(max(p, 0), 100) / 100), left)
            case .fill: continue
            }
            left -= lengths[i]
        }
        let fills = sizes.indices.filter { sizes[$0] == .fill }
        if !fills.isEmpty {
            let share = left / fills.count
            var extra = left % fills.count
            for i in fills {
                lengths[i] = share + (extra > 0 ? 1 : 0)
                if extra > 0 { extra -= 1 }
            }
        }
        return lengths
    }

    /// The rect of each child in `area` (children that get no cells have empty rects).
    public func childRects(in area: Rect, direction: LayoutDirection) -> [Rect] {
        let total = axis == .horizontal ? area.width : area.height
        let lengths = Stack.lengths(of: children.map(\.size), in: total, gap: gap)
        switch axis {
        case .horizontal:
            return Mirroring(direction).place(widths: lengths, in: area, spacing: gap)
        case .vertical:
            var y = area.y
            return lengths.map { h in
                defer { y += h + gap }
                return Rect(x: area.x, y: y, width: area.width, height: h)
            }
        }
    }

    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty, !children.isEmpty else { return }
        let rects = childRects(in: area, direction: context.direction)
        for (child, rect) in zip(children, rects) where !rect.isEmpty {
            child.widget.render(rect.intersection(area), into: &buffer, context: context)
        }
        guard separator, rects.count > 1 else { return }
        let style = context.style(\.border)
        let vertical = Cell(context.glyph("│"), style: style), horizontal = Cell(context.glyph("─"), style: style)
        for (a, b) in zip(rects, rects.dropFirst()) {
            switch axis {
            case .horizontal:
                // The middle of the gap between two neighbours, whichever side each is on.
                let x = min(a.maxX, b.maxX) + spacing
                guard x >= area.minX, x < area.maxX else { continue }
                for y in area.minY..<area.maxY { buffer.set(x: x, y: y, vertical) }
            case .vertical:
                let y = a.maxY + spacing
                guard y >= area.minY, y < area.maxY else { continue }
                for x in area.minX..<area.maxX { buffer.set(x: x, y: y, horizontal) }
            }
        }
    }
}

extension Widget {
    /// This widget as a stack child of the given size.
    public func sized(_ size: Stack.Size) -> Stack.Child { Stack.Child(size, self) }
}
