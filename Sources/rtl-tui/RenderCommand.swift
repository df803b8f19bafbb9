import ArgumentParser
import BidiTerm

enum AlignOption: String, ExpressibleByArgument, CaseIterable {
    case leading, trailing, left, right, center
}

enum RenderFormat: String, ExpressibleByArgument, CaseIterable {
    case plain, ansi, html
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

    @Option(help: "Wrap at N terminal cells and pad each line to its alignment. With --screen: the screen's width (default 80).")
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

    @Option(help: "plain (no escape sequences), ansi (placeholders in reverse video, mirrored glyphs underlined), or html (with --screen: a self-contained page).")
    var format: RenderFormat = .plain

    @Option(help: "Tab stops every N cells.")
    var tabSize: Int = 8

    @Flag(help: "Exit with status 65 when the input is not valid UTF-8 (it is still rendered, with U+FFFD).")
    var strict = false

    @OptionGroup(title: "Screen files")
    var screenOptions: ScreenRenderOptions

    func validate() throws {
        if let w = width, w < 1 { throw ValidationError("--width must be at least 1 (got \(w)).") }
        if tabSize < 1 || tabSize > 64 { throw ValidationError("--tab-size must be between 1 and 64 (got \(tabSize)).") }
        if numerals == .locale && locale == nil && screenOptions.screen == nil {
            throw ValidationError("--numerals locale needs --locale.")
        }
        if screenOptions.screen != nil && !text.isEmpty { throw ValidationError("Give TEXT or --screen, not both.") }
        if format == .html && screenOptions.screen == nil { throw ValidationError("--format html needs --screen.") }
    }

    func run() throws {
        if let screen = screenOptions.screen {
            let screenFormat: ScreenOutputFormat
            switch format {
            case .plain: screenFormat = .plain
            case .ansi: screenFormat = .ansi
            case .html: screenFormat = .html
            }
            let job = ScreenRenderJob(options: screenOptions, screen: screen, dir: dir, width: width, locale: locale,
                                      numerals: numerals, format: screenFormat, shaping: !noShape, mirroring: !noMirror,
                                      tabSize: tabSize)
            let status = job.run()
            if status != 0 { throw ExitCode(status) }
            return
        }
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
        let settings = RenderSettings(base: base, width: width, align: align, options: options, ansi: format == .ansi)
        var invalid = false
        if text.isEmpty {
            invalid = RenderPipeline.run(settings: settings, input: 0, output: 1)
        } else {
            let out = Output()
            for bad in invalidUTF8Arguments() {
                invalid = true
                for p in bad.problems {
                    Diagnostics.warn("argument \(bad.index): byte \(p.byteOffset): invalid UTF-8 replaced by U+FFFD")
                }
            }
            let renderer = ParagraphWriter(engine: BidiEngine(), settings: settings)
            var bytes: [UInt8] = []
            for t in text {
                bytes.removeAll(keepingCapacity: true)
                renderer.write(t, into: &bytes)
                out.write(bytes: bytes)
            }
            out.flush()
        }
        if invalid && strict { throw exitInvalidInput }
    }
}

/// What `render` was asked to do, shared by the threads that render.
struct RenderSettings: Sendable {
    let base: BaseDirection
    let width: Int?
    let align: AlignOption
    let options: LayoutOptions
    let ansi: Bool
}

/// Writes laid-out paragraphs as text lines.
struct ParagraphWriter {
    let engine: BidiEngine
    let settings: RenderSettings

    /// `text` laid out (wrapped, padded, with ANSI marks as asked), each visual line followed by a
    /// line feed, appended to `out`.
    func write(_ text: String, into out: inout [UInt8]) {
        let width = settings.width
        let p = engine.layout(text, direction: settings.base, width: width, options: settings.options)
        if p.lines.isEmpty || (p.lines.count == 1 && p.lines[0].cells.isEmpty) {
            if let w = width { out.append(contentsOf: repeatElement(0x20, count: max(0, w))) }
            out.append(0x0A)
            return
        }
        for line in p.lines {
            var left = 0
            if let w = width {
                let free = max(0, w - line.width)
                switch settings.align {
                case .left: left = 0
                case .right: left = free
                case .center: left = free / 2
                case .leading: left = p.direction == .rtl ? free : 0
                case .trailing: left = p.direction == .rtl ? 0 : free
                }
                out.append(contentsOf: repeatElement(0x20, count: left))
            }
            if settings.ansi {
                for c in line.cells where c.width > 0 {
                    if c.flags.contains(.placeholder) || c.flags.contains(.truncated) {
                        out.append(contentsOf: ("\u{1B}[7m" + c.text + "\u{1B}[27m").utf8)
                    } else if c.flags.contains(.mirrored) {
                        out.append(contentsOf: ("\u{1B}[4m" + c.text + "\u{1B}[24m").utf8)
                    } else {
                        out.append(contentsOf: c.text.utf8)
                    }
                }
            } else {
                for c in line.cells where c.width > 0 { out.append(contentsOf: c.text.utf8) }
            }
            if let w = width { out.append(contentsOf: repeatElement(0x20, count: max(0, w - left - line.width))) }
            out.append(0x0A)
        }
    }
}

/// Renders lines of input to output bytes, one thread's worth: it owns its engine.
final class LineRenderer {
    private let writer: ParagraphWriter
    private let settings: RenderSettings
    /// Plain output without wrapping goes straight from UTF-8 to UTF-8 (`BidiEngine.render`).
    private let direct: Bool

    init(settings: RenderSettings) {
        self.settings = settings
        writer = ParagraphWriter(engine: BidiEngine(), settings: settings)
        direct = settings.width == nil && !settings.ansi
    }

    /// Renders one input line (its bytes, without the line feed) and appends the result and a line
    /// feed to `out`. Invalid UTF-8 is replaced by U+FFFD and returned, numbered `lineNumber`.
    @inline(__always)
    func render(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int, into out: inout [UInt8]) -> [InvalidUTF8] {
        if direct, writer.engine.render(utf8: line, direction: settings.base, options: settings.options, into: &out) {
            out.append(0x0A)
            return []
        }
        if let s = String(validating: line, as: UTF8.self) {
            writer.write(s, into: &out)
            return []
        }
        let (s, problems) = UTF8Decoder.decode(line, line: lineNumber)
        writer.write(s, into: &out)
        return problems
    }
}
