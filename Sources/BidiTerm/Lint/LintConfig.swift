import Foundation
import Yams

/// The configuration of `rtl-tui check`: `.rtl-tui-check.yaml`, found in the current directory or
/// the nearest parent that has one, or named with `--config`.
///
/// ```yaml
/// rules:
///   direction-dependent: off        # off, or a severity: error, warning, info
///   numbers: error
/// max-width:
///   default: 40
///   keys: {"settings.*": 24, "menu|Open": 12}
///   files: {"ios/**/*.strings": 30}
/// ignore:
///   keys: ["debug.*"]
///   files: ["vendor/**"]
/// include-fuzzy: false
/// ```
///
/// Keys are matched as `context|key` and as the key alone; file globs are relative to the
/// configuration file's directory (`*` within a path segment, `**` across segments, `?`, `[…]`).
/// When several widths apply, a key's wins over a file's, which wins over `--max-width`, which wins
/// over `default`.
public struct LintConfig: Sendable {
    /// Where the file was read from; nil for the empty configuration.
    public var path: String?
    /// Per rule: nil disables it, else its severity.
    public var rules: [String: Severity?] = [:]
    /// The maximum width of a translation in cells (`max-width:`), nil for none.
    public var defaultMaxWidth: Int?
    /// Maximum widths per key glob (`context|key`), first match wins.
    public var keyMaxWidths: [(glob: String, width: Int)] = []
    /// Maximum widths per file glob, first match wins.
    public var fileMaxWidths: [(glob: String, width: Int)] = []
    /// Key globs whose entries are not checked.
    public var ignoredKeys: [String] = []
    /// File globs (relative to the configuration file) that are not checked.
    public var ignoredFiles: [String] = []
    /// Check fuzzy entries too.
    public var includeFuzzy = false

    /// The empty configuration: every check at its default severity.
    public init() {}

    /// The file name looked for.
    public static let fileName = ".rtl-tui-check.yaml"

    /// The nearest `.rtl-tui-check.yaml` in `directory` or above, if any.
    public static func find(from directory: String) -> String? {
        var dir = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let candidate = dir.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = dir.deletingLastPathComponent()
            if parent.path == dir.path { return nil }
            dir = parent
        }
    }

    /// Reads a configuration file. Every problem is reported, as `file:line:column: message`.
    public static func load(path: String) throws -> LintConfig {
        guard let data = FileManager.default.contents(atPath: path), let yaml = String(data: data, encoding: .utf8) else {
            throw LintConfigError(problems: [CatalogDiagnostic(file: path, line: 0, column: 0, message: "cannot read the configuration file")])
        }
        return try parse(yaml, path: path)
    }

    /// Parses the text of a configuration file named `path`.
    public static func parse(_ yaml: String, path: String) throws -> LintConfig {
        var problems: [CatalogDiagnostic] = []
        func report(_ message: String, _ mark: Mark?) {
            problems.append(CatalogDiagnostic(file: path, line: mark?.line ?? 1, column: mark?.column ?? 1, message: message))
        }
        var config = LintConfig()
        config.path = path
        let root: Node?
        do { root = try Yams.compose(yaml: yaml) } catch let error as YamlError {
            switch error {
            case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
                report("YAML syntax error: \(problem)", mark)
            default:
                report("YAML error: \(error)", nil)
            }
            throw LintConfigError(problems: problems)
        } catch {
            throw LintConfigError(problems: [CatalogDiagnostic(file: path, line: 1, column: 1, message: "YAML error: \(error)")])
        }
        guard let root, case .mapping(let top) = root else {
            if let root, !(root.scalar.map { $0.string.isEmpty } ?? false) {
                report("the configuration must be a mapping (rules:, max-width:, ignore:, include-fuzzy:), found \(ScreenParser.describe(root))", root.mark)
                throw LintConfigError(problems: problems)
            }
            return config   // an empty file
        }
        let ids = LintRule.all.map(\.id)

        func unknown(_ key: Node, _ allowed: [String], in owner: String) {
            let name = key.string ?? "?"
            let hint = ScreenParser.suggestion(for: name, among: allowed).map { "; did you mean '\($0)'?" } ?? ""
            report("unknown \(owner) '\(name)' (expected \(allowed.joined(separator: ", ")))\(hint)", key.mark)
        }
        func strings(_ node: Node, _ what: String) -> [String] {
            if let s = node.string, node.scalar != nil { return [s] }
            guard case .sequence(let seq) = node else { report("\(what) must be a list of strings, found \(ScreenParser.describe(node))", node.mark); return [] }
            return seq.compactMap { item in
                if let s = item.string, item.scalar != nil { return s }
                report("\(what) must be a list of strings, found \(ScreenParser.describe(item))", item.mark)
                return nil
            }
        }
        func width(_ node: Node, _ what: String) -> Int? {
            if let n = node.int, n >= 1 { return n }
            report("\(what) must be a whole number of cells, at least 1, found \(ScreenParser.describe(node))", node.mark)
            return nil
        }
        func globs(_ node: Node, _ what: String) -> [(String, Int)] {
            guard case .mapping(let m) = node else { report("\(what) must map globs to widths, found \(ScreenParser.describe(node))", node.mark); return [] }
            return m.compactMap { k, v in
                guard let g = k.string else { return nil }
                return width(v, "the width of '\(g)'").map { (g, $0) }
            }
        }

        for (key, value) in top {
            switch key.string ?? "" {
            case "rules":
                guard case .mapping(let m) = value else { report("'rules' must map check ids to off or a severity, found \(ScreenParser.describe(value))", value.mark); continue }
                for (k, v) in m {
                    guard let id = k.string, ids.contains(id) else { unknown(k, ids, in: "check"); continue }
                    let setting = (v.string ?? "").lowercased()
                    if ["off", "false", "no", "disable", "disabled"].contains(setting) { config.rules[id] = .some(nil) }
                    else if let sev = Severity(rawValue: setting) { config.rules[id] = .some(sev) }
                    else if ["on", "true", "yes", "enable", "enabled"].contains(setting) { config.rules[id] = .some(LintRule.named(id)!.severity) }
                    else { report("the setting of '\(id)' must be off, error, warning or info, found \(ScreenParser.describe(v))", v.mark) }
                }
            case "max-width":
                if value.scalar != nil { config.defaultMaxWidth = width(value, "'max-width'"); continue }
                guard case .mapping(let m) = value else { report("'max-width' must be a number or a mapping (default:, keys:, files:), found \(ScreenParser.describe(value))", value.mark); continue }
                for (k, v) in m {
                    switch k.string ?? "" {
                    case "default": config.defaultMaxWidth = width(v, "'max-width.default'")
                    case "keys": config.keyMaxWidths = globs(v, "'max-width.keys'")
                    case "files": config.fileMaxWidths = globs(v, "'max-width.files'")
                    default: unknown(k, ["default", "keys", "files"], in: "field of 'max-width'")
                    }
                }
            case "ignore":
                guard case .mapping(let m) = value else { report("'ignore' must be a mapping (keys:, files:), found \(ScreenParser.describe(value))", value.mark); continue }
                for (k, v) in m {
                    switch k.string ?? "" {
                    case "keys": config.ignoredKeys = strings(v, "'ignore.keys'")
                    case "files": config.ignoredFiles = strings(v, "'ignore.files'")
                    default: unknown(k, ["keys", "files"], in: "field of 'ignore'")
                    }
                }
            case "include-fuzzy":
                if let b = value.bool { config.includeFuzzy = b } else { report("'include-fuzzy' must be true or false, found \(ScreenParser.describe(value))", value.mark) }
            default:
                unknown(key, ["rules", "max-width", "ignore", "include-fuzzy"], in: "field")
            }
        }
        if !problems.isEmpty { throw LintConfigError(problems: problems) }
        return config
    }

    // MARK: - Applying it

    /// The directory file globs are relative to.
    var baseDirectory: URL {
        path.map { URL(fileURLWithPath: $0).standardizedFileURL.deletingLastPathComponent() }
            ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }

    /// `file` relative to the configuration's directory (or absolute when outside it).
    func relative(_ file: String) -> String {
        let abs = URL(fileURLWithPath: file).standardizedFileURL.path
        let base = baseDirectory.path.hasSuffix("/") ? baseDirectory.path : baseDirectory.path + "/"
        return abs.hasPrefix(base) ? String(abs.dropFirst(base.count)) : abs
    }

    /// True when `file` matches an ignored file glob.
    public func ignores(file: String) -> Bool {
        let r = relative(file)
        return ignoredFiles.contains { Glob.matches($0, r, path: true) }
    }

    /// True when the entry `key` (in `context`) matches an ignored key glob.
    public func ignores(key: String, context: String?) -> Bool {
        let full = context.map { "\($0)|\(key)" } ?? key
        return ignoredKeys.contains { Glob.matches($0, full, path: false) || Glob.matches($0, key, path: false) }
    }

    /// The maximum width for `file` (its glob, else `cli`, else the default).
    public func maxWidth(file: String, cli: Int?) -> Int? {
        let r = relative(file)
        return fileMaxWidths.first { Glob.matches($0.glob, r, path: true) }?.width ?? cli ?? defaultMaxWidth
    }

    /// The width for a key (`context|key`), when a key glob names it.
    public func maxWidth(key: String) -> Int? {
        guard !keyMaxWidths.isEmpty else { return nil }
        let bare = key.split(separator: "|", maxSplits: 1).last.map(String.init) ?? key
        return keyMaxWidths.first { Glob.matches($0.glob, key, path: false) || Glob.matches($0.glob, bare, path: false) }?.width
    }

    /// The checks turned off.
    public var disabled: Set<String> { Set(rules.filter { $0.value == nil }.map(\.key)) }

    /// `finding` with its severity as configured.
    public func apply(_ finding: Finding) -> Finding {
        var f = finding
        if let setting = rules[f.id], let severity = setting { f.severity = severity }
        return f
    }
}

/// The problems of a configuration file.
public struct LintConfigError: Error, CustomStringConvertible, Sendable {
    /// Each problem with its line and column.
    public let problems: [CatalogDiagnostic]
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// Shell-style globs: `*` (no `/` in a path), `**` (any number of path segments), `?`, `[abc]`.
enum Glob {
    static func matches(_ pattern: String, _ text: String, path: Bool) -> Bool {
        let p = Array(pattern.unicodeScalars), t = Array(text.unicodeScalars)
        // Memoised on (pattern index, text index).
        var memo = [Int: Bool]()
        func match(_ i: Int, _ j: Int) -> Bool {
            let k = i * (t.count + 1) + j
            if let m = memo[k] { return m }
            var result: Bool
            if i == p.count {
                result = j == t.count
            } else if p[i] == "*" {
                let double = i + 1 < p.count && p[i + 1] == "*"
                let next = double ? i + 2 : i + 1
                // `**/` also matches no directory at all.
                if double && next < p.count && p[next] == "/" && match(next + 1, j) { result = true }
                else {
                    result = false
                    var jj = j
                    while true {
                        if match(next, jj) { result = true; break }
                        if jj == t.count || (path && !double && t[jj] == "/") { break }
                        jj += 1
                    }
                }
            } else if j == t.count {
                result = false
            } else if p[i] == "?" {
                result = !(path && t[j] == "/") && match(i + 1, j + 1)
            } else if p[i] == "[", let close = p[(i + 1)...].firstIndex(of: "]") {
                var set = Array(p[(i + 1)..<close])
                let negate = set.first == "!" || set.first == "^"
                if negate { set.removeFirst() }
                var hit = false
                var k = 0
                while k < set.count {
                    if k + 2 < set.count && set[k + 1] == "-" {
                        if set[k].value <= t[j].value && t[j].value <= set[k + 2].value { hit = true }
                        k += 3
                    } else {
                        if set[k] == t[j] { hit = true }
                        k += 1
                    }
                }
                result = hit != negate && match(close + 1, j + 1)
            } else {
                result = p[i] == t[j] && match(i + 1, j + 1)
            }
            memo[k] = result
            return result
        }
        return match(0, 0)
    }
}
