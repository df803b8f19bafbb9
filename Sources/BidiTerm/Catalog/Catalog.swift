import Foundation

/// The file formats a ``Catalog`` can be loaded from.
public enum CatalogFormat: String, Sendable, Hashable, CaseIterable {
    /// GNU gettext source catalog (`.po`, `.pot`).
    case po
    /// GNU gettext compiled catalog (`.mo`, `.gmo`), either byte order.
    case mo
    /// Apple `.strings`: UTF-8 or UTF-16 text (`"key" = "value";`), or a compiled property list.
    case strings
    /// Apple string catalog (`.xcstrings`, JSON), which holds several languages.
    case xcstrings
    /// Apple `.stringsdict`: a property list of plural rules (`NSStringLocalizedFormatKey` with
    /// `%#@variables@`), read beside the `.strings` file of the same name.
    case stringsdict
    /// Android resource file (`res/values-ar/strings.xml`).
    case androidXML
    /// XLIFF 1.2 (`<trans-unit>`).
    case xliff12
    /// XLIFF 2.0 / 2.1 (`<unit>` / `<segment>`).
    case xliff20
    /// JSON object of strings, flat (`{"k": "v"}`) or nested (keys joined with `.`).
    case json
    /// Flutter Application Resource Bundle (`.arb`): JSON with `@@locale` and `@key` metadata.
    case arb
    /// Qt Linguist source (`.ts`, XML: contexts, numerus forms, comments for translators).
    case qtTS
    /// Qt compiled catalog (`.qm`, as `lrelease` writes it), with its numerus rules.
    case qtQM
}

/// One translatable message of a catalog.
///
/// The meaning of the fields depends a little on the format; the differences are listed per field.
public struct CatalogEntry: Sendable, Hashable {
    /// The identifier used to look the message up: the gettext `msgid`, the `.strings`/JSON key, the
    /// XLIFF `id`, the Android `name` (`name[2]` for the third item of a `<string-array>`).
    public var key: String
    /// The gettext `msgctxt`, or the Android `product` attribute; `nil` when the entry has none.
    public var context: String?
    /// The source-language text when the format carries it: the gettext `msgid`, the XLIFF
    /// `<source>`, the `.xcstrings` source-language value (the key when that is missing). `nil` for
    /// `.strings`, Android and JSON, which hold only one language.
    public var source: String?
    /// The gettext `msgid_plural`; `nil` otherwise.
    public var sourcePlural: String?
    /// The translated text; `nil` or empty when untranslated. For a plural entry, the first form
    /// (`msgstr[0]`) in gettext, the last numerus form in Qt, and the `other` form in the
    /// CLDR-based formats; for a `.stringsdict` format with several plural variables, the format
    /// itself (`%#@files@ in %#@folders@`, see ``variants``).
    public var translation: String?
    /// Plural forms of the translation, empty when the entry is not plural. Keys are the form index
    /// (`"0"`, `"1"`, …) for `.po`/`.mo` and Qt `.ts`/`.qm`, and the CLDR category (`zero`, `one`,
    /// `two`, `few`, `many`, `other`) for `.xcstrings`, `.stringsdict` (one variable) and Android
    /// `<plurals>`.
    public var plurals: [String: String]
    /// Further variations of an `.xcstrings` or `.stringsdict` entry, keyed by a dotted path:
    /// `device.iphone`, `device.mac.one` (a plural inside a device variation), `width.20`,
    /// `substitutions.count.other` (the forms of a plural variable, when a format has several:
    /// ``translation`` is then the format, `%#@files@ in %#@folders@`). The `other` device
    /// variation of an `.xcstrings` entry is not repeated here: it is ``translation`` and ``plurals``.
    public var variants: [String: String]
    /// `true` when the translation needs review: the gettext `fuzzy` flag, an `.xcstrings`
    /// `needs_review` state, an XLIFF 1.2 `needs-…` state, an XLIFF 2.0 `initial` segment that has
    /// a target.
    public var isFuzzy: Bool
    /// Flags in file order: the gettext `#,` flags (`fuzzy`, `c-format`, …), and for the other
    /// formats the attributes that say how to treat the entry, written `name=value`
    /// (`translatable=false`, `formatted=false`, `translate=no`, `state=needs_review`,
    /// `shouldTranslate=false`).
    public var flags: [String]
    /// gettext `#:` source references (`src/main.c:42`), in file order.
    public var references: [String]
    /// Comments for translators: gettext `#` and `#.` lines, the `.strings` comment above the entry,
    /// the Android XML comment before the element, XLIFF notes, the `.xcstrings` comment, the ARB
    /// `@key.description`. Several comments are joined with a line feed.
    public var comment: String?
    /// The gettext previous `msgid` (`#| msgid`), kept by `msgmerge` on fuzzy entries.
    public var previousSource: String?
    /// 1-based line where the entry starts: the `msgctxt` or `msgid` keyword, the key, the element's
    /// `<`. For a binary `.mo` file, which has no lines, this is the entry's index in the file plus one.
    /// 0 when the format gives no position (a compiled property-list `.strings`).
    public var line: Int
    /// 1-based column of that start, counted in Unicode scalars; 0 for `.mo` and property lists.
    public var column: Int

    /// Creates an entry; every field but `key` has a default.
    public init(
        key: String, context: String? = nil, source: String? = nil, sourcePlural: String? = nil,
        translation: String? = nil, plurals: [String: String] = [:], variants: [String: String] = [:],
        isFuzzy: Bool = false, flags: [String] = [], references: [String] = [], comment: String? = nil,
        previousSource: String? = nil, line: Int = 0, column: Int = 0
    ) {
        self.key = key
        self.context = context
        self.source = source
        self.sourcePlural = sourcePlural
        self.translation = translation
        self.plurals = plurals
        self.variants = variants
        self.isFuzzy = isFuzzy
        self.flags = flags
        self.references = references
        self.comment = comment
        self.previousSource = previousSource
        self.line = line
        self.column = column
    }

    /// `true` when the entry has a non-empty translation or a non-empty plural form.
    public var isTranslated: Bool {
        if let translation, !translation.isEmpty { return true }
        return plurals.values.contains { !$0.isEmpty }
    }
}

/// A problem found in a catalog file: thrown when the file cannot be loaded, or collected in
/// ``Catalog/warnings`` when loading goes on.
///
/// ``description`` reads like a compiler message, `file:line:column: message`, so editors and
/// terminals can jump to it. Lines and columns are 1-based; columns count Unicode scalars.
/// A `.mo` problem has no line: it names the entry index or byte offset in the message, and its
/// line is 0 (or the entry index plus one when it concerns one entry, with column 0).
public struct CatalogDiagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path of the catalog file, as given to the loader.
    public var file: String
    /// 1-based line, or 0 when the problem concerns the whole file.
    public var line: Int
    /// 1-based column in Unicode scalars, or 0 when unknown.
    public var column: Int
    /// What is wrong, in one sentence.
    public var message: String

    /// Creates a diagnostic.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`; `file:line: message` when the column is 0, and
    /// `file: message` when the line is 0.
    public var description: String {
        if line <= 0 { return "\(file): \(message)" }
        if column <= 0 { return "\(file):\(line): \(message)" }
        return "\(file):\(line):\(column): \(message)"
    }
}

/// The messages of one language, loaded from one catalog file by ``CatalogLoader``.
///
/// ```swift
/// let catalog = try CatalogLoader.load(path: "po/ar.po")
/// let title = catalog.lookup("Settings") ?? "Settings"
/// let open = catalog.lookup("Open", context: "menu")
/// ```
public struct Catalog: Sendable {
    /// The path the catalog was loaded from.
    public let path: String
    /// The format the file was read as.
    public let format: CatalogFormat
    /// The language of the translations: from the file (gettext `Language` header, XLIFF target
    /// language, ARB `@@locale`, the language chosen from an `.xcstrings`), else from the path
    /// (`ar/LC_MESSAGES/x.mo`, `ar.lproj/`, `values-ar/`, `ar.po`, `app_ar.arb`); `nil` when neither
    /// says.
    public let locale: String?
    /// The source language when the file names it (XLIFF, `.xcstrings`); `nil` otherwise.
    public let sourceLocale: String?
    /// Every language the file holds text for: all localizations of an `.xcstrings` file (sorted),
    /// otherwise ``sourceLocale`` and ``locale`` when known.
    public let availableLocales: [String]
    /// File-level fields: the gettext header (`Language`, `Plural-Forms`, `Content-Type`, …), the
    /// ARB `@@` keys without the `@@`, the `.xcstrings` `version`, the XLIFF `original` file name.
    public let metadata: [String: String]
    /// The entries, in file order. The gettext header is not an entry: it is in ``metadata``.
    public let entries: [CatalogEntry]
    /// Problems that did not stop loading (invalid UTF-8 replaced by U+FFFD, NUL characters kept,
    /// duplicate keys, parts of the file the model cannot hold), sorted by position.
    public let warnings: [CatalogDiagnostic]

    private let index: [LookupKey: Int]

    private struct LookupKey: Hashable, Sendable {
        var key: String
        var context: String?
    }

    /// Creates a catalog and builds its lookup table.
    ///
    /// When two entries share a key and context, the first one wins in ``lookup(_:context:)`` and
    /// ``entry(_:context:)``, both stay in ``entries``, and a warning naming both positions is added.
    /// - Complexity: O(*n*) in the number of entries.
    public init(
        path: String, format: CatalogFormat, locale: String?, sourceLocale: String? = nil,
        availableLocales: [String]? = nil, metadata: [String: String] = [:],
        entries: [CatalogEntry], warnings: [CatalogDiagnostic] = []
    ) {
        self.path = path
        self.format = format
        self.locale = locale
        self.sourceLocale = sourceLocale
        self.availableLocales = availableLocales ?? [sourceLocale, locale].compactMap { $0 }.reduce(into: []) {
            if !$0.contains($1) { $0.append($1) }
        }
        self.metadata = metadata
        self.entries = entries
        var index = [LookupKey: Int](minimumCapacity: entries.count)
        var warnings = warnings
        for i in entries.indices {
            let key = LookupKey(key: entries[i].key, context: entries[i].context)
            if let first = index[key] {
                let entry = entries[i], earlier = entries[first]
                let context = entry.context.map { " (context \(Catalog.quoted($0)))" } ?? ""
                let place = format == .mo ? "entry \(earlier.line)" : "line \(earlier.line), column \(earlier.column)"
                warnings.append(CatalogDiagnostic(
                    file: path, line: entry.line, column: entry.column,
                    message: "duplicate key \(Catalog.quoted(entry.key))\(context); first defined at \(place); lookup uses the first"))
            } else {
                index[key] = i
            }
        }
        self.index = index
        // A stable sort keeps the order of warnings that share a position.
        self.warnings = warnings.enumerated().sorted {
            ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
        }.map(\.element)
    }

    /// The entry for `key` in `context` (`nil` = no context), or `nil` when there is none.
    /// - Complexity: O(1) on average.
    public func entry(_ key: String, context: String? = nil) -> CatalogEntry? {
        index[LookupKey(key: key, context: context)].map { entries[$0] }
    }

    /// The translation of `key` in `context`, or `nil` when the key is missing or untranslated
    /// (empty translation).
    ///
    /// Fuzzy translations are returned like the others; check ``entry(_:context:)`` and
    /// ``CatalogEntry/isFuzzy`` to skip them as gettext does at run time.
    /// - Complexity: O(1) on average.
    public func lookup(_ key: String, context: String? = nil) -> String? {
        guard let translation = entry(key, context: context)?.translation, !translation.isEmpty else { return nil }
        return translation
    }

    /// `text` in double quotes, cut after 60 characters, for messages.
    static func quoted(_ text: String) -> String {
        var shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
        shown = shown.replacingOccurrences(of: "\n", with: "\\n")
        return "\"\(shown)\""
    }
}
