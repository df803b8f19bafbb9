/// The checks of ``BidiLinter``: id, default severity, what each looks for and how to fix it. SARIF
/// reports carry these as `tool.driver.rules`.
public struct LintRule: Sendable, Hashable {
    /// The stable id findings carry (`placeholder-missing`).
    public let id: String
    /// The severity of its findings unless a configuration file says otherwise. (`bidi-unbalanced`
    /// reports a stray PDF/PDI, which reorders nothing, as a warning.)
    public let severity: Severity
    /// One line: what the check finds.
    public let summary: String
    /// Why it matters and what to do.
    public let help: String
    /// True when `rtl-tui check --fix` can repair its findings mechanically.
    public let fixable: Bool

    /// Every check, in the order of the documentation.
    public static let all: [LintRule] = [
        LintRule(id: "invalid-utf8", severity: .error, summary: "Bytes that are not UTF-8.",
                 help: "The loader replaced them by U+FFFD; save the file as UTF-8.", fixable: false),
        LintRule(id: "catalog-warning", severity: .warning, summary: "A problem the loader found in the file (duplicate key, stray comment, obsolete entries).",
                 help: "The message names the line; the catalog was loaded without the part it mentions.", fixable: false),
        LintRule(id: "escape-sequence", severity: .error, summary: "A raw ESC or CSI sequence in a string (R22).",
                 help: "A terminal would act on it. Styling belongs to the UI, not to the string: remove it.", fixable: false),
        LintRule(id: "control-character", severity: .error, summary: "A C0 or C1 control character other than line feed and tab (R22).",
                 help: "Remove the control character.", fixable: false),
        LintRule(id: "bidi-unbalanced", severity: .error,
                 summary: "An unterminated LRE, RLE, LRO, RLO, LRI, RLI or FSI (error; a note when a line break of the string ends it), or a stray PDF or PDI (warning).",
                 help: "An unterminated embedding, override or isolate reorders whatever text follows the string (Trojan Source, CVE-2021-42574). Close it with PDF (U+202C) or PDI (U+2069) where its span ends; remove a stray closer. `--fix` closes it at the end of the string and removes stray closers.",
                 fixable: true),
        LintRule(id: "bidi-override", severity: .warning, summary: "A directional override (LRO, RLO).",
                 help: "An override forces the order of the characters inside it; isolates (FSI…PDI) or marks (RLM, LRM) say what is meant without reversing anything.", fixable: false),
        LintRule(id: "placeholder-missing", severity: .error, summary: "A placeholder of the source is missing from the translation.",
                 help: "Placeholders are read in the entry's format: gettext flags (c-format with glibc's %Id and %OH, kde-format %1, python-brace-format {x}…), Apple %@, Android %1$s, ICU {n}, i18next {{x}}. A plural form used for a single number (zero, one, two) may leave the number out. Keep every placeholder of the source.",
                 fixable: false),
        LintRule(id: "placeholder-added", severity: .error, summary: "The translation has a placeholder the source does not have, or a strftime directive strftime does not know.",
                 help: "An extra printf directive reads an argument that is not there (a crash or garbage). Use only the source's placeholders.", fixable: false),
        LintRule(id: "placeholder-unisolated", severity: .warning,
                 summary: "A placeholder in RTL text that a left-to-right value reorders with its neighbours.",
                 help: "The string is laid out with a sample value bare and inside FSI…PDI; the finding shows both when they differ. Wrap the placeholder in FSI (U+2068) … PDI (U+2069).", fixable: false),
        LintRule(id: "literal-unisolated", severity: .warning,
                 summary: "A URL, e-mail address, path, file name, version number or option name in RTL text that the line shows pulled apart (R34).",
                 help: "Neutral characters at the ends of literal left-to-right text take the RTL line's direction: `https://example.org/` shows as `/https://example.org`, `--from-file` as `from-file--`, `1.2.3-beta` as `beta-1.2.3`. The line is laid out bare and with the text inside FSI…PDI; the finding shows both. Wrap it in FSI (U+2068) … PDI (U+2069); `--fix` does.", fixable: true),
        LintRule(id: "direction-dependent", severity: .warning,
                 summary: "A line an RTL reader sees differently in the locale's RTL paragraph and in a first-strong (auto) paragraph.",
                 help: "Toolkits that pick the paragraph direction from the first strong character (GTK, Android, HTML dir=auto) show a line that starts with a Latin word, or a placeholder that holds Latin text, left to right. A placeholder followed by punctuation counts when the source says it holds a name (R35: `%s: …`, `'%s'`, `file %s`); one that holds a number by its format (`%d`) or by the unit after it (`%s KB`) never does. Start the line with RLM (U+200F).", fixable: false),
        LintRule(id: "untranslated", severity: .warning, summary: "No RTL letter in an RTL locale, or an empty translation.",
                 help: "Text with no letters outside its placeholders and directives (%OH:%OM) is not reported. Translate the string, or ignore its key in the configuration file when Latin is intended.", fixable: false),
        LintRule(id: "overflow", severity: .warning, summary: "Wider than max-width cells after shaping.",
                 help: "Set max-width with --max-width or per key and file in .rtl-tui-check.yaml; shorten the translation.", fixable: false),
        LintRule(id: "presentation-forms", severity: .warning, summary: "Pre-shaped Arabic presentation forms stored instead of letters.",
                 help: "Presentation forms defeat search, sorting and the shaping of the display. Store the logical letters; `--fix` replaces them.", fixable: true),
        LintRule(id: "mixed-digits", severity: .warning, summary: "More than one digit system in one string.",
                 help: "Use the locale's digits; placeholders (%1, %2$s) and digits inside Latin words keep theirs.", fixable: false),
        LintRule(id: "brackets", severity: .warning,
                 summary: "Brackets ()[]{}<> that differ from the source in number or pairing, or that were mirrored by hand.",
                 help: "In logical order an RTL text uses the same “(” … “)” as English: the display mirrors them. A “)” typed where the text opens, or a bracket dropped with its parenthesised text, shows wrongly or loses meaning.", fixable: false),
        LintRule(id: "escapes", severity: .warning,
                 summary: "Line breaks, tabs, leading or trailing whitespace, or literal backslash escapes that differ from the source (a note for a trailing space or line break that changes nothing on screen).",
                 help: "Programs join and print these strings as they are: a lost trailing \\n glues two lines, a lost leading space glues two words.", fixable: false),
        LintRule(id: "numbers", severity: .warning, summary: "A number of the source missing from the translation (in any digit system).",
                 help: "Numbers are compared by value: 100 and ١٠٠ and ۱۰۰ match. A number written as a word is reported too: check it.", fixable: false),
        LintRule(id: "plural-forms", severity: .error,
                 summary: "A plural entry whose number of forms differs from the header's Plural-Forms, or that lacks a CLDR category of its language.",
                 help: "gettext falls back to the source text when a form is missing; Android and Apple show the `other` form. Give every form the language has.", fixable: false),
        LintRule(id: "slashes", severity: .warning, summary: "A slash of the source typed as a backslash, or a backslash as a slash.",
                 help: "`%s / %s` → `%s \\ %s`, `\\N` → `/N`: paths, units and regular expressions change meaning. Counted outside placeholders, URLs and escapes such as \\n.", fixable: false),
        LintRule(id: "placeholder-spacing", severity: .warning, summary: "A placeholder glued to the next word where the source has a space.",
                 help: "`%1پشتیبانی` ← `%1 is not supported`: the value and the word run together on screen. A suffix of one or two letters after a placeholder is left alone.", fixable: false),
        LintRule(id: "guillemets", severity: .warning, summary: "Guillemets typed mirrored (»…«) in RTL text.",
                 help: "In logical order an RTL text opens with « and closes with », as French does: the display mirrors them. Typed »…« they show pointing inward. `--fix` swaps them when every pair is mirrored.", fixable: true),
        LintRule(id: "plural-zero", severity: .warning, summary: "A plural form only n=0 takes that shares no word with the entry's other forms.",
                 help: "Arabic's form 0 (\"no files\") is rarely seen in testing: text from another message pasted there goes unnoticed. Reported when it has fewer than half of the words all the other forms have (two words match when they share three letters in a row: الملفّ, ملفّات).", fixable: false),
        LintRule(id: "plural-header", severity: .error,
                 summary: "A Plural-Forms header gettext rejects: nplurals missing or out of range, no plural=, an expression that does not parse or gives a form past nplurals.",
                 help: "msgfmt refuses such a file and gettext at run time falls back to two forms. The finding points at the line and column where the header goes wrong; the entries are then checked against the language's CLDR forms. Write the header msginit writes for the language.", fixable: false),
        LintRule(id: "visual-order", severity: .error, summary: "Hebrew or Arabic stored in visual (reversed) order.",
                 help: "Text typed for a display without bidi is stored reversed (ןורכזה רמגנ); a terminal or toolkit with bidi shows it backwards. Hebrew final letters (ך ם ן ף ץ) that start words and never end one are the sign. Store the text in logical order.", fixable: false),
    ]

    /// The rule with this id.
    public static func named(_ id: String) -> LintRule? { all.first { $0.id == id } }
}
