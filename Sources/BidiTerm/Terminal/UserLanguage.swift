import Foundation

extension Locales {
    /// The language the user reads messages in, from the environment as GNU gettext reads it: the
    /// first entry of `LANGUAGE` (a colon-separated list of languages, `he:en`) that names a locale
    /// the app offers, else the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not
    /// empty, as written (`he_IL.UTF-8`, `C`); `fallback` when none is.
    ///
    /// `LANGUAGE` needs no installed locale, so `LANGUAGE=he` gives Hebrew on a server that has
    /// only `C.UTF-8`. Hand the result to `RenderContext(locale:)` for the direction and digits, to
    /// `Locales.language(of:)` for the language alone; `C` and `POSIX` name no language
    /// (`Locales.canonicalTag(_:)` is nil for them), which an app reads as its own default.
    ///
    ///     Locales.userLanguage(environment: ["LANGUAGE": "fr:he", "LANG": "en_US.UTF-8"],
    ///                          offered: ["en", "he"])                        // "he"
    ///     Locales.userLanguage(environment: ["LC_ALL": "ar_EG.UTF-8"])       // "ar_EG.UTF-8"
    ///     Locales.userLanguage(environment: [:])                             // "en"
    ///
    /// - Parameters:
    ///   - environment: the variables to read; the process's own by default.
    ///   - offered: the languages the app has messages in (language subtags: `he`, `ar`); nil
    ///     takes the first entry of `LANGUAGE` that names any locale. `LC_ALL`, `LC_MESSAGES` and
    ///     `LANG` are returned whether offered or not: the app falls back from them itself.
    ///   - fallback: the answer when no variable names a language.
    public static func userLanguage(environment: [String: String] = ProcessInfo.processInfo.environment,
                                    offered: Set<String>? = nil, fallback: String = "en") -> String {
        for entry in (environment["LANGUAGE"] ?? "").split(separator: ":") {
            guard let tag = canonicalTag(String(entry)) else { continue }
            if offered.map({ $0.contains(language(of: tag)) }) ?? true { return String(entry) }
        }
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[variable], !value.isEmpty { return value }
        }
        return fallback
    }
}
