import BidiTerm
import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `rtl-tui run` with real programs (bash, less, nano, dialog, mc, Python curses, rtl-tui demo).
/// Each program runs twice, alone in one tmux pane and under `rtl-tui run` in another (tmux does
/// no bidi, like xterm), gets the same keys, and the screens are compared row by row (`RunE2E`):
/// the program's layout where it put it (R23), the right-to-left text of each piece in FriBidi's
/// visual order (R24), the caret where the next letter appears (R26).
final class RunE2ETests: XCTestCase {

    // MARK: - bash

    func test_R23_R24_bash_printsArabicHebrewPersianLines_andLsColumnsStayAligned() throws {
        let home = try RunE2E.temporaryDirectory(self)
        let dir = home + "/files"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for name in ["שלום.txt", "עולם_גדול.md", "ספר", "readme.txt", "مرحبا.txt", "كتاب_جديد", "فایل_من.md", "notes"] {
            FileManager.default.createFile(atPath: dir + "/" + name, contents: nil)
        }
        let pair = try RunE2E.Pair(RunE2E.bash, environment: RunE2E.shellEnvironment(home: home))
        defer { pair.tearDown() }
        try pair.agree(after: "bash-")
        try pair.type("cd ~/files; printf '%s\\n' 'مرحبا بالعالم! (2024) نص عربي' 'שלום עולם: גרסה 1.2 כאן' 'سلام دنیا، این یک متن فارسی است' 'abc שלום def' '日本語 שלום 👍 abc' $'\\e[31mאדום\\e[0m ירוק'")
        let (_, lines) = try pair.agree(when: { $0.rows.contains("abc שלום def") })
        XCTAssertTrue(lines.contains(try RunE2E.visual("שלום עולם: גרסה 1.2 כאן")), lines.description)
        XCTAssertTrue(lines.contains("abc " + rtl("שלום") + " def"), lines.description)
        // R20: the Arabic is shaped (presentation forms) and reads from the right.
        XCTAssertTrue(lines.contains(try RunE2E.visual("مرحبا بالعالم! (2024) نص عربي")), lines.description)
        try pair.type("ls -C --color=never")
        let (plain, run) = try pair.agree(after: "notes")
        // The columns of ls: each name starts where ls put it, Hebrew and Arabic names reversed
        // inside their column.
        let row = try XCTUnwrap(plain.rows.firstIndex { $0.contains("notes") })
        XCTAssertEqual(RunE2E.parse(plain.row(row)).segments.map(\.start), RunE2E.parse(run.row(row)).segments.map(\.start))
        XCTAssertTrue(run.contains("txt." + rtl("שלום")), run.description)
    }

    // MARK: - less

    func test_R23_R24_less_hebrewFile_scrollsAndQuitsBackToTheShell() throws {
        let home = try RunE2E.temporaryDirectory(self)
        let lines = (1...80).map { "שורה \($0): זהו קובץ בעברית (עם סוגריים) ו-English" }
        try (lines.joined(separator: "\n") + "\n").write(toFile: home + "/he.txt", atomically: true, encoding: .utf8)
        var env = RunE2E.shellEnvironment(home: home)
        env["LESS"] = ""
        env["LESSHISTFILE"] = "-"
        let pair = try RunE2E.Pair(RunE2E.bash, environment: env)
        defer { pair.tearDown() }
        try pair.agree(after: "bash-")
        try pair.type("cd; echo 'לפני less'; less he.txt")
        var (_, run) = try pair.agree(after: "שורה 1:")
        XCTAssertTrue(run.row(0).hasPrefix(try RunE2E.visual(lines[0])), run.row(0))
        // Space: a page down; j j: two lines down; k: one up. The top row each time, reordered.
        for (keys, top) in [(["Space"], 24), (["j", "j"], 26), (["k"], 25)] {
            for k in keys { try pair.sendKeys(k) }
            (_, run) = try pair.agree(when: { $0.row(0).hasPrefix("שורה \(top):") })
            XCTAssertTrue(run.row(0).hasPrefix(try RunE2E.visual(lines[top - 1])), "\(keys):\n\(run)")
        }
        XCTAssertTrue(try pair.run.isAlternateScreen())
        // q: back to the shell's screen, as it was before less.
        try pair.sendKeys("q")
        try pair.plain.waitUntil("the shell after less") { !$0.contains("שורה") }
        (_, run) = try pair.agree()
        XCTAssertTrue(run.contains(rtl("לפני") + " less"), run.description)
        XCTAssertFalse(try pair.run.isAlternateScreen())
        // The terminal's history and screen hold the shell's lines once, as without rtl-tui: the
        // normal screen drawn again after less is not pushed into the history a second time.
        let plainAll = try pair.plain.captureHistory(lines: 100), runAll = try pair.run.captureHistory(lines: 100)
        XCTAssertEqual(plainAll.filter { $0.hasSuffix("less he.txt") }.count, 1, plainAll.joined(separator: "\n"))
        XCTAssertEqual(runAll.filter { $0.hasSuffix("less he.txt") }.count, 1, runAll.joined(separator: "\n"))
        XCTAssertEqual(runAll.filter { $0 == "less " + rtl("לפני") }.count, 1, runAll.joined(separator: "\n"))
    }

    // MARK: - nano

    /// R26: typing Hebrew in nano, the caret (tmux's cursor) is where the next letter appears;
    /// arrows put it on the drawn cell of the character; BSpace deletes the right letter.
    func test_R26_nano_typeMoveDeleteHebrew_caretWhereTheNextLetterAppears() throws {
        let home = try RunE2E.temporaryDirectory(self)
        let pair = try RunE2E.Pair(["nano", "--ignorercfile", home + "/note.txt"], columns: 60, rows: 12,
                                   environment: ["HOME": home])
        defer { pair.tearDown() }
        try pair.agree(after: "^X Exit")
        try pair.sendText("שלום")
        var (_, run) = try pair.agree(after: "שלום")
        XCTAssertEqual(run.row(1), rtl("שלום"))
        // The program's cursor is after the word (column 4); the caret is at the word's left.
        XCTAssertEqual(try pair.plain.cursor().x, 4)
        try pair.run.waitUntil("the caret at column 0") { _ in (try? pair.run.cursor().x) == 0 }
        try pair.sendText("א")
        (_, run) = try pair.agree(after: "שלוםא")
        XCTAssertEqual(run.row(1), rtl("שלוםא"), "the letter appears where the caret was")
        try pair.run.waitUntil("the caret at column 0 again") { _ in (try? pair.run.cursor().x) == 0 }
        // Left twice: the cursor on "ם" (logical column 3), drawn at visual column 1.
        try pair.sendKeys("Left", "Left")
        try pair.plain.waitUntil("the cursor on logical column 3") { _ in (try? pair.plain.cursor().x) == 3 }
        try pair.run.waitUntil("the caret on visual column 1") { _ in (try? pair.run.cursor().x) == 1 }
        // BSpace deletes "ו", before the cursor: "שלםא", drawn "אםלש", the caret still on "ם".
        try pair.sendKeys("BSpace")
        (_, run) = try pair.agree(after: "שלםא")
        XCTAssertEqual(run.row(1), "אםלש")
        try pair.run.waitUntil("the caret on ם at visual column 1") { _ in (try? pair.run.cursor().x) == 1 }
        XCTAssertEqual(try pair.run.cursor().y, 1)
        // Home: the cursor on "ש", the first letter, drawn at the right end of the word.
        try pair.sendKeys("Home")
        try pair.run.waitUntil("the caret on ש at visual column 3") { _ in (try? pair.run.cursor().x) == 3 }
    }

    // MARK: - dialog

    func test_R23_dialogMenu_arabic_itemsInPlace_highlightMoves_enterReturnsTheTag() throws {
        let home = try RunE2E.temporaryDirectory(self)
        let script = "dialog --menu 'اختر ملفا من القائمة' 14 50 4 1 'فتح الملف' 2 'حفظ التغييرات' 3 'خروج من البرنامج' "
            + "2>\"$HOME/choice\"; r=$?; clear; echo \"rc=$r tag=$(cat \"$HOME/choice\")\""
        let pair = try RunE2E.Pair(["/bin/sh", "-c", script], columns: 60, rows: 16, environment: ["HOME": home])
        defer { pair.tearDown() }
        var (plain, run) = try pair.agree(after: "خروج")
        let item2 = try RunE2E.visual("حفظ التغييرات")
        let row2 = try XCTUnwrap(run.rows.firstIndex { $0.contains(item2) }, run.description)
        XCTAssertEqual(DemoE2E.column(of: "2  " + item2, in: run.row(row2)), DemoE2E.column(of: "2  حفظ", in: plain.row(row2)))
        // Down: the highlight moves to item 2; its text keeps the highlight's colours (R24).
        try pair.sendKeys("Down")
        try pair.plain.waitUntil("item 2 highlighted", escapes: true) { Self.highlighted("حفظ", in: $0) }
        (plain, run) = try pair.agree()
        try pair.run.waitUntil("item 2 highlighted under run", escapes: true) { Self.highlighted(item2, in: $0) }
        // A larger terminal: dialog draws its box again, wider, under run as alone.
        try pair.plain.resize(columns: 70, rows: 20)
        try pair.run.resize(columns: 70, rows: 20)
        (plain, run) = try pair.agree(when: { $0.rows.count == 20 && $0.row(0).hasSuffix("┐") && DemoE2E.width($0.row(0)) > 60 })
        try pair.sendKeys("Enter")
        XCTAssertEqual(try pair.run.waitForExit(), .exited(0))
        XCTAssertEqual(try pair.plain.waitForExit(), .exited(0))
        XCTAssertEqual(try RunE2E.finalRows(pair.run).filter { !$0.isEmpty }, ["rc=0 tag=2"])
        XCTAssertEqual(try RunE2E.finalRows(pair.plain).filter { !$0.isEmpty }, ["rc=0 tag=2"])
    }

    /// Whether the row holding `text` shows it in reverse video or with a background colour.
    private static func highlighted(_ text: String, in screen: TmuxHarness.Screen) -> Bool {
        guard let row = screen.rows.first(where: { $0.contains(text) }), let r = row.range(of: text) else { return false }
        let before = row[..<r.lowerBound]
        guard let sgr = before.range(of: "\u{1B}[", options: .backwards) else { return false }
        let seq = before[sgr.upperBound...]
        return seq.contains("7") || seq.contains("4") && !seq.hasPrefix("49")
    }

    // MARK: - mc

    func test_R23_mc_hebrewFolder_panelsIntact_namesReversedInTheirColumn_F10Quits() throws {
        let home = try RunE2E.temporaryDirectory(self)
        let dir = home + "/תיקייה"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for name in ["שלום.txt", "עולם_גדול.md", "ספר", "readme.txt", "مرحبا.txt", "كتاب_جديد"] {
            FileManager.default.createFile(atPath: dir + "/" + name, contents: Data("x".utf8),
                                           attributes: [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)])
        }
        try FileManager.default.createDirectory(atPath: home + "/.config/mc", withIntermediateDirectories: true)
        try "[Layout]\nmessage_visible=false\nfree_space=false\n[Midnight-Commander]\nconfirm_exit=false\n"
            .write(toFile: home + "/.config/mc/ini", atomically: true, encoding: .utf8)
        let pair = try RunE2E.Pair(["/bin/sh", "-c", "cd \"$1\" && exec mc -b -u --nomouse . .", "sh", dir], rows: 20,
                                   environment: ["HOME": home, "TZ": "UTC", "MC_SKIN": "default"])
        defer { pair.tearDown() }
        var (_, run) = try pair.agree(after: "readme.txt")
        XCTAssertTrue(run.contains("│ txt." + rtl("שלום") + "        "), run.description)
        // Both panels: the names keep their column, the borders theirs.
        try pair.sendKeys("Down", "Down", "Down")
        (_, run) = try pair.agree()
        try pair.sendKeys("F10")
        XCTAssertEqual(try pair.run.waitForExit(), .exited(0))
        XCTAssertEqual(try pair.plain.waitForExit(), .exited(0))
    }

    // MARK: - Python curses

    func test_R23_R24_pythonCurses_textAtSeveralPositions_andBoxes() throws {
        let home = try RunE2E.temporaryDirectory(self)
        let program = """
            import curses, locale
            locale.setlocale(locale.LC_ALL, "")
            def main(s):
                curses.curs_set(0)
                s.erase()
                s.border()
                s.addstr(2, 4, "שלום עולם")
                s.addstr(3, 4, "مرحبا بالعالم")
                s.addstr(4, 30, "سلام دنیا (۱۲۳)")
                s.addstr(6, 4, "English then עברית 42")
                s.addstr(7, 4, "עברית", curses.A_REVERSE)
                s.addstr(7, 9, " ו-Latin", curses.A_BOLD)
                w = curses.newwin(6, 30, 10, 40)
                w.box()
                w.addstr(2, 2, "קובץ: readme.txt")
                w.addstr(3, 2, "ملف جديد 2024")
                s.noutrefresh(); w.noutrefresh(); curses.doupdate()
                s.getch()
            curses.wrapper(main)
            """
        try program.write(toFile: home + "/app.py", atomically: true, encoding: .utf8)
        let pair = try RunE2E.Pair(["/usr/bin/python3", home + "/app.py"], environment: ["HOME": home])
        defer { pair.tearDown() }
        // Row 7: "עברית" in reverse video, " ו-Latin" bold: the background changes between them,
        // so they are two runs (R23), each reordered in its own columns.
        let (plain, run) = try pair.agree(after: "ملف جديد", skipRows: [7])
        XCTAssertTrue(run.row(7).hasPrefix("│   " + rtl("עברית") + " Latin-ו "), run.row(7))
        XCTAssertEqual(DemoE2E.column(of: rtl("שלום עולם"), in: run.row(2)), 4)
        XCTAssertEqual(DemoE2E.column(of: try RunE2E.visual("سلام دنیا (۱۲۳)"), in: run.row(4)), 30)
        // "42" after Hebrew in a left-to-right row belongs to the Hebrew (UAX #9 W7, N1).
        XCTAssertTrue(run.row(6).hasPrefix("│   English then 42 " + rtl("עברית") + " "), run.row(6))
        XCTAssertEqual(run.row(10), plain.row(10))
        XCTAssertEqual(DemoE2E.column(of: try RunE2E.visual("קובץ: readme.txt"), in: run.row(12)), 42)
        try pair.sendKeys("q")
        XCTAssertEqual(try pair.run.waitForExit(), .exited(0))
    }

    // MARK: - rtl-tui demo inside run (R25)

    /// The demo switches the terminal to explicit mode (CSI 8 l): under run its rows are drawn
    /// as it wrote them, identical to the demo alone.
    func test_R25_demoInsideRun_isIdenticalToTheDemoAlone() throws {
        for locale in ["ar", "he"] {
            let args = [try BuiltBinary.rtlTUI().path, "demo", "--locale", locale, "--no-animate"]
            let plain = try TmuxHarness(), run = try TmuxHarness()
            defer { plain.tearDown(); run.tearDown() }
            try plain.start(args, environment: ["LANGUAGE": locale])
            try run.start(try RunE2E.runCommand(args), environment: ["LANGUAGE": locale])
            let a = try DemoE2E.waitForFrame(plain)
            let b = try run.waitUntil("the demo's frame identical under run", timeout: 10) { s in
                DemoE2E.isFrame(s) && s.rows == a.rows
            }
            XCTAssertEqual(a.rows, b.rows, locale)
            try run.sendKeys("q")
            XCTAssertEqual(try run.waitForExit(), .exited(0))
        }
    }
}
