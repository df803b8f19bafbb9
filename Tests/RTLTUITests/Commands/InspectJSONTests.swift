import BidiTerm
import Foundation
import TestSupport
import XCTest
@testable import rtl_tui

/// `inspect --format jsonl` writes each paragraph's analysis as it reads it from ICU: the same
/// object as one built from the arrays of `BidiAnalysis` and the cell layout's display.
final class InspectJSONTests: XCTestCase {
    /// The object from `BidiAnalysis` (the faithful view, in arrays) and `layout`.
    static func reference(_ text: String, _ direction: BaseDirection) -> String {
        let a = BidiAnalysis(text, direction: direction)
        let display = BidiEngine().layout(text, direction: direction).lines.first?.text ?? ""
        var s = "{\"paragraphLevel\":\(a.paragraphLevel),\"direction\":\"\(a.direction.rawValue)\""
        s += ",\"text\":" + JSON.quote(text)
        s += ",\"codePoints\":[" + a.scalars.map { "\"U+\(Hex.padded($0.value))\"" }.joined(separator: ",") + "]"
        s += ",\"levels\":[" + a.levels.map { $0.map(String.init) ?? "null" }.joined(separator: ",") + "]"
        s += ",\"visualOrder\":[" + a.visualOrder.map(String.init).joined(separator: ",") + "]"
        s += ",\"mirrored\":[" + a.mirrored.map(String.init).joined(separator: ",") + "]"
        s += ",\"runs\":[" + a.runs.map {
            "{\"start\":\($0.range.lowerBound),\"end\":\($0.range.upperBound),\"direction\":\"\($0.direction.rawValue)\"}"
        }.joined(separator: ",") + "]"
        return s + ",\"display\":" + JSON.quote(display) + "}\n"
    }

    func test_jsonlEqualsTheAnalysisArrays() {
        let seed = TestSeed.seed(default: 26)
        var rng = RandomText(seed: seed)
        var texts = ReferenceStrings.fixture + ["", "abc", "\u{202E}x\u{202C}", "👍🏽 (א)", "\u{10FFFD}\u{202B}ب\u{2069}"]
        for _ in 0..<500 { texts.append(rng.paragraph(pieces: Int(rng.next() % 40))) }
        let engine = BidiEngine()
        for text in texts {
            for direction in [BaseDirection.ltr, .rtl, .auto(fallback: .ltr), .auto(fallback: .rtl)] {
                var out: [UInt8] = []
                InspectCommand.writeJSON(text, direction: direction, engine: engine, into: &out) { _ in XCTFail("no flush") }
                XCTAssertEqual(String(decoding: out, as: UTF8.self), Self.reference(text, direction), "\(text.debugDescription) (seed \(seed))")
            }
        }
    }

    /// A paragraph of megabytes is handed over 64 KiB at a time while it is written.
    func test_longParagraphStreams() throws {
        let text = String(repeating: "مرحبا (abc) שלום 12 ", count: 20_000)
        var flushed: [UInt8] = []
        var flushes = 0, largest = 0
        var out: [UInt8] = []
        InspectCommand.writeJSON(text, direction: .auto(fallback: .ltr), engine: BidiEngine(), into: &out) { buffer in
            flushes += 1
            largest = max(largest, buffer.count)
            flushed += buffer
            buffer.removeAll()
        }
        XCTAssertGreaterThan(flushes, 20)
        XCTAssertLessThan(largest, (1 << 16) + 64)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(flushed + out)) as? [String: Any])
        XCTAssertEqual((object["levels"] as? [Any])?.count, text.unicodeScalars.count)
        XCTAssertEqual(object["text"] as? String, text)
    }
}
