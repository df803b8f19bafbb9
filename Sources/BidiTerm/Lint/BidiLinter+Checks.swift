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
        // R35: what each text placeholder holds, by the source around it (`%s KB`: a number;
        // `%s: …`, `'%s'`, `file %s`: a name).
        let names = BidiLinter.readingHeldValues(&placeholders, source: t.source, sourcePlaceholders: sourcePlaceholders)

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
                if open.closedByLineBreak {
                    // UAX #9 X8: the paragraph ends at the string's own line break, and so does the
                    // embedding; nothing after the string is reordered.
                    add("bidi-unbalanced", .info,
                        "\(name) at column \(open.index + 1) has no closer, but the string's line break after it ends it (UAX #9 X8): nothing after it is reordered",
                        "Close it with \(closer) before the line break if the line break may ever be dropped.")
                    continue
                }
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
            if let first = balance.overrides.first, balance.unterminated.allSatisfy(\.closedByLineBreak) {
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
        if direction == .rtl && !hasRTL && enabled("untranslated") && !t.entry.doNotTranslate && BidiLinter.hasLetters(t.text, placeholders)
            && !BidiLinter.latinOnPurpose(t.entry, text: t.text, source: t.source) {
            let same = t.source.map { $0 == t.text } ?? false
            add("untranslated", .warning, same ? "translation is a copy of the source text" : "no Arabic, Hebrew or other RTL letter in an RTL locale",
                "Translate the string, or ignore its key in .rtl-tui-check.yaml when Latin is intended (brand names).")
        }

        if hasRTL && enabled("placeholder-unisolated") {
            unisolatedFindings(t, scalars, placeholders, add)
        }
        if hasRTL && direction == .rtl && enabled("direction-dependent") {
            directionFindings(t, placeholders, names: names, add)
        }
        if hasRTL && enabled("literal-unisolated") { literalFindings(t, add) }

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

        // Mixed digit systems, counting only the digits that are the text's own: not a placeholder's
        // (%1), not a Latin word's (GTK3) nor a Latin name's (Type 7 USB); the suggestion leaves
        // those alone too.
        var digitSystems = 0   // bits: latn, arab, arabext
        if scalars.contains(where: { $0.value >= 0x660 && $0.value <= 0x6F9 }) {
            for i in BidiLinter.ownDigits(scalars, placeholders) {
                let u = scalars[i]
                if u.value >= 0x30 && u.value <= 0x39 { digitSystems |= 1 }
                else if u.value >= 0x660 && u.value <= 0x669 { digitSystems |= 2 }
                else if u.value >= 0x6F0 && u.value <= 0x6F9 { digitSystems |= 4 }
            }
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
            if enabled("slashes") { slashFindings(t, source, placeholders, sourcePlaceholders, add) }
            if enabled("placeholder-spacing") && hasRTL { spacingFindings(t, source, placeholders, sourcePlaceholders, add) }
        }
        if hasRTL && enabled("guillemets") { guillemetFindings(t, scalars, add) }
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

    func multiset(_ a: [String]) -> [String: Int] { a.reduce(into: [:]) { $0[$1, default: 0] += 1 } }

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
            // Beside a Latin word the value joins its run (‹GIF: value›), which reads as well as the
            // isolated ‹value :GIF›. What reads wrong is a value between quotes or brackets that
            // come apart: only that is reported.
            guard BidiLinter.enclosingMarks(scalars, p, placeholders) != nil, !BidiLinter.marksStayAround(bare, sample: sample) else { continue }
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
    private func directionFindings(_ t: TextContext, _ placeholders: [Placeholder], names: Set<String>,
                                   _ add: (String, Severity, String, String, Bool) -> Void) {
        // A date format's directives are a date's numbers and the locale's own names.
        if t.choice?.syntax == .strftime { return }
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
            if n < originals.count && !BidiLinter.startsWithLatinText(originals[n], placeholders: Placeholder.find(String(originals[n]), syntax: t.choice?.syntax ?? .c, strict: t.choice?.strict ?? false), names: names) { continue }
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

    /// Whether a line starts with what a first-strong paragraph takes as left-to-right text: a Latin
    /// word of two letters or more before any RTL letter (`(c) 1997` is not one), or a placeholder
    /// followed by a space and a word (`%s נכשל`: a name doing something; `%1 (שגיאה %2)` and
    /// `%s... תמ` put a message, translated like the rest, first), or a placeholder that holds a
    /// name (R35: `%s: למחוק את הקובץ?`, where the source says `%s: …`, `'%s'` or `file %s`)
    /// followed by punctuation. A line laid out in columns (`  PATH      …`, help output) is shown
    /// as its program aligns it.
    static func startsWithLatinText(_ line: Substring, placeholders: [Placeholder], names: Set<String> = []) -> Bool {
        let s = Array(line.unicodeScalars)
        var i = 0
        while i < s.count, s[i] == " " || s[i] == "\t" { i += 1 }
        var k = i
        while k < s.count, s[k] != " " { k += 1 }
        if k + 2 < s.count, s[k] == " ", s[k + 1] == " ", s[k + 2] == " " { return false }
        if let p = placeholders.first(where: { $0.range.lowerBound == i }) {
            var j = p.range.upperBound
            while let q = placeholders.first(where: { $0.range.lowerBound == j }) { j = q.range.upperBound }
            if j + 1 < s.count && s[j] == " " && s[j + 1].properties.isAlphabetic { return true }
            // A name, then punctuation (`%s: …`, `%s? …`); not a message's `%s...` or `%s (…)`.
            return names.contains(p.identity) && j < s.count && ":;,!?،؛؟".unicodeScalars.contains(s[j])
        }
        // A name between quotes first (`'%s': …`).
        if i + 1 < s.count, "'\"“‘`«".unicodeScalars.contains(s[i]),
           let p = placeholders.first(where: { $0.range.lowerBound == i + 1 }), names.contains(p.identity) {
            var j = p.range.upperBound
            while j < s.count, "'\"”’`»".unicodeScalars.contains(s[j]) { j += 1 }
            return j > p.range.upperBound && j < s.count && ":;,!?،؛؟ ".unicodeScalars.contains(s[j])
        }
        var run = 0
        for u in s[i...] {
            let c = UnicodeProperties.bidiClassRaw(u.value)
            if c == 1 || c == 13 { return false }
            if PlaceholderParser.isASCIILetter(u) { run += 1; if run >= 2 { return true } } else { run = 0 }
        }
        return false
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

    /// The indices of the digits of `s` that belong to the text: not inside a placeholder, not
    /// touching a Latin letter (`GTK3`), not between two Latin words (`Type 7 USB`).
    static func ownDigits(_ s: [Unicode.Scalar], _ placeholders: [Placeholder]) -> [Int] {
        let text = String(String.UnicodeScalarView(s))
        var keep = Set<Int>()
        for p in placeholders + Placeholder.find(text) + Placeholder.find(text, syntax: .qt) { keep.formUnion(p.range) }
        func strong(_ from: Int, _ step: Int) -> Int? {   // bidi class of the nearest strong letter
            var k = from
            while k >= 0 && k < s.count {
                let c = UnicodeProperties.bidiClassRaw(s[k].value)
                if c == 0 || c == 1 || c == 13 { return Int(c) }
                k += step
            }
            return nil
        }
        var out: [Int] = []
        var i = 0
        while i < s.count {
            guard NumeralSystem.digitValue(s[i].value) != nil else { i += 1; continue }
            var j = i
            while j < s.count, NumeralSystem.digitValue(s[j].value) != nil { j += 1 }
            let latinTouch = (i > 0 && PlaceholderParser.isASCIILetter(s[i - 1])) || (j < s.count && PlaceholderParser.isASCIILetter(s[j]))
            let latinName = strong(i - 1, -1) == 0 && strong(j, 1) == 0
            if !latinTouch && !latinName && !(i..<j).contains(where: keep.contains) { out += Array(i..<j) }
            i = j
        }
        return out
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
