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
    ///
    /// Sizes are of two kinds, solved by `Stack.lengths(of:in:gap:)` in two passes:
    ///
    /// - **Set** sizes, served first and in order, each clipped to what is left: ``cells(_:)``,
    ///   ``percent(_:)``, ``ratio(_:_:)``, ``fit`` (the child's natural length, from
    ///   ``Widget/measure(_:context:)``) and the floor of a ``min(_:)``.
    /// - **Flexible** sizes share what is left equally: ``fill``, ``min(_:)`` (never below its
    ///   floor) and ``max(_:)`` (never above its bound). What a `max` child cannot take goes to the
    ///   others; a cell that does not divide goes to the flexible children nearest the start.
    ///
    /// Like ratatui's `Constraint` (`Length`, `Percentage`, `Ratio`, `Min`, `Max`, `Fill`), but
    /// `min` and `max` behave as CSS's `min-width`/`max-width` on a flexible item: a `min(10)` beside
    /// a `fill` in 30 cells gets 15, not 10.
    ///
    ///     Stack.lengths(of: [.cells(4), .fill, .fill], in: 13, gap: 1)   // [4, 4, 3]
    ///     Stack.lengths(of: [.max(5), .fill], in: 20)                    // [5, 15]
    ///     Stack.lengths(of: [.min(12), .fill], in: 20)                   // [12, 8]
    ///     Stack.lengths(of: [.ratio(1, 3), .fill], in: 12)               // [4, 8]
    public enum Size: Sendable, Hashable {
        /// A fixed number of cells.
        case cells(Int)
        /// A share of the stack's extent (less the gaps), in percent (rounded down).
        case percent(Int)
        /// A fraction `numerator / denominator` of the stack's extent (less the gaps), rounded down.
        case ratio(Int, Int)
        /// The child's natural length along the axis: its ``Widget/measure(_:context:)`` for the
        /// stack's extent. A label's width, a paragraph's wrapped height.
        case fit
        /// At least this many cells; otherwise flexible like ``fill``.
        case min(Int)
        /// Flexible like ``fill``, but never more than this many cells.
        case max(Int)
        /// An equal share of what the set sizes leave (extra cells go to the flexible children
        /// nearest the start).
        case fill
    }

    /// A child and its size.
    public struct Child: Sendable {
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
        /// A child taking `numerator / denominator` of the stack.
        public static func ratio(_ numerator: Int, _ denominator: Int, _ widget: any Widget) -> Child {
            Child(.ratio(numerator, denominator), widget)
        }
        /// A child as long as its natural length (``Widget/measure(_:context:)``).
        public static func fit(_ widget: any Widget) -> Child { Child(.fit, widget) }
        /// A flexible child at least `n` cells long.
        public static func min(_ n: Int, _ widget: any Widget) -> Child { Child(.min(n), widget) }
        /// A flexible child at most `n` cells long.
        public static func max(_ n: Int, _ widget: any Widget) -> Child { Child(.max(n), widget) }
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
    /// The solver (see ``Size``): first the set sizes in order, each clipped to what is left
    /// (`cells`, `percent`, `ratio`, the floor of `min`; a `fit` that reaches here, with no widget
    /// to measure, counts as 0: ``childRects(in:context:)`` measures it first); then
    /// what is left is shared equally by the flexible sizes (`fill`, `min`, `max`), a `max` never
    /// past its bound, a `min` keeping its floor, the cells that do not divide going to the first.
    /// Without flexible children the rest of the stack stays empty.
    ///
    ///     Stack.lengths(of: [.cells(4), .fill, .fill], in: 13, gap: 1)  // [4, 4, 3]
    public static func lengths(of sizes: [Size], in total: Int, gap: Int = 0) -> [Int] {
        guard !sizes.isEmpty else { return [] }
        let available = Swift.max(0, total - gap * (sizes.count - 1))
        var lengths = [Int](repeating: 0, count: sizes.count)
        var caps = [Int](repeating: Int.max, count: sizes.count)
        var flexible: [Int] = []
        var left = available
        for (i, s) in sizes.enumerated() {
            let wanted: Int
            switch s {
            case .cells(let n): wanted = n
            case .percent(let p): wanted = available * Swift.min(Swift.max(p, 0), 100) / 100
            case .ratio(let a, let b): wanted = b <= 0 ? 0 : Int((Double(available) * Double(Swift.max(0, a)) / Double(b)).rounded(.down))
            case .fit: wanted = 0
            case .min(let n): wanted = n; flexible.append(i)
            case .max(let n): wanted = 0; caps[i] = Swift.max(0, n); flexible.append(i)
            case .fill: wanted = 0; flexible.append(i)
            }
            lengths[i] = Swift.min(Swift.max(0, wanted), left)
            left -= lengths[i]
        }
        // Water-filling: raise the shortest flexible children together until the cells run out,
        // each stopping at its bound.
        while left > 0 {
            let open = flexible.filter { lengths[$0] < caps[$0] }
            guard let low = open.map({ lengths[$0] }).min() else { break }
            let lowest = open.filter { lengths[$0] == low }
            let nextLevel = Swift.min(open.map { lengths[$0] }.filter { $0 > low }.min() ?? Int.max,
                                      lowest.map { caps[$0] }.min() ?? Int.max)
            let step = nextLevel - low
            if step < Int.max / lowest.count, step * lowest.count <= left {
                for i in lowest { lengths[i] += step }
                left -= step * lowest.count
            } else {
                let share = left / lowest.count, extra = left % lowest.count
                for (k, i) in lowest.enumerated() { lengths[i] += share + (k < extra ? 1 : 0) }
                left = 0
            }
        }
        return lengths
    }

    /// The sizes of the children with every ``Size/fit`` measured: the child's natural length
    /// along the axis when offered the whole of `area` (less the gaps) along it.
    public func resolvedSizes(in area: Rect, context: RenderContext) -> [Size] {
        let gaps = gap * Swift.max(0, children.count - 1)
        return children.map { child in
            guard child.size == .fit else { return child.size }
            switch axis {
            case .horizontal:
                let offer = Extent(width: Swift.max(0, area.width - gaps), height: area.height)
                return .cells(child.widget.measure(offer, context: context).width)
            case .vertical:
                let offer = Extent(width: area.width, height: Swift.max(0, area.height - gaps))
                return .cells(child.widget.measure(offer, context: context).height)
            }
        }
    }

    /// The rect of each child in `area` (children that get no cells have empty rects), with the
    /// ``Size/fit`` children measured in `context`.
    public func childRects(in area: Rect, context: RenderContext) -> [Rect] {
        rects(in: area, sizes: resolvedSizes(in: area, context: context), direction: context.direction)
    }

    /// The rect of each child in `area` (children that get no cells have empty rects). A
    /// ``Size/fit`` child gets no cells here, having no context to be measured in: use
    /// ``childRects(in:context:)``.
    public func childRects(in area: Rect, direction: LayoutDirection) -> [Rect] {
        rects(in: area, sizes: children.map(\.size), direction: direction)
    }

    func rects(in area: Rect, sizes: [Size], direction: LayoutDirection) -> [Rect] {
        let total = axis == .horizontal ? area.width : area.height
        let lengths = Stack.lengths(of: sizes, in: total, gap: gap)
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

    /// The stack's natural size: along its axis, the children's lengths plus the gaps (set sizes
    /// as they would be in `proposal`; `fit` and flexible children at their natural length, kept
    /// within a `min`'s floor and a `max`'s bound); across it, the largest child.
    public func measure(_ proposal: Extent, context: RenderContext) -> Extent {
        guard !children.isEmpty else { return Extent(width: 0, height: 0) }
        let gaps = gap * (children.count - 1)
        let available = Swift.max(0, (axis == .horizontal ? proposal.width : proposal.height) - gaps)
        var along = gaps, across = 0
        for child in children {
            let natural = child.widget.measure(proposal, context: context)
            let n = axis == .horizontal ? natural.width : natural.height
            switch child.size {
            case .cells(let c): along += Swift.max(0, c)
            case .percent(let p): along += available * Swift.min(Swift.max(p, 0), 100) / 100
            case .ratio(let a, let b): along += b <= 0 ? 0 : available * Swift.max(0, a) / b
            case .fit, .fill: along += n
            case .min(let m): along += Swift.max(m, n)
            case .max(let m): along += Swift.max(0, Swift.min(m, n))
            }
            across = Swift.max(across, axis == .horizontal ? natural.height : natural.width)
        }
        let size = axis == .horizontal ? Extent(width: along, height: across) : Extent(width: across, height: along)
        return size.clamped(to: proposal)
    }

    /// Draws the children in their rects, leading to trailing (R2), and the separators.
    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty, !children.isEmpty else { return }
        let rects = childRects(in: area, context: context)
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
                let x = Swift.min(a.maxX, b.maxX) + spacing
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
