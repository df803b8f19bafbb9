/// A row of buttons, each `[glyph text]`, from the leading edge.
///
/// A button that means a physical direction ("move right", "align left", a map arrow, tape
/// transport `⏮⏪⏯⏩⏭`) is marked `physical`: its glyph is drawn as authored in every direction (R13).
/// Other buttons' glyphs go through the mirroring table (R15: `◁)))` becomes `(((▷` in RTL). A row
/// whose buttons are all physical keeps its left-to-right order in RTL (rewind stays left of fast
/// forward); any other row runs from the leading edge (R2). Inside a button the glyph comes first
/// in reading order.
///
///     ButtonRow([.init(glyph: "⏪", physical: true), .init(glyph: "⏩", physical: true)])
///         .rendered(width: 10, height: 1, context: RenderContext(direction: .rtl)).rows
///     // [" [⏪] [⏩]"]: at the leading edge, in left-to-right order, not flipped
public struct ButtonRow: Widget {
    /// A button.
    public struct Button: Sendable, Hashable {
        /// Its glyph, authored for LTR, or nil.
        public var glyph: String?
        /// Its text, or nil.
        public var text: String?
        /// True when it means a physical direction: the glyph never flips (R13).
        public var physical: Bool

        /// Creates a button.
        public init(glyph: String? = nil, text: String? = nil, physical: Bool = false) {
            self.glyph = glyph
            self.text = text
            self.physical = physical
        }
    }

    /// The buttons, first (leading) to last.
    public var buttons: [Button]
    /// Empty cells between buttons.
    public var spacing: Int
    /// Where the row sits (leading by default).
    public var alignment: HorizontalAlignment

    /// Creates a row.
    public init(_ buttons: [Button], spacing: Int = 1, alignment: HorizontalAlignment = .leading) {
        self.buttons = buttons
        self.spacing = max(0, spacing)
        self.alignment = alignment
    }

    /// True when the row keeps its left-to-right order in RTL: every button is physical (R13).
    public var keepsPhysicalOrder: Bool { !buttons.isEmpty && buttons.allSatisfy(\.physical) }

    /// The glyph of `button` as drawn in `direction`.
    public static func shownGlyph(_ button: Button, direction: LayoutDirection) -> String? {
        guard let g = button.glyph else { return nil }
        return button.physical ? g : Mirroring(direction).glyph(g)
    }

    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty, !buttons.isEmpty else { return }
        let row = Rect(x: area.x, y: area.y, width: area.width, height: 1)
        let style = context.style(\.button)
        let m = context.mirroring
        // Each button's items in reading order: "[", glyph, " ", text, "]" (brackets mirror, and a
        // pair of brackets mirrored is the same pair).
        func items(_ b: Button) -> [RowItem] {
            var out: [RowItem] = [.glyph(m.glyph("["), style: style, context: context)]
            if let g = ButtonRow.shownGlyph(b, direction: context.direction) {
                out.append(.glyph(g, style: style, context: context))
            }
            if let t = b.text, !t.isEmpty {
                if b.glyph != nil { out.append(.gap()) }
                out.append(.text(t, style: style, context: context))
            }
            out.append(.glyph(m.glyph("]"), style: style, context: context))
            return out
        }
        let perButton = buttons.map(items)
        let widths = perButton.map(\.width)
        let total = widths.reduce(0, +) + spacing * (buttons.count - 1)
        // The row's block is aligned in the area; inside it the buttons run leading→trailing, or
        // left→right for a physical row.
        let x0 = m.x(aligning: total, in: row, alignment)
        let block = Rect(x: x0, y: row.y, width: total, height: 1)
        let order = Mirroring(keepsPhysicalOrder ? .ltr : context.direction)
        let rects = order.place(widths: widths, in: block, spacing: spacing)
        for (i, (items, rect)) in zip(perButton, rects).enumerated() {
            guard rect.minX >= row.minX && rect.maxX <= row.maxX else {
                // A button with no room is left out: report its text.
                if let t = buttons[i].text, !t.isEmpty {
                    let room = rect.minX < row.minX ? rect.maxX - row.minX : row.maxX - rect.minX
                    context.noteCut(t, needed: widths[i], given: max(0, min(widths[i], room)))
                }
                continue
            }
            buffer.drawItems(items, in: rect, context: context)
        }
    }
}
