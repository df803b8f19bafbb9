import XCTest
@testable import BidiTerm
#if canImport(Glibc)
import Glibc
#endif

/// glibc's wcwidth: Glibc's Swift module hides it (it needs _XOPEN_SOURCE), so it is declared here.
@_silgen_name("wcwidth") private func glibc_wcwidth(_ c: Int32) -> Int32

/// The width table equals glibc's `wcwidth` in C.UTF-8 for every code point.
final class WidthTableTests: XCTestCase {
    func test_widthTableEqualsGlibcWcwidthForEveryCodePoint() throws {
        let saved = setlocale(LC_CTYPE, nil).map { String(cString: $0) } ?? "C"
        guard setlocale(LC_CTYPE, "C.UTF-8") != nil else { throw XCTSkip("no C.UTF-8 locale on this machine") }
        defer { _ = setlocale(LC_CTYPE, saved) }
        var mismatches: [String] = []
        for c in UInt32(0)..<0x110000 where !(0xD800...0xDFFF).contains(c) {
            let expected = Int(glibc_wcwidth(Int32(bitPattern: c)))
            let got = WidthTable.width(c)
            if expected != got && mismatches.count < 10 { mismatches.append("U+\(String(c, radix: 16)): table \(got), wcwidth \(expected)") }
        }
        XCTAssertEqual(mismatches, [], "regenerate with Scripts/gen-width-table.sh")
    }

    func test_widthsTheTerminalsAgreeOn() {
        XCTAssertEqual(WidthTable.width(0x4E00), 2)      // CJK
        XCTAssertEqual(WidthTable.width(0x0301), 0)      // combining acute
        XCTAssertEqual(WidthTable.width(0x200F), 0)      // RLM
        XCTAssertEqual(WidthTable.width(0xFEFB), 1)      // lam-alef ligature
        XCTAssertEqual(WidthTable.width(0xFE8D), 1)      // alef isolated form
        XCTAssertEqual(WidthTable.width(0x1B), -1)       // ESC
    }
}
