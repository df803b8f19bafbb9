import BidiTerm
import Foundation
import TestSupport
import XCTest
@testable import BidiTermTerminal

/// The start-up queries as a session runs them (R21): what the measured advances decide about
/// combining marks, and a terminal that answers nothing, or late, never holds up the first frame.
/// The fake terminal runs on a clock of its own (`FakeTerminalChannel`): nothing here waits, and
/// what is checked is the order of events and what was written.
final class TerminalStartupTests: XCTestCase {
    static let frame = Array("\u{1B}[H\u{1B}[2JFIRST FRAME".utf8)

    private func options(_ fake: FakeTerminal, marks: MarkPlacement? = nil) -> TerminalSessionOptions {
        var o = TerminalSessionOptions()
        o.environment = fake.recording.environment
        o.environment["XDG_CONFIG_HOME"] = NSTemporaryDirectory() + "startup-tests-\(getpid())"
        o.marks = marks
        return o
    }

    private func startup(_ name: String, marks: MarkPlacement? = nil, _ change: (FakeTerminal) -> Void = { _ in })
        throws -> (TerminalStartup, FakeTerminalChannel) {
        let fake = FakeTerminal(try TerminalRecording.named(name))
        change(fake)
        let channel = FakeTerminalChannel(fake)
        return (TerminalStartup(options: options(fake, marks: marks), rows: fake.rows, channel: channel), channel)
    }

    // MARK: - Marks

    func test_R21_aTerminalThatMovesOverMarks_getsThemInCellsOfTheirOwn() throws {
        let (terminology, _) = try startup("terminology")
        let t = terminology.identification
        XCTAssertTrue(t.findings.marksTakeCells)
        XCTAssertEqual(t.probe.advances[GlyphWidths.markProbe], 2)
        XCTAssertEqual(t.probe.advances[GlyphWidths.pointProbe], 2)
        XCTAssertEqual(t.findings.marks, .cell)

        // xterm draws marks on their letter; the same xterm with a font that moves over a harakah
        // (a fake terminal that advances over marks) gets them in cells of their own.
        XCTAssertEqual(try startup("xterm").0.identification.findings.marks, .combined)
        let (moving, _) = try startup("xterm") { $0.advanceOverrides[GlyphWidths.markProbe] = 2 }
        XCTAssertEqual(moving.identification.findings.marks, .cell)
        let (points, _) = try startup("xterm") { $0.advanceOverrides[GlyphWidths.pointProbe] = 2 }
        XCTAssertEqual(points.identification.findings.marks, .cell)

        // --marks wins; a terminal whose rows are rewritten into a wire order gets no mark cells.
        XCTAssertEqual(try startup("terminology", marks: .drop).0.identification.findings.marks, .drop)
        XCTAssertEqual(try startup("xterm", marks: .cell).0.identification.findings.marks, .cell)
        let (konsole, _) = try startup("konsole") { $0.advanceOverrides[GlyphWidths.markProbe] = 2 }
        XCTAssertTrue(konsole.identification.setup.wireOrder.rewrites)
        XCTAssertEqual(konsole.identification.findings.marks, .drop)

        // mlterm gives ZWNJ a cell: measured, so format characters are left out.
        XCTAssertTrue(try startup("mlterm").0.identification.findings.formatCharactersTakeCells)
        XCTAssertFalse(t.findings.formatCharactersTakeCells)
    }

    // MARK: - No answer, late answers

    func test_R21_aTerminalThatAnswersNothing_getsItsFirstFrameBeforeAnyQueryIsGivenUp() throws {
        let fake = FakeTerminal(try TerminalRecording.named("xterm"))
        fake.silent = true
        let channel = FakeTerminalChannel(fake)
        let o = options(fake)
        let startup = TerminalStartup(options: o, rows: fake.rows, channel: channel, firstAnswerWait: .milliseconds(200))
        var events: [String] = []
        // init has returned: the app draws now. No batch has been given up yet.
        XCTAssertTrue(startup.isPending)
        XCTAssertFalse(startup.identification.probe.timedOut)
        XCTAssertEqual(startup.identification.probe.exchanges.count, 0)
        _ = channel.write(Self.frame)
        events.append("first frame")
        // Time passes in the app's loop; the session polls.
        for _ in 0..<100 where startup.isPending {
            channel.advance(by: .milliseconds(100))
            if let done = startup.poll() {
                events.append("queries given up")
                XCTAssertTrue(done.probe.timedOut)
            }
        }
        XCTAssertEqual(events, ["first frame", "queries given up"])
        // The plan stays the one for a terminal that does not answer; nothing was drawn over the frame.
        XCTAssertEqual(startup.identification.setup, TerminalStartup.plan(TerminalProbe(environment: o.environment), multiplexer: nil,
                                                                          options: o).setup)
        XCTAssertFalse(startup.wroteAfterStart)
        let written = fake.written
        let frameAt = try XCTUnwrap(written.indices.first { written[$0...].starts(with: Self.frame) })
        XCTAssertEqual(written.count, frameAt + Self.frame.count, "nothing written after the first frame")
        // Without the first answer's wait the same terminal holds the start until the batch times out.
        let blocking = TerminalStartup(options: o, rows: fake.rows, channel: FakeTerminalChannel(fake))
        XCTAssertTrue(blocking.identification.probe.timedOut)
        XCTAssertFalse(blocking.isPending)
    }

    func test_R21_lateAnswers_changeTheStrategy_andTheScreenIsRedrawn() throws {
        // mlterm over a slow SSH link: only TERM crosses it, and the answers come once the first
        // frame is drawn.
        let fake = FakeTerminal(try TerminalRecording.named("mlterm"))
        fake.holdsAnswersUntil = Self.frame
        let channel = FakeTerminalChannel(fake)
        var o = options(fake)
        o.environment = ["TERM": fake.recording.environment["TERM"] ?? "xterm", "LANG": "C.UTF-8",
                         "XDG_CONFIG_HOME": o.environment["XDG_CONFIG_HOME"]!]
        let startup = TerminalStartup(options: o, rows: fake.rows, channel: channel, firstAnswerWait: .milliseconds(200))
        XCTAssertTrue(startup.isPending)
        let first = startup.identification
        XCTAssertNotEqual(first.setup.drawing.family, .mlterm)
        XCTAssertFalse(first.setup.enter.containsSequence(Array("\u{1B}]5379;use_ctl=false".utf8)))

        _ = channel.write(Self.frame)
        let frameEnd = fake.written.count
        // The key reader hands the replies over as they come; each closed batch writes the next.
        var late: TerminalSession.Identification?
        for _ in 0..<20 where late == nil {
            let bytes = channel.takeAnswers()
            if bytes.isEmpty {
                channel.advance(by: .milliseconds(50))
                late = startup.poll()
            } else {
                late = startup.receive(bytes)
            }
        }
        let found = try XCTUnwrap(late, "the late answers never completed the queries")
        XCTAssertFalse(startup.isPending)
        XCTAssertEqual(found.setup.drawing.family, .mlterm)
        XCTAssertNotEqual(found.setup, first.setup, "the strategy changes")
        XCTAssertTrue(found.setup.enter.containsSequence(Array("\u{1B}]5379;use_ctl=false".utf8)))
        XCTAssertTrue(found.findings.formatCharactersTakeCells)
        XCTAssertFalse(found.probe.timedOut)
        // The later batches went over the frame, each inside a cursor save and restore: the screen
        // is repainted with the new plan.
        XCTAssertTrue(startup.wroteAfterStart)
        let after = Array(fake.written[frameEnd...])
        XCTAssertEqual(after.first, 0x1B)
        XCTAssertEqual(Array(after.prefix(2)), Array("\u{1B}7".utf8))
        XCTAssertEqual(Array(after.suffix(2)), Array("\u{1B}8".utf8))
    }
}

private extension Array where Element == UInt8 {
    func containsSequence(_ s: [UInt8]) -> Bool {
        guard !s.isEmpty, count >= s.count else { return false }
        return (0...(count - s.count)).contains { self[$0..<($0 + s.count)].elementsEqual(s) }
    }
}
