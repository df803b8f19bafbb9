// What the interactive session does about a terminal's own bidi (R21), decided from values: the
// mode the user asked for, what the terminal answered at start-up, what a multiplexer says about
// itself, the environment. The terminal session sends the bytes; nothing here does I/O.

/// How the session deals with the terminal's bidi.
public enum BidiStrategy: String, Hashable, Sendable, Codable {
    /// The terminal does no bidi: cells are sent as drawn.
    case plain
    /// The terminal's bidi is switched off by escape sequences (BDSM and SCP for VTE, mintty,
    /// WezTerm; OSC 5379 for mlterm), before the screen is first cleared.
    case switchedOff
    /// Cells are sent in the order the terminal's own bidi turns back into the picture
    /// (`WireOrder`).
    case compensated
    /// Logical text for a terminal that reorders (the user asked for it).
    case implicit
    /// Nothing sent, cells as drawn (the user asked for it).
    case untouched
    /// No escape and no proven compensation: a notice in the first frame says what to change.
    case notice
}

/// What the session learnt about a multiplexer from the multiplexer itself (tmux's options and
/// its record of the client terminal), as extra evidence.
public struct MultiplexerInfo: Hashable, Sendable, Codable {
    /// tmux's `allow-passthrough` (nil: unknown).
    public var passthrough: Bool?
    /// The client terminal's XTVERSION as tmux recorded it (`#{client_termtype}`), when any.
    public var clientTermType: String?
    /// The client's TERM (`#{client_termname}`).
    public var clientTermName: String?
    /// Whether a client is attached (nil: unknown).
    public var attached: Bool?
    /// The pane's and the client's widths, and the client's height (nil: unknown). A per-row
    /// compensation holds only when the pane spans the client's width.
    public var paneWidth: Int?
    /// The client's width (nil: unknown).
    public var clientWidth: Int?
    /// The client's height (nil: unknown).
    public var clientHeight: Int?
    /// The client process's id (`#{client_pid}`).
    public var clientPID: Int32?
    /// The client's environment where it is readable (the same machine): the terminal's own
    /// variables (`VTE_VERSION`, `KONSOLE_VERSION`…).
    public var clientEnvironment: [String: String]?

    /// What tmux said (nil: unknown).
    public init(passthrough: Bool? = nil, clientTermType: String? = nil, clientTermName: String? = nil, attached: Bool? = nil,
                paneWidth: Int? = nil, clientWidth: Int? = nil, clientHeight: Int? = nil) {
        self.passthrough = passthrough
        self.clientTermType = clientTermType
        self.clientTermName = clientTermName
        self.attached = attached
        self.paneWidth = paneWidth
        self.clientWidth = clientWidth
        self.clientHeight = clientHeight
    }
}

/// The session's plan for a terminal: what to send before the first frame, how to send cells,
/// what to send after frames, how to restore, what to tell the user, and why.
public struct TerminalSetup: Hashable, Sendable {
    /// The mode asked for (`--bidi-mode`).
    public var mode: TerminalBidiMode
    /// How the terminal's own bidi is dealt with.
    public var strategy: BidiStrategy
    /// How rows are sent.
    public var wireOrder: WireOrder
    /// The terminal the app writes to (a multiplexer itself when inside one).
    public var terminal: TerminalIdentity
    /// The terminal that draws, behind a multiplexer (nil: the same as `terminal`, or unknown).
    public var outer: TerminalIdentity?
    /// Sent after the start-up queries and before the screen is first cleared, and again on
    /// resume before the screen is repainted.
    public var enter: [UInt8]
    /// Sent to put the terminal back (quit, suspend, crash): on the alternate screen and again
    /// after leaving it.
    public var leave: [UInt8]
    /// Whether every row's bidi flags must be set again after every frame (`rowFix(rows:)`):
    /// VTE keeps them per row, and behind tmux the rows are tmux's, which it may clear and
    /// re-create at any time.
    public var fixesRows: Bool
    /// Whether the terminal keeps the bidi mode per row (VTE), so that rows that already exist
    /// when the session resumes are set again after the first frame.
    public var keepsModePerRow = false
    /// How wrapped sequences reach the terminal that draws.
    public var passthrough: Passthrough
    /// Zero-width format characters (ZWNJ, ZWJ, marks of direction) are left out of cells:
    /// mlterm gives each a cell of its own.
    public var dropsFormatCharacters = false
    /// Shown in the first frame and in help, when not nil.
    public var notice: TerminalNotice?
    /// Why, in sentences, for `rtl-tui doctor`.
    public var reasons: [String]

    /// How sequences reach the terminal outside a multiplexer: not at all, through tmux's DCS, or
    /// through GNU screen's.
    public enum Passthrough: String, Hashable, Sendable, Codable {
        /// No passthrough: the terminal outside is not reached.
        case none
        /// tmux's `DCS tmux; … ST`.
        case tmux
        /// GNU screen's DCS, one per sequence.
        case screen
    }

    /// Whether the app reorders text.
    public var appReorders: Bool { mode.appReorders }

    /// The terminal whose bidi matters: the outer one behind a multiplexer, when known.
    public var drawing: TerminalIdentity { outer ?? terminal }

    /// The bytes that set every row of a `rows`-row screen explicit again (VTE: a row's bidi
    /// flags change only while the cursor is in its first column), wrapped for the multiplexer.
    public func rowFix(rows: Int) -> [UInt8] {
        guard fixesRows || keepsModePerRow, rows > 0 else { return [] }
        var s = "\u{1B}7"
        for r in 1...rows { s += "\u{1B}[\(r);1H\u{1B}[8l\u{1B}[1 k" }
        s += "\u{1B}8"
        return wrap(Array(s.utf8))
    }

    /// The bytes that put every row of a `rows`-row screen back to the terminal's bidi mode as
    /// it was (behind a multiplexer, whose rows outlive the app), wrapped; none otherwise.
    public func rowRestore(rows: Int) -> [UInt8] {
        guard fixesRows, passthrough != .none, rows > 0, restoresImplicitRows else { return [] }
        var s = "\u{1B}7"
        for r in 1...rows { s += "\u{1B}[\(r);1H\u{1B}[8h\u{1B}[0 k" }
        s += "\u{1B}8"
        return wrap(Array(s.utf8))
    }

    /// Whether the terminal's rows were implicit before (its BDSM state was set or unknown).
    var restoresImplicitRows = true

    func wrap(_ bytes: [UInt8]) -> [UInt8] {
        guard !bytes.isEmpty else { return [] }
        switch passthrough {
        case .none: return bytes
        case .tmux: return TerminalProbe.tmuxPassthrough(bytes)
        case .screen: return TerminalProbe.screenPassthrough(bytes)
        }
    }

    // MARK: - Planning

    /// The plan for `mode` in the terminal the probe found.
    ///
    /// - Parameters:
    ///   - mode: the bidi mode asked for (`--bidi-mode`).
    ///   - terminal: the identity the probe gave.
    ///   - outer: the identity of the terminal behind a multiplexer, when there is one.
    ///   - probe: what the start-up queries found (`TerminalProbe.result`, `identity`,
    ///     `outerIdentity`); an empty result when the terminal answered nothing.
    ///   - multiplexer: what tmux says about itself, when inside tmux.
    ///   - environment: extra evidence (`VTE_VERSION` inherited by a tmux server started in VTE).
    ///   - remembered: the order the user chose for this terminal in `rtl-tui doctor`
    ///     (`TerminalMemory`), used where the evidence cannot decide whether it reorders.
    public static func plan(mode: TerminalBidiMode, terminal: TerminalIdentity, outer: TerminalIdentity? = nil,
                            probe: TerminalProbeResult = TerminalProbeResult(), multiplexer: MultiplexerInfo? = nil,
                            environment: [String: String] = [:], remembered: WireOrder? = nil) -> TerminalSetup {
        var outerID = outer
        var reasons: [String] = []
        var passthrough = Passthrough.none
        let inTmux = terminal.family == .tmux
        let inScreen = terminal.family == .screen
        if inTmux {
            if outer != nil {
                passthrough = .tmux
                reasons.append("tmux passes sequences through to the terminal it runs in (allow-passthrough on), which answered as \(outer!.name)")
            } else {
                if multiplexer?.passthrough == true {
                    passthrough = .tmux
                }
                // tmux's own record of the client terminal, then the client's environment, then
                // the environment the tmux server was started with.
                if let t = multiplexer?.clientTermType, !t.isEmpty, let id = TerminalIdentity.fromVersionString(t) {
                    outerID = TerminalIdentity(family: id.family, version: id.version,
                                               evidence: ["tmux #{client_termtype} \"\(Sanitizer.visible(t))\""])
                } else if let env = multiplexer?.clientEnvironment, let id = TerminalIdentity.fromEnvironment(env),
                          !id.family.isMultiplexer {
                    outerID = TerminalIdentity(family: id.family, version: id.version,
                                               evidence: id.evidence.map { $0 + " (the tmux client's environment)" })
                } else if let id = TerminalIdentity.fromEnvironment(environment.filter { $0.key != "TMUX" && $0.key != "TERM" }),
                          !id.family.isMultiplexer {
                    outerID = TerminalIdentity(family: id.family, version: id.version,
                                               evidence: id.evidence.map { $0 + " (inherited by tmux)" })
                }
                if multiplexer?.passthrough == false {
                    reasons.append("tmux keeps escape sequences from the terminal it runs in (allow-passthrough off)")
                } else if multiplexer?.passthrough == true {
                    reasons.append("tmux allows passthrough, but the terminal outside did not answer through it")
                } else {
                    reasons.append("the terminal outside tmux did not answer through tmux's passthrough")
                }
                if let o = outerID { reasons.append("the terminal outside tmux is probably \(o.name) (\(o.evidence.joined(separator: ", ")))") }
            }
        } else if inScreen {
            passthrough = .screen
            if let o = outer { reasons.append("GNU screen passes DCS strings through to the terminal it runs in, which answered as \(o.name)") }
        }
        let drawing = outerID ?? terminal
        let family = drawing.family
        let reachable = !(inTmux || inScreen) || passthrough != .none
        let modes = probe.modes

        var setup = TerminalSetup(mode: mode, strategy: .plain, wireOrder: .visual, terminal: terminal, outer: outerID,
                                  enter: [], leave: [], fixesRows: false, passthrough: passthrough, notice: nil, reasons: reasons)

        switch mode {
        case .none:
            setup.strategy = .untouched
            setup.reasons.append("--bidi-mode none: nothing is sent and cells are sent as drawn")
            return setup
        case .implicit:
            setup.strategy = .implicit
            setup.add(switching: .bidi, on: true, modes: modes)
            setup.reasons.append("--bidi-mode implicit: logical text, the terminal reorders and shapes")
            return setup
        case .explicit:
            setup.strategy = .switchedOff
            setup.add(switching: .bidi, on: false, modes: modes, always: true)
            setup.enter += setup.wrap(Array("\u{1B}[1 k".utf8))
            setup.leave += setup.wrap(Array("\u{1B}[0 k".utf8))
            setup.add(switching: .arrowSwap, on: false, modes: modes, always: true)
            if family == .mlterm { setup.addMltermSwitch() }
            setup.fixesRows = family == .vte && (inTmux || inScreen) && reachable
            setup.keepsModePerRow = family == .vte
            setup.reasons.append("--bidi-mode explicit: the terminal is told not to reorder; cells are sent as drawn")
            return setup
        case .konsole, .putty, .qterminal, .kitty:
            setup.strategy = .compensated
            setup.wireOrder = mode.forcedWireOrder!
            setup.reasons.append("--bidi-mode \(mode.rawValue): rows are sent for \(mode.rawValue)'s own bidi")
            return setup
        case .auto:
            break
        }

        // R25: under `rtl-tui run` the screen is reordered unless the program says it draws in
        // visual order itself (BDSM off, CSI 8 l), as in a terminal with bidi on.
        if environment["RTL_TUI_RUN"] == "1", !(inTmux || inScreen) {
            setup.strategy = .switchedOff
            setup.enter += setup.wrap(TerminalMode.bidi.sequence(set: false))
            setup.leave += setup.wrap(TerminalMode.bidi.sequence(set: true))
            setup.reasons.append("runs under rtl-tui run, which reorders each row unless told not to: CSI 8 l switches that off; cells are sent as drawn")
            return setup
        }

        switch family {
        case .xterm, .urxvt, .st, .linux, .alacritty, .foot, .ghostty, .terminology, .eterm:
            setup.strategy = .plain
            setup.reasons.append("\(drawing.family.displayName) does no bidi: cells are sent as drawn")
        case .coolRetroTerm:
            setup.strategy = .plain
            setup.reasons.append("cool-retro-term (qmltermwidget) draws every run left to right as sent (no bidi, and no setting "
                                 + "for one): cells are sent as drawn")
        case .deepinTerminal:
            setup.strategy = .compensated
            setup.wireOrder = .qterminal
            setup.notice = Notices.forTerminal(.deepinTerminal)
            setup.reasons.append("deepin-terminal reorders every run of same-coloured text itself (its qtermwidget fork, Qt's UBA), "
                                 + "always: no setting or escape sequence stops it; each run is sent in the order Qt turns back into "
                                 + "the picture, as for qterminal")
        case .qtermwidget:
            if let order = remembered {
                setup.strategy = order.rewrites ? .compensated : .plain
                setup.wireOrder = order
                setup.reasons.append("this terminal answers like qterminal, deepin-terminal and cool-retro-term alike; you chose "
                                     + (order.rewrites ? "the line sent for a terminal that reorders" : "the line sent as drawn")
                                     + " in rtl-tui doctor (remembered in \(TerminalMemory.fileDescription))")
            } else {
                // Sent as drawn, a reordering terminal shows right-to-left words backwards, as any
                // program without bidi does there; sent pre-ordered, a terminal that does not
                // reorder shows those words backwards too, and its scales and arrows mirrored: as
                // drawn fails the more mildly.
                setup.strategy = .plain
                setup.notice = Notices.undecided
                setup.reasons.append("qterminal and deepin-terminal (which reorder) and cool-retro-term (which does not) answer "
                                     + "alike, and nothing else told them apart: cells are sent as drawn, which fails the more mildly; "
                                     + "rtl-tui doctor asks which line reads right and remembers it")
            }
        case .vte where Self.vteVersion(drawing).map({ $0 < 5800 }) ?? false:
            // VTE before 0.58 has no bidi.
            setup.strategy = .plain
            setup.reasons.append("VTE \(drawing.version ?? "") predates VTE's bidi (0.58): cells are sent as drawn")
        case .vte, .mintty, .wezterm:
            if reachable {
                setup.strategy = .switchedOff
                setup.add(switching: .bidi, on: false, modes: modes, always: modes[.bidi] == nil)
                setup.enter += setup.wrap(Array("\u{1B}[1 k".utf8))
                setup.leave += setup.wrap(Array("\u{1B}[0 k".utf8))
                setup.add(switching: .arrowSwap, on: false, modes: modes)
                if family == .mintty { setup.add(switching: .minttyBidiOff, on: true, modes: modes, always: true) }
                setup.fixesRows = family == .vte && (inTmux || inScreen)
                setup.keepsModePerRow = family == .vte
                setup.restoresImplicitRows = modes[.bidi] != 2
                setup.reasons.append("\(drawing.family.displayName) honours the BiDi mode of the freedesktop recommendation: "
                                     + "explicit mode (CSI 8 l) and LTR paragraphs (CSI 1 SP k) are set before the screen is first cleared"
                                     + (setup.fixesRows ? ", and every row is set again after each frame (the rows are \(terminal.family.displayName)'s)" : ""))
            } else if family == .vte, inTmux {
                // tmux passes the cells in the order sent; VTE, in its default implicit mode,
                // reorders each row: rows go in the order it turns back into the picture.
                setup.strategy = .compensated
                setup.wireOrder = .vte
                setup.reasons.append("tmux keeps the escape sequences that switch VTE's bidi off, and passes cells in the order "
                                     + "sent; VTE reorders each row itself (implicit mode, its default): rows are sent in the "
                                     + "order its bidi (FriBidi, LTR paragraphs, mirroring) turns back into the picture")
            } else {
                setup.strategy = .notice
                setup.notice = Notices.passthrough(inTmux ? .tmux : .screen)
                setup.reasons.append("\(drawing.family.displayName) needs escape sequences that \(terminal.family.displayName) does not pass on")
            }
        case .mlterm:
            if reachable {
                setup.strategy = .switchedOff
                setup.addMltermSwitch()
                setup.dropsFormatCharacters = true
                setup.reasons.append("mlterm's own switch (OSC 5379 use_ctl=false) turns its bidi and shaping off; restored to use_ctl=true")
            } else {
                setup.strategy = .notice
                setup.notice = Notices.passthrough(inTmux ? .tmux : .screen)
                setup.reasons.append("mlterm needs an escape sequence that \(terminal.family.displayName) does not pass on")
            }
        case .konsole where !Self.konsoleDrawsByRow(drawing):
            // Konsole before 22.12 draws like qtermwidget (runs of equal style, Qt's bidi): the
            // same compensation as qterminal, not measured in those versions.
            setup.strategy = .compensated
            setup.wireOrder = .qterminal
            setup.notice = Notices.forTerminal(.konsole)
            setup.reasons.append("Konsole \(drawing.version ?? "before 22.12") reorders runs of equally styled text itself (as qtermwidget "
                                 + "does): each run is sent in the order Qt turns back into the picture; this is not measured for "
                                 + "versions before 22.12, so the notice names the setting as well")
        case .konsole:
            setup.strategy = .compensated
            setup.wireOrder = .konsole
            setup.reasons.append("Konsole reorders every row itself and no escape sequence stops it: rows are sent in the order its "
                                 + "bidi (ICU, level 0, box drawing as L) turns back into the picture")
        case .putty:
            setup.strategy = .compensated
            setup.wireOrder = .putty
            setup.reasons.append("PuTTY reorders every row itself (its own UBA, direction from the row's first strong character) and "
                                 + "no escape sequence stops it: rows are sent in the order it turns back into the picture")
        case .qterminal:
            // The order reads right, but not pixel for pixel (Qt places the glyphs of a
            // right-to-left run from its other end), and a repaint of part of a row (a mouse
            // selection, an expose) draws those cells in the order they were sent until the row is
            // drawn again: the first frame says so, with the setting that makes it exact.
            setup.strategy = .compensated
            setup.wireOrder = .qterminal
            setup.notice = Notices.qterminalCompensated
            setup.reasons.append("qterminal reorders every run of same-coloured text itself (Qt's UBA) and no escape sequence stops it: "
                                 + "each run is sent in the order Qt turns back into the picture; glyphs may sit 1–2 px off and a "
                                 + "partial repaint shows a run out of order, so the notice names the setting")
        case .kitty:
            setup.strategy = .compensated
            setup.wireOrder = .kitty
            setup.reasons.append("kitty lays out runs that start with Arabic or Hebrew right to left (HarfBuzz): such runs are sent "
                                 + "reversed and mirrored, so they come out as drawn")
        case .appleTerminal, .iterm2:
            setup.strategy = .notice
            setup.notice = Notices.forTerminal(family)
            setup.reasons.append("\(drawing.family.displayName) may reorder right-to-left text itself; no escape sequence or proven "
                                 + "compensation exists")
        case .tmux, .screen, .unknown:
            if inTmux || inScreen {
                setup.strategy = passthrough == .none ? .notice : .plain
                if passthrough == .none { setup.notice = Notices.passthrough(inTmux ? .tmux : .screen) }
                setup.reasons.append("the terminal outside \(terminal.family.displayName) is unknown")
            } else {
                setup.strategy = .plain
                setup.reasons.append("the terminal is not recognised (\(terminal.evidence.joined(separator: ", "))): cells are sent as drawn")
            }
        }
        if inTmux, setup.wireOrder == .konsole || setup.wireOrder == .putty || setup.wireOrder == .vte,
           let pane = multiplexer?.paneWidth, let client = multiplexer?.clientWidth, pane < client {
            // The outer terminal reorders whole rows, which hold other panes too.
            setup.notice = Notices.narrowPane(family)
            setup.reasons.append("the tmux pane (\(pane) columns) is narrower than the terminal (\(client)): a row holds other panes' cells")
        }
        return setup
    }

    /// Adds the change of `mode` to on/off, and its restore to the state the terminal reported.
    /// Without a report the change is made only when `always`, and the restore goes to the
    /// mode's default. A terminal that reports the mode already as wanted, or unknown
    /// (0, permanently set or reset), is left alone.
    mutating func add(switching mode: TerminalMode, on: Bool, modes: [TerminalMode: Int], always: Bool = false) {
        let reported = modes[mode]
        switch reported {
        case 1?, 2?:
            let isOn = reported == 1
            guard isOn != on else { return }
            enter += wrap(mode.sequence(set: on))
            leave += wrap(mode.sequence(set: isOn))
        case nil where always:
            enter += wrap(mode.sequence(set: on))
            leave += wrap(mode.sequence(set: TerminalSetup.defaultState(of: mode)))
        default:
            return
        }
    }

    /// VTE's version as a number (major * 10000 + minor * 100 + micro), when known.
    static func vteVersion(_ id: TerminalIdentity) -> Int? {
        guard id.family == .vte, let v = id.version else { return nil }
        let parts = v.split(separator: ".").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return parts[0] * 10000 + parts[1] * 100 + parts[2]
    }

    /// Whether a Konsole reorders whole rows (22.12 and later, by its XTVERSION; older ones, and
    /// those known by DA2 alone, reorder runs of equal style).
    static func konsoleDrawsByRow(_ id: TerminalIdentity) -> Bool {
        guard let v = id.version else { return false }
        let parts = v.split(separator: ".").compactMap { Int($0) }
        guard parts.count >= 2 else { return false }
        return parts[0] > 22 || (parts[0] == 22 && parts[1] >= 12)
    }

    /// The state a mode has in a terminal that was not told otherwise.
    static func defaultState(of mode: TerminalMode) -> Bool {
        switch mode {
        case .bidi: return true            // implicit
        case .arrowSwap: return true       // VTE's default
        case .minttyBidiOff: return false
        }
    }

    mutating func addMltermSwitch() {
        // use_ctl cannot be asked over the wire (OSC 5380 needs mlterm's challenge file); true is
        // mlterm's default.
        enter += wrap(Array("\u{1B}]5379;use_ctl=false\u{07}".utf8))
        leave += wrap(Array("\u{1B}]5379;use_ctl=true\u{07}".utf8))
    }
}
