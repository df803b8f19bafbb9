/// How the visual lines of a paragraph are written as text, one line of output per visual line
/// (`rtl-tui render`): the width they wrap at and are padded to, where the text sits in the padded
/// line, and SGR marks.
///
/// `ParagraphLayout.write(_:into:)` writes laid-out cells this way; `BidiEngine.render(utf8:…format:…)`
/// writes the same bytes straight from UTF-8 without building cells.
///
///     let engine = BidiEngine()
///     var bytes: [UInt8] = []
///     let format = LineFormat(width: 20)          // leading: the right of an RTL paragraph
///     engine.layout("שלום עולם", direction: .autoLTR, width: 20).write(format, into: &bytes)
///     print(String(decoding: bytes, as: UTF8.self), terminator: "")
///     // Prints:
///     //            םלוע םולש
public struct LineFormat: Sendable, Hashable {
    /// Wrap at this many cells (R5) and pad every line with spaces to this width; nil: one line per
    /// paragraph, not padded. At least 1 (a smaller width is taken as 1).
    public var width: Int? {
        didSet { if let w = width, w < 1 { width = 1 } }
    }
    /// Where the text sits in a padded line: `leading` (the right of a right-to-left paragraph),
    /// `trailing`, `left`, `right`, or `center` (an odd leftover column goes to the right).
    public var alignment: HorizontalAlignment
    /// SGR marks around some cells: placeholders (R22) and truncated clusters in reverse video,
    /// mirrored glyphs (L4) underlined. Nothing else is ever written as an escape sequence.
    public var marks: Bool

    /// A format: wrap and pad at `width` (nil: neither), align each line, mark the lines with SGR.
    public init(width: Int? = nil, alignment: HorizontalAlignment = .leading, marks: Bool = false) {
        self.width = width.map { max(1, $0) }
        self.alignment = alignment
        self.marks = marks
    }

    /// The spaces on the left of a line `lineWidth` cells wide, in a paragraph that is right-to-left
    /// when `rtl`.
    @inline(__always)
    func leftPadding(_ lineWidth: Int, rtl: Bool) -> Int {
        guard let w = width else { return 0 }
        let free = max(0, w - lineWidth)
        switch alignment {
        case .left: return 0
        case .right: return free
        case .center: return free / 2
        case .leading: return rtl ? free : 0
        case .trailing: return rtl ? 0 : free
        }
    }

    static let reverseOn: [UInt8] = [0x1B, 0x5B, 0x37, 0x6D]           // ESC [ 7 m
    static let reverseOff: [UInt8] = [0x1B, 0x5B, 0x32, 0x37, 0x6D]    // ESC [ 2 7 m
    static let underlineOn: [UInt8] = [0x1B, 0x5B, 0x34, 0x6D]         // ESC [ 4 m
    static let underlineOff: [UInt8] = [0x1B, 0x5B, 0x32, 0x34, 0x6D]  // ESC [ 2 4 m
}

extension ParagraphLayout {
    /// Writes the visual lines as text, each followed by a line feed, as `format` says (the cell
    /// path of `rtl-tui render`; `BidiEngine.render(utf8:…format:…)` writes the same bytes without
    /// cells). The paragraph is expected to be laid out at `format.width`. An empty paragraph is one
    /// empty (padded) line.
    public func write(_ format: LineFormat, into out: inout [UInt8]) {
        let width = format.width
        if lines.isEmpty || (lines.count == 1 && lines[0].cells.isEmpty) {
            if let w = width { out.append(contentsOf: repeatElement(0x20, count: w)) }
            out.append(0x0A)
            return
        }
        for line in lines {
            let left = format.leftPadding(line.width, rtl: direction == .rtl)
            out.append(contentsOf: repeatElement(0x20, count: left))
            for c in line.cells where c.width > 0 {
                if format.marks && (c.flags.contains(.placeholder) || c.flags.contains(.truncated)) {
                    out.append(contentsOf: LineFormat.reverseOn)
                    c.glyph.appendUTF8(to: &out)
                    out.append(contentsOf: LineFormat.reverseOff)
                } else if format.marks && c.flags.contains(.mirrored) {
                    out.append(contentsOf: LineFormat.underlineOn)
                    c.glyph.appendUTF8(to: &out)
                    out.append(contentsOf: LineFormat.underlineOff)
                } else {
                    c.glyph.appendUTF8(to: &out)
                }
            }
            if let w = width { out.append(contentsOf: repeatElement(0x20, count: max(0, w - left - line.width))) }
            out.append(0x0A)
        }
    }
}
