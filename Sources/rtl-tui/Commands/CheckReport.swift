import BidiTerm
import Foundation

/// The reports of `rtl-tui check`: for a person (text), for tools (JSON), for code scanning
/// (SARIF 2.1.0), for test dashboards (JUnit XML) and for GitHub Actions (workflow annotations).
/// None carries a raw control character or bidi control (R22): text is revealed or escaped.
struct CheckReport {
    var findings: [Finding]
    var files: [(path: String, entries: Int)]
    /// Findings left out because the baseline has them.
    var known: Int
    /// Strings `--fix` repaired, per file.
    var fixed: [(path: String, count: Int)]
    /// The inputs that could not be read (named, or found in a folder named), with the reason.
    var unreadable: [Unreadable] = []

    /// An input that was never checked: a missing file, a loop of links, a device, a malformed catalog.
    struct Unreadable {
        var path: String
        /// Where in the file, when the file was read but is malformed (0 otherwise).
        var line: Int
        var column: Int
        var reason: String
    }

    var errors: Int { findings.filter { $0.severity == .error }.count }
    var warnings: Int { findings.filter { $0.severity == .warning }.count }

    // MARK: text

    static func text(_ f: Finding) -> String {
        var s = "\(line(Sanitizer.revealing(f.file))):\(f.line)\(f.column > 0 ? ":\(f.column)" : ""): \(f.severity.rawValue)[\(f.id)]"
        if !f.key.isEmpty { s += " " + quoted(f.key) }
        if f.fuzzy { s += " (fuzzy)" }
        s += ": " + line(f.message) + "\n"
        if !f.rendered.isEmpty { s += "    renders: " + f.rendered + "\n" }
        if !f.suggestion.isEmpty { s += "    fix: " + line(f.suggestion) + "\n" }
        return s
    }

    /// One line of a report: controls as placeholders, bidi controls and the isolates of revealed
    /// tokens left out (a report is read in a terminal, logical order as stored).
    static func line(_ s: String) -> String {
        Sanitizer.terminalSafe(Sanitizer.visible(s))
    }

    static func quoted(_ key: String) -> String {
        let k = key.count > 60 ? String(key.prefix(57)) + "…" : key
        return "\"" + line(Sanitizer.revealing(k)) + "\""
    }

    func summary() -> String {
        let entries = files.reduce(0) { $0 + $1.entries }
        // The ids of each severity, most found first (notes, which never fail, counted apart).
        func list(_ severity: Severity) -> String {
            var byID: [String: Int] = [:]
            for x in findings where x.severity == severity { byID[x.id, default: 0] += 1 }
            return byID.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
        let notes = findings.count - errors - warnings
        var s = "\(files.count) file\(files.count == 1 ? "" : "s"), \(entries) entries: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        if notes > 0 { s += ", \(notes) note\(notes == 1 ? "" : "s")" }
        let parts = [(Severity.error, "errors"), (.warning, "warnings"), (.info, "notes")].compactMap { (severity, name) -> String? in
            let l = list(severity)
            return l.isEmpty ? nil : "\(name): \(l)"
        }
        if !parts.isEmpty { s += " (" + parts.joined(separator: "; ") + ")" }
        if known > 0 { s += "; \(known) more known from the baseline" }
        let repaired = fixed.reduce(0) { $0 + $1.count }
        if repaired > 0 { s += "; \(repaired) string\(repaired == 1 ? "" : "s") fixed" }
        if !unreadable.isEmpty { s += "; \(unreadable.count) input\(unreadable.count == 1 ? "" : "s") could not be read (not checked)" }
        return s + "\n"
    }

    // MARK: JSON

    func json() -> String {
        let read = files.map { "{\"path\":\(JSON.quote($0.path)),\"entries\":\($0.entries)}" }
        let unread = unreadable.map { u in
            "{\"path\":\(JSON.quote(u.path)),\"entries\":0,\"error\":\(JSON.quote(u.reason))"
                + (u.line > 0 ? ",\"line\":\(u.line),\"column\":\(u.column)" : "") + "}"
        }
        var s = "{\"files\":[" + (read + unread).joined(separator: ",") + "],"
        s += "\"summary\":{\"errors\":\(errors),\"warnings\":\(warnings),\"findings\":\(findings.count),\"baseline\":\(known),\"fixed\":\(fixed.reduce(0) { $0 + $1.count }),\"unreadable\":\(unreadable.count)},"
        s += "\"findings\":[" + findings.map(CheckReport.json).joined(separator: ",\n") + "]}\n"
        return s
    }

    /// A JSON string, or `null`.
    static func opt(_ v: String?) -> String { v.map(JSON.quote) ?? "null" }

    /// The message, then the rendering and the fix on lines of their own.
    static func details(_ f: Finding, renders: String = "renders: ", fix: String = "fix: ") -> String {
        var s = f.message
        if !f.rendered.isEmpty { s += "\n" + renders + f.rendered }
        if !f.suggestion.isEmpty { s += "\n" + fix + f.suggestion }
        return s
    }

    static func json(_ f: Finding) -> String {
        return "{\"id\":\(JSON.quote(f.id)),\"severity\":\(JSON.quote(f.severity.rawValue)),\"file\":\(JSON.quote(f.file)),"
            + "\"line\":\(f.line),\"column\":\(f.column),\"key\":\(JSON.quote(f.key)),\"entryKey\":\(JSON.quote(f.entryKey)),"
            + "\"context\":\(opt(f.context)),\"pluralForm\":\(opt(f.pluralForm)),\"fuzzy\":\(f.fuzzy),"
            + "\"translation\":\(opt(f.translation)),\"source\":\(opt(f.source)),\"message\":\(JSON.quote(f.message)),"
            + "\"rendered\":\(JSON.quote(f.rendered)),\"suggestion\":\(JSON.quote(f.suggestion)),\"fixable\":\(f.fixable)}"
    }

    // MARK: SARIF 2.1.0

    static func sarifLevel(_ s: Severity) -> String { QAReport.level(s) }

    /// A URI reference for a path: relative paths stay relative (to the directory `check` ran in),
    /// absolute ones become `file://` URIs; each segment percent-encoded.
    static func uri(_ path: String) -> String { QAReport.uri(path) }

    /// `rules`: every check, so that `ruleIndex` is stable across runs.
    func sarif() -> String {
        let rules = LintRule.all
        let ruleJSON = rules.map { r in
            "{\"id\":\(JSON.quote(r.id)),\"name\":\(JSON.quote(CheckReport.ruleName(r.id))),"
                + "\"shortDescription\":{\"text\":\(JSON.quote(r.summary))},"
                + "\"fullDescription\":{\"text\":\(JSON.quote(r.summary + " " + r.help))},"
                + "\"help\":{\"text\":\(JSON.quote(r.help))},"
                + "\"defaultConfiguration\":{\"level\":\(JSON.quote(CheckReport.sarifLevel(r.severity)))},"
                + "\"properties\":{\"fixable\":\(r.fixable)}}"
        }.joined(separator: ",\n")
        let results = findings.map { f -> String in
            var location = "{\"physicalLocation\":{\"artifactLocation\":{\"uri\":\(JSON.quote(CheckReport.uri(f.file)))}"
            if f.line > 0 {
                location += ",\"region\":{\"startLine\":\(f.line)" + (f.column > 0 ? ",\"startColumn\":\(f.column)" : "") + "}"
            }
            location += "}"
            if !f.key.isEmpty {
                location += ",\"logicalLocations\":[{\"name\":\(JSON.quote(f.entryKey)),\"fullyQualifiedName\":\(JSON.quote(f.key)),\"kind\":\"member\"}]"
            }
            location += "}"
            let message = CheckReport.details(f, renders: "Renders: ", fix: "Fix: ")
            let fingerprint = "\(f.file)|\(f.key)|\(f.pluralForm ?? "")|\(f.id)"
            return "{\"ruleId\":\(JSON.quote(f.id)),\"ruleIndex\":\(rules.firstIndex { $0.id == f.id } ?? 0),"
                + "\"level\":\(JSON.quote(CheckReport.sarifLevel(f.severity))),\"message\":{\"text\":\(JSON.quote(message))},"
                + "\"locations\":[\(location)],"
                + "\"partialFingerprints\":{\"rtlTuiCheck/v1\":\(JSON.quote(fingerprint))},"
                + "\"properties\":{\"key\":\(JSON.quote(f.key)),\"context\":\(CheckReport.opt(f.context)),\"pluralForm\":\(CheckReport.opt(f.pluralForm)),"
                + "\"fuzzy\":\(f.fuzzy),\"translation\":\(CheckReport.opt(f.translation)),\"source\":\(CheckReport.opt(f.source)),\"fixable\":\(f.fixable)}}"
        }.joined(separator: ",\n")
        // Inputs never checked: tool execution notifications, and the run marked unsuccessful.
        let notifications = unreadable.map { u -> String in
            var location = "{\"physicalLocation\":{\"artifactLocation\":{\"uri\":\(JSON.quote(CheckReport.uri(u.path)))}"
            if u.line > 0 { location += ",\"region\":{\"startLine\":\(u.line)" + (u.column > 0 ? ",\"startColumn\":\(u.column)" : "") + "}" }
            location += "}}"
            return "{\"level\":\"error\",\"message\":{\"text\":\(JSON.quote(CheckReport.line(u.path) + ": not checked: " + u.reason))},"
                + "\"locations\":[\(location)],\"descriptor\":{\"id\":\"unreadable-input\"}}"
        }.joined(separator: ",\n")
        let invocation = "\"invocations\":[{\"executionSuccessful\":\(unreadable.isEmpty),\"toolExecutionNotifications\":[\(notifications)]}],"
        return "{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{"
            + "\"tool\":{\"driver\":{\"name\":\"rtl-tui check\",\"rules\":[\n\(ruleJSON)]}},"
            + invocation
            + "\"columnKind\":\"unicodeCodePoints\","
            + "\"results\":[\n\(results)]}]}\n"
    }

    /// `placeholder-missing` → `PlaceholderMissing` (SARIF's rule names are identifiers).
    static func ruleName(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    // MARK: JUnit XML

    static func xml(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u.value {
            case 0x26: out += "&amp;"
            case 0x3C: out += "&lt;"
            case 0x3E: out += "&gt;"
            case 0x22: out += "&quot;"
            case 0x09, 0x0A: out += "&#x\(Hex.padded(u.value));"
            // Controls are not XML characters; bidi controls are written as references (R22).
            case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029, 0xFFFE, 0xFFFF:
                out += Sanitizer.isControl(u.value) ? (Sanitizer.placeholder(for: u.value) ?? "?") : "&#x\(Hex.padded(u.value));"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// One `<testsuite>` per file, one `<testcase>` per finding: errors as `<failure>` (and
    /// warnings too under `--strict`), the others passing with their text in `<system-out>`; a
    /// clean file is one passing test case.
    func junit(strict: Bool) -> String {
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let failing = findings.filter { $0.severity == .error || (strict && $0.severity == .warning) }.count
        let tests = files.reduce(0) { n, file in n + max(1, findings.filter { $0.file == file.path }.count) }
        s += "<testsuites name=\"rtl-tui check\" tests=\"\(tests + unreadable.count)\" failures=\"\(failing)\" errors=\"\(unreadable.count)\">\n"
        for file in files {
            let mine = findings.filter { $0.file == file.path }
            let fails = mine.filter { $0.severity == .error || (strict && $0.severity == .warning) }.count
            s += "  <testsuite name=\(attr(file.path)) tests=\"\(max(1, mine.count))\" failures=\"\(fails)\" errors=\"0\">\n"
            if mine.isEmpty {
                s += "    <testcase classname=\(attr(file.path)) name=\"no findings in \(file.entries) entries\"/>\n"
            }
            for f in mine {
                let name = "\(f.id) \(f.key.isEmpty ? "(file)" : f.key)\(f.pluralForm.map { " [\($0)]" } ?? "") line \(f.line)"
                let body = CheckReport.details(f)
                s += "    <testcase classname=\(attr(file.path)) name=\(attr(name))>\n"
                if f.severity == .error || (strict && f.severity == .warning) {
                    s += "      <failure type=\(attr(f.id)) message=\(attr(f.severity.rawValue + ": " + f.message))>\(CheckReport.xml(body))</failure>\n"
                } else {
                    s += "      <system-out>\(CheckReport.xml(f.severity.rawValue + ": " + body))</system-out>\n"
                }
                s += "    </testcase>\n"
            }
            s += "  </testsuite>\n"
        }
        // An input never checked: a suite of one test case in error.
        for u in unreadable {
            let reason = (u.line > 0 ? "line \(u.line)\(u.column > 0 ? ", column \(u.column)" : ""): " : "") + u.reason
            s += "  <testsuite name=\(attr(u.path)) tests=\"1\" failures=\"0\" errors=\"1\">\n"
            s += "    <testcase classname=\(attr(u.path)) name=\"read the catalog\">\n"
            s += "      <error type=\"unreadable-input\" message=\(attr("not checked: " + reason))>\(CheckReport.xml(u.path + ": " + reason))</error>\n"
            s += "    </testcase>\n  </testsuite>\n"
        }
        return s + "</testsuites>\n"
    }

    private func attr(_ s: String) -> String { "\"" + CheckReport.xml(s) + "\"" }

    // MARK: GitHub Actions

    /// Workflow command data: `%`, CR and LF escaped.
    static func ghData(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Workflow command properties: also `:` and `,`.
    static func ghProperty(_ s: String) -> String {
        ghData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// One `::error file=…,line=…,col=…,title=…::message` line per finding.
    func github() -> String {
        let unread = unreadable.map { u in
            var props = "file=\(CheckReport.ghProperty(u.path))"
            if u.line > 0 { props += ",line=\(u.line)" }
            if u.column > 0 { props += ",col=\(u.column)" }
            props += ",title=\(CheckReport.ghProperty("rtl-tui check: not checked"))"
            return "::error \(props)::\(CheckReport.ghData(CheckReport.line(u.path + ": " + u.reason)))\n"
        }.joined()
        return unread + findings.map { f in
            let level = f.severity == .error ? "error" : (f.severity == .warning ? "warning" : "notice")
            var props = "file=\(CheckReport.ghProperty(f.file))"
            if f.line > 0 { props += ",line=\(f.line)" }
            if f.column > 0 { props += ",col=\(f.column)" }
            let title = "rtl-tui check [\(f.id)]" + (f.key.isEmpty ? "" : " " + CheckReport.quoted(f.key)) + (f.fuzzy ? " (fuzzy)" : "")
            props += ",title=\(CheckReport.ghProperty(CheckReport.line(title)))"
            var message = CheckReport.line(f.message)
            if !f.rendered.isEmpty { message += "\nrenders: " + f.rendered }
            if !f.suggestion.isEmpty { message += "\nfix: " + CheckReport.line(f.suggestion) }
            return "::\(level) \(props)::\(CheckReport.ghData(message))\n"
        }.joined()
    }
}
