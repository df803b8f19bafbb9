import Foundation
import TestSupport
import XCTest
@testable import BidiTerm
@testable import RTLTUIApps

/// One project (`Fixtures/preview-project`: Android `res/`, an `.xcstrings` file, XLIFF and
/// gettext, each given to `--strings` as a folder) walked through `preview`, `render --screen` and
/// `check`: the three agree about every entry that is fuzzy, marked not to be translated, or
/// short of the plural form its count needs.
final class PreviewAgreementTests: XCTestCase {
    static let project = Repository.fixtures.appendingPathComponent("preview-project").path
    static let screen = project + "/screens/shop.yaml"
    static let folders = ["res", "apple", "web", "po"].map { project + "/" + $0 }

    /// Fuzzy entries (gettext, `.xcstrings` `needs_review`, XLIFF `needs-review-translation`): key,
    /// source shown, fuzzy translation.
    static let fuzzy = [("Checkout", "Checkout", "الدفع"), ("Review me", "Review me", "راجعني"),
                        ("promo", "Use code SAVE10", "استخدم الرمز SAVE10")]
    /// Marked not to be translated (Android, `.xcstrings`, XLIFF).
    static let doNotTranslate = ["app_name", "Brand", "legal.name"]
    /// Short of the form their count selects (Android: 3, Arabic `few`; gettext: 100, form 5),
    /// with the warning's words.
    static let formGaps = [("items_left", "few", "few for 3"), ("%d file", "form 5", "5 for 100")]

    private func preview(includeFuzzy: Bool = false) throws -> PreviewApp {
        var o = PreviewApp.Options()
        o.locale = "ar"
        o.animate = false
        o.includeFuzzy = includeFuzzy
        return PreviewApp(workspace: try PreviewWorkspace(paths: [Self.screen], strings: Self.folders), options: o)
    }

    private func rows(_ app: inout PreviewApp) -> String {
        var b = Buffer(width: 100, height: 30)
        _ = app.render(into: &b)
        return b.rows.joined(separator: "\n")
    }

    private func render(_ extra: [String] = []) throws -> CommandResult {
        try Command.run(["render", "--screen", Self.screen, "--locale", "ar", "--width", "100", "--height", "30"]
                        + Self.folders.flatMap { ["--strings", $0] } + extra)
    }

    private func check(_ extra: [String] = []) throws -> [[String: Any]] {
        // (No --locale: it would make `values/` Arabic; the `.xcstrings` file's one translation
        // is Arabic.)
        let r = try Command.run(["check", "--format", "json"] + Self.folders + extra)
        XCTAssertNotEqual(r.status, 2, r.stderr)
        let json = try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any]
        let files = (json?["files"] as? [[String: Any]])?.compactMap { $0["path"] as? String } ?? []
        XCTAssertEqual(files.count, 5, "check read the folders' five catalogs: \(files)")
        return json?["findings"] as? [[String: Any]] ?? []
    }

    func test_previewRenderAndCheck_agreeAboutEveryEntry() throws {
        var app = try preview()
        XCTAssertEqual(app.workspace?.catalogPaths.count, 5, "the four folders hold five catalogs: \(app.workspace?.catalogPaths ?? [])")
        let shown = rows(&app)
        let rendered = try render()
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let drawn = String(decoding: rendered.stdout, as: UTF8.self)
        let all = try check()
        func findings(of key: String) -> [String] {
            all.filter { ($0["entryKey"] as? String) == key }.compactMap { $0["id"] as? String }
        }

        // Fuzzy: the source shows, as the program shows it; counted and listed; check skips it.
        XCTAssertEqual(Set(app.fuzzyTexts.map(\.key)), Set(Self.fuzzy.map(\.0)))
        XCTAssertTrue(app.statusItems.contains("3 fuzzy"), "\(app.statusItems)")
        for (key, source, translation) in Self.fuzzy {
            XCTAssertTrue(shown.contains(source) && drawn.contains(source), "\(key): the source shows\n\(shown)\n\(drawn)")
            XCTAssertFalse(shown.contains(BidiEngine().layout(translation, direction: .rtl).lines[0].text), "\(key)")
            XCTAssertFalse(app.fallbacks.contains { $0.key == key }, "\(key) is fuzzy, not untranslated")
            XCTAssertTrue(rendered.stderr.contains("warning: fuzzy \"\(key)\" in ar"), "\(key)\n\(rendered.stderr)")
            XCTAssertFalse(rendered.stderr.contains("untranslated \"\(key)\""), "\(key)\n\(rendered.stderr)")
            XCTAssertEqual(findings(of: key), [], "check skips the fuzzy entry \(key) as the program does")
        }

        // Marked not to be translated: not untranslated anywhere.
        for key in Self.doNotTranslate {
            XCTAssertFalse(app.fallbacks.contains { $0.key == key }, "\(key)")
            XCTAssertFalse(rendered.stderr.contains("\"\(key)\""), "\(key)\n\(rendered.stderr)")
            XCTAssertFalse(findings(of: key).contains("untranslated"), "\(key): \(findings(of: key))")
        }
        XCTAssertEqual(app.fallbacks.map(\.key), ["cart_reminder"], "the one text the Arabic files lack")
        XCTAssertTrue(rendered.stderr.contains("untranslated \"cart_reminder\" in ar"), rendered.stderr)

        // Short of a plural form: marked and counted, warned with file:line, reported by check.
        XCTAssertEqual(app.formGapTexts.map(\.key), Self.formGaps.map(\.0))
        XCTAssertEqual(app.formGapTexts.map(\.form), Self.formGaps.map(\.1))
        XCTAssertTrue(app.statusItems.contains("2 without their plural form"), "\(app.statusItems)")
        for (key, _, words) in Self.formGaps {
            let line = rendered.stderr.split(separator: "\n").first { $0.contains("\"\(key)\" has no plural form \(words) in ar") }
            XCTAssertNotNil(line, "\(key)\n\(rendered.stderr)")
            XCTAssertTrue(line?.hasPrefix(Self.screen + ":") ?? false, "file:line:column first: \(line ?? "")")
            XCTAssertTrue(findings(of: key).contains("plural-forms"), "\(key): \(findings(of: key))")
        }

        // The whole string-array fills the list.
        for planet in ["عطارد", "الزهرة", "الأرض"] {
            let visual = BidiEngine().layout(planet, direction: .rtl).lines[0].text
            XCTAssertTrue(shown.contains(visual) && drawn.contains(visual), planet)
        }
    }

    func test_includeFuzzy_showsTheFuzzyTranslations_inPreviewAndRender_stillCounted() throws {
        var app = try preview(includeFuzzy: true)
        let shown = rows(&app)
        let rendered = try render(["--include-fuzzy"])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let drawn = String(decoding: rendered.stdout, as: UTF8.self)
        for (key, _, translation) in Self.fuzzy {
            let visual = BidiEngine().layout(translation, direction: .rtl).lines[0].text
            XCTAssertTrue(shown.contains(visual) && drawn.contains(visual), "\(key)\n\(shown)")
            XCTAssertTrue(rendered.stderr.contains("warning: fuzzy \"\(key)\" in ar") && rendered.stderr.contains("(--include-fuzzy)"), rendered.stderr)
        }
        XCTAssertTrue(app.fuzzyTexts.allSatisfy(\.isShown))
        XCTAssertTrue(app.statusItems.contains("3 fuzzy"), "\(app.statusItems)")
        // check reads the same entries with the same flag: its findings now include fuzzy ones
        // only from these entries.
        let fuzzyFindings = try check(["--include-fuzzy"]).filter { ($0["fuzzy"] as? Bool) == true }
        XCTAssertTrue(fuzzyFindings.allSatisfy { f in Self.fuzzy.contains { $0.0 == f["entryKey"] as? String } }, "\(fuzzyFindings)")
    }
}
