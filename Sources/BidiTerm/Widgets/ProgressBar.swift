/// A bar that fills from the leading edge (R9) with sub-cell precision, an optional label and an
/// optional percentage in the context's digits (R6).
///
/// The value is drawn in eighths of a cell. In LTR the partial cell is one of the left blocks
/// `▏▎▍▌▋▊▉`. In RTL the partial cell must be filled from its right side, and fonts only have two
/// right blocks, `▕` (one eighth) and `▐` (one half), which the mirroring table pairs with `▏` and
/// `▌`. The other fractions are drawn as the complementary left block in reverse video: for
/// three eighths filled from the right, `▋` (five eighths from the left) with foreground and
/// background swapped, so the left five eighths show the track colour and the right three eighths
/// the fill colour. The partial cell uses the fill style's foreground and the track's background.
///
/// Layout: with a label and two rows or more, the label takes the first row and the bar the second;
/// otherwise label, bar and percentage share one row, from the leading edge: label, bar,
/// percentage (so in RTL the label is at the right and the percentage at the left).
///
///     ProgressBar(value: 0.5).rendered(width: 4, height: 1, context: RenderContext(direction: .rtl)).rows
///     // ["  ██"]
public struct ProgressBar: Widget {
    /// Progress in 0…1 (clamped; NaN counts as 0).
    public var value: Double
    /// A label, or nil.
    public var label: String?
    /// Draws the percentage at the trailing end of the bar.
    public var showPercent: Bool

    /// Creates a bar.
    public init(value: Double, label: String? = nil, showPercent: Bool = false) {
        self.value = value
        self.label = label
        self.showPercent = showPercent
    }

    /// One cell of a bar.
    public struct BarCell: Sendable, Hashable {
        /// What the cell is.
        public enum Kind: Sendable, Hashable {
            /// Filled.
            case filled
            /// Partly filled (an eighth block).
            case partial
            /// Empty.
            case empty
        }
        /// The glyph.
        public var symbol: String
        /// Filled, partial or empty.
        public var kind: Kind
        /// Drawn in reverse video (RTL partial cells without a right block glyph).
        public var reversed: Bool
    }

    /// The left blocks for 1…7 eighths.
    public static let leftEighths = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// The value clamped to 0…1.
    public var fraction: Double { value.isNaN ? 0 : min(1, max(0, value)) }

    /// The cells of a bar `width` cells wide, left to right, filled from the leading edge (R9).
    ///
    ///     ProgressBar.barCells(fraction: 0.3125, width: 2, direction: .ltr).map(\.symbol)  // ["▋", " "]
    ///     ProgressBar.barCells(fraction: 0.3125, width: 2, direction: .rtl).map(\.symbol)  // [" ", "▍"] (reversed)
    public static func barCells(fraction: Double, width: Int, direction: LayoutDirection) -> [BarCell] {
        guard width > 0 else { return [] }
        let f = fraction.isNaN ? 0 : min(1, max(0, fraction))
        let eighths = Int((f * Double(width * 8)).rounded())
        let full = eighths / 8, rem = eighths % 8
        var cells: [BarCell] = []   // leading to trailing
        cells.reserveCapacity(width)
        for i in 0..<width {
            if i < full {
                cells.append(BarCell(symbol: "█", kind: .filled, reversed: false))
            } else if i == full && rem > 0 {
                // The left block, through the mirroring table: in RTL it becomes a right block when
                // fonts have one; otherwise the complementary left block, reversed.
                let m = Mirroring(direction)
                let glyph = leftEighths[rem - 1], shown = m.glyph(glyph)
                if m.physical(.leading) == .left || shown != glyph {
                    cells.append(BarCell(symbol: shown, kind: .partial, reversed: false))
                } else {
                    cells.append(BarCell(symbol: leftEighths[8 - rem - 1], kind: .partial, reversed: true))
                }
            } else {
                cells.append(BarCell(symbol: " ", kind: .empty, reversed: false))
            }
        }
        return Mirroring(direction).visualOrder(cells)
    }

    /// The percentage in the context's digits (R6): `42%`, `٤٢٪`, `۴۲٪`.
    public func percentText(numerals: NumeralSystem) -> String {
        numerals.format(percent: Int((fraction * 100).rounded()))
    }

    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let m = context.mirroring
        var row = Rect(x: area.x, y: area.y, width: area.width, height: 1)
        if let label, !label.isEmpty {
            if area.height >= 2 {
                buffer.drawText(label, in: row, align: .leading, style: context.style(\.text), context: context)
                row.y += 1
            } else {
                // Label at the leading side, at most half of what the percentage leaves.
                let percentSlot = showPercent ? context.width(of: context.numerals.format(percent: 100)) + 1 : 0
                let maxLabel = max(0, (area.width - percentSlot) / 2 - 1)
                let drawn = buffer.drawText(label, in: m.rect(leadingOffset: 0, width: maxLabel, in: row), align: .leading,
                                            style: context.style(\.text), context: context)
                if drawn.width > 0 { row = m.inset(row, leading: drawn.width + 1) }
            }
        }
        if showPercent {
            let text = percentText(numerals: context.numerals)
            let slot = max(context.width(of: context.numerals.format(percent: 100)), context.width(of: text))
            if slot + 2 <= row.width {
                let slotRect = m.rect(leadingOffset: row.width - slot, width: slot, in: row)
                buffer.drawText(text, in: slotRect, align: .trailing, style: context.style(\.caption), context: context)
                row = m.inset(row, trailing: slot + 1)
            }
        }
        drawBar(in: row, into: &buffer, context: context)
    }

    /// Draws the bar alone across the first row of `rect`.
    public func drawBar(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
        guard !rect.isEmpty else { return }
        let fill = context.style(\.barFill), track = context.style(\.barTrack)
        let partial = Style(fg: fill.fg, bg: track.bg, attributes: fill.attributes)
        for (i, cell) in ProgressBar.barCells(fraction: fraction, width: rect.width, direction: context.direction).enumerated() {
            let style: Style
            switch cell.kind {
            case .filled: style = fill
            case .empty: style = track
            case .partial:
                var s = partial
                if cell.reversed { s.attributes.insert(.reverse) }
                style = s
            }
            buffer.set(x: rect.x + i, y: rect.y, Cell(context.glyph(cell.symbol), style: style))
        }
    }
}
