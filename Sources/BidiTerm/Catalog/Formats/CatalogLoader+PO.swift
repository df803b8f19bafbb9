import Foundation

extension CatalogLoader {
    /// Loads a gettext `.po`/`.pot` file.
    ///
    /// Reads `msgctxt`, `msgid`, `msgid_plural`, `msgstr`, `msgstr[n]`, strings continued on the
    /// following lines, C escapes (`\n \t \r \" \\ \a \b \f \v \? \'`, octal `\NNN`, hex `\xHH`),
    /// and the comments `#` (translator), `#.` (extracted), `#:` (references), `#,` (flags) and
    /// `#|` (previous msgid). The header entry (`msgid ""`) goes to ``Catalog/metadata``, its
    /// `Language` to ``Catalog/locale``; a non-UTF-8 `charset` is converted (see ``CatalogCharset``).
    /// Obsolete entries (`#~`) are not loaded; one warning counts them.
    static func loadPO(_ data: [UInt8], path: String, fallbackLocale: String?) throws -> Catalog {
        var bytes = data
        var charsetWarnings: [CatalogDiagnostic] = []
        let charset = CatalogCharset.declared(inPO: data)
        switch charset {
        case .foundation(let name, _) where data.contains(where: { $0 >= 0x80 }):
            if let converted = charset.decode(data) {
                bytes = Array(converted.utf8)
            } else {
                charsetWarnings.append(CatalogDiagnostic(file: path, line: 0, column: 0,
                    message: "the file is not valid \(name), the charset its header declares; it was read as UTF-8"))
            }
        case .unsupported(let name):
            charsetWarnings.append(CatalogDiagnostic(file: path, line: 0, column: 0,
                message: "the header declares charset \(name), which this loader cannot convert; the file was read as UTF-8"))
        default:
            break
        }
        let text = CatalogText.decode(bytes, path: path, repairUTF8: false)
        var parser = CatalogPOParser(path: path)
        try text.bytes.withUnsafeBufferPointer { try parser.parse($0) }
        var warnings = charsetWarnings + text.warnings + parser.warnings
        let metadata = parser.metadata
        if let forms = metadata["Plural-Forms"], let count = CatalogPOParser.pluralCount(forms) {
            for entry in parser.entries where !entry.plurals.isEmpty && entry.plurals.count != count {
                warnings.append(CatalogDiagnostic(file: path, line: entry.line, column: entry.column,
                    message: "\(Catalog.quoted(entry.key)) has \(entry.plurals.count) plural forms but the header's Plural-Forms says nplurals=\(count)"))
            }
        }
        let language = metadata["Language"].flatMap { $0.isEmpty ? nil : $0 }
        return Catalog(path: path, format: .po, locale: language ?? fallbackLocale, metadata: metadata,
                       entries: parser.entries, warnings: warnings)
    }
}

/// The `.po` parser: one pass over the lines of a UTF-8 buffer, no per-character `String` work.
struct CatalogPOParser {
    let path: String
    var entries: [CatalogEntry] = []
    var warnings: [CatalogDiagnostic] = []
    var metadata: [String: String] = [:]

    private enum State: Equatable { case idle, context, id, idPlural, str, strN(Int) }
    private enum PreviousField { case context, id, idPlural }

    private var state = State.idle
    private var context: [UInt8]?
    private var id: [UInt8] = []
    private var idPlural: [UInt8]?
    private var str: [UInt8] = []
    private var strN: [[UInt8]] = []
    private var start = (line: 0, column: 0)
    private var idStart = (line: 0, column: 0)

    // Comments gathered for the next entry.
    private var comments: [String] = []
    private var flags: [String] = []
    private var references: [String] = []
    private var previousID: [UInt8]?
    private var previousField: PreviousField?
    private var firstCommentLine = 0
    private var headerLine = 0
    private var obsolete = (count: 0, line: 0)

    // The line being parsed.
    private var lineNumber = 0
    private var lineStart = 0

    init(path: String) { self.path = path }

    mutating func parse(_ p: UnsafeBufferPointer<UInt8>) throws {
        let n = p.count
        var i = 0
        while i < n {
            lineNumber += 1
            lineStart = i
            var end = i
            while end < n && p[end] != 0x0A && p[end] != 0x0D { end += 1 }
            try parseLine(p, end: end)
            i = end
            if i < n { i += (p[i] == 0x0D && i + 1 < n && p[i + 1] == 0x0A) ? 2 : 1 }
        }
        try endOfEntry(reason: "end of file")
        if !comments.isEmpty || !flags.isEmpty || !references.isEmpty || previousID != nil {
            warnings.append(CatalogDiagnostic(file: path, line: firstCommentLine, column: 1,
                message: "comments at the end of the file belong to no entry"))
        }
        if obsolete.count > 0 {
            warnings.append(CatalogDiagnostic(file: path, line: obsolete.line, column: 1,
                message: "\(obsolete.count) obsolete entr\(obsolete.count == 1 ? "y" : "ies") (#~) not loaded"))
        }
    }

    private func column(_ p: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int {
        var c = 1
        var i = lineStart
        while i < offset { if p[i] & 0xC0 != 0x80 { c += 1 }; i += 1 }
        return c
    }

    private func error(_ line: Int, _ column: Int, _ message: String) -> CatalogDiagnostic {
        CatalogDiagnostic(file: path, line: line, column: column, message: message)
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0C || b == 0x0B }

    private mutating func parseLine(_ p: UnsafeBufferPointer<UInt8>, end: Int) throws {
        var j = lineStart
        while j < end && Self.isSpace(p[j]) { j += 1 }
        guard j < end else { return }
        switch p[j] {
        case UInt8(ascii: "#"):
            try parseComment(p, at: j, end: end)
        case UInt8(ascii: "\""):
            guard state != .idle else {
                throw error(lineNumber, column(p, j), "string without a keyword before it (msgid, msgstr, …)")
            }
            let bytes = try readStrings(p, from: j, end: end, keyword: "continuation")
            appendToField(bytes)
        default:
            try parseKeyword(p, at: j, end: end)
        }
    }

    /// Ends the entry in progress before a comment or a new keyword: complete entries are stored,
    /// incomplete ones are errors.
    private mutating func endOfEntry(reason: String) throws {
        switch state {
        case .str, .strN: flush()
        case .id, .idPlural:
            throw error(idStart.line, idStart.column, "msgid \(Catalog.quoted(decode(id))) has no msgstr (found \(reason) instead)")
        case .context:
            throw error(start.line, start.column, "msgctxt without msgid (found \(reason) instead)")
        case .idle: break
        }
    }

    private mutating func parseComment(_ p: UnsafeBufferPointer<UInt8>, at j: Int, end: Int) throws {
        let kind = j + 1 < end ? p[j + 1] : 0x20
        try endOfEntry(reason: "a comment")
        if comments.isEmpty && flags.isEmpty && references.isEmpty && previousID == nil { firstCommentLine = lineNumber }
        func rest(_ from: Int) -> String {
            var k = from
            if k < end && p[k] == 0x20 { k += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: p[k ..< end]), as: UTF8.self)
        }
        switch kind {
        case UInt8(ascii: ","):
            for flag in rest(j + 2).split(separator: ",") {
                let trimmed = flag.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty { flags.append(trimmed) }
            }
        case UInt8(ascii: ":"):
            references += rest(j + 2).split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        case UInt8(ascii: "."):
            comments.append(rest(j + 2))
        case UInt8(ascii: "|"):
            try parsePrevious(p, from: j + 2, end: end)
        case UInt8(ascii: "~"):
            // An obsolete entry takes the comments above it with it.
            (comments, flags, references, previousID, previousField) = ([], [], [], nil, nil)
            var k = j + 2
            if k < end && p[k] == UInt8(ascii: "|") { k += 1 }
            while k < end && Self.isSpace(p[k]) { k += 1 }
            if Self.matches(p, k, end, "msgid") && !Self.matches(p, k, end, "msgid_plural") {
                obsolete.count += 1
                if obsolete.line == 0 { obsolete.line = lineNumber }
            }
        default:
            comments.append(rest(j + 1))
        }
    }

    /// `#| msgctxt "…"`, `#| msgid "…"`, `#| msgid_plural "…"`, `#| "…"`.
    private mutating func parsePrevious(_ p: UnsafeBufferPointer<UInt8>, from: Int, end: Int) throws {
        var k = from
        while k < end && Self.isSpace(p[k]) { k += 1 }
        guard k < end else { return }
        let field: PreviousField
        if p[k] == UInt8(ascii: "\"") {
            guard let current = previousField else {
                throw error(lineNumber, column(p, k), "#| string without msgid or msgctxt before it")
            }
            field = current
        } else if Self.matches(p, k, end, "msgid_plural") {
            field = .idPlural; k += 12
        } else if Self.matches(p, k, end, "msgctxt") {
            field = .context; k += 7
        } else if Self.matches(p, k, end, "msgid") {
            field = .id; k += 5
        } else {
            throw error(lineNumber, column(p, k), "unexpected text after #|; expected msgctxt, msgid, msgid_plural or a string")
        }
        while k < end && Self.isSpace(p[k]) { k += 1 }
        guard k < end, p[k] == UInt8(ascii: "\"") else {
            throw error(lineNumber, column(p, k), "expected a string in double quotes after #|")
        }
        let bytes = try readStrings(p, from: k, end: end, keyword: "#|")
        if field == .id {
            if previousField == .id { previousID! += bytes } else { previousID = bytes }
        }
        previousField = field
    }

    private static func matches(_ p: UnsafeBufferPointer<UInt8>, _ at: Int, _ end: Int, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard at + count <= end else { return false }
        let w = word.utf8Start
        for k in 0 ..< count where p[at + k] != w[k] { return false }
        return true
    }

    /// The keywords, by what they do (`msgstr[N]` is `plural`).
    private enum Keyword { case context, id, idPlural, str, plural }

    private mutating func parseKeyword(_ p: UnsafeBufferPointer<UInt8>, at j: Int, end: Int) throws {
        let col = column(p, j)
        var k = j
        let keyword: String
        let kind: Keyword
        if Self.matches(p, j, end, "msgctxt") {
            keyword = "msgctxt"; kind = .context; k += 7
        } else if Self.matches(p, j, end, "msgid_plural") {
            keyword = "msgid_plural"; kind = .idPlural; k += 12
        } else if Self.matches(p, j, end, "msgid") {
            keyword = "msgid"; kind = .id; k += 5
        } else if Self.matches(p, j, end, "msgstr[") {
            k += 7
            var index = 0, digits = 0
            while k < end, p[k] >= 0x30 && p[k] <= 0x39, digits < 6 { index = index * 10 + Int(p[k] - 0x30); k += 1; digits += 1 }
            guard digits > 0, k < end, p[k] == UInt8(ascii: "]") else {
                throw error(lineNumber, column(p, k), "malformed plural index; expected msgstr[N]")
            }
            k += 1
            keyword = "msgstr[\(index)]"
            kind = .plural
            try beginPluralString(index, col)
        } else if Self.matches(p, j, end, "msgstr") {
            keyword = "msgstr"; kind = .str; k += 6
        } else {
            var wordEnd = j
            while wordEnd < end && !Self.isSpace(p[wordEnd]) && wordEnd - j < 40 { wordEnd += 1 }
            let word = String(decoding: UnsafeBufferPointer(rebasing: p[j ..< wordEnd]), as: UTF8.self)
            throw error(lineNumber, col, "unexpected \(Catalog.quoted(word)); expected msgctxt, msgid, msgid_plural, msgstr, a comment or a string")
        }
        guard k < end, Self.isSpace(p[k]) || p[k] == UInt8(ascii: "\"") else {
            if k >= end { throw error(lineNumber, column(p, k), "\(keyword) needs a string in double quotes") }
            throw error(lineNumber, col, "unknown keyword starting with \(keyword)")
        }
        while k < end && Self.isSpace(p[k]) { k += 1 }
        guard k < end, p[k] == UInt8(ascii: "\"") else {
            throw error(lineNumber, column(p, k), "\(keyword) needs a string in double quotes")
        }
        switch kind {
        case .context:
            if state == .context { throw error(lineNumber, col, "msgctxt follows another msgctxt") }
            try endOfEntry(reason: "msgctxt")
            state = .context
            start = (lineNumber, col)
            context = try readStrings(p, from: k, end: end, keyword: keyword)
        case .id:
            if state != .context { try endOfEntry(reason: "another msgid") }
            if state == .idle { start = (lineNumber, col) }
            idStart = (lineNumber, col)
            state = .id
            id = try readStrings(p, from: k, end: end, keyword: keyword)
        case .idPlural:
            guard state == .id else { throw error(lineNumber, col, "msgid_plural must follow msgid") }
            state = .idPlural
            idPlural = try readStrings(p, from: k, end: end, keyword: keyword)
        case .str:
            switch state {
            case .id:
                state = .str
                str = try readStrings(p, from: k, end: end, keyword: keyword)
            case .idPlural:
                throw error(lineNumber, col, "msgid_plural needs msgstr[0], msgstr[1], …, not msgstr")
            default:
                throw error(lineNumber, col, "msgstr without msgid before it")
            }
        case .plural:
            strN.append(try readStrings(p, from: k, end: end, keyword: keyword))
        }
    }

    private mutating func beginPluralString(_ index: Int, _ col: Int) throws {
        switch state {
        case .idPlural where index == 0:
            state = .strN(0)
        case .strN(let last) where index == last + 1:
            state = .strN(index)
        case .idPlural, .strN:
            let expected: Int
            if case .strN(let last) = state { expected = last + 1 } else { expected = 0 }
            throw error(lineNumber, col, "msgstr[\(index)] out of order; expected msgstr[\(expected)]")
        case .id:
            throw error(lineNumber, col, "msgstr[\(index)] without msgid_plural")
        default:
            throw error(lineNumber, col, "msgstr[\(index)] without msgid before it")
        }
    }

    private mutating func appendToField(_ bytes: [UInt8]) {
        switch state {
        case .idle: break
        case .context: context! += bytes
        case .id: id += bytes
        case .idPlural: idPlural! += bytes
        case .str: str += bytes
        case .strN: strN[strN.count - 1] += bytes
        }
    }

    /// Reads one or more strings (`"a" "b"`) from the opening quote at `from` to the end of the line.
    private mutating func readStrings(_ p: UnsafeBufferPointer<UInt8>, from: Int, end: Int, keyword: String) throws -> [UInt8] {
        var out: [UInt8] = []
        var k = from
        while true {
            k = try readString(p, quote: k, end: end, into: &out)
            while k < end && Self.isSpace(p[k]) { k += 1 }
            if k >= end { return out }
            guard p[k] == UInt8(ascii: "\"") else {
                throw error(lineNumber, column(p, k), "unexpected text after the string of \(keyword)")
            }
        }
    }

    /// Reads the string whose opening quote is at `quote`, appending its bytes to `out`; returns the
    /// offset after the closing quote.
    private mutating func readString(_ p: UnsafeBufferPointer<UInt8>, quote: Int, end: Int, into out: inout [UInt8]) throws -> Int {
        let first = out.count
        var i = quote + 1
        var run = i
        var escapedHighByte = false
        while i < end {
            let b = p[i]
            if b == UInt8(ascii: "\"") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: p[run ..< i]))
                if escapedHighByte && !CatalogText.isValidUTF8(out[first...]) {
                    warnings.append(error(lineNumber, column(p, quote),
                        "octal or hex escapes in this string make invalid UTF-8; replaced with U+FFFD"))
                }
                return i + 1
            }
            guard b == UInt8(ascii: "\\") else { i += 1; continue }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: p[run ..< i]))
            guard i + 1 < end else { break }
            let e = p[i + 1]
            var next = i + 2
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "?"): out.append(e)
            case UInt8(ascii: "a"): out.append(0x07)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "v"): out.append(0x0B)
            case UInt8(ascii: "0") ... UInt8(ascii: "7"):
                var value = 0
                next = i + 1
                while next < end && next < i + 4, (0x30...0x37).contains(p[next]) { value = value * 8 + Int(p[next] - 0x30); next += 1 }
                guard value <= 0xFF else { throw error(lineNumber, column(p, i), "octal escape \\\(String(value, radix: 8)) is larger than one byte") }
                out.append(UInt8(value))
                escapedHighByte = escapedHighByte || value >= 0x80
            case UInt8(ascii: "x"):
                var value = 0, digits = 0
                while next < end, digits < 2, let d = CatalogText.hexDigit(p[next]) { value = value * 16 + d; next += 1; digits += 1 }
                guard digits > 0 else { throw error(lineNumber, column(p, i), "bad escape \\x without hex digits") }
                out.append(UInt8(value))
                escapedHighByte = escapedHighByte || value >= 0x80
            default:
                var after = i + 2
                while after < end && p[after] & 0xC0 == 0x80 { after += 1 }
                let shown = String(decoding: UnsafeBufferPointer(rebasing: p[i + 1 ..< after]), as: UTF8.self)
                throw error(lineNumber, column(p, i), "bad escape sequence \\\(shown)")
            }
            i = next
            run = i
        }
        throw error(lineNumber, column(p, quote), "unterminated string (no closing \" on this line)")
    }

    private func decode(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private mutating func flush() {
        defer {
            state = .idle
            (context, id, idPlural, str, strN) = (nil, [], nil, [], [])
            (comments, flags, references, previousID, previousField) = ([], [], [], nil, nil)
        }
        if context == nil && id.isEmpty {
            parseHeader(decode(str.isEmpty ? (strN.first ?? []) : str))
            return
        }
        let key = decode(id)
        var entry = CatalogEntry(key: key, context: context.map(decode), source: key, line: start.line, column: start.column)
        if let idPlural {
            entry.sourcePlural = decode(idPlural)
            var plurals: [String: String] = [:]
            for (n, form) in strN.enumerated() { plurals[String(n)] = decode(form) }
            entry.plurals = plurals
            entry.translation = plurals["0"]
        } else {
            entry.translation = decode(str)
        }
        entry.flags = flags
        entry.isFuzzy = flags.contains("fuzzy")
        entry.references = references
        entry.comment = comments.isEmpty ? nil : comments.joined(separator: "\n")
        entry.previousSource = previousID.map(decode)
        entries.append(entry)
    }

    private mutating func parseHeader(_ text: String) {
        if headerLine != 0 {
            warnings.append(error(start.line, start.column,
                "second header entry (msgid \"\"); the first, at line \(headerLine), is used"))
            return
        }
        headerLine = start.line
        let (fields, problems) = Self.headerFields(text)
        metadata = fields
        for problem in problems { warnings.append(error(start.line, start.column, problem)) }
    }

    /// The `Name: value` fields of a gettext header, and the lines that are not fields. The
    /// `#-#-#-#-#  file.po  #-#-#-#-#` lines that `msgcat` writes between merged headers are skipped.
    static func headerFields(_ text: String) -> (fields: [String: String], problems: [String]) {
        var fields: [String: String] = [:]
        var problems: [String] = []
        for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty && !line.hasPrefix("#-#-#-#-#") {
            guard let colon = line.firstIndex(of: ":") else {
                problems.append("header line without a colon: \(Catalog.quoted(String(line)))")
                continue
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            fields[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (fields, problems)
    }

    /// `nplurals` of a `Plural-Forms` header value (`nplurals=6; plural=…;`).
    static func pluralCount(_ forms: String) -> Int? {
        guard let range = forms.range(of: "nplurals") else { return nil }
        let rest = forms[range.upperBound...].drop { $0 == " " || $0 == "=" }
        return Int(rest.prefix { $0.isNumber })
    }
}
