import BidiTerm
import Foundation
import TestSupport
import XCTest

/// Unicode's bidi conformance tests, `BidiTest.txt` and `BidiCharacterTest.txt` (UAX #9), run through
/// `BidiEngine.analyze`: every case of both files, from Debian's `unicode-data` package.
///
/// The files are parsed byte by byte and one engine is reused for all cases: the suite runs in
/// debug builds, where per-case `String` work would dominate the run time.
final class ConformanceTests: XCTestCase {
    static let unicodeDirectory = "/usr/share/unicode/"
    static let deviationsFixture = "icu72-bidi-deviations.txt"
    /// How many failing cases a failure message lists in detail.
    static let reportLimit = 10

    // MARK: - BidiCharacterTest.txt

    /// Every case of `BidiCharacterTest.txt`: paragraph level, levels and visual order must match
    /// (levels with ICU's unidirectional-level rule, as in `test_bidiTest`; it applies to one case of
    /// Unicode 15's file, line 164), except for the cases pinned in
    /// `Fixtures/icu72-bidi-deviations.txt`, which must still fail.
    func test_bidiCharacterTest() throws {
        guard let file = loadUnicodeFile("BidiCharacterTest.txt") else { return }
        let pins = try loadDeviations()
        XCTAssertFalse(pins.isEmpty, "\(Self.deviationsFixture) pins no case")

        let engine = BidiEngine()
        var scalars: [Unicode.Scalar] = []
        var expectedLevels: [UInt8] = []
        var expectedOrder: [Int] = []
        var passed = 0, deviations = 0, failed = 0
        var failures: [String] = []
        var stalePins: [String] = []
        var pinsSeen = Set<Int>()
        func note(_ message: @autoclosure () -> String) {
            if failures.count < Self.reportLimit { failures.append(message()) }
        }

        file.withUnsafeBufferPointer { bytes in
            forEachDataLine(bytes) { lineNumber, start, end in
                var sc = ByteScanner(bytes: bytes, position: start, end: end)
                guard let c = sc.parseCharacterTestCase(scalars: &scalars, levels: &expectedLevels,
                                                        order: &expectedOrder) else {
                    failed += 1
                    note("line \(lineNumber): cannot parse \"\(text(bytes, start, end))\"")
                    return
                }
                let direction: BaseDirection
                switch c.direction {
                case 0: direction = .ltr
                case 1: direction = .rtl
                default: direction = .auto(fallback: .ltr)
                }
                let analysis = engine.analyze(scalars, direction: direction)
                let verdict = analysis.paragraphLevel == c.paragraphLevel
                    ? judge(analysis, levels: expectedLevels, order: expectedOrder)
                    : .fail

                if let pinned = pins[lineNumber] {
                    pinsSeen.insert(lineNumber)
                    let fields = text(bytes, start, c.directionEnd)
                    if pinned != fields {
                        failed += 1
                        note("line \(lineNumber): \(Self.deviationsFixture) pins \"\(pinned)\" but the line reads \"\(fields)\"")
                    } else if verdict == .fail {
                        deviations += 1
                    } else {
                        passed += 1
                        stalePins.append(report(lineNumber: lineNumber, input: fields, analysis: analysis,
                                                paragraphLevel: c.paragraphLevel, levels: expectedLevels,
                                                order: expectedOrder))
                    }
                } else if verdict == .fail {
                    failed += 1
                    note(report(lineNumber: lineNumber, input: text(bytes, start, c.directionEnd),
                                analysis: analysis, paragraphLevel: c.paragraphLevel,
                                levels: expectedLevels, order: expectedOrder))
                } else {
                    passed += 1
                }
            }
        }

        print("BidiCharacterTest: \(passed) passed, \(deviations) known ICU 72 deviations, \(failed) failed")
        XCTAssertGreaterThan(passed, 0, "BidiCharacterTest.txt has no test case")
        if failed > 0 {
            XCTFail("\(failed) BidiCharacterTest.txt cases fail; the first ones:\n" + failures.joined(separator: "\n"))
        }
        if !stalePins.isEmpty {
            XCTFail("""
                \(stalePins.count) cases pinned in \(Self.deviationsFixture) now pass (the ICU in use resolves \
                them as the standard does): remove them from the fixture. The first ones:
                """ + "\n" + stalePins.prefix(Self.reportLimit).joined(separator: "\n"))
        }
        let missing = Set(pins.keys).subtracting(pinsSeen).sorted()
        XCTAssert(missing.isEmpty,
                  "\(Self.deviationsFixture) pins lines that are not test cases in BidiCharacterTest.txt: \(missing.prefix(Self.reportLimit))")
    }

    // MARK: - BidiTest.txt

    /// Every case of `BidiTest.txt` (each data line once per paragraph direction in its bitset), with
    /// each Bidi_Class replaced by a representative character. The visual order must match in every
    /// case; the levels too, except where ICU's unidirectional-level rule applies (see `judge`).
    func test_bidiTest() throws {
        guard let file = loadUnicodeFile("BidiTest.txt") else { return }
        let representatives = Self.representatives

        let engine = BidiEngine()
        var scalars: [Unicode.Scalar] = []
        var expectedLevels: [UInt8] = []
        var expectedOrder: [Int] = []
        var haveLevels = false, haveOrder = false
        var passed = 0, unidirectional = 0, failed = 0
        var failures: [String] = []
        func note(_ message: @autoclosure () -> String) {
            if failures.count < Self.reportLimit { failures.append(message()) }
        }

        file.withUnsafeBufferPointer { bytes in
            forEachDataLine(bytes) { lineNumber, start, end in
                var sc = ByteScanner(bytes: bytes, position: start, end: end)
                if sc.skip("@Levels:") {
                    haveLevels = sc.parseLevels(into: &expectedLevels) && sc.atEnd
                    if !haveLevels { failed += 1; note("line \(lineNumber): cannot parse \"\(text(bytes, start, end))\"") }
                    return
                }
                if sc.skip("@Reorder:") {
                    haveOrder = sc.parseIndices(into: &expectedOrder) && sc.atEnd
                    if !haveOrder { failed += 1; note("line \(lineNumber): cannot parse \"\(text(bytes, start, end))\"") }
                    return
                }
                if sc.peek == UInt8(ascii: "@") { return }  // other @ lines are to be ignored (file format)

                scalars.removeAll(keepingCapacity: true)
                var parsedClasses = true
                while let token = sc.token() {
                    guard let cls = Self.bidiClass(named: bytes, token) else { parsedClasses = false; break }
                    scalars.append(representatives[Int(cls.rawValue)])
                }
                guard parsedClasses, haveLevels, haveOrder, sc.skip(";"), let bitset = sc.hex(), sc.atEnd,
                      (1...7).contains(bitset), scalars.count == expectedLevels.count else {
                    failed += 1
                    note("line \(lineNumber): cannot parse \"\(text(bytes, start, end))\" (or it does not fit the @Levels line)")
                    return
                }
                for (bit, direction) in Self.bitsetDirections where bitset & bit != 0 {
                    let analysis = engine.analyze(scalars, direction: direction)
                    switch judge(analysis, levels: expectedLevels, order: expectedOrder) {
                    case .pass:
                        passed += 1
                    case .passUnidirectional:
                        passed += 1
                        unidirectional += 1
                    case .fail:
                        failed += 1
                        note(report(lineNumber: lineNumber, input: text(bytes, start, end) + " as \(Self.name(of: direction))",
                                    analysis: analysis, paragraphLevel: nil, levels: expectedLevels, order: expectedOrder))
                    }
                }
            }
        }

        print("BidiTest: \(passed) passed, \(failed) failed (\(unidirectional) cases with ICU's unidirectional-level rule)")
        XCTAssertGreaterThan(passed, 0, "BidiTest.txt has no test case")
        XCTAssertEqual(failed, 0, "BidiTest.txt cases fail; the first ones:\n" + failures.joined(separator: "\n"))
    }

    /// The BidiTest bitset's paragraph directions: 1 auto (LTR when no strong character), 2 LTR, 4 RTL.
    static let bitsetDirections: [(UInt32, BaseDirection)] = [(1, .auto(fallback: .ltr)), (2, .ltr), (4, .rtl)]

    static func name(of direction: BaseDirection) -> String {
        switch direction {
        case .ltr: return "LTR"
        case .rtl: return "RTL"
        case .auto(let f): return "auto/\(f == .ltr ? "LTR" : "RTL")"
        }
    }

    // MARK: - Bidi_Class representatives

    /// The Bidi_Class names as `BidiTest.txt` spells them, indexed by `BidiClass.rawValue`.
    static let classNames = ["L", "R", "EN", "ES", "ET", "AN", "CS", "B", "S", "WS", "ON", "LRE", "LRO", "AL",
                             "RLE", "RLO", "PDF", "NSM", "BN", "FSI", "LRI", "RLI", "PDI"]

    /// One character of each Bidi_Class, indexed by `BidiClass.rawValue`. None is a paired bracket or
    /// mirrored: `BidiTest.txt` assumes that no paired bracket affects its cases.
    static let representatives: [Unicode.Scalar] = [
        "a",          // L
        "\u{05D0}",   // R: HEBREW LETTER ALEF
        "1",          // EN
        "+",          // ES
        "%",          // ET
        "\u{0661}",   // AN: ARABIC-INDIC DIGIT ONE
        ",",          // CS
        "\u{2029}",   // B: PARAGRAPH SEPARATOR
        "\t",         // S
        " ",          // WS
        "!",          // ON
        "\u{202A}",   // LRE
        "\u{202D}",   // LRO
        "\u{0627}",   // AL: ARABIC LETTER ALEF
        "\u{202B}",   // RLE
        "\u{202E}",   // RLO
        "\u{202C}",   // PDF
        "\u{0300}",   // NSM: COMBINING GRAVE ACCENT
        "\u{00AD}",   // BN: SOFT HYPHEN
        "\u{2068}",   // FSI
        "\u{2066}",   // LRI
        "\u{2067}",   // RLI
        "\u{2069}",   // PDI
    ]

    /// The class whose `BidiTest.txt` name is `bytes[token]`, or nil.
    static func bidiClass(named bytes: UnsafeBufferPointer<UInt8>, _ token: Range<Int>) -> BidiClass? {
        guard token.count <= 3 else { return nil }
        var index = 0
        for i in token {
            let b = bytes[i]
            guard b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") else { return nil }
            index = index * 27 + Int(b - UInt8(ascii: "A")) + 1
        }
        let raw = classTable[index]
        return raw == 0xFF ? nil : BidiClass(rawValue: raw)
    }

    /// Class names read as base-27 numbers (A = 1 ... Z = 26, up to three letters) → `BidiClass.rawValue`,
    /// 0xFF for other letter sequences: a byte-level lookup, fast in debug builds.
    static let classTable: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 27 * 27 * 27)
        for (raw, name) in classNames.enumerated() {
            let index = name.utf8.reduce(0) { $0 * 27 + Int($1 - UInt8(ascii: "A")) + 1 }
            table[index] = UInt8(raw)
        }
        return table
    }()

    /// The representatives have the class they stand for, in the engine's character data.
    func test_bidiTestClassRepresentatives() {
        XCTAssertEqual(Self.representatives.count, BidiClass.allCases.count)
        XCTAssertEqual(Self.classNames.count, BidiClass.allCases.count)
        for cls in BidiClass.allCases {
            let name = Self.classNames[Int(cls.rawValue)]
            XCTAssertEqual(name, String(describing: cls), "class name table out of step with BidiClass")
            let scalar = Self.representatives[Int(cls.rawValue)]
            XCTAssertEqual(UnicodeProperties.bidiClass(scalar), cls,
                           "U+\(String(scalar.value, radix: 16, uppercase: true)) is not of class \(name)")
            XCTAssertNil(UnicodeProperties.mirror(scalar), "the \(name) representative is mirrored")
            let parsed = Array(name.utf8).withUnsafeBufferPointer { Self.bidiClass(named: $0, 0..<$0.count) }
            XCTAssertEqual(parsed, cls, "\(name) does not parse")
        }
        for bad in ["", "X", "LR", "LRX", "PDIS", "l"] {
            let parsed = Array(bad.utf8).withUnsafeBufferPointer { Self.bidiClass(named: $0, 0..<$0.count) }
            XCTAssertNil(parsed, "\"\(bad)\" parses as a class")
        }
    }

    // MARK: - Judging a case

    enum Verdict { case pass, passUnidirectional, fail }

    /// Compares the analysis with the expected levels (`x`, removed by X9, as 0xFF) and visual order.
    ///
    /// ICU's unidirectional-level rule: when every character of a paragraph resolves to levels of one
    /// direction, ICU does not store the resolved levels and reports every character at the paragraph
    /// level (documented in ICU's own conformance test, bidiconf.cpp). The visual order is the same,
    /// since runs of one parity nested in each other are reversed an even number of extra times. So
    /// levels that differ are accepted exactly when the expected levels are all of one parity and the
    /// engine reports every character at the paragraph level, of that same parity. The visual order
    /// must match in every case.
    func judge(_ analysis: BidiAnalysis, levels expected: [UInt8], order: [Int]) -> Verdict {
        let actual = analysis.levels
        guard actual.count == expected.count, analysis.visualOrder == order else { return .fail }
        var equal = true
        var parities: UInt8 = 0   // bit 0: some even expected level, bit 1: some odd
        var allAtParagraphLevel = true
        for i in 0..<expected.count {
            let e = expected[i]
            guard let a = actual[i] else {
                if e != 0xFF { return .fail }
                continue
            }
            if e == 0xFF { return .fail }
            if a != e { equal = false }
            if a != analysis.paragraphLevel { allAtParagraphLevel = false }
            parities |= 1 << (e & 1)
        }
        if equal { return .pass }
        let paragraphParity: UInt8 = 1 << (analysis.paragraphLevel & 1)
        return parities == paragraphParity && allAtParagraphLevel ? .passUnidirectional : .fail
    }

    /// `judge` accepts matching results, ICU's unidirectional levels only where the rule applies, and
    /// rejects any other difference.
    func test_judge() {
        let mixed = BidiAnalysis("ab \u{05D0}\u{05D1}", direction: .ltr)
        XCTAssertEqual(judge(mixed, levels: [0, 0, 0, 1, 1], order: [0, 1, 2, 4, 3]), .pass)
        XCTAssertEqual(judge(mixed, levels: [0, 0, 0, 1, 3], order: [0, 1, 2, 4, 3]), .fail, "a wrong level")
        XCTAssertEqual(judge(mixed, levels: [0, 0, 0, 1, 1], order: [0, 1, 2, 3, 4]), .fail, "a wrong order")
        XCTAssertEqual(judge(mixed, levels: [0, 0, 0xFF, 1, 1], order: [0, 1, 2, 4, 3]), .fail, "x for a kept character")
        XCTAssertEqual(judge(mixed, levels: [0, 0, 0, 1], order: [0, 1, 2, 4, 3]), .fail, "too few levels")

        // a LRE b PDF in an LTR paragraph: UAX #9 puts b at level 2, ICU reports it at level 0.
        let embedded = BidiAnalysis("a\u{202A}b\u{202C}", direction: .ltr)
        XCTAssertEqual(embedded.levels, [0, nil, 0, nil])
        XCTAssertEqual(judge(embedded, levels: [0, 0xFF, 2, 0xFF], order: [0, 2]), .passUnidirectional)
        XCTAssertEqual(judge(embedded, levels: [1, 0xFF, 1, 0xFF], order: [0, 2]), .fail,
                       "expected levels of the other parity than the paragraph")
        XCTAssertEqual(judge(embedded, levels: [0, 0xFF, 1, 0xFF], order: [0, 2]), .fail, "mixed expected levels")
        XCTAssertEqual(judge(embedded, levels: [0, 0xFF, 2, 0xFF], order: [2, 0]), .fail, "a wrong order")
        XCTAssertEqual(judge(embedded, levels: [0, 0xFF, 2, 0], order: [0, 2]), .fail, "a level for a removed character")

        // RLE a b PDF in an LTR paragraph: ICU keeps the levels, so a difference is a failure.
        let kept = BidiAnalysis("\u{202B}ab\u{202C}", direction: .ltr)
        XCTAssertEqual(kept.levels, [nil, 2, 2, nil])
        XCTAssertEqual(judge(kept, levels: [0xFF, 2, 2, 0xFF], order: [1, 2]), .pass)
        XCTAssertEqual(judge(kept, levels: [0xFF, 4, 4, 0xFF], order: [1, 2]), .fail,
                       "levels that are neither the expected ones nor the paragraph level")
    }

    /// A failing case for a failure message.
    func report(lineNumber: Int, input: String, analysis: BidiAnalysis, paragraphLevel: UInt8?,
                levels: [UInt8], order: [Int]) -> String {
        let para = paragraphLevel.map { "paragraph \($0); " } ?? ""
        let expected = levels.map { $0 == 0xFF ? "x" : String($0) }.joined(separator: " ")
        let actual = analysis.levels.map { $0.map(String.init) ?? "x" }.joined(separator: " ")
        return """
            line \(lineNumber): \(input)
                expected: \(para)levels \(expected); order \(order.map(String.init).joined(separator: " "))
                actual:   \(paragraphLevel == nil ? "" : "paragraph \(analysis.paragraphLevel); ")levels \(actual); \
            order \(analysis.visualOrder.map(String.init).joined(separator: " "))
            """
    }

    // MARK: - Files

    /// The contents of a file of Debian's unicode-data package; fails the test when it is missing.
    func loadUnicodeFile(_ name: String, file: StaticString = #filePath, line: UInt = #line) -> [UInt8]? {
        let path = Self.unicodeDirectory + name
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else {
            XCTFail("\(path) is missing: install Debian's unicode-data package (apt-get install unicode-data)",
                    file: file, line: line)
            return nil
        }
        return [UInt8](data)
    }

    /// The pinned ICU deviations: BidiCharacterTest.txt line number → the line's fields 0 and 1.
    func loadDeviations() throws -> [Int: String] {
        let dir = Repository.fixtures
        let url = dir.appendingPathComponent(Self.deviationsFixture)
        let contents = try String(contentsOf: url, encoding: .utf8)
        var pins: [Int: String] = [:]
        for (i, raw) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let colon = line.firstIndex(of: ":"), let n = Int(line[..<colon]), n > 0 else {
                XCTFail("\(Self.deviationsFixture) line \(i + 1) is not \"<line number>: <fields 0 and 1>\": \(line)")
                continue
            }
            let fields = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            XCTAssertNil(pins.updateValue(fields, forKey: n), "\(Self.deviationsFixture) pins line \(n) twice")
        }
        return pins
    }
}

// MARK: - Byte-level parsing

/// Calls `body` with the 1-based line number and byte range of each line that holds data: the text
/// before any `#`, with trailing spaces, tabs and CR removed, when not empty.
private func forEachDataLine(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, Int, Int) -> Void) {
    var lineNumber = 0
    var start = 0
    let count = bytes.count
    while start < count {
        lineNumber += 1
        var end = start
        var dataEnd = -1
        while end < count && bytes[end] != 0x0A {
            if dataEnd < 0 && bytes[end] == UInt8(ascii: "#") { dataEnd = end }
            end += 1
        }
        var e = dataEnd < 0 ? end : dataEnd
        while e > start && (bytes[e - 1] == 0x20 || bytes[e - 1] == 0x09 || bytes[e - 1] == 0x0D) { e -= 1 }
        var s = start
        while s < e && (bytes[s] == 0x20 || bytes[s] == 0x09) { s += 1 }
        if s < e { body(lineNumber, s, e) }
        start = end + 1
    }
}

/// The bytes `start..<end` as a string (for messages).
private func text(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
}

/// A cursor over one line of a conformance file.
private struct ByteScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    let end: Int

    var atEnd: Bool { mutating get { skipSpaces(); return position >= end } }
    var peek: UInt8? { position < end ? bytes[position] : nil }

    mutating func skipSpaces() {
        while position < end && (bytes[position] == 0x20 || bytes[position] == 0x09) { position += 1 }
    }

    /// Consumes `literal` (after spaces) when it comes next.
    mutating func skip(_ literal: StaticString) -> Bool {
        skipSpaces()
        let n = literal.utf8CodeUnitCount
        guard end - position >= n else { return false }
        let p = literal.utf8Start
        for k in 0..<n where bytes[position + k] != p[k] { return false }
        position += n
        return true
    }

    /// The next run of bytes other than space, tab and `;`, or nil at `;` or the end.
    mutating func token() -> Range<Int>? {
        skipSpaces()
        let s = position
        while position < end, bytes[position] != 0x20, bytes[position] != 0x09, bytes[position] != UInt8(ascii: ";") {
            position += 1
        }
        return position > s ? s..<position : nil
    }

    mutating func hex() -> UInt32? {
        guard let t = token(), t.count <= 8 else { return nil }
        var v: UInt32 = 0
        for i in t {
            let b = bytes[i]
            switch b {
            case 0x30...0x39: v = v << 4 | UInt32(b - 0x30)
            case 0x41...0x46: v = v << 4 | UInt32(b - 0x41 + 10)
            case 0x61...0x66: v = v << 4 | UInt32(b - 0x61 + 10)
            default: return nil
            }
        }
        return v
    }

    mutating func decimal() -> Int? {
        guard let t = token(), t.count <= 6 else { return nil }
        var v = 0
        for i in t {
            let b = bytes[i]
            guard b >= 0x30 && b <= 0x39 else { return nil }
            v = v * 10 + Int(b - 0x30)
        }
        return v
    }

    /// Levels up to `;` or the end: numbers, or `x` (stored as 0xFF).
    mutating func parseLevels(into levels: inout [UInt8]) -> Bool {
        levels.removeAll(keepingCapacity: true)
        skipSpaces()
        while position < end && bytes[position] != UInt8(ascii: ";") {
            if bytes[position] == UInt8(ascii: "x") {
                position += 1
                levels.append(0xFF)
            } else {
                guard let v = decimal(), v <= 126 else { return false }
                levels.append(UInt8(v))
            }
            guard position >= end || bytes[position] == 0x20 || bytes[position] == 0x09
                || bytes[position] == UInt8(ascii: ";") else { return false }
            skipSpaces()
        }
        return true
    }

    /// Indices up to `;` or the end.
    mutating func parseIndices(into indices: inout [Int]) -> Bool {
        indices.removeAll(keepingCapacity: true)
        skipSpaces()
        while position < end && bytes[position] != UInt8(ascii: ";") {
            guard let v = decimal() else { return false }
            indices.append(v)
            skipSpaces()
        }
        return true
    }

    struct CharacterTestCase {
        var direction: Int
        var paragraphLevel: UInt8
        /// The end of field 1 (the paragraph direction): fields 0 and 1 identify a pinned case.
        var directionEnd: Int
    }

    /// A `BidiCharacterTest.txt` line: code points; direction; paragraph level; levels; order.
    mutating func parseCharacterTestCase(scalars: inout [Unicode.Scalar], levels: inout [UInt8],
                                         order: inout [Int]) -> CharacterTestCase? {
        scalars.removeAll(keepingCapacity: true)
        while peek != UInt8(ascii: ";") {
            guard let v = hex(), let s = Unicode.Scalar(v) else { return nil }
            scalars.append(s)
            skipSpaces()
        }
        guard !scalars.isEmpty, skip(";"), let direction = decimal(), (0...2).contains(direction) else { return nil }
        let directionEnd = position
        guard skip(";"), let para = decimal(), para <= 1, skip(";"),
              parseLevels(into: &levels), levels.count == scalars.count, skip(";"),
              parseIndices(into: &order), atEnd else { return nil }
        return CharacterTestCase(direction: direction, paragraphLevel: UInt8(para), directionEnd: directionEnd)
    }
}
