import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport
import XCTest

/// R22 end to end: escape sequences and control characters in text and in catalogs never reach the
/// terminal raw from `rtl-tui render`, `inspect` or `check`, whatever the format, and nothing is
/// lost on the way (the JSON outputs give the text back exactly).
final class EscapeInjectionTests: XCTestCase {
    /// The SGR sequences `render --format ansi` writes on purpose.
    static let ansiSGR = ["\u{1B}[7m", "\u{1B}[27m", "\u{1B}[4m", "\u{1B}[24m"]

    // MARK: render

    func test_R22_render_payloadsAsArguments_plainAndAnsi_everyWidthAndDirection() throws {
        let args = Hostile.arguments(Hostile.payloads.map(\.text) + [Hostile.allPayloads])
        for options in [[], ["--width", "9"], ["--dir", "rtl", "--width", "13"], ["--no-shape", "--dir", "ltr"],
                        ["--width", "1"], ["--tab-size", "3", "--align", "center", "--width", "20"]] {
            let r = try Command.run(["render"] + options + args)
            XCTAssertEqual(r.status, 0, "\(options): \(r.stderr)")
            Hostile.assertTerminalSafe(r.stdout, "render \(options)")
            Hostile.assertTerminalSafe(Data(r.stderr.utf8), "render \(options) stderr")
            // The escape sequences are shown, not dropped: ESC as its Control Picture.
            XCTAssertTrue(r.text.contains("␛"), "\(options): ESC is not shown")

            let ansi = try Command.run(["render", "--format", "ansi"] + options + args)
            XCTAssertEqual(ansi.status, 0, ansi.stderr)
            Hostile.assertTerminalSafe(ansi.stdout, "render --format ansi \(options)", allowedSequences: Self.ansiSGR)
            XCTAssertTrue(ansi.text.contains("\u{1B}[7m␛"), "placeholders are marked in reverse video")
        }
    }

    /// A screen whose texts carry every payload (from a catalog, and literal), drawn in every
    /// format and cut for want of room: neither the output nor the truncation warnings on standard
    /// error carry a raw control (R22), and the SVG is still well-formed XML.
    func test_R22_renderScreen_everyFormat_andItsTruncationWarnings() throws {
        let dir = try Hostile.scratchDirectory(self)
        var po = "msgid \"\"\nmsgstr \"\"\n\"Language: ar\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
        var yaml = "screen: hostile\ntitle: k0\nroot:\n  type: vstack\n  children:\n"
        for (i, p) in Hostile.payloads.enumerated() {
            let escaped = p.text.unicodeScalars.map { u -> String in
                u.value < 0x20 || u.value == 0x7F || (0x80...0x9F).contains(u.value) || u == "\"" || u == "\\"
                    ? String(format: "\\x%02X", u.value) : String(u)
            }.joined()
            // In the catalog, the controls as written (gettext escapes only for line ends).
            let poText = p.text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
            po += "\nmsgid \"k\(i)\"\nmsgstr \"مرحبا \(poText) طويل جدا جدا\"\n"
            yaml += "    - {type: label, size: 1, text: k\(i)}\n"
            yaml += "    - {type: label, size: 1, text: {literal: \"\(escaped) long literal text\"}}\n"
        }
        let screen = dir.appendingPathComponent("hostile.yaml"), catalog = dir.appendingPathComponent("ar.po")
        try Data(yaml.utf8).write(to: screen)
        try Data(po.utf8).write(to: catalog)
        for format in ["plain", "ansi", "html", "svg"] {
            let r = try Command.run(["render", "--screen", screen.path, "--strings", catalog.path, "--format", format,
                                     "--width", "16", "--height", "30"])
            XCTAssertEqual(r.status, 0, "\(format): \(r.stderr)")
            Hostile.assertTerminalSafe(r.stdout, "render --screen --format \(format)",
                                       allowedSequences: format == "ansi" ? Self.screenSGR(r.text) : [])
            Hostile.assertTerminalSafe(Data(r.stderr.utf8), "render --screen --format \(format) stderr")
            XCTAssertGreaterThan(r.stderr.components(separatedBy: ": warning: truncated ").count - 1, 10, r.stderr)
            if format == "svg" {
                let parser = XMLParser(data: r.stdout)
                XCTAssertTrue(parser.parse(), "the SVG is not well-formed: \(String(describing: parser.parserError))")
            }
        }
    }

    /// The SGR sequences in `text` (what `--format ansi` writes for a screen's styles).
    static func screenSGR(_ text: String) -> [String] {
        var out: Set<String> = []
        var rest = Substring(text)
        while let r = rest.range(of: "\u{1B}[") {
            let tail = rest[r.upperBound...]
            guard let m = tail.firstIndex(of: "m"), tail[..<m].allSatisfy({ $0.isNumber || $0 == ";" }) else {
                rest = tail
                continue
            }
            out.insert("\u{1B}[" + tail[..<m] + "m")
            rest = tail[tail.index(after: m)...]
        }
        return out.sorted { $0.count > $1.count }
    }

    func test_R22_render_stdinWithRaw8BitCSIAndEveryPayload() throws {
        var input = Data()
        for p in Hostile.payloads { input.append(Data((p.text + "\n").utf8)) }
        // Raw 8-bit CSI and OSC bytes: not UTF-8, replaced (with a warning naming line and byte).
        input.append(Data("שלום ".utf8))
        input.append(contentsOf: [0x9B, 0x32, 0x4A, 0x20, 0x9D, 0x35, 0x32, 0x3B, 0x07, 0x0A])
        for args in [["render"], ["render", "--width", "7", "--dir", "rtl"], ["render", "--format", "ansi"]] {
            let r = try Command.run(args, stdin: input)
            XCTAssertEqual(r.status, 0, r.stderr)
            Hostile.assertTerminalSafe(r.stdout, "\(args)", allowedSequences: Self.ansiSGR)
            Hostile.assertTerminalSafe(Data(r.stderr.utf8), "\(args) stderr")
            XCTAssertTrue(r.stderr.contains("line \(Hostile.payloads.count + 1), byte 9"), r.stderr)
        }
        let strict = try Command.run(["render", "--strict"], stdin: input)
        XCTAssertEqual(strict.status, 65)
        Hostile.assertTerminalSafe(strict.stdout, "render --strict")
    }

    // MARK: inspect

    func test_R22_inspect_textAndJSONL_showEveryControlAndKeepTheTextExactly() throws {
        let texts = Hostile.arguments(Hostile.payloads.map(\.text) + [Hostile.allPayloads])
        let table = try Command.run(["inspect"] + texts)
        XCTAssertEqual(table.status, 0, table.stderr)
        Hostile.assertTerminalSafe(table.stdout, "inspect text")
        XCTAssertTrue(table.text.contains("U+009B"), "the C1 CSI is listed by code point")

        let jsonl = try Command.run(["inspect", "--format", "jsonl", "--dir", "rtl"] + texts)
        XCTAssertEqual(jsonl.status, 0, jsonl.stderr)
        Hostile.assertTerminalSafe(jsonl.stdout, "inspect jsonl")
        XCTAssertEqual(jsonl.lines.count, texts.count)
        for (line, text) in zip(jsonl.lines, texts) {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            XCTAssertEqual(object["text"] as? String, text, "the JSON gives the input back exactly")
            let display = try XCTUnwrap(object["display"] as? String)
            XCTAssertFalse(display.unicodeScalars.contains { $0.value == 0x1B || (0x80...0x9F).contains($0.value) },
                           "display of \(text.debugDescription)")
        }

        // The same through standard input, raw 0x9B byte included.
        var input = Data(texts.joined(separator: "\n").utf8)
        input.append(contentsOf: [0x0A, 0x61, 0x9B, 0x33, 0x31, 0x6D, 0x0A])
        for format in ["text", "jsonl"] {
            let r = try Command.run(["inspect", "--format", format], stdin: input)
            XCTAssertEqual(r.status, 0, r.stderr)
            Hostile.assertTerminalSafe(r.stdout, "inspect \(format) stdin")
            Hostile.assertTerminalSafe(Data(r.stderr.utf8), "inspect \(format) stderr")
        }
    }

    // MARK: check

    func test_R22_check_everyCatalogFormat_textAndJSON_flagsEveryPayloadAndWritesNoneRaw() throws {
        let dir = try Hostile.scratchDirectory(self)
        let files = try HostileCatalogs.writeEveryFormat(Hostile.payloads, to: dir)
        for file in files {
            let name = (file.path as NSString).lastPathComponent
            let text = try Command.run(["check", file.path])
            XCTAssertEqual(text.status, 1, "\(name): findings at error severity; stderr: \(text.stderr)")
            Hostile.assertTerminalSafe(text.stdout, "check \(name)")
            Hostile.assertTerminalSafe(Data(text.stderr.utf8), "check \(name) stderr")
            XCTAssertTrue(text.text.contains("    renders: "), name)

            let json = try Command.run(["check", "--format", "json", file.path])
            XCTAssertEqual(json.status, 1, "\(name): \(json.stderr)")
            Hostile.assertTerminalSafe(json.stdout, "check --format json \(name)")
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: json.stdout) as? [String: Any], name)
            let findings = try XCTUnwrap(object["findings"] as? [[String: Any]], name)
            // Every payload entry is flagged as an escape sequence or a control character.
            let flagged = Set(findings.filter { ["escape-sequence", "control-character"].contains($0["id"] as? String) }
                .compactMap { $0["key"] as? String })
            for (i, p) in HostileCatalogs.payloadsFor(file, Hostile.payloads).enumerated() {
                XCTAssertTrue(flagged.contains { $0.hasSuffix("k\(i)") }, "\(name): payload \(p.name) (k\(i)) not flagged")
            }
        }
    }

    func test_R22_check_payloadsInKeysAndContexts() throws {
        let dir = try Hostile.scratchDirectory(self)
        var po = "msgid \"\"\nmsgstr \"Language: ar\\n\"\n\n"
        for (i, p) in Hostile.payloads.enumerated() {
            po += "msgctxt \"\(HostileCatalogs.poEscape(p.text))\"\nmsgid \"\(HostileCatalogs.poEscape(p.text))\(i)\"\n"
            po += "msgstr \"نص \(i)\"\n\n"
        }
        let file = dir.appendingPathComponent("keys.po")
        try Data(po.utf8).write(to: file)
        let text = try Command.run(["check", "--strict", file.path])
        XCTAssertNotEqual(text.status, 2, text.stderr)
        Hostile.assertTerminalSafe(text.stdout, "check keys text")
        let json = try Command.run(["check", "--strict", "--format", "json", file.path])
        Hostile.assertTerminalSafe(json.stdout, "check keys json")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        XCTAssertEqual((object["files"] as? [[String: Any]])?.first?["entries"] as? Int, Hostile.payloads.count)
    }

    /// A catalog path is text from outside too: a file name carrying an escape sequence.
    func test_R22_check_fileNameWithEscapeSequence() throws {
        let dir = try Hostile.scratchDirectory(self)
        let file = dir.appendingPathComponent("ar\u{1B}]52;c;aGk=\u{07}\u{1B}[2J.po")
        try Data("msgid \"a\"\nmsgstr \"\u{1B}[31mأحمر\"\n".utf8).write(to: file)
        let text = try Command.run(["check", file.path])
        XCTAssertEqual(text.status, 1, text.stderr)
        Hostile.assertTerminalSafe(text.stdout, "check with an escape in the file name")
        let json = try Command.run(["check", "--format", "json", file.path])
        Hostile.assertTerminalSafe(json.stdout, "check json with an escape in the file name")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        XCTAssertEqual((object["files"] as? [[String: Any]])?.first?["path"] as? String, file.path)

        // Unreadable and malformed catalogs: the message on stderr names the file, safely.
        let broken = dir.appendingPathComponent("b\u{9B}2J\u{1B}[H.po")
        try Data("msgid \"\u{1B}[2J\nmsgstr \"x\"\n".utf8).write(to: broken)
        for path in [broken.path, dir.appendingPathComponent("missing\u{1B}[2J.po").path] {
            let r = try Command.run(["check", path])
            XCTAssertEqual(r.status, 2)
            Hostile.assertTerminalSafe(r.stdout, "check \(path.debugDescription)")
            Hostile.assertTerminalSafe(Data(r.stderr.utf8), "check \(path.debugDescription) stderr")
            XCTAssertTrue(r.stderr.contains(".po"), r.stderr)
        }
    }

    func test_R22_check_malformedCatalogQuotingAnEscapeFailsWithASafeMessage() throws {
        let dir = try Hostile.scratchDirectory(self)
        let cases: [(String, String)] = [
            ("bad.po", "msgid \"a\"\nmsgstr \"b\"\n\u{1B}[2J\u{1B}]52;c;aGk=\u{07} junk\n"),
            ("bad.strings", "\"a\" = \u{1B}[2J;\n"),
            ("bad.json", "{\"a\": \"b\" \u{1B}[2J}"),
            ("bad.xlf", "<xliff version=\"1.2\"><file><body><trans-unit id=\"\u{1B}[2J\"><source>\u{1B}]52;c;aGk=\u{07}</source></trans-unit></body></file></xliff>"),
        ]
        for (name, content) in cases {
            let file = dir.appendingPathComponent(name)
            try Data(content.utf8).write(to: file)
            let r = try Command.run(["check", file.path])
            XCTAssertEqual(r.status, 2, "\(name): \(r.text)")
            Hostile.assertTerminalSafe(Data(r.stderr.utf8), "check \(name) stderr")
            XCTAssertTrue(r.stderr.contains(name + ":"), "\(name): the message names the file: \(r.stderr)")
        }
    }
}

/// Writes catalogs whose translations carry attack strings, in every format the loader reads.
enum HostileCatalogs {
    /// `text` as the inside of a gettext string: C escapes for what would end the line or string,
    /// every other character raw (ESC, BEL, C1…).
    static func poEscape(_ text: String) -> String {
        var out = ""
        for u in text.unicodeScalars {
            switch u {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\u{0}": out += "\\0"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// `text` for Android's resource compiler: every control as `\uXXXX`, quotes and backslashes
    /// escaped, then XML-escaped.
    static func androidEscape(_ text: String) -> String {
        var out = ""
        for u in text.unicodeScalars {
            switch u {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "'": out += "\\'"
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default:
                if u.value < 0x20 || (0x7F...0x9F).contains(u.value) {
                    out += String(format: "\\u%04X", u.value)
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out
    }

    static func xmlEscape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func json(_ object: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    /// The payloads a file carries: XLIFF is plain XML, which cannot hold C0 controls at all, so
    /// it carries the C1 ones (legal in XML 1.0).
    static func payloadsFor(_ file: URL, _ payloads: [(name: String, text: String)]) -> [(name: String, text: String)] {
        file.pathExtension == "xlf" || file.pathExtension == "xliff"
            ? payloads.filter { $0.text.unicodeScalars.allSatisfy { $0.value >= 0x20 || $0 == "\n" } }
            : payloads
    }

    /// One catalog per format, each with entry `k<i>` translated as a sentence around payload i.
    static func writeEveryFormat(_ payloads: [(name: String, text: String)], to dir: URL) throws -> [URL] {
        func value(_ i: Int, _ p: String) -> String { "ערך \(p) سطر \(i)" }
        var files: [URL] = []
        func write(_ name: String, _ data: Data) throws {
            let url = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
            files.append(url)
        }

        var po = "msgid \"\"\nmsgstr \"Language: he\\n\"\n\n"
        for (i, p) in payloads.enumerated() { po += "msgid \"k\(i)\"\nmsgstr \"\(poEscape(value(i, p.text)))\"\n\n" }
        try write("he.po", Data(po.utf8))

        // .mo: NUL separates plural forms there, so it is left out of the payloads.
        let moPairs = payloads.enumerated().map { ("k\($0.offset)", value($0.offset, $0.element.text.replacingOccurrences(of: "\u{0}", with: ""))) }
        try write("he/LC_MESSAGES/app.mo", mo(moPairs))

        var strings = ""
        for (i, p) in payloads.enumerated() {
            let v = value(i, p.text).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            strings += "\"k\(i)\" = \"\(v)\";\n"
        }
        try write("he.lproj/Localizable.strings", Data(strings.utf8))

        var xc: [String: Any] = [:]
        for (i, p) in payloads.enumerated() {
            xc["k\(i)"] = ["localizations": ["he": ["stringUnit": ["state": "translated", "value": value(i, p.text)]]]]
        }
        try write("Localizable.xcstrings", json(["sourceLanguage": "en", "strings": xc, "version": "1.0"]))

        var android = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n"
        for (i, p) in payloads.enumerated() {
            android += "    <string name=\"k\(i)\">\(androidEscape(value(i, p.text)))</string>\n"
        }
        try write("res/values-iw/strings.xml", Data((android + "</resources>\n").utf8))

        let xmlPayloads = payloadsFor(URL(fileURLWithPath: "x.xlf"), payloads)
        var x12 = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff version=\"1.2\" xmlns=\"urn:oasis:names:tc:xliff:document:1.2\">\n"
        x12 += "<file original=\"app\" source-language=\"en\" target-language=\"he\" datatype=\"plaintext\"><body>\n"
        for (i, p) in xmlPayloads.enumerated() {
            x12 += "<trans-unit id=\"k\(i)\"><source>text \(i)</source><target>\(xmlEscape(value(i, p.text)))</target></trans-unit>\n"
        }
        try write("he.xlf", Data((x12 + "</body></file></xliff>\n").utf8))

        var x20 = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:2.0\" version=\"2.0\" srcLang=\"en\" trgLang=\"he\"><file id=\"f\">\n"
        for (i, p) in xmlPayloads.enumerated() {
            x20 += "<unit id=\"k\(i)\"><segment><source>text \(i)</source><target>\(xmlEscape(value(i, p.text)))</target></segment></unit>\n"
        }
        try write("he/app.xliff", Data((x20 + "</file></xliff>\n").utf8))

        var flat: [String: Any] = [:]
        for (i, p) in payloads.enumerated() { flat["k\(i)"] = value(i, p.text) }
        try write("locales/he/common.json", json(flat))
        var arb = flat
        arb["@@locale"] = "he"
        try write("l10n/app_he.arb", json(arb))
        return files
    }

    /// A little-endian GNU `.mo` file holding `pairs` (original, translation).
    static func mo(_ pairs: [(String, String)]) -> Data {
        let sorted = pairs.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
        let n = sorted.count
        var out = Data()
        func u32(_ v: Int) { var x = UInt32(v).littleEndian; withUnsafeBytes(of: &x) { out.append(contentsOf: $0) } }
        let originals = 28, translations = originals + 8 * n
        var blob = Data()
        var table: [(Int, Int)] = []
        for (o, _) in sorted { table.append((o.utf8.count, translations + 8 * n + blob.count)); blob.append(Data(o.utf8)); blob.append(0) }
        for (_, t) in sorted { table.append((t.utf8.count, translations + 8 * n + blob.count)); blob.append(Data(t.utf8)); blob.append(0) }
        for v in [0x950412de, 0, n, originals, translations, 0, 0] { u32(v) }
        for (length, offset) in table { u32(length); u32(offset) }
        out.append(blob)
        return out
    }
}
