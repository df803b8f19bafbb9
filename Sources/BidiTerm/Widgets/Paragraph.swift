/// Wrapped text: each paragraph (a line of `text` between newlines) is wrapped at the area's width
/// and then each visual line is reordered on its own by the engine (R5).
///
/// Alignment follows R3: a paragraph that takes one or two lines aligns to the context's leading
/// edge; one that takes three lines or more aligns to the leading edge of its own base direction
/// (its first strong character), whatever the context. An English paragraph in an Arabic screen
/// stays left-aligned; a Hebrew sentence that fits on one line of an LTR screen sits at the left.
/// Lines below the area are not drawn.
///
///     Paragraph("שלום עולם").rendered(width: 12, height: 1, context: RenderContext(direction: .ltr)).rows
///     // ["םלוע םולש   "]  (R3: one line follows the LTR context)
public struct Paragraph: Widget {
    /// The text; `\n` separates paragraphs.
    public var text: String
    /// How each paragraph's base direction is chosen: its content (the default, R3).
    public var direction: TextDirection

    /// Creates a paragraph.
    public init(_ text: String, direction: TextDirection = .content) {
        self.text = text
        self.direction = direction
    }

    /// The paragraphs of `text` (split at newlines).
    public var paragraphs: [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The edge a laid-out paragraph aligns to (R3): the context's direction for one or two lines,
    /// the paragraph's own direction for three or more.
    public static func alignmentDirection(of layout: ParagraphLayout, context: LayoutDirection) -> LayoutDirection {
        layout.lines.count >= 3 ? layout.direction : context
    }

    /// The visual lines at `width`, each with the direction it aligns to, top to bottom.
    public func lines(width: Int, context: RenderContext) -> [(line: VisualLine, align: LayoutDirection)] {
        guard width > 0 else { return [] }
        var out: [(VisualLine, LayoutDirection)] = []
        for p in paragraphs {
            let layout = context.engine.layout(p, direction: direction.base(in: context), width: width,
                                               options: context.options)
            let align = Paragraph.alignmentDirection(of: layout, context: context.direction)
            if layout.lines.isEmpty { out.append((VisualLine(cells: [], width: 0, logicalRange: 0..<0), align)) }
            for (i, line) in layout.lines.enumerated() {
                let shown = i < layout.lines.count - 1 ? line.trimmingEndWhitespace(paragraph: layout.direction) : line
                out.append((shown, align))
            }
        }
        return out
    }

    /// The lines wrapped at the proposed width: as many rows as lines, as wide as the widest.
    public func measure(_ proposal: Extent, context: RenderContext) -> Extent {
        let all = lines(width: proposal.width, context: context)
        return Extent(width: all.map(\.line.width).max() ?? 0, height: all.count).clamped(to: proposal)
    }

    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let style = context.style(\.text)
        let all = lines(width: area.width, context: context)
        if all.count > area.height { context.noteCut(text, needed: all.count, given: area.height, unit: .rows) }
        for (i, item) in all.prefix(area.height).enumerated() {
            let row = Rect(x: area.x, y: area.y + i, width: area.width, height: 1)
            let x = Mirroring(item.align).x(aligning: item.line.width, in: row, .leading)
            buffer.drawLine(item.line, x: x, y: row.y, style: style, clip: row.minX..<row.maxX)
        }
    }
}
