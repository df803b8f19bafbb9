import Foundation

extension CatalogLoader {
    /// Loads a Qt Linguist source file (`.ts`, XML: `<TS language>`, `<context><name>`,
    /// `<message>`).
    ///
    /// - key: the `<source>`; context: the context's `<name>`, followed by `|` and the
    ///   disambiguating `<comment>` when the message has one (`MainWindow|tab`), so each message
    ///   Qt tells apart is its own entry;
    /// - comment: the `<extracomment>` (for translators) and the `<translatorcomment>`, joined by
    ///   a line feed; references: each `<location filename line>` as `file:line`;
    /// - `numerus="yes"`: the `<numerusform>`s are the plurals, keyed by index (`0`, `1`, …) as in
    ///   a `.qm` file, and chosen by count with the numerus rules Qt's tools give the file's
    ///   language (``QtNumerusRules/init(qtLanguage:)``), kept in ``Catalog/metadata`` as
    ///   `Numerus-Rules` (hex), as `lrelease` would write them; ``QtNumerusRules/categories(locale:)``
    ///   says which CLDR categories each form stands for (Hebrew's form 1: `two` and `other`). A
    ///   message with another number of forms than the rules give gets a warning;
    /// - `type="unfinished"`: fuzzy (an empty unfinished translation is untranslated);
    ///   `type="obsolete"`/`"vanished"`: not loaded, one warning counts them, as gettext's `#~`.
    ///   Each `type` is also kept as a flag (`type=unfinished`).
    static func loadQtTS(_ data: [UInt8], path: String, fallbackLocale: String?) throws -> Catalog {
        let document = try CatalogXMLDocument.parse(data, path: path)
        let root = document.root
        guard root.name == "TS" else {
            throw CatalogDiagnostic(file: path, line: root.line, column: root.column,
                message: "expected a <TS> root element, found <\(root.name)>")
        }
        var warnings = document.warnings
        func warn(_ e: CatalogXMLElement, _ message: String) {
            warnings.append(CatalogDiagnostic(file: path, line: e.line, column: e.column, message: message))
        }
        let language = root.attributes["language"].flatMap { $0.isEmpty ? nil : $0 }
        let locale = language ?? fallbackLocale
        // The rules lrelease would write for the language (none without a language: one form).
        let rules = locale.map { QtNumerusRules(qtLanguage: $0) } ?? QtNumerusRules(bytes: [])!
        var entries: [CatalogEntry] = []
        var obsolete = (count: 0, element: nil as CatalogXMLElement?)
        for context in root.elements {
            guard context.name == "context" else {
                if context.name != "dependencies" { warn(context, "unknown element <\(context.name)> in <TS>; not loaded") }
                continue
            }
            let name = context.first("name")?.text ?? ""
            for message in context.elements where message.name != "name" && message.name != "comment" {
                guard message.name == "message" else {
                    warn(message, "unknown element <\(message.name)> in <context>; not loaded")
                    continue
                }
                guard let source = message.first("source") else {
                    warn(message, "<message> without <source>; not loaded")
                    continue
                }
                let translation = message.first("translation")
                let type = translation?.attributes["type"]
                if type == "obsolete" || type == "vanished" {
                    obsolete.count += 1
                    if obsolete.element == nil { obsolete.element = message }
                    continue
                }
                let disambiguation = message.first("comment")?.text ?? ""
                var entry = CatalogEntry(key: source.text, context: disambiguation.isEmpty ? name : "\(name)|\(disambiguation)",
                                         source: source.text, line: message.line, column: message.column)
                let comments = [message.first("extracomment")?.text, message.first("translatorcomment")?.text]
                    .compactMap { $0 }.filter { !$0.isEmpty }
                entry.comment = comments.isEmpty ? nil : comments.joined(separator: "\n")
                entry.references = message.elements.filter { $0.name == "location" }.compactMap { l in
                    guard let file = l.attributes["filename"] else { return nil }
                    return l.attributes["line"].map { "\(file):\($0)" } ?? file
                }
                if let type {
                    entry.flags.append("type=\(type)")
                    if type == "unfinished" { entry.isFuzzy = true }
                }
                if message.attributes["numerus"] == "yes" {
                    entry.sourcePlural = source.text
                    let forms = translation?.elements.filter { $0.name == "numerusform" }.map(\.text) ?? []
                    // (Without a language there are no rules to count against: the preview's
                    // locale chooses them, see `Catalog.pluralSelector(locale:)`.)
                    if !forms.isEmpty, forms.count != rules.formCount, let translation, let language = locale {
                        let effect = forms.count < rules.formCount
                            ? "Qt shows the source text for a count whose form is missing" : "Qt never shows the forms past the last"
                        warn(translation, "\(forms.count) numerus form\(forms.count == 1 ? "" : "s"), but Qt's numerus rules for \(language) have \(rules.formCount) (\(effect))")
                    }
                    for (k, text) in forms.enumerated() { entry.plurals[String(k)] = text }
                    entry.translation = forms.last
                    if entry.isFuzzy, forms.allSatisfy(\.isEmpty) { entry.plurals = [:]; entry.translation = nil }
                } else {
                    let text = translation?.text ?? ""
                    entry.translation = text.isEmpty ? nil : text
                }
                entries.append(entry)
            }
        }
        if obsolete.count > 0, let e = obsolete.element {
            warn(e, "\(obsolete.count) obsolete entr\(obsolete.count == 1 ? "y" : "ies") (type=\"obsolete\" or \"vanished\") not loaded")
        }
        var metadata: [String: String] = [:]
        if let version = root.attributes["version"] { metadata["version"] = version }
        if locale != nil { metadata["Numerus-Rules"] = rules.bytes.map { String(format: "%02x", $0) }.joined() }
        return Catalog(path: path, format: .qtTS, locale: locale,
                       sourceLocale: root.attributes["sourcelanguage"].flatMap { $0.isEmpty ? nil : $0 },
                       metadata: metadata, entries: entries, warnings: warnings)
    }
}
