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
        let content = try DemoCommand.loadContent(from: demoDir)
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

    struct Content {
        var screens: [ScreenFile]
        var catalogs: [String: Catalog]
    }

    /// The demo's screens and catalogs: from `dir` when given, else the copy built into the binary.
    static func loadContent(from dir: String?) throws -> Content {
        var files: [(path: String, data: Data)] = []
        if let dir {
            for sub in ["screens", "catalogs"] {
                let d = (dir as NSString).appendingPathComponent(sub)
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: d) else {
                    throw ValidationError("\(dir) has no \(sub)/ folder (expected the layout of Demo/)")
                }
                let catalogExtensions = [".po", ".mo", ".strings", ".xcstrings", ".xml", ".xlf", ".xliff", ".json", ".arb"]
                for n in names.sorted() where n.hasSuffix(".yaml") || n.hasSuffix(".yml") || catalogExtensions.contains(where: n.hasSuffix) {
                    let p = (d as NSString).appendingPathComponent(n)
                    guard let data = FileManager.default.contents(atPath: p) else { throw ValidationError("cannot read \(p)") }
                    files.append((sub + "/" + n, data))
                }
            }
        } else {
            files = DemoContent.files.map { ($0.path, Data($0.text.utf8)) }
        }
        var screens: [ScreenFile] = []
        var catalogs: [String: Catalog] = [:]
        var problems: [String] = []
        for f in files {
            let path = dir.map { ($0 as NSString).appendingPathComponent(f.path) } ?? "Demo/" + f.path
            if f.path.hasPrefix("screens/") && (f.path.hasSuffix(".yaml") || f.path.hasSuffix(".yml")) {
                do { screens.append(try ScreenFile.parse(yaml: String(decoding: f.data, as: UTF8.self), path: path)) } catch {
                    problems += error.diagnostics.map(\.description)
                }
            } else {
                do {
                    let c = try CatalogLoader.load(data: f.data, path: path)
                    let lang = Locales.language(of: c.locale ?? ((f.path as NSString).lastPathComponent as NSString).deletingPathExtension)
                    catalogs[lang] = c
                } catch {
                    problems.append("\(error)")
                }
            }
        }
        if !problems.isEmpty {
            for p in problems { Diagnostics.warn(p) }
            throw ExitCode.dataError
        }
        guard !screens.isEmpty else { throw ValidationError("no screens found") }
        screens.sort { ($0.order ?? Int.max, $0.id) < ($1.order ?? Int.max, $1.id) }
        return Content(screens: screens, catalogs: catalogs)
    }
}
