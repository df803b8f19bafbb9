// A terminal's input stream decoded into events (keys, pastes, mouse reports, replies, focus),
// for xterm-compatible terminals: xterm, VTE, Konsole, kitty, PuTTY, tmux, screen, rxvt. The
// sequences themselves (CSI, SS3, mouse) are classified in `InputDecoder+Sequences.swift`.
//
// Nothing is dropped: every byte fed ends up in exactly one event, either as a key (which stands
// for its bytes), or inside `.paste`, `.reply` or `.unknown`. Decoding does not depend on how the
// bytes are split across `feed` calls; only `flush` (no byte for the escape delay) resolves an
// incomplete sequence.

/// An incremental decoder of the bytes a terminal sends into `InputEvent`s.
///
/// Feed it what `read` returns, in pieces of any size; when `hasPending` is true and no byte
/// arrives for the escape delay (25–50 ms is usual), call `flush()`: a lone ESC is then the
/// Escape key.
///
/// ```swift
/// var decoder = InputDecoder()
/// decoder.feed(Array("س\u{1B}[1;5C\u{1B}".utf8))  // [.key(.character("س"), []), .key(.right, .ctrl)]
/// decoder.hasPending                                // true: the ESC may begin a sequence
/// decoder.flush()                                   // [.key(.escape, [])]
/// ```
///
/// Decisions on sequences that mean two things:
/// - `ESC` + a character or control is that key with `.alt`; `ESC ESC` + a CSI or SS3 key is the
///   key with `.alt` (rxvt, xterm's `metaSendsEscape`); `ESC ESC` alone at a flush is Alt-Escape;
///   `ESC ESC` + anything else is Escape, then what the second ESC begins.
/// - An introducer alone at a flush (`ESC [`, `ESC O`, `ESC ]`, `ESC P`, …) is Alt plus its
///   character; a longer incomplete sequence at a flush is `.unknown` with its bytes. `ESC [`
///   followed by a byte that cannot continue a CSI is Alt-[ followed by that byte.
/// - `CSI 1 ; m R` is a cursor position report unless `cursorReportsExpected` is false (then
///   F3 with modifiers, for 2 ≤ m ≤ 16).
/// - OSC, DCS, APC, PM and SOS strings are `.reply`s; an ESC inside one that does not make ST
///   ends it as `.unknown`, and the ESC begins what follows.
/// - Insert (`CSI 2 ~`) and other keys without a `KeyEvent` case are `.unknown` with their exact
///   bytes, so that a relay can forward them.
/// - Text comes one event per Unicode scalar (a letter and its harakat are separate keys); an
///   invalid UTF-8 byte, and the 8-bit C1 CSI (0x9B), is `.unknown([byte])`.
///
/// Memory is bounded: a paste is handed out in pieces of at most `maximumPasteChunk` bytes, a
/// string reply longer than `maximumStringLength` in `.unknown` pieces, and a CSI or SS3 sequence
/// longer than 256 bytes is given up as `.unknown`.
public struct InputDecoder: Sendable {
    /// Whether cursor position reports (`CSI row ; column R`, answers to `CSI 6 n`) may arrive.
    /// True (the default): `CSI 1 ; m R` is always a `.reply`, so that a late reply is never a
    /// key. False: `CSI 1 ; m R` with 2 ≤ m ≤ 16 is F3 with modifiers (xterm's Shift-F3 and the
    /// like).
    public var cursorReportsExpected = true
    /// The largest `.paste` event: a longer paste comes as several consecutive `.paste`s.
    public var maximumPasteChunk = 1 << 20
    /// The longest OSC, DCS, APC, PM or SOS string handed out as one `.reply`; a longer one comes
    /// as `.unknown` pieces of this many bytes (the last with the terminator).
    public var maximumStringLength = 1 << 20

    /// The longest CSI or SS3 sequence waited for; a longer one is `.unknown`.
    static let maximumSequenceLength = 256

    private enum Mode: Sendable {
        case normal
        /// Inside a bracketed paste; `handedOut`: a piece of it has been returned already.
        case paste(handedOut: Bool)
        /// Inside an OSC (BEL ends it too) or DCS/APC/PM/SOS string; `overflowed`: longer than
        /// `maximumStringLength`, handed out as `.unknown`.
        case string(isOSC: Bool, overflowed: Bool)
    }

    /// Bytes fed but not consumed yet.
    private(set) var buffer: [UInt8] = []
    private var mode = Mode.normal
    /// The paste or string read so far (consumed from `buffer`, not handed out yet).
    private var collected: [UInt8] = []
    /// The stream offset of `buffer[0]`.
    private var base = 0
    /// The stream offset where the paste or string piece being collected began.
    private var pieceStart = 0

    /// For tests: record the stream range each event came from (`spans`).
    var recordsSpans = false
    /// The bytes of the stream (offsets from the first byte fed) behind each event returned so
    /// far, when `recordsSpans`. A paste's markers belong to its first and last pieces.
    private(set) var spans: [Range<Int>] = []
    /// The number of bytes consumed so far (in events or in a paste or string being collected).
    var consumedCount: Int { base }

    /// A decoder in its initial state.
    public init() {}

    /// Whether bytes are held back: an incomplete sequence, a paste being collected or an
    /// unfinished string. When true and nothing arrives for the escape delay, call `flush()`.
    public var hasPending: Bool {
        if case .string = mode { return true }
        return !buffer.isEmpty || !collected.isEmpty
    }

    /// Whether the next byte starts a new event: nothing held back and no paste or string open.
    public var isAtRest: Bool {
        guard case .normal = mode else { return false }
        return buffer.isEmpty && collected.isEmpty
    }

    /// Decodes what can be decoded; an incomplete sequence at the end waits for more bytes.
    /// - Parameter bytes: the bytes read from the terminal, appended to what is pending.
    /// - Returns: the complete events, in stream order.
    public mutating func feed<C: Collection>(_ bytes: C) -> [InputEvent] where C.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        return decodeBuffered()
    }

    /// Decodes what can be decoded; an incomplete sequence at the end waits for more bytes. The
    /// same as the generic `feed(_:)`, without its generic dispatch from another module (every
    /// key typed goes through here).
    /// - Parameter bytes: the bytes read from the terminal, appended to what is pending.
    /// - Returns: the complete events, in stream order.
    public mutating func feed(_ bytes: [UInt8]) -> [InputEvent] {
        buffer.append(contentsOf: bytes)
        return decodeBuffered()
    }

    /// The complete events of what is buffered; an incomplete sequence stays.
    private mutating func decodeBuffered() -> [InputEvent] {
        var out: [InputEvent] = []
        run(final: false, into: &out)
        return out
    }

    /// Called when no byte arrived for the escape delay: a pending lone ESC is the Escape key, a
    /// pending ESC+prefix becomes what it can (Alt-[ etc.) or .unknown with the bytes.
    ///
    /// A bracketed paste is not ended by a pause: its bytes so far come out as a `.paste`, and
    /// the rest, up to `CSI 201 ~`, is still paste. An unfinished string is given up as
    /// `.unknown`.
    /// - Returns: the events the pending bytes make.
    public mutating func flush() -> [InputEvent] {
        var out: [InputEvent] = []
        run(final: true, into: &out)
        return out
    }

    // MARK: - The loop

    /// One step of decoding in normal mode.
    enum Step {
        /// More bytes are needed to decide.
        case need
        /// An event made of the bytes up to `end`.
        case event(InputEvent, end: Int)
        /// `CSI 200 ~`, ending at `end`.
        case pasteStart(end: Int)
        /// The introducer of an OSC (or other) string, ending at `end`.
        case stringStart(isOSC: Bool, end: Int)
    }

    private mutating func run(final: Bool, into out: inout [InputEvent]) {
        var i = 0
        loop: while i < buffer.count || final {
            switch mode {
            case .paste:
                i = scanPaste(from: i, final: final, into: &out)
                if case .paste = mode { break loop }
            case .string(let isOSC, let overflowed):
                i = scanString(from: i, isOSC: isOSC, overflowed: overflowed, final: final, into: &out)
                if case .string = mode { break loop }
            case .normal:
                guard i < buffer.count else { break loop }
                switch step(at: i, final: final) {
                case .need:
                    break loop
                case .event(let event, let end):
                    emit(event, from: base + i, to: base + end, into: &out)
                    i = end
                case .pasteStart(let end):
                    mode = .paste(handedOut: false)
                    pieceStart = base + i
                    i = end
                case .stringStart(let isOSC, let end):
                    mode = .string(isOSC: isOSC, overflowed: false)
                    pieceStart = base + i
                    collected.append(contentsOf: buffer[i..<end])
                    i = end
                }
            }
        }
        buffer.removeFirst(i)
        base += i
    }

    private mutating func emit(_ event: InputEvent, from start: Int, to end: Int, into out: inout [InputEvent]) {
        out.append(event)
        if recordsSpans { spans.append(start..<end) }
    }

    /// Hands out what `collected` holds as one event ending at stream offset `end`.
    private mutating func emitCollected(_ make: ([UInt8]) -> InputEvent, to end: Int, into out: inout [InputEvent]) {
        emit(make(collected), from: pieceStart, to: end, into: &out)
        collected.removeAll(keepingCapacity: true)
        pieceStart = end
    }

    /// Decodes the thing that begins at `buffer[i]` (normal mode).
    private func step(at i: Int, final: Bool) -> Step {
        let b = buffer[i]
        if b == 0x1B { return escape(at: i, final: final) }
        switch character(at: i, final: final) {
        case .need: return .need
        case .key(let key, let end): return .event(.key(key, []), end: end)
        case .invalid: return .event(.unknown([b]), end: i + 1)
        }
    }

    // MARK: - Characters

    enum CharacterStep {
        case need
        case key(KeyEvent, end: Int)
        /// `buffer[i]` does not begin a valid UTF-8 sequence.
        case invalid
    }

    /// The UTF-8 character (or C0 control) at `i`, as a key.
    func character(at i: Int, final: Bool) -> CharacterStep {
        let b0 = buffer[i]
        if b0 < 0x80 { return .key(KeyEvent(terminalCharacter: UInt32(b0)), end: i + 1) }
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        case 0xF1...0xF3: length = 4
        default: return .invalid
        }
        var scalar = UInt32(b0) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length {
            guard i + k < buffer.count else { return final ? .invalid : .need }
            let c = buffer[i + k]
            guard (k == 1 ? secondRange : 0x80...0xBF).contains(c) else { return .invalid }
            scalar = scalar << 6 | UInt32(c & 0x3F)
        }
        return .key(KeyEvent(terminalCharacter: scalar), end: i + length)
    }

    // MARK: - Escape

    private func escape(at i: Int, final: Bool) -> Step {
        let n = buffer.count
        guard i + 1 < n else { return final ? .event(.key(.escape, []), end: i + 1) : .need }
        let c = buffer[i + 1]
        switch c {
        case UInt8(ascii: "["):
            return csi(at: i, final: final)
        case UInt8(ascii: "O"):
            return ss3(at: i, final: final)
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            guard i + 2 < n else { return final ? Self.alt(c, end: i + 2) : .need }
            return .stringStart(isOSC: c == UInt8(ascii: "]"), end: i + 2)
        case 0x1B:
            guard i + 2 < n else { return final ? .event(.key(.escape, .alt), end: i + 2) : .need }
            let c2 = buffer[i + 2]
            guard c2 == UInt8(ascii: "[") || c2 == UInt8(ascii: "O") else {
                return .event(.key(.escape, []), end: i + 1)
            }
            let inner = c2 == UInt8(ascii: "[") ? csi(at: i + 1, final: final) : ss3(at: i + 1, final: final)
            switch inner {
            case .need:
                return .need
            // A key from a whole sequence (not Alt-[ for an introducer alone) gets Alt.
            case .event(.key(let key, let modifiers), let end) where end > i + 3:
                return .event(.key(key, modifiers.union(.alt)), end: end)
            default:
                return .event(.key(.escape, []), end: i + 1)
            }
        default:
            switch character(at: i + 1, final: final) {
            case .need: return .need
            case .key(let key, let end): return .event(.key(key, .alt), end: end)
            case .invalid: return .event(.key(.escape, []), end: i + 1)
            }
        }
    }

    /// Alt plus the ASCII character `c` (an introducer whose sequence never came).
    static func alt(_ c: UInt8, end: Int) -> Step {
        .event(.key(KeyEvent(terminalCharacter: UInt32(c)), .alt), end: end)
    }

    // MARK: - Bracketed paste

    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// Collects paste bytes from `i` up to `CSI 201 ~`; returns where it stopped.
    private mutating func scanPaste(from start: Int, final: Bool, into out: inout [InputEvent]) -> Int {
        var i = start
        let n = buffer.count
        while i < n {
            guard let esc = buffer[i...].firstIndex(of: 0x1B) else {
                appendPaste(from: i, to: n, into: &out)
                i = n
                break
            }
            appendPaste(from: i, to: esc, into: &out)
            i = esc
            let available = min(n - esc, Self.pasteEnd.count)
            guard buffer[esc..<(esc + available)].elementsEqual(Self.pasteEnd.prefix(available)) else {
                appendPaste(from: esc, to: esc + 1, into: &out)   // an ESC in the pasted text
                i = esc + 1
                continue
            }
            guard available == Self.pasteEnd.count else { break }   // maybe the end marker: wait
            let end = base + esc + available
            if case .paste(let handedOut) = mode, handedOut, collected.isEmpty {
                if recordsSpans, let last = spans.indices.last { spans[last] = spans[last].lowerBound..<end }
            } else {
                emitCollected(InputEvent.paste, to: end, into: &out)
            }
            mode = .normal
            return esc + available
        }
        if final, !collected.isEmpty {
            emitCollected(InputEvent.paste, to: base + i, into: &out)
            mode = .paste(handedOut: true)
        }
        return i
    }

    /// Adds `buffer[from..<to]` to the paste, handing out every full piece.
    private mutating func appendPaste(from: Int, to: Int, into out: inout [InputEvent]) {
        var k = from
        while k < to {
            let take = min(max(maximumPasteChunk, 1) - collected.count, to - k)
            collected.append(contentsOf: buffer[k..<(k + take)])
            k += take
            if collected.count >= max(maximumPasteChunk, 1) {
                emitCollected(InputEvent.paste, to: base + k, into: &out)
                mode = .paste(handedOut: true)
            }
        }
    }

    // MARK: - OSC, DCS, APC, PM, SOS

    /// Collects string bytes from `i` up to ST (or BEL for OSC); returns where it stopped.
    private mutating func scanString(from start: Int, isOSC: Bool, overflowed: Bool, final: Bool,
                                     into out: inout [InputEvent]) -> Int {
        var i = start
        let n = buffer.count
        while i < n {
            let c = buffer[i]
            if c == 0x07, isOSC {
                return finishString(through: i + 1, from: i, into: &out)
            }
            if c == 0x1B {
                guard i + 1 < n else { break }
                if buffer[i + 1] == UInt8(ascii: "\\") { return finishString(through: i + 2, from: i, into: &out) }
                abandonString(at: i, into: &out)
                return i
            }
            collected.append(c)
            i += 1
            if collected.count >= max(maximumStringLength, 1) {
                emitCollected(InputEvent.unknown, to: base + i, into: &out)
                mode = .string(isOSC: isOSC, overflowed: true)
            }
        }
        if final { abandonString(at: i, into: &out) }
        return i
    }

    /// The string ends with the terminator `buffer[from..<end]`.
    private mutating func finishString(through end: Int, from: Int, into out: inout [InputEvent]) -> Int {
        collected.append(contentsOf: buffer[from..<end])
        var isReply = true
        if case .string(_, true) = mode { isReply = false }
        emitCollected(isReply ? InputEvent.reply : InputEvent.unknown, to: base + end, into: &out)
        mode = .normal
        return end
    }

    /// The string is not finished (an ESC that is not ST, or a flush): what it holds is unknown.
    private mutating func abandonString(at i: Int, into out: inout [InputEvent]) {
        if !collected.isEmpty { emitCollected(InputEvent.unknown, to: base + i, into: &out) }
        mode = .normal
    }
}
