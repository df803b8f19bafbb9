import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// Warnings right nine times in ten: for each warning id, a sample of its findings on the catalogs
/// installed here, drawn with a fixed seed and labelled by hand real or false with the reason, in
/// `Fixtures/lint/precision/<id>.txt`. The labels must say 90% real or more; where the same
/// catalogs are installed, the sample drawn today must be exactly the one labelled (a change to a
/// check that changes its findings means labelling again: `RTL_TUI_PRECISION_DRAFT=dir` writes the
/// new samples there, keeping the labels already given).
final class WarningPrecisionTests: XCTestCase {
    static let folder = Repository.fixtures.appendingPathComponent("lint/precision")
    static let seed: UInt64 = 19

    /// How many findings of an id are labelled (all when there are fewer).
    static func sampleSize(_ id: String) -> Int { ["untranslated", "direction-dependent"].contains(id) ? 40 : 25 }

    struct Record: Hashable {
        var label: String
        var identity: String
        var reason: String
    }

    struct Labelled {
        var id: String
        var header: String
        var records: [Record]
    }

    /// `lang/file.mo | key | form`, with invisible characters and line breaks escaped.
    static func identity(_ f: Finding) -> String {
        let parts = f.file.split(separator: "/")
        let name = parts.count >= 3 ? "\(parts[parts.count - 3])/\(parts.last!)" : f.file
        return "\(name) | \(escaped(f.key)) | \(f.pluralForm ?? "-")"
    }

    static func escaped(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "|": out += "\\|"
            default:
                if u.properties.generalCategory == .format || u.properties.generalCategory == .control {
                    out += "\\u{\(String(u.value, radix: 16, uppercase: true))}"
                } else { out.unicodeScalars.append(u) }
            }
        }
        return out
    }

    static func load(_ url: URL) throws -> Labelled {
        let text = try String(contentsOf: url, encoding: .utf8)
        var header = "", records: [Record] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("#") { if header.isEmpty { header = String(line) }; continue }
            if line.hasPrefix(" ") { continue }   // the source and the text, for the reader
            let parts = line.components(separatedBy: " | ")
            guard parts.count >= 5 else { continue }
            records.append(Record(label: parts[0], identity: parts[1...3].joined(separator: " | "), reason: parts[4...].joined(separator: " | ")))
        }
        return Labelled(id: url.deletingPathExtension().lastPathComponent, header: header, records: records)
    }

    static func labelled() throws -> [Labelled] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".txt") }.sorted()
        return try names.map { try load(folder.appendingPathComponent($0)) }
    }

    /// A seeded draw of `k` of `n` indices, in order (SplitMix64, a partial Fisher–Yates shuffle).
    static func draw(_ k: Int, of n: Int, seed: UInt64) -> [Int] {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var a = Array(0..<n)
        for i in 0..<min(k, n) { a.swapAt(i, i + Int(next() % UInt64(n - i))) }
        return Array(a.prefix(k)).sorted()
    }

    // MARK: - The labels

    func test_labels_areComplete_andSayNinetyPercentReal() throws {
        let files = try Self.labelled()
        XCTAssertFalse(files.isEmpty)
        for file in files {
            XCTAssertFalse(file.records.isEmpty, file.id)
            for r in file.records {
                XCTAssertTrue(r.label == "real" || r.label == "false", "\(file.id): \(r.identity): label \(r.label)")
                XCTAssertGreaterThanOrEqual(r.reason.count, 15, "\(file.id): \(r.identity): the reason is missing")
            }
            let real = file.records.filter { $0.label == "real" }.count
            XCTAssertGreaterThanOrEqual(Double(real), 0.9 * Double(file.records.count), "\(file.id): \(real) real of \(file.records.count)")
            XCTAssertTrue(file.header.contains("sample of \(file.records.count)"), "\(file.id): \(file.header)")
            XCTAssertTrue(file.records.count >= 20 || file.header.contains("all of them"), "\(file.id): at least 20 where that many exist")
        }
    }

    // MARK: - The sample is today's

    func test_sampleDrawnFromTheInstalledCatalogs_isTheLabelledOne() throws {
        let paths = InstalledCatalogs.paths
        if paths.isEmpty { throw XCTSkip("no Arabic, Hebrew or Persian catalogs installed") }
        var warnings: [String: [Finding]] = [:]
        var entries = 0
        for path in paths {
            guard let catalog = try? CatalogLoader.load(path: path) else { continue }
            entries += catalog.entries.count
            for f in BidiLinter().check(catalog) where f.severity == .warning { warnings[f.id, default: []].append(f) }
        }
        let installed = "\(paths.count) catalogs, \(entries) entries"
        let files = try Self.labelled()
        let draft = ProcessInfo.processInfo.environment["RTL_TUI_PRECISION_DRAFT"]
        if draft == nil, let any = files.first, !any.header.contains(installed) {
            throw XCTSkip("the labelled samples were drawn from other catalogs (\(any.header)); here: \(installed)")
        }
        let known = Dictionary(files.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for (id, list) in warnings.sorted(by: { $0.key < $1.key }) {
            let k = Self.sampleSize(id)
            let chosen = Self.draw(k, of: list.count, seed: Self.seed).map { list[$0] }
            let header = "# \(id): \(list.count) warnings on the installed catalogs (\(installed)); sample of \(chosen.count)"
                + (chosen.count == list.count ? " (all of them)" : " (seed \(Self.seed))")
            if let draft {
                let old = Dictionary((known[id]?.records ?? []).map { ($0.identity, $0) }, uniquingKeysWith: { a, _ in a })
                var out = header + "\n# label | catalog | key | plural form | reason\n\n"
                for f in chosen {
                    let r = old[Self.identity(f)]
                    out += "\(r?.label ?? "?") | \(Self.identity(f)) | \(r?.reason ?? "")\n"
                    out += "    source: \(Self.escaped(f.source ?? ""))\n    text: \(Self.escaped(f.translation ?? ""))\n    says: \(Self.escaped(f.message))\n\n"
                }
                try out.write(toFile: draft + "/\(id).txt", atomically: true, encoding: .utf8)
                continue
            }
            let file = try XCTUnwrap(known[id], "\(id): \(list.count) warnings and no labelled sample")
            XCTAssertEqual(file.header, header, id)
            XCTAssertEqual(file.records.map(\.identity), chosen.map(Self.identity), "\(id): the findings changed: label the new sample")
        }
        if draft == nil {
            for file in files where warnings[file.id] == nil { XCTFail("\(file.id): labelled, but no longer found at all") }
        }
    }

    // MARK: - Decisions that keep the warnings right

    func linted(_ text: String, _ source: String, locale: String = "ar", key: String? = nil, context: String? = nil,
                others: [(String, String)] = [], flags: [String] = []) -> [Finding] {
        var entries = [CatalogEntry(key: key ?? source, context: context, source: source, translation: text, flags: flags)]
        for (s, t) in others { entries.append(CatalogEntry(key: s, source: s, translation: t)) }
        return BidiLinter().check(Catalog(path: "\(locale).po", format: .po, locale: locale, entries: entries))
    }

    func ids(_ text: String, _ source: String, locale: String = "ar", context: String? = nil, others: [(String, String)] = []) -> Set<String> {
        Set(linted(text, source, locale: locale, context: context, others: others).filter { $0.key == (context.map { "\($0)|\(source)" } ?? source) }.map(\.id))
    }

    func test_untranslated_leavesNamesKeysAndCreditsAlone() {
        XCTAssertEqual(ids("Cancel", "Cancel"), ["untranslated"])
        XCTAssertEqual(ids("Use Markup", "Use Markup"), ["untranslated"], "title case alone is not a name")
        XCTAssertEqual(ids("A4x5", "A4x5", context: "paper size"), [])
        XCTAssertEqual(ids("End", "KP_End", context: "keyboard label"), [])
        XCTAssertEqual(ids("calendar:week_start:0", "calendar:week_start:0"), [])
        XCTAssertEqual(ids("ahmad@example.org", "Your emails", context: "EMAIL OF TRANSLATORS"), [])
        XCTAssertEqual(ids("TypeMatrix EZ-Reach 2030 USB", "TypeMatrix EZ-Reach 2030 USB"), [])
        XCTAssertEqual(ids("S", "S", context: "Color Channel"), [])
        // Kept in Latin inside the catalog's Arabic translations: a name.
        XCTAssertEqual(ids("Konsole", "Konsole", others: [("About Konsole", "عن Konsole")]), [])
        XCTAssertEqual(ids("Konsole", "Konsole"), ["untranslated"])
    }

    func test_noWarningOnAnEntryReportedReversed() {
        // Hebrew typed reversed (final letters start the words), with a dropped trailing space too.
        let f = linted("ןורכזה רמגנ םויה", "Out of memory today ", locale: "he")
        XCTAssertTrue(f.contains { $0.id == "visual-order" })
        XCTAssertEqual(f.filter { $0.severity == .warning }.map(\.id), [])
    }

    func test_mixedDigits_countsOnlyTheTextsOwnDigits() {
        XCTAssertEqual(ids("طرفيات 1×٢", "1x2 terminals").intersection(["mixed-digits"]), ["mixed-digits"])
        XCTAssertEqual(ids("Sun Type 7 USB (ياباني) ١٠٦-مفتاح", "Sun Type 7 USB (Japanese) 106-key").intersection(["mixed-digits"]), [])
        XCTAssertEqual(ids("نشانی آی‌پی۶ در SOCKSv4", "SOCKSv4 IPv6 address").intersection(["mixed-digits"]), [])
    }

    // MARK: - New checks

    func test_slashes() {
        XCTAssertEqual(ids("صورة\\شفافة", "Picture/Transparent").intersection(["slashes"]), ["slashes"])
        XCTAssertEqual(ids("از /N پشتیبانی نمی‌شود", "\\N is not supported", locale: "fa").intersection(["slashes"]), ["slashes"])
        XCTAssertEqual(ids("صورة/شفافة", "Picture/Transparent").intersection(["slashes"]), [])
        XCTAssertEqual(ids("سطر\\n", "Line\\n").intersection(["slashes"]), [], "an escape is not a backslash typed for a slash")
        XCTAssertEqual(ids("انظر https://example.org", "See https://example.org").intersection(["slashes"]), [])
    }

    func test_placeholderSpacing() {
        let f = linted("حذف پرونده‌ها از %1پشتیبانی نمی‌شود.", "Deleting files from %1 is not supported.", locale: "fa", flags: ["kde-format"])
        XCTAssertEqual(f.filter { $0.id == "placeholder-spacing" }.count, 1, "\(f.map(\.message))")
        XCTAssertEqual(ids("جلب %sب", "Fetched %sB").intersection(["placeholder-spacing"]), [], "no space in the source")
        XCTAssertEqual(ids("%sها حذف شد", "%s files deleted", locale: "fa").intersection(["placeholder-spacing"]), [], "a two-letter suffix")
        XCTAssertEqual(ids("%s، فشل", "%s failed").intersection(["placeholder-spacing"]), [], "punctuation is not a word")
    }

    func test_guillemets_andTheirFix() {
        let f = linted("قرارداد ناشناخته »%1«.", "Unknown protocol '%1'.", locale: "fa")
        let g = f.first { $0.id == "guillemets" }
        XCTAssertNotNil(g)
        XCTAssertEqual(g?.fixable, true)
        XCTAssertTrue(g?.suggestion.contains("«%1»") == true, g?.suggestion ?? "")
        XCTAssertEqual(ids("قرارداد ناشناخته «%1».", "Unknown protocol '%1'.", locale: "fa").intersection(["guillemets"]), [])
        XCTAssertEqual(ids("Protokoll »%1«", "Protocol '%1'", locale: "de").intersection(["guillemets"]), [], "not in LTR text")
        XCTAssertEqual(LintFixer.fixed("»%1« با »%2«"), "«%1» با «%2»")
        XCTAssertEqual(LintFixer.fixed("»%1« با «%2»"), "»%1« با «%2»", "mixed: not certain, left alone")
        XCTAssertEqual(LintFixer.balanced("»%1« با"), "»%1« با", "balanced() repairs bidi controls only")
    }

    /// `--fix` swaps the guillemets in a .po file, byte for byte elsewhere.
    func test_guillemets_fixedInAPOFile() throws {
        let po = "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Language: fa\\n\"\n\nmsgid \"Unknown protocol '%1'.\"\nmsgstr \"قرارداد ناشناخته »%1«.\"\n"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("guillemets-\(UUID().uuidString).po")
        try po.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let catalog = try CatalogLoader.load(path: url.path)
        let result = try CatalogFixer.fix(try Data(contentsOf: url), catalog: catalog)
        XCTAssertEqual(result.fixed.count, 1)
        XCTAssertEqual(String(decoding: result.data, as: UTF8.self), po.replacingOccurrences(of: "»%1«", with: "«%1»"))
    }

    func test_pluralZero_formOfAnotherMessage() throws {
        let header = "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Plural-Forms: nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;\\n\"\n\"Language: ar\\n\"\n\n"
        func forms(_ zero: String) throws -> [Finding] {
            let po = header + "msgid \"This file uses advanced permissions\"\nmsgid_plural \"These files use advanced permissions\"\n"
                + "msgstr[0] \"\(zero)\"\nmsgstr[1] \"يستخدم هذا الملفّ تصاريح متقدّمة.\"\nmsgstr[2] \"يستخدم هذين الملفّين تصاريح متقدّمة.\"\n"
                + "msgstr[3] \"تستخدم هذه الملفّات تصاريح متقدّمة.\"\nmsgstr[4] \"تستخدم هذه الملفّات تصاريح متقدّمة.\"\nmsgstr[5] \"تستخدم هذه الملفّات تصاريح متقدّمة.\"\n"
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("zero-\(UUID().uuidString).po")
            try po.write(to: url, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: url) }
            return BidiLinter().check(try CatalogLoader.load(path: url.path)).filter { $0.id == "plural-zero" }
        }
        XCTAssertEqual(try forms("لا ملفّات.").map(\.pluralForm), ["0"])
        XCTAssertEqual(try forms(" %1 ").count, 1)
        XCTAssertEqual(try forms("لا يستخدم أي ملف تصاريح متقدّمة.").count, 0)
    }
}
