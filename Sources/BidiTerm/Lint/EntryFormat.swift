/// How the placeholders of a catalog's entries are read: from each entry's gettext flags, or, where
/// the file keeps none, from the conventions of its format.
///
/// - gettext entries with a format flag (`#, c-format`, `#, kde-format`, `#, no-c-format`…): the
///   flag decides, as for `msgfmt -c`. A `c-format` msgid whose directives are strftime's (`%H:%M`,
///   `%a %b %e`) is a date format.
/// - gettext entries without one, in a catalog whose msgids with directives are flagged (at least
///   80% of them, as xgettext writes it): not a format string.
/// - gettext entries without one otherwise (`.mo` files, which keep no flags but on their
///   system-dependent strings; `msgunfmt` output): read as xgettext would have marked them. The catalog is Qt/KDE (`%1`) or printf by the majority
///   of its msgids; printf directives are read leniently (`% o` in "99% of" and `%-e` in
///   "%-encoding" are prose), and a msgid whose directives are all strftime's is a date format.
/// - `.strings`, `.stringsdict`, `.xcstrings`: Apple printf (`%@`, `%1$@`, `%#@name@`), read leniently.
/// - Android `strings.xml`: Java's `Formatter` (`%1$s`), read leniently; `formatted="false"` means none.
/// - Qt `.ts`/`.qm`: Qt's `%1`…`%n`, `%L1` (`QString::arg`), strictly.
/// - `.arb`: ICU MessageFormat. JSON and XLIFF: i18next `{{x}}`, ICU `{x}` or printf, by what the
///   source text uses.
struct EntryFormat {
    /// The syntax and whether it was declared (strict) or inferred (lenient); nil: not a format.
    typealias Choice = (syntax: PlaceholderSyntax, strict: Bool)

    let format: CatalogFormat
    /// For gettext: some entry carries a format flag, so a flagless entry is not a format string.
    let gettextFlagged: Bool
    /// For gettext without flags: the catalog's family (`.qt` or `.c`).
    let family: PlaceholderSyntax

    init(format: CatalogFormat, gettextFlagged: Bool, family: PlaceholderSyntax) {
        self.format = format
        self.gettextFlagged = gettextFlagged
        self.family = family
    }

    init(_ catalog: Catalog) {
        format = catalog.format
        var withPercent = 0, flaggedWithPercent = 0
        var qt = 0, printf = 0
        if catalog.format == .po || catalog.format == .mo {
            for e in catalog.entries {
                let id = e.source ?? e.key
                guard id.utf8.contains(UInt8(ascii: "%")) else { continue }
                let q = Placeholder.find(id, syntax: .qt).filter { $0.identity != "%n" }
                let c = Placeholder.find(id, syntax: .c, strict: false).filter { p in
                    // `%1x` is a printf directive as well as Qt's `%1` followed by "x".
                    !p.text.unicodeScalars.dropFirst().first.map(PlaceholderParser.isDigit)!
                }
                if !q.isEmpty && c.isEmpty { qt += 1 } else if !c.isEmpty { printf += 1 }
                guard !q.isEmpty || !c.isEmpty else { continue }
                withPercent += 1
                if e.flags.contains(where: { $0.hasSuffix("-format") }) { flaggedWithPercent += 1 }
            }
        }
        // xgettext flags (nearly) every msgid that has a directive; msgunfmt output and `.mo` files
        // keep flags on a few entries at most (the system-dependent strings).
        gettextFlagged = withPercent > 0 && flaggedWithPercent * 10 >= withPercent * 8
        family = qt > printf ? .qt : .c
    }

    /// The syntax of `entry`'s placeholders, judged from its flags and its source text.
    func choice(for entry: CatalogEntry, source: String?) -> Choice? {
        let flags = entry.flags
        switch format {
        case .po, .mo:
            if let flag = flags.first(where: { $0.hasSuffix("-format") && !$0.hasPrefix("no-") }) {
                guard let syntax = EntryFormat.syntax(forFlag: flag) else { return nil }
                if syntax == .c, let source, Placeholder.looksLikeStrftime(source) { return (.strftime, true) }
                return (syntax, true)
            }
            if gettextFlagged || flags.contains(where: { $0.hasPrefix("no-") && $0.hasSuffix("-format") }) { return nil }
            if let source, Placeholder.looksLikeStrftime(source) { return (.strftime, false) }
            return (family, false)
        case .strings, .stringsdict, .xcstrings:
            return (.objc, false)
        case .androidXML:
            if flags.contains("formatted=false") { return nil }
            return (.java, false)
        case .arb:
            return (.icu, true)
        case .qtTS, .qtQM:
            // Qt's tr(): %1…%99, %L1, and %n in numerus messages.
            return (.qt, true)
        case .json, .xliff12, .xliff20:
            let text = source ?? entry.translation ?? ""
            if !Placeholder.find(text, syntax: .i18next).isEmpty { return (.i18next, false) }
            if !Placeholder.find(text, syntax: .icu).isEmpty { return (.icu, false) }
            return (.objc, false)
        }
    }

    /// The syntax a gettext `*-format` flag names; nil for the ones this linter does not read
    /// (`lisp-format`, `scheme-format`, …: their directives are not compared).
    static func syntax(forFlag flag: String) -> PlaceholderSyntax? {
        switch flag {
        case "c-format", "javascript-format", "php-format", "lua-format", "awk-format", "perl-format", "ruby-format",
             "gcc-internal-format", "gfc-internal-format", "object-pascal-format", "tcl-format", "elisp-format",
             "librep-format":
            return .c
        case "objc-format": return .objc
        case "java-printf-format": return .java
        case "qt-format", "kde-format", "qt-plural-format", "kde-kuit-format", "ycp-format", "smalltalk-format": return .qt
        case "python-format": return .python
        case "python-brace-format", "perl-brace-format", "csharp-format", "rust-format": return .brace
        case "java-format": return .icu
        case "sh-format": return .shell
        default: return nil
        }
    }
}
