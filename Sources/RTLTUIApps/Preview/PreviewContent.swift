import BidiTerm
import Foundation

/// One catalog of a preview, with the locale it holds text for.
public struct PreviewCatalog: Sendable {
    /// The catalog (for an `.xcstrings` file, one per language it holds).
    public var catalog: Catalog
    /// The canonical BCP 47 tag of its locale; nil when the catalog names none (Android's
    /// `values/strings.xml`, a JSON file with no locale in its name): it is then the default, read
    /// for every locale after the locale's own catalogs, as Android reads `values/`.
    public var locale: String?

    /// True when the catalog is the source language's by declaration: a Flutter ARB template
    /// (`template-arb-file` of `l10n.yaml`).
    public var isSourceTemplate: Bool

    /// A catalog for `locale` (canonicalised; nil for a default catalog).
    public init(_ catalog: Catalog, locale: String?, isSourceTemplate: Bool = false) {
        self.catalog = catalog
        self.locale = locale.flatMap { Locales.canonicalTag($0) ?? $0 }
        self.isSourceTemplate = isSourceTemplate
    }

    /// The catalogs of a loaded file: one per language of an `.xcstrings` file (each loaded for its
    /// language), else the catalog itself with its locale.
    /// - Parameter reload: loads the file again for one language (the `.xcstrings` case).
    /// The source language is one of them even when no string has a localization for it (its
    /// text is then the keys, as Xcode builds it).
    static func split(_ catalog: Catalog, reload: (String) throws -> Catalog) rethrows -> [PreviewCatalog] {
        var locales = catalog.availableLocales
        if catalog.format == .xcstrings, let source = catalog.sourceLocale, !locales.contains(source) { locales.append(source) }
        guard catalog.format == .xcstrings, locales.count > 1 else {
            return [PreviewCatalog(catalog, locale: catalog.locale)]
        }
        return try locales.map { l in
            let c = l == catalog.locale ? catalog : try reload(l)
            return PreviewCatalog(l == catalog.sourceLocale ? sourceLanguageView(c) : c, locale: l)
        }
    }

    /// An `.xcstrings` file's source language as Xcode builds it: a string with no localization
    /// in that language shows its key (``CatalogEntry/source``).
    static func sourceLanguageView(_ c: Catalog) -> Catalog {
        guard c.entries.contains(where: { !$0.isTranslated && !($0.source ?? "").isEmpty }) else { return c }
        let entries = c.entries.map { e -> CatalogEntry in
            guard !e.isTranslated, let source = e.source, !source.isEmpty else { return e }
            var out = e
            out.translation = source
            return out
        }
        return Catalog(path: c.path, format: c.format, locale: c.locale, sourceLocale: c.sourceLocale,
                       availableLocales: c.availableLocales, metadata: c.metadata, entries: entries, warnings: c.warnings)
    }
}

/// What a preview shows: the screens, the catalogs with their locales, the locales on offer (`l`
/// walks through them) and which catalogs each locale reads.
///
/// - Locales on offer: every locale a catalog holds (from its file name or path, its header, an
///   `.xcstrings` file's languages, an ARB file's `@@locale`), the source language first and the
///   rest in alphabetical order of their tags; then any `extraLocales` (a `--locale` no catalog
///   has: any BCP 47 or POSIX name); then the pseudo-locales `en-XA` and `ar-XB`.
/// - The source language: the one a file declares (`.xcstrings` `sourceLanguage`, XLIFF
///   `source-language`/`srcLang`, the ARB template named by `l10n.yaml`), else English when a
///   catalog has it, else English when a catalog carries source text or is a default catalog
///   (gettext's msgids when they are text, not identifiers such as `home_title`; XLIFF `<source>`;
///   Android's `values/`: the developer's text), else the first catalog's locale.
/// - The source text: the source language's catalogs, the default catalogs, then the source
///   text the translated files carry (gettext msgid, XLIFF `<source>`, `.xcstrings` source
///   values), so Android's `values/` + `values-iw/` offers `en` and the pseudo-locales are made
///   from `values/`, not from the Hebrew.
/// - A locale reads, in order: its own catalogs (same tag), catalogs of the same language (`ur`
///   for `ur-PK`): its **own** text; then, as fallbacks, the default catalogs, the source
///   language's catalogs and the source text; so a screen shows text wherever some catalog has
///   it and `⟦key⟧` where none has. The preview marks and counts the fallbacks.
/// - A pseudo-locale reads the source text, and `ScreenRenderer` transforms it (`PseudoLocale`);
///   only when there is none at all, the catalogs there are.
public struct PreviewContent: Sendable {
    /// The screens, in their `order` (then by file name).
    public var screens: [ScreenFile]
    /// The catalogs, in the order their files were found.
    public var catalogs: [PreviewCatalog]
    /// Locales offered besides the catalogs' (canonical tags).
    public var extraLocales: [String]
    /// Read fuzzy translations as translations (`--include-fuzzy`, `msgfmt --use-fuzzy`). Off,
    /// a fuzzy entry is read as the program reads it: untranslated, so its text comes from the
    /// next catalog (the source text), as `check` and `run --strings` skip it
    /// (`Catalog.withoutFuzzyTranslations`).
    public var includeFuzzy = false
    /// Each text takes the paragraph direction its catalog's platform gives it (R33,
    /// `ScreenRenderer.followsPlatformTextDirection`): on for files on disk (`preview`,
    /// `render --screen`), off for the built-in demo, whose screens show the rules as designed.
    public var followsPlatformTextDirection = false

    /// Creates content. A `.stringsdict` file is put before the `.strings` file of the same name
    /// in the same folder (`ar.lproj/Localizable.stringsdict` before `ar.lproj/Localizable.strings`),
    /// so its keys win and the `.strings` file gives the rest, as Xcode's bundles look them up.
    public init(screens: [ScreenFile], catalogs: [PreviewCatalog], extraLocales: [String] = []) {
        self.screens = screens
        self.catalogs = PreviewContent.stringsDictFirst(catalogs)
        self.extraLocales = extraLocales.map { Locales.canonicalTag($0) ?? $0 }
    }

    /// `catalogs` with each `.stringsdict` moved before its `.strings` pair.
    static func stringsDictFirst(_ catalogs: [PreviewCatalog]) -> [PreviewCatalog] {
        var out = catalogs
        for dict in catalogs where dict.catalog.format == .stringsdict {
            let pair = (dict.catalog.path as NSString).deletingPathExtension + ".strings"
            guard let from = out.firstIndex(where: { $0.catalog.path == dict.catalog.path }),
                  let to = out.firstIndex(where: { $0.catalog.path == pair && $0.catalog.format == .strings }), to < from else { continue }
            out.insert(out.remove(at: from), at: to)
        }
        return out
    }

    /// The source language's tag (see the type's description), or nil when there is no catalog.
    public var sourceLocale: String? {
        let declared = catalogs.lazy.compactMap { $0.catalog.sourceLocale ?? ($0.isSourceTemplate ? $0.locale : nil) }
        if let s = declared.first { return Locales.canonicalTag(s) ?? s }
        let tags = catalogs.compactMap(\.locale)
        if let en = tags.first(where: { Locales.language(of: $0) == "en" }) { return en }
        if catalogs.contains(where: { $0.locale == nil || Self.hasSourceText($0.catalog) }) { return "en" }
        return tags.first
    }

    /// True when the catalog's entries hold the source text next to the translation.
    static func carriesSource(_ c: Catalog) -> Bool {
        [.po, .mo, .xliff12, .xliff20, .xcstrings].contains(c.format)
    }

    /// True when the catalog carries source text (`sourceTexts`): not only identifiers.
    static func hasSourceText(_ c: Catalog) -> Bool {
        guard carriesSource(c), c.format != .xcstrings else { return false }
        let gettext = c.format == .po || c.format == .mo
        return c.entries.contains { e in e.source.map { !$0.isEmpty && !(gettext && isIdentifier($0)) } ?? false }
    }

    /// True when a gettext msgid is an identifier (`home_title`, `cart.total`), not source text.
    static func isIdentifier(_ s: String) -> Bool {
        var separators = 0
        for u in s.unicodeScalars {
            if u == "_" || u == "." { separators += 1 } else if !(u.isASCII && u.properties.isAlphabetic) && !("0"..."9").contains(u) { return false }
        }
        return separators > 0
    }

    /// The source text the translated files carry, as catalogs in the source language (the
    /// entries' positions kept, so a fallback names the line it comes from).
    func sourceTexts(_ source: String?) -> [Catalog] {
        catalogs.compactMap { pc in
            let c = pc.catalog
            // An `.xcstrings` file's source language is one of its own catalogs already.
            guard Self.carriesSource(c), c.format != .xcstrings, pc.locale != source else { return nil }
            let gettext = c.format == .po || c.format == .mo
            let entries = c.entries.compactMap { e -> CatalogEntry? in
                guard let text = e.source, !text.isEmpty, !(gettext && Self.isIdentifier(text)) else { return nil }
                var plurals: [String: String] = [:]
                if let p = e.sourcePlural, !p.isEmpty { plurals = ["0": text, "1": p] }
                return CatalogEntry(key: e.key, context: e.context, source: text, translation: text, plurals: plurals,
                                    line: e.line, column: e.column)
            }
            // The file's own warnings stay with the file; this is a view of it.
            return entries.isEmpty ? nil : Catalog(path: c.path, format: c.format, locale: source, entries: entries)
        }
    }

    /// The locales on offer, in the order `l` walks through them.
    public var locales: [String] {
        var out: [String] = []
        let source = sourceLocale
        if let source { out.append(source) }
        for tag in catalogs.compactMap(\.locale).sorted() where !out.contains(tag) { out.append(tag) }
        for tag in extraLocales where !out.contains(tag) && PseudoLocale(locale: tag) == nil { out.append(tag) }
        if out.isEmpty { out.append("en") }
        return out + PseudoLocale.allCases.map(\.rawValue)
    }

    /// The catalogs `locale` reads, in lookup order (see the type's description).
    public func catalogs(for locale: String) -> [Catalog] { lookupOrder(for: locale).catalogs }

    /// The catalogs `locale` reads, in lookup order, and how many of the first are its own: text
    /// found only in the others is a fallback (untranslated). For the source language and the
    /// pseudo-locales every catalog read is their own.
    public func lookupOrder(for locale: String) -> (catalogs: [Catalog], own: Int) {
        let tag = Locales.canonicalTag(locale) ?? locale
        let source = sourceLocale
        let isPseudo = PseudoLocale(locale: tag) != nil
        var out: [Int] = []
        func add(_ include: (PreviewCatalog) -> Bool) {
            for (i, c) in catalogs.enumerated() where include(c) && !out.contains(i) { out.append(i) }
        }
        if isPseudo {
            add { $0.locale != nil && $0.locale == source }
        } else {
            add { $0.locale == tag }
            add { $0.locale.map(Locales.language(of:)) == Locales.language(of: tag) }
        }
        let ownCount = out.count
        add { $0.locale == nil }
        add { $0.locale != nil && $0.locale == source }
        let texts = sourceTexts(source)
        // A pseudo-locale with no source text at all is made from what there is.
        if isPseudo && out.isEmpty && texts.isEmpty { add { _ in true } }
        let list = out.map { includeFuzzy ? catalogs[$0].catalog : catalogs[$0].catalog.withoutFuzzyTranslations } + texts
        let isSource = isPseudo || tag == source || (source.map { Locales.language(of: $0) == Locales.language(of: tag) } ?? false)
        return (list, isSource ? list.count : ownCount)
    }

    /// The locale's own catalogs as loaded (fuzzy translations kept), in lookup order: where the
    /// preview finds the fuzzy entries it lists.
    public func ownCatalogs(for locale: String) -> [Catalog] {
        var raw = self
        raw.includeFuzzy = true
        let order = raw.lookupOrder(for: locale)
        return Array(order.catalogs.prefix(order.own))
    }

    /// The keys that some catalog `locale` reads marks not to be translated
    /// (`CatalogEntry.isMarkedDoNotTranslate`): shown from the default text, and not untranslated.
    public func doNotTranslateKeys(for locale: String) -> Set<String> {
        lookupOrder(for: locale).catalogs.reduce(into: Set<String>()) { $0.formUnion($1.doNotTranslateKeys) }
    }

    /// The first locale to show: `preferred` (canonicalised) when given, else the first locale on
    /// offer whose direction is right to left (the reason to preview), else the first.
    public func startLocale(_ preferred: String?) -> String {
        if let p = preferred { return Locales.canonicalTag(p) ?? p }
        let all = locales.filter { PseudoLocale(locale: $0) == nil }
        return all.first { LayoutDirection(locale: $0) == .rtl } ?? all.first ?? "en"
    }
}
