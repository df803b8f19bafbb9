import BidiTerm

/// A text of the current screen whose entry in the locale's own catalog is fuzzy (needs review:
/// gettext `#, fuzzy`, Qt `unfinished`, `.xcstrings` `needs_review`, XLIFF `needs-…`).
public struct FuzzyText: Sendable, Hashable {
    /// The catalog key.
    public var key: String
    /// The screen file that uses it, and where (1-based; 0 when unknown).
    public var path: String
    public var line: Int
    public var column: Int
    /// The fuzzy entry: `catalog:line` (`catalog` alone when the format has no lines).
    public var source: String
    /// The fuzzy translation.
    public var translation: String
    /// True when the screen shows the fuzzy translation (`--include-fuzzy`); false when it shows
    /// what the program shows, the source text.
    public var isShown: Bool
}

/// A text of the current screen whose count selects a plural form its entry lacks: the program
/// shows the `other` form (or the translation) instead.
public struct FormGapText: Sendable, Hashable {
    /// The catalog key.
    public var key: String
    /// The screen file that uses it, and where (1-based; 0 when unknown).
    public var path: String
    public var line: Int
    public var column: Int
    /// The missing form (`few`, `form 3`).
    public var form: String
    /// The count that selects it.
    public var count: Double
    /// The entry: `catalog:line`.
    public var source: String
}

extension PreviewApp {
    /// The fuzzy texts of the current screen, in file order, each once.
    public var fuzzyTexts: [FuzzyText] {
        guard !fuzzyEntries.isEmpty else { return [] }
        let screen = self.screen
        var out: [FuzzyText] = []
        var seen = Set<String>()
        for (ref, node) in screen.textRefs {
            guard let key = ref.key, let (c, e) = fuzzyEntries[ScreenRenderer.entryKey(key)], seen.insert(key).inserted else { continue }
            let at = screen.position(of: key, node: node)
            out.append(FuzzyText(key: key, path: screen.path, line: at?.line ?? 0, column: at?.column ?? 0,
                                 source: e.line > 0 && !Self.hasNoLines(c) ? "\(c.path):\(e.line)" : c.path,
                                 translation: c.text(of: e, count: ref.count(override: renderer.countOverride)) ?? "",
                                 isShown: options.includeFuzzy))
        }
        return out
    }

    /// The texts of the current screen drawn without their plural form (for their count, or the
    /// count of `c`), in file order, each key once.
    public var formGapTexts: [FormGapText] {
        let screen = self.screen
        var out: [FormGapText] = []
        var seen = Set<String>()
        for (ref, node) in screen.textRefs {
            guard let gap = formGap(ref), seen.insert(gap.key).inserted else { continue }
            let at = screen.position(of: gap.key, node: node)
            out.append(FormGapText(key: gap.key, path: screen.path, line: at?.line ?? 0, column: at?.column ?? 0,
                                   form: gap.form, count: gap.count, source: catalogLine(of: gap.key) ?? ""))
        }
        return out
    }

    /// The key, the form it lacks and the count, when `ref` is drawn without its plural form.
    func formGap(_ ref: TextRef) -> (key: String, form: String, count: Double)? {
        guard let key = ref.key, let count = ref.count(override: renderer.countOverride),
              let (c, e, selector) = renderer.entry(for: key),
              let form = c.missingForm(of: e, count: count, selector: selector) else { return nil }
        return (key, form, count)
    }

    /// True when one of `node`'s own texts is drawn without its plural form.
    func showsFormGap(_ node: ScreenNode) -> Bool {
        node.textRefs.contains { formGap($0) != nil }
    }

    /// The rows of the `t` panel about fuzzy entries and texts drawn without their plural form.
    var markRows: [String] {
        func iso(_ s: String) -> String { "\u{2068}\(s)\u{2069}" }
        func at(_ path: String, _ line: Int, _ column: Int) -> String { line > 0 ? "\(path):\(line):\(column)" : path }
        var rows: [String] = []
        let fuzzy = fuzzyTexts
        if !fuzzy.isEmpty {
            rows.append("")
            rows.append(chrome.text("chrome.cut.fuzzy", [TextArgument("count", .number(Double(fuzzy.count)))]))
            let flag = [TextArgument("flag", .string("--include-fuzzy"))]
            for f in fuzzy {
                rows.append(iso(at(f.path, f.line, f.column)) + "  " + iso(f.key) + "  "
                            + chrome.text("chrome.cut.from", [TextArgument("file", .string(f.source))]) + "  "
                            + chrome.text(f.isShown ? "chrome.cut.fuzzyShown" : "chrome.cut.fuzzySource", flag))
            }
        }
        let gaps = formGapTexts
        if !gaps.isEmpty {
            rows.append("")
            rows.append(chrome.text("chrome.cut.formGaps", [TextArgument("count", .number(Double(gaps.count)))]))
            let n = chrome.numerals
            for g in gaps {
                var row = iso(at(g.path, g.line, g.column)) + "  " + iso(g.key) + "  " + iso("\(g.form) (\(n.format(Int(g.count))))")
                if !g.source.isEmpty { row += "  " + chrome.text("chrome.cut.from", [TextArgument("file", .string(g.source))]) }
                rows.append(row)
            }
        }
        return rows
    }
}

/// Marks a text drawn without its plural form in the style of the `…` of a cut text (the theme's
/// `warning`): its letters, box-drawing and blank cells left alone.
struct FormGapMark: Widget {
    var content: any Widget
    var style: Style

    func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        content.render(area, into: &buffer, context: context)
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX {
                guard let cell = buffer[x, y], !cell.isContinuation,
                      let u = cell.symbol.unicodeScalars.first, !u.properties.isWhitespace,
                      !(0x2500...0x259F).contains(u.value) else { continue }
                buffer.patchStyle(Rect(x: x, y: y, width: max(1, Int(cell.width)), height: 1), style)
            }
        }
    }
}
