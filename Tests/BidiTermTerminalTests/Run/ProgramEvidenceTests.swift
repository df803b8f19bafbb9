import BidiTerm
import Foundation
import XCTest
@testable import BidiTermTerminal
#if canImport(Glibc)
import Glibc
#endif

/// The evidence about the program in the foreground (R27): `/proc`, the table, the user's rules
/// file, the command key's names.
final class ProgramEvidenceTests: XCTestCase {
    // MARK: - /proc

    func test_R27_inspect_readsNameExecutableAndMappedLibraries_ofARealProcess() throws {
        let me = ForegroundProcess.inspect(pid: getpid())
        let p = try XCTUnwrap(me)
        XCTAssertEqual(p.pid, getpid())
        XCTAssertFalse(p.name.isEmpty)
        XCTAssertFalse(p.executable.isEmpty)
        XCTAssertNil(p.friBidi, "this test process does not load FriBidi")
        XCTAssertNil(ForegroundProcess.inspect(pid: 0))
        XCTAssertNil(ForegroundProcess.inspect(pid: Int32.max - 1))
    }

    func test_R27_inspect_findsFriBidiInMaps_ofAFakeProc() throws {
        let proc = FileManager.default.temporaryDirectory.appendingPathComponent("proc-\(UUID().uuidString.prefix(8))")
        let dir = proc.appendingPathComponent("4242")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: proc) }
        try "whiptail\n".write(to: dir.appendingPathComponent("comm"), atomically: true, encoding: .utf8)
        try """
            7f0000000000-7f0000001000 r--p 00000000 08:01 123 /usr/lib/x86_64-linux-gnu/libslang.so.2.3.3
            7f0000002000-7f0000003000 r-xp 00001000 08:01 124 /usr/lib/x86_64-linux-gnu/libfribidi.so.0.4.0
            """.write(to: dir.appendingPathComponent("maps"), atomically: true, encoding: .utf8)
        let p = try XCTUnwrap(ForegroundProcess.inspect(pid: 4242, proc: proc.path))
        XCTAssertEqual(p.name, "whiptail")
        XCTAssertEqual(p.friBidi, "libfribidi.so.0.4.0")
        let v = ProgramEvidence.verdict(for: p, rules: RunRules(), rulesPath: nil, override: nil, rightLeft: nil)
        XCTAssertTrue(v.drawsVisualOrder)
        XCTAssertTrue(v.summary.contains("libfribidi.so.0.4.0"), v.summary)
    }

    func test_R27_groupMembers_readTheGroupFromEachStat_evenWithParenthesesInTheName() throws {
        let proc = FileManager.default.temporaryDirectory.appendingPathComponent("proc-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: proc) }
        // pid → its stat line: the leader 300 (sh), two of its group (one named with ") 1 2 3 ("),
        // one of another group, one not a process (a file of /proc that is not a number).
        let stats: [String: String] = [
            "300": "300 (sh) S 299 300 299 34816 300 4194560 113 0 0 0",
            "301": "301 (whiptail) S 300 300 299 34816 300 4194560 113 0 0 0",
            "305": "305 (a) 1 2 3 (b) R 300 300 299 34816 300 4194560 9 0 0 0",
            "310": "310 (less) S 299 310 299 34816 310 4194560 9 0 0 0",
            "self": "1 (x) S 0 300 0",
        ]
        for (pid, line) in stats {
            let dir = proc.appendingPathComponent(pid)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try (line + "\n").write(to: dir.appendingPathComponent("stat"), atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(ForegroundProcess.processGroup(of: 305, proc: proc.path), 300)
        XCTAssertEqual(ForegroundProcess.processGroup(of: 310, proc: proc.path), 310)
        XCTAssertNil(ForegroundProcess.processGroup(of: 999, proc: proc.path))
        XCTAssertEqual(ForegroundProcess.groupMembers(of: 300, proc: proc.path), [301, 305])
        XCTAssertEqual(ForegroundProcess.groupMembers(of: 310, proc: proc.path), [])
        // This test process's own group, from the real /proc.
        XCTAssertEqual(ForegroundProcess.processGroup(of: getpid()), getpgrp())
    }

    // MARK: - The verdict

    func test_R27_verdict_userRuleBeatsTheTable_commandKeyBeatsTheRule() {
        let emacs = ForegroundProcess(pid: 7, name: "emacs", executable: "emacs-nox")
        XCTAssertTrue(ProgramEvidence.verdict(for: emacs, rules: RunRules(), rulesPath: nil, override: nil, rightLeft: nil).drawsVisualOrder)
        var rules = RunRules.parse("emacs-nox: reorder dir rtl\n", path: "run.conf").rules
        var v = ProgramEvidence.verdict(for: emacs, rules: rules, rulesPath: "run.conf", override: nil, rightLeft: nil)
        XCTAssertFalse(v.drawsVisualOrder)
        XCTAssertTrue(v.forcesReordering)
        XCTAssertEqual(v.direction, .rtl)
        XCTAssertEqual(v.source, .userRule)
        XCTAssertTrue(v.evidence.contains("run.conf:1"), v.evidence)
        v = ProgramEvidence.verdict(for: emacs, rules: rules, rulesPath: nil, override: ProgramRule(treatment: .visual), rightLeft: nil)
        XCTAssertTrue(v.drawsVisualOrder)
        XCTAssertEqual(v.source, .commandKey)
        // An unknown program: each run by its own text.
        rules = RunRules()
        v = ProgramEvidence.verdict(for: ForegroundProcess(pid: 8, name: "less"), rules: rules, rulesPath: nil, override: nil, rightLeft: nil)
        XCTAssertFalse(v.drawsVisualOrder)
        XCTAssertEqual(v.source, .text)
        // vim only by its screen.
        let vim = ForegroundProcess(pid: 9, name: "vim")
        XCTAssertFalse(ProgramEvidence.verdict(for: vim, rules: rules, rulesPath: nil, override: nil, rightLeft: nil).drawsVisualOrder)
        XCTAssertTrue(ProgramEvidence.verdict(for: vim, rules: rules, rulesPath: nil, override: nil, rightLeft: true).drawsVisualOrder)
        XCTAssertFalse(ProgramEvidence.verdict(for: ForegroundProcess(pid: 9, name: "cat"), rules: rules, rulesPath: nil, override: nil,
                                               rightLeft: true).drawsVisualOrder)
    }

    // MARK: - The rules file

    func test_R27_rulesFile_parsesRulesAndTheKey_reportsBadLinesWithFileAndLine() {
        let text = """
            # comment
            emacs: visual
            mytool: dir ltr   # a comment after
            less: reorder dir rtl
            command-key: C-]

            broken line
            x: sideways
            y: dir up
            command-key: F13
            """
        let (rules, problems) = RunRules.parse(text, path: "/h/.config/rtl-tui/run.conf")
        XCTAssertEqual(rules.programs["emacs"], ProgramRule(treatment: .visual))
        XCTAssertEqual(rules.programs["mytool"], ProgramRule(treatment: .auto, direction: .ltr))
        XCTAssertEqual(rules.programs["less"], ProgramRule(treatment: .reorder, direction: .rtl))
        XCTAssertEqual(rules.commandKey?.name, "C-]")
        XCTAssertEqual(rules.lines["less"], 4)
        XCTAssertEqual(problems.count, 4, problems.joined(separator: "\n"))
        XCTAssertTrue(problems[0].hasPrefix("/h/.config/rtl-tui/run.conf:7: "), problems[0])
        XCTAssertTrue(problems[1].contains(":8: unknown word `sideways`"), problems[1])
        XCTAssertTrue(problems[2].contains(":9: "), problems[2])
        XCTAssertTrue(problems[3].contains(":10: unknown command key `F13`"), problems[3])
    }

    func test_R27_rulesFile_saveReplacesTheProgramsLine_orAddsOne_andReadsBack() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("rtl-tui/run.conf").path
        XCTAssertEqual(try RunRules.save(ProgramRule(treatment: .visual), for: "emacs", path: path), 2)
        XCTAssertEqual(try RunRules.save(ProgramRule(direction: .ltr), for: "mytool", path: path), 3)
        XCTAssertEqual(try RunRules.save(ProgramRule(treatment: .reorder), for: "emacs", path: path), 2)
        let (rules, problems) = RunRules.load(path: path)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(rules.programs, ["emacs": ProgramRule(treatment: .reorder), "mytool": ProgramRule(direction: .ltr)])
        XCTAssertEqual(RunRules.path(environment: ["HOME": "/home/u"]), "/home/u/.config/rtl-tui/run.conf")
        XCTAssertEqual(RunRules.path(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "/x"]), "/x/rtl-tui/run.conf")
        // A file that is not text: one problem, no rules.
        try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(RunRules.load(path: path).problems, ["\(path): not UTF-8 text"])
    }

    func test_R27_commandKeyNames_andTheEventsTheyMatch() {
        XCTAssertEqual(CommandKey("F12")?.key, .function(12))
        XCTAssertEqual(CommandKey("f1")?.name, "F1")
        XCTAssertEqual(CommandKey("C-a")?.key, .ctrl("a"))
        XCTAssertEqual(CommandKey("ctrl-]")?.name, "C-]")
        XCTAssertNil(CommandKey("C-m"), "Ctrl-M is Enter")
        XCTAssertNil(CommandKey("F13"))
        XCTAssertNil(CommandKey("x"))
        // What the input decoder makes of the keys' bytes.
        for name in ["F12", "F1", "F5", "C-a", "C-]", "C-\\", "C-^", "C-_"] {
            let key = CommandKey(name)!
            var decoder = InputDecoder()
            let events = decoder.feed(key.bytes) + decoder.flush()
            XCTAssertEqual(events.count, 1, name)
            XCTAssertTrue(key.matches(events[0]), "\(name): \(events)")
            XCTAssertFalse(CommandKey.default.matches(events[0]) && name != "F12", name)
        }
    }
}
