import BidiTerm

/// What `rtl-tui doctor` found about the terminal, and what it concludes (R21): the terminal
/// and how it was recognised, its answers to each query, the environment that matters (TERM,
/// locale, colours), its background, a multiplexer and its passthrough, glyph widths it
/// disagrees about, the strategy rtl-tui uses there and why, a test card, and the fix.
///
/// Built from values only (the command does the I/O), so it is tested without a terminal.
public struct DoctorReport: Sendable {
    /// What the session would learn at start-up.
    public var probe: TerminalProbeResult
    /// The plan rtl-tui makes for this terminal.
    public var setup: TerminalSetup
    /// What tmux says about itself, when inside tmux.
    public var multiplexer: MultiplexerInfo?
    /// The environment (TERM, COLORTERM, NO_COLOR, LANG, LC_*, COLORFGBG).
    public var environment: [String: String]
    /// The character set of the locale (`nl_langinfo(CODESET)`), and the locale's name.
    public var charset: String
    public var localeName: String
    /// The number of colours terminfo gives TERM (`colors`), nil when unknown.
    public var terminfoColors: Int?
    /// Whether a terminal could be asked at all (false: no /dev/tty; only the environment).
    public var askedTerminal: Bool
    /// The theme the apps would draw with here, and why.
    public var theme: ThemeChoice

    public init(probe: TerminalProbeResult, setup: TerminalSetup, multiplexer: MultiplexerInfo? = nil,
                environment: [String: String], charset: String, localeName: String, terminfoColors: Int?,
                askedTerminal: Bool = true, themeOption: ThemeOption = .auto) {
        self.probe = probe
        self.setup = setup
        self.multiplexer = multiplexer
        self.environment = environment
        self.charset = charset
        self.localeName = localeName
        self.terminfoColors = terminfoColors
        self.askedTerminal = askedTerminal
        let colors = ColorSupport.detect(hasColors: (terminfoColors ?? 0) > 0, colorCount: terminfoColors ?? 0,
                                         noColor: ColorSupport.noColorRequested(in: environment))
        theme = ThemeChoice.choose(themeOption, osc11Reply: probe.background, environment: environment, colors: colors)
    }

    // MARK: - Findings

    /// Whether the character set is UTF-8 (rtl-tui switches LC_CTYPE to C.UTF-8 otherwise).
    public var isUTF8: Bool { ["utf-8", "utf8"].contains(charset.lowercased()) }

    /// The background colour the terminal answered (OSC 11), when it did.
    public var backgroundColor: RGB? { probe.background.flatMap { TerminalBackground.color(fromOSC11: $0) } }

    /// Light or dark: the OSC 11 answer, else `COLORFGBG`; nil when neither tells.
    public var backgroundBrightness: BackgroundBrightness? {
        if let c = backgroundColor { return BackgroundBrightness(of: c) }
        return environment["COLORFGBG"].flatMap { TerminalBackground.brightness(colorfgbg: $0) }
    }

    /// The background, in words.
    public var backgroundDescription: String {
        if let c = backgroundColor, let reply = probe.background {
            return "\(c), \(BackgroundBrightness(of: c).rawValue) (OSC 11 answer \(Sanitizer.visible(reply)))"
        }
        if let v = environment["COLORFGBG"], let b = TerminalBackground.brightness(colorfgbg: v) {
            return "\(b.rawValue) (COLORFGBG=\(Sanitizer.visible(v)); no OSC 11 answer)"
        }
        return "unknown (no OSC 11 answer, no COLORFGBG)"
    }

    /// The glyphs the apps replace here (fallbacks where the terminal draws another width).
    public var glyphSet: GlyphSet { GlyphSet.adapted(to: probe.advances.filter { $0.value >= 0 }) }

    public var widthDisagreements: [GlyphWidthDisagreement] { GlyphWidths.disagreements(probe.advances) }

    /// Whether the terminal reads bytes, not UTF-8 (a 2-byte letter moved the cursor 2 cells).
    public var readsBytes: Bool { GlyphWidths.readsBytes(probe.advances) }

    /// Whether the terminal gives combining marks a cell of their own.
    public var marksTakeCells: Bool { GlyphWidths.marksTakeCells(probe.advances) }

    /// Where the apps put combining marks here by default (`MarkPlacement.decide`).
    public var marks: MarkPlacement { MarkPlacement.decide(advances: probe.advances, wireOrder: setup.wireOrder) }

    /// How many colours rtl-tui will use.
    public var colorSupport: ColorSupport {
        ColorSupport.detect(hasColors: (terminfoColors ?? 0) > 0, colorCount: terminfoColors ?? 0,
                            noColor: ColorSupport.noColorRequested(in: environment))
    }

    /// What stands between the terminal and a right reading of rtl-tui, each with its fix.
    public var problems: [String] {
        var out: [String] = []
        if !askedTerminal { out.append("No terminal to ask (standard input, output and /dev/tty are not terminals): run rtl-tui doctor in the terminal to check.") }
        if readsBytes {
            out.append(Notices.readsBytes(setup.drawing.family, environment: environment).line)
        } else if let n = setup.notice, !n.informational {
            out.append(n.line)
        }
        if !isUTF8 {
            out.append("The locale's character set is \(charset), not UTF-8: set LANG=C.UTF-8 (or another UTF-8 locale).")
        }
        if let t = environment["TERM"], t == "dumb" || t.isEmpty {
            out.append("TERM=\(t) cannot move the cursor: set TERM=xterm-256color.")
        } else if environment["TERM"] == nil {
            out.append("TERM is not set: set TERM=xterm-256color.")
        }
        return out
    }

    /// Whether rtl-tui reads right in this terminal as it is (exit status 0).
    public var isOK: Bool { problems.isEmpty }

    /// The one thing to change, or nil when nothing needs changing.
    public var fix: String? {
        if readsBytes { return Notices.readsBytes(setup.drawing.family, environment: environment).fix }
        if let n = setup.notice, !n.informational { return n.fix }
        if !isUTF8 { return "Set LANG=C.UTF-8 (or another UTF-8 locale)." }
        return problems.isEmpty ? nil : problems.first
    }

    /// The setting that turns the terminal's own bidi off, when rtl-tui compensates for it
    /// (for exact pixels, or when the compensation guesses wrong): then use --bidi-mode explicit.
    public var terminalSetting: String? {
        guard setup.strategy == .compensated || setup.notice != nil else { return nil }
        return Notices.forTerminal(setup.drawing.family)?.fix
    }

    // MARK: - Test card

    /// One line of the test card: what rtl-tui draws, and what a correct terminal shows.
    public struct CardLine: Sendable, Hashable {
        public var id: String
        /// The text, in logical order.
        public var text: String
        /// The cells as rtl-tui draws them (visual order).
        public var cells: [Cell]
        /// What a correct terminal shows, in words.
        public var expected: String
    }

    /// The card's lines: Hebrew, Arabic with lam-alef and harakat, a bracketed number, an arrow,
    /// and a frame row with the interface's glyphs, each drawn right to left in `width` cells.
    public static func card(width: Int = 24) -> [CardLine] {
        let engine = BidiEngine()
        func line(_ id: String, _ text: String, _ expected: String) -> CardLine {
            let layout = engine.layout(text, direction: .rtl, width: width)
            var b = Buffer(width: width, height: 1)
            if let first = layout.lines.first {
                var x = width - first.width
                for c in first.cells where c.width > 0 {
                    b.set(x: x, y: 0, Cell(c.text, width: UInt8(c.width)))
                    x += c.width
                }
            }
            return CardLine(id: id, text: text, cells: (0..<width).map { b[$0, 0]! }, expected: expected)
        }
        return [
            line("hebrew", "שלום עולם",
                 "Hebrew \"hello world\" at the right edge: the rightmost letter is ש (shin), the leftmost ם (final mem)."),
            line("arabic", "السَّلامُ عَلَيْكُم",
                 "Arabic, letters joined; the rightmost letter is ا (alef); لا is one ligature ﻻ; shadda, fatha and damma sit above their letters."),
            line("number", "גרסה (2.4.1)",
                 "\"(2.4.1)\" at the left end, digits in that order, brackets opening toward the number; the Hebrew word at the right."),
            line("arrow", "הבא ←",
                 "The arrow ← at the left end, pointing left (forward when reading right to left)."),
            line("glyphs", "★★☆ 🔅 ━━● ﻻ",
                 "Stars, the sun icon, a slider and ﻻ; the frame's right edge │ lines up with the rows above."),
        ]
    }

    /// The card's cells as sent to this terminal: in the wire order of the strategy.
    public func cardCells(width: Int = 24) -> [[Cell]] {
        let wire = WireTransformer(order: setup.wireOrder)
        return Self.card(width: width).map { setup.wireOrder.rewrites ? wire.row($0.cells).cells : $0.cells }
    }

    // MARK: - Text

    /// The queries and their replies, one line each: `DA2  ESC[>c  →  ESC[>65;7006;1c`.
    public var queryLines: [String] {
        probe.exchanges.flatMap { ex -> [String] in
            ex.queries.filter { !$0.name.hasPrefix("advance of") }.map { q in
                let reply = q.reply.map(Self.visible) ?? "(no reply)"
                return "\(ex.name): \(q.name)  \(Self.visible(q.bytes))  →  \(reply)"
            } + (ex.complete ? [] : ["\(ex.name): no complete answer within the time limit"])
        }
    }

    /// Bytes with ESC written `ESC`, other controls as `^X`, and everything else as it is.
    public static func visible(_ bytes: [UInt8]) -> String {
        var out = ""
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar.value {
            case 0x1B: out += "ESC"
            case 0x07: out += "BEL"
            case 0..<0x20, 0x7F: out += "^" + String(Character(Unicode.Scalar(UInt8(scalar.value ^ 0x40))))
            default: out += Sanitizer.terminalSafe(String(Character(scalar)))
            }
        }
        return out
    }

    /// The report for a person, without the card (the command draws the card, in wire order).
    public var textSections: [(title: String, lines: [String])] {
        var terminal: [String] = []
        let t = setup.terminal
        terminal.append("identified as: \(t.name)")
        if !t.evidence.isEmpty { terminal.append("recognised by: \(t.evidence.joined(separator: "; "))") }
        if let o = setup.outer {
            terminal.append("outside \(t.family.displayName): \(o.name)")
            if !o.evidence.isEmpty { terminal.append("recognised by: \(o.evidence.joined(separator: "; "))") }
        }
        if t.family.isMultiplexer {
            let pass: String
            switch multiplexer?.passthrough {
            case true?: pass = "on"
            case false?: pass = "off"
            case nil: pass = setup.passthrough == .none ? "off or unknown (nothing came back through it)" : "on (the terminal outside answered through it)"
            }
            terminal.append("\(t.family.displayName) passthrough: \(pass)")
            if let c = multiplexer?.clientTermName { terminal.append("client TERM (as tmux knows it): \(Sanitizer.visible(c))") }
            if let c = multiplexer?.clientTermType { terminal.append("client terminal type (as tmux knows it): \(Sanitizer.visible(c))") }
        }

        var env: [String] = []
        env.append("TERM: \(environment["TERM"].map(Sanitizer.visible) ?? "(not set)")")
        if let c = environment["COLORTERM"] { env.append("COLORTERM: \(Sanitizer.visible(c))") }
        env.append("locale: \(Sanitizer.visible(localeName)), character set \(Sanitizer.visible(charset))\(isUTF8 ? "" : " (not UTF-8)")")
        let colours: String
        switch colorSupport {
        case .palette256: colours = "256 or more"
        case .ansi16: colours = "16"
        case .basic8: colours = "8"
        case .monochrome: colours = ColorSupport.noColorRequested(in: environment) ? "none (NO_COLOR is set)" : "none"
        }
        env.append("colours: \(colours) (terminfo colors: \(terminfoColors.map(String.init) ?? "unknown"))")
        env.append("background: \(backgroundDescription)")
        if let fg = probe.foreground { env.append("foreground: OSC 10 answer \(Sanitizer.visible(fg))") }
        env.append("theme: \(theme.name) (\(theme.reason))")

        var widths: [String] = []
        let measured = probe.advances.count
        let dis = widthDisagreements
        if measured == 0 {
            widths.append("not measured")
        } else if dis.isEmpty {
            widths.append("all \(measured) measured glyphs take the cells the width table says")
        } else {
            widths.append("\(dis.count) of \(measured) measured glyphs disagree with the width table (rtl-tui draws fallback glyphs for them):")
            for d in dis {
                let cps = d.glyph.unicodeScalars.map { "U+" + Hex.padded($0.value) }.joined(separator: " ")
                widths.append("  \(Sanitizer.terminalSafe(d.glyph)) (\(cps)): table \(d.expected), terminal \(d.measured)")
            }
            let replaced = glyphSet.replacements.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
            if !replaced.isEmpty {
                widths.append("fallbacks: " + replaced.map { "\(Sanitizer.terminalSafe($0.key)) → \($0.value)" }.joined(separator: ", "))
            }
        }

        if measured > 0 {
            switch marks {
            case .combined: widths.append("marks: on their letter (a letter with a harakah moved the cursor 1 cell)")
            case .cell: widths.append("marks: each in a cell of its own next to its letter (a letter with a mark moved the cursor 2 cells)")
            case .drop: widths.append("marks: left out (a letter with a mark moved the cursor 2 cells, and the rows go in a wire order)")
            }
        }

        var strategy: [String] = []
        strategy.append("--bidi-mode \(setup.mode.rawValue): \(Self.describe(setup.strategy))"
                        + (setup.wireOrder.rewrites ? " (\(setup.wireOrder.rawValue) order)" : ""))
        for r in setup.reasons { strategy.append("why: \(r)") }
        if !setup.enter.isEmpty { strategy.append("sends before the first frame: \(Self.visible(setup.enter))") }
        if !setup.leave.isEmpty { strategy.append("restores on exit: \(Self.visible(setup.leave))") }
        if let n = setup.notice { strategy.append("notice: \(n.line)") }

        var verdict: [String] = []
        if problems.isEmpty {
            verdict.append("rtl-tui reads right in this terminal as it is.")
        } else {
            verdict += problems
        }
        if let s = terminalSetting {
            verdict.append("For exact display (or if the card reads wrong because the terminal's own bidi is already off): \(s)")
        }
        return [("Terminal", terminal), ("Queries and replies", queryLines), ("Environment", env), ("Glyph widths", widths),
                ("Strategy", strategy), ("Verdict", verdict)]
    }

    static func describe(_ s: BidiStrategy) -> String {
        switch s {
        case .plain: return "cells as drawn (the terminal does no bidi)"
        case .switchedOff: return "the terminal's bidi is switched off"
        case .compensated: return "cells sent in the order the terminal's own bidi turns back into the picture"
        case .implicit: return "logical text, the terminal reorders"
        case .untouched: return "nothing sent"
        case .notice: return "a notice in the first frame names the setting to change"
        }
    }
}
