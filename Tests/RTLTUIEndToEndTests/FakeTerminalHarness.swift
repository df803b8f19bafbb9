import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `rtl-tui` on a pseudo-terminal whose other end is a `FakeTerminal`: every
/// byte the program writes goes to the fake, whose answers (recorded in a real terminal) go back
/// as the terminal's input. Waiting is by polling with a deadline, never by sleeping a fixed
/// time; the tests assert on the bytes, not on how long anything took.
final class FakeTerminalHarness {
    let fake: FakeTerminal
    let pid: pid_t
    private let master: Int32
    private let outPipe: Int32?
    private let errPipe: Int32
    private(set) var standardOutput: [UInt8] = []
    private(set) var standardError: [UInt8] = []
    private(set) var exitStatus: TmuxHarness.ExitStatus?

    enum Failure: Error, CustomStringConvertible {
        case system(String, Int32)
        case timeout(String, written: String)
        var description: String {
            switch self {
            case .system(let what, let e): return "\(what) failed: errno \(e)"
            case .timeout(let what, let written): return "timed out waiting for \(what); the program wrote:\n\(written)"
            }
        }
    }

    /// Starts `rtl-tui arguments…` on a new pseudo-terminal of the fake's size.
    ///
    /// - Parameters:
    ///   - environment: the program's whole environment (TERM, LANG… from the recording by default).
    ///   - standardOutputToPipe: standard output goes to a pipe (read into `standardOutput`), and
    ///     the pseudo-terminal becomes the program's controlling terminal (`/dev/tty`), in a
    ///     session of its own; otherwise standard input and output are the pseudo-terminal and
    ///     the program runs in a process group of its own (so that SIGTSTP stops it).
    ///   - executable: the program (the built `rtl-tui` when nil; a tmux client attaching to a
    ///     test's server, for instance).
    init(_ fake: FakeTerminal, arguments: [String], environment: [String: String]? = nil,
         standardOutputToPipe: Bool = false, executable: String? = nil) throws {
        self.fake = fake
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw Failure.system("open /dev/ptmx", errno) }
        var unlock: Int32 = 0, number: UInt32 = 0
        guard ioctl(master, UInt(0x4004_5431), &unlock) == 0, ioctl(master, UInt(0x8004_5430), &number) == 0 else {
            throw Failure.system("pty unlock", errno)
        }
        let slavePath = "/dev/pts/\(number)"
        var size = winsize(ws_row: UInt16(fake.rows), ws_col: UInt16(fake.columns), ws_xpixel: 0, ws_ypixel: 0)
        let slave = open(slavePath, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw Failure.system("open \(slavePath)", errno) }
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)

        var out: [Int32] = [-1, -1], err: [Int32] = [-1, -1]
        guard pipe(&out) == 0, pipe(&err) == 0 else { throw Failure.system("pipe", errno) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        if standardOutputToPipe {
            // A new session; opening the slave then makes it the controlling terminal.
            posix_spawnattr_setflags(&attr, 0x80)   // POSIX_SPAWN_SETSID (glibc), not imported into Swift
            posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        } else {
            posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attr, 0)
            posix_spawn_file_actions_adddup2(&actions, slave, 0)
            posix_spawn_file_actions_adddup2(&actions, slave, 1)
        }
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        for fd in [slave, master, out[0], out[1], err[0], err[1]] { posix_spawn_file_actions_addclose(&actions, fd) }

        var env = environment ?? Self.environment(for: fake.recording)
        env["PATH"] = env["PATH"] ?? "/usr/bin:/bin"
        // The user's remembered answers (TerminalMemory) stay out of the tests: a config folder
        // of the run's own, empty unless the test fills it.
        env["XDG_CONFIG_HOME"] = env["XDG_CONFIG_HOME"] ?? NSTemporaryDirectory() + "rtl-tui-config-\(UUID().uuidString)"
        let binary = try executable ?? BuiltBinary.rtlTUI().path
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let rc = posix_spawn(&child, binary, &actions, &attr, argv, envp)
        close(slave)
        close(out[1])
        close(err[1])
        guard rc == 0 else { throw Failure.system("posix_spawn", rc) }
        pid = child
        outPipe = standardOutputToPipe ? out[0] : nil
        if !standardOutputToPipe { close(out[0]) }
        errPipe = err[0]
        for fd in [master, err[0]] + (outPipe.map { [$0] } ?? []) { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var st: Int32 = 0
            waitpid(pid, &st, 0)
        }
        close(master)
        close(errPipe)
        if let o = outPipe { close(o) }
    }

    /// What a program sees in the terminal the recording was made in: its TERM, LANG=C.UTF-8,
    /// nothing that names another terminal.
    static func environment(for recording: TerminalRecording) -> [String: String] {
        var env: [String: String] = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": NSTemporaryDirectory()]
        env["TERM"] = recording.environment["TERM"] ?? "xterm-256color"
        if let c = recording.environment["COLORFGBG"] { env["COLORFGBG"] = c }
        if env["TERM"]!.hasPrefix("tmux") { env["TERM"] = "tmux-256color" }
        return env
    }

    /// The bytes the program wrote to the terminal, as text (for failure messages).
    var writtenText: String { String(decoding: fake.written, as: UTF8.self) }

    /// Moves bytes both ways until `condition` holds or the program ends; fails after `timeout`.
    @discardableResult
    func pump(until what: String, timeout: TimeInterval = 15, _ condition: () -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            var moved = false
            let n = read(master, &buffer, buffer.count)
            if n > 0 {
                moved = true
                let answer = fake.receive(Array(buffer[..<n]))
                if !answer.isEmpty { _ = answer.withUnsafeBytes { write(master, $0.baseAddress, $0.count) } }
            }
            if let o = outPipe {
                let m = read(o, &buffer, buffer.count)
                if m > 0 { standardOutput += buffer[..<m]; moved = true }
            }
            let e = read(errPipe, &buffer, buffer.count)
            if e > 0 { standardError += buffer[..<e]; moved = true }
            if exitStatus == nil {
                var st: Int32 = 0
                if waitpid(pid, &st, WNOHANG) == pid {
                    exitStatus = (st & 0x7F) == 0 ? .exited((st >> 8) & 0xFF) : .signalled(st & 0x7F)
                }
            } else if !moved {
                return condition()
            }
            if condition() { return true }
            if Date() >= deadline { throw Failure.timeout(what, written: String(writtenText.suffix(3000))) }
            if !moved { usleep(2_000) }
        }
    }

    /// Pumps until the program has ended; its exit status.
    func waitForExit(timeout: TimeInterval = 15) throws -> TmuxHarness.ExitStatus {
        try pump(until: "the program to end", timeout: timeout) { exitStatus != nil }
        // What it wrote last.
        try pump(until: "the last output", timeout: 2) { false }
        return exitStatus!
    }

    /// Pumps until the program has written nothing for a while after `condition` held.
    func pumpUntilQuiet(after what: String, _ condition: () -> Bool) throws {
        try pump(until: what, condition)
        var count = fake.written.count
        var quietRounds = 0
        while quietRounds < 25, exitStatus == nil {
            try pump(until: "output to settle", timeout: 1) { true }
            usleep(4_000)
            try pump(until: "output to settle", timeout: 1) { true }
            if fake.written.count == count { quietRounds += 1 } else { quietRounds = 0; count = fake.written.count }
        }
    }

    /// Types `text` (its UTF-8 bytes) into the terminal.
    func type(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// The positions where `needle` occurs in what the program wrote.
    func positions(of needle: String) -> [Int] {
        let n = Array(needle.utf8), h = fake.written
        guard !n.isEmpty, h.count >= n.count else { return [] }
        var out: [Int] = []
        var i = 0
        while i <= h.count - n.count {
            if h[i] == n[0], Array(h[i..<(i + n.count)]) == n { out.append(i) }
            i += 1
        }
        return out
    }
}
