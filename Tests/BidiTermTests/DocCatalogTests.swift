import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// The DocC catalog says what the code does: its rules article has every rule of
/// `Docs/RTL-RULES.md` under the anchor the other articles link to, with the same title; every
/// `<doc:RTLRules#Rn>` link names a rule there; and the examples of the articles draw what they say.
final class DocCatalogTests: XCTestCase {
    static let catalog = Repository.root.appendingPathComponent("Sources/BidiTerm/BidiTerm.docc")

    func article(_ name: String) throws -> String {
        try String(contentsOf: Self.catalog.appendingPathComponent(name), encoding: .utf8)
    }

    func test_rulesArticle_hasEveryRuleOfTheRulesPage_withItsTitle() throws {
        let page = try String(contentsOf: Repository.root.appendingPathComponent("Docs/RTL-RULES.md"), encoding: .utf8)
        let heading = try NSRegularExpression(pattern: "^## R([0-9]+) (.+)$", options: .anchorsMatchLines)
        let rules = heading.matches(in: page, range: NSRange(page.startIndex..., in: page)).map {
            (Int(page[Range($0.range(at: 1), in: page)!])!, String(page[Range($0.range(at: 2), in: page)!]))
        }
        XCTAssertGreaterThanOrEqual(rules.count, 26)
        let text = try article("RTLRules.md")
        for (n, title) in rules {
            XCTAssertTrue(text.contains("### R\(n)\n\n**\(title).**"),
                          "R\(n) \"\(title)\" is not in RTLRules.md as on the page: run Scripts/docc-rules-article.py")
        }
        let inArticle = text.components(separatedBy: "\n").filter { $0.hasPrefix("### R") }.count
        XCTAssertEqual(inArticle, rules.count, "a rule in the article that the page does not have")
    }

    func test_everyRuleLinkOfTheArticles_namesARule() throws {
        let text = try article("RTLRules.md")
        let link = try NSRegularExpression(pattern: "<doc:RTLRules#R([0-9]+)>")
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.catalog.path).filter { $0.hasSuffix(".md") }
        var links = 0
        for file in files {
            let body = try article(file)
            for m in link.matches(in: body, range: NSRange(body.startIndex..., in: body)) {
                let n = body[Range(m.range(at: 1), in: body)!]
                XCTAssertTrue(text.contains("### R\(n)\n"), "\(file) links R\(n), which has no heading")
                links += 1
            }
        }
        XCTAssertGreaterThan(links, 10)
    }

    // MARK: - The articles' examples

    /// "Writing a widget".
    struct KeyHint: Widget {
        var key: String
        var label: String

        func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
            guard !area.isEmpty else { return }
            let m = context.mirroring
            let keyText = "[\(key)]"
            let keyWidth = min(context.width(of: keyText), area.width)
            let keyRect = m.rect(leadingOffset: 0, width: keyWidth, in: area)
            buffer.drawText(keyText, in: keyRect, align: .leading, style: context.style(\.selection),
                            direction: .fixed(.ltr), context: context)
            let labelRect = m.inset(area, leading: keyWidth + 1)
            buffer.drawText(label, in: labelRect, align: .leading, style: context.style(\.text),
                            direction: .context, context: context)
        }

        func measure(_ proposal: Extent, context: RenderContext) -> Extent {
            Extent(width: context.width(of: "[\(key)] ") + context.width(of: label), height: 1).clamped(to: proposal)
        }
    }

    func test_writingAWidget_keyHintMirrorsWithoutDirectionCode() {
        let ltr = KeyHint(key: "Enter", label: "Save").rendered(width: 14, height: 1, context: RenderContext(direction: .ltr))
        XCTAssertEqual(ltr.rows, ["[Enter] Save  "])
        let rtl = KeyHint(key: "Enter", label: "حفظ").rendered(width: 14, height: 1, context: RenderContext(direction: .rtl))
        let label = BidiEngine().layout("حفظ", direction: .rtl).lines[0].text   // shaped, in visual order
        XCTAssertEqual(rtl.rows, ["   " + label + " [Enter]"], "the key at the right, the label after it to the left")
        XCTAssertEqual(KeyHint(key: "Esc", label: "Back").measure(Extent(width: 40, height: 3), context: RenderContext()),
                       Extent(width: 10, height: 1))
    }
}
