import BidiTerm
import Foundation

/// Real UI strings to compare the display with a reference implementation: the committed fixture
/// (`Fixtures/strings/ui-strings.txt`) and the translations of the Arabic, Hebrew and Persian
/// catalogs installed on this machine.
public enum ReferenceStrings {
    /// The committed strings, one per line (`#` lines are comments).
    public static var fixture: [String] {
        let url = Repository.fixtures.appendingPathComponent("strings/ui-strings.txt")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    }

    /// The translations of the catalogs shipped with the repository (every fixture catalog that
    /// loads, in every format, and the demo's catalogs), one line each.
    public static var shippedCatalogs: [String] {
        var out: [String] = []
        var files: [String] = []
        for dir in [Repository.fixtures.appendingPathComponent("catalogs").path, Repository.demoCatalogs] {
            guard let e = FileManager.default.enumerator(atPath: dir) else { continue }
            for case let f as String in e where !f.hasPrefix("broken") { files.append(dir + "/" + f) }
        }
        for path in files.sorted() {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  let c = try? CatalogLoader.load(path: path) else { continue }
            for e in c.entries {
                for t in [e.translation].compactMap({ $0 }) + e.plurals.keys.sorted().compactMap({ e.plurals[$0] }) where !t.isEmpty {
                    for line in t.split(separator: "\n") { out.append(String(line)) }
                }
            }
        }
        return out
    }

    /// Translations from the Arabic, Hebrew and Persian `.mo` catalogs installed on this machine, if
    /// any, one line each, up to about `limit`.
    public static func installed(limit: Int) -> [String] {
        var out: [String] = []
        for lang in ["ar", "he", "fa"] {
            let dir = "/usr/share/locale/\(lang)/LC_MESSAGES"
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: dir) else { continue }
            for f in files.sorted() where f.hasSuffix(".mo") {
                guard let c = try? CatalogLoader.load(path: dir + "/" + f) else { continue }
                for e in c.entries {
                    for t in [e.translation].compactMap({ $0 }) + Array(e.plurals.values) where !t.isEmpty {
                        for line in t.split(separator: "\n") { out.append(String(line)) }
                    }
                }
                if out.count >= limit { return out }
            }
        }
        return out
    }

    /// Whether the comparison speaks for `s`: not with control characters (the display shows
    /// placeholders, ICU writes them raw), zero-width characters outside clusters, emoji
    /// sequences, or a mark at the start.
    public static func comparable(_ s: String) -> Bool {
        !s.unicodeScalars.contains { u in
            u.value < 0x20 || (0x7F...0x9F).contains(u.value) || u.value == 0x2028 || u.value == 0x2029
                || (u.value >= 0x1F000) || u.value == 0x200B || u.value == 0xFEFF || u.value == 0x00AD
                || WidthTable.width(u) < 0
        } && !(s.unicodeScalars.first.map(UnicodeProperties.isMark) ?? false)
    }

    /// `s` without ZWJ and ZWNJ: ICU's REMOVE_BIDI_CONTROLS drops them, the display keeps them
    /// inside their cluster.
    public static func withoutJoiners(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.filter { $0.value != 0x200C && $0.value != 0x200D }))
    }
}
