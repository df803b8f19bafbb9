import Foundation
import XCTest
@testable import BidiTerm

/// The display layout against two independent references, over real UI strings: ICU's own
/// `ubidi_writeReordered` (mirrored, marks after their base, controls removed) for the visual
/// string, and GNU FriBidi's CLI (when installed) as a second implementation.
final class ReferenceTests: XCTestCase {
    static var fixtureStrings: [String] {
        let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
            .appendingPathComponent("strings/ui-strings.txt")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    }

    /// Translations from the Arabic, Hebrew and Persian catalogs installed on this machine, if any.
    static func systemStrings(limit: Int) -> [String] {
        var out: [String] = []
        for lang in ["ar", "he", "fa"] {
            let dir = "/usr/share/locale/\(lang)/LC_MESSAGES"
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: dir) else { continue }
            for f in files.sorted() where f.hasSuffix(".mo") {
                guard let c = try? CatalogLoader.load(path: dir + "/" + f) else { continue }
                for e in c.entries {
                    for t in [e.translation].compactMap({ $0 }) + Array(e.plurals.values) where !t.isEmpty {
                        for line in t.split(separator: "\n") { out.append(String(line)) }
                    }
                }
                if out.count >= limit { return out }
            }
        }
        return out
    }

    /// Strings the comparison can't speak for: control characters (the engine shows placeholders,
    /// ICU writes them raw), zero-width characters outside clusters, emoji sequences.
    static func comparable(_ s: String) -> Bool {
        !s.unicodeScalars.contains { u in
            u.value < 0x20 || (0x7F...0x9F).contains(u.value) || u.value == 0x2028 || u.value == 0x2029
                || (u.value >= 0x1F000) || u.value == 0x200B || u.value == 0xFEFF || u.value == 0x00AD
                || WidthTable.width(u) < 0
        } && !(s.unicodeScalars.first.map { UnicodeProperties.isMark($0.value) } ?? false)
    }

    static func withoutJoiners(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.filter { $0.value != 0x200C && $0.value != 0x200D }))
    }

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
        for s in strings where Self.comparable(s) {
            checked += 1
            let p = engine.layout(s, direction: .autoLTR, options: LayoutOptions(shaping: false))
            // ICU's REMOVE_BIDI_CONTROLS also drops ZWJ and ZWNJ, which the display keeps inside
            // their cluster: compare without them.
            let got = Self.withoutJoiners(p.lines.map(\.text).joined())
            let want = Self.withoutJoiners(reference.icuReordered(s, direction: .autoLTR))
            // Zero-width characters the display drops outside clusters (LRM and friends are removed
            // by ICU too; ZWSP-like characters are filtered above).
            if got != want && failures.count < 10 { failures.append("\(s.debugDescription)\n  got  \(got)\n  want \(want)") }
        }
        XCTAssertEqual(failures, [], file: file, line: line)
        return checked
    }

    func test_displayOrderEqualsICUsReorderingOnFixtureStrings() {
        let n = checkAgainstICU(Self.fixtureStrings)
        XCTAssertGreaterThan(n, 30)
    }

    func test_displayOrderEqualsICUsReorderingOnInstalledCatalogs() throws {
        let strings = Self.systemStrings(limit: 1_000_000)
        if strings.isEmpty { throw XCTSkip("no Arabic, Hebrew or Persian .mo catalogs installed") }
        let n = checkAgainstICU(strings)
        print("ReferenceTests: \(n) installed catalog strings match ICU's reordering")
        XCTAssertGreaterThan(n, 1000)
    }

    /// The same through the `rtl-tui render` command, which has its own fast paths (lines with no
    /// RTL character, lines of only RTL letters and neutrals reversed without ICU) and streams
    /// through worker threads: every output line equals ICU's reordering of its input line.
    func test_renderCommandEqualsICUsReorderingOnRealStrings() throws {
        var strings = Self.fixtureStrings + Self.systemStrings(limit: 1_000_000)
        strings = strings.filter(Self.comparable)
        let input = Data((strings.joined(separator: "\n") + "\n").utf8)
        let r = try CLI.run(["render", "--no-shape", "--dir", "auto"], stdin: input)
        XCTAssertEqual(r.status, 0, r.stderr)
        let out = r.lines
        XCTAssertEqual(out.count, strings.count)
        let reference = BidiEngine()
        var failures: [String] = []
        for (i, s) in strings.enumerated() where i < out.count {
            let want = Self.withoutJoiners(reference.icuReordered(s, direction: .autoLTR))
            if Self.withoutJoiners(out[i]) != want && failures.count < 10 {
                failures.append("\(s.debugDescription)\n  render \(out[i])\n  ICU    \(want)")
            }
        }
        XCTAssertEqual(failures, [])
        print("ReferenceTests: \(strings.count) strings through rtl-tui render match ICU's reordering")
    }

    /// FriBidi's CLI always mirrors and shapes; compare with the engine's shaped output, line by line.
    func test_displayEqualsFriBidiOnFixtureStrings() throws {
        let fribidi = "/usr/bin/fribidi"
        guard FileManager.default.isExecutableFile(atPath: fribidi) else { throw XCTSkip("fribidi not installed") }
        let strings = Self.fixtureStrings.filter(Self.comparable)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: fribidi)
        p.arguments = ["--nopad", "--nobreak"]
        let inPipe = Pipe(), outPipe = Pipe()
        p.standardInput = inPipe
        p.standardOutput = outPipe
        try p.run()
        try inPipe.fileHandleForWriting.write(contentsOf: Data((strings.joined(separator: "\n") + "\n").utf8))
        try inPipe.fileHandleForWriting.close()
        let out = String(decoding: outPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let theirs = out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
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
