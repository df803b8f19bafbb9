import TestSupport
import XCTest
@testable import BidiTerm

/// Fallback glyphs (`GlyphSet`): each widget drawn with every decorative glyph replaced keeps every
/// cell where it was, with its width and its style, and draws only ASCII; the table's fallbacks
/// have the width of their glyphs; a glyph set made from measured widths replaces exactly the
/// glyphs (and their families) that a terminal draws at another width.
final class WidgetsGlyphFallbackTests: WidgetTestCase {
    func context(_ direction: LayoutDirection, _ glyphs: GlyphSet) -> RenderContext {
        RenderContext(direction: direction, glyphs: glyphs)
    }

    /// Draws `widget` with the standard glyphs and with `.ascii`, in both directions, and checks
    /// that only symbols changed (`GlyphLayout`), that every cell drawn with fallbacks is ASCII, and
    /// that the standard drawing used at least one of `expected` (so the widget really draws them).
    /// - Returns: the rows with fallbacks, LTR then RTL.
    @discardableResult
    func assertFallbacks(_ widget: any Widget, _ width: Int, _ height: Int, expected: Set<String>,
                         file: StaticString = #filePath, line: UInt = #line) -> (ltr: [String], rtl: [String]) {
        var rows: [[String]] = []
        for direction in [LayoutDirection.ltr, .rtl] {
            let standard = widget.rendered(width: width, height: height, context: context(direction, .standard))
            let ascii = widget.rendered(width: width, height: height, context: context(direction, .ascii))
            XCTAssertEqual(GlyphLayout.differences(standard, ascii, glyphs: .ascii), [], "\(direction)", file: file, line: line)
            for c in ascii.cells where !c.symbol.unicodeScalars.allSatisfy(\.isASCII) {
                XCTFail("\(direction): \(c.symbol) is not a fallback", file: file, line: line)
            }
            let used = Set(standard.cells.map(\.symbol))
            XCTAssertFalse(used.isDisjoint(with: expected), "\(direction): none of \(expected) drawn", file: file, line: line)
            rows.append(ascii.rows)
        }
        return (rows[0], rows[1])
    }

    // MARK: - The table

    func test_everyFallbackIsASCII_ofTheWidthOfItsGlyphInTheTable() {
        let engine = BidiEngine()
        for (glyph, fallback) in GlyphSet.fallbacks {
            XCTAssertTrue(fallback.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }, glyph)
            XCTAssertEqual(engine.width(of: fallback), engine.width(of: glyph), "\(glyph) → \(fallback)")
            XCTAssertGreaterThan(engine.width(of: glyph), 0, glyph)
        }
        XCTAssertEqual(Set(GlyphSet.probes), Set(GlyphSet.fallbacks.keys))
        XCTAssertTrue(GlyphSet.families.joined().allSatisfy { GlyphSet.fallbacks[$0] != nil })
        // A mirror pair falls back to a mirror pair (R15): the RTL drawing of a fallback is the
        // fallback of the RTL glyph.
        for (glyph, fallback) in GlyphSet.fallbacks {
            let m = GlyphMirroring.mirrored(glyph)
            guard m != glyph else { continue }
            let mf = GlyphSet.fallbacks[m]
            XCTAssertNotNil(mf, "\(glyph) is in the table, its mirror \(m) is not")
            if let mf { XCTAssertEqual(GlyphMirroring.mirrored(fallback), mf, "\(glyph) ↔ \(m)") }
        }
    }

    func test_glyph_replacesEachClusterItKnows_andKeepsTheRest() {
        let set = GlyphSet.ascii
        XCTAssertEqual(set.glyph("★"), "*")
        XCTAssertEqual(set.glyph("◁)))"), "<)))")
        XCTAssertEqual(set.glyph("abc"), "abc")
        XCTAssertEqual(set.glyph("🔅"), "*-")
        XCTAssertEqual(GlyphSet.standard.glyph("★"), "★")
        XCTAssertTrue(GlyphSet.standard.isStandard)
        XCTAssertFalse(set.isStandard)
    }

    // MARK: - From measured widths

    func test_adapted_replacesTheGlyphsATerminalDrawsAtAnotherWidth_withTheirFamilies() {
        // A CJK-width terminal: ambiguous-width stars and circles are two cells; ⯪ ⯫ are right.
        let measured = ["★": 2, "☆": 2, "⯪": 1, "⯫": 1, "●": 2, "━": 1, "│": 1, "🔅": 2, "⏮": 2]
        let set = GlyphSet.adapted(to: measured)
        XCTAssertEqual(set.glyph("★"), "*")
        XCTAssertEqual(set.glyph("⯪"), "[", "the half stars go with the rest of the rating")
        XCTAssertEqual(set.glyph("⯫"), "]")
        XCTAssertEqual(set.glyph("●"), "O")
        XCTAssertEqual(set.glyph("━"), "=", "the track goes with its thumb")
        XCTAssertEqual(set.glyph("─"), "-")
        XCTAssertEqual(set.glyph("┌"), "+", "the light horizontal line is shared with the borders")
        XCTAssertEqual(set.glyph("🔅"), "🔅", "measured right")
        XCTAssertEqual(set.glyph("⏭"), ">", "the media buttons go together")
        XCTAssertEqual(set.glyph("✓"), "✓", "not measured: kept")
        XCTAssertEqual(GlyphSet.disagreements(measured).map(\.glyph), ["⏮", "●", "★", "☆"])
        XCTAssertEqual(GlyphSet.disagreements(measured).first?.table, 1)
        XCTAssertEqual(GlyphSet.disagreements(measured).first?.measured, 2)

        XCTAssertTrue(GlyphSet.adapted(to: [:]).isStandard)
        XCTAssertTrue(GlyphSet.adapted(to: ["★": 1, "🔅": 2, "━": 1]).isStandard, "every width agrees")
        // A glyph the table does not know gets a generic fallback of its width.
        let odd = GlyphSet.adapted(to: ["🦜": 1, "♞": 2])
        XCTAssertEqual(odd.glyph("🦜"), "[]")
        XCTAssertEqual(odd.glyph("♞"), "*")
        XCTAssertEqual(GlyphSet.genericFallback(width: 4), "[--]")
    }

    func test_screenProbes_includeTheScreensGlyphs_andTheirMirrors() throws {
        let yaml = """
            screen: s
            root:
              type: vstack
              children:
                - {type: slider, size: 1, value: 1, max: 2, startGlyph: "🔅", endGlyph: "+"}
                - {type: list, size: 2, items: [{literal: a}], bullet: "›"}
                - {type: icons, size: 1, items: ["◁)))"], badge: {index: 0, glyph: "●"}}
                - type: buttons
                  size: 1
                  items: [{glyph: "⏮", physical: true}]
            """
        let screen = try ScreenFile.parse(yaml: yaml, path: "s.yaml")
        let probes = ScreenFile.probeGlyphs(for: [screen])
        for g in ["🔅", "›", "‹", "◁", "▷", "●", "⏮", "★", "┌"] { XCTAssertTrue(probes.contains(g), g) }
        XCTAssertFalse(probes.contains("+"), "ASCII is not measured")
        XCTAssertFalse(probes.contains(")"))
        XCTAssertEqual(probes.count, Set(probes).count, "no repeats")
    }

    func test_layoutCheck_catchesAMovedCell_aWidthChange_andAStyleChange() {
        func row(_ text: String) -> Buffer {
            var b = Buffer(width: 5, height: 1)
            b.drawLine(BidiEngine().layout(text, direction: .ltr).lines[0], x: 0, y: 0, style: .plain)
            return b
        }
        let standard = row("🔅ab★")
        XCTAssertEqual(GlyphLayout.differences(standard, row("*-ab*"), glyphs: .ascii), [])
        XCTAssertEqual(GlyphLayout.differences(standard, row("*-ab★"), glyphs: .ascii), [], "text may keep a character")
        XCTAssertEqual(GlyphLayout.differences(standard, row("*ab*"), glyphs: .ascii).count, 4, "everything after moved")
        XCTAssertEqual(GlyphLayout.differences(standard, row("*-aB*"), glyphs: .ascii), ["cell 3,0: b in fg default bg default became B in fg default bg default"])
        var restyled = row("*-ab*")
        restyled.setStyle(x: 4, y: 0, Style(attributes: .bold))
        XCTAssertEqual(GlyphLayout.differences(standard, restyled, glyphs: .ascii), ["cell 4,0: the style of ★ changed"])
    }

    // MARK: - Each widget

    func test_pane_stack_separator_bordersKeepTheirPlace() {
        let pane = Pane(title: "T", split: [.fill(Spacer()), .fill(Pane(split: [.fill(Spacer()), .fill(Spacer())], axis: .vertical))])
        let r = assertFallbacks(pane, 12, 6, expected: ["┌", "┬", "│", "─"])
        // The frame, the divider and the nested frame's tees stay in their columns.
        XCTAssertEqual(r.ltr, ["+- T -+----+", "|     |+--+|", "|     ||  ||", "|     |+--+|", "|     |+--+|", "+-----+----+"])
        XCTAssertEqual(r.rtl, ["+----+- T -+", "|+--+|     |", "||  ||     |", "|+--+|     |", "|+--+|     |", "+----+-----+"])
        assertFallbacks(Stack(.horizontal, [.fill(Spacer()), .fill(Spacer())], separator: true), 5, 2, expected: ["│"])
        assertFallbacks(Stack(.vertical, [.fill(Spacer()), .fill(Spacer())], separator: true), 5, 3, expected: ["─"])
        XCTAssertEqual(assertFallbacks(Separator(), 4, 1, expected: ["─"]).ltr, ["----"])
    }

    func test_list_scrollBarMarkerAndBullet() {
        var list = List(["a", "b", "c", "d"], selected: 2, bullet: "•")
        list.itemDirection = .context
        let r = assertFallbacks(list, 8, 3, expected: ["┃", "│", "▸", "◂", "•"])
        XCTAssertEqual(r.ltr, ["#  * a  ", "#  * b  ", "|> * c  "])
        XCTAssertEqual(r.rtl, ["  a *  #", "  b *  #", "  c * <|"])
    }

    func test_slider_trackThumbAndEmojiEnds() {
        let slider = Slider(value: 0.5, startGlyph: "🔅", endGlyph: "🔆")
        let r = assertFallbacks(slider, 15, 1, expected: ["━", "●", "─", "🔅"])
        XCTAssertEqual(r.ltr, ["*- ====O---- *+"])
        XCTAssertEqual(r.rtl, ["*+ ----O==== *-"])
    }

    func test_toggle_onOffAndNarrow() {
        XCTAssertEqual(assertFallbacks(Toggle(label: "x", isOn: true), 8, 1, expected: ["━", "●"]).ltr, ["x  [==O]"])
        XCTAssertEqual(assertFallbacks(Toggle(label: "x", isOn: false), 8, 1, expected: ["─", "●"]).rtl, ["[--O]  x"])
        XCTAssertEqual(assertFallbacks(Toggle(isOn: false), 1, 1, expected: ["○"]).ltr, ["o"])
        XCTAssertEqual(assertFallbacks(Toggle(isOn: true), 1, 1, expected: ["●"]).ltr, ["O"])
    }

    func test_starRating_halfStarsStayAMirrorPair() {
        let r = assertFallbacks(StarRating(value: 2.5, max: 4), 7, 1, expected: ["★", "☆", "⯪", "⯫"])
        XCTAssertEqual(r.ltr, ["* * [ ."])
        XCTAssertEqual(r.rtl, [". ] * *"], "R11: the filled half faces the leading edge")
    }

    func test_progressBar_blocksInBothDirections() {
        let r = assertFallbacks(ProgressBar(value: 0.45), 5, 1, expected: ["█", "▎", "▕", "▋"])
        XCTAssertEqual(r.ltr, ["##|  "])
        XCTAssertEqual(r.rtl, ["  |##"])
    }

    func test_navigationBreadcrumbAndButtons_keepTheirArrowsPlace() {
        let nav = assertFallbacks(NavBar(back: "b", next: "n"), 10, 1, expected: ["‹", "›"])
        XCTAssertEqual(nav.ltr, ["< b    n >"])
        XCTAssertEqual(nav.rtl, ["< n    b >"])
        let crumbs = assertFallbacks(Breadcrumb(["a", "b"]), 10, 1, expected: ["›", "‹"])
        XCTAssertEqual(crumbs.ltr, ["a > b     "])
        XCTAssertEqual(crumbs.rtl, ["     b < a"])
        let media = ButtonRow([.init(glyph: "⏮", physical: true), .init(glyph: "⏪", physical: true),
                               .init(glyph: "⏯", physical: true), .init(glyph: "⏩", physical: true),
                               .init(glyph: "⏭", physical: true)])
        let r = assertFallbacks(media, 24, 1, expected: ["⏮", "⏪"])
        XCTAssertEqual(r.ltr, ["[<] [<<] [P] [>>] [>]   "])
        XCTAssertEqual(r.rtl, ["   [<] [<<] [P] [>>] [>]"], "R13: a physical row keeps its order")
        let arrows = assertFallbacks(ButtonRow([.init(glyph: "→", text: "go", physical: true), .init(glyph: "⇤", text: "x")]), 16, 1,
                                     expected: ["→", "⇤", "⇥"])
        XCTAssertEqual(arrows.ltr, ["[> go] [< x]    "])
        XCTAssertEqual(arrows.rtl, ["    [x >] [go >]"])
    }

    func test_iconRow_emojiBadgeAndMultiClusterGlyphs() {
        let row = IconRow([.init("📷"), .init("🎵"), .init("◁)))")], ordered: true, badge: .init(index: 0, glyph: "●"))
        let r = assertFallbacks(row, 20, 2, expected: ["📷", "🎵", "●", "◁"])
        XCTAssertEqual(r.ltr, ["  O                 ", "[o   d'  <)))       "])
        XCTAssertEqual(r.rtl, ["                 O  ", "       <)))  d'   [o"])
    }
}
