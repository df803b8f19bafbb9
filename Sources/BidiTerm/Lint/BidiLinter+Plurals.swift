import CICU

/// The plural rules a catalog's entries are checked against: gettext's `Plural-Forms` header for
/// `.po`/`.mo` (gettext's default, `n != 1`, when there is none), CLDR's categories of the
/// language (from ICU) for the formats whose plural forms are named `zero` … `other`; a Qt `.qm`
/// file's own numerus rules for its forms, which are numbered as gettext's.
struct PluralContext {
    let gettext: Bool
    /// The numerus rules of a `.qm` file; its forms are checked by index, as gettext's.
    let qt: QtNumerusRules?
    let forms: PluralForms
    let hasHeader: Bool
    /// CLDR: the categories the language uses, and the numbers 0…200 of each.
    let categories: [String: [Int]]

    init(_ catalog: Catalog, locale: String) {
        qt = catalog.format == .qtQM
            ? catalog.metadata["Numerus-Rules"].flatMap { QtNumerusRules(hex: $0) } ?? QtNumerusRules(bytes: []) : nil
        gettext = catalog.format == .po || catalog.format == .mo || qt != nil
        let header = catalog.metadata["Plural-Forms"].flatMap(PluralForms.init)
        hasHeader = header != nil || qt != nil
        forms = header ?? .germanic
        categories = gettext ? [:] : PluralContext.cldr(locale)
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

    /// True when only one number selects this form (gettext index or CLDR category): such a form
    /// ("one file", Arabic's zero, one and two forms) may leave the number out.
    func isSingleValued(_ form: String) -> Bool {
        if let qt, let i = Int(form) { return (0...2000).lazy.filter { qt.form(for: $0) == i }.prefix(2).count == 1 }
        if gettext, let i = Int(form) { return i < forms.singleValued.count && forms.singleValued[i] }
        if let numbers = categories[form] { return numbers.count == 1 }
        return form == "zero" || form == "one" || form == "two"
    }

    /// True when the number 1 takes this form (it is then compared with the singular source).
    func isOne(_ form: String) -> Bool {
        if let qt, let i = Int(form) { return qt.form(for: 1) == i }
        if gettext, let i = Int(form) { return forms.form(for: 1) == i }
        if let numbers = categories[form] { return numbers.contains(1) }
        return form == "one"
    }

    /// A catalog with plural entries and no `Plural-Forms` header.
    func headerFinding(_ catalog: Catalog) -> Finding? {
        guard gettext, !hasHeader, let first = catalog.entries.first(where: { !$0.plurals.isEmpty }) else { return nil }
        return Finding(id: "plural-forms", severity: .warning, file: catalog.path, line: first.line, column: first.column, key: "",
                       message: "the catalog has plural entries but no Plural-Forms header; gettext then uses two forms (n != 1)",
                       suggestion: "Add the language's Plural-Forms header (msginit writes it).")
    }

    /// An entry whose forms do not match the rules.
    func entryFinding(_ e: EntryContext) -> Finding? {
        let plurals = e.entry.plurals
        guard !plurals.isEmpty else { return nil }
        if let qt {
            guard plurals.count != qt.formCount else { return nil }
            return e.finding("plural-forms", .error, form: nil, text: e.entry.translation ?? "", source: e.entry.sourcePlural,
                             "\(plurals.count) numerus form\(plurals.count == 1 ? "" : "s"), but the file's numerus rules give \(qt.formCount)",
                             rendered: "", suggestion: "Give one translation per numerus form in the .ts and run lrelease again.")
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
