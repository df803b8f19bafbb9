import Foundation

/// The catalog browser behind `rtl-tui browse`: the entries of one or more catalogs as a list,
/// the selected string rendered in its locale's direction at several widths next to its source,
/// an inspector (code points, names, bidi classes, levels, visual order, mirrored characters,
/// hidden controls made visible), the linter's findings with a filter, a search field that takes
/// Arabic and Hebrew, and live reload when the files change on disk. It is a `TerminalApp`, so
/// it runs in any backend; its logic is tested without a terminal.
///
/// Layout (R1, R2): the direction is the catalogs' (`--locale`, else the first catalog whose
/// language is right-to-left, else the first catalog's), and `d` overrides it. The list is the
/// leading panel: on the right in RTL. Each string is laid out in a paragraph of its catalog's
/// direction, wrapped first and then reordered line by line (R5). Every string from a catalog
/// goes through the engine: controls become placeholders, nothing reaches the terminal raw (R22).
///
/// Keys:
/// - ↑ ↓ PgUp PgDn Home End: move the selection in the list, or scroll the focused panel.
/// - Tab / Shift-Tab: focus the next / previous panel (list, string, inspector, findings).
/// - `/`: search; typing (any script) edits the field, ← → move the caret on screen (R14),
///   Backspace deletes the logically previous grapheme, Ctrl-U clears, Enter or Esc leaves the
///   field (the search stays applied).
/// - `f` / `F`: next / previous filter: all, with findings, errors, warnings, each finding id.
/// - `d` direction (the locale's, LTR, RTL), `s` shaping, `r` reload now, `?` help,
///   `q` / Esc / Ctrl-C quit.
///
/// Live reload: every `Options.pollInterval` (a tick) each file's `stat` stamp is compared with
/// the one last read; a changed file is loaded again. A good version replaces the old one (the
/// selection stays on the same key when it still exists) and a notice says so; a malformed one
/// leaves the last good version on screen with the loader's `file:line:column` error above the
/// footer until the file is fixed.
public struct BrowseApp: TerminalApp {
    /// Start-up settings.
    public struct Options {
        /// The catalogs' language, over what each file says (decides the direction, R1, and what
        /// the linter checks); nil: each catalog's own.
        public var locale: String? = nil
        /// A fixed layout and paragraph direction; nil follows the locale.
        public var direction: LayoutDirection? = nil
        /// Arabic shaping (R20); off for terminals that shape by themselves.
        public var shaping: Bool = true
        /// Off hands logical text to a terminal that runs bidi itself (R21's implicit mode).
        public var reordering: Bool = true
        /// How often the files are checked for changes.
        public var pollInterval: Duration = .milliseconds(500)
        /// How many polls a notice ("reloaded …") stays in the footer.
        public var noticeTicks: Int = 8
        /// The widths the selected string is shown at, besides the panel's full width.
        public var sampleWidths: [Int] = [40, 24, 16]
        /// Below this width the browser shows a notice instead of a squeezed screen.
        public var minimumWidth: Int = 40
        /// Below this height the browser shows a notice instead of a squeezed screen.
        public var minimumHeight: Int = 12
        /// Creates the default options.
        public init() {}
    }

    /// The panels, in focus order (reading order: the list first, R14).
    public enum Panel: String, CaseIterable, Sendable {
        /// The entries and the search field.
        case list
        /// The selected string at several widths, next to its source.
        case preview
        /// Code points, classes, levels, visual order, mirrored and hidden characters.
        case inspector
        /// The linter's findings for the selected entry.
        case findings
    }

    /// The catalog files, in the order given.
    public private(set) var files: [BrowseFile]
    /// The `--source` catalog, looked up by key for the source text and placeholder checks.
    public private(set) var source: BrowseFile?
    /// Every entry of every file, file by file.
    public private(set) var rows: [BrowseRow] = []
    /// Per file, the findings that belong to no entry (before the first one).
    public private(set) var fileFindings: [[Finding]] = []
    /// The rows the list shows (indices into `rows`), after the filter and the search.
    public private(set) var visible: [Int] = []
    /// The selected position in `visible`, nil when it is empty.
    public private(set) var selected: Int? = nil
    /// The filter on findings.
    public private(set) var filter: BrowseFilter = .all
    /// The search text, in logical order.
    public private(set) var query: String = ""
    /// The search field's caret, a grapheme offset into `query`.
    public private(set) var caret: Int = 0
    /// True while keys type into the search field.
    public private(set) var isSearching = false
    /// The panel the movement keys act on.
    public private(set) var focus: Panel = .list
    /// The direction set with `d`; nil follows the locale.
    public private(set) var directionOverride: LayoutDirection?
    /// Arabic shaping on or off (`s`).
    public private(set) var shaping: Bool
    /// True while the help overlay shows.
    public private(set) var showHelp = false
    /// The footer's notice ("reloaded …"), nil when there is none.
    public private(set) var notice: String?

    let options: Options
    let engine = BidiEngine()
    let linter: BidiLinter
    var noticeTicksLeft = 0
    var listState = ListState()
    var searchState = TextFieldState()
    var scroll: [Panel: Int] = [:]
    var heights: [Panel: Int] = [:]
    /// Bumped whenever the rows change, so that cached panel lines are rebuilt.
    var generation = 0
    private var itemCache: (key: ItemKey, items: [String])?
    private var detailCache: [Panel: (key: DetailKey, title: String, lines: [BrowseLine])] = [:]

    private struct ItemKey: Hashable {
        var generation: Int, width: Int, direction: LayoutDirection, shaping: Bool
    }

    private struct DetailKey: Hashable {
        var generation: Int, row: Int, width: Int, direction: LayoutDirection, shaping: Bool
    }

    /// Loads the catalogs and the optional source catalog.
    ///
    /// - Parameters:
    ///   - paths: the catalog files (any format `CatalogLoader` reads).
    ///   - source: a source-language catalog, looked up by key.
    ///   - options: start-up settings.
    /// - Throws: `BrowseLoadError` listing every file that could not be read or is malformed,
    ///   each with the loader's `file:line:column: message`.
    public init(files paths: [String], source sourcePath: String? = nil, options: Options = Options()) throws {
        var loaded: [BrowseFile] = []
        var problems: [CatalogDiagnostic] = []
        for p in paths {
            do { loaded.append(try BrowseFile.load(p, locale: options.locale)) } catch {
                problems.append(error as? CatalogDiagnostic ?? CatalogDiagnostic(file: p, line: 0, column: 0, message: "\(error)"))
            }
        }
        var src: BrowseFile? = nil
        if let sourcePath {
            do { src = try BrowseFile.load(sourcePath, locale: nil) } catch {
                problems.append(error as? CatalogDiagnostic ?? CatalogDiagnostic(file: sourcePath, line: 0, column: 0, message: "\(error)"))
            }
        }
        if !problems.isEmpty { throw BrowseLoadError(problems: problems) }
        self.files = loaded
        self.source = src
        self.options = options
        self.directionOverride = options.direction
        self.shaping = options.shaping
        self.linter = BidiLinter(options: .init(locale: options.locale))
        for i in files.indices { lint(i) }
        rebuildRows(keeping: nil)
    }

    // MARK: - Derived state

    /// The locale the layout follows: `--locale`, else the first catalog whose language is
    /// right-to-left, else the first catalog's; nil when no catalog names one.
    public var locale: String? {
        if let l = options.locale { return l }
        let all = files.compactMap(\.catalog.locale)
        return all.first { LayoutDirection(locale: $0) == .rtl } ?? all.first
    }

    /// The layout direction (R1).
    public var direction: LayoutDirection { directionOverride ?? LayoutDirection(locale: locale ?? "en") }

    /// The paragraph direction `row`'s strings are shown in: its catalog's locale's (R1), or the
    /// override.
    public func stringDirection(of row: BrowseRow) -> LayoutDirection {
        if let d = directionOverride { return d }
        return LayoutDirection(locale: options.locale ?? files[row.file].catalog.locale ?? locale ?? "en")
    }

    /// The selected row, nil when the list is empty.
    public var selectedRow: BrowseRow? { selected.map { rows[visible[$0]] } }

    /// The source text of `row`: the `--source` catalog's text for its key, else the entry's own
    /// source (gettext `msgid`, XLIFF `<source>`).
    public func sourceText(of row: BrowseRow) -> String? {
        if let s = source?.catalog.lookup(row.entry.key, context: row.entry.context) { return s }
        return row.entry.source
    }

    /// The ids of every finding, for the filter cycle.
    public var findingIDs: [String] { Array(Set(rows.flatMap { $0.findings.map(\.id) })).sorted() }

    var layoutOptions: LayoutOptions { LayoutOptions(shaping: shaping, reordering: options.reordering) }

    var context: RenderContext {
        RenderContext(direction: direction, numerals: .latn, engine: engine, options: layoutOptions, theme: .default)
    }

    // MARK: - Rows, filter, selection

    mutating func lint(_ i: Int) {
        files[i].findings = linter.check(files[i].catalog, source: source?.catalog)
    }

    mutating func rebuildRows(keeping id: BrowseEntryID?) {
        var all: [BrowseRow] = []
        var fileLevel: [[Finding]] = []
        for (i, f) in files.enumerated() {
            let r = BrowseRow.rows(of: f.catalog, path: f.path, file: i, findings: f.findings)
            all += r.rows
            fileLevel.append(r.fileLevel)
        }
        rows = all
        fileFindings = fileLevel
        generation += 1
        if case .finding(let id) = filter, !findingIDs.contains(id) { filter = .all }
        refilter(keeping: id)
    }

    /// Applies the filter and the search; the selection stays on `id` when it is still shown,
    /// else on the same position (clamped).
    mutating func refilter(keeping id: BrowseEntryID?) {
        let before = selected
        let q = query
        visible = rows.indices.filter { i in
            let r = rows[i]
            guard filter.accepts(r) else { return false }
            if q.isEmpty { return true }
            return BrowseSearch.matches(q, in: [r.entry.key, r.entry.context, sourceText(of: r), r.entry.translation]
                                              + r.entry.plurals.values.map { Optional($0) })
        }
        generation += 1
        if let id, let k = visible.firstIndex(where: { rows[$0].id == id }) {
            select(k)
        } else if visible.isEmpty {
            select(nil)
        } else {
            select(min(before ?? 0, visible.count - 1))
            resetDetailScroll()
        }
    }

    mutating func select(_ k: Int?) {
        guard k != selected else { return }
        selected = k
        resetDetailScroll()
    }

    mutating func resetDetailScroll() {
        for p in [Panel.preview, .inspector, .findings] { scroll[p] = 0 }
    }

    mutating func setFilter(_ f: BrowseFilter) {
        filter = f
        refilter(keeping: selectedRow?.id)
    }

    // MARK: - Live reload

    /// The polling interval of live reload (`Options.pollInterval`).
    public var tickInterval: Duration? { options.pollInterval }

    /// Checks the files for changes (and ages the notice).
    public mutating func tick() -> AppAction {
        if noticeTicksLeft > 0 {
            noticeTicksLeft -= 1
            if noticeTicksLeft == 0 { notice = nil }
        }
        reloadChangedFiles()
        return .continue
    }

    private enum Refresh { case unchanged, reloaded, failed }

    private static func refresh(_ f: inout BrowseFile, locale: String?, force: Bool) -> Refresh {
        let stamp = BrowseFileStamp.of(f.path)
        guard force || stamp != f.stamp else { return .unchanged }
        f.stamp = stamp
        do {
            f.catalog = try BrowseFile.loadCatalog(f.path, locale: locale)
            f.error = nil
            return .reloaded
        } catch {
            f.error = error as? CatalogDiagnostic ?? CatalogDiagnostic(file: f.path, line: 0, column: 0, message: "\(error)")
            return .failed
        }
    }

    /// Loads again every file whose `stat` stamp changed since it was last read (every file with
    /// `force`). A file that loads replaces the version shown, and its findings are recomputed
    /// (all files' when the source catalog changed); one that does not keeps the last good
    /// version and records the loader's error in `BrowseFile.error`.
    ///
    /// - Returns: the paths that were read again (loaded or not).
    @discardableResult
    public mutating func reloadChangedFiles(force: Bool = false) -> [String] {
        let keep = selectedRow?.id
        var touched: [String] = []
        var reloaded: [String] = []
        var relint = Set<Int>()
        if var s = source {
            let r = Self.refresh(&s, locale: nil, force: force)
            source = s
            if r != .unchanged { touched.append(s.path) }
            if r == .reloaded {
                reloaded.append(s.path)
                relint.formUnion(files.indices)
            }
        }
        for i in files.indices {
            let r = Self.refresh(&files[i], locale: options.locale, force: force)
            if r != .unchanged { touched.append(files[i].path) }
            if r == .reloaded {
                reloaded.append(files[i].path)
                relint.insert(i)
            }
        }
        guard !touched.isEmpty else { return [] }
        for i in relint.sorted() { lint(i) }
        rebuildRows(keeping: keep)
        if reloaded.isEmpty {
            // The error row says what went wrong; an older "reloaded" notice would contradict it.
            notice = nil
            noticeTicksLeft = 0
        } else {
            let entries = reloaded.count == 1 ? files.first { $0.path == reloaded[0] }.map { " · \($0.catalog.entries.count) entries" } ?? "" : ""
            notice = "reloaded " + reloaded.joined(separator: ", ") + entries
            noticeTicksLeft = max(1, options.noticeTicks)
        }
        return touched
    }

    /// The problems with the files on disk (the source catalog's last), one per file.
    public var fileErrors: [CatalogDiagnostic] { (files + (source.map { [$0] } ?? [])).compactMap(\.error) }

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
        buffer.patchStyle(header, Style(attributes: [.reverse]))
        let status = self.status
        let statusWidth = min(ctx.width(of: status), area.width / 2)
        let m = ctx.mirroring
        Label(status, alignment: .trailing, direction: .content)
            .render(m.rect(leadingOffset: area.width - statusWidth - 1, width: statusWidth, in: header), into: &buffer,
                    context: ctx.with(style: Style(attributes: [.reverse])))
        let names = files.map { Self.fileName($0.path) }.joined(separator: ", ")
        Label("rtl-tui browse · " + names, alignment: .leading, direction: .content)
            .render(m.inset(header, leading: 1, trailing: statusWidth + 2), into: &buffer,
                    context: ctx.with(style: Style(attributes: [.reverse, .bold])))

        // The files' problems, above the footer, while they last.
        let errors = fileErrors
        var errorLines: [BrowseLine] = []
        for (i, e) in errors.prefix(3).enumerated() {
            let more = i == 2 && errors.count > 3 ? " (+\(errors.count - 3) more)" : ""
            errorLines.append(b.line("✗ \(e.description) · last good version shown\(more)", width: area.width - 2,
                                     direction: .fixed(.ltr), style: Style(fg: .red, attributes: .bold)))
        }
        let footerY = area.height - 1
        BrowseLinesView(lines: errorLines, offset: 0)
            .render(Rect(x: 1, y: footerY - errorLines.count, width: area.width - 2, height: errorLines.count), into: &buffer, context: ctx)

        // Footer: the notice, else the main keys.
        let footer = Rect(x: 1, y: footerY, width: area.width - 2, height: 1)
        if let notice {
            BrowseLinesView(lines: [b.line(notice, width: footer.width, direction: .fixed(.ltr), style: Style(fg: .green, attributes: .bold))],
                            offset: 0).render(footer, into: &buffer, context: ctx)
        } else {
            Label(isSearching ? "type to search · ← → caret · Backspace delete · Enter/Esc done · Ctrl-U clear"
                              : "↑↓ move · / search · f filter · Tab panel · d direction · s shaping · ? help · q quit",
                  direction: .content)
                .render(footer, into: &buffer, context: ctx.with(style: Style(attributes: .dim)))
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
        guard panel == focus else { return ctx }
        var t = ctx.theme
        t.border = Style(fg: .cyan, attributes: .bold)
        t.title = Style(attributes: [.bold, .reverse])
        return ctx.with(theme: t)
    }

    static func glyph(_ s: Severity?) -> String {
        switch s {
        case .error?: return "✗"
        case .warning?: return "▲"
        case .info?: return "•"
        case nil: return " "
        }
    }

    static func style(_ s: Severity) -> Style {
        switch s {
        case .error: return Style(fg: .red, attributes: .bold)
        case .warning: return Style(fg: .yellow, attributes: .bold)
        case .info: return Style(fg: .cyan)
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
                        style: Style(attributes: isSearching ? [.bold] : [.dim]), context: ctx)
        let fieldRect = m.inset(searchRow, leading: 2)
        TextField(text: query, caret: isSearching ? caret : nil,
                  placeholder: isSearching ? "key, source or translation" : "press / to search")
            .render(fieldRect, into: &buffer, state: &searchState, context: ctx)
        let listRect = inner.inset(top: 1)
        heights[.list] = listRect.height
        guard !listRect.isEmpty else { return fieldRect }
        if visible.isEmpty {
            Label(rows.isEmpty ? "no entries" : "no entry matches", direction: .content)
                .render(listRect, into: &buffer, context: ctx.with(style: Style(attributes: .dim)))
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
            buffer.patchStyle(Rect(x: x, y: listRect.y + row, width: 1, height: 1), Self.style(worst))
        }
        return fieldRect
    }

    /// The list's items: severity glyph, key, translation. Key and translation are each isolated
    /// (FSI…PDI) so that neither reorders with the other, and the key is cut to two fifths of
    /// the width so the translation shows.
    private mutating func listItems(width: Int, context ctx: RenderContext) -> [String] {
        let key = ItemKey(generation: generation, width: width, direction: ctx.direction, shaping: shaping)
        if let c = itemCache, c.key == key { return c.items }
        let keyWidth = max(4, width * 2 / 5)
        let items = visible.map { i -> String in
            let r = rows[i]
            let shownKey = truncated(r.displayKey, keyWidth, context: ctx)
            let t = r.entry.translation.flatMap { $0.isEmpty ? nil : $0 } ?? "(untranslated)"
            return Self.glyph(r.worst) + " \u{2068}" + shownKey + "\u{2069}  \u{2068}" + t + "\u{2069}"
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

    private mutating func panelContent(_ panel: Panel, width: Int, context ctx: RenderContext) -> (String, [BrowseLine]) {
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
        out += b.wrapped("key " + row.displayKey, width: width, style: BrowseLineBuilder.dim)
        out.append(b.line("source\(source?.catalog.lookup(e.key, context: e.context) != nil ? " (--source)" : ""):",
                          width: width, style: BrowseLineBuilder.label))
        out += b.wrapped(sourceText(of: row) ?? "(none)", width: width)
        var notes: [String] = []
        if e.isFuzzy { notes.append("fuzzy: needs review") }
        if let c = e.comment, !c.isEmpty { notes.append("comment: " + c) }
        for n in notes { out += b.wrapped(n, width: width, style: BrowseLineBuilder.dim) }
        // The frame and its label take 2 + 5 cells; the widest sample uses the rest.
        let full = width - 7
        var widths = full > 0 ? [full] : []
        for w in options.sampleWidths where w > 0 && w < full && !widths.contains(w) { widths.append(w) }
        out.append(b.line("translation (\(loc), \(dir == .rtl ? "RTL" : "LTR") paragraph) at \(widths.map(String.init).joined(separator: ", ")) cells:",
                          width: width, style: BrowseLineBuilder.label))
        if let t = e.translation, !t.isEmpty {
            for w in widths { out += b.framed(t, direction: dir, width: w, label: String(w), options: layoutOptions) }
        } else {
            out.append(b.line("(untranslated)", width: width, style: Style(fg: .yellow)))
        }
        for (form, text) in e.plurals.sorted(by: { $0.key < $1.key }) where !text.isEmpty {
            out.append(b.line("plural form \(form):", width: width, style: BrowseLineBuilder.label))
            if let w = widths.first { out += b.framed(text, direction: dir, width: w, label: String(w), options: layoutOptions) }
        }
        return out
    }

    func findingLines(_ findings: [Finding], width: Int, builder b: BrowseLineBuilder) -> [BrowseLine] {
        guard width > 0 else { return [] }
        guard !findings.isEmpty else { return [b.line("no findings", width: width, style: Style(fg: .green))] }
        var out: [BrowseLine] = []
        for f in findings {
            let place = f.line > 0 ? " · line \(f.line)" : ""
            out.append(b.line("\(Self.glyph(f.severity)) \(f.severity.rawValue) \(f.id)\(place)", width: width,
                              direction: .fixed(.ltr), style: Self.style(f.severity)))
            // The linter's messages and renderings are already in visual order.
            out += b.prerendered(f.message, width: width)
            if !f.rendered.isEmpty { out += b.prerendered("renders: " + f.rendered, width: width, style: BrowseLineBuilder.dim) }
            if !f.suggestion.isEmpty {
                // A suggestion is logical text, except what follows " → " in the placeholder
                // suggestion: the fixed string as rendered.
                if f.id == "placeholder-unisolated", let arrow = f.suggestion.range(of: " → ", options: .backwards) {
                    out += b.wrapped("fix: " + String(f.suggestion[..<arrow.lowerBound]), width: width, style: Style(fg: .cyan))
                    out += b.prerendered("→ " + String(f.suggestion[arrow.upperBound...]), width: width, style: Style(fg: .cyan))
                } else {
                    out += b.wrapped("fix: " + f.suggestion, width: width, style: Style(fg: .cyan))
                }
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
        let lines = Self.helpLines
        let w = min(area.width - 2, (lines.map { ctx.width(of: $0) }.max() ?? 40) + 4)
        let h = min(area.height - 2, lines.count + 2)
        guard w > 2, h > 2 else { return }
        let box = Rect(x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h)
        buffer.fill(box)
        Pane(title: Self.isolated("Keys")).render(box, into: &buffer, context: ctx)
        let b = BrowseLineBuilder(context: ctx)
        let inner = box.inset(top: 1, left: 2, bottom: 1, right: 1)
        BrowseLinesView(lines: lines.map { b.line($0, width: inner.width, direction: .fixed(.ltr)) }, offset: 0)
            .render(inner, into: &buffer, context: ctx)
    }

    // MARK: - Keys

    /// Reacts to a key (see the type's description for the keys).
    public mutating func handle(_ key: KeyEvent) -> AppAction {
        if case .resize = key { return .continue }
        if key == .ctrl("c") { return .quit }
        if showHelp {
            if key == .escape || key == .character("?") || key == .character("q") || key == .function(1) { showHelp = false }
            return .continue
        }
        if isSearching {
            editSearch(key)
            return .continue
        }
        switch key {
        case .escape, .character("q"): return .quit
        case .character("?"), .function(1): showHelp = true
        case .character("/"):
            isSearching = true
            focus = .list
            caret = query.count
        case .tab: cycleFocus(1)
        case .backTab: cycleFocus(-1)
        case .character("f"): setFilter(filter.next(ids: findingIDs))
        case .character("F"): setFilter(filter.previous(ids: findingIDs))
        case .character("d"): cycleDirection()
        case .character("s"): shaping.toggle()
        case .character("r"): reloadChangedFiles(force: true)
        case .up, .down, .pageUp, .pageDown, .home, .end:
            if focus == .list { moveSelection(key) } else { scrollPanel(focus, key) }
        default: break
        }
        return .continue
    }

    mutating func cycleFocus(_ step: Int) {
        let all = Panel.allCases
        let i = all.firstIndex(of: focus) ?? 0
        focus = all[(i + step + all.count) % all.count]
    }

    mutating func cycleDirection() {
        switch directionOverride {
        case nil: directionOverride = .ltr
        case .ltr?: directionOverride = .rtl
        case .rtl?: directionOverride = nil
        }
    }

    mutating func moveSelection(_ key: KeyEvent) {
        guard !visible.isEmpty else { return }
        let page = max(1, (heights[.list] ?? 10) - 1)
        var s = selected ?? 0
        switch key {
        case .up: s -= 1
        case .down: s += 1
        case .pageUp: s -= page
        case .pageDown: s += page
        case .home: s = 0
        case .end: s = visible.count - 1
        default: return
        }
        select(max(0, min(visible.count - 1, s)))
    }

    mutating func scrollPanel(_ panel: Panel, _ key: KeyEvent) {
        let page = max(1, (heights[panel] ?? 5) - 1)
        var o = scroll[panel] ?? 0
        switch key {
        case .up: o -= 1
        case .down: o += 1
        case .pageUp: o -= page
        case .pageDown: o += page
        case .home: o = 0
        case .end: o = Int.max / 2
        default: return
        }
        // Clamped to the content when the panel is next drawn.
        scroll[panel] = max(0, o)
    }

    /// Edits the search field: typing inserts at the caret (a combining mark joins the grapheme
    /// before it), Backspace deletes the logically previous grapheme and Delete the next one,
    /// ← → move the caret on screen (R14) and Home/End to the logical start/end, Ctrl-U clears;
    /// ↑ ↓ PgUp PgDn still move the selection; Enter and Esc leave the field, Tab leaves it and
    /// focuses the next panel.
    mutating func editSearch(_ key: KeyEvent) {
        let before = query
        var text = query
        var c = min(max(0, caret), text.count)
        switch key {
        case .escape, .enter:
            isSearching = false
            return
        case .tab, .backTab:
            isSearching = false
            cycleFocus(key == .tab ? 1 : -1)
            return
        case .up, .down, .pageUp, .pageDown:
            moveSelection(key)
            return
        case .ctrl("u"):
            text = ""
            c = 0
        case .character(let ch):
            guard !ch.unicodeScalars.contains(where: { Sanitizer.isControl($0.value) }) else { return }
            let i = text.index(text.startIndex, offsetBy: c)
            let prefix = String(text[..<i]) + String(ch)
            text = prefix + text[i...]
            c = prefix.count
        case .backspace:
            guard c > 0 else { return }
            text.remove(at: text.index(text.startIndex, offsetBy: c - 1))
            c -= 1
        case .delete:
            guard c < text.count else { return }
            text.remove(at: text.index(text.startIndex, offsetBy: c))
        case .left, .right, .home, .end:
            c = TextField(text: text, caret: c).caret(after: key, context: context)
        default:
            return
        }
        query = text
        caret = c
        if query != before { refilter(keeping: selectedRow?.id) }
    }
}
