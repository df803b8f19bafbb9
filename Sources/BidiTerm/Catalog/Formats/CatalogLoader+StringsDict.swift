import Foundation

extension CatalogLoader {
    /// Loads an Apple `.stringsdict` file: an XML property list (a compiled binary one is read too,
    /// without positions) whose top-level dictionary maps each key to a dictionary with
    /// `NSStringLocalizedFormatKey`, a format whose variables (`%#@files@`) each name a
    /// dictionary of the entry: `NSStringFormatSpecTypeKey` = `NSStringPluralRuleType`,
    /// `NSStringFormatValueTypeKey` (`d`, `ld`, …), and a string per CLDR category (`zero`, `one`,
    /// `two`, `few`, `many`, `other`).
    ///
    /// - One variable (`%#@files@`, or `Deleted %#@files@`): the entry's ``CatalogEntry/plurals``
    ///   are the format with the variable replaced by each category's string, so plural forms
    ///   are chosen by CLDR's rules for the catalog's language (ICU), as for `.xcstrings`; the
    ///   directives keep their places (given positions, `%1$d`, only when a form without a number
    ///   would shift the arguments after it).
    /// - Several variables (`%#@files@ in %#@folders@`): the translation is the format, and each
    ///   variable's strings are ``CatalogEntry/variants`` `substitutions.files.one`, … (as an
    ///   `.xcstrings` file keeps its substitutions); ``ScreenRenderer`` chooses each variable's
    ///   form by its own argument.
    /// - `zero`, when given, is used for the number 0 in every language, as Foundation does (its
    ///   release notes for OS X 10.9), even where CLDR's rules have no zero category.
    /// - `NSStringVariableWidthRuleType` (strings by width) and `NSStringDeviceSpecificRuleType`
    ///   (by device) entries become variants `width.20`, `device.iphone`; the translation is the
    ///   widest one, or the `other` device's (else the first).
    /// - An XML comment above a key is the entry's comment; positions are the `<key>`'s.
    ///
    /// A file that is no property list, or whose top level is not a dictionary, throws. An entry
    /// with a problem (no format key, a variable the format names but the entry does not define,
    /// a spec type other than `NSStringPluralRuleType`, a value that is not a string) is not loaded,
    /// with a warning naming its line; unknown category keys are ignored with a warning.
    static func loadStringsDict(_ data: [UInt8], path: String, fallbackLocale: String?) throws -> Catalog {
        var reader = StringsDictReader(path: path)
        let top = try reader.parse(data)
        var entries: [CatalogEntry] = []
        for item in top {
            if let entry = reader.entry(item) { entries.append(entry) }
        }
        return Catalog(path: path, format: .stringsdict, locale: fallbackLocale, entries: entries, warnings: reader.warnings)
    }
}

/// A value of a property list, with the position of its element (0 in a binary list).
enum PlistValue {
    case string(String)
    case dictionary([PlistItem])
    /// Any other value: its element name (`integer`, `array`, `true`, …).
    case other(String)

    var typeName: String {
        switch self {
        case .string: return "a <string>"
        case .dictionary: return "a <dict>"
        case .other(let name): return "<\(name)>"
        }
    }
}

/// A key of a property list dictionary, its value, the positions of both, and the XML comment
/// just above the key.
struct PlistItem {
    var key: String
    var value: PlistValue
    var line: Int
    var column: Int
    var valueLine: Int
    var valueColumn: Int
    var comment: String?
}

/// Reads `.stringsdict` entries from a property list, collecting warnings.
struct StringsDictReader {
    let path: String
    var warnings: [CatalogDiagnostic] = []

    static let categories = ["zero", "one", "two", "few", "many", "other"]

    init(path: String) { self.path = path }

    mutating func warn(_ line: Int, _ column: Int, _ message: String) {
        warnings.append(CatalogDiagnostic(file: path, line: line, column: column, message: message))
    }

    func failure(_ line: Int, _ column: Int, _ message: String) -> CatalogDiagnostic {
        CatalogDiagnostic(file: path, line: line, column: column, message: message)
    }

    /// The top-level dictionary of the file.
    mutating func parse(_ data: [UInt8]) throws -> [PlistItem] {
        if data.starts(with: Array("bplist".utf8)) { return try parseBinary(data) }
        let text = data.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        let startsLikeXML = text.first == UInt8(ascii: "<") || data.starts(with: [0xEF, 0xBB, 0xBF, UInt8(ascii: "<")])
            || data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF])
        guard startsLikeXML else {
            let head = String(decoding: text.prefix(240), as: UTF8.self).split(whereSeparator: \.isNewline).first.map { String($0.prefix(40)) } ?? ""
            throw failure(1, 1, "not a property list: a .stringsdict file is an XML property list (<plist><dict>…), and this one starts with \(Catalog.quoted(head))")
        }
        let document = try CatalogXMLDocument.parse(data, path: path)
        warnings += document.warnings
        let root = document.root
        guard root.name == "plist" else {
            throw failure(root.line, root.column, "expected a <plist> root element, found <\(root.name)>")
        }
        guard let dict = root.elements.first else {
            throw failure(root.line, root.column, "the <plist> is empty: a .stringsdict file holds one <dict> of entries")
        }
        guard dict.name == "dict" else {
            throw failure(dict.line, dict.column, "the <plist> holds <\(dict.name)>, not the <dict> of entries a .stringsdict file has")
        }
        return items(of: dict)
    }

    /// The key–value pairs of a `<dict>` element, in file order.
    mutating func items(of dict: CatalogXMLElement) -> [PlistItem] {
        var out: [PlistItem] = []
        var pendingKey: CatalogXMLElement?
        var comment: String?
        var keyComment: String?
        var seen: [String: Int] = [:]
        for child in dict.children {
            switch child {
            case .comment(let text):
                comment = text.trimmingCharacters(in: .whitespacesAndNewlines)
            case .text:
                continue
            case .element(let e):
                if e.name == "key" {
                    if let k = pendingKey { warn(k.line, k.column, "<key>\(k.text)</key> has no value; ignored") }
                    pendingKey = e
                    keyComment = comment
                    comment = nil
                    continue
                }
                guard let key = pendingKey else {
                    warn(e.line, e.column, "<\(e.name)> without a <key> before it; ignored")
                    continue
                }
                pendingKey = nil
                if let first = seen[key.text] {
                    warn(key.line, key.column, "duplicate key \(Catalog.quoted(key.text)) in a <dict>; first defined at line \(first); the first is used")
                    continue
                }
                seen[key.text] = key.line
                out.append(PlistItem(key: key.text, value: value(of: e), line: key.line, column: key.column,
                                     valueLine: e.line, valueColumn: e.column, comment: keyComment))
            }
        }
        if let k = pendingKey { warn(k.line, k.column, "<key>\(k.text)</key> has no value; ignored") }
        return out
    }

    mutating func value(of e: CatalogXMLElement) -> PlistValue {
        switch e.name {
        case "string": return .string(e.text)
        case "dict": return .dictionary(items(of: e))
        default: return .other(e.name)
        }
    }

    /// A compiled (binary) property list, through Foundation: no positions.
    mutating func parseBinary(_ data: [UInt8]) throws -> [PlistItem] {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: Data(data), options: [], format: nil)
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
            throw failure(0, 0, "binary property list error: \(detail)")
        }
        guard let dictionary = object as? [String: Any] else {
            throw failure(0, 0, "the property list is not a dictionary of entries")
        }
        func convert(_ dictionary: [String: Any]) -> [PlistItem] {
            dictionary.keys.sorted().map { key in
                let v = dictionary[key]!
                let value: PlistValue
                if let s = v as? String { value = .string(s) } else if let d = v as? [String: Any] { value = .dictionary(convert(d)) } else { value = .other(String(describing: type(of: v))) }
                return PlistItem(key: key, value: value, line: 0, column: 0, valueLine: 0, valueColumn: 0, comment: nil)
            }
        }
        return convert(dictionary)
    }

    /// The entry of one top-level key, or nil (with a warning) when it cannot be loaded.
    mutating func entry(_ item: PlistItem) -> CatalogEntry? {
        let name = Catalog.quoted(item.key)
        guard case .dictionary(let fields) = item.value else {
            warn(item.valueLine, item.valueColumn, "entry \(name) is \(item.value.typeName), not a <dict> (NSStringLocalizedFormatKey and its variables); not loaded")
            return nil
        }
        var entry = CatalogEntry(key: item.key, comment: item.comment, line: item.line, column: item.column)
        func field(_ key: String) -> PlistItem? { fields.first { $0.key == key } }

        if let width = field("NSStringVariableWidthRuleType") ?? field("NSStringDeviceSpecificRuleType") {
            return variantEntry(entry, item: width, name: name)
        }
        guard let formatItem = field("NSStringLocalizedFormatKey") else {
            warn(item.line, item.column, "entry \(name) has no NSStringLocalizedFormatKey (the format with its %#@variables@); not loaded")
            return nil
        }
        guard case .string(let format) = formatItem.value else {
            warn(formatItem.valueLine, formatItem.valueColumn, "NSStringLocalizedFormatKey of \(name) is \(formatItem.value.typeName), not a <string>; not loaded")
            return nil
        }
        let parsed = FormatVariables(format)
        var names: [String] = []
        for v in parsed.variables where !names.contains(v.variable!) { names.append(v.variable!) }
        var forms: [String: [String: String]] = [:]
        for variable in names {
            guard let item = field(variable) else {
                warn(formatItem.line, formatItem.column, "the format of \(name) names the variable \(Catalog.quoted(variable)) (%#@\(variable)@), which the entry does not define; not loaded")
                return nil
            }
            guard let f = pluralForms(item, entry: name) else { return nil }
            forms[variable] = f
        }
        for f in fields where !f.key.hasPrefix("NSString") && forms[f.key] == nil {
            warn(f.line, f.column, "\(Catalog.quoted(f.key)) of \(name) is not a variable of its format \(Catalog.quoted(format)); ignored")
        }
        if names.isEmpty {
            entry.translation = format
        } else if names.count == 1 {
            let variable = names[0]
            let inPlace = parsed.keepsPlaces(forms: [variable: forms[variable].map { Array($0.values) } ?? []])
            for category in StringsDictReader.categories {
                guard forms[variable]?[category] != nil else { continue }
                entry.plurals[category] = parsed.substitute(inPlace: inPlace) { _ in forms[variable]?[category] }
            }
            entry.translation = entry.plurals["other"] ?? StringsDictReader.categories.lazy.compactMap { entry.plurals[$0] }.first
        } else {
            entry.translation = format
            for (variable, texts) in forms {
                for (category, text) in texts { entry.variants["substitutions.\(variable).\(category)"] = text }
            }
        }
        return entry
    }

    /// The category strings of a variable's dictionary; nil (with a warning) when it is no
    /// plural rule.
    mutating func pluralForms(_ item: PlistItem, entry name: String) -> [String: String]? {
        let variable = Catalog.quoted(item.key)
        guard case .dictionary(let fields) = item.value else {
            warn(item.valueLine, item.valueColumn, "variable \(variable) of \(name) is \(item.value.typeName), not a <dict> of plural forms; not loaded")
            return nil
        }
        guard let spec = fields.first(where: { $0.key == "NSStringFormatSpecTypeKey" }) else {
            warn(item.line, item.column, "variable \(variable) of \(name) has no NSStringFormatSpecTypeKey (NSStringPluralRuleType); not loaded")
            return nil
        }
        guard case .string(let type) = spec.value, type == "NSStringPluralRuleType" else {
            let found: String
            if case .string(let s) = spec.value { found = Catalog.quoted(s) } else { found = spec.value.typeName }
            warn(spec.valueLine, spec.valueColumn, "variable \(variable) of \(name) has the spec type \(found); a .stringsdict variable is NSStringPluralRuleType; not loaded")
            return nil
        }
        if !fields.contains(where: { $0.key == "NSStringFormatValueTypeKey" }) {
            warn(item.line, item.column, "variable \(variable) of \(name) has no NSStringFormatValueTypeKey (the number's format, d or ld), which Foundation needs to format it")
        }
        var out: [String: String] = [:]
        for f in fields where f.key != "NSStringFormatSpecTypeKey" && f.key != "NSStringFormatValueTypeKey" {
            guard StringsDictReader.categories.contains(f.key) else {
                warn(f.line, f.column, "unknown plural category \(Catalog.quoted(f.key)) in variable \(variable) of \(name) (expected zero, one, two, few, many or other); ignored")
                continue
            }
            guard case .string(let text) = f.value else {
                warn(f.valueLine, f.valueColumn, "the \(f.key) form of variable \(variable) of \(name) is \(f.value.typeName), not a <string>; ignored")
                continue
            }
            out[f.key] = text
        }
        return out
    }

    /// A width or device rule: its strings as variants.
    mutating func variantEntry(_ base: CatalogEntry, item: PlistItem, name: String) -> CatalogEntry? {
        let kind = item.key == "NSStringVariableWidthRuleType" ? "width" : "device"
        guard case .dictionary(let cases) = item.value else {
            warn(item.valueLine, item.valueColumn, "\(item.key) of \(name) is \(item.value.typeName), not a <dict>; not loaded")
            return nil
        }
        var entry = base
        for c in cases {
            guard case .string(let text) = c.value else {
                warn(c.valueLine, c.valueColumn, "\(kind) \(Catalog.quoted(c.key)) of \(name) is \(c.value.typeName), not a <string>; ignored")
                continue
            }
            entry.variants["\(kind).\(c.key)"] = text
        }
        let keys = cases.filter { entry.variants["\(kind).\($0.key)"] != nil }.map(\.key)
        let main = kind == "width" ? keys.max { (Int($0) ?? 0) < (Int($1) ?? 0) } : (keys.contains("other") ? "other" : keys.first)
        entry.translation = main.flatMap { entry.variants["\(kind).\($0)"] }
        return entry
    }
}
