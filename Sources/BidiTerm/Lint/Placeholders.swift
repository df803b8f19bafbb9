/// The syntax of the placeholders in a message: printf and its relatives, positional `%1`, brace
/// and mustache arguments, ICU MessageFormat. Which one applies to an entry comes from its gettext
/// flags (`c-format`, `qt-format`, `python-brace-format`, …) or the catalog format's own
/// convention.
public enum PlaceholderSyntax: String, Sendable, Hashable, CaseIterable {
    /// glibc printf (`c-format`): `%s`, `%2$d`, `%*d`, `%lu`, `%'Id` (`I`: the locale's digits),
    /// `%m` (no argument).
    case c
    /// strftime (`%H:%M`, `%OH`, `%Ey`, `%-e`): dates, whose directives a translation may change
    /// freely; only directives strftime does not know are errors.
    case strftime
    /// Apple (`objc-format`, `.strings`, `.xcstrings`): printf with `%@`, `%1$@`, `%#@name@`.
    case objc
    /// Java's `Formatter` (Android `strings.xml`, `java-printf-format`): `%1$s`, `%,d`, `%tY`; `%n`
    /// is a line break.
    case java
    /// Qt and KDE (`qt-format`, `kde-format`, `qt-plural-format`): `%1` … `%99`, `%L1`, `%n`.
    case qt
    /// Python (`python-format`): `%(name)s`, `%s`, `%.2f`.
    case python
    /// Python `str.format` and its relatives (`python-brace-format`, `perl-brace-format`,
    /// `csharp-format`, `rust-format`): `{name}`, `{0}`, `{}`, `{name!r:>10}`, `{{` for a brace.
    case brace
    /// ICU MessageFormat (`.arb`, `java-format`, JSON): `{0}`, `{name}`, `{n, plural, one {…} other {…}}`,
    /// `'{'` for a brace.
    case icu
    /// i18next (JSON): `{{name}}`, `{{name, format}}`, `$t(key)`.
    case i18next
    /// The shell (`sh-format`): `$NAME`, `${NAME}`.
    case shell
}

/// A placeholder in a message.
public struct Placeholder: Sendable, Hashable {
    /// The kinds of value a placeholder takes.
    public enum Kind: String, Sendable, Hashable {
        /// A number (`%d`, `%f`, `{0,number}`).
        case number
        /// A string (`%s`, `{name}`).
        case string
        /// Anything else (a pointer, a character).
        case other
        /// A choice (ICU `plural`/`select`, `%#@name@`): not a value that can reorder with its text.
        case choice
    }
    /// The placeholder as written.
    public var text: String
    /// What a translation must keep: the argument and its type (`1:int`, `2:str`), the name
    /// (`{name}`, `%(name)s`), the number (`%1`).
    public var identity: String
    /// Scalar offsets in the message.
    public var range: Range<Int>
    /// What kind of value it takes.
    public var kind: Kind
    /// True for numeric conversions (`%d`, `%f`, …).
    public var isNumeric: Bool { kind == .number }

    /// A placeholder written `text` at `range` of its message.
    public init(text: String, identity: String, range: Range<Int>, kind: Kind) {
        self.text = text
        self.identity = identity
        self.range = range
        self.kind = kind
    }

    /// The placeholders of `message` read with every syntax the project knew before formats were
    /// told apart (printf, `%(name)s`, `{name}`, `{{x}}`, ICU): for messages of unknown origin.
    ///
    ///     Placeholder.find("%2$s من %1$d").map(\.identity)   // ["2:str", "1:int"]
    public static func find(_ message: String) -> [Placeholder] {
        let p = PlaceholderParser(message, syntax: .c, strict: false)
        var out = p.printf(python: true)
        var covered = Set(out.flatMap { Array($0.range) })
        for q in p.mustache() + p.icu() where !q.range.contains(where: covered.contains) {
            out.append(q)
            covered.formUnion(q.range)
        }
        return out.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The placeholders of `message` in `syntax`. With `strict` false (text whose format is not
    /// declared, such as a `.mo` file, which keeps no flags), sequences that are far more often
    /// prose than format are not taken as placeholders: `% o` in "99% of", `%-e` in "%-encoding".
    public static func find(_ message: String, syntax: PlaceholderSyntax, strict: Bool = true) -> [Placeholder] {
        let p = PlaceholderParser(message, syntax: syntax, strict: strict)
        switch syntax {
        case .c, .objc, .java: return p.printf(python: false)
        case .python: return p.printf(python: true)
        case .strftime: return p.strftime().valid
        case .qt: return p.qt()
        case .brace: return p.brace()
        case .icu: return p.icu()
        case .i18next: return p.mustache()
        case .shell: return p.shell()
        }
    }

    /// The `%` sequences of a strftime format that strftime does not know (`%Q`).
    public static func invalidStrftime(_ message: String) -> [Placeholder] {
        PlaceholderParser(message, syntax: .strftime, strict: true).strftime().invalid
    }

    /// True when `message` is a date format rather than a printf format: every `%` sequence is a
    /// strftime directive, and at least one converts what printf does not (`%H`, `%Y`, `%b`, `%OH`).
    public static func looksLikeStrftime(_ message: String) -> Bool {
        let r = PlaceholderParser(message, syntax: .strftime, strict: true).strftime()
        return r.invalid.isEmpty && r.valid.contains { !PlaceholderParser.printfSafe(timeDirective: $0.text) }
    }
}

/// One pass over the scalars of a message for one syntax.
struct PlaceholderParser {
    let s: [Unicode.Scalar]
    let syntax: PlaceholderSyntax
    let strict: Bool

    init(_ message: String, syntax: PlaceholderSyntax, strict: Bool) {
        self.s = Array(message.unicodeScalars)
        self.syntax = syntax
        self.strict = strict
    }

    @inline(__always) static func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 0x30 && c.value <= 0x39 }
    @inline(__always) static func isASCIILetter(_ c: Unicode.Scalar) -> Bool {
        (c.value >= 0x41 && c.value <= 0x5A) || (c.value >= 0x61 && c.value <= 0x7A)
    }
    @inline(__always) static func isNameStart(_ c: Unicode.Scalar) -> Bool { isASCIILetter(c) || c == "_" }
    @inline(__always) static func isNameChar(_ c: Unicode.Scalar) -> Bool { isASCIILetter(c) || isDigit(c) || c == "_" }

    func text(_ r: Range<Int>) -> String { String(String.UnicodeScalarView(s[r])) }
    func has(_ i: Int, _ c: Unicode.Scalar) -> Bool { i < s.count && s[i] == c }

    func number(at i: Int) -> (value: Int, end: Int)? {
        var j = i, v = 0
        while j < s.count, PlaceholderParser.isDigit(s[j]), j - i < 6 { v = v * 10 + Int(s[j].value - 0x30); j += 1 }
        return j > i ? (v, j) : nil
    }

    // MARK: printf family

    /// printf for C, Apple, Java and Python (`python` adds `%(name)s` and `%r`, `%a` as string).
    func printf(python: Bool) -> [Placeholder] {
        var out: [Placeholder] = []
        var ordinal = 0
        var i = 0
        let java = syntax == .java, objc = syntax == .objc
        while i < s.count {
            guard s[i] == "%" else { i += 1; continue }
            if has(i + 1, "%") { i += 2; continue }
            var j = i + 1
            // %(name)s
            if python, has(j, "(") {
                var k = j + 1
                while k < s.count, s[k] != ")", s[k] != "%", k - j < 64 { k += 1 }
                if has(k, ")") {
                    var m = k + 1
                    while m < s.count, "-+ #0".unicodeScalars.contains(s[m]) { m += 1 }
                    while m < s.count, PlaceholderParser.isDigit(s[m]) || s[m] == "*" { m += 1 }
                    if has(m, ".") { m += 1; while m < s.count, PlaceholderParser.isDigit(s[m]) { m += 1 } }
                    if m < s.count, "diouxXeEfFgGcrsa".unicodeScalars.contains(s[m]) {
                        let name = text((j + 1)..<k)
                        let kind: Placeholder.Kind = "diouxXeEfFgG".unicodeScalars.contains(s[m]) ? .number : .string
                        out.append(Placeholder(text: text(i..<(m + 1)), identity: "%(\(name))", range: i..<(m + 1), kind: kind))
                        i = m + 1
                        continue
                    }
                }
            }
            // %#@name@ (Apple, a .stringsdict variable).
            if objc, has(j, "#"), has(j + 1, "@") {
                var k = j + 2
                while k < s.count, PlaceholderParser.isNameChar(s[k]) { k += 1 }
                if has(k, "@"), k > j + 2 {
                    out.append(Placeholder(text: text(i..<(k + 1)), identity: "%#@\(text((j + 2)..<k))@", range: i..<(k + 1), kind: .choice))
                    i = k + 1
                    continue
                }
            }
            var position: Int? = nil
            if let (n, end) = number(at: j), has(end, "$"), n > 0 { position = n; j = end + 1 }
            let flagChars = java ? "-#+ 0,(<" : (syntax == .c ? "-+ #0'I" : "-+ #0'")
            let flagStart = j
            while j < s.count, flagChars.unicodeScalars.contains(s[j]) { j += 1 }
            let flags = text(flagStart..<j)
            if !strict && flags.contains(" ") { i += 1; continue }   // "99% of"
            var starArgs: [Int?] = []   // `*` width or precision: an int argument
            func star() {
                if has(j, "*") {
                    j += 1
                    if let (n, end) = number(at: j), has(end, "$") { starArgs.append(n); j = end + 1 } else { starArgs.append(nil) }
                } else {
                    while j < s.count, PlaceholderParser.isDigit(s[j]) { j += 1 }
                }
            }
            star()
            if has(j, ".") { j += 1; star() }
            var length = ""
            if !java {
                let lengthChars = objc ? "hlLqjzt" : "hlLqjzZt"
                while j < s.count, lengthChars.unicodeScalars.contains(s[j]), length.count < 2 { length.unicodeScalars.append(s[j]); j += 1 }
            }
            guard j < s.count else { break }
            let conv = s[j]
            var end = j + 1
            let kind: Placeholder.Kind
            let type: String
            switch conv {
            case "d", "i":
                (kind, type) = (.number, "int" + PlaceholderParser.size(length))
            case "o", "u", "x", "X":
                (kind, type) = (.number, (java ? "int" : "uint") + PlaceholderParser.size(length))
            case "e", "E", "f", "F", "g", "G", "a", "A":
                (kind, type) = (python && (conv == "a") ? .string : .number, python && conv == "a" ? "str" : (length == "L" ? "ldouble" : "double"))
            case "c", "C":
                (kind, type) = (.string, length == "l" || conv == "C" ? "wchar" : "char")
            case "s", "S":
                (kind, type) = (.string, length == "l" || conv == "S" ? "wstr" : "str")
            case "r" where python:
                (kind, type) = (.string, "str")
            case "p" where !java && !python:
                (kind, type) = (.other, "ptr")
            case "n" where java:
                i = end; continue   // a line break
            case "n" where !python:
                (kind, type) = (.other, "count")
            case "m" where syntax == .c:
                i = end; continue   // strerror(errno): no argument
            case "@" where objc:
                (kind, type) = (.string, "obj")
            case "b" where java, "B" where java, "h" where java, "H" where java:
                (kind, type) = (.string, "str")
            case "t" where java, "T" where java:
                guard end < s.count, PlaceholderParser.isASCIILetter(s[end]) else { i += 1; continue }
                end += 1
                (kind, type) = (.string, "time")
            default:
                i += 1
                continue
            }
            // Prose that only looks like a directive: "%-encoding", "100%off".
            if !strict, "eEaAgGoxXn".unicodeScalars.contains(conv), end < s.count, PlaceholderParser.isASCIILetter(s[end]),
               position == nil {
                i += 1
                continue
            }
            var ids: [String] = []
            for a in starArgs {
                let n: Int
                if let a { n = a } else { ordinal += 1; n = ordinal }
                ids.append("\(n):int")
            }
            let n: Int
            if let position { n = position } else { ordinal += 1; n = ordinal }
            ids.append("\(n):\(type)")
            // One placeholder per argument; a `*` width shares the directive's text and range.
            for id in ids {
                out.append(Placeholder(text: text(i..<end), identity: id, range: i..<end, kind: id == ids.last ? kind : .number))
            }
            i = end
        }
        return out
    }

    static func size(_ length: String) -> String {
        switch length {
        case "": return ""
        case "hh": return "/char"
        case "h": return "/short"
        case "l": return "/long"
        case "ll", "q", "L": return "/llong"
        case "j": return "/intmax"
        case "z", "Z": return "/size"
        case "t": return "/ptrdiff"
        default: return "/" + length
        }
    }

    // MARK: strftime

    /// strftime directives: flags `_ - 0 ^ #`, a width and the `E`/`O` modifiers, in any order, as
    /// GLib's `g_date_time_format` reads them (glibc wants the flags first and knows fewer `O`
    /// forms; a catalog does not say which of the two formats its dates).
    func strftime() -> (valid: [Placeholder], invalid: [Placeholder]) {
        var valid: [Placeholder] = [], invalid: [Placeholder] = []
        var i = 0
        while i < s.count {
            guard s[i] == "%" else { i += 1; continue }
            var j = i + 1
            while j < s.count, "_-0^#EO".unicodeScalars.contains(s[j]) || PlaceholderParser.isDigit(s[j]) { j += 1 }
            while j < s.count, s[j] == ":" { j += 1 }   // %:z, %::z
            guard j < s.count else { invalid.append(Placeholder(text: text(i..<j), identity: text(i..<j), range: i..<j, kind: .other)); break }
            let c = s[j]
            let p = Placeholder(text: text(i..<(j + 1)), identity: String(c), range: i..<(j + 1), kind: .other)
            if "aAbBcCdDeFfgGhHIjklmMnpPrRsStTuUVwWxXyYzZ+%".unicodeScalars.contains(c) {
                if c != "%" { valid.append(p) }
            } else {
                invalid.append(p)
            }
            i = j + 1
        }
        return (valid, invalid)
    }

    /// True when the strftime directive's conversion is also a printf conversion (`%d`, `%a`, `%-e`,
    /// `%s`…), so it does not by itself say "date".
    static func printfSafe(timeDirective d: String) -> Bool {
        guard let c = d.unicodeScalars.last else { return true }
        return "diouxXeEfFgGaAcsSpnm".unicodeScalars.contains(c)
    }

    // MARK: Qt and KDE

    /// `%1` … `%99`, `%L1` (localized number); `%n`, `%Ln` (the count of a Qt plural).
    func qt() -> [Placeholder] {
        var out: [Placeholder] = []
        var i = 0
        while i < s.count {
            guard s[i] == "%" else { i += 1; continue }
            var j = i + 1
            if has(j, "L") { j += 1 }
            if has(j, "n") {
                out.append(Placeholder(text: text(i..<(j + 1)), identity: "%n", range: i..<(j + 1), kind: .number))
                i = j + 1
                continue
            }
            guard j < s.count, PlaceholderParser.isDigit(s[j]), s[j] != "0" else { i += 1; continue }
            var end = j + 1
            if end < s.count, PlaceholderParser.isDigit(s[end]) { end += 1 }
            if has(end, "$") { i = end; continue }   // printf's `%1$s`
            let n = Int(text(j..<end))!
            out.append(Placeholder(text: text(i..<end), identity: "%\(n)", range: i..<end, kind: .string))
            i = end
        }
        return out
    }

    // MARK: Braces

    /// Python `str.format`: `{name}`, `{0}`, `{}`, `{name.attr}`, `{0[1]}`, `{x!r:>{w}}`; `{{` and
    /// `}}` are literal braces.
    func brace() -> [Placeholder] {
        var out: [Placeholder] = []
        var auto = 0
        var i = 0
        while i < s.count {
            if s[i] == "{" && has(i + 1, "{") { i += 2; continue }
            if s[i] == "}" && has(i + 1, "}") { i += 2; continue }
            guard s[i] == "{" else { i += 1; continue }
            var j = i + 1
            while j < s.count, PlaceholderParser.isNameChar(s[j]) || s[j] == "." || s[j] == "[" || s[j] == "]" { j += 1 }
            let field = text((i + 1)..<j)
            var k = j
            if has(k, "!") { k += 2 }
            if has(k, ":") {
                var depth = 1
                k += 1
                while k < s.count {
                    if s[k] == "{" { depth += 1 } else if s[k] == "}" { depth -= 1; if depth == 0 { break } }
                    k += 1
                }
            }
            guard has(k, "}") else { i += 1; continue }
            let name = field.prefix { $0 != "." && $0 != "[" }
            let id: String
            if name.isEmpty {
                guard field.isEmpty else { i += 1; continue }
                id = "{\(auto)}"
                auto += 1
            } else if let first = name.unicodeScalars.first, PlaceholderParser.isDigit(first) || PlaceholderParser.isNameStart(first) {
                id = "{\(name)}"
            } else {
                i += 1
                continue
            }
            out.append(Placeholder(text: text(i..<(k + 1)), identity: id, range: i..<(k + 1), kind: .string))
            i = k + 1
        }
        return out
    }

    /// ICU MessageFormat: the arguments at every level, each once (`{n, plural, one {# file} other
    /// {{n} files}}` gives `{n}`: a message may use an argument in some branches only); `'{'` and
    /// `''` quote. The placeholder of a complex argument covers it whole.
    func icu() -> [Placeholder] {
        var out: [Placeholder] = []
        var seen = Set<String>()
        var i = 0
        var depth = 0   // inside sub-messages of plural/select
        var quoted = false
        // Sub-message depth at which each open complex argument started.
        while i < s.count {
            let c = s[i]
            if c == "'" {
                if has(i + 1, "'") { i += 2; continue }
                // A quote starts literal text only before a syntax character.
                if quoted { quoted = false; i += 1; continue }
                if i + 1 < s.count, "{}#|".unicodeScalars.contains(s[i + 1]) { quoted = true; i += 1; continue }
                i += 1
                continue
            }
            if quoted { i += 1; continue }
            if c == "}" { if depth > 0 { depth -= 1 }; i += 1; continue }
            guard c == "{" else { i += 1; continue }
            // An argument: {name}, {name, type}, {name, type, style}, {name, plural|select|selectordinal, …}.
            var j = i + 1
            while has(j, " ") { j += 1 }
            let nameStart = j
            while j < s.count, PlaceholderParser.isNameChar(s[j]) { j += 1 }
            guard j > nameStart else {
                // A sub-message of a choice: `one {…}`.
                depth += 1
                i += 1
                continue
            }
            let name = text(nameStart..<j)
            while has(j, " ") { j += 1 }
            if has(j, "}") {
                if seen.insert("{\(name)}").inserted {
                    out.append(Placeholder(text: text(i..<(j + 1)), identity: "{\(name)}", range: i..<(j + 1), kind: .string))
                }
                i = j + 1
                continue
            }
            guard has(j, ",") else {
                // Not an argument (`{word here}` in prose, or a sub-message keyword followed by its text).
                depth += 1
                i += 1
                continue
            }
            j += 1
            while has(j, " ") { j += 1 }
            let typeStart = j
            while j < s.count, PlaceholderParser.isASCIILetter(s[j]) { j += 1 }
            let type = text(typeStart..<j)
            // The argument's end: its matching brace.
            var k = j, level = 1, q = false
            while k < s.count {
                let d = s[k]
                if d == "'" { if has(k + 1, "'") { k += 2; continue }; q.toggle(); k += 1; continue }
                if !q { if d == "{" { level += 1 } else if d == "}" { level -= 1; if level == 0 { break } } }
                k += 1
            }
            guard k < s.count else { i += 1; continue }
            let choice = ["plural", "select", "selectordinal", "choice"].contains(type)
            let kind: Placeholder.Kind = choice ? .choice : (["number", "spellout", "ordinal", "duration"].contains(type) ? .number : .string)
            if seen.insert("{\(name)}").inserted {
                out.append(Placeholder(text: text(i..<(k + 1)), identity: "{\(name)}", range: i..<(k + 1), kind: kind))
            }
            if choice {
                // Arguments nested in the sub-messages count too: read them, without the outer braces.
                let inner = PlaceholderParser(text(j..<k), syntax: .icu, strict: strict).icu()
                for p in inner where seen.insert(String(p.identity)).inserted {
                    out.append(Placeholder(text: p.text, identity: p.identity, range: (p.range.lowerBound + j)..<(p.range.upperBound + j), kind: p.kind))
                }
            }
            i = k + 1
        }
        return out
    }

    /// i18next: `{{name}}`, `{{name, format}}`, `{{- name}}` (unescaped), and `$t(key)` nesting.
    func mustache() -> [Placeholder] {
        var out: [Placeholder] = []
        var i = 0
        while i < s.count {
            if s[i] == "{" && has(i + 1, "{") {
                var j = i + 2
                while j + 1 < s.count, !(s[j] == "}" && s[j + 1] == "}"), j - i < 200 { j += 1 }
                if j + 1 < s.count, s[j] == "}", s[j + 1] == "}" {
                    var inner = text((i + 2)..<j).trimmingSpaces()
                    if inner.hasPrefix("-") { inner = String(inner.dropFirst()).trimmingSpaces() }
                    let name = String(inner.prefix { $0 != "," }).trimmingSpaces()
                    if !name.isEmpty, name.unicodeScalars.allSatisfy({ PlaceholderParser.isNameChar($0) || $0 == "." || $0 == "-" }) {
                        out.append(Placeholder(text: text(i..<(j + 2)), identity: "{{\(name)}}", range: i..<(j + 2), kind: .string))
                        i = j + 2
                        continue
                    }
                }
            }
            if s[i] == "$", has(i + 1, "t"), has(i + 2, "(") {
                var j = i + 3
                while j < s.count, s[j] != ")", j - i < 200 { j += 1 }
                if has(j, ")") {
                    out.append(Placeholder(text: text(i..<(j + 1)), identity: text(i..<(j + 1)), range: i..<(j + 1), kind: .string))
                    i = j + 1
                    continue
                }
            }
            i += 1
        }
        return out
    }

    /// The shell: `$NAME`, `${NAME}`.
    func shell() -> [Placeholder] {
        var out: [Placeholder] = []
        var i = 0
        while i < s.count {
            guard s[i] == "$" else { i += 1; continue }
            if has(i + 1, "{") {
                var j = i + 2
                while j < s.count, PlaceholderParser.isNameChar(s[j]) { j += 1 }
                if has(j, "}"), j > i + 2 {
                    out.append(Placeholder(text: text(i..<(j + 1)), identity: "$" + text((i + 2)..<j), range: i..<(j + 1), kind: .string))
                    i = j + 1
                    continue
                }
            } else if i + 1 < s.count, PlaceholderParser.isNameStart(s[i + 1]) {
                var j = i + 1
                while j < s.count, PlaceholderParser.isNameChar(s[j]) { j += 1 }
                out.append(Placeholder(text: text(i..<j), identity: "$" + text((i + 1)..<j), range: i..<j, kind: .string))
                i = j
                continue
            }
            i += 1
        }
        return out
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
