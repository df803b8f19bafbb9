import BidiTerm
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Lines of text in visual order (what `rtl-tui render` prints) written to a terminal that runs
/// its own bidi, without taking over the screen (R21): the identification costs nothing (the
/// terminals' own environment variables, the processes above the program, tmux's records of its
/// client, the answer remembered by `rtl-tui doctor`); no query is sent, so nothing typed ahead
/// is lost and a pipe is never waited on.
///
/// - VTE, mintty, WezTerm: each visual line is written in explicit mode (`CSI 8 l`), and the row
///   after the last is put back to implicit (`CSI 8 h`), so the shell's own lines stay as they were.
/// - Konsole, PuTTY, qterminal, deepin-terminal, kitty, and tmux (default options) inside VTE:
///   each line in the order the terminal's bidi turns back into the picture (`WireOrder`); mlterm
///   (its bidi on) in PuTTY's order, the two running their bidi over the whole row alike.
/// - Anything else, and any output that is not a terminal: the lines byte for byte as given.
///
/// ```swift
/// import BidiTerm
/// import BidiTermTerminal
/// import Foundation
///
/// let lines = TerminalLineOutput.standardOutput(mode: .auto)
/// print(lines.visual("םולש world\n"), terminator: "")   // as the terminal needs it
/// FileHandle.standardOutput.write(Data(lines.finish().utf8))
/// ```
public final class TerminalLineOutput: @unchecked Sendable {
    /// What is done to visual lines.
    public enum Treatment: Hashable, Sendable {
        /// Written as given.
        case asIs
        /// Each line in explicit mode, the next row back to implicit (VTE's BDSM, wrapped for a
        /// multiplexer when needed).
        case explicitMode
        /// Each line in this wire order.
        case wire(WireOrder)
    }

    /// What is done to visual lines.
    public let treatment: Treatment
    /// The terminal as identified (nil: the output is not a terminal).
    public let identity: TerminalIdentity?
    /// Why, in sentences.
    public let reasons: [String]
    private let setup: TerminalSetup?
    private let wire: WireTransformer?
    /// The terminal's width in columns, when known: PuTTY runs its bidi over the whole row of the
    /// terminal, blanks after the text included, so a line for it is laid out at that width.
    public let columns: Int?
    private let lock = NSLock()
    private var explicitRows = false

    /// The treatment for `mode` and what the session would plan for the terminal (nil: not a
    /// terminal). `--bidi-mode none` and `implicit` leave the lines as they are.
    /// `columns`: the terminal's width (needed for PuTTY's and mlterm's order; nil when unknown).
    /// `environment`: where mlterm's own configuration is found (`HOME`).
    public init(mode: TerminalBidiMode, setup: TerminalSetup?, columns: Int? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.setup = setup
        self.columns = columns
        identity = setup.map { $0.outer ?? $0.terminal }
        var reasons = setup?.reasons ?? ["standard output is not a terminal: lines are written as they are"]
        var t = Treatment.asIs
        if let s = setup, mode != .none, mode != .implicit {
            switch s.strategy {
            case .compensated where s.wireOrder.rewrites:
                t = .wire(s.wireOrder)
            case .switchedOff where [.vte, .mintty, .wezterm].contains(s.drawing.family) || mode == .explicit:
                t = .explicitMode
                reasons.append("line output: each line in explicit mode (CSI 8 l), the row after it back to implicit (CSI 8 h)")
            case .switchedOff where s.drawing.family == .mlterm && !Self.mltermBidiIsOff(environment: environment):
                // mlterm's switch is global and redraws the screen when put back: no line output
                // can hold it. Its bidi (on unless its configuration says otherwise) runs over the
                // whole row with the paragraph's direction from the row, as PuTTY's does: the lines
                // go in PuTTY's order, laid out at the terminal's width.
                t = .wire(.putty)
                reasons.append("line output: mlterm's switch cannot be held for lines; each line in the order its bidi (run over the whole row, as PuTTY's) turns back into the picture")
            case .switchedOff:
                reasons.append("line output: \(s.drawing.family.displayName)'s switch cannot be held for lines; they are written as they are")
            default:
                break
            }
        }
        treatment = t
        self.reasons = reasons
        if case .wire(let order) = t { wire = WireTransformer(order: order) } else { wire = nil }
    }

    /// The treatment for standard output: none unless it is a terminal; then the terminal as
    /// identified without queries, and `mode` (`--bidi-mode`) over everything.
    public static func standardOutput(mode: TerminalBidiMode,
                                      environment: [String: String] = ProcessInfo.processInfo.environment,
                                      fd: Int32 = STDOUT_FILENO) -> TerminalLineOutput {
        guard isatty(fd) == 1, let term = environment["TERM"], !term.isEmpty, term != "dumb" else {
            return TerminalLineOutput(mode: mode, setup: nil)
        }
        var size = winsize()
        let columns = ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
        return TerminalLineOutput(mode: mode, setup: plan(mode: mode, environment: environment), columns: columns,
                                  environment: environment)
    }

    /// The session's plan from what costs nothing: the environment, the processes above the
    /// program (or above tmux's client), tmux's records, the answer remembered by doctor.
    public static func plan(mode: TerminalBidiMode, environment: [String: String]) -> TerminalSetup {
        let tmux = TmuxInfo.query(environment: environment)
        let identity = TerminalIdentity.identify(answers: TerminalAnswers(), environment: environment)
        let decided = TerminalSession.decide(identity: identity, outer: nil, answers: TerminalProbeResult(),
                                             multiplexer: tmux, environment: environment)
        return TerminalSetup.plan(mode: mode, terminal: decided.terminal, outer: decided.outer, multiplexer: tmux,
                                  environment: environment, remembered: decided.remembered)
    }

    /// Whether mlterm's configuration (`~/.mlterm/main`, `use_ctl = false`) turns its bidi off.
    static func mltermBidiIsOff(environment: [String: String]) -> Bool {
        guard let home = environment["HOME"],
              let text = try? String(contentsOfFile: home + "/.mlterm/main", encoding: .utf8) else { return false }
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0] == "use_ctl" { return parts[1] == "false" }
        }
        return false
    }

    /// Whether lines are changed at all.
    public var changesLines: Bool { treatment != .asIs }

    /// `text` (visual lines, each ended by a line feed; the last may be open) as the terminal
    /// needs it. SGR sequences in it (`--format ansi`) stay with their cells. Thread-safe.
    public func visual(_ text: String) -> String {
        guard changesLines else { return text }
        lock.lock()
        defer { lock.unlock() }
        var out = ""
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let open = lines.last.map { !$0.isEmpty } ?? false
        if !open { lines.removeLast() }
        for (i, line) in lines.enumerated() {
            let last = i == lines.count - 1
            switch treatment {
            case .asIs:
                out += line
            case .explicitMode:
                out += Self.bytes(wrap(Array("\u{1B}[8l".utf8))) + line
                explicitRows = true
            case .wire:
                out += rewrite(String(line))
            }
            if !last || !open { out += "\n" }
        }
        return out
    }

    /// Lines that are not in visual order (messages, logical text): written as they are, on rows
    /// the terminal reorders as it would anyway.
    public func logical(_ text: String) -> String {
        guard treatment == .explicitMode else { return text }
        lock.lock()
        defer { lock.unlock() }
        guard explicitRows else { return text }
        explicitRows = false
        return Self.bytes(wrap(Array("\u{1B}[8h".utf8))) + text
    }

    /// A report mixing both kinds of line: the lines that start with one of `visualPrefixes`
    /// (`"display: "`, `"    renders: "`) are visual, the others logical.
    public func report(_ text: String, visualLinesStartingWith visualPrefixes: [String]) -> String {
        guard changesLines else { return text }
        var out = ""
        var rest = Substring(text)
        while !rest.isEmpty {
            let end = rest.firstIndex(of: "\n").map { rest.index(after: $0) } ?? rest.endIndex
            let line = String(rest[..<end])
            rest = rest[end...]
            out += visualPrefixes.contains { line.hasPrefix($0) } ? visual(line) : logical(line)
        }
        return out
    }

    /// What ends the output: the row after the last visual line back to implicit mode.
    public func finish() -> String { logical("") }

    private func wrap(_ b: [UInt8]) -> [UInt8] {
        switch setup?.passthrough {
        case .tmux?: return TerminalProbe.tmuxPassthrough(b)
        case .screen?: return TerminalProbe.screenPassthrough(b)
        default: return b
        }
    }

    private static func bytes(_ b: [UInt8]) -> String { String(decoding: b, as: UTF8.self) }

    /// One line (no line feed) in wire order, its SGR states kept with their cells.
    private func rewrite(_ line: String) -> String {
        guard let wire else { return line }
        var cells: [Cell] = []
        var states: [String] = [""]
        var stateOfCell: [Int] = []
        var current = ""
        var scalars = Array(line.unicodeScalars)[...]
        var text = ""
        func flushText() {
            for ch in text {
                let g = String(ch)
                let w = max(1, GlyphWidths.expectedWidth(of: g))
                let index = states.firstIndex(of: current) ?? { states.append(current); return states.count - 1 }()
                // The state's number as a colour: cells of one state form one run for the
                // terminals that split runs by style.
                let style = Style(fg: .rgb(UInt8(index >> 16 & 0xFF), UInt8(index >> 8 & 0xFF), UInt8(index & 0xFF)))
                cells.append(Cell(g, width: UInt8(w), style: style))
                stateOfCell.append(index)
                if w == 2 { cells.append(.continuation(style: style)); stateOfCell.append(index) }
            }
            text = ""
        }
        while let s = scalars.first {
            if s == "\u{1B}", scalars.dropFirst().first == "[" {
                var j = scalars.index(scalars.startIndex, offsetBy: 2)
                while j < scalars.endIndex, !(0x40...0x7E).contains(scalars[j].value) { j += 1 }
                guard j < scalars.endIndex else { break }
                flushText()
                let seq = String(String.UnicodeScalarView(scalars[scalars.startIndex...j]))
                if scalars[j] == "m" {
                    let params = String(String.UnicodeScalarView(scalars[scalars.index(scalars.startIndex, offsetBy: 2)..<j]))
                    current = params.isEmpty || params == "0" ? "" : current + seq
                }
                scalars = scalars[scalars.index(after: j)...]
                continue
            }
            text.unicodeScalars.append(s)
            scalars = scalars.dropFirst()
        }
        flushText()
        // PuTTY: the row as the terminal holds it, blanks to its right edge included (its
        // paragraph direction and the place of the text come from the whole row).
        if wire.order == .putty, let columns, cells.count < columns {
            while cells.count < columns { cells.append(Cell(" ", width: 1, style: Style(fg: .rgb(0, 0, 0)))); stateOfCell.append(0) }
        }
        let row = wire.row(cells)
        var out = ""
        var emitted = 0
        var drawnOf = [Int](repeating: 0, count: row.cells.count)
        for (x, w) in row.wireColumn.enumerated() where w < drawnOf.count { drawnOf[w] = x }
        func state(_ x: Int) -> Int { stateOfCell.indices.contains(drawnOf[x]) ? stateOfCell[drawnOf[x]] : 0 }
        // Plain blanks at the end are left unwritten: the terminal's row holds blanks there already.
        let end = (row.cells.indices.last { !(row.cells[$0].symbol == " " && state($0) == 0) } ?? -1) + 1
        for (x, c) in row.cells.prefix(end).enumerated() where !c.isContinuation {
            let state = state(x)
            if state != emitted {
                out += "\u{1B}[0m" + states[state]
                emitted = state
            }
            out += c.symbol.isEmpty ? " " : c.symbol
        }
        if emitted != 0 { out += "\u{1B}[0m" }
        return out
    }
}
