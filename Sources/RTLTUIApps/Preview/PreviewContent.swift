import BidiTerm

/// One catalog of a preview, with the locale it holds text for.
public struct PreviewCatalog: Sendable {
    /// The catalog (for an `.xcstrings` file, one per language it holds).
    public var catalog: Catalog
    /// The canonical BCP 47 tag of its locale; nil when the catalog names none (Android's
    /// `values/strings.xml`, a JSON file with no locale in its name): it is then the default, read
    /// for every locale after the locale's own catalogs, as Android reads `values/`.
    public var locale: String?

    /// A catalog for `locale` (canonicalised; nil for a default catalog).
    public init(_ catalog: Catalog, locale: String?) {
        self.catalog = catalog
        self.locale = locale.flatMap { Locales.canonicalTag($0) ?? $0 }
    }

    /// The catalogs of a loaded file: one per language of an `.xcstrings` file (each loaded for its
    /// language), else the catalog itself with its locale.
    /// - Parameter reload: loads the file again for one language (the `.xcstrings` case).
    static func split(_ catalog: Catalog, reload: (String) throws -> Catalog) rethrows -> [PreviewCatalog] {
        guard catalog.format == .xcstrings, catalog.availableLocales.count > 1 else {
            return [PreviewCatalog(catalog, locale: catalog.locale)]
        }
        return try catalog.availableLocales.map { l in
            PreviewCatalog(l == catalog.locale ? catalog : try reload(l), locale: l)
        }
    }
}

/// What a preview shows: the screens, the catalogs with their locales, the locales on offer (`l`
/// walks through them) and which catalogs each locale reads.
///
/// - Locales on offer: every locale a catalog holds (from its file name or path, its header, an
///   `.xcstrings` file's languages, an ARB file's `@@locale`), the source language first and the
///   rest in alphabetical order of their tags; then any `extraLocales` (a `--locale` no catalog
///   has: any BCP 47 or POSIX name); then the pseudo-locales `en-XA` and `ar-XB`.
/// - A locale reads, in order: its own catalogs (same tag), catalogs of the same language (`ur`
///   for `ur-PK`), the default catalogs (no locale), then the source language's catalogs, so a
///   screen shows text wherever some catalog has it and `⟦key⟧` where none has.
/// - A pseudo-locale reads the source language's catalogs and the default catalogs, and
///   `ScreenRenderer` transforms their text (`PseudoLocale`).
/// - The source language: the one a catalog names as its source (`.xcstrings`, XLIFF), else
///   English when a catalog has it, else the first catalog's.
public struct PreviewContent: Sendable {
    /// The screens, in their `order` (then by file name).
    public var screens: [ScreenFile]
    /// The catalogs, in the order their files were found.
    public var catalogs: [PreviewCatalog]
    /// Locales offered besides the catalogs' (canonical tags).
    public var extraLocales: [String]

    /// Creates content.
    public init(screens: [ScreenFile], catalogs: [PreviewCatalog], extraLocales: [String] = []) {
        self.screens = screens
        self.catalogs = catalogs
        self.extraLocales = extraLocales.map { Locales.canonicalTag($0) ?? $0 }
    }

    /// The source language's tag, or nil when no catalog names a locale.
    public var sourceLocale: String? {
        if let s = catalogs.lazy.compactMap(\.catalog.sourceLocale).first { return Locales.canonicalTag(s) ?? s }
        let tags = catalogs.compactMap(\.locale)
        return tags.first { Locales.language(of: $0) == "en" } ?? tags.first
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
    public func catalogs(for locale: String) -> [Catalog] {
        let tag = Locales.canonicalTag(locale) ?? locale
        let source = sourceLocale
        var out: [Int] = []
        func add(_ include: (PreviewCatalog) -> Bool) {
            for (i, c) in catalogs.enumerated() where include(c) && !out.contains(i) { out.append(i) }
        }
        if PseudoLocale(locale: tag) == nil {
            add { $0.locale == tag }
            add { $0.locale.map(Locales.language(of:)) == Locales.language(of: tag) }
        } else {
            add { $0.locale != nil && $0.locale == source }
        }
        add { $0.locale == nil }
        add { $0.locale != nil && $0.locale == source }
        return out.map { catalogs[$0].catalog }
    }

    /// The first locale to show: `preferred` (canonicalised) when given, else the first locale on
    /// offer whose direction is right to left (the reason to preview), else the first.
    public func startLocale(_ preferred: String?) -> String {
        if let p = preferred { return Locales.canonicalTag(p) ?? p }
        let all = locales.filter { PseudoLocale(locale: $0) == nil }
        return all.first { LayoutDirection(locale: $0) == .rtl } ?? all.first ?? "en"
    }
}
