import BidiTerm
import Foundation

/// `run --strings`: the screen's text tied to catalog entries while the program runs (the QA
/// workflow of `Docs/guide/run.md`). The catalogs are read and indexed on a thread of their own, so the
/// program starts at once; each screen is matched there too, at most every `interval`, so that
/// matching never delays a frame. The latest match serves the inspector and the command key's
/// list; every screen whose set of entries differs from the last one is counted in the report
/// (`--qa-report`), written when `run` ends.
final class QASession: @unchecked Sendable {
    private let lock = NSLock()
    private let queue = DispatchQueue(label: "rtl-tui run: strings")
    private var strings: ScreenStrings?
    private var latest: ScreenMatch?
    private var pendingRows: [[String]]?
    private var matching = false
    private var lastKey: Set<EntryRef> = []
    private var lastUnmatched: Set<String> = []
    private(set) var report = QAReport()
    /// Why the catalogs could not be used (shown by the inspector and the list), nil when they were.
    private(set) var problem: String?
    private(set) var entryCount = 0
    /// Each screen's matching time, for the status (nanoseconds).
    private(set) var lastMatchNanos: Int64 = 0

    /// Starts reading the catalogs with `load` on the session's thread.
    init(load: @escaping @Sendable () -> Result<ScreenStrings, QAProblem>) {
        queue.async { [self] in
            let result = load()
            lock.lock()
            switch result {
            case .success(let s):
                strings = s
                entryCount = s.entryCount
            case .failure(let p):
                problem = p.message
            }
            lock.unlock()
        }
    }

    /// Whether the catalogs are read and indexed.
    var isReady: Bool {
        lock.lock()
        defer { lock.unlock() }
        return strings != nil
    }

    /// A new screen (its rows' cells in logical order, "" for the right half of a wide character):
    /// matched on the session's thread, the latest screen only when several come meanwhile.
    func screenChanged(_ rows: [[String]], snapshot: String? = nil) {
        lock.lock()
        pendingRows = rows
        let start = !matching && strings != nil
        if start { matching = true }
        lock.unlock()
        if start { queue.async { [self] in drain(snapshot: snapshot) } }
    }

    private func drain(snapshot: String?) {
        while true {
            lock.lock()
            guard let rows = pendingRows, let s = strings else {
                matching = false
                lock.unlock()
                return
            }
            pendingRows = nil
            lock.unlock()
            let t0 = DispatchTime.now().uptimeNanoseconds
            let m = s.match(cells: rows)
            let took = Int64(DispatchTime.now().uptimeNanoseconds - t0)
            lock.lock()
            latest = m
            lastMatchNanos = took
            let key = Set(m.hits.map(\.entry))
            let texts = Set(m.unmatched.map(\.text))
            if key != lastKey || texts != lastUnmatched || snapshot != nil {
                if !key.isEmpty || !texts.isEmpty { report.record(m, screen: snapshot) }
                lastKey = key
                lastUnmatched = texts
            }
            lock.unlock()
        }
    }

    /// Matches `rows` now, on the caller's thread (a snapshot: the report names its screen).
    func matchNow(_ rows: [[String]], snapshot: String?) {
        lock.lock()
        guard let s = strings else { lock.unlock(); return }
        lock.unlock()
        let m = s.match(cells: rows)
        lock.lock()
        latest = m
        report.record(m, screen: snapshot)
        lastKey = Set(m.hits.map(\.entry))
        lastUnmatched = Set(m.unmatched.map(\.text))
        lock.unlock()
    }

    /// The latest match.
    var match: ScreenMatch? {
        lock.lock()
        defer { lock.unlock() }
        return latest
    }

    /// The inspector's lines for the cell at logical column `x` of row `y`: its entry, source,
    /// file and line, and its `check` findings, worst first.
    func describe(row y: Int, column x: Int) -> [String] {
        lock.lock()
        let m = latest, p = problem, ready = strings != nil
        lock.unlock()
        if let p { return ["strings: \(p)"] }
        guard ready else { return ["strings: still reading the catalogs"] }
        guard let m else { return [] }
        let hits = m.hits.filter { h in h.spans.contains { $0.row == y && $0.columns.contains(x) } }
        guard let hit = hits.first else {
            if m.unmatched.contains(where: { $0.row == y && $0.columns.contains(x) }) {
                return ["strings: no catalog entry has this text (untranslated or hard-coded)"]
            }
            return ["strings: no catalog entry here"]
        }
        return Self.lines(hit.entry) + (hits.count > 1 ? ["  (\(hits.count - 1) more entries with the same text)"] : [])
    }

    static func lines(_ e: EntryRef) -> [String] {
        var out: [String] = []
        let key = e.context.map { "\(e.key) (context \($0))" } ?? e.key
        out.append("entry: \(key) · \(e.file):\(e.line)\(e.locale.map { " · \($0)" } ?? "")\(e.pluralForm.map { " · form \($0)" } ?? "")\(e.isFuzzy ? " · fuzzy" : "")")
        if let s = e.source { out.append("  source: \(s)") }
        out.append("  translation: \(e.translation)")
        let findings = e.findings.sorted { $0.severity > $1.severity }
        if findings.isEmpty { out.append("  check: no findings") }
        for f in findings { out.append("  check: \(f.severity) \(f.id): \(f.message)") }
        return out
    }

    /// The command key's `l`: every entry on the current screen with its findings, worst first,
    /// then the text no entry covers.
    func list() -> [String] {
        lock.lock()
        let m = latest, p = problem, ready = strings != nil, n = entryCount
        lock.unlock()
        if let p { return ["rtl-tui strings: \(p)"] }
        guard ready else { return ["rtl-tui strings: still reading the catalogs"] }
        guard let m else { return ["rtl-tui strings: \(n) entries; nothing matched yet"] }
        var seen = Set<EntryRef>()
        let entries = m.hits.map(\.entry).filter { seen.insert($0).inserted }
            .sorted { ($0.findings.map(\.severity).max() ?? .info, $1.file, $1.line) > ($1.findings.map(\.severity).max() ?? .info, $0.file, $0.line) }
        var out = ["rtl-tui strings: \(entries.count) entries on this screen, \(m.unmatched.count) texts no entry covers (any key closes this)"]
        for e in entries {
            let worst = e.findings.sorted { $0.severity > $1.severity }
            let tag = worst.first.map { "\($0.severity) \($0.id)" } ?? "ok"
            out.append("  [\(tag)] \(e.key) · \(e.file):\(e.line) · \(e.translation)")
        }
        for t in m.unmatched { out.append("  [no entry] row \(t.row + 1): \(t.text)") }
        return out
    }

    /// Writes the report to `path`: SARIF 2.1.0 for a `.sarif` file, JSON otherwise; waits for the
    /// matching under way.
    func writeReport(to path: String) throws {
        queue.sync {}
        lock.lock()
        let r = report
        lock.unlock()
        let text = path.lowercased().hasSuffix(".sarif") ? r.sarif() : r.json()
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}

/// Why `run --strings` cannot use its catalogs.
public struct QAProblem: Error, Sendable {
    /// The message, as shown on the bottom row and on standard error.
    public var message: String
    /// A problem with `message`.
    public init(_ message: String) { self.message = message }
}
