extension Buffer {
    /// The LTR and the RTL drawing of a screen, each under a caption row (`LTR`, `RTL`, bold):
    /// side by side, `gap` columns apart, when that fits in `maximumWidth`; otherwise stacked, LTR
    /// above RTL. What `rtl-tui render --screen --both` writes and the preview exports.
    public static func pair(ltr: Buffer, rtl: Buffer, gap: Int = 2, maximumWidth: Int = .max) -> Buffer {
        let w = ltr.area.width, h = ltr.area.height
        let sideBySide = 2 * w + gap <= maximumWidth
        let origins = sideBySide ? [(0, 0), (w + gap, 0)] : [(0, 0), (0, h + 1)]
        var out = Buffer(width: sideBySide ? 2 * w + gap : w, height: sideBySide ? h + 1 : 2 * (h + 1))
        let caption = Style(attributes: .bold)
        for ((x0, y0), (name, drawing)) in zip(origins, [("LTR", ltr), ("RTL", rtl)]) {
            for (i, ch) in name.enumerated() where i < w {
                out.set(x: x0 + i, y: y0, Cell(String(ch), style: caption))
            }
            out.copy(drawing, x: x0, y: y0 + 1)
        }
        return out
    }

    /// Copies every cell of `source` into this buffer with its top-left corner at (`x`, `y`).
    public mutating func copy(_ source: Buffer, x: Int, y: Int) {
        for sy in source.area.minY..<source.area.maxY {
            for sx in source.area.minX..<source.area.maxX {
                // A wide cell writes its own continuation; writing the continuation again would
                // blank the wide cell.
                guard let c = source[sx, sy], !c.isContinuation else { continue }
                set(x: x + sx - source.area.minX, y: y + sy - source.area.minY, c)
            }
        }
    }
}
