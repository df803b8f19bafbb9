import BidiTerm
import Foundation
import TestSupport
import XCTest

/// `rtl-tui preview` in a real terminal (tmux), as a developer uses it with an editor in another
/// pane: a copy of `Examples/souk` in Urdu, a catalog saved from outside, a broken screen file,
/// the fix; and the start-up errors.
final class PreviewE2ETests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("preview-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("Examples/souk"), to: dir)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    /// Writes `text` to `name` (replacing it by rename, as many editors save) with a modification
    /// time `offset` seconds from now.
    func save(_ name: String, _ text: String, offset: TimeInterval) throws {
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(offset)], ofItemAtPath: url.path)
    }

    func read(_ name: String) throws -> String { try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8) }

    /// `text` as the engine draws it in an RTL paragraph: shaped, in visual order.
    static func visual(_ text: String) -> String { BidiEngine().layout(text, direction: .rtl).lines.first?.text ?? "" }

    func test_preview_urdu_catalogEditShowsWithinTwoSeconds_brokenYAMLShowsItsErrorAndTheOldScreen_fixClearsIt() throws {
        let tmux = try TmuxHarness(columns: 100, rows: 30)
        defer { tmux.tearDown() }
        let command = "cd \(TmuxHarness.shellQuoted(dir.path)) && exec \(TmuxHarness.shellQuoted(try BuiltBinary.rtlTUI().path)) preview . --locale ur"
        try tmux.start(["/bin/sh", "-c", command])
        let deals = Self.visual("آج کی خاص پیشکشیں")
        var screen = try tmux.waitUntil("the Urdu home screen", timeout: 10) { $0.contains(deals) && $0.row(0).contains("ur · RTL") }
        XCTAssertTrue(screen.contains(Self.visual("سوق: ہوم")), screen.description)

        // Another program saves the Urdu catalog: the new string shows within 2 s, no key pressed.
        let xml = try read("res/values-ur/strings.xml")
        try save("res/values-ur/strings.xml", xml.replacingOccurrences(of: "آج کی خاص پیشکشیں", with: "آج کے سودے"), offset: 5)
        let newDeals = Self.visual("آج کے سودے")
        screen = try tmux.waitUntil("the edited string", timeout: 2) { $0.contains(newDeals) }
        XCTAssertFalse(screen.contains(deals), screen.description)

        // A broken YAML save: the error with its file:line:column, and the last good screen.
        let yaml = try read("home.yaml")
        try save("home.yaml", yaml.replacingOccurrences(of: "    - type: pane\n      size: 26", with: "    - type: pane\n     size: 26"), offset: 10)
        screen = try tmux.waitUntil("the YAML error", timeout: 2) { s in
            s.rows.contains { $0.range(of: #"✗ home\.yaml:\d+:\d+: "#, options: .regularExpression) != nil }
        }
        XCTAssertTrue(screen.contains(newDeals), "the last good version stays drawn:\n\(screen)")
        XCTAssertTrue(screen.contains("The last good version stays on screen"), screen.description)

        // Fixed (with a new greeting name): the error goes, the fixed file shows.
        try save("home.yaml", yaml.replacingOccurrences(of: "Layla", with: "Omar"), offset: 15)
        screen = try tmux.waitUntil("the fixed screen", timeout: 2) { s in
            s.contains("Omar") && !s.rows.contains { $0.contains("✗ home.yaml") }
        }
        XCTAssertFalse(screen.contains("Layla"))

        // l goes on to the pseudo-locales; q quits.
        try tmux.sendText("l")
        _ = try tmux.waitUntil("en-XA, its whole screen") { $0.row(0).contains("en-XA · LTR") && $0.contains("[Šöûķ: ĥöḿé one]") }
        try tmux.sendText("q")
        XCTAssertEqual(try tmux.waitForExit(), .exited(0))
    }

    /// The most common Android layout, `values/` (English, the source) and `values-iw/` (Hebrew,
    /// one string short), with a checkout screen that has a name field: `en` is offered and the
    /// pseudo-locales come from English; the untranslated string is counted and listed with its
    /// catalog line; `l` switches the locale (the field does not take it); in the field the footer
    /// says Esc leaves it and the cursor sits where typing goes.
    func test_preview_androidLayout_sourceLanguage_untranslated_andTheFieldsKeys() throws {
        let app = dir.appendingPathComponent("shop")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("res/values-iw"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: app.appendingPathComponent("res/values"), withIntermediateDirectories: true)
        try Data("""
            screen: checkout
            title: title
            root:
              type: vstack
              children:
                - {type: field, size: 1, text: {literal: Smith}}
                - {type: toggle, size: 1, label: gift, on: false}
                - {type: label, size: 1, text: size_hint}
            """.utf8).write(to: app.appendingPathComponent("checkout.yaml"))
        try Data("""
            <resources>
                <string name="title">Checkout</string>
                <string name="gift">Gift wrap</string>
                <string name="size_hint">Size (optional) [S/M/L] &lt;max 3&gt;</string>
            </resources>
            """.utf8).write(to: app.appendingPathComponent("res/values/strings.xml"))
        try Data("""
            <resources>
                <string name="title">תשלום</string>
                <string name="gift">אריזת מתנה</string>
            </resources>
            """.utf8).write(to: app.appendingPathComponent("res/values-iw/strings.xml"))
        let tmux = try TmuxHarness(columns: 100, rows: 24)
        defer { tmux.tearDown() }
        let command = "cd \(TmuxHarness.shellQuoted(app.path)) && exec \(TmuxHarness.shellQuoted(try BuiltBinary.rtlTUI().path)) preview ."
        try tmux.start(["/bin/sh", "-c", command])
        var screen = try tmux.waitUntil("Hebrew, one untranslated", timeout: 10) { $0.row(0).contains("he · RTL") && $0.row(0).contains("1 untranslated") }
        XCTAssertTrue(screen.contains(String("אריזת מתנה".reversed())), screen.description)
        // A notice box of the terminal set-up may cover the bottom: Enter closes it.
        try tmux.sendKeys("Enter")
        try tmux.sendText("t")
        screen = try tmux.waitUntil("the untranslated list") { $0.contains("Untranslated, shown from another catalog: 1") }
        XCTAssertTrue(screen.rows.contains { $0.contains("size_hint") && $0.contains("res/values/strings.xml:4") }, screen.description)
        try tmux.sendText("t")
        try tmux.sendText("l")
        // The header is drawn before the rows below it: a capture may fall between, so each step
        // waits for its whole screen (a step that never shows it fails on the wait).
        screen = try tmux.waitUntil("en-XA from English, <max 3> not taken for markup") {
            $0.row(0).contains("en-XA · LTR") && $0.contains("[Ĝîƒţ ŵŕåþ one]") && $0.contains("<ḿåẋ 3>")
        }
        try tmux.sendText("l")
        screen = try tmux.waitUntil("ar-XB from English") { $0.row(0).contains("ar-XB · RTL") && $0.contains("parw tfiG") }
        try tmux.sendText("l")
        screen = try tmux.waitUntil("en") { $0.row(0).contains(" en · LTR") && $0.contains("Gift wrap") }
        XCTAssertFalse(screen.contains("Smithl"), "l was the locale key")
        // Into the field: the footer says so; typing goes where the cursor is.
        try tmux.sendKeys("BTab")
        screen = try tmux.waitUntil("the field's footer") { $0.row(23).contains("Esc leaves it") }
        let row = try XCTUnwrap(screen.rows.firstIndex { $0.contains("Smith") })
        let start = screen.rows[row].distance(from: screen.rows[row].startIndex, to: screen.rows[row].range(of: "Smith")!.lowerBound)
        XCTAssertEqual(try tmux.cursor().x, start + 5, "the cursor after Smith")
        try tmux.sendText("x")
        screen = try tmux.waitUntil("typed") { $0.contains("Smithx") }
        try tmux.sendKeys("Escape")
        screen = try tmux.waitUntil("the footer of keys") { $0.row(23).contains("l locale") }
        try tmux.sendText("q")
        XCTAssertEqual(try tmux.waitForExit(), .exited(0))
    }

    func test_preview_brokenFileAtStart_exits65WithFileLineColumn_andWithoutATerminal_1() throws {
        try save("cart.yaml", "screen: cart\nroot: {type: labl}\n", offset: 0)
        let r = try BuiltBinary.run(["preview", dir.path])
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertTrue(r.stderr.contains(dir.appendingPathComponent("cart.yaml").path + ":2:"), r.stderr)
        XCTAssertTrue(r.stdout.isEmpty)
        try save("cart.yaml", "screen: cart\nroot: {type: label, text: cart_title}\n", offset: 5)
        let noTerminal = try BuiltBinary.run(["preview", dir.path])
        XCTAssertEqual(noTerminal.status, 1)
        XCTAssertTrue(noTerminal.stderr.contains("is not a terminal"), noTerminal.stderr)
    }
}
