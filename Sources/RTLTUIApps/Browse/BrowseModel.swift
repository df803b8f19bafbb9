import BidiTerm
import Foundation

// The data behind `rtl-tui browse`: catalog files watched on disk, one row per entry with its
// findings, the filter and the search. Pure values and the file system; no drawing.

// MARK: - Files on disk

/// One catalog file as the browser holds it: the last version that loaded, and the problem with
/// the version on disk when it does not.
public struct BrowseFile: Sendable {
    /// The path as given on the command line.
    public let path: String
    /// The stamp of the version last read (good or bad); nil when the file could not be examined.
    public internal(set) var stamp: FileStamp?
    /// The last version that loaded.
    public internal(set) var catalog: Catalog
    /// Why the version on disk is not the one shown (malformed, unreadable, gone); nil when it is.
    public internal(set) var error: CatalogDiagnostic?
    /// The linter's findings for `catalog`.
    public internal(set) var findings: [Finding]

    /// Loads `path` (with `locale` as for `CatalogLoader.load(path:format:locale:)`).
    /// - Throws: `CatalogDiagnostic` when the file cannot be read or is malformed.
    static func load(_ path: String, locale: String?) throws -> BrowseFile {
        // The stamp is taken first: a change made while reading shows as a new stamp next time.
        let stamp = FileStamp.of(path)
        let catalog = try loadCatalog(path, locale: locale)
        return BrowseFile(path: path, stamp: stamp, catalog: catalog, error: nil, findings: [])
    }

    /// `CatalogLoader.load`, with any error as a `CatalogDiagnostic` naming the file.
    static func loadCatalog(_ path: String, locale: String?) throws -> Catalog {
        do {
            return try CatalogLoader.load(path: path, locale: locale)
        } catch let d as CatalogDiagnostic {
            throw d
        } catch {
            throw CatalogDiagnostic(file: path, line: 0, column: 0, message: "\(error)")
        }
    }
}

/// The files given to the browser that could not be loaded at start, each with the loader's
/// `file:line:column: message`.
public struct BrowseLoadError: Error, Sendable, CustomStringConvertible {
    /// One diagnostic per file that failed.
    public var problems: [CatalogDiagnostic]

    /// Every problem on its own line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

// MARK: - Rows

/// Identifies an entry across reloads: its file, context and key.
public struct BrowseEntryID: Hashable, Sendable {
    /// The path of the entry's file, as given.
    public var path: String
    /// The entry's context (gettext `msgctxt`), nil when it has none.
    public var context: String?
    /// The entry's key.
    public var key: String

    /// Creates an id.
    public init(path: String, context: String?, key: String) {
        self.path = path
        self.context = context
        self.key = key
    }
}

/// One entry of one catalog, with the findings that concern it.
public struct BrowseRow: Sendable {
    /// The index of its file in `BrowseApp.files`.
    public var file: Int
    /// The path of its file.
    public var path: String
    /// The entry.
    public var entry: CatalogEntry
    /// The findings for this entry (file-level findings are attached to the entry whose text
    /// they point into).
    public var findings: [Finding]

    /// The most serious finding's severity, nil without findings.
    public var worst: Severity? { findings.map(\.severity).max() }

    /// The key as the linter names it: `context|key` when the entry has a context.
    public var displayKey: String { entry.context.map { "\($0)|\(entry.key)" } ?? entry.key }

    /// The id that survives reloads.
    public var id: BrowseEntryID { BrowseEntryID(path: path, context: entry.context, key: entry.key) }
}

extension BrowseRow {
    /// The rows of one catalog, each with its findings.
    ///
    /// A finding names its entry by key and line; a file-level finding (no key: invalid UTF-8, a
    /// duplicate key, a part of the file the model cannot hold) goes to the entry that starts at
    /// or before its line, the one whose text it points into. File-level findings before the first
    /// entry are returned separately.
    static func rows(of catalog: Catalog, path: String, file: Int, findings: [Finding]) -> (rows: [BrowseRow], fileLevel: [Finding]) {
        var rows = catalog.entries.map { BrowseRow(file: file, path: path, entry: $0, findings: []) }
        var byKeyAndLine: [String: Int] = [:]
        for (i, r) in rows.enumerated() {
            let k = "\(r.entry.line)\u{0}\(r.displayKey)"
            if byKeyAndLine[k] == nil { byKeyAndLine[k] = i }
        }
        // Entries by start line, for file-level findings.
        let starts = rows.indices.sorted { (rows[$0].entry.line, $0) < (rows[$1].entry.line, $1) }
        var fileLevel: [Finding] = []
        for f in findings {
            if !f.key.isEmpty, let i = byKeyAndLine["\(f.line)\u{0}\(f.key)"] {
                rows[i].findings.append(f)
                continue
            }
            // The last entry starting at or before the finding's line.
            var lo = 0, hi = starts.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if rows[starts[mid]].entry.line <= f.line { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0, f.line > 0 {
                rows[starts[lo - 1]].findings.append(f)
            } else {
                fileLevel.append(f)
            }
        }
        return (rows, fileLevel)
    }
}

// MARK: - Filter

/// Which entries the list shows, by their findings.
public enum BrowseFilter: Hashable, Sendable, CustomStringConvertible {
    /// Every entry.
    case all
    /// Entries with at least one finding.
    case withFindings
    /// Entries with at least one error.
    case errors
    /// Entries with at least one warning.
    case warnings
    /// Entries with a finding of this id (`bidi-unbalanced`, `untranslated`, …).
    case finding(String)

    /// Whether `row` passes.
    public func accepts(_ row: BrowseRow) -> Bool {
        switch self {
        case .all: return true
        case .withFindings: return !row.findings.isEmpty
        case .errors: return row.findings.contains { $0.severity == .error }
        case .warnings: return row.findings.contains { $0.severity == .warning }
        case .finding(let id): return row.findings.contains { $0.id == id }
        }
    }

    /// The filter after this one: all → with findings → errors → warnings → each finding id in
    /// `ids` (sorted) → all. A filter on an id that is no longer in `ids` goes back to all.
    public func next(ids: [String]) -> BrowseFilter {
        let cycle: [BrowseFilter] = [.all, .withFindings, .errors, .warnings] + ids.sorted().map { .finding($0) }
        guard let i = cycle.firstIndex(of: self) else { return .all }
        return cycle[(i + 1) % cycle.count]
    }

    /// The filter before this one in the same cycle as `next(ids:)`.
    public func previous(ids: [String]) -> BrowseFilter {
        let cycle: [BrowseFilter] = [.all, .withFindings, .errors, .warnings] + ids.sorted().map { .finding($0) }
        guard let i = cycle.firstIndex(of: self) else { return .all }
        return cycle[(i + cycle.count - 1) % cycle.count]
    }

    /// `all`, `with findings`, `errors`, `warnings`, or the finding id.
    public var description: String {
        switch self {
        case .all: return "all"
        case .withFindings: return "with findings"
        case .errors: return "errors"
        case .warnings: return "warnings"
        case .finding(let id): return id
        }
    }
}

// MARK: - Search

/// Text search for the browser's search field.
///
/// Matching is by Unicode scalars after lower-casing (case-insensitive for Latin, Greek,
/// Cyrillic; Arabic and Hebrew have no case), so a letter matches inside a cluster that carries
/// marks. When the query has no combining marks, marks are ignored in the text too: `سلام` finds
/// `سَلَام` and `שלום` finds `שָׁלוֹם`; a query with marks matches them exactly. Both sides are
/// compared in canonical composition (NFC).
public enum BrowseSearch {
    /// Whether any of `fields` contains `query`; an empty query matches everything.
    public static func matches(_ query: String, in fields: [String?]) -> Bool {
        let q = fold(query, dropMarks: false)
        guard !q.isEmpty else { return true }
        let dropMarks = !q.contains(where: isMark)
        for f in fields {
            guard let f, !f.isEmpty else { continue }
            if contains(fold(f, dropMarks: dropMarks), q) { return true }
        }
        return false
    }

    /// `s` lower-cased, composed, as scalars; without nonspacing marks when `dropMarks`.
    static func fold(_ s: String, dropMarks: Bool) -> [Unicode.Scalar] {
        let lowered = s.lowercased().precomposedStringWithCanonicalMapping
        return dropMarks ? lowered.unicodeScalars.filter { !isMark($0) } : Array(lowered.unicodeScalars)
    }

    static func isMark(_ u: Unicode.Scalar) -> Bool { u.properties.generalCategory == .nonspacingMark }

    static func contains(_ haystack: [Unicode.Scalar], _ needle: [Unicode.Scalar]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        let first = needle[0]
        var i = 0
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == first {
                var j = 1
                while j < needle.count && haystack[i + j] == needle[j] { j += 1 }
                if j == needle.count { return true }
            }
            i += 1
        }
        return false
    }
}
