import Foundation

extension CatalogLoader {
    /// Loads an Android resource file (`res/values-ar/strings.xml`).
    ///
    /// Reads `<string name>`, `<plurals name>` with `<item quantity>` (CLDR categories in
    /// ``CatalogEntry/plurals``, `other` as the translation) and `<string-array name>` (one entry per
    /// item, keyed `name[0]`, `name[1]`, …). The `product` attribute is the entry's context;
    /// `translatable="false"` and `formatted="false"` become flags; the XML comment just before an
    /// element becomes its comment. Text is processed the way the Android resource compiler does:
    /// escapes `\' \" \\ \n \t \@ \? \uHHHH` (four hex digits), unescaped double quotes delimit literal text, and white
    /// space outside them is collapsed to one space and trimmed. Inline markup (`<b>`, `<i>`,
    /// `<u>`, `<a href>`…) stays in the text as written; `<xliff:g>` wrappers are removed, keeping
    /// their content, as the compiler does. Elements that are not string resources (`<dimen>`,
    /// `<color>`, …) are reported as warnings.
    static func loadAndroidXML(_ data: [UInt8], path: String, fallbackLocale: String?) throws -> Catalog {
        let document = try CatalogXMLDocument.parse(data, path: path)
        var warnings = document.warnings
        let root = document.root
        guard root.name == "resources" else {
            throw CatalogDiagnostic(file: path, line: root.line, column: root.column,
                message: "expected a <resources> root element, found <\(root.name)>")
        }
        func warn(_ element: CatalogXMLElement, _ message: String) {
            warnings.append(CatalogDiagnostic(file: path, line: element.line, column: element.column, message: message))
        }
        func name(of element: CatalogXMLElement) throws -> String {
            guard let name = element.attributes["name"], !name.isEmpty else {
                throw CatalogDiagnostic(file: path, line: element.line, column: element.column,
                    message: "<\(element.name)> without a name attribute")
            }
            return name
        }
        func text(of element: CatalogXMLElement) -> String {
            let (value, problems) = CatalogAndroidText.process(element)
            for problem in problems { warn(element, problem) }
            return value
        }

        var entries: [CatalogEntry] = []
        var comment: String?
        for node in root.children {
            let element: CatalogXMLElement
            switch node {
            case .comment(let c):
                comment = c.trimmingCharacters(in: .whitespacesAndNewlines)
                continue
            case .text(let t):
                if !t.allSatisfy(\.isWhitespace) {
                    warnings.append(CatalogDiagnostic(file: path, line: root.line, column: root.column,
                        message: "text outside any resource ignored: \(Catalog.quoted(t.trimmingCharacters(in: .whitespacesAndNewlines)))"))
                }
                continue
            case .element(let e):
                element = e
            }
            defer { comment = nil }
            var flags: [String] = []
            for attribute in ["translatable", "formatted"] where element.attributes[attribute] == "false" {
                flags.append("\(attribute)=false")
            }
            let context = element.attributes["product"]
            switch element.name {
            case "string":
                entries.append(CatalogEntry(key: try name(of: element), context: context, translation: text(of: element),
                                            flags: flags, comment: comment, line: element.line, column: element.column))
            case "plurals":
                let key = try name(of: element)
                var plurals: [String: String] = [:]
                for item in element.elements {
                    guard item.name == "item", let quantity = item.attributes["quantity"] else {
                        warn(item, "<\(item.name)> in <plurals name=\"\(key)\"> is not an <item quantity=…>; ignored")
                        continue
                    }
                    if !["zero", "one", "two", "few", "many", "other"].contains(quantity) {
                        warn(item, "unknown plural quantity \(Catalog.quoted(quantity)) in \(Catalog.quoted(key))")
                    }
                    if plurals[quantity] != nil { warn(item, "quantity \(Catalog.quoted(quantity)) given twice in \(Catalog.quoted(key)); the last is used") }
                    plurals[quantity] = text(of: item)
                }
                if plurals["other"] == nil { warn(element, "<plurals name=\"\(key)\"> has no quantity=\"other\"") }
                entries.append(CatalogEntry(key: key, context: context, translation: plurals["other"], plurals: plurals,
                                            flags: flags, comment: comment, line: element.line, column: element.column))
            case "string-array":
                let key = try name(of: element)
                for (i, item) in element.elements.enumerated() {
                    if item.name != "item" { warn(item, "<\(item.name)> in <string-array name=\"\(key)\"> is not an <item>; read as one") }
                    entries.append(CatalogEntry(key: "\(key)[\(i)]", context: context, translation: text(of: item),
                                                flags: flags, comment: i == 0 ? comment : nil, line: item.line, column: item.column))
                }
            case "eat-comment":
                break
            default:
                let label = element.attributes["name"].map { " name=\"\($0)\"" } ?? ""
                warn(element, "<\(element.name)\(label)> is not a string resource; not loaded")
            }
        }
        return Catalog(path: path, format: .androidXML, locale: fallbackLocale, entries: entries, warnings: warnings)
    }
}

/// The text processing of the Android resource compiler for `<string>` and `<item>` content.
enum CatalogAndroidText {
    private enum Piece { case text(String), markup(String) }

    /// The processed text of `element`, and the problems found (bad escapes, unescaped apostrophes).
    static func process(_ element: CatalogXMLElement) -> (String, [String]) {
        var pieces: [Piece] = []
        flatten(element.children, into: &pieces)
        var out = String.UnicodeScalarView()
        var problems: [String] = []
        var quoted = false
        var pendingSpace = false
        func emit(_ scalar: Unicode.Scalar) {
            if pendingSpace && !out.isEmpty { out.append(" ") }
            pendingSpace = false
            out.append(scalar)
        }
        for piece in pieces {
            switch piece {
            case .markup(let tag):
                if pendingSpace && !out.isEmpty { out.append(" ") }
                pendingSpace = false
                out.append(contentsOf: tag.unicodeScalars)
            case .text(let text):
                let scalars = Array(text.unicodeScalars)
                var i = 0
                while i < scalars.count {
                    let s = scalars[i]
                    i += 1
                    switch s {
                    case "\\":
                        guard i < scalars.count else {
                            problems.append("backslash at the end of the text")
                            continue
                        }
                        let e = scalars[i]
                        i += 1
                        switch e {
                        case "n": emit("\n")
                        case "t": emit("\t")
                        case "'", "\"", "\\", "@", "?": emit(e)
                        case "u":
                            var value: UInt32 = 0, digits = 0
                            while digits < 4, i < scalars.count, scalars[i].isASCII, let d = CatalogText.hexDigit(UInt8(scalars[i].value)) {
                                value = value * 16 + UInt32(d); i += 1; digits += 1
                            }
                            if digits == 4, let scalar = Unicode.Scalar(value) {
                                emit(scalar)
                            } else {
                                problems.append("bad escape \\u: expected 4 hex digits of a code point; the text is kept as written")
                                emit("\\"); emit("u")
                                i -= digits
                            }
                        default:
                            problems.append("unknown escape \\\(Character(e)); read as \(Catalog.quoted(String(Character(e))))")
                            emit(e)
                        }
                    case "\"":
                        quoted.toggle()
                    case " ", "\t", "\n", "\r":
                        if quoted { emit(s) } else { pendingSpace = true }
                    case "'":
                        if !quoted { problems.append("unescaped apostrophe (write \\' or put the text in double quotes)") }
                        emit(s)
                    default:
                        emit(s)
                    }
                }
            }
        }
        return (String(out), problems)
    }

    /// Text and markup of `nodes` in order: tags become `.markup` pieces, written back as XML.
    private static func flatten(_ nodes: [CatalogXMLNode], into pieces: inout [Piece]) {
        for node in nodes {
            switch node {
            case .text(let t): pieces.append(.text(t))
            case .comment: break
            case .element(let e):
                if e.name == "xliff:g" {
                    flatten(e.children, into: &pieces)
                    continue
                }
                let attributes = e.attributes.sorted { $0.key < $1.key }
                    .map { " \($0.key)=\"\(escapeAttribute($0.value))\"" }.joined()
                if e.children.isEmpty {
                    pieces.append(.markup("<\(e.name)\(attributes)/>"))
                } else {
                    pieces.append(.markup("<\(e.name)\(attributes)>"))
                    flatten(e.children, into: &pieces)
                    pieces.append(.markup("</\(e.name)>"))
                }
            }
        }
    }

    private static func escapeAttribute(_ value: String) -> String {
        value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
    }
}
