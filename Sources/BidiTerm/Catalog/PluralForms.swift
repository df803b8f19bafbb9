import Foundation

/// A gettext `Plural-Forms` header (`nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : …;`): how many forms
/// a plural entry has and which form a number takes.
///
///     let forms = PluralForms("nplurals=4; plural=(n==1 ? 0 : n==2 ? 1 : n>10 && n%10==0 ? 2 : 3);")!
///     forms.form(for: 2)          // 1
///     forms.singleValued          // [true, true, false, false]: forms 0 and 1 are "one" and "two"
///
/// The expression is C's, as gettext evaluates it: `?:`, `||`, `&&`, comparisons, `+ - * / %`,
/// `!`, parentheses, `n` and decimal numbers, with unsigned long arithmetic (a division by zero
/// gives 0).
public struct PluralForms: Sendable, Hashable {
    /// `nplurals`.
    public let count: Int
    /// The `plural=` expression as written.
    public let expression: String
    /// For each form, `true` when exactly one number selects it in 0…2000 (the "zero", "one" and
    /// "two" forms of most languages): such a form may leave out the number, as in "one file".
    public let singleValued: [Bool]
    /// For each form, the smallest number that selects it (nil when none in 0…2000 does).
    public let example: [Int?]
    private let program: Node

    /// The default of gettext when a catalog has no header: two forms, `n != 1`. (Parsed on each
    /// use: a global expression tree would be a false leak to LeakSanitizer, which does not follow
    /// the tagged pointers of indirect enums.)
    public static var germanic: PluralForms { PluralForms("nplurals=2; plural=(n != 1);")! }

    /// Parses a header value; `nil` when `nplurals` or `plural` is missing or malformed.
    public init?(_ header: String) {
        guard let count = PluralForms.field(header, "nplurals").flatMap({ Int(String($0.filter { $0 != " " && $0 != "\t" })) }),
              count >= 1, count <= 64,
              var expression = PluralForms.field(header, "plural") else { return nil }
        while let last = expression.last, last == ";" || last == " " || last == "\t" || last == "\n" { expression.removeLast() }
        while let first = expression.first, first == " " || first == "\t" { expression.removeFirst() }
        var parser = Parser(Array(expression.utf8))
        guard let node = parser.parse() else { return nil }
        self.count = count
        self.expression = expression
        self.program = node
        var hits = [Int](repeating: 0, count: count)
        var example = [Int?](repeating: nil, count: count)
        for n in 0...2000 {
            let f = Int(clamping: node.evaluate(UInt64(n)))
            guard f >= 0 && f < count else { continue }
            hits[f] += 1
            if example[f] == nil { example[f] = n }
        }
        self.singleValued = hits.map { $0 == 1 }
        self.example = example
    }

    /// The form index for `n` (clamped to the forms that exist).
    public func form(for n: Int) -> Int {
        let f = program.evaluate(UInt64(max(0, n)))
        return Int(min(f, UInt64(count - 1)))
    }

    /// `key=value` of a header field list such as `nplurals=2; plural=(n != 1);`: the value runs
    /// to the next `;` for `nplurals`, and to the end (minus `;`) for `plural`.
    private static func field(_ header: String, _ name: String) -> String? {
        // "plural" also occurs inside "nplurals": take the occurrence that starts a word.
        var from = header.startIndex
        var found: Range<String.Index>?
        while let r = header.range(of: name, range: from..<header.endIndex) {
            if r.lowerBound == header.startIndex || !header[header.index(before: r.lowerBound)].isLetter { found = r; break }
            from = r.upperBound
        }
        guard let r = found else { return nil }
        var rest = header[r.upperBound...].drop { $0 == " " || $0 == "\t" }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst()
        if name == "nplurals" { return String(rest.prefix { $0 != ";" }) }
        return String(rest)
    }

    /// What is wrong with a `Plural-Forms` header value, and where.
    public struct Problem: Sendable, Hashable {
        /// What is wrong, in one sentence.
        public var message: String
        /// The 0-based offset in the header value (in Unicode scalars) where it is wrong.
        public var offset: Int
    }

    /// Why `header` is not a header gettext accepts (msgfmt rejects the file), or nil when it is one:
    /// `nplurals` missing or not a number from 1 to 64, `plural=` missing, an expression that does
    /// not parse (with the offset where it stops), or one that gives a form past `nplurals - 1`.
    public static func problem(in header: String) -> Problem? {
        let scalars = Array(header.unicodeScalars)
        func offset(of name: String) -> Int? {
            var from = header.startIndex
            while let r = header.range(of: name, range: from..<header.endIndex) {
                if r.lowerBound == header.startIndex || !header[header.index(before: r.lowerBound)].isLetter {
                    return header.unicodeScalars.distance(from: header.unicodeScalars.startIndex, to: r.upperBound)
                }
                from = r.upperBound
            }
            return nil
        }
        guard let countAt = offset(of: "nplurals") else { return Problem(message: "no nplurals=", offset: 0) }
        guard let countText = field(header, "nplurals") else { return Problem(message: "nplurals is not followed by =", offset: countAt) }
        let digits = String(countText.filter { $0 != " " && $0 != "\t" })
        guard let count = Int(digits), count >= 1, count <= 64 else {
            return Problem(message: "nplurals=\(digits.debugDescription) is not a number from 1 to 64", offset: countAt)
        }
        guard let pluralAt = offset(of: "plural") , let value = field(header, "plural") else {
            return Problem(message: "no plural= expression", offset: scalars.count)
        }
        // Where the expression starts in the header.
        var start = pluralAt
        while start < scalars.count, scalars[start] != "=" { start += 1 }
        start += 1
        var expression = value
        while let last = expression.last, last == ";" || last == " " || last == "\t" || last == "\n" { expression.removeLast() }
        var lead = 0
        while let first = expression.first, first == " " || first == "\t" { expression.removeFirst(); lead += 1 }
        if expression.isEmpty { return Problem(message: "the plural= expression is empty", offset: start) }
        var parser = Parser(Array(expression.utf8))
        guard let node = parser.parse() else {
            let at = min(parser.farthest, parser.s.count)
            let stop = String(decoding: parser.s[..<at], as: UTF8.self).unicodeScalars.count
            let rest = String(decoding: parser.s[at...], as: UTF8.self)
            let what = rest.isEmpty ? "the expression ends too early" : "unexpected \(String(rest.prefix(12)).debugDescription)"
            return Problem(message: "the plural= expression does not parse: \(what)", offset: start + lead + stop)
        }
        for n in 0...2000 {
            let f = node.evaluate(UInt64(n))
            if f >= UInt64(count) {
                return Problem(message: "plural= gives form \(f) for n=\(n), but nplurals=\(count) allows 0 to \(count - 1)", offset: start + lead)
            }
        }
        return nil
    }

    // MARK: - Expression

    private indirect enum Node: Sendable, Hashable {
        case n
        case number(UInt64)
        case not(Node)
        case binary(UInt8, Node, Node)   // operator code, see `apply`
        case conditional(Node, Node, Node)

        func evaluate(_ n: UInt64) -> UInt64 {
            switch self {
            case .n: return n
            case .number(let v): return v
            case .not(let a): return a.evaluate(n) == 0 ? 1 : 0
            case .conditional(let c, let a, let b): return c.evaluate(n) != 0 ? a.evaluate(n) : b.evaluate(n)
            case .binary(let op, let a, let b):
                let x = a.evaluate(n)
                if op == Op.or { return x != 0 ? 1 : (b.evaluate(n) != 0 ? 1 : 0) }
                if op == Op.and { return x == 0 ? 0 : (b.evaluate(n) != 0 ? 1 : 0) }
                let y = b.evaluate(n)
                switch op {
                case Op.eq: return x == y ? 1 : 0
                case Op.ne: return x != y ? 1 : 0
                case Op.lt: return x < y ? 1 : 0
                case Op.le: return x <= y ? 1 : 0
                case Op.gt: return x > y ? 1 : 0
                case Op.ge: return x >= y ? 1 : 0
                case Op.add: return x &+ y
                case Op.sub: return x &- y
                case Op.mul: return x &* y
                case Op.div: return y == 0 ? 0 : x / y
                default: return y == 0 ? 0 : x % y
                }
            }
        }
    }

    private enum Op {
        static let or: UInt8 = 1, and: UInt8 = 2, eq: UInt8 = 3, ne: UInt8 = 4, lt: UInt8 = 5, le: UInt8 = 6
        static let gt: UInt8 = 7, ge: UInt8 = 8, add: UInt8 = 9, sub: UInt8 = 10, mul: UInt8 = 11, div: UInt8 = 12
        static let mod: UInt8 = 13
    }

    /// Recursive descent over C's precedence levels.
    private struct Parser {
        let s: [UInt8]
        var i = 0 { didSet { farthest = max(farthest, i) } }
        /// The furthest the parser got: where a malformed expression stops making sense.
        var farthest = 0
        init(_ s: [UInt8]) { self.s = s }

        mutating func parse() -> Node? {
            guard let e = conditional() else { return nil }
            skip()
            return i == s.count ? e : nil
        }

        mutating func skip() { while i < s.count && (s[i] == 0x20 || s[i] == 0x09 || s[i] == 0x0A || s[i] == 0x0D) { i += 1 } }

        mutating func eat(_ token: String) -> Bool {
            skip()
            let t = Array(token.utf8)
            guard i + t.count <= s.count, Array(s[i..<(i + t.count)]) == t else { return false }
            // `<` must not eat the start of `<=`, `=` must not be read from `==` partially, and so on.
            if t.count == 1, i + 1 < s.count, "<>!=".utf8.contains(t[0]), s[i + 1] == UInt8(ascii: "=") { return false }
            i += t.count
            return true
        }

        mutating func conditional() -> Node? {
            guard let c = binary(0) else { return nil }
            if eat("?") {
                guard let a = conditional(), eat(":"), let b = conditional() else { return nil }
                return .conditional(c, a, b)
            }
            return c
        }

        static let levels: [[(String, UInt8)]] = [
            [("||", Op.or)], [("&&", Op.and)], [("==", Op.eq), ("!=", Op.ne)],
            [("<=", Op.le), (">=", Op.ge), ("<", Op.lt), (">", Op.gt)],
            [("+", Op.add), ("-", Op.sub)], [("*", Op.mul), ("/", Op.div), ("%", Op.mod)],
        ]

        mutating func binary(_ level: Int) -> Node? {
            guard level < Parser.levels.count else { return unary() }
            guard var left = binary(level + 1) else { return nil }
            loop: while true {
                for (token, op) in Parser.levels[level] where eat(token) {
                    guard let right = binary(level + 1) else { return nil }
                    left = .binary(op, left, right)
                    continue loop
                }
                return left
            }
        }

        mutating func unary() -> Node? {
            if eat("!") { return unary().map { .not($0) } }
            skip()
            guard i < s.count else { return nil }
            if s[i] == UInt8(ascii: "(") {
                i += 1
                guard let e = conditional(), eat(")") else { return nil }
                return e
            }
            if s[i] == UInt8(ascii: "n") { i += 1; return .n }
            var v: UInt64 = 0, digits = 0
            while i < s.count, s[i] >= 0x30, s[i] <= 0x39, digits < 18 { v = v * 10 + UInt64(s[i] - 0x30); i += 1; digits += 1 }
            return digits > 0 ? .number(v) : nil
        }
    }
}
