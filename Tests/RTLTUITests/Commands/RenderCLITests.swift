import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// `rtl-tui render` and `rtl-tui inspect` as a user runs them.
final class RenderCLITests: XCTestCase {
    func test_render_printsVisualOrderAndPadsToLeadingEdgeInRTL() throws {
        let r = try Command.run(["render", "--width", "20", "--no-shape", "שלום עולם"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines, ["           םלוע םולש"])
        let left = try Command.run(["render", "--width", "12", "--align", "left", "--no-shape", "שלום"])
        XCTAssertEqual(left.lines, ["םולש        "])
        let center = try Command.run(["render", "--width", "8", "--align", "center", "abcd"])
        XCTAssertEqual(center.lines, ["  abcd  "])
        // trailing is the left in an RTL paragraph and the right in an LTR one; right is physical.
        let trailing = try Command.run(["render", "--width", "8", "--align", "trailing", "--no-shape", "שלום", "abcd"])
        XCTAssertEqual(trailing.lines, ["םולש    ", "    abcd"])
        let right = try Command.run(["render", "--width", "8", "--align", "right", "abcd"])
        XCTAssertEqual(right.lines, ["    abcd"])
    }

    func test_render_withoutWidthNeitherWrapsNorPads() throws {
        let long = String(repeating: "مرحبا ", count: 40)
        let r = try Command.run(["render", long])
        XCTAssertEqual(r.lines.count, 1)
        XCTAssertFalse(r.lines[0].hasPrefix(" ") && r.lines[0].hasSuffix(" ") && r.lines[0].count > 240)
    }

    func test_render_eachArgumentAndEachStdinLineIsAParagraph() throws {
        let a = try Command.run(["render", "abc", "אבג"])
        XCTAssertEqual(a.lines, ["abc", "גבא"])
        let s = try Command.run(["render"], stdin: Data("abc\r\nאבג\n\nlast".utf8))
        XCTAssertEqual(s.lines, ["abc", "גבא", "", "last"])
    }

    func test_R22_plainOutputHasNoEscapeOrControlByteWhateverTheInput() throws {
        var input = Data("a\u{1B}[2Jb\u{1B}]52;c;SGVsbG8=\u{07}c\u{9B}31m\u{1B}P1$q\u{1B}\\ \u{8}\u{8}x\n".utf8)
        input.append(contentsOf: [0x9B, 0x33, 0x31, 0x6D, 0x0A])   // raw 8-bit CSI (invalid UTF-8)
        for args in [["render"], ["render", "--width", "7"], ["render", "--dir", "rtl", "--width", "9"], ["inspect"],
                     ["inspect", "--format", "jsonl"]] {
            let r = try Command.run(args, stdin: input)
            XCTAssertEqual(r.status, 0, r.stderr)
            let bad = r.stdout.filter { $0 < 0x20 && $0 != 0x0A || $0 == 0x7F }
            XCTAssertEqual(bad.count, 0, "\(args): raw control bytes \(Array(bad))")
            XCTAssertFalse(r.text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) }, "\(args): C1 control")
        }
        let r = try Command.run(["render"], stdin: Data("\u{1B}[31mred\n".utf8))
        XCTAssertEqual(r.lines, ["␛[31mred"])
    }

    func test_render_wrappedLinesAreNeverWiderThanWidth() throws {
        let text = "هذا نص عربي طويل جداً فيه كلمات كثيرة (وأقواس) وأرقام 1234567890 و English words 日本語 👨‍👩‍👧 and\ttabs"
        for w in [1, 2, 3, 5, 8, 13, 21, 40] {
            let r = try Command.run(["render", "--width", String(w), "--dir", "auto", text])
            XCTAssertEqual(r.status, 0)
            for line in r.lines {
                let width = line.unicodeScalars.reduce(0) { $0 + max(0, WidthTable.width($1)) }
                XCTAssertEqual(width, w, "line \(line.debugDescription) at width \(w)")
            }
        }
    }

    func test_usageErrorsExitWith64AndSayWhatIsWrong() throws {
        let r = try Command.run(["render", "--width", "0", "x"])
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.contains("--width"), r.stderr)
        let d = try Command.run(["render", "--dir", "sideways", "x"])
        XCTAssertEqual(d.status, 64)
        XCTAssertTrue(d.stderr.contains("sideways"), d.stderr)
        let i = try Command.run(["inspect", "--format", "xml", "x"])
        XCTAssertEqual(i.status, 64)
    }

    func test_invalidUTF8_isReplacedAndReported_andStrictExitsWith65() throws {
        let input = Data([0x61, 0x0A, 0x62, 0xFF, 0x63, 0x0A])
        let r = try Command.run(["render"], stdin: input)
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.lines, ["a", "b\u{FFFD}c"])
        XCTAssertTrue(r.stderr.contains("line 2, byte 1"), r.stderr)
        let s = try Command.run(["render", "--strict"], stdin: input)
        XCTAssertEqual(s.status, 65)
        XCTAssertEqual(s.lines, ["a", "b\u{FFFD}c"], "everything else is still rendered")
    }

    func test_inspect_jsonlHasLevelsAndVisualOrder() throws {
        let r = try Command.run(["inspect", "--format", "jsonl", "abc \u{202E}אבג\u{202C}!", "שלום (x)"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines.count, 2)
        let o = try JSONSerialization.jsonObject(with: Data(r.lines[0].utf8)) as! [String: Any]
        XCTAssertEqual(o["paragraphLevel"] as? Int, 0)
        let levels = o["levels"] as! [Any]
        XCTAssertEqual(levels.count, 10)
        XCTAssertTrue(levels[4] is NSNull, "RLO is removed by X9")
        XCTAssertEqual(o["visualOrder"] as? [Int], [0, 1, 2, 3, 7, 6, 5, 9])
        XCTAssertFalse(r.lines[0].unicodeScalars.contains { $0.value == 0x202E }, "bidi controls are escaped")
        let o2 = try JSONSerialization.jsonObject(with: Data(r.lines[1].utf8)) as! [String: Any]
        XCTAssertEqual(o2["paragraphLevel"] as? Int, 1)
        XCTAssertEqual(o2["mirrored"] as? [Int], [5, 7])
    }

    func test_inspect_textTableNamesEveryCodePointAndRevealsTrojanSource() throws {
        let r = try Command.run(["inspect", "if (a\u{202E} } \u{2066}x"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.text.contains("RIGHT-TO-LEFT OVERRIDE"), r.text)
        XCTAssertTrue(r.text.contains("RLO"))
        XCTAssertTrue(r.text.contains("LEFT-TO-RIGHT ISOLATE"))
        XCTAssertFalse(r.text.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x2066 })
    }
}
