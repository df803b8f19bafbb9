/// What a program built from a catalog does with its entries at run time: which translations it
/// leaves out, which entries are not meant to be translated, and how its platform sets the
/// paragraph direction of a text (R33). `preview`, `render --screen` and `check` read these, so
/// they agree about every entry.
extension CatalogEntry {
    /// `true` when the entry is marked not to be translated: Android `translatable="false"`,
    /// `.xcstrings` `shouldTranslate: false`, XLIFF `translate="no"` (1.2 `<trans-unit>`, 2.0
    /// `<unit>`). The program shows the default (source) text everywhere; such an entry is not
    /// untranslated in any locale, and its text belongs in the default file only (Android lint
    /// reports a copy in a locale's file as `ExtraTranslation`).
    public var isMarkedDoNotTranslate: Bool {
        flags.contains { $0 == "translatable=false" || $0 == "translate=no" || $0 == "shouldTranslate=false" }
    }
}

/// How a platform chooses the base direction of a text it draws (R33).
public enum PlatformTextDirection: String, Sendable, Hashable, CaseIterable {
    /// The text's first strong character (UAX #9 P2–P3), the layout's direction when it has none:
    /// Android's default `textDirection` (`firstStrong`), Apple's natural writing direction, Qt's
    /// `Qt::LayoutDirectionAuto` for text, GTK/Pango's automatic direction, a terminal's implicit
    /// bidi. The alignment still follows the layout.
    case firstStrong
    /// The layout's direction, whatever the text: HTML's inherited `dir` (web catalogs: JSON,
    /// XLIFF as Angular uses it) and Flutter's ambient `Directionality` (ARB).
    case layout
}

extension CatalogFormat {
    /// The direction the platform that reads this format gives a text's paragraph (R33):
    /// first strong for gettext, Apple, Android and Qt; the layout's for JSON, ARB and XLIFF.
    public var platformTextDirection: PlatformTextDirection {
        switch self {
        case .po, .mo, .strings, .stringsdict, .xcstrings, .androidXML, .qtTS, .qtQM: return .firstStrong
        case .json, .arb, .xliff12, .xliff20: return .layout
        }
    }
}

extension Catalog {
    /// The keys of the entries marked not to be translated (``CatalogEntry/isMarkedDoNotTranslate``).
    public var doNotTranslateKeys: Set<String> {
        Set(entries.lazy.filter(\.isMarkedDoNotTranslate).map(\.key))
    }

    /// The number of fuzzy entries that have a translation (``CatalogEntry/isFuzzy``).
    public var fuzzyCount: Int { entries.reduce(0) { $0 + ($1.isFuzzy && $1.isTranslated ? 1 : 0) } }

    /// The catalog as the program reads it: the translations of fuzzy entries left out (their
    /// entries stay, untranslated, with their positions), as `msgfmt` leaves them out of the `.mo`
    /// file, and as `check` and `run --strings` skip them unless asked (`--include-fuzzy`, which
    /// is `msgfmt --use-fuzzy`). The catalog itself when it has no fuzzy translation.
    public var withoutFuzzyTranslations: Catalog {
        guard entries.contains(where: { $0.isFuzzy && $0.isTranslated }) else { return self }
        let kept = entries.map { e -> CatalogEntry in
            guard e.isFuzzy else { return e }
            var out = e
            out.translation = nil
            out.plurals = [:]
            out.variants = [:]
            return out
        }
        // The warnings stay with the catalog as loaded; this is a view of it.
        return Catalog(path: path, format: format, locale: locale, sourceLocale: sourceLocale,
                       availableLocales: availableLocales, metadata: metadata, entries: kept)
    }

    /// The plural form `count` selects that `entry` lacks, named as ``missingForms(of:selector:)``
    /// names forms (`few`, `form 3`), or nil when the entry is not plural or has that form. The
    /// program then shows the `other` form (or the translation) instead.
    public func missingForm(of entry: CatalogEntry, count: Double, selector: PluralSelector? = nil) -> String? {
        guard !entry.plurals.isEmpty else { return nil }
        let selector = selector ?? pluralSelector()
        let key = formKey(for: count, forms: entry.plurals, selector: selector)
        guard (entry.plurals[key] ?? "").isEmpty else { return nil }
        if case .cldr = selector { return key }
        return "form \(key)"
    }
}
