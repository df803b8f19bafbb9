#if !RTL_TUI_FRONT
import BidiTerm
#endif

// `render` of text, shared by the whole tool (`RenderCommand`) and the `rtl-tui` front program
// (Sources/rtl-tui-front), which compiles this file into its own module: nothing here may need
// Foundation, argument-parser or the terminal layer.

/// Visual lines rewritten for the terminal they are written to: `TerminalLineOutput` in the whole
/// tool. The front writes only to pipes and files, where lines go as they are, and passes none.
protocol LineRewriter: AnyObject, Sendable {
    /// Whether `visual(_:)` changes anything.
    var changesLines: Bool { get }
    /// `text` (visual lines, each ended by a line feed) as the terminal needs it.
    func visual(_ text: String) -> String
}

extension RenderSettings {
    /// `render` with no option: the paragraph's direction from its first strong character (LTR
    /// when it has none), shaped and mirrored, no wrapping, tab stops every 8 cells, plain text.
    /// The front renders with these; a test holds them equal to what `RenderCommand` parses from a
    /// command line without options.
    static let plain = RenderSettings(base: .auto(fallback: .ltr),
                                      options: LayoutOptions(shaping: true, mirroring: true, tabSize: 8),
                                      format: LineFormat(width: nil, alignment: .leading, marks: false))
}

enum RenderText {
    /// Renders each of `texts` (command-line arguments) as a paragraph to standard output (as
    /// `CommandEnvironment` has it), through `lines` when given. Returns true when an argument was
    /// not valid UTF-8 (each is reported on standard error).
    static func arguments(_ texts: [String], settings: RenderSettings, lines: LineRewriter?) -> Bool {
        let out = Output()
        let invalid = Diagnostics.warnAboutInvalidUTF8Arguments()
        let renderer = LineRenderer(settings: settings)
        var bytes: [UInt8] = []
        let rewrite = lines?.changesLines == true ? lines : nil
        let flush: (inout [UInt8]) -> Void = { buffer in
            out.write(bytes: rewrite.map { Array($0.visual(String(decoding: buffer, as: UTF8.self)).utf8) } ?? buffer)
            buffer.removeAll(keepingCapacity: true)
        }
        for t in texts {
            renderer.render(t, into: &bytes, flush: flush)
            flush(&bytes)
        }
        out.flush()
        return invalid
    }
}
