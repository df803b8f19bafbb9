import Foundation

extension CatalogLoader {
    /// Loads a JSON catalog (`arb: false`) or a Flutter ARB file (`arb: true`).
    ///
    /// JSON: the top level is an object; string values are entries, nested objects are flattened
    /// with their keys joined by `.` (`{"menu": {"open": "…"}}` → `menu.open`), array elements are
    /// keyed by index (`days.0`), `null` is an untranslated entry; numbers and booleans are reported
    /// and not loaded. ARB: top-level string values are messages, kept as written (ICU
    /// `{count, plural, …}` messages included); `@@locale` is the locale and every `@@key` goes to
    /// ``Catalog/metadata``; `@key` objects are metadata, of which `description` becomes the entry's
    /// comment and the rest (`placeholders`, `type`, …) is not loaded.
    ///
    /// A key given twice in one object is reported; `JSONSerialization` keeps the last value, and
    /// the entry takes the position of that last occurrence.
    static func loadJSON(_ data: [UInt8], path: String, arb: Bool, fallbackLocale: String?) throws -> Catalog {
        let document = try CatalogJSONDocument.parse(data, path: path)
        var warnings = document.warnings
        func warn(_ member: CatalogJSONDocument.Member, _ message: String) {
            warnings.append(CatalogDiagnostic(file: path, line: member.line, column: member.column, message: message))
        }

        var entries: [CatalogEntry] = []
        if arb {
            var metadata: [String: String] = [:]
            var positions: [String: Int] = [:]
            var descriptions: [(key: String, text: String, member: CatalogJSONDocument.Member)] = []
            for member in document.members where member.path.count == 1 {
                let key = member.path[0]
                let value = document.root[key]
                if key.hasPrefix("@@") {
                    if let text = document.string(value) {
                        metadata[String(key.dropFirst(2))] = text
                    } else {
                        warn(member, "ARB \(key) is \(CatalogJSONDocument.typeName(value)), not a string; not loaded")
                    }
                } else if key.hasPrefix("@") {
                    guard let object = value as? [String: Any] else {
                        warn(member, "ARB metadata \(key) is \(CatalogJSONDocument.typeName(value)), not an object; not loaded")
                        continue
                    }
                    if let description = document.string(object["description"]) {
                        descriptions.append((String(key.dropFirst()), description, member))
                    }
                } else if let text = document.string(value) {
                    positions[key] = entries.count
                    entries.append(CatalogEntry(key: key, translation: text, line: member.line, column: member.column))
                } else if value is NSNull {
                    positions[key] = entries.count
                    entries.append(CatalogEntry(key: key, line: member.line, column: member.column))
                } else {
                    warn(member, "ARB message \(Catalog.quoted(key)) is \(CatalogJSONDocument.typeName(value)), not a string; not loaded")
                }
            }
            for description in descriptions {
                if let i = positions[description.key] {
                    entries[i].comment = description.text
                } else {
                    warn(description.member, "ARB metadata @\(description.key) describes no message")
                }
            }
            return Catalog(path: path, format: .arb, locale: metadata["locale"] ?? fallbackLocale, metadata: metadata,
                           entries: entries, warnings: warnings)
        }

        entries.reserveCapacity(document.members.count)
        // The container of the previous value, reused while consecutive values share it.
        var parentPath: ArraySlice<String> = []
        var parent: Any = document.root
        for member in document.members where member.kind == .string || member.kind == .other {
            let value: Any?
            if member.path.count == 1 {
                value = document.root[member.path[0]]
            } else {
                let prefix = member.path.dropLast()
                if prefix != parentPath {
                    guard let container = document.value(at: Array(prefix)) else { continue }
                    (parentPath, parent) = (prefix, container)
                }
                if let object = parent as? [String: Any] {
                    value = object[member.path[member.path.count - 1]]
                } else if let array = parent as? [Any], let index = Int(member.path[member.path.count - 1]), array.indices.contains(index) {
                    value = array[index]
                } else {
                    value = nil
                }
            }
            // A value missing from the parsed tree was overwritten by a later duplicate key, which
            // has its warning.
            guard let value else { continue }
            let key = member.path.joined(separator: ".")
            if let text = document.string(value) {
                entries.append(CatalogEntry(key: key, translation: text, line: member.line, column: member.column))
            } else if value is NSNull {
                entries.append(CatalogEntry(key: key, line: member.line, column: member.column))
            } else {
                warn(member, "value of \(Catalog.quoted(key)) is \(CatalogJSONDocument.typeName(value)); only strings are loaded")
            }
        }
        return Catalog(path: path, format: .json, locale: fallbackLocale, entries: entries, warnings: warnings)
    }
}
