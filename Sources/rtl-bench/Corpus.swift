import BidiTerm
#if canImport(Glibc)
import Glibc
#endif

/// The benchmark corpus: real UI strings from the Arabic, Hebrew and Persian gettext catalogs
/// installed on the machine, read with the project's own loader, one translation line per line,
/// repeated to the size asked for; or, when no catalog is installed, a synthetic mix.
struct Corpus {
    /// The distinct lines, in catalog order (before repetition).
    var lines: [String]
    /// Where they came from, for the report.
    var description: String
    var files = 0
    var entries = 0
    var warnings = 0

    static let languages = ["ar", "he", "fa"]

    /// Every translation line of every `.mo` file under /usr/share/locale/{ar,he,fa}/LC_MESSAGES.
    static func installedCatalogs(root: String = "/usr/share/locale") -> Corpus? {
        var c = Corpus(lines: [], description: "")
        var perLanguage: [String] = []
        for lang in languages {
            let dir = "\(root)/\(lang)/LC_MESSAGES"
            let names = listDirectory(dir).filter { $0.hasSuffix(".mo") }.sorted()
            var count = 0
            for name in names {
                guard let catalog = try? CatalogLoader.load(path: "\(dir)/\(name)") else { continue }
                c.files += 1
                count += 1
                c.warnings += catalog.warnings.count
                for entry in catalog.entries {
                    c.entries += 1
                    // A plural entry's forms are all in `plurals` (the first one is also `translation`).
                    let texts = entry.plurals.isEmpty
                        ? [entry.translation ?? ""]
                        : entry.plurals.sorted { (Int($0.key) ?? 0) < (Int($1.key) ?? 0) }.map(\.value)
                    for t in texts {
                        for line in t.split(separator: "\n", omittingEmptySubsequences: true) {
                            var s = String(line)
                            if s.hasSuffix("\r") { s.removeLast() }
                            if !s.isEmpty { c.lines.append(s) }
                        }
                    }
                }
            }
            perLanguage.append("\(lang): \(count)")
        }
        guard !c.lines.isEmpty else { return nil }
        c.description = "installed gettext catalogs (\(perLanguage.joined(separator: ", ")) .mo files) under \(root)/{ar,he,fa}/LC_MESSAGES"
        return c
    }

    /// A synthetic mix of the kinds of UI strings the catalogs hold: Arabic (with harakat,
    /// lam-alef, Arabic-Indic digits), Hebrew (with points), Persian (with ZWNJ), Latin, numbers,
    /// brackets, paths, placeholders, and plain ASCII lines. Deterministic.
    static func synthetic(reason: String) -> Corpus {
        let arabic = ["مرحبا بالعالم", "تعذر فتح الملف", "كلمة السر", "لا توجد نتائج", "إعدادات النظام",
                      "كَتَبَ الطالبُ الدرسَ", "الإصدار ٢٫٣", "حفظ التغييرات؟", "السلام عليكم"]
        let hebrew = ["שלום עולם", "לא ניתן לפתוח את הקובץ", "הגדרות מערכת", "שָׁלוֹם", "גרסה 2.3", "שמירת השינויים?"]
        let persian = ["تنظیمات سیستم", "می‌خواهید ادامه دهید؟", "پرونده‌ها", "نسخهٔ ۲٫۳"]
        let latin = ["GitHub", "example.com", "/usr/share/locale", "%s", "%d", "(%s)", "[OK]", "Ctrl+C", "UTF-8", "v1.2.3"]
        let ascii = ["Cannot open file %s", "Settings", "Press Enter to continue", "Error: %s (%d)"]
        var c = Corpus(lines: [], description: "synthetic mixed UI strings (\(reason))")
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        for i in 0..<20000 {
            let pool: [String]
            switch i % 10 {
            case 0, 1, 2, 3: pool = arabic
            case 4, 5, 6: pool = hebrew
            case 7, 8: pool = persian
            default: pool = ascii
            }
            var words: [String] = []
            for _ in 0..<(1 + next(4)) {
                words.append(next(4) == 0 && pool != ascii ? latin[next(latin.count)] : pool[next(pool.count)])
            }
            if next(5) == 0 { words.append(String(next(100000))) }
            c.lines.append(words.joined(separator: next(3) == 0 ? ": " : " "))
        }
        return c
    }

    /// Writes the lines, repeated until the file holds at least `size` bytes; returns (bytes, lines).
    func write(to path: String, size: Int) -> (bytes: Int, lines: Int) {
        var block: [UInt8] = []
        for l in lines {
            block.append(contentsOf: l.utf8)
            block.append(0x0A)
        }
        guard let f = fopen(path, "w") else { return (0, 0) }
        defer { fclose(f) }
        var written = 0, count = 0
        repeat {
            _ = block.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
            written += block.count
            count += lines.count
        } while written < size
        return (written, count)
    }

    static func listDirectory(_ path: String) -> [String] {
        guard let d = opendir(path) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafePointer(to: e.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
