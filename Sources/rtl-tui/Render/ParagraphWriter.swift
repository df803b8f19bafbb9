import BidiTerm

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
