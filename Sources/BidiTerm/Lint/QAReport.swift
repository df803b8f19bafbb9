import Foundation

/// What a QA session saw: the catalog translations found on its screens (``ScreenStrings``), how
/// often and on which named screens, with the linter's findings, and the text no entry covers.
///
///     // Fragment: `strings` are the catalogs' ScreenStrings, `rows` a screen's rows
///     var report = QAReport()
///     report.record(strings.match(rows: rows), screen: "settings")
///     try report.json().write(toFile: "qa.json", atomically: true, encoding: .utf8)
///
/// Entries are counted per form (``EntryRef`` carries the form that matched) and once per recorded
/// screen, however often the screen shows them. The reports carry no raw control character or bidi
/// control (R22): JSON escapes them as `\uHHHH`.
public struct QAReport: Sendable {
    /// One entry form seen.
    public struct Seen: Sendable, Hashable {
        /// The entry and its form.
        public var entry: EntryRef
        /// The number of screens it was on.
        public var count: Int
        /// The named screens it was on, in the order first seen, each once.
        public var screens: [String]
    }

    /// Text on screen that no entry covers.
    public struct Uncovered: Sendable, Hashable {
        /// The text (whitespace folded).
        public var text: String
        /// The number of screens it was on.
        public var count: Int
        /// The named screens it was on, in the order first seen, each once.
        public var screens: [String]
    }

    /// The rule id of uncovered text in ``sarif()``.
    public static let untranslatedRule = "untranslated-on-screen"

    /// The number of screens recorded.
    public private(set) var screenCount = 0
    private var seen: [Seen] = []
    private var seenIndex: [EntryRef: Int] = [:]
    private var uncovered: [Uncovered] = []
    private var uncoveredIndex: [String: Int] = [:]

    /// An empty report.
    public init() {}

    /// Adds the hits and uncovered texts of one screen; `screen` names it (a snapshot name), or nil.
    public mutating func record(_ match: ScreenMatch, screen: String? = nil) {
        screenCount += 1
        var here = Set<EntryRef>()
        for hit in match.hits where here.insert(hit.entry).inserted {
            if let i = seenIndex[hit.entry] {
                seen[i].count += 1
                if let screen, !seen[i].screens.contains(screen) { seen[i].screens.append(screen) }
            } else {
                seenIndex[hit.entry] = seen.count
                seen.append(Seen(entry: hit.entry, count: 1, screens: screen.map { [$0] } ?? []))
            }
        }
        var texts = Set<String>()
        for u in match.unmatched where texts.insert(u.text).inserted {
            if let i = uncoveredIndex[u.text] {
                uncovered[i].count += 1
                if let screen, !uncovered[i].screens.contains(screen) { uncovered[i].screens.append(screen) }
            } else {
                uncoveredIndex[u.text] = uncovered.count
                uncovered.append(Uncovered(text: u.text, count: 1, screens: screen.map { [$0] } ?? []))
            }
        }
    }

    /// The entries seen: worst finding first (errors, warnings, infos, none), then by file, line,
    /// key and form.
    public var entries: [Seen] {
        seen.sorted { a, b in
            let (x, y) = (QAReport.rank(a.entry), QAReport.rank(b.entry))
            if x != y { return x > y }
            return (a.entry.file, a.entry.line, a.entry.key, a.entry.pluralForm ?? "")
                < (b.entry.file, b.entry.line, b.entry.key, b.entry.pluralForm ?? "")
        }
    }

    /// The uncovered texts, most often seen first, then by text.
    public var unmatched: [Uncovered] {
        uncovered.sorted { ($0.count, $1.text) > ($1.count, $0.text) }
    }

    /// 3 for an error, 2 for a warning, 1 for an info, 0 for an entry without findings.
    static func rank(_ e: EntryRef) -> Int {
        guard let worst = e.findings.map(\.severity).max() else { return 0 }
        switch worst {
        case .error: return 3
        case .warning: return 2
        case .info: return 1
        }
    }

    // MARK: JSON

    /// The report as JSON: `screens` (the number recorded), `entries` (key, context, source,
    /// translation, pluralForm, file, line, locale, fuzzy, count, screens, findings of id, severity
    /// and message) in the order of ``entries``, and `unmatched` (text, count, screens).
    public func json() -> String {
        let q = QAReport.quote, opt = QAReport.optional
        let rows = entries.map { s -> String in
            let e = s.entry
            let findings = e.findings.map { "{\"id\":\(q($0.id)),\"severity\":\(q($0.severity.rawValue)),\"message\":\(q($0.message))}" }
            return "{\"key\":\(q(e.key)),\"context\":\(opt(e.context)),\"source\":\(opt(e.source)),"
                + "\"translation\":\(q(e.translation)),\"pluralForm\":\(opt(e.pluralForm)),\"file\":\(q(e.file)),"
                + "\"line\":\(e.line),\"locale\":\(opt(e.locale)),\"fuzzy\":\(e.isFuzzy),\"count\":\(s.count),"
                + "\"screens\":[\(s.screens.map(q).joined(separator: ","))],\"findings\":[\(findings.joined(separator: ","))]}"
        }
        let texts = unmatched.map { "{\"text\":\(q($0.text)),\"count\":\($0.count),\"screens\":[\($0.screens.map(q).joined(separator: ","))]}" }
        return "{\"screens\":\(screenCount),\"entries\":[\n" + rows.joined(separator: ",\n") + "],\n\"unmatched\":[\n"
            + texts.joined(separator: ",\n") + "]}\n"
    }

    // MARK: SARIF 2.1.0

    /// The report as SARIF 2.1.0, for code scanning: one run of the tool `rtl-tui`, a rule per
    /// finding id present (help from ``LintRule/all``) and ``untranslatedRule``; a result per
    /// finding of each entry seen, at the entry's file and line (its key as the logical location),
    /// and a note per uncovered text, located at the first screen it was seen on when named.
    public func sarif() -> String {
        let q = QAReport.quote
        let seen = entries
        var ids: [String] = []
        for s in seen { for f in s.entry.findings where !ids.contains(f.id) { ids.append(f.id) } }
        if !uncovered.isEmpty { ids.append(QAReport.untranslatedRule) }
        let rules = ids.map { id -> String in
            let rule = LintRule.all.first { $0.id == id }
            let summary = rule?.summary ?? "Text on screen that no catalog entry covers: untranslated or hard-coded."
            let help = rule?.help ?? "Find where the program writes it and make it translatable, or add it to the catalog."
            let level = rule.map { QAReport.level($0.severity) } ?? "note"
            return "{\"id\":\(q(id)),\"name\":\(q(QAReport.ruleName(id))),\"shortDescription\":{\"text\":\(q(summary))},"
                + "\"help\":{\"text\":\(q(help))},\"defaultConfiguration\":{\"level\":\(q(level))}}"
        }
        var results: [String] = []
        for s in seen {
            let e = s.entry
            for f in e.findings {
                var where_ = "{\"physicalLocation\":{\"artifactLocation\":{\"uri\":\(q(QAReport.uri(e.file)))}"
                if e.line > 0 { where_ += ",\"region\":{\"startLine\":\(e.line)}" }
                let full = e.context.map { "\($0)|\(e.key)" } ?? e.key
                where_ += "},\"logicalLocations\":[{\"name\":\(q(e.key)),\"fullyQualifiedName\":\(q(full)),\"kind\":\"member\"}]}"
                let message = f.message + " Seen on \(s.count) screen\(s.count == 1 ? "" : "s")"
                    + (s.screens.isEmpty ? "." : ": " + s.screens.joined(separator: ", ") + ".")
                results.append("{\"ruleId\":\(q(f.id)),\"ruleIndex\":\(ids.firstIndex(of: f.id)!),\"level\":\(q(QAReport.level(f.severity))),"
                    + "\"message\":{\"text\":\(q(message))},\"locations\":[\(where_)],"
                    + "\"properties\":{\"translation\":\(q(e.translation)),\"pluralForm\":\(QAReport.optional(e.pluralForm)),"
                    + "\"count\":\(s.count),\"screens\":[\(s.screens.map(q).joined(separator: ","))]}}")
            }
        }
        for u in unmatched {
            let located = u.screens.first.map { ",\"locations\":[{\"logicalLocations\":[{\"name\":\(q($0)),\"kind\":\"resource\"}]}]" } ?? ""
            let message = "Text on screen that no catalog entry covers: \"\(u.text)\" (seen on \(u.count) screen\(u.count == 1 ? "" : "s"))."
            results.append("{\"ruleId\":\(q(QAReport.untranslatedRule)),\"ruleIndex\":\(ids.count - 1),\"level\":\"note\","
                + "\"message\":{\"text\":\(q(message))}\(located),"
                + "\"properties\":{\"text\":\(q(u.text)),\"count\":\(u.count),\"screens\":[\(u.screens.map(q).joined(separator: ","))]}}")
        }
        return "{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{"
            + "\"tool\":{\"driver\":{\"name\":\"rtl-tui\",\"rules\":[\n" + rules.joined(separator: ",\n") + "]}},"
            + "\"results\":[\n" + results.joined(separator: ",\n") + "]}]}\n"
    }

    /// SARIF's `level` of a severity: error, warning, note (also `check --format sarif`'s).
    public static func level(_ s: Severity) -> String {
        switch s {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    /// `untranslated-on-screen` → `UntranslatedOnScreen`.
    static func ruleName(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A URI reference for a path: relative paths stay relative, absolute ones become `file://`
    /// URIs; each segment percent-encoded.
    public static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":;?#[]@!$&'()*+,=")
        let encoded = path.split(separator: "/", omittingEmptySubsequences: false)
            .map { String($0).addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0) }.joined(separator: "/")
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }

    static func optional(_ s: String?) -> String { s.map(quote) ?? "null" }

    /// A JSON string: controls and bidi controls as `\uHHHH`.
    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
                out += "\\u" + Hex.padded(u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
