/// How a catalog chooses the plural form of an entry for a count.
///
/// - gettext (`.po`, `.mo`): the catalog's own `Plural-Forms` expression (gettext's default,
///   `n != 1`, without one); forms are keyed `0`, `1`, …
/// - Qt `.qm`: the numerus rules `lrelease` wrote into the file; Qt `.ts`: the rules Qt's tools
///   give the file's language (``QtNumerusRules/init(qtLanguage:)``); forms keyed `0`, `1`, …
/// - every other format: CLDR's rules for the catalog's locale through ICU; forms keyed by
///   category (`zero` … `other`).
public enum PluralSelector: Sendable, Hashable {
    /// A gettext `Plural-Forms` expression.
    case gettext(PluralForms)
    /// Qt's numerus rules from a `.qm` file.
    case qt(QtNumerusRules)
    /// CLDR's cardinal rules of a locale.
    case cldr(PluralRules)

    /// The key of the form `count` takes: an index (`"3"`) or a category (`"few"`). A fraction
    /// drops to its whole part for gettext and Qt, which count in integers.
    public func formKey(for count: Double) -> String {
        let whole = count.isFinite ? Int(max(0, min(count.rounded(.towardZero), 1e15))) : 0
        switch self {
        case .gettext(let forms): return String(forms.form(for: whole))
        case .qt(let rules): return String(rules.form(for: whole))
        case .cldr(let rules): return rules.category(for: count).rawValue
        }
    }

    /// Every form key the rule can select, in order, with a number that selects it.
    public var forms: [(key: String, sample: Double)] {
        switch self {
        case .gettext(let forms):
            return (0..<forms.count).compactMap { i in forms.example[i].map { (String(i), Double($0)) } }
        case .qt(let rules):
            var seen: [Int: Int] = [:]
            for n in 0...2000 where seen[rules.form(for: n)] == nil { seen[rules.form(for: n)] = n }
            return seen.keys.sorted().map { (String($0), Double(seen[$0]!)) }
        case .cldr(let rules):
            return rules.samples.map { ($0.category.rawValue, $0.number) }
        }
    }
}

extension Catalog {
    /// How this catalog chooses plural forms (see ``PluralSelector``); CLDR's rules of `locale`
    /// when the catalog names no language (English's when neither does).
    public func pluralSelector(locale fallback: String? = nil) -> PluralSelector {
        switch format {
        case .po, .mo:
            return .gettext(metadata["Plural-Forms"].flatMap(PluralForms.init) ?? .germanic)
        case .qtQM, .qtTS:
            if let rules = metadata["Numerus-Rules"].flatMap({ QtNumerusRules(hex: $0) }) { return .qt(rules) }
            // A `.ts` file that names no language: Qt's rules for the language asked for.
            return .qt(format == .qtTS ? QtNumerusRules(qtLanguage: fallback ?? "en") : QtNumerusRules(bytes: [])!)
        default:
            return .cldr(PluralRules(locale: locale ?? fallback ?? "en"))
        }
    }

    /// The text of `entry` for `count`: the plural form the count selects (see ``PluralSelector``),
    /// else the `other` form, else the translation. Without a count, or for an entry that is not
    /// plural, the translation (``CatalogEntry/translation``); `nil` when that is empty. A
    /// `.stringsdict` `zero` form is used for 0 in every language, as Foundation does.
    public func text(of entry: CatalogEntry, count: Double?, selector: PluralSelector? = nil) -> String? {
        func nonEmpty(_ s: String?) -> String? { s.flatMap { $0.isEmpty ? nil : $0 } }
        guard let count, !entry.plurals.isEmpty else {
            return nonEmpty(entry.translation) ?? nonEmpty(entry.plurals["other"]) ?? nonEmpty(entry.plurals["0"])
        }
        let key = formKey(for: count, forms: entry.plurals, selector: selector ?? pluralSelector())
        return nonEmpty(entry.plurals[key]) ?? nonEmpty(entry.plurals["other"]) ?? nonEmpty(entry.translation)
    }

    /// The key of the form `count` takes among `forms`: the selector's, except that a
    /// `.stringsdict` `zero` form takes 0 whatever the language's rules say (Foundation's rule).
    func formKey(for count: Double, forms: [String: String], selector: PluralSelector) -> String {
        if format == .stringsdict, count == 0, !(forms["zero"] ?? "").isEmpty { return "zero" }
        return selector.formKey(for: count)
    }

    /// The forms `entry` lacks for its catalog's plural rule, each with a number that needs it: a
    /// category (`few`), a gettext form index (`form 3`), or a Qt form index with the CLDR
    /// categories it stands for in the catalog's language (`form 3 (few)`, Hebrew's
    /// `form 1 (two, other)`). The variables of a format with several (`.stringsdict`,
    /// `.xcstrings` substitutions) are named with their categories: `folders: few`. Empty for an
    /// entry that is not plural.
    public func missingForms(of entry: CatalogEntry, selector: PluralSelector? = nil) -> [(form: String, sample: Double)] {
        let selector = selector ?? pluralSelector()
        if entry.plurals.isEmpty, case .cldr = selector {
            let variables = entry.substitutions
            return entry.substitutionNames.flatMap { v in
                selector.forms.filter { (variables[v]?[$0.key] ?? "").isEmpty }.map { ("\(v): \($0.key)", $0.sample) }
            }
        }
        guard !entry.plurals.isEmpty else { return [] }
        let missing = selector.forms.filter { (entry.plurals[$0.key] ?? "").isEmpty }
        switch selector {
        case .cldr:
            return missing.map { ($0.key, $0.sample) }
        case .gettext:
            return missing.map { ("form \($0.key)", $0.sample) }
        case .qt(let rules):
            guard !missing.isEmpty else { return [] }  // no ICU lookups for a complete entry
            let categories = locale.map { rules.categories(locale: $0) } ?? []
            return missing.map { form in
                let names = Int(form.key).flatMap { $0 < categories.count ? categories[$0] : nil } ?? []
                return ("form \(form.key)" + (names.isEmpty ? "" : " (" + names.map(\.rawValue).joined(separator: ", ") + ")"), form.sample)
            }
        }
    }
}
