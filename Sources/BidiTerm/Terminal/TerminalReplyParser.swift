// What a terminal answers to queries, read from its input stream byte by byte (R21). Replies and
// typed keys arrive on the same stream; the parser separates them, so that a key typed during
// start-up is kept and a reply that arrives late is never taken for keys.

/// One reply of a terminal to a query, or input that is not a reply.
public enum TerminalReply: Hashable, Sendable {
    /// DA1, `CSI ? Ps ; … c`: the terminal's class and features. Every terminal answers it, so
    /// it ends each batch of queries (the sentinel).
    case primaryAttributes([Int])
    /// DA2, `CSI > Pp ; Pv ; Pc c`: a terminal type number, a version, a cartridge number.
    case secondaryAttributes([Int])
    /// XTVERSION, `DCS > | text ST`: the terminal's name and version (`XTerm(379)`,
    /// `Konsole 22.12.3`, `kitty(0.26.5)`, `tmux 3.3a`).
    case version(String)
    /// DECRPM, `CSI [?] Pd ; Ps $ y`: the state of a mode (0 not recognised, 1 set, 2 reset,
    /// 3 permanently set, 4 permanently reset).
    case mode(Int, isPrivate: Bool, state: Int)
    /// An OSC reply, `OSC Ps ; text BEL|ST`: colours (`10`, `11`: `rgb:RRRR/GGGG/BBBB`) and the like.
    case osc(Int, String)
    /// CPR, `CSI row ; column R`: where the cursor is (1-based).
    case cursorPosition(row: Int, column: Int)
    /// Another DCS string (XTGETTCAP, DECRQSS answers): its text between `ESC P` and `ST`.
    case dcs(String)
    /// Another reply-shaped report: a device status report (`CSI ? … n`) or the kitty keyboard
    /// flags (`CSI ? Ps u`), as its bytes.
    case report([UInt8])
    /// Bytes that are not a reply: keys typed meanwhile (an arrow key's escape sequence, Alt-x,
    /// letters), to be handed to the key reader unchanged.
    case input([UInt8])

    /// Whether this is a reply to a query (everything except `.input`).
    public var isReply: Bool {
        if case .input = self { return false }
        return true
    }
}

/// An incremental parser of a terminal's input stream into replies and other input.
///
/// Feed it bytes as they arrive, in any pieces: a reply split across two reads is returned when
/// its last byte arrives. Escape sequences that are not replies (keys) and plain bytes come back
/// as `.input`, in order. A sequence still incomplete at the end of the bytes fed so far stays
/// pending; `flush()` hands it back as input (a lone Escape key, for instance).
///
/// Recognised: DA1, DA2, CPR, DECRPM, device status reports (`CSI ? … n`), kitty keyboard flags
/// (`CSI ? … u`), XTVERSION and other DCS strings (ended by ST), OSC strings (ended by BEL or ST).
/// An OSC or DCS string longer than `maximumStringLength` is given up as input.
///
/// ```swift
/// var p = TerminalReplyParser()
/// p.feed(Array("\u{1B}[>65;7006;1c\u{1B}[2;1R\u{1B}[?65;".utf8))   // DA2, CPR
/// p.feed(Array("1;9c".utf8))                                          // DA1
/// ```
public struct TerminalReplyParser: Sendable {
    /// The longest OSC or DCS payload accepted as a reply.
    public var maximumStringLength = 1024
    private var pending: [UInt8] = []

    /// A parser with nothing pending.
    public init() {}

    /// Whether bytes of an unfinished sequence are waiting for more.
    public var hasPending: Bool { !pending.isEmpty }

    /// Parses `bytes` (appended to what is pending) and returns the complete replies and input,
    /// in stream order. Consecutive input bytes are merged into one `.input`.
    public mutating func feed(_ bytes: [UInt8]) -> [TerminalReply] {
        pending += bytes
        var out: [TerminalReply] = []
        var i = 0
        var plainStart: Int? = nil
        func flushPlain(upTo end: Int) {
            if let s = plainStart, s < end { Self.appendInput(Array(pending[s..<end]), to: &out) }
            plainStart = nil
        }
        while i < pending.count {
            if pending[i] != 0x1B {
                if plainStart == nil { plainStart = i }
                i += 1
                continue
            }
            flushPlain(upTo: i)
            switch Self.scan(pending, from: i, maximumStringLength: maximumStringLength) {
            case .incomplete:
                pending.removeFirst(i)
                return out
            case .sequence(let end, let reply):
                if let reply { out.append(reply) } else { Self.appendInput(Array(pending[i..<end]), to: &out) }
                i = end
            }
        }
        flushPlain(upTo: pending.count)
        pending.removeAll(keepingCapacity: true)
        return out
    }

    /// Gives up waiting: what is pending comes back as input (nothing when nothing is pending).
    public mutating func flush() -> [TerminalReply] {
        guard !pending.isEmpty else { return [] }
        defer { pending.removeAll() }
        return [.input(pending)]
    }

    /// Whether `bytes` begin with something that could still become a reply once more bytes
    /// arrive (used by a key reader to decide whether to wait for the rest).
    public static func isReplyPrefix(_ bytes: [UInt8]) -> Bool {
        guard bytes.first == 0x1B else { return false }
        if case .incomplete = scan(bytes, from: 0, maximumStringLength: 1024) { return true }
        return false
    }

    /// The reply that `bytes` (one whole escape sequence) are, or nil when they are not a reply.
    public static func reply(_ bytes: [UInt8]) -> TerminalReply? {
        guard bytes.first == 0x1B, case .sequence(let end, let reply) = scan(bytes, from: 0, maximumStringLength: 1024),
              end == bytes.count else { return nil }
        return reply
    }

    private static func appendInput(_ bytes: [UInt8], to out: inout [TerminalReply]) {
        if case .input(let previous)? = out.last {
            out[out.count - 1] = .input(previous + bytes)
        } else {
            out.append(.input(bytes))
        }
    }

    private enum Scan {
        case incomplete
        /// A whole sequence ending before `end`; `reply` nil when it is not a reply (keys).
        case sequence(end: Int, reply: TerminalReply?)
    }

    /// Scans the escape sequence that starts at `start` (an ESC).
    private static func scan(_ b: [UInt8], from start: Int, maximumStringLength: Int) -> Scan {
        let n = b.count
        guard start + 1 < n else { return .incomplete }
        switch b[start + 1] {
        case UInt8(ascii: "["):
            return scanCSI(b, from: start)
        case UInt8(ascii: "]"), UInt8(ascii: "P"):
            return scanString(b, from: start, maximumLength: maximumStringLength)
        default:
            // ESC followed by anything else: Alt plus a key, or a lone Escape before a key.
            return .sequence(end: start + 1, reply: nil)
        }
    }

    private static func scanCSI(_ b: [UInt8], from start: Int) -> Scan {
        var i = start + 2
        var params: [UInt8] = []
        var intermediates: [UInt8] = []
        while i < b.count {
            let c = b[i]
            switch c {
            case 0x30...0x3F where intermediates.isEmpty:
                params.append(c)
            case 0x20...0x2F:
                intermediates.append(c)
            case 0x40...0x7E:
                return .sequence(end: i + 1, reply: classifyCSI(params: params, intermediates: intermediates, final: c,
                                                                bytes: Array(b[start...i])))
            default:
                // A control or a byte that cannot be in a CSI sequence: not a reply; hand the
                // ESC back as input and go on from the next byte.
                return .sequence(end: start + 1, reply: nil)
            }
            i += 1
        }
        return .incomplete
    }

    private static func classifyCSI(params: [UInt8], intermediates: [UInt8], final: UInt8, bytes: [UInt8]) -> TerminalReply? {
        let prefix = params.first.flatMap { (0x3C...0x3F).contains($0) ? $0 : nil }
        let body = prefix == nil ? params[...] : params.dropFirst()
        guard let numbers = numbers(body) else { return nil }
        switch (prefix, intermediates, final) {
        case (UInt8(ascii: "?"), [], UInt8(ascii: "c")):
            return .primaryAttributes(numbers)
        case (UInt8(ascii: ">"), [], UInt8(ascii: "c")):
            return .secondaryAttributes(numbers)
        case (nil, [], UInt8(ascii: "R")) where numbers.count == 2:
            return .cursorPosition(row: numbers[0], column: numbers[1])
        case (nil, [UInt8(ascii: "$")], UInt8(ascii: "y")) where numbers.count == 2,
             (UInt8(ascii: "?"), [UInt8(ascii: "$")], UInt8(ascii: "y")) where numbers.count == 2:
            return .mode(numbers[0], isPrivate: prefix != nil, state: numbers[1])
        case (UInt8(ascii: "?"), [], UInt8(ascii: "n")), (UInt8(ascii: "?"), [], UInt8(ascii: "u")):
            return .report(bytes)
        default:
            return nil
        }
    }

    /// The numbers of a parameter string (`65;1;9`, sub-parameters with `:` read as separate
    /// numbers, empty ones as 0), or nil when it holds other bytes.
    private static func numbers(_ s: ArraySlice<UInt8>) -> [Int]? {
        var out: [Int] = []
        var current = 0
        var any = false
        for c in s {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                current = min(current * 10 + Int(c - 0x30), 1_000_000)
                any = true
            case UInt8(ascii: ";"), UInt8(ascii: ":"):
                out.append(current)
                current = 0
                any = true
            default:
                return nil
            }
        }
        if any { out.append(current) }
        return out
    }

    /// An OSC (`ESC ]`) or DCS (`ESC P`) string, ended by ST (`ESC \`) or, for OSC, BEL.
    private static func scanString(_ b: [UInt8], from start: Int, maximumLength: Int) -> Scan {
        let isOSC = b[start + 1] == UInt8(ascii: "]")
        var i = start + 2
        while i < b.count {
            let c = b[i]
            if isOSC, c == 0x07 {
                return .sequence(end: i + 1, reply: stringReply(isOSC: true, Array(b[(start + 2)..<i])))
            }
            if c == 0x1B {
                guard i + 1 < b.count else { return .incomplete }
                if b[i + 1] == UInt8(ascii: "\\") {
                    return .sequence(end: i + 2, reply: stringReply(isOSC: isOSC, Array(b[(start + 2)..<i])))
                }
                // An ESC that does not end the string: not a reply after all.
                return .sequence(end: start + 1, reply: nil)
            }
            if i - start > maximumLength { return .sequence(end: start + 1, reply: nil) }
            i += 1
        }
        return .incomplete
    }

    private static func stringReply(isOSC: Bool, _ payload: [UInt8]) -> TerminalReply? {
        let text = String(decoding: payload, as: UTF8.self)
        if isOSC {
            guard let semi = text.firstIndex(of: ";"), let n = Int(text[..<semi]) else { return .report(payload) }
            return .osc(n, String(text[text.index(after: semi)...]))
        }
        if text.hasPrefix(">|") { return .version(String(text.dropFirst(2))) }
        return .dcs(text)
    }
}
