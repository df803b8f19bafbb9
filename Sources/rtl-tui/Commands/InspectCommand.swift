import ArgumentParser
import BidiTerm

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
        func emit(_ s: String) {
            index += 1
            let a = engine.analyze(Array(s.unicodeScalars), direction: direction.dir.base(fallback: .ltr))
            let display = engine.layout(s, direction: direction.dir.base(fallback: .ltr)).lines.first?.text ?? ""
            if format == .jsonl {
                out.write(InspectCommand.json(a, display: display))
            } else {
                out.write(InspectCommand.table(a, display: display, number: index))
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

    static func json(_ a: BidiAnalysis, display: String) -> String {
        var s = "{\"paragraphLevel\":\(a.paragraphLevel),\"direction\":\"\(a.direction.rawValue)\""
        s += ",\"text\":" + JSON.quote(String(String.UnicodeScalarView(a.scalars)))
        s += ",\"codePoints\":[" + a.scalars.map { "\"U+\(JSON.hex4($0.value))\"" }.joined(separator: ",") + "]"
        s += ",\"levels\":[" + a.levels.map { $0.map(String.init) ?? "null" }.joined(separator: ",") + "]"
        s += ",\"visualOrder\":[" + a.visualOrder.map(String.init).joined(separator: ",") + "]"
        s += ",\"mirrored\":[" + a.mirrored.map(String.init).joined(separator: ",") + "]"
        s += ",\"runs\":[" + a.runs.map {
            "{\"start\":\($0.range.lowerBound),\"end\":\($0.range.upperBound),\"direction\":\"\($0.direction.rawValue)\"}"
        }.joined(separator: ",") + "]"
        s += ",\"display\":" + JSON.quote(display) + "}\n"
        return s
    }

    static func table(_ a: BidiAnalysis, display: String, number: Int) -> String {
        var visualPos = [Int?](repeating: nil, count: a.scalars.count)
        for (v, l) in a.visualOrder.enumerated() { visualPos[l] = v }
        let mirrored = Set(a.mirrored)
        var s = "paragraph \(number): level \(a.paragraphLevel) (\(a.direction.rawValue)), \(a.scalars.count) code points\n"
        s += "display: " + display + "\n"
        let runs = a.runs.map { "\($0.range.lowerBound)..<\($0.range.upperBound) \($0.direction.rawValue)" }
        s += "runs (visual order): " + runs.joined(separator: ", ") + "\n"
        s += pad("#", 5) + pad("code", 9) + pad("char", 6) + pad("class", 6) + pad("level", 6) + pad("visual", 7) + "name\n"
        for (i, u) in a.scalars.enumerated() {
            let cls = UnicodeProperties.bidiClass(u)
            let level = a.levels[i].map(String.init) ?? "x"
            let vis = visualPos[i].map(String.init) ?? "-"
            var name = UnicodeProperties.name(u)
            if mirrored.contains(i), let m = UnicodeProperties.mirror(u) { name += " → mirrored U+\(JSON.hex4(m.value))" }
            s += pad(String(i), 5) + pad("U+" + JSON.hex4(u.value), 9) + pad(glyph(u), 6, width: glyphWidth(u))
            s += pad(String(describing: cls), 6) + pad(level, 6) + pad(vis, 7) + name + "\n"
        }
        return s + "\n"
    }

    /// A visible, isolated stand-in for one code point in the table (never a raw control, never a
    /// bare mark or bidi control that would affect its neighbours).
    static func glyph(_ u: Unicode.Scalar) -> String {
        if let p = Sanitizer.placeholder(for: u.value) { return p }
        if u.value == 0x09 { return "␉" }
        let w = WidthTable.width(u)
        if w < 0 { return "\u{FFFD}" }
        if w == 0 {
            if let r = Sanitizer.revealed(u.value) { return r.replacingFirst() }
            return "\u{25CC}" + String(u)
        }
        return String(u)
    }

    static func glyphWidth(_ u: Unicode.Scalar) -> Int {
        let g = glyph(u)
        return g.unicodeScalars.reduce(0) { $0 + max(0, WidthTable.width($1)) }
    }

    static func pad(_ s: String, _ n: Int, width: Int? = nil) -> String {
        let w = width ?? s.unicodeScalars.count
        return s + String(repeating: " ", count: max(1, n - w))
    }
}

private extension String {
    /// "⟨RLO⟩" → "RLO" (the abbreviation alone fits the table's char column).
    func replacingFirst() -> String { String(unicodeScalars.dropFirst().dropLast().map(Character.init)) }
}
