import ArgumentParser
import BidiTerm
import RTLTUIApps
import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "The interactive demo: every RTL rule live, in a full-screen terminal UI.",
        discussion: """
            Screens of a settings page, a media player, a reading view, ratings and messages, in \
            English, Arabic, Hebrew and Persian. Keys: Tab/Shift-Tab focus (reading order), ← → move \
            on screen, ↑ ↓ adjust, PgDn/PgUp screens, d direction, l language, n digits, s shaping, \
            b LTR and RTL side by side, ? help, q/Esc/Ctrl-C quit. Needs a terminal; for output \
            without one use `rtl-tui render --screen`.
            """
    )

    @OptionGroup var locale: LocaleOptions

    @OptionGroup var direction: DirectionOptions

    @OptionGroup var numerals: NumeralsOptions

    @OptionGroup var shaping: ShapingOptions

    @OptionGroup var bidi: BidiModeOptions

    @OptionGroup var theme: ThemeOptions

    @Option(help: "The screen to start on (overview, settings, player, reading, ratings, messages).")
    var screen: String?

    @Option(help: "Read screens and catalogs from this folder (Demo/ layout) instead of the built-in copy.")
    var demoDir: String?

    @Flag(help: "Do not animate progress bars.")
    var noAnimate = false

    @Flag(help: "Report mouse clicks (a click focuses a control).")
    var mouse = false

    func validate() throws {
        if let l = locale.locale, !["en", "ar", "he", "fa"].contains(Locales.language(of: l)) {
            throw ValidationError("--locale must be en, ar, he or fa (got \(l)).")
        }
    }

    func run() throws {
        let content: DemoContent
        do {
            content = try DemoContent.load(from: demoDir)
        } catch let e as DemoContent.LoadError {
            if let message = e.message { throw ValidationError(message) }
            for p in e.problems { Diagnostics.warn(p) }
            throw ExitCode.dataError
        }
        var options = DemoApp.Options()
        options.locale = locale.locale.map(Locales.language(of:)) ?? DemoCommand.localeFromEnvironment()
        options.direction = direction.dir.fixed
        options.numerals = numerals.numerals?.fixed
        // A terminal that runs bidi also shapes: hand it logical, unshaped text.
        let bidiMode = bidi.bidiMode
        options.reordering = bidiMode.appReorders
        options.shaping = !shaping.noShape && bidiMode.appReorders
        options.animate = !noAnimate
        options.screen = screen
        options.theme = theme.choice(environment: CommandEnvironment.variables).theme
        if let s = screen, !content.screens.contains(where: { $0.id == s }) {
            throw ValidationError("no screen named \(s); screens: \(content.screens.map(\.id).joined(separator: ", "))")
        }
        let app = DemoApp(screens: content.screens, catalogs: content.catalogs, options: options)
        var session = TerminalSessionOptions()
        session.bidiMode = bidiMode
        session.mouse = mouse
        try TerminalSession.runFullScreen(app, options: session)
    }

    /// `ar`, `he` or `fa` when LANG/LC_ALL/LC_MESSAGES names one of them, else `en`.
    static func localeFromEnvironment() -> String {
        let env = CommandEnvironment.variables
        for v in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let l = env[v], !l.isEmpty {
                let lang = Locales.language(of: l)
                return ["ar", "he", "fa"].contains(lang) ? lang : "en"
            }
        }
        return "en"
    }
}
