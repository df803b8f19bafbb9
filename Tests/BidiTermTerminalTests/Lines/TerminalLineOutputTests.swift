import BidiTerm
import BidiTermTerminal
import XCTest

/// `TerminalLineOutput` for PuTTY (R21): PuTTY runs its bidi over the whole row of the terminal,
/// the blanks after the text included, so each line is laid out at the terminal's width. Checked
/// with PuTTY's bidi simulated (`WireTransformer.simulate`) on rows of that width.
final class TerminalLineOutputTests: XCTestCase {
    static let example = "שלום עולם! התקשרו ל-03-1234567 (שלוחה 12)."

    /// The visual lines of `render --width 30` of the README's first example.
    func visualLines() -> [String] {
        let layout = BidiEngine().layout(Self.example, direction: .auto(fallback: .ltr), width: 30)
        var out: [UInt8] = []
        layout.write(LineFormat(width: 30), into: &out)
        return String(decoding: out, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// A line of single-width text as a row of `columns` cells.
    func row(_ line: String, columns: Int) -> [Cell] {
        var cells = line.map { Cell(String($0)) }
        while cells.count < columns { cells.append(.blank) }
        return cells
    }

    func shown(_ written: String, columns: Int) -> String {
        let simulated = WireTransformer(order: .putty).simulate(row(written, columns: columns))
        return simulated.map { $0.symbol == "\u{2800}" ? " " : $0.symbol }.joined()
    }

    func test_R21_putty_linesAtTheTerminalsWidth_readAsDrawn() {
        let lines = visualLines()
        XCTAssertEqual(lines.count, 2)
        let plan = TerminalLineOutput.plan(mode: .putty, environment: ["TERM": "xterm-256color"])
        for columns in [80, 100, 132] {
            let output = TerminalLineOutput(mode: .putty, setup: plan, columns: columns)
            XCTAssertTrue(output.changesLines)
            let written = output.visual(lines.joined(separator: "\n") + "\n").split(separator: "\n").map(String.init)
            XCTAssertEqual(written.count, 2)
            for (w, v) in zip(written, lines) {
                XCTAssertFalse(w.contains("\u{1B}"))
                XCTAssertLessThanOrEqual(w.count, columns, "never wider than the terminal")
                XCTAssertEqual(shown(w, columns: columns), String(row(v, columns: columns).map(\.symbol).joined()),
                               "columns \(columns): PuTTY shows \(shown(w, columns: columns).debugDescription)")
            }
        }
    }

    func test_R21_putty_withoutTheWidth_theFirstLineWouldLandAtTheRightEdge() {
        // The line that starts at column 0 with no blank before its first Hebrew letter: laid out
        // at its own width, PuTTY's right-to-left paragraph over the whole row moves it.
        let first = visualLines()[0]
        let plan = TerminalLineOutput.plan(mode: .putty, environment: ["TERM": "xterm-256color"])
        let written = TerminalLineOutput(mode: .putty, setup: plan, columns: nil).visual(first + "\n").dropLast()
        XCTAssertNotEqual(shown(String(written), columns: 100), String(row(first, columns: 100).map(\.symbol).joined()))
    }

    /// mlterm runs its bidi over the whole row as PuTTY does (its switch is global and cannot be
    /// held for lines): lines go in PuTTY's order at the terminal's width, unless mlterm's own
    /// configuration turns its bidi off.
    func test_R21_mlterm_linesInPuttysOrder_unlessItsBidiIsOff() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("mlterm-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".mlterm"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: home) }
        let env = ["TERM": "xterm", "MLTERM": "3.9.0", "HOME": home.path]
        let plan = TerminalLineOutput.plan(mode: .auto, environment: env)
        XCTAssertEqual(plan.drawing.family, .mlterm)
        let lines = visualLines()
        let output = TerminalLineOutput(mode: .auto, setup: plan, columns: 100, environment: env)
        XCTAssertEqual(output.treatment, .wire(.putty))
        let written = output.visual(lines.joined(separator: "\n") + "\n").split(separator: "\n").map(String.init)
        for (w, v) in zip(written, lines) {
            XCTAssertEqual(shown(w, columns: 100), String(row(v, columns: 100).map(\.symbol).joined()))
        }
        try "# mlterm\nuse_ctl = false\n".write(to: home.appendingPathComponent(".mlterm/main"), atomically: true, encoding: .utf8)
        let off = TerminalLineOutput(mode: .auto, setup: plan, columns: 100, environment: env)
        XCTAssertEqual(off.treatment, .asIs)
        XCTAssertEqual(off.visual(lines[0] + "\n"), lines[0] + "\n")
    }
}
