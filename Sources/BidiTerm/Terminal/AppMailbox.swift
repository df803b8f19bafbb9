import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Messages for a running app from other threads and tasks (a download's progress, a file that
/// changed, a timer), delivered on the run loop's thread to `TerminalApp.receive(_:)`, each followed
/// by a frame. Posting wakes a loop that is waiting for a key at once: no polling.
///
/// ```swift
/// // Fragment: `MyApp` receives `Progress` messages (RunningAnApp has a whole app)
/// let mailbox = AppMailbox()
/// Task.detached {
///     for percent in stride(from: 0, through: 100, by: 10) {
///         try await Task.sleep(for: .milliseconds(200))
///         mailbox.post(Progress(percent))
///     }
/// }
/// var options = TerminalSessionOptions()
/// options.mailbox = mailbox
/// TerminalSession.runFullScreen(options: options) { _ in MyApp() }
/// ```
///
/// A backend that waits on a file descriptor watches `wakeDescriptor` beside its input (the
/// ncurses backend does); `AppLoop` delivers the messages after every wait.
public final class AppMailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var queue: [any Sendable] = []
    private var fds: [Int32] = [-1, -1]

    /// An empty mailbox, with the pipe that wakes the loop when a message is posted.
    public init() {
        fds.withUnsafeMutableBufferPointer { p in
            if pipe(p.baseAddress!) == 0 {
                for fd in [p[0], p[1]] {
                    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                }
            }
        }
    }

    deinit {
        for fd in fds where fd >= 0 { close(fd) }
    }

    /// The descriptor that becomes readable when a message is waiting (-1 if no pipe could be
    /// made; the loop then finds messages at its next wake-up, at most `AppLoop.maxWaitMilliseconds`
    /// later).
    public var wakeDescriptor: Int32 { fds[0] }

    /// Queues `message` for the app and wakes the loop. Safe from any thread.
    public func post(_ message: some Sendable) {
        lock.lock()
        queue.append(message)
        lock.unlock()
        if fds[1] >= 0 {
            var byte: UInt8 = 1
            _ = write(fds[1], &byte, 1)  // a full pipe already wakes the loop
        }
    }

    /// Posts `message` after `delay` (a one-shot timer).
    public func post(_ message: some Sendable, after delay: Duration) {
        let (s, atto) = delay.components
        let nanos = Int(s) * 1_000_000_000 + Int(atto / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(max(0, nanos))) { [self] in
            self.post(message)
        }
    }

    /// Takes every waiting message, oldest first.
    public func take() -> [any Sendable] {
        if fds[0] >= 0 {
            var sink = [UInt8](repeating: 0, count: 256)
            while read(fds[0], &sink, sink.count) > 0 {}
        }
        lock.lock()
        defer { lock.unlock() }
        let out = queue
        queue.removeAll()
        return out
    }

    /// Whether a message is waiting.
    public var hasMessages: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !queue.isEmpty
    }
}
