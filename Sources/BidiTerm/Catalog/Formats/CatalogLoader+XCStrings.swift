import Foundation

extension CatalogLoader {
    /// Loads an Apple string catalog (`.xcstrings`), for one of its languages.
    ///
    /// The target language is `locale` when given; otherwise the first localization other than the
    /// `sourceLanguage`, in alphabetical order (the source language itself when there is no other).
    /// ``Catalog/availableLocales`` lists them all. For each string: `stringUnit.value` is the
    /// translation; `variations.plural.<category>` are the plurals (`other` is also the
    /// translation); other variations (`device`, `width`) go to ``CatalogEntry/variants`` as
    /// `device.iphone` or `device.iphone.one`, except the `other` case, which is the translation;
    /// `substitutions.<name>.variations.plural` go to variants as `substitutions.<name>.<category>`.
    /// The source is the source-language value, else the key. A `needs_review` state makes the
    /// entry fuzzy; every state found is a `state=…` flag, and `shouldTranslate: false` and
    /// `extractionState` are flags too.
    static func loadXCStrings(_ data: [UInt8], path: String, locale requested: String?) throws -> Catalog {
        let document = try CatalogJSONDocument.parse(data, path: path)
        let root = document.root
        var reader = XCStringsReader(path: path, document: document)
        guard let sourceLanguage = document.string(root["sourceLanguage"]) else {
            throw CatalogDiagnostic(file: path, line: 1, column: 1, message: "an .xcstrings file needs a \"sourceLanguage\" string")
        }
        guard let strings = root["strings"] as? [String: Any] else {
            throw CatalogDiagnostic(file: path, line: 1, column: 1, message: "an .xcstrings file needs a \"strings\" object")
        }
        var metadata: [String: String] = ["sourceLanguage": sourceLanguage]
        if let version = document.string(root["version"]) { metadata["version"] = version }
        for member in document.members where member.path.count == 1 && !["sourceLanguage", "strings", "version"].contains(member.path[0]) {
            reader.warn(member, "unknown top-level key \(Catalog.quoted(member.path[0])); ignored")
        }

        var languages: Set<String> = [sourceLanguage]
        for case let string as [String: Any] in strings.values {
            if let localizations = string["localizations"] as? [String: Any] { languages.formUnion(localizations.keys) }
        }
        let available = languages.sorted()
        let target = requested ?? available.first { $0 != sourceLanguage } ?? sourceLanguage
        if let requested, !languages.contains(requested) {
            reader.warnings.append(CatalogDiagnostic(file: path, line: 0, column: 0,
                message: "no string has a localization for \(Catalog.quoted(requested)); available: \(available.joined(separator: ", "))"))
        }

        var entries: [CatalogEntry] = []
        for member in document.members where member.path.count == 2 && member.path[0] == "strings" {
            let key = member.path[1]
            guard let string = strings[key] as? [String: Any] else {
                reader.warn(member, "string \(Catalog.quoted(key)) is \(CatalogJSONDocument.typeName(strings[key])), not an object; not loaded")
                continue
            }
            var entry = CatalogEntry(key: key, line: member.line, column: member.column)
            entry.comment = document.string(string["comment"])
            if let flag = string["shouldTranslate"] as? NSNumber, !flag.boolValue { entry.flags.append("shouldTranslate=false") }
            if let state = document.string(string["extractionState"]) { entry.flags.append("extractionState=\(state)") }
            let localizations = string["localizations"] as? [String: Any] ?? [:]
            if let source = localizations[sourceLanguage] as? [String: Any] {
                let unit = reader.localization(source, at: member, key: key)
                entry.source = unit.translation ?? unit.plurals["other"] ?? key
            } else {
                entry.source = key
            }
            if let localization = localizations[target] {
                guard let object = localization as? [String: Any] else {
                    reader.warn(member, "localization \(target) of \(Catalog.quoted(key)) is not an object; not loaded")
                    entries.append(entry)
                    continue
                }
                let unit = reader.localization(object, at: member, key: key)
                entry.translation = unit.translation ?? unit.plurals["other"]
                entry.plurals = unit.plurals
                entry.variants = unit.variants
                var seen = Set<String>()
                for state in unit.states where seen.insert(state).inserted { entry.flags.append("state=\(state)") }
                entry.isFuzzy = unit.states.contains("needs_review")
            }
            entries.append(entry)
        }
        return Catalog(path: path, format: .xcstrings, locale: target, sourceLocale: sourceLanguage,
                       availableLocales: available, metadata: metadata, entries: entries, warnings: reader.warnings)
    }
}

private struct XCStringsReader {
    let path: String
    let document: CatalogJSONDocument
    var warnings: [CatalogDiagnostic]

    init(path: String, document: CatalogJSONDocument) {
        self.path = path
        self.document = document
        self.warnings = document.warnings
    }

    mutating func warn(_ member: CatalogJSONDocument.Member, _ message: String) {
        warnings.append(CatalogDiagnostic(file: path, line: member.line, column: member.column, message: message))
    }

    struct Unit {
        var translation: String?
        var plurals: [String: String] = [:]
        var variants: [String: String] = [:]
        var states: [String] = []
    }

    /// Reads a localization (or a variation case, which has the same shape).
    mutating func localization(_ object: [String: Any], at member: CatalogJSONDocument.Member, key: String, nested: Bool = false) -> Unit {
        var unit = Unit()
        for (name, value) in object.sorted(by: { $0.key < $1.key }) {
            switch name {
            case "stringUnit":
                let (text, state) = stringUnit(value, at: member, key: key)
                unit.translation = text
                if let state { unit.states.append(state) }
            case "variations":
                guard let variations = value as? [String: Any] else {
                    warn(member, "variations of \(Catalog.quoted(key)) are not an object; not loaded")
                    continue
                }
                for (kind, cases) in variations.sorted(by: { $0.key < $1.key }) {
                    guard let cases = cases as? [String: Any] else {
                        warn(member, "\(kind) variations of \(Catalog.quoted(key)) are not an object; not loaded")
                        continue
                    }
                    for (name, variation) in cases.sorted(by: { $0.key < $1.key }) {
                        guard let variation = variation as? [String: Any] else {
                            warn(member, "\(kind) variation \(name) of \(Catalog.quoted(key)) is not an object; not loaded")
                            continue
                        }
                        if kind == "plural" {
                            let (text, state) = stringUnit(variation["stringUnit"], at: member, key: key)
                            unit.plurals[name] = text
                            if let state { unit.states.append(state) }
                            if variation.keys.contains(where: { $0 != "stringUnit" }) {
                                warn(member, "plural \(name) of \(Catalog.quoted(key)) has more than a stringUnit; only the stringUnit is loaded")
                            }
                        } else if nested {
                            warn(member, "\(kind) variation inside another variation of \(Catalog.quoted(key)); not loaded")
                        } else {
                            let inner = localization(variation, at: member, key: key, nested: true)
                            unit.states += inner.states
                            if name == "other" {
                                unit.translation = inner.translation ?? unit.translation
                                unit.plurals.merge(inner.plurals) { $1 }
                            } else {
                                unit.variants["\(kind).\(name)"] = inner.translation
                                for (category, text) in inner.plurals { unit.variants["\(kind).\(name).\(category)"] = text }
                            }
                        }
                    }
                }
            case "substitutions":
                guard let substitutions = value as? [String: Any] else {
                    warn(member, "substitutions of \(Catalog.quoted(key)) are not an object; not loaded")
                    continue
                }
                for case let (name, substitution as [String: Any]) in substitutions {
                    let plural = (substitution["variations"] as? [String: Any])?["plural"] as? [String: Any] ?? [:]
                    for case let (category, variation as [String: Any]) in plural {
                        let (text, state) = stringUnit(variation["stringUnit"], at: member, key: key)
                        unit.variants["substitutions.\(name).\(category)"] = text
                        if let state { unit.states.append(state) }
                    }
                }
            default:
                warn(member, "unknown key \(Catalog.quoted(name)) in a localization of \(Catalog.quoted(key)); ignored")
            }
        }
        return unit
    }

    private mutating func stringUnit(_ value: Any?, at member: CatalogJSONDocument.Member, key: String) -> (String?, String?) {
        guard let object = value as? [String: Any] else {
            warn(member, "a stringUnit of \(Catalog.quoted(key)) is \(CatalogJSONDocument.typeName(value)), not an object; not loaded")
            return (nil, nil)
        }
        return (document.string(object["value"]), document.string(object["state"]))
    }
}
