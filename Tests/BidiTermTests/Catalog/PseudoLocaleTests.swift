import TestSupport
import XCTest
@testable import BidiTerm

/// The pseudo-locales: their exact transforms, what they leave alone, and a screen whose only
/// catalog is English drawn in `ar-XB` (mirrored) and `en-XA` (longer, and so cut).
final class PseudoLocaleTests: XCTestCase {
    let rlm = "\u{200F}", rlo = "\u{202E}", pdf = "\u{202C}"

    func test_names() {
        XCTAssertEqual(PseudoLocale(locale: "ar-XB"), .bidi)
        XCTAssertEqual(PseudoLocale(locale: "ar_xb"), .bidi)
        XCTAssertEqual(PseudoLocale(locale: "en-XA"), .accented)
        XCTAssertNil(PseudoLocale(locale: "ar"))
        XCTAssertEqual(PseudoLocale.bidi.direction, .rtl)
        XCTAssertEqual(PseudoLocale.accented.direction, .ltr)
    }

    /// ar-XB: every word between RLM RLO and PDF RLM; white space, placeholders, tags and
    /// character references outside.
    func test_arXB_wrapsEachWord_keepsPlaceholdersAndMarkup() {
        func w(_ s: String) -> String { rlm + rlo + s + pdf + rlm }
        XCTAssertEqual(PseudoLocale.bidi.transform("Hello world"), w("Hello") + " " + w("world"))
        XCTAssertEqual(PseudoLocale.bidi.transform("Hi %1$s, %2$d new"), w("Hi") + " %1$s" + w(",") + " %2$d " + w("new"))
        XCTAssertEqual(PseudoLocale.bidi.transform("{count} files"), "{count} " + w("files"))
        XCTAssertEqual(PseudoLocale.bidi.transform("<b>Save</b> &amp; quit"), "<b>" + w("Save") + "</b> &amp; " + w("quit"))
        XCTAssertEqual(PseudoLocale.bidi.transform("{n, plural, one {# file} other {# files}}"),
                       "{n, plural, one {# file} other {# files}}")
        XCTAssertEqual(PseudoLocale.bidi.transform(""), "")
    }

    /// Only well-formed tags are markup: `<max 3>` and `a < b > c` are text to transform, while
    /// tags with attributes, closing and empty tags and comments are kept.
    func test_onlyWellFormedTagsAreMarkup() {
        XCTAssertEqual(PseudoLocale.split("Size <max 3>"), [.text("Size <max 3>")])
        XCTAssertEqual(PseudoLocale.split("a < b > c"), [.text("a < b > c")])
        XCTAssertEqual(PseudoLocale.split("<3 items>"), [.text("<3 items>")])
        XCTAssertEqual(PseudoLocale.split(#"<xliff:g id="n" example='5'>x</xliff:g>"#),
                       [.kept(#"<xliff:g id="n" example='5'>"#), .text("x"), .kept("</xliff:g>")])
        XCTAssertEqual(PseudoLocale.split("a<br/>b<!-- c -->"), [.text("a"), .kept("<br/>"), .text("b"), .kept("<!-- c -->")])
        XCTAssertEqual(PseudoLocale.split("<a href=x disabled>go</a>"), [.kept("<a href=x disabled>"), .text("go"), .kept("</a>")])
        XCTAssertTrue(PseudoLocale.accented.transform("Size <max 3>").hasPrefix("[Šîžé <ḿåẋ 3>"))
    }

    /// Drawn by the engine in an RTL paragraph, each word reads mirrored and the words run from
    /// the right; the controls take no cell (R22).
    func test_arXB_drawsEachWordMirrored() {
        let line = BidiEngine().layout(PseudoLocale.bidi.transform("Dark mode"), direction: .rtl).lines[0]
        XCTAssertEqual(line.text, "edom kraD")
        XCTAssertEqual(line.width, 9)
    }

    /// en-XA: accented letters, brackets, and words appended until 40% more cells.
    func test_enXA_accentsBracketsAndExpansion() {
        XCTAssertEqual(PseudoLocale.accented.transform("Save"), "[Šåṽé one]")
        XCTAssertEqual(PseudoLocale.accented.transform("Settings"), "[Šéţţîñĝš one]")
        XCTAssertEqual(PseudoLocale.accented.transform("Storage used: {percent}%"),
                       "[Šţöŕåĝé ûšéđ: {percent}% one two three]")
        XCTAssertEqual(PseudoLocale.accented.transform("Hi %s"), "[Ĥî %s one]")
        XCTAssertEqual(PseudoLocale.accented.transform(""), "")
        // 40% to about 50% longer, plus the brackets.
        for source in ["Wireless headphones: 25% off", "We use your address only to deliver your orders.", "Account settings"] {
            let out = PseudoLocale.accented.transform(source)
            let added = Double(out.count - 2 - source.count) / Double(source.count)
            XCTAssertGreaterThanOrEqual(added, 0.4, out)
            XCTAssertLessThanOrEqual(added, 0.6, out)
            XCTAssertEqual(BidiEngine().width(of: out), out.count, "every accented letter takes one cell: \(out)")
        }
    }

    static let screen = """
        screen: s
        title: title
        root:
          type: hstack
          children:
            - type: pane
              size: 20
              title: sections
              child: {type: list, items: [general, display], selected: 0}
            - {type: label, text: {key: greeting, args: {name: "Ubuntu 24.04"}}}
        """

    static let english = Catalog(path: "en.po", format: .po, locale: "en", entries: [
        CatalogEntry(key: "title", translation: "Settings"),
        CatalogEntry(key: "sections", translation: "Sections"),
        CatalogEntry(key: "general", translation: "General"),
        CatalogEntry(key: "display", translation: "Display"),
        CatalogEntry(key: "greeting", translation: "Hello {name}"),
    ])

    /// A screen whose only catalog is English, in ar-XB: right to left (the sidebar at the right,
    /// the title at the right corner), every word mirrored, the argument kept as given.
    func test_arXB_mirrorsAScreenWhoseOnlyCatalogIsEnglish() throws {
        let screen = try ScreenFile.parse(yaml: Self.screen, path: "s.yaml")
        let r = ScreenRenderer(catalogs: [Self.english], locale: "ar-XB")
        XCTAssertEqual(r.pseudo, .bidi)
        let b = r.render(screen, width: 50, height: 6)
        XCTAssertEqual(b.rowText(0), "┌───────────────────────────────────── sgnitteS ─┐")
        XCTAssertEqual(b.rowText(1), "│          Ubuntu 24.04 olleH┌─────── snoitceS ─┐│")
        XCTAssertEqual(b.rowText(2), "│                            │         lareneG ◂││")
        XCTAssertEqual(b.rowText(3), "│                            │         yalpsiD  ││")
    }

    func test_enXA_drawsLongerText_andCutsWhereTranslationWould() throws {
        let screen = try ScreenFile.parse(yaml: Self.screen, path: "s.yaml")
        let r = ScreenRenderer(catalogs: [Self.english], locale: "en-XA")
        var b = Buffer(width: 40, height: 6)
        let cuts = r.render(screen, into: &b, area: b.area, context: RenderContext(direction: .ltr))
        XCTAssertEqual(b.rowText(0), "┌─ [Šéţţîñĝš one] ─────────────────────┐")
        XCTAssertTrue(cuts.contains { $0.key == "greeting" }, "\(cuts)")
    }
}
