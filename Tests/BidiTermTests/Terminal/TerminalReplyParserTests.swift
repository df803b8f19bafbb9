import XCTest
@testable import BidiTerm

/// R21: a terminal's replies and typed keys arrive on one stream; the parser tells them apart,
/// in pieces of any size.
final class TerminalReplyParserTests: XCTestCase {
    private func parse(_ s: String) -> [TerminalReply] {
        var p = TerminalReplyParser()
        return p.feed(Array(s.utf8))
    }

    func test_everyReplyKind() {
        XCTAssertEqual(parse("\u{1B}[?65;1;9c"), [.primaryAttributes([65, 1, 9])])
        XCTAssertEqual(parse("\u{1B}[?62;c"), [.primaryAttributes([62, 0])])      // kitty's
        XCTAssertEqual(parse("\u{1B}[>65;7006;1c"), [.secondaryAttributes([65, 7006, 1])])
        XCTAssertEqual(parse("\u{1B}P>|XTerm(379)\u{1B}\\"), [.version("XTerm(379)")])
        XCTAssertEqual(parse("\u{1B}[8;1$y"), [.mode(8, isPrivate: false, state: 1)])
        XCTAssertEqual(parse("\u{1B}[?65535;0$y"), [.mode(65535, isPrivate: true, state: 0)])
        XCTAssertEqual(parse("\u{1B}]11;rgb:0000/0000/0000\u{07}"), [.osc(11, "rgb:0000/0000/0000")])
        XCTAssertEqual(parse("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\"), [.osc(11, "rgb:ffff/ffff/ffff")])
        XCTAssertEqual(parse("\u{1B}[12;40R"), [.cursorPosition(row: 12, column: 40)])
        XCTAssertEqual(parse("\u{1B}P1+r544e=6d6c7465726d\u{1B}\\"), [.dcs("1+r544e=6d6c7465726d")])
        XCTAssertEqual(parse("\u{1B}[?0u"), [.report(Array("\u{1B}[?0u".utf8))])
    }

    func test_keysAreInput_inOrder_andMerged() {
        XCTAssertEqual(parse("ab\u{1B}[Ac"), [.input(Array("ab\u{1B}[Ac".utf8))])
        XCTAssertEqual(parse("x\u{1B}[?1;2cשל"), [.input(Array("x".utf8)), .primaryAttributes([1, 2]), .input(Array("של".utf8))])
        // Alt-x, and an arrow key between two replies.
        XCTAssertEqual(parse("\u{1B}x\u{1B}[6;1R\u{1B}OA\u{1B}[>0;136;0c"),
                       [.input(Array("\u{1B}x".utf8)), .cursorPosition(row: 6, column: 1), .input(Array("\u{1B}OA".utf8)),
                        .secondaryAttributes([0, 136, 0])])
    }

    /// A reply split across reads comes out when its last byte arrives; every split point gives
    /// the same result.
    func test_anySplit_givesTheSameReplies() {
        let stream = Array("\u{1B}[>65;7006;1c\u{1B}[?1243;1$y\u{1B}]11;rgb:0000/0000/0000\u{1B}\\\u{1B}[2;1Rq\u{1B}[?65;1;9c".utf8)
        var whole = TerminalReplyParser()
        let expected = whole.feed(stream)
        XCTAssertEqual(expected.count, 6)
        for cut in 1..<stream.count {
            var p = TerminalReplyParser()
            var got = p.feed(Array(stream[..<cut]))
            got += p.feed(Array(stream[cut...]))
            XCTAssertEqual(Self.merged(got), expected, "split at \(cut)")
        }
    }

    static func merged(_ r: [TerminalReply]) -> [TerminalReply] {
        var out: [TerminalReply] = []
        for x in r {
            if case .input(let b) = x, case .input(let a)? = out.last { out[out.count - 1] = .input(a + b) } else { out.append(x) }
        }
        return out
    }

    /// An incomplete sequence waits; flush gives it back as input (a lone Escape key).
    func test_pendingAndFlush() {
        var p = TerminalReplyParser()
        XCTAssertEqual(p.feed([0x1B]), [])
        XCTAssertTrue(p.hasPending)
        XCTAssertEqual(p.flush(), [.input([0x1B])])
        XCTAssertFalse(p.hasPending)
        XCTAssertEqual(p.feed(Array("\u{1B}[?6".utf8)), [])
        XCTAssertEqual(p.feed(Array("c".utf8)), [.primaryAttributes([6])])
    }

    /// What a key reader asks about an Escape and what follows it.
    func test_replyShapeQueries_forTheKeyReader() {
        XCTAssertTrue(TerminalReplyParser.isReplyPrefix([0x1B]))
        XCTAssertTrue(TerminalReplyParser.isReplyPrefix(Array("\u{1B}[?1;".utf8)))
        XCTAssertTrue(TerminalReplyParser.isReplyPrefix(Array("\u{1B}]11;rgb:".utf8)))
        XCTAssertFalse(TerminalReplyParser.isReplyPrefix(Array("\u{1B}x".utf8)))
        XCTAssertFalse(TerminalReplyParser.isReplyPrefix(Array("\u{1B}[A".utf8)))
        XCTAssertNotNil(TerminalReplyParser.reply(Array("\u{1B}[?1;2c".utf8)))
        XCTAssertNotNil(TerminalReplyParser.reply(Array("\u{1B}[30;1R".utf8)))
        XCTAssertNil(TerminalReplyParser.reply(Array("\u{1B}[A".utf8)))
        XCTAssertNil(TerminalReplyParser.reply(Array("\u{1B}[15~".utf8)))
    }

    /// An endless OSC or DCS (a stray Alt-]) is given up as input.
    func test_overlongStrings_areInput() {
        var p = TerminalReplyParser()
        p.maximumStringLength = 8
        let got = p.feed(Array("\u{1B}]abcdefghijkl".utf8))
        XCTAssertEqual(Self.merged(got), [.input(Array("\u{1B}]abcdefghijkl".utf8))])
    }
}
