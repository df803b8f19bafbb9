import BidiTerm
#if canImport(Glibc)
import Glibc
#endif

/// The figures of `rtl-tui run` (a program on a pseudo-terminal, its screen emulated with libvterm,
/// each row reordered and redrawn): throughput of `cat` of the corpus against tmux and a plain pty
/// relay (`script`), keystroke echo latency against tmux, peak memory at two output sizes, and the
/// bytes written to the terminal per frame of changed rows. Every contender runs on the outer side
/// of a 120×40 pty driven by Benchmarks/pty-bench.c, which reads it as fast as possible and
/// discards it (and answers the terminal queries of a program that identifies its terminal).
/// Beside them, for the floor of any libvterm-based `run`: Benchmarks/vterm-relay.c, a relay like
/// `script` that also feeds every byte to libvterm through the project's shim, and does nothing else.
struct RunBench {
    var rtlTUI: String
    var ptyBench: String
    /// The floor contender (Benchmarks/vterm-relay.c), nil when it is not built.
    var vtermRelay: String?
    var work: String
    var corpusPath: String
    var corpusBytes: Int
    var smallCorpusPath: String
    var smallCorpusBytes: Int
    var rounds = 3
    var echoSamples = 200
    /// Rounds of `echoSamples` per contender, in a rotating order.
    var echoRounds = 5
    var frames = 40
    let columns = 120, rows = 40

    /// A private tmux server (its own socket), a configuration of one line (`set -g status off`: no
    /// status line, so the pane is as large as the pty, like the screen run gives its program), a
    /// client attached in the pty: the server draws the pane to that client.
    var tmuxSocket: String { "rtl-bench-\(getpid())" }
    var tmuxConfig: String { work + "/tmux.conf" }
    func tmux(_ shellCommand: String) -> [String] {
        ["tmux", "-L", tmuxSocket, "-f", tmuxConfig, "new-session", "-x", String(columns), "-y", String(rows), shellCommand]
    }
    func killTmuxServer() {
        _ = Spawn.run(["tmux", "-L", tmuxSocket, "kill-server"], inputPath: "/dev/null")
    }

    /// Runs pty-bench and parses its `key=value` line.
    func ptyRun(_ args: [String]) -> [String: String]? { ptyRun(prefix: [], args) }

    /// The same, pty-bench and its children on processor `cpu` only (nil when `taskset` is missing).
    func pinnedPtyRun(cpu: Int, _ args: [String]) -> [String: String]? {
        guard let taskset = Spawn.which("taskset") else { return nil }
        return ptyRun(prefix: [taskset, "-c", String(cpu)], args)
    }

    private func ptyRun(prefix: [String], _ args: [String]) -> [String: String]? {
        let path = work + "/pty-bench.out"
        defer { unlink(path) }
        let r = Spawn.run(prefix + [ptyBench] + args, inputPath: "/dev/null", outputPath: path)
        guard r.status == 0, let text = readFile(path) else { return nil }
        var fields: [String: String] = [:]
        for part in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if let eq = part.firstIndex(of: "=") { fields[String(part[..<eq])] = String(part[part.index(after: eq)...]) }
        }
        return fields
    }

    struct Throughput {
        var seconds: Double
        var bytes: Int
        var maxRSSKiB: Int
        /// User + system CPU of the command and the children it waited for (not a daemon's: tmux's
        /// server is not counted).
        var cpuSeconds: Double
        var status: Int
    }

    func throughput(_ command: [String], timeout: Int = 300) -> Throughput? {
        guard let f = ptyRun(["throughput", String(columns), String(rows), String(timeout), "--"] + command),
              let s = f["seconds"].flatMap(Double.init), let b = f["bytes"].flatMap(Int.init),
              let m = f["maxrss_kib"].flatMap(Int.init), let st = f["status"].flatMap(Int.init) else { return nil }
        return Throughput(seconds: s, bytes: b, maxRSSKiB: m, cpuSeconds: f["cpu_s"].flatMap(Double.init) ?? 0, status: st)
    }

    /// Echo latencies in microseconds (a sample that never came back is dropped and counted);
    /// `cpu`: pty-bench and everything it starts kept on that one processor (`taskset`).
    func echo(_ command: [String], cpu: Int? = nil, samples: Int? = nil) -> (samples: [Double], lost: Int, status: Int)? {
        let args = ["echo", String(columns), String(rows), String(samples ?? echoSamples), "--"] + command
        guard let f = cpu.map({ pinnedPtyRun(cpu: $0, args) }) ?? ptyRun(args),
              let list = f["samples_us"] else { return nil }
        let all = list.split(separator: ",").compactMap { Double($0) }
        guard !all.isEmpty else { return nil }
        return (all.filter { $0 >= 0 }, all.filter { $0 < 0 }.count, f["status"].flatMap(Int.init) ?? -1)
    }

    /// Two rounds of `echo` over `contenders` (the second in the reverse order), each one's samples
    /// pooled under its name.
    func twoEchoRounds(_ contenders: [(String, [String])], cpu: Int? = nil, samples: Int? = nil) -> [String: [Double]] {
        var pooled: [String: [Double]] = [:]
        for round in 0..<2 {
            for (name, argv) in (round == 0 ? contenders : Array(contenders.reversed())) {
                if let e = echo(argv, cpu: cpu, samples: samples), !e.samples.isEmpty { pooled[name, default: []] += e.samples }
                killTmuxServer()
            }
        }
        return pooled
    }

    /// `run`'s and tmux's echo samples side by side: each one's p50 and p99, and their ratios.
    static func runAgainstTmux(_ r: [Double], _ t: [Double]) -> String {
        "run p50 \(fmt(percentile(r, 50) / 1000)) ms, p99 \(fmt(percentile(r, 99) / 1000)) ms; "
            + "tmux p50 \(fmt(percentile(t, 50) / 1000)) ms, p99 \(fmt(percentile(t, 99) / 1000)) ms: "
            + "run / tmux = \(fmt(percentile(r, 50) / percentile(t, 50), 2))x at p50, \(fmt(percentile(r, 99) / percentile(t, 99), 2))x at p99"
    }

    /// Bytes per frame to the outer pty, the painter's own count of the rows' text per frame, and
    /// the bytes of that text as `run` draws it (each row laid out by the engine on one line as
    /// `run` lays out a run of text: visual order, shaped, mirrored; R24).
    func frames(_ wrap: ([String]) -> [String], mode: String)
        -> (outer: [Double], textPerFrame: Double, writtenPerFrame: Double, drawnPerFrame: Double)? {
        let stats = work + "/paint-stats.txt"
        let rowsPath = stats + ".rows"
        unlink(stats)
        unlink(rowsPath)
        defer { unlink(stats); unlink(rowsPath) }
        guard let f = ptyRun(["frames", String(columns), String(rows), String(frames), "60", "--"]
                             + wrap([ptyBench, "paint", mode, stats])),
              let list = f["frame_bytes"], let s = readFile(stats) else { return nil }
        var fields: [String: Double] = [:]
        for part in s.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if let eq = part.firstIndex(of: "=") { fields[String(part[..<eq])] = Double(part[part.index(after: eq)...]) }
        }
        guard let n = fields["frames"], n > 0, let text = fields["text_bytes"], let written = fields["written_bytes"],
              let rows = readFile(rowsPath) else { return nil }
        return (list.split(separator: ",").compactMap { Double($0) }, text / n, written / n, Double(Self.drawnBytes(rows)) / n)
    }

    /// The UTF-8 bytes of each line of `rows` laid out on one line by the engine, with the
    /// direction of its first strong character (what `run` draws for a row that is one run).
    static func drawnBytes(_ rows: String) -> Int {
        let engine = BidiEngine()
        var total = 0
        var out: [UInt8] = []
        for line in rows.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            out.removeAll(keepingCapacity: true)
            var text = String(line)
            _ = text.withUTF8 { engine.render(utf8: $0, direction: .auto(fallback: .ltr), into: &out) }
            total += out.count
        }
        return total
    }

    /// The most bytes a frame of changed rows may take per byte of those rows as drawn (the issue:
    /// "a screen full of changing text costs no more than the bytes of its changed rows"; the
    /// margin is for the cursor moves and colours that start each changed span).
    static let changedRowsTarget = 1.10

    /// The floor contenders' names in the tables: the relay with libvterm, and with ICU's bidi
    /// algorithm over each scrolled-off line as well.
    static let floorName = "script + libvterm"
    static let ubaFloorName = "script + libvterm + UBA"

    func int(_ x: Double) -> String { String(Int(x.rounded())) }

    static func percentile(_ xs: [Double], _ p: Double) -> Double {
        let s = xs.sorted()
        guard !s.isEmpty else { return 0 }
        // Nearest rank.
        let rank = Int((p / 100 * Double(s.count)).rounded(.up))
        return s[min(s.count - 1, max(0, rank - 1))]
    }

    @MainActor func measure() {
        say("")
        say("== rtl-tui run: a program on a pty, its screen emulated and each row reordered ==")
        guard Spawn.which("tmux") != nil else {
            say("tmux is not installed: the run figures are SKIPPED (Debian's tmux package)")
            return
        }
        let tmuxVersion = Spawn.capture(["tmux", "-V"])?.trimmingSpaces.filter { $0 != "\n" } ?? "tmux"
        say("every contender on the outer side of a \(columns)x\(rows) pty read as fast as possible and discarded (Benchmarks/pty-bench.c);")
        say("tmux: \(tmuxVersion), a private server (-L), no status line (the only setting), a client attached in the pty that the server draws to")
        writeBytes(tmuxConfig, Array("set -g status off\n".utf8))
        defer { killTmuxServer(); unlink(tmuxConfig) }

        // Is `run` there (a build from before the command prints a usage error)?
        let probe = throughput([rtlTUI, "run", "--", "true"], timeout: 20)
        let hasRun = probe?.status == 0
        if !hasRun {
            say("rtl-tui run: NOT AVAILABLE in \(rtlTUI) (`rtl-tui run -- true` in a pty: \(probe.map { "exit \($0.status)" } ?? "did not run")); "
                + "its figures are NOT MEASURED, tmux's and script's are")
        }

        // Throughput.
        let mb = Double(corpusBytes) / 1_000_000
        say("")
        say("throughput: cat of the \(fmt(mb, 1)) MB corpus, \(rounds) round\(rounds == 1 ? "" : "s"), contenders alternated, wall time from start to exit:")
        var contenders: [(name: String, argv: [String])] = []
        if hasRun { contenders.append(("rtl-tui run -- cat", [rtlTUI, "run", "--", "cat", corpusPath])) }
        contenders.append(("tmux, cat in a pane", tmux("cat '\(corpusPath)'")))
        contenders.append(("script -qfc cat", ["script", "-qfc", "cat '\(corpusPath)'", "/dev/null"]))
        if let vtermRelay {
            contenders.append((Self.floorName, [vtermRelay, "cat", corpusPath]))
            contenders.append((Self.ubaFloorName, [vtermRelay, "--uba", "cat", corpusPath]))
        }
        var results = Array(repeating: [Throughput](), count: contenders.count)
        for round in 0..<rounds {
            var line = "  round \(round + 1):"
            for j in contenders.indices {
                let i = (j + round) % contenders.count
                if let r = throughput(contenders[i].argv) {
                    results[i].append(r)
                    line += " \(contenders[i].name) \(fmt(r.seconds))s\(r.status != 0 ? " (exit \(r.status))" : "");"
                } else {
                    line += " \(contenders[i].name) FAILED;"
                }
            }
            say(line)
            killTmuxServer()
        }
        say("")
        say("  \(pad("contender", 24)) \(lpad("median s", 9)) \(lpad("min s", 7)) \(lpad("max s", 7)) \(lpad("MB/s", 7)) \(lpad("CPU s", 7)) \(lpad("to the terminal", 16))")
        var medians: [String: Double] = [:]
        for (i, c) in contenders.enumerated() where !results[i].isEmpty {
            let t = results[i].map(\.seconds)
            let m = median(t)
            medians[c.name] = m
            // tmux's server is a daemon, not a child: its CPU is not in the figure.
            let cpu = c.name.hasPrefix("tmux") ? "-" : fmt(median(results[i].map(\.cpuSeconds)))
            say("  \(pad(c.name, 24)) \(lpad(fmt(m), 9)) \(lpad(fmt(t.min()!), 7)) \(lpad(fmt(t.max()!), 7)) \(lpad(fmt(mb / m, 1), 7)) \(lpad(cpu, 7)) \(lpad(fmt(Double(median(results[i].map { Double($0.bytes) })) / 1e6, 1) + " MB", 16))")
        }
        say("  (CPU s: user + system of the contender and the cat it waited for, median; tmux's server is not its child: not counted)")

        // Echo latency: rounds with the contenders in a rotating order, the samples of each pooled,
        // so a spell of load on this shared machine falls on every contender and the p99 is not
        // one sample's word.
        say("")
        say("keystroke echo latency: cat on the pty, \"x\" written, time until \"x\" appears on the outer side; \(echoRounds) rounds of \(echoSamples) samples (after 5), contenders in a rotating order, 20 ms of quiet between:")
        var echoes: [String: [Double]] = [:]
        var lostEchoes: [String: Int] = [:]
        var pinnedEchoes: [String: [Double]] = [:]
        var echoContenders: [(String, [String])] = []
        if hasRun { echoContenders.append(("rtl-tui run -- cat", [rtlTUI, "run", "--", "cat"])) }
        echoContenders.append(("tmux, cat in a pane", tmux("cat")))
        echoContenders.append(("script -qfc cat", ["script", "-qfc", "cat", "/dev/null"]))
        echoContenders.append(("cat on the pty itself", ["cat"]))
        for round in 0..<echoRounds {
            for k in 0..<echoContenders.count {
                let (name, argv) = echoContenders[(k + round) % echoContenders.count]
                if let e = echo(argv), !e.samples.isEmpty {
                    echoes[name, default: []] += e.samples
                    lostEchoes[name, default: 0] += e.lost
                }
                killTmuxServer()
            }
        }
        // The same for run and tmux with pty-bench and everything it starts on processor 0
        // (`taskset -c 0`): what each costs when the scheduler does not put the two sides of a
        // pseudo-terminal on different processors (on a virtual machine that halts an idle
        // processor at once, each wake-up across processors costs tens of microseconds).
        let pinned = echoContenders.filter { $0.0 == "rtl-tui run -- cat" || $0.0 == "tmux, cat in a pane" }
        if Spawn.which("taskset") != nil { pinnedEchoes = twoEchoRounds(pinned, cpu: 0) }
        // A key's echo in a row with Hebrew: drawn through the frame, reordered with its row (R37's
        // echo ahead does not apply). 100 samples, so that the x's stay in the prompt's row.
        let hebrewRow = "printf '\u{05E9}\u{05DC}\u{05D5}\u{05DD} '; exec cat"
        let hebrewEchoes = hasRun ? twoEchoRounds([("run", [rtlTUI, "run", "--", "/bin/sh", "-c", hebrewRow]), ("tmux", tmux(hebrewRow))],
                                                  samples: 100) : [:]
        for (name, _) in echoContenders {
            if let samples = echoes[name] {
                let lost = lostEchoes[name] ?? 0
                say("  \(pad(name, 22)) p50 \(lpad(fmt(Self.percentile(samples, 50) / 1000), 7)) ms, p99 \(lpad(fmt(Self.percentile(samples, 99) / 1000), 7)) ms, "
                    + "max \(fmt((samples.max() ?? 0) / 1000)) ms (\(samples.count) samples)\(lost > 0 ? ", \(lost) keystrokes not echoed within 2 s" : "")")
            } else {
                say("  \(pad(name, 22)) FAILED (no echo measured)")
            }
        }

        // Peak memory.
        // The same statistic at both sizes: the highest of as many runs as the throughput rounds
        // (a run's peak varies by a few MB with how full the screen thread's queue gets).
        var peaks: (small: Int, large: Int)? = nil
        if hasRun {
            let smalls = (0..<max(1, results[0].count)).compactMap { _ in throughput([rtlTUI, "run", "--", "cat", smallCorpusPath]) }
            let large = results[0].map(\.maxRSSKiB).max() ?? 0
            if !smalls.isEmpty, smalls.allSatisfy({ $0.status == 0 }), large > 0 {
                peaks = (smalls.map(\.maxRSSKiB).max() ?? 0, large)
            }
        }

        // Changed rows.
        say("")
        say("changed rows: a program (pty-bench paint) redraws rows of Hebrew, Arabic and Persian words once per key, \(frames) frames;")
        say("bytes to the outer pty per frame (until 60 ms of quiet) against the UTF-8 text of the rows it changed, and against those rows as the")
        say("contender draws them (run: each row laid out by the engine, shaped, in visual order, as R24 draws a run; tmux: the text as written):")
        var frameResults: [String: Double] = [:]
        var drawnResults: [String: Double] = [:]
        var frameContenders: [(String, ([String]) -> [String])] = []
        if hasRun { frameContenders.append(("rtl-tui run", { [rtlTUI, "run", "--"] + $0 })) }
        frameContenders.append(("tmux", { argv in self.tmux(argv.map { "'\($0)'" }.joined(separator: " ")) }))
        for mode in ["one", "all"] {
            for (name, wrap) in frameContenders {
                let label = "\(name), \(mode == "one" ? "one row of \(rows)" : "all \(rows) rows")"
                if let r = frames(wrap, mode: mode), !r.outer.isEmpty {
                    let outer = median(r.outer)
                    // What the contender draws: run shapes and reorders; tmux draws the text as written.
                    let drawn = name == "tmux" ? r.textPerFrame : r.drawnPerFrame
                    frameResults["\(name) \(mode)"] = outer / r.textPerFrame
                    drawnResults["\(name) \(mode)"] = outer / drawn
                    say("  \(pad(label, 28)) \(lpad(int(outer), 6)) bytes per frame (median; min \(int(r.outer.min()!)), max \(int(r.outer.max()!))) "
                        + "for \(int(r.textPerFrame)) bytes of row text (\(int(r.writtenPerFrame)) written by the program), \(int(drawn)) as drawn: "
                        + "\(fmt(outer / r.textPerFrame, 2))x the text, \(fmt(outer / drawn, 2))x as drawn")
                } else {
                    say("  \(pad(label, 28)) FAILED")
                }
                killTmuxServer()
            }
        }

        // Targets.
        say("")
        say("targets (run):")
        guard hasRun, let run = medians["rtl-tui run -- cat"] else {
            say("  NOT MEASURED: rtl-tui run is not available")
            return
        }
        if let t = medians["tmux, cat in a pane"] {
            say("  throughput: tmux time / run time = \(fmt(t / run, 2))x (target >= 1.0): \(verdict(t / run >= 1.0))")
        }
        if let s = medians["script -qfc cat"] {
            say("  throughput: script time / run time = \(fmt(s / run, 2))x (target >= 0.5): \(verdict(s / run >= 0.5))")
            if let f = medians[Self.floorName] {
                // What libvterm alone leaves of the target: the relay plus the emulation, before any
                // row is read, reordered or drawn.
                say("  (floor: script time / \(Self.floorName) time = \(fmt(s / f, 2))x: a relay that only feeds libvterm, "
                    + "with no row read, reordered or redrawn)")
            }
            if let u = medians[Self.ubaFloorName] {
                say("  (floor: script time / \(Self.ubaFloorName) time = \(fmt(s / u, 2))x: the same, and ICU's bidi algorithm "
                    + "over each scrolled-off line with RTL text; nothing shaped or written reordered)")
            }
        }
        if let r = echoes["rtl-tui run -- cat"], let t = echoes["tmux, cat in a pane"] {
            let p50 = Self.percentile(r, 50) / Self.percentile(t, 50), p99 = Self.percentile(r, 99) / Self.percentile(t, 99)
            say("  echo latency: run / tmux = \(fmt(p50, 2))x at p50, \(fmt(p99, 2))x at p99 (target <= 1.0): \(verdict(p50 <= 1.0 && p99 <= 1.0))")
            if let c = echoes["cat on the pty itself"] {
                say("  (information: added to cat on the pty itself, p50: run \(fmt((Self.percentile(r, 50) - Self.percentile(c, 50)) / 1000)) ms, "
                    + "tmux \(fmt((Self.percentile(t, 50) - Self.percentile(c, 50)) / 1000)) ms)")
            }
            if let pr = pinnedEchoes["rtl-tui run -- cat"], let pt = pinnedEchoes["tmux, cat in a pane"] {
                say("  (information: with every process on one processor (taskset -c 0, \(pr.count) and \(pt.count) samples), \(Self.runAgainstTmux(pr, pt)), "
                    + "the code's own cost, without where the scheduler puts each side)")
            }
            if let hr = hebrewEchoes["run"], let ht = hebrewEchoes["tmux"] {
                say("  (information: the echo in a row with Hebrew, drawn through the frame (\(hr.count) and \(ht.count) samples), \(Self.runAgainstTmux(hr, ht)); "
                    + "the figures above are of a row without right-to-left text, whose echo goes out ahead of its frame, R37)")
            }
        }
        if let p = peaks {
            let ratio = Double(p.large) / Double(p.small)
            say("  peak RSS of run: cat of \(fmt(Double(smallCorpusBytes) / 1e6, 1)) MB \(fmt(Double(p.small) / 1024, 1)) MB, of \(fmt(mb, 1)) MB \(fmt(Double(p.large) / 1024, 1)) MB: "
                + "\(fmt(ratio, 2))x (target <= 1.10, not growing with the output): \(verdict(ratio <= 1.10))")
        } else {
            say("  peak RSS of run: NOT MEASURED (run failed)")
        }
        for mode in ["one", "all"] {
            if let r = drawnResults["rtl-tui run \(mode)"] {
                let t = drawnResults["tmux \(mode)"].map { ", tmux \(fmt($0, 2))x" } ?? ""
                say("  changed rows (\(mode == "one" ? "one row" : "every row") per frame): bytes to the terminal / bytes of the changed rows as drawn = \(fmt(r, 2))x\(t) "
                    + "(target <= \(fmt(Self.changedRowsTarget, 2)): the rows' own bytes and their cursor moves, nothing of the rows that did not change): \(verdict(r <= Self.changedRowsTarget))")
            }
            if let r = frameResults["rtl-tui run \(mode)"] {
                let t = frameResults["tmux \(mode)"].map { ", tmux \(fmt($0, 2))x" } ?? ""
                say("  (information: bytes to the terminal / bytes of the changed rows' text as written = \(fmt(r, 2))x\(t); run's shaped Arabic takes 3 bytes a letter where the program wrote 2)")
            }
        }
    }
}
