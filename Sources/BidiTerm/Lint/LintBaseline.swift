import Foundation

/// The findings a project has accepted for now: `rtl-tui check --write-baseline FILE` records them,
/// `--baseline FILE` reports only the others.
///
/// A finding is matched by its file, its entry's key (with the context), its plural form and its
/// id, never by line or message, so edits elsewhere in a catalog do not bring accepted findings
/// back. Counts are kept: when an entry gets a second finding of an id it already had one of, the
/// second is new. File paths are stored relative to the baseline file, so the baseline works from
/// any directory.
///
/// The file is JSON, sorted, one finding per line, for readable diffs:
///
/// ```json
/// {"version": 1, "findings": [
/// {"count":1,"file":"po/ar.po","form":null,"id":"bidi-unbalanced","key":"menu|Open"}
/// ]}
/// ```
public struct LintBaseline: Sendable {
    struct Key: Hashable, Sendable, Comparable {
        var file: String
        var key: String
        var form: String?
        var id: String
        static func < (a: Key, b: Key) -> Bool {
            (a.file, a.key, a.form ?? "", a.id) < (b.file, b.key, b.form ?? "", b.id)
        }
    }

    private var counts: [Key: Int]
    /// The directory relative paths are resolved against.
    private let base: URL

    /// Findings recorded against `baselinePath`'s directory.
    public init(_ findings: [Finding], baselinePath: String) {
        base = LintBaseline.directory(of: baselinePath)
        counts = [:]
        for f in findings { counts[key(f), default: 0] += 1 }
    }

    /// Reads a baseline file; throws a `file:line:column`-style diagnostic when it is not one.
    public static func load(path: String) throws -> LintBaseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CatalogDiagnostic(file: path, line: 0, column: 0, message: "cannot read the baseline file")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let list = object["findings"] as? [[String: Any]] else {
            throw CatalogDiagnostic(file: path, line: 1, column: 1, message: "not a baseline file: expected a JSON object with \"findings\"")
        }
        var b = LintBaseline([], baselinePath: path)
        for (i, item) in list.enumerated() {
            guard let file = item["file"] as? String, let key = item["key"] as? String, let id = item["id"] as? String else {
                throw CatalogDiagnostic(file: path, line: 0, column: 0, message: "finding \(i + 1) of the baseline lacks file, key or id")
            }
            let form = item["form"] as? String
            let count = (item["count"] as? Int) ?? 1
            let k = Key(file: b.base.appendingPathComponent(file).standardizedFileURL.path, key: key, form: form, id: id)
            b.counts[k, default: 0] += max(1, count)
        }
        return b
    }

    static func directory(of path: String) -> URL {
        URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
    }

    private func key(_ f: Finding) -> Key {
        Key(file: URL(fileURLWithPath: f.file).standardizedFileURL.path, key: f.key, form: f.pluralForm, id: f.id)
    }

    /// The findings not in the baseline, in their order, and how many were left out.
    public func filter(_ findings: [Finding]) -> (new: [Finding], known: Int) {
        var left = counts
        var out: [Finding] = []
        var known = 0
        for f in findings {
            let k = key(f)
            if let n = left[k], n > 0 { left[k] = n - 1; known += 1 } else { out.append(f) }
        }
        return (out, known)
    }

    /// The baseline as JSON, paths relative to the baseline file's directory.
    public func json() -> String {
        let prefix = base.path.hasSuffix("/") ? base.path : base.path + "/"
        let lines = counts.keys.sorted().map { k -> String in
            let file = k.file.hasPrefix(prefix) ? String(k.file.dropFirst(prefix.count)) : k.file
            let object: [String: Any] = ["file": file, "key": k.key, "form": k.form.map { $0 as Any } ?? NSNull(), "id": k.id, "count": counts[k]!]
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
            return String(decoding: data, as: UTF8.self)
        }
        return "{\"version\":1,\"tool\":\"rtl-tui check\",\"findings\":[\n" + lines.joined(separator: ",\n") + (lines.isEmpty ? "" : "\n") + "]}\n"
    }
}
