import BidiTerm

/// The start-up queries (R21) as a session runs them, so that a terminal which does not answer
/// never holds up the first frame.
///
/// `init` asks the terminal and waits for its answers as `TerminalConversation` does, except that
/// when nothing at all has come back after `firstAnswerWait` it stops waiting: the app starts with
/// the plan for a terminal that did not answer (`identification`, from the environment alone: the
/// same as after a timeout), and the queries stay open (`isPending`). The key reader hands the
/// replies that arrive later to `receive` (`NcursesBackend.lateReplies`), and the run loop calls
/// `poll` to give up on a batch whose time ran out. Later batches are written between frames, each
/// inside a cursor save and restore. When the last batch is done, `receive` or `poll` returns the
/// plan made from all the answers, which the session then applies and repaints with.
///
/// ```swift
/// // Fragment: `channel` is the terminal's, `draw` draws the app's frame
/// let startup = TerminalStartup(options: options, rows: 24, channel: channel, firstAnswerWait: .milliseconds(200))
/// draw(startup.identification)                       // at once, even if nothing answered
/// if let late = startup.receive(replyBytes) { draw(late) }   // or startup.poll(), every few ms
/// ```
public final class TerminalStartup {
    /// The options the queries and the plan follow.
    public let options: TerminalSessionOptions
    /// tmux's own account of the pane and its client, inside tmux.
    public let multiplexer: MultiplexerInfo?
    /// The plan in force: made from every answer once the queries are done, before that from the
    /// environment alone.
    public private(set) var identification: TerminalSession.Identification
    /// Whether queries are still open, waiting for answers that have not come yet.
    public var isPending: Bool { deadline != nil }
    /// Whether a batch was written after `init` returned (over the app's frames: the screen needs
    /// a repaint once the queries are done).
    public private(set) var wroteAfterStart = false
    /// When the open batch is given up (nil when nothing is open).
    public private(set) var deadline: ContinuousClock.Instant?

    private var probe: TerminalProbe?
    private let channel: TerminalChannel
    private var lastReply: ContinuousClock.Instant?

    /// Asks the terminal on `channel` who it is, its modes, colours and glyph widths, as `options`
    /// say (nothing without `options.identify`), and plans for it. With `firstAnswerWait`, returns
    /// once that long has passed without a single reply, the queries still open; without it,
    /// returns when every batch is answered or timed out.
    public init(options: TerminalSessionOptions, rows: Int, channel: TerminalChannel, firstAnswerWait: Duration? = nil) {
        self.options = options
        self.channel = channel
        let env = options.environment
        guard options.identify else {
            multiplexer = nil
            identification = Self.plan(TerminalProbe(environment: env), multiplexer: nil, options: options)
            return
        }
        multiplexer = TmuxInfo.query(environment: env)
        var probeOptions = TerminalProbe.Options()
        probeOptions.environment = env
        probeOptions.glyphs = Self.unique(GlyphWidths.interfaceGlyphs + GlyphWidths.terminalProbes + options.glyphs)
        // A detached tmux session has no terminal outside to ask.
        probeOptions.tmuxPassthrough = multiplexer.map { $0.attached == false ? false : $0.passthrough } ?? nil
        probeOptions.rows = rows
        var probe = TerminalProbe(options: probeOptions)
        let outcome = TerminalConversation.run(&probe, channel: channel, batchTimeout: options.probeTimeout,
                                               firstAnswerWait: firstAnswerWait)
        if case .unanswered(let d) = outcome { deadline = d }
        self.probe = probe
        identification = Self.plan(probe, multiplexer: multiplexer, options: options)
    }

    /// Takes bytes the terminal sent after `init` returned (replies to the open queries). Returns
    /// the plan made from all the answers when they complete the queries; nil otherwise.
    public func receive(_ bytes: [UInt8]) -> TerminalSession.Identification? {
        guard isPending, var p = probe else { return nil }
        lastReply = channel.now
        let before = p.result.exchanges.count
        let next = p.receive(bytes)
        let closed = p.result.exchanges.count > before
        probe = p
        return closed ? advance(next) : nil
    }

    /// Gives up on the open batch when its time has run out (and ends a batch that lacks only its
    /// DA1 reply once nothing has come for `TerminalConversation.primaryGrace`). Returns the plan
    /// made from all the answers when that ends the queries; nil otherwise.
    public func poll() -> TerminalSession.Identification? {
        guard let d = deadline, var p = probe else { return nil }
        let now = channel.now
        let next: [UInt8]
        if p.awaitsOnlyPrimary, let last = lastReply, last.duration(to: now) >= TerminalConversation.primaryGrace {
            next = p.completeWithoutPrimary()
        } else if now >= d {
            next = p.timeout()
        } else {
            return nil
        }
        probe = p
        return advance(next)
    }

    /// After a batch closed: the next one written (over the app's frame, the cursor saved and
    /// restored around it), or, once the queries are done, the new plan.
    private func advance(_ next: [UInt8]) -> TerminalSession.Identification? {
        guard let p = probe else { return nil }
        if p.isDone || next.isEmpty {
            deadline = nil
            identification = Self.plan(p, multiplexer: multiplexer, options: options)
            return identification
        }
        if !channel.write(Array("\u{1B}7".utf8) + next + Array("\u{1B}8".utf8)) {
            deadline = nil
            return nil
        }
        wroteAfterStart = true
        deadline = channel.now.advanced(by: options.probeTimeout)
        return nil
    }

    /// The plan for what `probe` found so far (R21): the identities made precise (`decide`), the
    /// set-up, the findings (notice, background, advances, marks), the notice's memory.
    static func plan(_ probe: TerminalProbe, multiplexer tmux: MultiplexerInfo?, options: TerminalSessionOptions)
        -> TerminalSession.Identification {
        let env = options.environment
        let result = probe.result
        let identity = probe.identity ?? TerminalIdentity.identify(answers: TerminalAnswers(), environment: env)
        let decided = TerminalSession.decide(identity: identity, outer: probe.outerIdentity, answers: result, multiplexer: tmux,
                                             environment: env)
        let setup = TerminalSetup.plan(mode: options.bidiMode, terminal: decided.terminal, outer: decided.outer, probe: result,
                                       multiplexer: tmux, environment: env, remembered: decided.remembered)
        var findings = TerminalFindings(notice: setup.notice, backgroundReply: result.background, advances: result.advances)
        findings.marks = MarkPlacement.decide(advances: result.advances, requested: options.marks, wireOrder: setup.wireOrder)
        if findings.readsBytes { findings.notice = Notices.readsBytes(setup.drawing.family, environment: env) }
        // The notice names the app that shows it (its name, its flags).
        let appName = options.appName ?? TerminalSession.programName
        if let notice = findings.notice {
            findings.notice = notice.rewritten(arguments: ["program": appName].merging(options.noticeArguments) { $1 },
                                               direction: notice.direction)
        }
        // The app's own words for the notice: its product name, its flags, its language.
        if let notice = findings.notice, let rewrite = options.noticeText {
            findings.notice = rewrite(notice, setup).map { TerminalSession.keepingOriginal($0, of: notice) }
        }
        // A notice is shown in a box once per terminal; then as one line until the help is opened.
        if let n = findings.notice, !n.ascii, options.identify {
            let key = TerminalMemory.noticeKey(n, terminal: TerminalMemory.key(for: setup.drawing, answers: result.outerAnswers ?? result.answers,
                                                                                 environment: env))
            let file = options.noticeMemoryFile ?? TerminalMemory.path(environment: env, app: appName)
            var memory = TerminalMemory.load(path: file)
            if memory.noticesShown.contains(key) {
                findings.noticeSeenBefore = true
            } else {
                memory.rememberNoticeShown(key)
                try? memory.save(path: file)
            }
        }
        return TerminalSession.Identification(probe: result, setup: setup, findings: findings, multiplexer: tmux,
                                              typedInput: probe.typedInput)
    }

    private static func unique(_ glyphs: [String]) -> [String] {
        var seen = Set<String>()
        return glyphs.filter { seen.insert($0).inserted }
    }
}
