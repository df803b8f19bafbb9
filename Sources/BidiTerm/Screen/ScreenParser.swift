import Foundation
import Yams

/// Turns a composed YAML tree into a `ScreenFile`, collecting every problem it finds.
///
/// Each reader reports its own problems and returns nil when the value is absent or unusable; the
/// caller then falls back to a default (for optional fields) or gives up on the node (for required
/// ones) while its siblings are still checked. Used by `ScreenFile.parse(yaml:path:)`.
final class ScreenParser {
    let path: String
    private(set) var diagnostics: [ScreenDiagnostic] = []

    /// Widget nodes read so far (see `maximumNodes`).
    var nodeCount = 0

    init(path: String) { self.path = path }

    // MARK: - Schema

    /// Fields every node takes.
    static let commonFields = ["type", "dir", "size", "style", "textDir"]

    /// Fields of each node type, besides the common ones.
    static let fieldsByType: [String: [String]] = [
        "vstack": ["children", "spacing"],
        "hstack": ["children", "spacing", "separator"],
        "pane": ["title", "child", "border"],
        "label": ["text", "align"],
        "paragraph": ["text"],
        "list": ["items", "selected", "bullet"],
        "progress": ["value", "label", "showPercent"],
        "slider": ["value", "min", "max", "label", "startGlyph", "endGlyph", "ticks"],
        "rating": ["value", "max", "numbers"],
        "toggle": ["label", "on"],
        "nav": ["back", "next"],
        "breadcrumb": ["items"],
        "steps": ["count", "current"],
        "buttons": ["items"],
        "icons": ["items", "ordered", "badge"],
        "field": ["text", "caret", "placeholder"],
        "spacer": [],
        "separator": [],
    ]

    static let fileFields = ["screen", "title", "order", "root"]
    static let maxRatingStars = 10
    static let maxSteps = 20
    static let maxSpacing = 20

    // MARK: - Diagnostics

    /// Where each catalog key is first written (`ScreenFile.keyPositions`).
    private(set) var keyPositions: [String: ScreenFile.KeyPosition] = [:]

    /// Records where the catalog key of a text value is written: the scalar, or the `key:` value.
    func noteKeyPosition(_ node: Node) {
        let keyNode = node.scalar != nil ? node : node["key"]
        guard let k = keyNode, let key = k.scalar?.string, !key.isEmpty, let m = k.mark, keyPositions[key] == nil else { return }
        keyPositions[key] = ScreenFile.KeyPosition(line: m.line, column: m.column)
    }

    func report(_ kind: ScreenDiagnostic.Kind, _ message: String, at mark: Mark?) {
        diagnostics.append(ScreenDiagnostic(path: path, line: mark?.line ?? 1, column: mark?.column ?? 1,
                                            kind: kind, message: message))
    }

    func report(_ error: YamlError, yaml: String) {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            var message = "YAML syntax error: \(problem)"
            if let context {
                message += " (\(context.text) at line \(context.mark.line), column \(context.mark.column))"
            }
            report(.syntax, message, at: mark)
        case let .reader(problem, offset, _, _):
            let (line, column) = Self.lineAndColumn(ofCharacterOffset: offset ?? 0, in: yaml)
            diagnostics.append(ScreenDiagnostic(path: path, line: line, column: column, kind: .syntax,
                                                message: "YAML cannot be read: \(problem)"))
        case let .duplicatedKeysInMapping(duplicates, context):
            let key = duplicates.first ?? ""
            report(.duplicateKey(key), "duplicate key '\(key)': a mapping may name each key once",
                   at: context.mark)
        default:
            report(.syntax, "YAML error: \(error)", at: nil)
        }
    }

    static func lineAndColumn(ofCharacterOffset offset: Int, in text: String) -> (Int, Int) {
        var line = 1, column = 1
        for ch in text.prefix(max(0, offset)) {
            if ch == "\n" || ch == "\r\n" { line += 1; column = 1 } else { column += ch.unicodeScalars.count }
        }
        return (line, column)
    }

    /// A short description of a YAML value, for messages.
    static func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let scalar):
            switch node.tagName {
            case .null: return "nothing (null)"
            case .bool: return "the boolean \(scalar.string)"
            case .int, .float: return "the number \(scalar.string)"
            default: return "the text \"\(scalar.string)\""
            }
        }
    }

    /// The candidate closest to `word`, if close enough to be a likely typo.
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        let lower = word.lowercased()
        var best: (String, Int)?
        for candidate in candidates {
            let d = editDistance(lower, candidate.lowercased())
            if best.map({ d < $0.1 }) ?? true { best = (candidate, d) }
        }
        guard let (candidate, distance) = best else { return nil }
        let limit = lower.count <= 4 ? 1 : 2
        return distance <= limit ? candidate : nil
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions, and swaps of two
    /// neighbouring characters each count as one edit.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }

    // MARK: - Mappings

    /// A mapping being read: its pairs by key name, and who it belongs to (for messages).
    struct Fields {
        let mapping: Node.Mapping
        let mark: Mark?
        /// How messages name the mapping's owner: `progress`, `the screen file`, `a button`.
        let owner: String

        func value(_ name: String) -> Node? {
            for (key, value) in mapping {
                if case .scalar(let scalar) = key, scalar.string == name { return value }
            }
            return nil
        }

        func has(_ name: String) -> Bool { value(name) != nil }
    }

    /// Reports every key of `fields` that is not in `allowed`, with a likely correction.
    func checkFields(_ fields: Fields, allowed: [String]) {
        for (key, _) in fields.mapping {
            guard case .scalar(let scalar) = key else {
                report(.wrongType(field: "key"), "keys of \(fields.owner) must be field names, found \(Self.describe(key))",
                       at: key.mark)
                continue
            }
            let name = scalar.string
            if allowed.contains(name) { continue }
            var message = "unknown field '\(name)' for \(fields.owner)"
            if let guess = Self.suggestion(for: name, among: allowed) { message += "; did you mean '\(guess)'?" }
            message += " (\(fields.owner) takes: \(allowed.joined(separator: ", ")))"
            report(.unknownField(name), message, at: key.mark)
        }
    }

    // MARK: - Scalars

    func wrongType(_ fields: Fields, _ name: String, expected: String, found node: Node) {
        report(.wrongType(field: name),
               "'\(name)' of \(fields.owner) must be \(expected), found \(Self.describe(node))", at: node.mark)
    }

    func missing(_ fields: Fields, _ name: String, _ what: String) {
        report(.missingField(name), "\(fields.owner) needs '\(name)' (\(what))", at: fields.mark)
    }

    /// A number field (YAML int or float, unquoted); nil when absent or invalid.
    func number(_ fields: Fields, _ name: String, required: Bool = false) -> Double? {
        guard let node = fields.value(name) else {
            if required { missing(fields, name, "a number") }
            return nil
        }
        guard case .scalar = node, node.tagName == .int || node.tagName == .float,
              let value = node.float, value.isFinite else {
            wrongType(fields, name, expected: "a number", found: node)
            return nil
        }
        return value
    }

    /// A whole-number field; nil when absent or invalid.
    func integer(_ fields: Fields, _ name: String, required: Bool = false) -> Int? {
        guard let node = fields.value(name) else {
            if required { missing(fields, name, "a whole number") }
            return nil
        }
        guard case .scalar = node, node.tagName == .int, let value = node.int else {
            wrongType(fields, name, expected: "a whole number", found: node)
            return nil
        }
        return value
    }

    /// A boolean field (`true`/`false`); nil when absent or invalid.
    func boolean(_ fields: Fields, _ name: String) -> Bool? {
        guard let node = fields.value(name) else { return nil }
        guard case .scalar = node, node.tagName == .bool, let value = node.bool else {
            wrongType(fields, name, expected: "true or false", found: node)
            return nil
        }
        return value
    }

    /// A string field (a glyph, an id); any non-null scalar. Nil when absent or invalid.
    func string(_ fields: Fields, _ name: String, required: Bool = false, what: String = "text") -> String? {
        guard let node = fields.value(name) else {
            if required { missing(fields, name, what) }
            return nil
        }
        guard case .scalar(let scalar) = node, node.tagName != .null else {
            wrongType(fields, name, expected: what, found: node)
            return nil
        }
        if scalar.string.isEmpty {
            report(.invalidValue(field: name), "'\(name)' of \(fields.owner) must not be empty", at: node.mark)
            return nil
        }
        return scalar.string
    }

    /// Reports `value` unless it lies in `range`.
    @discardableResult
    func checkRange<T: Comparable>(_ fields: Fields, _ name: String, _ value: T?,
                                           _ range: ClosedRange<T>, _ explanation: String) -> Bool {
        guard let value, !range.contains(value) else { return true }
        report(.outOfRange(field: name),
               "'\(name)' of \(fields.owner) is \(Self.format(value)), outside \(Self.format(range.lowerBound))…\(Self.format(range.upperBound)) (\(explanation))",
               at: fields.value(name)?.mark)
        return false
    }

    /// "1 item", "3 items".
    static func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }

    static func format<T>(_ value: T) -> String {
        if let d = value as? Double, d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return "\(value)"
    }

    // MARK: - Text

    /// A text field: a catalog key, `{literal: …}` or `{key: …, args: …}`.
    func text(_ fields: Fields, _ name: String, required: Bool = false) -> TextRef? {
        guard let node = fields.value(name) else {
            if required { missing(fields, name, "text: a catalog key or {literal: …}") }
            return nil
        }
        return text(node, field: name, owner: fields.owner)
    }

    static let textExpectation = "text: a catalog key, {literal: …} or {key: …, args: {…}}"

    func text(_ node: Node, field: String, owner: String) -> TextRef? {
        noteKeyPosition(node)
        switch node {
        case .scalar(let scalar):
            guard node.tagName != .null else {
                report(.wrongType(field: field), "'\(field)' of \(owner) must be \(Self.textExpectation), found \(Self.describe(node))",
                       at: node.mark)
                return nil
            }
            guard !scalar.string.isEmpty else {
                report(.invalidValue(field: field), "'\(field)' of \(owner) is an empty catalog key", at: node.mark)
                return nil
            }
            return .key(scalar.string, args: [])
        case .mapping(let mapping):
            let fields = Fields(mapping: mapping, mark: node.mark, owner: "a text value")
            checkFields(fields, allowed: ["key", "literal", "args", "count"])
            let hasKey = fields.has("key"), hasLiteral = fields.has("literal")
            if hasKey && hasLiteral {
                report(.invalidValue(field: field), "'\(field)' of \(owner) has both 'key' and 'literal'; use one",
                       at: node.mark)
                return nil
            }
            if hasLiteral {
                if fields.has("count") {
                    report(.invalidValue(field: "count"), "'count' chooses a catalog text's plural form; literal text has none",
                           at: fields.value("count")?.mark)
                }
                if fields.has("args") {
                    report(.invalidValue(field: "args"), "'args' fills a catalog text's placeholders; literal text takes none",
                           at: fields.value("args")?.mark)
                }
                guard let literalNode = fields.value("literal"), case .scalar(let scalar) = literalNode,
                      literalNode.tagName != .null else {
                    wrongType(fields, "literal", expected: "text", found: fields.value("literal")!)
                    return nil
                }
                return .literal(scalar.string)
            }
            guard let key = string(fields, "key", what: "a catalog key") else {
                if !hasKey { missing(fields, "key", "a catalog key; or give 'literal'") }
                return nil
            }
            guard let args = arguments(fields) else { return nil }
            var count: TextCount?
            if let node = fields.value("count") {
                if case .scalar = node, node.tagName == .int || node.tagName == .float,
                   let n = node.float, n.isFinite {
                    count = .number(n)
                } else if case .scalar(let scalar) = node, node.tagName == .str, !scalar.string.isEmpty {
                    if !args.contains(where: { $0.name == scalar.string }) {
                        report(.invalidValue(field: "count"), "'count' names the argument '\(scalar.string)', which 'args' does not give",
                               at: node.mark)
                    }
                    count = .argument(scalar.string)
                } else {
                    wrongType(fields, "count", expected: "a number, or the name of an argument", found: node)
                    return nil
                }
            }
            return .key(key, args: args, count: count)
        case .sequence, .alias:
            report(.wrongType(field: field), "'\(field)' of \(owner) must be \(Self.textExpectation), found \(Self.describe(node))",
                   at: node.mark)
            return nil
        }
    }

    /// The `args` of a text mapping: a mapping of names to values, or a list (names `1`, `2`, …).
    func arguments(_ fields: Fields) -> [TextArgument]? {
        guard let node = fields.value("args") else { return [] }
        var pairs: [(name: String, value: Node)] = []
        switch node {
        case .mapping(let mapping):
            for (key, value) in mapping {
                guard case .scalar(let scalar) = key, !scalar.string.isEmpty else {
                    report(.wrongType(field: "args"), "argument names must be plain names, found \(Self.describe(key))",
                           at: key.mark)
                    continue
                }
                pairs.append((scalar.string, value))
            }
        case .sequence(let sequence):
            for (i, value) in sequence.enumerated() { pairs.append((String(i + 1), value)) }
        default:
            wrongType(fields, "args", expected: "a mapping of placeholder names to values, or a list", found: node)
            return nil
        }
        var out: [TextArgument] = []
        var ok = true
        for pair in pairs {
            let value = pair.value
            if case .mapping(let mapping) = value {
                guard let argument = numberArgument(pair.name, mapping, mark: value.mark) else { ok = false; continue }
                out.append(argument)
                continue
            }
            guard case .scalar(let scalar) = value, value.tagName != .null else {
                report(.wrongType(field: "args"), "argument '\(pair.name)' must be text or a number, found \(Self.describe(value))",
                       at: value.mark)
                ok = false
                continue
            }
            if (value.tagName == .int || value.tagName == .float), let number = value.float, number.isFinite {
                out.append(TextArgument(pair.name, .number(number), decimal: scalar.string.contains(".") ? ScreenParser.decimalText(scalar.string) : nil))
            } else {
                out.append(TextArgument(pair.name, .string(scalar.string)))
            }
        }
        return ok ? out : nil
    }

    // MARK: - File

    func parseFile(yaml: String) -> ScreenFile? {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            report(error, yaml: yaml)
            return nil
        } catch {
            report(.syntax, "YAML error: \(error)", at: nil)
            return nil
        }
        guard let root, !(root.scalar.map { root.tagName == .null && $0.string.isEmpty } ?? false) else {
            report(.missingField("screen"), "the screen file is empty: it needs 'screen:' and 'root:'", at: nil)
            return nil
        }
        guard case .mapping(let mapping) = root else {
            report(.wrongType(field: "screen"),
                   "a screen file must be a mapping with 'screen:', 'title:' and 'root:', found \(Self.describe(root))",
                   at: root.mark)
            return nil
        }
        let fields = Fields(mapping: mapping, mark: root.mark, owner: "the screen file")
        checkFields(fields, allowed: Self.fileFields)
        let id = string(fields, "screen", required: true, what: "the screen's id")
        if let id, !id.unicodeScalars.allSatisfy({ ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil)) || $0 == "-" || $0 == "_" }) {
            report(.invalidValue(field: "screen"),
                   "screen id '\(id)' may use only ASCII letters, digits, '-' and '_'", at: fields.value("screen")?.mark)
        }
        let title = text(fields, "title")
        let order = integer(fields, "order")
        var rootNode: ScreenNode?
        if let node = fields.value("root") {
            rootNode = self.node(node, field: "root", owner: "the screen file")
        } else {
            missing(fields, "root", "the screen's top node")
        }
        guard let id, let rootNode else { return nil }
        var file = ScreenFile(id: id, title: title, order: order, root: rootNode, path: path)
        file.keyPositions = keyPositions
        return file
    }
}
