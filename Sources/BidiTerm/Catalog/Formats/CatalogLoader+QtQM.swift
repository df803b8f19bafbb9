import Foundation

extension CatalogLoader {
    /// The 16 bytes every `.qm` file starts with.
    static let qmMagic: [UInt8] = [0x3C, 0xB8, 0x64, 0x18, 0xCA, 0xEF, 0x9C, 0x95, 0xCD, 0x21, 0x1C, 0xBF, 0x60, 0xA1, 0xBD, 0xDD]

    /// Loads a compiled Qt catalog (`.qm`, as `lrelease` writes it).
    ///
    /// After the magic number come blocks (a tag byte, a big-endian 32-bit length, the bytes):
    /// the language (`0xA7`), the hash table (`0x42`, not needed to list the messages), the
    /// messages (`0x69`), the numerus rules (`0x88`), contexts (`0x2F`) and dependencies (`0x96`).
    /// Each message is a list of tagged fields ending with `0x01`: translations (`0x03`, UTF-16BE;
    /// several for a numerus message), source text (`0x06`), context (`0x07`) and disambiguating
    /// comment (`0x08`), UTF-8.
    ///
    /// Entries: key = source text (a message `lrelease` stored without one is keyed by its
    /// position, `#3`), context as in `.ts` (`Context|comment`). A numerus message's forms are
    /// keyed by index (`0`, `1`, …) and chosen with the file's own numerus rules, kept in
    /// ``Catalog/metadata`` as `Numerus-Rules` (hex) and read by ``QtNumerusRules``. Positions are
    /// byte offsets: an entry's ``CatalogEntry/line`` is its index plus one (as for `.mo`), and a
    /// malformed file names the offset of the bad byte.
    static func loadQtQM(_ bytes: [UInt8], path: String, fallbackLocale: String?) throws -> Catalog {
        func fail(_ offset: Int, _ message: String) -> CatalogDiagnostic {
            CatalogDiagnostic(file: path, line: 0, column: 0, message: "at byte \(offset): \(message)")
        }
        guard bytes.count >= 16, Array(bytes[0..<16]) == qmMagic else {
            throw fail(0, "not a Qt .qm file (its first 16 bytes are not Qt's magic number)")
        }
        func read32(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        var blocks: [UInt8: Range<Int>] = [:]
        var warnings: [CatalogDiagnostic] = []
        var at = 16
        while at < bytes.count {
            guard at + 5 <= bytes.count else { throw fail(at, "a block header is cut short (the file ends after \(bytes.count) bytes)") }
            let tag = bytes[at], length = read32(at + 1)
            guard at + 5 + length <= bytes.count else {
                throw fail(at, "block 0x\(String(tag, radix: 16)) of \(length) bytes runs past the end of the file (\(bytes.count) bytes)")
            }
            if [0x2F, 0x42, 0x69, 0x88, 0x96, 0xA7].contains(tag) {
                blocks[tag] = (at + 5)..<(at + 5 + length)
            } else {
                warnings.append(fail(at, "unknown block 0x\(String(tag, radix: 16)) (\(length) bytes) skipped"))
            }
            at += 5 + length
        }
        var metadata: [String: String] = [:]
        var language: String?
        if let r = blocks[0xA7], !r.isEmpty { language = String(decoding: bytes[r], as: UTF8.self) }
        if let r = blocks[0x88] {
            metadata["Numerus-Rules"] = bytes[r].map { String(format: "%02x", $0) }.joined()
            if QtNumerusRules(bytes: Array(bytes[r])) == nil { warnings.append(fail(r.lowerBound, "numerus rules are malformed; every count takes the first form")) }
        }
        if let l = language { metadata["Language"] = l }
        if let r = blocks[0x96] {
            // Dependencies: a list of 32-bit lengths and UTF-16 names.
            var names: [String] = [], i = r.lowerBound
            while i + 4 <= r.upperBound {
                let n = read32(i)
                guard i + 4 + n <= r.upperBound else { break }
                names.append(utf16BE(bytes[(i + 4)..<(i + 4 + n)]))
                i += 4 + n
            }
            if !names.isEmpty { metadata["Dependencies"] = names.joined(separator: " ") }
        }

        var entries: [CatalogEntry] = []
        if let r = blocks[0x69] {
            var i = r.lowerBound
            while i < r.upperBound {
                let start = i
                var forms: [String?] = [], source: String?, context: String?, comment: String?
                var ended = false
                while i < r.upperBound {
                    let tag = bytes[i]
                    i += 1
                    if tag == 0x01 { ended = true; break }
                    if tag == 0x05 { i += 4; continue }  // Tag_Obsolete1: a 32-bit value
                    guard i + 4 <= r.upperBound else { throw fail(i, "a field length is cut short") }
                    let n = read32(i)
                    i += 4
                    if tag == 0x03, n == 0xFFFF_FFFF { forms.append(nil); continue }
                    guard [0x02, 0x03, 0x04, 0x06, 0x07, 0x08].contains(tag) else {
                        throw fail(i - 5, "unknown field tag 0x\(String(tag, radix: 16)) in message \(entries.count + 1)")
                    }
                    guard n <= r.upperBound - i else {
                        throw fail(i - 4, "a field of \(n) bytes runs past the end of the messages block")
                    }
                    let field = bytes[i..<(i + n)]
                    i += n
                    switch tag {
                    case 0x03, 0x02, 0x04:
                        if n % 2 != 0 { throw fail(i - n - 4, "a UTF-16 field has an odd length (\(n) bytes)") }
                        let text = utf16BE(field)
                        if tag == 0x03 { forms.append(text) } else if tag == 0x02 { source = text } else { context = text }
                    case 0x06: source = decode(field, path: path, entry: entries.count + 1, &warnings)
                    case 0x07: context = decode(field, path: path, entry: entries.count + 1, &warnings)
                    default: comment = decode(field, path: path, entry: entries.count + 1, &warnings)
                    }
                }
                guard ended else { throw fail(start, "message \(entries.count + 1) has no end tag") }
                let index = entries.count + 1
                let ctx = context ?? ""
                var entry = CatalogEntry(key: source ?? "#\(index)",
                                         context: (comment ?? "").isEmpty ? ctx : "\(ctx)|\(comment!)",
                                         source: source, line: index, column: 0)
                if forms.count > 1 {
                    for (k, form) in forms.enumerated() { entry.plurals[String(k)] = form ?? "" }
                    entry.sourcePlural = source
                    entry.translation = forms.last ?? nil
                } else {
                    entry.translation = forms.first ?? nil
                }
                entries.append(entry)
            }
        }
        return Catalog(path: path, format: .qtQM, locale: language.flatMap { $0.isEmpty ? nil : $0 } ?? fallbackLocale,
                       metadata: metadata, entries: entries, warnings: warnings)
    }

    private static func utf16BE(_ bytes: ArraySlice<UInt8>) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = bytes.startIndex
        while i + 1 < bytes.endIndex { units.append(UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])); i += 2 }
        return String(decoding: units, as: UTF16.self)
    }

    private static func decode(_ bytes: ArraySlice<UInt8>, path: String, entry: Int, _ warnings: inout [CatalogDiagnostic]) -> String {
        if let s = String(validating: bytes, as: UTF8.self) { return s }
        warnings.append(CatalogDiagnostic(file: path, line: entry, column: 0,
                                          message: "invalid UTF-8 in message \(entry) replaced by U+FFFD"))
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Qt's numerus rules, as `lrelease` writes them into a `.qm` file (its `0x88` block): which of a
/// message's forms a count takes. The rules are Qt's own data, read from the file, not a table of
/// languages kept here: a list of rules separated by `0xFF`, each an `||` (`0xFE`) of `&&`
/// (`0xFD`) comparisons of `n` (or `n % 10`, `n % 100`, the leading group of `n`) with numbers.
/// The form is the index of the first rule that holds, or the number of rules when none does.
public struct QtNumerusRules: Sendable, Hashable {
    /// The rule bytes.
    public let bytes: [UInt8]

    /// The rules in `bytes`; `nil` when they do not parse.
    public init?(bytes: [UInt8]) {
        self.bytes = bytes
        guard QtNumerusRules.valid(bytes) else { return nil }
    }

    /// The rules kept in a catalog's metadata as hex (`Numerus-Rules`).
    public init?(hex: String) {
        var out: [UInt8] = []
        var chars = Array(hex.utf8)[...]
        while chars.count >= 2 {
            guard let b = UInt8(String(decoding: chars.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            out.append(b)
            chars = chars.dropFirst(2)
        }
        self.init(bytes: out)
    }

    /// How many forms the rules give: the number of rules plus one.
    public var formCount: Int { bytes.isEmpty ? 1 : bytes.filter { $0 == 0xFF }.count + 2 }

    /// The form index for `n`.
    public func form(for n: Int) -> Int {
        var result = 0, i = 0
        let r = bytes
        if r.isEmpty { return 0 }
        while true {
            var orValue = false
            while true {
                var andValue = true
                while true {
                    let opcode = r[i]; i += 1
                    var left = n
                    if opcode & 0x10 != 0 { left %= 10 } else if opcode & 0x20 != 0 { left %= 100 }
                    else if opcode & 0x40 != 0 { while left >= 1000 { left /= 1000 } }
                    let right = Int(r[i]); i += 1
                    var truth: Bool
                    switch opcode & 0x07 {
                    case 1: truth = left == right
                    case 2: truth = left < right
                    case 3: truth = left <= right
                    default: truth = left >= right && left <= Int(r[i]); i += 1
                    }
                    if opcode & 0x08 != 0 { truth.toggle() }
                    andValue = andValue && truth
                    if i == r.count || r[i] != 0xFD { break }
                    i += 1
                }
                orValue = orValue || andValue
                if i == r.count || r[i] != 0xFE { break }
                i += 1
            }
            if orValue { return result }
            result += 1
            if i == r.count { return result }
            i += 1
        }
    }

    /// The shape Qt's `isValidNumerusRules` accepts: comparisons (an opcode with an operator in
    /// 1…4 and its operands) joined by `0xFD`/`0xFE`, rules separated by `0xFF`.
    private static func valid(_ r: [UInt8]) -> Bool {
        var i = 0
        if r.isEmpty { return true }
        while true {
            guard i < r.count else { return false }
            let op = r[i] & 0x07
            guard op >= 1, op <= 4 else { return false }
            i += op == 4 ? 3 : 2
            if i > r.count { return false }
            if i == r.count { return true }
            guard r[i] == 0xFD || r[i] == 0xFE || r[i] == 0xFF else { return false }
            i += 1
        }
    }
}
