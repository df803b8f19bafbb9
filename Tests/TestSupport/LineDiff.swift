import XCTest

/// Line-by-line comparison of screens, rows or output lines.
public enum LineDiff {
    /// A report of how `actual` differs from `expected`, or nil when they are equal: each differing
    /// line, expected and actual between `|` marks (so trailing spaces show), from the first
    /// character where they differ.
    public static func report(expected: [String], actual: [String]) -> String? {
        guard expected != actual else { return nil }
        var report = ""
        for i in 0..<max(expected.count, actual.count) {
            let e = i < expected.count ? expected[i] : nil, a = i < actual.count ? actual[i] : nil
            guard e != a else { continue }
            var column = 0
            if let e, let a { column = zip(e, a).prefix { $0 == $1 }.count }
            report += "✗ row \(i + 1), from character \(column + 1):\n"
            report += "    expected " + (e.map { "|\($0)|" } ?? "(no row)") + "\n"
            report += "    actual   " + (a.map { "|\($0)|" } ?? "(no row)") + "\n"
        }
        return report
    }

    /// `lines` as a Swift array literal, to paste into a test as its expected value.
    public static func literal(_ lines: [String]) -> String {
        "[\n" + lines.map { "    \"\($0)\"," }.joined(separator: "\n") + "\n]"
    }

    /// `lines` numbered, each between `|` marks, for a failure message.
    public static func framed(_ lines: [String]) -> String {
        lines.enumerated().map { i, r in String(format: "%3d ", i) + "|" + r + "|" }.joined(separator: "\n")
    }
}

/// Fails unless `actual` equals `expected`, with a line diff and `actual` as a literal to paste.
public func assertLinesEqual(_ actual: [String], _ expected: [String], _ message: String = "",
                             file: StaticString = #filePath, line: UInt = #line) {
    guard let diff = LineDiff.report(expected: expected, actual: actual) else { return }
    XCTFail("lines differ\(message.isEmpty ? "" : " (\(message))"):\n" + diff + "actual: " + LineDiff.literal(actual),
            file: file, line: line)
}
