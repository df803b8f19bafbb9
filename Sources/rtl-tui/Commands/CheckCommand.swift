import ArgumentParser
import BidiTerm
import BidiTermTerminal
import Foundation

enum CheckFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, sarif, junit, github
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Lint translated strings for bidi and translation problems (for CI).",
        discussion: """
            Reads catalogs (.po, .mo, .strings, .stringsdict, .xcstrings, Android strings.xml, XLIFF 1.2/2.0, JSON, ARB, Qt .ts/.qm) \
            and reports, per string: invalid UTF-8; raw control characters and escape sequences (R22); \
            unbalanced or unterminated bidi controls (Trojan Source, CVE-2021-42574) and overrides; \
            placeholders missing or added against the source, read in the entry's format (gettext flags, \
            glibc %Id and strftime, Qt/KDE %1, Python, ICU, i18next, Apple, Android); placeholders that a \
            left-to-right value reorders unless isolated; lines that a first-strong paragraph shows \
            differently; untranslated strings; overflow past a maximum width after shaping; presentation \
            forms; mixed digit systems; brackets, escapes, whitespace and numbers against the source; plural \
            forms against Plural-Forms or CLDR; text stored in visual order. \
            A folder is searched recursively for .po, .mo, .gmo, .strings, .stringsdict, .xcstrings, .xlf, .xliff, .arb and \
            strings*.xml; an input that cannot be read is named, with the reason, in every report format. \
            Configuration: .rtl-tui-check.yaml in the current directory or above, or --config FILE. \
            Exit status: 0 clean, 1 findings at error severity not in the baseline (any finding with \
            --strict), 2 unreadable input or configuration.
            """ + GuidePage.line("check.md")
    )

    @OptionGroup var catalogs: CatalogFileOptions

    @OptionGroup var locale: LocaleOptions

    @OptionGroup var bidi: BidiModeOptions

    @Option(help: "Flag strings wider than N cells after shaping.")
    var maxWidth: Int?

    @Option(help: "text (for a person), json (for tools), sarif (code scanning), junit (test dashboards), github (workflow annotations).")
    var format: CheckFormat = .text

    @Flag(help: "Exit with status 1 on any finding, not only errors.")
    var strict = false

    @Option(help: "Only report findings of at least this severity: info, warning, error.")
    var minSeverity: String = "info"

    @Option(help: "The configuration file (default: .rtl-tui-check.yaml here or in a parent directory).")
    var config: String?

    @Option(help: "Report only findings not recorded in this baseline file; the exit status counts only those.")
    var baseline: String?

    @Option(help: "Record today's findings in this baseline file (and exit 0).")
    var writeBaseline: String?

    @Flag(help: "Check fuzzy entries too (skipped by default); their findings are marked.")
    var includeFuzzy = false

    @Flag(help: "Repair what is mechanical (unterminated or stray bidi controls, presentation forms) in .po, .strings and Android XML files, in place.")
    var fix = false

    func validate() throws {
        if let w = maxWidth, w < 1 { throw ValidationError("--max-width must be at least 1 (got \(w)).") }
        if Severity(rawValue: minSeverity) == nil { throw ValidationError("--min-severity must be info, warning or error (got \(minSeverity)).") }
    }

    /// What one file gave.
    private struct FileResult {
        var findings: [Finding] = []
        var entries = 0
        var loaded = false
        var fixed = 0
        var problems: [String] = []
        /// Why the file could not be read, when it could not.
        var unreadable: CheckReport.Unreadable?
    }

    func run() throws {
        let out = Output()
        // The configuration.
        var settings = LintConfig()
        if let path = config ?? LintConfig.find(from: FileManager.default.currentDirectoryPath) {
            do { settings = try LintConfig.load(path: path) } catch let error as LintConfigError {
                for problem in error.problems { Diagnostics.warn(problem.description) }
                throw ExitCode.unreadableInput
            } catch {
                Diagnostics.warn("\(error)")
                throw ExitCode.unreadableInput
            }
        }
        var sourceCatalog: Catalog? = nil
        if let source = catalogs.source {
            do { sourceCatalog = try CatalogLoader.load(path: source) } catch {
                Diagnostics.warn("\(error)")
                throw ExitCode.unreadableInput
            }
        }
        var known: LintBaseline? = nil
        if let baseline {
            do { known = try LintBaseline.load(path: baseline) } catch {
                Diagnostics.warn("\(error)")
                throw ExitCode.unreadableInput
            }
        }
        let minimum = Severity(rawValue: minSeverity)!
        // Folders are opened to the catalogs inside; what cannot be read is reported in every format.
        let expanded = CatalogFiles.expand(catalogs.files)
        let paths = expanded.files.filter { !settings.ignores(file: $0) }
        var unreadableInputs = expanded.unreadable.filter { !settings.ignores(file: $0.path) }
            .map { CheckReport.Unreadable(path: $0.path, line: 0, column: 0, reason: $0.reason) }
        let includeFuzzy = self.includeFuzzy || settings.includeFuzzy

        // Each file is loaded, checked (and fixed) on its own; two at a time on two cores.
        final class Results: @unchecked Sendable {
            private let lock = NSLock()
            private(set) var items: [FileResult]
            init(_ n: Int) { items = [FileResult](repeating: FileResult(), count: n) }
            func set(_ i: Int, _ r: FileResult) { lock.lock(); items[i] = r; lock.unlock() }
        }
        let box = Results(paths.count)
        let fix = self.fix, locale = self.locale.locale, cliWidth = self.maxWidth
        let config = settings, sources = sourceCatalog
        DispatchQueue.concurrentPerform(iterations: paths.count) { i in
            let path = paths[i]
            var r = FileResult()
            defer { box.set(i, r) }
            let options = BidiLinter.Options(locale: locale, maxWidth: config.maxWidth(file: path, cli: cliWidth), includeFuzzy: includeFuzzy,
                                             disabled: config.disabled, maxWidthForKey: { [config] in config.maxWidth(key: $0) })
            let linter = BidiLinter(options: options)
            func lint(_ catalog: Catalog) -> [Finding] {
                linter.check(catalog, source: sources)
                    .filter { $0.key.isEmpty || !config.ignores(key: $0.entryKey, context: $0.context) }
                    .map(config.apply)
                    .filter { $0.severity >= minimum }
            }
            var catalog: Catalog
            do { catalog = try CatalogLoader.load(path: path, locale: locale) } catch {
                r.problems.append("\(error)")
                if let d = error as? CatalogDiagnostic {
                    r.unreadable = CheckReport.Unreadable(path: path, line: d.line, column: d.column, reason: d.message)
                } else {
                    r.unreadable = CheckReport.Unreadable(path: path, line: 0, column: 0, reason: "\(error)")
                }
                return
            }
            r.loaded = true
            r.entries = catalog.entries.count
            if fix {
                do {
                    let data = try Data(contentsOf: URL(fileURLWithPath: path))
                    let result = try CatalogFixer.fix(data, catalog: catalog, disabled: config.disabled) { e in
                        (e.isFuzzy && !includeFuzzy) || config.ignores(key: e.key, context: e.context)
                    }
                    for s in result.skipped { r.problems.append("\(path): not fixed: \(s.key): \(s.reason)") }
                    if !result.fixed.isEmpty {
                        try result.data.write(to: URL(fileURLWithPath: path))
                        r.fixed = result.fixed.count
                        catalog = try CatalogLoader.load(path: path, locale: locale)
                    }
                } catch let refusal as CatalogFixer.Refusal {
                    if linter.check(catalog, source: sources).contains(where: \.fixable) {
                        r.problems.append("\(path): not fixed: \(refusal)")
                    }
                } catch {
                    r.problems.append("\(path): not fixed: \(error)")
                }
            }
            r.findings = lint(catalog)
        }

        var all: [Finding] = []
        var checked: [(path: String, entries: Int)] = []
        for u in unreadableInputs { Diagnostics.warn("\(u.path): \(u.reason)") }
        var fixedFiles: [(path: String, count: Int)] = []
        for (i, r) in box.items.enumerated() {
            for p in r.problems { Diagnostics.warn(p) }
            if !r.loaded {
                if let u = r.unreadable { unreadableInputs.append(u) }
                continue
            }
            checked.append((paths[i], r.entries))
            all += r.findings
            if r.fixed > 0 { fixedFiles.append((paths[i], r.fixed)) }
        }
        if let writeBaseline {
            let b = LintBaseline(all, baselinePath: writeBaseline)
            do { try b.json().write(toFile: writeBaseline, atomically: true, encoding: .utf8) } catch {
                Diagnostics.warn("\(writeBaseline): cannot write the baseline: \(error.localizedDescription)")
                throw ExitCode.unreadableInput
            }
            Diagnostics.warn("\(writeBaseline): \(all.count) finding\(all.count == 1 ? "" : "s") recorded")
        }
        var report = CheckReport(findings: all, files: checked, known: 0, fixed: fixedFiles, unreadable: unreadableInputs)
        if let known, writeBaseline == nil {
            let (new, old) = known.filter(all)
            report.findings = new
            report.known = old
        }
        switch format {
        case .text:
            // The renderings (visual order) for a terminal's own bidi, when standard output is one.
            let lines = TerminalLineOutput.standardOutput(mode: bidi.bidiMode, environment: CommandEnvironment.variables,
                                                      fd: CommandEnvironment.standardOutput)
            for f in report.findings { out.write(lines.report(CheckReport.text(f), visualLinesStartingWith: ["    renders: "])) }
            if lines.changesLines { out.write(lines.finish()) }
            for f in fixedFiles { out.write("\(CheckReport.line(Sanitizer.revealing(f.path))): fixed \(f.count) string\(f.count == 1 ? "" : "s")\n") }
            out.write(report.summary())
        case .json: out.write(report.json())
        case .sarif: out.write(report.sarif())
        case .junit: out.write(report.junit(strict: strict))
        case .github: out.write(report.github())
        }
        out.flush()
        if !unreadableInputs.isEmpty { throw ExitCode.unreadableInput }
        if writeBaseline != nil { return }
        if report.errors > 0 || (strict && !report.findings.isEmpty) { throw ExitCode.failure }
    }
}
