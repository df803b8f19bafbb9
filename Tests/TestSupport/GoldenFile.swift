import Foundation
import XCTest

/// Golden files: a screen's rows, each between `|` marks so that no editor strips its trailing
/// spaces, under `#` comment lines. `RECORD_SNAPSHOTS=1` rewrites them from the current output.
public enum GoldenFile {
    /// Where the golden screens are: `Tests/BidiTermTests/Fixtures/golden`.
    public static let directory = Repository.fixtures.appendingPathComponent("golden").path

    /// Whether this run records goldens instead of comparing.
    public static var recording: Bool {
        let v = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] ?? ""
        return !v.isEmpty && v != "0"
    }

    /// The golden file of the demo screen `screen` in `locale` and `direction` (`ltr`, `rtl`).
    public static func path(screen: String, locale: String, direction: String) -> String {
        directory + "/\(screen).\(locale).\(direction).txt"
    }

    /// The file's text for `rows`.
    public static func encode(_ rows: [String], header: [String]) -> String {
        (header.map { "# " + $0 } + rows.map { "|" + $0 + "|" }).joined(separator: "\n") + "\n"
    }

    /// The rows of a golden file; throws when a row line is not between `|` marks.
    public static func decode(_ text: String, path: String) throws -> [String] {
        var rows: [String] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard line.count >= 2, line.hasPrefix("|"), line.hasSuffix("|") else {
                throw GoldenError(message: "\(path):\(n + 1): a row must be written between | marks: \(line)")
            }
            rows.append(String(line.dropFirst().dropLast()))
        }
        return rows
    }

    public struct GoldenError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Compares `actual` with the golden file at `path` (or records it); on a mismatch, fails with
    /// a line diff (`LineDiff`).
    public static func assertMatches(_ actual: [String], path: String, header: [String],
                                     file: StaticString = #filePath, line: UInt = #line) {
        if recording {
            do {
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try encode(actual, header: header).write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                XCTFail("cannot record \(path): \(error)", file: file, line: line)
            }
            return
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            XCTFail("no golden file \(path); run RECORD_SNAPSHOTS=1 swift test --filter Golden to record it. Actual:\n"
                    + LineDiff.framed(actual), file: file, line: line)
            return
        }
        let expected: [String]
        do { expected = try decode(text, path: path) } catch {
            XCTFail("\(error)", file: file, line: line)
            return
        }
        guard let diff = LineDiff.report(expected: expected, actual: actual) else { return }
        XCTFail("\(path): rows differ (RECORD_SNAPSHOTS=1 swift test --filter Golden re-records)\n" + diff, file: file, line: line)
    }
}
