extension QtNumerusRules {
    /// The numerus rules Qt's tools give a language: what `lrelease` writes into the `.qm` file
    /// of a `.ts` file whose `language` is `locale`, and so the number and order of the
    /// `<numerusform>`s Qt Linguist and `lupdate` give its messages. Empty rules (one form) for a
    /// language Qt gives a single form (Persian, Turkish, Chinese, …) and for one Qt's table does
    /// not have (Central Kurdish, `ckb`), as `lrelease` does.
    ///
    /// The table is Qt 5.15's (`qttools/src/linguist/shared/numerus.cpp`), read back from the
    /// `.qm` files `lrelease` 5.15.8 writes for every ISO 639-1 language (a test compares it with
    /// the installed `lrelease` where there is one). Qt's table is a list of rules per language,
    /// not CLDR's: Hebrew has two forms (Singular: n = 1; Plural: every other n, 2 included),
    /// where CLDR has `one`, `two` and `other`; Arabic has the six of CLDR in CLDR's order. Where
    /// a form stands for a CLDR category, ``categories(locale:)`` says which.
    ///
    ///     QtNumerusRules(qtLanguage: "he").formCount          // 2
    ///     QtNumerusRules(qtLanguage: "ar").form(for: 11)       // 4 (CLDR's many)
    public init(qtLanguage locale: String) {
        let tag = Locales.info(of: locale)?.tag ?? locale
        var language = Locales.language(of: tag)
        language = Self.qtLanguageAliases[language] ?? language
        let subtags: [String] = tag.split(separator: "-").map(String.init)
        let region = subtags.dropFirst().first { $0.count == 2 && $0.allSatisfy(\.isUppercase) }
        let hex = (region.flatMap { Self.qtRegionalRules["\(language)-\($0)"] }) ?? Self.qtRulesByLanguage[language] ?? ""
        self = QtNumerusRules(hex: hex) ?? QtNumerusRules(bytes: [])!
    }

    /// Old codes Qt reads as today's (`iw` is Hebrew).
    static let qtLanguageAliases = ["iw": "he", "ji": "yi", "in": "id", "tl": "fil"]

    /// Rules that depend on the territory: Brazilian Portuguese counts 0 as singular (French style).
    static let qtRegionalRules = ["pt-BR": "0301"]

    /// The rules as hex (the bytes of the `.qm` block), by the languages that share them.
    private static let qtRuleGroups: [(hex: String, languages: String)] = [
        // Singular (n = 1), Plural: English style.
        ("0101", "aa ab af am as ay az ba bg bn ca co da de el en eo es et eu fi fo fy gl gu ha he hi ia ie it ka kk kl km kn ks ku kw ky la lb ln lo mg ml mn mr nb ne nl nn no oc or pa ps pt qu rm rn rw sd si sn so sq ss st sv sw ta te tg tk tn to ts ug ur uz vo wo xh yi zu"),
        // Singular (n ≤ 1), Plural: French style.
        ("0301", "br fil fr hy ti wa"),
        // Nullar, Singular, Dual, Minority Plural (n % 100 in 3…10), Plural (n % 100 ≥ 11), Plural (100–102, …).
        ("0100ff0101ff0102ff24030aff2a0b", "ar"),
        // Singular, Dual (n = 2), Plural: Irish style.
        ("0101ff0102", "dv ga gv ik iu mi sa se sm"),
        ("0100ff0101ff040205ff0106", "cy"),
        ("0101fe010bff0102fe010cff040313", "gd"),
        ("0101ff0100fe24010aff240b13", "mt"),
        ("0101ff0100fe240113", "ro"),
        ("0101ff040204", "cs sk"),
        ("0101ff140204fd2c0a13", "pl"),
        ("1101fd290b", "is"),
        ("1101fd290bff0900", "lv"),
        ("1101fd290bff140204fd2c0a13", "be bs hr ru sr uk"),
        ("1101fd290bff1900fd2c0a13", "lt"),
        ("1101ff1102", "mk"),
        ("2101ff2102ff240304", "sl"),
    ]

    private static let qtRulesByLanguage: [String: String] = {
        var out: [String: String] = [:]
        for group in qtRuleGroups {
            for language in group.languages.split(separator: " ") { out[String(language)] = group.hex }
        }
        return out
    }()

    /// The CLDR categories of `locale` each form stands for, by form index: the categories of the
    /// whole numbers 0…1000 that take the form, in CLDR's order. For Hebrew (Qt's two forms,
    /// CLDR's `one`, `two`, `other`): `[[one], [two, other]]`; for Arabic, one category per form,
    /// `zero` … `other`. A form no number up to 1000 takes has no category.
    public func categories(locale: String) -> [[PluralCategory]] {
        let rules = PluralRules(locale: locale)
        var found = [Set<PluralCategory>](repeating: [], count: formCount)
        for n in 0...1000 {
            let form = min(self.form(for: n), formCount - 1)
            found[form].insert(rules.category(for: Double(n)))
        }
        return found.map { set in rules.categories.filter(set.contains) }
    }
}
