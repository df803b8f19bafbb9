import ArgumentParser
import BidiTerm
import BidiTermTerminal

/// `--align`: where a padded line's text sits (`LineFormat.alignment`).
extension HorizontalAlignment: ExpressibleByArgument {}

extension TerminalLineOutput: LineRewriter {}

enum RenderFormat: String, ExpressibleByArgument, CaseIterable {
    case plain, ansi, html, svg
}

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        // Only used when `render` is parsed as the root (`RTLTUI.parse`): it names the tool in
        // front of the command and skips the completion-script check, which the tree makes.
        _superCommandName: "rtl-tui",
        abstract: "Print text in visual order, shaped and mirrored, ready for any terminal.",
        discussion: """
            Each TEXT argument, or each line of standard input when there is none, is one paragraph. \
            Visual lines are printed in screen order, left to right. With --width, paragraphs wrap at \
            that many cells (UAX #14 break opportunities) before each line is reordered, and lines are \
            padded to their alignment. Control characters become visible placeholders (␛, ␀, …); \
            plain output contains no escape sequence at all. When standard output is a terminal that \
            runs its own bidi, the lines are written the way it shows them right (VTE: in explicit \
            mode; Konsole, PuTTY, qterminal, kitty: in the order its bidi turns back into them); a \
            pipe or a file gets the lines as they are. --bidi-mode none writes them as they are.
            """ + GuidePage.line("render.md")
    )

    @Argument(help: "Paragraphs to render (default: read standard input, one paragraph per line).")
    var text: [String] = []

    // The shared options (CommonOptions.swift) are declared here as render's own, with their help
    // and default, rather than as `@OptionGroup`s: each group costs start-up time, which counts
    // for a command started once per string. The titled groups keep their section of the help.
    @Option(help: DirectionOptions.help)
    var dir: DirectionOption = .auto

    @Option(help: "Wrap at N terminal cells and pad each line to its alignment. With --screen: the screen's width (default 80).")
    var width: Int?

    @Option(help: "Alignment with --width: leading (right in RTL), trailing, left, right, center.")
    var align: HorizontalAlignment = .leading

    @Flag(help: ShapingOptions.help)
    var noShape = false

    @Flag(help: "Do not mirror brackets and other mirrored characters in RTL runs.")
    var noMirror = false

    @Option(help: LocaleOptions.help)
    var locale: String?

    @Option(help: NumeralsOptions.help)
    var numerals: NumeralsOption?

    @Option(help: "plain (no escape sequences), ansi (placeholders in reverse video, mirrored glyphs underlined), html (with --screen: a self-contained page) or svg (with --screen: a self-contained picture of the cells).")
    var format: RenderFormat = .plain

    @Option(help: "Tab stops every N cells.")
    var tabSize: Int = 8

    @Flag(help: StrictUTF8Options.help)
    var strict = false

    @OptionGroup(title: "Screen files")
    var screenOptions: ScreenRenderOptions

    @OptionGroup(title: "Screen files")
    var pseudo: PseudoLocaleOptions

    @Option(help: BidiModeOptions.help)
    var bidiMode: TerminalBidiMode = .auto

    func validate() throws {
        if let w = width, w < 1 { throw ValidationError("--width must be at least 1 (got \(w)).") }
        if tabSize < 1 || tabSize > 64 { throw ValidationError("--tab-size must be between 1 and 64 (got \(tabSize)).") }
        if numerals == .locale && locale == nil && screenOptions.screen == nil {
            throw ValidationError("--numerals locale needs --locale.")
        }
        if screenOptions.screen != nil && !text.isEmpty { throw ValidationError("Give TEXT or --screen, not both.") }
        if pseudo.pseudo != nil && screenOptions.screen == nil { throw ValidationError("--pseudo needs --screen.") }
        _ = try pseudo.locale(locale)
        if (format == .html || format == .svg) && screenOptions.screen == nil {
            throw ValidationError("--format \(format.rawValue) needs --screen.")
        }
    }

    /// What the options ask of text (all but `--screen`'s).
    var settings: RenderSettings {
        let fallback = locale.map { LayoutDirection(locale: $0) } ?? .ltr
        var options = LayoutOptions(shaping: !noShape, mirroring: !noMirror, tabSize: tabSize)
        let digits = numerals ?? .keep
        options.numerals = digits == .locale ? NumeralSystem.forLocale(locale ?? "en") : digits.fixed
        return RenderSettings(base: dir.base(fallback: fallback), options: options,
                              format: LineFormat(width: width, alignment: align, marks: format == .ansi))
    }

    func run() throws {
        if let screen = screenOptions.screen {
            let screenFormat: ScreenOutputFormat
            switch format {
            case .plain: screenFormat = .plain
            case .ansi: screenFormat = .ansi
            case .html: screenFormat = .html
            case .svg: screenFormat = .svg
            }
            let job = ScreenRenderJob(options: screenOptions, screen: screen, direction: dir.fixed, width: width,
                                      locale: try pseudo.locale(locale), numerals: numerals?.fixed, format: screenFormat,
                                      shaping: !noShape, mirroring: !noMirror, tabSize: tabSize)
            let status = job.run()
            if status != .success { throw status }
            return
        }
        var invalid = false
        let lines = TerminalLineOutput.standardOutput(mode: bidiMode, environment: CommandEnvironment.variables,
                                                      fd: CommandEnvironment.standardOutput)
        defer { if lines.changesLines { CommandEnvironment.writeOutput(lines.finish()) } }
        if text.isEmpty {
            invalid = RenderPipeline.run(settings: settings, input: CommandEnvironment.standardInput,
                                         output: CommandEnvironment.standardOutput, lines: lines)
        } else {
            invalid = RenderText.arguments(text, settings: settings, lines: lines)
        }
        if invalid && strict { throw ExitCode.dataError }
    }
}
