/// A row of icons: glyphs drawn exactly as authored (R16), each with an optional caption, and an
/// optional badge on one of them (R18).
///
/// An `ordered` row (chronological, ranked, alphabetical) runs from the leading edge, so in RTL its
/// positions reverse (R17); each glyph itself is never flipped. An unordered row keeps the authored
/// left-to-right order and sits at the leading edge. Inside an item, the glyph comes first in
/// reading order and the caption after it.
///
/// Badges (R18). A terminal cell cannot hold a glyph on top of another, so a badge takes the cell
/// next to its icon: on the row above, diagonally at the icon's top corner, when the area has two
/// rows; on the icon's row otherwise (the column is reserved in both cases, so the icons do not move
/// when the area grows). A badge that depicts UI (`mirrors: true`, a notification dot) sits at the
/// icon's trailing side, so it moves with the mirrored UI: top-right in LTR, top-left in RTL. A
/// badge that only modifies an icon that does not flip (`mirrors: false`, the `+` of "add to cart")
/// keeps the side it was authored on, the right, so the icon keeps its visual balance.
///
///     IconRow([.init("📷"), .init("🎵"), .init("📝")], ordered: true)
///         .rendered(width: 10, height: 1, context: RenderContext(direction: .rtl)).rows
///     // ["📝  🎵  📷"]: the first item at the right
public struct IconRow: Widget {
    /// An icon: a glyph drawn exactly as authored (R16) and an optional caption after it. `Label`
    /// is the caption's type: the text itself for the widget (`Icon<String>`), a catalog
    /// reference in a screen file (`Icon<TextRef>`, resolved when the screen is drawn).
    public struct Icon<Label: Sendable & Equatable>: Sendable, Equatable {
        /// The glyph (an emoji, a symbol, or a few characters of ASCII art), drawn as authored.
        public var glyph: String
        /// A caption after the glyph, or nil.
        public var label: Label?

        /// Creates an icon.
        public init(_ glyph: String, label: Label? = nil) {
            self.glyph = glyph
            self.label = label
        }
    }

    /// A badge on one icon (R18), in the widget and in screen files alike.
    public struct Badge: Sendable, Hashable {
        /// The index of the icon (in the order given) that carries it.
        public var index: Int
        /// The badge glyph, drawn as authored.
        public var glyph: String
        /// True when the badge depicts UI and moves with the mirrored UI (trailing side); false
        /// when it modifies an unflipped icon and stays on the authored (right) side.
        public var mirrors: Bool

        /// Creates a badge.
        public init(index: Int, glyph: String, mirrors: Bool = true) {
            self.index = index
            self.glyph = glyph
            self.mirrors = mirrors
        }

        /// The physical side of its icon the badge sits on.
        public func side(in direction: LayoutDirection) -> PhysicalEdge {
            mirrors ? Mirroring(direction).physical(.trailing) : .right
        }
    }

    /// The icons, first to last.
    public var icons: [Icon<String>]
    /// Runs from the leading edge (reversed in RTL, R17) rather than left to right.
    public var ordered: Bool
    /// A badge, or nil.
    public var badge: Badge?
    /// Empty cells between items.
    public var spacing: Int

    /// Creates a row.
    public init(_ icons: [Icon<String>], ordered: Bool = false, badge: Badge? = nil, spacing: Int = 2) {
        self.icons = icons
        self.ordered = ordered
        self.badge = badge
        self.spacing = max(0, spacing)
    }

    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty, !icons.isEmpty else { return }
        let m = context.mirroring
        let twoRows = area.height >= 2 && badge != nil
        let iconY = twoRows ? area.y + 1 : area.y
        // Each item in reading order: glyph, then a space and the caption; the badge column goes
        // before or after the glyph, on the badge's physical side.
        var runs: [(items: [RowItem], badgeIndex: Int?)] = []
        for (i, icon) in icons.enumerated() {
            var run: [RowItem] = [.glyph(icon.glyph, style: context.style(\.text), context: context)]
            var badgeIndex: Int? = nil
            if let badge, badge.index == i {
                let cell = RowItem.gap(context.width(of: badge.glyph))
                if badge.side(in: context.direction) == m.physical(.trailing) {
                    run.append(cell)
                    badgeIndex = 1
                } else {
                    run.insert(cell, at: 0)
                    badgeIndex = 0
                }
            }
            if let label = icon.label, !label.isEmpty {
                run += [.gap(), .text(label, style: context.style(\.text), context: context)]
            }
            runs.append((run, badgeIndex))
        }
        let row = Rect(x: area.x, y: iconY, width: area.width, height: 1)
        let widths = runs.map(\.items.width)
        let total = widths.reduce(0, +) + spacing * (runs.count - 1)
        let block = Rect(x: m.x(aligning: total, in: row, .leading), y: iconY, width: total, height: 1)
        let rects = Mirroring(ordered ? context.direction : .ltr).place(widths: widths, in: block, spacing: spacing)
        for (run, rect) in zip(runs, rects) where rect.minX >= area.minX && rect.maxX <= area.maxX {
            let placed = buffer.drawItems(run.items, in: rect, context: context)
            if let b = run.badgeIndex, let badge {
                let y = twoRows ? area.y : iconY
                buffer.drawGlyph(badge.glyph, x: placed[b].x, y: y, style: context.style(\.badge), context: context)
            }
        }
    }
}

extension IconRow.Icon: Hashable where Label: Hashable {}
