import BidiTerm
import Foundation

extension BrowseApp {
    // MARK: - Drawing

    /// Draws the browser: header, list, string, inspector and findings panels, the files'
    /// errors, the footer, and the help overlay when it is open. Returns the search field's caret
    /// while searching, for the terminal's cursor.
    public mutating func render(into buffer: inout Buffer) -> (x: Int, y: Int)? {
        let area = buffer.area
        let ctx = context
        let b = BrowseLineBuilder(context: ctx)
        guard area.width >= options.minimumWidth, area.height >= options.minimumHeight else {
            buffer.drawNotice("rtl-tui browse needs at least \(options.minimumWidth)×\(options.minimumHeight) cells; this terminal is \(area.width)×\(area.height)",
                              context: ctx)
            return nil
        }

        // Header: the files at the leading edge, the state at the trailing edge.
        let header = Rect(x: 0, y: 0, width: area.width, height: 1)
        let bar = ctx.with(style: theme.header)
        buffer.fill(header, with: Cell(" ", style: bar.style))
        let status = self.status
        let statusWidth = min(ctx.width(of: status), area.width / 2)
        let m = ctx.mirroring
        Label(status, alignment: .trailing, direction: .content)
            .render(m.rect(leadingOffset: area.width - statusWidth - 1, width: statusWidth, in: header), into: &buffer,
                    context: bar)
        let names = files.map { Self.fileName($0.path) }.joined(separator: ", ")
        Label("rtl-tui browse · " + names, alignment: .leading, direction: .content)
            .render(m.inset(header, leading: 1, trailing: statusWidth + 2), into: &buffer,
                    context: bar.with(style: theme.headerTitle))

        // The files' problems, above the footer, while they last.
        let errors = fileErrors
        var errorLines: [BrowseLine] = []
        for (i, e) in errors.prefix(3).enumerated() {
            let more = i == 2 && errors.count > 3 ? " (+\(errors.count - 3) more)" : ""
            errorLines.append(b.line("\(ctx.glyph("✗")) \(e.description) · last good version shown\(more)", width: area.width - 2,
                                     direction: .fixed(.ltr), style: theme.error))
        }
        let footerY = area.height - 1
        BrowseLinesView(lines: errorLines, offset: 0)
            .render(Rect(x: 1, y: footerY - errorLines.count, width: area.width - 2, height: errorLines.count), into: &buffer, context: ctx)

        // Footer: the notice, else the main keys.
        let footer = Rect(x: 1, y: footerY, width: area.width - 2, height: 1)
        if let notice {
            BrowseLinesView(lines: [b.line(notice, width: footer.width, direction: .fixed(.ltr), style: theme.success)],
                            offset: 0).render(footer, into: &buffer, context: ctx)
        } else {
            Label(isSearching ? "type to search · ← → caret · Backspace delete · Enter/Esc done · Ctrl-U clear"
                              : "↑↓ move · / search · f filter · Tab panel · d direction · s shaping · ? help · q quit",
                  direction: .content)
                .render(footer, into: &buffer, context: ctx.with(style: theme.footer))
        }

        let body = Rect(x: 0, y: 1, width: area.width, height: area.height - 2 - errorLines.count)
        let halves = Stack.horizontal([.percent(40, Spacer()), .fill(Spacer())]).childRects(in: body, direction: ctx.direction)
        let fieldRect = drawList(in: halves[0], buffer: &buffer, context: ctx)
        let parts = Stack.vertical([.percent(45, Spacer()), .percent(30, Spacer()), .fill(Spacer())])
            .childRects(in: halves[1], direction: ctx.direction)
        for (panel, rect) in zip([Panel.preview, .inspector, .findings], parts) {
            drawPanel(panel, in: rect, buffer: &buffer, context: ctx)
        }
        if showHelp {
            drawHelp(in: body, buffer: &buffer, context: ctx)
            return nil
        }
        if isSearching, let fieldRect {
            return TextField(text: query, caret: caret).caretCell(in: fieldRect, context: ctx)
        }
        return nil
    }

    /// The header's state: locale, direction, shaping, filter.
    public var status: String {
        let dir = direction == .rtl ? "RTL" : "LTR"
        return "\(locale ?? "no locale") · \(dir)\(directionOverride == nil ? "" : "!") · \(shaping ? "shaped" : "unshaped") · filter: \(filter)"
    }

    /// The last component of `path`.
    static func fileName(_ path: String) -> String { (path as NSString).lastPathComponent }

    /// An English interface string wrapped in LRI…PDI, so that it reads left to right wherever a
    /// widget lays it out in the context's direction (a pane title in an RTL screen).
    static func isolated(_ s: String) -> String { "\u{2066}" + s + "\u{2069}" }

    func paneContext(_ panel: Panel, _ ctx: RenderContext) -> RenderContext {
        panel == focus ? Focusable.Highlight.panel.context(from: ctx) : ctx
    }

    static func glyph(_ s: Severity?) -> String {
        switch s {
        case .error?: return "✗"
        case .warning?: return "▲"
        case .info?: return "•"
        case nil: return " "
        }
    }

    func style(_ s: Severity) -> Style {
        switch s {
        case .error: return theme.error
        case .warning: return theme.warning
        case .info: return theme.info
        }
    }

    /// Draws the list panel; returns the search field's rect.
    mutating func drawList(in rect: Rect, buffer: inout Buffer, context ctx: RenderContext) -> Rect? {
        var title = "Entries \(selected.map { $0 + 1 } ?? 0)/\(visible.count)"
        if visible.count != rows.count { title += " of \(rows.count)" }
        let pane = Pane(title: Self.isolated(title))
        pane.render(rect, into: &buffer, context: paneContext(.list, ctx))
        let inner = pane.innerArea(rect)
        guard !inner.isEmpty else { return nil }
        let m = ctx.mirroring
        let searchRow = Rect(x: inner.x, y: inner.y, width: inner.width, height: 1)
        buffer.drawText("/", in: m.rect(leadingOffset: 0, width: min(2, inner.width), in: searchRow), align: .leading,
                        style: ctx.style(isSearching ? \.emphasis : \.secondary), context: ctx)
        let fieldRect = m.inset(searchRow, leading: 2)
        TextField(text: query, caret: isSearching ? caret : nil,
                  placeholder: isSearching ? "key, source or translation" : "press / to search")
            .render(fieldRect, into: &buffer, state: &searchState, context: ctx)
        let listRect = inner.inset(top: 1)
        heights[.list] = listRect.height
        guard !listRect.isEmpty else { return fieldRect }
        if visible.isEmpty {
            Label(rows.isEmpty ? "no entries" : "no entry matches", direction: .content)
                .render(listRect, into: &buffer, context: ctx.with(style: theme.secondary))
            return fieldRect
        }
        // The selection marker and the scroll column take up to 3 cells.
        let items = listItems(width: max(1, listRect.width - 3), context: ctx)
        listState.selected = selected
        List(items, selected: selected).render(listRect, into: &buffer, state: &listState, context: ctx)
        // Colour each row's severity glyph, the first cell of its text from the leading edge.
        let scrolls = items.count > listRect.height
        let glyphOffset = (scrolls ? 1 : 0) + 2
        for row in 0..<listRect.height {
            let i = listState.offset + row
            guard i < visible.count, let worst = rows[visible[i]].worst else { continue }
            let x = m.x(leadingOffset: glyphOffset, width: 1, in: listRect)
            buffer.patchStyle(Rect(x: x, y: listRect.y + row, width: 1, height: 1), style(worst))
        }
        return fieldRect
    }

    /// The list's items: severity glyph, key, translation. Key and translation are each isolated
    /// (FSI…PDI) so that neither reorders with the other, and the key is cut to two fifths of
    /// the width so the translation shows.
    mutating func listItems(width: Int, context ctx: RenderContext) -> [String] {
        let key = ItemKey(generation: generation, width: width, direction: ctx.direction, shaping: shaping)
        if let c = itemCache, c.key == key { return c.items }
        let keyWidth = max(4, width * 2 / 5)
        let items = visible.map { i -> String in
            let r = rows[i]
            let shownKey = truncated(r.displayKey, keyWidth, context: ctx)
            let t = r.entry.translation.flatMap { $0.isEmpty ? nil : $0 } ?? "(untranslated)"
            // The glyph is isolated: a fallback such as `x` is a strong letter that would otherwise
            // set the item's direction.
            return "\u{2066}" + ctx.glyph(Self.glyph(r.worst)) + "\u{2069} \u{2068}" + shownKey + "\u{2069}  \u{2068}" + t + "\u{2069}"
        }
        itemCache = (key, items)
        return items
    }

    /// The longest logical prefix of `s` that fits `width` cells with `…` after it.
    func truncated(_ s: String, _ width: Int, context ctx: RenderContext) -> String {
        if ctx.width(of: s) <= width { return s }
        let chars = Array(s)
        var lo = 0, hi = chars.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if ctx.width(of: String(chars[0..<mid]) + "…") <= width { lo = mid } else { hi = mid - 1 }
        }
        return String(chars[0..<lo]) + "…"
    }

    /// Draws one detail panel with its lines, scrolled.
    mutating func drawPanel(_ panel: Panel, in rect: Rect, buffer: inout Buffer, context ctx: RenderContext) {
        // One column of padding inside the frame on each side, so text does not touch it.
        let inner = Pane(title: "x").innerArea(rect).inset(left: 1, right: 1)
        let (title, lines) = panelContent(panel, width: inner.width, context: ctx)
        heights[panel] = inner.height
        let maxOffset = max(0, lines.count - inner.height)
        let offset = min(scroll[panel] ?? 0, maxOffset)
        scroll[panel] = offset
        var shownTitle = title
        if lines.count > inner.height, inner.height > 0 {
            shownTitle += " \(offset + 1)–\(min(lines.count, offset + inner.height))/\(lines.count)"
        }
        Pane(title: Self.isolated(shownTitle)).render(rect, into: &buffer, context: paneContext(panel, ctx))
        BrowseLinesView(lines: lines, offset: offset).render(inner, into: &buffer, context: ctx)
    }

    mutating func panelContent(_ panel: Panel, width: Int, context ctx: RenderContext) -> (String, [BrowseLine]) {
        guard let row = selectedRow, let rowIndex = selected.map({ visible[$0] }) else {
            let title = ["preview": "String", "inspector": "Inspector", "findings": "Findings"][panel.rawValue] ?? ""
            return (title, [])
        }
        let key = DetailKey(generation: generation, row: rowIndex, width: width, direction: ctx.direction, shaping: shaping)
        if let c = detailCache[panel], c.key == key { return (c.title, c.lines) }
        let b = BrowseLineBuilder(context: ctx)
        let result: (String, [BrowseLine])
        switch panel {
        case .list: result = ("", [])
        case .preview: result = ("String · \(Self.fileName(row.path)):\(row.entry.line)", previewLines(row, width: width, builder: b))
        case .inspector:
            let t = row.entry.translation.flatMap { $0.isEmpty ? nil : $0 }
            let text = t ?? sourceText(of: row) ?? ""
            let what = t == nil ? "Inspector (source: no translation)" : "Inspector"
            result = (what, BrowseInspector.lines(text, direction: stringDirection(of: row), width: width, builder: b))
        case .findings:
            let all = row.findings + fileFindings[row.file]
            result = ("Findings (\(all.count))", findingLines(all, width: width, builder: b))
        }
        detailCache[panel] = (key, result.0, result.1)
        return result
    }

    func previewLines(_ row: BrowseRow, width: Int, builder b: BrowseLineBuilder) -> [BrowseLine] {
        guard width > 0 else { return [] }
        let dir = stringDirection(of: row)
        let e = row.entry
        var out: [BrowseLine] = []
        let loc = options.locale ?? files[row.file].catalog.locale ?? "no locale"
        out += b.wrapped("key " + row.displayKey, width: width, style: b.dim)
        out.append(b.line("source\(source?.catalog.lookup(e.key, context: e.context) != nil ? " (--source)" : ""):",
                          width: width, style: b.label))
        out += b.wrapped(sourceText(of: row) ?? "(none)", width: width)
        var notes: [String] = []
        if e.isFuzzy { notes.append("fuzzy: needs review") }
        if let c = e.comment, !c.isEmpty { notes.append("comment: " + c) }
        for n in notes { out += b.wrapped(n, width: width, style: b.dim) }
        // The frame and its label take 2 + 5 cells; the widest sample uses the rest.
        let full = width - 7
        var widths = full > 0 ? [full] : []
        for w in options.sampleWidths where w > 0 && w < full && !widths.contains(w) { widths.append(w) }
        out.append(b.line("translation (\(loc), \(dir == .rtl ? "RTL" : "LTR") paragraph) at \(widths.map(String.init).joined(separator: ", ")) cells:",
                          width: width, style: b.label))
        if let t = e.translation, !t.isEmpty {
            for w in widths { out += b.framed(t, direction: dir, width: w, label: String(w), options: layoutOptions) }
        } else {
            out.append(b.line("(untranslated)", width: width, style: theme.warning))
        }
        for (form, text) in e.plurals.sorted(by: { $0.key < $1.key }) where !text.isEmpty {
            out.append(b.line("plural form \(form):", width: width, style: b.label))
            if let w = widths.first { out += b.framed(text, direction: dir, width: w, label: String(w), options: layoutOptions) }
        }
        // The forms of each plural variable of a format (`.stringsdict`, `.xcstrings` substitutions).
        let variables = e.substitutions
        for v in e.substitutionNames {
            for category in PluralCategory.allCases {
                guard let text = variables[v]?[category.rawValue], !text.isEmpty else { continue }
                out.append(b.line("variable \(v), plural form \(category.rawValue):", width: width, style: b.label))
                if let w = widths.first { out += b.framed(text, direction: dir, width: w, label: String(w), options: layoutOptions) }
            }
        }
        return out
    }

    func findingLines(_ findings: [Finding], width: Int, builder b: BrowseLineBuilder) -> [BrowseLine] {
        guard width > 0 else { return [] }
        guard !findings.isEmpty else { return [b.line("no findings", width: width, style: theme.success)] }
        var out: [BrowseLine] = []
        for f in findings {
            let place = f.line > 0 ? " · line \(f.line)" : ""
            out.append(b.line("\(b.context.glyph(Self.glyph(f.severity))) \(f.severity.rawValue) \(f.id)\(place)", width: width,
                              direction: .fixed(.ltr), style: style(f.severity)))
            // The linter's messages and renderings are already in visual order.
            out += b.prerendered(f.message, width: width)
            if !f.rendered.isEmpty { out += b.prerendered("renders: " + f.rendered, width: width, style: b.dim) }
            if !f.suggestion.isEmpty {
                // A suggestion is logical text; its revealed controls are isolated tokens.
                out += b.wrapped("fix: " + f.suggestion, width: width, style: theme.suggestion)
            }
        }
        return out
    }

    static let helpLines = [
        "↑ ↓ PgUp PgDn Home End   move in the focused panel",
        "Tab  Shift-Tab           next / previous panel",
        "/                        search key, source, translation",
        "   Enter  Esc            leave the search field",
        "   Ctrl-U                clear the search",
        "f  F                     filter: all, with findings, errors,",
        "                         warnings, each finding id",
        "d                        direction: locale, LTR, RTL",
        "s                        Arabic shaping on / off",
        "r                        reload the files now",
        "?                        this help",
        "q  Esc  Ctrl-C           quit",
        "",
        "Files are reloaded when they change on disk.",
    ]

    func drawHelp(in area: Rect, buffer: inout Buffer, context ctx: RenderContext) {
        // The browser's keys in English, left to right; the terminal notice (R21) in its own
        // direction (the user's language), and the English beneath it where it may read backwards.
        var lines = Self.helpLines.map { ($0, LayoutDirection.ltr) }
        let w = min(area.width - 2, (Self.helpLines.map { ctx.width(of: $0) }.max() ?? 40) + 4)
        if let notice = options.terminalNotice { lines += [("", .ltr)] + notice.helpLines(width: max(10, w - 3)) }
        let h = min(area.height - 2, lines.count + 2)
        guard w > 2, h > 2 else { return }
        let box = Rect(x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h)
        let ctx = ctx.with(style: ctx.theme.overlay)
        buffer.fill(box, with: Cell(" ", style: ctx.style))
        Pane(title: Self.isolated("Keys")).render(box, into: &buffer, context: ctx)
        let b = BrowseLineBuilder(context: ctx)
        let inner = box.inset(top: 1, left: 2, bottom: 1, right: 1)
        BrowseLinesView(lines: lines.map { b.line($0.0, width: inner.width, direction: .fixed($0.1)) }, offset: 0)
            .render(inner, into: &buffer, context: ctx)
    }
}
