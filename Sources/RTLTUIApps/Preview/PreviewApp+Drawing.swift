import BidiTerm
import Synchronization

extension PreviewApp {
    // MARK: - Drawing

    public mutating func render(into buffer: inout Buffer) -> (x: Int, y: Int)? {
        let area = buffer.area
        let chromeCtx = chromeContext
        let probe = FocusProbe()
        defer { controlAreas = probe.areas }
        guard area.width >= options.minimumWidth, area.height >= options.minimumHeight else {
            let have = "\(area.width)×\(area.height)", need = "\(options.minimumWidth)×\(options.minimumHeight)"
            let text = chrome.text("chrome.tooSmall", [TextArgument("have", .string(have)), TextArgument("need", .string(need))])
            buffer.drawNotice(text, context: chromeCtx)
            return nil
        }

        // The screen first: the header counts what it cut. The problems of the files take rows of
        // their own at the bottom, so they cover nothing of the screen.
        let whole = Rect(x: 0, y: 1, width: area.width, height: area.height - 2)
        let problemRows = problemLines(width: whole.width - 2, height: whole.height, context: chromeCtx)
        // The session draws a terminal notice (R21) at the bottom, above the footer: the problems
        // then go under the header, so neither covers the other.
        let problemsOnTop = options.terminalNotice != nil
        let body = problemsOnTop ? whole.inset(top: problemRows.count) : whole.inset(bottom: problemRows.count)
        let recorder = TruncationRecorder()
        if sideBySide {
            // One recorder a half, so `t` says which half cut a text.
            let half = (body.width - 1) / 2
            var cut: [(Truncation, LayoutDirection)] = []
            for (i, dir) in [LayoutDirection.ltr, .rtl].enumerated() {
                let r = Rect(x: body.x + i * (half + 1), y: body.y, width: half, height: body.height)
                Label(dir == .ltr ? "LTR" : "RTL", alignment: .center)
                    .render(Rect(x: r.x, y: r.y, width: r.width, height: 1), into: &buffer,
                            context: chromeCtx.with(style: theme.title))
                var ctx = context(dir)
                let own = TruncationRecorder()
                ctx.truncations = own
                widget(direction: dir, probe: probe).render(r.inset(top: 1), into: &buffer, context: ctx)
                cut += own.truncations.inFileOrder.map { ($0, dir) }
                for t in own.truncations { recorder.record(t) }
            }
            truncations = cut.map(\.0)
            truncationHalves = cut.map(\.1)
        } else {
            var ctx = context(direction)
            ctx.truncations = recorder
            widget(direction: direction, probe: probe).render(body, into: &buffer, context: ctx)
            truncations = recorder.truncations.inFileOrder
            truncationHalves = []
        }
        lastBody = sideBySide ? Rect(x: 0, y: 0, width: (body.width - 1) / 2, height: body.height - 1) : body
        for m in recorder.marks {
            buffer.patchStyle(Rect(x: m.x, y: m.y, width: 1, height: 1), theme.warning)
        }
        drawProblems(problemRows, into: &buffer, body: whole, onTop: problemsOnTop, context: chromeCtx)

        // Header: the product at the chrome's leading edge, the state at its trailing edge.
        let header = Rect(x: 0, y: 0, width: area.width, height: 1)
        let bar = chromeCtx.with(style: theme.header)
        buffer.fill(header, with: Cell(" ", style: bar.style))
        Label("rtl-tui", alignment: .leading).render(header.inset(left: 1, right: 1), into: &buffer,
                                                     context: bar.with(style: theme.headerTitle))
        let statusRect = chromeCtx.mirroring.rect(leadingOffset: 10, width: max(0, area.width - 11), in: header)
        Label(status, alignment: .trailing).render(statusRect, into: &buffer, context: bar)
        // Footer: a notice, or the main keys.
        let footer = Rect(x: 0, y: area.height - 1, width: area.width, height: 1).inset(left: 1, right: 1)
        if let notice {
            Label(notice, alignment: .leading).render(footer, into: &buffer, context: chromeCtx.with(style: theme.emphasis))
        } else {
            // While a text field has the focus, letters type into it: the footer says so.
            Label(chrome.text(isEditing ? "chrome.footer.editing" : "chrome.footer"), alignment: .leading).render(footer, into: &buffer,
                                                                             context: chromeCtx.with(style: theme.footer))
        }

        if showHelp {
            drawHelp(into: &buffer, area: whole, context: chromeCtx)
        } else if showCuts {
            drawCuts(into: &buffer, area: whole, context: chromeCtx)
        }

        // The terminal's cursor sits on a focused field's caret.
        if !showHelp, !showCuts, !sideBySide, case .field(let text, let caret, let placeholder)? = focusedNode?.kind,
           let rect = probe.area, let fctx = probe.context {
            let r = renderer
            let shown = text.map { r.resolve($0).text } ?? ""
            // A field never edited has no caret yet: typing would insert at the logical end, so the
            // cursor shows there (the trailing side of the text, left of RTL text).
            let f = TextField(text: shown, caret: caret ?? shown.count, placeholder: placeholder.map { r.resolve($0).text })
            return f.caretCell(in: rect, context: fctx)
        }
        return nil
    }

    /// The status items, in reading order: screen, locale, direction (`!` when forced), digits,
    /// shaping, and the counts of cut texts, missing keys, untranslated texts, fuzzy texts, texts
    /// drawn without their plural form and catalog warnings when there are any.
    public var statusItems: [String] {
        let digits = String(numerals.digits.prefix(3))
        let n = chrome.numerals
        var items = ["\(n.format(current + 1))/\(n.format(screens.count))", locale,
                     (direction == .rtl ? "RTL" : "LTR") + (directionOverride == nil ? "" : "!"), digits,
                     chrome.text(shaping ? "chrome.status.shaped" : "chrome.status.unshaped")]
        if !truncations.isEmpty {
            items.append(chrome.text("chrome.status.cut", [TextArgument("count", .number(Double(truncations.count)))]))
        }
        let missing = missingKeys.count
        if missing > 0 {
            items.append(chrome.text("chrome.status.missing", [TextArgument("count", .number(Double(missing)))]))
        }
        let untranslated = fallbacks.count
        if untranslated > 0 {
            items.append(chrome.text("chrome.status.fallback", [TextArgument("count", .number(Double(untranslated)))]))
        }
        let fuzzy = fuzzyTexts.count
        if fuzzy > 0 {
            items.append(chrome.text("chrome.status.fuzzy", [TextArgument("count", .number(Double(fuzzy)))]))
        }
        let gaps = formGapTexts.count
        if gaps > 0 {
            items.append(chrome.text("chrome.status.forms", [TextArgument("count", .number(Double(gaps)))]))
        }
        let warned = warnings.count
        if warned > 0 {
            items.append(chrome.text("chrome.status.warnings", [TextArgument("count", .number(Double(warned)))]))
        }
        if let count, let category = countCategory {
            items.append(chrome.text("chrome.status.count", [TextArgument("count", .number(count)),
                                                              TextArgument("category", .string(category.rawValue))]))
        }
        return items
    }

    /// The header's state: the status items, each its own isolate (FSI…PDI), joined by ` · `, so
    /// they read in the same order in every language and no item's text reorders its neighbours.
    public var status: String { statusItems.map { "\u{2068}\($0)\u{2069}" }.joined(separator: " · ") }

    /// The current screen as a widget in `direction`, the focused control highlighted; drawing it
    /// records in `probe` where the controls go (in the app's own direction only).
    func widget(direction: LayoutDirection, probe: FocusProbe) -> any Widget {
        var r = renderer
        let focused = focusedPath
        let recordsProbe = direction == self.direction
        let app = self
        r.decorate = { path, node, w in
            var w = w
            if app.showsFallback(node) {
                var isPane = false
                if case .pane = node.kind { isPane = true }
                w = UntranslatedMark(content: w, titleRowOnly: isPane)
            }
            if app.showsFormGap(node) { w = FormGapMark(content: w, style: app.theme.warning) }
            if path == focused { w = Focused(content: w, probe: recordsProbe ? probe : nil) }
            if recordsProbe && node.isInteractive { w = AreaRecorder(content: w, path: path, probe: probe) }
            return w
        }
        return r.widget(for: screen)
    }

    /// The problems of the files on disk, in rows of their own at the bottom of the screen (under
    /// the header with `onTop`, when the session draws a terminal notice at the bottom): what
    /// stays drawn (the last good version), then each `file:line:column: message`, and a pointer
    /// to `t` when some of them do not fit (`problemLines`).
    func drawProblems(_ lines: [String], into buffer: inout Buffer, body: Rect, onTop: Bool = false, context ctx: RenderContext) {
        guard !lines.isEmpty else { return }
        let top = onTop ? body.minY : body.maxY - lines.count
        let style = ctx.style(\.error)
        for (i, line) in lines.enumerated() {
            let row = Rect(x: body.x, y: top + i, width: body.width, height: 1)
            buffer.fill(row, with: Cell(" ", style: style))
            Label(line, alignment: .leading, direction: i == 0 ? .context : .content)
                .render(row.inset(left: 1, right: 1), into: &buffer, context: ctx.with(style: style))
        }
    }

    func drawHelp(into buffer: inout Buffer, area: Rect, context ctx: RenderContext) {
        let lines = ["focus", "arrows", "screens", "direction", "locale", "numerals", "count", "shaping", "both", "cut",
                     "export", "reload", "editing", "quit"].map { chrome.text("chrome.help." + $0) }
        // The terminal notice (R21), in its own direction (the chrome's language, or the library's
        // English left to right), and the English beneath it where its words may read backwards.
        let width = min(area.width - 8, max(36, (lines.map { ctx.width(of: $0) }.max() ?? 40)))
        let notice: [(String, TextDirection)] = options.terminalNotice.map {
            [("", .context)] + $0.helpLines(width: max(10, width)).map { ($0.text, .fixed($0.direction)) }
        } ?? []
        drawBox(title: chrome.text("chrome.help.title"),
                lines: lines.map { ($0, .context) } + notice, into: &buffer, area: area, context: ctx)
    }

    /// The rows of the cut-text panel: each cut text (`file:line:column`, key, what it needs and
    /// has), then the missing keys.
    public var cutRows: [String] {
        func iso(_ s: String) -> String { "\u{2068}\(s)\u{2069}" }
        var rows = problemRows
        if truncations.isEmpty { rows.append(chrome.text("chrome.cut.none")) }
        for (i, t) in truncations.enumerated() {
            let measure = chrome.text(t.unit == .cells ? "chrome.cut.cells" : "chrome.cut.rows",
                                      [TextArgument("needed", .number(Double(t.needed))), TextArgument("given", .number(Double(t.given)))])
            // Side by side, the half that cut it; the key's own position; the catalog line to edit.
            let half = i < truncationHalves.count ? (truncationHalves[i] == .ltr ? "LTR" : "RTL") : nil
            var row = [half, keyLocation(t), t.key ?? t.subject].compactMap { $0 }.map(iso).joined(separator: "  ") + "  " + measure
            if let key = t.key, let from = catalogLine(of: key) {
                row += "  " + chrome.text("chrome.cut.from", [TextArgument("file", .string(from))])
            }
            rows.append(row)
        }
        let missing = missingKeys
        if !missing.isEmpty {
            rows.append("")
            rows.append(chrome.text("chrome.cut.missing", [TextArgument("count", .number(Double(missing.count)))]))
            let addTo = renderer.catalogs.prefix(ownCatalogCount).first?.path
            for m in missing {
                let at = m.line > 0 ? "\(m.path):\(m.line):\(m.column)" : m.path
                var row = iso(at) + "  " + iso(m.key)
                if let addTo { row += "  " + chrome.text("chrome.cut.addTo", [TextArgument("file", .string(addTo))]) }
                rows.append(row)
            }
        }
        let untranslated = fallbacks
        if !untranslated.isEmpty {
            rows.append("")
            rows.append(chrome.text("chrome.cut.fallback", [TextArgument("count", .number(Double(untranslated.count)))]))
            for f in untranslated {
                let at = f.line > 0 ? "\(f.path):\(f.line):\(f.column)" : f.path
                var row = iso(at) + "  " + iso(f.key) + "  " + chrome.text("chrome.cut.from", [TextArgument("file", .string(f.source))])
                if let to = f.addTo { row += "  " + chrome.text("chrome.cut.addTo", [TextArgument("file", .string(to))]) }
                rows.append(row)
            }
        }
        rows += markRows
        let forms = pluralGaps
        if !forms.isEmpty {
            rows.append("")
            rows.append(chrome.text("chrome.cut.forms", [TextArgument("count", .number(Double(forms.reduce(0) { $0 + $1.forms.count })))]))
            let n = chrome.numerals
            for gap in forms {
                rows.append(iso(gap.key) + "  " + gap.forms.map { iso("\($0.form) (\(n.format(Int($0.sample))))") }.joined(separator: " "))
            }
        }
        return rows
    }

    /// The keys of the current screen whose plural forms are incomplete for the locale, with the
    /// forms they lack and a number that needs each.
    public var pluralGaps: [(key: String, forms: [(form: String, sample: Double)])] {
        var seen = Set<String>()
        return screen.textRefs.compactMap { ref, _ in
            guard let key = ref.key, seen.insert(key).inserted else { return nil }
            let forms = renderer.missingPluralForms(key)
            return forms.isEmpty ? nil : (key, forms)
        }
    }

    mutating func drawCuts(into buffer: inout Buffer, area: Rect, context ctx: RenderContext) {
        let title = chrome.text("chrome.cut.title", [TextArgument("count", .number(Double(truncations.count)))])
        // Long rows (a YAML error, a path) wrap to the box, so every word can be read.
        let rows = cutRows.flatMap { Self.wrap($0, width: area.width - 8) { ctx.width(of: $0) } }
        let visible = max(1, min(area.height - 2, rows.count + 2) - 2)
        cutsScroll = max(0, min(cutsScroll, rows.count - visible))
        let shown = Array(rows.dropFirst(cutsScroll).prefix(visible)) + ["", chrome.text("chrome.cut.close")]
        drawBox(title: title, lines: shown.map { ($0, .context) }, into: &buffer, area: area, context: ctx, wide: true)
    }

    /// A bordered box in the middle of `area` with `title` and one label per line.
    func drawBox(title: String, lines: [(String, TextDirection)], into buffer: inout Buffer, area: Rect,
                 context ctx: RenderContext, wide: Bool = false) {
        let natural = (lines.map { ctx.width(of: $0.0) }.max() ?? 40) + 4
        let w = wide ? area.width - 4 : min(area.width - 4, max(40, natural))
        let h = min(area.height - 2, lines.count + 2)
        guard w > 4, h > 2 else { return }
        let box = Rect(x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h)
        let overlay = ctx.with(style: ctx.theme.overlay)
        buffer.fill(box, with: Cell(" ", style: overlay.style))
        let items = lines.map { Stack.Child(.cells(1), Label($0.0, direction: $0.1)) }
        Pane(title: title, border: true, child: Stack(.vertical, items)).render(box, into: &buffer, context: overlay)
    }
}

/// What one frame's drawing records, for placing the terminal's cursor and for mouse clicks: where
/// the focused widget was drawn (and in which context), and where each interactive control was.
/// A reference, because widgets draw through non-mutating `render`; it lives for one `render`
/// call, and `PreviewApp` keeps only the areas, as a value. Its records are behind a lock, so the
/// widgets that hold it are `Sendable`.
final class FocusProbe: Sendable {
    private struct Records {
        var area: Rect?
        var context: RenderContext?
        var areas: [[Int]: Rect] = [:]
    }
    private let records = Mutex(Records())

    /// Where the focused control was drawn.
    var area: Rect? {
        get { records.withLock { $0.area } }
        set { records.withLock { $0.area = newValue } }
    }
    /// The context the focused control was drawn with.
    var context: RenderContext? {
        get { records.withLock { $0.context } }
        set { records.withLock { $0.context = newValue } }
    }
    /// Where each interactive control was drawn, by path.
    var areas: [[Int]: Rect] { records.withLock { $0.areas } }

    /// Records where the control at `path` was drawn.
    func record(_ area: Rect, at path: [Int]) { records.withLock { $0.areas[path] = area } }
}

/// Records where an interactive control is drawn, so a mouse click can focus it.
struct AreaRecorder: Widget {
    var content: any Widget
    var path: [Int]
    var probe: FocusProbe

    func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        content.render(area, into: &buffer, context: context)
        probe.record(area, at: path)
    }
}

/// A focused control: drawn as the library's focusable controls are (`Focusable.Highlight.control`:
/// over the theme's `focus` style, a tint, reverse video or bold, which every style of the control
/// is laid over, so each keeps its own colours where it has them).
struct Focused: Widget {
    var content: any Widget
    var probe: FocusProbe?

    func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        let focused = Focusable.Highlight.control.draw(content, in: area, into: &buffer, context: context)
        probe?.area = area
        probe?.context = focused
    }
}
