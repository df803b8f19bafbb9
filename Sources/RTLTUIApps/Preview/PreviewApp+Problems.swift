import BidiTerm

extension PreviewApp {
    /// The warnings of the catalogs shown (invalid UTF-8, duplicate keys, …), each
    /// `file:line:column: message`: counted in the header and listed under `t`.
    public var warnings: [String] { workspace?.allWarnings ?? [] }

    /// The rows the problems of the files take at the bottom of the screen, `width` cells wide in
    /// a body `height` rows high: the last-good notice, one row per problem, at most a third of
    /// the body (and 5 rows); when a problem is wider than a row or some do not fit, the last row
    /// says that `t` shows them in full. Empty when every file loads.
    func problemLines(width: Int, height: Int, context ctx: RenderContext) -> [String] {
        let all = problems
        let maxRows = min(5, height / 3)
        guard !all.isEmpty, maxRows >= 2 else { return [] }
        var lines = [chrome.text("chrome.notice.lastGood")]
        let more = all.count > maxRows - 1 || all.contains { ctx.width(of: "✗ " + $0) > width }
        let room = more ? max(1, maxRows - 2) : maxRows - 1
        lines += all.prefix(room).map { "✗ " + $0 }
        if more { lines.append(chrome.text("chrome.notice.more")) }
        return lines
    }

    /// The first rows of the `t` panel: every problem and every catalog warning, in full.
    var problemRows: [String] {
        var rows: [String] = []
        let all = problems
        if !all.isEmpty {
            rows.append(chrome.text("chrome.cut.problems", [TextArgument("count", .number(Double(all.count)))]))
            rows += all.map { "✗ " + $0 }
            rows.append("")
        }
        let warned = warnings
        if !warned.isEmpty {
            rows.append(chrome.text("chrome.cut.warnings", [TextArgument("count", .number(Double(warned.count)))]))
            rows += warned.map { "⚠ " + $0 }
            rows.append("")
        }
        return rows
    }

    /// `text` cut at spaces (or anywhere in a word longer than a row) into rows at most `width`
    /// wide, as `measure` counts cells; logical order, each row laid out on its own.
    static func wrap(_ text: String, width: Int, measure: (String) -> Int) -> [String] {
        guard width > 0, measure(text) > width else { return [text] }
        var rows: [String] = []
        var row = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = row.isEmpty ? word : row + " " + word
            if measure(candidate) <= width { row = candidate; continue }
            if !row.isEmpty { rows.append(row) }
            row = ""
            var piece = ""
            for ch in word {
                if measure(piece + String(ch)) > width { rows.append(piece); piece = "" }
                piece.append(ch)
            }
            row = piece
        }
        if !row.isEmpty { rows.append(row) }
        return rows
    }
}
