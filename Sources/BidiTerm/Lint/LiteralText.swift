// R34: literal left-to-right text typed into a right-to-left translation (URLs, e-mail addresses,
// paths, file names, version numbers, option names) that the neutral characters at its ends let
// the RTL line pull apart: `https://example.org/` shows as `/https://example.org`, `--from-file`
// as `from-file--`. Shared by the `literal-unisolated` check and `rtl-tui check --fix`, so that
// both agree on what is reported and what is repaired.

/// The literal left-to-right tokens of a text and the ones an RTL line shows broken.
public enum LiteralText {
    /// What a token is.
    public enum Kind: String, Sendable, Hashable {
        case url = "URL"
        case email = "e-mail address"
        case path = "path"
        case option = "option name"
        case version = "version number"
        case fileName = "file name"
    }

    /// One literal token: its kind, its scalar offsets in the text, its text.
    public struct Token: Sendable, Hashable {
        public let kind: Kind
        public let range: Range<Int>
        public let text: String
    }

    /// A token that an RTL line shows broken: the line as the reader sees it (visual order, the
    /// isolates and controls taking no cell), and as it shows with the token isolated.
    public struct Broken: Sendable, Hashable {
        public let token: Token
        public let bare: String
        public let isolated: String
    }

    /// Characters peeled off a chunk's ends before it is read as a token: quotes, brackets and
    /// sentence punctuation belong to the sentence around it.
    static let opening: Set<Unicode.Scalar> = ["\"", "'", "“", "”", "‘", "’", "«", "»", "‹", "›", "(", "[", "{", "<", "`"]
    static let closing: Set<Unicode.Scalar> = ["\"", "'", "“", "”", "‘", "’", "«", "»", "‹", "›", ")", "]", "}", ">", "`",
                                                ".", ",", ";", ":", "!", "?", "،", "؛", "؟", "…"]

    /// The literal tokens of `text`: each a whitespace-delimited chunk (its quotes, brackets and
    /// sentence punctuation peeled off) of printable ASCII that reads as a URL (`scheme://…`,
    /// `www.…`), an e-mail address, a path (`/…`, `~/…`, `./…`, `C:\…`, `dir/file.ext`), an option
    /// name (`-x`, `--from-file`), a version number with letters or a suffix (`v2.0`, `1.2.3-beta`)
    /// or a file name (`config.yaml`, `config.yaml:12`). A chunk with a placeholder or a markup
    /// sign (`%`, `$`, `{`, `}`, `<`, `>`, `&`, `=`) is left to the placeholder checks.
    public static func tokens(_ text: String) -> [Token] {
        let s = Array(text.unicodeScalars)
        var out: [Token] = []
        var i = 0
        while i < s.count {
            if isSpace(s[i]) { i += 1; continue }
            var j = i
            while j < s.count, !isSpace(s[j]) { j += 1 }
            var a = i, b = j
            // A chunk with markup or a placeholder is not literal text (`</p>`, `%s/`, `href=…`).
            if s[i..<j].contains(where: { "%${}<>&=".unicodeScalars.contains($0) }) { i = j; continue }
            while a < b, opening.contains(s[a]) { a += 1 }
            // (A URL's or folder's final slash is not peeled: it is the token's.)
            while b > a, closing.contains(s[b - 1]) { b -= 1 }
            if a < b, let kind = kind(Array(s[a..<b])) {
                out.append(Token(kind: kind, range: a..<b, text: String(String.UnicodeScalarView(s[a..<b]))))
            }
            i = j
        }
        return out
    }

    @inline(__always) static func isSpace(_ u: Unicode.Scalar) -> Bool {
        u == " " || u == "\t" || u == "\n" || u == "\r" || u == "\u{00A0}" || u == "\u{2009}" || u == "\u{202F}"
    }

    static func isAlnum(_ u: Unicode.Scalar) -> Bool { PlaceholderParser.isASCIILetter(u) || PlaceholderParser.isDigit(u) }

    /// The kind of a peeled chunk, or nil when it is not a literal token.
    static func kind(_ c: [Unicode.Scalar]) -> Kind? {
        guard c.count >= 2, c.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }),
              !c.contains(where: { "%${}<>&=".unicodeScalars.contains($0) }),
              c.contains(where: isAlnum) else { return nil }
        let t = String(String.UnicodeScalarView(c))
        let letters = c.filter(PlaceholderParser.isASCIILetter).count
        if let r = t.range(of: "://"), r.lowerBound > t.startIndex, t[..<r.lowerBound].allSatisfy({ $0.isLetter }) { return .url }
        if t.lowercased().hasPrefix("www."), letters >= 4 { return .url }
        if let at = c.firstIndex(of: "@"), at > 0, c[(at + 1)...].contains("."), c.last.map(isAlnum) == true,
           c.filter({ $0 == "@" }).count == 1 { return .email }
        if c[0] == "/" || t.hasPrefix("~/") || t.hasPrefix("./") || t.hasPrefix("../") { return letters > 0 ? .path : nil }
        if c.count >= 3, PlaceholderParser.isASCIILetter(c[0]), c[1] == ":", c[2] == "\\" { return .path }
        if c[0] == "-" {
            // `-x`, `--from-file`: dashes, then a letter.
            var k = 0
            while k < c.count, c[k] == "-" { k += 1 }
            guard k <= 2, k < c.count, PlaceholderParser.isASCIILetter(c[k]),
                  c[k...].allSatisfy({ isAlnum($0) || $0 == "-" || $0 == "_" || $0 == "." }) else { return nil }
            return .option
        }
        if c.contains("/"), letters > 0, c.allSatisfy({ isAlnum($0) || "/._-".unicodeScalars.contains($0) }),
           c.split(separator: "/").count >= 2, c.contains(".") || c.last == "/" { return .path }
        // A version: digits and dots, with a letter or a suffix (`v2.0`, `1.2.3-beta`, `2.0b1`).
        let core = c.first == "v" || c.first == "V" ? Array(c.dropFirst()) : c
        if let d = core.first, PlaceholderParser.isDigit(d), core.contains("."),
           core.allSatisfy({ isAlnum($0) || ".-+~_".unicodeScalars.contains($0) }) {
            return core.count != c.count || core.contains(where: { !PlaceholderParser.isDigit($0) && $0 != "." }) ? .version : nil
        }
        // A file name: a name, a dot, an extension of letters (and a `:line` after it).
        var body = c[...]
        if let colon = c.lastIndex(of: ":"), colon + 1 < c.count, c[(colon + 1)...].allSatisfy(PlaceholderParser.isDigit) { body = c[..<colon] }
        if let dot = body.lastIndex(of: "."), dot > body.startIndex, dot + 1 < body.endIndex,
           body[(dot + 1)...].count <= 5, body[(dot + 1)...].allSatisfy(isAlnum), PlaceholderParser.isASCIILetter(body[dot + 1]),
           body[..<dot].filter(isAlnum).count >= 2, body.allSatisfy({ isAlnum($0) || "._-".unicodeScalars.contains($0) }) {
            return .fileName
        }
        return nil
    }

    /// The tokens of `text` that its right-to-left lines show broken: the reader sees the token's
    /// characters apart (not as one left-to-right run, in order), while inside FSI…PDI it shows
    /// whole. Only text with an Arabic or Hebrew letter on the token's line is read.
    public static func broken(_ text: String, engine: BidiEngine) -> [Broken] {
        let s = Array(text.unicodeScalars)
        let candidates = tokens(text).filter { t in !isolated(s, t.range) }
        guard !candidates.isEmpty else { return [] }
        // The lines, as scalar ranges.
        var lines: [Range<Int>] = []
        var start = 0
        for (k, u) in s.enumerated() where u == "\n" { lines.append(start..<k); start = k + 1 }
        lines.append(start..<s.count)
        func shown(_ line: [Unicode.Scalar]) -> String {
            engine.layout(String(String.UnicodeScalarView(line)), direction: .rtl, options: LayoutOptions(revealControls: false))
                .lines.map(\.text).joined()
        }
        // The line of `line` with the tokens `ranges` inside FSI…PDI.
        func wrapped(_ line: Range<Int>, _ ranges: [Range<Int>]) -> [Unicode.Scalar] {
            var part = Array(s[line])
            for r in ranges.sorted(by: { $0.lowerBound > $1.lowerBound }) where line.contains(r.lowerBound) {
                part.insert("\u{2069}", at: r.upperBound - line.lowerBound)
                part.insert("\u{2068}", at: r.lowerBound - line.lowerBound)
            }
            return part
        }
        // Each token is judged with the ones found broken before it isolated (isolating one can
        // expose its neighbour), until a pass finds none: what is left then reads whole once the
        // broken ones are isolated, so the fix is done in one go.
        var found: [Int: Broken] = [:]
        for _ in 0..<3 {
            var more = false
            for (n, token) in candidates.enumerated() where found[n] == nil {
                guard let line = lines.first(where: { $0.contains(token.range.lowerBound) }) else { continue }
                guard s[line].contains(where: { u in let k = UnicodeProperties.bidiClassRaw(u.value); return k == 1 || k == 13 }) else { continue }
                let others = found.values.map(\.token.range)
                let bare = shown(wrapped(line, others))
                if bare.contains(token.text) { continue }
                let isolated = shown(wrapped(line, others + [token.range]))
                guard isolated.contains(token.text) else { continue }
                found[n] = Broken(token: token, bare: bare, isolated: isolated)
                more = true
            }
            if !more { break }
        }
        return found.sorted { $0.key < $1.key }.map(\.value)
    }

    /// True when the token already sits right inside an isolate (or an embedding) that it fills.
    static func isolated(_ s: [Unicode.Scalar], _ r: Range<Int>) -> Bool {
        guard r.lowerBound > 0, r.upperBound < s.count else { return false }
        let before = s[r.lowerBound - 1].value, after = s[r.upperBound].value
        return ((0x2066...0x2068).contains(before) && after == 0x2069) || ((0x202A...0x202B).contains(before) && after == 0x202C)
            || (before == 0x200E && after == 0x200E)
    }

    /// `text` with each broken token wrapped in FSI…PDI.
    public static func isolating(_ text: String, _ broken: [Broken]) -> String {
        var s = Array(text.unicodeScalars)
        for b in broken.sorted(by: { $0.token.range.lowerBound > $1.token.range.lowerBound }) {
            s.insert("\u{2069}", at: b.token.range.upperBound)
            s.insert("\u{2068}", at: b.token.range.lowerBound)
        }
        return String(String.UnicodeScalarView(s))
    }
}
