import ArgumentParser
import BidiTerm
import BidiTermTerminal
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
            """ + GuidePage.line("inspect.md")
    )

    @Argument(help: "Paragraphs to inspect (default: standard input, one per line).")
    var text: [String] = []

    @OptionGroup var direction: DirectionOptions

    @Option(help: "text (a table for a person) or jsonl (one JSON object per paragraph).")
    var format: InspectFormat = .text

    @OptionGroup var strict: StrictUTF8Options

    @OptionGroup var bidi: BidiModeOptions

    func run() throws {
        let engine = BidiEngine()
        let out = Output()
        // The display line (visual order) for a terminal's own bidi, when standard output is one.
        let lines = format == .text ? TerminalLineOutput.standardOutput(mode: bidi.bidiMode, environment: CommandEnvironment.variables,
                                                      fd: CommandEnvironment.standardOutput)
            : TerminalLineOutput(mode: .none, setup: nil)
        defer {
            if lines.changesLines { out.write(lines.finish()) }
            out.flush()
        }
        var invalid = false
        var index = 0
        let base = direction.dir.base(fallback: .ltr)
        var bytes: [UInt8] = []
        func emit(_ s: String) {
            index += 1
            if format == .jsonl {
                // Written as it is computed, straight from ICU's levels and map: no table of rows.
                InspectCommand.writeJSON(s, direction: base, engine: engine, into: &bytes) { out.write(bytes: $0) }
                out.write(bytes: bytes)
                bytes.removeAll(keepingCapacity: true)
            } else {
                let inspector = CodePointInspector(s, direction: base, engine: engine)
                let table = InspectCommand.table(inspector, display: InspectCommand.display(s, direction: base, engine: engine), number: index)
                out.write(lines.report(table, visualLinesStartingWith: ["display: "]))
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

    /// The paragraph as the display draws it, on one line (`BidiEngine.render`'s UTF-8 path).
    static func display(_ text: String, direction: BaseDirection, engine: BidiEngine) -> String {
        var text = text
        var out: [UInt8] = []
        _ = text.withUTF8 { engine.render(utf8: $0, direction: direction, into: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// One JSON object and a line feed for the paragraph `text`, appended to `out`: its level and
    /// direction, the text, its code points, the resolved level of each (null for X9), the visual
    /// order, the mirrored characters, the runs and the display. `flush` is handed (and empties)
    /// `out` whenever it holds 64 KiB or more, so a long paragraph streams.
    static func writeJSON(_ text: String, direction: BaseDirection, engine: BidiEngine, into out: inout [UInt8],
                          flush: (inout [UInt8]) -> Void) {
        @inline(__always) func check() {
            if out.count >= 1 << 16 {
                flush(&out)
                out.removeAll(keepingCapacity: true)
            }
        }
        @inline(__always) func number(_ v: Int) {
            if v < 10 { out.append(0x30 + UInt8(v)) } else { out += String(v).utf8 }
        }
        engine.withAnalysis(of: text, direction: direction) { a in
            out += #"{"paragraphLevel":"#.utf8
            number(Int(a.paragraphLevel))
            out += #","direction":""#.utf8
            out += a.direction.rawValue.utf8
            out += #"","text":"#.utf8
            out.append(0x22)
            for u in text.unicodeScalars {
                JSON.appendEscaped(u, to: &out)
                check()
            }
            out.append(0x22)
            out += #","codePoints":["#.utf8
            var first = true
            a.forEachScalar { u, _, _ in
                if !first { out.append(0x2C) }
                first = false
                out += #""U+"#.utf8
                Hex.append(u.value, to: &out)
                out.append(0x22)
                check()
            }
            out += #"],"levels":["#.utf8
            first = true
            a.forEachScalar { _, level, _ in
                if !first { out.append(0x2C) }
                first = false
                if let level { number(Int(level)) } else { out += "null".utf8 }
                check()
            }
            out += #"],"visualOrder":["#.utf8
            first = true
            a.forEachVisual { i in
                if !first { out.append(0x2C) }
                first = false
                number(i)
                check()
            }
            out += #"],"mirrored":["#.utf8
            first = true
            var i = 0
            a.forEachScalar { _, _, mirrored in
                if mirrored {
                    if !first { out.append(0x2C) }
                    first = false
                    number(i)
                }
                i += 1
                check()
            }
            out += #"],"runs":["#.utf8
            first = true
            a.forEachRun { range, direction in
                if !first { out.append(0x2C) }
                first = false
                out += #"{"start":"#.utf8
                number(range.lowerBound)
                out += #","end":"#.utf8
                number(range.upperBound)
                out += #","direction":""#.utf8
                out += direction.rawValue.utf8
                out += #""}"#.utf8
                check()
            }
            out += "],".utf8
        }
        out += #""display":"#.utf8
        JSON.appendQuoted(display(text, direction: direction, engine: engine).unicodeScalars, to: &out)
        out += "}\n".utf8
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
