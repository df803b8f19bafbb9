import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Buffered output to a file descriptor, flushed when the buffer fills, on `flush()`, and before
/// the input reader blocks (so output streams while input still arrives).
final class Output {
    private var buffer: [UInt8] = []
    private let fd: Int32
    private(set) var failed = false
    init(fd: Int32 = CommandEnvironment.standardOutput) {
        self.fd = fd
        buffer.reserveCapacity(1 << 16)
    }

    @inline(__always) func write(_ s: String) {
        buffer.append(contentsOf: s.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    @inline(__always) func write(byte b: UInt8) { buffer.append(b) }

    func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    func write(spaces n: Int) { if n > 0 { buffer.append(contentsOf: repeatElement(0x20, count: n)) } }

    func flush() {
        // Once a write failed (the reader went away, or a full disk, which `WriteFailure` reports
        // at the end of the command), nothing more is tried.
        if !failed, !buffer.isEmpty, !buffer.withUnsafeBytes({ writeAll(fd, $0) }) { failed = true }
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }
}

/// `writeAll`, by a name that closures named `writeAll` can call.
func rtlWriteAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool { writeAll(fd, bytes) }

/// Writes all of `bytes` to `fd`; false when the descriptor refuses them (EPIPE and friends).
/// A refusal other than EPIPE on any stream but standard error is recorded in `WriteFailure`.
func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var off = 0
    while off < bytes.count {
        let r = Glibc.write(fd, bytes.baseAddress! + off, bytes.count - off)
        if r < 0 {
            if errno == EINTR { continue }
            if errno != EPIPE && fd != CommandEnvironment.standardError { WriteFailure.record(errno) }
            return false
        }
        off += r
    }
    return true
}

/// The first error that stopped the output of a command (a full disk, an I/O error), so that the
/// command ends with a message and status 74 instead of success with its output cut. A reader that
/// went away (EPIPE: `rtl-tui render | head`) ends the output quietly and is not recorded.
enum WriteFailure {
    private static let first = Mutex<Int32?>(nil)

    static func record(_ code: Int32) { first.withLock { if $0 == nil { $0 = code } } }

    /// The recorded error, if any, cleared.
    static func take() -> Int32? {
        first.withLock { code in
            defer { code = nil }
            return code
        }
    }

    /// 74 (sysexits' EX_IOERR, `ExitCode.outputError`), after saying so on standard error, when
    /// an error was recorded (it is cleared); nil when none was.
    static func reported() -> Int32? {
        guard let code = take() else { return nil }
        CommandEnvironment.writeError("rtl-tui: cannot write the output: \(String(cString: strerror(code)))\n")
        return 74
    }
}
