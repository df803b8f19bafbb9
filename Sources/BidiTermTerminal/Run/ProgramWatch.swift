import BidiTerm
#if canImport(Glibc)
import Glibc
#endif

/// What `run`'s loop knows of the program in the foreground of its pseudo-terminal, looked at
/// often enough to follow a shell that starts emacs and exits it (R27), and cheap: one
/// `tcgetpgrp(3)` per look, `/proc` read only when the foreground changes (then its `comm` again at
/// each look of its first seconds, through a descriptor kept open, for an `exec`; its maps a few
/// times more, for a library loaded at run time, as newt loads FriBidi). The group's other
/// processes (what a script without `exec` or a pipeline starts) are looked for on quiet waits,
/// and the first of the group with evidence of its own decides.
struct ProgramWatch {
    /// The row options before any verdict (the command's own `--dir`, `--gap`…).
    var baseOptions = RowBidi.Options()
    /// Nanoseconds between two looks.
    var interval: Int64 = 100_000_000
    /// The process in the foreground (the group's leader), when known.
    private(set) var process: ForegroundProcess? {
        didSet { commName = process.map { Array($0.name.utf8) } ?? [] }
    }
    /// The group's other processes, in the order of their ids, as the last scan found them.
    private(set) var members: [ForegroundProcess] = []
    /// The process the verdict is about: the leader, or the first member with evidence of its own
    /// (whiptail started by `sh script`), when the leader has none.
    private(set) var deciding: ForegroundProcess?
    /// The verdict in force.
    private(set) var verdict = ProgramVerdict()
    /// Set when the verdict changed; the loop applies it and clears this.
    var changed = false
    /// The command key's choices, per program name, for this session.
    private(set) var overrides: [String: ProgramRule] = [:]
    /// What vim's screen last showed of rightleft (nil: no sign yet).
    private var rightLeft: Bool?
    private var group: Int32 = -1
    private var lastLook: Int64 = 0
    private var firstSeen: Int64 = 0
    private var mapLooks = 0
    /// When the group's members are next looked for (0: not while the leader decides by itself),
    /// and when each member was first seen (its maps are read again in its first seconds).
    private var nextMemberScan: Int64 = 0
    private var memberSince: [Int32: Int64] = [:]
    private var rules = RunRules()
    private var rulesPath: String?
    /// `/proc/PID/comm` of the process in the foreground, open during its first seconds (-1: not
    /// open), and the name it held: a look reads it again with one `pread`, no path looked up.
    private var commFD: Int32 = -1
    private var commName: [UInt8] = []

    /// When the maps of a new foreground process are read again, in nanoseconds after it appeared.
    static let mapLooksAfter: [Int64] = [150_000_000, 500_000_000, 1_500_000_000, 4_000_000_000]

    func due(_ now: Int64) -> Bool { now - lastLook >= interval || group < 0 }

    /// When the look of a wait with nothing to read is due, if one is (monotonic nanoseconds):
    /// `afterFrame` after the last frame (and `interval` after the last look), or when the maps
    /// of the process are to be read again.
    var nextQuietLook: Int64? {
        var t: Int64? = lookAfterFrame ? max(lastLook + interval, frameTime + Self.afterFrame) : nil
        if group > 0, mapLooks < Self.mapLooksAfter.count {
            let m = firstSeen + Self.mapLooksAfter[mapLooks]
            t = min(t ?? m, m)
        }
        if group > 0, nextMemberScan > 0 { t = min(t ?? nextMemberScan, nextMemberScan) }
        return t
    }

    /// How often the group's members are looked for after the first (on quiet waits), while the
    /// leader has no evidence of its own: a script that starts whiptail after a minute's work.
    static let memberScanEvery: Int64 = 2_000_000_000

    /// How long after a frame the look of a quiet wait comes (a program that ended and gave the
    /// foreground back to a shell that wrote nothing), long before a typist's next key.
    static let afterFrame: Int64 = 2_000_000

    /// When the last frame was out (monotonic nanoseconds; 0: none yet).
    private var frameTime: Int64 = 0

    /// A frame is out at `time` (read after it was written): one more look is due after it even
    /// if no frame follows.
    mutating func frameDrawn(at time: Int64) { frameTime = time }

    /// Whether a look is still due after the last frame: none came since.
    var lookAfterFrame: Bool { frameTime > 0 && lastLook <= frameTime }

    /// Whether a look came after the last frame (a quiet wait's): the next frame then does not
    /// look itself, so a key's echo does not wait for it.
    var lookedSinceFrame: Bool { lastLook > frameTime }

    /// The rules file's rules, given once (the command key's `w` adds to them).
    mutating func use(rules: RunRules, path: String?) {
        self.rules = rules
        rulesPath = path
    }

    /// Closes what a look keeps open.
    mutating func stop() {
        if commFD >= 0 { close(commFD) }
        commFD = -1
    }

    /// Whether the foreground program is vim or one of its relatives.
    /// (Kept when the process changes: a frame asks at every key's echo.)
    private(set) var isVim = false

    /// Looks at the foreground process group of the pseudo-terminal `master`: one `tcgetpgrp`,
    /// `/proc` when the group changed, its `comm` in the group's first seconds (one `pread`), its
    /// maps on their schedule when `maps` (a wait with nothing to read: never on a key's path).
    mutating func look(master: Int32, now: Int64, maps: Bool) {
        lastLook = now
        let g = tcgetpgrp(master)
        if g != group {
            group = g
            firstSeen = now
            mapLooks = 0
            rightLeft = nil
            stop()
            process = g > 0 ? ForegroundProcess.inspect(pid: g) : nil
            members = []
            memberSince = [:]
            decide()
            // The members are looked for on the next quiet wait (not on a frame's path).
            nextMemberScan = g > 0 && !leaderDecides ? now : 0
            return
        }
        if maps, nextMemberScan > 0, now >= nextMemberScan { scanMembers(now: now) }
        guard var p = process else {
            mapLooks = Self.mapLooksAfter.count  // nothing to read the maps of
            return
        }
        // The same group: a program that replaced itself (exec: the shell's child becomes emacs
        // after the shell gave it the terminal) has another name, read at each look in the
        // group's first seconds; a library loaded after start shows in the maps.
        if now - firstSeen < Self.mapLooksAfter.last! {
            if nameChanged(pid: p.pid), let fresh = ForegroundProcess.inspect(pid: p.pid) {
                rightLeft = nil
                process = fresh
                decide()
                return
            }
        } else if commFD >= 0 {
            stop()
        }
        if maps, mapLooks < Self.mapLooksAfter.count, now - firstSeen >= Self.mapLooksAfter[mapLooks] {
            mapLooks += 1
            if let fresh = ForegroundProcess.inspect(pid: p.pid), fresh != p {
                if fresh.name != p.name { rightLeft = nil }
                p = fresh
                process = p
                decide()
            }
        }
    }

    /// Looks for the group's other processes: a new one, or one whose name changed (a fork that
    /// became whiptail), or one in its first seconds (a library loaded late) is read from `/proc`.
    private mutating func scanMembers(now: Int64) {
        let pids = ForegroundProcess.groupMembers(of: group)
        var fresh: [ForegroundProcess] = []
        fresh.reserveCapacity(pids.count)
        var since: [Int32: Int64] = [:]
        for pid in pids {
            let first = memberSince[pid] ?? now
            since[pid] = first
            if let old = members.first(where: { $0.pid == pid }), now - first >= Self.mapLooksAfter.last!,
               let comm = ForegroundProcess.readSmallFile("/proc/\(pid)/comm", limit: 64),
               comm.prefix(while: { $0 != 0x0A }).elementsEqual(old.name.utf8) {
                fresh.append(old)
            } else if let p = ForegroundProcess.inspect(pid: pid) {
                fresh.append(p)
            }
        }
        memberSince = since
        let young = since.values.contains { now - $0 < Self.mapLooksAfter.last! }
        if fresh != members {
            members = fresh
            decide()
        }
        // Soon again while a member is young (a fork that has not yet exec'd, a library not yet
        // loaded); else every `memberScanEvery`, unless the leader decides by itself.
        if leaderDecides {
            nextMemberScan = 0
        } else {
            nextMemberScan = now + (young ? Self.mapLooksAfter[0] : Self.memberScanEvery)
        }
    }

    /// Whether the leader's own evidence decides (a rule, its libraries, the table, the command key):
    /// its group's other processes are then not looked for.
    private var leaderDecides = false

    /// Whether `/proc/PID/comm` holds another name than the process's (read through the kept
    /// descriptor, into the stack).
    private mutating func nameChanged(pid: Int32) -> Bool {
        if commFD < 0 {
            commFD = open("/proc/\(pid)/comm", O_RDONLY | O_CLOEXEC)
            if commFD < 0 { return false }
        }
        let fd = commFD
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer -> Bool in
            var n = pread(fd, buffer.baseAddress, buffer.count, 0)
            guard n > 0 else { return false }
            if buffer[n - 1] == 0x0A { n -= 1 }
            return !commName.elementsEqual(UnsafeBufferPointer(rebasing: buffer[..<n]))
        }
    }

    /// What vim's screen shows (R27): kept until the screen shows the other.
    mutating func sawRightLeft(_ value: Bool?) {
        guard let value, value != rightLeft else { return }
        rightLeft = value
        decide()
    }

    private mutating func decide() {
        var v = verdict(for: process)
        var chosen = process
        leaderDecides = v.source != .text && v.source != .screen
        if !leaderDecides, let leader = process {
            for m in members {
                var mv = verdict(for: m)
                guard mv.source != .text else { continue }
                mv.evidence += " (in the foreground group of \(leader.name), pid \(leader.pid))"
                v = mv
                chosen = m
                break
            }
        }
        deciding = chosen
        // A leader that lost its own evidence (an exec into a program the table does not know):
        // its group's other processes are looked for again from the next quiet wait.
        if !leaderDecides, nextMemberScan == 0, group > 0 { nextMemberScan = lastLook }
        isVim = ([process].compactMap { $0 } + members).contains { $0.names.contains(where: KnownPrograms.vimFamily.contains) }
        if v != verdict {
            verdict = v
            changed = true
        }
    }

    private func verdict(for p: ForegroundProcess?) -> ProgramVerdict {
        let isVimProcess = p?.names.contains(where: KnownPrograms.vimFamily.contains) ?? false
        return ProgramEvidence.verdict(for: p, rules: rules, rulesPath: rulesPath, override: overrides[p?.name ?? ""],
                                       rightLeft: isVimProcess ? rightLeft : nil)
    }

    /// The command key's `r`: the program's rows drawn as written if they were reordered, and
    /// reordered (every run) if they were drawn as written.
    mutating func toggleReordering() {
        let key = deciding?.name ?? ""
        var rule = overrides[key] ?? ProgramRule(direction: verdict.direction)
        rule.treatment = verdict.drawsVisualOrder ? .reorder : .visual
        overrides[key] = rule
        decide()
    }

    /// The command key's `d`: the paragraph direction auto → rtl → ltr → auto.
    mutating func cycleDirection() {
        let key = deciding?.name ?? ""
        var rule = overrides[key] ?? ProgramRule(treatment: verdict.drawsVisualOrder ? .visual : verdict.forcesReordering ? .reorder : .auto)
        switch verdict.direction {
        case nil: rule.direction = .rtl
        case .rtl?: rule.direction = .ltr
        case .ltr?: rule.direction = nil
        }
        overrides[key] = rule
        decide()
    }

    /// The rule that says what is in force now for the program.
    var currentRule: ProgramRule {
        ProgramRule(treatment: verdict.drawsVisualOrder ? .visual : verdict.forcesReordering ? .reorder : .auto,
                    direction: verdict.direction)
    }

    /// The command key's `w`: the rule in force written to the rules file. Returns what to show.
    mutating func saveRule(path: String?) -> String {
        guard let name = deciding?.name, !name.isEmpty else { return "rtl-tui: no program in the foreground to keep a rule for" }
        guard let path else { return "rtl-tui: no rules file (HOME is not set)" }
        let rule = currentRule
        do {
            let line = try RunRules.save(rule, for: name, path: path)
            rules.programs[name] = rule
            rules.lines[name] = line
            return "rtl-tui: kept `\(name): \(rule.text)` in \(path):\(line) (applies from the next start)"
        } catch {
            return "rtl-tui: cannot write \(path): \(error.localizedDescription)"
        }
    }
}

/// The words of `run`'s command key (R27): the menu on the bottom row, the status, help.
enum CommandKeyHelp {
    static func menu(key: CommandKey, verdict: ProgramVerdict) -> String {
        let dir = verdict.direction.map { $0 == .rtl ? "rtl" : "ltr" } ?? "auto"
        let now = verdict.drawsVisualOrder ? "as drawn" : "reordered"
        return "rtl-tui \(key): r reorder on/off (\(now)) · d dir (\(dir)) · s status · w keep · i inspect · l strings · c snapshot · ? help"
    }

    static func status(_ verdict: ProgramVerdict) -> String {
        "rtl-tui: " + verdict.summary
    }

    static func help(key: CommandKey, rulesPath: String?) -> [String] {
        [
            "rtl-tui run: \(key) then a key (any key closes this)",
            "  r  reordering on/off for the program in the foreground (this session)",
            "  d  paragraph direction: auto (each run, R28), rtl, ltr",
            "  s  what run decided about the program, and the evidence",
            "  w  keep the rule in force for this program in \(rulesPath ?? "~/.config/rtl-tui/run.conf")",
            "  i  inspector: move over the screen (arrows, mouse); the run's text, code points, classes, levels, cuts",
            "  l  with --strings: every catalog entry on this screen with its check findings, and the text none covers",
            "  c  snapshot: the screen as SVG, HTML and text (as drawn and as written) in --snapshot-dir",
            "  \(key)  send \(key) to the program; Esc: back, nothing sent",
            "  rules file lines: `emacs: visual`, `mytool: dir ltr`, `less: reorder`, `command-key: F12`",
        ]
    }
}
