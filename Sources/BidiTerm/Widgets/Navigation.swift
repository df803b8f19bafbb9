/// Back and next buttons (R12). Back sits at the leading edge and its arrow points to the leading
/// edge: `‹ Back` at the left in LTR, `חזרה ›` (arrow at the right, pointing right) in RTL. Next
/// sits at the trailing edge and points to it: `Next ›` at the right in LTR, `‹ הבא` at the left
/// in RTL. The arrows are authored for LTR and mirrored through the mirroring table.
///
///     NavBar(back: "חזרה", next: "הבא").rendered(width: 20, height: 1, context: RenderContext(direction: .rtl)).rows
///     // ["‹ אבה         הרזח ›"]
public struct NavBar: Widget {
    /// The back button's text, or nil for none.
    public var back: String?
    /// The next button's text, or nil for none.
    public var next: String?
    /// The back arrow, authored for LTR (pointing left).
    public var backGlyph: String
    /// The next arrow, authored for LTR (pointing right).
    public var nextGlyph: String

    /// Creates a navigation bar.
    public init(back: String? = nil, next: String? = nil, backGlyph: String = "‹", nextGlyph: String = "›") {
        self.back = back
        self.next = next
        self.backGlyph = backGlyph
        self.nextGlyph = nextGlyph
    }

    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let m = context.mirroring
        let row = Rect(x: area.x, y: area.y, width: area.width, height: 1)
        let arrowStyle = context.style(\.navigation), textStyle = context.style(\.button)
        let both = back != nil && next != nil
        // Each button gets at most half the row (less the gap between them) when both are shown.
        let budget = both ? (area.width - 1) / 2 : area.width
        if let back {
            let arrow = RowItem.glyph(m.glyph(backGlyph), style: arrowStyle, context: context)
            let text = RowItem.text(back, style: textStyle, maxWidth: max(0, budget - arrow.width - 1), context: context)
            let items = [arrow, .gap(), text]
            if items.width <= budget { buffer.drawItems(items, in: row, context: context) }
        }
        if let next {
            let arrow = RowItem.glyph(m.glyph(nextGlyph), style: arrowStyle, context: context)
            let text = RowItem.text(next, style: textStyle, maxWidth: max(0, budget - arrow.width - 1), context: context)
            let items = [text, .gap(), arrow]
            if items.width <= budget { buffer.drawItems(items, in: row, leadingOffset: area.width - items.width, context: context) }
        }
    }
}

/// A path of places, running from the leading edge to the trailing edge with separators that point
/// to the trailing edge (R12): `Home › Apps › Reviews` in LTR; in RTL the first place is at the
/// right and the separators are `‹`. The last item (where you are) is drawn in the theme's
/// `current` style. When the path does not fit, the first places are replaced by `…`.
///
///     Breadcrumb(["בית", "יישומים"]).rendered(width: 14, height: 1, context: RenderContext(direction: .rtl)).rows
///     // [" םימושיי ‹ תיב"]
public struct Breadcrumb: Widget {
    /// The places, first (the root) to last (the current one).
    public var items: [String]
    /// The separator, authored for LTR (pointing right, to the trailing edge).
    public var separator: String
    /// The base direction of each place's name (see `List.itemDirection`).
    public var itemDirection: TextDirection = .content

    /// Creates a breadcrumb.
    public init(_ items: [String], separator: String = "›") {
        self.items = items
        self.separator = separator
    }

    /// The row's items for the places from `first` on (with a leading `…` when `first > 0`).
    func rowItems(from first: Int, maxLastWidth: Int?, context: RenderContext) -> [RowItem] {
        let m = context.mirroring
        let sep = RowItem.glyph(m.glyph(separator), style: context.style(\.navigation), context: context)
        var out: [RowItem] = []
        if first > 0 { out += [.glyph("…", style: context.style(\.text), context: context), .gap(), sep, .gap()] }
        for i in first..<items.count {
            let last = i == items.count - 1
            out.append(.text(items[i], style: context.style(last ? \.current : \.text), direction: itemDirection,
                             maxWidth: last ? maxLastWidth : nil, context: context))
            if !last { out += [.gap(), sep, .gap()] }
        }
        return out
    }

    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty, !items.isEmpty else { return }
        let row = Rect(x: area.x, y: area.y, width: area.width, height: 1)
        for first in 0..<items.count {
            let row0 = rowItems(from: first, maxLastWidth: nil, context: context)
            if row0.width <= area.width {
                buffer.drawItems(row0, in: row, context: context)
                return
            }
        }
        // Only the current place, truncated, after "… › ".
        let prefix = items.count > 1 ? 4 : 0
        let items = rowItems(from: self.items.count - 1, maxLastWidth: max(0, area.width - prefix), context: context)
        buffer.drawItems(items, in: row, context: context)
    }
}

/// A step indicator `1 2 3 4 5` read from the leading edge (R8): in RTL the first step is at the
/// right. Numbers are in the context's digits (R6) and keep their digit order (R7: step 12 is `12`
/// in every direction). The current step is drawn in the theme's `current` style.
///
///     Steps(count: 5, current: 2).rendered(width: 9, height: 1, context: RenderContext(direction: .rtl)).rows
///     // ["5 4 3 2 1"]
public struct Steps: Widget {
    /// The number of steps.
    public var count: Int
    /// The current step, 1-based.
    public var current: Int

    /// Creates a step indicator.
    public init(count: Int, current: Int) {
        self.count = count
        self.current = current
    }

    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty, count > 0 else { return }
        var items: [RowItem] = []
        for n in 1...count {
            if n > 1 { items.append(.gap()) }
            items.append(.text(context.numerals.format(n), style: context.style(n == current ? \.current : \.caption),
                               context: context))
        }
        buffer.drawItems(items, in: Rect(x: area.x, y: area.y, width: area.width, height: 1), context: context)
    }
}
