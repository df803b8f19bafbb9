import BidiTerm
import Foundation
import TestSupport
import XCTest

/// `rtl-tui run` as a QA instrument, in tmux: the recording of a session replays row by row as it
/// was drawn (and `asciinema play` shows it so where it is installed), a snapshot on the command
/// key writes the screen as drawn and as written.
final class RunQAE2ETests: XCTestCase {
    static let lines = ["שלום עולם: גרסה 1.2 כאן", "مرحبا بالعالم (2024)", "این یک متن فارسی است"]

    /// The text of the "o" events of an asciicast v2 file, its size, and its "r" events.
    static func castOutput(_ path: String) throws -> (columns: Int, rows: Int, output: String, resizes: [String]) {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        let header = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lines.removeFirst().utf8)) as? [String: Any])
        XCTAssertEqual(header["version"] as? Int, 2)
        var out = "", resizes: [String] = []
        for l in lines {
            let e = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(l.utf8)) as? [Any])
            if e[1] as? String == "o" { out += e[2] as? String ?? "" }
            if e[1] as? String == "r" { resizes.append(e[2] as? String ?? "") }
        }
        return (header["width"] as? Int ?? 0, header["height"] as? Int ?? 0, out, resizes)
    }

    func test_record_replaysAsDrawn_logicalBeside_resizeRecorded() throws {
        let home = try RunE2E.temporaryDirectory(self)
        let cast = home + "/s.cast", logical = home + "/l.cast"
        let script = "printf '%s\\n' " + Self.lines.map { "'\($0)'" }.joined(separator: " ") + "; read x"
        let tmux = try TmuxHarness(columns: 80, rows: 10)
        defer { tmux.tearDown() }
        try tmux.start(try RunE2E.runCommand(["/bin/sh", "-c", script], options: ["--record", cast, "--record-logical", logical]),
                       environment: ["HOME": home])
        let visual = try Self.lines.map { try RunE2E.visual($0) }
        let drawn = try tmux.waitUntil("the three rows under run", timeout: 8) { s in visual.allSatisfy { s.contains($0) } }
        try tmux.resize(columns: 70, rows: 10)
        try tmux.sendKeys("Enter")
        XCTAssertEqual(try tmux.waitForExit(), .exited(0))
        let (w, h, output, resizes) = try Self.castOutput(cast)
        XCTAssertEqual([w, h], [80, 10])
        XCTAssertEqual(resizes, ["70x10"])
        // The drawn bytes, played into a fresh tmux pane of the recorded size (no bidi there):
        // the rows as they were drawn.
        let replayFile = home + "/replay.bytes"
        try Data(output.utf8).write(to: URL(fileURLWithPath: replayFile))
        let replay = try TmuxHarness(columns: 80, rows: 10)
        defer { replay.tearDown() }
        try replay.start(["/bin/sh", "-c", "stty raw -echo; cat '\(replayFile)'; sleep 30"])
        let shown = try replay.waitUntil("the replay", timeout: 8) { s in visual.allSatisfy { s.contains($0) } }
        for (y, row) in drawn.rows.enumerated() where visual.contains(row) {
            XCTAssertEqual(shown.row(y), row, "row \(y)")
        }
        // The program's own bytes: logical order.
        let (_, _, programOutput, _) = try Self.castOutput(logical)
        for l in Self.lines { XCTAssertTrue(programOutput.contains(l), programOutput) }
    }

    func test_record_playsInAsciinema_asDrawn() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/asciinema") else { throw XCTSkip("asciinema is not installed") }
        let home = try RunE2E.temporaryDirectory(self)
        let cast = home + "/s.cast"
        let tmux = try TmuxHarness(columns: 80, rows: 8)
        defer { tmux.tearDown() }
        try tmux.start(try RunE2E.runCommand(["/bin/sh", "-c", "printf '%s\\n' '\(Self.lines[0])'; sleep 0.3"], options: ["--record", cast]),
                       environment: ["HOME": home])
        XCTAssertEqual(try tmux.waitForExit(), .exited(0))
        let play = try TmuxHarness(columns: 80, rows: 8)
        defer { play.tearDown() }
        try play.start(["/bin/sh", "-c", "asciinema play -s 10 '\(cast)'; sleep 30"], environment: ["HOME": home])
        let want = try RunE2E.visual(Self.lines[0])
        XCTAssertTrue(try play.waitFor(want, timeout: 10).contains(want))
    }

    func test_snapshot_onTheCommandKey_writesSVG_HTML_andVisualBesideLogical() throws {
        let home = try RunE2E.temporaryDirectory(self)
        let dir = home + "/snaps"
        let tmux = try TmuxHarness(columns: 80, rows: 8)
        defer { tmux.tearDown() }
        try tmux.start(try RunE2E.runCommand(["/bin/sh", "-c", "printf '%s\\n' '\(Self.lines[0])'; read x"], options: ["--snapshot-dir", dir]),
                       environment: ["HOME": home])
        let want = try RunE2E.visual(Self.lines[0])
        _ = try tmux.waitFor(want, timeout: 8)
        try tmux.sendKeys("F12")
        _ = try tmux.waitFor("rtl-tui F12")
        try tmux.sendKeys("c")
        let s = try tmux.waitFor("screen written")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        XCTAssertEqual(files.map { ($0 as NSString).pathExtension }.sorted(), ["html", "svg", "txt"], s.description)
        let name = (files[0] as NSString).deletingPathExtension
        XCTAssertTrue(s.contains(name), "the names are shown on the bottom row: \(s)")
        let text = try String(contentsOfFile: dir + "/" + name + ".txt", encoding: .utf8)
        let row = try XCTUnwrap(text.split(separator: "\n").first { $0.contains(want) }, text)
        XCTAssertTrue(row.hasSuffix("│ " + Self.lines[0]), String(row))
        let html = try String(contentsOfFile: dir + "/" + name + ".html", encoding: .utf8)
        XCTAssertTrue(html.contains("unicode-bidi: bidi-override"))
        let svg = try String(contentsOfFile: dir + "/" + name + ".svg", encoding: .utf8)
        XCTAssertTrue(svg.hasPrefix("<svg") || svg.contains("<svg "), String(svg.prefix(80)))
        // The snapshot is not in the program's screen: it goes on.
        try tmux.sendKeys("Enter")
        XCTAssertEqual(try tmux.waitForExit(), .exited(0))
    }

    func test_inspector_showsTheRunsCodePointsClassesLevelsAsInspectDoes_escSendsNothing() throws {
        let home = try RunE2E.temporaryDirectory(self)
        let text = "שלום abc"
        let tmux = try TmuxHarness(columns: 100, rows: 40)
        defer { tmux.tearDown() }
        try tmux.start(try RunE2E.runCommand(["/bin/sh", "-c", "printf '%s\\n' '\(text)'; read x; echo \"got[$x]\"; sleep 30"]),
                       environment: ["HOME": home])
        _ = try tmux.waitFor("abc " + rtl("שלום"), timeout: 8)
        try tmux.sendKeys("F12")
        _ = try tmux.waitFor("rtl-tui F12")
        try tmux.sendKeys("i")
        _ = try tmux.waitFor("inspector")
        try tmux.sendKeys("Up")
        let s = try tmux.waitFor("run: columns 1–8")
        // rtl-tui inspect of the same text: every code point's row, in the inspector too.
        let inspect = Process()
        inspect.executableURL = try BuiltBinary.rtlTUI()
        inspect.arguments = ["inspect", "--dir", "rtl", text]
        let pipe = Pipe()
        inspect.standardOutput = pipe
        try inspect.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        inspect.waitUntilExit()
        let rows = out.split(separator: "\n").filter { $0.contains("U+") }
        XCTAssertEqual(rows.count, 8, out)
        for r in rows {
            let fields = r.split(separator: " ", omittingEmptySubsequences: true)
            // code, class, level and name as inspect prints them
            let code = String(fields[1]), name = r.components(separatedBy: "   ").last!.trimmingCharacters(in: .whitespaces)
            XCTAssertTrue(s.rows.contains { $0.contains(code) && $0.contains(name) }, "\(code) \(name) not shown:\n\(s)")
        }
        XCTAssertTrue(s.contains("HEBREW LETTER SHIN"))
        XCTAssertTrue(s.rows.contains { $0.contains("U+05E9") && $0.contains(" R ") && $0.contains(" 1 ") }, s.description)
        XCTAssertTrue(s.rows.contains { $0.contains("U+0061") && $0.contains(" L ") && $0.contains(" 2 ") }, s.description)
        // The mouse moves the pointer too: a click on row 1, column 6 (SGR report, 1-based).
        try tmux.sendHex(Array("\u{1B}[<0;6;1M\u{1B}[<0;6;1m".utf8))
        let clicked = try tmux.waitFor("row 1, column 6")
        // Drawn `abc םולש`: column 6 shows ו, the third letter of שלום (code point 2).
        XCTAssertTrue(clicked.rows.contains { $0.contains("> 2 ") && $0.contains("U+05D5") }, clicked.description)
        // Esc: back to the program, nothing sent; Enter then reaches it.
        try tmux.sendKeys("Escape")
        _ = try tmux.waitUntil("the inspector closed") { !$0.contains("inspector") }
        try tmux.sendKeys("Enter")
        _ = try tmux.waitFor("got[]")
    }

    func test_strings_inspectorShowsTheEntry_listShowsEntriesAndUncoveredText_reportHasExactlyTheSeenEntries() throws {
        let home = try RunE2E.temporaryDirectory(self)
        // The catalog in the short temporary folder: the list's rows hold its path, and a clone
        // in a long path would cut them where the assertions look.
        let po = home + "/he.po"
        try FileManager.default.copyItem(atPath: Repository.fixtures.appendingPathComponent("screen-strings/he.po").path, toPath: po)
        let json = home + "/qa.json", sarif = home + "/qa.sarif"
        let script = "printf '%s\\n' 'שמירה' 'למחוק את notes.txt?' 'טקסט קשיח בלי תרגום'; read x"
        for report in [json, sarif] {
            let tmux = try TmuxHarness(columns: 100, rows: 30)
            defer { tmux.tearDown() }
            try tmux.start(try RunE2E.runCommand(["/bin/sh", "-c", script], options: ["--strings", po, "--qa-report", report]),
                           environment: ["HOME": home])
            _ = try tmux.waitFor(rtl("שמירה"), timeout: 8)
            // The list: the two entries seen, and the text no entry covers.
            var list: TmuxHarness.Screen? = nil
            for _ in 0..<20 {   // the catalog is indexed on a thread of its own
                try tmux.sendKeys("F12")
                _ = try tmux.waitFor("rtl-tui F12")
                try tmux.sendKeys("l")
                let s = try tmux.waitFor("rtl-tui strings")
                if s.contains("2 entries") { list = s; break }
                try tmux.sendKeys("q")
                usleep(200_000)
            }
            let l = try XCTUnwrap(list, "the list never showed the two entries")
            XCTAssertTrue(l.contains("Save · \(po):9"), l.description)
            XCTAssertTrue(l.contains("Delete {file}? · \(po):14"), l.description)
            XCTAssertTrue(l.contains("[no entry] row 3: " + rtl("טקסט קשיח בלי תרגום")), l.description)
            try tmux.sendKeys("q")
            _ = try tmux.waitUntil("the list closed") { !$0.contains("rtl-tui strings") }
            // The inspector on the second row: its entry, source and file:line.
            try tmux.sendKeys("F12")
            _ = try tmux.waitFor("rtl-tui F12")
            try tmux.sendKeys("i")
            _ = try tmux.waitFor("inspector")
            try tmux.sendKeys("Up", "Up")
            let i = try tmux.waitFor("entry: Delete {file}?")
            XCTAssertTrue(i.contains("\(po):14"), i.description)
            XCTAssertTrue(i.contains("source: Delete {file}?"), i.description)
            try tmux.sendKeys("Escape")
            _ = try tmux.waitUntil("the inspector closed") { !$0.contains("inspector") }
            try tmux.sendKeys("Enter")
            XCTAssertEqual(try tmux.waitForExit(), .exited(0))
        }
        // JSON: exactly the two entries, with file and line, and the uncovered text.
        let j = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let entries = try XCTUnwrap(j["entries"] as? [[String: Any]])
        XCTAssertEqual(Set(entries.compactMap { $0["key"] as? String }), ["Save", "Delete {file}?"])
        XCTAssertEqual(Set(entries.compactMap { $0["line"] as? Int }), [9, 14])
        XCTAssertTrue(entries.allSatisfy { ($0["file"] as? String) == po })
        XCTAssertEqual((j["unmatched"] as? [[String: Any]])?.compactMap { $0["text"] as? String }, ["טקסט קשיח בלי תרגום"])
        // SARIF 2.1.0: one run of rtl-tui, a result per uncovered text at least, locations by file and line.
        let s = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sarif))) as? [String: Any])
        XCTAssertEqual(s["version"] as? String, "2.1.0")
        let run = try XCTUnwrap((s["runs"] as? [[String: Any]])?.first)
        XCTAssertEqual(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["name"] as? String, "rtl-tui")
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertTrue(results.contains { $0["ruleId"] as? String == "untranslated-on-screen" }, "\(results)")
    }
}
