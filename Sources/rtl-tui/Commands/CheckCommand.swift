import ArgumentParser
import BidiTerm
import Foundation

enum CheckFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Lint translated strings for bidi problems (for CI).",
        discussion: """
            Reads catalogs (.po, .mo, .strings, .xcstrings, Android strings.xml, XLIFF 1.2/2.0, JSON, ARB) \
            and reports, per string: invalid UTF-8; raw control characters and escape sequences (R22); \
            unbalanced or unterminated bidi controls (Trojan Source, CVE-2021-42574) and overrides; \
            placeholders that a left-to-right value would reorder with RTL text unless isolated, and \
            placeholders missing or added against the source; strings that look different in an LTR \
            and an RTL paragraph; untranslated strings in an RTL locale; overflow past --max-width \
            cells after shaping; pre-shaped presentation forms; mixed digit systems. \
            Exit status: 0 clean, 1 findings at error severity (any finding with --strict), 2 unreadable input.
            """
    )

    @OptionGroup var catalogs: CatalogFileOptions

    @OptionGroup var locale: LocaleOptions

    @Option(help: "Flag strings wider than N cells after shaping.")
    var maxWidth: Int?

    @Option(help: "text (for a person) or json (for tools).")
    var format: CheckFormat = .text

    @Flag(help: "Exit with status 1 on any finding, not only errors.")
    var strict = false

    @Option(help: "Only report findings of at least this severity: info, warning, error.")
    var minSeverity: String = "info"

    func validate() throws {
        if let w = maxWidth, w < 1 { throw ValidationError("--max-width must be at least 1 (got \(w)).") }
        if Severity(rawValue: minSeverity) == nil { throw ValidationError("--min-severity must be info, warning or error (got \(minSeverity)).") }
    }

    func run() throws {
        let out = Output()
        var unreadable = false
        var sourceCatalog: Catalog? = nil
        let locale = self.locale.locale
        if let source = catalogs.source {
            do { sourceCatalog = try CatalogLoader.load(path: source) } catch {
                Diagnostics.warn("\(error)")
                throw ExitCode.unreadableInput
            }
        }
        let linter = BidiLinter(options: .init(locale: locale, maxWidth: maxWidth))
        let minimum = Severity(rawValue: minSeverity)!
        var all: [Finding] = []
        var checked: [(String, Int)] = []
        for f in catalogs.files {
            let catalog: Catalog
            do { catalog = try CatalogLoader.load(path: f, locale: locale) } catch {
                Diagnostics.warn("\(error)")
                unreadable = true
                continue
            }
            let findings = linter.check(catalog, source: sourceCatalog).filter { $0.severity >= minimum }
            checked.append((f, catalog.entries.count))
            all += findings
            if format == .text {
                for x in findings { out.write(CheckCommand.text(x)) }
            }
        }
        let errors = all.filter { $0.severity == .error }.count
        let warnings = all.filter { $0.severity == .warning }.count
        if format == .json {
            out.write(CheckCommand.json(all, files: checked, errors: errors, warnings: warnings))
        } else {
            let entries = checked.reduce(0) { $0 + $1.1 }
            var byID: [String: Int] = [:]
            for x in all { byID[x.id, default: 0] += 1 }
            let summary = byID.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            out.write("\(checked.count) file\(checked.count == 1 ? "" : "s"), \(entries) entries: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")\(summary.isEmpty ? "" : " (" + summary + ")")\n")
        }
        out.flush()
        if unreadable { throw ExitCode.unreadableInput }
        if errors > 0 || (strict && !all.isEmpty) { throw ExitCode.failure }
    }

    static func text(_ f: Finding) -> String {
        var s = "\(Sanitizer.revealing(f.file)):\(f.line)\(f.column > 0 ? ":\(f.column)" : ""): \(f.severity.rawValue)[\(f.id)]"
        if !f.key.isEmpty { s += " " + quoted(f.key) }
        s += ": " + Sanitizer.visible(f.message) + "\n"
        if !f.rendered.isEmpty { s += "    renders: " + f.rendered + "\n" }
        if !f.suggestion.isEmpty { s += "    fix: " + Sanitizer.visible(f.suggestion) + "\n" }
        return s
    }

    static func quoted(_ key: String) -> String {
        let k = key.count > 60 ? String(key.prefix(57)) + "…" : key
        return "\"" + Sanitizer.revealing(k) + "\""
    }

    static func json(_ all: [Finding], files: [(String, Int)], errors: Int, warnings: Int) -> String {
        var s = "{\"files\":[" + files.map { "{\"path\":\(JSON.quote($0.0)),\"entries\":\($0.1)}" }.joined(separator: ",") + "],"
        s += "\"summary\":{\"errors\":\(errors),\"warnings\":\(warnings),\"findings\":\(all.count)},"
        s += "\"findings\":[" + all.map { f in
            "{\"id\":\(JSON.quote(f.id)),\"severity\":\(JSON.quote(f.severity.rawValue)),\"file\":\(JSON.quote(f.file)),"
                + "\"line\":\(f.line),\"column\":\(f.column),\"key\":\(JSON.quote(f.key)),\"message\":\(JSON.quote(f.message)),"
                + "\"rendered\":\(JSON.quote(f.rendered)),\"suggestion\":\(JSON.quote(f.suggestion))}"
        }.joined(separator: ",\n") + "]}\n"
        return s
    }
}
