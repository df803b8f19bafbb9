import BidiTerm
import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `rtl-tui run` in the programs RTL users live in (R27–R32), each against the same program run
/// alone in another tmux pane: emacs, vim `rightleft` and whiptail (which draw visual order
/// themselves) unchanged row by row; `ls -l`, `less` search, a bash prompt in Hebrew and fzf as
/// their rules say; nothing of the user's screen lost; the command key and the rules file.
final class RunProgramsE2ETests: XCTestCase {
    static let arabic = "مرحبا، هذه فقرة عربية مع رقم 2024 وكلمة Linux في الوسط."
    static let hebrew = "זה משפט ארוך בעברית עם מילה מיוחדת באמצע השורה."
    static let persian = "این یک جملهٔ فارسی است با عدد ۱۲۳ و کلمهٔ Git."

    static func skipUnlessInstalled(_ program: String) throws {
        let found = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
        if !found { throw XCTSkip("\(program) is not installed (make test installs it)") }
    }

    /// The program alone and under run, the same keys; returns both panes once the program alone
    /// shows `ready` and the two have been the same for a moment (or the time is up).
    static func sameScreens(_ pair: RunE2E.Pair, ready: String, timeout: TimeInterval = 10) throws -> (TmuxHarness.Screen, TmuxHarness.Screen) {
        let plain = try pair.plain.waitFor(ready, timeout: timeout)
        let deadline = Date().addingTimeInterval(timeout)
        var p = plain, r = try pair.run.capture()
        while Date() < deadline {
            p = try pair.plain.capture()
            r = try pair.run.capture()
            if p.rows == r.rows { break }
            usleep(50_000)
        }
        return (p, r)
    }

    // MARK: - R27: programs that draw visual order, unchanged

    func test_R27_emacs_underRun_isUnchanged_typingHebrewToo() throws {
        try Self.skipUnlessInstalled("emacs")
        let home = try RunE2E.temporaryDirectory(self)
        try [Self.arabic, Self.hebrew, Self.persian].joined(separator: "\n").appending("\n")
            .write(toFile: home + "/rtl.txt", atomically: true, encoding: .utf8)
        // No lock files: the two panes edit the same file.
        let pair = try RunE2E.Pair(["emacs", "-nw", "-Q", "--eval", "(setq create-lockfiles nil)", home + "/rtl.txt"], columns: 100, rows: 30,
                                   environment: ["HOME": home])
        defer { pair.tearDown() }
        var (p, r) = try Self.sameScreens(pair, ready: "ةيبرع")
        XCTAssertEqual(r.rows, p.rows, "emacs under run:\n\(r)\nalone:\n\(p)")
        try pair.sendKeys("M->")
        try pair.sendText("אני כותב")
        (p, r) = try Self.sameScreens(pair, ready: rtl("אני כותב"))
        XCTAssertEqual(r.rows, p.rows, "typing in emacs under run:\n\(r)\nalone:\n\(p)")
    }

    func test_R27_aShellThatStartsEmacs_isReorderedBeforeAndAfter_emacsUnchanged() throws {
        try Self.skipUnlessInstalled("emacs")
        let home = try RunE2E.temporaryDirectory(self)
        try (Self.hebrew + "\n").write(toFile: home + "/he.txt", atomically: true, encoding: .utf8)
        let tmux = try TmuxHarness(columns: 100, rows: 20)
        defer { tmux.tearDown() }
        try tmux.start(try RunE2E.runCommand(RunE2E.bash), environment: RunE2E.shellEnvironment(home: home))
        _ = try tmux.waitFor("bash-", timeout: 8)
        let reordered = try RunE2E.visual(Self.hebrew)
        try tmux.sendText("cat ~/he.txt")
        try tmux.sendKeys("Enter")
        _ = try tmux.waitFor(reordered)
        try tmux.sendText("emacs -nw -Q ~/he.txt")
        try tmux.sendKeys("Enter")
        // emacs draws the line in visual order itself: shown as it draws it.
        let inEmacs = try tmux.waitUntil("emacs's own line", timeout: 10) { $0.contains("he.txt") && $0.contains(rtl(Self.hebrew)) }
        XCTAssertFalse(inEmacs.rows.contains(Self.hebrew), "emacs's row reversed a second time:\n\(inEmacs)")
        try tmux.sendKeys("C-x", "C-c")
        _ = try tmux.waitUntil("back in bash", timeout: 8) { !$0.contains("File Edit Options") }
        try tmux.sendText("cat ~/he.txt; echo done")
        try tmux.sendKeys("Enter")
        let after = try tmux.waitFor("done")
        XCTAssertTrue(after.contains(reordered), after.description)
    }

    func test_R27_vimRightLeft_underRun_isUnchanged() throws {
        try Self.skipUnlessInstalled("vim")
        let home = try RunE2E.temporaryDirectory(self)
        try "Mixed: version 2.3 של התוכנה\n\(Self.hebrew)\n".write(toFile: home + "/mixed.txt", atomically: true, encoding: .utf8)
        // No swap files: the two panes edit the same file.
        let pair = try RunE2E.Pair(["vim", "-u", "NONE", "-i", "NONE", "-N", "-n", home + "/mixed.txt"], columns: 100, rows: 30,
                                   environment: ["HOME": home])
        defer { pair.tearDown() }
        try pair.plain.waitFor("Mixed")
        try pair.run.waitFor("Mixed", timeout: 8)
        try pair.type(":set rightleft")
        let (p, r) = try Self.sameScreens(pair, ready: "noisrev")
        XCTAssertEqual(r.rows, p.rows, "vim rightleft under run:\n\(r)\nalone:\n\(p)")
    }

    func test_R27_whiptail_friBidi_underRun_isUnchanged() throws {
        try Self.skipUnlessInstalled("whiptail")
        let home = try RunE2E.temporaryDirectory(self)
        let menu = ["whiptail", "--title", "הגדרות", "--menu", "בחרו פריט", "15", "50", "4", "1", "שפה ואזור", "2", "רשת ואינטרנט", "3", "תצוגה"]
        let pair = try RunE2E.Pair(menu, columns: 100, rows: 30, environment: ["HOME": home])
        defer { pair.tearDown() }
        let (p, r) = try Self.sameScreens(pair, ready: rtl("שפה ואזור"))
        XCTAssertEqual(r.rows, p.rows, "whiptail under run:\n\(r)\nalone:\n\(p)")
    }

    func test_R27_whiptail_startedByAScriptWithoutExec_underRun_isUnchanged() throws {
        try Self.skipUnlessInstalled("whiptail")
        let home = try RunE2E.temporaryDirectory(self)
        // An installer's way: sh runs whiptail as its child, in the shell's own process group
        // (no job control), then goes on. The group's leader is sh; whiptail is a member.
        let menu = ["whiptail", "--title", "הגדרות", "--menu", "בחרו פריט", "15", "50", "4", "1", "שפה ואזור", "2", "רשת ואינטרנט", "3", "תצוגה"]
        let pair = try RunE2E.Pair(["/bin/sh", "-c", "\"$@\"; echo done", "sh"] + menu, columns: 100, rows: 30, environment: ["HOME": home])
        defer { pair.tearDown() }
        let (p, r) = try Self.sameScreens(pair, ready: rtl("שפה ואזור"))
        XCTAssertEqual(r.rows, p.rows, "whiptail started by sh under run:\n\(r)\nalone:\n\(p)")
        XCTAssertTrue(r.contains(rtl("הגדרות")), "the window title as whiptail draws it:\n\(r)")
    }

    // MARK: - R28–R31

    func test_R28_lsLong_underRun_everyFieldInItsColumn() throws {
        let home = try RunE2E.temporaryDirectory(self)
        let dir = home + "/d"
        for name in ["תיקייה ראשית", "مجلد جديد"] {
            try FileManager.default.createDirectory(atPath: dir + "/" + name, withIntermediateDirectories: true)
        }
        FileManager.default.createFile(atPath: dir + "/קובץ.txt", contents: Data("x".utf8))
        let pair = try RunE2E.Pair(["/bin/sh", "-c", "cd \(dir) && ls -l && ls -l --time-style=+%F; sleep 30"], columns: 100, rows: 20,
                                   environment: ["HOME": home, "LC_TIME": "C", "TZ": "UTC"])
        defer { pair.tearDown() }
        let p = try pair.plain.waitUntil("both listings") { $0.rows.filter { $0.hasPrefix("total") }.count == 2 }
        let r = try pair.run.waitUntil("both listings under run", timeout: 8) { $0.rows.filter { $0.hasPrefix("total") }.count == 2 }
        var checked = 0
        for (y, line) in p.rows.enumerated() where line.contains("'") {
            let quote = line.firstIndex(of: "'")!
            let prefix = String(line[..<quote])
            XCTAssertTrue(r.row(y).hasPrefix(prefix), "row \(y): \(r.row(y)) (alone: \(line))")
            checked += 1
        }
        XCTAssertEqual(checked, 4)
        XCTAssertTrue(r.contains("'" + rtl("תיקייה ראשית") + "'"), r.description)
    }

    func test_R29_lessSearch_underRun_theSentenceReadsAsOne() throws {
        let home = try RunE2E.temporaryDirectory(self)
        try "Latin first line\n\(Self.hebrew)\n\(Self.arabic)\nLatin last line\n".write(toFile: home + "/t.txt", atomically: true, encoding: .utf8)
        let pair = try RunE2E.Pair(["less", home + "/t.txt"], columns: 100, rows: 20,
                                   environment: ["HOME": home, "LESS": "", "LESSHISTFILE": "-"])
        defer { pair.tearDown() }
        try pair.plain.waitFor("Latin first")
        try pair.run.waitFor("Latin first", timeout: 8)
        try pair.sendText("/מיוחדת")
        try pair.sendKeys("Enter")
        try pair.plain.waitUntil("the match", escapes: true) { $0.rows.first?.contains("\u{1B}[7m") ?? false || $0.rows.first?.contains("\u{1B}[") ?? false }
        let want = try RunE2E.visual(Self.hebrew)
        let r = try pair.run.waitUntil("the sentence as one under run", timeout: 8) { $0.contains(want) }
        XCTAssertTrue(r.contains(want), r.description)
    }

    func test_R31_R26_bashHebrewPrompt_latinCommand_staysAfterThePrompt_caretAtItsEnd() throws {
        let home = try RunE2E.temporaryDirectory(self)
        // PS1 through env(1): the shell tmux starts the pane with would not pass it on.
        let pair = try RunE2E.Pair(["/usr/bin/env", "PS1=שלום \\W $ "] + RunE2E.bash, columns: 80, rows: 10,
                                   environment: RunE2E.shellEnvironment(home: home))
        defer { pair.tearDown() }
        try pair.plain.waitFor("שלום")
        try pair.run.waitFor("$", timeout: 8)
        try pair.sendText("ls -la")
        let p = try pair.plain.waitFor("ls -la")
        let r = try pair.run.waitFor("ls -la", timeout: 8)
        let y = p.rows.firstIndex { $0.contains("ls -la") }!
        // `שלום DIR $ ls -la` alone; the prompt reordered in its columns, the command after it.
        let words = p.row(y).split(separator: " ")
        XCTAssertEqual(r.row(y), "$ \(words[1]) " + rtl("שלום") + " ls -la")
        // The command starts where bash put it, and the caret is after it, where the next letter goes.
        XCTAssertEqual(DemoE2E.column(of: "ls -la", in: r.row(y)), DemoE2E.column(of: "ls -la", in: p.row(y)))
        XCTAssertEqual(try pair.run.cursor().x, try pair.plain.cursor().x)
        try pair.sendText("x")
        _ = try pair.plain.waitFor("ls -lax")
        _ = try pair.run.waitFor("ls -lax", timeout: 8)
        XCTAssertEqual(try pair.run.cursor().x, try pair.plain.cursor().x)
    }

    func test_R30_fzf_underRun_pointerStaysInItsCell() throws {
        try Self.skipUnlessInstalled("fzf")
        let home = try RunE2E.temporaryDirectory(self)
        let pair = try RunE2E.Pair(["/bin/sh", "-c", "printf 'سلام دنیا\\nمرحبا بالعالم\\nשלום עולם\\nhello world\\n' | fzf"], columns: 80, rows: 12,
                                   environment: ["HOME": home])
        defer { pair.tearDown() }
        let p = try pair.plain.waitFor("4/4")
        let r = try pair.run.waitFor("4/4", timeout: 8)
        let y = try XCTUnwrap(p.rows.firstIndex { $0.hasPrefix(">") && $0.contains("سلام") }, p.description)
        XCTAssertTrue(r.row(y).hasPrefix("> "), r.description)
        XCTAssertFalse(r.row(y).contains("<"), r.row(y))
    }

    func test_R26_vim_typingHebrewThenLatin_theCaretIsWhereTheNextLetterAppears() throws {
        try Self.skipUnlessInstalled("vim")
        let home = try RunE2E.temporaryDirectory(self)
        let tmux = try TmuxHarness(columns: 60, rows: 10)
        defer { tmux.tearDown() }
        try tmux.start(try RunE2E.runCommand(["vim", "-u", "NONE", "-i", "NONE", "-N", "-n", home + "/new.txt"]), environment: ["HOME": home])
        _ = try tmux.waitFor("new.txt", timeout: 8)
        try tmux.sendKeys("i")
        _ = try tmux.waitFor("INSERT")
        try tmux.sendText("שלום")
        _ = try tmux.waitFor(rtl("שלום"))
        // After Hebrew: the next Hebrew letter appears at the left of the run.
        XCTAssertEqual(try tmux.cursor().x, 0)
        try tmux.sendText(" abc")
        _ = try tmux.waitFor("abc " + rtl("שלום"))
        // After Latin at the end of a right-to-left line: right of the Latin.
        XCTAssertEqual(try tmux.cursor().x, 3)
        try tmux.sendText("d")
        let s = try tmux.waitFor("abcd " + rtl("שלום"))
        XCTAssertEqual(Array(s.row(0))[3], "d", "the letter appeared where the caret was")
        XCTAssertEqual(try tmux.cursor().x, 4)
        try tmux.sendKeys("Escape")
        try tmux.sendText(":q!")
        try tmux.sendKeys("Enter")
        XCTAssertEqual(try tmux.waitForExit(), .exited(0))
    }

    // MARK: - R32: nothing lost

    func test_R32_start_keepsTheUsersRows_pushesOnlyThem_noNoticeLeft() throws {
        let home = try RunE2E.temporaryDirectory(self)
        let tmux = try TmuxHarness(columns: 60, rows: 20)
        defer { tmux.tearDown() }
        let run = try BuiltBinary.rtlTUI().path
        try tmux.start(["/bin/sh", "-c", "clear; seq 1 10; '\(run)' run -- true; echo after; sleep 30"], environment: ["HOME": home])
        _ = try tmux.waitFor("after", timeout: 8)
        let all = try tmux.captureHistory(lines: 100)
        let numbers = all.filter { Int($0) != nil }
        XCTAssertEqual(numbers, (1...10).map(String.init), all.joined(separator: "\n"))
        // Nothing but those rows went into the history: no blank rows before them or after them.
        let first = all.firstIndex(of: "1")!
        XCTAssertEqual(Array(all[first..<(first + 11)]), (1...10).map(String.init) + ["after"], all.joined(separator: "\n"))
        XCTAssertFalse(all.contains { $0.contains("allow-passthrough") }, "the notice is left on the screen")
    }

    func test_R32_programEndingOnTheAlternateScreen_keepsWhatItWroteBefore() throws {
        let home = try RunE2E.temporaryDirectory(self)
        let tmux = try TmuxHarness(columns: 60, rows: 12)
        defer { tmux.tearDown() }
        let run = try BuiltBinary.rtlTUI().path
        try tmux.start(["/bin/sh", "-c", "'\(run)' run -- sh -c 'echo before; printf \"\\033[?1049hALT\"; sleep .5'; echo rc=$?; sleep 30"],
                       environment: ["HOME": home])
        let s = try tmux.waitFor("rc=0", timeout: 10)
        XCTAssertTrue(s.contains("before"), s.description)
        XCTAssertFalse(s.contains("ALT"), s.description)
        XCTAssertEqual(try tmux.format("#{alternate_on}"), "0")
    }

    func test_R32_shrinkAndGrow_keepEveryLine_reWrappedAsTmuxDoes() throws {
        let home = try RunE2E.temporaryDirectory(self)
        let line = "זה משפט ארוך בעברית עם מילה מיוחדת באמצע השורה ועוד מילים רבות כדי שיהיה ארוך מאוד מאוד."
        try (line + "\n").write(toFile: home + "/he.txt", atomically: true, encoding: .utf8)
        let pair = try RunE2E.Pair(RunE2E.bash, columns: 100, rows: 12, environment: RunE2E.shellEnvironment(home: home))
        defer { pair.tearDown() }
        try pair.plain.waitFor("bash-")
        try pair.run.waitFor("bash-", timeout: 8)
        try pair.type("cat ~/he.txt")
        try pair.plain.waitFor("מאוד.")
        let whole = try RunE2E.visual(line)
        try pair.run.waitFor(whole, timeout: 8)
        for harness in [pair.plain, pair.run] { try harness.resize(columns: 60, rows: 12) }
        // Narrower: the line is wrapped at 60 columns, each row read right to left.
        let first = String(line.prefix(60)), rest = String(line.dropFirst(60))
        let narrow = try pair.run.waitUntil("the line re-wrapped at 60 columns", timeout: 8) {
            $0.contains(try! RunE2E.visual(first)) && $0.contains(try! RunE2E.visual(rest))
        }
        XCTAssertTrue(narrow.contains(try RunE2E.visual(rest)), narrow.description)
        for harness in [pair.plain, pair.run] { try harness.resize(columns: 100, rows: 12) }
        let wide = try pair.run.waitUntil("the line whole again", timeout: 8) { $0.contains(whole) }
        XCTAssertTrue(wide.contains(whole), wide.description)
        // The shell goes on where its cursor is.
        try pair.type("echo ok")
        try pair.run.waitFor("ok", timeout: 8)
    }

    // MARK: - R27: the command key and the rules file

    func test_R27_commandKey_togglesReordering_andAKeptRuleAppliesAtTheNextStart() throws {
        let home = try RunE2E.temporaryDirectory(self)
        let script = "printf '%s\\n' '\(Self.hebrew)'; read x; printf 'got[%s]\\n' \"$x\""
        let tmux = try TmuxHarness(columns: 80, rows: 10)
        defer { tmux.tearDown() }
        let env = ["HOME": home, "XDG_CONFIG_HOME": home + "/.config"]
        try tmux.start(try RunE2E.runCommand(["/bin/sh", "-c", script]), environment: env)
        let reordered = try RunE2E.visual(Self.hebrew)
        _ = try tmux.waitFor(reordered, timeout: 8)
        // F12 r: the program's rows as written; F12 r again: reordered.
        try tmux.sendKeys("F12")
        _ = try tmux.waitFor("rtl-tui F12")
        try tmux.sendKeys("r")
        _ = try tmux.waitFor(Self.hebrew)
        try tmux.sendKeys("F12")
        _ = try tmux.waitFor("rtl-tui F12")
        try tmux.sendKeys("r")
        _ = try tmux.waitFor(reordered)
        try tmux.sendKeys("F12")
        try tmux.sendKeys("r")
        _ = try tmux.waitFor(Self.hebrew)
        // F12 w: kept for `sh`; F12 s shows the status.
        try tmux.sendKeys("F12")
        try tmux.sendKeys("w")
        let kept = try tmux.waitFor("kept")
        let rules = try XCTUnwrap(try? String(contentsOfFile: home + "/.config/rtl-tui/run.conf", encoding: .utf8), kept.description)
        XCTAssertTrue(rules.contains("sh: visual"), rules)
        // Esc after the key sends nothing to the program: it reads an empty line.
        try tmux.sendKeys("F12")
        _ = try tmux.waitFor("rtl-tui F12")
        try tmux.sendKeys("Escape")
        _ = try tmux.waitUntil("the menu closed") { !$0.contains("rtl-tui F12") }
        try tmux.sendKeys("Enter")
        _ = try tmux.waitFor("got[]")
        XCTAssertEqual(try tmux.waitForExit(), .exited(0))

        // The next start: the rule applies at once.
        let next = try TmuxHarness(columns: 80, rows: 10)
        defer { next.tearDown() }
        try next.start(try RunE2E.runCommand(["/bin/sh", "-c", script]), environment: env)
        let s = try next.waitFor(Self.hebrew, timeout: 8)
        XCTAssertFalse(s.contains(reordered), s.description)
        try next.sendKeys("F12")
        try next.sendKeys("s")
        _ = try next.waitFor("your rule")
    }
}
