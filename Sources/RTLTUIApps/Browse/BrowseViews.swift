import BidiTerm

// The panels of `rtl-tui browse` as lines of cells: the selected string at several widths next to
// its source, the inspector, the findings. Every line is laid out by the engine (R22: nothing
// from a catalog reaches the terminal raw), then drawn by `BrowseLinesView` with scrolling.

/// One row of a browser panel: a visual line, the edge it sits at, and its styles.
struct BrowseLine {
    /// The cells, left to right.
    var line: VisualLine
    /// The line sits at the leading edge of this direction (R3).
    var align: LayoutDirection
    /// The style of every cell.
    var style: Style
    /// Styles laid over single cells (same count as `line.cells`, nil for none).
    var patches: [Style?]? = nil
    /// Show the engine's placeholders in reverse video and mirrored glyphs underlined, so a reader
    /// can tell them from literal text.
    var marksEngineCells = false
}

/// Draws lines from `offset` into an area, each at its edge, clipped to the area.
struct BrowseLinesView: Widget {
    var lines: [BrowseLine]
    var offset: Int

    func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let start = max(0, min(offset, lines.count))
        for (i, item) in lines[start...].prefix(area.height).enumerated() {
            let row = Rect(x: area.x, y: area.y + i, width: area.width, height: 1)
            let x = Mirroring(item.align).x(aligning: item.line.width, in: row, .leading)
            let style = context.style.patched(with: item.style)
            buffer.drawLine(item.line, x: x, y: row.y, style: style, clip: row.minX..<row.maxX)
            var col = x
            for (k, cell) in item.line.cells.enumerated() where cell.width > 0 {
                defer { col += cell.width }
                var patch = item.patches?[k] ?? nil
                if item.marksEngineCells {
                    if cell.flags.contains(.placeholder) { patch = (patch ?? .plain).patched(with: Style(attributes: .reverse)) }
                    if cell.flags.contains(.mirrored) { patch = (patch ?? .plain).patched(with: Style(attributes: .underline)) }
                }
                if let patch {
                    buffer.patchStyle(Rect(x: col, y: row.y, width: cell.width, height: 1).intersection(row), patch)
                }
            }
        }
    }
}

/// Builds panel lines with one render context.
struct BrowseLineBuilder {
    var context: RenderContext
    /// The text style of labels (the theme's `emphasis`).
    var label: Style { context.theme.emphasis }
    /// The text style of hints (the theme's `secondary`).
    var dim: Style { context.theme.secondary }

    /// A single line, truncated with `…` at its logical end.
    func line(_ text: String, width: Int, direction: TextDirection = .content, style: Style = .plain) -> BrowseLine {
        let l = context.layoutLine(text, direction: direction, maxWidth: max(0, width))
        let align: LayoutDirection
        switch direction {
        case .fixed(let d): align = d
        default: align = context.direction
        }
        return BrowseLine(line: l, align: align, style: style)
    }

    /// Wrapped text (R5), each paragraph aligned as a `Paragraph` aligns it (R3).
    func wrapped(_ text: String, width: Int, direction: TextDirection = .content, style: Style = .plain,
                 marks: Bool = false) -> [BrowseLine] {
        guard width > 0 else { return [] }
        return Paragraph(text, direction: direction).lines(width: width, context: context).map {
            BrowseLine(line: $0.line, align: fixedAlign(direction) ?? $0.align, style: style, marksEngineCells: marks)
        }
    }

    private func fixedAlign(_ d: TextDirection) -> LayoutDirection? {
        if case .fixed(let f) = d { return f }
        return nil
    }

    /// Text that is already in visual order (the linter's renderings): drawn cell by cell as given,
    /// not reordered, shaped or mirrored again, and still sanitised by the engine. Aligned as R3
    /// aligns an LTR paragraph: one or two lines at the context's leading edge, more at the left.
    func prerendered(_ text: String, width: Int, style: Style = .plain) -> [BrowseLine] {
        guard width > 0 else { return [] }
        var ctx = context
        ctx.options = LayoutOptions(shaping: false, mirroring: false, reordering: false,
                                    marksInOwnCells: context.options.marksInOwnCells)
        var out: [BrowseLine] = []
        for p in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let layout = ctx.engine.layout(String(p), direction: .ltr, width: width, options: ctx.options)
            let align: LayoutDirection = layout.lines.count >= 3 ? .ltr : context.direction
            for (i, l) in layout.lines.enumerated() {
                let shown = i < layout.lines.count - 1 ? l.trimmingEndWhitespace(paragraph: .ltr) : l
                out.append(BrowseLine(line: shown, align: align, style: style, marksEngineCells: true))
            }
        }
        return out
    }

    /// `text` as a paragraph of `direction` wrapped at `width` cells inside a frame `│…│` that
    /// shows the width, each line at the paragraph's leading edge in the frame (R3, R5), with
    /// `label` beside the first line at the frame's trailing side. The frame sits at the leading
    /// edge of the context.
    func framed(_ text: String, direction: LayoutDirection, width: Int, label: String?, options: LayoutOptions) -> [BrowseLine] {
        guard width > 0 else { return [] }
        var lines: [VisualLine] = []
        for p in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let layout = context.engine.layout(String(p), direction: BaseDirection(direction), width: width, options: options)
            if layout.lines.isEmpty { lines.append(VisualLine(cells: [], width: 0, logicalRange: 0..<0)) }
            for (i, l) in layout.lines.enumerated() {
                lines.append(i < layout.lines.count - 1 ? l.trimmingEndWhitespace(paragraph: layout.direction) : l)
            }
        }
        let border = context.style(\.border)
        func spaces(_ n: Int) -> [VisualCell] {
            Array(repeating: VisualCell(text: " ", width: 1, logical: 0..<0, level: 0), count: max(0, n))
        }
        let bar = VisualCell(text: context.glyph("│"), width: 1, logical: 0..<0, level: 0)
        let labelOptions = LayoutOptions(marksInOwnCells: context.options.marksInOwnCells)
        let labelCells = label.map { context.engine.layout($0, direction: .ltr, options: labelOptions).lines.first?.cells ?? [] } ?? []
        var out: [BrowseLine] = []
        for (i, l) in lines.enumerated() {
            let left = max(0, Mirroring(direction).x(aligning: l.width, in: Rect(x: 0, y: 0, width: width, height: 1), .leading))
            let right = max(0, width - l.width - left)
            var cells: [VisualCell] = [bar] + spaces(left) + l.cells + spaces(right) + [bar]
            var patches: [Style?] = [border] + Array(repeating: nil, count: cells.count - 2) + [border]
            let tag = i == 0 ? labelCells : []
            if !tag.isEmpty {
                let extra = spaces(1) + tag
                let extraPatches: [Style?] = Array(repeating: dim, count: extra.count)
                if context.direction == .ltr {
                    cells += extra
                    patches += extraPatches
                } else {
                    cells = tag + spaces(1) + cells
                    patches = extraPatches + patches
                }
            }
            let w = cells.reduce(0) { $0 + $1.width }
            out.append(BrowseLine(line: VisualLine(cells: cells, width: w, logicalRange: l.logicalRange),
                                  align: context.direction, style: .plain, patches: patches, marksEngineCells: true))
        }
        return out
    }
}

// MARK: - Inspector

/// The inspector panel: `CodePointInspector`'s view of one string as panel lines.
enum BrowseInspector {
    /// The inspector's lines for `text` laid out in `direction`.
    static func lines(_ text: String, direction: LayoutDirection, width: Int, builder b: BrowseLineBuilder) -> [BrowseLine] {
        guard width > 0 else { return [] }
        let engine = b.context.engine
        let inspector = CodePointInspector(text, direction: BaseDirection(direction), engine: engine)
        let a = inspector.analysis
        let count = inspector.rows.count
        var out: [BrowseLine] = []
        let ltr = TextDirection.fixed(.ltr)
        out.append(b.line("paragraph \(inspector.paragraphDescription) · \(count) code points · \(a.runs.count) run\(a.runs.count == 1 ? "" : "s")",
                          width: width, direction: ltr, style: b.label))

        // As drawn with hidden characters shown (Trojan Source shows its RLO, LRI…).
        out.append(b.line("revealed:", width: width, direction: ltr, style: b.dim))
        var reveal = b.context.options
        reveal.revealControls = true
        for p in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let layout = engine.layout(String(p), direction: BaseDirection(direction), width: width, options: reveal)
            for (i, l) in layout.lines.enumerated() {
                let shown = i < layout.lines.count - 1 ? l.trimmingEndWhitespace(paragraph: layout.direction) : l
                out.append(BrowseLine(line: shown, align: direction, style: .plain, marksEngineCells: true))
            }
        }

        let levels = a.levels.map { $0.map(String.init) ?? "x" }.joined(separator: " ")
        out += b.wrapped("levels: " + (levels.isEmpty ? "none" : levels), width: width, direction: ltr)
        out += b.wrapped("visual order: " + (a.visualOrder.isEmpty ? "none" : a.visualOrder.map(String.init).joined(separator: " ")),
                         width: width, direction: ltr)
        let runs = inspector.runDescriptions
        out += b.wrapped("runs (visual order): " + (runs.isEmpty ? "none" : runs.joined(separator: ", ")), width: width, direction: ltr)
        let mirrored = inspector.rows.filter(\.isMirrored).map { row in
            "#\(row.index) \(row.glyph) → \(row.mirroredAs.map { String($0) } ?? row.glyph)"
        }
        out += b.wrapped("mirrored: " + (mirrored.isEmpty ? "none" : mirrored.joined(separator: ", ")), width: width, direction: ltr)
        let hidden = inspector.hiddenDescriptions
        out += b.wrapped("hidden: " + (hidden.isEmpty ? "none" : hidden.joined(separator: ", ")), width: width, direction: ltr,
                         style: hidden.isEmpty ? .plain : b.context.theme.warning)

        // The table: one row per code point, drawn by `Table` (left to right: the analysis is of
        // code points, whatever the paragraph's direction), its rows taken over as panel lines.
        var ctx = b.context.with(direction: .ltr)
        ctx.options.shaping = false
        var table = Table(columns: [Table.Column("#"), Table.Column("code"), Table.Column("char"), Table.Column("class"),
                                    Table.Column("lvl"), Table.Column("vis"), Table.Column("name", width: .fill(1))],
                          rows: inspector.rows.map { row in
                              [String(row.index), row.code, row.glyph, String(describing: row.bidiClass),
                               row.level.map(String.init) ?? "x", row.visualPosition.map(String.init) ?? "-", row.name]
                          })
        table.spacing = 2
        table.cellDirection = .fixed(.ltr)
        let drawn = table.rendered(width: width, height: table.headerHeight + inspector.rows.count, context: ctx)
        for y in 0..<drawn.area.height {
            var cells: [VisualCell] = []
            var x = 0
            while x < drawn.area.width, let cell = drawn[x, y] {
                let w = max(1, Int(cell.width))
                cells.append(VisualCell(text: cell.symbol, width: w, logical: x..<(x + 1), level: 0))
                x += w
            }
            while let last = cells.last, last.text == " " { cells.removeLast() }
            let line = VisualLine(cells: cells, width: cells.reduce(0) { $0 + $1.width }, logicalRange: 0..<cells.count)
            out.append(BrowseLine(line: line, align: .ltr, style: y == 0 ? b.label : .plain))
        }
        return out
    }
}
