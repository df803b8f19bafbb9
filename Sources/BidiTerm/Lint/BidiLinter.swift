import Foundation

/// How serious a finding is. Errors fail `rtl-tui check`; warnings fail it only with `--strict`.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    /// Worth knowing; never fails a check.
    case info
    /// Fails `rtl-tui check` with `--strict`.
    case warning
    /// Fails `rtl-tui check`.
    case error
    /// Info < warning < error.
    public static func < (a: Severity, b: Severity) -> Bool {
        let order: [Severity] = [.info, .warning, .error]
        return order.firstIndex(of: a)! < order.firstIndex(of: b)!
    }
}

/// One problem found in one catalog entry.
public struct Finding: Sendable, Hashable {
    /// A stable id, one of ``LintRule/all``.
    public var id: String
    /// How serious it is.
    public var severity: Severity
    /// The catalog file.
    public var file: String
    /// The entry's line in the file (1-based; 0 when unknown).
    public var line: Int
    /// The entry's column (1-based; 0 when unknown).
    public var column: Int
    /// The entry's key (and context, as `context|key`), or "" for file-level findings.
    public var key: String
    /// What is wrong.
    public var message: String
    /// The string as it will look in the locale's direction (visual order, shaped, hidden controls
    /// shown as `⟨RLO⟩` and the like, controls as placeholders).
    public var rendered: String
    /// What to do about it, in logical order (hidden characters revealed in place); empty when
    /// there is nothing specific to suggest.
    public var suggestion: String
    /// The entry's key without its context.
    public var entryKey: String
    /// The gettext `msgctxt` (Android `product`), when the entry has one.
    public var context: String?
    /// The plural form checked: the gettext index (`"2"`) or the CLDR category (`"few"`); nil for a
    /// string that is not plural.
    public var pluralForm: String?
    /// The text checked, raw (controls and all).
    public var translation: String?
    /// The source text it was compared with.
    public var source: String?
    /// True when the entry is marked fuzzy (needs review); such entries are checked only on request.
    public var fuzzy: Bool
    /// True when `rtl-tui check --fix` repairs this finding.
    public var fixable: Bool

    /// A finding of check `id` on the entry `key` at `file`:`line`:`column`.
    public init(id: String, severity: Severity, file: String, line: Int, column: Int, key: String, message: String,
                rendered: String = "", suggestion: String = "", entryKey: String = "", context: String? = nil,
                pluralForm: String? = nil, translation: String? = nil, source: String? = nil, fuzzy: Bool = false,
                fixable: Bool = false) {
        self.id = id
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.key = key
        self.message = message
        self.rendered = rendered
        self.suggestion = suggestion
        self.entryKey = entryKey
        self.context = context
        self.pluralForm = pluralForm
        self.translation = translation
        self.source = source
        self.fuzzy = fuzzy
        self.fixable = fixable
    }
}

/// A bidi linter for translated UI strings: what a QA reader of Arabic, Hebrew or Persian strings
/// looks for, automated. The checks are listed in ``LintRule/all``.
///
///     let catalog = try CatalogLoader.load(path: "Examples/souk/po/ar.po")
///     let linter = BidiLinter(options: .init(locale: "ar", maxWidth: 40))
///     let findings = linter.check(catalog, source: nil)
public final class BidiLinter {
    /// What to check.
    public struct Options: Sendable {
        /// The catalog's language (overrides what the catalog says); decides the direction.
        public var locale: String?
        /// Flag strings wider than this many cells after shaping.
        public var maxWidth: Int?
        /// A width per key (`context|key`), winning over ``maxWidth`` (from a configuration file).
        public var maxWidthForKey: (@Sendable (String) -> Int?)?
        /// Check fuzzy entries too (they are skipped by default, as gettext skips them at run time).
        public var includeFuzzy: Bool
        /// Ids of checks not to run.
        public var disabled: Set<String>

        /// Options; by default every check runs on every entry that is not fuzzy.
        public init(locale: String? = nil, maxWidth: Int? = nil, includeFuzzy: Bool = false, disabled: Set<String> = [],
                    maxWidthForKey: (@Sendable (String) -> Int?)? = nil) {
            self.locale = locale
            self.maxWidth = maxWidth
            self.includeFuzzy = includeFuzzy
            self.disabled = disabled
            self.maxWidthForKey = maxWidthForKey
        }
    }

    /// What the linter checks.
    public let options: Options
    let engine = BidiEngine()

    /// A linter with `options`.
    public init(options: Options = Options()) { self.options = options }

    func enabled(_ id: String) -> Bool { !options.disabled.contains(id) }

    /// The findings for every entry of `catalog`, in file order. `source` is an optional catalog in
    /// the source language, looked up by key, for the comparisons with the source when the catalog
    /// itself carries no source text.
    public func check(_ catalog: Catalog, source: Catalog? = nil) -> [Finding] {
        check(catalog, source: source, facts: nil)
    }

    /// What the checks of one entry read from the whole catalog rather than from the entry: how its
    /// placeholders are read when the file keeps no flags, whether the catalog is stored in visual
    /// order, the Latin words its translators keep. A catalog's own facts come from
    /// ``CatalogFacts/init(_:linter:locale:)``; an excerpt of a catalog (the labelled sample of the
    /// installed catalogs) carries the facts of the catalog it was taken from.
    struct CatalogFacts: Sendable, Hashable {
        var family: PlaceholderSyntax
        var gettextFlagged: Bool
        var visualCatalog: String?
        var keptLatin: Set<String>

        init(family: PlaceholderSyntax, gettextFlagged: Bool, visualCatalog: String?, keptLatin: Set<String>) {
            self.family = family
            self.gettextFlagged = gettextFlagged
            self.visualCatalog = visualCatalog
            self.keptLatin = keptLatin
        }

        init(_ catalog: Catalog, linter: BidiLinter, locale: String) {
            let format = EntryFormat(catalog)
            family = format.family
            gettextFlagged = format.gettextFlagged
            visualCatalog = linter.enabled("visual-order") ? BidiLinter.catalogInVisualOrder(catalog) : nil
            keptLatin = LayoutDirection(locale: locale) == .rtl && linter.enabled("untranslated") ? BidiLinter.keptLatinWords(catalog) : []
        }
    }

    /// The findings of `catalog` with the catalog-wide `facts` given (nil: read from the catalog).
    func check(_ catalog: Catalog, source: Catalog?, facts given: CatalogFacts?) -> [Finding] {
        let locale = options.locale ?? catalog.locale ?? ""
        let direction = LayoutDirection(locale: locale)
        let facts = given ?? CatalogFacts(catalog, linter: self, locale: locale)
        let format = EntryFormat(format: catalog.format, gettextFlagged: facts.gettextFlagged, family: facts.family)
        let plurals = PluralContext(catalog, locale: locale)
        let visualCatalog = facts.visualCatalog
        let kept = facts.keptLatin
        var out: [Finding] = []
        for w in catalog.warnings {
            // The loaders' count of plural forms against the header (or Qt's rules) is the
            // `plural-forms` check's.
            if w.message.contains("plural forms but the header's Plural-Forms says") || w.message.contains("numerus forms, but Qt's numerus rules") { continue }
            let utf8 = w.message.contains("UTF-8")
            let id = utf8 ? "invalid-utf8" : "catalog-warning"
            guard enabled(id) else { continue }
            out.append(Finding(id: id, severity: utf8 ? .error : .warning, file: w.file, line: w.line, column: w.column,
                               key: "", message: w.message, suggestion: utf8 ? "Save the file as UTF-8." : ""))
        }
        if let f = plurals.headerFinding(catalog), enabled("plural-forms") { out.append(f) }
        if let f = plurals.headerProblemFinding(catalog), enabled("plural-header") { out.append(f) }
        // The entries, in parts checked side by side on the cores for a big catalog (a linter, with
        // its engine, per part), joined in file order.
        let count = catalog.entries.count
        let parts = count / 2 >= entriesPerPart ? min(maxParts, count / entriesPerPart) : 1
        if parts <= 1 {
            return out + checkEntries(0..<count, catalog: catalog, source: source, direction: direction, locale: locale,
                                      format: format, plurals: plurals, visualCatalog: visualCatalog, kept: kept)
        }
        // Each part's linter is used by its own thread only; the catalog and what was read from it
        // are only read.
        final class Parts: @unchecked Sendable {
            var findings: [[Finding]]
            let linters: [BidiLinter]
            let lock = NSLock()
            let work: (BidiLinter, Int) -> [Finding]
            init(_ linters: [BidiLinter], work: @escaping (BidiLinter, Int) -> [Finding]) {
                self.linters = linters
                self.work = work
                findings = [[Finding]](repeating: [], count: linters.count)
            }
            func run(_ i: Int) {
                let found = work(linters[i], i)
                lock.lock()
                findings[i] = found
                lock.unlock()
            }
        }
        let results = Parts([self] + (1..<parts).map { _ in BidiLinter(options: options) }) { linter, i in
            linter.checkEntries((count * i / parts)..<(count * (i + 1) / parts), catalog: catalog, source: source, direction: direction,
                                locale: locale, format: format, plurals: plurals, visualCatalog: visualCatalog, kept: kept)
        }
        // Threads of their own: `check` is often called from a Dispatch apply over files, inside which
        // a nested apply runs its iterations one after the other.
        let done = DispatchSemaphore(value: 0)
        for i in 1..<parts {
            Thread.detachNewThread {
                results.run(i)
                done.signal()
            }
        }
        results.run(0)
        for _ in 1..<parts { done.wait() }
        return out + results.findings.joined()
    }

    /// The fewest entries of a part when a catalog is checked in parts (tests make it small).
    var entriesPerPart = 20_000
    /// The most parts checked side by side: one a core, at most 8 (tests set it, so that a machine
    /// of one core splits too).
    var maxParts = min(ProcessInfo.processInfo.activeProcessorCount, 8)

    /// The findings of the entries `range` of `catalog`, in file order.
    private func checkEntries(_ range: Range<Int>, catalog: Catalog, source: Catalog?, direction: LayoutDirection, locale: String,
                              format: EntryFormat, plurals: PluralContext, visualCatalog: String?, kept: Set<String>) -> [Finding] {
        var out: [Finding] = []
        for i in range {
            let e = catalog.entries[i]
            if e.isFuzzy && !options.includeFuzzy { continue }
            let entry = EntryContext(linter: self, catalog: catalog, entry: e, direction: direction, locale: locale,
                                     visualCatalog: visualCatalog, keptLatin: kept)
            // An entry reported as stored reversed gets no warning besides: they would only repeat it.
            let mark = out.count
            defer {
                if out[mark...].contains(where: { $0.id == "visual-order" }) {
                    out = Array(out[..<mark]) + out[mark...].filter { $0.severity != .warning }
                }
            }
            // The source text: the --source catalog's text for this key first; else the entry's own
            // source (gettext msgid, XLIFF source) unless it is an identifier key such as
            // `settings.title` (key-based catalogs), which says nothing about the text; for Apple
            // `.strings` and `.stringsdict`, whose keys are often the English text, the key itself
            // when it reads as text (it has a space or a placeholder: "Open %@", not "count").
            let sourceEntry = source?.entry(e.key, context: e.context)
            // A format with several plural variables reads nothing like its key ("%d files in %d
            // folders" against "%#@files@ in %#@folders@"): its forms are checked against the
            // source catalog's, when there is one.
            let variables = e.substitutions
            let sourceVariables = sourceEntry?.substitutions ?? [:]
            let own = e.source ?? ((catalog.format == .strings || catalog.format == .stringsdict) && variables.isEmpty
                                   && e.key.contains(where: { $0 == " " || $0 == "%" }) ? e.key : nil)
            let ownSource = own.flatMap { BidiLinter.looksLikeKey($0) ? nil : $0 }
            var singular = sourceEntry?.translation.flatMap { $0.isEmpty ? nil : $0 } ?? ownSource
            if let s = source, let se = sourceEntry, let text = singular, !sourceVariables.isEmpty {
                // Compared as the translation's format is: each variable's `other` form in place.
                singular = s.expandingSubstitutions(text, of: se, arguments: [])
            }
            let plural = sourceEntry.flatMap { $0.plurals["other"] ?? $0.sourcePlural } ?? e.sourcePlural
            let choice = format.choice(for: e, source: singular ?? plural)

            if enabled("plural-forms"), let f = plurals.entryFinding(entry) { out.append(f) }
            if enabled("plural-zero"), direction == .rtl, let f = zeroFormFindings(entry, plurals) { out.append(f) }

            let forms = entry.forms
            if forms.allSatisfy({ $0.text.isEmpty }) {
                if direction == .rtl && !e.key.isEmpty && enabled("untranslated") && !entry.doNotTranslate {
                    out.append(entry.finding("untranslated", .warning, form: nil, text: "", source: singular,
                                             "no translation", rendered: "", suggestion: "Translate the string."))
                }
                continue
            }
            var seen = Set<String>()   // (filled only for plural forms: one text has nothing to repeat)
            for form in forms where !form.text.isEmpty {
                // For a plural form, the source is msgid_plural (or the source's `other`), except a
                // form only the number 1 takes, which is compared with the singular.
                var src = singular
                var alsoAllowed: String? = nil
                if let index = form.index, let dot = index.lastIndex(of: "."), variables[String(index[..<dot])] != nil {
                    // A variable's form: the source catalog's form of the same variable (its `one`
                    // for a form only 1 takes, else its `other`).
                    let v = String(index[..<dot])
                    let sourceForms = sourceVariables[v]
                    src = plurals.isOne(index) ? (sourceForms?["one"] ?? sourceForms?["other"]) : sourceForms?["other"]
                } else if form.index != nil {
                    let one = plurals.isOne(form.index!)
                    src = one ? (singular ?? plural) : (plural ?? singular)
                    // A placeholder only the singular or only the plural source has still counts.
                    if !one, let s = singular, let p = plural,
                       let c = choice, Placeholder.find(s, syntax: c.syntax, strict: c.strict).count > Placeholder.find(p, syntax: c.syntax, strict: c.strict).count {
                        src = s
                    }
                    // Any form may use what either source has: KDE's "1 file" / "%1 files" gives
                    // every form the number as %1.
                    alsoAllowed = src == singular ? plural : singular
                }
                let textOnly = forms.count > 1 && !seen.insert(form.text).inserted
                out += checkText(TextContext(entry: entry, text: form.text, form: form.index, label: form.label, source: src,
                                             otherSource: alsoAllowed, choice: choice, mayDropPlaceholders: form.index.map(plurals.isSingleValued) ?? false,
                                             repeated: textOnly))
            }
        }
        return out
    }

    /// True for identifier-like keys (`settings.title`, `DOWNLOAD_COUNT`): ASCII, no spaces, no
    /// placeholders.
    static func looksLikeKey(_ s: String) -> Bool {
        !s.isEmpty && s.unicodeScalars.allSatisfy { u in
            (u.value >= 0x30 && u.value <= 0x39) || (u.value >= 0x41 && u.value <= 0x5A) || (u.value >= 0x61 && u.value <= 0x7A)
                || u == "." || u == "_" || u == "-" || u == "/"
        } && s.containsUTF8Byte { $0 == 0x2E || $0 == 0x5F }   // . or _
    }

    /// The string as a QA reader sees it in `direction`: visual order, hidden controls revealed.
    public func render(_ text: String, direction: LayoutDirection) -> String {
        render(text, base: BaseDirection(direction))
    }

    /// `reveal` false: bidi controls and other invisible characters take no cell, as on screen.
    func render(_ text: String, base: BaseDirection, reveal: Bool = true) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            engine.layout(String(line), direction: base, options: LayoutOptions(revealControls: reveal)).lines.map(\.text).joined()
        }.joined(separator: " ⏎ ")
    }
}

/// One entry being checked, with what every finding about it repeats. (A class: the checks pass it
/// around and capture it, and a copy is then one reference, not every field of the entry.)
final class EntryContext {
    let linter: BidiLinter
    let catalog: Catalog
    let entry: CatalogEntry
    let direction: LayoutDirection
    let locale: String
    /// Why the whole catalog reads as stored in visual order, when it does.
    let visualCatalog: String?
    /// The Latin words the catalog's translators kept inside RTL translations (names).
    let keptLatin: Set<String>

    init(linter: BidiLinter, catalog: Catalog, entry: CatalogEntry, direction: LayoutDirection, locale: String, visualCatalog: String?,
         keptLatin: Set<String> = []) {
        self.keptLatin = keptLatin
        self.linter = linter
        self.catalog = catalog
        self.entry = entry
        self.direction = direction
        self.locale = locale
        self.visualCatalog = visualCatalog
    }

    var key: String { entry.context.map { "\($0)|\(entry.key)" } ?? entry.key }

    /// Marked not to be translated (Android `translatable="false"`, XLIFF `translate="no"`, …).
    var doNotTranslate: Bool {
        entry.flags.contains { $0 == "translatable=false" || $0 == "translate=no" || $0 == "shouldTranslate=false" }
    }

    /// The texts to check: the translation, or each plural form with its index or category. A
    /// format with several plural variables (`.stringsdict`): the format as it reads with each
    /// variable's `other` form (`%1$d ملف في %2$d مجلد`, what the user sees, not `%#@files@`),
    /// then each variable's forms, indexed `files.few`.
    var forms: [(index: String?, label: String, text: String)] {
        if entry.plurals.isEmpty {
            let variables = entry.substitutions
            guard !variables.isEmpty else { return [(nil, "", entry.translation ?? "")] }
            let order = ["zero", "one", "two", "few", "many", "other"]
            let format = entry.translation.map { catalog.expandingSubstitutions($0, of: entry, arguments: []) } ?? ""
            return [(nil, "", format)] + entry.substitutionNames.flatMap { v in
                order.compactMap { c in variables[v]?[c].map { ("\(v).\(c)", "variable \(v), plural form \(c): ", $0) } }
            }
        }
        let order = ["zero", "one", "two", "few", "many", "other"]
        let keys = entry.plurals.keys.sorted { a, b in
            if let x = Int(a), let y = Int(b) { return x < y }
            return (order.firstIndex(of: a) ?? 99, a) < (order.firstIndex(of: b) ?? 99, b)
        }
        return keys.map { ($0, "plural form \($0): ", entry.plurals[$0] ?? "") }
    }

    func finding(_ id: String, _ severity: Severity, form: String?, text: String, source: String?, _ message: String,
                 rendered: String, suggestion: String, fixable: Bool = false) -> Finding {
        Finding(id: id, severity: severity, file: catalog.path, line: entry.line, column: entry.column, key: key,
                message: message, rendered: rendered, suggestion: suggestion, entryKey: entry.key, context: entry.context,
                pluralForm: form, translation: text, source: source, fuzzy: entry.isFuzzy, fixable: fixable)
    }
}

/// One text (a translation or one plural form) being checked (a class, as `EntryContext` is).
final class TextContext {
    let entry: EntryContext
    let text: String
    let form: String?
    /// "plural form 2: " or "".
    let label: String
    let source: String?
    /// The other source of a plural entry (msgid when `source` is msgid_plural, and the reverse):
    /// its placeholders may appear too.
    let otherSource: String?
    let choice: EntryFormat.Choice?
    /// A plural form that only one number takes ("one file"): it may leave placeholders out.
    let mayDropPlaceholders: Bool
    /// The same text was checked for an earlier form of the entry: only the form-specific checks run.
    let repeated: Bool

    init(entry: EntryContext, text: String, form: String?, label: String, source: String?, otherSource: String?,
         choice: EntryFormat.Choice?, mayDropPlaceholders: Bool, repeated: Bool) {
        self.entry = entry
        self.text = text
        self.form = form
        self.label = label
        self.source = source
        self.otherSource = otherSource
        self.choice = choice
        self.mayDropPlaceholders = mayDropPlaceholders
        self.repeated = repeated
    }
}
