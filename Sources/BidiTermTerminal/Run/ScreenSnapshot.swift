import BidiTerm
import Foundation

/// The screen of `run` written to files on the command key's `c` (R27's key; the QA workflow of
/// `Docs/guide/run.md`): the screen as drawn, as SVG and HTML (the exporter `preview` uses), and as text
/// with each row as drawn (visual) and as the program wrote it (logical) side by side.
public enum ScreenSnapshot {
    /// The files written: their paths.
    public struct Written: Sendable, Hashable {
        /// The SVG picture of the screen as drawn.
        public var svg: String
        /// The HTML page of the screen as drawn.
        public var html: String
        /// The text file: each row as drawn and as the program wrote it.
        public var text: String
        /// The name they share, without folder and extension (`rtl-tui-20261201-204512-1`).
        public var name: String
    }

    /// A buffer holding `rows` (cells as drawn), `columns` wide.
    static func buffer(_ rows: [[Cell]], columns: Int) -> Buffer {
        var b = Buffer(width: max(1, columns), height: max(1, rows.count))
        for (y, row) in rows.enumerated() {
            for (x, c) in row.enumerated() where x < columns && !c.isContinuation {
                b.set(x: x, y: y, c)
            }
        }
        return b
    }

    /// The text of one row of cells: continuation cells skipped, empty cells as spaces.
    static func text(_ row: [Cell]) -> String {
        row.filter { !$0.isContinuation }.map { $0.symbol.isEmpty ? " " : Sanitizer.terminalSafe($0.symbol) }.joined()
    }

    /// The side-by-side text: `visual │ logical` per row, each half `columns` cells wide.
    public static func sideBySide(visual: [[Cell]], logical: [[Cell]], columns: Int) -> String {
        var out = "as drawn (visual)".padding(toLength: columns, withPad: " ", startingAt: 0) + " │ as the program wrote it (logical)\n"
        out += String(repeating: "─", count: columns) + "─┼─" + String(repeating: "─", count: columns) + "\n"
        for y in 0..<max(visual.count, logical.count) {
            let v = y < visual.count ? text(visual[y]) : ""
            let l = y < logical.count ? text(logical[y]) : ""
            // Pad by cells (a wide character takes two).
            let cells = y < visual.count ? visual[y].count : 0
            out += v + String(repeating: " ", count: max(0, columns - cells)) + " │ " + l.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) + "\n"
        }
        return out
    }

    /// Writes the three files into `folder` under a name made of the time (and a number when taken
    /// within the same second). - Throws: when a file cannot be written.
    public static func write(visual: [[Cell]], logical: [[Cell]], columns: Int, folder: String, title: String,
                             date: Date = Date()) throws -> Written {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyyMMdd-HHmmss"
        let stamp = f.string(from: date)
        var n = 1
        var name = "rtl-tui-\(stamp)-\(n)"
        let fm = FileManager.default
        while fm.fileExists(atPath: folder + "/" + name + ".svg") || fm.fileExists(atPath: folder + "/" + name + ".txt") {
            n += 1
            name = "rtl-tui-\(stamp)-\(n)"
        }
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let b = buffer(visual, columns: columns)
        let base = folder + "/" + name
        try BufferExport.svg(b, title: title).write(toFile: base + ".svg", atomically: true, encoding: .utf8)
        try BufferExport.html(b, title: title).write(toFile: base + ".html", atomically: true, encoding: .utf8)
        try sideBySide(visual: visual, logical: logical, columns: columns).write(toFile: base + ".txt", atomically: true, encoding: .utf8)
        return Written(svg: base + ".svg", html: base + ".html", text: base + ".txt", name: name)
    }
}
