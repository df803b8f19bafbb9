import BidiTerm
import RTLTUIApps

extension ScreenRenderJob {
    /// A fuzzy text of a screen, with its warning line.
    struct FuzzyWarning {
        var key: String
        var line: String
    }

    /// The screen's texts whose entry in the locale's own catalogs is fuzzy (the first entry of
    /// the key that has a translation), as `file:line:column: warning: fuzzy "key" in LOCALE
    /// (catalog:line): …`, each key once, in file order.
    static func fuzzy(in screen: ScreenFile, content: PreviewContent, locale: String, shown: Bool) -> [FuzzyWarning] {
        var entries: [String: (catalog: Catalog, entry: CatalogEntry)] = [:]
        var decided = Set<String>()
        for c in content.ownCatalogs(for: locale) {
            for e in c.entries where e.isTranslated && decided.insert(e.key).inserted {
                if e.isFuzzy { entries[e.key] = (c, e) }
            }
        }
        guard !entries.isEmpty else { return [] }
        var out: [FuzzyWarning] = []
        var seen = Set<String>()
        for (ref, node) in screen.textRefs {
            guard let key = ref.key, let (c, e) = entries[ScreenRenderer.entryKey(key)], seen.insert(key).inserted else { continue }
            let at = location(screen, key: key, node: node)
            let from = e.line > 0 && c.format != .mo && c.format != .qtQM ? "\(c.path):\(e.line)" : c.path
            let what: String
            if shown {
                what = "the fuzzy translation shows (--include-fuzzy)"
            } else if c.format == .po {
                what = "the program shows the source: msgfmt leaves fuzzy entries out (--include-fuzzy, as msgfmt --use-fuzzy, shows the translation)"
            } else if c.format == .xcstrings {
                what = "the source shows, as check reads it; Xcode builds needs_review strings into the app (--include-fuzzy shows the translation)"
            } else {
                what = "the source shows, as check reads it (--include-fuzzy shows the translation)"
            }
            out.append(FuzzyWarning(key: key, line: "\(at): warning: fuzzy \"\(key)\" in \(locale) (\(from)): \(what)"))
        }
        return out
    }

    /// The screen's texts whose count selects a plural form their entry lacks, as
    /// `file:line:column: warning: "key" has no plural form FORM for N in LOCALE (catalog:line);
    /// its other form shows` (its first form for gettext and Qt), each key once, in file order.
    static func formGaps(in screen: ScreenFile, renderer: ScreenRenderer) -> [String] {
        var out: [String] = []
        var seen = Set<String>()
        for (ref, node) in screen.textRefs {
            guard let key = ref.key, let count = ref.count(override: renderer.countOverride),
                  let (c, e, selector) = renderer.entry(for: key),
                  let form = c.missingForm(of: e, count: count, selector: selector), seen.insert(key).inserted else { continue }
            let at = location(screen, key: key, node: node)
            let from = e.line > 0 && c.format != .mo && c.format != .qtQM ? "\(c.path):\(e.line)" : c.path
            let n = count == count.rounded() ? String(Int(count)) : String(count)
            let shown = (e.plurals["other"] ?? "").isEmpty ? "its first form" : "its other form"
            let named = form.hasPrefix("form ") ? String(form.dropFirst(5)) : form
            out.append("\(at): warning: \"\(key)\" has no plural form \(named) for \(n) in \(renderer.locale) (\(from)); \(shown) shows")
        }
        return out
    }

    /// `file:line:column` of a key in the screen file (its own line, else its node's), or the file.
    static func location(_ screen: ScreenFile, key: String, node: ScreenNode?) -> String {
        guard let p = screen.position(of: key, node: node), p.line > 0 else { return screen.path }
        return "\(screen.path):\(p.line):\(p.column)"
    }
}
