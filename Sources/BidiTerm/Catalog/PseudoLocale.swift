/// A pseudo-locale: the source language's strings rewritten so that a screen shows what translation
/// will do to it before any translation exists, as Android's `en-XA` and `ar-XB` do.
///
/// Both transforms leave placeholders (everything `Placeholder.find` recognises: `%s`, `%1$d`,
/// `%(name)s`, `{name}`, ICU `{n, plural, …}`, `{{x}}`), markup tags (`<b>`, `</a>`,
/// `<xliff:g id="x">`) and character references (`&amp;`, `&#x200F;`) exactly as written, so
/// arguments are still filled in and markup still parses.
///
/// **`ar-XB`** (right to left): each word (a run of characters that are not white space,
/// placeholders or markup) becomes RLM RLO *word* PDF RLM (U+200F U+202E … U+202C U+200F), the
/// rule of Android's `ar-XB`. The bidi override draws the word's letters right to left, so it reads
/// mirrored ("Settings" shows as "sgnitteS"), and the marks make the words run from right to left;
/// the locale's direction is right to left (R1), so the whole layout mirrors as an Arabic one
/// would. A developer sees every mirroring rule with nothing but English strings. The controls take
/// no cell (R22).
///
/// **`en-XA`** (accented, longer): every ASCII letter becomes an accented Latin letter of the same
/// width (`a` → `å`, `S` → `Š`), the string is wrapped in `[` and `]`, and words from
/// ` one two three four five six seven eight nine ten` (then again from `one`) are appended until
/// at least 40% of the source's width in cells has been added (whole words, so between 40% and about
/// 50% more, plus the two brackets). Hard-coded strings stand out (they are not accented),
/// concatenations show as several bracketed pieces, and text that will be cut after translation is
/// cut already. An empty string stays empty.
///
///     PseudoLocale.bidi.transform("Hello %s")        // "\u{200F}\u{202E}Hello\u{202C}\u{200F} %s"
///     PseudoLocale.accented.transform("Save")        // "[Šåṽé one]"
public enum PseudoLocale: String, CaseIterable, Sendable, Hashable {
    /// `en-XA`: accented letters, brackets, 40–50% longer.
    case accented = "en-XA"
    /// `ar-XB`: each word mirrored inside a right-to-left layout.
    case bidi = "ar-XB"

    /// The pseudo-locale a locale name names (`ar-XB`, `ar_XB`, `AR-xb`), or nil.
    public init?(locale: String) {
        let canonical = locale.replacingUnderscores().lowercased()
        guard let p = PseudoLocale.allCases.first(where: { $0.rawValue.lowercased() == canonical }) else { return nil }
        self = p
    }

    /// The layout direction of the pseudo-locale (R1).
    public var direction: LayoutDirection { self == .bidi ? .rtl : .ltr }

    /// `text` rewritten (see the type's description).
    public func transform(_ text: String) -> String {
        guard !text.isEmpty else { return text }
        let pieces = PseudoLocale.split(text)
        switch self {
        case .bidi:
            var out = ""
            for piece in pieces {
                switch piece {
                case .kept(let s): out += s
                case .text(let s): out += PseudoLocale.mirrorWords(s)
                }
            }
            return out
        case .accented:
            var out = "["
            var width = 0
            for piece in pieces {
                switch piece {
                case .kept(let s):
                    out += s
                    width += s.count
                case .text(let s):
                    for ch in s {
                        if let a = PseudoLocale.accents[ch] { out.append(a) } else { out.append(ch) }
                    }
                    width += s.count
                }
            }
            // At least 40% more, in whole words.
            let wanted = (width * 4 + 9) / 10
            var added = 0
            var k = 0
            while added < wanted {
                let word = PseudoLocale.expansionWords[k % PseudoLocale.expansionWords.count]
                out += " " + word
                added += word.count + 1
                k += 1
            }
            return out + "]"
        }
    }

    /// The words appended by `en-XA`, in order.
    public static let expansionWords = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    /// The accented letter `en-XA` draws for each ASCII letter: precomposed Latin letters (one
    /// scalar, one cell each).
    static let accents: [Character: Character] = {
        let lower = Array("åƀçđéƒĝĥîĵķļḿñöþǫŕšţûṽŵẋýž")
        let upper = Array("ÅɃÇĐÉƑĜĤÎĴĶĻḾÑÖÞǪŔŠŢÛṼŴẊÝŽ")
        var map: [Character: Character] = [:]
        for (i, c) in "abcdefghijklmnopqrstuvwxyz".enumerated() { map[c] = lower[i] }
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZ".enumerated() { map[c] = upper[i] }
        return map
    }()

    /// A stretch of a string: text to transform, or a placeholder, tag or character reference kept.
    enum Piece: Equatable {
        case text(String)
        case kept(String)
    }

    /// `text` cut into text and kept pieces, in order.
    static func split(_ text: String) -> [Piece] {
        let scalars = Array(text.unicodeScalars)
        var keep = [Bool](repeating: false, count: scalars.count)
        for p in Placeholder.find(text) {
            for i in p.range where i < keep.count { keep[i] = true }
        }
        // Markup: <tag …>, </tag>, <tag/>, <!-- … --> (`tagEnd`); `<max 3>` is text.
        var i = 0
        while i < scalars.count {
            if scalars[i] == "<", let close = tagEnd(scalars, from: i) {
                for k in i...close { keep[k] = true }
                i = close + 1
                continue
            }
            // Character references: &name; &#123; &#x1F;
            if scalars[i] == "&", let semi = scalars[(i + 1)...].prefix(12).firstIndex(of: ";"), semi > i + 1,
               scalars[(i + 1)..<semi].allSatisfy({ $0 == "#" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }) {
                for k in i...semi { keep[k] = true }
                i = semi + 1
                continue
            }
            i += 1
        }
        var out: [Piece] = []
        var start = 0
        while start < scalars.count {
            var end = start
            while end < scalars.count && keep[end] == keep[start] { end += 1 }
            let s = String(String.UnicodeScalarView(scalars[start..<end]))
            out.append(keep[start] ? .kept(s) : .text(s))
            start = end
        }
        return out
    }

    /// The index of the `>` that closes a markup tag starting with the `<` at `start`, or nil when
    /// the text there is no tag: `<` then `/` or `!` or a letter, a name of letters, digits and
    /// `:_.-`, then attributes (`name`, `name=value`, `name="…"`), an optional `/`, and `>`. So
    /// `<b>`, `</a>`, `<xliff:g id="x">` and `<br/>` are markup, and `<max 3>` or `a < b > c` are text.
    static func tagEnd(_ s: [Unicode.Scalar], from start: Int) -> Int? {
        var i = start + 1
        func isNameStart(_ u: Unicode.Scalar) -> Bool { u.properties.isAlphabetic || u == "_" }
        func isName(_ u: Unicode.Scalar) -> Bool { isNameStart(u) || ("0"..."9").contains(u) || ":_.-".unicodeScalars.contains(u) }
        func skipSpace() { while i < s.count, s[i].properties.isWhitespace { i += 1 } }
        guard i < s.count else { return nil }
        if s[i] == "!" { return s[i...].firstIndex(of: ">") }
        if s[i] == "/" { i += 1 }
        guard i < s.count, isNameStart(s[i]) else { return nil }
        while i < s.count, isName(s[i]) { i += 1 }
        while i < s.count {
            let before = i
            skipSpace()
            guard i < s.count else { return nil }
            if s[i] == ">" { return i }
            if s[i] == "/", i + 1 < s.count, s[i + 1] == ">" { return i + 1 }
            // An attribute needs the space before it and a name.
            guard i > before, isNameStart(s[i]) else { return nil }
            while i < s.count, isName(s[i]) { i += 1 }
            let afterName = i
            skipSpace()
            if i < s.count, s[i] == "=" {
                i += 1
                skipSpace()
                guard i < s.count else { return nil }
                if s[i] == "\"" || s[i] == "'" {
                    guard let q = s[(i + 1)...].firstIndex(of: s[i]) else { return nil }
                    i = q + 1
                } else {
                    while i < s.count, !s[i].properties.isWhitespace, s[i] != ">" { i += 1 }
                }
            } else {
                i = afterName
            }
        }
        return nil
    }

    /// Each word of `text` (a run of non-white-space characters) as RLM RLO word PDF RLM.
    static func mirrorWords(_ text: String) -> String {
        let open = "\u{200F}\u{202E}", close = "\u{202C}\u{200F}"
        var out = ""
        var inWord = false
        for ch in text {
            let space = ch.isWhitespace
            if !space && !inWord { out += open }
            if space && inWord { out += close }
            inWord = !space
            out.append(ch)
        }
        if inWord { out += close }
        return out
    }
}

private extension String {
    func replacingUnderscores() -> String { String(map { $0 == "_" ? "-" : $0 }) }
}
