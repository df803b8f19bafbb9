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

    /// The first `scalars` scalars of `text` or a little less: cut after the last space in them
    /// (on a grapheme boundary when there is none), and how many scalars that is.
    static func prefix(of text: String, scalars: Int) -> (text: String, scalars: Int) {
        let end = text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: min(scalars, text.unicodeScalars.count))
        // A String subscript rounds the scalar index down to a grapheme boundary.
        let head = text[..<end]
        if let space = head.lastIndex(where: { $0 == " " || $0 == "\n" }), space > head.startIndex {
            let cut = String(head[..<space])
            return (cut, cut.unicodeScalars.count)
        }
        let cut = String(head)
        return (cut, cut.unicodeScalars.count)
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

    /// Past this many scalars a paragraph lays out only a prefix (`render`, `measure`).
    static let longText = 8192

    /// The lines wrapped at the proposed width: as many rows as lines, as wide as the widest. A long
    /// text is measured from a prefix that already overflows the proposal, as `render` draws it.
    public func measure(_ proposal: Extent, context: RenderContext) -> Extent {
        let budget = max(Paragraph.longText, proposal.width * (proposal.height + 2) * 4)
        if text.unicodeScalars.count > budget {
            let some = Paragraph(Paragraph.prefix(of: text, scalars: budget).text, direction: direction)
                .lines(width: proposal.width, context: context)
            if some.count > proposal.height + 1 {
                return Extent(width: some.map(\.line.width).max() ?? 0, height: some.count).clamped(to: proposal)
            }
        }
        let all = lines(width: proposal.width, context: context)
        return Extent(width: all.map(\.line.width).max() ?? 0, height: all.count).clamped(to: proposal)
    }

    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let style = context.style(\.text)
        var all: [(line: VisualLine, align: LayoutDirection)]
        var needed: Int
        // A long text (a whole file pasted into a string) is laid out only as far as the area can
        // show and well beyond: four scalars a cell, at least `longText`, cut at a space. The rows
        // it would need in all are then estimated in proportion, so a frame costs the area, not
        // the text.
        let total = text.unicodeScalars.count
        let budget = max(Paragraph.longText, area.width * (area.height + 2) * 4)
        if total > budget, case let prefix = Paragraph.prefix(of: text, scalars: budget),
           case let some = Paragraph(prefix.text, direction: direction).lines(width: area.width, context: context),
           some.count > area.height + 1 {
            // The last row of the prefix may be cut short: it is not shown.
            all = Array(some.dropLast())
            needed = max(some.count, Int((Double(some.count) * Double(total) / Double(max(1, prefix.scalars))).rounded()))
        } else {
            all = lines(width: area.width, context: context)
            needed = all.count
        }
        if needed > area.height { context.noteCut(text, needed: needed, given: area.height, unit: .rows) }
        for (i, item) in all.prefix(area.height).enumerated() {
            let row = Rect(x: area.x, y: area.y + i, width: area.width, height: 1)
            let x = Mirroring(item.align).x(aligning: item.line.width, in: row, .leading)
            buffer.drawLine(item.line, x: x, y: row.y, style: style, clip: row.minX..<row.maxX)
        }
    }
}
