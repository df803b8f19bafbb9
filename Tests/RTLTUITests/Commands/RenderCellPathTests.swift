import BidiTerm
import Foundation
import TestSupport
import XCTest

/// `rtl-tui render` as a user runs it (standard input through the worker threads, long paragraphs
/// streamed as their lines are found, or TEXT arguments) against the cell path: each paragraph laid
/// out in cells (`BidiEngine.layout`) and written (`ParagraphLayout.write`). Byte for byte, for every
/// option of the command, over the shipped strings, the installed catalogs and random text.
final class RenderCellPathTests: XCTestCase {
    /// What the command's options mean for the cell path.
    struct Options {
        var arguments: [String]
        var direction: BaseDirection = .auto(fallback: .ltr)
        var layout = LayoutOptions()
        var format = LineFormat()
    }

    /// Every option of `render` through each of its values, and some together.
    static var everyOption: [Options] {
        var all: [Options] = []
        for w in [nil, 1, 4, 13, 80] as [Int?] {
            for ansi in [false, true] {
                var o = Options(arguments: (w.map { ["--width", String($0)] } ?? []) + (ansi ? ["--format", "ansi"] : []))
                o.format = LineFormat(width: w, marks: ansi)
                all.append(o)
            }
        }
        for (dir, base) in [("ltr", BaseDirection.ltr), ("rtl", .rtl), ("auto", .auto(fallback: .ltr))] {
            var o = Options(arguments: ["--dir", dir, "--width", "24"])
            o.direction = base
            o.format = LineFormat(width: 24)
            all.append(o)
        }
        for a in HorizontalAlignment.allCases {
            var o = Options(arguments: ["--width", "30", "--align", a.rawValue, "--dir", "rtl"])
            o.direction = .rtl
            o.format = LineFormat(width: 30, alignment: a)
            all.append(o)
        }
        for (name, system) in [("latn", NumeralSystem.latn), ("arab", .arab), ("arabext", .arabext)] as [(String, NumeralSystem?)] {
            var o = Options(arguments: ["--numerals", name, "--width", "16"])
            o.layout.numerals = system
            o.format = LineFormat(width: 16)
            all.append(o)
        }
        var keep = Options(arguments: ["--numerals", "keep", "--width", "16"])
        keep.format = LineFormat(width: 16)
        all.append(keep)
        var noShape = Options(arguments: ["--no-shape", "--width", "20", "--format", "ansi"])
        noShape.layout.shaping = false
        noShape.format = LineFormat(width: 20, marks: true)
        all.append(noShape)
        var noMirror = Options(arguments: ["--no-mirror", "--dir", "rtl", "--format", "ansi"])
        noMirror.layout.mirroring = false
        noMirror.direction = .rtl
        noMirror.format = LineFormat(marks: true)
        all.append(noMirror)
        for t in [1, 3] {
            var o = Options(arguments: ["--tab-size", String(t), "--width", "9", "--align", "center"])
            o.layout.tabSize = t
            o.format = LineFormat(width: 9, alignment: .center)
            all.append(o)
        }
        var together = Options(arguments: ["--dir", "rtl", "--width", "7", "--align", "trailing", "--no-shape", "--no-mirror",
                                           "--numerals", "arabext", "--tab-size", "2", "--format", "ansi"])
        together.direction = .rtl
        together.layout = LayoutOptions(shaping: false, mirroring: false, numerals: .arabext, tabSize: 2)
        together.format = LineFormat(width: 7, alignment: .trailing, marks: true)
        all.append(together)
        return all
    }

    /// The cell path's bytes for `paragraphs`, as `options` asks.
    static func cellPath(_ paragraphs: [String], _ options: Options) -> [UInt8] {
        let engine = BidiEngine()
        var out: [UInt8] = []
        for p in paragraphs {
            engine.layout(p, direction: options.direction, width: options.format.width, options: options.layout)
                .write(options.format, into: &out)
        }
        return out
    }

    /// Standard input as the command reads it: `texts` joined by line feeds, one paragraph per line,
    /// and one CR before a line feed belongs to the line ending (only one: a text that ends in two
    /// keeps the other). Split by scalars, since a CR and a line feed are one `Character`.
    static func stdinParagraphs(_ texts: [String]) -> [String] {
        texts.joined(separator: "\n").unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var scalars = String.UnicodeScalarView(line)
            if scalars.last == "\r" { scalars.removeLast() }
            return String(scalars)
        }
    }

    func assertSameBytes(_ got: Data, _ want: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        guard Array(got) != want else { return }
        let a = got.split(separator: 0x0A, omittingEmptySubsequences: false)
        let b = want.split(separator: 0x0A, omittingEmptySubsequences: false)
        let first = (0..<min(a.count, b.count)).first { Array(a[$0]) != Array(b[$0]) } ?? min(a.count, b.count)
        func show(_ lines: [some Collection<UInt8>]) -> String {
            first < lines.count ? String(decoding: Array(lines[first]), as: UTF8.self).debugDescription : "(none)"
        }
        XCTFail("\(what): line \(first + 1) differs\n  render    \(show(a))\n  cell path \(show(b))", file: file, line: line)
    }

    func test_render_equalsCellPath_everyOption_shippedStringsAndRandomText() throws {
        let seed = TestSeed.seed(default: 432_769_782_271_746_259)
        var rng = RandomText(seed: seed)
        var texts = ReferenceStrings.fixture + ReferenceStrings.shippedCatalogs + ["", "   ", "abc", "\t"]
        for _ in 0..<400 { texts.append(rng.paragraph(pieces: Int(rng.next() % 50))) }
        // Paragraphs long enough to stream (the engine hands over 64 KiB at a time).
        texts.append(String(repeating: "مرحبا بالعالم (Hello) שלום 123 [x] كَتَبَ لا ", count: 1500))
        texts.append(rng.paragraph(pieces: 4_000))
        // Some random texts end in a CR, or two: the input is the texts themselves, not the paragraphs.
        let paragraphs = Self.stdinParagraphs(texts)
        let input = Data((texts.joined(separator: "\n") + "\n").utf8)
        for (i, options) in Self.everyOption.enumerated() {
            // One worker (everything on the calling thread) and two (worker threads, a writer thread).
            for workers in i < 10 ? ["1", "2"] : [i & 1 == 0 ? "1" : "2"] {
                let r = try Command.run(["render"] + options.arguments, stdin: input, environment: ["RTL_TUI_WORKERS": workers])
                XCTAssertEqual(r.status, 0, r.stderr)
                assertSameBytes(r.stdout, Self.cellPath(paragraphs, options), "render \(options.arguments) (\(workers) workers, seed \(seed))")
            }
        }
    }

    func test_render_equalsCellPath_installedCatalogs() throws {
        let strings = ReferenceStrings.installed(limit: 1_000_000)
        if strings.isEmpty { throw XCTSkip("no Arabic, Hebrew or Persian .mo catalogs installed") }
        let input = Data((strings.joined(separator: "\n") + "\n").utf8)
        let cases = Self.everyOption.filter { [["--width", "80"], ["--width", "80", "--format", "ansi"], ["--width", "13"]].contains($0.arguments) }
        XCTAssertEqual(cases.count, 3)
        for options in cases {
            let r = try Command.run(["render", "--dir", "auto"] + options.arguments, stdin: input)
            XCTAssertEqual(r.status, 0, r.stderr)
            assertSameBytes(r.stdout, Self.cellPath(strings, options), "render --dir auto \(options.arguments)")
        }
    }

    /// TEXT arguments take the same path as standard input.
    func test_renderArguments_equalCellPath() throws {
        var rng = RandomText(seed: 11)
        var texts = ReferenceStrings.fixture
        for _ in 0..<40 { texts.append(rng.paragraph(pieces: Int(rng.next() % 30)).replacingOccurrences(of: "\0", with: "")) }
        for options in Self.everyOption where options.format.marks || options.format.width == 13 {
            let r = try Command.run(["render"] + options.arguments + ["--"] + texts)
            XCTAssertEqual(r.status, 0, r.stderr)
            assertSameBytes(r.stdout, Self.cellPath(texts, options), "render \(options.arguments) TEXT…")
        }
    }
}
