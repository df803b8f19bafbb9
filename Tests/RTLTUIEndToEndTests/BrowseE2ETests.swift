import BidiTerm
import Foundation
import TestSupport
import XCTest

/// `rtl-tui browse` in a real terminal (tmux), as a translator would use it: the list on the right
/// of an Arabic catalog, moving the selection, searching in Arabic and Hebrew, the file edited
/// from elsewhere showing up without a key pressed, a malformed save, and quitting; plus the
/// start-up errors (exit status 2 before any screen is drawn, and no terminal).
final class BrowseE2ETests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("browse-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    static func po(_ entries: [(String, String)]) -> String {
        var s = "msgid \"\"\nmsgstr \"\"\n\"Language: ar\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
        for (k, v) in entries { s += "\nmsgid \"\(k)\"\nmsgstr \"\(v)\"\n" }
        return s
    }

    /// Writes `text` to `name` in the test's directory with a modification time `offset` seconds
    /// from now (later versions get later times, whatever the file system's clock resolution).
    @discardableResult
    func write(_ name: String, _ text: String, offset: TimeInterval = 0) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(offset)], ofItemAtPath: url.path)
        return url.path
    }

    /// `text` as the engine draws it in an RTL paragraph: shaped, in visual order.
    static func visual(_ text: String) -> String {
        BidiEngine().layout(text, direction: .rtl).lines.first?.text ?? ""
    }

    /// The column (one per character: the screens here have no wide or combining characters)
    /// where `needle` starts in `row`.
    static func column(of needle: String, in row: String) -> Int? {
        row.range(of: needle).map { row.distance(from: row.startIndex, to: $0.lowerBound) }
    }

    static let entries: [(String, String)] = [
        ("Hello", "مرحبا بالعالم"),
        ("Open file", "افتح الملف"),
        ("Save", "احفظ التغييرات"),
        ("Shalom", "كلمة שלום بالعبرية"),
    ]

    func test_browse_arabicCatalog_listOnTheRight_move_searchArabicAndHebrew_liveReload_quit() throws {
        let path = try write("ar.po", Self.po(Self.entries), offset: -60)
        let tmux = try TmuxHarness(columns: 100, rows: 30)
        defer { tmux.tearDown() }
        try tmux.start([try BuiltBinary.rtlTUI().path, "browse", path])

        // R1, R2: the catalog is Arabic, so the list (the leading panel) is on the right.
        var screen = try tmux.waitFor("Entries 1/4")
        let titleRow = try XCTUnwrap(screen.rows.first { $0.contains("Entries 1/4") })
        XCTAssertGreaterThan(try XCTUnwrap(Self.column(of: "Entries 1/4", in: titleRow)), 60, screen.description)
        XCTAssertTrue(screen.row(0).hasSuffix("rtl-tui browse · ar.po"), screen.row(0))
        XCTAssertTrue(screen.row(0).contains("ar · RTL"), screen.row(0))
        // The first item, shaped and in visual order, with the selection marker at its right (R15).
        let hello = Self.visual("مرحبا بالعالم")
        let helloRow = try XCTUnwrap(screen.rows.first { $0.contains(hello + "  Hello") }, screen.description)
        XCTAssertTrue(helloRow.hasSuffix("◂│"), helloRow)
        XCTAssertGreaterThan(try XCTUnwrap(Self.column(of: hello, in: helloRow)), 60)

        // ↓ moves the selection; the string panel follows.
        try tmux.sendKeys("Down")
        screen = try tmux.waitFor("Entries 2/4")
        XCTAssertTrue(screen.contains("String · ar.po:"), screen.description)
        XCTAssertTrue(try XCTUnwrap(screen.rows.first { $0.contains("Open file") && $0.contains("◂") }).contains(Self.visual("افتح الملف")))

        // Search in Arabic, then in Hebrew.
        try tmux.sendText("/")
        try tmux.sendText("الملف")
        screen = try tmux.waitFor("Entries 1/1 of 4")
        XCTAssertTrue(screen.contains(Self.visual("الملف") + " /│"), "the query in the field, right to left:\n\(screen)")
        try tmux.sendKeys("C-u")
        try tmux.waitFor("Entries 2/4")   // every entry again, the selection kept on "Open file"
        try tmux.sendText("שלום")
        screen = try tmux.waitUntil("the Hebrew search") { $0.contains("Entries 1/1 of 4") && $0.contains("Shalom") }
        XCTAssertTrue(screen.contains("םולש /│"), screen.description)
        try tmux.sendKeys("C-u")
        try tmux.sendKeys("Escape")
        try tmux.waitFor("press / to search")

        // Another program saves a new translation: it shows without a key pressed.
        var edited = Self.entries
        edited[2].1 = "احفظ الملف الآن"
        try write("ar.po", Self.po(edited), offset: 5)
        screen = try tmux.waitUntil("the new translation and the notice") {
            $0.contains(Self.visual("احفظ الملف الآن")) && $0.contains("reloaded ")
        }
        XCTAssertFalse(screen.contains(Self.visual("احفظ التغييرات")), screen.description)

        // A malformed save: the loader's file:line:column error shows, the entries stay.
        try write("ar.po", Self.po(edited) + "\nmsgid \"Broken\nmsgstr \"\"\n", offset: 10)
        func errorRow(_ s: TmuxHarness.Screen) -> String? {
            s.rows.first { $0.hasPrefix(" ✗ ") && $0.range(of: #"ar\.po:\d+:\d+: unterminated"#, options: .regularExpression) != nil }
        }
        screen = try tmux.waitUntil("the loader's error") { errorRow($0) != nil }
        XCTAssertTrue(screen.contains(Self.visual("احفظ الملف الآن")), screen.description)
        XCTAssertTrue(screen.contains("Entries 4/4"), "the selection (kept on Shalom by the search) stays:\n\(screen)")

        // Fixed again: the error goes.
        try write("ar.po", Self.po(edited), offset: 15)
        try tmux.waitUntil("the error to go") { errorRow($0) == nil }

        try tmux.sendText("q")
        XCTAssertEqual(try tmux.waitForExit(), .exited(0))
        XCTAssertFalse(try tmux.isAlternateScreen())
    }

    func test_browse_malformedFileAtStart_exitsWithStatus2AndFileLineColumn_withoutTakingTheScreen() throws {
        let good = try write("ar.po", Self.po(Self.entries))
        let bad = try write("bad.po", "msgid \"x\"\nmsgstr \"y\n")
        let tmux = try TmuxHarness(columns: 100, rows: 10)
        defer { tmux.tearDown() }
        // tmux can drop the output of a command that ends at once, so a shell stays behind it
        // and prints its exit status.
        let command = [try BuiltBinary.rtlTUI().path, "browse", good, bad].map(TmuxHarness.shellQuoted).joined(separator: " ")
        try tmux.start(["/bin/sh", "-c", command + "; echo \"status=$?\"; sleep 30"], record: true)
        let screen = try tmux.waitFor("status=")
        XCTAssertTrue(screen.contains("status=2"), screen.description)
        XCTAssertTrue(screen.row(0).hasPrefix("rtl-tui: "), screen.description)
        XCTAssertTrue(screen.row(0).contains("bad.po:2:8: "), screen.description)
        // Nothing but the message: no alternate screen, no cursor addressing.
        XCTAssertFalse(TmuxHarness.contains(tmux.recordedBytes(), Array("\u{1B}[?1049h".utf8)))
    }

    func test_browse_withoutATerminal_printsTheSessionMessage() throws {
        let good = try write("ar.po", Self.po(Self.entries))
        let r = try BuiltBinary.run(["browse", good])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("is not a terminal"), r.stderr)
        XCTAssertTrue(r.stdout.isEmpty)
        // A file that is not there is reported first, as `check` reports it.
        let missing = try BuiltBinary.run(["browse", dir.appendingPathComponent("none.po").path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("none.po: cannot read the file"), missing.stderr)
    }
}
