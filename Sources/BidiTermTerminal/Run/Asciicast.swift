import BidiTerm
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A recording in asciicast v2, the format of asciinema (`rtl-tui run --record FILE.cast`): a
/// header line (`version` 2, `width`, `height`, `timestamp`, `env`, `title`), then one line per
/// write, `[seconds, "o", text]`, and per resize, `[seconds, "r", "COLSxROWS"]`.
///
/// Output is UTF-8 text: a character cut at the end of a write waits for the rest; bytes that are
/// not UTF-8 become U+FFFD (a JSON string holds text only). Lines are written to the file as they
/// come, through a buffer flushed at least every half second and when the recording ends, so a
/// recording costs about the bytes it holds.
public final class AsciicastWriter: @unchecked Sendable {
    /// The file's path.
    public let path: String
    private let fd: Int32
    private let start: Int64
    private var buffer: [UInt8] = []
    private var held: [UInt8] = []
    private var lastFlush: Int64
    private let lock = NSLock()
    /// Whether a write to the file failed (the recording stops; the session goes on).
    public private(set) var failed = false

    /// Creates (or truncates) `path` and writes the header for a `columns` × `rows` terminal.
    /// - Throws: `CocoaError` when the file cannot be made.
    public init(path: String, columns: Int, rows: Int, title: String, environment: [String: String]) throws {
        self.path = path
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path,
                                                                 NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
        start = Self.now()
        lastFlush = start
        var env: [String: String] = [:]
        for k in ["TERM", "SHELL", "LANG"] { if let v = environment[k] { env[k] = v } }
        let header: [String: Any] = ["version": 2, "width": columns, "height": rows,
                                     "timestamp": Int(Date().timeIntervalSince1970), "env": env, "title": title]
        let data = (try? JSONSerialization.data(withJSONObject: header, options: [.sortedKeys])) ?? Data("{\"version\":2}".utf8)
        buffer += data
        buffer.append(0x0A)
        flush()
    }

    deinit { close() }

    /// The recordings `options` ask for (`--record`, `--record-logical`), for a `columns` × `rows`
    /// terminal drawn by `screen`: the drawn one taps the screen's bytes, or a second screen of
    /// its own (returned) where the terminal's wire order is rewritten, so that it records what
    /// a terminal without bidi shows. A file that cannot be made gives no recording.
    static func recordings(_ options: ProgramHostOptions, screen: DirectScreen, rows: Int, columns: Int,
                           environment env: [String: String]) -> (drawn: AsciicastWriter?, logical: AsciicastWriter?, shadow: DirectScreen?) {
        let title = "rtl-tui run " + options.command.joined(separator: " ")
        let drawn = options.record.flatMap { try? AsciicastWriter(path: $0, columns: columns, rows: rows, title: title, environment: env) }
        let logical = options.recordLogical.flatMap {
            try? AsciicastWriter(path: $0, columns: columns, rows: rows, title: title + " (the program's own bytes)", environment: env)
        }
        guard let drawn else { return (nil, logical, nil) }
        if screen.wire == nil {
            screen.tap = { drawn.output($0) }
            return (drawn, logical, nil)
        }
        let shadow = DirectScreen(fd: -1, rows: rows, columns: columns, colors: screen.colors, truecolor: screen.truecolor)
        shadow.tap = { drawn.output($0) }
        return (drawn, logical, shadow)
    }

    static func now() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// Output written to the terminal (or by the program).
    public func output<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        guard !bytes.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        guard !failed else { return }
        var data = held
        data += bytes
        let cut = VTermEmulator.incompleteUTF8Suffix(data)
        held = Array(data.suffix(cut))
        data.removeLast(cut)
        guard !data.isEmpty else { return }
        event("o", String(decoding: data, as: UTF8.self))
    }

    /// The terminal's new size.
    public func resize(columns: Int, rows: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard !failed else { return }
        event("r", "\(columns)x\(rows)")
    }

    private func event(_ kind: String, _ text: String) {
        let now = Self.now()
        let seconds = Double(now - start) / 1e9
        buffer += Array("[\(String(format: "%.6f", seconds)), \"\(kind)\", ".utf8)
        Self.appendJSONString(text, to: &buffer)
        buffer += Array("]\n".utf8)
        if buffer.count >= 1 << 16 || now - lastFlush >= 500_000_000 { flushLocked(now) }
    }

    /// `text` as a JSON string literal (RFC 8259: quotes, backslash and controls escaped).
    static func appendJSONString(_ text: String, to out: inout [UInt8]) {
        out.append(0x22)
        for b in text.utf8 {
            switch b {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, 0x6E]
            case 0x0D: out += [0x5C, 0x72]
            case 0x09: out += [0x5C, 0x74]
            case 0x00..<0x20, 0x7F:
                out += Array(String(format: "\\u%04x", b).utf8)
            default: out.append(b)
            }
        }
        out.append(0x22)
    }

    /// Writes what is buffered to the file.
    public func flush() {
        lock.lock()
        defer { lock.unlock() }
        flushLocked(Self.now())
    }

    private func flushLocked(_ now: Int64) {
        lastFlush = now
        guard !buffer.isEmpty, !failed, fd >= 0 else { buffer.removeAll(keepingCapacity: true); return }
        if !TerminalConversation.write(buffer, to: fd) { failed = true }
        buffer.removeAll(keepingCapacity: true)
    }

    private var closed = false

    /// Writes the rest and closes the file.
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        if !held.isEmpty {
            let rest = held
            held = []
            event("o", String(decoding: rest, as: UTF8.self))
        }
        flushLocked(Self.now())
        closed = true
        if fd >= 0 { _ = Glibc.close(fd) }
    }
}
