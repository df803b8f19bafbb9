#if canImport(Glibc)
import Glibc
#endif

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

    init(fd: Int32 = CommandEnvironment.standardInput) { self.fd = fd }

    /// A reader whose first bytes, `head`, were already read from `fd`; `ended` when `fd` has
    /// nothing after them.
    init(fd: Int32, head: [UInt8], ended: Bool) {
        self.fd = fd
        if head.count > buf.count { buf = head } else { buf.replaceSubrange(0..<head.count, with: head) }
        end = head.count
        eof = ended
    }

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
