import ArgumentParser
import BidiTerm
import RTLTUIApps

enum InspectFormat: String, ExpressibleByArgument, CaseIterable {
    case text, jsonl
}

struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show how the bidi algorithm resolves text: levels, visual order, mirroring, runs.",
        discussion: """
            For each paragraph (each TEXT argument, or each line of standard input): the paragraph \
            level; the resolved level of each code point (null for characters removed by rule X9); the \
            visual order as logical code point indices; the mirrored characters; the runs. Indices \
            count Unicode scalars, as Unicode's BidiTest files do. Hidden characters (bidi controls, \
            Trojan Source overrides) are always named.
            """
    )

    @Argument(help: "Paragraphs to inspect (default: standard input, one per line).")
    var text: [String] = []

    @OptionGroup var direction: DirectionOptions

    @Option(help: "text (a table for a person) or jsonl (one JSON object per paragraph).")
    var format: InspectFormat = .text

    @OptionGroup var strict: StrictUTF8Options

    func run() throws {
        let engine = BidiEngine()
        let out = Output()
        var invalid = false
        var index = 0
        let base = direction.dir.base(fallback: .ltr)
        func emit(_ s: String) {
            index += 1
            let inspector = CodePointInspector(s, direction: base, engine: engine)
            let display = engine.layout(s, direction: base).lines.first?.text ?? ""
            if format == .jsonl {
                out.write(InspectCommand.json(inspector, display: display))
            } else {
                out.write(InspectCommand.table(inspector, display: display, number: index))
            }
        }
        if text.isEmpty {
            let reader = LineReader()
            reader.beforeBlocking = { out.flush() }
            while let line = reader.next() {
                let (s, problems) = UTF8Decoder.decode(line, line: reader.lineNumber)
                for p in problems { Diagnostics.warn("stdin: \(p)") }
                if !problems.isEmpty { invalid = true }
                emit(s)
                if out.failed { break }
            }
        } else {
            if Diagnostics.warnAboutInvalidUTF8Arguments() { invalid = true }
            text.forEach(emit)
        }
        out.flush()
        if invalid && strict.strict { throw ExitCode.dataError }
    }

    /// One JSON object (and a line feed) per paragraph.
    static func json(_ inspector: CodePointInspector, display: String) -> String {
        let a = inspector.analysis
        var s = "{\"paragraphLevel\":\(a.paragraphLevel),\"direction\":\"\(a.direction.rawValue)\""
        s += ",\"text\":" + JSON.quote(String(String.UnicodeScalarView(a.scalars)))
        s += ",\"codePoints\":[" + inspector.rows.map { "\"\($0.code)\"" }.joined(separator: ",") + "]"
        s += ",\"levels\":[" + a.levels.map { $0.map(String.init) ?? "null" }.joined(separator: ",") + "]"
        s += ",\"visualOrder\":[" + a.visualOrder.map(String.init).joined(separator: ",") + "]"
        s += ",\"mirrored\":[" + a.mirrored.map(String.init).joined(separator: ",") + "]"
        s += ",\"runs\":[" + a.runs.map {
            "{\"start\":\($0.range.lowerBound),\"end\":\($0.range.upperBound),\"direction\":\"\($0.direction.rawValue)\"}"
        }.joined(separator: ",") + "]"
        s += ",\"display\":" + JSON.quote(display) + "}\n"
        return s
    }

    /// The table for a person: the paragraph, its display and runs, one row per code point.
    static func table(_ inspector: CodePointInspector, display: String, number: Int) -> String {
        var s = "paragraph \(number): \(inspector.paragraphDescription), \(inspector.rows.count) code points\n"
        s += "display: " + display + "\n"
        s += "runs (visual order): " + inspector.runDescriptions.joined(separator: ", ") + "\n"
        s += pad("#", 5) + pad("code", 9) + pad("char", 6) + pad("class", 6) + pad("level", 6) + pad("visual", 7) + "name\n"
        for row in inspector.rows {
            var name = row.name
            if let m = row.mirroredAs { name += " → mirrored U+\(Hex.padded(m.value))" }
            let glyph = row.glyph
            s += pad(String(row.index), 5) + pad(row.code, 9) + pad(glyph, 6, width: width(glyph))
            s += pad(String(describing: row.bidiClass), 6) + pad(row.level.map(String.init) ?? "x", 6)
            s += pad(row.visualPosition.map(String.init) ?? "-", 7) + name + "\n"
        }
        return s + "\n"
    }

    /// The cells `text` takes.
    static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + max(0, WidthTable.width($1)) }
    }

    static func pad(_ s: String, _ n: Int, width: Int? = nil) -> String {
        let w = width ?? s.unicodeScalars.count
        return s + String(repeating: " ", count: max(1, n - w))
    }
}
