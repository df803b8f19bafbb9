import ArgumentParser
import BidiTerm
import BidiTermTerminal
import Foundation
import RTLTUIApps

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Preview your own screens full screen, in any locale, live while you edit them.",
        discussion: """
            PATH is a screen file (YAML) or a folder: the layout of Demo/ (screens/ and catalogs/) \
            or screens and catalogs side by side (catalogs in any format, also in subfolders such as \
            values-ur/). The locales offered are every locale a catalog holds, --locale, and the \
            pseudo-locales en-XA and ar-XB; direction and digits come from each locale (CLDR). Saved \
            files show within a second; a malformed save shows its file:line:column error while the \
            last good version stays. Text cut for want of room is marked and listed (t). Keys: Tab \
            focus, ← → move on screen, ↑ ↓ adjust, PgDn/PgUp screens, d direction, l/L locale, \
            n digits, s shaping, b LTR and RTL side by side, t cut text, e export SVG and HTML \
            (into --export-dir, else beside the screen file), r reload, ? help, q/Esc/Ctrl-C quit. Exit status: 0 after quitting, 65 when a file is \
            malformed or missing at start (reported before the screen is taken), 1 without a terminal.
            """ + GuidePage.line("preview.md")
    )

    @Argument(help: "Screen files (.yaml) and folders of screens and catalogs.")
    var paths: [String]

    @Option(help: ArgumentHelp("A catalog of the screens' text (any format). Repeatable.", valueName: "file"))
    var strings: [String] = []

    @OptionGroup var locale: LocaleOptions

    @OptionGroup var pseudo: PseudoLocaleOptions

    @OptionGroup var direction: DirectionOptions

    @OptionGroup var numerals: NumeralsOptions

    @OptionGroup var shaping: ShapingOptions

    @OptionGroup var bidi: BidiModeOptions

    @OptionGroup var screenChoice: AlternateScreenOptions

    @OptionGroup var marks: MarksOptions

    @OptionGroup var theme: ThemeOptions

    @Option(help: "The screen to start on (its id).")
    var screen: String?

    @Flag(help: "Report mouse clicks (a click focuses a control).")
    var mouse = false

    @Option(help: ArgumentHelp("Where e writes its SVG and HTML files (default: each screen file's folder).", valueName: "folder"))
    var exportDir: String?

    func validate() throws {
        if paths.isEmpty { throw ValidationError("Give a screen file or a folder of screens.") }
        if let d = exportDir {
            var isDir: ObjCBool = false
            if !FileManager.default.fileExists(atPath: d, isDirectory: &isDir) || !isDir.boolValue {
                throw ValidationError("--export-dir \(d): no such folder.")
            }
        }
        try PreviewCommand.validateLocale(try pseudo.locale(locale.locale))
    }

    /// A `--locale` must name a locale (any BCP 47 or POSIX name) or a pseudo-locale.
    static func validateLocale(_ locale: String?) throws {
        guard let l = locale else { return }
        if PseudoLocale(locale: l) == nil && Locales.info(of: l) == nil {
            throw ValidationError("--locale \(l) is not a locale name (BCP 47 such as ur-PK, or POSIX such as ur_PK.UTF-8).")
        }
    }

    func run() throws {
        let workspace: PreviewWorkspace
        do {
            workspace = try PreviewWorkspace(paths: paths, strings: strings)
        } catch {
            for p in error.problems { Diagnostics.warn(p) }
            throw ExitCode.dataError
        }
        var options = PreviewApp.Options()
        options.locale = try pseudo.locale(locale.locale)
        options.animate = false
        options.exportDirectory = exportDir
        PreviewCommand.apply(direction: direction, numerals: numerals, shaping: shaping, bidi: bidi, theme: theme,
                             screen: screen, to: &options)
        if let s = screen, !workspace.content().screens.contains(where: { $0.id == s }) {
            throw ValidationError("no screen named \(s); screens: \(workspace.content().screens.map(\.id).joined(separator: ", "))")
        }
        let app = PreviewApp(workspace: workspace, options: options)
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

    /// The options `preview` and `demo` share: direction, digits, shaping and who runs bidi (a
    /// terminal that runs bidi also shapes: hand it logical, unshaped text), the theme, the first
    /// screen, and the user's language for the chrome.
    static func apply(direction: DirectionOptions, numerals: NumeralsOptions, shaping: ShapingOptions,
                      bidi: BidiModeOptions, theme: ThemeOptions, screen: String?, to options: inout PreviewApp.Options) {
        options.direction = direction.dir.fixed
        options.numerals = numerals.numerals?.fixed
        let bidiMode = bidi.bidiMode
        options.reordering = bidiMode.appReorders
        options.shaping = !shaping.noShape && bidiMode.appReorders
        options.screen = screen
        options.theme = theme.choice(environment: CommandEnvironment.variables).theme
        options.chromeLocale = PreviewChrome.userLocale(environment: CommandEnvironment.variables)
    }
}
