import CICU

/// How serious a finding is. Errors fail `rtl-tui check`; warnings fail it only with `--strict`.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    case info, warning, error
    public static func < (a: Severity, b: Severity) -> Bool {
        let order: [Severity] = [.info, .warning, .error]
        return order.firstIndex(of: a)! < order.firstIndex(of: b)!
    }
}

/// One problem found in one catalog entry.
public struct Finding: Sendable, Hashable {
    /// A stable id: `invalid-utf8`, `control-character`, `escape-sequence`, `bidi-unbalanced`,
    /// `bidi-override`, `placeholder-unisolated`, `placeholder-missing`, `placeholder-added`,
    /// `direction-dependent`, `untranslated`, `overflow`, `presentation-forms`, `mixed-digits`,
    /// `catalog-warning`.
    public var id: String
    public var severity: Severity
    public var file: String
    public var line: Int
    public var column: Int
    /// The entry's key (and context, as `context|key`), or "" for file-level findings.
    public var key: String
    /// What is wrong.
    public var message: String
    /// The string as it will look in the locale's direction (visual order, shaped, hidden controls
    /// shown as `⟨RLO⟩` and the like, controls as placeholders).
    public var rendered: String
    /// What to do about it; empty when there is nothing specific to suggest.
    public var suggestion: String
}

/// A bidi linter for translated UI strings: what a QA reader of Arabic, Hebrew or Persian strings
/// looks for, automated.
///
///     let linter = BidiLinter(options: .init(locale: "ar", maxWidth: 40))
///     let findings = linter.check(catalog, source: nil)
public final class BidiLinter {
    /// What to check.
    public struct Options: Sendable {
        /// The catalog's language (overrides what the catalog says); decides the direction.
        public var locale: String?
        /// Flag strings wider than this many cells after shaping.
        public var maxWidth: Int?
        public init(locale: String? = nil, maxWidth: Int? = nil) {
            self.locale = locale
            self.maxWidth = maxWidth
        }
    }

    public let options: Options
    private let engine = BidiEngine()

    public init(options: Options = Options()) { self.options = options }

    /// The findings for every entry of `catalog`, in file order. `source` is an optional catalog in
    /// the source language, looked up by key, for placeholder comparison when the catalog itself
    /// carries no source text.
    public func check(_ catalog: Catalog, source: Catalog? = nil) -> [Finding] {
        let locale = options.locale ?? catalog.locale ?? ""
        let direction = LayoutDirection(locale: locale)
        var out: [Finding] = []
        for w in catalog.warnings {
            let utf8 = w.message.contains("UTF-8")
            out.append(Finding(id: utf8 ? "invalid-utf8" : "catalog-warning", severity: utf8 ? .error : .warning,
                               file: w.file, line: w.line, column: w.column, key: "", message: w.message,
                               rendered: "", suggestion: utf8 ? "Save the file as UTF-8." : ""))
        }
        for e in catalog.entries {
            let key = e.context.map { "\($0)|\(e.key)" } ?? e.key
            var texts: [(String, String)] = []   // (label, text)
            if let t = e.translation, !t.isEmpty { texts.append(("", t)) }
            for (form, t) in e.plurals.sorted(by: { $0.key < $1.key }) where !t.isEmpty && t != e.translation {
                texts.append(("plural form \(form): ", t))
            }
            // The source text: the --source catalog's text for this key first; else the entry's own
            // source (gettext msgid, XLIFF source) unless it is an identifier key such as
            // `settings.title` (key-based catalogs), which says nothing about placeholders.
            let ownSource = e.source.flatMap { BidiLinter.looksLikeKey($0) ? nil : $0 }
            let sourceText = source?.lookup(e.key, context: e.context) ?? ownSource
            if texts.isEmpty {
                if direction == .rtl && !e.isFuzzy && !(e.key.isEmpty) {
                    out.append(finding("untranslated", .warning, catalog, e, key, "no translation", "",
                                       "Translate the string."))
                }
                continue
            }
            for (label, text) in texts {
                out += checkText(text, label: label, entry: e, key: key, catalog: catalog, source: sourceText,
                                 sourcePlural: e.sourcePlural, direction: direction)
            }
        }
        return out
    }

    /// True for identifier-like keys (`settings.title`, `DOWNLOAD_COUNT`): ASCII, no spaces, no
    /// placeholders.
    static func looksLikeKey(_ s: String) -> Bool {
        !s.isEmpty && s.unicodeScalars.allSatisfy { u in
            (u.value >= 0x30 && u.value <= 0x39) || (u.value >= 0x41 && u.value <= 0x5A) || (u.value >= 0x61 && u.value <= 0x7A)
                || u == "." || u == "_" || u == "-" || u == "/"
        } && (s.contains(".") || s.contains("_"))
    }

    private func finding(_ id: String, _ severity: Severity, _ c: Catalog, _ e: CatalogEntry, _ key: String,
                         _ message: String, _ rendered: String, _ suggestion: String) -> Finding {
        Finding(id: id, severity: severity, file: c.path, line: e.line, column: e.column, key: key, message: message,
                rendered: rendered, suggestion: suggestion)
    }

    /// The string as a QA reader sees it in `direction`: visual order, hidden controls revealed.
    public func render(_ text: String, direction: LayoutDirection) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            engine.layout(String(line), direction: BaseDirection(direction),
                          options: LayoutOptions(revealControls: true)).lines.map(\.text).joined()
        }.joined(separator: " ⏎ ")
    }

    private func checkText(_ text: String, label: String, entry e: CatalogEntry, key: String, catalog c: Catalog,
                           source: String?, sourcePlural: String?, direction: LayoutDirection) -> [Finding] {
        var out: [Finding] = []
        let scalars = Array(text.unicodeScalars)
        let rendered = render(text, direction: direction)
        func add(_ id: String, _ sev: Severity, _ msg: String, _ fix: String) {
            out.append(finding(id, sev, c, e, key, label + msg, rendered, fix))
        }

        // R22: raw control characters and escape sequences.
        if let i = scalars.firstIndex(where: { $0.value == 0x1B || $0.value == 0x9B }) {
            add("escape-sequence", .error, "terminal escape sequence at column \(i + 1)",
                "Remove the escape sequence; styling belongs to the UI, not the string.")
        } else if let i = scalars.firstIndex(where: { Sanitizer.isControl($0.value) && $0.value != 0x0A && $0.value != 0x09 }) {
            add("control-character", .error, "control character U+\(Hex.padded(scalars[i].value)) at column \(i + 1)",
                "Remove the control character.")
        }

        // Explicit bidi controls: balance (Trojan Source, CVE-2021-42574) and overrides.
        out += bidiControlFindings(scalars).map { f in
            Finding(id: f.0, severity: f.1, file: c.path, line: e.line, column: e.column, key: key,
                    message: label + f.2, rendered: rendered, suggestion: f.3)
        }

        let hasRTL = scalars.contains { u in
            let k = UnicodeProperties.bidiClassRaw(u.value)
            return k == 1 || k == 13
        }
        let hasLetters = scalars.contains { $0.properties.isAlphabetic }

        // Untranslated: no strong RTL character in an RTL locale.
        if direction == .rtl && !hasRTL && hasLetters {
            let same = source.map { $0 == text } ?? false
            add("untranslated", .warning, same ? "translation is a copy of the source text" : "no Arabic, Hebrew or other RTL letter in an RTL locale",
                "Translate the string, or mark it as intentionally Latin (brand names) in your QA list.")
        }

        // Placeholders against the source.
        let ph = Placeholder.find(text)
        if let source {
            var want = Placeholder.find(source)
            if let sp = sourcePlural, !label.isEmpty { want = Placeholder.find(sp).count >= want.count ? Placeholder.find(sp) : want }
            let have = multiset(ph.map(\.identity)), need = multiset(want.map(\.identity))
            let missing = need.filter { have[$0.key, default: 0] < $0.value }.map(\.key).sorted()
            let added = have.filter { need[$0.key, default: 0] < $0.value }.map(\.key).sorted()
            // A plural form may drop the count (e.g. the "one" form says "a file").
            if !missing.isEmpty && label.isEmpty {
                add("placeholder-missing", .error, "placeholder(s) of the source missing: " + missing.map { describe($0, want) }.joined(separator: ", "),
                    "Keep every placeholder of the source: \(want.map(\.text).joined(separator: " "))")
            }
            if !added.isEmpty {
                add("placeholder-added", .error, "placeholder(s) not in the source: " + added.map { describe($0, ph) }.joined(separator: ", "),
                    "Use only the source's placeholders: \(want.map(\.text).joined(separator: " "))")
            }
        }

        // Placeholders in RTL text that a left-to-right value would reorder with (suggest FSI…PDI).
        if hasRTL || direction == .rtl {
            for p in ph where !isIsolated(scalars, p.range) {
                let sample = p.isNumeric ? "-1,234.5" : "report (2).pdf"
                let bare = substitute(text, p, with: sample)
                let isolated = substitute(text, p, with: "\u{2068}" + sample + "\u{2069}")
                let a = render(bare, direction: direction), b = render(isolated, direction: direction)
                if strip(a) != strip(b) {
                    add("placeholder-unisolated", .warning,
                        "placeholder \(p.text) is not isolated: a left-to-right value reorders with the text around it (with \"\(sample)\": \(a))",
                        "Wrap it in FSI…PDI: \(Sanitizer.revealing(substitute(text, p, with: "\u{2068}" + p.text + "\u{2069}"))) → \(b)")
                }
            }
        }

        // The look depends on the paragraph direction (neutrals or numbers at an edge).
        if hasRTL {
            for line in text.split(separator: "\n") {
                let l = String(line)
                let asRTL = render(l, direction: .rtl), asLTR = render(l, direction: .ltr)
                if strip(asRTL) != strip(asLTR) {
                    let mark = scalars.contains { UnicodeProperties.bidiClassRaw($0.value) == 13 } ? "\u{061C}" : "\u{200F}"
                    let fixed = mark + l + mark
                    let fixedSame = strip(render(fixed, direction: .rtl)) == strip(render(fixed, direction: .ltr))
                    add("direction-dependent", .warning,
                        "looks different in an LTR paragraph (\(asLTR)) than in an RTL one (\(asRTL))",
                        fixedSame ? "Add \(mark == "\u{061C}" ? "ALM (U+061C)" : "RLM (U+200F)") at both ends, or show it in an RTL paragraph (RLI…PDI)."
                                  : "Show it in an RTL paragraph (wrap in RLI…PDI where it is inserted).")
                    break
                }
            }
        }

        // Overflow after shaping.
        if let mw = options.maxWidth {
            for line in text.split(separator: "\n") {
                let w = engine.width(of: String(line))
                if w > mw {
                    add("overflow", .warning, "\(w) cells wide after shaping, over --max-width \(mw)",
                        "Shorten the translation by \(w - mw) cell\(w - mw == 1 ? "" : "s").")
                    break
                }
            }
        }

        // Pre-shaped presentation forms stored in the catalog.
        if scalars.contains(where: { ($0.value >= 0xFB50 && $0.value <= 0xFDFF) || ($0.value >= 0xFE70 && $0.value <= 0xFEFE) }) {
            add("presentation-forms", .warning, "contains Arabic presentation forms (pre-shaped glyphs) instead of letters",
                "Store logical letters: \(Sanitizer.revealing(unshape(text)))")
        }

        // Mixed digit systems.
        var systems = Set<NumeralSystem>()
        for u in scalars {
            if u.value >= 0x30 && u.value <= 0x39 { systems.insert(.latn) }
            else if u.value >= 0x660 && u.value <= 0x669 { systems.insert(.arab) }
            else if u.value >= 0x6F0 && u.value <= 0x6F9 { systems.insert(.arabext) }
        }
        if systems.count > 1 {
            let want = NumeralSystem.forLocale(options.locale ?? c.locale ?? "en")
            add("mixed-digits", .warning, "mixes digit systems: " + systems.map(\.rawValue).sorted().joined(separator: ", "),
                "Use one digit system (\(want.rawValue) for this locale): \(Sanitizer.revealing(want.convert(text)))")
        }
        return out
    }

    /// Unbalanced or unterminated explicit embeddings, overrides and isolates.
    func bidiControlFindings(_ s: [Unicode.Scalar]) -> [(String, Severity, String, String)] {
        var out: [(String, Severity, String, String)] = []
        var stack: [(kind: Character, index: Int, scalar: UInt32)] = []   // "E" embedding/override, "I" isolate
        var strayPDF = 0, strayPDI = 0
        var overrides: [Int] = []
        for (i, u) in s.enumerated() {
            switch u.value {
            case 0x202A, 0x202B, 0x202D, 0x202E:
                stack.append(("E", i, u.value))
                if u.value == 0x202D || u.value == 0x202E { overrides.append(i) }
            case 0x202C:
                if let top = stack.last, top.kind == "E" { stack.removeLast() } else { strayPDF += 1 }
            case 0x2066, 0x2067, 0x2068:
                stack.append(("I", i, u.value))
            case 0x2069:
                if let k = stack.lastIndex(where: { $0.kind == "I" }) { stack.removeSubrange(k...) } else { strayPDI += 1 }
            default: break
            }
        }
        for open in stack {
            let name = Sanitizer.revealed(open.scalar) ?? "U+\(Hex.padded(open.scalar))"
            let closer = open.kind == "E" ? "PDF (U+202C)" : "PDI (U+2069)"
            out.append(("bidi-unbalanced", .error,
                        "unterminated \(name) at column \(open.index + 1): it reorders whatever text follows the string (Trojan Source, CVE-2021-42574)",
                        "Close it with \(closer) at the end of the span it applies to, or remove it."))
        }
        if strayPDF > 0 { out.append(("bidi-unbalanced", .warning, "\(strayPDF) PDF (U+202C) with no embedding or override to close", "Remove the stray PDF.")) }
        if strayPDI > 0 { out.append(("bidi-unbalanced", .warning, "\(strayPDI) PDI (U+2069) with no isolate to close", "Remove the stray PDI.")) }
        if !overrides.isEmpty && stack.isEmpty {
            out.append(("bidi-override", .warning, "uses a directional override at column \(overrides[0] + 1): the characters inside are shown in forced order",
                        "Use isolates (FSI…PDI) or marks (RLM/LRM) instead of overrides."))
        }
        return out
    }

    private func isIsolated(_ s: [Unicode.Scalar], _ r: Range<Int>) -> Bool {
        guard r.lowerBound > 0, r.upperBound < s.count else { return false }
        let before = s[r.lowerBound - 1].value, after = s[r.upperBound].value
        return (0x2066...0x2068).contains(before) && after == 0x2069
    }

    private func substitute(_ text: String, _ p: Placeholder, with value: String) -> String {
        var s = Array(text.unicodeScalars)
        s.replaceSubrange(p.range, with: value.unicodeScalars)
        return String(String.UnicodeScalarView(s))
    }

    private func strip(_ s: String) -> String { s.trimmingSpaces() }

    private func multiset(_ a: [String]) -> [String: Int] { a.reduce(into: [:]) { $0[$1, default: 0] += 1 } }

    private func describe(_ identity: String, _ list: [Placeholder]) -> String {
        list.first { $0.identity == identity }.map { "\($0.text) (\(identity))" } ?? identity
    }

    private func unshape(_ text: String) -> String {
        let src = Array(text.utf16)
        var dst = [UInt16](repeating: 0, count: src.count * 2 + 4)
        var err: Int32 = 0
        let n = CICU_shapeArabic(src, Int32(src.count), &dst, Int32(dst.count), CICU_SHAPE_LETTERS_UNSHAPE, &err)
        guard err <= 0 else { return text }
        return String(decoding: dst[0..<Int(n)], as: UTF16.self)
    }
}
