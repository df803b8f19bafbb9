// The checks of one text (a translation or one plural form). Each check is a small function that
// reports through `add`; `checkText` runs the enabled ones.

import Foundation

extension BidiLinter {
    func checkText(_ t: TextContext) -> [Finding] {
        var out: [Finding] = []
        let scalars = Array(t.text.unicodeScalars)
        let direction = t.entry.direction
        var rendered: String?
        func add(_ id: String, _ severity: Severity, _ message: String, _ suggestion: String, fixable: Bool = false) {
            guard enabled(id) else { return }
            if rendered == nil { rendered = render(t.text, direction: direction) }
            out.append(t.entry.finding(id, severity, form: t.form, text: t.text, source: t.source, t.label + message,
                                       rendered: rendered!, suggestion: suggestion, fixable: fixable))
        }
        var placeholders = t.choice.map { Placeholder.find(t.text, syntax: $0.syntax, strict: $0.strict) } ?? []
        if t.choice?.syntax == .qt && !t.entry.entry.plurals.isEmpty {
            // In a KDE/Qt plural message %1 (or %n) is the count.
            for i in placeholders.indices where placeholders[i].identity == "%1" { placeholders[i].kind = .number }
        }
        let sourcePlaceholders = t.source.flatMap { s in t.choice.map { Placeholder.find(s, syntax: $0.syntax, strict: $0.strict) } } ?? []

        // Placeholders against the source run for every form; the rest once per distinct text.
        placeholderFindings(t, placeholders, sourcePlaceholders, add)
        if t.repeated { return out }

        // R22: raw control characters and escape sequences.
        if let i = scalars.firstIndex(where: { $0.value == 0x1B || $0.value == 0x9B }) {
            add("escape-sequence", .error, "terminal escape sequence at column \(i + 1)",
                "Remove the escape sequence; styling belongs to the UI, not the string.")
        } else if let i = scalars.firstIndex(where: { Sanitizer.isControl($0.value) && $0.value != 0x0A && $0.value != 0x09 }) {
            add("control-character", .error, "control character U+\(Hex.padded(scalars[i].value)) at column \(i + 1)",
                "Remove the control character.")
        }

        // Explicit bidi controls: balance (Trojan Source, CVE-2021-42574) and overrides.
        let balance = BidiControlBalance(scalars)
        if enabled("bidi-unbalanced") || enabled("bidi-override") {
            // The fixed text, shown with the findings (worked out only when there is one).
            var shown: String? = nil
            var shownFix: String {
                if let shown { return shown }
                let fixed = LintFixer.balanced(t.text)
                shown = fixed == t.text ? "" : " Fixed: " + Sanitizer.revealing(fixed)
                return shown!
            }
            for open in balance.unterminated {
                let name = Sanitizer.revealed(open.scalar) ?? "U+\(Hex.padded(open.scalar))"
                let closer = open.isolate ? "PDI (U+2069)" : "PDF (U+202C)"
                add("bidi-unbalanced", .error,
                    "unterminated \(name) at column \(open.index + 1): it reorders whatever text follows the string (Trojan Source, CVE-2021-42574)",
                    "Close it with \(closer) at the end of the span it applies to, or remove it.\(shownFix)", fixable: true)
            }
            if balance.strayPDF > 0 {
                add("bidi-unbalanced", .warning, "\(balance.strayPDF) PDF (U+202C) with no embedding or override to close",
                    "Remove the stray PDF.\(shownFix)", fixable: true)
            }
            if balance.strayPDI > 0 {
                add("bidi-unbalanced", .warning, "\(balance.strayPDI) PDI (U+2069) with no isolate to close",
                    "Remove the stray PDI.\(shownFix)", fixable: true)
            }
            if let first = balance.overrides.first, balance.unterminated.isEmpty {
                add("bidi-override", .warning, "uses a directional override at column \(first + 1): the characters inside are shown in forced order",
                    "Use isolates (FSI…PDI) or marks (RLM/LRM) instead of overrides.")
            }
        }

        let hasRTL = scalars.contains { u in
            let k = UnicodeProperties.bidiClassRaw(u.value)
            return k == 1 || k == 13
        }

        // Untranslated: no strong RTL character in an RTL locale, unless the text has no letters
        // outside its placeholders and directives (`%OH:%OM`, `%d%%`).
        if direction == .rtl && !hasRTL && enabled("untranslated") && !t.entry.doNotTranslate && BidiLinter.hasLetters(t.text, placeholders) {
            let same = t.source.map { $0 == t.text } ?? false
            add("untranslated", .warning, same ? "translation is a copy of the source text" : "no Arabic, Hebrew or other RTL letter in an RTL locale",
                "Translate the string, or ignore its key in .rtl-tui-check.yaml when Latin is intended (brand names).")
        }

        if hasRTL && enabled("placeholder-unisolated") {
            unisolatedFindings(t, scalars, placeholders, add)
        }
        if hasRTL && direction == .rtl && enabled("direction-dependent") {
            directionFindings(t, placeholders, add)
        }

        // Overflow after shaping.
        if enabled("overflow"), let mw = options.maxWidthForKey?(t.entry.key) ?? options.maxWidth {
            for line in t.text.split(separator: "\n") {
                let w = engine.width(of: String(line))
                if w > mw {
                    add("overflow", .warning, "\(w) cells wide after shaping, over the maximum of \(mw)",
                        "Shorten the translation by \(w - mw) cell\(w - mw == 1 ? "" : "s").")
                    break
                }
            }
        }

        // Pre-shaped presentation forms stored in the catalog.
        if scalars.contains(where: LintFixer.isPresentationForm) {
            add("presentation-forms", .warning, "contains Arabic presentation forms (pre-shaped glyphs) instead of letters",
                "Store the logical letters: \(Sanitizer.revealing(LintFixer.unshaped(t.text)))", fixable: true)
        }

        // Mixed digit systems; the suggestion leaves placeholders and digits inside Latin words alone.
        var digitSystems = 0   // bits: latn, arab, arabext
        for u in scalars {
            if u.value >= 0x30 && u.value <= 0x39 { digitSystems |= 1 }
            else if u.value >= 0x660 && u.value <= 0x669 { digitSystems |= 2 }
            else if u.value >= 0x6F0 && u.value <= 0x6F9 { digitSystems |= 4 }
        }
        if digitSystems.nonzeroBitCount > 1 && enabled("mixed-digits") {
            let systems = [(1, NumeralSystem.latn), (2, .arab), (4, .arabext)].filter { digitSystems & $0.0 != 0 }.map(\.1)
            let want = NumeralSystem.forLocale(t.entry.locale.isEmpty ? "en" : t.entry.locale)
            let converted = BidiLinter.convertDigits(t.text, to: want, keeping: placeholders)
            let names = systems.map(\.rawValue).sorted().joined(separator: ", ")
            add("mixed-digits", .warning, "mixes digit systems: \(names)",
                converted == t.text
                    ? "Use one digit system (\(want.rawValue) for this locale); the remaining digits belong to placeholders or Latin words."
                    : "Use one digit system (\(want.rawValue) for this locale): \(Sanitizer.revealing(converted))")
        }

        let hasControls = scalars.contains { Sanitizer.isControl($0.value) && $0.value != 0x0A && $0.value != 0x09 }
        if let source = t.source, !hasControls {
            if enabled("brackets") { bracketFindings(t, source, placeholders, sourcePlaceholders, add) }
            if enabled("escapes") { escapeFindings(t, source, add) }
            if enabled("numbers") && !t.mayDropPlaceholders { numberFindings(t, source, placeholders, sourcePlaceholders, add) }
        }
        if hasRTL && enabled("visual-order") { visualOrderFindings(t, scalars, add) }
        return out
    }

    // MARK: - Placeholders

    private func placeholderFindings(_ t: TextContext, _ have: [Placeholder], _ want: [Placeholder],
                                     _ add: (String, Severity, String, String, Bool) -> Void) {
        guard let choice = t.choice else { return }
        if choice.syntax == .strftime {
            let bad = Placeholder.invalidStrftime(t.text)
            if !bad.isEmpty {
                add("placeholder-added", .error, "not a strftime directive: " + bad.map(\.text).joined(separator: ", "),
                    "Use strftime's directives (%H, %OH, %Y, %Ey, %b…), or %% for a percent sign.", false)
            }
            return
        }
        guard let source = t.source else { return }
        let need = multiset(want.map(\.identity)), got = multiset(have.map(\.identity))
        let missing = want.filter { p in got[p.identity, default: 0] < need[p.identity]! }.uniqued(by: \.identity)
        var allowed = need
        if let other = t.otherSource, let c = t.choice {
            for (k, v) in multiset(Placeholder.find(other, syntax: c.syntax, strict: c.strict).map(\.identity)) { allowed[k] = max(allowed[k, default: 0], v) }
        }
        let added = have.filter { p in allowed[p.identity, default: 0] < got[p.identity]! }.uniqued(by: \.identity)
        if !missing.isEmpty && !t.mayDropPlaceholders {
            add("placeholder-missing", .error, "placeholder\(missing.count == 1 ? "" : "s") of the source missing: " + missing.map(describe).joined(separator: ", "),
                "Keep every placeholder of the source (\(want.map(\.text).uniqued(by: { $0 }).joined(separator: " "))).", false)
        }
        if !added.isEmpty {
            let fix: String
            if want.isEmpty {
                fix = "The source \(Sanitizer.revealing(String(source.prefix(60))).debugQuoted) has no placeholder: remove \(added.map(\.text).joined(separator: " "))\(choice.syntax == .c || choice.syntax == .objc || choice.syntax == .java || choice.syntax == .python ? ", or write %% for a percent sign" : "")."
            } else {
                fix = "Use only the source's placeholders (\(want.map(\.text).uniqued(by: { $0 }).joined(separator: " "))); a changed type counts as a different placeholder."
            }
            add("placeholder-added", .error, "placeholder\(added.count == 1 ? "" : "s") not in the source: " + added.map(describe).joined(separator: ", "), fix, false)
        }
    }

    private func describe(_ p: Placeholder) -> String {
        let parts = p.identity.split(separator: ":", maxSplits: 1)
        if parts.count == 2, Int(parts[0]) != nil {
            let type = String(parts[1]).replacingOccurrences(of: "/", with: " ")
            return "\(p.text) (argument \(parts[0]), \(type))"
        }
        return p.text
    }

    private func multiset(_ a: [String]) -> [String: Int] { a.reduce(into: [:]) { $0[$1, default: 0] += 1 } }

    // MARK: - Placeholders in RTL text

    static let stringSample = "report (2).pdf"
    /// Values a text placeholder is tried with: a file name, the most common value of a text
    /// placeholder. (A value that starts with a number, "10 MB", reorders next to almost any RTL
    /// word; it would flag nearly every placeholder of every catalog.)
    static let unisolatedSamples = [stringSample]
    static let numberSample = "12"

    /// `text` with each placeholder but `keep` replaced by a sample value inside FSI…PDI (a neutral
    /// to its neighbours), `keep` by `value`.
    private func substituted(_ scalars: [Unicode.Scalar], _ all: [Placeholder], keep: Placeholder?, with value: String) -> String {
        var s = scalars
        for p in BidiLinter.topLevel(all).sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            guard p.range.upperBound <= s.count else { continue }
            if p == keep {
                s.replaceSubrange(p.range, with: value.unicodeScalars)
            } else if p.kind == .choice {
                // An ICU plural or select shows one of its messages: the `other` one, filled in.
                if let other = BidiLinter.otherMessage(p.text) {
                    let inner = Array(other.unicodeScalars)
                    let filled = substituted(inner, Placeholder.find(other, syntax: .icu), keep: nil, with: "")
                        .replacingOccurrences(of: "#", with: BidiLinter.numberSample)
                    s.replaceSubrange(p.range, with: filled.unicodeScalars)
                }
            } else {
                let sample = p.kind == .number ? BidiLinter.numberSample : BidiLinter.stringSample
                s.replaceSubrange(p.range, with: ("\u{2068}" + sample + "\u{2069}").unicodeScalars)
            }
        }
        return String(String.UnicodeScalarView(s))
    }

    /// The placeholders not inside another one (the arguments nested in an ICU plural are inside it).
    static func topLevel(_ all: [Placeholder]) -> [Placeholder] {
        all.filter { p in !all.contains { q in q.range != p.range && q.range.lowerBound <= p.range.lowerBound && p.range.upperBound <= q.range.upperBound } }
    }

    /// The `other` message of an ICU `{n, plural, … other {…}}` (or `select`), without its braces.
    static func otherMessage(_ choice: String) -> String? {
        let s = Array(choice.unicodeScalars)
        var i = 1, depth = 0
        while i + 5 < s.count {
            if s[i] == "{" { depth += 1 } else if s[i] == "}" { depth -= 1 }
            if depth == 0, String(String.UnicodeScalarView(s[i..<(i + 5)])) == "other" {
                var j = i + 5
                while j < s.count, s[j] == " " { j += 1 }
                guard j < s.count, s[j] == "{" else { return nil }
                var d = 0, k = j
                while k < s.count {
                    if s[k] == "{" { d += 1 } else if s[k] == "}" { d -= 1; if d == 0 { break } }
                    k += 1
                }
                return k < s.count ? String(String.UnicodeScalarView(s[(j + 1)..<k])) : nil
            }
            i += 1
        }
        return nil
    }

    private func unisolatedFindings(_ t: TextContext, _ scalars: [Unicode.Scalar], _ placeholders: [Placeholder],
                                    _ add: (String, Severity, String, String, Bool) -> Void) {
        // A number keeps its digits together and takes the direction of its neighbours; a text value
        // is what reorders.
        var seen = Set<Range<Int>>()
        let tags = BidiLinter.markupTags(scalars)
        for p in BidiLinter.topLevel(placeholders) where p.kind == .string && seen.insert(p.range).inserted && !BidiLinter.isIsolated(scalars, p.range)
            && !tags.contains(where: { $0.contains(p.range.lowerBound) }) {   // an attribute value is not shown
            // As on screen: the isolates, and any control of the text, take no cell.
            let base = BaseDirection(t.entry.direction)
            var shown: (sample: String, bare: String, isolated: String)? = nil
            for sample in BidiLinter.unisolatedSamples {
                let bare = render(substituted(scalars, placeholders, keep: p, with: sample), base: base, reveal: false)
                let isolated = render(substituted(scalars, placeholders, keep: p, with: "\u{2068}" + sample + "\u{2069}"), base: base, reveal: false)
                if bare != isolated { shown = (sample, bare, isolated); break }
            }
            guard let (sample, bare, isolated) = shown else { continue }
            var fixed = scalars
            fixed.replaceSubrange(p.range, with: ("\u{2068}" + p.text + "\u{2069}").unicodeScalars)
            add("placeholder-unisolated", .warning,
                "placeholder \(p.text) is not isolated: with the value “\(sample)” the line shows as ‹\(bare)›, isolated as ‹\(isolated)›",
                "Wrap it in FSI…PDI: \(Sanitizer.revealing(String(String.UnicodeScalarView(fixed))))", false)
            return   // one per text: the fix is the same for the others
        }
    }

    /// The ranges of markup tags (`<a href='%1'>`, `</b>`) in `s`.
    static func markupTags(_ s: [Unicode.Scalar]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var i = 0
        while i < s.count {
            if s[i] == "<", i + 1 < s.count, PlaceholderParser.isASCIILetter(s[i + 1]) || s[i + 1] == "/",
               let close = s[i...].firstIndex(of: ">") {
                out.append(i..<(close + 1))
                i = close + 1
                continue
            }
            i += 1
        }
        return out
    }

    static func isIsolated(_ s: [Unicode.Scalar], _ r: Range<Int>) -> Bool {
        guard r.lowerBound > 0, r.upperBound < s.count else { return false }
        let before = s[r.lowerBound - 1].value, after = s[r.upperBound].value
        return (0x2066...0x2068).contains(before) && after == 0x2069
    }

    // MARK: - Direction

    /// The bidi class of the first strong character (UAX #9 P2: isolates skipped): 0 L, 1 R or AL,
    /// nil when there is none.
    static func firstStrong<S: Sequence>(_ s: S) -> Int? where S.Element == Unicode.Scalar {
        var depth = 0
        for u in s {
            let k = UnicodeProperties.bidiClassRaw(u.value)
            switch k {
            case 19, 20, 21: depth += 1   // FSI, LRI, RLI
            case 22: if depth > 0 { depth -= 1 }
            case 0: if depth == 0 { return 0 }
            case 1, 13: if depth == 0 { return 1 }
            default: break
            }
        }
        return nil
    }

    /// The scalars of `line` without markup tags (`<qt>`, `</b>`, `<a href="…">`) and entities
    /// (`&amp;`), which rich-text labels do not show.
    static func withoutMarkup(_ line: Substring) -> [Unicode.Scalar] {
        let s = Array(line.unicodeScalars)
        var out: [Unicode.Scalar] = []
        var i = 0
        while i < s.count {
            if s[i] == "<", i + 1 < s.count, PlaceholderParser.isASCIILetter(s[i + 1]) || s[i + 1] == "/" || s[i + 1] == "!",
               let close = s[i...].firstIndex(of: ">") {
                i = close + 1
                continue
            }
            if s[i] == "&", let semi = s[i...].prefix(10).firstIndex(of: ";"), semi > i + 1,
               s[(i + 1)..<semi].allSatisfy({ PlaceholderParser.isNameChar($0) || $0 == "#" }) {
                i = semi + 1
                continue
            }
            out.append(s[i])
            i += 1
        }
        return out
    }

    /// A line whose first strong character is left-to-right (a Latin word, or a placeholder that a
    /// Latin value fills) is shown left to right by toolkits that take the paragraph direction from
    /// the text (GTK, Android, `dir=auto`), and right to left in the locale's RTL paragraph.
    private func directionFindings(_ t: TextContext, _ placeholders: [Placeholder],
                                   _ add: (String, Severity, String, String, Bool) -> Void) {
        let filled = placeholders.isEmpty ? t.text : substituted(Array(t.text.unicodeScalars), placeholders, keep: nil, with: "")
            .replacingOccurrences(of: "\u{2068}" + BidiLinter.stringSample + "\u{2069}", with: BidiLinter.stringSample)
            .replacingOccurrences(of: "\u{2068}" + BidiLinter.numberSample + "\u{2069}", with: BidiLinter.numberSample)
        // Lines by their line feeds (one line, the common case, without splitting).
        func lines(_ s: String) -> [Substring] {
            s.containsUTF8Byte { $0 == 0x0A } ? s.split(separator: "\n", omittingEmptySubsequences: false) : [Substring(s)]
        }
        let originals = lines(t.text)
        for (n, line) in lines(filled).enumerated() {
            let markup = line.containsUTF8Byte { $0 == 0x3C || $0 == 0x26 }   // < &
            let first = markup ? BidiLinter.firstStrong(BidiLinter.withoutMarkup(line)) : BidiLinter.firstStrong(line.unicodeScalars)
            guard first == 0,
                  line.unicodeScalars.contains(where: { let k = UnicodeProperties.bidiClassRaw($0.value); return k == 1 || k == 13 })
            else { continue }
            let l = String(line)
            let rtl = render(l, base: .rtl, reveal: false), auto = render(l, base: .auto(fallback: .rtl), reveal: false)
            guard rtl != auto else { continue }
            let marked = render("\u{200F}" + l, base: .auto(fallback: .rtl), reveal: false)
            let where_ = originals.count > 1 ? "line \(n + 1) " : ""
            let value = placeholders.isEmpty ? "" : " (placeholders filled with “\(BidiLinter.stringSample)”, numbers with \(BidiLinter.numberSample))"
            let original = n < originals.count ? String(originals[n]) : l
            add("direction-dependent", .warning,
                "\(where_)starts with a left-to-right character\(value): a first-strong paragraph shows ‹\(auto)›, the RTL paragraph ‹\(rtl)›",
                marked == rtl ? "Start the line with RLM (U+200F): \(Sanitizer.revealing("\u{200F}" + original))"
                              : "Show it in an RTL paragraph (RLI…PDI where it is inserted).", false)
            return
        }
    }

    // MARK: - Letters, digits

    /// True when `text` has a letter outside its placeholders, printf and strftime directives and
    /// markup tags.
    static func hasLetters(_ text: String, _ placeholders: [Placeholder]) -> Bool {
        var s = Array(text.unicodeScalars)
        var ranges = placeholders.map(\.range) + Placeholder.find(text).map(\.range)
        ranges += PlaceholderParser(text, syntax: .strftime, strict: true).strftime().valid.map(\.range)
        ranges += Placeholder.find(text, syntax: .qt).map(\.range)
        ranges += Placeholder.invalidStrftime(text).filter { p in p.text.count <= 4 && p.text.unicodeScalars.last.map(PlaceholderParser.isASCIILetter) == true }.map(\.range)
        for r in ranges.sorted(by: { $0.lowerBound > $1.lowerBound }) where r.upperBound <= s.count {
            for i in r { s[i] = " " }
        }
        // Markup: <b>, </a>, <br/>.
        var inTag = false
        for i in s.indices {
            if s[i] == "<", i + 1 < s.count, PlaceholderParser.isASCIILetter(s[i + 1]) || s[i + 1] == "/" { inTag = true }
            if inTag { if s[i] == ">" { inTag = false }; s[i] = " " }
        }
        return s.contains { $0.properties.isAlphabetic }
    }

    /// `text` with its digits in `system`, except digits inside placeholders and digits that touch
    /// a Latin letter (`GTK3`, `x86`).
    static func convertDigits(_ text: String, to system: NumeralSystem, keeping placeholders: [Placeholder]) -> String {
        var s = Array(text.unicodeScalars)
        var keep = Set<Int>()
        for p in placeholders + Placeholder.find(text) + Placeholder.find(text, syntax: .qt) { keep.formUnion(p.range) }
        var i = 0
        while i < s.count {
            guard NumeralSystem.digitValue(s[i].value) != nil else { i += 1; continue }
            var j = i
            while j < s.count, NumeralSystem.digitValue(s[j].value) != nil { j += 1 }
            let latinBefore = i > 0 && PlaceholderParser.isASCIILetter(s[i - 1])
            let latinAfter = j < s.count && PlaceholderParser.isASCIILetter(s[j])
            if !latinBefore && !latinAfter && !(i..<j).contains(where: keep.contains) {
                for k in i..<j { s[k] = Unicode.Scalar(system.zero + NumeralSystem.digitValue(s[k].value)!)! }
            }
            i = j
        }
        return String(String.UnicodeScalarView(s))
    }

    // MARK: - Brackets

    static let bracketPairs: [(open: Unicode.Scalar, close: Unicode.Scalar)] = [("(", ")"), ("[", "]"), ("{", "}"), ("<", ">")]

    /// The brackets of one pair, in order, outside placeholders: +1 open, -1 close. `<` and `>`
    /// count only as brackets (`<b>`), not as comparisons or arrows (`a < b`, `->`, `=>`).
    static func brackets(_ s: [Unicode.Scalar], _ pair: (open: Unicode.Scalar, close: Unicode.Scalar), skipping: [Placeholder]) -> [Int] {
        var skip = Set<Int>()
        for p in skipping { skip.formUnion(p.range) }
        var out: [Int] = []
        for (i, u) in s.enumerated() where !skip.contains(i) {
            if pair.open == "<" {
                let prev: Unicode.Scalar = i > 0 ? s[i - 1] : " ", next: Unicode.Scalar = i + 1 < s.count ? s[i + 1] : " "
                if u == "<" && next != " " && next != "=" && next != "-" && next != "<" && prev != "<" { out.append(1) }
                if u == ">" && prev != " " && prev != "-" && prev != "=" && prev != ">" && next != ">" && next != "=" { out.append(-1) }
                continue
            }
            if u == pair.open { out.append(1) } else if u == pair.close { out.append(-1) }
        }
        return out
    }

    static func goesNegative(_ seq: [Int]) -> Bool {
        var depth = 0
        for x in seq { depth += x; if depth < 0 { return true } }
        return false
    }

    private func bracketFindings(_ t: TextContext, _ source: String, _ have: [Placeholder], _ want: [Placeholder],
                                 _ add: (String, Severity, String, String, Bool) -> Void) {
        let s = Array(source.unicodeScalars), x = Array(t.text.unicodeScalars)
        var problems: [String] = []
        var mirrored: [(open: Unicode.Scalar, close: Unicode.Scalar)] = []
        for pair in BidiLinter.bracketPairs {
            let a = BidiLinter.brackets(s, pair, skipping: want), b = BidiLinter.brackets(x, pair, skipping: have)
            let (so, sc) = (a.filter { $0 > 0 }.count, a.filter { $0 < 0 }.count)
            let (to, tc) = (b.filter { $0 > 0 }.count, b.filter { $0 < 0 }.count)
            if (so, sc) == (to, tc) {
                if BidiLinter.goesNegative(b) && !BidiLinter.goesNegative(a) {
                    problems.append("“\(pair.close)” comes before its “\(pair.open)”: the brackets were typed mirrored")
                    mirrored.append(pair)
                }
            } else if so != sc && (to, tc) == (sc, so) {
                problems.append("the source has \(BidiLinter.count(so, pair.open)) and \(BidiLinter.count(sc, pair.close)), the translation the mirror image (\(BidiLinter.count(to, pair.open)) and \(BidiLinter.count(tc, pair.close)))")
                mirrored.append(pair)
            } else if to < so || tc < sc {
                problems.append("the source has \(BidiLinter.count(so, pair.open)) and \(BidiLinter.count(sc, pair.close)), the translation \(to) and \(tc): text in brackets dropped or a bracket lost")
            } else if so == sc && to != tc {
                problems.append("the source's \(pair.open)\(pair.close) pair up, the translation has \(BidiLinter.count(to, pair.open)) and \(BidiLinter.count(tc, pair.close))")
            }
            // A translation that adds balanced brackets (a parenthetical explanation) is a choice.
        }
        guard !problems.isEmpty else { return }
        var fix = "Keep the source's brackets and the text inside them."
        if !mirrored.isEmpty {
            var y = x
            for pair in mirrored {
                for i in y.indices { if y[i] == pair.open { y[i] = pair.close } else if y[i] == pair.close { y[i] = pair.open } }
            }
            fix = "Type the brackets as in English; the display mirrors them: \(Sanitizer.revealing(String(String.UnicodeScalarView(y))))"
        }
        add("brackets", .warning, "brackets differ from the source: " + problems.joined(separator: "; "), fix, false)
    }

    private static func count(_ n: Int, _ c: Unicode.Scalar) -> String { "\(n) “\(c)”" }

    // MARK: - Escapes and whitespace

    private func escapeFindings(_ t: TextContext, _ source: String, _ add: (String, Severity, String, String, Bool) -> Void) {
        let a = Array(source.unicodeScalars), b = Array(t.text.unicodeScalars)
        var problems: [String] = []
        func run(_ s: [Unicode.Scalar], _ c: Unicode.Scalar, fromEnd: Bool) -> Int {
            var n = 0
            for u in (fromEnd ? Array(s.reversed()) : s) {
                if u == c { n += 1 } else if u == " " || u == "\t" || u == "\n" { continue } else { break }
            }
            return n
        }
        func edge(_ s: [Unicode.Scalar], fromEnd: Bool) -> Bool {
            guard let u = fromEnd ? s.last : s.first else { return false }
            return u == " " || u == "\t"
        }
        let (la, lb) = (run(a, "\n", fromEnd: false), run(b, "\n", fromEnd: false))
        if la != lb { problems.append("\(la) leading line break\(la == 1 ? "" : "s") in the source, \(lb) here") }
        let (ta, tb) = (run(a, "\n", fromEnd: true), run(b, "\n", fromEnd: true))
        if ta != tb { problems.append("\(ta) trailing line break\(ta == 1 ? "" : "s") in the source, \(tb) here") }
        if la == lb && edge(a, fromEnd: false) != edge(b, fromEnd: false) {
            problems.append(edge(a, fromEnd: false) ? "the leading space of the source is missing" : "a leading space the source does not have")
        }
        if ta == tb && edge(a, fromEnd: true) != edge(b, fromEnd: true) {
            problems.append(edge(a, fromEnd: true) ? "the trailing space of the source is missing" : "a trailing space the source does not have")
        }
        let (na, nb) = (a.filter { $0 == "\n" }.count - la - ta, b.filter { $0 == "\n" }.count - lb - tb)
        if na != nb && (na == 0 || nb == 0) {
            problems.append(na == 0 ? "line breaks inside a text that has none in the source" : "the source's line breaks are gone")
        }
        let (tabA, tabB) = (a.filter { $0 == "\t" }.count, b.filter { $0 == "\t" }.count)
        if tabA != tabB { problems.append("\(tabA) tab\(tabA == 1 ? "" : "s") in the source, \(tabB) here") }
        // Literal backslash escapes (text that is printed by something that unescapes it).
        func escapes(_ s: [Unicode.Scalar]) -> [Unicode.Scalar: Int] {
            var out: [Unicode.Scalar: Int] = [:]
            var i = 0
            while i + 1 < s.count {
                if s[i] == "\\", "nt\"\\".unicodeScalars.contains(s[i + 1]) { out[s[i + 1], default: 0] += 1; i += 2 } else { i += 1 }
            }
            return out
        }
        if a.contains("\\") || b.contains("\\") {
            let (ea, eb) = (escapes(a), escapes(b))
            for e in ["n", "t", "\"", "\\"] as [Unicode.Scalar] where ea[e, default: 0] != eb[e, default: 0] {
                let n = ea[e, default: 0]
                problems.append("the source has the literal escape \\\(e) \(n) time\(n == 1 ? "" : "s"), the translation \(eb[e, default: 0])")
            }
        }
        guard !problems.isEmpty else { return }
        add("escapes", .warning, "whitespace or escapes differ from the source: " + problems.joined(separator: "; "),
            "Keep the source's line breaks, tabs, escapes and the spaces at its ends.", false)
    }

    // MARK: - Numbers

    /// The numbers of `text` outside placeholders, by value (digits of any system as 0–9).
    static func numbers(_ text: String, skipping: [Placeholder]) -> [String] {
        let s = Array(text.unicodeScalars)
        var skip = Set<Int>()
        for p in skipping + Placeholder.find(text) + Placeholder.find(text, syntax: .qt) { skip.formUnion(p.range) }
        var out: [String] = []
        var i = 0
        while i < s.count {
            guard !skip.contains(i), let d = NumeralSystem.digitValue(s[i].value) else { i += 1; continue }
            var n = String(d)
            var j = i + 1
            while j < s.count, !skip.contains(j), let e = NumeralSystem.digitValue(s[j].value) { n += String(e); j += 1 }
            out.append(n)
            i = j
        }
        return out
    }

    private func numberFindings(_ t: TextContext, _ source: String, _ have: [Placeholder], _ want: [Placeholder],
                                _ add: (String, Severity, String, String, Bool) -> Void) {
        var remaining = multiset(BidiLinter.numbers(t.text, skipping: have))
        var missing: [String] = []
        var expected = BidiLinter.numbers(source, skipping: want)
        // The singular of a plural entry often writes its count as "1" ("1 match found."), which a
        // translation gives as the count's placeholder.
        if t.form != nil, let one = expected.firstIndex(of: "1") { expected.remove(at: one) }
        for n in expected {
            if remaining[n, default: 0] > 0 { remaining[n]! -= 1 } else { missing.append(n) }
        }
        guard !missing.isEmpty else { return }
        let want = NumeralSystem.forLocale(t.entry.locale.isEmpty ? "en" : t.entry.locale)
        let shown = missing.map { n in n + (want == .latn ? "" : " (\(want.convert(n)))") }
        add("numbers", .warning, "number\(missing.count == 1 ? "" : "s") of the source missing: " + shown.joined(separator: ", "),
            "Keep the source's numbers (in any digit system), or check that a number written as a word is right.", false)
    }

    // MARK: - Visual order

    static func isHebrewLetter(_ u: Unicode.Scalar) -> Bool { u.value >= 0x05D0 && u.value <= 0x05EA }
    static let hebrewFinals: Set<UInt32> = [0x05DA, 0x05DD, 0x05DF, 0x05E3, 0x05E5]          // ך ם ן ף ץ
    static let hebrewNonFinals: Set<UInt32> = [0x05DB, 0x05DE, 0x05E0, 0x05E4, 0x05E6]       // כ מ נ פ צ

    static func isArabicLetter(_ u: Unicode.Scalar) -> Bool {
        (u.value >= 0x0621 && u.value <= 0x064A) || (u.value >= 0x0671 && u.value <= 0x06D3) || (u.value >= 0xFB50 && u.value <= 0xFDFF)
            || (u.value >= 0xFE70 && u.value <= 0xFEFC)
    }

    /// Evidence that `s` is stored in visual order: words that read reversed, against words that
    /// read forward. Hebrew: a final letter (ך ם ן ף ץ) starting a word, or a non-final one
    /// (כ מ נ פ צ) ending it, is reversed; a final letter ending a word is forward. Arabic: a word
    /// ending in "لا" is a reversed "ال" (the article), one starting with "ال" is forward;
    /// presentation forms read reversed when a word starts with a final form or ends with an
    /// initial form.
    static func visualOrderEvidence(_ s: [Unicode.Scalar]) -> (reversed: Int, forward: Int, hebrewStart: Int) {
        var reversed = 0, forward = 0, hebrewStart = 0
        var i = 0
        while i < s.count {
            if isHebrewLetter(s[i]) {
                // The word's letters (points skipped): its first, its last and how many.
                var first: UInt32 = 0, last: UInt32 = 0, letters = 0
                while i < s.count, isHebrewLetter(s[i]) || (s[i].value >= 0x05B0 && s[i].value <= 0x05C7 && s[i].value != 0x05BE && s[i].value != 0x05C0 && s[i].value != 0x05C3 && s[i].value != 0x05C6) {
                    if isHebrewLetter(s[i]) {
                        if letters == 0 { first = s[i].value }
                        last = s[i].value
                        letters += 1
                    }
                    i += 1
                }
                // A geresh or gershayim after the word marks an abbreviation or a loan sound (צ׳): its
                // last letter is not a word end.
                let abbreviated = i < s.count && (s[i] == "'" || s[i] == "\"" || s[i].value == 0x05F3 || s[i].value == 0x05F4)
                guard letters >= 2 else { continue }
                if hebrewFinals.contains(first) { reversed += 1; hebrewStart += 1 }
                if hebrewFinals.contains(last) { forward += 1 }
                else if hebrewNonFinals.contains(last) && !abbreviated { reversed += 1 }
                continue
            }
            if isArabicLetter(s[i]) {
                // The word's letters (marks skipped): the first two, the last two and how many.
                var first: Unicode.Scalar = " ", second: UInt32 = 0, beforeLast: UInt32 = 0, last: Unicode.Scalar = " "
                var letters = 0
                var markAtEnd = false
                while i < s.count, isArabicLetter(s[i]) || (s[i].value >= 0x064B && s[i].value <= 0x065F) || s[i].value == 0x0670 {
                    markAtEnd = !isArabicLetter(s[i])
                    if !markAtEnd {
                        if letters == 0 { first = s[i] } else if letters == 1 { second = s[i].value }
                        beforeLast = last.value
                        last = s[i]
                        letters += 1
                    }
                    i += 1
                }
                guard letters >= 3 else { continue }
                if first.value == 0x0627 && second == 0x0644 { forward += 1 }
                // "مثلاً" ends in lam-alef with tanween: an adverb, not a reversed article.
                if letters >= 4 && last.value == 0x0627 && beforeLast == 0x0644 && !markAtEnd { reversed += 1 }
                if let f = presentationForm(first), let l = presentationForm(last) {
                    if f == "FINAL" || l == "INITIAL" { reversed += 1 }
                    if f == "INITIAL" || l == "FINAL" { forward += 1 }
                }
                continue
            }
            i += 1
        }
        return (reversed, forward, hebrewStart)
    }

    /// "INITIAL", "MEDIAL", "FINAL" or "ISOLATED" for an Arabic presentation form.
    static func presentationForm(_ u: Unicode.Scalar) -> String? {
        guard LintFixer.isPresentationForm(u), let name = u.properties.name else { return nil }
        for form in ["INITIAL", "MEDIAL", "FINAL", "ISOLATED"] where name.hasSuffix(form + " FORM") { return form }
        return nil
    }

    /// Whether a whole catalog is stored in visual order: it declares the visual Hebrew charset
    /// (ISO-8859-8; logical Hebrew is ISO-8859-8-I), or at least three of its strings read reversed
    /// and at most one in ten of those with evidence reads forward. Its strings with no word either
    /// way are then in visual order too ("החלצה").
    static func catalogInVisualOrder(_ catalog: Catalog) -> String? {
        if let type = catalog.metadata["Content-Type"]?.lowercased(), let r = type.range(of: "charset=") {
            let charset = type[r.upperBound...].prefix { $0 != ";" && $0 != " " }
            if charset == "iso-8859-8" || charset == "iso_8859-8" || charset == "hebrew" {
                return "the catalog declares charset \(charset), the visual-order Hebrew charset (logical Hebrew is ISO-8859-8-I)"
            }
        }
        var reversed = 0, forward = 0
        for e in catalog.entries {
            for text in (e.plurals.isEmpty ? [e.translation ?? ""] : Array(e.plurals.values)) where !text.isEmpty {
                let s = Array(text.unicodeScalars)
                guard s.contains(where: { isHebrewLetter($0) || isArabicLetter($0) }) else { continue }
                let v = visualOrderEvidence(s)
                if v.forward > 0 { forward += 1 } else if v.hebrewStart >= 1 || v.reversed >= 2 { reversed += 1 }
            }
        }
        guard reversed >= 3, forward * 10 <= reversed else { return nil }
        return "\(reversed) other strings of the catalog read reversed and \(forward) forward"
    }

    private func visualOrderFindings(_ t: TextContext, _ scalars: [Unicode.Scalar], _ add: (String, Severity, String, String, Bool) -> Void) {
        let e = BidiLinter.visualOrderEvidence(scalars)
        guard e.forward == 0 else { return }
        let own = e.hebrewStart >= 1 || e.reversed >= 2
        guard own || t.entry.visualCatalog != nil else { return }
        // The logical text is what shows as the stored text in an RTL paragraph; offer it when
        // laying it out gives the stored text back.
        var fix = "Store the text in logical order, as it is typed and read."
        let logical = t.text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { engine.icuReordered(String($0), direction: .rtl) }.joined(separator: "\n")
        let back = logical.split(separator: "\n", omittingEmptySubsequences: false)
            .map { engine.icuReordered(String($0), direction: .rtl) }.joined(separator: "\n")
        if back == t.text && logical != t.text {
            fix += " Logical order: \(Sanitizer.revealing(logical))"
        }
        let sign = e.hebrewStart > 0 ? "\(e.hebrewStart) word\(e.hebrewStart == 1 ? "" : "s") start\(e.hebrewStart == 1 ? "s" : "") with a final letter (ך ם ן ף ץ) and none ends with one"
            : own ? "\(e.reversed) words read reversed and none forward"
            : "no word reads forward, and \(t.entry.visualCatalog!)"
        add("visual-order", .error, "stored in visual (reversed) order: \(sign)", fix, false)
    }
}

extension Array {
    func uniqued<K: Hashable>(by key: (Element) -> K) -> [Element] {
        var seen = Set<K>()
        return filter { seen.insert(key($0)).inserted }
    }
}

extension String {
    var debugQuoted: String { "“" + self + "”" }
}

extension StringProtocol {
    /// Whether a byte of the UTF-8 form satisfies `test`, read from the string's own storage when it
    /// has one (the generic `contains` of a string's view costs a call per byte).
    @inline(__always)
    func containsUTF8Byte(where test: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(where: test) } ?? utf8.contains(where: test)
    }
}
