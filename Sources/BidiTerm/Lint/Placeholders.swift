/// A placeholder in a message: printf (`%s`, `%1$d`, `%@`, `%.2f`), Python (`%(name)s`),
/// brace (`{name}`, ICU `{0}`, `{count, plural, …}`) or mustache (`{{x}}`).
public struct Placeholder: Sendable, Hashable {
    /// The placeholder as written.
    public var text: String
    /// Identity used to compare a translation with its source: `1$s` for the first printf argument
    /// (positional or not, by order), `{name}` for named ones.
    public var identity: String
    /// Scalar offsets in the message.
    public var range: Range<Int>
    /// True for numeric conversions (`%d`, `%f`, …).
    public var isNumeric: Bool

    /// The placeholders of `message`, in order. `%%` is not a placeholder.
    ///
    ///     Placeholder.find("%2$s من %1$d").map(\.identity)   // ["2$s", "1$d"]
    public static func find(_ message: String) -> [Placeholder] {
        let s = Array(message.unicodeScalars)
        var out: [Placeholder] = []
        var printfIndex = 0
        var i = 0
        func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 0x30 && c.value <= 0x39 }
        func isNameChar(_ c: Unicode.Scalar) -> Bool {
            (c.value >= 0x30 && c.value <= 0x39) || (c.value >= 0x41 && c.value <= 0x5A) || (c.value >= 0x61 && c.value <= 0x7A)
                || c == "_" || c == "." || c == "-"
        }
        while i < s.count {
            let c = s[i]
            if c == "%" {
                if i + 1 < s.count && s[i + 1] == "%" { i += 2; continue }
                var j = i + 1
                var position: Int? = nil
                // %(name)s
                if j < s.count && s[j] == "(" {
                    if let close = s[j...].firstIndex(of: ")"), close + 1 < s.count, s[close + 1].properties.isAlphabetic {
                        let name = String(String.UnicodeScalarView(s[(j + 1)..<close]))
                        let conv = s[close + 1]
                        out.append(Placeholder(text: String(String.UnicodeScalarView(s[i...(close + 1)])), identity: "(\(name))",
                                               range: i..<(close + 2), isNumeric: "dif".unicodeScalars.contains(conv)))
                        i = close + 2
                        continue
                    }
                }
                var k = j
                while k < s.count && isDigit(s[k]) { k += 1 }
                if k > j && k < s.count && s[k] == "$" {
                    position = Int(String(String.UnicodeScalarView(s[j..<k])))
                    j = k + 1
                }
                while j < s.count && "-+ #0'".unicodeScalars.contains(s[j]) { j += 1 }
                while j < s.count && (isDigit(s[j]) || s[j] == "*") { j += 1 }
                if j < s.count && s[j] == "." {
                    j += 1
                    while j < s.count && (isDigit(s[j]) || s[j] == "*") { j += 1 }
                }
                while j < s.count && "hlLqjzt".unicodeScalars.contains(s[j]) { j += 1 }
                if j < s.count && "diouxXeEfFgGaAcspn@".unicodeScalars.contains(s[j]) {
                    let conv = s[j]
                    let pos: Int
                    if let p = position { pos = p } else { printfIndex += 1; pos = printfIndex }
                    let kind = "diouxX".unicodeScalars.contains(conv) ? "d" : ("eEfFgGaA".unicodeScalars.contains(conv) ? "f" : String(conv == "@" ? "s" : conv))
                    out.append(Placeholder(text: String(String.UnicodeScalarView(s[i...j])), identity: "\(pos)$\(kind)",
                                           range: i..<(j + 1), isNumeric: kind == "d" || kind == "f"))
                    i = j + 1
                    continue
                }
                i += 1
                continue
            }
            if c == "{" {
                // {{name}}
                if i + 1 < s.count && s[i + 1] == "{" {
                    var j = i + 2
                    while j < s.count && (isNameChar(s[j]) || s[j] == " ") { j += 1 }
                    if j + 1 < s.count && s[j] == "}" && s[j + 1] == "}" && j > i + 2 {
                        let name = String(String.UnicodeScalarView(s[(i + 2)..<j])).trimmingSpaces()
                        out.append(Placeholder(text: String(String.UnicodeScalarView(s[i...(j + 1)])), identity: "{{\(name)}}",
                                               range: i..<(j + 2), isNumeric: false))
                        i = j + 2
                        continue
                    }
                }
                // {name} or ICU {name, type, ...}
                var j = i + 1
                while j < s.count && isNameChar(s[j]) { j += 1 }
                if j > i + 1 && j < s.count && (s[j] == "}" || s[j] == ",") {
                    let name = String(String.UnicodeScalarView(s[(i + 1)..<j]))
                    var end = j
                    if s[j] == "," {
                        // Skip to the matching close brace of an ICU argument.
                        var depth = 1
                        end = j
                        while end + 1 < s.count && depth > 0 {
                            end += 1
                            if s[end] == "{" { depth += 1 } else if s[end] == "}" { depth -= 1 }
                        }
                        if depth != 0 { i += 1; continue }
                    }
                    let numeric = name.allSatisfy(\.isNumber) == false && s[j] == "," &&
                        String(String.UnicodeScalarView(s[j..<end])).contains("number")
                    out.append(Placeholder(text: String(String.UnicodeScalarView(s[i...end])), identity: "{\(name)}",
                                           range: i..<(end + 1), isNumeric: numeric))
                    i = end + 1
                    continue
                }
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
