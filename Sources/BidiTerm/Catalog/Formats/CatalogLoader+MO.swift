import Foundation

extension CatalogLoader {
    /// Loads a GNU gettext `.mo` file, little- or big-endian.
    ///
    /// An original string `context\u{4}msgid\0msgid_plural` gives the context and the plural
    /// source; a translation `form0\0form1\0…` gives the plural forms. The entry with an empty
    /// msgid is the header, which goes to ``Catalog/metadata``; a non-UTF-8 `charset` in it is
    /// converted (see ``CatalogCharset``). A `.mo` file has no lines: an
    /// entry's ``CatalogEntry/line`` is its index plus one (its column is 0), diagnostics about one
    /// entry carry that number, and diagnostics about the file as a whole have line 0 and name the
    /// byte offset. System-dependent strings (revision 1: pieces joined by `<PRIu64>`, `<I>`…) are
    /// expanded for this platform as gettext does, and numbered after the other entries; they carry
    /// the `c-format` flag, since msgfmt writes them for format strings only. (A `.mo` file keeps no
    /// other flags.)
    static func loadMO(_ data: [UInt8], path: String, fallbackLocale: String?) throws -> Catalog {
        func fail(_ message: String, entry: Int = 0) -> CatalogDiagnostic {
            CatalogDiagnostic(file: path, line: entry, column: 0, message: message)
        }
        let size = data.count
        guard size >= 4 else {
            throw fail("truncated .mo file: \(size) bytes, too short for the magic number")
        }
        let bigEndian: Bool
        switch (data[0], data[1], data[2], data[3]) {
        case (0xDE, 0x12, 0x04, 0x95): bigEndian = false
        case (0x95, 0x04, 0x12, 0xDE): bigEndian = true
        default:
            let shown = Hex.bytes(data[0 ..< 4])
            throw fail("bad magic number (bytes \(shown) at byte offset 0); not a gettext .mo file")
        }
        func word(_ offset: Int) -> Int {
            let (a, b, c, d) = (Int(data[offset]), Int(data[offset + 1]), Int(data[offset + 2]), Int(data[offset + 3]))
            return bigEndian ? a << 24 | b << 16 | c << 8 | d : d << 24 | c << 16 | b << 8 | a
        }
        guard size >= 28 else {
            throw fail("truncated .mo file: the header needs 28 bytes, the file has \(size)")
        }
        let revision = word(4)
        guard revision >> 16 <= 1 else {
            throw fail("unsupported .mo revision \(revision >> 16).\(revision & 0xFFFF) (byte offset 4)")
        }
        let count = word(8), originals = word(12), translations = word(16)
        for (name, table) in [("originals", originals), ("translations", translations)] where table + count * 8 > size {
            throw fail("truncated .mo file: the table of \(name) (\(count) entries at byte offset \(table)) ends at byte \(table + count * 8), past the end of the file (\(size) bytes)")
        }

        var warnings: [CatalogDiagnostic] = []
        var entries: [CatalogEntry] = []
        entries.reserveCapacity(count)
        var metadata: [String: String] = [:]

        /// The bytes of string `index` of `table`, checked against the file size.
        func string(_ table: Int, _ index: Int, _ what: String) throws -> ArraySlice<UInt8> {
            let length = word(table + index * 8), offset = word(table + index * 8 + 4)
            guard offset + length <= size else {
                throw fail("truncated .mo file: the \(what) of entry \(index + 1) (\(length) bytes at byte offset \(offset)) ends past the end of the file (\(size) bytes)", entry: index + 1)
            }
            return data[offset ..< offset + length]
        }
        // The header (the entry with an empty msgid, first in a sorted file) names the charset.
        var charset = CatalogCharset.utf8
        for i in 0 ..< count where word(originals + i * 8) == 0 {
            let header = try string(translations, i, "translation")
            let type = header.split(separator: 0x0A).first { $0.starts(with: Array("Content-Type:".utf8)) }
            if let type, let name = CatalogCharset.declared(inContentType: String(decoding: type, as: UTF8.self)) {
                charset = CatalogCharset.named(name)
                if case .unsupported(let name) = charset {
                    warnings.append(fail("the header declares charset \(name), which this loader cannot convert; strings were read as UTF-8", entry: i + 1))
                }
            }
            break
        }
        func text(_ bytes: ArraySlice<UInt8>, _ index: Int, _ what: String) -> String {
            if case .foundation(let name, _) = charset, bytes.contains(where: { $0 >= 0x80 }) {
                if let converted = charset.decode(bytes) { return converted }
                warnings.append(fail("the \(what) of entry \(index + 1) is not valid \(name), the declared charset; read as UTF-8", entry: index + 1))
            }
            if let bad = firstInvalidUTF8(bytes) {
                warnings.append(fail("invalid UTF-8 in the \(what) of entry \(index + 1) at byte offset \(bad); replaced with U+FFFD", entry: index + 1))
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Adds the entry `index` made of `original` and `translated`; a header entry fills `metadata`.
        func add(_ original: ArraySlice<UInt8>, _ translated: ArraySlice<UInt8>, _ i: Int) {
            var idBytes = original
            var context: String?
            if let eot = original.firstIndex(of: 0x04) {
                context = text(original[..<eot], i, "context")
                idBytes = original[(eot + 1)...]
            }
            let idParts = idBytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
            let key = text(idParts[0], i, "original string")
            if context == nil && key.isEmpty {
                let (fields, problems) = CatalogPOParser.headerFields(text(translated, i, "header"))
                metadata = fields
                warnings += problems.map { fail($0, entry: i + 1) }
                return
            }
            var entry = CatalogEntry(key: key, context: context, source: key, line: i + 1, column: 0)
            if idParts.count > 1 {
                entry.sourcePlural = text(idParts[1], i, "plural original string")
                var plurals: [String: String] = [:]
                for (n, form) in translated.split(separator: 0, omittingEmptySubsequences: false).enumerated() {
                    plurals[String(n)] = text(form, i, "translation")
                }
                entry.plurals = plurals
                entry.translation = plurals["0"]
            } else {
                entry.translation = text(translated, i, "translation")
            }
            entries.append(entry)
        }

        for i in 0 ..< count {
            add(try string(originals, i, "original string"), try string(translations, i, "translation"), i)
        }

        // Revision 1 adds system-dependent strings: static pieces joined by segments such as
        // `<PRIu64>` or `<I>`, expanded here as gettext does at run time on this platform. They are
        // numbered after the other entries.
        if revision & 0xFFFF >= 1 && size >= 48 && word(36) > 0 {
            let segmentCount = word(28), segmentTable = word(32), sysdepCount = word(36)
            let tables = [word(40), word(44)]
            guard segmentTable + segmentCount * 8 <= size, tables.allSatisfy({ $0 + sysdepCount * 4 <= size }) else {
                throw fail("truncated .mo file: the tables of system-dependent strings end past the end of the file (\(size) bytes)")
            }
            var segments: [String] = []
            for j in 0 ..< segmentCount {
                let length = word(segmentTable + j * 8), offset = word(segmentTable + j * 8 + 4)
                guard offset + length <= size else {
                    throw fail("truncated .mo file: system-dependent segment \(j + 1) ends past the end of the file (\(size) bytes)")
                }
                segments.append(String(decoding: data[offset ..< offset + length].prefix { $0 != 0 }, as: UTF8.self))
            }
            let values = segments.map(systemDependentSegment)
            for i in 0 ..< sysdepCount {
                let index = count + i
                var pair: [[UInt8]] = []
                var unknown: String?
                for table in tables {
                    var descriptor = word(table + i * 4)
                    guard descriptor + 4 <= size else { throw fail("truncated .mo file: system-dependent string \(i + 1) is past the end of the file", entry: index + 1) }
                    var position = word(descriptor)
                    descriptor += 4
                    var bytes: [UInt8] = []
                    while true {
                        guard descriptor + 8 <= size else { throw fail("truncated .mo file: system-dependent string \(i + 1) is past the end of the file", entry: index + 1) }
                        let length = word(descriptor), reference = word(descriptor + 4)
                        descriptor += 8
                        guard position + length <= size else { throw fail("truncated .mo file: system-dependent string \(i + 1) is past the end of the file", entry: index + 1) }
                        bytes += data[position ..< position + length]
                        position += length
                        if reference == 0xFFFF_FFFF { break }
                        guard reference < segmentCount else { throw fail("system-dependent string \(i + 1) names segment \(reference + 1) of \(segmentCount)", entry: index + 1) }
                        if let value = values[reference] { bytes += Array(value.utf8) } else { unknown = segments[reference] }
                    }
                    // The pieces include the string's terminating NUL.
                    if bytes.last == 0 { bytes.removeLast() }
                    pair.append(bytes)
                }
                if let unknown {
                    warnings.append(fail("system-dependent string \(i + 1) uses the segment <\(unknown)>, unknown on this platform; not loaded", entry: index + 1))
                    continue
                }
                let before = entries.count
                add(pair[0][...], pair[1][...], index)
                // msgfmt writes system-dependent strings for format strings only.
                if entries.count > before { entries[before].flags = ["c-format"] }
            }
        }
        if let forms = metadata["Plural-Forms"], let n = CatalogPOParser.pluralCount(forms) {
            for entry in entries where !entry.plurals.isEmpty && entry.plurals.count != n {
                warnings.append(fail("\(Catalog.quoted(entry.key)) has \(entry.plurals.count) plural forms but the header's Plural-Forms says nplurals=\(n)", entry: entry.line))
            }
        }
        let language = metadata["Language"].flatMap { $0.isEmpty ? nil : $0 }
        return Catalog(path: path, format: .mo, locale: language ?? fallbackLocale, metadata: metadata,
                       entries: entries, warnings: warnings)
    }

    /// The expansion of a system-dependent segment on this platform, as the C library's
    /// `<inttypes.h>` defines it: `I` (glibc's flag for locale digits) stays `I`; `PRIu64` becomes
    /// `lu` on 64-bit Linux and `llu` on Apple platforms. `nil` for a name this table does not know.
    static func systemDependentSegment(_ name: String) -> String? {
        if name == "I" { return "I" }
        guard name.hasPrefix("PRI"), let conversion = name.dropFirst(3).first, "diouxX".contains(conversion) else { return nil }
        let size = String(name.dropFirst(4))
        let wide = MemoryLayout<Int>.size == 8
        #if canImport(Darwin)
        let modifiers: [String: String] = [
            "8": "", "16": "", "32": "", "LEAST8": "", "LEAST16": "", "LEAST32": "", "FAST8": "", "FAST16": "", "FAST32": "",
            "64": "ll", "LEAST64": "ll", "FAST64": "ll", "MAX": "j", "PTR": wide ? "l" : "",
        ]
        #else
        let long64 = wide ? "l" : "ll", native = wide ? "l" : ""
        let modifiers: [String: String] = [
            "8": "", "16": "", "32": "", "LEAST8": "", "LEAST16": "", "LEAST32": "", "FAST8": "",
            "FAST16": native, "FAST32": native, "64": long64, "LEAST64": long64, "FAST64": long64, "MAX": long64, "PTR": native,
        ]
        #endif
        return modifiers[size].map { $0 + String(conversion) }
    }

    /// The file offset of the first invalid UTF-8 byte in `bytes`, or `nil` when it is valid.
    static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { p -> Int? in
            var i = 0
            while i < p.count {
                if p[i] < 0x80 { i += 1; continue }
                let length = CatalogText.validSequenceLength(p, at: i)
                if length == 0 { return bytes.startIndex + i }
                i += length
            }
            return nil
        }
    }
}
