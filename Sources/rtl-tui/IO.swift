import BidiTerm
#if canImport(Glibc)
import Glibc
#endif

/// Buffered output to a file descriptor, flushed when the buffer fills, on `flush()`, and before
/// the input reader blocks (so output streams while input still arrives).
final class Output {
    private var buffer: [UInt8] = []
    private let fd: Int32
    private(set) var failed = false
    init(fd: Int32 = 1) {
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
        var off = 0
        while off < buffer.count {
            let r = buffer.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + off, $0.count - off) }
            if r < 0 {
                if errno == EINTR { continue }
                failed = true   // EPIPE and friends: the reader went away; stop quietly
                break
            }
            off += r
        }
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }
}

/// Reads lines (as bytes, without their `\n` and a `\r` before it) from a file descriptor,
/// buffering 64 KiB at a time; calls `beforeBlocking` before every read(2).
final class LineReader {
    private var buf = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0
    private var eof = false
    private let fd: Int32
    var beforeBlocking: () -> Void = {}
    private(set) var lineNumber = 0

    init(fd: Int32 = 0) { self.fd = fd }

    /// The next line, or nil at the end of input.
    func next() -> ArraySlice<UInt8>? {
        var scanFrom = start
        while true {
            if let nl = buf[scanFrom..<end].firstIndex(of: 0x0A) {
                var lineEnd = nl
                if lineEnd > start && buf[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                let line = buf[start..<lineEnd]
                start = nl + 1
                lineNumber += 1
                return line
            }
            if eof {
                guard start < end else { return nil }
                var lineEnd = end
                if buf[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                let line = buf[start..<lineEnd]
                start = end
                lineNumber += 1
                return line
            }
            // Move the partial line to the front and read more (growing for long lines).
            if start > 0 {
                buf.withUnsafeMutableBufferPointer { p in
                    _ = memmove(p.baseAddress!, p.baseAddress! + start, end - start)
                }
                end -= start
                start = 0
            }
            if end == buf.count { buf.append(contentsOf: repeatElement(0, count: buf.count)) }
            scanFrom = end
            beforeBlocking()
            let r = buf.withUnsafeMutableBufferPointer { p in read(fd, p.baseAddress! + end, p.count - end) }
            if r < 0 {
                if errno == EINTR { continue }
                eof = true
            } else if r == 0 {
                eof = true
            } else {
                end += r
            }
        }
    }
}

/// Writes all of `bytes` to `fd`; false when the descriptor refuses them (EPIPE and friends).
func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var off = 0
    while off < bytes.count {
        let r = Glibc.write(fd, bytes.baseAddress! + off, bytes.count - off)
        if r < 0 {
            if errno == EINTR { continue }
            return false
        }
        off += r
    }
    return true
}

/// `render` over standard input: a streaming pipeline that keeps the order of the lines.
///
/// The calling thread reads the input into chunks of whole lines (about 64 KiB), worker threads
/// (one per core, each with its own engine) render chunks, and a writer thread writes the rendered
/// chunks in input order as soon as each is ready. A fixed pool of chunks bounds the memory (the
/// longest line aside). Whenever a read would block, the lines read so far are handed over at
/// once, so output keeps streaming while input still arrives. With a single core, the same work
/// runs on the calling thread.
enum RenderPipeline {
    static let chunkTarget = 1 << 16

    /// Renders `input` to `output`; returns true when some input was not valid UTF-8.
    /// `RTL_TUI_WORKERS` sets the number of worker threads (1: everything on the calling thread);
    /// by default one per online core, at most 8.
    static func run(settings: RenderSettings, input: Int32, output: Int32) -> Bool {
        var workers = min(8, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        if let v = getenv("RTL_TUI_WORKERS"), let n = Int(String(cString: v)), n >= 1 { workers = min(n, 64) }
        if workers < 2 { return serial(settings: settings, input: input, output: output) }
        if let invalid = Parallel(settings: settings, workers: workers, input: input, output: output).run() {
            return invalid
        }
        return serial(settings: settings, input: input, output: output)
    }

    /// One thread: read a line, render it, flush before every blocking read.
    static func serial(settings: RenderSettings, input: Int32, output: Int32) -> Bool {
        let renderer = LineRenderer(settings: settings)
        let reader = LineReader(fd: input)
        var out: [UInt8] = []
        out.reserveCapacity(1 << 17)
        var failed = false
        reader.beforeBlocking = {
            if !out.isEmpty {
                if !out.withUnsafeBytes({ writeAll(output, $0) }) { failed = true }
                out.removeAll(keepingCapacity: true)
            }
        }
        var invalid = false
        while !failed, let line = reader.next() {
            let problems = line.withUnsafeBufferPointer { renderer.render($0, lineNumber: reader.lineNumber, into: &out) }
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

        /// Renders every line of the input.
        func render(with renderer: LineRenderer) {
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
                                            lineNumber: lines, into: &output)
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
        private var closed = false
        private var failed = false
        private var invalid = false

        init(settings: RenderSettings, workers: Int, input: Int32, output: Int32) {
            self.settings = settings
            self.workers = workers
            self.input = input
            self.output = output
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
            cur.count = 0
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
                chunk.render(with: renderer)
                locked {
                    done[chunk.seq] = chunk
                    signal()
                }
            }
        }

        /// The writer thread: writes rendered chunks in input order, reports invalid UTF-8.
        private func write() {
            var next = 0
            var linesBefore = 0
            var broken = false
            while true {
                let chunk: Chunk? = locked {
                    while done[next] == nil && !(closed && next == submitted) { wait() }
                    return done.removeValue(forKey: next)
                }
                guard let chunk else { return }
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

/// Writes messages to stderr, never with raw control characters (R22).
enum Diagnostics {
    static func warn(_ message: String) {
        let s = Array(("rtl-tui: " + Sanitizer.visible(message) + "\n").utf8)
        _ = s.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}

/// JSON string escaping that keeps every control character and every bidi control out of the
/// output as raw characters (they are written as \\uHHHH, four hex digits).
enum JSON {
    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
                out += "\\u" + hex4(u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    static func hex4(_ v: UInt32) -> String {
        let h = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - h.count)) + h
    }
}

/// The raw command-line arguments that are not valid UTF-8 (Swift repairs them silently).
func invalidUTF8Arguments() -> [(index: Int, problems: [InvalidUTF8])] {
    var out: [(Int, [InvalidUTF8])] = []
    for i in 1..<Int(CommandLine.argc) {
        guard let p = CommandLine.unsafeArgv[i] else { continue }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p))
        let (_, problems) = UTF8Decoder.decode(bytes, line: i)
        if !problems.isEmpty { out.append((i, problems)) }
    }
    return out
}
