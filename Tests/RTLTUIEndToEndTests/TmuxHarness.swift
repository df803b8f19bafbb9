import Foundation
#if canImport(Glibc)
import Glibc
import TestSupport
#endif

/// Runs a command in a terminal of a fixed size, inside a private tmux server, for end-to-end
/// tests of the interactive app: send keys, read the screen, resize, send signals, and record the
/// raw bytes the command writes.
///
/// Each harness starts its own server on a socket in its own temporary directory (never the
/// user's tmux), with no status line, `LANG=C.UTF-8` (tmux measures character widths by its
/// locale), escape-time 0 and `remain-on-exit` (so the exit status and the last screen can be
/// read after the command ends). `tearDown()` (also run on deinit) kills that server, and any
/// process the pane started that is still alive, by PID.
///
/// Waiting is by polling with a deadline (`waitFor`, `waitUntil`, `waitForExit`): tests assert on
/// what the screen shows, never on having slept long enough.
///
/// ```swift
/// let tmux = try TmuxHarness(columns: 60, rows: 20)
/// try tmux.start([BuiltBinary.rtlTUI().path, "demo"], record: true)
/// try tmux.waitFor("سلام")
/// try tmux.sendText("مرحبا")
/// try tmux.sendKeys("Enter")
/// let screen = try tmux.capture()
/// ```
///
/// When tmux is not installed, `init` throws `Failure.tmuxMissing`: such a test fails with a clear
/// message rather than passing silently.
final class TmuxHarness {
    /// Why a harness operation failed. `description` carries what the test needs to see (the
    /// last screen on a timeout).
    enum Failure: Error, CustomStringConvertible {
        case tmuxMissing(String)
        case tmuxFailed(arguments: [String], status: Int32, stderr: String)
        case timeout(waitingFor: String, screen: String)
        case notStarted

        var description: String {
            switch self {
            case .tmuxMissing(let where_):
                return "tmux is required for the end-to-end tests and was not found (\(where_)); install it (apt-get install tmux)"
            case .tmuxFailed(let args, let status, let stderr):
                return "tmux \(args.joined(separator: " ")) failed with status \(status): \(stderr)"
            case .timeout(let what, let screen):
                return "timed out waiting for \(what); the screen was:\n\(screen)"
            case .notStarted:
                return "no command was started in the tmux harness"
            }
        }
    }

    /// How the pane's command ended.
    enum ExitStatus: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        var description: String {
            switch self {
            case .exited(let s): return "exited with status \(s)"
            case .signalled(let s): return "killed by signal \(s)"
            }
        }
    }

    /// What the pane shows: one string per row, trailing spaces removed (unless captured with
    /// them), exactly as many rows as the pane has.
    struct Screen: CustomStringConvertible {
        let rows: [String]

        /// The rows joined with newlines.
        var text: String { rows.joined(separator: "\n") }

        /// Whether any row contains `s`.
        func contains(_ s: String) -> Bool { rows.contains { $0.contains(s) } }

        /// Row `y`, or "" past the last row.
        func row(_ y: Int) -> String { y >= 0 && y < rows.count ? rows[y] : "" }

        /// The rows, each ended with `|` so that trailing spaces show.
        var description: String { rows.map { $0 + "|" }.joined(separator: "\n") }
    }

    /// The pane's size (updated by `resize`).
    private(set) var columns: Int
    private(set) var rows: Int
    /// TERM inside the pane.
    let term: String
    /// The harness's private directory (socket, configuration, recording).
    let directory: String
    /// The file the pane's output is appended to when started with `record: true`.
    private(set) var recordingPath: String?
    /// The tmux session (and window 0, pane 0 in it) the command runs in.
    let session = "e2e"
    var target: String { "\(session):0.0" }

    /// The tmux executable and the server's socket (for a client attached from a test).
    let tmuxPath: String
    var socketPath: String { directory + "/socket" }
    private var configPath: String { directory + "/tmux.conf" }
    private var panePIDs: Set<pid_t> = []
    private var serverRunning = false
    private var tornDown = false

    /// Prepares a harness (no server runs until `start`).
    ///
    /// - Parameters:
    ///   - columns, rows: the terminal size.
    ///   - term: TERM inside the pane.
    ///   - tmux: the tmux executable; nil searches PATH, /usr/bin and /usr/local/bin.
    ///   - passthrough: tmux's `allow-passthrough` (on: what a user who set it up has; the
    ///     server has no client, so nothing answers through it).
    /// - Throws: `Failure.tmuxMissing` when there is no tmux.
    init(columns: Int = 80, rows: Int = 24, term: String = "xterm-256color", tmux: String? = nil,
         passthrough: Bool = true) throws {
        self.columns = columns
        self.rows = rows
        self.term = term
        tmuxPath = try Self.findTmux(explicit: tmux)
        // A short path: a Unix socket path must fit in 108 bytes.
        var template = Array("/tmp/rtl-tui-e2e.XXXXXX".utf8CString)
        guard let dir = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw Failure.tmuxFailed(arguments: ["mkdtemp"], status: errno, stderr: "cannot create a temporary directory")
        }
        directory = String(cString: dir)
        let config = """
            set -g status off
            set -g remain-on-exit on
            set -g default-terminal "\(term)"
            set -g escape-time 0
            set -g history-limit 2000
            set -g default-size \(columns)x\(rows)
            set -g allow-passthrough \(passthrough ? "on" : "off")

            """
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    deinit { tearDown() }

    // MARK: - Locating executables

    private static func findTmux(explicit: String?) throws -> String {
        let fm = FileManager.default
        if let explicit {
            guard fm.isExecutableFile(atPath: explicit) else { throw Failure.tmuxMissing(explicit) }
            return explicit
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let dirs = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        for d in dirs where fm.isExecutableFile(atPath: d + "/tmux") { return d + "/tmux" }
        throw Failure.tmuxMissing("PATH=\(path)")
    }

    // MARK: - Running

    /// Starts `command` (executable and arguments) in the pane.
    ///
    /// - Parameters:
    ///   - environment: variables set for the command, on top of the server's environment
    ///     (the test process's, without TMUX, NO_COLOR, MLTERM, KONSOLE_VERSION, COLUMNS, LINES
    ///     and locale variables) and `LANG=LC_ALL=C.UTF-8`.
    ///   - record: append every byte the command writes to `recordingPath`, from its very first
    ///     byte (the pipe is set up in the same tmux command list as the session, before tmux
    ///     reads any output of the pane).
    func start(_ command: [String], environment: [String: String] = [:], record: Bool = false) throws {
        precondition(!serverRunning, "one command per harness")
        var args = ["-f", configPath, "new-session", "-d", "-s", session, "-x", "\(columns)", "-y", "\(rows)"]
        var env = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]
        env.merge(environment) { $1 }
        for (k, v) in env.sorted(by: { $0.key < $1.key }) { args += ["-e", "\(k)=\(v)"] }
        // `exec`, so the pane's process is the command itself (signals reach it directly).
        args += ["--", "exec " + command.map(Self.shellQuoted).joined(separator: " ")]
        if record {
            let path = directory + "/output.bytes"
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            recordingPath = path
            args += [";", "pipe-pane", "-o", "-t", target, "cat >> " + Self.shellQuoted(path)]
        }
        try tmux(args)
        serverRunning = true
        if let pid = try? panePID() { panePIDs.insert(pid) }
    }

    /// Sends tmux key names, one key each: "Enter", "Escape", "Tab", "BTab", "BSpace", "DC",
    /// "Left", "Home", "End", "PPage", "F5", "C-c", "M-x", or a single character.
    func sendKeys(_ keys: String...) throws {
        try requireStarted()
        try tmux(["send-keys", "-t", target] + keys)
    }

    /// Types `text` literally (any script: Arabic, Hebrew, Persian...), as if pasted key by key.
    func sendText(_ text: String) throws {
        try requireStarted()
        try tmux(["send-keys", "-t", target, "-l", "--", text])
    }

    /// Sends raw bytes to the pane's program, as the terminal would (`send-keys -H`): escape
    /// sequences that are not keys, such as a terminal's replies.
    func sendHex(_ bytes: [UInt8]) throws {
        try requireStarted()
        try tmux(["send-keys", "-t", target, "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// What the pane shows now.
    ///
    /// - Parameters:
    ///   - escapes: keep colours and attributes as SGR escape sequences (`capture-pane -e`).
    ///   - trailingSpaces: keep spaces at row ends (`capture-pane -N`).
    func capture(escapes: Bool = false, trailingSpaces: Bool = false) throws -> Screen {
        try requireStarted()
        var args = ["capture-pane", "-p", "-t", target]
        if escapes { args.append("-e") }
        if trailingSpaces { args.append("-N") }
        var lines = try tmux(args).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        let height = try paneSize().rows
        if lines.count < height { lines += Array(repeating: "", count: height - lines.count) }
        if lines.count > height { lines = Array(lines.prefix(height)) }
        return Screen(rows: lines)
    }

    /// Polls the screen (every 20 ms) until `predicate` holds on a screen that has stopped
    /// changing; returns that screen.
    ///
    /// A capture can fall in the middle of a frame (the rows above drawn, the rows below not yet),
    /// so a match counts once the next capture, 20 ms later, is the same screen. A screen that keeps
    /// changing while it matches (an animation) is returned after 10 such captures.
    ///
    /// - Throws: `Failure.timeout` with the last screen after `timeout` seconds.
    @discardableResult
    func waitUntil(_ what: String, timeout: TimeInterval = 5, escapes: Bool = false,
                   _ predicate: (Screen) -> Bool) throws -> Screen {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try capture(escapes: escapes)
        var settling = 0
        while true {
            if predicate(last) {
                usleep(20_000)
                let next = try capture(escapes: escapes)
                if next.rows == last.rows || settling >= 10 { return predicate(next) ? next : last }
                settling += 1
                last = next
                continue
            }
            if Date() >= deadline { throw Failure.timeout(waitingFor: what, screen: last.description) }
            usleep(20_000)
            last = try capture(escapes: escapes)
        }
    }

    /// Waits until some row contains `text`; returns that screen.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 5) throws -> Screen {
        try waitUntil("\"\(text)\" on the screen", timeout: timeout) { $0.contains(text) }
    }

    /// Resizes the terminal (tmux sends the command SIGWINCH) and waits until the pane has the
    /// new size.
    func resize(columns: Int, rows: Int) throws {
        try requireStarted()
        try tmux(["resize-window", "-t", session, "-x", "\(columns)", "-y", "\(rows)"])
        self.columns = columns
        self.rows = rows
        let deadline = Date().addingTimeInterval(5)
        while try paneSize() != (columns, rows) {
            if Date() >= deadline {
                throw Failure.timeout(waitingFor: "pane size \(columns)x\(rows)", screen: (try? capture().description) ?? "")
            }
            usleep(10_000)
        }
    }

    /// The pane's size as tmux reports it.
    func paneSize() throws -> (columns: Int, rows: Int) {
        let s = try display("#{pane_width} #{pane_height}").split(separator: " ").compactMap { Int($0) }
        guard s.count == 2 else { throw Failure.tmuxFailed(arguments: ["display-message"], status: 0, stderr: "no pane size") }
        return (s[0], s[1])
    }

    /// The PID of the pane's process (the started command, which tmux runs with `exec`).
    func panePID() throws -> pid_t {
        try requireStarted()
        let out = try tmux(["list-panes", "-t", session, "-F", "#{pane_pid}"])
        guard let pid = pid_t(out.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").first ?? "") else {
            throw Failure.tmuxFailed(arguments: ["list-panes"], status: 0, stderr: "no pane pid in \(out)")
        }
        return pid
    }

    /// Sends `signal` to the pane's process.
    func signal(_ signal: Int32) throws {
        let pid = try panePID()
        guard kill(pid, signal) == 0 else {
            throw Failure.tmuxFailed(arguments: ["kill", "\(signal)", "\(pid)"], status: errno, stderr: String(cString: strerror(errno)))
        }
    }

    /// The cursor position in the pane (column, row).
    func cursor() throws -> (x: Int, y: Int) {
        let s = try display("#{cursor_x} #{cursor_y}").split(separator: " ").compactMap { Int($0) }
        return (s.first ?? -1, s.last ?? -1)
    }

    /// A tmux format expanded for the pane (`#{cursor_flag}`, `#{mouse_any_flag}`...).
    func format(_ format: String) throws -> String { try display(format) }

    /// The pane's history and screen: up to `lines` rows above the screen, then the screen
    /// (`capture-pane -S -lines`), trailing spaces removed.
    func captureHistory(lines: Int) throws -> [String] {
        try requireStarted()
        var out = try tmux(["capture-pane", "-p", "-t", target, "-S", "-\(lines)"]).components(separatedBy: "\n")
        if out.last == "" { out.removeLast() }
        return out
    }

    /// Whether the pane shows its alternate screen.
    func isAlternateScreen() throws -> Bool { try display("#{alternate_on}") == "1" }

    /// Whether the pane's command has ended.
    func hasExited() throws -> Bool { try display("#{pane_dead}") == "1" }

    /// Waits until the pane's command has ended and tmux has its exit status.
    ///
    /// tmux can miss the SIGCHLD of a command that ends soon after it started (the terminal
    /// login record library briefly installs its own SIGCHLD handler while the pane is set up,
    /// tmux/tmux#311): the pane then shows as dead, the process stays a zombie and no status ever
    /// comes. tmux reaps every finished child whenever it handles a SIGCHLD, so once the pane has
    /// looked dead without a status for 100 ms the harness sends the server one.
    func waitForExit(timeout: TimeInterval = 5) throws -> ExitStatus {
        let deadline = Date().addingTimeInterval(timeout)
        var deadSince: Date? = nil
        while true {
            let f = try display("#{pane_dead}:#{pane_dead_status}:#{pane_dead_signal}:#{pid}")
                .split(separator: ":", omittingEmptySubsequences: false)
            if f.count == 4, f[0] == "1" {
                if let sig = Int32(f[2]), sig != 0 { return .signalled(sig) }
                if let st = Int32(f[1]) { return .exited(st) }
                if deadSince == nil { deadSince = Date() }
                if let since = deadSince, Date().timeIntervalSince(since) > 0.1, let server = pid_t(f[3]) {
                    kill(server, SIGCHLD)
                    deadSince = Date()
                }
            }
            if Date() >= deadline {
                throw Failure.timeout(waitingFor: "the command to exit", screen: (try? capture().description) ?? "")
            }
            usleep(20_000)
        }
    }

    // MARK: - Recorded output

    /// Every byte the command has written so far (start with `record: true`).
    func recordedBytes() -> [UInt8] {
        guard let recordingPath, let d = FileManager.default.contents(atPath: recordingPath) else { return [] }
        return [UInt8](d)
    }

    /// Waits until the recording contains `needle`.
    func waitForRecorded(_ needle: String, timeout: TimeInterval = 5) throws {
        let n = Array(needle.utf8)
        let deadline = Date().addingTimeInterval(timeout)
        while !Self.contains(recordedBytes(), n) {
            if Date() >= deadline {
                throw Failure.timeout(waitingFor: "\(needle.debugDescription) in the recorded output", screen: (try? capture().description) ?? "")
            }
            usleep(20_000)
        }
    }

    /// Waits until the command has written nothing for `quiet` seconds; returns the number of
    /// bytes recorded by then.
    @discardableResult
    func waitForQuietOutput(quiet: TimeInterval = 0.2, timeout: TimeInterval = 5) throws -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        var count = recordedBytes().count
        var since = Date()
        while Date().timeIntervalSince(since) < quiet {
            if Date() >= deadline {
                throw Failure.timeout(waitingFor: "the output to settle", screen: (try? capture().description) ?? "")
            }
            usleep(20_000)
            let now = recordedBytes().count
            if now != count {
                count = now
                since = Date()
            }
        }
        return count
    }

    /// The bytes the command writes in answer to `action` (a key, a resize): waits for the output
    /// to settle, runs `action`, waits for output to start and settle again, and returns what
    /// was added. Empty when the command wrote nothing within `timeout`.
    func output(causedBy action: () throws -> Void, quiet: TimeInterval = 0.2, timeout: TimeInterval = 5) throws -> [UInt8] {
        let before = try waitForQuietOutput(quiet: quiet, timeout: timeout)
        try action()
        let deadline = Date().addingTimeInterval(timeout)
        while recordedBytes().count == before, Date() < deadline { usleep(10_000) }
        _ = try waitForQuietOutput(quiet: quiet, timeout: timeout)
        return Array(recordedBytes().dropFirst(before))
    }

    /// Whether `haystack` contains `needle` as a contiguous run.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        range(of: needle, in: haystack) != nil
    }

    /// The first position of `needle` in `haystack`.
    static func range(of needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Range<Int>? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for i in start...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if haystack[i..<(i + needle.count)].elementsEqual(needle) { return i..<(i + needle.count) }
        }
        return nil
    }

    // MARK: - Teardown

    /// Kills the harness's tmux server and whatever the pane started that is still alive, and
    /// removes the private directory. Idempotent.
    func tearDown() {
        guard !tornDown else { return }
        tornDown = true
        var leftovers: Set<pid_t> = []
        if serverRunning {
            if let pid = try? panePID() { panePIDs.insert(pid) }
            for pid in panePIDs { leftovers.formUnion(Self.descendants(of: pid)); leftovers.insert(pid) }
            _ = try? tmux(["kill-server"], check: false)
            serverRunning = false
        }
        // kill-server hangs up the pane; a command that ignores SIGHUP is ended here.
        let deadline = Date().addingTimeInterval(1)
        while leftovers.contains(where: Self.isAlive), Date() < deadline { usleep(20_000) }
        for pid in leftovers where Self.isAlive(pid) { kill(pid, SIGKILL) }
        // SIGKILL takes effect when the process next runs: wait (bounded) until each is gone, so
        // nothing the pane started outlives the teardown (a loaded machine showed one still running).
        let killed = Date().addingTimeInterval(2)
        while leftovers.contains(where: Self.isAlive), Date() < killed { usleep(5_000) }
        try? FileManager.default.removeItem(atPath: directory)
    }

    // MARK: - Helpers

    private func requireStarted() throws {
        guard serverRunning else { throw Failure.notStarted }
    }

    private func display(_ format: String) throws -> String {
        try requireStarted()
        return try tmux(["display-message", "-p", "-t", target, format]).trimmingCharacters(in: .newlines)
    }

    /// The environment of the tmux client (and so of the server it starts): the test process's,
    /// without what would leak the developer's terminal into the pane.
    private static func clientEnvironment() -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        for k in ["TMUX", "TMUX_PANE", "NO_COLOR", "MLTERM", "KONSOLE_VERSION", "COLUMNS", "LINES", "LANGUAGE",
                  "VTE_VERSION", "KITTY_WINDOW_ID", "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "COLORFGBG", "STY",
                  "WEZTERM_PANE", "WT_SESSION"] {
            env[k] = nil
        }
        for k in env.keys where k.hasPrefix("LC_") { env[k] = nil }
        env["LANG"] = "C.UTF-8"
        env["LC_ALL"] = "C.UTF-8"
        // The user's remembered answers and notices (TerminalMemory) stay out of the tests.
        env["XDG_CONFIG_HOME"] = NSTemporaryDirectory() + "rtl-tui-config-\(UUID().uuidString)"
        return env
    }

    /// Runs tmux on the private socket; returns its standard output.
    @discardableResult
    private func tmux(_ args: [String], check: Bool = true) throws -> String {
        let outPath = directory + "/tmux.out", errPath = directory + "/tmux.err"
        let status = try Self.spawnAndWait(tmuxPath, ["-u", "-S", socketPath] + args,
                                           environment: Self.clientEnvironment(), stdout: outPath, stderr: errPath)
        let stdout = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        if check, status != 0 {
            let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
            throw Failure.tmuxFailed(arguments: args, status: status, stderr: stderr)
        }
        return stdout
    }

    /// Runs `path` with `arguments`, stdin from /dev/null, stdout and stderr into files; returns its exit status (128 + n when killed by signal n).
    ///
    /// posix_spawn rather than Foundation's Process: the first tmux call leaves a server running
    /// in the background, and Process only reports an exit once every copy of a descriptor it
    /// gave the child is closed, which the server would hold for as long as it runs.
    private static func spawnAndWait(_ path: String, _ arguments: [String], environment: [String: String],
                                     stdout: String, stderr: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard rc == 0 else {
            throw Failure.tmuxFailed(arguments: arguments, status: rc, stderr: String(cString: strerror(rc)))
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else {
                throw Failure.tmuxFailed(arguments: arguments, status: errno, stderr: "waitpid failed")
            }
        }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    static func shellQuoted(_ s: String) -> String {
        "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Alive and not a zombie (this container's init may not reap orphans).
    private static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state != nil && state != "Z" && state != "X"
    }

    /// Every process below `pid`, from /proc.
    private static func descendants(of pid: pid_t) -> Set<pid_t> {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        var children: [pid_t: [pid_t]] = [:]
        for e in entries {
            guard let p = pid_t(e),
                  let stat = try? String(contentsOfFile: "/proc/\(e)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let ppid = pid_t(fields[1]) { children[ppid, default: []].append(p) }
        }
        var out: Set<pid_t> = []
        var queue = [pid]
        while let next = queue.popLast() {
            for c in children[next] ?? [] where out.insert(c).inserted { queue.append(c) }
        }
        return out
    }
}
