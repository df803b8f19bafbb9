import Foundation

/// The findings a project has accepted for now: `rtl-tui check --write-baseline FILE` records them,
/// `--baseline FILE` reports only the others.
///
/// A finding is matched by its file, its entry's key (with the context), its plural form and its
/// id, never by line or message, so edits elsewhere in a catalog do not bring accepted findings
/// back. Counts are kept: when an entry gets a second finding of an id it already had one of, the
/// second is new. File paths are stored relative to the baseline file's folder wherever the catalogs
/// are (inside it, beside it as `../po/ar.po`, above it, or given as absolute paths), so the
/// baseline works from any directory and in a checkout moved elsewhere.
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
            let k = Key(file: LintBaseline.resolve(file, against: b.base.path), key: key, form: form, id: id)
            b.counts[k, default: 0] += max(1, count)
        }
        return b
    }

    static func directory(of path: String) -> URL {
        URL(fileURLWithPath: absolute(path)).deletingLastPathComponent()
    }

    private func key(_ f: Finding) -> Key {
        Key(file: LintBaseline.absolute(f.file), key: f.key, form: f.pluralForm, id: f.id)
    }

    /// `path` made absolute (against the current directory) with `.`, `..` and doubled slashes
    /// taken out, by its text (symbolic links are kept: a checkout's links move with it).
    static func absolute(_ path: String) -> String {
        normalized(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
    }

    /// An absolute path with `.`, `..` and empty components taken out.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for c in path.split(separator: "/", omittingEmptySubsequences: true) {
            if c == "." { continue }
            if c == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(c)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `file` (absolute, normalized) relative to the folder `base`: `po/ar.po` inside it,
    /// `../po/ar.po` beside it, `../../ar.po` above it.
    static func relative(_ file: String, to base: String) -> String {
        let f = file.split(separator: "/"), b = base.split(separator: "/")
        var common = 0
        while common < f.count - 1, common < b.count, f[common] == b[common] { common += 1 }
        return (Array(repeating: "..", count: b.count - common) + f[common...].map(String.init)).joined(separator: "/")
    }

    /// A stored path read back: relative ones against the baseline's folder, absolute ones (written
    /// by earlier versions) as they are.
    static func resolve(_ stored: String, against base: String) -> String {
        stored.hasPrefix("/") ? normalized(stored) : normalized(base + "/" + stored)
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
        let lines = counts.keys.sorted().map { k -> String in
            let file = LintBaseline.relative(k.file, to: base.path)
            let object: [String: Any] = ["file": file, "key": k.key, "form": k.form.map { $0 as Any } ?? NSNull(), "id": k.id, "count": counts[k]!]
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
            return String(decoding: data, as: UTF8.self)
        }
        return "{\"version\":1,\"tool\":\"rtl-tui check\",\"findings\":[\n" + lines.joined(separator: ",\n") + (lines.isEmpty ? "" : "\n") + "]}\n"
    }
}
