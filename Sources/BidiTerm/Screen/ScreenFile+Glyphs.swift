extension ScreenNode {
    /// The glyphs this node itself draws beyond its text, as authored: slider ends, icons, badges,
    /// button glyphs, list bullets (the widgets' own glyphs are in `GlyphSet.probes`).
    public var glyphs: [String] {
        switch kind {
        case .slider(_, _, _, _, let start, let end, _): return [start, end].compactMap { $0 }
        case .icons(let items, _, let badge): return items.map(\.glyph) + (badge.map { [$0.glyph] } ?? [])
        case .buttons(let items): return items.compactMap(\.glyph)
        case .list(_, _, let bullet): return bullet.map { [$0] } ?? []
        default: return []
        }
    }
}

extension ScreenFile {
    /// The glyphs to measure in a terminal before drawing these screens: `GlyphSet.probes` and
    /// every grapheme cluster of the screens' own glyphs (`ScreenNode.glyphs`) that is not ASCII,
    /// each also as the mirroring table draws it in RTL (R15), without repeats. Hand the measured
    /// advances to `GlyphSet.adapted(to:engine:)`: the screens' glyphs go through the same glyph
    /// set as the widgets'.
    public static func probeGlyphs(for screens: [ScreenFile]) -> [String] {
        var out = GlyphSet.probes
        var seen = Set(out)
        for screen in screens {
            for node in screen.root.allNodes {
                for glyph in node.glyphs {
                    for cluster in glyph {
                        let s = String(cluster)
                        guard !s.unicodeScalars.allSatisfy(\.isASCII) else { continue }
                        for candidate in [s, GlyphMirroring.mirrored(s)] where seen.insert(candidate).inserted {
                            out.append(candidate)
                        }
                    }
                }
            }
        }
        return out
    }
}
