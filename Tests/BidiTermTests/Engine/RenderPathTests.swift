import TestSupport
import XCTest
@testable import BidiTerm

/// The UTF-8 path of `rtl-tui render` (`BidiEngine.render(utf8:…format:…)`: no cells, lines written
/// as they are found, clusters held for a window of a wrapped paragraph) against the cell path
/// (`layout`, then `ParagraphLayout.write`): the same bytes, over real strings and random text, for
/// every option.
final class RenderPathTests: XCTestCase {
    static let directions: [BaseDirection] = [.ltr, .rtl, .auto(fallback: .ltr), .auto(fallback: .rtl)]
    static let numerals: [NumeralSystem?] = [nil, .latn, .arab, .arabext]
    static let widths: [Int?] = [nil, 1, 2, 3, 4, 5, 7, 8, 13, 20, 33, 40, 80]

    static func randomCase(_ rng: inout RandomText) -> (BaseDirection, LayoutOptions, LineFormat) {
        let options = LayoutOptions(shaping: rng.oneIn(2), mirroring: rng.oneIn(2), reordering: !rng.oneIn(5),
                                    numerals: rng.pick(numerals), tabSize: rng.pick([1, 2, 3, 4, 8, 13]),
                                    revealControls: rng.oneIn(4), marksInOwnCells: rng.oneIn(4))
        let format = LineFormat(width: rng.pick(widths), alignment: rng.pick(HorizontalAlignment.allCases), marks: rng.oneIn(2))
        return (rng.pick(directions), options, format)
    }

    /// What the cell path writes.
    static func cellPath(_ text: String, _ direction: BaseDirection, _ options: LayoutOptions, _ format: LineFormat,
                         _ engine: BidiEngine) -> [UInt8] {
        var out: [UInt8] = []
        engine.layout(text, direction: direction, width: format.width, options: options).write(format, into: &out)
        return out
    }

    /// What the UTF-8 path writes, with `flush` collecting what it hands over.
    static func utf8Path(_ text: String, _ direction: BaseDirection, _ options: LayoutOptions, _ format: LineFormat,
                         _ engine: BidiEngine) -> [UInt8] {
        var flushed: [UInt8] = []
        var out: [UInt8] = []
        let ok = Array(text.utf8).withUnsafeBufferPointer {
            engine.render(utf8: $0, direction: direction, options: options, format: format, into: &out) { buffer in
                flushed += buffer
                buffer.removeAll()
            }
        }
        return ok ? flushed + out : Array("invalid UTF-8?".utf8)
    }

    /// Compares both paths on `texts` with the cases `cases(i)` gives; returns the number compared.
    @discardableResult
    func compare(_ texts: [String], render engine: BidiEngine = BidiEngine(), cases: (Int) -> [(BaseDirection, LayoutOptions, LineFormat)],
                 file: StaticString = #filePath, line: UInt = #line) -> Int {
        let reference = BidiEngine()
        var failures: [String] = []
        var compared = 0
        for (i, text) in texts.enumerated() {
            for (direction, options, format) in cases(i) {
                compared += 1
                let want = Self.cellPath(text, direction, options, format, reference)
                let got = Self.utf8Path(text, direction, options, format, engine)
                if got != want && failures.count < 5 {
                    let a = got.split(separator: 0x0A, omittingEmptySubsequences: false)
                    let b = want.split(separator: 0x0A, omittingEmptySubsequences: false)
                    let first = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
                    func line(_ lines: [ArraySlice<UInt8>]) -> String {
                        first < lines.count ? String(decoding: lines[first], as: UTF8.self).debugDescription : "(none)"
                    }
                    failures.append("""
                        \(text.debugDescription) \(direction) \(options) \(format)
                          line \(first + 1) of \(b.count - 1), UTF-8 path \(line(a))
                          line \(first + 1) of \(b.count - 1), cell path  \(line(b))
                        """)
                }
            }
        }
        XCTAssertEqual(failures, [], file: file, line: line)
        return compared
    }

    /// The defaults of every option but one, that one through each of its values.
    static var everyOptionOneByOne: [(BaseDirection, LayoutOptions, LineFormat)] {
        var cases: [(BaseDirection, LayoutOptions, LineFormat)] = []
        let base = LayoutOptions()
        for w in widths { cases.append((.auto(fallback: .ltr), base, LineFormat(width: w))) }
        for d in directions { for w in [nil, 9] as [Int?] { cases.append((d, base, LineFormat(width: w))) } }
        for a in HorizontalAlignment.allCases { cases.append((.auto(fallback: .ltr), base, LineFormat(width: 30, alignment: a))) }
        for marks in [false, true] { for w in [nil, 6, 25] as [Int?] { cases.append((.auto(fallback: .ltr), base, LineFormat(width: w, marks: marks))) } }
        for n in numerals { cases.append((.rtl, LayoutOptions(numerals: n), LineFormat(width: 12))) }
        for t in [1, 3, 8] { cases.append((.auto(fallback: .ltr), LayoutOptions(tabSize: t), LineFormat(width: 10))) }
        cases.append((.auto(fallback: .ltr), LayoutOptions(shaping: false), LineFormat(width: 16)))
        cases.append((.auto(fallback: .rtl), LayoutOptions(mirroring: false), LineFormat(width: 16, marks: true)))
        cases.append((.rtl, LayoutOptions(reordering: false), LineFormat(width: 16)))
        cases.append((.ltr, LayoutOptions(revealControls: true), LineFormat(width: 11, marks: true)))
        cases.append((.rtl, LayoutOptions(marksInOwnCells: true), LineFormat(width: 14, marks: true)))
        cases.append((.auto(fallback: .ltr), LayoutOptions(marksInOwnCells: true), LineFormat(width: 9)))
        return cases
    }

    /// A width below 1, set after the format is made, is 1 as in `init`: both paths wrap at 1.
    func test_lineFormatWidthBelowOne_isOne_onBothPaths() {
        var format = LineFormat(width: 5)
        format.width = 0
        XCTAssertEqual(format.width, 1)
        format.width = -3
        XCTAssertEqual(format.width, 1)
        let engine = BidiEngine()
        let text = "שלום abc"
        let got = Self.utf8Path(text, .rtl, LayoutOptions(), format, engine)
        XCTAssertEqual(got, Self.cellPath(text, .rtl, LayoutOptions(), format, engine))
        XCTAssertEqual(got.filter { $0 == 0x0A }.count, 7, "one cell a line, the space hanging at its wrap: \(String(decoding: got, as: UTF8.self).debugDescription)")
    }

    func test_utf8PathEqualsCellPath_onShippedStrings_everyOption() {
        let texts = ReferenceStrings.fixture + ReferenceStrings.shippedCatalogs + ["", " ", "   ", "abc", "abc   ", "\t", "א"]
        XCTAssertGreaterThan(texts.count, 100)
        let cases = Self.everyOptionOneByOne
        var rng = RandomText(seed: 14)
        let n = compare(texts) { _ in cases + (0..<4).map { _ in Self.randomCase(&rng) } }
        XCTAssertGreaterThan(n, 10_000)
    }

    func test_utf8PathEqualsCellPath_onInstalledCatalogs() throws {
        let texts = ReferenceStrings.installed(limit: 1_000_000)
        if texts.isEmpty { throw XCTSkip("no Arabic, Hebrew or Persian .mo catalogs installed") }
        var rng = RandomText(seed: 1414)
        // What `rtl-tui render --dir auto --width 80` does, plain and with marks, and one random case each.
        let n = compare(texts) { i in
            [(.auto(fallback: .ltr), LayoutOptions(), LineFormat(width: 80, marks: i & 1 == 1)), Self.randomCase(&rng)]
        }
        print("RenderPathTests: \(n) renderings of installed catalog strings equal the cell path")
    }

    func test_utf8PathEqualsCellPath_onRandomText() {
        let seed = TestSeed.seed(default: 127)
        var rng = RandomText(seed: seed)
        var texts: [String] = []
        for _ in 0..<1500 { texts.append(rng.paragraph(pieces: Int(rng.next() % 40))) }
        let n = compare(texts) { _ in (0..<4).map { _ in Self.randomCase(&rng) } }
        XCTAssertEqual(n, 6000, "seed \(seed)")
        if (testRun?.totalFailureCount ?? 0) > 0 { print("RenderPathTests: random text from seed \(seed)") }
    }

    /// Tiny windows (the window slides and grows every few clusters), shaping in segments of a few
    /// units, and lines handed over one by one: still the same bytes.
    func test_utf8PathEqualsCellPath_withTinyWindowsSegmentsAndFlushes() {
        let engine = BidiEngine()
        engine.wrapWindow = 3
        engine.shapingSegment = 4
        engine.flushThreshold = 1
        let seed = TestSeed.seed(default: 143)
        var rng = RandomText(seed: seed)
        var texts = ReferenceStrings.fixture + ReferenceStrings.shippedCatalogs
        for _ in 0..<300 { texts.append(rng.paragraph(pieces: 20 + Int(rng.next() % 200))) }
        texts.append(String(repeating: "مرحبا بالعالم (Hello) שלום 123 [x] كَتَبَ لا ", count: 40))
        texts.append(String(repeating: "\u{064E}", count: 300) + " abc")
        texts.append("ب" + String(repeating: "\u{064E}", count: 300) + " x")
        let n = compare(texts, render: engine) { _ in
            [(.auto(fallback: .ltr), LayoutOptions(), LineFormat(width: 9)), Self.randomCase(&rng)]
        }
        XCTAssertGreaterThan(n, 600, "seed \(seed)")
    }

    /// A long paragraph wrapped streams: its lines are handed to `flush` whole, 64 KiB or so at a
    /// time, and the engine holds the clusters of a window of it, not of all of it.
    func test_longParagraphWrappedStreamsAndHoldsAWindowOfClusters() {
        let engine = BidiEngine()
        let text = String(repeating: "مرحبا بالعالم (Hello) שלום 123 [x] كَتَبَ لا ", count: 20_000)   // 1.4 MB
        var flushes = 0, largest = 0, total = 0
        var out: [UInt8] = []
        let ok = Array(text.utf8).withUnsafeBufferPointer {
            engine.render(utf8: $0, direction: .auto(fallback: .ltr), format: LineFormat(width: 80), into: &out) { buffer in
                flushes += 1
                largest = max(largest, buffer.count)
                total += buffer.count
                XCTAssertEqual(buffer.last, 0x0A, "whole lines only")
                buffer.removeAll()
            }
        }
        XCTAssertTrue(ok)
        total += out.count
        XCTAssertLessThan(largest, (1 << 16) + 1024, "a flush hands over 64 KiB and at most one more line")
        XCTAssertGreaterThanOrEqual(flushes, total / (1 << 16) - 1)
        XCTAssertLessThan(engine.scratch.pointee.clusterStart.capacity, 4 * engine.wrapWindow,
                          "clusters for a window of the paragraph, not for its \(text.unicodeScalars.count) characters")
        var cells: [UInt8] = []
        BidiEngine().layout(text, direction: .auto(fallback: .ltr), width: 80).write(LineFormat(width: 80), into: &cells)
        XCTAssertEqual(total, cells.count)
    }

    /// Shaping a long paragraph in segments cut after ASCII characters gives the glyphs of shaping
    /// it whole.
    func test_shapingInSegmentsEqualsShapingWhole() {
        let whole = BidiEngine(), segmented = BidiEngine()
        segmented.shapingSegment = 2
        for text in ReferenceStrings.fixture + ["لا لا-لا (لا)لا", "كَتَبَ الطالبُ", "ب ب ب", "بـ1ـب", "لأ لإ لآ"] {
            let a = whole.layout(text, direction: .rtl), b = segmented.layout(text, direction: .rtl)
            XCTAssertEqual(a, b, text)
        }
    }

    /// The unwrapped UTF-8 path without a line feed (`render(utf8:direction:options:into:)`) draws
    /// the text of the unwrapped layout.
    func test_unwrappedLineEqualsLayoutText() {
        let engine = BidiEngine(), reference = BidiEngine()
        var rng = RandomText(seed: 7)
        var texts = ReferenceStrings.fixture
        for _ in 0..<500 { texts.append(rng.paragraph(pieces: Int(rng.next() % 30))) }
        for text in texts {
            let (direction, options, _) = Self.randomCase(&rng)
            var out: [UInt8] = []
            XCTAssertTrue(Array(text.utf8).withUnsafeBufferPointer { engine.render(utf8: $0, direction: direction, options: options, into: &out) })
            XCTAssertEqual(String(decoding: out, as: UTF8.self),
                           reference.layout(text, direction: direction, options: options).lines.map(\.text).joined(), text.debugDescription)
        }
    }

    /// The UTF-8 path decides whether a paragraph fits its width from the glyphs it draws, the cell
    /// path from the characters: they agree because a mirrored glyph is as wide as its character.
    func test_mirroredGlyphsAreAsWideAsTheirCharacters() {
        var pairs = 0
        for c in UInt32(0)...0x10FFFF {
            guard let s = Unicode.Scalar(c), let m = UnicodeProperties.mirror(s) else { continue }
            pairs += 1
            XCTAssertEqual(WidthTable.width(m), WidthTable.width(s), "U+\(Hex.padded(c)) mirrors to U+\(Hex.padded(m.value))")
        }
        XCTAssertGreaterThan(pairs, 300)
    }

    /// Invalid UTF-8 appends nothing and says so.
    func test_invalidUTF8IsRefused() {
        var out: [UInt8] = [0x41]
        let ok = [UInt8]([0x61, 0xFF, 0x62]).withUnsafeBufferPointer {
            BidiEngine().render(utf8: $0, direction: .ltr, format: LineFormat(width: 10), into: &out)
        }
        XCTAssertFalse(ok)
        XCTAssertEqual(out, [0x41])
    }
}
