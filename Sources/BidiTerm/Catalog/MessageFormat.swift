import CICU

/// ICU MessageFormat (`{count, plural, zero {…} one {…} other {# files}}`, `select`,
/// `selectordinal`, `#`, `offset:`, nested arguments), formatted by ICU's `MessageFormat`.
///
///     try MessageFormat.format("{n, plural, one {# file} other {# files}}", locale: "en",
///                              arguments: [TextArgument("n", .number(3))])   // "3 files"
public enum MessageFormat {
    /// A pattern ICU cannot parse, or arguments it cannot format.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// ICU's error name (`U_PATTERN_SYNTAX_ERROR`, …).
        public var name: String
        /// The offset of the problem in the pattern, in Unicode scalars, when ICU gives one.
        public var offset: Int?
        /// What went wrong, in one sentence.
        public var description: String {
            "ICU MessageFormat: \(name)" + (offset.map { " at character \($0 + 1)" } ?? "")
        }
    }

    /// `true` when `text` has an ICU argument with a type that selects (`{x, plural,`, `{x, select,`,
    /// `{x, selectordinal,`): the texts this formatter is for. Plain `{name}` placeholders are
    /// left to ``TextRef``.
    public static func isMessageFormat(_ text: String) -> Bool {
        guard text.contains(",") else { return false }
        let s = Array(text.unicodeScalars)
        var i = 0
        while i < s.count {
            if s[i] == "{" {
                var j = i + 1
                while j < s.count, s[j] == " " { j += 1 }
                while j < s.count, s[j].properties.isAlphabetic || s[j].properties.numericType != nil || s[j] == "_" { j += 1 }
                while j < s.count, s[j] == " " { j += 1 }
                if j < s.count, s[j] == "," {
                    var k = j + 1
                    while k < s.count, s[k] == " " { k += 1 }
                    let rest = String(String.UnicodeScalarView(s[k..<min(s.count, k + 14)]))
                    if rest.hasPrefix("plural") || rest.hasPrefix("select") { return true }
                }
            }
            i += 1
        }
        return false
    }

    /// The names of the plural and selectordinal arguments of a pattern, in order (`count` for
    /// `{count, plural, …}`); empty when it has none or does not parse.
    public static func pluralArguments(_ pattern: String) -> [String] {
        selectingArguments(pattern).filter { $0.plural }.map(\.name)
    }

    /// The arguments a pattern selects on, in order: plural and selectordinal (`plural: true`) and
    /// select (`plural: false`) arguments; empty when it has none or does not parse.
    public static func selectingArguments(_ pattern: String) -> [(name: String, plural: Bool)] {
        selectors(pattern).map { ($0.name, $0.plural) }
    }

    /// The arguments a pattern selects on, with the selectors of their cases (`=0`, `one`,
    /// `other`), in order.
    public static func selectors(_ pattern: String) -> [(name: String, plural: Bool, selectors: [String])] {
        let p = Array(pattern.utf16)
        var capacity = 1024
        for _ in 0..<2 {
            var out = [CChar](repeating: 0, count: capacity)
            var err: Int32 = 0
            let n = CICU_messagePluralArguments(p, Int32(p.count), &out, Int32(capacity), &err)
            guard n > 0 else { return [] }
            if Int(n) + 64 >= capacity { capacity *= 8; continue }
            return stringFromCBuffer(out).split(separator: ",").map { item in
                let words = item.dropFirst(2).split(separator: " ").map(String.init)
                return (words.first ?? "", item.hasPrefix("p:"), Array(words.dropFirst()))
            }
        }
        return []
    }

    /// `pattern` formatted in `locale` (its plural rules; numbers in `numerals`, else its digits).
    /// Numeric arguments are numbers for `plural` and `#`; text arguments feed `select`.
    /// - Throws: ``Failure`` when ICU rejects the pattern or the arguments.
    public static func format(_ pattern: String, locale: String, numerals: NumeralSystem? = nil,
                              arguments: [TextArgument]) throws -> String {
        let p = Array(pattern.utf16)
        let names = arguments.map { Array($0.name.utf16) }
        let texts = arguments.map { arg -> [UInt16] in
            if case .string(let s) = arg.value { return Array(s.utf16) }
            return []
        }
        let id = icuLocaleID(locale, numerals: numerals)
        var capacity = max(256, p.count * 2)
        for _ in 0..<2 {
            var out = [UInt16](repeating: 0, count: capacity)
            var err: Int32 = 0, offset: Int32 = -1
            let n: Int32 = withArgumentArray(arguments, names, texts) { args in
                CICU_formatMessage(id, p, Int32(p.count), args, Int32(arguments.count), &out, Int32(capacity), &offset, &err)
            }
            if err == 15 { capacity = Int(n) + 1; continue }
            if err > 0 {
                let name = String(cString: CICU_errorName(err))
                let scalarOffset = offset >= 0
                    ? String(decoding: p.prefix(Int(offset)), as: UTF16.self).unicodeScalars.count : nil
                throw Failure(name: name, offset: scalarOffset)
            }
            return String(decoding: out[0..<Int(n)], as: UTF16.self)
        }
        throw Failure(name: "U_BUFFER_OVERFLOW_ERROR", offset: nil)
    }

    private static func withArgumentArray<R>(_ arguments: [TextArgument], _ names: [[UInt16]], _ texts: [[UInt16]],
                                             _ body: (UnsafePointer<CICU_MessageArgument>) -> R) -> R {
        // The name and text buffers are kept alive by `names`/`texts` for the whole call.
        names.withUnsafeBufferPointers { namePointers in
            texts.withUnsafeBufferPointers { textPointers in
                var args: [CICU_MessageArgument] = []
                for (i, arg) in arguments.enumerated() {
                    var number = 0.0, isNumber: Int32 = 0
                    if case .number(let x) = arg.value { number = x; isNumber = 1 }
                    args.append(CICU_MessageArgument(name: namePointers[i], nameLength: Int32(names[i].count),
                                                     isNumber: isNumber, number: number,
                                                     text: textPointers[i], textLength: Int32(texts[i].count)))
                }
                if args.isEmpty { args.append(CICU_MessageArgument()) }
                return body(args)
            }
        }
    }
}

private extension Array where Element == [UInt16] {
    /// Pointers to every inner array's storage, valid inside `body`.
    func withUnsafeBufferPointers<R>(_ body: ([UnsafePointer<UInt16>?]) -> R) -> R {
        var pointers: [UnsafePointer<UInt16>?] = []
        func nest(_ i: Int) -> R {
            if i == count { return body(pointers) }
            return self[i].withUnsafeBufferPointer { buffer in
                pointers.append(buffer.baseAddress)
                return nest(i + 1)
            }
        }
        return nest(0)
    }
}
