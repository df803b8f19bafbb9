import BidiTerm
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A terminal's file descriptors (in a mode that does not echo: curses' cbreak/noecho, or raw).
public final class FileTerminalChannel: TerminalChannel {
    /// The descriptor answers are read from.
    public let input: Int32
    /// The descriptor queries are written to.
    public let output: Int32
    private var buffer = [UInt8](repeating: 0, count: 4096)

    /// A channel reading `input` and writing `output`.
    public init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    /// Writes all of `bytes` to `output`; false on error.
    public func write(_ bytes: [UInt8]) -> Bool { TerminalConversation.write(bytes, to: output) }

    /// Waits at most `timeout` for `input` to be readable and reads what is there: `[]` when the
    /// time ran out or a signal came, nil on error or hang-up.
    public func read(timeout: Duration) -> [UInt8]? {
        let (s, atto) = timeout.components
        let ms = timeout <= .zero ? 0 : Int32(clamping: s * 1000 + atto / 1_000_000_000_000_000 + 1)
        var p = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        let n = poll(&p, 1, ms)
        if n < 0 { return errno == EINTR ? [] : nil }
        if n == 0 { return [] }
        if p.revents & Int16(POLLIN) == 0 { return nil }   // hung up
        let got = Glibc.read(input, &buffer, buffer.count)
        if got < 0 { return errno == EINTR || errno == EAGAIN ? [] : nil }
        if got == 0 { return nil }
        return Array(buffer[..<got])
    }

    /// The continuous clock's time.
    public var now: ContinuousClock.Instant { ContinuousClock.now }
}

/// The I/O of the start-up queries (R21): writes each batch of a `TerminalProbe` to the
/// terminal and reads its answers, waiting for the batch's sentinel at most `batchTimeout` (a
/// local terminal answers in milliseconds; over SSH the round trip is added; the wait ends as
/// soon as the sentinel arrives).
public enum TerminalConversation {
    /// How a conversation ended.
    public enum Outcome: Equatable, Sendable {
        /// Every batch was answered, or given up after its time.
        case finished
        /// Nothing at all came back within the first answer's wait: the first batch is still
        /// open, until `deadline`. Its answers may come later (`TerminalStartup`).
        case unanswered(deadline: ContinuousClock.Instant)
    }

    /// A terminal that answered every cursor report of a batch but not DA1 (Eterm) is given this
    /// long for the DA1 reply, not the batch's whole time.
    public static let primaryGrace: Duration = .milliseconds(150)

    /// Runs `probe` to its end on the terminal `input`/`output` (file descriptors in a mode that
    /// does not echo: curses' cbreak/noecho, or raw).
    public static func run(_ probe: inout TerminalProbe, input: Int32, output: Int32,
                           batchTimeout: Duration = .seconds(2)) {
        _ = run(&probe, channel: FileTerminalChannel(input: input, output: output), batchTimeout: batchTimeout)
    }

    /// Runs `probe` on `channel`: to its end, or, with `firstAnswerWait`, until that long has
    /// passed without a single reply to the first batch (`.unanswered`: the caller draws, and
    /// hands late answers to the probe).
    public static func run(_ probe: inout TerminalProbe, channel: TerminalChannel, batchTimeout: Duration = .seconds(2),
                           firstAnswerWait: Duration? = nil) -> Outcome {
        // The cursor goes back where it was (a terminal without an alternate screen keeps the
        // screen the probe drew on).
        _ = channel.write(Array("\u{1B}7".utf8))
        defer { _ = channel.write(Array("\u{1B}8".utf8)) }
        var next = probe.start()
        let started = channel.now
        while !probe.isDone {
            if !next.isEmpty {
                guard channel.write(next) else { return .finished }
                next = []
            }
            let deadline = channel.now.advanced(by: batchTimeout)
            var answered = false
            while !answered {
                var left = channel.now.duration(to: deadline)
                if left <= .zero { break }
                if let wait = firstAnswerWait, !probe.heardFromTerminal {
                    let firstLeft = channel.now.duration(to: started.advanced(by: wait))
                    if firstLeft <= .zero { return .unanswered(deadline: deadline) }
                    left = min(left, firstLeft)
                }
                let awaitsPrimary = probe.awaitsOnlyPrimary
                guard let bytes = channel.read(timeout: awaitsPrimary ? min(left, primaryGrace) : left) else { return .finished }
                if bytes.isEmpty {
                    if awaitsPrimary {
                        let before = probe.result.exchanges.count
                        next = probe.completeWithoutPrimary()
                        answered = probe.result.exchanges.count > before
                    }
                    continue
                }
                let before = probe.result.exchanges.count
                next = probe.receive(bytes)
                answered = probe.result.exchanges.count > before
            }
            if !answered { next = probe.timeout() }
        }
        return .finished
    }

    /// Writes all of `bytes`; false on error.
    public static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }
}

/// What tmux says about itself and its client (when the process runs inside tmux and the `tmux`
/// command reaches its server): extra evidence, not needed for identification.
public enum TmuxInfo {
    /// `tmux display-message -p` of the pane's `allow-passthrough`, the client's terminal type
    /// (its XTVERSION, as tmux recorded it) and name, and whether a client is attached. Nil
    /// outside tmux, or when the command fails or takes more than a second.
    public static func query(environment: [String: String]) -> MultiplexerInfo? {
        guard let tmux = environment["TMUX"], !tmux.isEmpty else { return nil }
        var args = ["tmux", "display-message", "-p"]
        if let pane = environment["TMUX_PANE"], !pane.isEmpty { args += ["-t", pane] }
        args.append("#{allow-passthrough}\t#{client_termtype}\t#{client_termname}\t#{session_attached}\t"
                    + "#{pane_width}\t#{client_width}\t#{client_height}\t#{client_pid}")
        guard let out = run(args, environment: environment, timeout: .seconds(1)) else { return nil }
        let f = out.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard f.count == 8 else { return nil }
        var info = MultiplexerInfo()
        switch f[0] {
        case "1", "on", "all": info.passthrough = true
        case "0", "off": info.passthrough = false
        default: info.passthrough = nil
        }
        info.clientTermType = f[1].isEmpty ? nil : f[1]
        info.clientTermName = f[2].isEmpty ? nil : f[2]
        info.attached = Int(f[3]).map { $0 > 0 }
        info.paneWidth = Int(f[4])
        info.clientWidth = Int(f[5])
        info.clientHeight = Int(f[6])
        info.clientPID = Int32(f[7])
        if let pid = info.clientPID, let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") {
            var env: [String: String] = [:]
            for entry in data.split(separator: 0) {
                let s = String(decoding: entry, as: UTF8.self)
                if let eq = s.firstIndex(of: "=") { env[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
            }
            info.clientEnvironment = env
        }
        return info
    }

    /// Runs `arguments` through `/usr/bin/env` and returns its first line of output, or nil.
    private static func run(_ arguments: [String], environment: [String: String], timeout: Duration) -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = arguments
        p.environment = environment
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle(forWritingAtPath: "/dev/null")
        p.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        do { try p.run() } catch { return nil }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while p.isRunning, clock.now < deadline { usleep(2_000) }
        if p.isRunning {
            p.terminate()
            p.waitUntilExit()
            return nil
        }
        guard p.terminationStatus == 0 else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init)
    }
}
