/// A switch with an optional label. Its "on" side is the trailing side (R10): the knob sits at the
/// trailing end when on (right in LTR, left in RTL) and at the leading end when off.
///
/// The row, from the leading edge: the label, then the switch at the trailing edge of the area. The
/// switch is five cells, authored for LTR as `[●──]` (off) and `[━━●]` (on) and drawn through the
/// mirroring table, so in RTL it is the LTR switch mirrored: `[──●]` off, `[●━━]` on.
///
///     Toggle(label: "מצב כהה", isOn: true)
///         .rendered(width: 14, height: 1, context: RenderContext(direction: .rtl)).rows
///     // ["[●━━]  ההכ בצמ"]
public struct Toggle: Widget {
    /// The label, or nil.
    public var label: String?
    /// The state.
    public var isOn: Bool

    /// Creates a toggle.
    public init(label: String? = nil, isOn: Bool) {
        self.label = label
        self.isOn = isOn
    }

    /// The switch's cells from the leading edge (the LTR drawing).
    public var switchGlyphs: [String] { isOn ? ["[", "━", "━", "●", "]"] : ["[", "●", "─", "─", "]"] }

    /// The switch as drawn in `direction`, left to right.
    public func switchText(direction: LayoutDirection) -> String {
        let m = Mirroring(direction)
        return m.visualOrder(switchGlyphs.map(m.glyph)).joined()
    }

    /// The logical state after a key press: Space and Enter toggle; an arrow key moves the knob
    /// physically (R14), so → turns the switch on in LTR and off in RTL, ← the opposite.
    public func isOn(after key: KeyEvent, direction: LayoutDirection) -> Bool {
        switch key {
        case .character(" "), .enter: return !isOn
        case .right, .left: return Mirroring(direction).readingStep(of: key) == 1
        default: return isOn
        }
    }

    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let m = context.mirroring
        let row = Rect(x: area.x, y: area.y, width: area.width, height: 1)
        let glyphs = switchGlyphs
        let style = context.style(isOn ? \.toggleOn : \.toggleOff)
        var switchWidth = glyphs.count
        if area.width < switchWidth {
            // Too narrow for the switch: one cell, filled when on.
            switchWidth = 1
            buffer.set(x: m.x(leadingOffset: area.width - 1, width: 1, in: row), y: row.y, Cell(context.glyph(isOn ? "●" : "○"), style: style))
        } else {
            for (i, g) in glyphs.enumerated() {
                let x = m.x(leadingOffset: area.width - switchWidth + i, width: 1, in: row)
                buffer.set(x: x, y: row.y, Cell(context.glyph(m.glyph(g)), style: style))
            }
        }
        if let label, !label.isEmpty, area.width > switchWidth + 1 {
            let labelRect = m.rect(leadingOffset: 0, width: area.width - switchWidth - 1, in: row)
            buffer.drawText(label, in: labelRect, align: .leading, style: context.style(\.text), context: context)
        }
    }
}
