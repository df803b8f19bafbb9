import CICU
import Foundation

/// The plural rules a catalog's entries are checked against: gettext's `Plural-Forms` header for
/// `.po`/`.mo` (gettext's default, `n != 1`, when there is none), CLDR's categories of the
/// language (from ICU) for the formats whose plural forms are named `zero` … `other`; a Qt `.qm`
/// file's own numerus rules for its forms, which are numbered as gettext's, and for a `.ts` file
/// the rules Qt's tools give its language (Hebrew: two forms, so CLDR's `two` is not asked for).
struct PluralContext {
    let gettext: Bool
    /// The numerus rules of a `.qm` or `.ts` file; its forms are checked by index, as gettext's.
    let qt: QtNumerusRules?
    /// True for a `.ts` file, whose rules are Qt's for its language (not written in the file).
    let qtSource: Bool
    let forms: PluralForms
    let hasHeader: Bool
    /// What is wrong with a `Plural-Forms` header that gettext rejects (the entries then follow the
    /// language's CLDR categories, in CLDR order, as gettext's own headers number them).
    let headerProblem: PluralForms.Problem?
    /// CLDR: the categories the language uses, and the numbers 0…200 of each.
    let categories: [String: [Int]]
    /// With a broken header: the numbers of each gettext form index, by the CLDR categories.
    let cldrByIndex: [[Int]]

    static let order = ["zero", "one", "two", "few", "many", "other"]

    init(_ catalog: Catalog, locale: String) {
        qtSource = catalog.format == .qtTS
        if catalog.format == .qtQM || catalog.format == .qtTS, case .qt(let rules) = catalog.pluralSelector(locale: locale) {
            qt = rules
        } else {
            qt = nil
        }
        gettext = catalog.format == .po || catalog.format == .mo || qt != nil
        let text = qt == nil ? catalog.metadata["Plural-Forms"] : nil
        let header = text.flatMap(PluralForms.init)
        headerProblem = gettext ? text.flatMap { PluralForms.problem(in: $0) } : nil
        hasHeader = (header != nil && headerProblem == nil) || qt != nil
        forms = header ?? .germanic
        categories = gettext && headerProblem == nil ? [:] : PluralContext.cldr(locale)
        cldrByIndex = headerProblem == nil ? [] : PluralContext.order.compactMap { [categories] in categories[$0] }
    }

    /// The CLDR categories of a language and the numbers 0…200 each takes.
    static func cldr(_ locale: String) -> [String: [Int]] {
        let language = Locales.language(of: locale)
        guard !language.isEmpty else { return [:] }
        var out: [String: [Int]] = [:]
        var buf = [CChar](repeating: 0, count: 16)
        for n in 0...200 {
            var err: Int32 = 0
            let len = CICU_pluralCategory(language, Int32(n), &buf, 16, &err)
            guard err <= 0, len > 0 else { return [:] }
            out[String(decoding: buf.prefix(Int(len)).map { UInt8(bitPattern: $0) }, as: UTF8.self), default: []].append(n)
        }
        return out
    }

    /// The category of a variable's form (`files.few` → `few`); any other form as it is.
    static func category(of form: String) -> String {
        guard let dot = form.lastIndex(of: "."), order.contains(String(form[form.index(after: dot)...])) else { return form }
        return String(form[form.index(after: dot)...])
    }

    /// True when only one number selects this form (gettext index or CLDR category): such a form
    /// ("one file", Arabic's zero, one and two forms) may leave the number out.
    func isSingleValued(_ form: String) -> Bool {
        let form = PluralContext.category(of: form)
        if let qt, let i = Int(form) { return (0...2000).lazy.filter { qt.form(for: $0) == i }.prefix(2).count == 1 }
        if gettext, let i = Int(form), headerProblem != nil, !cldrByIndex.isEmpty { return i < cldrByIndex.count && cldrByIndex[i].count == 1 }
        if gettext, let i = Int(form) { return i < forms.singleValued.count && forms.singleValued[i] }
        if let numbers = categories[form] { return numbers.count == 1 }
        return form == "zero" || form == "one" || form == "two"
    }

    /// True when only the number 0 takes this form (Arabic's form 0, CLDR `zero`).
    func isZeroOnly(_ form: String) -> Bool {
        let form = PluralContext.category(of: form)
        if let qt, let i = Int(form) { return (0...2000).filter { qt.form(for: $0) == i } == [0] }
        if gettext, let i = Int(form), headerProblem != nil { return i < cldrByIndex.count && cldrByIndex[i] == [0] }
        if gettext, let i = Int(form) { return hasHeader && i < forms.count && forms.singleValued[i] && forms.example[i] == 0 }
        return categories[form] == [0]
    }

    /// True when the number 1 takes this form (it is then compared with the singular source).
    func isOne(_ form: String) -> Bool {
        let form = PluralContext.category(of: form)
        if let qt, let i = Int(form) { return qt.form(for: 1) == i }
        if gettext, let i = Int(form), headerProblem != nil, !cldrByIndex.isEmpty { return i < cldrByIndex.count && cldrByIndex[i].contains(1) }
        if gettext, let i = Int(form) { return forms.form(for: 1) == i }
        if let numbers = categories[form] { return numbers.contains(1) }
        return form == "one"
    }

    /// A `Plural-Forms` header gettext rejects (`plural-header`, an error), at its line and column.
    func headerProblemFinding(_ catalog: Catalog) -> Finding? {
        guard let problem = headerProblem, let text = catalog.metadata["Plural-Forms"] else { return nil }
        let (line, column) = PluralContext.location(of: problem.offset, in: text, catalog: catalog)
        let fallback = cldrByIndex.isEmpty ? "gettext's two forms (n != 1)"
            : "the \(cldrByIndex.count) CLDR forms of the language (" + PluralContext.order.filter { categories[$0] != nil }.joined(separator: ", ") + ")"
        return Finding(id: "plural-header", severity: .error, file: catalog.path, line: line, column: column, key: "",
                       message: "the Plural-Forms header is broken: \(problem.message) (msgfmt rejects the file); the entries are checked against \(fallback)",
                       suggestion: "Write the language's header, as msginit does (Arabic: nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;).",
                       source: text)
    }

    /// The line and column of `offset` in the header value: in a `.po` file, where the value is
    /// written (it may run over several quoted lines); in a `.mo` file, line 1 (the header is its
    /// first string) and the column in the header's `Plural-Forms` line.
    static func location(of offset: Int, in value: String, catalog: Catalog) -> (Int, Int) {
        guard catalog.format == .po, let data = FileManager.default.contents(atPath: catalog.path) else {
            return (1, "Plural-Forms: ".unicodeScalars.count + offset + 1)
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard let n = lines.firstIndex(where: { $0.contains("Plural-Forms:") }) else { return (1, 1) }
        let first = Array(lines[n].unicodeScalars)
        let key = Array("Plural-Forms:".unicodeScalars)
        var col = 0
        while col + key.count <= first.count, Array(first[col..<(col + key.count)]) != key { col += 1 }
        col += key.count
        while col < first.count, first[col] == " " { col += 1 }
        // Walk the value through the quoted lines: `\n` and the other escapes are one character.
        var left = offset, row = n, line = first
        while true {
            var i = col
            while i < line.count, line[i] != "\"" {
                if left == 0 { return (row + 1, i + 1) }
                i += line[i] == "\\" ? 2 : 1
                left -= 1
            }
            row += 1
            guard row < lines.count, lines[row].hasPrefix("\"") else { return (n + 1, col + 1) }
            line = Array(lines[row].unicodeScalars)
            col = 1
        }
    }

    /// A catalog with plural entries and no `Plural-Forms` header.
    func headerFinding(_ catalog: Catalog) -> Finding? {
        guard gettext, !hasHeader, headerProblem == nil, let first = catalog.entries.first(where: { !$0.plurals.isEmpty }) else { return nil }
        return Finding(id: "plural-forms", severity: .warning, file: catalog.path, line: first.line, column: first.column, key: "",
                       message: "the catalog has plural entries but no Plural-Forms header; gettext then uses two forms (n != 1)",
                       suggestion: "Add the language's Plural-Forms header (msginit writes it).")
    }

    /// An entry whose forms do not match the rules.
    func entryFinding(_ e: EntryContext) -> Finding? {
        let plurals = e.entry.plurals
        if plurals.isEmpty, !categories.isEmpty, !gettext {
            // A format with several plural variables: each variable's forms.
            let variables = e.entry.substitutions
            let missing = e.entry.substitutionNames.flatMap { v in
                PluralContext.order.filter { categories[$0] != nil && variables[v]?[$0] == nil }.map { (v, $0) }
            }
            guard !missing.isEmpty else { return nil }
            let listed = missing.map { v, c in "\(v): \(c) (\(categories[c]!.prefix(3).map(String.init).joined(separator: ", "))\(categories[c]!.count > 3 ? "…" : ""))" }
            return e.finding("plural-forms", .error, form: nil, text: e.entry.translation ?? "", source: nil,
                             "plural forms missing for \(e.locale): " + listed.joined(separator: ", "), rendered: "",
                             suggestion: "Give every variable the forms " + PluralContext.order.filter { categories[$0] != nil }.joined(separator: ", ") + ".")
        }
        guard !plurals.isEmpty else { return nil }
        if let qt {
            let rules = qtSource ? "Qt's numerus rules for \(e.locale)" : "the file's numerus rules"
            if plurals.count != qt.formCount {
                return e.finding("plural-forms", .error, form: nil, text: e.entry.translation ?? "", source: e.entry.sourcePlural,
                                 "\(plurals.count) numerus form\(plurals.count == 1 ? "" : "s"), but \(rules) give \(qt.formCount)",
                                 rendered: "", suggestion: qtSource ? "Give one <numerusform> per form of the language (lupdate writes as many as Qt's rules have)."
                                     : "Give one translation per numerus form in the .ts and run lrelease again.")
            }
            // An empty form of a finished translation: Qt shows nothing for its counts.
            let empty = (0..<qt.formCount).filter { (plurals[String($0)] ?? "").isEmpty }
            guard !empty.isEmpty, empty.count < qt.formCount else { return nil }
            let names = qt.categories(locale: e.locale)
            let listed = empty.map { i in "form \(i)" + (names[i].isEmpty ? "" : " (" + names[i].map(\.rawValue).joined(separator: ", ") + ")") }
            return e.finding("plural-forms", .error, form: nil, text: e.entry.translation ?? "", source: e.entry.sourcePlural,
                             "empty numerus form\(empty.count == 1 ? "" : "s"): " + listed.joined(separator: ", "),
                             rendered: "", suggestion: "Translate every numerus form; \(rules) give \(qt.formCount).")
        }
        if gettext {
            guard hasHeader, plurals.count != forms.count else { return nil }
            return e.finding("plural-forms", .error, form: nil, text: e.entry.translation ?? "", source: e.entry.sourcePlural,
                             "\(plurals.count) plural form\(plurals.count == 1 ? "" : "s"), but the header's Plural-Forms says nplurals=\(forms.count)",
                             rendered: "", suggestion: "Give msgstr[0] … msgstr[\(forms.count - 1)]: one per form of the header (\(forms.expression)).")
        }
        guard !categories.isEmpty else { return nil }
        // Device and substitution variations of .xcstrings are keyed `device.iphone`; the plural
        // forms proper are the CLDR category names.
        let present = Set(plurals.keys)
        let order = ["zero", "one", "two", "few", "many", "other"]
        let missing = order.filter { categories[$0] != nil && !present.contains($0) }
        guard !missing.isEmpty else { return nil }
        let examples = missing.map { c in "\(c) (\(categories[c]!.prefix(3).map(String.init).joined(separator: ", "))\(categories[c]!.count > 3 ? "…" : ""))" }
        return e.finding("plural-forms", .error, form: nil, text: e.entry.translation ?? "", source: nil,
                         "plural forms missing for \(e.locale): " + examples.joined(separator: ", "),
                         rendered: "", suggestion: "Add the forms " + missing.joined(separator: ", ") + "; the language uses " + order.filter { categories[$0] != nil }.joined(separator: ", ") + ".")
    }
}
