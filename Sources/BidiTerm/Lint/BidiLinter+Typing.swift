// The decisions that keep warnings right nine times in ten (what `untranslated` leaves alone, which
// placeholders really read differently bare), and the checks of what a translator typed wrong:
// slashes, a placeholder glued to the next word, guillemets typed mirrored, and a form only n=0
// reaches that says something else.

import Foundation

extension BidiLinter {
    // MARK: - Untranslated: what is Latin on purpose

    /// gettext contexts whose strings are not sentences: paper sizes (`A4`, `JB8`), key labels
    /// (`End`, `PgDown`).
    static let nameContexts = ["paper size", "keyboard label", "keyboard-key-name", "key name"]

    /// True when a Latin-only translation is Latin on purpose: a translator credit (KDE's
    /// `Your names`/`Your emails`, GNOME's `translator-credits`), a key that is not a sentence
    /// (`calendar:week_start:0`), a paper size or key label (by its context), or a text each of
    /// whose words is a name: it has a digit (`A4`, `KB-12e`), two capitals (`USB`, `PgDown`,
    /// `EZ-Reach`), or the catalog's translators kept it in Latin inside their RTL translations
    /// (`GNOME`, `Konsole`); or it is a URL, an e-mail address or a path.
    static func latinOnPurpose(_ e: EntryContext, text: String, source: String?) -> Bool {
        let key = e.entry.key
        if ["Your names", "Your emails", "translator-credits", "translator_credits"].contains(key) { return true }
        if let c = e.entry.context?.lowercased(), c.contains("of translators") || nameContexts.contains(where: c.contains) { return true }
        if isKeyLike(source ?? key) || isKeyLike(text) { return true }
        // A letter alone (a colour channel `S`, a unit) is not a word to translate.
        if text.unicodeScalars.filter({ $0.properties.isAlphabetic }).count < 2 { return true }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
            .filter { $0.unicodeScalars.contains { $0.properties.isAlphabetic } }
        guard !words.isEmpty else { return false }
        func isName(_ w: Substring) -> Bool {
            let letters = w.unicodeScalars.filter { $0.properties.isAlphabetic }
            if w.contains("://") || w.contains("@") || w.hasPrefix("/") || w.hasPrefix("~/") { return true }
            if w.unicodeScalars.contains(where: { $0.value >= 0x30 && $0.value <= 0x39 }) { return true }
            if letters.filter({ $0.properties.isUppercase }).count >= 2 { return true }
            let bare = String(String.UnicodeScalarView(w.unicodeScalars.filter { $0.properties.isAlphabetic || $0 == "-" }))
            return e.keptLatin.contains(bare)
        }
        let names = words.filter(isName).count
        if names == words.count { return true }
        // A product name: half its words or more are names, the others capitalised (`Compaq Easy
        // Access`, `Genius Comfy KB-16M`); `Use Markup`, with no name, is text.
        return names * 2 >= words.count && words.allSatisfy { w in isName(w) || w.unicodeScalars.first.map { $0.properties.isUppercase } == true }
    }

    /// `calendar:week_start:0`, `default:LTR`, `GtkDialog::button-spacing`: no space, and a colon
    /// between two letters or digits (GTK's and glib's keys that a translator answers with a value).
    static func isKeyLike(_ s: String) -> Bool {
        let u = Array(s.unicodeScalars)
        guard !u.isEmpty, !u.contains(" "), u.allSatisfy({ $0.isASCII }) else { return false }
        for i in u.indices.dropFirst().dropLast() where u[i] == ":" {
            if u[i - 1].properties.isAlphabetic || u[i - 1].properties.numericType != nil || u[i - 1] == ":" {
                if u[i + 1].properties.isAlphabetic || u[i + 1].properties.numericType != nil || u[i + 1] == ":" { return true }
            }
        }
        return false
    }

    /// The Latin words (two letters or more) that a catalog's translators kept inside their RTL
    /// translations: names (`GNOME`, `Konsole`, `GIF`), which a Latin-only string may be too.
    static func keptLatinWords(_ catalog: Catalog) -> Set<String> {
        var out = Set<String>()
        for e in catalog.entries {
            for text in (e.plurals.isEmpty ? [e.translation ?? ""] : Array(e.plurals.values)) {
                // Only a text with a Latin letter can keep a Latin word.
                guard text.containsUTF8Byte(where: { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else { continue }
                let s = Array(text.unicodeScalars)
                guard s.contains(where: { isHebrewLetter($0) || isArabicLetter($0) }) else { continue }
                var i = 0
                while i < s.count {
                    guard PlaceholderParser.isASCIILetter(s[i]) else { i += 1; continue }
                    var j = i
                    while j < s.count, PlaceholderParser.isASCIILetter(s[j]) || (s[j] == "-" && j + 1 < s.count && PlaceholderParser.isASCIILetter(s[j + 1])) { j += 1 }
                    // Not a placeholder's letters (%s, %1$d) nor an entity.
                    if j - i >= 2, i == 0 || (s[i - 1] != "%" && s[i - 1] != "$" && s[i - 1] != "&") {
                        out.insert(String(String.UnicodeScalarView(s[i..<j])))
                    }
                    i = j
                }
            }
        }
        return out
    }

    // MARK: - Placeholders that read differently bare

    /// Quotation marks and brackets a placeholder is often written between.
    static let enclosing: Set<Unicode.Scalar> = ["\"", "'", "“", "”", "„", "‘", "’", "«", "»", "‹", "›", "(", ")", "[", "]", "{", "}", "<", ">", "`"]

    /// The quotation marks or brackets right around placeholder `p` (and the placeholders glued to
    /// it, `“%s%s”`), or nil when it has none on either side.
    static func enclosingMarks(_ s: [Unicode.Scalar], _ p: Placeholder, _ all: [Placeholder]) -> (Unicode.Scalar, Unicode.Scalar)? {
        guard p.range.lowerBound > 0, enclosing.contains(s[p.range.lowerBound - 1]) else { return nil }
        var end = p.range.upperBound
        while end < s.count {
            if let q = all.first(where: { $0.range.lowerBound == end }) { end = q.range.upperBound; continue }
            if s[end].properties.generalCategory == .format { end += 1; continue }   // an LRM between two
            break
        }
        guard end < s.count, enclosing.contains(s[end]) else { return nil }
        return (s[p.range.lowerBound - 1], s[end])
    }

    /// Whether the value shown in `rendered` (visual order) still has a quotation mark or bracket
    /// right next to it on both sides: bare, a value between quotes can take the opening quote into
    /// its left-to-right run and leave the closing one across the line (‹"include: "value ה›).
    static func marksStayAround(_ rendered: String, sample: String) -> Bool {
        let r = Array(rendered.unicodeScalars), v = Array(sample.unicodeScalars)
        var first: Int? = nil, last: Int? = nil
        var i = 0
        while i + v.count <= r.count {
            if Array(r[i..<(i + v.count)]) == v { if first == nil { first = i }; last = i + v.count; i += v.count } else { i += 1 }
        }
        guard let a = first, let b = last, a > 0, b < r.count else { return false }
        return enclosing.contains(r[a - 1]) && enclosing.contains(r[b])
    }

    // MARK: - Typing mistakes

    /// `slashes`: a slash of the source typed as a backslash, or the reverse (`%s / %s` → `%s \ %s`,
    /// `\N` → `/N`), counted outside placeholders, URLs and escapes.
    func slashFindings(_ t: TextContext, _ source: String, _ have: [Placeholder], _ want: [Placeholder],
                       _ add: (String, Severity, String, String, Bool) -> Void) {
        func count(_ text: String, _ skip: [Placeholder]) -> (slash: Int, backslash: Int) {
            let s = Array(text.unicodeScalars)
            var skipped = Set<Int>()
            for p in skip { skipped.formUnion(p.range) }
            var slash = 0, backslash = 0
            for (i, u) in s.enumerated() where !skipped.contains(i) {
                if u == "/" && !(i > 0 && s[i - 1] == ":") && !(i + 1 < s.count && s[i + 1] == "/") && !(i > 0 && s[i - 1] == "/") { slash += 1 }
                // A backslash before n, t, quote or backslash is an escape the program prints as such.
                if u == "\\" && !(i + 1 < s.count && "nt\"\\".unicodeScalars.contains(s[i + 1])) && !(i > 0 && s[i - 1] == "\\") { backslash += 1 }
            }
            return (slash, backslash)
        }
        let a = count(source, want), b = count(t.text, have)
        let typedBack = b.backslash > a.backslash && b.slash < a.slash
        let typedSlash = b.slash > a.slash && b.backslash < a.backslash
        guard typedBack || typedSlash else { return }
        add("slashes", .warning,
            typedBack ? "a slash of the source is typed as a backslash (the source has \(a.slash) “/” and \(a.backslash) “\\”, the translation \(b.slash) and \(b.backslash))"
                      : "a backslash of the source is typed as a slash (the source has \(a.backslash) “\\” and \(a.slash) “/”, the translation \(b.backslash) and \(b.slash))",
            "Type the source's \(typedBack ? "“/”" : "“\\”"): a path, a unit or a regular expression changes meaning with the other one.", false)
    }

    /// `placeholder-spacing`: a placeholder the source follows with a space, glued to the next word
    /// in the translation (`%1پشتیبانی` ← `%1 is not supported`): the value and the word run together.
    func spacingFindings(_ t: TextContext, _ source: String, _ have: [Placeholder], _ want: [Placeholder],
                         _ add: (String, Severity, String, String, Bool) -> Void) {
        let s = Array(source.unicodeScalars), x = Array(t.text.unicodeScalars)
        var spaced = Set<String>()
        for p in want where p.range.upperBound < s.count && (s[p.range.upperBound] == " " || s[p.range.upperBound] == "\u{00A0}") { spaced.insert(p.identity) }
        for p in BidiLinter.topLevel(have) where spaced.contains(p.identity) && p.range.upperBound < x.count {
            let next = x[p.range.upperBound]
            // A letter of a word: a suffix of one or two letters (Persian ـها, Arabic ـه) may be meant.
            guard next.properties.isAlphabetic, next.properties.generalCategory != .nonspacingMark else { continue }
            var n = p.range.upperBound
            while n < x.count, x[n].properties.isAlphabetic || x[n].value == 0x200C { n += 1 }
            guard n - p.range.upperBound >= 3 else { continue }
            var fixed = x
            fixed.insert(" ", at: p.range.upperBound)
            add("placeholder-spacing", .warning,
                "\(p.text) is glued to the next word (\(String(String.UnicodeScalarView(x[p.range.lowerBound..<min(n, p.range.upperBound + 12)])))…); the source has a space after it",
                "Put a space after \(p.text): \(Sanitizer.revealing(String(String.UnicodeScalarView(fixed))))", false)
            return
        }
    }

    /// The guillemets of `s` when they are typed mirrored around RTL text (`»…«` in logical order,
    /// which an RTL line shows turned inward, `»…«`): every `»` opens and the next `«` closes.
    static func mirroredGuillemets(_ s: [Unicode.Scalar]) -> [Int]? {
        guard s.contains("»") else { return nil }
        let marks = s.indices.filter { s[$0] == "«" || s[$0] == "»" }
        guard !marks.isEmpty, marks.count % 2 == 0 else { return nil }
        for (k, i) in marks.enumerated() where s[i] != (k % 2 == 0 ? "»" : "«") { return nil }
        guard s.contains(where: { isHebrewLetter($0) || isArabicLetter($0) }) else { return nil }
        return marks
    }

    /// `guillemets`: `»…«` typed in RTL text: in logical order the opening mark is `«` (the display
    /// mirrors it), as in French; typed the other way the marks point inward on screen.
    func guillemetFindings(_ t: TextContext, _ scalars: [Unicode.Scalar], _ add: (String, Severity, String, String, Bool) -> Void) {
        guard t.entry.direction == .rtl, BidiLinter.mirroredGuillemets(scalars) != nil else { return }
        if let source = t.source, source.unicodeScalars.contains("«") || source.unicodeScalars.contains("»") {
            // The source quotes with guillemets itself: compare as typed.
            guard BidiLinter.mirroredGuillemets(Array(source.unicodeScalars) + ["ا"]) == nil else { return }
        }
        add("guillemets", .warning, "guillemets typed mirrored: “»” opens and “«” closes, so the RTL line shows them pointing inward (»…«), where Arabic and Persian quotes point outward («…»)",
            "Type them as «…» in logical order (the display mirrors them): \(Sanitizer.revealing(LintFixer.fixed(t.text, disabled: LintFixer.allButGuillemets)))",
            true)
    }

    /// `plural-zero`: a plural form only n=0 takes (Arabic's form 0) without most of the words all
    /// the entry's other forms share: text of another message pasted there (`لا ملفّات`, "no
    /// files", for "This file uses advanced permissions"; ` %1 ` for "Editing %1 profiles: %2").
    func zeroFormFindings(_ e: EntryContext, _ plurals: PluralContext) -> Finding? {
        guard e.entry.plurals.count >= 3 else { return nil }
        let forms = e.forms.filter { !$0.text.isEmpty }
        guard forms.count >= 3, let zero = forms.first(where: { $0.index.map { plurals.isZeroOnly($0) } ?? false }) else { return nil }
        let others = forms.filter { $0.index != zero.index }.map { BidiLinter.words($0.text) }
        let mine = BidiLinter.words(zero.text)
        // The words all the other forms have (a word matches another when they share three letters
        // in a row: الملفّ, ملفّات); this form is reported when it has fewer than half of them
        // (none at all: ` %1 `).
        func has(_ list: [[Unicode.Scalar]], _ w: [Unicode.Scalar]) -> Bool { list.contains { BidiLinter.related($0, w) } }
        let shared = others[0].filter { w in others.dropFirst().allSatisfy { has($0, w) } }
        guard !shared.isEmpty, shared.filter({ has(mine, $0) }).count * 2 < shared.count else { return nil }
        return e.finding("plural-zero", .warning, form: zero.index, text: zero.text, source: e.entry.sourcePlural ?? e.entry.source,
                         "plural form \(zero.index!) (only n=0 takes it) lacks the words all the entry's other forms have: it may be another message's text",
                         rendered: render(zero.text, direction: e.direction),
                         suggestion: "Translate the zero form of this message (the other forms say: \(Sanitizer.revealing(forms.first { $0.index != zero.index }!.text)))")
    }

    /// The words of a text (three letters or more), marks, tatweel, accelerator marks (`أل&صِق`)
    /// and markup taken out.
    static func words(_ text: String) -> [[Unicode.Scalar]] {
        let plain = String(String.UnicodeScalarView(BidiLinter.withoutMarkup(Substring(text)))).replacingOccurrences(of: "&", with: "")
        return plain.split(whereSeparator: { !$0.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.generalCategory == .nonspacingMark } })
            .map { $0.unicodeScalars.filter { $0.properties.generalCategory != .nonspacingMark && $0.value != 0x0640 } }
            .filter { $0.count >= 3 }
    }

    /// Two words that share three letters in a row: the same root, near enough (وجدت, توجد).
    static func related(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
        guard a.count >= 3, b.count >= 3 else { return false }
        for i in 0...(a.count - 3) {
            for j in 0...(b.count - 3) where a[i] == b[j] && a[i + 1] == b[j + 1] && a[i + 2] == b[j + 2] { return true }
        }
        return false
    }
}
