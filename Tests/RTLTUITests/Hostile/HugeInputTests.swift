import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// Huge inputs through every entry point: they finish (times and peak memory are printed as
/// `hostile:` lines), give the right answer, and never overflow the stack.
final class HugeInputTests: XCTestCase {
    // MARK: A 10 MB single line

    /// 10 MiB of Hebrew, Latin, digits and brackets on one line, through `render --width 80` from
    /// standard input: every scalar comes out once, on lines of exactly 80 cells.
    func test_render_tenMegabyteSingleLine() throws {
        let unit = "שלום world 123 (אבג) [x] "   // 25 scalars, all one cell wide
        let unitBytes = unit.utf8.count
        let count = (10 << 20) / unitBytes
        var input = Data(capacity: count * unitBytes + 1)
        let unitData = Data(unit.utf8)
        for _ in 0..<count { input.append(unitData) }
        input.append(0x0A)

        let (r, seconds) = try Hostile.timed { try Command.run(["render", "--width", "80", "--no-shape"], stdin: input) }
        Hostile.report(String(format: "render --width 80, %.1f MB single line: %.2f s, peak RSS %d MiB",
                              Double(input.count) / 1e6, seconds, Hostile.peakRSSMiB()))
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.lines
        XCTAssertGreaterThanOrEqual(lines.count, count * 25 / 80)
        XCTAssertTrue(lines.allSatisfy { $0.unicodeScalars.count == 80 }, "every line is padded to 80 cells")
        // Every non-space scalar of the input is on the screen once (brackets mirrored in pairs).
        let letters = lines.reduce(0) { $0 + $1.unicodeScalars.filter { $0 != " " }.count }
        XCTAssertEqual(letters, count * unit.unicodeScalars.filter { $0 != " " }.count)
        Hostile.assertTerminalSafe(r.stdout, "10 MB render")
    }

    /// The same line, unwrapped (one paragraph, one output line), through the library directly.
    func test_engine_tenMegabyteSingleLineUnwrapped() {
        let text = String(repeating: "مرحبا (abc) 42 ", count: (10 << 20) / 20)   // 20 bytes, 15 scalars
        let engine = BidiEngine()
        let (p, seconds) = Hostile.timed { engine.layout(text, direction: .rtl, options: LayoutOptions(shaping: false)) }
        Hostile.report(String(format: "BidiEngine.layout of %.1f MB unwrapped: %.2f s", Double(text.utf8.count) / 1e6, seconds))
        XCTAssertEqual(p.lines.count, 1)
        XCTAssertEqual(p.lines[0].width, text.unicodeScalars.count)
    }

    // MARK: A million entries

    func test_loader_millionEntryPOAndJSON() throws {
        let dir = try Hostile.scratchDirectory(self)
        let po = dir.appendingPathComponent("ar.po")
        let json = dir.appendingPathComponent("ar.json")
        try HugeCatalogs.writePO(entries: 1_000_000, to: po)
        try HugeCatalogs.writeJSON(entries: 1_000_000, to: json)
        for file in [po, json] {
            let (catalog, seconds) = try Hostile.timed { try CatalogLoader.load(path: file.path) }
            Hostile.report(String(format: "CatalogLoader.load, 1,000,000 entries, %@ (%.1f MB): %.2f s",
                                  file.pathExtension, Double(try Data(contentsOf: file).count) / 1e6, seconds))
            XCTAssertEqual(catalog.entries.count, 1_000_000)
            XCTAssertEqual(catalog.lookup("key.999999"), "قيمة 999999")
            XCTAssertEqual(catalog.entries[500_000].key, "key.500000")
            if file.pathExtension == "po" { XCTAssertEqual(catalog.entries[500_000].line, 4 + 500_000 * 3) }
            XCTAssertTrue(catalog.warnings.isEmpty, "\(catalog.warnings.prefix(3))")
        }
    }

    /// `check` of a huge .po file: every entry is linted (shaped, reordered, scanned). A million
    /// entries take about 45 s with a debug build, so by default this runs 100,000;
    /// `RTL_TUI_HOSTILE_FULL=1` runs the full million.
    func test_check_hugePO() throws {
        let full = ProcessInfo.processInfo.environment["RTL_TUI_HOSTILE_FULL"] == "1"
        let entries = full ? 1_000_000 : 100_000
        let dir = try Hostile.scratchDirectory(self)
        let po = dir.appendingPathComponent("ar.po")
        try HugeCatalogs.writePO(entries: entries, to: po, escapeEvery: entries / 4)
        let (r, seconds) = try Hostile.timed { try Command.run(["check", "--format", "json", po.path]) }
        Hostile.report(String(format: "check --format json, %d-entry .po: %.2f s, peak RSS %d MiB",
                              entries, seconds, Hostile.peakRSSMiB()))
        XCTAssertEqual(r.status, 1, r.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        XCTAssertEqual((object["files"] as? [[String: Any]])?.first?["entries"] as? Int, entries)
        let findings = try XCTUnwrap(object["findings"] as? [[String: Any]])
        let escapes = findings.filter { $0["id"] as? String == "escape-sequence" }
        XCTAssertEqual(escapes.compactMap { $0["line"] as? Int }, (0..<4).map { 4 + $0 * entries / 4 * 3 })
        Hostile.assertTerminalSafe(r.stdout, "check of \(entries) entries")
    }

    // MARK: Deep nesting

    /// 10,000 nested embeddings (and isolates, and overrides) through render, inspect and check.
    func test_tenThousandNestedEmbeddings_everyCommand() throws {
        let embeddings = String(repeating: "\u{202B}א\u{202A}a", count: 5_000) + String(repeating: "\u{202C}", count: 10_000)
        let isolates = String(repeating: "\u{2067}ב\u{2066}b", count: 5_000) + String(repeating: "\u{2069}", count: 10_000)
        let overrides = String(repeating: "\u{202E}ג\u{202D}c", count: 5_000)
        for (name, text) in [("embeddings", embeddings), ("isolates", isolates), ("overrides", overrides)] {
            let (render, seconds) = try Hostile.timed { try Command.run(["render", "--width", "80", text]) }
            Hostile.report(String(format: "render, 10,000 nested %@: %.2f s", name, seconds))
            XCTAssertEqual(render.status, 0, render.stderr)
            XCTAssertEqual(render.lines.reduce(0) { $0 + $1.unicodeScalars.filter { $0 != " " }.count }, 10_000, name)

            let inspect = try Command.run(["inspect", "--format", "jsonl", text])
            XCTAssertEqual(inspect.status, 0, inspect.stderr)
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: inspect.stdout) as? [String: Any])
            XCTAssertEqual(object["text"] as? String, text)
            let levels = try XCTUnwrap(object["levels"] as? [Any])
            XCTAssertEqual(levels.count, text.unicodeScalars.count)
            // ICU's maximum explicit depth is 125: no level above it.
            XCTAssertLessThanOrEqual(levels.compactMap { $0 as? Int }.max() ?? 0, 126)
        }
        let dir = try Hostile.scratchDirectory(self)
        let po = dir.appendingPathComponent("he.po")
        try Data("msgid \"deep\"\nmsgstr \"\(embeddings)\"\n\nmsgid \"iso\"\nmsgstr \"\(isolates)\"\n".utf8).write(to: po)
        let check = try Command.run(["check", "--format", "json", po.path])
        XCTAssertTrue([0, 1].contains(check.status), "status \(check.status): \(check.stderr.prefix(300))")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: check.stdout) as? [String: Any])
        XCTAssertEqual((object["files"] as? [[String: Any]])?.first?["entries"] as? Int, 2)
        Hostile.assertTerminalSafe(check.stdout, "check of deep nesting")
    }

    /// 10,000 levels of nesting in each structured catalog format, through `check`: findings or a
    /// clear error naming the file, never a stack overflow. (`check` runs as a child process, so a
    /// crash fails this test only.)
    func test_check_tenThousandLevelsOfNestingInEveryStructuredFormat() throws {
        let d = 10_000
        func r(_ s: String, _ n: Int = d) -> String { String(repeating: s, count: n) }
        let files: [(String, String)] = [
            ("deep.json", r("{\"a\":") + "\"x\"" + r("}")),
            ("deep_ar.arb", "{\"@@locale\": \"ar\", \"a\": " + r("[") + r("]") + "}"),
            ("Localizable.xcstrings", "{\"sourceLanguage\": \"en\", \"strings\": {\"k\": {\"localizations\": {\"ar\": "
                + r("{\"variations\": {\"plural\": {\"other\": ", 3_000) + "{\"stringUnit\": {\"value\": \"x\"}}"
                + r("}}}", 3_000) + "}}}}"),
            // Markup nested inside a string, as Android's <b>, <i>, <u> and <xliff:g> allow.
            ("values-ar/strings.xml", "<resources><string name=\"a\">" + r("<b>") + "نص" + r("</b>") + "</string></resources>"),
            ("plurals/values-ar/strings.xml", "<resources><plurals name=\"p\"><item quantity=\"other\">" + r("<i>") + "x"
                + r("</i>") + "</item></plurals></resources>"),
            ("ar.xlf", "<xliff version=\"1.2\"><file target-language=\"ar\"><body>" + r("<group>")
                + "<trans-unit id=\"a\"><source>s</source><target>" + r("<g id=\"1\">") + "x" + r("</g>")
                + "</target></trans-unit>" + r("</group>") + "</body></file></xliff>"),
            ("ar2.xliff", "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:2.0\" version=\"2.0\" srcLang=\"en\" trgLang=\"ar\">"
                + "<file id=\"f\"><unit id=\"a\"><segment><source>s</source><target>" + r("<pc id=\"1\">") + "x"
                + r("</pc>") + "</target></segment></unit></file></xliff>"),
        ]
        let dir = try Hostile.scratchDirectory(self)
        for (name, content) in files {
            let file = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: file)
            let result = try Command.run(["check", file.path])
            XCTAssertTrue([0, 1, 2].contains(result.status),
                          "\(name): rtl-tui check ended with status \(result.status) (a crash): \(result.stderr.prefix(300))")
            if result.status == 2 { XCTAssertTrue(result.stderr.contains(name + ":"), "\(name): \(result.stderr)") }
            Hostile.assertTerminalSafe(Data(result.stderr.utf8), "check \(name) stderr")
        }
    }

    func test_screenFile_tenThousandLevelsOfNesting() {
        let depth = 10_000
        let flow = "screen: deep\nroot: " + String(repeating: "{type: pane, child: ", count: depth) + "{type: spacer}"
            + String(repeating: "}", count: depth) + "\n"
        let sequences = "screen: deep\nroot: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n"
        for (name, yaml) in [("flow mappings", flow), ("flow sequences", sequences)] {
            do {
                let screen = try ScreenFile.parse(yaml: yaml, path: "deep.yaml")
                XCTAssertEqual(screen.id, "deep", name)
            } catch {
                XCTAssertFalse(error.diagnostics.isEmpty, name)
                XCTAssertTrue(error.diagnostics.allSatisfy { $0.path == "deep.yaml" && $0.line >= 1 }, name)
            }
        }
    }
}

/// Generates big catalogs quickly (no per-entry string interpolation into one huge String).
enum HugeCatalogs {
    /// A `.po` file: a header (lines 1–3), then `msgid "key.N"` / `msgstr "قيمة N"` / blank for each
    /// entry, so entry N starts at line 4 + 3N. Every `escapeEvery`th entry carries `ESC[2J`.
    static func writePO(entries: Int, to url: URL, escapeEvery: Int = 0) throws {
        var out = Data("msgid \"\"\nmsgstr \"Language: ar\\n\"\n\n".utf8)
        out.reserveCapacity(entries * 40)
        let value = Data("\"\nmsgstr \"قيمة ".utf8)
        for i in 0..<entries {
            out.append(contentsOf: "msgid \"key.".utf8)
            out.append(contentsOf: String(i).utf8)
            out.append(value)
            if escapeEvery > 0 && i % escapeEvery == 0 { out.append(contentsOf: [0x1B, 0x5B, 0x32, 0x4A]) }
            out.append(contentsOf: String(i).utf8)
            out.append(contentsOf: "\"\n\n".utf8)
        }
        try out.write(to: url)
    }

    /// A flat JSON object `{"key.N": "قيمة N", …}`.
    static func writeJSON(entries: Int, to url: URL) throws {
        var out = Data("{".utf8)
        out.reserveCapacity(entries * 32)
        let middle = Data("\": \"قيمة ".utf8)
        for i in 0..<entries {
            out.append(contentsOf: (i == 0 ? "\n\"key." : ",\n\"key.").utf8)
            out.append(contentsOf: String(i).utf8)
            out.append(middle)
            out.append(contentsOf: String(i).utf8)
            out.append(0x22)
        }
        out.append(contentsOf: "\n}\n".utf8)
        try out.write(to: url)
    }
}
