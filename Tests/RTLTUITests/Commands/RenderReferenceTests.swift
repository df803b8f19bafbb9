import BidiTerm
import Foundation
import TestSupport
import XCTest

/// `rtl-tui render` against ICU's own reordering (`ubidi_writeReordered`) over real UI strings (the
/// library's side of the comparison is `ReferenceTests` in BidiTermTests).
final class RenderReferenceTests: XCTestCase {
    /// The display order through the `rtl-tui render` command, which has its own fast paths (lines with no
    /// RTL character, lines of only RTL letters and neutrals reversed without ICU) and streams
    /// through worker threads: every output line equals ICU's reordering of its input line.
    func test_renderCommandEqualsICUsReorderingOnRealStrings() throws {
        var strings = ReferenceStrings.fixture + ReferenceStrings.installed(limit: 1_000_000)
        strings = strings.filter(ReferenceStrings.comparable)
        let input = Data((strings.joined(separator: "\n") + "\n").utf8)
        let r = try Command.run(["render", "--no-shape", "--dir", "auto"], stdin: input)
        XCTAssertEqual(r.status, 0, r.stderr)
        let out = r.lines
        XCTAssertEqual(out.count, strings.count)
        let reference = BidiEngine()
        var failures: [String] = []
        for (i, s) in strings.enumerated() where i < out.count {
            let want = ReferenceStrings.withoutJoiners(reference.icuReordered(s, direction: .autoLTR))
            if ReferenceStrings.withoutJoiners(out[i]) != want && failures.count < 10 {
                failures.append("\(s.debugDescription)\n  render \(out[i])\n  ICU    \(want)")
            }
        }
        XCTAssertEqual(failures, [])
        print("RenderReferenceTests: \(strings.count) strings through rtl-tui render match ICU's reordering")
    }
}
