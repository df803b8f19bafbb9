import XCTest
@testable import BidiTerm
import TestSupport

/// The key decoder: every sequence an xterm-compatible terminal sends, in pieces of any size,
/// with no byte lost.
final class InputDecoderTests: XCTestCase {
    private let esc = "\u{1B}"

    private func decode(_ input: [UInt8], _ configure: (inout InputDecoder) -> Void = { _ in }) -> [InputEvent] {
        var d = InputDecoder()
        configure(&d)
        return d.feed(input) + d.flush()
    }

    private func decode(_ s: String, _ configure: (inout InputDecoder) -> Void = { _ in }) -> [InputEvent] {
        decode(Array(s.utf8), configure)
    }

    private func key(_ k: KeyEvent, _ m: KeyModifiers = []) -> InputEvent { .key(k, m) }
    private func char(_ c: Character, _ m: KeyModifiers = []) -> InputEvent { .key(.character(c), m) }
    private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    /// Each `(sequence after ESC, expected events)` decodes as expected, fed whole.
    private func assertTable(_ table: [(String, [InputEvent])], file: StaticString = #filePath, line: UInt = #line,
                             _ configure: (inout InputDecoder) -> Void = { _ in }) {
        for (input, expected) in table {
            XCTAssertEqual(decode(esc + input, configure), expected, "ESC \(input.debugDescription)", file: file, line: line)
        }
    }

    // MARK: - Text and controls

    /// `isAtRest` (what `run` checks before it sends printable ASCII to the program as it came):
    /// false while an escape sequence, a paste or a string is open, true once it is decoded, and
    /// printable ASCII fed at rest is one key per byte, so sending the bytes is the same.
    func test_isAtRest_onlyWithNothingPendingAndNoPasteOrStringOpen() {
        var d = InputDecoder()
        XCTAssertTrue(d.isAtRest)
        XCTAssertEqual(d.feed(bytes("ls -la")), "ls -la".map { char($0) })
        XCTAssertTrue(d.isAtRest)
        _ = d.feed(bytes(esc))
        XCTAssertFalse(d.isAtRest, "a lone ESC may begin a sequence")
        XCTAssertEqual(d.feed(bytes("[A")), [key(.up)])
        XCTAssertTrue(d.isAtRest)
        d.maximumPasteChunk = 4
        let first = d.feed(bytes(esc + "[200~abcdefgh"))
        XCTAssertFalse(first.isEmpty, "a piece of the paste is handed out")
        XCTAssertFalse(d.isAtRest, "inside a paste whose end has not come: the next bytes are pasted text")
        _ = d.feed(bytes("ij" + esc + "[201~"))
        XCTAssertTrue(d.isAtRest)
        _ = d.feed(bytes(esc + "]11;rgb:0000/0000/0000"))
        XCTAssertFalse(d.isAtRest, "inside an OSC string")
        _ = d.feed([0x07])
        XCTAssertTrue(d.isAtRest)
    }

    func test_text_asciiArabicHebrew_oneKeyPerScalar() {
        XCTAssertEqual(decode("aس ש"), [char("a"), char("س"), char(" "), char("ש")])
        XCTAssertEqual(decode("بَ"), [char("ب"), char("\u{064E}")])
    }

    func test_invalidUTF8_eachByteUnknown_neverDropped() {
        XCTAssertEqual(decode([0x61, 0xFF, 0xC3, 0x28, 0x80, 0xE2, 0x82]),
                       [char("a"), .unknown([0xFF]), .unknown([0xC3]), char("("), .unknown([0x80]), .unknown([0xE2]), .unknown([0x82])])
        XCTAssertEqual(decode([0xED, 0xA0, 0x80]), [.unknown([0xED]), .unknown([0xA0]), .unknown([0x80])])   // a surrogate
        XCTAssertEqual(decode([0xC0, 0xAF]), [.unknown([0xC0]), .unknown([0xAF])])                       // overlong
        XCTAssertEqual(decode([0x9B, 0x41]), [.unknown([0x9B]), char("A")])                              // 8-bit CSI
    }

    func test_c0Controls_throughTerminalCharacter() {
        XCTAssertEqual(decode("\r\n\t\u{8}\u{7F}\u{1}\u{1A}\u{0}"),
                       [key(.enter), key(.enter), key(.tab), key(.backspace), key(.backspace), key(.ctrl("a")), key(.ctrl("z")),
                        key(.unknown(0))])
    }

    // MARK: - Escape and Alt

    func test_alt_characterControlAndArabic() {
        assertTable([
            ("a", [char("a", .alt)]), ("س", [char("س", .alt)]), ("ש", [char("ש", .alt)]), ("\r", [key(.enter, .alt)]),
            ("\u{7F}", [key(.backspace, .alt)]), ("\u{1}", [key(.ctrl("a"), .alt)]), ("\t", [key(.tab, .alt)]),
        ])
        // Alt + an Arabic letter whose bytes come one at a time.
        var d = InputDecoder()
        XCTAssertEqual(d.feed([0x1B]) + d.feed([0xD8]), [])
        XCTAssertEqual(d.feed([0xB3]), [char("س", .alt)])
    }

    func test_doubleEscape() {
        assertTable([
            ("\u{1B}", [key(.escape, .alt)]),
            ("\u{1B}a", [key(.escape), char("a", .alt)]),
            ("\u{1B}[A", [key(.up, .alt)]),
            ("\u{1B}[1;5A", [key(.up, [.ctrl, .alt])]),
            ("\u{1B}OP", [key(.function(1), .alt)]),
            ("\u{1B}[", [key(.escape), char("[", .alt)]),
            ("\u{1B}[<0;1;1M", [key(.escape), .mouse(MouseEvent(x: 0, y: 0, action: .press(1)))]),
        ])
        XCTAssertEqual(decode([0x1B, 0xFF]), [key(.escape), .unknown([0xFF])])
    }

    func test_loneEscape_onlyAfterFlush() {
        var d = InputDecoder()
        XCTAssertEqual(d.feed(bytes(esc)), [])
        XCTAssertTrue(d.hasPending)
        XCTAssertEqual(d.flush(), [key(.escape)])
        XCTAssertFalse(d.hasPending)
        XCTAssertEqual(d.flush(), [])
        // Without a flush, the ESC waits for the rest of its sequence.
        XCTAssertEqual(d.feed(bytes(esc)), [])
        XCTAssertEqual(d.feed(bytes("[")), [])
        XCTAssertEqual(d.feed(bytes("A")), [key(.up)])
        XCTAssertFalse(d.hasPending)
    }

    func test_flush_resolvesWhatIsPending() {
        assertTable([
            ("[", [char("[", .alt)]), ("O", [char("O", .alt)]), ("]", [char("]", .alt)]), ("P", [char("P", .alt)]),
            ("_", [char("_", .alt)]),
            ("[1;", [.unknown(bytes(esc + "[1;"))]), ("]11;rgb:", [.unknown(bytes(esc + "]11;rgb:"))]),
            ("[M!", [.unknown(bytes(esc + "[M!"))]), ("O5", [.unknown(bytes(esc + "O5"))]),
        ])
        // An introducer followed by a byte that cannot continue it.
        assertTable([
            ("[ש", [char("[", .alt), char("ש")]), ("[\r", [char("[", .alt), key(.enter)]),
            ("O\u{7F}", [char("O", .alt), key(.backspace)]), ("[1;\u{1B}[B", [.unknown(bytes(esc + "[1;")), key(.down)]),
        ])
    }

    // MARK: - Keys

    func test_cursorEditingAndFunctionKeys() {
        assertTable([
            ("[A", [key(.up)]), ("[B", [key(.down)]), ("[C", [key(.right)]), ("[D", [key(.left)]),
            ("[H", [key(.home)]), ("[F", [key(.end)]),
            ("OA", [key(.up)]), ("OB", [key(.down)]), ("OC", [key(.right)]), ("OD", [key(.left)]),
            ("OH", [key(.home)]), ("OF", [key(.end)]),
            ("[1~", [key(.home)]), ("[7~", [key(.home)]), ("[4~", [key(.end)]), ("[8~", [key(.end)]),
            ("[3~", [key(.delete)]), ("[5~", [key(.pageUp)]), ("[6~", [key(.pageDown)]), ("[Z", [key(.backTab)]),
            ("OP", [key(.function(1))]), ("OQ", [key(.function(2))]), ("OR", [key(.function(3))]), ("OS", [key(.function(4))]),
            ("[11~", [key(.function(1))]), ("[12~", [key(.function(2))]), ("[13~", [key(.function(3))]),
            ("[14~", [key(.function(4))]), ("[15~", [key(.function(5))]), ("[17~", [key(.function(6))]),
            ("[18~", [key(.function(7))]), ("[19~", [key(.function(8))]), ("[20~", [key(.function(9))]),
            ("[21~", [key(.function(10))]), ("[23~", [key(.function(11))]), ("[24~", [key(.function(12))]),
            ("[[A", [key(.function(1))]), ("[[E", [key(.function(5))]),   // the Linux console
            ("OM", [key(.enter)]), ("Oj", [char("*")]), ("Op", [char("0")]), ("Oy", [char("9")]),   // keypad
        ])
    }

    func test_xtermModifiers() {
        assertTable([
            ("[1;2A", [key(.up, .shift)]), ("[1;3D", [key(.left, .alt)]), ("[1;5C", [key(.right, .ctrl)]),
            ("[1;9B", [key(.down, .meta)]), ("[1;8H", [key(.home, [.shift, .alt, .ctrl])]),
            ("[1;16F", [key(.end, [.shift, .alt, .ctrl, .meta])]),
            ("[3;5~", [key(.delete, .ctrl)]), ("[5;3~", [key(.pageUp, .alt)]), ("[15;2~", [key(.function(5), .shift)]),
            ("[24;6~", [key(.function(12), [.shift, .ctrl])]),
            ("[1;2P", [key(.function(1), .shift)]), ("[1;5S", [key(.function(4), .ctrl)]), ("[1;2Q", [key(.function(2), .shift)]),
            ("O5A", [key(.up, .ctrl)]), ("O2P", [key(.function(1), .shift)]),
            // rxvt
            ("[a", [key(.up, .shift)]), ("[d", [key(.left, .shift)]), ("Oa", [key(.up, .ctrl)]), ("Oc", [key(.right, .ctrl)]),
            ("[3$", [key(.delete, .shift)]), ("[3^", [key(.delete, .ctrl)]), ("[3@", [key(.delete, [.ctrl, .shift])]),
        ])
    }

    func test_insert_andUnknownSequences_keepTheirExactBytes() {
        for s in ["[2~", "[2;5~", "[E", "[5A", "[99~", "[201~", "[?25h", "[12;24r", "Oz", "[>1u", "[57399u", "[97:65;2u",
                  "[<128;1;1M", "[<0;0;1M", "[1;300A"] {
            XCTAssertEqual(decode(esc + s), [.unknown(bytes(esc + s))], s)
        }
    }

    func test_kittyAndModifyOtherKeys_plainCodes() {
        assertTable([
            ("[97u", [char("a")]), ("[97;5u", [key(.ctrl("a"))]), ("[65;7u", [key(.ctrl("a"), .alt)]), ("[13u", [key(.enter)]),
            ("[27u", [key(.escape)]), ("[1575;3u", [char("ا", .alt)]), ("[27;5;97~", [key(.ctrl("a"))]),
            ("[27;2;13~", [key(.enter, .shift)]),
        ])
    }

    func test_cursorReport_orModifiedF3() {
        assertTable([("[1;5R", [.reply(bytes(esc + "[1;5R"))]), ("[1;1R", [.reply(bytes(esc + "[1;1R"))])])
        let asKeys: (inout InputDecoder) -> Void = { $0.cursorReportsExpected = false }
        assertTable([
            ("[1;5R", [key(.function(3), .ctrl)]), ("[1;2R", [key(.function(3), .shift)]), ("[1;16R", [key(.function(3), [.shift, .alt, .ctrl, .meta])]),
            ("[1;1R", [.reply(bytes(esc + "[1;1R"))]), ("[1;17R", [.reply(bytes(esc + "[1;17R"))]), ("[2;5R", [.reply(bytes(esc + "[2;5R"))]),
        ], asKeys)
    }

    // MARK: - Paste

    func test_paste_isOneEvent_notDecoded() {
        XCTAssertEqual(decode(esc + "[200~hi \u{1B}[A\rשלום\u{1B}" + esc + "[201~x"),
                       [.paste(bytes("hi \u{1B}[A\rשלום\u{1B}")), char("x")])
        XCTAssertEqual(decode(esc + "[200~" + esc + "[201~"), [.paste([])])
        // The end marker split across reads; bytes that only begin like it are pasted.
        var d = InputDecoder()
        XCTAssertEqual(d.feed(bytes(esc + "[200~abc" + esc + "[20")), [])
        XCTAssertEqual(d.feed(bytes("1~" + esc + "[20")), [.paste(bytes("abc"))])
        XCTAssertEqual(d.feed(bytes("0~x" + esc + "[202~" + esc + "[201~")), [.paste(bytes("x" + esc + "[202~"))])
    }

    func test_longPaste_acrossFeeds_inBoundedPieces() {
        let chunk = 1 << 20
        var content = [UInt8]()
        for k in 0..<(3 * chunk + 5) { content.append(UInt8(truncatingIfNeeded: k % 251 == 0 ? 0x1B : k)) }
        let stream = bytes(esc + "[200~") + content + bytes(esc + "[201~") + bytes("z")
        var d = InputDecoder()
        var events: [InputEvent] = []
        var at = 0
        while at < stream.count {
            let end = min(at + 65_521, stream.count)
            events += d.feed(stream[at..<end])
            at = end
        }
        XCTAssertEqual(events.count, 5)
        XCTAssertEqual(events.last, char("z"))
        var joined: [UInt8] = []
        for case .paste(let p) in events {
            XCTAssertLessThanOrEqual(p.count, chunk)
            joined += p
        }
        XCTAssertEqual(joined, content)
        XCTAssertFalse(d.hasPending)
        // A paste of exactly two pieces ends without an empty third.
        var e = InputDecoder()
        e.maximumPasteChunk = 4
        XCTAssertEqual(e.feed(bytes(esc + "[200~abcdefgh" + esc + "[201~")), [.paste(bytes("abcd")), .paste(bytes("efgh"))])
    }

    func test_pause_inPaste_handsOutWhatCame_andStaysInPaste() {
        var d = InputDecoder()
        XCTAssertEqual(d.feed(bytes(esc + "[200~ab")), [])
        XCTAssertTrue(d.hasPending)
        XCTAssertEqual(d.flush(), [.paste(bytes("ab"))])
        XCTAssertEqual(d.feed(bytes("\u{1B}[A" + esc + "[201~q")), [.paste(bytes("\u{1B}[A")), char("q")])
    }

    // MARK: - Mouse, focus, replies

    func test_mouse_sgrX10Urxvt() {
        func m(_ x: Int, _ y: Int, _ a: MouseEvent.Action, _ mods: KeyModifiers = []) -> [InputEvent] {
            [.mouse(MouseEvent(x: x, y: y, action: a, modifiers: mods))]
        }
        assertTable([
            ("[<0;10;5M", m(9, 4, .press(1))), ("[<0;10;5m", m(9, 4, .release(1))), ("[<2;1;1M", m(0, 0, .press(3))),
            ("[<1;300;200M", m(299, 199, .press(2))), ("[<32;3;4M", m(2, 3, .drag(1))), ("[<35;3;4M", m(2, 3, .drag(0))),
            ("[<64;1;1M", m(0, 0, .wheel(4))), ("[<65;1;1M", m(0, 0, .wheel(5))), ("[<66;1;1M", m(0, 0, .wheel(6))),
            ("[<4;1;1M", m(0, 0, .press(1), .shift)), ("[<8;1;1M", m(0, 0, .press(1), .alt)),
            ("[<20;2;3M", m(1, 2, .press(1), [.shift, .ctrl])),
            ("[M !!", m(0, 0, .press(1))), ("[M#!!", m(0, 0, .release(0))), ("[M`!!", m(0, 0, .wheel(4))),
            ("[M@*+", m(9, 10, .drag(1))),
            ("[32;10;5M", m(9, 4, .press(1))), ("[35;1;1M", m(0, 0, .release(0))), ("[96;1;1M", m(0, 0, .wheel(4))),
        ])
        XCTAssertEqual(decode([0x1B, 0x5B, 0x4D, 0x20, 0xFF, 0xFF]), m(222, 222, .press(1)))
    }

    func test_focus() {
        assertTable([("[I", [.focus(true)]), ("[O", [.focus(false)])])
    }

    func test_replies_areNeverKeys() {
        for s in ["[?64;1;2;6;22c", "[>41;379;0c", "[12;40R", "[?2026;2$y", "[2;1$y", "[0n", "[?997;1n", "[?1u", "[8;24;80t",
                  "[?5;1;1R", "]11;rgb:0000/0000/0000\u{7}", "]11;rgb:ffff/ffff/ffff\u{1B}\\", "P>|XTerm(379)\u{1B}\\",
                  "P1+r544e=6d6c7465726d\u{1B}\\", "_Gi=1;OK\u{1B}\\", "^pm\u{1B}\\", "Xsos \u{7} bell\u{1B}\\", "]\u{1B}\\"] {
            XCTAssertEqual(decode(esc + s), [.reply(bytes(esc + s))], s.debugDescription)
        }
        XCTAssertEqual(decode("a" + esc + "[?1;2cb"), [char("a"), .reply(bytes(esc + "[?1;2c")), char("b")])
    }

    func test_unfinishedString_endedByAnotherSequence() {
        XCTAssertEqual(decode(esc + "]11;rg" + esc + "[A"), [.unknown(bytes(esc + "]11;rg")), key(.up)])
        var d = InputDecoder()
        d.maximumStringLength = 8
        XCTAssertEqual(d.feed(bytes(esc + "]52;c;QUJDREVG\u{7}")),
                       [.unknown(bytes(esc + "]52;c;Q")), .unknown(bytes("UJDREVG\u{7}"))])
    }

    func test_overlongSequence_givenUp() {
        let long = esc + "[" + String(repeating: "1", count: 300) + "A"
        let events = decode(long)
        XCTAssertEqual(events.first, .unknown(Array(bytes(long).prefix(InputDecoder.maximumSequenceLength))))
        XCTAssertEqual(events.count, 1 + bytes(long).count - InputDecoder.maximumSequenceLength)   // the rest are keys
    }

    // MARK: - Properties

    /// Every sequence of this file in one stream.
    private var everything: [UInt8] {
        var s = "aس ש\r\t\u{7F}\u{1}" + esc + "a" + esc + "س" + esc + "\u{1B}[1;5A" + esc + "\u{1B}b"
        for k in ["[A", "OB", "[1;5C", "[3~", "[2~", "[15;2~", "OP", "[[B", "[Z", "[3$", "Oa", "[97;5u", "[27;5;97~",
                  "[200~x\u{1B}[Ay\u{1B}[201~", "[<0;10;5M", "[M !!", "[32;10;5M", "[I", "[O", "[?64;1c", "[>1;2c", "[12;40R",
                  "[1;5R", "[?2026;2$y", "[0n", "]11;rgb:0/0/0\u{7}", "P>|XTerm(1)\u{1B}\\", "_G\u{1B}\\", "]1;a" + esc + "[B",
                  "[12;24r", "[ש", "Oz"] {
            s += esc + k + "ע"
        }
        return bytes(s) + [0xFF, 0xD7, 0x9B, 0x41, 0xE2, 0x82] + bytes(esc + "[1;")
    }

    func test_everySplit_givesTheSameEvents() {
        let stream = everything
        let whole = decode(stream)
        XCTAssertGreaterThan(whole.count, 60)
        for k in 0...stream.count {
            var d = InputDecoder()
            let split = d.feed(stream[..<k]) + d.feed(stream[k...]) + d.flush()
            XCTAssertEqual(split, whole, "split at \(k)")
        }
        var d = InputDecoder()
        var oneByOne: [InputEvent] = []
        for b in stream { oneByOne += d.feed(CollectionOfOne(b)) }
        XCTAssertEqual(oneByOne + d.flush(), whole)
    }

    /// Random streams of bytes and pieces of sequences: no crash, the same events in any pieces,
    /// and every byte in exactly one event (the bytes of `.unknown` and `.reply` are their own,
    /// a paste's are between its markers, a key or mouse report decodes alone to itself).
    func test_randomStreams_loseNoByte_inAnyPieces() {
        let texts: [String] = ["a", "Z", "~", ";", "1", "5", "200", "201", "<", "M", "m", "[", "O", "]", "P", "_", "\\", "$",
                                 "\u{7}", "\r", "\u{1B}", "\u{1B}[", "\u{1B}O", "\u{1B}]", "\u{1B}P", "\u{1B}\\", "س", "ש", "لا",
                                 "\u{1B}[200~", "\u{1B}[201~", "\u{1B}[A", "\u{1B}[1;5C", "\u{1B}[<0;3;4M", "\u{1B}[M",
                                 "\u{1B}[?1;2c", "\u{1B}[12;1R", "\u{1B}]11;x\u{7}", "\u{1B}[2~"]
        let pieces = texts.map { Array($0.utf8) }
        var rng = RandomText(seed: 0x1D0C)
        for round in 0..<3000 {
            var stream: [UInt8] = []
            for _ in 0..<(1 + Int(rng.next() % 30)) {
                if rng.oneIn(3) { stream.append(UInt8(truncatingIfNeeded: rng.next())) } else { stream += rng.pick(pieces) }
            }
            var d = InputDecoder()
            d.recordsSpans = true
            let events = d.feed(stream) + d.flush()
            XCTAssertEqual(d.consumedCount + d.buffer.count, stream.count, "round \(round)")
            XCTAssertEqual(events.count, d.spans.count)
            var at = 0
            for (event, span) in zip(events, d.spans) {
                XCTAssertEqual(span.lowerBound, at, "round \(round): a gap before \(event)")
                at = span.upperBound
                let own = Array(stream[span])
                switch event {
                case .unknown(let b), .reply(let b):
                    XCTAssertEqual(b, own, "round \(round)")
                case .paste(let p):
                    let start = Array("\u{1B}[200~".utf8), end = Array("\u{1B}[201~".utf8)
                    XCTAssertTrue([p, start + p, p + end, start + p + end].contains(own), "round \(round)")
                default:
                    XCTAssertEqual(decode(own), [event], "round \(round): \(own)")
                }
            }
            if !d.buffer.isEmpty { XCTAssertTrue(d.hasPending) }
            // The same stream in random pieces.
            var e = InputDecoder()
            var pieced: [InputEvent] = []
            var k = 0
            while k < stream.count {
                let end = min(stream.count, k + 1 + Int(rng.next() % 6))
                pieced += e.feed(stream[k..<end])
                k = end
            }
            XCTAssertEqual(pieced + e.flush(), events, "round \(round)")
        }
    }
}
