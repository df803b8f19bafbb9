import BidiTerm
import TestSupport
import XCTest

/// Terminals that answer alike (R21): qterminal, deepin-terminal and cool-retro-term give the
/// same bytes to every query; the processes above the program, `TERM` and the user's answer in
/// `rtl-tui doctor` tell them apart, and without those the terminal gets the milder failure.
final class SharedAnswersTests: XCTestCase {
    private func planned(_ name: String, processes: [String]? = nil, environment: [String: String]? = nil,
                         remembered: WireOrder? = nil) throws -> (TerminalIdentity, TerminalSetup) {
        let fake = FakeTerminal(try TerminalRecording.named(name))
        let env = environment ?? fake.recording.environment
        let probe = TerminalProbeTests.drive(fake, environment: env, glyphs: GlyphWidths.interfaceGlyphs + GlyphWidths.terminalProbes)
        let chain = processes ?? (fake.recording.meta("parents") ?? "").components(separatedBy: " < ")
        let id = TerminalIdentity.refined(probe.identity!, processNames: chain, environment: env)
        let setup = TerminalSetup.plan(mode: .auto, terminal: id, probe: probe.result, environment: env, remembered: remembered)
        return (id, setup)
    }

    func test_R21_theProcessAboveTheProgram_tellsTheQtermwidgetTerminalsApart() throws {
        let (q, qs) = try planned("qterminal")
        XCTAssertEqual(q.family, .qterminal)
        XCTAssertEqual(qs.strategy, .compensated)
        XCTAssertEqual(qs.wireOrder, .qterminal)
        XCTAssertEqual(qs.notice, Notices.qterminalCompensated)

        let (d, ds) = try planned("deepin-terminal")
        XCTAssertEqual(d.family, .deepinTerminal)
        XCTAssertEqual(ds.wireOrder, .qterminal)
        // Its notice is true for it: no setting, nothing to change, and no --bidi-mode advised.
        let dn = try XCTUnwrap(ds.notice)
        XCTAssertTrue(dn.informational)
        XCTAssertFalse(dn.line.contains("qterminal"), dn.line)
        XCTAssertFalse(dn.line.contains("--bidi-mode"), dn.line)

        let (c, cs) = try planned("cool-retro-term")
        XCTAssertEqual(c.family, .coolRetroTerm)
        XCTAssertEqual(cs.strategy, .plain)
        XCTAssertEqual(cs.wireOrder, .visual)
        XCTAssertNil(cs.notice)
    }

    func test_R21_withoutProcesses_TERMxterm_isCoolRetroTerm_andOtherwiseTheMilderFailureWithANotice() throws {
        // Over SSH: no terminal among the processes; TERM crosses SSH.
        let (c, cs) = try planned("cool-retro-term", processes: ["bash", "sshd"])
        XCTAssertEqual(c.family, .coolRetroTerm)
        XCTAssertEqual(cs.wireOrder, .visual)
        let (q, qs) = try planned("qterminal", processes: ["bash", "sshd"])
        XCTAssertEqual(q.family, .qtermwidget)
        XCTAssertEqual(qs.strategy, .plain)
        XCTAssertEqual(qs.notice, Notices.undecided)
        XCTAssertTrue(qs.notice!.fix.contains("rtl-tui doctor"))
        // The answer given in doctor decides from then on; --bidi-mode still overrides.
        let (_, remembered) = try planned("qterminal", processes: ["sshd"], remembered: .qterminal)
        XCTAssertEqual(remembered.strategy, .compensated)
        XCTAssertEqual(remembered.wireOrder, .qterminal)
        XCTAssertNil(remembered.notice)
        let forced = TerminalSetup.plan(mode: .none, terminal: q, remembered: .qterminal)
        XCTAssertEqual(forced.wireOrder, .visual)
    }

    func test_R21_aProcessThatContradictsTheWire_isOnlyNoted() {
        let konsole = TerminalIdentity(family: .konsole, version: "22.12.3", evidence: ["XTVERSION \"Konsole 22.12.3\""])
        let id = TerminalIdentity.refined(konsole, processNames: ["bash", "qterminal"], environment: [:])
        XCTAssertEqual(id.family, .konsole)
        XCTAssertTrue(id.evidence.last!.contains("the answers decide"))
    }

    func test_R21_terminology_isNamed_andItsMarksAreMeasuredToTakeACell() throws {
        let (t, ts) = try planned("terminology", environment: [:])
        XCTAssertEqual(t.family, .terminology)
        XCTAssertEqual(ts.strategy, .plain)
        let rec = try TerminalRecording.named("terminology")
        XCTAssertTrue(GlyphWidths.marksTakeCells(rec.advances))
        XCTAssertFalse(GlyphWidths.marksTakeCells(try TerminalRecording.named("qterminal").advances))
        // The probes are not glyph disagreements (no fallback glyph for them).
        XCTAssertFalse(GlyphWidths.disagreements(rec.advances).contains { GlyphWidths.terminalProbes.contains($0.glyph) })
    }

    /// Eterm answers CPR but not DA1, and reads bytes: the batches end with their cursor
    /// reports (no 2 s wait), it is named from TERM, and the notice is ASCII with the locale.
    func test_R21_eterm_answersWithoutDA1_readsBytes_andGetsAnASCIINotice() throws {
        let fake = FakeTerminal(try TerminalRecording.named("eterm"))
        let env = fake.recording.environment
        let probe = TerminalProbeTests.drive(fake, environment: env, glyphs: GlyphWidths.interfaceGlyphs + GlyphWidths.terminalProbes)
        XCTAssertFalse(probe.result.timedOut)
        XCTAssertTrue(probe.result.answeredWithoutPrimary)
        XCTAssertEqual(probe.identity?.family, .eterm)
        XCTAssertTrue(GlyphWidths.readsBytes(probe.result.advances))
        let notice = Notices.readsBytes(.eterm, environment: env)
        XCTAssertTrue(notice.ascii)
        XCTAssertTrue(notice.line.unicodeScalars.allSatisfy(\.isASCII), notice.line)
        XCTAssertTrue(notice.fix.contains("LC_ALL=C.UTF-8"), notice.fix)
        var frame = Buffer(width: 100, height: 30)
        var overlay = NoticeOverlay(Blank(), notice: notice)
        _ = overlay.render(into: &frame)
        let text = (0..<30).map { frame.rowText($0) }.joined(separator: "\n")
        XCTAssertTrue(text.contains("+----"), text)
        XCTAssertTrue(text.unicodeScalars.allSatisfy { $0.isASCII }, text)
    }

    private struct Blank: TerminalApp {
        mutating func render(into buffer: inout Buffer) -> (x: Int, y: Int)? { nil }
        mutating func handle(_ key: KeyEvent) -> AppAction { .quit }
    }

    func test_memory_keepsOtherLines_andReplacesAnAnswer() {
        var m = TerminalMemory(text: "# mine\nqtermwidget DA2 >0;115;0 TERM=xterm-256color\tvisual\nsomething else\n")
        let key = "qtermwidget DA2 >0;115;0 TERM=xterm-256color"
        XCTAssertEqual(m.order(for: key), .visual)
        m.remember(.qterminal, for: key)
        XCTAssertEqual(TerminalMemory(text: m.text).order(for: key), .qterminal)
        XCTAssertTrue(m.text.contains("something else\n"))
        XCTAssertEqual(m.text.components(separatedBy: key).count, 2)
        let id = TerminalIdentity(family: .qtermwidget)
        XCTAssertEqual(TerminalMemory.key(for: id, answers: TerminalAnswers(secondary: [0, 115, 0], primary: [1, 2]),
                                          environment: ["TERM": "xterm-256color"]),
                       "qtermwidget DA2 >0;115;0, DA1 ?1;2 TERM=xterm-256color")
    }
}
