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

/// Writes messages to stderr, never with raw control characters (R22).
enum Diagnostics {
    static func warn(_ message: String) {
        let s = Array(("rtl-tui: " + Sanitizer.visible(message) + "\n").utf8)
        _ = s.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}

/// JSON string escaping that keeps every control character and every bidi control out of the
/// output as raw characters (they are written as \\uXXXX).
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
