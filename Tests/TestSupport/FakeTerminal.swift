import BidiTerm
import Foundation

/// A terminal's recorded answers (`Tests/BidiTermTests/Fixtures/terminal-replies/*.txt`, format
/// `terminal-replies 1`, written by `Scripts/term-probe.py` inside the real terminal): the reply
/// to each query, how far the terminal moved the cursor while handling it (it printed what it
/// did not understand), and the advance of each measured glyph.
public struct TerminalRecording: Sendable {
    /// The file's name without `.txt` (`sakura`, `konsole`, `tmux-in-sakura-passthrough-on`).
    public let name: String
    /// `meta` lines (a key may repeat: `package`).
    public let meta: [(key: String, value: String)]
    /// The reply bytes per query name (empty: the terminal did not answer).
    public let replies: [String: [UInt8]]
    /// Cells the cursor moved while the query was handled (0: consumed silently).
    public let moved: [String: Int]
    /// Advance per glyph (the glyph's text).
    public let advances: [String: Int]
    /// Bytes that came back through tmux's passthrough after the recorded batches (the outer
    /// terminal's answers), when recorded.
    public let passthroughLate: [UInt8]

    /// The recordings in the fixtures folder, by name.
    public static func all() throws -> [String: TerminalRecording] {
        let dir = Repository.terminalReplies
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".txt") }.sorted()
        var out: [String: TerminalRecording] = [:]
        for f in files {
            let r = try TerminalRecording(path: dir + "/" + f)
            out[r.name] = r
        }
        return out
    }

    public static func named(_ name: String) throws -> TerminalRecording {
        try TerminalRecording(path: Repository.terminalReplies + "/\(name).txt")
    }

    public init(path: String) throws {
        name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var meta: [(String, String)] = []
        var replies: [String: [UInt8]] = [:]
        var moved: [String: Int] = [:]
        var advances: [String: Int] = [:]
        var late: [UInt8] = []
        var inLateDrain = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("#") { continue }
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch f[0] {
            case "meta" where f.count >= 3:
                meta.append((f[1], String(decoding: Self.unescape(f[2]), as: UTF8.self)))
            case "reply" where f.count >= 2:
                replies[f[1]] = f.count >= 3 ? Self.unescape(f[2]) : []
            case "moved" where f.count >= 3:
                moved[f[1]] = Int(f[2])
            case "advance" where f.count >= 4:
                let glyph = f[3].split(separator: " ").compactMap { UInt32($0.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init) }
                advances[String(String.UnicodeScalarView(glyph))] = Int(f[2])
            case "batch":
                inLateDrain = f.count > 1 && f[1] == "tmux-passthrough:late"
            case "recv" where inLateDrain && f.count >= 3:
                late += Self.unescape(f[2])
            default:
                break
            }
        }
        self.meta = meta
        self.replies = replies
        self.moved = moved
        self.advances = advances
        self.passthroughLate = late
    }

    /// The first `meta` value for `key`.
    public func meta(_ key: String) -> String? { meta.first { $0.key == key }?.value }

    /// The environment the terminal gave its programs (`meta env.NAME`).
    public var environment: [String: String] {
        var env: [String: String] = [:]
        for (k, v) in meta where k.hasPrefix("env.") { env[String(k.dropFirst(4))] = v }
        return env
    }

    /// `ESCAPED` of the format: `\e`, `\a`, `\r`, `\n`, `\t`, `\\`, `\xHH`, UTF-8 otherwise.
    public static func unescape(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        var it = Array(s.utf8)[...]
        while let b = it.first {
            it = it.dropFirst()
            guard b == UInt8(ascii: "\\"), let n = it.first else { out.append(b); continue }
            it = it.dropFirst()
            switch n {
            case UInt8(ascii: "e"): out.append(0x1B)
            case UInt8(ascii: "a"): out.append(0x07)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "x"):
                let hex = String(decoding: it.prefix(2), as: UTF8.self)
                out.append(UInt8(hex, radix: 16) ?? 0)
                it = it.dropFirst(2)
            default: out.append(n)
            }
        }
        return out
    }
}

/// A terminal played from a recording: it reads what a program writes, answers each query the
/// way the recorded terminal did (in order, after the whole write), keeps the cursor where the
/// real terminal would have it (for CPR), and records everything.
///
/// A recording of tmux (`tmux-in-…`) plays tmux: it answers unwrapped queries itself and, when
/// `passthrough` is on, hands the payload of `DCS tmux; … ST` to the outer terminal's
/// recording, whose answers follow tmux's own.
///
/// ```swift
/// var t = FakeTerminal(try TerminalRecording.named("sakura"))
/// let answer = t.receive(Array("\u{1B}[>c\u{1B}[6n\u{1B}[c".utf8))   // DA2, CPR, DA1 replies
/// ```
public final class FakeTerminal {
    public let recording: TerminalRecording
    /// Behind tmux: the terminal tmux runs in, and whether tmux passes wrapped sequences on.
    public let outer: FakeTerminal?
    public let passthrough: Bool
    /// Every byte the program wrote.
    public private(set) var written: [UInt8] = []
    /// Queries the terminal printed as text (the recording says it moved the cursor), by name.
    public private(set) var garbage: [String] = []
    /// Queries seen, by name, in order.
    public private(set) var queries: [String] = []
    /// ANSI and private modes as set and reset by the program (`8`, `?1243`…): true set.
    public private(set) var modes: [String: Bool] = [:]
    public var rows: Int
    public var columns: Int
    /// Advances that differ from the recording's (a terminal whose fonts or tables disagree).
    public var advanceOverrides: [String: Int] = [:]
    /// The cursor, 1-based.
    public private(set) var row = 1
    public private(set) var column = 1
    /// Whether the alternate screen is on.
    public private(set) var alternateScreen = false
    /// A terminal that answers nothing at all (it still moves its cursor and records).
    public var silent = false
    /// Answers are held back until the program has written these bytes (its first frame, say):
    /// then everything held comes at once, in order, and later answers as usual. Nil: no holding.
    public var holdsAnswersUntil: [UInt8]? = nil
    private var held: [UInt8] = []

    private var pending: [UInt8] = []
    /// Text printed since the cursor was last placed (for glyph advances).
    private var printed: [UInt8] = []
    private var printedFrom = 1

    public init(_ recording: TerminalRecording, outer: TerminalRecording? = nil, passthrough: Bool = false,
                rows: Int = 30, columns: Int = 100) {
        self.recording = recording
        self.outer = outer.map { FakeTerminal($0, rows: rows, columns: columns) }
        self.passthrough = passthrough
        self.rows = rows
        self.columns = columns
    }

    /// Takes bytes the program wrote; returns the terminal's answers to the complete queries
    /// among them (tmux's own first, then what came back through passthrough).
    public func receive(_ bytes: [UInt8]) -> [UInt8] {
        let from = written.count
        let answer = answers(to: bytes)
        if silent { return [] }
        if let marker = holdsAnswersUntil {
            held += answer
            let start = max(0, from - marker.count + 1)
            guard written.count >= marker.count, start <= written.count - marker.count,
                  (start...(written.count - marker.count)).contains(where: { written[$0..<($0 + marker.count)].elementsEqual(marker) })
            else { return [] }
            holdsAnswersUntil = nil
            defer { held = [] }
            return held
        }
        return answer
    }

    /// The answers to `bytes` as the recorded terminal gives them.
    private func answers(to bytes: [UInt8]) -> [UInt8] {
        written += bytes
        pending += bytes
        var own: [UInt8] = []
        var late: [UInt8] = []
        var i = 0
        let b = pending
        while i < b.count {
            let c = b[i]
            if c == 0x1B {
                guard let (end, reply, wrapped) = sequence(b, at: i) else { break }
                own += reply
                if let wrapped, let outer, passthrough { late += outer.receive(wrapped) }
                i = end
                continue
            }
            switch c {
            case 0x0D: settle(); column = 1
            case 0x0A: settle(); row = min(rows, row + 1)
            case 0x08: settle(); column = max(1, column - 1)
            case 0x05: queries.append("enq"); own += recording.replies["enq"] ?? []
            case 0x00...0x1F, 0x7F: break
            default: printed.append(c)
            }
            i += 1
        }
        pending = Array(b[i...])
        return own + late
    }

    /// The cursor column after the text printed since it was placed: the recorded advance of
    /// that text when it was measured, else the width table's.
    private func settle() {
        guard !printed.isEmpty else { return }
        let text = String(decoding: printed, as: UTF8.self)
        let advance = advanceOverrides[text] ?? recording.advances[text]
            ?? text.unicodeScalars.reduce(0) { $0 + max(0, WidthTable.width($1)) }
        column = min(columns, printedFrom + advance)
        printed.removeAll()
        printedFrom = column
    }

    private func place(row r: Int, column c: Int) {
        printed.removeAll()
        row = max(1, min(rows, r))
        column = max(1, min(columns, c))
        printedFrom = column
    }

    /// The escape sequence at `i`: where it ends, the answer, and a tmux passthrough payload.
    private func sequence(_ b: [UInt8], at i: Int) -> (Int, [UInt8], [UInt8]?)? {
        guard i + 1 < b.count else { return nil }
        let kind = b[i + 1]
        if kind == UInt8(ascii: "[") {
            var j = i + 2
            while j < b.count, !(0x40...0x7E).contains(b[j]) { j += 1 }
            guard j < b.count else { return nil }
            settle()
            return (j + 1, csi(Array(b[(i + 2)..<j]), final: b[j]), nil)
        }
        if kind == UInt8(ascii: "]") || kind == UInt8(ascii: "P") {
            var j = i + 2
            var payload: [UInt8] = []
            while j < b.count {
                if kind == UInt8(ascii: "]"), b[j] == 0x07 { break }
                if b[j] == 0x1B {
                    guard j + 1 < b.count else { return nil }
                    if b[j + 1] == UInt8(ascii: "\\") { break }
                    // tmux doubles every ESC of a passthrough payload.
                    if b[j + 1] == 0x1B { payload.append(0x1B); j += 2; continue }
                }
                payload.append(b[j])
                j += 1
            }
            guard j < b.count else { return nil }
            let end = b[j] == 0x07 ? j + 1 : j + 2
            let terminator: TerminalStringEnd = b[j] == 0x07 ? .bel : .st
            settle()
            if kind == UInt8(ascii: "]") { return (end, osc(payload, terminator), nil) }
            let text = String(decoding: payload, as: UTF8.self)
            if text.hasPrefix("tmux;") { return (end, [], Array(payload.dropFirst(5))) }
            return (end, dcs(text), nil)
        }
        // ESC 7, ESC 8, ESC =, ESC (B…: two or three bytes.
        settle()
        if (0x20...0x2F).contains(kind) {
            guard i + 2 < b.count else { return nil }
            return (i + 3, [], nil)
        }
        return (i + 2, [], nil)
    }

    private enum TerminalStringEnd { case bel, st }

    private func answer(_ name: String) -> [UInt8] {
        queries.append(name)
        if let m = recording.moved[name], m > 0 {
            garbage.append(name)
            column = min(columns, column + m)
        }
        return recording.replies[name] ?? []
    }

    private func csi(_ body: [UInt8], final: UInt8) -> [UInt8] {
        let s = String(decoding: body, as: UTF8.self)
        let f = Character(Unicode.Scalar(final))
        switch (s, f) {
        case (">0", "q"), (">", "q"): return answer("xtversion")
        case (">", "c"), (">0", "c"): return answer("da2")
        case ("", "c"), ("0", "c"): return answer("da1")
        case ("=", "c"): return answer("da3")
        case ("6", "n"):
            queries.append("cpr")
            return Array("\u{1B}[\(row);\(column)R".utf8)
        case ("?996", "n"): return answer("dsr-996")
        case ("?", "u"): return answer("kitty-kbd")
        case ("18", "t"): return answer("xtwinops-18")
        case (_, "H"), (_, "f"):
            let p = s.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 1 }
            place(row: p.first ?? 1, column: p.count > 1 ? p[1] : 1)
            return []
        case (_, "p") where s.hasSuffix("$"):
            let mode = String(s.dropLast())
            return modeReport(mode)
        case (_, "h"), (_, "l"):
            let on = f == "h"
            for m in (s.hasPrefix("?") ? s.dropFirst() : Substring(s)).split(separator: ";") {
                let key = (s.hasPrefix("?") ? "?" : "") + m
                modes[key] = on
                if key == "?1049" || key == "?47" || key == "?1047" { alternateScreen = on }
            }
            return []
        default:
            return []
        }
    }

    /// DECRPM for `mode` (`8`, `?1243`): the recorded reply, or the one recorded after the
    /// program set or reset the mode the way it did.
    private func modeReport(_ mode: String) -> [UInt8] {
        let name = "decrqm-" + mode
        let base = answer(name)
        guard let on = modes[mode] else { return base }
        let after = mode.hasPrefix("?") ? (on ? ":after-h" : ":after-l") : (on ? ":after-8h" : ":after-8l")
        return recording.replies[name + after] ?? base
    }

    private func osc(_ payload: [UInt8], _ end: TerminalStringEnd) -> [UInt8] {
        let s = String(decoding: payload, as: UTF8.self)
        switch s {
        case "11;?": return answer(end == .bel ? "osc11-bel" : "osc11-st")
        case "10;?": return answer("osc10-bel")
        default:
            if s.hasPrefix("5380;") { return answer(s.contains(";x;") ? "mlterm-5380-badchal" : "mlterm-5380-nochal") }
            return []
        }
    }

    private func dcs(_ text: String) -> [UInt8] {
        switch text {
        case "+q544e": return answer("xtgettcap-TN")
        case "+q436f": return answer("xtgettcap-Co")
        case "$qm": return answer("decrqss-sgr")
        default: return []
        }
    }
}

/// A `FakeTerminal` as the channel the start-up queries talk through (`TerminalChannel`), on a
/// clock of its own: a wait with nothing to read moves that clock on by the whole wait at once, so
/// a test sees what the program does at each moment without waiting, and without timing.
public final class FakeTerminalChannel: TerminalChannel {
    /// The terminal.
    public let fake: FakeTerminal
    /// The time on the channel's clock since it was made.
    public private(set) var elapsed: Duration = .zero
    private let start = ContinuousClock.now
    private var pending: [UInt8] = []

    /// A channel to `fake`.
    public init(_ fake: FakeTerminal) { self.fake = fake }

    public func write(_ bytes: [UInt8]) -> Bool {
        pending += fake.receive(bytes)
        return true
    }

    public func read(timeout: Duration) -> [UInt8]? {
        if pending.isEmpty {
            elapsed += max(.zero, timeout)
            return []
        }
        defer { pending = [] }
        return pending
    }

    public var now: ContinuousClock.Instant { start.advanced(by: elapsed) }

    /// Moves the channel's clock on by `d` (time passing while the app runs).
    public func advance(by d: Duration) { elapsed += d }

    /// What the terminal sent that has not been read, taken (replies the app's key reader sees).
    public func takeAnswers() -> [UInt8] {
        defer { pending = [] }
        return pending
    }
}
