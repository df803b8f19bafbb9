#if !RTL_TUI_FRONT
import BidiTerm
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `render` over standard input: a streaming pipeline that keeps the order of the lines.
///
/// The calling thread reads the input into chunks of whole lines (about 64 KiB), worker threads
/// (one per core, each with its own engine) render chunks, and a writer thread writes the rendered
/// chunks in input order as soon as each is ready. A fixed pool of chunks bounds the memory (the
/// longest line aside). Whenever a read would block, the lines read so far are handed over at
/// once, so output keeps streaming while input still arrives. With a single core, or when the
/// whole input arrived at once and is shorter than a chunk (a line a script renders), the same work
/// runs on the calling thread.
enum RenderPipeline {
    static let chunkTarget = 1 << 16

    /// Renders `input` to `output`; returns true when some input was not valid UTF-8.
    /// `RTL_TUI_WORKERS` sets the number of worker threads (1: everything on the calling thread);
    /// by default one per online core, at most 8.
    static func run(settings: RenderSettings, input: Int32, output: Int32, lines: LineRewriter? = nil) -> Bool {
        // Lines for a terminal's own bidi: one thread (a terminal reads slower than any of them).
        if let lines, lines.changesLines { return serial(settings: settings, input: input, output: output, lines: lines) }
        var workers = min(8, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        if let v = CommandEnvironment.variables["RTL_TUI_WORKERS"], let n = Int(v), n >= 1 { workers = min(n, 64) }
        if workers < 2 { return serial(settings: settings, input: input, output: output) }
        // Starting the threads costs more than rendering what one chunk holds: an input that has
        // ended within it is rendered here.
        let (head, ended) = readHead(input)
        if ended { return serial(settings: settings, reader: LineReader(fd: input, head: head, ended: true), output: output) }
        if let invalid = Parallel(settings: settings, workers: workers, input: input, output: output, head: head).run() {
            return invalid
        }
        return serial(settings: settings, reader: LineReader(fd: input, head: head, ended: false), output: output)
    }

    /// The input's first bytes, at most `chunkTarget`, read as they come: after the first read,
    /// only while more is there at once (a file, or a pipe whose writer has finished). `ended`
    /// when the input ended within them (end of file or a read error, as the readers take it).
    static func readHead(_ input: Int32) -> (head: [UInt8], ended: Bool) {
        var head = [UInt8](repeating: 0, count: chunkTarget)
        var count = 0
        var pfd = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        while count < head.count {
            if count > 0 && poll(&pfd, 1, 0) == 0 { break }
            let r = head.withUnsafeMutableBufferPointer { Glibc.read(input, $0.baseAddress! + count, $0.count - count) }
            if r < 0 && errno == EINTR { continue }
            if r <= 0 { return (Array(head[0..<count]), true) }
            count += r
        }
        return (Array(head[0..<count]), false)
    }

    /// One thread: read a line, render it, flush before every blocking read.
    ///
    /// `lines`, when given, rewrites the visual lines for the terminal they go to (whole lines
    /// are written each time).
    static func serial(settings: RenderSettings, input: Int32, output: Int32, lines: LineRewriter? = nil) -> Bool {
        serial(settings: settings, reader: LineReader(fd: input), output: output, lines: lines)
    }

    /// `serial(settings:input:output:lines:)` reading from `reader`.
    static func serial(settings: RenderSettings, reader: LineReader, output: Int32, lines: LineRewriter? = nil) -> Bool {
        let writeAll: (Int32, UnsafeRawBufferPointer) -> Bool = { fd, bytes in
            guard let lines else { return rtlWriteAll(fd, bytes) }
            let text = lines.visual(String(decoding: bytes, as: UTF8.self))
            return Array(text.utf8).withUnsafeBytes { rtlWriteAll(fd, $0) }
        }
        let renderer = LineRenderer(settings: settings)
        var out: [UInt8] = []
        out.reserveCapacity(1 << 17)
        var failed = false
        // A long paragraph is written as its visual lines are found.
        let flush: (inout [UInt8]) -> Void = { buffer in
            if !failed && !buffer.withUnsafeBytes({ writeAll(output, $0) }) { failed = true }
            buffer.removeAll(keepingCapacity: true)
        }
        reader.beforeBlocking = {
            if !out.isEmpty {
                if !out.withUnsafeBytes({ writeAll(output, $0) }) { failed = true }
                out.removeAll(keepingCapacity: true)
            }
        }
        var invalid = false
        while !failed, let line = reader.next() {
            let problems = line.withUnsafeBufferPointer { renderer.render($0, lineNumber: reader.lineNumber, into: &out, flush: flush) }
            for p in problems { Diagnostics.warn("stdin: \(p)") }
            if !problems.isEmpty { invalid = true }
            if out.count >= 1 << 16 {
                if !out.withUnsafeBytes({ writeAll(output, $0) }) { failed = true }
                out.removeAll(keepingCapacity: true)
            }
        }
        if !failed && !out.isEmpty { _ = out.withUnsafeBytes { writeAll(output, $0) } }
        return invalid
    }

    /// A chunk of whole input lines and, once rendered, its output.
    final class Chunk {
        var input: UnsafeMutablePointer<UInt8>
        var capacity: Int
        var count = 0
        var output: [UInt8] = []
        var problems: [InvalidUTF8] = []   // line numbers counted from the chunk's first line (1)
        var lines = 0
        var seq = 0

        init(capacity: Int) {
            self.capacity = capacity
            input = .allocate(capacity: capacity)
            output.reserveCapacity(capacity * 2)
        }

        deinit { input.deallocate() }

        /// Makes room for `n` bytes, keeping the content.
        func grow(to n: Int) {
            guard n > capacity else { return }
            var c = capacity * 2
            while c < n { c *= 2 }
            let p = UnsafeMutablePointer<UInt8>.allocate(capacity: c)
            p.update(from: input, count: count)
            input.deallocate()
            input = p
            capacity = c
        }

        /// Renders every line of the input; `flush` writes out what a long paragraph has rendered so
        /// far (see `Parallel.writeEarly`).
        func render(with renderer: LineRenderer, flush: @escaping (inout [UInt8]) -> Void) {
            output.removeAll(keepingCapacity: true)
            problems.removeAll()
            lines = 0
            var start = 0
            while start < count {
                let nl = memchr(input + start, 0x0A, count - start).map { $0.assumingMemoryBound(to: UInt8.self) - input }
                let stop = nl ?? count
                var end = stop
                if end > start && input[end - 1] == 0x0D { end -= 1 }
                lines += 1
                let found = renderer.render(UnsafeBufferPointer(start: input + start, count: end - start),
                                            lineNumber: lines, into: &output, flush: flush)
                if !found.isEmpty { problems.append(contentsOf: found) }
                start = stop + 1
            }
        }
    }

    /// The threads and what they share, under one lock.
    final class Parallel: @unchecked Sendable {
        let settings: RenderSettings
        let workers: Int
        let input: Int32
        let output: Int32
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        // Guarded by `mutex`:
        private var free: [Chunk] = []
        private var pending: [Chunk] = []       // read, waiting for a worker (FIFO)
        private var pendingHead = 0
        private var done: [Int: Chunk] = [:]   // rendered, waiting for their turn to be written
        private var submitted = 0
        private var written = 0                 // chunks written, in input order
        private var closed = false
        private var failed = false
        private var invalid = false

        /// The input's first bytes, already read (`readHead`).
        private let head: [UInt8]

        init(settings: RenderSettings, workers: Int, input: Int32, output: Int32, head: [UInt8] = []) {
            self.settings = settings
            self.workers = workers
            self.input = input
            self.output = output
            self.head = head
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(changed, nil)
            for _ in 0..<(2 * workers + 2) { free.append(Chunk(capacity: 2 * RenderPipeline.chunkTarget)) }
        }

        deinit {
            pthread_mutex_destroy(mutex)
            pthread_cond_destroy(changed)
            mutex.deallocate()
            changed.deallocate()
        }

        private func locked<T>(_ body: () -> T) -> T {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return body()
        }

        private func wait() { pthread_cond_wait(changed, mutex) }
        private func signal() { pthread_cond_broadcast(changed) }

        /// Runs the pipeline; nil when the threads could not be started (nothing was read then).
        func run() -> Bool? {
            var threads: [pthread_t] = []
            var started = 0
            for _ in 0..<workers {
                guard let t = startThread({ self.work() }) else { break }
                threads.append(t)
                started += 1
            }
            if started > 0, let t = startThread({ self.write() }) { threads.append(t) } else { started = 0 }
            if started == 0 {
                locked {
                    closed = true
                    signal()
                }
                for t in threads { pthread_join(t, nil) }
                return nil
            }
            read()
            for t in threads { pthread_join(t, nil) }
            return invalid
        }

        /// A free chunk, waiting for one when all are in flight.
        private func takeFree() -> Chunk {
            locked {
                while free.isEmpty { wait() }
                return free.removeLast()
            }
        }

        private func submit(_ chunk: Chunk) {
            locked {
                chunk.seq = submitted
                submitted += 1
                pending.append(chunk)
                signal()
            }
        }

        /// The calling thread: reads, cuts chunks at line feeds, hands them over.
        private func read() {
            var cur = takeFree()
            cur.grow(to: head.count + RenderPipeline.chunkTarget)
            cur.input.update(from: head, count: head.count)
            cur.count = head.count
            var pfd = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            while !locked({ failed }) {
                // Hand over the complete lines read so far when the chunk is full enough, or when
                // the next read would block (so their output does not wait for more input).
                var full = cur.count >= RenderPipeline.chunkTarget
                if !full && cur.count > 0 && poll(&pfd, 1, 0) == 0 { full = true }
                if full, let last = Parallel.lastLineFeed(cur.input, cur.count) {
                    let end = last + 1
                    let next = takeFree()
                    next.grow(to: cur.count - end + RenderPipeline.chunkTarget)
                    next.count = cur.count - end
                    next.input.update(from: cur.input + end, count: next.count)
                    cur.count = end
                    submit(cur)
                    cur = next
                }
                if cur.capacity - cur.count < RenderPipeline.chunkTarget / 2 { cur.grow(to: cur.capacity * 2) }
                let r = Glibc.read(input, cur.input + cur.count, cur.capacity - cur.count)
                if r < 0 && errno == EINTR { continue }
                if r <= 0 { break }
                cur.count += r
            }
            if cur.count > 0 { submit(cur) } else { locked { free.append(cur) } }
            locked {
                closed = true
                signal()
            }
        }

        /// The offset of the last line feed in `p[0..<n]`.
        static func lastLineFeed(_ p: UnsafeMutablePointer<UInt8>, _ n: Int) -> Int? {
            var i = n - 1
            while i >= 0 {
                if p[i] == 0x0A { return i }
                i -= 1
            }
            return nil
        }

        /// A worker thread: renders chunks with its own engine.
        private func work() {
            let renderer = LineRenderer(settings: settings)
            while true {
                let chunk: Chunk? = locked {
                    while pendingHead == pending.count && !closed { wait() }
                    guard pendingHead < pending.count else { return nil }
                    let c = pending[pendingHead]
                    pendingHead += 1
                    if pendingHead == pending.count {
                        pending.removeAll(keepingCapacity: true)
                        pendingHead = 0
                    }
                    return c
                }
                guard let chunk else { return }
                chunk.render(with: renderer, flush: { self.writeEarly(chunk, &$0) })
                locked {
                    done[chunk.seq] = chunk
                    signal()
                }
            }
        }

        /// A worker with a long paragraph: writes what `chunk` has rendered so far once every earlier
        /// chunk is written (the writer thread then waits for this one), so that the paragraph's
        /// visual lines stream instead of piling up.
        private func writeEarly(_ chunk: Chunk, _ bytes: inout [UInt8]) {
            let go: Bool = locked {
                while written < chunk.seq && !failed { wait() }
                return !failed
            }
            if go && !bytes.withUnsafeBytes({ writeAll(output, $0) }) {
                locked {
                    failed = true
                    signal()
                }
            }
            bytes.removeAll(keepingCapacity: true)
        }

        /// The writer thread: writes rendered chunks in input order, reports invalid UTF-8.
        private func write() {
            var next = 0
            var linesBefore = 0
            var broken = false
            while true {
                let (chunk, failedEarly): (Chunk?, Bool) = locked {
                    while done[next] == nil && !(closed && next == submitted) { wait() }
                    return (done.removeValue(forKey: next), failed)
                }
                guard let chunk else { return }
                // A worker's early write failed: nothing more is written (no hole in the output).
                if failedEarly { broken = true }
                next += 1
                for var p in chunk.problems {
                    p.line += linesBefore
                    Diagnostics.warn("stdin: \(p)")
                }
                linesBefore += chunk.lines
                if !broken && !chunk.output.withUnsafeBytes({ writeAll(output, $0) }) { broken = true }
                let sawInvalid = !chunk.problems.isEmpty
                chunk.count = 0
                locked {
                    written += 1
                    if sawInvalid { invalid = true }
                    if broken { failed = true }
                    free.append(chunk)
                    signal()
                }
            }
        }
    }
}

/// Starts a thread running `body`; nil when the system refuses a new thread.
func startThread(_ body: @escaping () -> Void) -> pthread_t? {
    final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let r = pthread_create(&thread, nil, { p in
        Unmanaged<Box>.fromOpaque(p!).takeRetainedValue().body()
        return nil
    }, context)
    if r != 0 {
        Unmanaged<Box>.fromOpaque(context).release()
        return nil
    }
    return thread
}
