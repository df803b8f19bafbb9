import Foundation

/// A catalog JSON file: the values parsed by `JSONSerialization`, and the order and positions of
/// its members, which `JSONSerialization` does not keep.
///
/// Before parsing, the bytes are made acceptable to Foundation without losing text: UTF-16 is
/// transcoded, invalid UTF-8 is replaced with U+FFFD, `\u` escapes of lone UTF-16 surrogates (which
/// `JSONSerialization` rejects) become `\uFFFD`, and raw NUL characters (which JSON forbids inside
/// strings) are swapped for a noncharacter that ``string(_:)`` maps back to U+0000; each is reported
/// in ``warnings``.
///
/// The member scan does not parse values: it runs over text that `JSONSerialization` has already
/// accepted, following only strings and brackets, to record each member's path, position and kind,
/// and keys given twice in one object (`JSONSerialization` keeps the last value).
struct CatalogJSONDocument {
    /// The top-level object.
    let root: [String: Any]
    var warnings: [CatalogDiagnostic]
    /// Object members and array elements, in document order. Of a key given twice in one object,
    /// only the last occurrence is listed, since its value is the one `JSONSerialization` kept.
    let members: [Member]
    /// Keys given twice in one object.
    let duplicates: [Duplicate]
    private let sentinel: Unicode.Scalar?

    enum Kind { case object, array, string, other }

    struct Member {
        /// Keys from the top-level object down; array elements are their index (`"0"`, `"1"`, …).
        var path: [String]
        var line: Int
        var column: Int
        var kind: Kind
    }

    struct Duplicate {
        var path: [String]
        var line: Int
        var column: Int
        var first: (line: Int, column: Int)
    }

    static func parse(_ data: [UInt8], path: String) throws -> CatalogJSONDocument {
        let text = CatalogText.decode(data, path: path, repairUTF8: true)
        var warnings = text.warnings
        var locator = CatalogLocator(text.bytes)
        let fixed = replacingLoneSurrogateEscapes(text.bytes, path: path, locator: &locator, warnings: &warnings)
        let (bytes, sentinel) = CatalogText.replacingNUL(in: fixed)
        locator = CatalogLocator(bytes)

        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
            throw locator.diagnostic(path, at: errorOffset(detail, count: bytes.count), "JSON error: \(cleaned(detail))")
        }
        guard let root = object as? [String: Any] else {
            var first = 0
            while first < bytes.count && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[first]) { first += 1 }
            throw locator.diagnostic(path, at: first, "the top level of a catalog JSON file must be an object ({…})")
        }
        let scanner = CatalogJSONDocument(root: root, warnings: [], members: [], duplicates: [], sentinel: sentinel)
        var (members, duplicates) = scanner.scan(bytes, locator: CatalogLocator(bytes))
        if !duplicates.isEmpty {
            for duplicate in duplicates {
                warnings.append(CatalogDiagnostic(file: path, line: duplicate.line, column: duplicate.column,
                    message: "duplicate key \(Catalog.quoted(duplicate.path.joined(separator: "."))) in one object (first at line \(duplicate.first.line), column \(duplicate.first.column)); JSONSerialization keeps the last value"))
            }
            // Only the last occurrence of a path, whose value JSONSerialization kept, stays.
            var last: [[String]: Int] = [:]
            for (i, member) in members.enumerated() { last[member.path] = i }
            members = members.enumerated().filter { last[$0.element.path] == $0.offset }.map(\.element)
        }
        return CatalogJSONDocument(root: root, warnings: warnings, members: members, duplicates: duplicates, sentinel: sentinel)
    }

    private init(root: [String: Any], warnings: [CatalogDiagnostic], members: [Member], duplicates: [Duplicate], sentinel: Unicode.Scalar?) {
        self.root = root
        self.warnings = warnings
        self.members = members
        self.duplicates = duplicates
        self.sentinel = sentinel
    }

    /// `value` as a string, with NUL characters restored; `nil` when it is not a string.
    func string(_ value: Any?) -> String? {
        guard let s = value as? String else { return nil }
        return CatalogText.restoringNUL(s, sentinel: sentinel)
    }

    /// A name for the JSON type of `value`, for messages.
    static func typeName(_ value: Any?) -> String {
        switch value {
        case nil: return "missing"
        case is NSNull: return "null"
        case is String: return "a string"
        case is [String: Any]: return "an object"
        case is [Any]: return "an array"
        case let n as NSNumber: return String(cString: n.objCType) == "c" ? "a boolean" : "a number"
        default: return "a \(type(of: value!))"
        }
    }

    // MARK: Errors

    /// The byte offset in a `JSONSerialization` message ("… around character 17."), or the end of
    /// the text for "Unexpected end of file".
    private static func errorOffset(_ detail: String, count: Int) -> Int {
        if let range = detail.range(of: "around character ") {
            let digits = detail[range.upperBound...].prefix { $0.isNumber }
            if let offset = Int(digits) { return offset }
        }
        return detail.localizedCaseInsensitiveContains("end of file") ? count : 0
    }

    private static func cleaned(_ detail: String) -> String {
        var text = detail
        if let range = text.range(of: " around character ") { text = String(text[..<range.lowerBound]) }
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }

    // MARK: Lone surrogates

    /// Rewrites `\uD800`…`\uDFFF` escapes that are not part of a pair to `\uFFFD` (same length, so
    /// positions do not move), with a warning for each.
    private static func replacingLoneSurrogateEscapes(_ bytes: [UInt8], path: String, locator: inout CatalogLocator,
                                                      warnings: inout [CatalogDiagnostic]) -> [UInt8] {
        var out = bytes
        var changed = false
        var count = 0
        bytes.withUnsafeBufferPointer { p in
            func unit(_ at: Int) -> Int? {
                guard at + 6 <= p.count, p[at] == UInt8(ascii: "\\"), p[at + 1] == UInt8(ascii: "u") else { return nil }
                var value = 0
                for k in 2 ..< 6 {
                    guard let d = CatalogText.hexDigit(p[at + k]) else { return nil }
                    value = value * 16 + d
                }
                return value
            }
            var i = 0
            var inString = false
            while i < p.count {
                let b = p[i]
                if !inString {
                    if b == UInt8(ascii: "\"") { inString = true }
                    i += 1
                    continue
                }
                if b == UInt8(ascii: "\"") { inString = false; i += 1; continue }
                guard b == UInt8(ascii: "\\") else { i += 1; continue }
                guard let u = unit(i) else { i += 2; continue }
                if (0xD800...0xDBFF).contains(u), let low = unit(i + 6), (0xDC00...0xDFFF).contains(low) {
                    i += 12
                    continue
                }
                if (0xD800...0xDFFF).contains(u) {
                    changed = true
                    count += 1
                    for (k, c) in "FFFD".utf8.enumerated() { out[i + 2 + k] = c }
                    if count <= CatalogText.warningLimit {
                        warnings.append(locator.diagnostic(path, at: i,
                            "\\u\(String(u, radix: 16, uppercase: true)) is a lone UTF-16 surrogate; replaced with U+FFFD"))
                    }
                }
                i += 6
            }
        }
        if count > CatalogText.warningLimit {
            warnings.append(CatalogDiagnostic(file: path, line: 0, column: 0,
                message: "\(count - CatalogText.warningLimit) more lone surrogate escapes replaced with U+FFFD (not listed)"))
        }
        return changed ? out : bytes
    }

    // MARK: Member scan

    private struct Frame {
        var path: [String]
        var isArray: Bool
        var index = 0
        var expectingKey = true
        var keys: [String: (line: Int, column: Int)] = [:]
    }

    private func scan(_ bytes: [UInt8], locator: CatalogLocator) -> ([Member], [Duplicate]) {
        var locator = locator
        var members: [Member] = []
        var duplicates: [Duplicate] = []
        var frames: [Frame] = []
        var pendingKey = (name: "", line: 0, column: 0)
        bytes.withUnsafeBufferPointer { p in
            let n = p.count
            /// Records the value starting at `offset` and returns its path.
            func beginValue(_ kind: Kind, at offset: Int) -> [String] {
                let top = frames.count - 1
                guard top >= 0 else { return [] }
                let member: Member
                if frames[top].isArray {
                    let (line, column) = locator.location(of: offset)
                    member = Member(path: frames[top].path + [String(frames[top].index)], line: line, column: column, kind: kind)
                } else {
                    member = Member(path: frames[top].path + [pendingKey.name], line: pendingKey.line, column: pendingKey.column, kind: kind)
                }
                members.append(member)
                return member.path
            }
            var i = 0
            while i < n {
                let b = p[i]
                switch b {
                case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ":"):
                    i += 1
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let isArray = b == UInt8(ascii: "[")
                    let path = beginValue(isArray ? .array : .object, at: i)
                    frames.append(Frame(path: path, isArray: isArray))
                    i += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    _ = frames.popLast()
                    i += 1
                case UInt8(ascii: ","):
                    if frames.last?.isArray == true { frames[frames.count - 1].index += 1 } else if !frames.isEmpty { frames[frames.count - 1].expectingKey = true }
                    i += 1
                case UInt8(ascii: "\""):
                    var end = i + 1
                    var escaped = false
                    while end < n && p[end] != UInt8(ascii: "\"") {
                        if p[end] == UInt8(ascii: "\\") { escaped = true; end += 1 }
                        end += 1
                    }
                    // The frame is changed in place: a copy of it would share its `keys` and make
                    // every insertion copy the whole dictionary.
                    let top = frames.count - 1
                    if top >= 0, !frames[top].isArray, frames[top].expectingKey {
                        let name = decodeKey(p, i, end, escaped: escaped)
                        let (line, column) = locator.location(of: i)
                        if let first = frames[top].keys[name] {
                            duplicates.append(Duplicate(path: frames[top].path + [name], line: line, column: column, first: first))
                        } else {
                            frames[top].keys[name] = (line, column)
                        }
                        frames[top].expectingKey = false
                        pendingKey = (name, line, column)
                    } else {
                        _ = beginValue(.string, at: i)
                    }
                    i = end + 1
                default:
                    _ = beginValue(.other, at: i)
                    while i < n && ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(p[i]) { i += 1 }
                }
            }
        }
        return (members, duplicates)
    }

    /// The key whose quotes are at `open` and `close`; escapes are decoded by `JSONSerialization`.
    private func decodeKey(_ p: UnsafeBufferPointer<UInt8>, _ open: Int, _ close: Int, escaped: Bool) -> String {
        let raw = UnsafeBufferPointer(rebasing: p[open + 1 ..< close])
        guard escaped else { return CatalogText.restoringNUL(String(decoding: raw, as: UTF8.self), sentinel: sentinel) }
        let quoted = Data(UnsafeBufferPointer(rebasing: p[open ... close]))
        let decoded = (try? JSONSerialization.jsonObject(with: quoted, options: .fragmentsAllowed)) as? String
        return CatalogText.restoringNUL(decoded ?? String(decoding: raw, as: UTF8.self), sentinel: sentinel)
    }

    /// The value at `path` below the root, or `nil`.
    func value(at path: [String]) -> Any? {
        var current: Any = root
        for component in path {
            if let object = current as? [String: Any], let next = object[component] {
                current = next
            } else if let array = current as? [Any], let index = Int(component), array.indices.contains(index) {
                current = array[index]
            } else {
                return nil
            }
        }
        return current
    }
}
