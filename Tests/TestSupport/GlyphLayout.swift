import BidiTerm

/// How a buffer drawn with fallback glyphs differs from the same frame drawn with the standard
/// glyphs, beyond the glyphs the set replaces.
public enum GlyphLayout {
    /// Each cell of `standard` must be drawn in `fallback` either unchanged or, when `glyphs`
    /// replaces its glyph, as that glyph's fallback over the same columns in the same style: then
    /// nothing moves and nothing else changes (text that happens to contain a replaced character is
    /// not drawn through the glyph set and stays). The problems, one line each, at most `limit`.
    public static func differences(_ standard: Buffer, _ fallback: Buffer, glyphs: GlyphSet,
                                   limit: Int = 10) -> [String] {
        guard standard.area == fallback.area else { return ["the areas differ: \(standard.area) and \(fallback.area)"] }
        var out: [String] = []
        let area = standard.area
        for y in area.minY..<area.maxY {
            var x = area.minX
            while x < area.maxX, out.count < limit {
                let s = standard[x, y]!
                let span = max(1, Int(s.width))
                defer { x += span }
                let unchanged = (0..<span).allSatisfy { standard[x + $0, y] == fallback[x + $0, y] }
                if unchanged { continue }
                let expected = glyphs.glyph(s.symbol)
                guard expected != s.symbol else {
                    out.append("cell \(x),\(y): \(s.symbol) in \(s.style) became \(fallback[x, y]!.symbol) in \(fallback[x, y]!.style)")
                    continue
                }
                var drawn = "", covered = 0
                while covered < span, let f = fallback[x + covered, y] {
                    if f.style != s.style { out.append("cell \(x + covered),\(y): the style of \(s.symbol) changed") }
                    if covered == 0 && f.isContinuation { out.append("cell \(x),\(y): \(s.symbol) moved") }
                    drawn += f.symbol
                    covered += f.isContinuation ? 1 : max(1, Int(f.width))
                }
                if covered != span || drawn != expected {
                    out.append("cell \(x),\(y): \(s.symbol) became \(drawn) over \(covered) cells, not \(expected) over \(span)")
                }
            }
        }
        return Array(out.prefix(limit))
    }
}
