import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// `rtl-tui render --screen` as a user runs it.
final class ScreenCLITests: XCTestCase {
    let screens = Repository.demoScreens, catalogs = Repository.demoCatalogs
    private func screen(_ id: String) -> String { "\(screens)/\(id).yaml" }
    private func catalog(_ locale: String) -> String { "\(catalogs)/\(locale).po" }

    /// The environment of the test run without `COLUMNS`, so `--both` uses its documented default.
    private var environmentWithoutColumns: [String: String] {
        var e = ProcessInfo.processInfo.environment
        e["COLUMNS"] = nil
        e["NO_COLOR"] = nil
        return e
    }

    /// Cells a line takes in a terminal (the sum of its scalars' widths, as the buffer counts them).
    private func cells(_ line: String) -> Int {
        line.unicodeScalars.reduce(0) { $0 + WidthTable.width($1) }
    }

    /// The characters of `line` that fill its first `n` cells.
    private func prefix(_ line: String, cells n: Int) -> String {
        var out = "", used = 0
        for ch in line {
            let w = cells(String(ch))
            if used + w > n { break }
            out.append(ch)
            used += w
        }
        return out
    }

    /// A directory for screen files written by a test, removed afterwards.
    private func temporaryDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rtl-tui-screen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    private func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    // MARK: - Formats

    func test_plain_isTheGoldenScreenWithNoEscapeByte() throws {
        let r = try Command.run(["render", "--screen", screen("settings"), "--strings", catalog("ar"), "--format", "plain"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stdout.contains(0x1B), "plain output contains ESC")
        XCTAssertFalse(r.stdout.contains { $0 < 0x20 && $0 != 0x0A }, "plain output contains a control byte")
        XCTAssertEqual(r.lines.count, 24)
        XCTAssertEqual(r.lines.map(cells), Array(repeating: 80, count: 24))
        // The default size, the locale from the catalog (ar: RTL, R1): what the golden file holds.
        let golden = try String(contentsOfFile: GoldenFile.path(screen: "settings", locale: "ar", direction: "rtl"), encoding: .utf8)
        XCTAssertEqual(r.lines, try GoldenFile.decode(golden, path: "settings.ar.rtl.txt"))
        XCTAssertEqual(r.stderr, "", "no missing key, no warning")
    }

    func test_ansi_addsColoursAndResetsEveryRow_NO_COLORKeepsAttributesOnly() throws {
        let args = ["render", "--screen", screen("settings"), "--strings", catalog("he"), "--format", "ansi"]
        let r = try Command.run(args, environment: environmentWithoutColumns)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines.count, 24)
        XCTAssertTrue(r.text.contains(BufferExport.sgr(Theme.default.barFill) + "█"), "the bar fill in green on the track colour")
        XCTAssertTrue(r.text.contains("\u{1B}[0;38;5;22;48;5;250m█"))
        for line in r.lines where line.contains("\u{1B}[") {
            XCTAssertTrue(line.hasSuffix("\u{1B}[0m"), "a styled row ends with a reset: \(line.debugDescription)")
        }
        var e = environmentWithoutColumns
        e["NO_COLOR"] = "1"
        let mono = try Command.run(args, environment: e)
        XCTAssertEqual(mono.status, 0, mono.stderr)
        XCTAssertFalse(mono.text.contains("38;5;") || mono.text.contains(";32") || mono.text.contains("48;5;"), "no colour under NO_COLOR")
        XCTAssertTrue(mono.text.contains("\u{1B}[0;1m"), "bold titles stay")
    }

    func test_html_isACompleteDocumentWithTheScreensText() throws {
        let r = try Command.run(["render", "--screen", screen("settings"), "--strings", catalog("en"), "--dir", "rtl", "--format", "html"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let page = r.text
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"), String(page.prefix(40)))
        XCTAssertTrue(page.hasSuffix("</html>\n"))
        XCTAssertTrue(page.contains("<meta charset=\"utf-8\">"))
        XCTAssertTrue(page.contains("<title>settings — en, rtl — rtl-tui</title>"), "the title names screen, locale and direction")
        for text in ["Brightness", "Dark mode", "Version 2.4.1 (build 5120)", "Wi‑Fi &amp; Bluetooth"] {
            XCTAssertTrue(page.contains(text), "the page shows \(text)")
        }
        XCTAssertEqual(page.components(separatedBy: "<span class=\"row\">").count - 1, 24, "one row span per screen row")
        XCTAssertFalse(page.contains("<script") || page.contains("<link") || page.contains("src="), "self-contained")
        XCTAssertTrue(page.contains("background:#"), "with the colours")
        XCTAssertFalse(r.stdout.contains(0x1B))
    }

    /// `--format svg`: one self-contained picture of the cells (its structure and rendering are
    /// tested with `BufferExport.svg`).
    func test_svg_isASelfContainedPictureOfTheCells() throws {
        let r = try Command.run(["render", "--screen", screen("settings"), "--strings", catalog("ar"), "--format", "svg"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let svg = r.text
        XCTAssertTrue(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""), String(svg.prefix(80)))
        XCTAssertTrue(svg.contains("width=\"800\" height=\"432\""), "80 × 24 cells of 10 × 18")
        XCTAssertTrue(svg.contains("<title>settings — ar, rtl — rtl-tui</title>"))
        XCTAssertTrue(svg.hasSuffix("</svg>\n"))
        XCTAssertFalse(svg.contains("<image") || svg.contains("href=") || svg.contains("@import"), "self-contained")
        XCTAssertTrue(svg.contains("ﺕﺍﺩﺍﺪﻋﻹﺍ") == false && svg.contains(">ﺕ</tspan>"), "one glyph per cell, shaped")
        XCTAssertFalse(r.stdout.contains(0x1B))
        let both = try Command.run(["render", "--screen", screen("settings"), "--strings", catalog("ar"), "--format", "svg", "--both", "--width", "40", "--height", "12"])
        XCTAssertTrue(both.text.contains("width=\"820\" height=\"234\""), "two 40-column screens 2 apart, under a caption row")
        let text = try Command.run(["render", "--format", "svg", "abc"])
        XCTAssertEqual(text.status, 64)
        XCTAssertTrue(text.stderr.contains("--format svg needs --screen"), text.stderr)
    }

    // MARK: - Direction, locale, size, numerals

    func test_locale_comesFromTheFirstCatalog_andSetsTheDirection() throws {
        let he = try Command.run(["render", "--screen", screen("settings"), "--strings", catalog("he")])
        XCTAssertEqual(he.status, 0, he.stderr)
        XCTAssertTrue(he.lines.first?.hasSuffix(" תורדגה ─┐") ?? false, "Hebrew: RTL, title at the right (R1, R2)")
        let ltr = try Command.run(["render", "--screen", screen("settings"), "--strings", catalog("he"), "--dir", "ltr"])
        XCTAssertTrue(ltr.lines.first?.hasPrefix("┌─ תורדגה ") ?? false, "--dir ltr overrides the locale's direction")
        let en = try Command.run(["render", "--screen", screen("settings"), "--strings", catalog("en"), "--locale", "ar"])
        XCTAssertTrue(en.lines.first?.hasSuffix(" Settings ─┐") ?? false, "--locale ar: RTL with the English catalog")
        XCTAssertTrue(en.text.contains("٪٤٢"), "--locale ar: Arabic-Indic digits (R6); ٪ to their left in RTL")
        let alone = try temporaryDirectory() + "/settings.yaml"
        try FileManager.default.copyItem(atPath: screen("settings"), toPath: alone)
        let none = try Command.run(["render", "--screen", alone])
        XCTAssertEqual(none.status, 0)
        XCTAssertTrue(none.lines.first?.hasPrefix("┌─ ⟦settings.title⟧ ") ?? false, "no catalog: en, LTR, keys shown")
    }

    /// Without `--strings`, the catalogs beside the screen (as `preview` finds them); `--locale`
    /// chooses among them, and a catalog of another language is never read.
    func test_catalogsBesideTheScreen_andTheLocaleChoosesAmongThem() throws {
        let besides = try Command.run(["render", "--screen", screen("settings"), "--locale", "he"])
        XCTAssertEqual(besides.status, 0, besides.stderr)
        XCTAssertTrue(besides.lines.first?.hasSuffix(" תורדגה ─┐") ?? false, besides.text)
        XCTAssertFalse(besides.text.contains("⟦"), besides.text)
        // Arabic first on the command line, Hebrew asked for: Hebrew text (the Arabic catalog is not read).
        let souk = Repository.root.appendingPathComponent("Examples/souk").path
        let mixed = try Command.run(["render", "--screen", souk + "/home.yaml", "--strings", souk + "/po/ar.po",
                                     "--strings", souk + "/Localizable.xcstrings", "--locale", "he"])
        XCTAssertEqual(mixed.status, 0, mixed.stderr)
        XCTAssertTrue(mixed.text.contains(String("שוק: דף הבית".reversed())), mixed.text)
        XCTAssertFalse(mixed.text.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) }, "no Arabic letter:\n\(mixed.text)")
        // Android's layout: `values/` is the source, whatever the order of --strings.
        let res = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: res + "/values-iw", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: res + "/values", withIntermediateDirectories: true)
        try write("<resources><string name=\"settings.title\">הגדרות</string></resources>", to: res + "/values-iw/strings.xml")
        try write("<resources><string name=\"settings.title\">Settings</string></resources>", to: res + "/values/strings.xml")
        let pseudo = try Command.run(["render", "--screen", screen("settings"), "--strings", res + "/values-iw/strings.xml",
                                      "--strings", res + "/values/strings.xml", "--pseudo", "en-XA"])
        XCTAssertTrue(pseudo.lines.first?.contains("[Šéţţîñĝš one]") ?? false, pseudo.text)
        let hebrew = try Command.run(["render", "--screen", screen("settings"), "--strings", res + "/values/strings.xml",
                                      "--strings", res + "/values-iw/strings.xml", "--locale", "he"])
        XCTAssertTrue(hebrew.lines.first?.contains("תורדגה") ?? false, hebrew.text)
        // A locale no catalog holds: a warning, the source language's text.
        let ps = try Command.run(["render", "--screen", souk + "/home.yaml", "--locale", "ps"])
        XCTAssertEqual(ps.status, 0, ps.stderr)
        XCTAssertTrue(ps.stderr.contains("warning: no catalog is in ps"), ps.stderr)
        XCTAssertTrue(ps.text.contains(String("Souk: home".reversed())) || ps.text.contains("Souk: home"), ps.text)
    }

    func test_size_widthAndHeight() throws {
        let r = try Command.run(["render", "--screen", screen("player"), "--strings", catalog("fa"), "--width", "60", "--height", "18"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines.count, 18)
        XCTAssertEqual(Set(r.lines.map(cells)), [60])
    }

    func test_numeralsOverrideTheLocalesDigits() throws {
        let base = ["render", "--screen", screen("settings"), "--strings", catalog("en")]
        let latn = try Command.run(base)
        XCTAssertTrue(latn.text.contains("42%") && latn.text.contains("Storage used: 75%"), latn.text)
        let arab = try Command.run(base + ["--numerals", "arab"])
        XCTAssertEqual(arab.status, 0, arab.stderr)
        XCTAssertTrue(arab.text.contains("٪٤٢"), "the percentage in Arabic-Indic digits, as ICU writes it for them (CLDR ar: sign after the digits in reading order)")
        XCTAssertTrue(arab.text.contains("Storage used: ٧٥%"), "a number argument in Arabic-Indic digits")
        XCTAssertTrue(arab.text.contains("٠") && arab.text.contains("١٠٠"), "slider ticks")
        XCTAssertTrue(arab.text.contains("Version 2.4.1 (build 5120)"), "catalog text keeps its digits (R7)")
        let fa = try Command.run(["render", "--screen", screen("settings"), "--strings", catalog("fa"), "--numerals", "latn"])
        XCTAssertTrue(fa.text.contains("42%"), "--numerals latn in Persian")
        XCTAssertFalse(fa.text.contains("۴۲"))
    }

    func test_both_sideBySideWhenItFits_stackedOtherwise() throws {
        let args = ["render", "--screen", screen("settings"), "--strings", catalog("he"), "--width", "40", "--height", "12", "--both"]
        let side = try Command.run(args, environment: environmentWithoutColumns)
        XCTAssertEqual(side.status, 0, side.stderr)
        XCTAssertEqual(side.lines.count, 13, "a caption row and 12 rows")
        XCTAssertEqual(Set(side.lines.map(cells)), [82], "40 + 2 + 40 cells")
        XCTAssertTrue(side.lines[0].hasPrefix("LTR "))
        XCTAssertEqual(String(side.lines[0].dropFirst(42).prefix(3)), "RTL")
        XCTAssertTrue(side.lines[1].hasPrefix("┌─ תורדגה "), "the left screen is LTR")
        XCTAssertTrue(side.lines[1].hasSuffix(" תורדגה ─┐"), "the right screen is RTL")

        var narrow = environmentWithoutColumns
        narrow["COLUMNS"] = "81"
        let stacked = try Command.run(args, environment: narrow)
        XCTAssertEqual(stacked.status, 0, stacked.stderr)
        XCTAssertEqual(stacked.lines.count, 26, "LTR above RTL, each with its caption")
        XCTAssertEqual(Set(stacked.lines.map(cells)), [40])
        XCTAssertTrue(stacked.lines[0].hasPrefix("LTR"))
        XCTAssertTrue(stacked.lines[13].hasPrefix("RTL"))
        XCTAssertEqual(Array(stacked.lines[1...12]), side.lines[1...12].map { prefix($0, cells: 40) })
        XCTAssertTrue(stacked.lines[14].hasSuffix(" תורדגה ─┐"))

        narrow["COLUMNS"] = "82"
        XCTAssertEqual(try Command.run(args, environment: narrow).lines.count, 13, "82 columns fit side by side")
    }

    // MARK: - Problems

    func test_missingKey_isDrawnMarkedAndReportedWithFileLineColumn() throws {
        let dir = try temporaryDirectory()
        let path = dir + "/missing.yaml"
        try write("""
            screen: missing
            title: nope.title
            root:
              type: vstack
              children:
                - {type: label, text: settings.darkMode}
                - {type: label, text: nope.key}
            """, to: path)
        let r = try Command.run(["render", "--screen", path, "--strings", catalog("en"), "--width", "30", "--height", "5"])
        XCTAssertEqual(r.status, 0, "a missing key is a warning: \(r.stderr)")
        XCTAssertTrue(r.text.contains("⟦nope.key⟧"), r.text)
        XCTAssertTrue(r.text.contains("Dark mode"))
        let lines = r.stderr.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.hasPrefix("\(path):7:") && $0.contains("missing catalog key \"nope.key\"") }, r.stderr)
        XCTAssertTrue(lines.contains { $0.hasPrefix("\(path):2:8: ") && $0.contains("\"nope.title\"") }, "the title key's own position: \(r.stderr)")
        XCTAssertEqual(lines.count, 2, r.stderr)
    }

    /// Every text cut for want of room is named on standard error, where it is in the screen file,
    /// with its key and the cells it needs and has; the exit status does not change.
    func test_truncatedTexts_areNamedOnStandardError_exitStatusUnchanged() throws {
        let r = try Command.run(["render", "--screen", screen("settings"), "--strings", catalog("ar"), "--width", "60", "--height", "20"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines.count, 20)
        XCTAssertEqual(r.stderr, "\(screen("settings")):53:13: warning: truncated \"settings.wifiInMenu\": needs 27 cells, has 25\n")
        XCTAssertTrue(r.text.contains("…ﻮﻘﻟﺍ ﻂﻳﺮﺷ ﻲﻓ Wi‑Fi ﺭﺎﻬﻇﺇ"), "and drawn cut, the … at its logical end")
        let wide = try Command.run(["render", "--screen", screen("settings"), "--strings", catalog("ar")])
        XCTAssertEqual(wide.stderr, "", "nothing is cut at 80 × 24")
        // Both directions: each cut text once.
        let both = try Command.run(["render", "--screen", screen("settings"), "--strings", catalog("en"), "--pseudo", "en-XA", "--both", "--width", "60", "--height", "20"])
        let lines = both.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, Set(lines).count, both.stderr)
        XCTAssertTrue(lines.contains("\(screen("settings")):14:9: warning: truncated \"settings.network\": needs 27 cells, has 20"), both.stderr)
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix(screen("settings") + ":") && $0.contains(": warning: truncated \"settings.") }, both.stderr)
    }

    /// `--pseudo ar-XB` mirrors a screen whose only catalog is English; with an `.xcstrings`
    /// catalog the source language is used.
    func test_pseudo_arXB_mirrorsAScreenWhoseOnlyCatalogIsEnglish() throws {
        let r = try Command.run(["render", "--screen", screen("settings"), "--strings", catalog("en"), "--pseudo", "ar-XB"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.lines[0].hasSuffix(" sgnitteS ─┐"), r.lines[0])
        XCTAssertTrue(r.text.contains("yalpsiD ◂"), r.text)
        let same = try Command.run(["render", "--screen", screen("settings"), "--strings", catalog("en"), "--locale", "ar-XB"])
        XCTAssertEqual(same.lines, r.lines, "--pseudo ar-XB is --locale ar-XB")
        let souk = Repository.path("Examples/souk")
        let x = try Command.run(["render", "--screen", souk + "/cart.yaml", "--strings", souk + "/Localizable.xcstrings", "--pseudo", "ar-XB"])
        XCTAssertEqual(x.status, 0, x.stderr)
        XCTAssertTrue(x.lines[0].hasSuffix(" trac ruoY ─┐"), x.lines[0])
        let accented = try Command.run(["render", "--screen", screen("settings"), "--strings", catalog("en"), "--pseudo", "en-XA"])
        XCTAssertTrue(accented.lines[0].hasPrefix("┌─ [Šéţţîñĝš one] ─"), accented.lines[0])
        let text = try Command.run(["render", "--pseudo", "ar-XB", "abc"])
        XCTAssertEqual(text.status, 64)
        XCTAssertTrue(text.stderr.contains("--pseudo needs --screen"), text.stderr)
    }

    func test_brokenScreen_exits65_withEveryDiagnosticAndNoOutput() throws {
        let dir = try temporaryDirectory()
        let path = dir + "/broken.yaml"
        try write("""
            screen: broken
            root:
              type: vstack
              children:
                - {type: slidr, value: 0.5}
                - {type: label, txt: settings.darkMode}
                - {type: progress, value: 1.5}
            """, to: path)
        let r = try Command.run(["render", "--screen", path, "--strings", catalog("en")])
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertEqual(r.stdout.count, 0, "nothing on stdout")
        let lines = r.stderr.split(separator: "\n").map(String.init)
        let located = lines.filter { $0.range(of: #"^\Q\#(path)\E:\d+:\d+: error: "#, options: .regularExpression) != nil }
        XCTAssertEqual(located.count, lines.count, "every line is path:line:column: error: …\n\(r.stderr)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("\(path):5:") && $0.contains("slidr") }, r.stderr)
        XCTAssertTrue(lines.contains { $0.hasPrefix("\(path):6:") && $0.contains("txt") }, r.stderr)
        XCTAssertTrue(lines.contains { $0.hasPrefix("\(path):7:") && $0.contains("1.5") }, r.stderr)

        let missing = try Command.run(["render", "--screen", dir + "/none.yaml"])
        XCTAssertEqual(missing.status, 65)
        XCTAssertTrue(missing.stderr.hasPrefix("\(dir)/none.yaml:1:1: error: "), missing.stderr)
        XCTAssertEqual(missing.stdout.count, 0)
    }

    func test_unreadableCatalog_exits65_withTheLoadersPosition() throws {
        let dir = try temporaryDirectory()
        let po = dir + "/bad.po"
        try write("msgid \"a\"\nmsgstr \"b\"\nmsgid \"c\" oops\n", to: po)
        let r = try Command.run(["render", "--screen", screen("settings"), "--strings", catalog("en"), "--strings", po])
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertEqual(r.stdout.count, 0)
        XCTAssertNotNil(r.stderr.range(of: #"^\Q\#(po)\E:3:\d+: "#, options: .regularExpression), r.stderr)
        let absent = try Command.run(["render", "--screen", screen("settings"), "--strings", dir + "/absent.po"])
        XCTAssertEqual(absent.status, 65)
        XCTAssertTrue(absent.stderr.contains("\(dir)/absent.po"), absent.stderr)
    }

    func test_catalogWarnings_areReportedAndTheScreenIsStillDrawn() throws {
        let dir = try temporaryDirectory()
        // `en_US` reads the `en` catalog after its own.
        let po = dir + "/en_US.po"
        try write("msgid \"settings.darkMode\"\nmsgstr \"Night\"\n\nmsgid \"settings.darkMode\"\nmsgstr \"Day\"\n", to: po)
        let r = try Command.run(["render", "--screen", screen("settings"), "--strings", po, "--strings", catalog("en")])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertNotNil(r.stderr.range(of: #"(^|\n)\Q\#(po)\E:4:\d+: warning: "#, options: .regularExpression), r.stderr)
        XCTAssertTrue(r.text.contains("Night"), "the first entry wins, and the first catalog before the second")
        XCTAssertFalse(r.text.contains("Dark mode"))
        XCTAssertTrue(r.text.contains("Brightness"), "keys the first catalog lacks come from the second")
    }

    func test_usageErrors_exit64() throws {
        for args in [["--width", "0"], ["--height", "0"], ["--height", "-3"], ["--width", "5000"]] {
            let r = try Command.run(["render", "--screen", screen("settings")] + args)
            XCTAssertEqual(r.status, 64, "\(args): \(r.stderr)")
            XCTAssertEqual(r.stdout.count, 0, "\(args)")
        }
        for args in [["--both"], ["--strings", catalog("en")], ["--height", "10"]] {
            let r = try Command.run(["render"] + args, stdin: Data("x\n".utf8))
            XCTAssertEqual(r.status, 64, "\(args) without --screen: \(r.stderr)")
        }
    }
}
