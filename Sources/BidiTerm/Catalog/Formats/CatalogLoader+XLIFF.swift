import Foundation

extension CatalogLoader {
    /// Loads an XLIFF file, 1.2 or 2.x, whichever the root's `version` says (the format argument
    /// only routes the file here; ``Catalog/format`` reports the version found).
    ///
    /// - XLIFF 1.2: `<file source-language target-language>`, `<trans-unit id>` (also inside
    ///   `<group>`), `<source>`, `<target state>`, `<note>`. A `needs-…` target state makes the
    ///   entry fuzzy; `state=…` and `translate=no` become flags.
    /// - XLIFF 2.x: `<xliff srcLang trgLang>`, `<file>`, `<unit id>` (also inside `<group>`), its
    ///   `<segment>`s and `<ignorable>`s joined in order, `<notes><note>`. An `initial` segment
    ///   state with a target makes the entry fuzzy.
    ///
    /// Inline codes keep their text: the content of `<g>`, `<mrk>`, `<pc>`, `<ph>`, `<bpt>`…; for
    /// empty placeholders (`<x/>`, `<ph/>`, `<sc/>`), the `equiv-text`, `equiv` or `disp`
    /// attribute, or a warning when there is none; `<cp hex>` becomes its character. Known metadata
    /// the model does not hold (`<header>`, `<alt-trans>`, `<context-group>`, `<seg-source>`,
    /// `<mda:metadata>`…) is skipped; unknown elements are reported. With several `<file>`s, the
    /// first `original` attribute goes to ``Catalog/metadata``.
    static func loadXLIFF(_ data: [UInt8], path: String, fallbackLocale: String?) throws -> Catalog {
        let document = try CatalogXMLDocument.parse(data, path: path)
        let root = document.root
        guard root.name == "xliff" else {
            throw CatalogDiagnostic(file: path, line: root.line, column: root.column,
                message: "expected an <xliff> root element, found <\(root.name)>")
        }
        var reader = XLIFFReader(path: path, warnings: document.warnings)
        let version = root.attributes["version"] ?? ""
        let format: CatalogFormat
        if version.hasPrefix("2") || (root.attributes["xmlns"] ?? "").contains(":document:2") {
            format = .xliff20
            reader.sourceLocale = root.attributes["srcLang"]
            reader.locale = root.attributes["trgLang"]
            try reader.read20(root)
        } else {
            format = .xliff12
            if !version.isEmpty && version != "1.2" && version != "1.1" && version != "1.0" {
                reader.warn(root, "XLIFF version \(Catalog.quoted(version)) read as 1.2")
            }
            try reader.read12(root)
        }
        var metadata: [String: String] = [:]
        if let original = reader.original { metadata["original"] = original }
        return Catalog(path: path, format: format, locale: reader.locale ?? fallbackLocale,
                       sourceLocale: reader.sourceLocale, metadata: metadata,
                       entries: reader.entries, warnings: reader.warnings)
    }
}

private struct XLIFFReader {
    let path: String
    var warnings: [CatalogDiagnostic]
    var entries: [CatalogEntry] = []
    var locale: String?
    var sourceLocale: String?
    var original: String?

    init(path: String, warnings: [CatalogDiagnostic]) {
        self.path = path
        self.warnings = warnings
    }

    mutating func warn(_ element: CatalogXMLElement, _ message: String) {
        warnings.append(CatalogDiagnostic(file: path, line: element.line, column: element.column, message: message))
    }

    private func fail(_ element: CatalogXMLElement, _ message: String) -> CatalogDiagnostic {
        CatalogDiagnostic(file: path, line: element.line, column: element.column, message: message)
    }

    /// Elements that carry metadata the catalog model does not hold; skipped without a warning.
    private static let skipped: Set<String> = [
        "header", "alt-trans", "context-group", "count-group", "prop-group", "seg-source", "phase-group",
        "tool", "skl", "mda:metadata", "metadata", "res:resourceData", "originalData", "ctr:changeTrack",
        "val:validation", "its:locQualityIssues", "slr:profiles", "slr:data", "fs:fs", "glossary", "gls:glossary",
    ]

    /// Walks containers (`file`, `body`, `group`) with an explicit stack, calling `unit` for each
    /// element named `unitName`.
    private mutating func walk(_ root: CatalogXMLElement, unitName: String, containers: Set<String>,
                               unit: (inout XLIFFReader, CatalogXMLElement) throws -> Void) throws {
        var stack: [CatalogXMLElement] = root.elements.reversed()
        while let element = stack.popLast() {
            if element.name == unitName {
                try unit(&self, element)
            } else if containers.contains(element.name) {
                if element.name == "file" { readFile(element) }
                stack += element.elements.reversed()
            } else if !Self.skipped.contains(element.name) {
                warn(element, "unexpected <\(element.name)> in an XLIFF file; ignored")
            }
        }
    }

    private mutating func readFile(_ file: CatalogXMLElement) {
        if original == nil { original = file.attributes["original"] }
        for (attribute, current) in [("source-language", sourceLocale), ("target-language", locale)] {
            guard let value = file.attributes[attribute] else { continue }
            if let current, current != value {
                warn(file, "<file \(attribute)=\"\(value)\"> differs from an earlier file (\(current)); the first is used")
            } else if attribute == "source-language" {
                sourceLocale = value
            } else {
                locale = value
            }
        }
    }

    // MARK: XLIFF 1.2

    mutating func read12(_ root: CatalogXMLElement) throws {
        try walk(root, unitName: "trans-unit", containers: ["file", "body", "group"]) { reader, unit in
            try reader.transUnit(unit)
        }
    }

    private mutating func transUnit(_ unit: CatalogXMLElement) throws {
        guard let id = unit.attributes["id"], !id.isEmpty else { throw fail(unit, "<trans-unit> without an id attribute") }
        guard let sourceElement = unit.first("source") else { throw fail(unit, "<trans-unit id=\"\(id)\"> has no <source>") }
        var entry = CatalogEntry(key: id, source: inlineText(sourceElement, version: 1), line: unit.line, column: unit.column)
        if let target = unit.first("target") {
            entry.translation = inlineText(target, version: 1)
            if let state = target.attributes["state"] {
                entry.flags.append("state=\(state)")
                entry.isFuzzy = state.hasPrefix("needs-")
            }
        }
        if unit.attributes["translate"] == "no" { entry.flags.append("translate=no") }
        if unit.attributes["approved"] == "yes" { entry.flags.append("approved=yes") }
        let notes = unit.elements.filter { $0.name == "note" }.map(\.text)
        entry.comment = notes.isEmpty ? nil : notes.joined(separator: "\n")
        for child in unit.elements where !["source", "target", "note"].contains(child.name) && !Self.skipped.contains(child.name) {
            warn(child, "unexpected <\(child.name)> in <trans-unit id=\"\(id)\">; ignored")
        }
        entries.append(entry)
    }

    // MARK: XLIFF 2.x

    mutating func read20(_ root: CatalogXMLElement) throws {
        try walk(root, unitName: "unit", containers: ["file", "group"]) { reader, unit in
            try reader.unit20(unit)
        }
    }

    private mutating func unit20(_ unit: CatalogXMLElement) throws {
        guard let id = unit.attributes["id"], !id.isEmpty else { throw fail(unit, "<unit> without an id attribute") }
        var source = "", target = ""
        var hasTarget = false, hasSegment = false, fuzzy = false
        var states: [String] = []
        var notes: [String] = []
        for child in unit.elements {
            switch child.name {
            case "segment", "ignorable":
                guard let s = child.first("source") else { throw fail(child, "<\(child.name)> in unit \(Catalog.quoted(id)) has no <source>") }
                hasSegment = true
                let sourceText = inlineText(s, version: 2)
                source += sourceText
                if let t = child.first("target") {
                    hasTarget = true
                    target += inlineText(t, version: 2)
                } else if child.name == "ignorable" {
                    // Ignorable text (white space between segments) is the same in both languages.
                    target += sourceText
                }
                if let state = child.attributes["state"] {
                    states.append(state)
                    if state == "initial" && child.first("target") != nil { fuzzy = true }
                }
            case "notes":
                notes += child.elements.filter { $0.name == "note" }.map(\.text)
            default:
                if !Self.skipped.contains(child.name) { warn(child, "unexpected <\(child.name)> in <unit id=\"\(id)\">; ignored") }
            }
        }
        guard hasSegment else { throw fail(unit, "<unit id=\"\(id)\"> has no <segment>") }
        var entry = CatalogEntry(key: id, source: source, translation: hasTarget ? target : nil, isFuzzy: fuzzy,
                                 comment: notes.isEmpty ? nil : notes.joined(separator: "\n"), line: unit.line, column: unit.column)
        var seen = Set<String>()
        entry.flags = states.filter { seen.insert($0).inserted }.map { "state=\($0)" }
        if unit.attributes["translate"] == "no" { entry.flags.append("translate=no") }
        entries.append(entry)
    }

    // MARK: Inline content

    /// The text of a `<source>` or `<target>`, inline codes resolved as described on ``CatalogLoader/loadXLIFF``.
    private mutating func inlineText(_ element: CatalogXMLElement, version: Int) -> String {
        var out = ""
        var stack: [CatalogXMLNode] = element.children.reversed()
        while let node = stack.popLast() {
            switch node {
            case .text(let t):
                out += t
            case .comment:
                break
            case .element(let e):
                let isPlaceholder = ["x", "bx", "ex", "sc", "ec"].contains(e.name) || (e.name == "ph" && e.children.isEmpty)
                switch e.name {
                case _ where isPlaceholder:
                    if let text = e.attributes["equiv-text"] ?? e.attributes["equiv"] ?? e.attributes["disp"] {
                        out += text
                    } else {
                        let id = e.attributes["id"].map { " id=\"\($0)\"" } ?? ""
                        warn(e, "inline <\(e.name)\(id)/> has no equiv-text, equiv or disp attribute; left out of the text")
                    }
                case "cp" where version == 2:
                    if let hex = e.attributes["hex"], let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
                        out.unicodeScalars.append(scalar)
                    } else {
                        warn(e, "<cp hex=\"\(e.attributes["hex"] ?? "")\"> is not a code point; left out of the text")
                    }
                case "sm", "em":
                    break
                default:
                    stack += e.children.reversed()
                }
            }
        }
        return out
    }
}
