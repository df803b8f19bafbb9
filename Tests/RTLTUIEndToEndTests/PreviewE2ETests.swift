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
        screen = try tmux.waitUntil("en-XA") { $0.row(0).contains("en-XA · LTR") }
        XCTAssertTrue(screen.contains("[Šöûķ: ĥöḿé one]"), screen.description)
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
