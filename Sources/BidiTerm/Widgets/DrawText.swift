extension RenderContext {
    /// `text` laid out on one visual line of at most `maxWidth` cells, truncated at its logical end.
    ///
    /// When the text is too wide, the longest logical prefix (whole grapheme clusters, trailing
    /// spaces dropped) that fits with `…` after it is laid out again with the direction the whole
    /// text resolved to. The ellipsis therefore sits where the text's logical end falls: at the
    /// right end of LTR text, at the left end of RTL text, and after the last visible character
    /// of an embedded run only when bidi puts it there. Nothing fits in zero cells: the line is empty.
    ///
    ///     let context = RenderContext(direction: .rtl)
    ///     print(context.layoutLine("שלום עולם", direction: .content, maxWidth: 6).text)
    ///     // Prints:
    ///     // …םולש
    ///
    /// - Parameters:
    ///   - text: the text, in logical order.
    ///   - direction: how its base direction is chosen.
    ///   - maxWidth: the widest the line may be; nil for no limit.
    /// - Returns: the line, at most `maxWidth` cells wide.
    public func layoutLine(_ text: String, direction: TextDirection, maxWidth: Int?) -> VisualLine {
        // A long text that cannot fit is cut from a prefix that is long enough: the frame costs the
        // width, not the text (a whole file pasted into a string).
        if let maxWidth, case let limit = RenderContext.longTextLimit(maxWidth), text.unicodeScalars.count > limit {
            return layoutLine(Paragraph.prefix(of: text, scalars: limit).text, direction: direction, maxWidth: maxWidth)
        }
        let full = engine.layout(text, direction: direction.base(in: self), width: nil, options: options)
        let line = full.lines.first ?? VisualLine(cells: [], width: 0, logicalRange: 0..<0)
        guard let maxWidth, line.width > maxWidth else { return line }
        guard maxWidth > 0 else { return VisualLine(cells: [], width: 0, logicalRange: 0..<0) }
        let clusters = Array(text)
        func candidate(_ k: Int) -> String {
            var prefix = String(clusters[0..<k])
            while let last = prefix.last, last.isWhitespace { prefix.removeLast() }
            return prefix + "…"
        }
        // The widest prefix that fits: widths grow with k (binary search).
        var lo = 0, hi = clusters.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if engine.width(of: candidate(mid), options: options) <= maxWidth { lo = mid } else { hi = mid - 1 }
        }
        let truncated = engine.layout(candidate(lo), direction: BaseDirection(full.direction), width: nil,
                                      options: options)
        guard var out = truncated.lines.first else { return line }
        for i in out.cells.indices where out.cells[i].text == "…" && out.cells[i].logical.lowerBound >= out.logicalRange.upperBound - 1 {
            out.cells[i].flags.insert(.truncated)
        }
        return out
    }

    /// The width in cells of `text` on one line.
    public func width(of text: String) -> Int { engine.width(of: text, options: options) }

    /// How many scalars of a text one line `width` cells wide needs at most to be cut right: eight
    /// a cell (zero-width marks included), and never fewer than 8192.
    static func longTextLimit(_ width: Int) -> Int { max(8192, width * 8) }

    /// The width of `text` on one line; past 8192 scalars, estimated in proportion from its first
    /// 8192 (for the report of a cut text, which must not cost a layout of a whole file).
    public func estimatedWidth(of text: String) -> Int {
        let total = text.unicodeScalars.count
        guard total > 8192 else { return width(of: text) }
        let prefix = Paragraph.prefix(of: text, scalars: 8192)
        return Int((Double(width(of: prefix.text)) * Double(total) / Double(max(1, prefix.scalars))).rounded())
    }
}

extension Buffer {
    /// Draws one line of text in the first row of `rect`, laid out by the context's engine and
    /// truncated with `…` at its logical end when it does not fit (see `RenderContext.layoutLine`).
    ///
    ///     var buffer = Buffer(width: 12, height: 1)
    ///     buffer.drawText("שלום עולם", in: Rect(x: 0, y: 0, width: 12, height: 1),
    ///                     align: .leading, style: .plain, context: RenderContext(direction: .rtl))
    ///     print(BufferExport.plain(buffer)[0])
    ///     // Prints:
    ///     //    םלוע םולש
    ///
    /// - Parameters:
    ///   - text: the text in logical order.
    ///   - rect: where to draw; only its first row is used.
    ///   - align: where the line sits in the row; `leading`/`trailing` follow the context's direction.
    ///   - style: the style of every cell written.
    ///   - direction: how the base direction is chosen: `.context` for UI strings, `.content` for
    ///     text whose direction comes from what it says.
    ///   - context: the engine, options and direction.
    /// - Returns: the cells written (a zero-width rect at the aligned position when nothing was).
    @discardableResult
    public mutating func drawText(_ text: String, in rect: Rect, align: HorizontalAlignment = .leading,
                                  style: Style, direction: TextDirection = .context,
                                  context: RenderContext) -> Rect {
        guard rect.width > 0, rect.height > 0 else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        let line = context.layoutLine(text, direction: direction, maxWidth: rect.width)
        let x = context.mirroring.x(aligning: line.width, in: rect, align)
        drawLine(line, x: x, y: rect.y, style: style)
        context.noteDrawn(line, text: text, given: rect.width, x: x, y: rect.y)
        return Rect(x: x, y: rect.y, width: line.width, height: 1)
    }

    /// Writes the cells of a visual line from column `x` of row `y`, left to right.
    ///
    /// A cell of width 2 becomes a wide cell and its continuation; a cluster the terminal draws as
    /// several glyphs (width 3 or more) becomes one cell of that width followed by continuation
    /// cells; hidden cells (width 0) are skipped. With `clip`, only columns inside it are written,
    /// and a wide cell cut by its edge is drawn as spaces.
    ///
    /// - Returns: the column after the last cell.
    @discardableResult
    public mutating func drawLine(_ line: VisualLine, x: Int, y: Int, style: Style, clip: Range<Int>? = nil) -> Int {
        var col = x
        for cell in line.cells where cell.width > 0 {
            defer { col += cell.width }
            let span = col..<(col + cell.width)
            if let clip, !(clip.contains(span.lowerBound) && clip.contains(span.upperBound - 1)) {
                for c in span where clip.contains(c) { set(x: c, y: y, Cell(text: .space, style: style)) }
                continue
            }
            putCluster(cell.glyph, width: cell.width, x: col, y: y, style: style)
        }
        return col
    }

    /// Draws a glyph as the context's glyph set draws it (`RenderContext.glyph(_:)`: the glyph
    /// itself, or its fallback where the terminal draws it at another width), left to right (no
    /// reordering, no mirroring: mirroring is the caller's choice through `Mirroring.glyph(_:)`).
    /// - Returns: the cells written.
    @discardableResult
    public mutating func drawGlyph(_ glyph: String, x: Int, y: Int, style: Style, context: RenderContext) -> Rect {
        let line = context.engine.layout(context.glyph(glyph), direction: .ltr, width: nil, options: context.options).lines.first
        guard let line else { return Rect(x: x, y: y, width: 0, height: 0) }
        drawLine(line, x: x, y: y, style: style)
        return Rect(x: x, y: y, width: line.width, height: 1)
    }

    /// One grapheme cluster at (x, y): narrow, wide (width 2), or wider (several glyphs side by side).
    mutating func putCluster(_ text: CellSymbol, width: Int, x: Int, y: Int, style: Style) {
        if width <= 2 {
            set(x: x, y: y, Cell(text: text, width: UInt8(width), style: style))
            return
        }
        guard area.contains(x: x, y: y) else { return }
        guard x + width <= area.maxX else {
            for c in x..<min(area.maxX, x + width) { set(x: c, y: y, Cell(text: .space, style: style)) }
            return
        }
        // Blank the span first so that no wide cell overlapping it is left half drawn, then write
        // the continuations and the head.
        for c in x..<(x + width) { set(x: c, y: y, Cell(text: .space, style: style)) }
        for c in (x + 1)..<(x + width) { set(x: c, y: y, .continuation(style: style)) }
        set(x: x, y: y, Cell(text: text, width: UInt8(min(width, 255)), style: style))
    }
}

extension VisualLine {
    /// The line without the whitespace at the end edge of a paragraph running in `direction`
    /// (the right end for LTR, the left end for RTL), where UAX #9 L1 puts a wrapped line's
    /// trailing spaces. Used to align wrapped lines by their visible text.
    public func trimmingEndWhitespace(paragraph direction: LayoutDirection) -> VisualLine {
        var cells = self.cells
        func isSpace(_ c: VisualCell) -> Bool { c.width == 0 || c.glyph.withUTF8 { $0.allSatisfy { $0 == 0x20 } } }
        if Mirroring(direction).physical(.trailing) == .right {
            while let last = cells.last, isSpace(last) { cells.removeLast() }
        } else {
            while let first = cells.first, isSpace(first) { cells.removeFirst() }
        }
        return VisualLine(cells: cells, width: cells.reduce(0) { $0 + $1.width }, logicalRange: logicalRange)
    }
}

extension Buffer {
    /// A notice of up to three wrapped lines in the middle rows of the whole buffer, aligned to the
    /// context's leading edge: what a full-screen app shows instead of a squeezed screen when the
    /// terminal is too small.
    public mutating func drawNotice(_ text: String, context: RenderContext) {
        guard !area.isEmpty else { return }
        let rows = min(area.height, 3)
        Paragraph(text).render(Rect(x: area.x, y: area.y + max(0, (area.height - rows) / 2), width: area.width, height: rows),
                               into: &self, context: context)
    }
}
