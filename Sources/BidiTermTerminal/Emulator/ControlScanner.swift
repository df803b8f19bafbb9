import CVTerm

/// The few sequences of a program's output that libvterm does not handle as needed, found by
/// following the same bytes on their way to libvterm: BDSM (ECMA-48 mode 8, `CSI 8 h` / `CSI 8 l`),
/// OSC 52 (clipboard), and APC, PM and SOS strings.
///
/// - BDSM: libvterm's `set_mode` knows only IRM (4) and LNM (20); any other ANSI mode is dropped
///   without reaching the unrecognised-sequence fallbacks (src/state.c, 0.1.x and 0.3.x alike), and
///   its SM/RM read only the first parameter.
/// - OSC 52: libvterm never acts on it without selection callbacks (0.2+) and 0.1.x cuts every OSC
///   string at 64 bytes, so the raw sequence is collected here (at most `clipboardLimit` bytes).
/// - Titles (OSC 0 and 2): libvterm 0.1.4 loses a title whose OSC is split between two writes
///   (any length) and cuts one buffered across writes at 64 bytes; 0.2+ delivers it in fragments.
///   Collected here, the title is the same with every version and every split.
/// - APC (`ESC _`), PM (`ESC ^`), SOS (`ESC X`): libvterm 0.1.x does not know them and prints their
///   contents as text, so they are removed from the bytes libvterm gets (with their terminator).
///
/// The scanner keeps its state between calls, so a sequence split across feeds is still seen. To
/// remove a string it holds back an ESC that ends a chunk until the next byte shows what it starts.
/// It is not a VT parser: apart from removing those strings it passes every byte through unchanged.
///
/// It also follows what an ASCII byte would print (R37): whether the state is ground, and which of
/// libvterm's character sets G0 to G3 prints it (SCS `ESC ( F` to `ESC + F` designate one, SO, SI,
/// LS2 and LS3 lock one into GL, SS2 and SS3 shift one for a character).
struct ControlScanner {
    private enum State {
        case ground
        case escape   // an ESC held back, not yet passed on
        case escapeIntermediate  // after ESC and an intermediate (`ESC ( B`): up to the final byte
        case csi
        case osc
        case dcs
        case removed  // inside an APC, PM or SOS
    }

    /// The largest OSC 52 sequence kept whole (longer ones are dropped and counted).
    static let clipboardLimit = 1 << 20
    /// The most bytes of a title kept (the rest is ignored).
    static let titleByteLimit = 4096
    private static let maxParameters = 64

    private var state = State.ground
    /// R37: a bit per character set, G0 to G3, set while it is US ASCII (`ESC ( B`; libvterm's
    /// others are the DEC line drawing set, `0`, and the UK set, `A`); the set locked into GL; a
    /// single shift waiting for its character (2 or 3; 0: none); the intermediate byte of the
    /// escape being read and how many it has.
    private var asciiSets: UInt8 = 0b1111
    private var lockedSet = 0
    private var singleShift = 0
    private var intermediateByte: UInt8 = 0
    private var escapeIntermediates = 0
    /// Whether the last byte of text passed on (not a control) was ASCII: libvterm's UTF-8
    /// decoder keeps a character it has not finished across controls and sequences, and puts
    /// U+FFFD before the next ASCII byte.
    private var lastTextIsASCII = true

    /// Whether a printable ASCII byte written now would be put in its cell as that very character
    /// (R37): no sequence is open and the character set it goes through is US ASCII.
    var printsASCII: Bool {
        state == .ground && lastTextIsASCII && singleShift == 0 && asciiSets & (1 << lockedSet) != 0
    }
    /// Where the held ESC was seen: inside an OSC, a DCS or a removed string, or not.
    private var escapeWithin = State.ground
    /// Whether the held ESC would end a sequence libvterm is inside (see `holdEscape`).
    private var escapeEnds = false
    private var parameters: [UInt8] = []
    private var csiPrivate = false
    private var csiIntermediate = false
    private var csiOverflow = false
    /// Whether the last character written is one libvterm's REP can repeat.
    private var repeatGuard = RepeatGuard()
    /// Whether libvterm reads `[`, `]` and `P` after an escape's intermediate byte (`ESC ( [`) as
    /// starting a CSI, an OSC or a DCS (0.1.x), rather than as the escape's final byte (0.2 and
    /// later): the libvterm the shim was built with.
    var introducersAfterIntermediates = CVTerm_introducers_after_intermediates() != 0
    /// Parameter separators (`;`, `:`) of the CSI being read that were passed on, and whether the
    /// rest of its parameters are left out (after `maxForwardedSeparators`).
    private var csiSeparators = 0
    private var csiSkipsParameters = false
    /// The most parameter separators of one CSI passed to libvterm: 15, so 16 parameters at most.
    static let maxForwardedSeparators = 15
    /// What the OSC being read is, as far as its number shows.
    private enum OSCKind: Equatable {
        case number(Int, digits: Int)  // the number is still being read
        case title                     // 0 or 2: collected (the bytes after ";")
        case clipboard                 // 52: collected raw, `ESC ]` included
        case other                     // passed to libvterm only
    }
    /// The raw OSC being read, while it may still be OSC 52 (`ESC ]` included).
    private var osc: [UInt8] = []
    private var oscKind = OSCKind.number(0, digits: 0)
    private var oscOverflow = false

    /// The bytes of the last title (OSC 0 or 2), at most `titleByteLimit`, not yet sanitised.
    private(set) var title: [UInt8] = []
    /// How many titles have been set.
    private(set) var titleChanges = 0

    /// Offsets in the output of `scan` just after a cursor restore (DECRC `ESC 8`, `CSI ? 1048 l`,
    /// `CSI ? 1049 l`): libvterm 0.1.4 restores a saved position even when a resize has put it
    /// outside the screen, and the next character is then written outside its buffer. The caller
    /// clears this after each scan.
    var restorePoints: [Int] = []

    /// The last BDSM seen: true after `CSI 8 l` (explicit), false after `CSI 8 h` (implicit).
    private(set) var explicitBidi = false
    /// Complete OSC 52 sequences, in order, until taken.
    var clipboardWrites: [[UInt8]] = []
    /// OSC 52 sequences dropped for size (one over `clipboardLimit`, or the queue full).
    private(set) var droppedClipboardWrites = 0

    /// Scans `bytes`, appending to `out` what libvterm should get.
    mutating func scan(_ bytes: UnsafeRawBufferPointer, into out: inout [UInt8]) {
        out.reserveCapacity(out.count + bytes.count + 1)
        let n = bytes.count
        var i = 0
        while i < n {
            if state == .ground {
                // Text between escape sequences (most of a program's output) is copied at once,
                // as `step` would copy it byte by byte.
                var j = i
                while j < n {
                    let b = bytes[j]
                    if b == 0x1B { break }
                    if b == 0x0E || b == 0x0F { lockedSet = b == 0x0E ? 1 : 0 }  // SO, SI
                    j += 1
                }
                if j > i {
                    // libvterm's single shift goes with the next character.
                    if singleShift != 0, bytes[i] >= 0x20 { singleShift = 0 }
                    var k = j
                    while k > i, bytes[k - 1] < 0x20 || bytes[k - 1] == 0x7F { k -= 1 }
                    if k > i { lastTextIsASCII = bytes[k - 1] < 0x80 }
                    repeatGuard.noteText(bytes, from: i, to: j)
                    out.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[i..<j]))
                    i = j
                    continue
                }
            }
            step(bytes[i], &out)
            i += 1
        }
    }

    private mutating func step(_ b: UInt8, _ out: inout [UInt8]) {
        // libvterm acts on SO and SI inside sequences and strings too (not inside those removed).
        if b == 0x0E || b == 0x0F, state != .removed { lockedSet = b == 0x0E ? 1 : 0 }
        switch state {
        case .ground:
            if b == 0x1B {
                repeatGuard.interrupt()
                holdEscape(within: .ground)
            } else {
                repeatGuard.advance(b)
                out.append(b)
            }
        case .escape:
            afterEscape(b, &out)
        case .escapeIntermediate:
            // The final byte of `ESC ( B` and the like is not a character written. libvterm 0.1.x
            // starts a CSI, an OSC or a DCS at `[`, `]` or `P` even after an intermediate.
            if b == 0x1B {
                holdEscape(within: .ground, ending: true)
            } else {
                out.append(b)
                if introducersAfterIntermediates, b == 0x5B || b == 0x5D || b == 0x50 {
                    introduce(b)
                } else if (0x30...0x7E).contains(b) {
                    if escapeIntermediates == 1 { designate(intermediateByte, b) }
                    state = .ground
                } else if b == 0x18 || b == 0x1A {
                    state = .ground
                } else if (0x20...0x2F).contains(b) {
                    escapeIntermediates += 1
                }
            }
        case .csi:
            if b == 0x1B {
                holdEscape(within: .ground, ending: true)
            } else {
                // libvterm 0.1.4 stores a CSI's parameters in an array of 16 with no bound check:
                // a 16th separator writes past it, over the rest of the emulator (found by the
                // emulator's fuzz target: `CSI` and 19 `;` corrupt it). The parameters after the
                // 16th are left out, as newer libvterm ignores them.
                if (0x30...0x3F).contains(b), !csiIntermediate {
                    if b == 0x3B || b == 0x3A {
                        if csiSeparators < Self.maxForwardedSeparators { csiSeparators += 1 } else { csiSkipsParameters = true }
                    }
                    if csiSkipsParameters {
                        _ = csi(b)
                        if state == .ground { out.append(b) }  // it made the CSI invalid: for libvterm too
                        return
                    }
                }
                // libvterm repeats the last character for REP (`CSI n b`) by its width, and loops
                // for ever when that is 0 or less (see `RepeatGuard`). Such a REP is cancelled
                // (CAN), as there is nothing to repeat.
                if b == 0x62, !repeatGuard.canRepeat, !csiPrivate, !csiIntermediate {
                    out.append(0x18)
                    state = .ground
                    return
                }
                out.append(b)
                if csi(b) { restorePoints.append(out.count) }
                if !splitModes.isEmpty { appendSplitModes(&out) }
            }
        case .osc:
            switch b {
            case 0x07:
                out.append(b)
                finishOSC(terminator: [0x07])
            case 0x1B: holdEscape(within: .osc)
            case 0x18, 0x1A:
                out.append(b)
                resetOSC()
                state = .ground
            default:
                out.append(b)
                appendOSC(b)
            }
        case .dcs:
            switch b {
            case 0x1B: holdEscape(within: .dcs)
            case 0x07, 0x18, 0x1A:
                out.append(b)
                state = .ground
            default: out.append(b)
            }
        case .removed:
            switch b {
            case 0x1B: holdEscape(within: .removed)
            case 0x07, 0x18, 0x1A: state = .ground
            default: break
            }
        }
    }

    /// `ending`: libvterm is inside a sequence that the ESC, passed on, would end (a CSI, an
    /// escape with an intermediate, the ESC of `ESC ESC` already passed on).
    private mutating func holdEscape(within: State, ending: Bool = false) {
        escapeWithin = within
        escapeEnds = ending
        state = .escape
    }

    /// The byte after a held ESC.
    private mutating func afterEscape(_ b: UInt8, _ out: inout [UInt8]) {
        let within = escapeWithin
        if b == 0x5C && within != .ground {  // ST ends the string
            if within == .removed {
                state = .ground
            } else {
                out.append(0x1B)
                out.append(b)
                if within == .osc { finishOSC(terminator: [0x1B, 0x5C]) } else { state = .ground }
            }
            return
        }
        // libvterm stays in its escape state over these bytes: it acts on a C0 control, and
        // ignores NUL, DEL and every byte from 0x80 up. The ESC stays held, so what follows is read
        // as libvterm reads it: `ESC 0xFF ( B` designates a character set and prints nothing, and a
        // REP after it is still cancelled (libvterm would loop for ever; found by the emulator's
        // fuzz target). Inside an OSC or a DCS, an ESC followed by anything but `\` ends the string
        // first: a byte from 0x80 up is passed on with its ESC, so that libvterm ends it there too.
        if b == 0x00 || b == 0x7F { return }
        if b >= 0x80 {
            if within == .osc || within == .dcs {
                out.append(0x1B)
                out.append(b)
            }
            if within == .osc { resetOSC() }
            escapeWithin = .ground
            return
        }
        if b < 0x20, b != 0x18, b != 0x1A, b != 0x1B {
            out.append(b)
            return
        }
        if within == .osc { resetOSC() }
        switch b {
        case 0x5F, 0x5E, 0x58:  // _ ^ X: APC, PM, SOS
            // A string that interrupts an OSC, a DCS or a sequence ends it for libvterm too (CAN):
            // its ESC is not passed on.
            if within == .osc || within == .dcs || escapeEnds { out.append(0x18) }
            state = .removed
            return
        case 0x18, 0x1A:
            out.append(b)  // CAN/SUB cancel the ESC itself
            state = .ground
            return
        default:
            break
        }
        if b == 0x1B {  // ESC ESC: the first is passed on, the second held
            out.append(0x1B)
            holdEscape(within: .ground, ending: true)
            return
        }
        out.append(0x1B)
        out.append(b)
        switch b {
        case 0x5B, 0x5D, 0x50:  // [ ] P
            introduce(b)
        case 0x63:  // c: RIS, a full reset
            explicitBidi = false
            repeatGuard.reset()
            (asciiSets, lockedSet, singleShift) = (0b1111, 0, 0)
            state = .ground
        case 0x4E, 0x4F:  // N, O: SS2, SS3
            singleShift = b == 0x4E ? 2 : 3
            state = .ground
        case 0x6E, 0x6F:  // n, o: LS2, LS3
            lockedSet = b == 0x6E ? 2 : 3
            state = .ground
        case 0x38:  // 8: DECRC
            restorePoints.append(out.count)
            state = .ground
        case 0x20...0x2F:  // an intermediate: a character set designation, DECALN…
            intermediateByte = b
            escapeIntermediates = 1
            state = .escapeIntermediate
        default:
            state = .ground
        }
    }

    /// SCS: `ESC ( F` to `ESC + F` make G0 to G3 the set `F`; libvterm knows `B` (US ASCII), `0`
    /// and `A` and leaves the set as it was for any other.
    private mutating func designate(_ intermediate: UInt8, _ final: UInt8) {
        guard (0x28...0x2B).contains(intermediate) else { return }
        let bit: UInt8 = 1 << (intermediate - 0x28)
        switch final {
        case 0x42: asciiSets |= bit
        case 0x30, 0x41: asciiSets &= ~bit
        default: break
        }
    }

    /// Starts the CSI, OSC or DCS that `b` (`[`, `]` or `P`) introduces.
    private mutating func introduce(_ b: UInt8) {
        switch b {
        case 0x5B:
            state = .csi
            parameters.removeAll(keepingCapacity: true)
            csiPrivate = false
            csiIntermediate = false
            csiOverflow = false
            csiSeparators = 0
            csiSkipsParameters = false
        case 0x5D:
            state = .osc
            resetOSC()
            osc = [0x1B, 0x5D]
        default:
            state = .dcs
        }
    }

    /// Reads a byte of a CSI; returns true when it ends a cursor restore (`CSI ? 1048 l`, `? 1049 l`).
    private mutating func csi(_ b: UInt8) -> Bool {
        switch b {
        case 0x18, 0x1A: state = .ground
        case 0x30...0x3F:
            // A parameter after an intermediate, or a private marker after a parameter, makes the
            // CSI invalid: libvterm (0.1.4 and 0.3) leaves it there, and what follows is text.
            if csiIntermediate || (b >= 0x3C && !parameters.isEmpty) {
                state = .ground
                return false
            }
            if b >= 0x3C {
                if !csiPrivate { csiPrivate = true } else { csiOverflow = true }
            } else if parameters.count < Self.maxParameters {
                parameters.append(b)
            } else {
                csiOverflow = true
            }
        case 0x20...0x2F: csiIntermediate = true
        case 0x40...0x7E:
            finishCSI(final: b)
            state = .ground
            return isCursorRestore(final: b)
        case 0x80...0xFF: state = .ground  // invalid: libvterm leaves the CSI there too
        default: break  // C0 controls execute inside a CSI without ending it
        }
        return false
    }

    /// `CSI ? 1048 l` or `CSI ? 1049 l` (libvterm reads the first parameter only).
    private func isCursorRestore(final: UInt8) -> Bool {
        guard csiPrivate, !csiIntermediate, final == 0x6C else { return false }
        let first = parameters.prefix { $0 != 0x3B }
        return first.elementsEqual("1048".utf8) || first.elementsEqual("1049".utf8)
    }

    /// The private modes after the first of a `CSI ? a ; b … h/l`, and its final byte: libvterm
    /// acts on the first parameter only, and ncurses sends the mouse modes together
    /// (`CSI ? 1006 ; 1000 h`), so each of the others follows as a sequence of its own.
    private var splitModes: [ArraySlice<UInt8>] = []
    private var splitFinal: UInt8 = 0

    private mutating func appendSplitModes(_ out: inout [UInt8]) {
        for field in splitModes {
            out += [0x1B, 0x5B, 0x3F] + Array(field) + [splitFinal]
            if splitFinal == 0x6C, field.elementsEqual("1048".utf8) || field.elementsEqual("1049".utf8) {
                restorePoints.append(out.count)
            }
        }
        splitModes.removeAll()
    }

    private mutating func finishCSI(final: UInt8) {
        if csiPrivate, !csiIntermediate, !csiOverflow, final == 0x68 || final == 0x6C {
            let fields = parameters.split(separator: 0x3B, omittingEmptySubsequences: true)
            if fields.count > 1 {
                splitModes = fields.dropFirst().filter { !$0.contains(0x3A) }
                splitFinal = final
            }
        }
        guard !csiPrivate, !csiIntermediate, !csiOverflow, final == 0x68 || final == 0x6C else { return }
        // Every parameter counts (`CSI 4;8 l`); sub-parameters (`:`) make it something else.
        for field in parameters.split(separator: 0x3B, omittingEmptySubsequences: false) {
            guard !field.isEmpty, !field.contains(0x3A) else { continue }
            var value = 0
            for digit in field where value < 10_000 { value = value * 10 + Int(digit - 0x30) }
            if value == 8 { explicitBidi = (final == 0x6C) }
        }
    }

    private mutating func resetOSC() {
        osc.removeAll(keepingCapacity: false)
        oscKind = .number(0, digits: 0)
        oscOverflow = false
    }

    private mutating func appendOSC(_ b: UInt8) {
        switch oscKind {
        case .number(let n, let digits):
            osc.append(b)
            if b >= 0x30 && b <= 0x39 && digits < 4 {
                oscKind = .number(n * 10 + Int(b - 0x30), digits: digits + 1)
            } else if b == 0x3B && digits > 0 {
                switch n {
                case 52: oscKind = .clipboard
                case 0, 2:
                    oscKind = .title
                    osc.removeAll(keepingCapacity: true)  // the title is what follows the ";"
                default: oscKind = .other
                }
            } else {
                oscKind = .other
            }
            if oscKind == .other { osc.removeAll(keepingCapacity: false) }
        case .title:
            if osc.count < Self.titleByteLimit { osc.append(b) }
        case .clipboard:
            guard osc.count < Self.clipboardLimit else {
                oscOverflow = true  // stop collecting; counted when it ends
                osc.removeAll(keepingCapacity: false)
                oscKind = .other
                return
            }
            osc.append(b)
        case .other:
            break
        }
    }

    private mutating func finishOSC(terminator: [UInt8]) {
        defer { resetOSC(); state = .ground }
        if oscOverflow { droppedClipboardWrites += 1; return }
        switch oscKind {
        case .title:
            title = osc
            titleChanges += 1
        case .clipboard:
            let pending = clipboardWrites.reduce(0) { $0 + $1.count }
            guard pending + osc.count + terminator.count <= Self.clipboardLimit else {
                droppedClipboardWrites += 1
                return
            }
            clipboardWrites.append(osc + terminator)
        case .number, .other:
            break
        }
    }
}
