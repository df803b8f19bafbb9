#if !RTL_TUI_FRONT
import BidiTerm
#endif

/// What `render` was asked to do, shared by the threads that render.
struct RenderSettings: Sendable, Hashable {
    let base: BaseDirection
    let options: LayoutOptions
    /// Width, alignment and SGR marks of the lines written.
    let format: LineFormat
}

/// Renders paragraphs to output bytes, one thread's worth: it owns its engine. Every paragraph goes
/// through the engine's UTF-8 path (`BidiEngine.render(utf8:…format:…)`), which writes exactly what
/// laying the paragraph out in cells and writing those (`ParagraphLayout.write`) would.
final class LineRenderer {
    let engine = BidiEngine()
    private let settings: RenderSettings

    init(settings: RenderSettings) { self.settings = settings }

    /// Renders one input line (its bytes, without the line feed) and appends its visual lines, each
    /// followed by a line feed, to `out`; `flush` is called between visual lines of a long paragraph
    /// to write `out` and empty it. Invalid UTF-8 is replaced by U+FFFD and returned, numbered
    /// `lineNumber`.
    @inline(__always)
    func render(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int, into out: inout [UInt8],
                flush: ((inout [UInt8]) -> Void)? = nil) -> [InvalidUTF8] {
        if engine.render(utf8: line, direction: settings.base, options: settings.options, format: settings.format,
                         into: &out, flush: flush) {
            return []
        }
        let (s, problems) = UTF8Decoder.decode(line, line: lineNumber)
        render(s, into: &out, flush: flush)
        return problems
    }

    /// Renders one paragraph given as a string (see `render(_:lineNumber:into:flush:)`).
    func render(_ text: String, into out: inout [UInt8], flush: ((inout [UInt8]) -> Void)? = nil) {
        var text = text
        _ = text.withUTF8 {
            engine.render(utf8: $0, direction: settings.base, options: settings.options, format: settings.format,
                          into: &out, flush: flush)
        }
    }
}
