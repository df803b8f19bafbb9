import BidiTerm
import XCTest
@testable import BidiTermTerminal

/// R37: `printsPlainASCII`, which lets `run` send a key's echo before the emulator takes it in,
/// checked against libvterm itself: whenever it says yes, printable ASCII fed next is in the cells
/// at the cursor as `VTermEmulator.plainCell` gives it, and the cursor moves past it.
final class VTermEmulatorEchoTests: XCTestCase {
    /// Whether feeding `text` now puts it at the cursor as plain cells and moves the cursor past it
    /// (what the echo ahead assumes), read off the emulator after feeding it.
    private func printsPlain(_ e: VTermEmulator, _ text: String) -> Bool {
        let c = e.cursor
        e.feed(text)
        let row = e.row(c.y)
        let bytes = Array(text.utf8)
        guard c.x + bytes.count <= row.count else { return false }
        for (i, b) in bytes.enumerated() where row[c.x + i] != VTermEmulator.plainCell(b) { return false }
        return e.cursor == (c.x + bytes.count, c.y)
    }

    func test_R37_printsPlainASCII_followsSequencesCharacterSetsAndThePen() {
        // What was fed before, whether an ASCII byte is then said to print as itself.
        let cases: [(String, Bool)] = [
            ("", true),
            ("$ ", true),
            ("\(CSI)1;31m", false),            // a coloured pen
            ("\(CSI)1;31m\(CSI)0m", true),
            ("\(CSI)7m", false),               // reverse video
            ("\(CSI)?5h", false),              // the whole screen in reverse video
            ("\(CSI)?5h\(CSI)?5l", true),
            ("\(CSI)", false),                 // a CSI not finished
            ("\(CSI)1;", false),
            ("\(CSI)1;2H", true),
            ("\(ESC)", false),                 // an escape not finished
            ("\(ESC)(", false),                // a designation not finished
            ("\(ESC)(0", false),               // G0 is the DEC line drawing set
            ("\(ESC)(0\(ESC)(B", true),
            ("\(ESC)(A", false),               // the UK set: # is £
            ("\(ESC))0", true),                // G1 drawing, G0 still in GL
            ("\(ESC))0\u{0E}", false),         // SO: G1 in GL
            ("\(ESC))0\u{0E}\u{0F}", true),    // SI: G0 again
            ("\(ESC))0\(CSI)1\u{0E}m", false), // SO inside a CSI still shifts
            ("\(ESC)*0\(ESC)n", false),        // LS2 with G2 drawing
            ("\(ESC)n", true),                 // LS2 with G2 US ASCII
            ("\(ESC)+0\(ESC)O", false),        // SS3 with G3 drawing, for one character
            ("\(ESC)+0\(ESC)Oq", true),        // …used
            ("\(ESC)(0\(ESC)c", true),         // RIS
            ("\(ESC)]0;title", false),         // an OSC not finished
            ("\(ESC)]0;title\u{07}", true),
            ("\(ESC)]0;title\(ESC)\\", true),
            ("\(ESC)Pq#0", false),             // a DCS not finished
            ("\(ESC)Pq#0\(ESC)\\", true),
            ("\(ESC)_apc", false),             // an APC (removed before libvterm)
            ("\(ESC)_apc\(ESC)\\", true),
            ("\(CSI)1;2\u{18}", true),         // CAN ends the CSI
            ("é", false),                      // text not ending in ASCII (said no, to be safe)
            ("é ", true),
            ("\u{05E9}\(CSI)0m", false),
            ("\u{05E9}\r\n$ ", true),
            ("\(CSI)1\(ESC)_apc\(ESC)\\", true), // an APC inside a CSI ends it for libvterm too
        ]
        let saysNoToBeSafe: Set = ["é", "\u{05E9}\(CSI)0m"]
        for (before, claim) in cases {
            let e = VTermEmulator(rows: 4, columns: 20)
            e.feed(Array(before.utf8))
            XCTAssertEqual(e.printsPlainASCII, claim, "after \(before.debugDescription)")
            // The cases that say no are right to, but for those said no to be safe: libvterm does
            // not print "q" and "#" so (the DEC set draws q as a line, the UK set # as £).
            XCTAssertEqual(printsPlain(e, "q#"), claim || saysNoToBeSafe.contains(before), "libvterm after \(before.debugDescription)")
        }
        // Half a UTF-8 character, then a sequence: no until ASCII text follows.
        let e = VTermEmulator(rows: 4, columns: 20)
        e.feed([0x61, 0xC3])
        XCTAssertFalse(e.printsPlainASCII)
        e.feed(Array("\(CSI)0m".utf8))
        XCTAssertFalse(e.printsPlainASCII)
        e.feed(Array(" ".utf8))
        XCTAssertTrue(e.printsPlainASCII)
    }

    /// Random streams of sequences, fed in random pieces: whenever the emulator says yes, libvterm
    /// prints the next ASCII as plain cells at the cursor (never a wrong yes). How often it says
    /// no where libvterm would have printed plainly is counted, not asserted (it only costs speed).
    func test_R37_printsPlainASCII_neverSaysYesWrongly_overRandomStreams() {
        let texts = ["ab", " ", "12", "\r\n", "\u{08}", "\t", "\(CSI)31m", "\(CSI)0m", "\(CSI)m", "\(CSI)7m",
                      "\(CSI)?5h", "\(CSI)?5l", "\(CSI)", "2;5", "H", "\(CSI)K", "\(CSI)4h", "\(CSI)4l", "\(ESC)",
                      "(", ")", "*", "+", "0", "A", "B", "\u{0E}", "\u{0F}", "\(ESC)N", "\(ESC)O", "\(ESC)n",
                      "\(ESC)o", "\(ESC)]0;t", "\u{07}", "\(ESC)\\", "\(ESC)P", "\(ESC)_", "\(ESC)^", "\(ESC)X",
                      "\u{18}", "\u{1A}", "ש", "\(ESC)c", "\(ESC)7", "\(ESC)8", "\(CSI)!p", "q", "#"]
        // With the two halves of "é" as bytes of their own.
        let pieces = texts.map { Array($0.utf8) } + [[0xC3], [0xA9]]
        var rng = Seeded(state: 37)
        var yes = 0, wrongNo = 0, total = 0
        for _ in 0..<3000 {
            let e = VTermEmulator(rows: 4, columns: 30)
            var stream: [UInt8] = []
            for _ in 0..<Int.random(in: 1...12, using: &rng) { stream += pieces.randomElement(using: &rng)! }
            // Fed in random pieces: a sequence may be cut anywhere.
            var i = 0
            while i < stream.count {
                let n = Int.random(in: 1...max(1, stream.count - i), using: &rng)
                e.feed(Array(stream[i..<(i + n)]))
                i += n
            }
            // Away from the right edge, so that the text fits.
            if e.cursor.x > 20 { continue }
            total += 1
            let claim = e.printsPlainASCII
            let truth = printsPlain(e, "q#")
            if claim {
                yes += 1
                XCTAssertTrue(truth, "said yes after \(String(decoding: stream, as: UTF8.self).debugDescription)")
            } else if truth {
                wrongNo += 1
            }
        }
        print("R37 echo ahead: \(yes) of \(total) random streams said yes, every one right; \(wrongNo) said no where libvterm prints plainly")
        XCTAssertGreaterThan(yes, total / 10)
    }
}
