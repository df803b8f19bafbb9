import Foundation

/// `rtl-tui check --fix`: applies ``LintFixer``'s repairs to a catalog file in place, for `.po`,
/// `.strings` and Android `strings.xml`.
///
/// Only the bytes of the characters repaired change: every other byte of the file, inside the fixed
/// strings too, stays as it was (line wrapping, escapes, entities, comments, line endings, a UTF-16
/// encoding). A character written as an escape (`\U202B` in `.strings`, `&#x202B;` or `\u202B` in
/// Android XML) is repaired in the same notation, and a closer appended after an escaped opener
/// is escaped the same way. Before anything is written, the new bytes are loaded again and every
/// entry compared with what was intended; any difference (a string the fixer cannot map, markup
/// inside an Android string) leaves the file untouched.
public enum CatalogFixer {
    /// What a fix did to one file.
    public struct Result: Sendable {
        /// The new contents (equal to the old when nothing was fixed).
        public var data: Data
        /// `context|key` (with `#form` for a plural form) of each string repaired.
        public var fixed: [String]
        /// Strings that needed a repair the fixer could not make, with the reason.
        public var skipped: [(key: String, reason: String)]
    }

    /// Why a file cannot be fixed at all.
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The repaired contents of `data`, the file `catalog` was loaded from.
    ///
    /// - Parameters:
    ///   - data: the file's bytes as read.
    ///   - catalog: the catalog loaded from them.
    ///   - skip: entries not to touch (ignored keys, fuzzy entries that were not checked).
    ///   - disabled: checks whose repairs are not to be made.
    /// - Throws: ``Refusal`` for a format the fixer does not write, a file that had loading
    ///   problems, or a file that does not load back as intended.
    public static func fix(_ data: Data, catalog: Catalog, disabled: Set<String> = [],
                           skip: (CatalogEntry) -> Bool = { _ in false }) throws -> Result {
        switch catalog.format {
        case .po, .strings, .androidXML: break
        case .mo: throw Refusal(description: "a compiled .mo file is not fixed: fix its .po and compile it again")
        default: throw Refusal(description: "--fix writes .po, .strings and Android strings.xml files only")
        }
        if let problem = catalog.warnings.first(where: { $0.message.contains("UTF-8") || $0.message.contains("charset") }) {
            throw Refusal(description: "the file had loading problems (\(problem.description)); it is not touched")
        }
        if catalog.format == .po, let type = catalog.metadata["Content-Type"]?.lowercased(), let r = type.range(of: "charset="),
           !["utf-8", "utf8"].contains(type[r.upperBound...].prefix { $0 != ";" && $0 != " " }), data.contains(where: { $0 >= 0x80 }) {
            throw Refusal(description: "the file's charset is not UTF-8; convert it with msgconv first")
        }
        // The work happens on UTF-8; a UTF-16 .strings file is converted and converted back.
        let encoding = TextEncoding.detect([UInt8](data), allowUTF16: catalog.format == .strings)
        guard let bytes = encoding.utf8(of: [UInt8](data)) else {
            throw Refusal(description: "the file is not valid \(encoding.name)")
        }
        let lexer = ValueLexer(bytes: bytes, format: catalog.format)
        // Literal text is isolated in right-to-left catalogs only, as the check reports it.
        let disabled = LayoutDirection(locale: catalog.locale ?? "") == .rtl ? disabled : disabled.union(["literal-unisolated"])
        var replacements: [(range: Range<Int>, bytes: [UInt8])] = []
        var expected: [[String: String]] = []   // per entry: form ("" for the translation) → text
        var fixed: [String] = []
        var skipped: [(key: String, reason: String)] = []
        for e in catalog.entries {
            var forms: [String: String] = e.plurals.isEmpty ? ["": e.translation ?? ""] : e.plurals
            defer { expected.append(forms) }
            if skip(e) { continue }
            let key = e.context.map { "\($0)|\(e.key)" } ?? e.key
            for (form, text) in forms.sorted(by: { $0.key < $1.key }) {
                let edits = LintFixer.edits(text, disabled: disabled)
                guard !edits.isEmpty else { continue }
                let name = form.isEmpty ? key : "\(key)#\(form)"
                guard let value = lexer.value(of: e, form: form.isEmpty ? nil : form, pluralEntry: !e.plurals.isEmpty) else {
                    skipped.append((name, "its text could not be located in the file")); continue
                }
                guard value.scalars.map(\.scalar) == Array(text.unicodeScalars) else {
                    skipped.append((name, "its text is written in a way the fixer does not map (markup, CDATA, octal escapes)")); continue
                }
                for edit in edits {
                    if edit.index < value.scalars.count {
                        let old = value.scalars[edit.index]
                        replacements.append((old.range, lexer.encode(edit.replacement, escaped: old.escaped)))
                    } else {
                        // Closers go after the last character, in the notation of the first opener.
                        let opener = value.scalars.first { (0x202A...0x202E).contains($0.scalar.value) || (0x2066...0x2068).contains($0.scalar.value) }
                        replacements.append((value.end..<value.end, lexer.encode(edit.replacement, escaped: opener?.escaped ?? .raw)))
                    }
                }
                forms[form] = LintFixer.apply(edits, to: text)
                fixed.append(name)
            }
        }
        guard !fixed.isEmpty else { return Result(data: data, fixed: [], skipped: skipped) }
        var out = bytes
        for r in replacements.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            out.replaceSubrange(r.range, with: r.bytes)
        }
        let newData = Data(encoding.encode(out))
        // Load the result and compare every entry with what was intended.
        let again: Catalog
        do { again = try CatalogLoader.load(data: newData, path: catalog.path, format: catalog.format, locale: catalog.locale) } catch {
            throw Refusal(description: "the fixed file would not load (\(error)); it is not touched")
        }
        guard again.entries.count == catalog.entries.count else {
            throw Refusal(description: "the fixed file would not have the same entries; it is not touched")
        }
        for (i, e) in again.entries.enumerated() {
            let forms: [String: String] = e.plurals.isEmpty ? ["": e.translation ?? ""] : e.plurals
            guard forms == expected[i], e.key == catalog.entries[i].key, e.context == catalog.entries[i].context else {
                throw Refusal(description: "the fixed file would not load back as intended at line \(e.line); it is not touched")
            }
        }
        return Result(data: newData, fixed: fixed, skipped: skipped)
    }
}

/// The byte encoding of a file being fixed: UTF-8 (with or without BOM) or UTF-16 with its byte order.
struct TextEncoding {
    enum Kind { case utf8, utf16le, utf16be }
    let kind: Kind
    let bom: Bool
    var name: String { kind == .utf8 ? "UTF-8" : "UTF-16" }

    static func detect(_ b: [UInt8], allowUTF16: Bool) -> TextEncoding {
        guard allowUTF16 else { return TextEncoding(kind: .utf8, bom: b.starts(with: [0xEF, 0xBB, 0xBF])) }
        if b.starts(with: [0xFF, 0xFE]) { return TextEncoding(kind: .utf16le, bom: true) }
        if b.starts(with: [0xFE, 0xFF]) { return TextEncoding(kind: .utf16be, bom: true) }
        if b.count >= 2 && b[1] == 0 && b[0] != 0 { return TextEncoding(kind: .utf16le, bom: false) }
        if b.count >= 2 && b[0] == 0 && b[1] != 0 { return TextEncoding(kind: .utf16be, bom: false) }
        return TextEncoding(kind: .utf8, bom: b.starts(with: [0xEF, 0xBB, 0xBF]))
    }

    /// The file as UTF-8 (a UTF-8 BOM is kept as bytes; a UTF-16 BOM is dropped and restored by `encode`).
    func utf8(of b: [UInt8]) -> [UInt8]? {
        switch kind {
        case .utf8:
            return String(validating: b, as: UTF8.self) != nil ? b : nil
        case .utf16le, .utf16be:
            var units: [UInt16] = []
            var i = bom ? 2 : 0
            guard (b.count - i) % 2 == 0 else { return nil }
            while i + 1 < b.count {
                units.append(kind == .utf16le ? UInt16(b[i]) | UInt16(b[i + 1]) << 8 : UInt16(b[i]) << 8 | UInt16(b[i + 1]))
                i += 2
            }
            // Lone surrogates cannot be written back: refuse them.
            let text = String(decoding: units, as: UTF16.self)
            return Array(text.utf16) == units ? Array(text.utf8) : nil
        }
    }

    func encode(_ utf8: [UInt8]) -> [UInt8] {
        guard kind != .utf8 else { return utf8 }
        var out: [UInt8] = bom ? (kind == .utf16le ? [0xFF, 0xFE] : [0xFE, 0xFF]) : []
        for u in String(decoding: utf8, as: UTF8.self).utf16 {
            if kind == .utf16le { out += [UInt8(u & 0xFF), UInt8(u >> 8)] } else { out += [UInt8(u >> 8), UInt8(u & 0xFF)] }
        }
        return out
    }
}

/// Finds the text of an entry in a file's bytes and maps each of its characters to the bytes
/// that write it.
struct ValueLexer {
    /// How a character is written.
    enum Notation { case raw, escapeU, entity, androidU }
    struct Scalar { let scalar: Unicode.Scalar; let range: Range<Int>; let escaped: Notation }
    struct Value { var scalars: [Scalar]; var end: Int }

    let bytes: [UInt8]
    let format: CatalogFormat
    let lineStarts: [Int]

    init(bytes: [UInt8], format: CatalogFormat) {
        self.bytes = bytes
        self.format = format
        var starts = [0]
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A { starts.append(i + 1) } else if bytes[i] == 0x0D {
                if i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        lineStarts = starts
    }

    /// The bytes of `scalars` in the file's notation.
    func encode(_ scalars: [Unicode.Scalar], escaped: Notation) -> [UInt8] {
        var out: [UInt8] = []
        for u in scalars {
            let h = String(u.value, radix: 16, uppercase: true)
            let h4 = String(repeating: "0", count: max(0, 4 - h.count)) + h
            switch escaped {
            case .raw: out += Array(String(u).utf8)
            case .escapeU: out += Array("\\U\(h4)".utf8)
            case .entity: out += Array("&#x\(h4);".utf8)
            case .androidU: out += Array("\\u\(h4)".utf8)
            }
        }
        return out
    }

    /// The byte offset of a 1-based line and column (columns count scalars).
    func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        var i = lineStarts[line - 1]
        if line == 1 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }   // the loaders do not count a BOM
        var c = 1
        while c < column && i < bytes.count {
            i += 1
            while i < bytes.count && bytes[i] & 0xC0 == 0x80 { i += 1 }
            c += 1
        }
        return i
    }

    func value(of e: CatalogEntry, form: String?, pluralEntry: Bool) -> Value? {
        switch format {
        case .po: return poValue(line: e.line, form: pluralEntry ? (form ?? "0") : nil)
        case .strings: return offset(line: e.line, column: e.column).flatMap(stringsValue)
        case .androidXML: return offset(line: e.line, column: e.column).flatMap { androidValue(at: $0, quantity: pluralEntry ? form : nil) }
        default: return nil
        }
    }

    /// One UTF-8 scalar at `i`: the scalar and its length.
    func scalar(at i: Int) -> (Unicode.Scalar, Int)? {
        let b = bytes[i]
        let n = b < 0x80 ? 1 : b >> 5 == 0x6 ? 2 : b >> 4 == 0xE ? 3 : b >> 3 == 0x1E ? 4 : 0
        guard n > 0, i + n <= bytes.count, let s = String(validating: bytes[i..<(i + n)], as: UTF8.self) else { return nil }
        return (s.unicodeScalars.first!, n)
    }

    func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

    // MARK: .po

    /// The `msgstr` (or `msgstr[N]`) of the entry that starts at `line`: its string literals, on
    /// the keyword's line and the continuation lines after it.
    func poValue(line: Int, form: String?) -> Value? {
        let keyword = Array((form.map { "msgstr[\($0)]" } ?? "msgstr").utf8)
        var l = line - 1
        while l < lineStarts.count {
            var i = lineStarts[l]
            while i < bytes.count && isSpace(bytes[i]) { i += 1 }
            if bytes[i...].starts(with: keyword), i + keyword.count < bytes.count, isSpace(bytes[i + keyword.count]) || bytes[i + keyword.count] == 0x22 {
                var value = Value(scalars: [], end: 0)
                var at = i + keyword.count
                var current = l
                while true {
                    // The literals on this line.
                    let lineEnd = current + 1 < lineStarts.count ? lineStarts[current + 1] : bytes.count
                    var j = at
                    while j < lineEnd {
                        if bytes[j] == 0x22 {
                            guard let close = poLiteral(from: j, into: &value) else { return nil }
                            value.end = close
                            j = close + 1
                        } else { j += 1 }
                    }
                    // A continuation line starts with a quote.
                    current += 1
                    guard current < lineStarts.count else { break }
                    var k = lineStarts[current]
                    while k < bytes.count && isSpace(bytes[k]) { k += 1 }
                    guard k < bytes.count, bytes[k] == 0x22 else { break }
                    at = k
                }
                return value
            }
            // The entry ends at a blank line or the next entry's comments.
            if l > line - 1 && (i >= bytes.count || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == UInt8(ascii: "#")) { return nil }
            l += 1
        }
        return nil
    }

    /// Reads the literal whose opening quote is at `q`; returns the offset of its closing quote.
    func poLiteral(from q: Int, into value: inout Value) -> Int? {
        var i = q + 1
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x22 { return i }
            if b == 0x0A || b == 0x0D { return nil }
            if b == 0x5C {
                guard i + 1 < bytes.count else { return nil }
                let e = bytes[i + 1]
                let map: [UInt8: UInt32] = [0x6E: 0x0A, 0x74: 0x09, 0x72: 0x0D, 0x22: 0x22, 0x5C: 0x5C, 0x27: 0x27, 0x3F: 0x3F,
                                            0x61: 0x07, 0x62: 0x08, 0x66: 0x0C, 0x76: 0x0B]
                guard let v = map[e] else { return nil }   // octal and hex escapes write bytes, not characters
                value.scalars.append(.init(scalar: Unicode.Scalar(v)!, range: i..<(i + 2), escaped: .raw))
                i += 2
                continue
            }
            guard let (u, n) = scalar(at: i) else { return nil }
            value.scalars.append(.init(scalar: u, range: i..<(i + n), escaped: .raw))
            i += n
        }
        return nil
    }

    // MARK: .strings

    /// Skips white space and comments from `i`.
    func skipStringsSpace(_ start: Int) -> Int {
        var i = start
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { i += 1; continue }
            if b == 0x2F && i + 1 < bytes.count && bytes[i + 1] == 0x2A {
                i += 2
                while i + 1 < bytes.count && !(bytes[i] == 0x2A && bytes[i + 1] == 0x2F) { i += 1 }
                i += 2
                continue
            }
            if b == 0x2F && i + 1 < bytes.count && bytes[i + 1] == 0x2F {
                while i < bytes.count && bytes[i] != 0x0A && bytes[i] != 0x0D { i += 1 }
                continue
            }
            break
        }
        return i
    }

    /// `"key" = "value";` whose key starts at `start`.
    func stringsValue(_ start: Int) -> Value? {
        var i = start
        guard i < bytes.count else { return nil }
        if bytes[i] == 0x22 {
            var key = Value(scalars: [], end: 0)
            guard let close = stringsLiteral(from: i, into: &key) else { return nil }
            i = close + 1
        } else {
            while i < bytes.count && !(bytes[i] == 0x3D || bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D) { i += 1 }
        }
        i = skipStringsSpace(i)
        guard i < bytes.count, bytes[i] == 0x3D else { return nil }
        i = skipStringsSpace(i + 1)
        guard i < bytes.count, bytes[i] == 0x22 else { return nil }
        var value = Value(scalars: [], end: 0)
        guard let close = stringsLiteral(from: i, into: &value) else { return nil }
        value.end = close
        return value
    }

    func stringsLiteral(from q: Int, into value: inout Value) -> Int? {
        var i = q + 1
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x22 { return i }
            if b == 0x5C {
                guard i + 1 < bytes.count else { return nil }
                let e = bytes[i + 1]
                if e == UInt8(ascii: "U") {
                    var v: UInt32 = 0, j = i + 2
                    while j < bytes.count, j < i + 6, let d = CatalogText.hexDigit(bytes[j]) { v = v * 16 + UInt32(d); j += 1 }
                    guard j > i + 2, let u = Unicode.Scalar(v) else { return nil }   // surrogate pairs are not mapped
                    value.scalars.append(.init(scalar: u, range: i..<j, escaped: .escapeU))
                    i = j
                    continue
                }
                let map: [UInt8: UInt32] = [0x6E: 0x0A, 0x74: 0x09, 0x72: 0x0D, 0x61: 0x07, 0x62: 0x08, 0x66: 0x0C, 0x76: 0x0B]
                if let v = map[e] {
                    value.scalars.append(.init(scalar: Unicode.Scalar(v)!, range: i..<(i + 2), escaped: .raw))
                    i += 2
                    continue
                }
                if e >= 0x30 && e <= 0x37 { return nil }   // octal
                guard let (u, n) = scalar(at: i + 1) else { return nil }
                value.scalars.append(.init(scalar: u, range: i..<(i + 1 + n), escaped: .raw))
                i += 1 + n
                continue
            }
            guard let (u, n) = scalar(at: i) else { return nil }
            value.scalars.append(.init(scalar: u, range: i..<(i + n), escaped: .raw))
            i += n
        }
        return nil
    }

    // MARK: Android

    /// The end of the tag that starts at `i` (the offset after its `>`), quotes respected.
    func tagEnd(_ start: Int) -> Int? {
        var i = start
        var quote: UInt8 = 0
        while i < bytes.count {
            let b = bytes[i]
            if quote != 0 { if b == quote { quote = 0 } } else if b == 0x22 || b == 0x27 { quote = b } else if b == 0x3E { return i + 1 }
            i += 1
        }
        return nil
    }

    func attribute(_ name: String, inTag range: Range<Int>) -> String? {
        let tag = String(decoding: bytes[range], as: UTF8.self)
        guard let r = tag.range(of: " \(name)=\"") ?? tag.range(of: "\t\(name)=\"") ?? tag.range(of: "\n\(name)=\"") else { return nil }
        return String(tag[r.upperBound...].prefix { $0 != "\"" })
    }

    /// The content of the `<string>` or `<item>` at `start`; for a `<plurals>`, of its item for `quantity`.
    func androidValue(at start: Int, quantity: String?) -> Value? {
        guard var open = tagEnd(start), bytes[open - 2] != 0x2F else { return nil }
        if let quantity {
            // Find <item quantity="…"> inside the <plurals>.
            var i = open
            while true {
                guard let lt = bytes[i...].firstIndex(of: 0x3C) else { return nil }
                if bytes[lt...].starts(with: Array("</plurals".utf8)) { return nil }
                guard let end = tagEnd(lt) else { return nil }
                if bytes[lt...].starts(with: Array("<item".utf8)), attribute("quantity", inTag: lt..<end) == quantity {
                    open = end
                    break
                }
                i = end
            }
        }
        guard let close = bytes[open...].firstIndex(of: 0x3C), bytes[close...].starts(with: Array("</".utf8)) else { return nil }
        // XML: entities to characters.
        var xml: [Scalar] = []
        var i = open
        while i < close {
            if bytes[i] == 0x26 {
                guard let semi = bytes[i..<min(close, i + 12)].firstIndex(of: 0x3B) else { return nil }
                let name = String(decoding: bytes[(i + 1)..<semi], as: UTF8.self)
                let named: [String: UInt32] = ["amp": 0x26, "lt": 0x3C, "gt": 0x3E, "quot": 0x22, "apos": 0x27]
                var v: UInt32? = named[name]
                if name.hasPrefix("#x") || name.hasPrefix("#X") { v = UInt32(name.dropFirst(2), radix: 16) } else if name.hasPrefix("#") { v = UInt32(name.dropFirst(), radix: 10) }
                guard let value = v, let u = Unicode.Scalar(value) else { return nil }
                xml.append(.init(scalar: u, range: i..<(semi + 1), escaped: name.hasPrefix("#") ? .entity : .raw))
                i = semi + 1
                continue
            }
            guard let (u, n) = scalar(at: i) else { return nil }
            xml.append(.init(scalar: u, range: i..<(i + n), escaped: .raw))
            i += n
        }
        // Android: escapes, quotes, white space collapsed and trimmed (as CatalogAndroidText).
        var value = Value(scalars: [], end: open)
        var quoted = false
        var pendingSpace: Range<Int>? = nil
        func emit(_ u: Unicode.Scalar, _ r: Range<Int>, _ n: Notation) {
            if let p = pendingSpace, !value.scalars.isEmpty { value.scalars.append(.init(scalar: " ", range: p, escaped: .raw)) }
            pendingSpace = nil
            value.scalars.append(.init(scalar: u, range: r, escaped: n))
            value.end = r.upperBound
        }
        var k = 0
        while k < xml.count {
            let x = xml[k]
            k += 1
            switch x.scalar {
            case "\\":
                guard k < xml.count else { return nil }
                let e = xml[k]
                k += 1
                switch e.scalar {
                case "n": emit("\n", x.range.lowerBound..<e.range.upperBound, .raw)
                case "t": emit("\t", x.range.lowerBound..<e.range.upperBound, .raw)
                case "'", "\"", "\\", "@", "?": emit(e.scalar, x.range.lowerBound..<e.range.upperBound, .raw)
                case "u":
                    guard k + 4 <= xml.count else { return nil }
                    let hex = String(String.UnicodeScalarView(xml[k..<(k + 4)].map(\.scalar)))
                    guard let v = UInt32(hex, radix: 16), let u = Unicode.Scalar(v) else { return nil }
                    emit(u, x.range.lowerBound..<xml[k + 3].range.upperBound, .androidU)
                    k += 4
                default: return nil
                }
            case "\"":
                quoted.toggle()
            case " ", "\t", "\n", "\r":
                if quoted { emit(x.scalar, x.range, .raw) } else if pendingSpace == nil { pendingSpace = x.range } else { pendingSpace = pendingSpace!.lowerBound..<x.range.upperBound }
            default:
                emit(x.scalar, x.range, x.escaped)
            }
        }
        return value
    }
}
