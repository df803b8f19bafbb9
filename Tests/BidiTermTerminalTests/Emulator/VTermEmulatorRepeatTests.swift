import BidiTerm
import CVTerm
import XCTest
@testable import BidiTermTerminal

/// REP (`CSI n b`): libvterm (0.1.4 and 0.3) repeats its last glyph by adding the glyph's width to
/// the cursor, and loops for ever when that width is 0 or less. `ControlScanner` (with
/// `RepeatGuard`) cancels such a REP before libvterm sees it; the shim stops one that still reaches
/// libvterm. Both were found by the emulator's fuzz target.
final class VTermEmulatorRepeatTests: XCTestCase {
    /// Feeds `bytes` to the shim as they are, past the scanner.
    private func feedPastTheScanner(_ e: VTermEmulator, _ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { b in
            b.withMemoryRebound(to: CChar.self) { _ = CVTerm_feed(e.term, $0.baseAddress, $0.count) }
        }
    }

    private func stops(_ e: VTermEmulator) -> UInt64 { CVTerm_runaway_stops(e.term) }

    func test_aRepeatOfAGlyphWithNoWidth_reachingLibvterm_isStopped_andTheEmulatorGoesOn() {
        // Width 0: U+200B where the cursor has moved on from x (next to x, it joins x); width -1:
        // a C1 control as UTF-8.
        for glyph in ["\(CSI)C\u{200B}", "\u{85}"] {
            let e = VTermEmulator(rows: 3, columns: 10)
            feedPastTheScanner(e, Array("x\(glyph)\(CSI)5blost".utf8))
            XCTAssertEqual(stops(e), 1, glyph.debugDescription)
            e.feed("\r\nok")
            XCTAssertEqual(e.text(1), "ok", "the rest of that input is lost, the next one is read")
            XCTAssertEqual(e.cursor.y, 1)
            XCTAssertEqual(e.cursor.x, 2)
        }
    }

    func test_glyphsOfNoWidth_oneAfterTheOther_areNotTakenForARunawayRepeat() {
        let e = VTermEmulator(rows: 3, columns: 10)
        feedPastTheScanner(e, Array("a\(String(repeating: "\u{200B}", count: 200))".utf8))
        feedPastTheScanner(e, Array("e\(String(repeating: "\u{301}", count: 40))".utf8))
        feedPastTheScanner(e, Array("\r\n\u{301}\(String(repeating: "\u{302}", count: 60))".utf8))
        feedPastTheScanner(e, Array("\r\ny\(CSI)3b".utf8))
        XCTAssertEqual(stops(e), 0)
        XCTAssertEqual(e.text(2), "yyyy", "a REP of a glyph with a width repeats it")
    }

    func test_theScanner_cancelsARepeatAfterAnEscapeThatEndsAString() {
        // The fuzz target's hang: an OSC never ended, then `ESC 0xFF… ( B`, which libvterm reads as
        // the end of the OSC and a character set designation, then a REP with nothing written.
        let e = VTermEmulator(rows: 3, columns: 10)
        var bytes = Array("\(ESC)]52;c;aGVs\u{5E9}line:".utf8)
        bytes += [0x1B, 0xFF, 0xFF] + Array("(B\(ESC))0\(CSI)bok".utf8)
        e.feed(bytes)
        XCTAssertEqual(stops(e), 0, "cancelled before libvterm")
        XCTAssertEqual(e.text(0), "ok")
        // The same inside a DCS; inside an OSC, ESC \ still ends it.
        let d = VTermEmulator(rows: 3, columns: 10)
        d.feed([0x1B, 0x50] + Array("q:".utf8) + [0x1B, 0x80] + Array("(B\(CSI)2bok".utf8))
        XCTAssertEqual(stops(d), 0)
        XCTAssertEqual(d.text(0), "ok")
        let t = VTermEmulator(rows: 3, columns: 10)
        t.feed("\(ESC)]2;title\(ESC)\\x\(CSI)2b")
        XCTAssertEqual(t.text(0), "xxx")
        XCTAssertEqual(t.takeTitleChange(), "title")
    }

    func test_anIntroducerAfterAnIntermediate_startsWhatTheBuiltLibvtermStarts() {
        // libvterm 0.1.x reads `ESC ( [` as a CSI, 0.2 and later as a designation (`[` its final
        // byte). The scanner follows the libvterm the shim was built with.
        XCTAssertEqual(scanned(["\(ESC)([5b"], introducersAfterIntermediates: true), "\(ESC)([5\u{18}", "a REP with nothing to repeat")
        XCTAssertEqual(scanned(["\(ESC)([5b"], introducersAfterIntermediates: false), "\(ESC)([5b", "a designation, then text")
        XCTAssertEqual(scanned(["\(ESC)(]0;t\u{7}"], introducersAfterIntermediates: true), "\(ESC)(]0;t\u{7}")
        var title = ControlScanner()
        title.introducersAfterIntermediates = true
        _ = scan([Array("\(ESC)(]2;name\u{7}".utf8)], with: &title)
        XCTAssertEqual(title.title, Array("name".utf8), "an OSC for 0.1.x: a title")
        // Through the emulator, on the libvterm it was built with: no REP loop to stop either way.
        let e = VTermEmulator(rows: 2, columns: 10)
        e.feed("x\(CSI)C\u{200B}\(ESC)([5bok")
        XCTAssertEqual(stops(e), 0)
        let libvterm01 = CVTerm_introducers_after_intermediates() != 0
        XCTAssertEqual(e.text(0).filter { $0.isLetter || $0.isNumber }, libvterm01 ? "xok" : "x5bok")
    }

    func test_aCSIMadeInvalid_endsThere_andWhatFollowsIsText() {
        // libvterm leaves a CSI at a byte from 0x80 up, a parameter after an intermediate or a
        // private marker after a parameter; the `b` after it is a letter, not a REP to cancel.
        for bytes: [UInt8] in [
            Array("\(CSI)5".utf8) + [0xFF] + Array("b".utf8),
            Array("\(CSI)1?b".utf8),
            Array("\(CSI) 1b".utf8),
        ] {
            let e = VTermEmulator(rows: 2, columns: 10)
            e.feed(bytes)
            XCTAssertEqual(e.text(0), "b", String(decoding: bytes, as: UTF8.self).debugDescription)
            XCTAssertEqual(stops(e), 0)
        }
        // With more than 16 parameters (the rest left out), a private marker still ends it.
        let e = VTermEmulator(rows: 2, columns: 10)
        e.feed("\(CSI)\(String(repeating: "1;", count: 20))?b")
        XCTAssertEqual(e.text(0), "b")
    }
}
