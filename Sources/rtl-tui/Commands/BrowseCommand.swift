import ArgumentParser
import BidiTerm
import BidiTermTerminal
import RTLTUIApps

struct BrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse catalogs full screen: strings as RTL readers see them, an inspector, findings, live reload.",
        discussion: """
            Reads catalogs (.po, .mo, .strings, .stringsdict, .xcstrings, Android strings.xml, XLIFF 1.2/2.0, JSON, ARB, Qt .ts/.qm) \
            and shows their entries as a list (on the right in an RTL locale); the selected string \
            rendered in its locale's direction at several widths next to its source; an inspector \
            (code points and names, bidi classes, levels, visual order, mirrored characters, hidden \
            controls made visible); the findings of `rtl-tui check` for it. The files are reloaded \
            when they change on disk; a malformed version shows its file:line:column error and the \
            last good version stays. Keys: ↑↓ PgUp PgDn Home End move, Tab panels, / search (any \
            script), f/F filter, d direction, s shaping, r reload, ? help, q/Esc/Ctrl-C quit. \
            Exit status: 0 after quitting, 2 when a file cannot be read at start, 1 without a terminal.
            """ + GuidePage.line("browse.md")
    )

    @OptionGroup var catalogs: CatalogFileOptions

    @OptionGroup var locale: LocaleOptions

    @OptionGroup var shaping: ShapingOptions

    @OptionGroup var bidi: BidiModeOptions

    @OptionGroup var screenChoice: AlternateScreenOptions

    @OptionGroup var marks: MarksOptions

    @OptionGroup var theme: ThemeOptions

    func run() throws {
        var options = BrowseApp.Options()
        let bidiMode = bidi.bidiMode
        options.locale = locale.locale
        options.reordering = bidiMode.appReorders
        options.shaping = !shaping.noShape && bidiMode.appReorders
        options.theme = theme.choice(environment: CommandEnvironment.variables).theme
        // The files are read before the terminal is taken over, so a bad file is reported as a
        // plain message, like `check` reports it.
        let app: BrowseApp
        do {
            app = try BrowseApp(files: catalogs.files, source: catalogs.source, options: options)
        } catch let e as BrowseLoadError {
            for p in e.problems { Diagnostics.warn(p.description) }
            throw ExitCode.unreadableInput
        }
        var session = FullScreen.options()
        session.bidiMode = bidiMode
        session.alternateScreen = screenChoice.alternateScreen
        session.theme = theme.theme
        session.marks = marks.placement
        session.glyphs = GlyphWidths.candidates(in: app.rows.compactMap(\.entry.translation))
        // The session gives a themed app the notice for its help itself (`FindingsUpdates.adapt`).
        try FullScreen.run(options: session) { _ in app }
    }
}
