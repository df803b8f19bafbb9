import Foundation
import XCTest
@testable import BidiTerm
@testable import RTLTUIApps

/// The catalog browser driven by keys and ticks, rendered into buffers (no terminal): where the
/// list sits, what the inspector and the findings say, the filter, the search in Arabic and
/// Hebrew, live reload from real files, escape injection, and tiny buffers.
final class BrowseAppTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("browse-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    // MARK: - Helpers

    /// A gettext catalog with a header naming `language` and the given (msgid, msgstr) pairs.
    static func po(_ language: String, _ entries: [(String, String)]) -> String {
        var s = "msgid \"\"\nmsgstr \"\"\n\"Language: \(language)\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
        for (k, v) in entries { s += "\nmsgid \"\(k)\"\nmsgstr \"\(v)\"\n" }
        return s
    }

    @discardableResult
    func write(_ name: String, _ text: String, modified: Date? = nil) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        if let modified { try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: url.path) }
        return url.path
    }

    static let hebrew: [(String, String)] = [
        ("Hello", "שלום עולם"),
        ("Mixed", "abc אבג"),
        ("Parens", "(שלום)"),
        ("Trap", "\u{202E}txt.exe"),
        ("Long", "שלום עולם ומה שלומך היום בבוקר"),
    ]

    func makeApp(_ files: [String], source: String? = nil, locale: String? = nil, shaping: Bool = true) throws -> BrowseApp {
        var o = BrowseApp.Options()
        o.locale = locale
        o.shaping = shaping
        return try BrowseApp(files: files, source: source, options: o)
    }

    func render(_ app: inout BrowseApp, _ w: Int = 80, _ h: Int = 24) -> Buffer {
        var b = Buffer(width: w, height: h)
        _ = app.render(into: &b)
        return b
    }

    /// The column and row where `text` starts, one character per cell (no wide characters in it).
    func find(_ text: String, in b: Buffer) -> (x: Int, y: Int)? {
        let want = text.map(String.init)
        for y in 0..<b.area.height {
            let row = (0..<b.area.width).map { b[$0, y]!.symbol }
            guard row.count >= want.count else { continue }
            for x in 0...(row.count - want.count) where Array(row[x..<(x + want.count)]) == want { return (x, y) }
        }
        return nil
    }

    func select(_ app: inout BrowseApp, key: String) {
        while app.focus != .list { _ = app.handle(.tab) }
        _ = app.handle(.home)
        for _ in 0..<app.visible.count where app.selectedRow?.entry.key != key { _ = app.handle(.down) }
        XCTAssertEqual(app.selectedRow?.entry.key, key)
    }

    // MARK: - Layout (R1, R2)

    func test_R2_theListIsOnTheRightInRTL_andOnTheLeftInLTR_atBothSizes() throws {
        let he = try write("he.po", Self.po("he", Self.hebrew))
        for (w, h) in [(80, 24), (120, 40)] {
            var app = try makeApp([he])
            XCTAssertEqual(app.direction, .rtl, "R1: the direction follows the catalog's language")
            let rtl = render(&app, w, h)
            let title = try XCTUnwrap(find("Entries 1/5", in: rtl), rtl.rows.joined(separator: "\n"))
            XCTAssertGreaterThan(title.x, w / 2, "RTL: the list pane is the leading one, on the right")
            // The selection marker points into the row from the right edge (R15: ▸ becomes ◂).
            XCTAssertTrue(rtl.rows.contains { $0.hasSuffix("◂│") }, rtl.rows.joined(separator: "\n"))
            // The first item's translation shows in visual order.
            XCTAssertTrue(rtl.rows.contains { $0.contains("םלוע םולש") })

            _ = app.handle(.character("d"))   // the locale's → forced LTR
            XCTAssertEqual(app.direction, .ltr)
            let ltr = render(&app, w, h)
            let ltrTitle = try XCTUnwrap(find("Entries 1/5", in: ltr))
            XCTAssertLessThan(ltrTitle.x, w / 2, "LTR: the list is on the left")
            XCTAssertTrue(ltr.rows.contains { $0.hasPrefix("│▸") }, ltr.rows.joined(separator: "\n"))
            XCTAssertTrue(app.status.contains("LTR!"))
        }
        // An English catalog is laid out left to right; --locale makes it right to left.
        let en = try write("en.po", Self.po("en", [("Hello", "Hello")]))
        var english = try makeApp([en])
        XCTAssertEqual(english.direction, .ltr)
        XCTAssertLessThan(try XCTUnwrap(find("Entries 1/1", in: render(&english))).x, 40)
        var forced = try makeApp([en], locale: "ar")
        XCTAssertEqual(forced.direction, .rtl)
        XCTAssertGreaterThan(try XCTUnwrap(find("Entries 1/1", in: render(&forced))).x, 40)
    }

    // MARK: - The string at several widths (R5)

    func test_R5_theSelectedStringIsShownWrappedAtEachWidth_inItsLocalesDirection_nextToItsSource() throws {
        let he = try write("he.po", Self.po("he", Self.hebrew))
        var app = try makeApp([he])
        select(&app, key: "Long")
        let b = render(&app, 120, 40)
        let text = b.rows.joined(separator: "\n")
        XCTAssertTrue(text.contains("Long"), "the source text (the msgid) is shown")
        XCTAssertTrue(text.contains("he, RTL paragraph"), text)
        // The 16-cell sample: a frame exactly 16 cells wide, the logical start (שלום) at the right
        // end of the first line (wrapped first, then reordered: R5).
        let label = try XCTUnwrap(find(" 16 │", in: b), text)
        let row = (0..<b.area.width).map { b[$0, label.y]!.symbol }
        let open = label.x + 4
        let close = try XCTUnwrap((open + 1..<row.count).first { row[$0] == "│" })
        XCTAssertEqual(close - open - 1, 16)
        let inside = row[(open + 1)..<close].joined()
        XCTAssertTrue(inside.hasSuffix("םולש"), "first line ends (on the right) with the first word: \(inside)")
        // Every sample line fits its frame: the 24-cell one too.
        XCTAssertNotNil(find(" 24 │", in: b))
        XCTAssertNotNil(find(" 40 │", in: b))
    }

    // MARK: - Inspector

    func test_inspector_showsLevelsVisualOrderClassesAndNames_ofAKnownString() throws {
        let he = try write("he.po", Self.po("he", Self.hebrew))
        var app = try makeApp([he])
        select(&app, key: "Mixed")   // "abc אבג" in an RTL paragraph
        let screen = render(&app, 120, 40).rows.joined(separator: "\n")
        XCTAssertTrue(screen.contains("paragraph level 1 (rtl) · 7 code points · 2 runs"), screen)
        XCTAssertTrue(screen.contains("levels: 2 2 2 1 1 1 1"), screen)
        XCTAssertTrue(screen.contains("visual order: 6 5 4 3 0 1 2"), screen)

        // The whole table, as the panel holds it (scrolled with Tab to the inspector and ↓).
        let row = try XCTUnwrap(app.selectedRow)
        let b = BrowseLineBuilder(context: RenderContext(direction: .rtl))
        let lines = BrowseInspector.lines(row.entry.translation!, direction: .rtl, width: 70, builder: b).map(\.line.text)
        // A `Table` (R36): the columns' headers over them, the numbers at the right of theirs.
        XCTAssertTrue(lines.contains("#  code    char  class  lvl  vis  name"), lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains("0  U+0061  a     L        2    4  LATIN SMALL LETTER A"), lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains("4  U+05D0  א     R        1    2  HEBREW LETTER ALEF"), lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains("runs (visual order): 3..<7 rtl, 0..<3 ltr"), lines.joined(separator: "\n"))

        // Scrolling the focused inspector reaches the table on screen.
        _ = app.handle(.tab)
        _ = app.handle(.tab)
        XCTAssertEqual(app.focus, .inspector)
        _ = app.handle(.end)
        XCTAssertTrue(render(&app, 120, 40).rows.contains { $0.contains("U+05D2") && $0.contains("HEBREW LETTER GIMEL") })

        // Mirrored characters (L4) are listed with their mirror glyph.
        select(&app, key: "Parens")
        let mirrored = render(&app, 120, 40).rows.joined(separator: "\n")
        XCTAssertTrue(mirrored.contains("mirrored: #0 ( → ), #5 ) → ("), mirrored)
    }

    func test_trojanSource_isShownWithItsControls_andItsFindingsAreListed() throws {
        let he = try write("he.po", Self.po("he", Self.hebrew))
        var app = try makeApp([he])
        // The list marks the entry with the error glyph.
        let list = render(&app, 120, 40).rows.joined(separator: "\n")
        XCTAssertTrue(list.contains("Trap ✗"), list)
        select(&app, key: "Trap")
        // Wide enough for each message to take one line.
        let screen = render(&app, 300, 60).rows.joined(separator: "\n")
        XCTAssertTrue(screen.contains("⟨RLO⟩"), "the hidden override is made visible:\n\(screen)")
        XCTAssertTrue(screen.contains("hidden: ⟨RLO⟩ #0"), screen)
        XCTAssertTrue(screen.contains("✗ error bidi-unbalanced"), screen)
        XCTAssertTrue(screen.contains("Trojan Source"), screen)
        XCTAssertTrue(screen.contains("fix: Close it with PDF"), screen)
        // A clean entry says so.
        select(&app, key: "Hello")
        XCTAssertTrue(render(&app, 300, 60).rows.contains { $0.contains("no findings") })
    }

    // MARK: - Filter

    func test_filterKey_cyclesAllWithFindingsErrorsWarningsAndEachFindingID() throws {
        let ar = try write("ar.po", Self.po("ar", [
            ("Clean", "مرحبا"),
            ("Trap", "\u{202E}abc"),
            ("Question", "PDF جاهز?"),
            ("Copy", "Copy"),
        ]))
        var app = try makeApp([ar])
        XCTAssertEqual(app.visible.count, 4)
        _ = app.handle(.character("f"))
        XCTAssertEqual(app.filter, .withFindings)
        XCTAssertEqual(Set(app.visible.map { app.rows[$0].entry.key }), ["Trap", "Question", "Copy"])
        _ = app.handle(.character("f"))
        XCTAssertEqual(app.filter, .errors)
        XCTAssertEqual(app.visible.map { app.rows[$0].entry.key }, ["Trap"])
        XCTAssertTrue(render(&app).rows[0].contains("filter: errors"))
        XCTAssertNotNil(find("Entries 1/1 of 4", in: render(&app)))
        _ = app.handle(.character("f"))
        XCTAssertEqual(app.filter, .warnings)
        XCTAssertFalse(app.visible.map { app.rows[$0].entry.key }.contains("Clean"))
        // Then one filter per finding id, in order.
        let ids = app.findingIDs
        XCTAssertTrue(ids.contains("untranslated") && ids.contains("bidi-unbalanced"), "\(ids)")
        for id in ids {
            _ = app.handle(.character("f"))
            XCTAssertEqual(app.filter, .finding(id))
            XCTAssertFalse(app.visible.isEmpty)
            XCTAssertTrue(app.visible.allSatisfy { app.rows[$0].findings.contains { $0.id == id } })
        }
        _ = app.handle(.character("f"))
        XCTAssertEqual(app.filter, .all)
        _ = app.handle(.character("F"))
        XCTAssertEqual(app.filter, .finding(ids.last!))
    }

    // MARK: - Search

    func test_search_takesArabicAndHebrew_backspaceDeletesTheLogicallyPreviousGrapheme_andEscLeaves() throws {
        let ar = try write("ar.po", Self.po("ar", [
            ("Open file", "افتح الملف"),
            ("Hello", "مَرْحَبًا"),
            ("Shalom", "كلمة שלום بالعبرية"),
            ("Save", "احفظ"),
        ]))
        var app = try makeApp([ar], shaping: false)
        XCTAssertEqual(app.handle(.character("/")), .continue)
        XCTAssertTrue(app.isSearching)
        for ch in "שלום" { _ = app.handle(.character(ch)) }
        XCTAssertEqual(app.query, "שלום")
        XCTAssertEqual(app.visible.map { app.rows[$0].entry.key }, ["Shalom"])
        var b = Buffer(width: 80, height: 24)
        let cursor = try XCTUnwrap(app.render(into: &b), "the terminal cursor sits on the field's caret")
        XCTAssertTrue(b.rows[cursor.y].contains("םולש"), "the query is laid out right to left: \(b.rows[cursor.y])")
        XCTAssertNotNil(find("Entries 1/1 of 4", in: b))

        // Backspace removes the last letter typed (ם), not the one drawn at the end of the row.
        _ = app.handle(.backspace)
        XCTAssertEqual(app.query, "שלו")
        // Arabic: "مرحبا" without harakat finds the vowelled translation.
        _ = app.handle(.ctrl("u"))
        for ch in "مرحبا" { _ = app.handle(.character(ch)) }
        XCTAssertEqual(app.visible.map { app.rows[$0].entry.key }, ["Hello"])
        // A harakah typed after a letter joins its grapheme; one Backspace removes both.
        _ = app.handle(.ctrl("u"))
        for ch in [Character("ا"), Character("\u{064E}")] { _ = app.handle(.character(ch)) }
        XCTAssertEqual(app.query.count, 1)
        _ = app.handle(.backspace)
        XCTAssertEqual(app.query, "")
        // Latin is case-insensitive, and matches keys and sources.
        for ch in "OPEN" { _ = app.handle(.character(ch)) }
        XCTAssertEqual(app.visible.map { app.rows[$0].entry.key }, ["Open file"])
        // q types while searching; Esc leaves the field and keeps the search; then q quits.
        XCTAssertEqual(app.handle(.character("q")), .continue)
        XCTAssertEqual(app.query, "OPENq")
        XCTAssertTrue(app.visible.isEmpty)
        XCTAssertTrue(render(&app).rows.contains { $0.contains("no entry matches") })
        _ = app.handle(.backspace)
        XCTAssertEqual(app.handle(.escape), .continue)
        XCTAssertFalse(app.isSearching)
        XCTAssertEqual(app.visible.count, 1)
        XCTAssertEqual(app.handle(.character("q")), .quit)
    }

    func test_searchMatching_unit() {
        XCTAssertTrue(BrowseSearch.matches("", in: [nil]))
        XCTAssertTrue(BrowseSearch.matches("hello", in: ["Say HELLO there"]))
        XCTAssertTrue(BrowseSearch.matches("שלום", in: ["שָׁלוֹם"]), "marks ignored when the query has none")
        XCTAssertFalse(BrowseSearch.matches("שָׁ", in: ["שלום"]), "a query with marks matches them")
        XCTAssertTrue(BrowseSearch.matches("ל", in: ["לָ"]), "a letter matches inside a cluster with a mark")
        XCTAssertFalse(BrowseSearch.matches("abc", in: [nil, "", "ab"]))
    }

    // MARK: - Live reload

    func test_liveReload_showsTheNewText_keepsTheSelection_andSurvivesAMalformedFile() throws {
        let path = try write("ar.po", Self.po("ar", [("One", "واحد"), ("Two", "اثنان"), ("Three", "ثلاثة")]),
                             modified: Date().addingTimeInterval(-60))
        var app = try makeApp([path], shaping: false)
        select(&app, key: "Two")
        XCTAssertEqual(app.tick(), .continue)
        XCTAssertTrue(render(&app).rows.contains { $0.contains("نانثا") }, "the old translation, in visual order")

        // A new version: an entry inserted before the selected one, the selected one re-translated.
        try write("ar.po", Self.po("ar", [("Zero", "صفر"), ("One", "واحد"), ("Two", "اثنين"), ("Three", "ثلاثة")]),
                  modified: Date().addingTimeInterval(5))
        XCTAssertEqual(app.tick(), .continue)
        XCTAssertEqual(app.rows.count, 4)
        XCTAssertEqual(app.selectedRow?.entry.key, "Two", "the selection stays on the same key")
        XCTAssertEqual(app.selectedRow?.entry.translation, "اثنين")
        let after = render(&app).rows
        XCTAssertTrue(after.contains { $0.contains("نينثا") }, after.joined(separator: "\n"))
        XCTAssertEqual(app.notice, "reloaded \(path) · 4 entries")
        XCTAssertTrue(after.last!.contains("reloaded /"), after.last!)
        XCTAssertNotNil(find("Entries 3/4", in: render(&app)))
        // Nothing changed: no reload; the notice fades after its ticks.
        for _ in 0..<20 { XCTAssertEqual(app.reloadChangedFiles(), []) }
        for _ in 0..<8 { _ = app.tick() }
        XCTAssertNil(app.notice)

        // A malformed version: the loader's error shows, the last good entries stay.
        try write("ar.po", Self.po("ar", [("Zero", "صفر")]) + "\nmsgid \"Broken\nmsgstr \"x\"\n",
                  modified: Date().addingTimeInterval(10))
        _ = app.tick()
        let broken = render(&app, 120, 40).rows.joined(separator: "\n")
        XCTAssertEqual(app.fileErrors.count, 1)
        let error = try XCTUnwrap(app.fileErrors.first)
        XCTAssertGreaterThan(error.line, 0)
        XCTAssertGreaterThan(error.column, 0)
        XCTAssertTrue(broken.contains("\(path):\(error.line):\(error.column): "), broken)
        XCTAssertEqual(app.rows.count, 4, "the last good version stays")
        XCTAssertTrue(broken.contains("نينثا"))
        XCTAssertEqual(app.selectedRow?.entry.key, "Two")

        // The file disappears (an editor's save by rename): still no loss.
        try FileManager.default.removeItem(atPath: path)
        _ = app.tick()
        XCTAssertTrue(try XCTUnwrap(app.fileErrors.first).message.contains("cannot read"))
        XCTAssertEqual(app.rows.count, 4)

        // Fixed: the error goes, the new version shows.
        try write("ar.po", Self.po("ar", [("Two", "٢")]), modified: Date().addingTimeInterval(20))
        _ = app.tick()
        XCTAssertTrue(app.fileErrors.isEmpty)
        XCTAssertEqual(app.rows.map(\.entry.key), ["Two"])
        XCTAssertFalse(render(&app).rows.joined().contains("✗ \(path)"))
    }

    func test_liveReload_ofTheSourceCatalog_updatesTheSourceTextAndTheFindings() throws {
        let ar = try write("ar.json", #"{"greeting": "مرحبا %s", "bye": "وداعا"}"#)
        let en = try write("en.json", #"{"greeting": "Hello", "bye": "Bye"}"#, modified: Date().addingTimeInterval(-60))
        var app = try makeApp([ar], source: en, locale: "ar")
        select(&app, key: "greeting")
        XCTAssertEqual(app.sourceText(of: app.selectedRow!), "Hello")
        XCTAssertTrue(app.selectedRow!.findings.contains { $0.id == "placeholder-added" })
        XCTAssertTrue(render(&app, 120, 40).rows.contains { $0.contains("source (--source):") })
        try write("en.json", #"{"greeting": "Hello %s", "bye": "Bye"}"#, modified: Date().addingTimeInterval(5))
        _ = app.tick()
        XCTAssertEqual(app.sourceText(of: app.selectedRow!), "Hello %s")
        XCTAssertFalse(app.selectedRow!.findings.contains { $0.id == "placeholder-added" })
    }

    // MARK: - R22

    func test_R22_escapeSequencesAndControlsInACatalog_neverReachACell() throws {
        let esc = "\u{1B}"
        let hostile = [
            ("Clear", "نص \(esc)[2J بعد"),
            ("Clipboard", "\(esc)]52;c;aGVsbG8=\u{07} نسخ"),
            ("Bell", "جرس\u{07}\u{07}"),
            ("C1", "أمر \u{9B}31m أحمر"),
            ("Key \(esc)[31m", "مفتاح"),
            ("Isolate", "\u{2067}مفتوح"),
            ("Latin", "Clear \(esc)[2J now"),
        ]
        var text = "msgid \"\"\nmsgstr \"\"\n\"Language: ar\\n\"\n"
        for (k, v) in hostile { text += "\nmsgid \"\(k)\"\nmsgstr \"\(v)\"\n" }
        let path = try write("hostile.po", text)
        var app = try makeApp([path])
        XCTAssertEqual(app.rows.count, hostile.count)
        var sawPlaceholder = false
        for (w, h) in [(80, 24), (120, 40), (41, 12)] {
            _ = app.handle(.home)
            for _ in 0..<app.visible.count {
                // Each panel at its top, then scrolled to its end.
                for step in 0..<4 {
                    for scrolled in [false, true] {
                        if scrolled && step == 0 { continue }
                        if scrolled { _ = app.handle(.end) }
                        let b = render(&app, w, h)
                        for cell in b.cells {
                            for u in cell.symbol.unicodeScalars {
                                XCTAssertFalse(Sanitizer.isControl(u.value), "control U+\(String(u.value, radix: 16)) in a cell")
                                XCTAssertFalse(Sanitizer.isBidiControl(u.value), "bidi control U+\(String(u.value, radix: 16)) in a cell")
                            }
                        }
                        if b.rows.joined().contains("Clear ␛[2J now") { sawPlaceholder = true }
                    }
                    _ = app.handle(.tab)
                }
                XCTAssertEqual(app.focus, .list)
                _ = app.handle(.down)
            }
        }
        XCTAssertTrue(sawPlaceholder, "ESC [2J shows as the visible text ␛[2J")
        // The help overlay and the search field with pasted controls are safe too.
        _ = app.handle(.character("/"))
        for ch in "\(esc)[2Jx" { _ = app.handle(.character(ch)) }
        XCTAssertEqual(app.query, "[2Jx", "control characters are not typed into the field")
    }

    // MARK: - Keys, sizes

    func test_helpDirectionShapingAndQuitKeys() throws {
        let ar = try write("ar.po", Self.po("ar", [("Hello", "مرحبا")]))
        var app = try makeApp([ar])
        _ = app.handle(.character("?"))
        XCTAssertTrue(render(&app).rows.joined().contains("Ctrl-C"))
        XCTAssertEqual(app.handle(.character("q")), .continue, "q closes the help first")
        XCTAssertFalse(app.showHelp)
        let shaped = render(&app).rows.joined()
        XCTAssertTrue(shaped.unicodeScalars.contains { (0xFE70...0xFEFF).contains($0.value) }, "R20: shaped")
        _ = app.handle(.character("s"))
        XCTAssertFalse(render(&app).rows.joined().unicodeScalars.contains { (0xFE70...0xFEFF).contains($0.value) })
        XCTAssertTrue(app.status.contains("unshaped"))
        _ = app.handle(.character("d"))
        _ = app.handle(.character("d"))
        XCTAssertEqual(app.direction, .rtl)
        XCTAssertTrue(app.status.contains("RTL!"))
        _ = app.handle(.character("d"))
        XCTAssertTrue(app.status.contains("RTL ·"))
        XCTAssertEqual(app.handle(.tab), .continue)
        XCTAssertEqual(app.focus, .preview)
        XCTAssertEqual(app.handle(.backTab), .continue)
        XCTAssertEqual(app.focus, .list)
        XCTAssertEqual(app.handle(.escape), .quit)
        XCTAssertEqual(app.handle(.ctrl("c")), .quit)
        _ = app.handle(.character("/"))
        XCTAssertEqual(app.handle(.ctrl("c")), .quit, "Ctrl-C quits even while searching")
    }

    func test_listMovement_pagesAndEnds() throws {
        let entries = (1...60).map { ("Key \($0)", "ערך \($0)") }
        let he = try write("he.po", Self.po("he", entries))
        var app = try makeApp([he])
        _ = render(&app)
        _ = app.handle(.end)
        XCTAssertEqual(app.selected, 59)
        XCTAssertNotNil(find("Entries 60/60", in: render(&app)))
        _ = app.handle(.pageUp)
        XCTAssertLessThan(app.selected!, 59)
        XCTAssertGreaterThan(app.selected!, 40)
        _ = app.handle(.home)
        XCTAssertEqual(app.selected, 0)
        _ = app.handle(.down)
        XCTAssertEqual(app.selectedRow?.entry.key, "Key 2")
        _ = app.handle(.up)
        _ = app.handle(.up)
        XCTAssertEqual(app.selected, 0)
    }

    func test_tinyAndZeroSizeBuffers_renderWithoutTrouble() throws {
        let he = try write("he.po", Self.po("he", Self.hebrew))
        var app = try makeApp([he])
        for (w, h) in [(0, 0), (1, 1), (0, 5), (5, 0), (2, 3), (39, 11), (40, 12), (41, 13), (80, 24), (300, 100)] {
            var b = Buffer(width: w, height: h)
            _ = app.render(into: &b)
            XCTAssertEqual(b.rows.count, h)
        }
        let small = render(&app, 30, 8).rows.joined()
        XCTAssertTrue(small.contains("30×8"), small)
        // Help and search at the smallest full layout.
        _ = app.handle(.character("?"))
        _ = render(&app, 40, 12)
        _ = app.handle(.escape)
        _ = app.handle(.character("/"))
        var b = Buffer(width: 40, height: 12)
        XCTAssertNotNil(app.render(into: &b))
    }

    // MARK: - Start-up errors

    func test_malformedOrMissingFilesAtStart_throwEveryProblemWithFileLineColumn() throws {
        let good = try write("good.po", Self.po("ar", [("a", "ب")]))
        let bad = try write("bad.po", "msgid \"x\"\nmsgstr \"y\n")
        let missing = dir.appendingPathComponent("missing.po").path
        XCTAssertThrowsError(try makeApp([good, bad, missing])) { error in
            let e = error as! BrowseLoadError
            XCTAssertEqual(e.problems.count, 2)
            XCTAssertTrue(e.problems[0].description.hasPrefix("\(bad):2:"), e.problems[0].description)
            XCTAssertEqual(e.problems[1].file, missing)
        }
        XCTAssertThrowsError(try makeApp([good], source: bad)) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(bad):2:"), "\(error)")
        }
        XCTAssertNoThrow(try makeApp([good]))
    }

    func test_severalCatalogs_allEntriesListed_eachInItsOwnDirection() throws {
        let ar = try write("ar.po", Self.po("ar", [("Hello", "مرحبا")]))
        let en = try write("en.po", Self.po("en", [("Hello", "Hello there!")]))
        var app = try makeApp([en, ar])
        XCTAssertEqual(app.rows.count, 2)
        XCTAssertEqual(app.locale, "ar", "the first right-to-left catalog decides the layout")
        XCTAssertEqual(app.direction, .rtl)
        select(&app, key: "Hello")
        XCTAssertEqual(app.stringDirection(of: app.selectedRow!), .ltr, "the English string in an LTR paragraph")
        XCTAssertTrue(render(&app, 120, 40).rows.joined().contains("en, LTR paragraph"))
        _ = app.handle(.down)
        XCTAssertEqual(app.stringDirection(of: app.selectedRow!), .rtl)
    }
}
