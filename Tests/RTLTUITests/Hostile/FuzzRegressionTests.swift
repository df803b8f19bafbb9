import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// Inputs the fuzz targets (Fuzz/) and the hostile tests found breaking an invariant, each reduced
/// to a minimal reproduction. Inputs that crash or hang run in a child process, so they fail their
/// own test and not the whole run.
final class FuzzRegressionTests: XCTestCase {
    let engine = BidiEngine()

    /// The drawn cells of a one-line layout: (text, logical range), left to right.
    func drawn(_ text: String, _ direction: BaseDirection) -> [(String, Range<Int>)] {
        engine.layout(text, direction: direction).lines.flatMap(\.cells).filter { $0.width > 0 }.map { ($0.text, $0.logical) }
    }

    /// fuzz-engine: a lam-alef that ends the text (nothing but spaces after it) moved every
    /// character before it one cell along: "a لا" was drawn " aﻻ", and the first letter of
    /// "نعم أو لا" ("yes or no") was lost. ICU's fixed-length shaping puts the space it frees at the
    /// start of the text, not next to the ligature.
    func test_fuzzEngine_lamAlefAtTheEndKeepsEveryGlyphBeforeItInPlace() {
        let latin = drawn("a لا", .ltr)
        XCTAssertEqual(latin.map(\.0), ["a", " ", "\u{FEFB}"])
        XCTAssertEqual(latin.map(\.1), [0..<1, 1..<2, 2..<4])

        let arabic = drawn("نعم أو لا", .rtl)
        let byStart = Dictionary(arabic.map { ($0.1.lowerBound, $0.0) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(byStart[0], "\u{FEE7}", "ن, initial form")
        XCTAssertEqual(byStart[1], "\u{FECC}", "ع, medial form")
        XCTAssertEqual(byStart[2], "\u{FEE2}", "م, final form")
        XCTAssertEqual(byStart[3], " ")
        XCTAssertEqual(byStart[7], "\u{FEFB}", "لا, one cell")
        XCTAssertEqual(arabic.map(\.0).joined(), "\u{FEFB} \u{FEED}\u{FE83} \u{FEE2}\u{FECC}\u{FEE7}")

        // The fuzzer's input: what `width(of:)` measures differed from the line laid out.
        let scalars: [UInt32] = [0x27, 0x2069, 0x21, 0x2, 0x27, 0x27, 0x27, 0x27, 0x27, 0x37, 0x27, 0x27, 0x27, 0x27,
                                 0x27, 0x27, 0x27, 0x61, 0xB, 0xFFFD, 0x21, 0x2, 0x644, 0x627]
        let text = String(String.UnicodeScalarView(scalars.map { Unicode.Scalar($0)! }))
        let p = engine.layout(text, direction: .auto(fallback: .rtl))
        XCTAssertEqual(engine.width(of: text), p.width)
        XCTAssertEqual(p.lines[0].cells.first { $0.logical == 2..<3 }?.text, "!", "the '!' is drawn where it stands")
    }

    /// fuzz-engine: a cluster holding a wide emoji and a placeholder (here a ZWJ sequence ending in
    /// an emoji newer than the width table, drawn as U+FFFD) was split into one-column cells, the
    /// wide emoji and the bare ZWJ each in a cell of width 1: the grid and the terminal disagree.
    func test_fuzzEngine_wideEmojiInAClusterWithAPlaceholderKeepsItsTwoColumns() {
        for text in ["👩\u{200D}\u{1FAE9}", "א👩\u{200D}\u{1F208}"] {
            let p = engine.layout(text, direction: .ltr)
            XCTAssertEqual(p.width, engine.width(of: text))
            for cell in p.lines[0].cells where cell.width > 0 {
                let scalars = Array(cell.text.unicodeScalars)
                let drawnWidth = scalars.reduce(0) { $0 + max(0, WidthTable.width($1)) }
                XCTAssertEqual(drawnWidth, cell.width, "\(text.debugDescription): cell \(cell.text.debugDescription)")
                XCTAssertNotEqual(scalars.first.map { WidthTable.width($0) }, 0,
                                  "\(text.debugDescription): a cell starting with a zero-width character")
            }
        }
    }

    /// Runs `rtl-tui check` on each (file name, bytes): a finding, a clean result or a clear error
    /// naming the file, never a crash.
    func assertCheckSurvives(_ files: [(String, [UInt8])], file: StaticString = #filePath, line: UInt = #line) throws {
        let dir = try Hostile.scratchDirectory(self)
        for (name, bytes) in files {
            let url = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
            let r = try Command.run(["check", url.path])
            XCTAssertTrue([0, 1, 2].contains(r.status), "\(name): rtl-tui check ended with status \(r.status) (a crash)",
                          file: file, line: line)
            if r.status == 2 {
                XCTAssertTrue(r.stderr.contains(name + ":"), "\(name): \(r.stderr.prefix(300))", file: file, line: line)
            }
        }
    }

    /// fuzz-catalog: an XML processing instruction without data (`<?x?>`) anywhere in an Android or
    /// XLIFF catalog crashed `check` (SIGSEGV): Foundation's XMLParser calls strlen on the NULL
    /// data libxml2 passes for it.
    func test_fuzzCatalog_processingInstructionWithoutDataDoesNotCrash() throws {
        try assertCheckSurvives([
            ("values-ar/strings.xml", Array("<resources><?x?><string name=\"a\">نص</string></resources>".utf8)),
            ("ar.xlf", Array("<?pi?><xliff version=\"1.2\"><file target-language=\"ar\"><body/></file></xliff>".utf8)),
            ("he.xliff", Array("<a><?pi?></a>".utf8)),
        ])
    }

    /// fuzz-catalog: an XML declaration whose `encoding` has no value turned off the loader's UTF-8
    /// repair, and an element name that is not UTF-8 then crashed `check` inside Foundation's
    /// XMLParser (SIGILL). 21 bytes.
    func test_fuzzCatalog_declarationWithoutEncodingValueAndInvalidUTF8NameDoesNotCrash() throws {
        try assertCheckSurvives([
            ("ar.xlf", Array("<?xml encoding?><".utf8) + [0xF3] + Array("=\"u".utf8)),
            ("values-ar/strings.xml", Array("<?xml encoding?><resources><".utf8) + [0xF3] + Array("/></resources>".utf8)),
        ])
    }

    /// A screen file of 800 bytes whose anchors and aliases expand to 10^8 nodes ("billion
    /// laughs"): it must be rejected or read in about the time its size allows, not expanded node by
    /// node (each extra level multiplied the time by ten: 6 levels took 10 s).
    func test_screenFile_aliasExpansionBombIsBounded() throws {
        let child = try Hostile.runInChildProcess("FuzzRegressionTests/test_childProcess_screenAliasBomb", timeout: 10)
        XCTAssertFalse(child.timedOut, "parsing an 8-level alias bomb did not finish in 10 s")
        XCTAssertFalse(child.crashed, "parsing an 8-level alias bomb crashed:\n\(child.output.suffix(2000))")
        XCTAssertEqual(child.status, 0, child.output.suffix(2000).description)
    }

    func test_childProcess_screenAliasBomb() throws {
        try XCTSkipUnless(Hostile.isChild, "runs in a child process, from test_screenFile_aliasExpansionBombIsBounded")
        var yaml = "screen: bomb\nroot:\n  type: vstack\n  children:\n    - &a0 {type: spacer}\n"
        for level in 1...8 {
            yaml += "    - &a\(level) {type: vstack, children: [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]}\n"
        }
        XCTAssertLessThan(yaml.utf8.count, 1_000)
        do {
            let screen = try ScreenFile.parse(yaml: yaml, path: "bomb.yaml")
            XCTAssertEqual(screen.id, "bomb")
        } catch {
            XCTAssertFalse(error.diagnostics.isEmpty)
        }
    }
}
