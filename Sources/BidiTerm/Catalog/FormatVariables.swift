/// Apple's plural variables in a printf format (`%#@files@`, `%2$#@folders@`), as a `.stringsdict`
/// `NSStringLocalizedFormatKey` and an `.xcstrings` value with substitutions write them, and the
/// expansion of a format with the form each variable's count chooses.
///
/// Each variable takes the place of one argument, like any other directive: in `%@ deleted
/// %#@files@`, `files` is argument 2. Inside the form chosen for it (`%d files`), the directives
/// without a position are that argument's value; a directive with a position (`%1$@`) keeps it.
///
///     let f = FormatVariables("%#@files@ in %#@folders@")
///     f.variables.map(\.name)        // ["files", "folders"]
///     f.expand { v in v.name == "files" ? "%d files" : "%d folders" }
///     // "%1$d files in %2$d folders"
struct FormatVariables {
    /// One printf directive of the format.
    struct Directive {
        /// Where it is, in Unicode scalars of the format.
        var range: Range<Int>
        /// The argument it takes (1-based): its `N$`, else the next in order.
        var argument: Int
        /// True when the format wrote the position (`%2$d`).
        var positional: Bool
        /// The variable it names (`files` for `%#@files@`); nil for a plain directive.
        var variable: String?
        /// What follows the position: flags, width, precision, length and conversion (`ld`, `.2f`).
        var spec: String
    }

    /// The format's scalars.
    let scalars: [Unicode.Scalar]
    /// Its directives, in order (`%%` is none).
    let directives: [Directive]

    /// Reads the directives of `format`.
    init(_ format: String) {
        scalars = Array(format.unicodeScalars)
        directives = FormatVariables.scan(scalars)
    }

    /// The variables, in order of appearance (a variable written twice is listed twice).
    var variables: [Directive] { directives.filter { $0.variable != nil } }

    /// True when a directive states its position.
    var hasPositions: Bool { directives.contains(where: \.positional) }

    /// The format with each variable replaced by `form(variable)`, every directive given its
    /// position (`%1$d files in %2$d folders`), so arguments fill it the same way whatever the
    /// forms chosen: a form without a number (Arabic's one-form, `ملف واحد`) does not shift the
    /// arguments after it. `argument` maps a variable to the argument its forms take (its own
    /// position by default). A variable with no form (nil) is left as written.
    func expand(argument: (Directive) -> Int = { $0.argument }, form: (Directive) -> String?) -> String {
        var out = String.UnicodeScalarView()
        var at = 0
        for d in directives {
            out.append(contentsOf: scalars[at..<d.range.lowerBound])
            at = d.range.upperBound
            if d.variable != nil {
                guard let text = form(d) else {
                    out.append(contentsOf: scalars[d.range])
                    continue
                }
                out.append(contentsOf: FormatVariables.positioned(text, argument: argument(d)).unicodeScalars)
            } else {
                out.append(contentsOf: "%\(d.argument)$\(d.spec)".unicodeScalars)
            }
        }
        out.append(contentsOf: scalars[at...])
        return String(out)
    }

    /// True when each variable can be replaced by any of its `forms` as written and every
    /// argument stays where it was: no directive states a position, and each form has one
    /// directive without a position, or the variable is the last directive.
    func keepsPlaces(forms: [String: [String]]) -> Bool {
        let last = directives.last?.range
        return !hasPositions && variables.allSatisfy { v in
            (forms[v.variable!] ?? []).allSatisfy { text in
                let inner = FormatVariables(text)
                return !inner.hasPositions && (inner.directives.count == 1 || v.range == last)
            }
        }
    }

    /// The format with each variable replaced by `form(variable)`: as written when `inPlace`
    /// (see ``keepsPlaces(forms:)``), else the positioned expansion (``expand(argument:form:)``).
    /// This is how a format with one variable becomes the plural forms of an entry, as the
    /// translator wrote them where that is possible.
    func substitute(inPlace: Bool, form: (Directive) -> String?) -> String {
        guard inPlace else { return expand(form: form) }
        var out = String.UnicodeScalarView()
        var at = 0
        for v in variables {
            out.append(contentsOf: scalars[at..<v.range.lowerBound])
            out.append(contentsOf: (form(v) ?? String(String.UnicodeScalarView(scalars[v.range]))).unicodeScalars)
            at = v.range.upperBound
        }
        out.append(contentsOf: scalars[at...])
        return String(out)
    }

    /// `text` with its directives that state no position given `argument`.
    static func positioned(_ text: String, argument: Int) -> String {
        let inner = FormatVariables(text)
        guard inner.directives.contains(where: { !$0.positional }) else { return text }
        var out = String.UnicodeScalarView()
        var at = 0
        for d in inner.directives where !d.positional {
            out.append(contentsOf: inner.scalars[at..<d.range.lowerBound])
            out.append(contentsOf: "%\(argument)$\(d.spec)".unicodeScalars)
            at = d.range.upperBound
        }
        out.append(contentsOf: inner.scalars[at...])
        return String(out)
    }

    private static func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 0x30 && c.value <= 0x39 }

    /// The directives of a printf format: `%[N$][flags][width][.precision][length]conversion` and
    /// `%[N$]#@name@`.
    private static func scan(_ s: [Unicode.Scalar]) -> [Directive] {
        var out: [Directive] = []
        var next = 1
        var i = 0
        while i < s.count {
            guard s[i] == "%" else { i += 1; continue }
            let start = i
            var j = i + 1
            if j < s.count, s[j] == "%" { i = j + 1; continue }
            var position: Int?
            var k = j
            while k < s.count, isDigit(s[k]) { k += 1 }
            if k > j, k < s.count, s[k] == "$" {
                position = Int(String(String.UnicodeScalarView(s[j..<k])))
                j = k + 1
            }
            let specStart = j
            if j + 1 < s.count, s[j] == "#", s[j + 1] == "@" {
                var e = j + 2
                while e < s.count, s[e] != "@", s[e] != "%", !s[e].properties.isWhitespace { e += 1 }
                if e < s.count, s[e] == "@", e > j + 2 {
                    let argument = position ?? next
                    if position == nil { next += 1 }
                    out.append(Directive(range: start..<(e + 1), argument: argument, positional: position != nil,
                                         variable: String(String.UnicodeScalarView(s[(j + 2)..<e])), spec: ""))
                    i = e + 1
                    continue
                }
            }
            while j < s.count, ["-", "+", " ", "0", "#", "'"].contains(s[j]) { j += 1 }
            while j < s.count, isDigit(s[j]) || s[j] == "*" { j += 1 }
            if j < s.count, s[j] == "." {
                j += 1
                while j < s.count, isDigit(s[j]) || s[j] == "*" { j += 1 }
            }
            while j < s.count, ["l", "h", "q", "L", "z", "t", "j"].contains(s[j]) { j += 1 }
            guard j < s.count, "diouxXeEfFgGaAcCsSp@".unicodeScalars.contains(s[j]) else { i = start + 1; continue }
            let argument = position ?? next
            if position == nil { next += 1 }
            out.append(Directive(range: start..<(j + 1), argument: argument, positional: position != nil, variable: nil,
                                 spec: String(String.UnicodeScalarView(s[specStart...j]))))
            i = j + 1
        }
        return out
    }
}
