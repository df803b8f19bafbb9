import Foundation
import TestSupport
import XCTest
@testable import BidiTerm
@testable import RTLTUIApps

/// `rtl-tui preview` driven by keys into buffers, on a copy of `Examples/souk` (screens side by
/// side with catalogs in four formats: gettext Arabic, an `.xcstrings` file with English, Hebrew
/// and Persian, Android XML Urdu, ARB Sorani).
final class PreviewAppTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = try soukCopy(prefix: "preview")
    }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    func makeApp(locale: String? = nil, chrome: String = "en", screen: String? = nil) throws -> PreviewApp {
        var o = PreviewApp.Options()
        o.locale = locale
        o.chromeLocale = chrome
        o.screen = screen
        o.animate = false
        return PreviewApp(workspace: try PreviewWorkspace(paths: [dir.path]), options: o)
    }

    func rows(_ app: inout PreviewApp, _ w: Int = 100, _ h: Int = 30) -> [String] {
        var b = Buffer(width: w, height: h)
        _ = app.render(into: &b)
        return b.rows
    }

    func buffer(_ app: inout PreviewApp, _ w: Int = 100, _ h: Int = 30) -> Buffer {
        var b = Buffer(width: w, height: h)
        _ = app.render(into: &b)
        return b
    }

    /// `text` as the engine draws it in an RTL paragraph: shaped, in visual order.
    static func visual(_ text: String) -> String { BidiEngine().layout(text, direction: .rtl).lines.first?.text ?? "" }

    /// Writes `text` to `name` with a modification time `offset` seconds from now.
    func write(_ name: String, _ text: String, offset: TimeInterval) throws {
        try Data(text.utf8).write(to: dir.appendingPathComponent(name))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(offset)], ofItemAtPath: path(name))
    }

    // MARK: - Locales

    func test_everyCatalogFormatOffersItsLocales_andLCyclesThroughAllWithTheirDirectionAndDigits() throws {
        var app = try makeApp()
        XCTAssertEqual(app.locales, ["en", "ar", "ckb", "fa", "he", "ur", "en-XA", "ar-XB"])
        XCTAssertEqual(app.locale, "ar", "the first right-to-left locale")
        var seen: [String] = []
        let expected: [String: (LayoutDirection, NumeralSystem, String)] = [
            "en": (.ltr, .latn, "Souk: home"), "ar": (.rtl, .arab, "سوق: الرئيسية"), "ckb": (.rtl, .arab, "سووک: سەرەکی"),
            "fa": (.rtl, .arabext, "سوق: خانه"), "he": (.rtl, .latn, "שוק: דף הבית"), "ur": (.rtl, .latn, "سوق: ہوم"),
            "en-XA": (.ltr, .latn, "[Šöûķ: ĥöḿé one]"), "ar-XB": (.rtl, .arab, "emoh :kuoS"),
        ]
        for _ in 0..<8 {
            seen.append(app.locale)
            let (dir, digits, title) = try XCTUnwrap(expected[app.locale])
            XCTAssertEqual(app.direction, dir, app.locale)
            XCTAssertEqual(app.numerals, digits, app.locale)
            let screen = rows(&app).joined(separator: "\n")
            let shown = dir == .rtl && PseudoLocale(locale: app.locale) == nil ? Self.visual(title) : title
            XCTAssertTrue(screen.contains(shown), "\(app.locale): no \(shown) in\n\(screen)")
            XCTAssertTrue(rows(&app)[0].contains(app.locale), "the status names the locale")
            _ = app.handle(.character("l"))
        }
        XCTAssertEqual(Set(seen), Set(app.locales))
        XCTAssertEqual(app.locale, "ar", "back to the start")
        _ = app.handle(.character("L"))
        XCTAssertEqual(app.locale, "en", "L goes back")
    }

    /// Urdu from Android XML: right to left, the sidebar at the right, Western digits (CLDR's
    /// default for Urdu) in the count the screen supplies.
    func test_urdu_fromAndroidXML_isRightToLeftWithWesternDigits() throws {
        var app = try makeApp(locale: "ur_PK.UTF-8", screen: "cart")
        XCTAssertEqual(app.locale, "ur-PK")
        XCTAssertTrue(app.locales.contains("ur-PK"), "a --locale no catalog names is offered too")
        let screen = rows(&app)
        XCTAssertTrue(screen.contains { $0.contains(Self.visual("ٹوکری میں اشیاء: 2")) }, screen.joined(separator: "\n"))
        XCTAssertTrue(screen.contains { $0.contains("60%") })
        // The list's marker at the right of its item (R15, R4).
        XCTAssertTrue(screen.contains { $0.contains(Self.visual("وائرلیس ہیڈفون") + " ◂") }, screen.joined(separator: "\n"))
    }

    /// Any locale name, even one no catalog has: its direction and digits, the source text.
    func test_aLocaleWithoutCatalog_usesItsDirectionAndDigits_withTheSourceText() throws {
        var app = try makeApp(locale: "ps", screen: "cart")
        XCTAssertEqual(app.direction, .rtl)
        XCTAssertEqual(app.numerals, .arabext)
        XCTAssertTrue(rows(&app).contains { $0.contains("۶۰٪") })
        XCTAssertTrue(rows(&app).joined().contains(Self.visual("Your cart")) || rows(&app).joined().contains("Your cart"))
    }

    func test_pseudoArXB_mirrorsTheScreen_fromTheEnglishSource() throws {
        var app = try makeApp(locale: "ar-XB")
        XCTAssertEqual(app.direction, .rtl)
        let screen = rows(&app)
        // Each word mirrored, the sidebar at the right (R2), its marker pointing left (R15).
        XCTAssertTrue(screen.contains { $0.contains("stelbat & senohP ◂") }, screen.joined(separator: "\n"))
        let sidebar = try XCTUnwrap(screen.first { $0.contains("seirogetaC") })
        XCTAssertGreaterThan(sidebar.distance(from: sidebar.startIndex, to: sidebar.range(of: "seirogetaC")!.lowerBound), 60)
        // The argument is not transformed: "Layla" reads as written.
        XCTAssertTrue(screen.contains { $0.contains("Layla ,kcab emocleW") }, screen.joined(separator: "\n"))
    }

    // MARK: - Status and chrome

    /// Every status item is its own isolate, so the items keep their order in every language.
    func test_statusItemsAreIsolates() throws {
        var app = try makeApp(locale: "he")
        _ = rows(&app)
        XCTAssertEqual(Array(app.statusItems.prefix(5)), ["1/3", "he", "RTL", "012", "shaped"])
        XCTAssertEqual(app.status, app.statusItems.map { "\u{2068}\($0)\u{2069}" }.joined(separator: " · "))
        // In the English chrome the items run left to right, whatever the locale previewed.
        XCTAssertTrue(rows(&app)[0].hasSuffix("1/3 · he · RTL · 012 · shaped "), rows(&app)[0])
        XCTAssertTrue(rows(&app)[0].hasPrefix(" rtl-tui"))
    }

    /// The chrome is the built-in text in the user's language, laid out in its direction: a
    /// Hebrew user sees the product name at the right and the status items running from the right.
    func test_chromeInTheUsersLanguage_rightToLeft() throws {
        var app = try makeApp(locale: "ar", chrome: "he_IL.UTF-8")
        XCTAssertEqual(app.chrome.language, "he")
        let screen = rows(&app)
        XCTAssertTrue(screen[0].hasSuffix("rtl-tui "), screen[0])
        // The items in reading order from the right: 1/3, ar, RTL, ٠١٢, then the shaping word.
        XCTAssertTrue(screen[0].contains(rtl("מחובר") + " · ٠١٢ · RTL · ar · 1/3"), screen[0])
        XCTAssertTrue(screen[29].contains(rtl("מיקוד") + " Tab"), screen[29])
        _ = app.handle(.character("?"))
        XCTAssertTrue(rows(&app).joined().contains(rtl("מקשים")))
        XCTAssertEqual(PreviewChrome(locale: "de_DE.UTF-8").language, "en")
        XCTAssertEqual(PreviewChrome(locale: "ur").text("chrome.help.title"), "کلیدیں")
    }

    /// A catalog that has the chrome's keys (or the old demo's) changes nothing in the chrome.
    func test_chromeNeverComesFromTheUsersCatalogs() throws {
        try write("po/ar.po", try String(contentsOfFile: path("po/ar.po"), encoding: .utf8)
                  + "\nmsgid \"chrome.footer\"\nmsgstr \"HIJACKED\"\n\nmsgid \"demo.footer\"\nmsgstr \"HIJACKED\"\n", offset: 0)
        var app = try makeApp(locale: "ar")
        let screen = rows(&app)
        XCTAssertFalse(screen.joined().contains("HIJACKED"))
        XCTAssertTrue(screen[29].contains("Tab focus"), screen[29])
        XCTAssertFalse(screen[29].contains("demo.footer"))
    }

    // MARK: - Truncation

    func test_cutText_isMarkedCountedAndListedWithFileLineColumnAndKey() throws {
        var app = try makeApp(locale: "ur", screen: "home")
        let b = buffer(&app, 60, 18)
        XCTAssertFalse(app.truncations.isEmpty)
        for t in app.truncations {
            for m in t.marks {
                XCTAssertEqual(b[m.x, m.y]?.symbol, "…")
                XCTAssertEqual(b[m.x, m.y]?.style.bg, app.theme.warning.bg, "the … cell is marked in the theme's warning style")
                XCTAssertNotEqual(app.theme.warning.bg, .default)
            }
        }
        XCTAssertTrue(app.statusItems.contains("\(app.truncations.count) cut"), "\(app.statusItems)")
        let novel = try XCTUnwrap(app.truncations.first { $0.key == "deal_novel" }, "\(app.truncations)")
        XCTAssertEqual(novel.location, path("home.yaml") + ":31:13")
        XCTAssertEqual(novel.needed, 37)
        // The panel lists them (for the frame's size: the terminal's).
        _ = app.handle(.character("t"))
        XCTAssertTrue(app.showCuts)
        let panel = rows(&app, 60, 18).joined(separator: "\n")
        XCTAssertTrue(panel.contains("Cut text: \(app.truncations.count)"), panel)
        // The list item's own line (not the list's), and the catalog line the text comes from.
        XCTAssertTrue(app.cutRows.contains {
            $0.hasPrefix("\u{2068}\(path("home.yaml")):35:17\u{2069}  \u{2068}deal_novel\u{2069}  needs 37 cells, has 29")
                && $0.hasSuffix("text from \u{2068}\(path("res/values-ur/strings.xml")):17\u{2069}")
        }, "\(app.cutRows)")
        _ = app.handle(.escape)
        XCTAssertFalse(app.showCuts)
        XCTAssertEqual(app.handle(.character("q")), .quit)
    }

    func test_missingKeys_areCountedAndListed() throws {
        try write("home.yaml", try String(contentsOfFile: path("home.yaml"), encoding: .utf8)
                  .replacingOccurrences(of: "text: {key: home_greeting", with: "text: {key: home_greting"), offset: 0)
        var app = try makeApp(locale: "he")
        let screen = rows(&app).joined(separator: "\n")
        XCTAssertTrue(screen.contains("⟦home_greting⟧"), screen)
        XCTAssertTrue(app.statusItems.contains("1 missing"))
        _ = app.handle(.character("t"))
        let panel = rows(&app).joined(separator: "\n")
        XCTAssertTrue(panel.contains("Missing keys: 1"), panel)
        XCTAssertTrue(panel.contains("home.yaml:24:46  home_greting"), "where the key is written: \(panel)")
        XCTAssertTrue(app.cutRows.contains { $0.contains("home_greting") && $0.contains("add to \u{2068}" + path("Localizable.xcstrings")) }, "\(app.cutRows)")
    }

    // MARK: - Live reload

    func test_reload_changedCatalog_showsTheNewString_keepingScreenFocusAndValues() throws {
        var app = try makeApp(locale: "ur", screen: "cart")
        while app.focusedNode?.kind.typeName != "toggle" { _ = app.handle(.tab) }
        let focus = app.focus
        _ = app.handle(.left)   // RTL: the "on" side is the left (R10)
        guard case .toggle(_, true)? = app.focusedNode?.kind else { return XCTFail("the toggle did not turn on") }
        let old = Self.visual("تحفے کے طور پر لپیٹیں")
        XCTAssertTrue(rows(&app).joined().contains(old))

        let xml = try String(contentsOfFile: path("res/values-ur/strings.xml"), encoding: .utf8)
        try write("res/values-ur/strings.xml", xml.replacingOccurrences(of: "تحفے کے طور پر لپیٹیں", with: "تحفہ پیک کریں"), offset: 5)
        _ = app.tick()
        let screen = rows(&app).joined(separator: "\n")
        XCTAssertTrue(screen.contains(Self.visual("تحفہ پیک کریں")), screen)
        XCTAssertFalse(screen.contains(old))
        XCTAssertEqual(app.screen.id, "cart")
        XCTAssertEqual(app.focus, focus)
        guard case .toggle(_, true)? = app.focusedNode?.kind else { return XCTFail("the toggle's value was lost") }
        XCTAssertEqual(app.notice, "Reloaded \u{2068}strings.xml\u{2069}")
    }

    func test_reload_brokenScreenFile_keepsTheLastGoodVersion_showsItsError_thenClears() throws {
        var app = try makeApp(locale: "he", screen: "cart")
        let good = try String(contentsOfFile: path("cart.yaml"), encoding: .utf8)
        let before = rows(&app)
        try write("cart.yaml", good.replacingOccurrences(of: "type: progress", with: "type: progres"), offset: 5)
        _ = app.tick()
        XCTAssertEqual(app.problems.count, 1)
        let problem = try XCTUnwrap(app.problems.first)
        XCTAssertTrue(problem.hasPrefix(path("cart.yaml") + ":20:13:"), problem)
        XCTAssertTrue(problem.contains("progres"), problem)
        let screen = rows(&app)
        XCTAssertEqual(app.screen.id, "cart")
        XCTAssertTrue(screen.contains { $0.contains("The last good version stays on screen") })
        XCTAssertTrue(screen.contains { $0.contains("✗ " + path("cart.yaml") + ":20:13:") }, screen.joined(separator: "\n"))
        XCTAssertEqual(Array(screen[0..<12]), Array(before[0..<12]), "the last good screen stays drawn")

        // A broken YAML syntax too.
        try write("cart.yaml", good + "\n  - [unclosed\n", offset: 10)
        _ = app.tick()
        XCTAssertTrue(app.problems.first?.hasPrefix(path("cart.yaml") + ":") ?? false, "\(app.problems)")

        try write("cart.yaml", good.replacingOccurrences(of: "cart_title", with: "checkout"), offset: 15)
        _ = app.tick()
        XCTAssertEqual(app.problems, [])
        XCTAssertTrue(rows(&app)[1].contains(rtl("לתשלום")), rows(&app)[1])
    }

    /// A catalog added to the folder (a new locale) is found; one removed goes.
    func test_reload_aNewCatalogInTheFolder_addsItsLocale() throws {
        var app = try makeApp(locale: "ar")
        XCTAssertFalse(app.locales.contains("ps"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("res/values-ps"), withIntermediateDirectories: true)
        try write("res/values-ps/strings.xml", "<resources><string name=\"cart_title\">ستاسو ګاډی</string></resources>", offset: 5)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: dir.path)
        _ = app.reload()
        XCTAssertTrue(app.locales.contains("ps"), "\(app.locales)")
    }

    // MARK: - Export

    func test_export_writesSVGAndHTMLNextToTheScreenFile() throws {
        var app = try makeApp(locale: "ur", screen: "cart")
        _ = rows(&app, 100, 30)
        let written = app.export()
        XCTAssertEqual(written, [path("cart.ur.rtl.svg"), path("cart.ur.rtl.html")])
        let svg = try String(contentsOfFile: written[0], encoding: .utf8)
        XCTAssertTrue(svg.hasPrefix("<?xml"))
        XCTAssertTrue(svg.contains("<rect width=\"1000\" height=\"504\" fill=\"#000000\"/>"), "the default theme on black")
        XCTAssertTrue(svg.contains("width=\"1000\" height=\"504\""), "100 columns × 28 rows of the screen")
        XCTAssertTrue(try String(contentsOfFile: written[1], encoding: .utf8).contains("unicode-bidi: bidi-override"))
        XCTAssertTrue(app.notice?.contains("cart.ur.rtl.svg") ?? false, app.notice ?? "")
        // Side by side: both directions in one picture.
        _ = app.handle(.character("b"))
        _ = rows(&app, 100, 30)
        XCTAssertEqual(app.export().first, path("cart.ur.both.svg"))
        XCTAssertTrue(try String(contentsOfFile: path("cart.ur.both.html"), encoding: .utf8).contains("ltr and rtl"))
        // The light theme on white.
        app.theme = .light
        XCTAssertTrue(try String(contentsOfFile: app.export()[0], encoding: .utf8).contains("fill=\"#ffffff\"/>"))
    }

    func test_aFolderThatDoesNotLoad_saysWhyBeforeStarting() throws {
        XCTAssertThrowsError(try PreviewWorkspace(paths: ["/nonexistent-preview"])) { e in
            XCTAssertEqual((e as? PreviewLoadError)?.problems, ["/nonexistent-preview: no such file or folder"])
        }
        try write("po/ar.po", "msgid \"x\"\nmsgstr \"unterminated\n", offset: 0)
        XCTAssertThrowsError(try PreviewWorkspace(paths: [dir.path])) { e in
            let problems = (e as? PreviewLoadError)?.problems ?? []
            XCTAssertEqual(problems.count, 1)
            XCTAssertTrue(problems[0].hasPrefix(path("po/ar.po") + ":2:"), "\(problems)")
        }
    }
}
