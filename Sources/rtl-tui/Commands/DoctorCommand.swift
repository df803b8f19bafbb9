import ArgumentParser
import BidiTerm
import BidiTermTerminal
import CNcurses
import Foundation
import RTLTUIApps
#if canImport(Glibc)
import Glibc
#endif

/// `rtl-tui doctor`: asks the terminal what the interactive apps ask at start-up (R21) and says
/// what it found, what rtl-tui does there and why, draws a test card the way the apps draw, and
/// names the fix. Over SSH and inside tmux it learns everything over the wire.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check how this terminal shows right-to-left text, and what to change.",
        discussion: """
            Asks the terminal who it is (XTVERSION, DA2, DA1), its bidi modes, colours and the \
            width of the glyphs rtl-tui draws, on the alternate screen, as `demo` and `browse` do at \
            start-up. Prints what was found (the terminal and how it was recognised, each query and \
            its reply, TERM, the locale, colours, the background, tmux or screen and their \
            passthrough, glyphs whose width differs), the strategy rtl-tui uses there and why, a test \
            card drawn the way the apps draw, with what a correct terminal shows beside each line, and \
            the fix. --format json for bug reports. Exit status: 0 when rtl-tui reads right in this \
            terminal, 1 when something has to change (the report says what).
            """ + GuidePage.line("doctor.md")
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @OptionGroup var bidi: BidiModeOptions

    @OptionGroup var theme: ThemeOptions

    func run() throws {
        let env = CommandEnvironment.variables
        _ = setlocale(LC_ALL, "")
        let charset = nl_langinfo(nl_item(CODESET)).map { String(cString: $0) } ?? "unknown"
        let localeName = setlocale(LC_CTYPE, nil).map { String(cString: $0) } ?? "C"

        let session = DoctorSession(environment: env)
        let found = session.ask()
        let decided = TerminalSession.decide(identity: found.identity, outer: found.outer, answers: found.probe,
                                             multiplexer: found.multiplexer, environment: env)
        var remembered = decided.remembered
        if format == .text, bidi.bidiMode == .auto, (decided.outer ?? decided.terminal).family == .qtermwidget, found.asked,
           isatty(CommandEnvironment.standardInput) == 1, isatty(CommandEnvironment.standardOutput) == 1,
           let chosen = DoctorQuestion.ask(remembered: remembered) {
            remembered = chosen
            let key = TerminalMemory.key(for: decided.outer ?? decided.terminal,
                                         answers: decided.outer != nil ? (found.probe.outerAnswers ?? TerminalAnswers()) : found.probe.answers,
                                         environment: env)
            var memory = TerminalMemory.load(environment: env)
            memory.remember(chosen, for: key)
            do {
                try memory.save(environment: env)
                CommandEnvironment.writeOutput("Remembered in \(TerminalMemory.path(environment: env) ?? TerminalMemory.fileDescription): every rtl-tui app uses it in this terminal.\n\n")
            } catch {
                CommandEnvironment.writeError("rtl-tui doctor: could not remember the answer: \(error.localizedDescription)\n")
            }
        }
        let setup = TerminalSetup.plan(mode: bidi.bidiMode, terminal: decided.terminal, outer: decided.outer, probe: found.probe,
                                       multiplexer: found.multiplexer, environment: env, remembered: remembered)
        let report = DoctorReport(probe: found.probe, setup: setup, multiplexer: found.multiplexer, environment: env,
                                  charset: charset, localeName: localeName, terminfoColors: found.colors,
                                  askedTerminal: found.asked, themeOption: theme.theme)
        switch format {
        case .json:
            CommandEnvironment.writeOutput(DoctorOutput.json(report) + "\n")
        case .text:
            DoctorOutput.writeText(report, drawCardForTerminal: isatty(CommandEnvironment.standardOutput) == 1 && found.asked,
                                   columns: found.columns, outerRows: found.multiplexer?.clientHeight ?? found.rows)
        }
        if let sig = found.signal { CNcurses_guard_reraise_default(sig) }
        if !report.isOK { throw ExitCode.failure }
    }
}

/// The I/O of `doctor`: the terminal (its own /dev/tty, so standard output may be a pipe) put
/// in raw mode on the alternate screen for the queries, then restored.
struct DoctorSession {
    let environment: [String: String]

    struct Found {
        var identity: TerminalIdentity
        var outer: TerminalIdentity?
        var probe = TerminalProbeResult()
        var multiplexer: MultiplexerInfo?
        var colors: Int?
        var asked = false
        var columns = 80
        var rows = 24
        /// A termination signal that arrived while the terminal was asked.
        var signal: Int32?
    }

    func ask() -> Found {
        var found = Found(identity: TerminalIdentity.identify(answers: TerminalAnswers(), environment: environment))
        let term = environment["TERM"].flatMap { $0.isEmpty ? nil : $0 }
        let fd: Int32
        if isatty(CommandEnvironment.standardInput) == 1, isatty(CommandEnvironment.standardOutput) == 1 {
            fd = CommandEnvironment.standardOutput
        } else {
            fd = open("/dev/tty", O_RDWR | O_NOCTTY)
        }
        if let term, CNcurses_setupterm(term, fd >= 0 ? fd : CommandEnvironment.standardOutput) == 0 {
            let c = CNcurses_tigetnum("colors")
            found.colors = c >= 0 ? Int(c) : nil
        }
        found.multiplexer = TmuxInfo.query(environment: environment)
        guard fd >= 0, isatty(fd) == 1, term != nil, term != "dumb" else { return found }
        defer { if fd != CommandEnvironment.standardOutput { close(fd) } }

        var size = winsize()
        if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            found.columns = Int(size.ws_col)
            found.rows = Int(size.ws_row)
        }
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { return found }
        var raw = saved
        // No echo, no line editing, no signals from keys; bytes as they come.
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        // The guard puts the terminal back if the process is killed or crashes meanwhile.
        _ = CNcurses_guard_install(fd)
        let smcup = TerminalSession.capability("smcup"), rmcup = TerminalSession.capability("rmcup")
        rmcup.withUnsafeBufferPointer { p in
            p.baseAddress.map { $0.withMemoryRebound(to: CChar.self, capacity: p.count) { _ = CNcurses_guard_set_restore_sequence($0, p.count) } }
        }
        CNcurses_guard_set_active(1)
        _ = tcsetattr(fd, TCSANOW, &raw)
        _ = TerminalConversation.write(smcup, to: fd)

        var options = TerminalProbe.Options()
        options.environment = environment
        options.glyphs = GlyphWidths.interfaceGlyphs + GlyphWidths.terminalProbes
        options.tmuxPassthrough = found.multiplexer.map { $0.attached == false ? false : $0.passthrough } ?? nil
        options.rows = found.rows
        var probe = TerminalProbe(options: options)
        TerminalConversation.run(&probe, input: fd, output: fd)

        _ = TerminalConversation.write(rmcup, to: fd)
        // Unread input (typed keys, a reply that came after its batch gave up) is discarded, so
        // that nothing of it is echoed at the shell's prompt.
        _ = tcsetattr(fd, TCSAFLUSH, &saved)
        CNcurses_guard_set_active(0)
        let pending = CNcurses_guard_pending_termination()
        CNcurses_guard_uninstall()
        if pending != 0 { found.signal = pending }

        found.asked = true
        found.probe = probe.result
        if let id = probe.identity { found.identity = id }
        found.outer = probe.outerIdentity
        return found
    }
}

/// The one question doctor asks where the evidence cannot decide whether the terminal reorders
/// (R21): the same words sent as drawn (1) and pre-ordered for a terminal that reorders (2).
enum DoctorQuestion {
    /// The words of the question's lines: Hebrew and Arabic with a number, in logical order.
    static let sample = "עברית: שלום עולם (12) · عربي: مرحبا بالعالم"

    /// The two lines' cells: as drawn, and in qtermwidget's wire order.
    static func lines() -> [[Cell]] {
        let layout = BidiEngine().layout(sample, direction: .ltr)
        let drawn = (layout.lines.first?.cells ?? []).filter { $0.width > 0 }.map { Cell($0.text, width: UInt8($0.width)) }
        return [drawn, WireTransformer(order: .qterminal).row(drawn).cells]
    }

    /// Shows the lines, reads 1 or 2 from standard input; nil when the answer is neither.
    static func ask(remembered: WireOrder?) -> WireOrder? {
        var out = "rtl-tui cannot tell from its answers whether this terminal reorders right-to-left text.\n"
        if let r = remembered { out += "(You chose line \(r.rewrites ? 2 : 1) before; answer again to change it.)\n" }
        out += "Below, the same words twice: Hebrew for \"Hebrew: hello world (12)\", then Arabic for \"Arabic: hello world\".\n"
            + "In the right one each word reads right to left as it should, the Arabic letters join, and (12) is not (21).\n\n"
        CommandEnvironment.writeOutput(out)
        var bytes: [UInt8] = []
        for (i, line) in lines().enumerated() {
            bytes += Array("  \(i + 1)  ".utf8)
            for c in line where !c.isContinuation { bytes += Array(Sanitizer.terminalSafe(c.symbol).utf8) }
            bytes += Array("\n".utf8)
        }
        _ = TerminalConversation.write(bytes, to: CommandEnvironment.standardOutput)
        CommandEnvironment.writeOutput("\nWhich line reads right, 1 or 2? (Enter: skip) ")
        var answer: [UInt8] = []
        var byte: UInt8 = 0
        while read(CommandEnvironment.standardInput, &byte, 1) == 1, byte != 0x0A, byte != 0x0D { answer.append(byte) }
        CommandEnvironment.writeOutput("\n")
        switch String(decoding: answer, as: UTF8.self).trimmingCharacters(in: .whitespaces) {
        case "1": return .visual
        case "2": return .qterminal
        default: return nil
        }
    }
}

/// The report as text (with the test card drawn for the terminal) and as JSON.
enum DoctorOutput {
    static func writeText(_ r: DoctorReport, drawCardForTerminal: Bool, columns: Int, outerRows: Int) {
        var out = "rtl-tui doctor\n"
        for (title, lines) in r.textSections where title != "Verdict" {
            out += "\n\(title)\n"
            for l in lines { out += "  \(l)\n" }
        }
        out += "\nTest card (drawn the way rtl-tui draws; beside each line, what a correct terminal shows)\n"
        CommandEnvironment.writeOutput(out)
        writeCard(r, forTerminal: drawCardForTerminal, columns: max(40, columns), outerRows: outerRows)
        out = ""
        for (title, lines) in r.textSections where title == "Verdict" {
            out += "\n\(title)\n"
            for l in lines { out += "  \(l)\n" }
        }
        out += r.isOK ? "\nexit status 0: nothing to change\n" : "\nexit status 1: change what the verdict says\n"
        CommandEnvironment.writeOutput(out)
    }

    /// The card: each line framed (`│…│`) with the words beside it, in rows as wide as the
    /// terminal. On the terminal itself, each row goes in the strategy's wire order, with the
    /// strategy's switch around the card (VTE keeps the switch per row, so the card stays right
    /// after the switch is put back).
    static func writeCard(_ r: DoctorReport, forTerminal: Bool, columns: Int, outerRows: Int) {
        let cardWidth = 24
        let engine = BidiEngine()
        let textWidth = max(10, columns - cardWidth - 5)
        var rows: [[Cell]] = []
        for line in DoctorReport.card(width: cardWidth) {
            let words = TerminalNotice(problem: line.expected, fix: "").wrapped(width: textWidth)
            for (i, w) in words.enumerated() {
                var b = Buffer(width: columns, height: 1)
                b.set(x: 1, y: 0, Cell("│"))
                if i == 0 { for (x, c) in line.cells.enumerated() where !c.isContinuation { b.set(x: 2 + x, y: 0, c) } }
                b.set(x: 2 + cardWidth, y: 0, Cell("│"))
                // English with Hebrew or Arabic letters in it: laid out left to right, the letters
                // in their own order (R5).
                var x = 4 + cardWidth
                for c in engine.layout(w, direction: .ltr).lines.first?.cells ?? [] where c.width > 0 {
                    b.set(x: x, y: 0, Cell(c.text, width: UInt8(c.width)))
                    x += c.width
                }
                rows.append((0..<columns).map { b[$0, 0]! })
            }
        }
        let setup = r.setup
        let wire = WireTransformer(order: forTerminal ? setup.wireOrder : .visual)
        var out: [UInt8] = []
        let switches = forTerminal && setup.strategy == .switchedOff
        if switches { out += setup.enter }
        for row in rows {
            let cells = wire.row(row).cells
            var text = forTerminal ? "\u{1B}[2K" : ""
            for c in cells where !c.isContinuation { text += Sanitizer.terminalSafe(c.symbol.isEmpty ? " " : c.symbol) }
            // Trailing blanks are not sent (a row that wraps would start a paragraph of two rows).
            while text.hasSuffix(" ") { text.removeLast() }
            out += Array((text + "\n").utf8)
        }
        // mlterm's switch is global and redraws what is on screen: put back, it would show the
        // card with mlterm's own bidi. The card stays right while the switch is held: until
        // Enter when someone is at the terminal, else the card is only described.
        let global = switches && setup.drawing.family == .mlterm
        if switches {
            if setup.fixesRows { out += setup.rowFix(rows: outerRows) }
            if !global { out += setup.leave }
        }
        _ = TerminalConversation.write(out, to: CommandEnvironment.standardOutput)
        if global {
            if isatty(CommandEnvironment.standardInput) == 1 {
                CommandEnvironment.writeOutput("  (mlterm's own bidi stays off while you read the card: press Enter to give it back)")
                var byte: UInt8 = 0
                while read(CommandEnvironment.standardInput, &byte, 1) == 1, byte != 0x0A, byte != 0x0D {}
                CommandEnvironment.writeOutput("\n")
            } else {
                CommandEnvironment.writeOutput("  (mlterm redraws the screen with its own bidi once rtl-tui gives it back: read the card before that)\n")
            }
            _ = TerminalConversation.write(setup.leave, to: CommandEnvironment.standardOutput)
        }
    }

    static func json(_ r: DoctorReport) -> String {
        func q(_ s: String) -> String { JSON.quote(s) }
        func opt(_ s: String?) -> String { s.map(JSON.quote) ?? "null" }
        func bytes(_ b: [UInt8]?) -> String { b.map { q(DoctorReport.visible($0)) } ?? "null" }
        func identity(_ id: TerminalIdentity?) -> String {
            guard let id else { return "null" }
            return "{\"family\":\(q(id.family.rawValue)),\"name\":\(q(id.name)),\"version\":\(opt(id.version)),"
                + "\"evidence\":[\(id.evidence.map(q).joined(separator: ","))]}"
        }
        let s = r.setup
        var parts: [String] = []
        parts.append("\"ok\":\(r.isOK)")
        parts.append("\"terminal\":\(identity(s.terminal))")
        parts.append("\"outer\":\(identity(s.outer))")
        if let m = r.multiplexer {
            parts.append("\"multiplexer\":{\"passthrough\":\(m.passthrough.map { "\($0)" } ?? "null"),"
                         + "\"clientTermType\":\(opt(m.clientTermType)),\"clientTermName\":\(opt(m.clientTermName)),"
                         + "\"attached\":\(m.attached.map { "\($0)" } ?? "null")}")
        } else {
            parts.append("\"multiplexer\":null")
        }
        let queries = r.probe.exchanges.flatMap { ex in
            ex.queries.map { qq in
                "{\"batch\":\(q(ex.name)),\"query\":\(q(qq.name)),\"sent\":\(bytes(qq.bytes)),\"reply\":\(bytes(qq.reply)),\"complete\":\(ex.complete)}"
            }
        }
        parts.append("\"queries\":[\(queries.joined(separator: ","))]")
        let env = ["TERM", "COLORTERM", "TERM_PROGRAM", "LANG", "LC_ALL", "LC_CTYPE", "COLORFGBG", "NO_COLOR", "TMUX", "STY"]
        parts.append("\"environment\":{\(env.map { "\(q($0)):\(opt(r.environment[$0]))" }.joined(separator: ","))}")
        parts.append("\"locale\":{\"name\":\(q(r.localeName)),\"charset\":\(q(r.charset)),\"utf8\":\(r.isUTF8)}")
        let support: String
        switch r.colorSupport {
        case .palette256: support = "256"
        case .ansi16: support = "16"
        case .basic8: support = "8"
        case .monochrome: support = "none"
        }
        parts.append("\"colors\":{\"terminfo\":\(r.terminfoColors.map(String.init) ?? "null"),\"used\":\(q(support))}")
        parts.append("\"background\":{\"osc11\":\(opt(r.probe.background)),\"color\":\(opt(r.backgroundColor?.description)),"
                     + "\"colorfgbg\":\(opt(r.environment["COLORFGBG"])),"
                     + "\"light\":\(r.backgroundBrightness.map { "\($0 == .light)" } ?? "null")}")
        parts.append("\"theme\":{\"name\":\(q(r.theme.name)),\"reason\":\(q(r.theme.reason))}")
        parts.append("\"foreground\":{\"osc10\":\(opt(r.probe.foreground))}")
        let widths = r.widthDisagreements.map {
            "{\"glyph\":\(q($0.glyph)),\"codePoints\":\(q($0.glyph.unicodeScalars.map { "U+" + Hex.padded($0.value) }.joined(separator: " "))),"
                + "\"table\":\($0.expected),\"terminal\":\($0.measured)}"
        }
        let fallbacks = r.glyphSet.replacements.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
            .map { "\(q($0.key)):\(q($0.value))" }
        parts.append("\"widths\":{\"measured\":\(r.probe.advances.count),\"disagreeing\":[\(widths.joined(separator: ","))],"
                     + "\"fallbacks\":{\(fallbacks.joined(separator: ","))},\"marks\":\(q(r.marks.rawValue))}")
        parts.append("\"strategy\":{\"mode\":\(q(s.mode.rawValue)),\"name\":\(q(s.strategy.rawValue)),\"wireOrder\":\(q(s.wireOrder.rawValue)),"
                     + "\"passthrough\":\(q(s.passthrough.rawValue)),\"fixesRows\":\(s.fixesRows),"
                     + "\"sends\":\(q(DoctorReport.visible(s.enter))),\"restores\":\(q(DoctorReport.visible(s.leave))),"
                     + "\"reasons\":[\(s.reasons.map(q).joined(separator: ","))]}")
        parts.append("\"notice\":\(s.notice.map { "{\"problem\":\(q($0.problem)),\"fix\":\(q($0.fix))}" } ?? "null")")
        let wire = WireTransformer(order: s.wireOrder)
        let card = DoctorReport.card().map { l in
            let shown = l.cells.filter { !$0.isContinuation }.map(\.symbol).joined()
            let sent = wire.row(l.cells).cells.filter { !$0.isContinuation }.map(\.symbol).joined()
            return "{\"id\":\(q(l.id)),\"text\":\(q(l.text)),\"drawn\":\(q(shown)),\"sent\":\(q(sent)),\"expected\":\(q(l.expected))}"
        }
        parts.append("\"card\":[\(card.joined(separator: ","))]")
        parts.append("\"problems\":[\(r.problems.map(q).joined(separator: ","))]")
        parts.append("\"fix\":\(opt(r.fix))")
        parts.append("\"terminalSetting\":\(opt(r.terminalSetting))")
        return "{" + parts.joined(separator: ",") + "}"
    }
}
