import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// The display layout against two independent references, over real UI strings: ICU's own
/// `ubidi_writeReordered` (mirrored, marks after their base, controls removed) for the visual
/// string, and GNU FriBidi's CLI (when installed) as a second implementation.
final class ReferenceTests: XCTestCase {
    /// FriBidi's output without what it adds or keeps that the display does not: U+FEFF after each
    /// lam-alef ligature, bidi marks, joiners; and without spaces (it pads ligatures differently).
    static func normalizedFriBidi(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.filter {
            ![0xFEFF, 0x200E, 0x200F, 0x061C, 0x200C, 0x200D, 0x20].contains($0.value)
        }))
    }

    func checkAgainstICU(_ strings: [String], file: StaticString = #filePath, line: UInt = #line) -> Int {
        let engine = BidiEngine()
        let reference = BidiEngine()
        var failures: [String] = []
        var checked = 0
        for s in strings where ReferenceStrings.comparable(s) {
            checked += 1
            let p = engine.layout(s, direction: .autoLTR, options: LayoutOptions(shaping: false))
            // ICU's REMOVE_BIDI_CONTROLS also drops ZWJ and ZWNJ, which the display keeps inside
            // their cluster: compare without them.
            let got = ReferenceStrings.withoutJoiners(p.lines.map(\.text).joined())
            let want = ReferenceStrings.withoutJoiners(reference.icuReordered(s, direction: .autoLTR))
            // Zero-width characters the display drops outside clusters (LRM and friends are removed
            // by ICU too; ZWSP-like characters are filtered above).
            if got != want && failures.count < 10 { failures.append("\(s.debugDescription)\n  got  \(got)\n  want \(want)") }
        }
        XCTAssertEqual(failures, [], file: file, line: line)
        return checked
    }

    func test_displayOrderEqualsICUsReorderingOnFixtureStrings() {
        let n = checkAgainstICU(ReferenceStrings.fixture)
        XCTAssertGreaterThan(n, 30)
    }

    func test_displayOrderEqualsICUsReorderingOnInstalledCatalogs() throws {
        let strings = ReferenceStrings.installed(limit: 1_000_000)
        if strings.isEmpty { throw XCTSkip("no Arabic, Hebrew or Persian .mo catalogs installed") }
        let n = checkAgainstICU(strings)
        print("ReferenceTests: \(n) installed catalog strings match ICU's reordering")
        XCTAssertGreaterThan(n, 1000)
    }

    /// FriBidi's CLI always mirrors and shapes; compare with the engine's shaped output, line by line.
    func test_displayEqualsFriBidiOnFixtureStrings() throws {
        let strings = ReferenceStrings.fixture.filter(ReferenceStrings.comparable)
        let theirs = try FriBidiReference.visual(strings)
        let engine = BidiEngine()
        var same = 0
        var differ: [String] = []
        for (i, s) in strings.enumerated() where i < theirs.count {
            let ours = engine.layout(s, direction: .autoLTR).lines.map(\.text).joined()
            let a = Self.normalizedFriBidi(ours), b = Self.normalizedFriBidi(theirs[i])
            if a == b { same += 1 } else { differ.append("\(s)\n  ours    \(ours)\n  fribidi \(theirs[i])") }
        }
        XCTAssertEqual(differ, [])
        XCTAssertGreaterThan(same, 30)
    }
}
