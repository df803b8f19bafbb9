/// The glyphs of a star rating.
///
/// The default half stars are U+2BEA STAR WITH LEFT HALF BLACK `⯪` and U+2BEB STAR WITH RIGHT HALF
/// BLACK `⯫`: an outlined star with one half filled, a mirror-image pair in the mirroring table.
/// They are in Unicode 11 (Miscellaneous Symbols and Arrows) and covered by Noto Sans Symbols 2,
/// Symbola and recent DejaVu; for terminals whose fonts lack them, `StarGlyphs.ascii` draws halves
/// as `[`/`]` (the bracket's stroke on the filled side), a mirror pair as well.
public struct StarGlyphs: Sendable, Hashable {
    /// A filled star.
    public var full: String
    /// An empty star.
    public var empty: String
    /// A half star whose left half is filled, the LTR half star; its mirror (from the mirroring
    /// table) is the RTL half star, so the filled half always faces the leading edge (R11).
    public var halfLeft: String

    /// Creates a glyph set.
    public init(full: String, empty: String, halfLeft: String) {
        self.full = full
        self.empty = empty
        self.halfLeft = halfLeft
    }

    /// `★` `☆` `⯪` (`⯫` in RTL).
    public static let unicode = StarGlyphs(full: "★", empty: "☆", halfLeft: "⯪")
    /// `*` `.` `[` (`]` in RTL): for fonts without the half-star glyphs.
    public static let ascii = StarGlyphs(full: "*", empty: ".", halfLeft: "[")
}

/// A star rating: stars from the leading edge (R11), a half star whose filled half faces the leading
/// edge, and optionally the numbers 1…max under the stars, read from the leading edge (R8) in the
/// context's digits (R6), each number keeping its digit order (R7).
///
/// Stars are one cell wide and separated by a space; with ten stars or more each star gets a slot
/// as wide as the widest number, so the numbers line up under their stars.
///
///     StarRating(value: 3.5, max: 5, numbers: true)
///         .rendered(width: 9, height: 2, context: RenderContext(direction: .rtl, numerals: .arab)).rows
///     // ["☆ ⯫ ★ ★ ★", "٥ ٤ ٣ ٢ ١"]
public struct StarRating: Widget {
    /// The rating, 0…max; halves are drawn as half stars (a fraction from 0.25 up to 0.75 is a
    /// half, 0.75 and more rounds up).
    public var value: Double
    /// The number of stars.
    public var max: Int
    /// Draws the numbers 1…max on the row under the stars.
    public var numbers: Bool
    /// The glyphs.
    public var glyphs: StarGlyphs

    /// Creates a rating.
    public init(value: Double, max: Int = 5, numbers: Bool = false, glyphs: StarGlyphs = .unicode) {
        self.value = value
        self.max = max
        self.numbers = numbers
        self.glyphs = glyphs
    }

    /// What each star is, from the leading edge.
    public enum Star: Sendable, Hashable {
        /// A full star.
        case full
        /// A half star, facing the leading edge (R11).
        case half
        /// An empty star.
        case empty
    }

    /// The stars from the leading edge.
    public var stars: [Star] {
        guard max > 0 else { return [] }
        let v = value.isNaN ? 0 : Swift.min(Double(max), Swift.max(0, value))
        var whole = Int(v.rounded(.down))
        let frac = v - Double(whole)
        var half = false
        if frac >= 0.75 { whole += 1 } else if frac >= 0.25 { half = true }
        return (0..<max).map { i in i < whole ? .full : (i == whole && half ? .half : .empty) }
    }

    /// The rating after a key press, as `Slider.value(after:step:direction:)` and
    /// `Toggle.isOn(after:direction:)` read keys (R14: arrows are physical). → and ← move the end
    /// of the filled stars one `step` to the right or left on screen, whatever that does to the
    /// rating (the stars start at the leading edge, R11, so in RTL → lowers it); ↑ raises and ↓
    /// lowers it; Home gives 0 and End `max`; a digit key (in any of the three numeral systems,
    /// R6) gives that many stars when it is no more than `max`. Other keys change nothing. The
    /// result is clamped to `0…max`.
    ///
    ///     let rating = StarRating(value: 3, max: 5)
    ///     rating.value(after: .right, direction: .rtl)              // 2.0
    ///     rating.value(after: .up, step: 0.5, direction: .rtl)      // 3.5
    ///     rating.value(after: .character("٤"), direction: .rtl)     // 4.0
    public func value(after key: KeyEvent, step: Double = 1, direction: LayoutDirection) -> Double {
        let top = Double(Swift.max(0, max))
        var v = value.isNaN ? 0 : value
        switch key {
        case .right, .left: v += step * Double(Mirroring(direction).readingStep(of: key) ?? 0)
        case .up: v += step
        case .down: v -= step
        case .home: v = 0
        case .end: v = top
        case .character(let c):
            guard let digit = c.wholeNumberValue, c.unicodeScalars.count == 1,
                  c.unicodeScalars.first?.properties.numericType == .decimal, Double(digit) <= top else { return Swift.min(top, Swift.max(0, v)) }
            v = Double(digit)
        default: break
        }
        return Swift.min(top, Swift.max(0, v))
    }

    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty, max > 0 else { return }
        let m = context.mirroring
        let labels = (1...max).map { context.numerals.format($0) }
        let slot = numbers ? labels.map { context.width(of: $0) }.max() ?? 1 : 1
        let row = Rect(x: area.x, y: area.y, width: area.width, height: 1)
        for (i, star) in stars.enumerated() {
            let offset = i * (slot + 1)
            guard offset + slot <= area.width else { break }
            let slotRect = m.rect(leadingOffset: offset, width: slot, in: row)
            let glyph: String, style: Style
            switch star {
            case .full: glyph = glyphs.full; style = context.style(\.starFilled)
            case .half: glyph = m.glyph(glyphs.halfLeft); style = context.style(\.starFilled)
            case .empty: glyph = glyphs.empty; style = context.style(\.starEmpty)
            }
            // The star sits where the slot's number is centred, so numbers line up under their stars.
            buffer.drawGlyph(glyph, x: m.x(aligning: 1, in: slotRect, .center), y: row.y, style: style, context: context)
            if numbers, area.height >= 2 {
                let numberRect = Rect(x: slotRect.x, y: row.y + 1, width: slot, height: 1)
                buffer.drawText(labels[i], in: numberRect, align: .center, style: context.style(\.caption),
                                direction: .context, context: context)
            }
        }
    }
}
