import BidiTerm
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The thread that draws `ProgramHost`'s frames, so that the program's output is read and
/// emulated on one core while the lines it scrolled off are reordered and written on the other.
///
/// Every use of the `DirectScreen` is a job, run in the order submitted; the scrolled-off lines of
/// a job are laid out with the worker's own `RowBidi` (its own engine: the host lays out the rows
/// on screen at the same time). A job of few lines submitted while nothing is queued runs at once
/// on the caller's thread, so a key's echo never waits for a thread to wake. The queue holds a
/// bounded number of lines: a program that writes faster than the terminal takes waits, as it
/// would on the terminal itself.
final class ScreenWorker: @unchecked Sendable {
    typealias Job = (DirectScreen, inout RowBidi) -> Void

    /// Lines a job may carry and still run on the caller's thread when the worker is idle.
    static let inlineLines = 64
    /// Lines queued before `submit` waits.
    static let maxQueuedLines = 3_000

    private let screen: DirectScreen
    /// A second screen every job also runs on: the recording of a terminal whose wire order is
    /// rewritten (`--record` records what a terminal without bidi shows).
    private let shadow: DirectScreen?
    private var bidi: RowBidi
    private let condition = NSCondition()
    private var queue: [(job: Job, lines: Int)] = []
    /// Jobs the thread has run, released on the caller's thread at its next `submit`: what they
    /// hold (the lines the host read out of the emulator, the frame's rows) was allocated there,
    /// and glibc frees a block of another thread's arena under that arena's lock, which the
    /// host's own allocations then wait for (a flood spent thousands of futex calls on it).
    private var done: [Job] = []
    private var queuedLines = 0
    private var busy = false
    private var stopping = false
    private var started = false
    private var finished = false

    init(screen: DirectScreen, bidi: RowBidi, shadow: DirectScreen? = nil) {
        self.screen = screen
        self.bidi = bidi
        self.shadow = shadow
    }

    private func runJob(_ job: Job) {
        job(screen, &bidi)
        if let shadow { job(shadow, &bidi) }
    }

    /// Runs `job` after every job submitted before it; `lines` is how many scrolled-off lines it
    /// carries (for the bound on the queue and the choice to run it at once).
    func submit(lines: Int = 0, _ job: @escaping Job) {
        // No thread yet (a key's echo, a prompt: no flood has started one): nothing else touches
        // the queue, so the job runs at once, without the lock. Only the caller's thread submits,
        // and only it starts the worker.
        if !started, lines <= Self.inlineLines {
            runJob(job)
            return
        }
        releaseDone()
        condition.lock()
        if queue.isEmpty && !busy && lines <= Self.inlineLines {
            busy = true
            condition.unlock()
            runJob(job)
            // Nobody waits on an inline job: the worker waits for the queue, which is still empty.
            condition.lock()
            busy = false
            condition.unlock()
            return
        }
        while queuedLines > Self.maxQueuedLines { condition.wait() }
        queue.append((job, lines))
        queuedLines += lines
        if !started {
            started = true
            let thread = Thread { [self] in loop() }
            thread.name = "rtl-tui run: screen"
            thread.start()
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Releases the jobs the thread has run, here, outside the lock (see `done`).
    private func releaseDone() {
        condition.lock()
        var finished: [Job] = []
        swap(&finished, &done)
        condition.unlock()
        finished.removeAll()
    }

    /// Runs `body` on the screen once every job submitted so far has run (for what the caller
    /// needs to read back).
    func sync<T>(_ body: (DirectScreen) -> T) -> T {
        condition.lock()
        while !queue.isEmpty || busy { condition.wait() }
        busy = true
        condition.unlock()
        let result = body(screen)
        if let shadow { _ = body(shadow) }
        condition.lock()
        busy = false
        condition.broadcast()
        condition.unlock()
        return result
    }

    /// Whether a job is waiting for the worker (it is behind): the caller then does what it can of
    /// the next job itself.
    var isBehind: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !queue.isEmpty
    }

    /// Runs what is queued, then ends the thread.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while started && !finished { condition.wait() }
        condition.unlock()
        releaseDone()
    }

    private func loop() {
        // Signals are the host's: its poll is what they must interrupt. (A crash signal still
        // reaches the thread that faults.)
        var set = sigset_t()
        sigfillset(&set)
        for s in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] { sigdelset(&set, s) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        condition.lock()
        while true {
            while (queue.isEmpty || busy) && !(stopping && queue.isEmpty) { condition.wait() }
            if queue.isEmpty { break }
            // Held in a variable this thread lets go of under the lock, once `done` has the job:
            // the last reference is then the caller's.
            var next: (job: Job, lines: Int)? = queue.removeFirst()
            busy = true
            condition.unlock()
            runJob(next!.job)
            condition.lock()
            busy = false
            queuedLines -= next!.lines
            done.append(next!.job)
            next = nil
            condition.broadcast()
        }
        finished = true
        condition.broadcast()
        condition.unlock()
    }
}
