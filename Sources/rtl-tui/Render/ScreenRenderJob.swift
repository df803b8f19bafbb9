import ArgumentParser
import BidiTerm
import RTLTUIApps
import Foundation

/// The output formats of a screen drawn by `render --screen`.
enum ScreenOutputFormat: String, CaseIterable, Sendable {
    /// The rows as text, no escape sequence at all.
    case plain
    /// The rows with SGR colours and attributes (attributes only when `NO_COLOR` is set).
    case ansi
    /// A self-contained HTML page with the colours, for a bug report.
    case html
    /// A self-contained SVG picture of the cell grid (`BufferExport.svg`).
    case svg
}

/// `rtl-tui render --screen FILE`: draws a screen file into a buffer and writes it, with no
/// terminal involved, so the output depends only on the arguments (and `COLUMNS` for `--both`).
///
/// - The catalogs are `--strings` (any format `CatalogLoader` reads; a folder is read as `check`
///   reads folders, `CatalogFiles.expand`), else those beside the screen file, as `preview` finds
///   them. They are read as the preview reads them
///   (`PreviewContent.lookupOrder(for:)`): the locale's own catalogs first, then the default and
///   source-language ones as fallbacks; a catalog of another language is not read. A key that none
///   has is drawn as `⟦key⟧` and reported on standard error as `file:line:column: missing catalog
///   key …`; a text shown from a fallback as `…: warning: untranslated "key" in LOCALE, shown from
///   catalog:line`; a locale no catalog holds with a warning. A key no catalog should translate
///   (`translatable="false"`, `shouldTranslate: false`, `translate="no"`) is not untranslated.
/// - A fuzzy entry of the locale's catalog (gettext `#, fuzzy`, …) is read as the program reads
///   it, untranslated (its source shows), unless `includeFuzzy`; either way it is reported as
///   `…: warning: fuzzy "key" in LOCALE (catalog:line): …`.
/// - A text whose count selects a plural form its entry lacks is reported as `file:line:column:
///   warning: "key" has no plural form FORM for N in LOCALE (catalog:line); its other form shows`.
/// - The locale is `--locale`, else the language of the first catalog that names one, else the
///   source language, else `en`. A pseudo-locale (`ar-XB`, `en-XA`) transforms the source
///   language's text (`PseudoLocale`).
/// - Every text cut for want of room (with `…`, left out, or wrapped below its area) is reported
///   on standard error as `file:line:column: warning: truncated "key": needs N cells, has M`; the
///   exit status does not change.
/// - The direction is `--dir`, else the locale's (R1); the digits are `--numerals`, else the
///   locale's (R6).
/// - `both` draws the screen in LTR and in RTL, each `width` wide, under a caption row
///   (`LTR`, `RTL`), side by side with `gap` blank columns between them; when `2 × width + gap` is
///   more than the maximum width (`COLUMNS` when it is a positive number, else 200) the two are
///   stacked, LTR above RTL.
///
/// Exit status: 0 drawn (missing keys are warnings), 64 bad usage (a size outside 1…1000),
/// 65 a screen file or catalog that cannot be read (every problem is listed as
/// `file:line:column: …`, and nothing is written to standard output).
///
///     let job = ScreenRenderJob(screen: "Demo/screens/settings.yaml", strings: ["Demo/catalogs/he.po"])
///     exit(job.run().rawValue)
struct ScreenRenderJob {
    /// The screen file.
    var screen: String
    /// The catalog files, looked up in order.
    var strings: [String] = []
    /// The locale; nil takes the first catalog's, else `en`.
    var locale: String? = nil
    /// The layout direction; nil takes the locale's (R1). Ignored by `both`.
    var direction: LayoutDirection? = nil
    /// The width of the screen in cells (of each of the two with `both`).
    var width: Int = ScreenRenderJob.defaultWidth
    /// The height of the screen in rows (of each of the two with `both`).
    var height: Int = ScreenRenderJob.defaultHeight
    /// Draws LTR and RTL, side by side or stacked.
    var both: Bool = false
    /// The digits of numbers the screen and its widgets format; nil takes the locale's (R6).
    var numerals: NumeralSystem? = nil
    /// The count of every text that has one (`--count`); nil: each text's own.
    var count: Double? = nil
    /// Read fuzzy translations as translations (`--include-fuzzy`).
    var includeFuzzy: Bool = false
    /// The output format.
    var format: ScreenOutputFormat = .plain
    /// Shaping, bracket mirroring and tab stops for the text engine. Its `numerals` is ignored: text
    /// from catalogs keeps the digits its translator wrote (versions stay "2.4.1", R7), and numbers
    /// the screen supplies follow `numerals`.
    var layoutOptions: LayoutOptions = LayoutOptions()
    /// The environment: `COLUMNS` (the maximum width of `both`) and `NO_COLOR`.
    var environment: [String: String] = CommandEnvironment.variables
    /// Writes to standard output.
    var standardOutput: (String) -> Void = CommandEnvironment.writeOutput
    /// Writes to standard error.
    var standardError: (String) -> Void = CommandEnvironment.writeError

    static let defaultWidth = 80
    static let defaultHeight = 24
    /// The largest width or height accepted (a 1000 × 1000 screen is a million cells).
    static let maximumSize = 1000
    /// The maximum width of a side-by-side `both` when `COLUMNS` is not set.
    static let defaultMaximumWidth = 200
    /// Blank columns between the LTR and the RTL screen of a side-by-side `both`.
    static let gap = 2

    /// Why `value` is not a usable width or height, or nil when it is.
    static func sizeProblem(_ value: Int, option: String) -> String? {
        guard value < 1 || value > maximumSize else { return nil }
        return "\(option) must be between 1 and \(maximumSize) (got \(value))."
    }

    /// The locale used: `locale`, else the first catalog's that names one, else the source
    /// language, else `en`.
    static func resolvedLocale(_ locale: String?, content: PreviewContent) -> String {
        if let locale, !locale.isEmpty { return locale }
        return content.catalogs.lazy.compactMap(\.catalog.locale).first { !$0.isEmpty } ?? content.sourceLocale ?? "en"
    }

    /// The screen's texts shown from a catalog that is not the locale's own (the first `own` of
    /// the renderer's), as `file:line:column: warning: untranslated "key", shown from catalog:line`.
    static func fallbacks(in screen: ScreenFile, renderer: ScreenRenderer, own: Int, doNotTranslate: Set<String> = [],
                          fuzzy: Set<String> = []) -> [String] {
        guard own > 0, own < renderer.catalogs.count else { return [] }
        var out: [String] = []
        var seen = Set<String>()
        for (ref, node) in screen.textRefs {
            // The catalog the text is drawn from, whatever the entry's context (Qt, msgctxt).
            // A key marked not to be translated shows its default text everywhere; a fuzzy one is
            // reported as fuzzy.
            guard let key = ref.key, let i = renderer.catalogIndex(for: key), i >= own,
                  !doNotTranslate.contains(ScreenRenderer.entryKey(key)), !fuzzy.contains(key), seen.insert(key).inserted,
                  let (from, entry, _) = renderer.entry(for: key) else { continue }
            let at = (node?.line ?? 0) > 0 ? "\(screen.path):\(node!.line):\(node!.column)" : screen.path
            let source = entry.line > 0 && from.format != .mo && from.format != .qtQM ? "\(from.path):\(entry.line)" : from.path
            out.append("\(at): warning: untranslated \"\(key)\" in \(renderer.locale), shown from \(source)")
        }
        return out
    }

    /// The widest a side-by-side `both` may be: `COLUMNS` when it is a positive number, else 200.
    var maximumWidth: Int {
        if let c = environment["COLUMNS"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), c > 0 { return c }
        return ScreenRenderJob.defaultMaximumWidth
    }

    /// Draws the screen and writes it; returns the exit status.
    func run() -> ExitCode {
        for (value, option) in [(width, "--width"), (height, "--height")] {
            if let problem = ScreenRenderJob.sizeProblem(value, option: option) {
                standardError("rtl-tui: \(problem)\n")
                return .usage
            }
        }

        // Every problem of the screen file and of every catalog, before giving up.
        var problems: [String] = []
        var loaded: ScreenFile?
        do {
            loaded = try ScreenFile.load(path: screen)
        } catch {
            problems += error.diagnostics.map(\.description)
        }
        // The catalogs as the preview reads them: by locale, an `.xcstrings` file once per language.
        var catalogs: [PreviewCatalog] = []
        // Folders are read as `check` reads them.
        let expanded = CatalogFiles.expand(strings)
        problems += expanded.unreadable.map { "\($0.path): \($0.reason)" }
        for folder in strings where ScreenRenderJob.isFolder(folder) && CatalogFiles.expand([folder]).files.isEmpty {
            problems.append("\(folder): no catalog in the folder (read as check reads folders)")
        }
        for path in strings.isEmpty ? PreviewWorkspace.catalogPaths(besideScreen: screen) : expanded.files {
            do {
                catalogs += try PreviewWorkspace.loadCatalogs(path: path)
            } catch {
                problems.append("\(error)")
            }
        }
        guard problems.isEmpty, let screenFile = loaded else {
            for p in problems { standardError(Sanitizer.visible(p) + "\n") }
            return .dataError
        }
        var warned = Set<String>()
        for c in catalogs where warned.insert(c.catalog.path).inserted {
            for w in c.catalog.warnings { standardError(Sanitizer.visible(ScreenRenderJob.warning(w)) + "\n") }
        }

        var content = PreviewContent(screens: [screenFile], catalogs: catalogs)
        content.includeFuzzy = includeFuzzy
        let locale = ScreenRenderJob.resolvedLocale(self.locale, content: content)
        let order = content.lookupOrder(for: locale)
        var renderer = ScreenRenderer(catalogs: order.catalogs, locale: locale, numerals: numerals)
        renderer.countOverride = count
        renderer.followsPlatformTextDirection = true
        if order.own == 0, !catalogs.isEmpty {
            standardError("rtl-tui: warning: no catalog is in \(locale); its text is the source language's where there is any\n")
        }
        for missing in renderer.missingKeys(in: screenFile) {
            standardError(Sanitizer.visible(ScreenRenderJob.describe(missing)) + "\n")
        }
        let fuzzy = ScreenRenderJob.fuzzy(in: screenFile, content: content, locale: locale, shown: includeFuzzy)
        for f in ScreenRenderJob.fallbacks(in: screenFile, renderer: renderer, own: order.own,
                                           doNotTranslate: content.doNotTranslateKeys(for: locale), fuzzy: Set(fuzzy.map(\.key))) {
            standardError(Sanitizer.visible(f) + "\n")
        }
        for f in fuzzy { standardError(Sanitizer.visible(f.line) + "\n") }
        for g in ScreenRenderJob.formGaps(in: screenFile, renderer: renderer) { standardError(Sanitizer.visible(g) + "\n") }

        var options = layoutOptions
        options.numerals = nil
        let engine = BidiEngine()
        var truncations: [String] = []
        func draw(_ d: LayoutDirection) -> Buffer {
            var buffer = Buffer(width: width, height: height)
            let context = RenderContext(direction: d, numerals: renderer.numerals, engine: engine, options: options)
            for t in renderer.render(screenFile, into: &buffer, area: buffer.area, context: context)
            where !truncations.contains(t.description) {
                truncations.append(t.description)
            }
            return buffer
        }
        let buffer: Buffer
        let directionName: String
        if both {
            buffer = Buffer.pair(ltr: draw(.ltr), rtl: draw(.rtl), gap: ScreenRenderJob.gap, maximumWidth: maximumWidth)
            directionName = "ltr and rtl"
        } else {
            let d = renderer.direction(direction)
            buffer = draw(d)
            directionName = d.rawValue
        }

        for t in truncations { standardError(Sanitizer.visible(t) + "\n") }

        switch format {
        case .plain:
            standardOutput(ScreenRenderJob.lines(BufferExport.plain(buffer)))
        case .ansi:
            let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
            standardOutput(ScreenRenderJob.lines(BufferExport.ansi(buffer, colors: !noColor)))
        case .html:
            standardOutput(BufferExport.html(buffer, title: "\(screenFile.id) — \(locale), \(directionName) — rtl-tui"))
        case .svg:
            standardOutput(BufferExport.svg(buffer, title: "\(screenFile.id) — \(locale), \(directionName) — rtl-tui"))
        }
        return .success
    }

    /// A missing key as a diagnostic line. A key of the screen's title has no node, hence no
    /// position: the line then names the file alone.
    static func describe(_ missing: MissingKey) -> String {
        if missing.line > 0 { return missing.description }
        return "\(missing.path): missing catalog key \"\(missing.key)\" in the screen's title (shown as ⟦\(missing.key)⟧)"
    }

    /// A catalog warning as `file:line:column: warning: message` (without the parts the loader
    /// does not know, as `CatalogDiagnostic.description` does).
    static func warning(_ w: CatalogDiagnostic) -> String {
        if w.line <= 0 { return "\(w.file): warning: \(w.message)" }
        if w.column <= 0 { return "\(w.file):\(w.line): warning: \(w.message)" }
        return "\(w.file):\(w.line):\(w.column): warning: \(w.message)"
    }

    /// True when `path` is a folder.
    static func isFolder(_ path: String) -> Bool {
        var d: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &d) && d.boolValue
    }

    /// Rows as text lines, each ending in a line feed.
    static func lines(_ rows: [String]) -> String {
        rows.isEmpty ? "" : rows.joined(separator: "\n") + "\n"
    }
}

extension ScreenRenderJob {
    /// A job from `render`'s options: the direction (nil: the locale's), `width` (nil is 80),
    /// `locale`, the digits (nil: the locale's), the output format, and the text engine switches
    /// (`--no-shape`, `--no-mirror`, `--tab-size`).
    init(options: ScreenRenderOptions, screen: String, direction: LayoutDirection?, width: Int?, locale: String?,
         numerals: NumeralSystem?, format: ScreenOutputFormat, shaping: Bool, mirroring: Bool, tabSize: Int) {
        self.init(screen: screen)
        strings = options.strings
        self.locale = locale
        self.direction = direction
        self.width = width ?? ScreenRenderJob.defaultWidth
        height = options.height ?? ScreenRenderJob.defaultHeight
        both = options.both
        count = options.count
        includeFuzzy = options.includeFuzzy
        self.numerals = numerals
        self.format = format
        layoutOptions = LayoutOptions(shaping: shaping, mirroring: mirroring, tabSize: tabSize)
    }
}
