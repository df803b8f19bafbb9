// What a placeholder can hold, read from its format and from the source around it (R35), and the
// check of literal left-to-right text in RTL translations (R34).

extension BidiLinter {
    /// What a text placeholder holds, judged from the source text around it.
    enum HeldValue {
        /// A number written as text: a `%s` or `%1` the source puts right before a unit of size,
        /// rate or time (`%s KB`, `%s bytes`, `%1/s`, `%1 days`: glib's and KDE's formatted sizes
        /// and durations) or a percent sign.
        case number
        /// A name someone typed or a system gave: a file, folder, user, host or program name. The
        /// source puts it first and follows it with a colon (`%s: cannot open`, GNU's
        /// `program: message` and `file: message`), between quotes (`'%s'`), or right after the
        /// noun that names it (`file %s`, `user %1`).
        case name
        /// Nothing the source says.
        case unknown
    }

    /// Units a number written by a `%s` comes before.
    static let units: Set<String> = ["b", "byte", "bytes", "kb", "kib", "mb", "mib", "gb", "gib", "tb", "tib", "pb", "pib",
                                     "bit", "bits", "kbit", "mbit", "gbit", "kbps", "mbps", "gbps", "kb/s", "mb/s", "b/s",
                                     "eb", "eib", "zb", "zib", "yb", "yib", "/s", "hz", "khz", "mhz", "ghz", "ms", "µs", "ns", "s", "sec", "secs",
                                     "second", "seconds", "min", "mins", "minute", "minutes", "h", "hour", "hours", "day", "days",
                                     "week", "weeks", "month", "months", "year", "years", "px", "pt", "dpi", "fps", "%", "°", "°c", "°f"]
    /// The nouns before a placeholder that holds a name.
    static let nameNouns: Set<String> = ["file", "folder", "directory", "dir", "path", "user", "username", "host", "hostname",
                                         "server", "device", "program", "command", "package", "module", "url", "uri", "address",
                                         "font", "printer", "disk", "drive", "partition", "volume", "interface", "account",
                                         "plugin", "extension", "theme", "application", "executable", "library", "filename"]

    /// What `p` (a placeholder of `source`, at its offsets there) holds, by the source around it.
    static func heldValue(_ p: Placeholder, inSource s: [Unicode.Scalar]) -> HeldValue {
        guard p.kind == .string, p.range.upperBound <= s.count else { return .unknown }
        // The word after it (a space between, or none: `%sB`, `%s%%`).
        var j = p.range.upperBound
        if j < s.count, s[j] == "%", j + 1 < s.count, s[j + 1] == "%" { return .number }
        while j < s.count, s[j] == " " || s[j] == "\u{00A0}" { j += 1 }
        var k = j
        while k < s.count, s[k].properties.isAlphabetic || s[k] == "/" || s[k] == "%" || s[k] == "°" || s[k] == "µ" { k += 1 }
        let after = String(String.UnicodeScalarView(s[j..<k])).lowercased()
        let unitEnds = k == s.count || !(s[k].properties.isAlphabetic || PlaceholderParser.isDigit(s[k]))
        if !after.isEmpty, unitEnds, units.contains(after) { return .number }
        // Between quotes.
        if p.range.lowerBound > 0, p.range.upperBound < s.count,
           "'\"“‘`«".unicodeScalars.contains(s[p.range.lowerBound - 1]), "'\"”’`»".unicodeScalars.contains(s[p.range.upperBound]) {
            return .name
        }
        // First, then a colon: `%s: …`.
        var start = 0
        while start < s.count, s[start] == " " { start += 1 }
        if p.range.lowerBound == start, p.range.upperBound < s.count, s[p.range.upperBound] == ":" { return .name }
        // After the noun that names it.
        var e = p.range.lowerBound
        while e > 0, s[e - 1] == " " { e -= 1 }
        var b = e
        while b > 0, s[b - 1].properties.isAlphabetic { b -= 1 }
        if e < p.range.lowerBound, b < e, nameNouns.contains(String(String.UnicodeScalarView(s[b..<e])).lowercased()) { return .name }
        return .unknown
    }

    /// The translation's placeholders with what each holds by the source (matched by identity):
    /// a text placeholder that holds a number (`%s KB`) becomes a number; the identities of those
    /// that hold a name are returned too.
    static func readingHeldValues(_ placeholders: inout [Placeholder], source: String?, sourcePlaceholders: [Placeholder]) -> Set<String> {
        guard let source, !sourcePlaceholders.isEmpty else { return [] }
        let s = Array(source.unicodeScalars)
        var held: [String: HeldValue] = [:]
        for p in sourcePlaceholders where p.kind == .string && held[p.identity] == nil { held[p.identity] = heldValue(p, inSource: s) }
        var names = Set<String>()
        for i in placeholders.indices where placeholders[i].kind == .string {
            switch held[placeholders[i].identity] {
            case .number?: placeholders[i].kind = .number
            case .name?: names.insert(placeholders[i].identity)
            default: break
            }
        }
        return names
    }

    // MARK: - R34: literal left-to-right text

    /// `literal-unisolated`: a URL, e-mail address, path, file name, version number or option
    /// name typed into RTL text that the line shows broken (`https://example.org/` as
    /// `/https://example.org`); `--fix` isolates it.
    func literalFindings(_ t: TextContext, _ add: (String, Severity, String, String, Bool) -> Void) {
        guard t.entry.direction == .rtl, !LiteralText.tokens(t.text).isEmpty else { return }
        let broken = LiteralText.broken(t.text, engine: engine)
        guard let first = broken.first else { return }
        let more = broken.count > 1 ? " (and \(broken.count - 1) more in the string)" : ""
        add("literal-unisolated", .warning,
            "the \(first.token.kind.rawValue) ‹\(first.token.text)› is pulled apart by the RTL line: it shows as ‹\(first.bare)›, isolated as ‹\(first.isolated)›\(more)",
            "Wrap it in FSI…PDI (`--fix` does): \(Sanitizer.revealing(LiteralText.isolating(t.text, broken)))", true)
    }
}
