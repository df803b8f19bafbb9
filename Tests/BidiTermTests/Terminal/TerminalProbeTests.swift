import TestSupport
import XCTest
@testable import BidiTerm

/// R21: the start-up queries against every recorded terminal (`FakeTerminal` plays the replies
/// `Scripts/term-probe.py` recorded in the real emulators): who it is, what is sent to it, what
/// it answered, and the plan the session makes from that.
final class TerminalProbeTests: XCTestCase {
    /// Runs a probe against `fake` until it is done: each batch is answered in one piece, or one
    /// byte at a time; a batch with no answer runs out of time.
    static func drive(_ fake: FakeTerminal, environment: [String: String]? = nil, passthrough: Bool? = nil,
                      glyphs: [String] = GlyphWidths.interfaceGlyphs, byteByByte: Bool = false) -> TerminalProbe {
        var o = TerminalProbe.Options()
        o.environment = environment ?? fake.recording.environment
        o.glyphs = glyphs
        o.tmuxPassthrough = passthrough
        o.rows = fake.rows
        var probe = TerminalProbe(options: o)
        var out = probe.start()
        var steps = 0
        while !probe.isDone, steps < 20 {
            steps += 1
            let answer = fake.receive(out)
            out = []
            if answer.isEmpty {
                // Nothing more comes: a batch with all its cursor reports ends at once (the
                // conversation waits 150 ms for that), any other runs out of time.
                out = probe.awaitsOnlyPrimary ? probe.completeWithoutPrimary() : probe.timeout()
            } else if byteByByte {
                for b in answer { out += probe.receive([b]) }
            } else {
                out = probe.receive(answer)
                if out.isEmpty, probe.awaitsOnlyPrimary { out = probe.completeWithoutPrimary() }
            }
        }
        XCTAssertTrue(probe.isDone, "\(fake.recording.name): the probe did not finish")
        return probe
    }

    static func plan(_ probe: TerminalProbe, mode: TerminalBidiMode = .auto, multiplexer: MultiplexerInfo? = nil,
                     environment: [String: String] = [:]) -> TerminalSetup {
        TerminalSetup.plan(mode: mode, terminal: probe.identity!, outer: probe.outerIdentity, probe: probe.result,
                           multiplexer: multiplexer, environment: environment)
    }

    private func fake(_ name: String) throws -> FakeTerminal { FakeTerminal(try TerminalRecording.named(name)) }

    private func tmuxFake(passthrough: Bool) throws -> FakeTerminal {
        FakeTerminal(try TerminalRecording.named(passthrough ? "tmux-in-sakura-passthrough-on" : "tmux-in-sakura-passthrough-off"),
                     outer: try TerminalRecording.named("sakura"), passthrough: passthrough)
    }

    // MARK: - Every recorded terminal

    /// What each recorded terminal is taken for, and what auto does in it.
    func test_everyRecordedTerminal_isIdentified_andGetsItsStrategy() throws {
        let expected: [String: (TerminalFamily, String?, BidiStrategy, WireOrder)] = [
            "xterm": (.xterm, "379", .plain, .visual),
            "urxvt": (.urxvt, nil, .plain, .visual),
            "stterm": (.st, nil, .plain, .visual),
            "mlterm": (.mlterm, nil, .switchedOff, .visual),
            "sakura": (.vte, "0.70.6", .switchedOff, .visual),
            "lxterminal": (.vte, "0.70.6", .switchedOff, .visual),
            "konsole": (.konsole, "22.12.3", .compensated, .konsole),
            // qterminal, deepin-terminal and cool-retro-term answer alike: on the wire alone they
            // are not told apart, and the terminal gets cells as drawn (the milder failure).
            "qterminal": (.qtermwidget, nil, .plain, .visual),
            "deepin-terminal": (.qtermwidget, nil, .plain, .visual),
            "cool-retro-term": (.qtermwidget, nil, .plain, .visual),
            "terminology": (.terminology, "1.13.0", .plain, .visual),
            "pterm": (.putty, nil, .compensated, .putty),
            "kitty": (.kitty, "0.26.5", .compensated, .kitty),
        ]
        let all = try TerminalRecording.all()
        for (name, (family, version, strategy, order)) in expected {
            let rec = try XCTUnwrap(all[name], "no recording \(name)")
            let fake = FakeTerminal(rec)
            // Identification from the wire alone: no environment.
            let probe = Self.drive(fake, environment: [:])
            XCTAssertEqual(probe.identity?.family, family, name)
            XCTAssertEqual(probe.identity?.version, version, name)
            XCTAssertFalse(probe.result.timedOut, "\(name): a batch ran out of time")
            XCTAssertEqual(fake.garbage, [], "\(name): printed queries it does not understand")
            XCTAssertFalse(fake.queries.contains("enq"), "\(name): ENQ sent")
            let setup = Self.plan(probe)
            XCTAssertEqual(setup.strategy, strategy, name)
            XCTAssertEqual(setup.wireOrder, order, name)
            if family == .qtermwidget {
                XCTAssertEqual(setup.notice, Notices.undecided, name)
            } else {
                XCTAssertNil(setup.notice, "\(name): \(setup.notice?.line ?? "")")
            }
            XCTAssertFalse(setup.reasons.isEmpty, name)
        }
    }

    /// The same identities when the answers arrive one byte at a time.
    func test_repliesSplitAnywhere_giveTheSameResult() throws {
        for name in ["sakura", "konsole", "kitty", "mlterm"] {
            let whole = Self.drive(try fake(name))
            let split = Self.drive(try fake(name), byteByByte: true)
            XCTAssertEqual(whole.result, split.result, name)
            XCTAssertEqual(whole.identity, split.identity, name)
        }
    }

    /// qterminal prints `p` for every DECRQM and PuTTY prints DCS payloads: neither gets one.
    /// Konsole, st and urxvt do not answer DECRQM (or the ANSI one): none is sent to them.
    func test_noModeQueriesToTerminalsThatPrintOrIgnoreThem() throws {
        for name in ["qterminal", "pterm", "konsole", "stterm", "urxvt"] {
            let f = try fake(name)
            _ = Self.drive(f)
            XCTAssertFalse(f.queries.contains { $0.hasPrefix("decrqm") }, "\(name): \(f.queries)")
            XCTAssertFalse(f.queries.contains { $0.hasPrefix("xtgettcap") || $0.hasPrefix("decrqss") }, name)
        }
    }

    /// Every CPR is asked with the cursor on row 2 or below: a late `CSI 1 ; 2 R` would read as
    /// Shift-F3.
    func test_everyCursorReportIsBelowTheFirstRow() throws {
        for name in ["xterm", "sakura", "kitty", "konsole"] {
            let g = try fake(name)
            var o = TerminalProbe.Options()
            o.glyphs = GlyphWidths.interfaceGlyphs
            var probe = TerminalProbe(options: o)
            var out = probe.start()
            var reports = 0
            while !probe.isDone {
                let answer = g.receive(out)
                for r in TerminalReplyParser().feedAll(answer) {
                    if case .cursorPosition(let row, _) = r {
                        reports += 1
                        XCTAssertGreaterThanOrEqual(row, 2, name)
                    }
                }
                out = answer.isEmpty ? probe.timeout() : probe.receive(answer)
            }
            XCTAssertGreaterThan(reports, GlyphWidths.interfaceGlyphs.count, name)
        }
    }

    // MARK: - Modes and their restore

    /// VTE reports BDSM set (implicit) and ?1243 set: both are switched and put back as reported.
    func test_vte_switchesBidiOffBeforeTheFirstClear_andRestoresTheReportedModes() throws {
        let probe = Self.drive(try fake("sakura"))
        XCTAssertEqual(probe.result.modes[.bidi], 1)
        XCTAssertEqual(probe.result.modes[.arrowSwap], 1)
        let setup = Self.plan(probe)
        XCTAssertEqual(String(decoding: setup.enter, as: UTF8.self), "\u{1B}[8l\u{1B}[1 k\u{1B}[?1243l")
        XCTAssertEqual(String(decoding: setup.leave, as: UTF8.self), "\u{1B}[8h\u{1B}[0 k\u{1B}[?1243h")
        XCTAssertFalse(setup.fixesRows)
    }

    /// A VTE already in explicit mode (8;2) is left so, and not "restored" to implicit.
    func test_vteAlreadyExplicit_isLeftAsItWas() throws {
        let probe = Self.drive(try fake("sakura"))
        var result = probe.result
        result.modes[.bidi] = 2
        result.modes[.arrowSwap] = 2
        let setup = TerminalSetup.plan(mode: .auto, terminal: probe.identity!, probe: result)
        XCTAssertEqual(String(decoding: setup.enter, as: UTF8.self), "\u{1B}[1 k")
        XCTAssertEqual(String(decoding: setup.leave, as: UTF8.self), "\u{1B}[0 k")
    }

    /// mlterm: its own switch, since it does not implement BDSM (it answers 8;0).
    func test_mlterm_getsItsOwnSwitch_andFormatCharactersAreLeftOut() throws {
        let probe = Self.drive(try fake("mlterm"))
        XCTAssertEqual(probe.result.modes[.bidi], 0)
        let setup = Self.plan(probe)
        XCTAssertEqual(String(decoding: setup.enter, as: UTF8.self), "\u{1B}]5379;use_ctl=false\u{07}")
        XCTAssertEqual(String(decoding: setup.leave, as: UTF8.self), "\u{1B}]5379;use_ctl=true\u{07}")
        XCTAssertTrue(setup.dropsFormatCharacters)
    }

    /// `--bidi-mode explicit` sends the switch whatever the terminal, and restores to what was
    /// reported (xterm: 8;0, not recognised: nothing to change, so the defaults).
    func test_explicitMode_sendsTheSwitchEverywhere() throws {
        let setup = Self.plan(Self.drive(try fake("konsole")), mode: .explicit)
        XCTAssertEqual(setup.strategy, .switchedOff)
        XCTAssertEqual(setup.wireOrder, .visual)
        XCTAssertEqual(String(decoding: setup.enter, as: UTF8.self), "\u{1B}[8l\u{1B}[1 k\u{1B}[?1243l")
        XCTAssertNil(setup.notice)
    }

    func test_forcedCompensation_andNone_andImplicit() throws {
        let probe = Self.drive(try fake("xterm"))
        XCTAssertEqual(Self.plan(probe, mode: .putty).wireOrder, .putty)
        XCTAssertEqual(Self.plan(probe, mode: .none).enter, [])
        XCTAssertEqual(Self.plan(probe, mode: .none).strategy, .untouched)
        let implicit = Self.plan(Self.drive(try fake("sakura")), mode: .implicit)
        XCTAssertEqual(implicit.enter, [])   // VTE is implicit already (8;1)
        XCTAssertFalse(implicit.appReorders)
    }

    // MARK: - tmux

    /// tmux with passthrough on: the terminal outside answers through it and is VTE; the switch
    /// and the per-row fix go wrapped in `DCS tmux; … ST`.
    func test_tmuxWithPassthrough_identifiesTheOuterTerminal_andWrapsTheFix() throws {
        let f = try tmuxFake(passthrough: true)
        let probe = Self.drive(f, environment: [:], passthrough: true)
        XCTAssertEqual(probe.identity?.family, .tmux)
        XCTAssertEqual(probe.identity?.version, "3.3a")
        XCTAssertEqual(probe.outerIdentity?.family, .vte)
        XCTAssertEqual(probe.result.modes[.bidi], 1, "the outer terminal's BDSM, asked through tmux")
        XCTAssertEqual(probe.result.background, "rgb:0000/0000/0000")
        let setup = Self.plan(probe)
        XCTAssertEqual(setup.strategy, .switchedOff)
        XCTAssertEqual(setup.passthrough, .tmux)
        XCTAssertTrue(setup.fixesRows)
        XCTAssertNil(setup.notice)
        let fix = String(decoding: setup.rowFix(rows: 2), as: UTF8.self)
        XCTAssertEqual(fix, "\u{1B}Ptmux;\u{1B}\u{1B}7\u{1B}\u{1B}[1;1H\u{1B}\u{1B}[8l\u{1B}\u{1B}[1 k\u{1B}\u{1B}[2;1H\u{1B}\u{1B}[8l\u{1B}\u{1B}[1 k\u{1B}\u{1B}8\u{1B}\\")
        XCTAssertTrue(String(decoding: setup.rowRestore(rows: 1), as: UTF8.self).contains("\u{1B}\u{1B}[8h"))
        XCTAssertTrue(f.outer!.queries.contains("da2"))
    }

    /// tmux with passthrough off (known from tmux): nothing is asked outside, and the notice
    /// names the fix.
    func test_tmuxWithoutPassthrough_showsTheNotice() throws {
        let f = try tmuxFake(passthrough: false)
        let probe = Self.drive(f, environment: [:], passthrough: false)
        XCTAssertNil(probe.outerIdentity)
        XCTAssertFalse(f.written.contains(0x50) && String(decoding: f.written, as: UTF8.self).contains("Ptmux;"))
        let setup = Self.plan(probe, multiplexer: MultiplexerInfo(passthrough: false))
        XCTAssertEqual(setup.strategy, .notice)
        XCTAssertEqual(setup.notice?.fix.contains("tmux set -g allow-passthrough on"), true)
    }

    /// tmux whose passthrough is not known: the outer terminal is asked; silence means off.
    func test_tmuxWithUnknownPassthrough_asksOutside_andSilenceMeansNoticeAfterATimeout() throws {
        let f = try tmuxFake(passthrough: false)
        let probe = Self.drive(f, environment: [:], passthrough: nil)
        XCTAssertTrue(String(decoding: f.written, as: UTF8.self).contains("\u{1B}Ptmux;"))
        XCTAssertTrue(probe.result.timedOut)
        XCTAssertNil(probe.outerIdentity)
        XCTAssertEqual(Self.plan(probe).strategy, .notice)
    }

    /// Environment variables name the terminal only when the wire does not: inside tmux the pane
    /// inherits VTE_VERSION from the terminal the server started in, and tmux still wins.
    func test_environmentIsOnlyExtraEvidence() {
        let tmuxAnswers = TerminalAnswers(version: "tmux 3.3a", secondary: [84, 0, 0], primary: [1, 2])
        XCTAssertEqual(TerminalIdentity.identify(answers: tmuxAnswers, environment: ["VTE_VERSION": "7006"]).family, .tmux)
        let none = TerminalAnswers()
        XCTAssertEqual(TerminalIdentity.identify(answers: none, environment: ["VTE_VERSION": "7006", "TERM_PROGRAM": "tmux"]).family, .tmux)
        XCTAssertEqual(TerminalIdentity.identify(answers: none, environment: ["KONSOLE_VERSION": "221203"]).version, "22.12.3")
        XCTAssertEqual(TerminalIdentity.identify(answers: none, environment: [:]).family, .unknown)
        // Behind tmux without passthrough, the inherited variable suggests the terminal outside.
        let setup = TerminalSetup.plan(mode: .auto, terminal: TerminalIdentity(family: .tmux), multiplexer: MultiplexerInfo(passthrough: false),
                                       environment: ["VTE_VERSION": "7006", "TMUX": "/tmp/x"])
        XCTAssertEqual(setup.outer?.family, .vte)
        // tmux keeps VTE's switch; rows go in the order VTE's implicit mode turns into the picture.
        XCTAssertEqual(setup.strategy, .compensated)
        XCTAssertEqual(setup.wireOrder, .vte)
        XCTAssertNil(setup.notice)
    }

    /// Konsole and PuTTY reorder whole rows: inside a tmux pane narrower than the window the
    /// rows hold other panes' cells, and the notice says so.
    func test_rowCompensationInANarrowTmuxPane_showsANotice() {
        let info = MultiplexerInfo(passthrough: false, clientTermType: "Konsole 22.12.3", paneWidth: 50, clientWidth: 100)
        let setup = TerminalSetup.plan(mode: .auto, terminal: TerminalIdentity(family: .tmux), multiplexer: info)
        XCTAssertEqual(setup.outer?.family, .konsole)
        XCTAssertEqual(setup.wireOrder, .konsole)
        XCTAssertNotNil(setup.notice)
        var full = info
        full.paneWidth = 100
        XCTAssertNil(TerminalSetup.plan(mode: .auto, terminal: TerminalIdentity(family: .tmux), multiplexer: full).notice)
    }

    /// GNU screen (DA2 `>83;40900`) passes DCS strings on: VTE outside gets the switch and the
    /// per-row fix, each sequence in a DCS of its own.
    func test_screen_passesTheSwitchThroughItsDCS() {
        let screen = TerminalIdentity.fromSecondary([83, 40900, 0], hasVersion: false)!
        XCTAssertEqual(screen.family, .screen)
        XCTAssertEqual(screen.version, "4.9.0")
        var probe = TerminalProbeResult()
        probe.modes[.bidi] = 1
        let setup = TerminalSetup.plan(mode: .auto, terminal: screen, outer: TerminalIdentity(family: .vte, version: "0.70.6"), probe: probe)
        XCTAssertEqual(setup.strategy, .switchedOff)
        XCTAssertEqual(setup.passthrough, .screen)
        XCTAssertTrue(setup.fixesRows)
        XCTAssertEqual(String(decoding: setup.enter, as: UTF8.self), "\u{1B}P\u{1B}[8l\u{1B}\\\u{1B}P\u{1B}[1 k\u{1B}\\")
        XCTAssertEqual(TerminalProbe.screenPassthrough(Array("\u{1B}[>c\u{1B}[c".utf8)),
                       Array("\u{1B}P\u{1B}[>c\u{1B}\\\u{1B}P\u{1B}[c\u{1B}\\".utf8))
    }

    // MARK: - Identification details

    func test_identityFromVersionStrings() {
        let cases: [(String, TerminalFamily, String?)] = [
            ("XTerm(379)", .xterm, "379"), ("Konsole 22.12.3", .konsole, "22.12.3"), ("kitty(0.26.5)", .kitty, "0.26.5"),
            ("tmux 3.3a", .tmux, "3.3a"), ("mintty 3.6.4", .mintty, "3.6.4"), ("WezTerm 20230712-072601-f4abf8fd", .wezterm, "20230712-072601-f4abf8fd"),
            ("foot(1.16.2)", .foot, "1.16.2"), ("iTerm2 3.4.19", .iterm2, "3.4.19"), ("ghostty 1.0.0", .ghostty, "1.0.0"),
        ]
        for (text, family, version) in cases {
            let id = TerminalIdentity.fromVersionString(text)
            XCTAssertEqual(id?.family, family, text)
            XCTAssertEqual(id?.version, version, text)
        }
        XCTAssertNil(TerminalIdentity.fromVersionString("SomethingElse 1.0"))
    }

    func test_oldVTEWithoutBidi_isPlain_andOldKonsoleGetsRunsAndTheNotice() {
        let old = TerminalIdentity(family: .vte, version: "0.52.2")
        XCTAssertEqual(TerminalSetup.plan(mode: .auto, terminal: old).strategy, .plain)
        let konsole = TerminalIdentity.fromSecondary([1, 115, 0], hasVersion: false)!
        let setup = TerminalSetup.plan(mode: .auto, terminal: konsole)
        XCTAssertEqual(setup.wireOrder, .qterminal)
        XCTAssertNotNil(setup.notice)
    }

    func test_macTerminalAndITerm_getTheNoticeWithTheirSetting() {
        for f in [TerminalFamily.appleTerminal, .iterm2] {
            let setup = TerminalSetup.plan(mode: .auto, terminal: TerminalIdentity(family: f))
            XCTAssertEqual(setup.strategy, .notice, "\(f)")
            XCTAssertFalse(setup.notice?.fix.isEmpty ?? true)
        }
    }

    // MARK: - Colours and widths

    /// The theme each recorded terminal gets: from its OSC 11 answer, else its COLORFGBG, else
    /// the theme that reads on both (PuTTY answers neither).
    func test_themeChoice_inEveryRecordedTerminal() throws {
        let expected = ["xterm": "light", "urxvt": "light", "stterm": "dark", "mlterm": "light", "sakura": "dark",
                        "lxterminal": "dark", "konsole": "dark", "qterminal": "dark", "pterm": "default", "kitty": "dark"]
        for (name, theme) in expected {
            let rec = try TerminalRecording.named(name)
            let probe = Self.drive(FakeTerminal(rec))
            let findings = TerminalFindings(backgroundReply: probe.result.background, advances: probe.result.advances)
            let choice = findings.theme(.auto, environment: rec.environment, colors: .palette256)
            XCTAssertEqual(choice.name, theme, "\(name): \(choice.reason)")
            // --theme and NO_COLOR still win.
            XCTAssertEqual(findings.theme(.dark, environment: rec.environment, colors: .palette256).name, "dark")
            XCTAssertEqual(findings.theme(.auto, environment: ["NO_COLOR": "1"], colors: .palette256).name, "mono")
        }
    }

    /// The advances come back per glyph; where the terminal disagrees with the width table it is
    /// reported (kitty draws ⚙️ two cells wide; the table says one).
    func test_glyphAdvances_andDisagreements() throws {
        let kitty = Self.drive(try fake("kitty"), glyphs: ["★", "🔅", "\u{2699}\u{FE0F}"])
        XCTAssertEqual(kitty.result.advances["★"], 1)
        XCTAssertEqual(kitty.result.advances["🔅"], 2)
        XCTAssertEqual(kitty.result.advances["\u{2699}\u{FE0F}"], 2)
        XCTAssertEqual(GlyphWidths.disagreements(kitty.result.advances).map(\.glyph), ["\u{2699}\u{FE0F}"])
        let xterm = Self.drive(try fake("xterm"), glyphs: ["★", "🔅", "\u{2699}\u{FE0F}"])
        XCTAssertEqual(GlyphWidths.disagreements(xterm.result.advances), [])
    }

    /// Every recorded terminal agrees with the width table on the interface's glyphs, except
    /// where a disagreement is listed. (Eterm reads bytes, not UTF-8: every glyph of more than
    /// one byte moves it too far, which its notice says.)
    func test_interfaceGlyphs_inEveryRecordedTerminal() throws {
        for (name, rec) in try TerminalRecording.all() where !name.hasPrefix("tmux") && name != "eterm" {
            let probe = Self.drive(FakeTerminal(rec))
            let measured = GlyphWidths.interfaceGlyphs.filter { rec.advances[$0] != nil }
            for g in measured { XCTAssertEqual(probe.result.advances[g], rec.advances[g], "\(name) \(g)") }
            XCTAssertEqual(GlyphWidths.disagreements(probe.result.advances).map(\.glyph), [], name)
        }
    }

    func test_glyphCandidates_keepSymbolsAndWideGraphemes_only() {
        let c = GlyphWidths.candidates(in: ["Hello ★ שלום 🔅 (12)", "🔅 ⯪ ﻻ a"])
        XCTAssertEqual(c, ["★", "🔅", "⯪", "ﻻ"])
    }
}

extension TerminalReplyParser {
    /// All replies of `bytes`, pending ones flushed.
    func feedAll(_ bytes: [UInt8]) -> [TerminalReply] {
        var p = self
        return p.feed(bytes) + p.flush()
    }
}
