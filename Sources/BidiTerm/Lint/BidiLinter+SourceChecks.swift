// The checks of a translation against its source (brackets, escapes and whitespace, numbers) and
// the check of text stored in visual order; `checkText` (BidiLinter+Checks.swift) runs them.

import Foundation

extension BidiLinter {
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

    func bracketFindings(_ t: TextContext, _ source: String, _ have: [Placeholder], _ want: [Placeholder],
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
            } else if so == sc && to != tc {
                problems.append("the source's \(pair.open)\(pair.close) pair up, the translation has \(BidiLinter.count(to, pair.open)) and \(BidiLinter.count(tc, pair.close))")
            }
            // A translation that adds balanced brackets (a parenthetical explanation) is a choice, and
            // so is one that drops a pair: `file(s)`, `Cocos (Keeling) Islands` and markup tags are
            // routinely translated without them.
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

    func escapeFindings(_ t: TextContext, _ source: String, _ add: (String, Severity, String, String, Bool) -> Void) {
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
        // A line break added at the end, which the source lacks, is a note: it ends a line that
        // ends anyway. It changes the layout when it opens an empty line (two or more added) or
        // when the source leaves its line open for what the program writes next (`Name: `, `[y/N] `).
        var notes: [String] = []
        let sourceEnd = a.last { $0 != "\n" }
        let leavesLineOpen = a.last == " " || a.last == "\t" || sourceEnd == ":"
        if ta < tb && tb - ta == 1 && !leavesLineOpen {
            notes.append("\(ta) trailing line break\(ta == 1 ? "" : "s") in the source, \(tb) here")
        } else if ta != tb {
            problems.append("\(ta) trailing line break\(ta == 1 ? "" : "s") in the source, \(tb) here")
        }
        // A space the source has at an end glues two words when lost; one added there shows nothing.
        if la == lb && edge(a, fromEnd: false) && !edge(b, fromEnd: false) {
            problems.append("the leading space of the source is missing")
        }
        if ta == tb && edge(a, fromEnd: true) && !edge(b, fromEnd: true) {
            problems.append("the trailing space of the source is missing")
        }
        // A space added at the end shows nothing (UAX #9 L1 puts it at the paragraph's end): a note.
        if ta == tb && !edge(a, fromEnd: true) && edge(b, fromEnd: true) {
            notes.append("a trailing space the source does not have")
        }
        // Line breaks added inside a long text are layout; the source's all gone is a lost structure.
        let (na, nb) = (a.filter { $0 == "\n" }.count - la - ta, b.filter { $0 == "\n" }.count - lb - tb)
        if na > 0 && nb == 0 {
            problems.append("the source's line breaks are gone")
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
        if problems.isEmpty {
            guard !notes.isEmpty else { return }
            add("escapes", .info, "whitespace differs from the source at the end, which changes nothing on screen: " + notes.joined(separator: "; "),
                "Remove what the source does not have at the end.", false)
            return
        }
        add("escapes", .warning, "whitespace or escapes differ from the source: " + (problems + notes).joined(separator: "; "),
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

    func numberFindings(_ t: TextContext, _ source: String, _ have: [Placeholder], _ want: [Placeholder],
                                _ add: (String, Severity, String, String, Bool) -> Void) {
        var remaining = multiset(BidiLinter.numbers(t.text, skipping: have))
        var missing: [String] = []
        // Ordinals (3rd, 4th) are written as words; a key (`calendar:week_start:0`) is answered
        // with a value.
        if BidiLinter.isKeyLike(source) { return }
        var expected = BidiLinter.numbers(source, skipping: want + BidiLinter.ordinals(source))
        // The singular of a plural entry often writes its count as "1" ("1 match found."), which a
        // translation gives as the count's placeholder.
        if t.form != nil, let one = expected.firstIndex(of: "1") { expected.remove(at: one) }
        for n in expected {
            if remaining[n, default: 0] > 0 { remaining[n]! -= 1 } else { missing.append(n) }
        }
        // A small number (0 to 10) is often written as a word (صفر, שלישית, دو): missing, it is
        // reported only when the translation has a number the source does not (0…9 → 0…100).
        let extra = remaining.contains { $0.value > 0 }
        missing = missing.filter { n in (Int(n) ?? 99) > 10 || extra }
        guard !missing.isEmpty else { return }
        let want = NumeralSystem.forLocale(t.entry.locale.isEmpty ? "en" : t.entry.locale)
        let shown = missing.map { n in n + (want == .latn ? "" : " (\(want.convert(n)))") }
        add("numbers", .warning, "number\(missing.count == 1 ? "" : "s") of the source missing: " + shown.joined(separator: ", "),
            "Keep the source's numbers (in any digit system), or check that a number written as a word is right.", false)
    }

    /// The ordinals of an English text (`1st`, `3rd`, `4th`), as placeholders to skip.
    static func ordinals(_ text: String) -> [Placeholder] {
        let s = Array(text.unicodeScalars)
        var out: [Placeholder] = []
        var i = 0
        while i < s.count {
            guard s[i].value >= 0x30 && s[i].value <= 0x39 else { i += 1; continue }
            var j = i
            while j < s.count, s[j].value >= 0x30 && s[j].value <= 0x39 { j += 1 }
            if j + 2 <= s.count {
                let suffix = String(String.UnicodeScalarView(s[j..<(j + 2)])).lowercased()
                let end = j + 2 == s.count || !s[j + 2].properties.isAlphabetic
                if end && ["st", "nd", "rd", "th"].contains(suffix) {
                    out.append(Placeholder(text: String(String.UnicodeScalarView(s[i..<(j + 2)])), identity: "", range: i..<(j + 2), kind: .number))
                }
            }
            i = j
        }
        return out
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

    func visualOrderFindings(_ t: TextContext, _ scalars: [Unicode.Scalar], _ add: (String, Severity, String, String, Bool) -> Void) {
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
