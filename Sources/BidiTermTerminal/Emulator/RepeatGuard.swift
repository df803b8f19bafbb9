/// Whether libvterm's REP (`CSI n b`, repeat the last character) has something to repeat, as far
/// as the program's text shows.
///
/// libvterm (0.1.4 and 0.3.x alike) repeats the last glyph written by adding its width to the
/// cursor's column until the column reaches `n` further on. A glyph of width 0 or less never gets
/// there, and libvterm loops for ever. Such a glyph is one written before any character at all, a
/// zero-width character (U+200B, a mark that did not join the character before it, as at the
/// right margin), or a C1 control sent as UTF-8 (U+0085: width -1). Found by the emulator's fuzz
/// target, which hung on `x U+0085 CSI 5 b`.
///
/// The guard follows the text that reaches libvterm and keeps one answer: whether the last
/// character is one libvterm surely draws 1 or 2 columns wide (`canRepeat`). `ControlScanner`
/// cancels a REP when it is not. A REP after a combining mark is cancelled too, even where libvterm
/// joined the mark to its base: whether it did depends on where the cursor was, which only libvterm
/// knows. Programs write REP right after the character it repeats (ncurses' `rep`), so this costs
/// nothing in practice.
///
/// It reads only the last character of each piece of text, so the text's bulk copy stays as fast.
struct RepeatGuard {
    /// Whether the last character written is surely 1 or 2 columns wide for libvterm.
    private(set) var canRepeat = false
    /// A UTF-8 character begun and not yet complete: the bits read so far, the continuation bytes
    /// still to come (0: none begun), and its length in bytes.
    private var partial: UInt32 = 0
    private var needed = 0
    private var length = 0

    /// Nothing written yet (start, full reset).
    mutating func reset() {
        canRepeat = false
        needed = 0
    }

    /// Something other than text comes (an ESC, a control): a character begun is cut off.
    mutating func interrupt() {
        if needed > 0 {
            needed = 0
            canRepeat = false
        }
    }

    /// The text `bytes[start..<end]` (no ESC in it) goes to libvterm.
    mutating func noteText(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) {
        guard start < end else { return }
        var p = end - 1
        while p >= start, Self.isControl(bytes[p]) { p -= 1 }
        if p >= start {
            // The start of the last character: at most three continuation bytes back.
            var q = p
            while q > start, p - q < 3, bytes[q] & 0xC0 == 0x80 { q -= 1 }
            // Unless the piece opens with the rest of a character begun before, a character starts
            // inside it: whatever was begun before is finished or cut off by then.
            if !(q == start && bytes[q] & 0xC0 == 0x80) { needed = 0 }
            for k in q...p { advance(bytes[k]) }
        }
        if p < end - 1 { interrupt() }  // controls after it cut off a character begun
    }

    /// One byte of text.
    mutating func advance(_ b: UInt8) {
        if Self.isControl(b) {
            interrupt()  // the last complete character stays what REP repeats
            return
        }
        if b & 0xC0 == 0x80 {
            guard needed > 0 else {
                canRepeat = false  // a stray continuation byte: U+FFFD, or nothing
                return
            }
            partial = partial << 6 | UInt32(b & 0x3F)
            needed -= 1
            if needed == 0 { canRepeat = Self.isWellFormed(partial, length: length) && Self.surelyHasWidth(partial) }
            return
        }
        needed = 0
        switch b {
        case 0x20...0x7E: canRepeat = true
        case 0xC2...0xDF: begin(UInt32(b & 0x1F), length: 2)
        case 0xE0...0xEF: begin(UInt32(b & 0x0F), length: 3)
        case 0xF0...0xF4: begin(UInt32(b & 0x07), length: 4)
        default: canRepeat = false  // never in UTF-8
        }
    }

    private mutating func begin(_ bits: UInt32, length: Int) {
        partial = bits
        self.length = length
        needed = length - 1
        canRepeat = false
    }

    private static func isControl(_ b: UInt8) -> Bool { b < 0x20 || b == 0x7F }

    /// Not overlong, not a surrogate, not past U+10FFFF.
    private static func isWellFormed(_ v: UInt32, length: Int) -> Bool {
        let least: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        return v >= least && v <= 0x10FFFF && !(0xD800...0xDFFF).contains(v)
    }

    /// Whether libvterm surely gives `v` a width of 1 or 2. Its tables are older than Swift's
    /// Unicode data, so anything that is or could be zero-width there counts as not: controls,
    /// marks, format characters, default-ignorables, Hangul medial and final jamo, unassigned code
    /// points.
    static func surelyHasWidth(_ v: UInt32) -> Bool {
        if v < 0xA0 { return (0x20...0x7E).contains(v) }
        if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return false }
        guard let s = Unicode.Scalar(v) else { return false }
        let p = s.properties
        switch p.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control, .surrogate, .unassigned,
             .lineSeparator, .paragraphSeparator:
            return false
        default:
            return !p.isDefaultIgnorableCodePoint && !p.isGraphemeExtend
        }
    }
}
