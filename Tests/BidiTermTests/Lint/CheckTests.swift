import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// The bidi linter behind `rtl-tui check`: each finding shown to fire, and not to fire on clean strings.
final class CheckTests: XCTestCase {
    static let fixtures = Repository.fixtures.appendingPathComponent("lint")

    func findings(maxWidth: Int? = 40) throws -> [String: [Finding]] {
        let c = try CatalogLoader.load(path: Self.fixtures.appendingPathComponent("traps.ar.po").path)
        let all = BidiLinter(options: .init(maxWidth: maxWidth)).check(c)
        return Dictionary(grouping: all, by: { String($0.key.split(separator: "|").first ?? "") })
    }

    func ids(_ f: [String: [Finding]], _ ctx: String) -> Set<String> { Set((f[ctx] ?? []).map(\.id)) }

    func test_cleanStringsHaveNoFindings() throws {
        let f = try findings()
        XCTAssertEqual(ids(f, "clean"), [])
        XCTAssertEqual(ids(f, "clean.placeholder.isolated"), [])
        XCTAssertEqual(ids(f, "clean.number"), [])
    }

    func test_R22_escapeSequencesAndControlCharactersAreErrors() throws {
        let f = try findings()
        XCTAssertEqual(f["escape"]?.first { $0.id == "escape-sequence" }?.severity, .error)
        XCTAssertTrue(ids(f, "control").contains("control-character"))
        // The rendered string never carries the raw control.
        for x in f["escape"]! { XCTAssertFalse(x.rendered.unicodeScalars.contains { $0.value == 0x1B }) }
        XCTAssertTrue(f["escape"]!.contains { $0.rendered.contains("␛") }, "the escape is shown as a placeholder")
    }

    func test_trojanSource_unterminatedOverrideIsAnErrorAndShownVisibly() throws {
        let f = try findings()
        let t = try XCTUnwrap(f["trojan"]?.first { $0.id == "bidi-unbalanced" })
        XCTAssertEqual(t.severity, .error)
        XCTAssertTrue(t.message.contains("CVE-2021-42574"))
        XCTAssertTrue(t.rendered.contains("⟨RLO⟩"), t.rendered)
        XCTAssertEqual(f["stray.pdf"]?.first?.id, "bidi-unbalanced")
        XCTAssertEqual(f["stray.pdf"]?.first?.severity, .warning)
        XCTAssertTrue(ids(f, "override").contains("bidi-override"))
        XCTAssertFalse(ids(f, "override").contains("bidi-unbalanced"))
    }

    func test_unisolatedPlaceholderInRTLTextSuggestsFSIPDI() throws {
        let f = try findings()
        let p = try XCTUnwrap(f["placeholder.unisolated"]?.first { $0.id == "placeholder-unisolated" })
        XCTAssertTrue(p.suggestion.contains("\u{2066}⟨FSI⟩\u{2069}%s\u{2066}⟨PDI⟩\u{2069}"), p.suggestion)
        // The message quotes both renderings, and they differ.
        let quoted = p.message.components(separatedBy: "‹").dropFirst().map { $0.components(separatedBy: "›")[0] }
        XCTAssertEqual(quoted.count, 2, p.message)
        XCTAssertNotEqual(quoted[0], quoted[1], p.message)
        XCTAssertFalse(ids(f, "clean.placeholder.isolated").contains("placeholder-unisolated"))
    }

    func test_placeholdersMissingOrAddedAgainstTheSource() throws {
        let f = try findings()
        XCTAssertTrue(ids(f, "placeholder.missing").contains("placeholder-missing"))
        XCTAssertTrue(ids(f, "placeholder.added").contains("placeholder-added"))
        XCTAssertTrue(ids(f, "placeholder.named").isSuperset(of: ["placeholder-missing", "placeholder-added"]))
        XCTAssertEqual(Placeholder.find("%2$s من %1$d و %% {name} {{x}} {0} {n, plural, one {# ملف} other {# ملفات}}").map(\.identity),
                       ["2:str", "1:int", "{name}", "{{x}}", "{0}", "{n}"])
        XCTAssertEqual(Placeholder.find("%s of %s").map(\.identity), ["1:str", "2:str"])
    }

    func test_directionDependentStringsAreFlagged() throws {
        let f = try findings()
        let d = try XCTUnwrap(f["direction"]?.first { $0.id == "direction-dependent" })
        XCTAssertTrue(d.suggestion.contains("RLM"), d.suggestion)
        XCTAssertFalse(ids(f, "clean").contains("direction-dependent"))
    }

    func test_untranslatedPresentationFormsMixedDigitsAndOverflow() throws {
        let f = try findings(maxWidth: 40)
        XCTAssertTrue(ids(f, "untranslated").contains("untranslated"))
        let p = try XCTUnwrap(f["presentation"]?.first { $0.id == "presentation-forms" })
        XCTAssertTrue(p.suggestion.contains("مرحبا"), p.suggestion)
        XCTAssertTrue(ids(f, "digits").contains("mixed-digits"))
        XCTAssertTrue(ids(f, "long").contains("overflow"))
        XCTAssertFalse(ids(try findings(maxWidth: 200), "long").contains("overflow"))
    }

    func test_invalidUTF8IsReportedWithItsLine() throws {
        let c = try CatalogLoader.load(path: Self.fixtures.appendingPathComponent("invalid-utf8.ar.po").path)
        let f = BidiLinter().check(c).filter { $0.id == "invalid-utf8" }
        XCTAssertEqual(f.count, 1)
        XCTAssertGreaterThan(f[0].line, 0)
        XCTAssertEqual(f[0].severity, .error)
    }
}
