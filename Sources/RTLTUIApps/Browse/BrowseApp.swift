import BidiTerm
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
public struct BrowseApp: ThemedApp {
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
        /// The styles (`ThemeChoice` picks one for the terminal's background).
        public var theme: Theme = .default
        /// The decorative glyphs (fallbacks where the terminal draws glyphs at other widths).
        public var glyphs: GlyphSet = .standard
        /// What the terminal session has to tell about the terminal (R21), shown in the help.
        public var terminalNotice: TerminalNotice? = nil
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
    public internal(set) var files: [BrowseFile]
    /// The `--source` catalog, looked up by key for the source text and placeholder checks.
    public internal(set) var source: BrowseFile?
    /// Every entry of every file, file by file.
    public internal(set) var rows: [BrowseRow] = []
    /// Per file, the findings that belong to no entry (before the first one).
    public internal(set) var fileFindings: [[Finding]] = []
    /// The rows the list shows (indices into `rows`), after the filter and the search.
    public internal(set) var visible: [Int] = []
    /// The selected position in `visible`, nil when it is empty.
    public internal(set) var selected: Int? = nil
    /// The filter on findings.
    public internal(set) var filter: BrowseFilter = .all
    /// The search text, in logical order.
    public internal(set) var query: String = ""
    /// The search field's caret, a grapheme offset into `query`.
    public internal(set) var caret: Int = 0
    /// True while keys type into the search field.
    public internal(set) var isSearching = false
    /// The panel the movement keys act on.
    public internal(set) var focus: Panel = .list
    /// The direction set with `d`; nil follows the locale.
    public internal(set) var directionOverride: LayoutDirection?
    /// Arabic shaping on or off (`s`).
    public internal(set) var shaping: Bool
    /// True while the help overlay shows.
    public internal(set) var showHelp = false
    /// The footer's notice ("reloaded …"), nil when there is none.
    public internal(set) var notice: String?
    /// The styles the browser draws with.
    public var theme: Theme { didSet { generation += 1 } }
    /// The decorative glyphs the browser draws with.
    public var glyphs: GlyphSet { didSet { generation += 1 } }
    /// Whether marks take a cell of their own in the layout (`LayoutOptions.marksInOwnCells`: the
    /// terminal moves the cursor a cell over a mark).
    public var marksInOwnCells = false { didSet { generation += 1 } }

    var options: Options

    /// What the terminal session has to tell about the terminal (R21), shown in the help.
    public var terminalNotice: TerminalNotice? {
        get { options.terminalNotice }
        set { options.terminalNotice = newValue }
    }
    let engine = BidiEngine()
    let linter: BidiLinter
    var noticeTicksLeft = 0
    var listState = ListState()
    var searchState = TextFieldState()
    var scroll: [Panel: Int] = [:]
    var heights: [Panel: Int] = [:]
    /// Bumped whenever the rows change, so that cached panel lines are rebuilt.
    var generation = 0
    var itemCache: (key: ItemKey, items: [String])?
    var detailCache: [Panel: (key: DetailKey, title: String, lines: [BrowseLine])] = [:]

    struct ItemKey: Hashable {
        var generation: Int, width: Int, direction: LayoutDirection, shaping: Bool
    }

    struct DetailKey: Hashable {
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
        self.theme = options.theme
        self.glyphs = options.glyphs
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

    var layoutOptions: LayoutOptions {
        LayoutOptions(shaping: shaping, reordering: options.reordering, marksInOwnCells: marksInOwnCells)
    }

    var context: RenderContext {
        RenderContext(direction: direction, numerals: .latn, engine: engine, options: layoutOptions, theme: theme,
                      glyphs: glyphs)
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
}
