import BidiTerm
import Foundation

/// The preview's own interface text (header words, footer, help, notices, the cut-text panel):
/// built-in catalogs compiled into the binary (`Resources/Chrome`, SwiftPM's `embedInCode`), never
/// looked up in the catalogs being previewed, so a screen's catalog cannot hide or replace them.
///
/// The language is the user's (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`: `userLocale`) when the
/// built-in catalogs have it, else English; a key missing from a language falls back to English.
/// The chrome is laid out in its own language's direction (R1), whatever the locale previewed.
///
///     let chrome = PreviewChrome(locale: "he_IL.UTF-8")
///     chrome.text("chrome.help.title")   // "מקשים"
public struct PreviewChrome {
    /// The files built into the code, by name, with their language.
    public static let builtIn: [(language: String, bytes: [UInt8])] = [
        ("en", PackageResources.chrome_en_po),
        ("ar", PackageResources.chrome_ar_po),
        ("he", PackageResources.chrome_he_po),
        ("fa", PackageResources.chrome_fa_po),
        ("ur", PackageResources.chrome_ur_po),
    ]

    /// The languages the chrome speaks.
    public static var languages: [String] { builtIn.map(\.language) }

    /// The language used: one of `languages`.
    public let language: String
    let primary: ScreenRenderer
    private let english: ScreenRenderer

    /// The chrome in `locale`'s language when the built-in catalogs have it (`he_IL.UTF-8` → `he`,
    /// `iw` → `he`), else in English.
    public init(locale: String) {
        let tag = Locales.canonicalTag(locale) ?? "en"
        let language = Locales.language(of: tag)
        self.language = PreviewChrome.languages.contains(language) ? language : "en"
        let catalogs = PreviewChrome.catalogs
        english = ScreenRenderer(catalogs: [catalogs["en"]].compactMap { $0 }, locale: "en")
        primary = ScreenRenderer(catalogs: [catalogs[self.language]].compactMap { $0 }, locale: self.language)
    }

    /// The built-in catalogs, by language, parsed once.
    static let catalogs: [String: Catalog] = {
        var out: [String: Catalog] = [:]
        for f in builtIn {
            // The files are the project's own and a test loads each; a broken one is a build error.
            out[f.language] = try? CatalogLoader.load(data: Data(f.bytes), path: "chrome.\(f.language).po", format: .po)
        }
        return out
    }()

    /// The language of the user's messages: `Locales.userLanguage(environment:offered:)` with the
    /// languages the chrome speaks (the first of `LANGUAGE` the chrome has, else `LC_ALL`,
    /// `LC_MESSAGES` or `LANG`; `en` when none is set).
    public static func userLocale(environment: [String: String]) -> String {
        Locales.userLanguage(environment: environment, offered: Set(languages))
    }

    /// The chrome's direction (R1).
    public var direction: LayoutDirection { LayoutDirection(locale: language) }

    /// The digits of numbers in the chrome (R6).
    public var numerals: NumeralSystem { NumeralSystem.forLocale(language) }

    /// The text for `key` with its `{name}` placeholders filled: text arguments isolated (FSI…PDI),
    /// numbers in the chrome's digits. The English text when this language lacks the key; the key
    /// itself only when English lacks it too.
    public func text(_ key: String, _ args: [TextArgument] = []) -> String {
        let ref = TextRef.key(key, args: args)
        let (text, missing) = primary.resolve(ref)
        if missing == nil { return text }
        let (fallback, stillMissing) = english.resolve(ref)
        return stillMissing == nil ? fallback : key
    }

    /// Every key of the English chrome catalog.
    public static var keys: [String] { catalogs["en"]?.entries.map(\.key) ?? [] }
}
