import ArgumentParser

/// The options of `rtl-tui render` that draw a screen file instead of text, included in
/// `RenderCommand` with `@OptionGroup`. `--dir`, `--width`, `--locale`, `--numerals` and `--format`
/// are `render`'s own options and keep their meaning: the screen's direction (`auto`: the locale's,
/// R1), its width (default 80), its locale, its digits (R6) and the output format.
///
///     rtl-tui render --screen Demo/screens/settings.yaml --strings Demo/catalogs/ar.po --both
struct ScreenRenderOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Draw this screen file (YAML; Docs/SCREEN-FORMAT.md) instead of text, without a terminal.",
        valueName: "file"))
    var screen: String?

    @Option(help: ArgumentHelp(
        "With --screen: a catalog of the screen's text (.po, .mo, .strings, .stringsdict, .xcstrings, strings.xml, .xlf, .json, .arb, Qt .ts, .qm), or a folder of them (res/, po/, ar.lproj/: read as check reads folders). Repeatable; the first catalog that has a key wins.",
        valueName: "file"))
    var strings: [String] = []

    @Option(help: ArgumentHelp("With --screen: the height in rows (default \(ScreenRenderJob.defaultHeight)).", valueName: "rows"))
    var height: Int?

    @Option(help: ArgumentHelp(
        "With --screen: the count every text with a count (`count:`, or an argument named count) takes, choosing its plural form (ar: 0, 1, 2, 3, 11 and 100 show the six).",
        valueName: "n"))
    var count: Double?

    @Flag(help: "With --screen: show fuzzy translations (gettext #, fuzzy; needs review) as translated; by default the source shows, as the program shows it (msgfmt leaves them out).")
    var includeFuzzy = false

    @Flag(help: "With --screen: draw the screen in LTR and in RTL side by side, each --width wide, stacked when the pair is wider than $COLUMNS (200 when unset).")
    var both = false

    mutating func validate() throws {
        if screen == nil {
            var given: [String] = []
            if !strings.isEmpty { given.append("--strings") }
            if height != nil { given.append("--height") }
            if both { given.append("--both") }
            if count != nil { given.append("--count") }
            if includeFuzzy { given.append("--include-fuzzy") }
            if !given.isEmpty {
                throw ValidationError("\(given.joined(separator: ", ")) \(given.count == 1 ? "needs" : "need") --screen.")
            }
        }
        if let c = count, !c.isFinite || c < 0 || c > 1e15 {
            throw ValidationError("--count must be a number from 0 to 10^15, found \(c).")
        }
        if let h = height, let problem = ScreenRenderJob.sizeProblem(h, option: "--height") {
            throw ValidationError(problem)
        }
    }
}
