import BidiTerm

/// A text of the current screen shown from a catalog that is not the previewed locale's own:
/// untranslated, drawn in a fallback language (`PreviewContent.lookupOrder(for:)`).
public struct FallbackText: Sendable, Hashable {
    /// The catalog key.
    public var key: String
    /// The screen file that uses it.
    public var path: String
    /// The 1-based line where the key is written in the screen file (0 when unknown).
    public var line: Int
    /// The 1-based column, in Unicode scalars, where the key is written (0 when unknown).
    public var column: Int
    /// Where the text shown comes from: `catalog:line` (`catalog` alone when the format has no lines).
    public var source: String
    /// The locale's own catalog, where the translation goes; nil when the locale has none.
    public var addTo: String?
}

extension PreviewApp {
    /// True when `key` is shown from a fallback catalog: some catalog the locale reads has it, none
    /// of the locale's own has a translation (in any context: a Qt message's context or a gettext
    /// `msgctxt` is not part of a screen's key), and no catalog marks it not to be translated
    /// (`translatable="false"`, `shouldTranslate: false`, `translate="no"`: the default text is
    /// what every locale shows, as `check` has it).
    func isFallback(_ key: String) -> Bool {
        guard ownCatalogCount < renderer.catalogs.count, let i = renderer.catalogIndex(for: key) else { return false }
        return i >= ownCatalogCount && !doNotTranslateKeys.contains(ScreenRenderer.entryKey(key))
    }

    /// The untranslated texts of the current screen, in file order, each once.
    public var fallbacks: [FallbackText] {
        guard ownCatalogCount < renderer.catalogs.count else { return [] }
        let screen = self.screen
        let addTo = renderer.catalogs.prefix(ownCatalogCount).first?.path
        var out: [FallbackText] = []
        var seen = Set<String>()
        for (ref, node) in screen.textRefs {
            // A fuzzy entry shown from its source is listed as fuzzy, not as untranslated.
            guard let key = ref.key, isFallback(key), fuzzyEntries[ScreenRenderer.entryKey(key)] == nil,
                  seen.insert(key).inserted else { continue }
            let source = catalogLine(of: key) ?? ""
            let at = screen.position(of: key, node: node)
            out.append(FallbackText(key: key, path: screen.path, line: at?.line ?? 0, column: at?.column ?? 0,
                                    source: source, addTo: addTo))
        }
        return out
    }

    /// Where a cut text's key is written in the screen file (a list item's own line), else its
    /// node's position.
    func keyLocation(_ t: Truncation) -> String? {
        guard let key = t.key, let p = screen.keyPositions[key] else { return t.location }
        return "\(screen.path):\(p.line):\(p.column)"
    }

    /// `catalog:line` of the entry the current locale shows for `key` (the catalog alone for a
    /// format without lines), nil when no catalog has it.
    func catalogLine(of key: String) -> String? {
        guard let (c, e, _) = renderer.entry(for: key) else { return nil }
        return e.line > 0 && !Self.hasNoLines(c) ? "\(c.path):\(e.line)" : c.path
    }

    /// True for a compiled catalog (`.mo`, `.qm`), whose entries' "lines" are their indexes.
    static func hasNoLines(_ c: Catalog) -> Bool { c.format == .mo || c.format == .qtQM }

    /// True when one of `node`'s own texts is untranslated.
    func showsFallback(_ node: ScreenNode) -> Bool {
        guard ownCatalogCount < renderer.catalogs.count else { return false }
        return node.textRefs.contains { $0.key.map(isFallback) ?? false }
    }
}

/// Marks an untranslated text on screen: its letters underlined (a pane's only on its title row,
/// so the controls inside keep their own look), box-drawing and blank cells left alone.
struct UntranslatedMark: Widget {
    var content: any Widget
    var titleRowOnly: Bool

    func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        content.render(area, into: &buffer, context: context)
        let rows = titleRowOnly ? area.minY..<min(area.maxY, area.minY + 1) : area.minY..<area.maxY
        for y in rows {
            for x in area.minX..<area.maxX {
                guard let cell = buffer[x, y], !cell.isContinuation,
                      let u = cell.symbol.unicodeScalars.first, !u.properties.isWhitespace,
                      !(0x2500...0x259F).contains(u.value) else { continue }
                buffer.patchStyle(Rect(x: x, y: y, width: max(1, Int(cell.width)), height: 1), Style(attributes: .underline))
            }
        }
    }
}
