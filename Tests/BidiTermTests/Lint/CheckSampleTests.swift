import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// How right `check` is on real catalogs: a sample of its errors and warnings on the Arabic, Hebrew
/// and Persian catalogs installed on a Debian machine (`.mo` and Qt `.qm`), drawn with a fixed seed,
/// stratified by check, each labelled by hand real or false with one line of reason, in
/// `Fixtures/CheckSample/sample.tsv`. Each row carries the excerpt of its catalog that the finding
/// needs (the entry, the catalog's plural header and the facts `check` reads from the whole
/// catalog), so the sample is re-checked without the catalogs: errors must stay 95% real and
/// warnings 90%. Where the same catalogs are installed, the sample drawn today must be the one
/// labelled (`RTL_TUI_SAMPLE_DRAFT=file` writes today's, keeping the labels already given).
final class CheckSampleTests: XCTestCase {
    static let file = Repository.fixtures.appendingPathComponent("CheckSample/sample.tsv")
    static let seed: UInt64 = 31
    /// Rows per severity; each check (stratum) gives all its findings up to an equal share, the
    /// shares growing until the target is reached.
    static let targets: [Severity: Int] = [.error: 60, .warning: 100]

    /// The installed catalogs `check` reads: `.mo` and Qt `.qm`.
    static var installed: [String] {
        var files: [String] = []
        for lang in ["ar", "he", "fa"] {
            let dir = "/usr/share/locale/\(lang)/LC_MESSAGES"
            for f in ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() where f.hasSuffix(".mo") || f.hasSuffix(".qm") {
                files.append(dir + "/" + f)
            }
        }
        return files
    }

    // MARK: - The table

    static let columns = ["label", "severity", "id", "catalog", "key", "form", "reason", "says", "format", "locale", "metadata",
                          "family", "flagged", "visual", "kept", "context", "source", "source-plural", "translation", "forms", "flags"]

    struct Row {
        var fields: [String: String]
        subscript(_ c: String) -> String { fields[c] ?? "" }
        var identity: String { "\(self["severity"]) \(self["id"]) \(self["catalog"]) \(self["key"]) \(self["form"])" }
    }

    /// Tabs, line breaks, backslashes and `|` escaped; invisible characters as `\u{…}`; `\N` for none.
    static func escape(_ s: String?) -> String {
        guard let s else { return "\\N" }
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "|": out += "\\|"
            default:
                let c = u.properties.generalCategory
                if c == .format || c == .control || c == .lineSeparator || c == .paragraphSeparator {
                    out += "\\u{\(String(u.value, radix: 16, uppercase: true))}"
                } else { out.unicodeScalars.append(u) }
            }
        }
        return out
    }

    static func unescape(_ s: String) -> String? {
        if s == "\\N" { return nil }
        var out = String.UnicodeScalarView()
        let u = Array(s.unicodeScalars)
        var i = 0
        while i < u.count {
            if u[i] == "\\", i + 1 < u.count {
                switch u[i + 1] {
                case "t": out.append("\t"); i += 2; continue
                case "n": out.append("\n"); i += 2; continue
                case "r": out.append("\r"); i += 2; continue
                case "\\", "|": out.append(u[i + 1]); i += 2; continue
                case "u":
                    if let close = u[i...].firstIndex(of: "}"), let v = UInt32(String(String.UnicodeScalarView(u[(i + 3)..<close])), radix: 16),
                       let scalar = Unicode.Scalar(v) {
                        out.append(scalar); i = close + 1; continue
                    }
                default: break
                }
            }
            out.append(u[i]); i += 1
        }
        return String(out)
    }

    /// A field of several parts (`0=…|1=…`), split on the unescaped `|`.
    static func parts(_ s: String) -> [String] {
        var out: [String] = [], cur = ""
        var escaped = false
        for c in s {
            if escaped { cur.append(c); escaped = false; continue }
            if c == "\\" { cur.append(c); escaped = true; continue }
            if c == "|" { out.append(cur); cur = ""; continue }
            cur.append(c)
        }
        out.append(cur)
        return s.isEmpty ? [] : out
    }

    static func load() throws -> (header: [String], rows: [Row]) {
        let text = try String(contentsOf: file, encoding: .utf8)
        var header: [String] = [], rows: [Row] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("#") { header.append(String(line)); continue }
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if cells.first == "label" { continue }
            guard cells.count == columns.count else { XCTFail("a row of \(cells.count) cells: \(line.prefix(80))"); continue }
            rows.append(Row(fields: Dictionary(uniqueKeysWithValues: zip(columns, cells))))
        }
        return (header, rows)
    }

    // MARK: - Excerpts

    /// The row of finding `f` of `catalog`, with the excerpt it needs.
    static func row(_ f: Finding, catalog: Catalog, facts: BidiLinter.CatalogFacts, label: String, reason: String) -> String {
        let parts = f.file.split(separator: "/")
        let name = parts.count >= 3 ? "\(parts[parts.count - 3])/\(parts.last!)" : f.file
        let e = f.key.isEmpty ? nil : catalog.entry(f.entryKey, context: f.context)
        let metadata = ["Plural-Forms", "Numerus-Rules", "Language"].compactMap { k in catalog.metadata[k].map { "\(k)=\($0)" } }
        let text = e.map { e in (e.plurals.isEmpty ? [e.translation ?? ""] : Array(e.plurals.values)).joined(separator: " ") } ?? ""
        let kept = facts.keptLatin.filter { text.contains($0) }.sorted()
        let forms = e.map { e in e.plurals.sorted { $0.key < $1.key }.map { escape($0.key) + "=" + escape($0.value) } } ?? []
        let cells: [String] = [label, f.severity.rawValue, f.id, name, escape(f.key), f.pluralForm ?? "-", reason, escape(f.message),
                               catalog.format.rawValue, catalog.locale ?? "", metadata.map(escape).joined(separator: "|"),
                               facts.family.rawValue, facts.gettextFlagged ? "1" : "0", escape(facts.visualCatalog),
                               kept.map(escape).joined(separator: "|"), escape(e?.context), escape(e?.source),
                               escape(e?.sourcePlural), escape(e?.translation), forms.joined(separator: "|"),
                               (e?.flags ?? []).map(escape).joined(separator: "|")]
        return cells.joined(separator: "\t")
    }

    /// The excerpt of a row as a catalog of its one entry, and the facts of the catalog it came from.
    static func excerpt(_ r: Row) throws -> (Catalog, BidiLinter.CatalogFacts) {
        var metadata: [String: String] = [:]
        for p in parts(r["metadata"]) {
            let kv = unescape(p) ?? ""
            guard let eq = kv.firstIndex(of: "=") else { continue }
            metadata[String(kv[..<eq])] = String(kv[kv.index(after: eq)...])
        }
        var entries: [CatalogEntry] = []
        if let key = unescape(r["key"]), !key.isEmpty {
            var plurals: [String: String] = [:]
            for p in parts(r["forms"]) {
                guard let eq = p.firstIndex(of: "=") else { continue }
                plurals[unescape(String(p[..<eq])) ?? ""] = unescape(String(p[p.index(after: eq)...])) ?? ""
            }
            let context = unescape(r["context"])
            let bare = context.map { key.hasPrefix($0 + "|") ? String(key.dropFirst($0.count + 1)) : key } ?? key
            entries.append(CatalogEntry(key: bare, context: context, source: unescape(r["source"]), sourcePlural: unescape(r["source-plural"]),
                                        translation: unescape(r["translation"]), plurals: plurals,
                                        flags: parts(r["flags"]).compactMap(unescape), line: 1))
        }
        let format = try XCTUnwrap(CatalogFormat(rawValue: r["format"]), r["format"])
        let catalog = Catalog(path: "/usr/share/locale/\(r["catalog"].split(separator: "/")[0])/LC_MESSAGES/\(r["catalog"].split(separator: "/").last!)",
                              format: format, locale: r["locale"], metadata: metadata, entries: entries)
        let facts = BidiLinter.CatalogFacts(family: PlaceholderSyntax(rawValue: r["family"]) ?? .c, gettextFlagged: r["flagged"] == "1",
                                            visualCatalog: unescape(r["visual"]), keptLatin: Set(parts(r["kept"]).compactMap(unescape)))
        return (catalog, facts)
    }

    /// Whether `check` still reports the row's finding on its excerpt.
    static func stillReported(_ r: Row) throws -> Bool {
        let (catalog, facts) = try excerpt(r)
        let key = unescape(r["key"]) ?? ""
        return BidiLinter().check(catalog, source: nil, facts: facts).contains { f in
            f.id == r["id"] && f.severity.rawValue == r["severity"] && f.key == key && (f.pluralForm ?? "-") == r["form"]
        }
    }

    // MARK: - The rates

    func test_sample_isLabelled_reCheckedFromItsExcerpts_errors95_warnings90PercentReal() throws {
        let (header, rows) = try Self.load()
        XCTAssertTrue(header.contains { $0.contains("seed \(Self.seed)") }, "the header gives the seed")
        var counts: [String: (real: Int, all: Int, gone: Int)] = [:]
        for r in rows {
            XCTAssertTrue(r["label"] == "real" || r["label"] == "false", "\(r.identity): label \(r["label"])")
            XCTAssertGreaterThanOrEqual(r["reason"].count, 15, "\(r.identity): the reason is missing")
            let reported = try Self.stillReported(r)
            // A real finding must still be found: a check that loses it has lost recall.
            if r["label"] == "real" { XCTAssertTrue(reported, "\(r.identity): labelled real, no longer reported") }
            var c = counts[r["severity"], default: (0, 0, 0)]
            if reported { c.all += 1; if r["label"] == "real" { c.real += 1 } } else { c.gone += 1 }
            counts[r["severity"]] = c
        }
        let errors = counts["error", default: (0, 0, 0)], warnings = counts["warning", default: (0, 0, 0)]
        XCTAssertGreaterThanOrEqual(errors.all, 50, "errors sampled")
        XCTAssertGreaterThanOrEqual(warnings.all, 50, "warnings sampled")
        XCTAssertGreaterThanOrEqual(Double(errors.real), 0.95 * Double(errors.all), "errors: \(errors.real) real of \(errors.all)")
        XCTAssertGreaterThanOrEqual(Double(warnings.real), 0.90 * Double(warnings.all), "warnings: \(warnings.real) real of \(warnings.all)")
        print("check sample: errors \(errors.real)/\(errors.all) real, warnings \(warnings.real)/\(warnings.all) real (false findings no longer reported: \(errors.gone + warnings.gone))")
    }

    func test_escaping_roundTrips() {
        for s in ["a\tb\nc", "x|y\\z", "\u{202B}שלום\u{202C}", "٪s", ""] { XCTAssertEqual(Self.unescape(Self.escape(s)), s) }
        XCTAssertNil(Self.unescape(Self.escape(nil)))
        XCTAssertEqual(Self.parts("a\\|b|c"), ["a\\|b", "c"])
    }

    // MARK: - The sample is today's

    /// The strata's sizes: each takes all its findings up to a share, the share growing by one
    /// until the target is reached.
    static func allocation(_ sizes: [Int], target: Int) -> [Int] {
        var share = 0
        while sizes.map({ min($0, share) }).reduce(0, +) < min(target, sizes.reduce(0, +)) { share += 1 }
        return sizes.map { min($0, share) }
    }

    func test_sampleDrawnFromTheInstalledCatalogs_isTheLabelledOne() throws {
        let paths = Self.installed
        if paths.isEmpty { throw XCTSkip("no Arabic, Hebrew or Persian catalogs installed") }
        let linter = BidiLinter()
        var strata: [String: [(Finding, Catalog, BidiLinter.CatalogFacts)]] = [:]
        var entries = 0, count: [Severity: Int] = [:]
        for path in paths {
            guard let catalog = try? CatalogLoader.load(path: path) else { continue }
            entries += catalog.entries.count
            let facts = BidiLinter.CatalogFacts(catalog, linter: linter, locale: catalog.locale ?? "")
            for f in linter.check(catalog, source: nil, facts: facts) where f.severity != .info {
                strata["\(f.severity.rawValue) \(f.id)", default: []].append((f, catalog, facts))
                count[f.severity, default: 0] += 1
            }
        }
        let installed = "\(paths.count) catalogs, \(entries) entries, \(count[.error] ?? 0) errors, \(count[.warning] ?? 0) warnings"
        let draft = ProcessInfo.processInfo.environment["RTL_TUI_SAMPLE_DRAFT"]
        let old = (try? Self.load()) ?? (header: [], rows: [])
        if draft == nil, !old.header.contains(where: { $0.contains(installed) }) {
            throw XCTSkip("the sample was drawn from other catalogs (\(old.header.first ?? "none")); here: \(installed)")
        }
        let labels = Dictionary(old.rows.map { ($0.identity, $0) }, uniquingKeysWith: { a, _ in a })
        var lines: [String] = []
        var drawn: [String] = []
        var summary: [String] = []
        for severity in [Severity.error, .warning] {
            let names = strata.keys.filter { $0.hasPrefix(severity.rawValue + " ") }.sorted()
            let sizes = names.map { strata[$0]!.count }
            for (name, k) in zip(names, Self.allocation(sizes, target: Self.targets[severity]!)) {
                let list = strata[name]!
                summary.append("\(name) \(k)/\(list.count)")
                for i in WarningPrecisionTests.draw(k, of: list.count, seed: Self.seed) {
                    let (f, catalog, facts) = list[i]
                    let line = Self.row(f, catalog: catalog, facts: facts, label: "?", reason: "")
                    let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                    let row = Row(fields: Dictionary(uniqueKeysWithValues: zip(Self.columns, cells)))
                    drawn.append(row.identity)
                    let known = labels[row.identity]
                    lines.append(Self.row(f, catalog: catalog, facts: facts, label: known?["label"] ?? "?", reason: known?["reason"] ?? ""))
                }
            }
        }
        if let draft {
            var out = "# check on the installed catalogs (/usr/share/locale/{ar,he,fa}/LC_MESSAGES, .mo and .qm): \(installed)\n"
            out += "# drawn with seed \(Self.seed): stratified by severity and check id; each stratum gives all its findings up to an equal share, the share growing until \(Self.targets[.error]!) errors and \(Self.targets[.warning]!) warnings are drawn; within a stratum (findings in file order) a SplitMix64 partial Fisher-Yates draw\n"
            out += "# strata (drawn/found): \(summary.joined(separator: ", "))\n"
            out += "# label: real or false, judged by reading the string and what the reader sees; reason: one line. The excerpt columns rebuild the entry and the catalog facts check reads\n"
            out += Self.columns.joined(separator: "\t") + "\n" + lines.joined(separator: "\n") + "\n"
            try out.write(toFile: draft, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(old.rows.map(\.identity), drawn, "the findings changed: draw and label the sample again")
    }
}
