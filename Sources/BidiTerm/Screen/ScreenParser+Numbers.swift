import Yams

extension ScreenParser {
    /// An argument given as a mapping: a number and how to write it, through ICU (R6):
    /// `{number: 1249.5, fraction: 2}`, `{number: 0.42, percent: true}`,
    /// `{number: 1249.5, currency: SAR}`, `{number: 1200000, compact: short}`,
    /// `{number: 12, unit: kilometer, unitWidth: long}`, `grouping: false`.
    func numberArgument(_ name: String, _ mapping: Node.Mapping, mark: Mark?) -> TextArgument? {
        let fields = Fields(mapping: mapping, mark: mark, owner: "argument '\(name)'")
        checkFields(fields, allowed: ["number", "fraction", "grouping", "percent", "currency", "compact", "unit", "unitWidth"])
        guard let number = number(fields, "number", required: true) else { return nil }
        var style = NumberStyle()
        if let f = integer(fields, "fraction") {
            if (0...15).contains(f) { style.fractionDigits = f } else {
                report(.invalidValue(field: "fraction"), "'fraction' of argument '\(name)' must be 0 to 15 decimals, found \(f)",
                       at: fields.value("fraction")?.mark)
            }
        }
        if let g = boolean(fields, "grouping") { style.grouping = g }
        if let p = boolean(fields, "percent") { style.percent = p }
        if let c = string(fields, "currency", what: "an ISO 4217 code") {
            if c.count == 3, c.allSatisfy({ $0.isASCII && $0.isLetter }) { style.currency = c.uppercased() } else {
                report(.invalidValue(field: "currency"), "'currency' of argument '\(name)' must be an ISO 4217 code such as SAR, found '\(c)'",
                       at: fields.value("currency")?.mark)
                return nil
            }
        }
        if let c = string(fields, "compact", what: "short or long") {
            guard let compact = NumberStyle.Compact(rawValue: c) else {
                report(.invalidValue(field: "compact"), "'compact' of argument '\(name)' must be short or long, found '\(c)'",
                       at: fields.value("compact")?.mark)
                return nil
            }
            style.compact = compact
        }
        if let u = string(fields, "unit", what: "a CLDR unit such as kilometer") { style.unit = u }
        if let w = string(fields, "unitWidth", what: "short, long or narrow") {
            guard let width = NumberStyle.UnitWidth(rawValue: w) else {
                report(.invalidValue(field: "unitWidth"), "'unitWidth' of argument '\(name)' must be short, long or narrow, found '\(w)'",
                       at: fields.value("unitWidth")?.mark)
                return nil
            }
            style.unitWidth = width
        }
        if style.format(number, locale: "en") == nil {
            report(.invalidValue(field: "args"), "ICU cannot write argument '\(name)' as asked (skeleton '\(style.skeleton)'): an unknown currency or unit?",
                   at: mark)
            return nil
        }
        let decimal = (fields.value("number").flatMap { node -> String? in
            if case .scalar(let s) = node { return s.string }
            return nil
        }).flatMap(ScreenParser.decimalText)
        return TextArgument(name, .number(number), style: style, decimal: decimal)
    }

    /// A YAML number's text as a plain decimal (`1249.50`, `-3`, `1_000`), or nil for one ICU would
    /// not read as written (`0x1F`, `1e3`, `.inf`).
    static func decimalText(_ text: String) -> String? {
        let t = text.filter { $0 != "_" }
        let body = t.hasPrefix("-") || t.hasPrefix("+") ? t.dropFirst() : t[...]
        guard !body.isEmpty, body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              body.filter({ $0 == "." }).count <= 1, body.first != ".", body.last != "." else { return nil }
        return t.hasPrefix("+") ? String(t.dropFirst()) : t
    }
}
