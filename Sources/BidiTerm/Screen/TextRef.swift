import Foundation

/// A text value of a screen file: a catalog key (with arguments for its placeholders) or literal
/// text.
///
/// In YAML, a plain string is a key (`title: settings.title`), `{literal: "git push"}` is literal
/// text, `{key: downloads.remaining, args: {count: 3}}` is a key with arguments, and
/// `{key: files.deleted, count: 5}` (or `count: amount`, an argument's name) asks for the plural
/// form of a count.
public enum TextRef: Sendable, Equatable {
    /// A catalog key, the values for its placeholders in the order the file lists them, and the
    /// count that chooses its plural form (`nil`: the argument named `count`, if any).
    case key(String, args: [TextArgument], count: TextCount? = nil)
    /// Text used as written, without lookup.
    case literal(String)

    /// A key without arguments.
    public static func key(_ key: String) -> TextRef { .key(key, args: []) }

    /// The catalog key, or nil for literal text.
    public var key: String? {
        if case .key(let key, _, _) = self { return key }
        return nil
    }

    /// The count that chooses the text's plural form: `count:` (a number, or the number of the
    /// argument it names), else the argument named `count`; `override` (the preview's count,
    /// `render --count`) replaces it when the text has one. `nil` for a text without a count.
    public func count(override: Double? = nil) -> Double? {
        guard case .key(_, let args, let count) = self else { return nil }
        let named: String
        switch count {
        case .number(let n)?: return override ?? n
        case .argument(let name)?: named = name
        case nil: named = "count"
        }
        guard let arg = args.first(where: { $0.name == named }), case .number(let n) = arg.value else {
            return count == nil ? nil : override
        }
        return override ?? n
    }

    /// The arguments with the count applied: the argument `count:` names (or `count`) takes the
    /// count; a numeric `count:` also fills an argument `count` when none is given, so `{count}`
    /// and `{count, plural, …}` see it.
    public func arguments(override: Double? = nil) -> [TextArgument] {
        guard case .key(_, var args, let spec) = self else { return [] }
        guard let value = count(override: override) else { return args }
        let name: String
        if case .argument(let n)? = spec { name = n } else { name = "count" }
        if let i = args.firstIndex(where: { $0.name == name }) {
            args[i].value = .number(value)
        } else {
            args.append(TextArgument(name, .number(value)))
        }
        return args
    }

    /// The text to draw, and the key when it is missing from the catalog.
    ///
    /// A missing key resolves to the key between `⟦` and `⟧` (so it shows on screen) and is returned
    /// as `missingKey` for the caller to report. A found key's placeholders are filled from the
    /// arguments:
    /// - `{name}`: the argument called `name` (arguments given as a YAML list are called `1`, `2`, …);
    /// - `%s`, `%d`, `%i`, `%u`, `%f`, `%@`: the next argument in order; `%d`/`%i`/`%u` drop a
    ///   number's fraction and `%.2f` rounds it to two decimals; printf flags, widths and length
    ///   modifiers (`%-5ld`) are accepted and ignored;
    /// - `%1$s`, `%2$d`, …: the argument at that 1-based position;
    /// - `%%`: a percent sign;
    /// - Qt's `%n` (the count: the argument `count`, else `n`), `%1`…`%99` and `%L1` (the argument at
    ///   that position); i18next's `{{name}}`.
    ///
    /// A numeric argument goes through `formatNumber` whatever the placeholder says, so the caller
    /// decides the digits (R6). A text argument is inserted between FSI and PDI (U+2068, U+2069)
    /// when `isolateText` is true (the default): a first-strong isolate, so a left-to-right value
    /// such as `report (2).pdf` cannot reorder the right-to-left text around it, nor an Arabic name
    /// the English around it. Isolates take no cell (R22). Numbers are not isolated: `75%` must stay
    /// one left-to-right run in Hebrew, which an isolate would break.
    ///
    /// A placeholder with no matching argument is left as written, and a key without arguments is
    /// not treated as a format at all (`%%` stays `%%`).
    ///
    /// ```swift
    /// let ref = TextRef.key("files.count", args: [TextArgument("count", .number(3))])
    /// let (text, missing) = ref.resolve(lookup: { _ in "{count} files" }, formatNumber: { "\(Int($0))" })
    /// // text == "3 files", missing == nil
    /// ```
    ///
    /// - Parameters:
    ///   - lookup: the catalog: the text for a key, or nil when the key is missing.
    ///   - formatNumber: how a numeric argument is written (the locale's digits).
    ///   - isolateText: wrap text arguments in FSI…PDI.
    /// - Returns: the text to draw, and the key if it was missing.
    public func resolve(lookup: (String) -> String?,
                        formatNumber: (Double) -> String,
                        isolateText: Bool = true) -> (text: String, missingKey: String?) {
        switch self {
        case .literal(let text):
            return (text, nil)
        case .key(let key, let args, _):
            guard let template = lookup(key) else { return ("⟦\(key)⟧", key) }
            return (TextRef.fill(template, args: args, formatNumber: formatNumber, isolateText: isolateText), nil)
        }
    }

    /// `template` with its placeholders replaced by `args` (see `resolve(lookup:formatNumber:isolateText:)`).
    public static func fill(_ template: String, args: [TextArgument],
                            formatNumber: (Double) -> String, isolateText: Bool = true) -> String {
        fill(template, args: args, formatArgument: { formatNumber($1) }, isolateText: isolateText)
    }

    /// `template` with its placeholders replaced by `args`, a numeric argument written by
    /// `formatArgument` (which sees the argument: its ``TextArgument/style`` and
    /// ``TextArgument/decimal``, and the number after `%d` or `%.2f` rounding).
    public static func fill(_ template: String, args: [TextArgument],
                            formatArgument: (TextArgument, Double) -> String, isolateText: Bool = true) -> String {
        // Without arguments the text is not a format: "100%" and "%s" stay as written.
        if args.isEmpty { return template }
        let s = Array(template.unicodeScalars)
        var out = String.UnicodeScalarView()
        var nextPositional = 0
        var i = 0

        func text(of arg: TextArgument) -> String {
            switch arg.value {
            case .string(let string): return isolateText ? "\u{2068}\(string)\u{2069}" : string
            case .number(let number): return formatArgument(arg, number)
            }
        }
        func isNameScalar(_ c: Unicode.Scalar) -> Bool {
            c.properties.isAlphabetic || c.properties.numericType != nil || c == "_" || c == "-" || c == "."
        }
        func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 0x30 && c.value <= 0x39 }

        while i < s.count {
            let c = s[i]
            if c == "{", i + 1 < s.count, s[i + 1] == "{" {
                // i18next's {{name}}.
                var j = i + 2
                while j < s.count, isNameScalar(s[j]) { j += 1 }
                if j > i + 2, j + 1 < s.count, s[j] == "}", s[j + 1] == "}" {
                    let name = String(String.UnicodeScalarView(s[(i + 2)..<j]))
                    if let arg = args.first(where: { $0.name == name }) {
                        out.append(contentsOf: text(of: arg).unicodeScalars)
                        i = j + 2
                        continue
                    }
                }
                out.append(c)
                i += 1
            } else if c == "{" {
                // {name}: the longest run of name characters followed by a closing brace.
                var j = i + 1
                while j < s.count, isNameScalar(s[j]) { j += 1 }
                if j > i + 1, j < s.count, s[j] == "}" {
                    let name = String(String.UnicodeScalarView(s[(i + 1)..<j]))
                    if let arg = args.first(where: { $0.name == name }) {
                        out.append(contentsOf: text(of: arg).unicodeScalars)
                        i = j + 1
                        continue
                    }
                }
                out.append(c)
                i += 1
            } else if c == "%" {
                if i + 1 < s.count, s[i + 1] == "%" {
                    out.append("%")
                    i += 2
                    continue
                }
                // Qt: %n is the count of a numerus message (the argument `count`, else `n`).
                if i + 1 < s.count, s[i + 1] == "n", let arg = args.first(where: { $0.name == "count" }) ?? args.first(where: { $0.name == "n" }) {
                    out.append(contentsOf: text(of: arg).unicodeScalars)
                    i += 2
                    continue
                }
                // %[n$][flags][width][.precision][length]conversion
                var j = i + 1
                var position: Int?
                var k = j
                while k < s.count, isDigit(s[k]) { k += 1 }
                if k > j, k < s.count, s[k] == "$" {
                    position = Int(String(String.UnicodeScalarView(s[j..<k])))
                    j = k + 1
                }
                // Flags and width only pad in printf; a cell grid lays text out itself.
                while j < s.count, ["-", "+", " ", "0", "#", "'"].contains(s[j]) { j += 1 }
                while j < s.count, isDigit(s[j]) { j += 1 }
                var precision: Int?
                if j + 1 < s.count, s[j] == ".", isDigit(s[j + 1]) {
                    var p = j + 1
                    while p < s.count, isDigit(s[p]) { p += 1 }
                    precision = Int(String(String.UnicodeScalarView(s[(j + 1)..<p])))
                    j = p
                }
                while j < s.count, ["l", "h", "z", "j", "t", "L"].contains(s[j]) { j += 1 }
                let conversions: Set<Unicode.Scalar> = ["s", "d", "i", "u", "f", "@"]
                if j < s.count, conversions.contains(s[j]) {
                    let index: Int
                    if let position { index = position - 1 } else { index = nextPositional; nextPositional += 1 }
                    if index >= 0, index < args.count {
                        var arg = args[index]
                        if case .number(let number) = arg.value {
                            // %d and friends take whole numbers; %.Nf rounds to N decimals.
                            if ["d", "i", "u"].contains(s[j]) {
                                arg.value = .number(number.rounded(.towardZero))
                                arg.decimal = nil
                                arg.style = (arg.style ?? NumberStyle()).with(fractionDigits: 0)
                            } else if let precision, precision < 16 {
                                let scale = pow(10, Double(precision))
                                arg.value = .number((number * scale).rounded() / scale)
                                arg.decimal = nil
                                arg.style = (arg.style ?? NumberStyle()).with(fractionDigits: precision)
                            }
                        }
                        out.append(contentsOf: text(of: arg).unicodeScalars)
                        i = j + 1
                        continue
                    }
                }
                // Qt: %1 … %99 and %L1 (QString::arg), the argument at that position.
                var q = i + 1
                if q < s.count, s[q] == "L" { q += 1 }
                var r = q
                while r < s.count, r < q + 2, isDigit(s[r]) { r += 1 }
                if r > q, let position = Int(String(String.UnicodeScalarView(s[q..<r]))), position >= 1, position <= args.count {
                    out.append(contentsOf: text(of: args[position - 1]).unicodeScalars)
                    i = r
                    continue
                }
                out.append(c)
                i += 1
            } else {
                out.append(c)
                i += 1
            }
        }
        return String(out)
    }
}

/// A named value for a placeholder of a `TextRef`.
public struct TextArgument: Sendable, Equatable {
    /// The value of an argument: text is inserted as written, a number through the caller's
    /// number formatter (locale digits, R6).
    public enum Value: Sendable, Equatable {
        /// Text, inserted as written.
        case string(String)
        /// A number, formatted with the locale's digits (R6).
        case number(Double)
    }

    /// The placeholder name (`count` for `{count}`); `1`, `2`, … for arguments given as a list.
    public var name: String
    /// The value.
    public var value: Value
    /// How a number is written (decimals, percent, currency, compact, unit), through ICU; `nil`:
    /// the plain style, with the decimals of ``decimal``.
    public var style: NumberStyle?
    /// A number as the screen file wrote it (`1249.50`), so its decimals are kept.
    public var decimal: String?

    /// Creates an argument.
    public init(_ name: String, _ value: Value, style: NumberStyle? = nil, decimal: String? = nil) {
        self.name = name
        self.value = value
        self.style = style
        self.decimal = decimal
    }
}

/// The count of a text value (`count:` in a screen file): a number, or the name of the argument
/// that holds it.
public enum TextCount: Sendable, Equatable {
    /// `count: 5`.
    case number(Double)
    /// `count: files`: the argument `files`.
    case argument(String)
}

extension NumberStyle {
    /// The style with `fractionDigits` set.
    func with(fractionDigits: Int) -> NumberStyle {
        var s = self
        s.fractionDigits = fractionDigits
        return s
    }
}
