import Foundation

extension CatalogLoader {
    /// Loads an Apple `.strings` file.
    ///
    /// Text files: UTF-8, or UTF-16 LE/BE with a BOM (a file without BOM whose first or second byte
    /// is NUL is also read as UTF-16). Entries are `"key" = "value";`, with quoted or unquoted
    /// (`[A-Za-z0-9_$+/:.-]`) keys and values; `"key";` means the value is the key, as in Apple's
    /// parser; the whole list may sit in `{ … }`. Comments (`/* … */`, `// …`) above an entry, or
    /// after it on the same line, become its ``CatalogEntry/comment``. Escapes follow Apple's
    /// parser: `\n \t \r \a \b \f \v \" \' \\`, octal `\NNN`, `\U` with 1–4 hex digits (two in a row
    /// make a surrogate pair); any other escaped character stands for itself, with a warning when it
    /// is a letter or digit (`\u` is not an escape in `.strings`: Apple reads it as `u`).
    ///
    /// Compiled `.strings` (binary or XML property lists, as found in built app bundles) are read
    /// with `PropertyListSerialization`; their entries have no position and come sorted by key.
    static func loadStrings(_ data: [UInt8], path: String, fallbackLocale: String?) throws -> Catalog {
        let start = data.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        if data.starts(with: Array("bplist".utf8)) || start.starts(with: Array("<?xml".utf8))
            || start.starts(with: Array("<plist".utf8)) || start.starts(with: Array("<!DOCTYPE plist".utf8)) {
            return try loadPropertyListStrings(data, path: path, fallbackLocale: fallbackLocale)
        }
        let text = CatalogText.decode(data, path: path, repairUTF8: false, sniffUTF16: true)
        var parser = CatalogStringsParser(path: path, bytes: text.bytes)
        try text.bytes.withUnsafeBufferPointer { try parser.parse($0) }
        return Catalog(path: path, format: .strings, locale: fallbackLocale, entries: parser.entries,
                       warnings: text.warnings + parser.warnings)
    }

    private static func loadPropertyListStrings(_ data: [UInt8], path: String, fallbackLocale: String?) throws -> Catalog {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: Data(data), options: [], format: nil)
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
            throw CatalogDiagnostic(file: path, line: 0, column: 0, message: "property list error: \(detail)")
        }
        guard let dictionary = object as? [String: Any] else {
            throw CatalogDiagnostic(file: path, line: 0, column: 0, message: "the property list is not a dictionary of strings")
        }
        var entries: [CatalogEntry] = []
        var warnings: [CatalogDiagnostic] = []
        for key in dictionary.keys.sorted() {
            if let value = dictionary[key] as? String {
                entries.append(CatalogEntry(key: key, translation: value))
            } else {
                warnings.append(CatalogDiagnostic(file: path, line: 0, column: 0,
                    message: "value of \(Catalog.quoted(key)) is not a string (a .stringsdict entry?); not loaded"))
            }
        }
        return Catalog(path: path, format: .strings, locale: fallbackLocale, entries: entries, warnings: warnings)
    }
}

/// The `.strings` parser: a cursor over UTF-8 bytes.
struct CatalogStringsParser {
    let path: String
    var entries: [CatalogEntry] = []
    var warnings: [CatalogDiagnostic] = []
    private var locator: CatalogLocator
    private var pendingComments: [String] = []
    private var firstCommentOffset = 0

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.locator = CatalogLocator(bytes)
    }

    private mutating func error(_ offset: Int, _ message: String) -> CatalogDiagnostic {
        locator.diagnostic(path, at: offset, message)
    }

    private static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0B || b == 0x0C
    }

    private static func isUnquoted(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"),
             UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    mutating func parse(_ p: UnsafeBufferPointer<UInt8>) throws {
        let n = p.count
        var i = try skipTrivia(p, 0)
        var brace: Int?
        if i < n && p[i] == UInt8(ascii: "{") {
            brace = i
            i = try skipTrivia(p, i + 1)
        }
        while i < n {
            if p[i] == UInt8(ascii: "}") {
                guard brace != nil else { throw error(i, "unexpected '}' without an opening '{'") }
                brace = nil
                i = try skipTrivia(p, i + 1)
                if i < n { throw error(i, "unexpected text after the closing '}'") }
                break
            }
            let (line, column) = locator.location(of: i)
            let (key, afterKey) = try readToken(p, i, what: "a key")
            var j = try skipTrivia(p, afterKey)
            let value: String
            if j < n && p[j] == UInt8(ascii: ";") {
                value = key
            } else if j < n && p[j] == UInt8(ascii: "=") {
                j = try skipTrivia(p, j + 1)
                let (v, afterValue) = try readToken(p, j, what: "a value after '=' for \(Catalog.quoted(key))")
                value = v
                j = try skipTrivia(p, afterValue)
                guard j < n && p[j] == UInt8(ascii: ";") else {
                    throw error(afterValue, "missing ';' after the value of \(Catalog.quoted(key))")
                }
            } else {
                throw error(j < n ? j : afterKey, "expected '=' or ';' after the key \(Catalog.quoted(key))")
            }
            let comment = pendingComments.isEmpty ? nil : pendingComments.joined(separator: "\n")
            pendingComments = []
            entries.append(CatalogEntry(key: key, translation: value, comment: comment, line: line, column: column))
            i = try trailingComment(p, j + 1)
            i = try skipTrivia(p, i)
        }
        if let brace { throw error(brace, "'{' without a closing '}'") }
        if !pendingComments.isEmpty {
            warnings.append(error(firstCommentOffset, "comment at the end of the file belongs to no entry"))
        }
    }

    /// A comment that starts on the line of the `;` just read belongs to that entry.
    private mutating func trailingComment(_ p: UnsafeBufferPointer<UInt8>, _ from: Int) throws -> Int {
        var i = from
        while i < p.count && (p[i] == 0x20 || p[i] == 0x09) { i += 1 }
        guard i + 1 < p.count, p[i] == UInt8(ascii: "/"), p[i + 1] == UInt8(ascii: "*") || p[i + 1] == UInt8(ascii: "/") else {
            return from
        }
        let (text, end) = try readComment(p, i)
        let last = entries.count - 1
        entries[last].comment = [entries[last].comment, text].compactMap { $0 }.joined(separator: "\n")
        return end
    }

    /// Skips white space and comments, keeping the comments for the next entry.
    private mutating func skipTrivia(_ p: UnsafeBufferPointer<UInt8>, _ from: Int) throws -> Int {
        var i = from
        while i < p.count {
            if Self.isSpace(p[i]) {
                i += 1
            } else if p[i] == UInt8(ascii: "/"), i + 1 < p.count, p[i + 1] == UInt8(ascii: "*") || p[i + 1] == UInt8(ascii: "/") {
                if pendingComments.isEmpty { firstCommentOffset = i }
                let (text, end) = try readComment(p, i)
                pendingComments.append(text)
                i = end
            } else {
                break
            }
        }
        return i
    }

    /// Reads the comment at `i` (`/*` or `//`); returns its trimmed text and the offset after it.
    private mutating func readComment(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) throws -> (String, Int) {
        let n = p.count
        var j = i + 2
        if p[i + 1] == UInt8(ascii: "/") {
            while j < n && p[j] != 0x0A && p[j] != 0x0D { j += 1 }
            return (Self.trimmed(p, i + 2, j), j)
        }
        while j + 1 < n && !(p[j] == UInt8(ascii: "*") && p[j + 1] == UInt8(ascii: "/")) { j += 1 }
        guard j + 1 < n else { throw error(i, "unterminated comment (no closing */)") }
        return (Self.trimmed(p, i + 2, j), j + 2)
    }

    private static func trimmed(_ p: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: p[from ..< to]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Reads a quoted or unquoted string at `i`; returns it and the offset after it.
    private mutating func readToken(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, what: String) throws -> (String, Int) {
        guard i < p.count else { throw error(i, "expected \(what), found the end of the file") }
        if p[i] == UInt8(ascii: "\"") { return try readQuoted(p, i) }
        var j = i
        while j < p.count && Self.isUnquoted(p[j]) { j += 1 }
        guard j > i else {
            var end = i + 1
            while end < p.count && p[end] & 0xC0 == 0x80 { end += 1 }
            let found = String(decoding: UnsafeBufferPointer(rebasing: p[i ..< end]), as: UTF8.self)
            throw error(i, "expected \(what), found \(Catalog.quoted(found))")
        }
        return (String(decoding: UnsafeBufferPointer(rebasing: p[i ..< j]), as: UTF8.self), j)
    }

    private mutating func readQuoted(_ p: UnsafeBufferPointer<UInt8>, _ quote: Int) throws -> (String, Int) {
        let n = p.count
        var out: [UInt8] = []
        var i = quote + 1
        var run = i
        /// A high surrogate from a `\U` escape, waiting for its low half.
        var pendingHigh: (value: UInt32, offset: Int)?
        func flushHigh(_ out: inout [UInt8], _ warnings: inout [CatalogDiagnostic], _ locator: inout CatalogLocator) {
            if let high = pendingHigh {
                warnings.append(locator.diagnostic(path, at: high.offset,
                    "\\U\(String(high.value, radix: 16, uppercase: true)) is a lone UTF-16 surrogate; replaced with U+FFFD"))
                out += [0xEF, 0xBF, 0xBD]
                pendingHigh = nil
            }
        }
        while i < n {
            let b = p[i]
            if b == UInt8(ascii: "\"") {
                flushHigh(&out, &warnings, &locator)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: p[run ..< i]))
                return (String(decoding: out, as: UTF8.self), i + 1)
            }
            guard b == UInt8(ascii: "\\") else { i += 1; continue }
            if run < i {
                // Text between a high-surrogate escape and this one: the surrogate stays alone.
                flushHigh(&out, &warnings, &locator)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: p[run ..< i]))
            }
            guard i + 1 < n else { break }
            let e = p[i + 1]
            var next = i + 2
            if e == UInt8(ascii: "U") {
                var value: UInt32 = 0, digits = 0
                while next < n, digits < 4, let d = CatalogText.hexDigit(p[next]) { value = value * 16 + UInt32(d); next += 1; digits += 1 }
                guard digits > 0 else { throw error(i, "bad escape \\U without hex digits (expected \\U followed by up to 4 hex digits)") }
                switch value {
                case 0xD800...0xDBFF:
                    flushHigh(&out, &warnings, &locator)
                    pendingHigh = (value, i)
                case 0xDC00...0xDFFF:
                    if let high = pendingHigh {
                        let scalar = Unicode.Scalar(0x10000 + ((high.value - 0xD800) << 10) + (value - 0xDC00))!
                        out += Array(String(Character(scalar)).utf8)
                        pendingHigh = nil
                    } else {
                        warnings.append(error(i, "\\U\(String(value, radix: 16, uppercase: true)) is a lone UTF-16 surrogate; replaced with U+FFFD"))
                        out += [0xEF, 0xBF, 0xBD]
                    }
                default:
                    flushHigh(&out, &warnings, &locator)
                    out += Array(String(Character(Unicode.Scalar(value)!)).utf8)
                }
                i = next
                run = i
                continue
            }
            flushHigh(&out, &warnings, &locator)
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "a"): out.append(0x07)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "v"): out.append(0x0B)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value: UInt32 = 0
                next = i + 1
                while next < n && next < i + 4, (0x30...0x37).contains(p[next]) { value = value * 8 + UInt32(p[next] - 0x30); next += 1 }
                if value >= 0x80 {
                    warnings.append(error(i, "octal escape \\\(String(value, radix: 8)) read as U+\(Hex.padded(value)) (Apple reads octal escapes above \\177 in the NeXTSTEP encoding)"))
                }
                out += Array(String(Character(Unicode.Scalar(value)!)).utf8)
            case UInt8(ascii: "u"):
                warnings.append(error(i, "\\u is not an escape in .strings (Apple reads it as 'u'); use \\U for a code point"))
                out.append(e)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "8"), UInt8(ascii: "9"):
                warnings.append(error(i, "unknown escape \\\(Character(Unicode.Scalar(e))); read as '\(Character(Unicode.Scalar(e)))'"))
                out.append(e)
            default:
                // `\"`, `\'`, `\\`, an escaped line break or any other character: the character itself,
                // which starts the next run of plain text.
                i += 2
                run = i - 1
                continue
            }
            i = next
            run = i
        }
        throw error(quote, "unterminated string (no closing \")")
    }
}
