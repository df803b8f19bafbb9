import ArgumentParser
import BidiTerm
import BidiTermTerminal
import Foundation
import RTLTUIApps
#if canImport(Glibc)
import Glibc
#endif

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a program with its Arabic, Hebrew and Persian text reading right in this terminal.",
        discussion: """
            Starts CMD (or $SHELL) on a new pseudo-terminal the size of this one, emulates its \
            screen with libvterm and redraws it here with the right-to-left text of every row \
            reordered (R23–R26): each row is cut into runs at box-drawing characters, gaps of \
            blank cells and background changes, and each run is reordered in its own columns, so \
            panes, columns and menus stay where the program put them. Keys, paste and the mouse go \
            to the program; its exit status is rtl-tui's (128+N after signal N, 127 when it \
            cannot be run). A program that draws visual order by itself (emacs, one with GNU \
            FriBidi loaded, vim with rightleft) is left as it draws (R27). The command key (F12, \
            --command-key) then r toggles reordering, d the direction, s shows what was decided \
            and why, w keeps the rule in ~/.config/rtl-tui/run.conf (lines such as \
            `emacs: visual`, `mytool: dir ltr`, `command-key: F12`), ? shows help; pressed twice \
            it reaches the program. Examples: `rtl-tui run`, `rtl-tui run -- less README.he`, \
            `rtl-tui run --dir rtl -- mc`.
            """ + GuidePage.line("run.md")
    )

    @OptionGroup var bidi: BidiModeOptions

    @Option(help: "The paragraph direction of each run: auto (default: its first strong character), rtl or ltr.")
    var dir: RunDirection = .auto

    @Option(help: "Blank cells that separate two runs of text (R23; default 2, 0: never cut at blanks).")
    var gap: Int = 2

    @Flag(help: "Do not cut runs where the background colour changes (R23).")
    var noBackgroundCuts = false

    @Flag(help: "Pass the program's clipboard writes (OSC 52) to the terminal; dropped otherwise.")
    var allowClipboard = false

    @Option(help: ArgumentHelp("The key that starts a command of run's own (R27): F1-F12, C-a-C-z, C-], C-\\, C-^ or C-_ (default F12, or the rules file's command-key).",
                               valueName: "key"))
    var commandKey: String?

    @Option(help: ArgumentHelp("Record what is drawn, as a terminal without bidi shows it, to FILE (asciicast v2: asciinema play FILE).",
                               valueName: "file.cast"))
    var record: String?

    @Option(help: ArgumentHelp("Record the program's own bytes (logical order) to FILE (asciicast v2).", valueName: "file.cast"))
    var recordLogical: String?

    @Option(help: ArgumentHelp("Where the command key's c writes snapshots of the screen (default: the current folder).", valueName: "dir"))
    var snapshotDir: String = "."

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Catalogs (files or folders, every format check reads) whose translations are found on the screen: the inspector shows each string's entry and findings, the command key's l lists them.", valueName: "catalog"))
    var strings: [String] = []

    @OptionGroup var locale: LocaleOptions

    @Flag(help: "With --strings: match fuzzy translations too.")
    var includeFuzzy = false

    @Option(help: ArgumentHelp("With --strings: when run ends, write every catalog entry seen, with its check findings and the screens it was on, and the text no entry covered: SARIF 2.1.0 for FILE.sarif, JSON otherwise.", valueName: "file"))
    var qaReport: String?

    @Argument(parsing: .captureForPassthrough, help: "The program and its arguments (default: $SHELL).")
    var command: [String] = []

    func validate() throws {
        if gap < 0 { throw ValidationError("--gap must be 0 or more") }
        if qaReport != nil && strings.isEmpty { throw ValidationError("--qa-report needs --strings CATALOG...") }
        if let k = commandKey, CommandKey(k) == nil {
            throw ValidationError("--command-key: unknown key '\(k)' (F1-F12, C-a-C-z, C-], C-\\, C-^ or C-_)")
        }
    }

    func run() throws {
        var argv = command
        if argv.first == "--" { argv.removeFirst() }
        let env = CommandEnvironment.variables
        if argv.isEmpty { argv = [env["SHELL"].flatMap { $0.isEmpty ? nil : $0 } ?? "/bin/sh"] }
        var options = ProgramHostOptions(command: argv)
        options.session = FullScreen.options()
        options.session.bidiMode = bidi.bidiMode
        options.rows.direction = dir.direction
        options.rows.gap = gap
        options.rows.cutAtBackground = !noBackgroundCuts
        options.allowClipboard = allowClipboard
        // R27: the user's rules per program, and the command key.
        if let path = RunRules.path(environment: env) {
            let (rules, problems) = RunRules.load(path: path)
            options.rules = rules
            options.rulesPath = path
            options.rulesProblems = problems
            for p in problems { CommandEnvironment.writeError("rtl-tui: \(p)\n") }
            if let k = rules.commandKey { options.commandKey = k }
        }
        if let k = commandKey.flatMap(CommandKey.init) { options.commandKey = k }
        // The recordings' files are made now, so that one that cannot be written is said before
        // the program starts.
        for path in [record, recordLogical].compactMap({ $0 }) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                CommandEnvironment.writeError("rtl-tui: cannot write the recording \(Sanitizer.visible(path))\n")
                throw ExitCode(1)
            }
        }
        options.record = record
        options.recordLogical = recordLogical
        options.snapshotFolder = snapshotDir
        if !strings.isEmpty {
            // Read here first, so that a catalog that cannot be read is said before the program
            // starts; indexed on run's own thread.
            let expanded = CatalogFiles.expand(strings)
            for u in expanded.unreadable { CommandEnvironment.writeError("rtl-tui: \(u.path): \(u.reason)\n") }
            if expanded.files.isEmpty {
                CommandEnvironment.writeError("rtl-tui: --strings: no catalog found in \(strings.map(Sanitizer.visible).joined(separator: ", "))\n")
                throw ExitCode(1)
            }
            let files = expanded.files, lang = locale.locale, fuzzy = includeFuzzy
            options.strings = { RunCommand.loadStrings(files, locale: lang, includeFuzzy: fuzzy) }
            options.qaReport = qaReport
            if let qaReport, !FileManager.default.createFile(atPath: qaReport, contents: nil) {
                CommandEnvironment.writeError("rtl-tui: cannot write the QA report \(Sanitizer.visible(qaReport))\n")
                throw ExitCode(1)
            }
        }
        // The inspector's table: the run's text as `rtl-tui inspect` shows it, without its
        // display line (the inspector's rows are laid out for this terminal already).
        options.describeText = { text, direction in
            let engine = BidiEngine()
            let inspector = CodePointInspector(text, direction: BaseDirection(direction), engine: engine)
            return InspectCommand.table(inspector, display: "", number: 1).split(separator: "\n").map(String.init)
                .filter { !$0.hasPrefix("display: ") && !$0.isEmpty }
        }
        TerminalSession.programName = "rtl-tui"
        TerminalSession.nonInteractiveHint = "`rtl-tui run` shows a program on a terminal; for text use `rtl-tui render`"
        let end: ProgramExit
        do {
            end = try ProgramHost(options: options).run()
        } catch let e as TerminalSessionError {
            CommandEnvironment.writeError(e.description + "\n")
            throw ExitCode(e.exitStatus)
        } catch let e as ProgramHostError {
            CommandEnvironment.writeError(e.description + "\n")
            throw ExitCode(e.exitStatus)
        }
        if case .hungUp(let sig) = end, sig != SIGHUP, sig != SIGINT {
            AppLoopExit.signal(sig).exitProcess()
        }
        throw ExitCode(end.status)
    }
}

extension RunCommand {
    /// The catalogs of `--strings`, each checked as `check` does, indexed for the screen.
    static func loadStrings(_ files: [String], locale: String?, includeFuzzy: Bool) -> Result<ScreenStrings, QAProblem> {
        var catalogs: [Catalog] = []
        var findings: [Finding] = []
        var problems: [String] = []
        let linter = BidiLinter(options: BidiLinter.Options(locale: locale, includeFuzzy: includeFuzzy))
        for f in files {
            do {
                let c = try CatalogLoader.load(path: f, locale: locale)
                catalogs.append(c)
                findings += linter.check(c)
            } catch {
                problems.append("\(error)")
            }
        }
        if catalogs.isEmpty { return .failure(QAProblem("no catalog could be read: " + problems.joined(separator: "; "))) }
        return .success(ScreenStrings(catalogs: catalogs, findings: findings, includeFuzzy: includeFuzzy))
    }
}

/// `--dir`.
enum RunDirection: String, ExpressibleByArgument, CaseIterable {
    case auto, rtl, ltr

    /// The forced paragraph direction, nil for auto.
    var direction: LayoutDirection? {
        switch self {
        case .auto: return nil
        case .rtl: return .rtl
        case .ltr: return .ltr
        }
    }
}
