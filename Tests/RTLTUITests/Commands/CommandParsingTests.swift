import ArgumentParser
import BidiTerm
import TestSupport
import XCTest
@testable import rtl_tui

/// The command lines of every command as argument-parser reads them: the shared option groups,
/// the defaults, what validation refuses, and the exit statuses.
final class CommandParsingTests: XCTestCase {
    func test_render_sharedAndItsOwnOptions() throws {
        let c = try RenderCommand.parse(["--dir", "rtl", "--numerals", "arab", "--locale", "ar", "--no-shape",
                                         "--strict", "--width", "20", "--align", "center", "שלום"])
        XCTAssertEqual(c.dir, .rtl)
        XCTAssertEqual(c.numerals, .arab)
        XCTAssertEqual(c.locale, "ar")
        XCTAssertTrue(c.noShape)
        XCTAssertTrue(c.strict)
        XCTAssertEqual(c.width, 20)
        XCTAssertEqual(c.align, .center)
        XCTAssertEqual(c.text, ["שלום"])
    }

    func test_render_defaults() throws {
        let c = try RenderCommand.parse([])
        XCTAssertEqual(c.dir, .auto)
        XCTAssertNil(c.numerals, "no --numerals: text keeps its digits, screens take the locale's")
        XCTAssertNil(c.locale)
        XCTAssertFalse(c.noShape)
        XCTAssertFalse(c.strict)
        XCTAssertEqual(c.bidiMode, .auto)
        XCTAssertEqual(c.format, .plain)
        XCTAssertNil(c.screenOptions.screen)
    }

    /// The `rtl-tui` front program (Sources/rtl-tui-front) renders a command line without options
    /// itself, with `RenderSettings.plain`: what the command makes of no option.
    func test_render_withoutOptions_hasTheSettingsTheFrontRendersWith() throws {
        XCTAssertEqual(try RenderCommand.parse([]).settings, .plain)
        XCTAssertEqual(try RenderCommand.parse(["שלום", "abc"]).settings, .plain)
        XCTAssertNotEqual(try RenderCommand.parse(["--dir", "rtl"]).settings, .plain)
        XCTAssertNotEqual(try RenderCommand.parse(["--tab-size", "4"]).settings, .plain)
    }

    func test_render_validationRefusesWhatCannotWork() {
        for args in [["--width", "0", "x"], ["--tab-size", "65", "x"], ["--numerals", "locale", "x"],
                     ["--format", "html", "x"], ["--screen", "s.yaml", "x"], ["--both", "x"], ["--strings", "a.po", "x"]] {
            XCTAssertThrowsError(try RenderCommand.parse(args), "\(args)")
        }
        XCTAssertNoThrow(try RenderCommand.parse(["--numerals", "locale", "--locale", "fa", "x"]))
    }

    /// `render` is parsed with `RenderCommand` as the root (start-up time); whatever the command
    /// line, the outcome is the whole tree's: the same command and values, the same help, version,
    /// completion script, message and exit status.
    func test_render_parsedAsRoot_sameOutcomeAsTheTree() {
        func outcome(_ parse: () throws -> ParsableCommand) -> String {
            do {
                let command = try parse()
                var text = "\(type(of: command))\n"
                dump(command, to: &text)
                return text
            } catch {
                return "status \(RTLTUI.exitCode(for: error).rawValue)\n\(RTLTUI.fullMessage(for: error))"
            }
        }
        let lines: [[String]] = [
            [], ["שלום"], ["--width", "20", "--align", "center", "שלום", "עולם"],
            ["--dir", "rtl", "--numerals", "arab", "--locale", "ar", "--no-shape", "--strict", "--tab-size", "4", "x"],
            ["--format", "ansi", "--bidi-mode", "none", "--no-mirror"], ["--screen", "s.yaml", "--pseudo", "ar-XB"],
            ["--help"], ["-h"], ["help"], ["--help-hidden"], ["--version"], ["--experimental-dump-help"],
            ["--generate-completion-script", "bash"], ["--generate-completion-script=zsh"], ["x", "--generate-completion-script", "fish"],
            ["--bogus"], ["--width"], ["--width", "0", "x"], ["--numerals", "locale", "x"], ["--format", "svg", "x"],
            ["--screen", "s.yaml", "x"], ["--pseudo", "en-XA"], ["--align", "up"], ["--", "--version"], ["--", "-h", "--bogus"],
            ["demo"], ["render"],
        ]
        for line in lines {
            let arguments = ["render"] + line
            let got = outcome { try RTLTUI.parseCommand(arguments) }
            XCTAssertEqual(got, outcome { try RTLTUI.parseAsRoot(arguments) }, "\(arguments)")
            XCTAssertFalse(got.isEmpty)
        }
        XCTAssertEqual(outcome { try RTLTUI.parseCommand(["render", "--version"]) }, "status 0\n0.6.0")
        XCTAssertTrue(outcome { try RTLTUI.parseCommand(["render", "--bogus"]) }.contains("Usage: rtl-tui render"))
        XCTAssertTrue(outcome { try RTLTUI.parseCommand(["render", "--width", "3", "x"]) }.hasPrefix("RenderCommand\n"))
    }

    func test_inspect_sharesDirectionAndStrict() throws {
        let c = try InspectCommand.parse(["--dir", "ltr", "--strict", "--format", "jsonl", "abc"])
        XCTAssertEqual(c.direction.dir, .ltr)
        XCTAssertTrue(c.strict.strict)
        XCTAssertEqual(c.format, .jsonl)
    }

    func test_demo_groupsAndLocaleValidation() throws {
        let c = try DemoCommand.parse(["--locale", "he_IL.UTF-8", "--dir", "ltr", "--numerals", "arabext",
                                       "--no-shape", "--bidi-mode", "implicit", "--screen", "player"])
        XCTAssertEqual(c.locale.locale, "he_IL.UTF-8")
        XCTAssertEqual(c.direction.dir.fixed, .ltr)
        XCTAssertEqual(c.numerals.numerals?.fixed, .arabext)
        XCTAssertTrue(c.shaping.noShape)
        XCTAssertEqual(c.bidi.bidiMode, .implicit)
        let d = try DemoCommand.parse([])
        XCTAssertNil(d.direction.dir.fixed, "auto: the language's direction")
        XCTAssertNil(d.numerals.numerals, "the language's digits")
        XCTAssertEqual(d.bidi.bidiMode, .auto, "the terminal decides (R21)")
        // Any locale name: the demo draws it in its direction and digits (R1, R6).
        XCTAssertEqual(try DemoCommand.parse(["--locale", "ur_PK.UTF-8"]).locale.locale, "ur_PK.UTF-8")
        XCTAssertEqual(try DemoCommand.parse(["--pseudo", "ar-XB"]).pseudo.pseudo, .bidi)
        XCTAssertThrowsError(try DemoCommand.parse(["--locale", "not a locale"]))
        XCTAssertThrowsError(try DemoCommand.parse(["--pseudo", "ar-XB", "--locale", "he"]), "two locales")
        XCTAssertThrowsError(try DemoCommand.parse(["--pseudo", "fr-XX"]))
    }

    func test_preview_pathsStringsAndTheSharedGroups() throws {
        let c = try PreviewCommand.parse(["Examples/souk", "extra.yaml", "--strings", "a.po", "--strings", "b.arb",
                                          "--locale", "ckb", "--dir", "rtl", "--numerals", "latn", "--screen", "cart"])
        XCTAssertEqual(c.paths, ["Examples/souk", "extra.yaml"])
        XCTAssertEqual(c.strings, ["a.po", "b.arb"])
        XCTAssertEqual(c.locale.locale, "ckb")
        XCTAssertEqual(c.direction.dir.fixed, .rtl)
        XCTAssertEqual(c.numerals.numerals?.fixed, .latn)
        XCTAssertEqual(c.screen, "cart")
        XCTAssertEqual(try PreviewCommand.parse(["x", "--pseudo", "en-XA"]).pseudo.pseudo, .accented)
        XCTAssertThrowsError(try PreviewCommand.parse([]), "no path")
        XCTAssertThrowsError(try PreviewCommand.parse(["x", "--locale", "??"]))
    }

    func test_checkAndBrowse_shareTheCatalogFilesAndSource() throws {
        let c = try CheckCommand.parse(["a.po", "b.mo", "--source", "en.po", "--locale", "ar", "--max-width", "30"])
        XCTAssertEqual(c.catalogs.files, ["a.po", "b.mo"])
        XCTAssertEqual(c.catalogs.source, "en.po")
        XCTAssertEqual(c.locale.locale, "ar")
        let b = try BrowseCommand.parse(["a.po", "--source", "en.po", "--bidi-mode", "none"])
        XCTAssertEqual(b.catalogs.files, ["a.po"])
        XCTAssertEqual(b.catalogs.source, "en.po")
        XCTAssertEqual(b.bidi.bidiMode, TerminalBidiMode.none)
        XCTAssertThrowsError(try CheckCommand.parse([]), "no catalog file")
        XCTAssertThrowsError(try BrowseCommand.parse([]), "no catalog file")
        XCTAssertThrowsError(try CheckCommand.parse(["a.po", "--min-severity", "fatal"]))
    }

    /// Each shared option is one declaration: its help reads the same in every command that has it.
    func test_sharedOptionsHaveOneHelpText() {
        func helpLine(_ help: String, _ option: String) -> String? {
            help.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(option) }.map(String.init)
        }
        let render = RenderCommand.helpMessage(columns: 200), inspect = InspectCommand.helpMessage(columns: 200)
        let demo = DemoCommand.helpMessage(columns: 200), browse = BrowseCommand.helpMessage(columns: 200)
        let check = CheckCommand.helpMessage(columns: 200)
        XCTAssertNotNil(helpLine(render, "--dir"))
        XCTAssertEqual(helpLine(render, "--dir"), helpLine(inspect, "--dir"))
        XCTAssertEqual(helpLine(render, "--dir"), helpLine(demo, "--dir"))
        XCTAssertEqual(helpLine(render, "--numerals"), helpLine(demo, "--numerals"))
        XCTAssertEqual(helpLine(render, "--no-shape"), helpLine(browse, "--no-shape"))
        XCTAssertEqual(helpLine(demo, "--bidi-mode"), helpLine(browse, "--bidi-mode"))
        // render declares the shared options as its own (start-up time), with the same help.
        XCTAssertEqual(helpLine(render, "--bidi-mode"), helpLine(demo, "--bidi-mode"))
        XCTAssertEqual(helpLine(render, "--strict"), helpLine(inspect, "--strict"))
        XCTAssertNotNil(helpLine(render, "--strict"))
        let preview = PreviewCommand.helpMessage(columns: 200)
        XCTAssertEqual(helpLine(preview, "--pseudo"), helpLine(render, "--pseudo"))
        XCTAssertEqual(helpLine(preview, "--pseudo"), helpLine(demo, "--pseudo"))
        XCTAssertEqual(helpLine(preview, "--dir"), helpLine(demo, "--dir"))
        XCTAssertEqual(helpLine(check, "--source"), helpLine(browse, "--source"))
        XCTAssertEqual(helpLine(check, "--locale"), helpLine(render, "--locale"))
    }

    /// `preview --export-dir` takes a folder that exists.
    func test_previewExportDir_mustBeAFolder() throws {
        XCTAssertEqual(try PreviewCommand.parse([".", "--export-dir", "/tmp"]).exportDir, "/tmp")
        XCTAssertThrowsError(try PreviewCommand.parse([".", "--export-dir", "/nonexistent/out"])) { error in
            XCTAssertTrue(PreviewCommand.message(for: error).contains("--export-dir /nonexistent/out: no such folder"),
                          PreviewCommand.message(for: error))
        }
    }

    func test_theme_sharedByDemoAndBrowse_autoByDefault_NO_COLORWins() throws {
        XCTAssertEqual(try DemoCommand.parse([]).theme.theme, .auto)
        XCTAssertEqual(try BrowseCommand.parse(["a.po"]).theme.theme, .auto)
        XCTAssertEqual(try DemoCommand.parse(["--theme", "light"]).theme.theme, .light)
        XCTAssertEqual(try BrowseCommand.parse(["a.po", "--theme", "mono"]).theme.theme, .mono)
        XCTAssertThrowsError(try DemoCommand.parse(["--theme", "solarized"]))
        let help = { (h: String) in h.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("--theme") } }
        XCTAssertNotNil(help(DemoCommand.helpMessage(columns: 200)))
        XCTAssertEqual(help(DemoCommand.helpMessage(columns: 200)), help(BrowseCommand.helpMessage(columns: 200)))

        let options = try DemoCommand.parse(["--theme", "dark"]).theme
        XCTAssertEqual(options.choice(environment: [:]).name, "dark")
        XCTAssertEqual(options.choice(environment: ["NO_COLOR": "1"]).name, "mono")
        let auto = try DemoCommand.parse([]).theme
        XCTAssertEqual(auto.choice(environment: ["COLORFGBG": "0;15"]).name, "light")
        XCTAssertEqual(auto.choice(environment: [:], osc11Reply: "rgb:0000/0000/0000").name, "dark")
        XCTAssertEqual(auto.choice(environment: [:]).name, "default")
    }

    func test_optionValues_mapToOneMeaning() {
        XCTAssertEqual(NumeralsOption.allCases.map(\.fixed), [.latn, .arab, .arabext, nil, nil])
        XCTAssertEqual(DirectionOption.allCases.map(\.fixed), [.ltr, .rtl, nil])
        XCTAssertEqual(DirectionOption.auto.base(fallback: .rtl), .auto(fallback: .rtl))
    }

    /// The values the help and the completions list for an enum's option are its raw values, in
    /// order (CommonOptions.swift gives them without argument-parser's key path).
    func test_enumOptionValues_areTheRawValues() {
        XCTAssertEqual(RenderFormat.allValueStrings, ["plain", "ansi", "html", "svg"])
        XCTAssertEqual(HorizontalAlignment.allValueStrings, HorizontalAlignment.allCases.map(\.rawValue))
        XCTAssertEqual(TerminalBidiMode.allValueStrings, TerminalBidiMode.allCases.map(\.rawValue))
        XCTAssertEqual(ThemeOption.allValueStrings, ThemeOption.allCases.map(\.rawValue))
        XCTAssertEqual(MarksOptions.Choice.allValueStrings, ["auto", "combined", "cell", "drop"])
        XCTAssertTrue(RenderCommand.helpMessage(columns: 200).contains("values: plain, ansi, html, svg"))
        // Descriptions: only for the cases described otherwise than by their raw value.
        XCTAssertEqual(RenderFormat.allValueDescriptions, [:])
        XCTAssertEqual(DescribedChoice.allValueDescriptions, ["a": "the first"])
        XCTAssertEqual(DescribedChoice.allValueStrings, ["a", "b"])
    }

    private enum DescribedChoice: String, CaseIterable, ExpressibleByArgument {
        case a, b
        var defaultValueDescription: String { self == .a ? "the first" : rawValue }
    }

    /// The exit statuses are named once; `RTLTUI.run` (the executable's `main`) returns them.
    func test_exitStatuses() throws {
        XCTAssertEqual(ExitCode.usage.rawValue, 64)
        XCTAssertEqual(ExitCode.dataError.rawValue, 65)
        XCTAssertEqual(ExitCode.unreadableInput.rawValue, 2)
        let usage = try Command.run(["render", "--width", "0", "x"])
        XCTAssertEqual(usage.status, 64)
        XCTAssertTrue(usage.stderr.contains("--width must be at least 1"), usage.stderr)
        XCTAssertEqual(usage.stdout, Data())
        let help = try Command.run(["render", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.text.contains("--screen"), "help goes to standard output")
        XCTAssertEqual(help.stderr, "")
        let unknown = try Command.run(["frobnicate"])
        XCTAssertEqual(unknown.status, 64)
    }
}
