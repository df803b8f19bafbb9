import ArgumentParser
import BidiTerm

enum AlignOption: String, ExpressibleByArgument, CaseIterable {
    case leading, trailing, left, right, center
}

enum RenderFormat: String, ExpressibleByArgument, CaseIterable {
    case plain, ansi
}

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Print text in visual order, shaped and mirrored, ready for any terminal.",
        discussion: """
            Each TEXT argument, or each line of standard input when there is none, is one paragraph. \
            Visual lines are printed in screen order, left to right. With --width, paragraphs wrap at \
            that many cells (UAX #14 break opportunities) before each line is reordered, and lines are \
            padded to their alignment. Control characters become visible placeholders (␛, ␀, …); \
            plain output contains no escape sequence at all.
            """
    )

    @Argument(help: "Paragraphs to render (default: read standard input, one paragraph per line).")
    var text: [String] = []

    @Option(help: "Paragraph direction: ltr, rtl, or auto (first strong character; falls back to the locale's direction).")
    var dir: DirectionOption = .auto

    @Option(help: "Wrap at N terminal cells and pad each line to its alignment.")
    var width: Int?

    @Option(help: "Alignment with --width: leading (right in RTL), trailing, left, right, center.")
    var align: AlignOption = .leading

    @Flag(help: "Do not shape Arabic letters (for terminals that shape by themselves).")
    var noShape = false

    @Flag(help: "Do not mirror brackets and other mirrored characters in RTL runs.")
    var noMirror = false

    @Option(help: "Locale (ar, he, fa, en_US…): the fallback direction of --dir auto, and the digits of --numerals locale.")
    var locale: String?

    @Option(help: "Digits: keep (as written), latn, arab, arabext, or locale (the locale's default, R6).")
    var numerals: NumeralsOption = .keep

    @Option(help: "plain (no escape sequences) or ansi (placeholders in reverse video, mirrored glyphs underlined).")
    var format: RenderFormat = .plain

    @Option(help: "Tab stops every N cells.")
    var tabSize: Int = 8

    @Flag(help: "Exit with status 65 when the input is not valid UTF-8 (it is still rendered, with U+FFFD).")
    var strict = false

    func validate() throws {
        if let w = width, w < 1 { throw ValidationError("--width must be at least 1 (got \(w)).") }
        if tabSize < 1 || tabSize > 64 { throw ValidationError("--tab-size must be between 1 and 64 (got \(tabSize)).") }
        if numerals == .locale && locale == nil { throw ValidationError("--numerals locale needs --locale.") }
    }

    func run() throws {
        let fallback = locale.map { LayoutDirection(locale: $0) } ?? .ltr
        let base = dir.base(fallback: fallback)
        var options = LayoutOptions(shaping: !noShape, mirroring: !noMirror, tabSize: tabSize)
        switch numerals {
        case .keep: options.numerals = nil
        case .latn: options.numerals = .latn
        case .arab: options.numerals = .arab
        case .arabext: options.numerals = .arabext
        case .locale: options.numerals = NumeralSystem.forLocale(locale ?? "en")
        }
        let engine = BidiEngine()
        let out = Output()
        var invalid = false
        let renderer = ParagraphWriter(engine: engine, out: out, base: base, width: width, align: align,
                                       options: options, ansi: format == .ansi)
        if text.isEmpty {
            let reader = LineReader()
            reader.beforeBlocking = { out.flush() }
            while let line = reader.next() {
                let (s, problems) = UTF8Decoder.decode(line, line: reader.lineNumber)
                for p in problems { Diagnostics.warn("stdin: \(p)") }
                if !problems.isEmpty { invalid = true }
                renderer.write(s)
                if out.failed { break }
            }
        } else {
            for bad in invalidUTF8Arguments() {
                invalid = true
                for p in bad.problems {
                    Diagnostics.warn("argument \(bad.index): byte \(p.byteOffset): invalid UTF-8 replaced by U+FFFD")
                }
            }
            for t in text { renderer.write(t) }
        }
        out.flush()
        if invalid && strict { throw exitInvalidInput }
    }
}

/// Writes laid-out paragraphs as text lines.
struct ParagraphWriter {
    let engine: BidiEngine
    let out: Output
    let base: BaseDirection
    let width: Int?
    let align: AlignOption
    let options: LayoutOptions
    let ansi: Bool

    func write(_ text: String) {
        let p = engine.layout(text, direction: base, width: width, options: options)
        if p.lines.isEmpty || (p.lines.count == 1 && p.lines[0].cells.isEmpty) {
            if let w = width { out.write(spaces: w) }
            out.write(byte: 0x0A)
            return
        }
        for line in p.lines {
            var left = 0
            if let w = width {
                let free = max(0, w - line.width)
                switch align {
                case .left: left = 0
                case .right: left = free
                case .center: left = free / 2
                case .leading: left = p.direction == .rtl ? free : 0
                case .trailing: left = p.direction == .rtl ? 0 : free
                }
                out.write(spaces: left)
            }
            if ansi {
                for c in line.cells where c.width > 0 {
                    if c.flags.contains(.placeholder) || c.flags.contains(.truncated) {
                        out.write("\u{1B}[7m" + c.text + "\u{1B}[27m")
                    } else if c.flags.contains(.mirrored) {
                        out.write("\u{1B}[4m" + c.text + "\u{1B}[24m")
                    } else {
                        out.write(c.text)
                    }
                }
            } else {
                for c in line.cells where c.width > 0 { out.write(c.text) }
            }
            if let w = width { out.write(spaces: w - left - line.width) }
            out.write(byte: 0x0A)
        }
    }
}
