import BidiTerm
import XCTest
@testable import BidiTermTerminal

final class VTermEmulatorProtocolTests: XCTestCase {
    private func out(_ e: VTermEmulator) -> String { String(decoding: e.takeOutput(), as: UTF8.self) }

    func test_queries_areAnswered_intoTheOutput() {
        let e = VTermEmulator(rows: 5, columns: 10)
        e.feed("\(CSI)c")
        XCTAssertEqual(out(e), "\(CSI)?1;2c", "DA")
        e.feed("\(CSI)>c")
        XCTAssertTrue(out(e).hasPrefix("\(CSI)>"), "DA2")
        e.feed("\(CSI)5n")
        XCTAssertEqual(out(e), "\(CSI)0n", "DSR")
        e.feed("\(CSI)3;4H\(CSI)6n")
        XCTAssertEqual(out(e), "\(CSI)3;4R", "CPR")
        e.feed("\(CSI)?1$p")
        XCTAssertEqual(out(e), "\(CSI)?1;2$y", "DECRQM: application cursor keys reset")
        XCTAssertEqual(out(e), "", "taken once")
    }

    func test_applicationCursorKeys_followTheProgram() {
        let e = VTermEmulator(rows: 2, columns: 4)
        e.send(.up)
        XCTAssertEqual(out(e), "\(CSI)A")
        e.feed("\(CSI)?1h")
        e.send(.up)
        e.send(.left)
        XCTAssertEqual(out(e), "\(ESC)OA\(ESC)OD")
        e.feed("\(CSI)?1l")
        e.send(.down, modifiers: .ctrl)
        XCTAssertEqual(out(e), "\(CSI)1;5B")
    }

    func test_keys_encodeAsXterm() {
        let e = VTermEmulator(rows: 2, columns: 4)
        e.send(.character("ש"))
        e.send(.character("a"), modifiers: .alt)
        e.send(.ctrl("c"))
        e.send(.enter)
        e.send(.tab)
        e.send(.backTab)
        e.send(.backspace)
        e.send(.escape)
        XCTAssertEqual(Array(out(e).utf8), Array("ש\(ESC)a\u{3}\r\t\(CSI)Z\u{7F}\(ESC)".utf8))
        e.send(.home); e.send(.end); e.send(.pageUp); e.send(.pageDown); e.send(.delete)
        XCTAssertEqual(out(e), "\(CSI)H\(CSI)F\(CSI)5~\(CSI)6~\(CSI)3~")
        e.send(.function(1)); e.send(.function(5)); e.send(.function(12))
        XCTAssertEqual(out(e), "\(ESC)OP\(CSI)15~\(CSI)24~")
        e.send(.unknown(3)); e.send(.function(13)); e.send(.resize(width: 1, height: 1))
        XCTAssertEqual(out(e), "")
    }

    func test_bracketedPaste_onlyWhenTheProgramAskedForIt() {
        let e = VTermEmulator(rows: 2, columns: 4)
        e.sendPaste(Array("ls\n".utf8))
        XCTAssertEqual(out(e), "ls\n")
        e.feed("\(CSI)?2004h")
        e.sendPaste(Array("שלום\(CSI)201~rm".utf8))
        XCTAssertEqual(out(e), "\(CSI)200~שלוםrm\(CSI)201~", "an end marker inside is removed")
        e.feed("\(CSI)?2004l")
        e.sendPaste([0x61])
        XCTAssertEqual(out(e), "a")
    }

    func test_mouse_reportsOnlyInTheModeAsked() {
        let e = VTermEmulator(rows: 10, columns: 20)
        XCTAssertEqual(e.mouseMode, .none)
        e.send(MouseEvent(x: 2, y: 3, action: .press(1)))
        e.send(MouseEvent(x: 2, y: 3, action: .release(1)))
        XCTAssertEqual(out(e), "", "no mode: nothing (libvterm 0.1.4 would write X10 reports)")
        e.feed("\(CSI)?1000h\(CSI)?1006h")
        XCTAssertEqual(e.mouseMode, .click)
        e.send(MouseEvent(x: 2, y: 3, action: .press(1)))
        e.send(MouseEvent(x: 4, y: 3, action: .drag(1)))
        e.send(MouseEvent(x: 4, y: 3, action: .release(0)))
        XCTAssertEqual(out(e), "\(CSI)<0;3;4M\(CSI)<0;5;4m", "click mode: no motion")
        e.feed("\(CSI)?1002h")
        XCTAssertEqual(e.mouseMode, .drag)
        e.send(MouseEvent(x: 0, y: 0, action: .press(3)))
        e.send(MouseEvent(x: 1, y: 0, action: .drag(3)))
        e.send(MouseEvent(x: 1, y: 0, action: .release(3)))
        XCTAssertEqual(out(e), "\(CSI)<2;1;1M\(CSI)<34;2;1M\(CSI)<2;2;1m")
        e.send(MouseEvent(x: 5, y: 5, action: .wheel(4)))
        e.send(MouseEvent(x: 5, y: 5, action: .wheel(5), modifiers: .ctrl))
        XCTAssertEqual(out(e), "\(CSI)<64;6;6M\(CSI)<81;6;6M")
        e.feed("\(CSI)?1003h")
        XCTAssertEqual(e.mouseMode, .move)
        e.feed("\(CSI)?1003l")
        XCTAssertEqual(e.mouseMode, .none)
    }

    /// ncurses asks for the mouse with several private modes in one sequence
    /// (`CSI ? 1006 ; 1000 h` for xterm-256color); libvterm reads only the first, so each of the
    /// others is passed on as a sequence of its own, also when the sequence arrives in pieces.
    func test_privateModesInOneSequence_eachTakeEffect_evenSplitAcrossFeeds() {
        let e = VTermEmulator(rows: 10, columns: 20)
        e.feed("\(CSI)?1006;1000h")
        XCTAssertEqual(e.mouseMode, .click)
        e.send(MouseEvent(x: 2, y: 3, action: .press(1)))
        XCTAssertEqual(out(e), "\(CSI)<0;3;4M", "SGR reports (1006) for clicks (1000)")
        e.feed("\(CSI)?1006;10")
        e.feed("00l")
        XCTAssertEqual(e.mouseMode, .none)
        e.feed("\(CSI)?25;1049h")
        XCTAssertTrue(e.altScreen, "the second mode of a pair")
        e.feed("\(CSI)?1049;25l")
        XCTAssertFalse(e.altScreen)
    }

    func test_mouse_outsideTheScreen_isClamped() {
        let e = VTermEmulator(rows: 3, columns: 3)
        e.feed("\(CSI)?1000h\(CSI)?1006h")
        e.send(MouseEvent(x: Int.max, y: -7, action: .press(1)))
        XCTAssertEqual(out(e), "\(CSI)<0;3;1M")
    }

    func test_title_isSanitised_andTakenOnce() {
        let e = VTermEmulator(rows: 1, columns: 4)
        XCTAssertNil(e.title)
        XCTAssertNil(e.takeTitleChange())
        e.feed("\(ESC)]2;a\u{1}b\u{7F}c\u{85}d\u{7}")
        XCTAssertEqual(e.takeTitleChange(), "abcd")
        XCTAssertNil(e.takeTitleChange())
        e.feed("\(ESC)]0;שלום\(ESC)\\")
        XCTAssertEqual(e.title, "שלום")
        XCTAssertEqual(e.takeTitleChange(), "שלום")
        XCTAssertEqual(e.lines, [""], "a title is not text")
    }

    func test_title_isAtMost256Characters_andCutOnlyAtACharacter() {
        let e = VTermEmulator(rows: 1, columns: 4)
        e.feed("\(ESC)]2;\(String(repeating: "א", count: 1000))\u{7}")
        XCTAssertEqual(e.takeTitleChange(), String(repeating: "א", count: VTermEmulator.titleLimit))
        // Only the first 4096 bytes are kept: "a" then 2-byte letters, cut inside one.
        e.feed("\(ESC)]2;\(String(repeating: "\u{1}", count: 4090))a\(String(repeating: "א", count: 10))\u{7}")
        XCTAssertEqual(e.takeTitleChange(), "aאא", "controls removed, no U+FFFD from the cut")
    }

    func test_title_splitAcrossFeeds_isWhole() {
        // libvterm 0.1.4 on its own loses every title split between two writes.
        let title = "שלום " + String(repeating: "title ", count: 20)
        let bytes = Array("\(ESC)]2;\(title)\(ESC)\\".utf8)
        for cut in 0...bytes.count {
            let e = VTermEmulator(rows: 1, columns: 4)
            e.feed(Array(bytes[..<cut]))
            e.feed(Array(bytes[cut...]))
            XCTAssertEqual(e.takeTitleChange(), title, "cut at \(cut)")
        }
    }

    func test_iconNameAndOtherOSCs_areNoTitle() {
        let e = VTermEmulator(rows: 1, columns: 4)
        e.feed("\(ESC)]1;icon\u{7}\(ESC)]22;x\u{7}\(ESC)]2x;no\u{7}\(ESC)];no\u{7}")
        XCTAssertNil(e.takeTitleChange())
        e.feed("\(ESC)]2;\u{7}")
        XCTAssertEqual(e.takeTitleChange(), "", "an empty title is a change")
    }

    func test_osc52_isQueuedRaw_neverActedOn() {
        let e = VTermEmulator(rows: 1, columns: 10)
        let seq = "\(ESC)]52;c;aGVsbG8=\u{7}"
        let split = Array(seq.utf8)
        e.feed(Array(split[0..<4]))
        e.feed(Array(split[4...]))
        e.feed("\(ESC)]52;p;?\(ESC)\\")
        XCTAssertEqual(e.takeClipboardWrites(), [Array(seq.utf8), Array("\(ESC)]52;p;?\(ESC)\\".utf8)])
        XCTAssertEqual(e.takeClipboardWrites(), [])
        XCTAssertEqual(e.takeOutput(), [], "no answer to a clipboard query")
        XCTAssertEqual(e.lines, [""])
    }

    func test_otherStrings_areNeverQueued() {
        let e = VTermEmulator(rows: 1, columns: 10)
        e.feed("\(ESC)]8;;http://x\u{7}\(ESC)]5;52;x\u{7}\(ESC)P52;x\(ESC)\\\(ESC)_52\(ESC)\\\(ESC)^52\(ESC)\\ok")
        XCTAssertEqual(e.takeClipboardWrites(), [])
        XCTAssertEqual(e.text(0), "ok", "APC and PM are removed, not printed")
    }

    func test_apcSplitAcrossFeeds_isStillRemoved() {
        let bytes = Array("a\(ESC)_Gx=1\(ESC)\\b\(ESC)^pm\u{7}c\(ESC)Xsos\(ESC)\\d".utf8)
        for cut in 0...bytes.count {
            let e = VTermEmulator(rows: 1, columns: 10)
            e.feed(Array(bytes[..<cut]))
            e.feed(Array(bytes[cut...]))
            XCTAssertEqual(e.text(0), "abcd", "cut at \(cut)")
        }
    }

    func test_apcInsideAnOSC_endsItForLibvterm() {
        let e = VTermEmulator(rows: 1, columns: 10)
        e.feed("\(ESC)]2;t\(ESC)_x\(ESC)\\ok\(ESC)Ppayload\(ESC)_y\(ESC)\\!")
        XCTAssertEqual(e.text(0), "ok!")
    }

    func test_osc52_overTheLimit_isDropped() {
        let e = VTermEmulator(rows: 1, columns: 10)
        e.feed("\(ESC)]52;c;")
        let chunk = [UInt8](repeating: 0x41, count: 64 << 10)
        for _ in 0..<17 { e.feed(chunk) }
        e.feed("\u{7}\(ESC)]52;c;YQ==\u{7}")
        XCTAssertEqual(e.takeClipboardWrites(), [Array("\(ESC)]52;c;YQ==\u{7}".utf8)])
        XCTAssertEqual(e.droppedClipboardWrites, 1)
    }

    func test_bdsm_resetIsExplicit_setIsImplicit() {
        let e = VTermEmulator(rows: 1, columns: 10)
        XCTAssertFalse(e.explicitBidi)
        e.feed("\(CSI)8l")
        XCTAssertTrue(e.explicitBidi)
        e.feed("\(CSI)8h")
        XCTAssertFalse(e.explicitBidi)
        e.feed("\(CSI)4;8l")
        XCTAssertTrue(e.explicitBidi, "any parameter of RM")
        e.feed("\(CSI)?8h\(CSI)18h\(CSI)8 h\(CSI)>8h\(ESC)]8h\u{7}")
        XCTAssertTrue(e.explicitBidi, "private, other modes, intermediates, strings: not BDSM")
        e.feed("\(ESC)c")
        XCTAssertFalse(e.explicitBidi, "RIS resets")
        XCTAssertEqual(e.lines, [""])
    }

    func test_bdsm_splitAcrossFeeds() {
        for bytes in ["\(CSI)8l", "\(CSI)8h"].map({ Array($0.utf8) }) {
            for cut in 1..<bytes.count {
                let e = VTermEmulator(rows: 1, columns: 4)
                if bytes.last == 0x68 { e.feed("\(CSI)8l") }
                e.feed(Array(bytes[..<cut]))
                e.feed(Array(bytes[cut...]))
                XCTAssertEqual(e.explicitBidi, bytes.last == 0x6C, "cut at \(cut)")
            }
        }
    }

    func test_sendRaw_isQueuedAsIs() {
        let e = VTermEmulator(rows: 1, columns: 4)
        e.sendRaw([0, 0x1B, 0xFF])
        XCTAssertEqual(e.takeOutput(), [0, 0x1B, 0xFF])
    }
}
