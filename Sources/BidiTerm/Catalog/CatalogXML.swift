import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An element of a parsed catalog XML file, with the position of its `<`.
final class CatalogXMLElement {
    let name: String
    let attributes: [String: String]
    var children: [CatalogXMLNode] = []
    let line: Int
    let column: Int

    init(name: String, attributes: [String: String], line: Int, column: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
        self.column = column
    }

    /// Child elements, in order.
    var elements: [CatalogXMLElement] {
        children.compactMap { if case .element(let e) = $0 { return e } else { return nil } }
    }

    /// The first child element named `name`.
    func first(_ name: String) -> CatalogXMLElement? {
        for case .element(let e) in children where e.name == name { return e }
        return nil
    }

    /// The concatenated text of this element and its descendants, markup left out.
    var text: String {
        var out = ""
        var stack: [CatalogXMLNode] = children.reversed()
        while let node = stack.popLast() {
            switch node {
            case .text(let t): out += t
            case .element(let e): stack += e.children.reversed()
            case .comment: break
            }
        }
        return out
    }
}

/// A node of a parsed catalog XML file. CDATA sections are text.
enum CatalogXMLNode {
    case element(CatalogXMLElement)
    case text(String)
    case comment(String)
}

/// A catalog XML file parsed with Foundation's `XMLParser` into a small element tree.
///
/// Before parsing, the bytes are made acceptable to the parser without losing text: UTF-16 is
/// transcoded to UTF-8 (and the declaration's encoding updated), invalid UTF-8 is replaced with
/// U+FFFD, and NUL characters, which XML forbids, are swapped for a noncharacter that is mapped back
/// to U+0000 in the text and attributes; each of these is reported in ``warnings``.
/// `XMLParser` reports positions at the end of a start tag and counts only `\n` as a line break;
/// element positions are mapped back to the `<` of the tag, in the lines and columns of
/// ``CatalogLocator`` (which also counts `\r`).
struct CatalogXMLDocument {
    /// The deepest element nesting read; catalogs use a handful of levels, and the tree's users
    /// recurse once per level.
    static let maximumDepth = 200

    let root: CatalogXMLElement
    var warnings: [CatalogDiagnostic]

    static func parse(_ data: [UInt8], path: String) throws -> CatalogXMLDocument {
        var bytes = data
        var warnings: [CatalogDiagnostic] = []
        let utf16 = data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF])
        if utf16 || declaresUTF8(data) {
            let text = CatalogText.decode(data, path: path, repairUTF8: true)
            bytes = utf16 ? rewritingDeclaredEncoding(text.bytes) : text.bytes
            warnings = text.warnings
        }
        let (nulFree, sentinel) = CatalogText.replacingNUL(in: bytes)
        let parsedBytes = blankingEmptyProcessingInstructions(nulFree)

        let builder = Builder(bytes: parsedBytes, path: path, sentinel: sentinel)
        let parser = XMLParser(data: Data(parsedBytes))
        parser.delegate = builder
        parser.shouldResolveExternalEntities = false
        let ok = parser.parse()
        if let tooDeep = builder.tooDeep {
            builder.dismantle()
            throw tooDeep
        }
        // Namespace errors (libxml2 codes 200–299, such as an undeclared `xliff:` prefix) leave the
        // document readable; any other error breaks well-formedness, even when `parse()` recovers.
        let isNamespaceError = { (code: Int) in (200..<300).contains(code) }
        if !ok || builder.root == nil || builder.errors.contains(where: { !isNamespaceError($0.code) }) {
            if let error = builder.errors.first(where: { !isNamespaceError($0.code) }) ?? builder.errors.first {
                var diagnostic = builder.positions.diagnostic(line: error.line, column: error.column, findTagStart: false)
                diagnostic.message = "XML parse error: \(builder.describe(error))"
                throw diagnostic
            }
            throw CatalogDiagnostic(file: path, line: 1, column: 1, message: "XML parse error: no root element")
        }
        for error in builder.errors {
            var diagnostic = builder.positions.diagnostic(line: error.line, column: error.column, findTagStart: false)
            diagnostic.message = "XML: \(builder.describe(error)); parsing went on"
            warnings.append(diagnostic)
        }
        return CatalogXMLDocument(root: builder.root!, warnings: warnings)
    }

    /// `true` unless the XML declaration names an encoding the parser transcodes itself (ISO-8859-x,
    /// Windows code pages, ASCII): no encoding, UTF-8, and a missing or unknown value are all read
    /// as UTF-8 and repaired, because the parser hands undecodable names to Foundation, which traps.
    private static func declaresUTF8(_ data: [UInt8]) -> Bool {
        let head = String(decoding: data.prefix(200), as: UTF8.self)
        guard head.hasPrefix("<?xml") || head.hasPrefix("\u{FEFF}<?xml"), let end = head.range(of: "?>") else { return true }
        let declaration = head[..<end.lowerBound]
        guard let range = declaration.range(of: "encoding") else { return true }
        let value = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
            .prefix { $0 != "\"" && $0 != "'" && $0 != " " }.lowercased()
        let transcoded = value.hasPrefix("iso-8859-") || value.hasPrefix("iso8859") || value.hasPrefix("windows-125")
            || value.hasPrefix("cp125") || value == "us-ascii" || value == "ascii" || value == "latin1"
        return !transcoded
    }

    /// Processing instructions with no data (`<?x?>`) blanked to spaces of the same length:
    /// Foundation's XMLParser reads the missing data through a null pointer. They carry no catalog
    /// text, and positions are kept.
    static func blankingEmptyProcessingInstructions(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        var i = 0
        let n = bytes.count
        while i + 1 < n {
            guard bytes[i] == 0x3C, bytes[i + 1] == 0x3F else { i += 1; continue }   // "<?"
            var j = i + 2
            while j < n, !isXMLSpace(bytes[j]), bytes[j] != 0x3F, bytes[j] != 0x3E { j += 1 }
            let nameEnd = j
            while j < n, isXMLSpace(bytes[j]) { j += 1 }
            if nameEnd > i + 2, j + 1 < n, bytes[j] == 0x3F, bytes[j + 1] == 0x3E {
                for k in i...(j + 1) where bytes[k] != 0x0A && bytes[k] != 0x0D { out[k] = 0x20 }
                i = j + 2
            } else {
                i += 2
            }
        }
        return out
    }

    private static func isXMLSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// Replaces `encoding="UTF-16"` in the declaration of a transcoded file with `UTF-8`.
    private static func rewritingDeclaredEncoding(_ bytes: [UInt8]) -> [UInt8] {
        let head = String(decoding: bytes.prefix(200), as: UTF8.self)
        guard head.hasPrefix("<?xml"), let end = head.range(of: "?>"),
              let name = head.range(of: "encoding", range: head.startIndex ..< end.lowerBound) else { return bytes }
        let afterName = head[name.upperBound...]
        guard let open = afterName.firstIndex(where: { $0 == "\"" || $0 == "'" }),
              let close = head[head.index(after: open)...].firstIndex(of: head[open]) else { return bytes }
        let prefix = head.utf8.distance(from: head.startIndex, to: head.index(after: open))
        let suffix = head.utf8.distance(from: head.startIndex, to: close)
        return Array(bytes[..<prefix]) + Array("UTF-8".utf8) + Array(bytes[suffix...])
    }

    /// Maps `XMLParser`'s lines (counting `\n` only) and columns (characters) to byte offsets and
    /// then to ``CatalogLocator`` positions.
    struct Positions {
        let bytes: [UInt8]
        let path: String
        private var lineStarts: [Int] = [0]
        private var locator: CatalogLocator
        private var last = (line: 0, column: 0, offset: 0)

        init(bytes: [UInt8], path: String) {
            self.bytes = bytes
            self.path = path
            self.locator = CatalogLocator(bytes)
            for (i, b) in bytes.enumerated() where b == 0x0A { lineStarts.append(i + 1) }
        }

        mutating func offset(line: Int, column: Int) -> Int {
            guard line >= 1 && line <= lineStarts.count else { return line < 1 ? 0 : bytes.count }
            var offset = lineStarts[line - 1], c = 1
            if last.line == line && last.column <= column { (offset, c) = (last.offset, last.column) }
            while c < column && offset < bytes.count && bytes[offset] != 0x0A {
                offset += 1
                while offset < bytes.count && bytes[offset] & 0xC0 == 0x80 { offset += 1 }
                c += 1
            }
            last = (line, c, offset)
            return offset
        }

        /// The position `XMLParser` reported; with `findTagStart`, the `<` of the tag that ends there.
        mutating func diagnostic(line: Int, column: Int, findTagStart: Bool) -> CatalogDiagnostic {
            var target = offset(line: line, column: column)
            if findTagStart {
                var i = min(target, bytes.count - 1)
                while i > 0 && bytes[i] != UInt8(ascii: "<") { i -= 1 }
                target = i
            }
            return locator.diagnostic(path, at: target, "")
        }
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: CatalogXMLElement?
        var stack: [CatalogXMLElement] = []
        var errors: [ParseError] = []
        var positions: Positions
        let sentinel: Unicode.Scalar?

        init(bytes: [UInt8], path: String, sentinel: Unicode.Scalar?) {
            self.positions = Positions(bytes: bytes, path: path)
            self.sentinel = sentinel
        }

        private func restore(_ text: String) -> String { CatalogText.restoringNUL(text, sentinel: sentinel) }

        private func append(_ node: CatalogXMLNode) {
            stack.last?.children.append(node)
        }

        /// Releases the tree level by level (a deep tree released at once recurses once per level).
        func dismantle() {
            var pending: [CatalogXMLElement] = root.map { [$0] } ?? []
            root = nil
            stack = []
            while let e = pending.popLast() {
                for case .element(let child) in e.children { pending.append(child) }
                e.children = []
            }
        }

        /// Set when elements nest deeper than `maximumDepth`; parsing stops there.
        var tooDeep: CatalogDiagnostic?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            let at = positions.diagnostic(line: parser.lineNumber, column: parser.columnNumber, findTagStart: true)
            if stack.count >= CatalogXMLDocument.maximumDepth {
                if tooDeep == nil {
                    var d = at
                    d.message = "XML elements nested more than \(CatalogXMLDocument.maximumDepth) deep; a catalog needs a few levels"
                    tooDeep = d
                }
                parser.abortParsing()
                return
            }
            let element = CatalogXMLElement(name: name, attributes: sentinel == nil ? attributes : attributes.mapValues(restore),
                                            line: at.line, column: at.column)
            if stack.isEmpty && root == nil { root = element } else { append(.element(element)) }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            _ = stack.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            // Consecutive chunks of one text run are merged.
            if let last = stack.last, case .text(let previous)? = last.children.last {
                last.children[last.children.count - 1] = .text(previous + restore(string))
            } else {
                append(.text(restore(string)))
            }
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            self.parser(parser, foundCharacters: String(decoding: block, as: UTF8.self))
        }

        func parser(_ parser: XMLParser, foundComment comment: String) {
            append(.comment(restore(comment)))
        }

        func parser(_ parser: XMLParser, parseErrorOccurred error: Error) {
            let open = stack.last.map { (name: $0.name, line: $0.line, column: $0.column) }
            errors.append(ParseError(code: (error as NSError).code, line: parser.lineNumber, column: parser.columnNumber, open: open))
        }

        /// The error in words; a closing tag that does not match names both tags (libxml2 76).
        func describe(_ error: ParseError) -> String {
            let text = CatalogXMLDocument.describe(error.code)
            guard error.code == 76, let open = error.open else { return text }
            var offset = positions.offset(line: error.line, column: error.column)
            let closing = closingTagName(before: &offset)
            let closes = closing.map { "</\($0)> closes " } ?? "it closes "
            return "closing tag does not match the opening tag: " + closes
                + "<\(open.name)> of line \(open.line), column \(open.column) (libxml2 error 76)"
        }

        /// The name of the closing tag (`</name`) that ends at or before byte `offset`.
        private func closingTagName(before offset: inout Int) -> String? {
            let bytes = positions.bytes
            var i = min(offset, bytes.count - 1)
            while i > 0 {
                if bytes[i] == UInt8(ascii: "/"), bytes[i - 1] == UInt8(ascii: "<") {
                    let name = bytes[(i + 1)...].prefix { $0 != UInt8(ascii: ">") && $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
                    return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
                }
                i -= 1
            }
            return nil
        }
    }

    /// A parse error `XMLParser` reported: libxml2's code, where, and the element open then.
    struct ParseError {
        var code: Int
        var line: Int
        var column: Int
        var open: (name: String, line: Int, column: Int)?
    }

    /// Descriptions of the libxml2 errors `XMLParser` reports by number only.
    static func describe(_ code: Int) -> String {
        let known: [Int: String] = [
            1: "internal parser error", 2: "out of memory", 3: "document start error", 4: "empty document",
            5: "premature end of the document", 6: "invalid hexadecimal character reference",
            7: "invalid decimal character reference", 8: "invalid character reference",
            9: "invalid character (XML forbids this character)", 23: "entity reference without ';'",
            24: "'&' without an entity name", 26: "undeclared entity (only &amp; &lt; &gt; &quot; &apos; exist without a DTD)",
            31: "unknown encoding", 32: "unsupported encoding", 33: "string not started", 34: "string not closed (missing quote)",
            38: "'<' inside an attribute value", 39: "attribute value not started", 40: "attribute value not finished",
            41: "attribute without a value", 42: "attribute defined twice", 43: "literal not started",
            44: "literal not finished", 45: "comment not finished", 46: "processing instruction not started",
            47: "processing instruction not finished", 57: "XML declaration not finished", 61: "DOCTYPE not finished",
            62: "']]>' outside CDATA", 63: "CDATA section not finished", 64: "XML declaration not at the start",
            65: "space required", 68: "name required", 73: "'>' required", 74: "'</' required",
            75: "'=' expected after an attribute name", 76: "closing tag does not match the opening tag",
            77: "unfinished tag", 80: "'--' inside a comment", 81: "invalid encoding", 85: "document not well-formed",
            86: "extra content at the end of the document", 89: "entity reference loop",
            201: "namespace prefix not declared", 202: "namespace prefix redefined",
        ]
        return (known[code] ?? "error") + " (libxml2 error \(code))"
    }
}
