/// A slider: a track filled from the leading edge to the thumb (R9), glyphs for the start and end
/// values that swap sides with the direction (R9), and tick labels whose order follows the track
/// (R8: in RTL the smallest value is at the right; each number keeps its digit order, R7).
///
/// Rows: the label (when given and the area has room for it), the track, the tick labels (when
/// given and there is a row for them). With one row, the label shares the track's row at the leading
/// side. The track row, from the leading edge: start glyph, space, track, space, end glyph. The
/// track is `━` up to the thumb `●`, then `─`; all three are symmetric, so the RTL track is the LTR
/// track mirrored.
///
/// Keys (R14): arrow keys are physical (→ moves the thumb one step to the right on screen, which
/// lowers the value in RTL); Home and End follow reading order (Home: the start value, at the
/// leading edge). See `value(after:step:direction:)`.
///
///     Slider(value: 0.25, startGlyph: "🔅", endGlyph: "🔆")
///         .rendered(width: 11, height: 1, context: RenderContext(direction: .rtl)).rows
///     // ["🔆 ───●━ 🔅"]
public struct Slider: Widget {
    /// The value, in `minimum…maximum`.
    public var value: Double
    /// The start value (at the leading edge).
    public var minimum: Double
    /// The end value (at the trailing edge).
    public var maximum: Double
    /// A label, or nil.
    public var label: String?
    /// The glyph that marks the start value (a small sun, `−`, `🔈`), or nil.
    public var startGlyph: String?
    /// The glyph that marks the end value (a large sun, `+`, `🔊`), or nil.
    public var endGlyph: String?
    /// Values to label under the track, in the context's digits.
    public var ticks: [Double]
    /// Decimals of tick labels (trailing zeros dropped).
    public var tickFractionDigits: Int

    /// Creates a slider.
    public init(value: Double, minimum: Double = 0, maximum: Double = 1, label: String? = nil,
                startGlyph: String? = nil, endGlyph: String? = nil, ticks: [Double] = [], tickFractionDigits: Int = 2) {
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.label = label
        self.startGlyph = startGlyph
        self.endGlyph = endGlyph
        self.ticks = ticks
        self.tickFractionDigits = tickFractionDigits
    }

    /// Where `v` falls on a track of `width` cells, counted from the leading edge: 0 for the start
    /// value, `width - 1` for the end value.
    public func leadingPosition(of v: Double, trackWidth width: Int) -> Int {
        guard width > 1, maximum > minimum, !v.isNaN else { return 0 }
        let f = min(1, max(0, (v - minimum) / (maximum - minimum)))
        return Int((f * Double(width - 1)).rounded())
    }

    /// The value after a key press (R14). → and ← move the thumb one `step` to the right or left on
    /// screen, whatever that does to the value (in RTL → lowers it); ↑ raises and ↓ lowers the value;
    /// Home and End go to the start and end values (reading order). Other keys change nothing.
    /// The result is clamped to `minimum…maximum`.
    public func value(after key: KeyEvent, step: Double, direction: LayoutDirection) -> Double {
        var v = value
        switch key {
        case .right, .left: v += step * Double(Mirroring(direction).readingStep(of: key) ?? 0)
        case .up: v += step
        case .down: v -= step
        case .home: v = minimum
        case .end: v = maximum
        default: break
        }
        return min(maximum, max(minimum, v))
    }

    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let m = context.mirroring
        var y = area.y
        var row = Rect(x: area.x, y: y, width: area.width, height: 1)
        let needsTickRow = !ticks.isEmpty
        if let label, !label.isEmpty {
            if area.height >= (needsTickRow ? 3 : 2) {
                buffer.drawText(label, in: row, align: .leading, style: context.style(\.text), context: context)
                y += 1
                row.y = y
            } else {
                let drawn = buffer.drawText(label, in: m.rect(leadingOffset: 0, width: max(0, area.width / 3), in: row),
                                            align: .leading, style: context.style(\.text), context: context)
                if drawn.width > 0 { row = m.inset(row, leading: drawn.width + 1) }
            }
        }
        // The end glyphs swap sides with the direction (R9); each goes through the mirroring table.
        var track = row
        if let g = startGlyph, !g.isEmpty {
            let shown = m.glyph(g)
            let w = context.width(of: context.glyph(shown))
            if w + 2 <= track.width {
                buffer.drawGlyph(shown, x: m.x(leadingOffset: 0, width: w, in: track), y: track.y,
                                 style: context.style(\.text), context: context)
                track = m.inset(track, leading: w + 1)
            }
        }
        if let g = endGlyph, !g.isEmpty {
            let shown = m.glyph(g)
            let w = context.width(of: context.glyph(shown))
            if w + 2 <= track.width {
                buffer.drawGlyph(shown, x: m.x(leadingOffset: track.width - w, width: w, in: track), y: track.y,
                                 style: context.style(\.text), context: context)
                track = m.inset(track, trailing: w + 1)
            }
        }
        guard track.width > 0 else { return }
        let thumb = leadingPosition(of: value, trackWidth: track.width)
        let fill = Cell(context.glyph("━"), style: context.style(\.sliderFill))
        let knob = Cell(context.glyph("●"), style: context.style(\.thumb))
        let rest = Cell(context.glyph("─"), style: context.style(\.sliderTrack))
        for i in 0..<track.width {
            let x = m.x(leadingOffset: i, width: 1, in: track)
            buffer.set(x: x, y: track.y, i < thumb ? fill : (i == thumb ? knob : rest))
        }
        // Tick labels under their positions, from the leading edge (R8); a label that would touch
        // the previous one is skipped.
        let tickY = track.y + 1
        guard needsTickRow, tickY < area.maxY else { return }
        var lastEnd = Int.min   // leading offset just past the last label drawn
        for t in ticks.sorted() {
            let text = context.numerals.format(t, maximumFractionDigits: tickFractionDigits)
            let w = context.width(of: text)
            let leadingTrackStart = m.leadingOffset(of: track, in: area)
            let center = leadingTrackStart + leadingPosition(of: t, trackWidth: track.width)
            let start = min(max(0, center - (w - 1) / 2), area.width - w)
            guard start >= 0, start > lastEnd else { continue }
            let rect = m.rect(leadingOffset: start, width: w, in: Rect(x: area.x, y: tickY, width: area.width, height: 1))
            buffer.drawText(text, in: rect, align: .leading, style: context.style(\.caption), context: context)
            lastEnd = start + w
        }
    }
}
