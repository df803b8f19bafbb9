// The start-up conversation with the terminal (R21), as a state machine over bytes: which
// queries to send in which batch, when a batch is complete, what the answers mean. The terminal
// session does the I/O (writing, waiting with a time limit); everything here is pure.
//
// Rules, from measurements of every terminal the project supports:
// - Every batch ends with CPR then DA1 (`CSI 6 n CSI c`): the batch is complete when a DA1 reply
//   arrives after a CPR reply. (rxvt-unicode answers ENQ with the bytes of its DA1 reply, so the
//   first DA1-shaped reply is not enough; ENQ is never sent.)
// - The first batch (XTVERSION, DA2) is consumed silently by every terminal. DECRQM goes only to
//   terminals that answer or ignore it (qterminal prints `p` for every DECRQM; PuTTY and Konsole
//   never answer it); no DCS query is sent except inside a multiplexer's passthrough.
// - Every CPR is asked with the cursor on row 2 or below: a late `CSI 1 ; n R` would read as a
//   function key (xterm's Shift-F3 is `CSI 1 ; 2 R`).

/// A terminal mode the session may change, queried first (DECRQM) so it can be put back.
public enum TerminalMode: String, CaseIterable, Hashable, Sendable, Codable {
    /// ANSI mode 8, BDSM: set = implicit (the terminal reorders), reset = explicit.
    case bidi
    /// `?1243`: arrow keys swapped in right-to-left paragraphs (VTE).
    case arrowSwap
    /// `?77096`: bidi disabled (mintty).
    case minttyBidiOff

    /// The mode number and whether it is a DEC private mode.
    public var number: (value: Int, isPrivate: Bool) {
        switch self {
        case .bidi: return (8, false)
        case .arrowSwap: return (1243, true)
        case .minttyBidiOff: return (77096, true)
        }
    }

    /// `CSI [?] Pd $ p`.
    public var query: [UInt8] {
        let n = number
        return Array("\u{1B}[\(n.isPrivate ? "?" : "")\(n.value)$p".utf8)
    }

    /// The sequence that sets (`h`) or resets (`l`) the mode.
    public func sequence(set: Bool) -> [UInt8] {
        let n = number
        return Array("\u{1B}[\(n.isPrivate ? "?" : "")\(n.value)\(set ? "h" : "l")".utf8)
    }
}

/// One batch of queries and what came back, for `rtl-tui doctor` and bug reports.
public struct ProbeExchange: Hashable, Sendable, Codable {
    /// What the batch asks (`identify`, `identify (outside tmux)`, `modes and colours`…).
    public var name: String
    /// The queries, one entry per query: its name and bytes.
    public var queries: [Query]
    /// Every byte that came back while the batch was open.
    public var received: [UInt8]
    /// Whether the batch ended with its sentinel (false: the time ran out).
    public var complete: Bool

    /// One query of a batch and its reply.
    public struct Query: Hashable, Sendable, Codable {
        /// What it asks, for people (`XTVERSION`, `DA2`, `DECRQM 8`).
        public var name: String
        /// The bytes sent.
        public var bytes: [UInt8]
        /// The reply attributed to this query (nil: none).
        public var reply: [UInt8]?
    }
}

/// Everything the start-up queries found.
public struct TerminalProbeResult: Hashable, Sendable, Codable {
    /// The answers of the terminal the app writes to (a multiplexer itself, when inside one).
    public var answers = TerminalAnswers()
    /// The answers of the terminal behind a multiplexer, through its passthrough (nil: not asked
    /// or no answer).
    public var outerAnswers: TerminalAnswers?
    /// Reported mode states (DECRPM: 0 not recognised, 1 set, 2 reset, 3 permanently set,
    /// 4 permanently reset) of the terminal that draws (the outer one behind a multiplexer).
    public var modes: [TerminalMode: Int] = [:]
    /// OSC 10 and 11 answers (`rgb:…`) of the terminal that draws, when it gave them.
    public var foreground: String?
    /// The OSC 11 answer (the background colour), when given.
    public var background: String?
    /// The advance in cells the terminal gave each measured glyph.
    public var advances: [String: Int] = [:]
    /// The batches, in order.
    public var exchanges: [ProbeExchange] = []
    /// Whether some batch ran out of time.
    public var timedOut = false
    /// Whether a batch ended with its cursor reports but no DA1 reply (Eterm answers CPR only).
    public var answeredWithoutPrimary = false

    /// An empty result: nothing answered.
    public init() {}
}

/// The start-up queries as a state machine: `start()` gives the first batch's bytes; `receive`
/// takes whatever the terminal sent and returns the next batch's bytes once a batch is complete;
/// `timeout()` gives up on the current batch. `isDone` tells when to stop.
///
/// ```swift
/// // Fragment: `env`, `read` and `write` stand for the terminal's environment, input and output
/// var probe = TerminalProbe(environment: env, glyphs: ["★", "🔅"])
/// write(probe.start())
/// while !probe.isDone {
///     guard let bytes = read(timeout: 2) else { write(probe.timeout()); continue }
///     write(probe.receive(bytes))
/// }
/// probe.result; probe.typedInput   // the findings, and keys typed meanwhile
/// ```
public struct TerminalProbe {
    /// Settings of a probe.
    public struct Options: Sendable {
        /// The environment (extra evidence; `TMUX`, `STY`).
        public var environment: [String: String] = [:]
        /// Glyphs whose advance to measure (each written at column 1, then a CPR).
        public var glyphs: [String] = []
        /// Whether tmux lets wrapped sequences through (`allow-passthrough`), when known from
        /// tmux itself; nil: unknown (the outer terminal is asked anyway, and silence means no).
        public var tmuxPassthrough: Bool? = nil
        /// The terminal's height.
        public var rows: Int = 24
        /// Default options.
        public init() {}
    }

    /// What to ask and how.
    public let options: Options
    /// What was learnt so far.
    public private(set) var result = TerminalProbeResult()
    /// Bytes that were not replies (keys typed while probing), in order, for the key reader.
    public private(set) var typedInput: [UInt8] = []
    /// The terminal the app writes to, once the first batch is in.
    public private(set) var identity: TerminalIdentity?
    /// The terminal behind a multiplexer, when its passthrough answered.
    public private(set) var outerIdentity: TerminalIdentity?
    /// Whether anything has come back that is a reply (not a key typed meanwhile).
    public private(set) var heardFromTerminal = false

    private var parser = TerminalReplyParser()
    private var batch: Batch?
    private var replies: [TerminalReply] = []
    private var received: [UInt8] = []
    private var sawCPR = false
    private var cprCount = 0
    private var stage = Stage.start

    private enum Stage { case start, identify, outerIdentify, details, outerDetails, done }

    /// Who a batch goes to.
    private enum Target { case direct, tmux, screen }

    private struct Batch {
        var name: String
        var target: Target
        var queries: [(name: String, bytes: [UInt8], kind: Kind)]
        enum Kind: Equatable { case xtversion, da2, mode(TerminalMode), osc(Int), glyph(String), other }
    }

    /// A probe with `options`, at its first batch.
    public init(options: Options) {
        self.options = options
    }

    /// A probe for a terminal with `environment`, measuring `glyphs`, `rows` high.
    public init(environment: [String: String], glyphs: [String] = [], rows: Int = 24) {
        var o = Options()
        o.environment = environment
        o.glyphs = glyphs
        o.rows = rows
        self.init(options: o)
    }

    /// True once every batch is answered or timed out.
    public var isDone: Bool { stage == .done }

    /// The first batch: XTVERSION and DA2.
    public mutating func start() -> [UInt8] {
        guard stage == .start else { return [] }
        stage = .identify
        return open(Batch(name: "identify", target: .direct, queries: [
            ("XTVERSION", Array("\u{1B}[>0q".utf8), .xtversion),
            ("DA2", Array("\u{1B}[>c".utf8), .da2),
        ]))
    }

    /// Takes bytes from the terminal; returns the next batch's bytes when the current one is
    /// complete (empty otherwise, and once the probe is done).
    public mutating func receive(_ bytes: [UInt8]) -> [UInt8] {
        guard batch != nil else {
            typedInput += bytes
            return []
        }
        received += bytes
        var next: [UInt8] = []
        var collecting = true
        for r in parser.feed(bytes) {
            if case .input(let b) = r {
                typedInput += b
                continue
            }
            heardFromTerminal = true
            // Replies after the sentinel belong to no batch of this probe.
            guard collecting else { continue }
            replies.append(r)
            switch r {
            case .cursorPosition:
                sawCPR = true
                cprCount += 1
            case .primaryAttributes where sawCPR:
                collecting = false
                next = close(complete: true)
            default: break
            }
        }
        return next
    }

    /// Whether every cursor report the current batch asks for has come and only its DA1
    /// sentinel is missing: a terminal that answers CPR but not DA1 (Eterm) is done once no more
    /// bytes come for a moment (`completeWithoutPrimary`), without waiting out the batch's time.
    public var awaitsOnlyPrimary: Bool {
        guard let b = batch else { return false }
        let expected = 1 + b.queries.filter { if case .glyph = $0.kind { return true } else { return false } }.count
        return cprCount >= expected
    }

    /// Ends the current batch as complete without its DA1 reply (see `awaitsOnlyPrimary`);
    /// returns the next batch's bytes, if any.
    public mutating func completeWithoutPrimary() -> [UInt8] {
        guard batch != nil, awaitsOnlyPrimary else { return [] }
        result.answeredWithoutPrimary = true
        return close(complete: true)
    }

    /// Gives up on the current batch (its time ran out); returns the next batch's bytes, if any.
    public mutating func timeout() -> [UInt8] {
        guard batch != nil else { return [] }
        result.timedOut = true
        return close(complete: false)
    }

    // MARK: - Batches

    private mutating func open(_ b: Batch) -> [UInt8] {
        batch = b
        replies = []
        received = []
        sawCPR = false
        cprCount = 0
        var payload: [UInt8] = []
        if b.target == .direct { payload += Array("\u{1B}[2;1H".utf8) }
        for q in b.queries {
            if case .glyph = q.kind {
                // Each glyph at column 1 of row 2, on a row cleared first, then a CPR (row 2, see
                // above). Everything the probe draws stays on that one row, which it clears at the
                // end: a multiplexer without an alternate screen (GNU screen by default) keeps
                // what is drawn.
                payload += Array("\u{1B}[2;1H\u{1B}[K".utf8) + q.bytes + Array("\u{1B}[6n".utf8)
            } else {
                payload += q.bytes
            }
        }
        // What a terminal printed of a query it does not know, and the glyphs, are cleared.
        if b.target == .direct { payload += Array("\u{1B}[2;1H\u{1B}[2K".utf8) }
        payload += Array("\u{1B}[6n\u{1B}[c".utf8)
        switch b.target {
        case .direct: return payload
        case .tmux: return Self.tmuxPassthrough(payload)
        case .screen: return Self.screenPassthrough(payload)
        }
    }

    /// `DCS tmux; … ST` with every ESC of the payload doubled: tmux hands the payload to the
    /// terminal it runs in (when `allow-passthrough` is on).
    public static func tmuxPassthrough(_ payload: [UInt8]) -> [UInt8] {
        var out = Array("\u{1B}Ptmux;".utf8)
        for b in payload {
            if b == 0x1B { out.append(0x1B) }
            out.append(b)
        }
        return out + [0x1B, UInt8(ascii: "\\")]
    }

    /// GNU screen passes the contents of a DCS string to its terminal unchanged; a payload may
    /// not contain ST, so each escape sequence gets a DCS of its own.
    public static func screenPassthrough(_ payload: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < payload.count {
            var j = i + 1
            while j < payload.count, payload[j] != 0x1B { j += 1 }
            out += [0x1B, UInt8(ascii: "P")] + payload[i..<j] + [0x1B, UInt8(ascii: "\\")]
            i = j
        }
        return out
    }

    private mutating func close(complete: Bool) -> [UInt8] {
        guard let b = batch else { return [] }
        batch = nil
        if !complete {
            // What is pending is part of a late reply, not a key.
            _ = parser.flush()
        }
        record(b, complete: complete)
        return next(after: b, complete: complete)
    }

    /// Attributes the replies of batch `b` to its queries and stores what they mean.
    private mutating func record(_ b: Batch, complete: Bool) {
        var exchange = ProbeExchange(name: b.name, queries: [], received: received, complete: complete)
        var answers = TerminalAnswers()
        let modeReplies = replies.compactMap { r -> (Int, Bool, Int)? in
            if case .mode(let m, let p, let s) = r { return (m, p, s) }
            return nil
        }
        var unusedModes = Array(modeReplies.indices)
        let cprs = replies.compactMap { r -> (row: Int, column: Int)? in
            if case .cursorPosition(let row, let column) = r { return (row, column) }
            return nil
        }
        var glyphIndex = 0
        for q in b.queries {
            var reply: [UInt8]? = nil
            switch q.kind {
            case .xtversion:
                for case .version(let v) in replies {
                    answers.version = v
                    reply = Array("\u{1B}P>|\(v)\u{1B}\\".utf8)
                }
            case .da2:
                for case .secondaryAttributes(let d) in replies {
                    answers.secondary = d
                    reply = Array("\u{1B}[>\(d.map(String.init).joined(separator: ";"))c".utf8)
                }
            case .mode(let m):
                // By number, or (for numbers above 65535, which xterm, VTE and mlterm report
                // clamped) the first unused reply of the same kind.
                let n = m.number
                let pick = unusedModes.first { modeReplies[$0].0 == n.value && modeReplies[$0].1 == n.isPrivate }
                    ?? (n.value > 65535 ? unusedModes.first { modeReplies[$0].0 == 65535 && modeReplies[$0].1 == n.isPrivate } : nil)
                if let i = pick {
                    unusedModes.removeAll { $0 == i }
                    let (num, priv, state) = modeReplies[i]
                    result.modes[m] = state
                    reply = Array("\u{1B}[\(priv ? "?" : "")\(num);\(state)$y".utf8)
                }
            case .osc(let number):
                for case .osc(let n, let text) in replies where n == number {
                    if number == 10 { result.foreground = text } else if number == 11 { result.background = text }
                    reply = Array("\u{1B}]\(number);\(text)\u{1B}\\".utf8)
                }
            case .glyph(let g):
                // The glyph CPRs come first, in order; the batch's own CPR is the last.
                if glyphIndex < cprs.count - 1 {
                    result.advances[g] = cprs[glyphIndex].column - 1
                    reply = Array("\u{1B}[\(cprs[glyphIndex].row);\(cprs[glyphIndex].column)R".utf8)
                }
                glyphIndex += 1
            case .other:
                break
            }
            exchange.queries.append(.init(name: q.name, bytes: q.bytes, reply: reply))
        }
        for case .primaryAttributes(let d) in replies { answers.primary = d }
        exchange.queries.append(.init(name: "DA1 (sentinel)", bytes: Array("\u{1B}[c".utf8),
                                      reply: answers.primary.map { Array("\u{1B}[?\($0.map(String.init).joined(separator: ";"))c".utf8) }))
        result.exchanges.append(exchange)

        switch stage {
        case .identify:
            result.answers = answers
            identity = TerminalIdentity.identify(answers: answers, environment: options.environment)
        case .outerIdentify:
            if complete, !answers.isEmpty {
                result.outerAnswers = answers
                outerIdentity = TerminalIdentity.identify(answers: answers, environment: [:])
            }
        default:
            break
        }
    }

    private mutating func next(after b: Batch, complete: Bool) -> [UInt8] {
        switch stage {
        case .identify:
            guard complete, let id = identity else { stage = .done; return [] }
            if id.family == .tmux, options.tmuxPassthrough != false {
                stage = .outerIdentify
                return open(Batch(name: "identify (outside tmux)", target: .tmux, queries: [
                    ("XTVERSION", Array("\u{1B}[>0q".utf8), .xtversion),
                    ("DA2", Array("\u{1B}[>c".utf8), .da2),
                ]))
            }
            if id.family == .screen {
                stage = .outerIdentify
                return open(Batch(name: "identify (outside screen)", target: .screen, queries: [
                    ("DA2", Array("\u{1B}[>c".utf8), .da2),
                ]))
            }
            return openDetails()
        case .outerIdentify:
            return openDetails()
        case .details:
            if let outer = outerIdentity, let target = multiplexerTarget {
                stage = .outerDetails
                return open(Batch(name: "modes and colours (outside \(identity?.family.displayName ?? ""))", target: target,
                                  queries: Self.modeAndColourQueries(for: outer.family, target: target)))
            }
            stage = .done
            return []
        case .outerDetails, .start, .done:
            stage = .done
            return []
        }
    }

    private var multiplexerTarget: Target? {
        switch identity?.family {
        case .tmux?: return .tmux
        case .screen?: return .screen
        default: return nil
        }
    }

    /// Modes and colours of the terminal the app writes to (unless a terminal behind a
    /// multiplexer answers for itself), and the glyph measurements.
    private mutating func openDetails() -> [UInt8] {
        stage = .details
        let family = identity?.family ?? .unknown
        var queries = outerIdentity == nil ? Self.modeAndColourQueries(for: family, target: .direct) : []
        if outerIdentity != nil {
            // The multiplexer's own idea of the colours (tmux 3.4 and later answers); the terminal
            // outside is asked through the passthrough next.
            queries.append(("OSC 11", Array("\u{1B}]11;?\u{1B}\\".utf8), .osc(11)))
        }
        for g in options.glyphs where !g.isEmpty { queries.append(("advance of \(g)", Array(g.utf8), .glyph(g))) }
        return open(Batch(name: "modes, colours and glyph widths", target: .direct, queries: queries))
    }

    /// DECRQM for the modes a terminal of `family` may see changed (only where it is answered
    /// or ignored), then OSC 10 and 11.
    private static func modeAndColourQueries(for family: TerminalFamily, target: Target) -> [(name: String, bytes: [UInt8], kind: Batch.Kind)] {
        var q: [(name: String, bytes: [UInt8], kind: Batch.Kind)] = []
        let decrqm: [TerminalMode]
        switch family {
        case .qterminal, .qtermwidget, .coolRetroTerm, .deepinTerminal, .putty, .konsole, .st, .urxvt, .linux, .tmux, .screen:
            decrqm = []
        case .eterm:
            // Eterm answers CPR only; what it makes of OSC 10/11 queries is not measured.
            return []
        case .mintty: decrqm = [.bidi, .minttyBidiOff]
        default: decrqm = [.bidi, .arrowSwap]
        }
        for m in decrqm { q.append(("DECRQM \(m.rawValue)", m.query, .mode(m))) }
        q.append(("OSC 10", Array("\u{1B}]10;?\u{1B}\\".utf8), .osc(10)))
        q.append(("OSC 11", Array("\u{1B}]11;?\u{1B}\\".utf8), .osc(11)))
        return q
    }
}
