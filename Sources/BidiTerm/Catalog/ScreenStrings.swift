import Foundation

/// One translation of a catalog entry, as ``ScreenStrings`` found it on a screen: the entry's
/// identity, the form that matched and the linter's findings for it.
public struct EntryRef: Sendable, Hashable {
    /// The entry's key (gettext `msgid`, `.strings` key, …).
    public var key: String
    /// The gettext `msgctxt` (Android `product`), when the entry has one.
    public var context: String?
    /// The source-language text, when the format carries it.
    public var source: String?
    /// The form that matched, as the catalog writes it (placeholders and all).
    public var translation: String
    /// Which form matched: the plural form as the catalog names it (`"2"`, `"few"`), or the path of
    /// an `.xcstrings`/`.stringsdict` variation (`device.mac`); nil for the plain translation.
    public var pluralForm: String?
    /// The catalog file.
    public var file: String
    /// The entry's line in the file (for a `.mo` file, its index plus one).
    public var line: Int
    /// The catalog's language, when known.
    public var locale: String?
    /// True when the entry is marked fuzzy (matched only when ``ScreenStrings`` was asked to).
    public var isFuzzy: Bool
    /// The linter's findings for the entry: those of this form and those of the whole entry.
    public var findings: [Finding]

    /// Creates a reference.
    public init(key: String, context: String? = nil, source: String? = nil, translation: String, pluralForm: String? = nil,
                file: String, line: Int, locale: String? = nil, isFuzzy: Bool = false, findings: [Finding] = []) {
        self.key = key
        self.context = context
        self.source = source
        self.translation = translation
        self.pluralForm = pluralForm
        self.file = file
        self.line = line
        self.locale = locale
        self.isFuzzy = isFuzzy
        self.findings = findings
    }
}

/// What ``ScreenStrings/match(rows:)`` found on one screen.
public struct ScreenMatch: Sendable {
    /// The cells of one row that a hit or a text covers.
    public struct Span: Sendable, Hashable {
        /// The row (0-based).
        public var row: Int
        /// The columns of that row.
        public var columns: Range<Int>
        /// Creates a span.
        public init(row: Int, columns: Range<Int>) {
            self.row = row
            self.columns = columns
        }
    }

    /// One translation found on the screen.
    public struct Hit: Sendable, Hashable {
        /// The entry and the form that matched.
        public var entry: EntryRef
        /// The index of the form among the entry's forms: the translation, then the plural forms (in
        /// index order, or zero, one, two, few, many, other), then the variations (by path).
        public var form: Int
        /// The first row.
        public var row: Int
        /// The columns of the hit: on its one row, or the box around it when it is wrapped.
        public var columns: Range<Int>
        /// The rows it covers: more than one when the text is wrapped.
        public var rows: Range<Int>
        /// The exact cells, one span per row.
        public var spans: [Span]
        /// The text on the screen, whitespace folded (rows joined with a space).
        public var text: String
    }

    /// Text that no entry covers.
    public struct Text: Sendable, Hashable {
        /// The row (0-based).
        public var row: Int
        /// The columns.
        public var columns: Range<Int>
        /// The text, in logical order, whitespace folded.
        public var text: String
    }

    /// The translations on the screen, in reading order (row, then column).
    public var hits: [Hit]
    /// Runs of text with letters of the chosen kind (``ScreenStrings/UnmatchedLetters``) that no hit
    /// covers: untranslated or hard-coded text. A run ends at a box character, at a gap of two or
    /// more spaces, at a hit and at the end of the row.
    public var unmatched: [Text]
}

/// The translations of a set of catalogs, prepared to be found on terminal screens: which entries
/// a screen shows (for QA of a localized program run under `rtl-tui run --strings`), and which text
/// on it comes from none.
///
///     // Fragment: `screenRows` are the rows of a program's screen, in logical order
///     let strings = ScreenStrings(catalogs: [try CatalogLoader.load(path: "po/ar.po")])
///     let found = strings.match(rows: screenRows)   // each row in logical order
///     for hit in found.hits { print(hit.row, hit.columns, hit.entry.key) }
///
/// **Forms.** Every non-empty form of every translated entry is a matcher: the translation, each
/// plural form, each `.xcstrings` variation (the fragments of a `.stringsdict` variable aside).
/// Untranslated entries are skipped, and fuzzy ones unless `includeFuzzy` says otherwise.
///
/// **Comparison.** Text is compared case-sensitively after NFC, with runs of whitespace folded to
/// one space and invisible format characters (bidi marks and isolates, ZWSP, ZWNJ, ZWJ, soft
/// hyphen) dropped, on both sides. The placeholders of the entry's format (as ``BidiLinter`` reads
/// them: `%s`, `%1$d`, `{name}`, `%@`, Qt's `%1`, …) match any text of zero or more characters;
/// `%%` and `{{` are the characters they stand for. A placeholder that starts or ends a form takes
/// the text up to the edge of its field (see below). Where a form's text starts or ends with a
/// letter or digit, the screen must not have one next to it: `ملف` is not found in `الملفات`.
///
/// **Fields and rows.** Box-drawing and block characters (U+2500–259F: `│`, `║`, `┃`, …) are
/// borders: the text between them is a *piece*, and no match crosses a border. A *field* is a run
/// of a piece between gaps of two or more spaces. A translation may also run over the pieces of up to
/// ``maxWrappedRows`` consecutive rows that start at the same column (a message wrapped inside a
/// dialog box), joined with a space; such a hit must use each of those rows.
///
/// **Short translations.** A form whose text outside placeholders has fewer than 3 letters, or
/// whose longest literal part is shorter than 3 characters (`لا`, `%d ث`), matches only a whole
/// field, punctuation at the field's ends aside (`< لا >`); a form with no letter at all (`%s`,
/// `%d%%`, `—`) never matches.
///
/// **Overlaps.** When matches overlap, the one with more literal characters wins, then the one
/// covering more text; entries with the same text on the same cells all get a hit.
///
/// **Index.** Each form's longest literal part is hashed by its rarest trigram at init, so a
/// screen costs one hash lookup per character and a check per candidate, whatever the number of
/// entries.
public struct ScreenStrings: Sendable {
    /// Which uncovered text ``ScreenMatch/unmatched`` lists.
    public enum UnmatchedLetters: Sendable, Hashable {
        /// Text with a right-to-left letter (Hebrew, Arabic, …): hard-coded text in the program's
        /// language. Latin file names and commands are left out. The default.
        case rightToLeft
        /// Text with any letter: also the untranslated (source-language) strings.
        case any
    }

    /// The most rows a wrapped translation is looked for on.
    public static let maxWrappedRows = 3

    /// One matcher: the literal parts of a form, between placeholders.
    struct Form: Sendable {
        var ref: EntryRef
        var index: Int
        var literals: [[UInt32]]
        var leading: Bool
        var trailing: Bool
        var anchor: Int
        var weight: Int
    }

    let forms: [Form]
    /// Each form's longest literal part, for the first check of a candidate.
    let anchors: [[UInt32]]
    /// Trigram → bucket of (form, offset of the trigram in the form's anchor).
    let trigrams: [UInt64: Int32]
    let bucketStart: [Int32]
    let bucketForm: [Int32]
    let bucketOffset: [Int32]
    /// Short forms, matched against whole fields: by their whole text, the literal they start with,
    /// the one they end with, and the rest.
    let shortExact: [[UInt32]: [Int32]]
    let shortPrefix: [[UInt32]: [Int32]]
    let shortSuffix: [[UInt32]: [Int32]]
    let shortOther: [Int32]
    let prefixLengths: [Int]
    let suffixLengths: [Int]
    let unmatchedLetters: UnmatchedLetters

    /// The number of entries with at least one form that can match.
    public let entryCount: Int
    /// The number of forms that can match.
    public var formCount: Int { forms.count }

    /// Prepares the translations of `catalogs`.
    ///
    /// - Parameters:
    ///   - catalogs: the catalogs whose entries the screen's text is matched against.
    ///   - findings: the linter's findings (``BidiLinter/check(_:source:)``) of these catalogs,
    ///     attached to the entries they concern (by file, key and context).
    ///   - includeFuzzy: match fuzzy entries too.
    ///   - unmatchedLetters: which uncovered text to list.
    /// - Complexity: O(*n*) in the total length of the translations.
    public init(catalogs: [Catalog], findings: [Finding] = [], includeFuzzy: Bool = false,
                unmatchedLetters: UnmatchedLetters = .rightToLeft) {
        struct FindingKey: Hashable { var file: String; var key: String; var context: String? }
        var byEntry: [FindingKey: [Finding]] = [:]
        for f in findings where !f.key.isEmpty {
            byEntry[FindingKey(file: f.file, key: f.entryKey.isEmpty ? f.key : f.entryKey, context: f.context), default: []].append(f)
        }
        var forms: [Form] = []
        var entries = 0
        for catalog in catalogs {
            let format = EntryFormat(catalog)
            for e in catalog.entries where e.isTranslated && (includeFuzzy || !e.isFuzzy) {
                let choice = format.choice(for: e, source: e.source ?? e.key)
                let mine = byEntry[FindingKey(file: catalog.path, key: e.key, context: e.context)] ?? []
                var any = false
                for (i, t) in ScreenStrings.texts(of: e).enumerated() {
                    let found = choice.map { Placeholder.find(t.text, syntax: $0.syntax, strict: $0.strict) } ?? []
                    guard var form = ScreenStrings.compile(t.text, placeholders: found, syntax: choice?.syntax) else { continue }
                    form.index = i
                    form.ref = EntryRef(key: e.key, context: e.context, source: e.source, translation: t.text, pluralForm: t.form,
                                        file: catalog.path, line: e.line, locale: catalog.locale, isFuzzy: e.isFuzzy,
                                        findings: mine.filter { $0.pluralForm == nil || $0.pluralForm == t.form })
                    forms.append(form)
                    any = true
                }
                if any { entries += 1 }
            }
        }
        self.forms = forms
        self.anchors = forms.map { $0.literals[$0.anchor] }
        self.entryCount = entries
        self.unmatchedLetters = unmatchedLetters

        // Long forms: the rarest trigram of each anchor.
        var counts: [UInt64: Int32] = [:]
        var long: [Int] = []
        for (i, f) in forms.enumerated() where !ScreenStrings.isShort(f) {
            long.append(i)
            let a = f.literals[f.anchor]
            for p in 0..<(a.count - 2) { counts[ScreenStrings.trigram(a[p], a[p + 1], a[p + 2]), default: 0] += 1 }
        }
        var chosen: [(key: UInt64, form: Int32, offset: Int32)] = []
        chosen.reserveCapacity(long.count)
        for i in long {
            let a = forms[i].literals[forms[i].anchor]
            var best = 0, bestCount = Int32.max
            for p in 0..<(a.count - 2) {
                let c = counts[ScreenStrings.trigram(a[p], a[p + 1], a[p + 2])]!
                if c < bestCount { best = p; bestCount = c }
            }
            chosen.append((ScreenStrings.trigram(a[best], a[best + 1], a[best + 2]), Int32(i), Int32(best)))
        }
        chosen.sort { $0.key < $1.key }
        var trigrams: [UInt64: Int32] = [:]
        var starts: [Int32] = []
        for (n, c) in chosen.enumerated() where n == 0 || chosen[n - 1].key != c.key {
            trigrams[c.key] = Int32(starts.count)
            starts.append(Int32(n))
        }
        starts.append(Int32(chosen.count))
        self.trigrams = trigrams
        self.bucketStart = starts
        self.bucketForm = chosen.map(\.form)
        self.bucketOffset = chosen.map(\.offset)

        // Short forms.
        var exact: [[UInt32]: [Int32]] = [:], prefix: [[UInt32]: [Int32]] = [:], suffix: [[UInt32]: [Int32]] = [:]
        var other: [Int32] = []
        for (i, f) in forms.enumerated() where ScreenStrings.isShort(f) {
            if f.literals.count == 1 && !f.leading && !f.trailing {
                exact[f.literals[0], default: []].append(Int32(i))
            } else if !f.leading {
                prefix[f.literals[0], default: []].append(Int32(i))
            } else if !f.trailing {
                suffix[f.literals[f.literals.count - 1], default: []].append(Int32(i))
            } else {
                other.append(Int32(i))
            }
        }
        self.shortExact = exact
        self.shortPrefix = prefix
        self.shortSuffix = suffix
        self.shortOther = other
        self.prefixLengths = Set(prefix.keys.map(\.count)).sorted()
        self.suffixLengths = Set(suffix.keys.map(\.count)).sorted()
    }

    // MARK: Preparing the forms

    static let cldrOrder = ["zero": 0, "one": 1, "two": 2, "few": 3, "many": 4, "other": 5]

    /// The texts of an entry a screen may show, each once: the translation, the plural forms, the
    /// variations.
    static func texts(of e: CatalogEntry) -> [(form: String?, text: String)] {
        var out: [(form: String?, text: String)] = []
        func add(_ form: String?, _ text: String?) {
            guard let text, !text.isEmpty, !out.contains(where: { $0.text == text }) else { return }
            out.append((form, text))
        }
        if e.plurals.isEmpty { add(nil, e.translation) }
        let keys = e.plurals.keys.sorted { a, b in
            (Int(a) ?? cldrOrder[a] ?? 99, a) < (Int(b) ?? cldrOrder[b] ?? 99, b)
        }
        for k in keys { add(k, e.plurals[k]) }
        if !e.plurals.isEmpty { add(nil, e.translation) }
        for k in e.variants.keys.sorted() where !k.hasPrefix("substitutions.") { add(k, e.variants[k]) }
        return out
    }

    /// The matcher of `text`; nil when its literal parts have no letter.
    static func compile(_ text: String, placeholders: [Placeholder], syntax: PlaceholderSyntax?) -> Form? {
        let scalars = Array(text.unicodeScalars)
        var ranges: [Range<Int>] = []
        for r in placeholders.map(\.range).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = ranges.last, r.lowerBound <= last.upperBound {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                ranges.append(r)
            }
        }
        // Literal parts (nil: a placeholder).
        var parts: [[UInt32]?] = []
        var p = 0
        for r in ranges + [scalars.count..<scalars.count] {
            if r.lowerBound > p {
                let raw = String(String.UnicodeScalarView(scalars[p..<r.lowerBound]))
                parts.append(normalize(unescape(raw, syntax)))
            }
            if !r.isEmpty { parts.append(nil) }
            p = r.upperBound
        }
        // Spaces at the ends do not count; empty literals go.
        if case let first?? = parts.first { parts[0] = Array(first.drop { $0 == 0x20 }) }
        if case let last?? = parts.last { parts[parts.count - 1] = Array(last.reversed().drop { $0 == 0x20 }.reversed()) }
        parts = parts.filter { $0 == nil || !$0!.isEmpty }
        var literals = parts.compactMap { $0 }
        guard !literals.isEmpty else { return nil }
        let letters = literals.reduce(0) { $0 + $1.filter(isLetter).count }
        guard letters > 0 else { return nil }
        var leading = parts.first! == nil, trailing = parts.last! == nil
        var form = Form(ref: EntryRef(key: "", translation: text, file: "", line: 0), index: 0, literals: literals,
                        leading: leading, trailing: trailing, anchor: 0, weight: 0)
        if isShort(form) {
            // Matched against a field's core: the punctuation at its ends is not compared.
            if !leading { literals[0] = Array(literals[0].drop { !isWord($0) }) }
            if !trailing {
                let n = literals.count - 1
                literals[n] = Array(literals[n].reversed().drop { !isWord($0) }.reversed())
            }
            if literals.first!.isEmpty { literals.removeFirst(); leading = true }
            if let last = literals.last, last.isEmpty { literals.removeLast(); trailing = true }
            guard !literals.isEmpty else { return nil }
            form.literals = literals
            form.leading = leading
            form.trailing = trailing
        }
        form.anchor = literals.indices.max { literals[$0].count < literals[$1].count }!
        form.weight = literals.reduce(0) { $0 + $1.count }
        return form
    }

    /// Short: matched only against a whole field.
    static func isShort(_ f: Form) -> Bool {
        f.literals[f.anchor].count < 3 || f.literals.reduce(0) { $0 + $1.filter(isLetter).count } < 3
    }

    /// `%%`, `{{`, `}}` and ICU's `''` as the characters they stand for.
    static func unescape(_ s: String, _ syntax: PlaceholderSyntax?) -> String {
        switch syntax {
        case .c?, .objc?, .java?, .python?, .strftime?: return s.replacingOccurrences(of: "%%", with: "%")
        case .brace?: return s.replacingOccurrences(of: "{{", with: "{").replacingOccurrences(of: "}}", with: "}")
        case .icu?: return s.replacingOccurrences(of: "''", with: "'")
        default: return s
        }
    }

    /// NFC, invisible format characters dropped, runs of whitespace folded to one space.
    static func normalize(_ s: String) -> [UInt32] {
        let nfc = s.utf8.allSatisfy { $0 < 0x80 } ? s : s.precomposedStringWithCanonicalMapping
        var out: [UInt32] = []
        out.reserveCapacity(nfc.unicodeScalars.count)
        for u in nfc.unicodeScalars where !isInvisible(u.value) {
            if u.properties.isWhitespace {
                if out.last != 0x20 { out.append(0x20) }
            } else {
                out.append(u.value)
            }
        }
        return out
    }

    @inline(__always) static func isInvisible(_ v: UInt32) -> Bool {
        v == 0xAD || v == 0x061C || (0x200B...0x200F).contains(v) || (0x202A...0x202E).contains(v)
            || (0x2060...0x2069).contains(v) || v == 0xFEFF
    }

    @inline(__always) static func isLetter(_ v: UInt32) -> Bool {
        if v < 0x80 { return (v | 0x20) >= 0x61 && (v | 0x20) <= 0x7A }
        return Unicode.Scalar(v)?.properties.isAlphabetic ?? false
    }

    /// A letter, a mark or a digit: what a word is made of.
    @inline(__always) static func isWord(_ v: UInt32) -> Bool {
        if v < 0x80 { return (v >= 0x30 && v <= 0x39) || ((v | 0x20) >= 0x61 && (v | 0x20) <= 0x7A) }
        guard let u = Unicode.Scalar(v) else { return false }
        if u.properties.isAlphabetic { return true }
        switch u.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .otherNumber, .letterNumber: return true
        default: return false
        }
    }

    @inline(__always) static func trigram(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> UInt64 {
        UInt64(a) << 42 | UInt64(b) << 21 | UInt64(c)
    }
}
