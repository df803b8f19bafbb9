import ArgumentParser
import BidiTerm

// The options that several commands share, each declared once and included with `@OptionGroup`.
// `render`, which scripts start once per string, declares the untitled ones it takes as options of
// its own, with the help given here (each group argument-parser reflects on costs start-up time).

/// `--dir`: the direction (R1).
struct DirectionOptions: ParsableArguments {
    /// The help of `--dir`.
    static let help: ArgumentHelp = """
        Direction: ltr, rtl, or auto (text: each paragraph's first strong character, else the \
        locale's direction, else LTR; screens and the demo: the locale's direction, R1).
        """

    @Option(help: DirectionOptions.help)
    var dir: DirectionOption = .auto
}

/// The values of `--dir`.
enum DirectionOption: String, ExpressibleByArgument, CaseIterable {
    case ltr, rtl, auto

    /// The paragraph direction of text: `auto` takes the first strong character, else `fallback`.
    func base(fallback: LayoutDirection) -> BaseDirection {
        switch self {
        case .ltr: return .ltr
        case .rtl: return .rtl
        case .auto: return .auto(fallback: fallback)
        }
    }

    /// The layout direction of a screen or an app: nil for `auto` (the locale's, R1).
    var fixed: LayoutDirection? {
        switch self {
        case .ltr: return .ltr
        case .rtl: return .rtl
        case .auto: return nil
        }
    }
}

/// `--numerals`: the digits (R6).
struct NumeralsOptions: ParsableArguments {
    /// The help of `--numerals`.
    static let help: ArgumentHelp = """
        Digits: latn (0–9), arab (٠–٩), arabext (۰–۹), locale (the locale's, R6) or keep (as \
        written). Default: keep for text, locale for screens and the demo.
        """

    @Option(help: NumeralsOptions.help)
    var numerals: NumeralsOption?
}

/// The values of `--numerals`.
enum NumeralsOption: String, ExpressibleByArgument, CaseIterable {
    case latn, arab, arabext, locale, keep

    /// The digit system this value names; nil for `keep` and `locale`, whose digits depend on the
    /// text or the locale.
    var fixed: NumeralSystem? {
        switch self {
        case .latn: return .latn
        case .arab: return .arab
        case .arabext: return .arabext
        case .locale, .keep: return nil
        }
    }
}

/// `--locale`.
struct LocaleOptions: ParsableArguments {
    /// The help of `--locale`.
    static let help: ArgumentHelp = """
        Language (ar, he, fa, en, en_US…): the direction (R1) and the digits (R6) that follow from \
        it; for catalogs, over what each file says.
        """

    @Option(help: LocaleOptions.help)
    var locale: String?
}

/// `--pseudo`: a pseudo-locale, for screens.
struct PseudoLocaleOptions: ParsableArguments {
    @Option(help: ArgumentHelp("""
        A pseudo-locale for the screens' text, made from the source language's catalog: ar-XB \
        (each word mirrored, right to left) or en-XA (accented, in brackets, 40–50% longer). The \
        same as --locale ar-XB or --locale en-XA.
        """, valueName: "ar-XB|en-XA"))
    var pseudo: PseudoLocale?

    /// The locale to use: the pseudo-locale when given, else `locale`.
    /// - Throws: `ValidationError` when both are given and name different locales.
    func locale(_ locale: String?) throws -> String? {
        guard let pseudo else { return locale }
        if let locale, PseudoLocale(locale: locale) != pseudo {
            throw ValidationError("--pseudo \(pseudo.rawValue) and --locale \(locale) name different locales.")
        }
        return pseudo.rawValue
    }
}

extension PseudoLocale: ExpressibleByArgument {
    public init?(argument: String) { self.init(locale: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// `--no-shape`.
struct ShapingOptions: ParsableArguments {
    /// The help of `--no-shape`.
    static let help: ArgumentHelp = "Do not shape Arabic letters (for terminals that shape by themselves, R20)."

    @Flag(help: ShapingOptions.help)
    var noShape = false
}

/// `--bidi-mode`, for the full-screen commands.
struct BidiModeOptions: ParsableArguments {
    /// The help of `--bidi-mode`.
    static let help: ArgumentHelp = """
        Who runs bidi (R21): auto (default: identify the terminal and do what reads right in it: \
        switch its bidi off, send rows in the order its own bidi turns back into the picture, or \
        show a notice with the setting to change), explicit (rtl-tui reorders and tells the \
        terminal not to; for terminals whose bidi is off), implicit (logical, unshaped text for a \
        terminal that does bidi; widgets stay mirrored), none (send nothing), konsole, putty, \
        qterminal, kitty (send rows for that terminal's own bidi).
        """

    @Option(help: BidiModeOptions.help)
    var bidiMode: TerminalBidiMode = .auto
}

extension TerminalBidiMode: ExpressibleByArgument {}

/// `--no-alternate-screen`, for the full-screen commands that show content (demo, preview, browse).
struct AlternateScreenOptions: ParsableArguments {
    @Flag(inversion: .prefixedNo, help: """
        Draw on the terminal's alternate screen (default), so the screen you had comes back on \
        quit. --no-alternate-screen draws on the normal screen: the last frame stays visible, and \
        then in the scrollback, after you quit.
        """)
    var alternateScreen = true
}

/// `--marks`, for the full-screen commands.
struct MarksOptions: ParsableArguments {
    /// The values of `--marks`.
    enum Choice: String, CaseIterable, ExpressibleByArgument {
        case auto, combined, cell, drop
    }

    @Option(help: """
        Where Arabic harakat and Hebrew points go: auto (default: from how far the terminal moves \
        the cursor over one at start-up: on their letter, or, where a mark takes a cell of its own \
        (terminology), in a cell after their letter, so rows keep their columns), combined (on \
        their letter), cell (in a cell of their own), drop (left out; rows keep their columns).
        """)
    var marks: Choice = .auto

    /// The placement asked for; nil for auto.
    var placement: MarkPlacement? {
        switch marks {
        case .auto: return nil
        case .combined: return .combined
        case .cell: return .cell
        case .drop: return .drop
        }
    }
}

/// `--theme`, for the full-screen commands.
struct ThemeOptions: ParsableArguments {
    @Option(help: """
        Colours: auto (default: from the terminal's background, COLORFGBG, else a theme that reads \
        on light and dark backgrounds), light, dark, or mono (no colours). NO_COLOR always gives mono.
        """)
    var theme: ThemeOption = .auto

    /// The theme for `environment` (`NO_COLOR`, `COLORFGBG`) and the terminal's answer to OSC 11,
    /// when there is one.
    func choice(environment: [String: String], osc11Reply: String? = nil) -> ThemeChoice {
        ThemeChoice.choose(theme, osc11Reply: osc11Reply, environment: environment)
    }
}

extension ThemeOption: ExpressibleByArgument {}

/// `--strict` for the commands that read text (`render`, `inspect`).
struct StrictUTF8Options: ParsableArguments {
    /// The help of `--strict`.
    static let help: ArgumentHelp = "Exit with status 65 when the input is not valid UTF-8 (it is still processed, with U+FFFD)."

    @Flag(help: StrictUTF8Options.help)
    var strict = false
}

/// The catalog files and `--source` of `check` and `browse`.
struct CatalogFileOptions: ParsableArguments {
    @Argument(help: "Catalog files (.po, .mo, .strings, .stringsdict, .xcstrings, Android strings.xml, XLIFF 1.2/2.0, JSON, ARB, Qt .ts/.qm).")
    var files: [String]

    @Option(help: "A source-language catalog, looked up by key: the source text and the placeholder checks.")
    var source: String?

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one catalog file.") }
    }
}

/// The values of a `String` enum's option, for its help and completions, as argument-parser's own
/// defaults give them, but without what those go through for any raw value type (a key path, the
/// raw value's conformance looked up by name), which the Swift runtime resolves on every run
/// (about 0.3 ms of `render`'s start-up).
extension ExpressibleByArgument where Self: CaseIterable, Self: RawRepresentable, RawValue == String {
    /// Each case's raw value.
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }

    /// A case's description by its raw value, for the cases whose description is not their raw value.
    public static var allValueDescriptions: [String: String] {
        var descriptions: [String: String] = [:]
        for value in allCases where value.rawValue != value.defaultValueDescription {
            descriptions[value.rawValue] = value.defaultValueDescription
        }
        return descriptions
    }
}
