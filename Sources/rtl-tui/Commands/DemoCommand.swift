import ArgumentParser
import BidiTerm
import BidiTermTerminal
import RTLTUIApps
import Foundation

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "The interactive demo: every RTL rule live, in a full-screen terminal UI.",
        discussion: """
            The preview (`rtl-tui preview`) of the built-in screens: a settings page, a media \
            player, a reading view, ratings and messages, in English, Arabic, Hebrew and Persian, \
            in any other locale's direction and digits, and in the pseudo-locales en-XA and ar-XB. \
            Keys: Tab/Shift-Tab focus (reading order), ← → move on screen, ↑ ↓ adjust, PgDn/PgUp \
            screens, d direction, l/L locale, n digits, s shaping, b LTR and RTL side by side, \
            t cut text, e export SVG and HTML, ? help, q/Esc/Ctrl-C quit. Needs a terminal; for \
            output without one use `rtl-tui render --screen`.
            """ + GuidePage.line("demo.md")
    )

    @OptionGroup var locale: LocaleOptions

    @OptionGroup var pseudo: PseudoLocaleOptions

    @OptionGroup var direction: DirectionOptions

    @OptionGroup var numerals: NumeralsOptions

    @OptionGroup var shaping: ShapingOptions

    @OptionGroup var bidi: BidiModeOptions

    @OptionGroup var screenChoice: AlternateScreenOptions

    @OptionGroup var marks: MarksOptions

    @OptionGroup var theme: ThemeOptions

    @Option(help: "The screen to start on (overview, settings, player, reading, ratings, messages).")
    var screen: String?

    @Option(help: "Read screens and catalogs from this folder (Demo/ layout) instead of the built-in copy; saved files reload.")
    var demoDir: String?

    @Flag(help: "Do not animate progress bars.")
    var noAnimate = false

    @Flag(help: "Report mouse clicks (a click focuses a control).")
    var mouse = false

    func validate() throws {
        try PreviewCommand.validateLocale(try pseudo.locale(locale.locale))
    }

    func run() throws {
        var options = PreviewApp.Options()
        PreviewCommand.apply(direction: direction, numerals: numerals, shaping: shaping, bidi: bidi, theme: theme,
                             screen: screen, to: &options)
        options.animate = !noAnimate
        let app: PreviewApp
        if let demoDir {
            do {
                _ = try DemoContent.load(from: demoDir)
            } catch let e as DemoContent.LoadError {
                if let message = e.message { throw ValidationError(message) }
                for p in e.problems { Diagnostics.warn(p) }
                throw ExitCode.dataError
            }
            let workspace: PreviewWorkspace
            do {
                workspace = try PreviewWorkspace(paths: [demoDir])
            } catch {
                for p in error.problems { Diagnostics.warn(p) }
                throw ExitCode.dataError
            }
            options.locale = try pseudo.locale(locale.locale) ?? DemoCommand.localeFromEnvironment(offered: workspace.content().locales)
            app = PreviewApp(workspace: workspace, options: options)
        } else {
            let content = try DemoContent.load()
            options.locale = try pseudo.locale(locale.locale) ?? DemoCommand.localeFromEnvironment(offered: Array(content.catalogs.keys))
            app = PreviewApp(screens: content.screens, catalogs: content.catalogs, options: options)
        }
        if let s = screen, !app.screens.contains(where: { $0.id == s }) {
            throw ValidationError("no screen named \(s); screens: \(app.screens.map(\.id).joined(separator: ", "))")
        }
        var session = FullScreen.options()
        session.bidiMode = bidi.bidiMode
        session.alternateScreen = screenChoice.alternateScreen
        session.theme = theme.theme
        session.marks = marks.placement
        session.mouse = mouse
        session.glyphs = ScreenFile.probeGlyphs(for: app.screens) + GlyphWidths.candidates(in: app.catalogTexts)
        // The session gives a themed app the notice for its help itself (`FindingsUpdates.adapt`).
        try FullScreen.run(options: session) { _ in app }
    }

    /// The language of LANG/LC_ALL/LC_MESSAGES when the demo has catalogs for it, else `en`.
    static func localeFromEnvironment(offered: [String]) -> String {
        let user = Locales.language(of: Locales.canonicalTag(PreviewChrome.userLocale(environment: CommandEnvironment.variables)) ?? "en")
        return offered.contains(user) ? user : "en"
    }
}
