import TestSupport
import XCTest
@testable import BidiTerm

/// The core: mirroring helpers, the glyph table, drawing text, the render context, stack lengths.
final class WidgetsCoreTests: WidgetTestCase {
    // MARK: Mirroring

    func test_mirroring_leadingOffsetBecomesPhysicalColumn() {
        let rect = Rect(x: 10, y: 0, width: 10, height: 1)
        XCTAssertEqual(Mirroring(.ltr).x(leadingOffset: 2, width: 3, in: rect), 12)
        XCTAssertEqual(Mirroring(.rtl).x(leadingOffset: 2, width: 3, in: rect), 15)
        XCTAssertEqual(Mirroring(.ltr).physical(.leading), .left)
        XCTAssertEqual(Mirroring(.rtl).physical(.leading), .right)
        XCTAssertEqual(Mirroring(.rtl).physical(.trailing), .left)
        XCTAssertEqual(Mirroring(.rtl).inset(rect, leading: 2, trailing: 1), Rect(x: 11, y: 0, width: 7, height: 1))
        XCTAssertEqual(Mirroring(.ltr).inset(rect, leading: 2, trailing: 1), Rect(x: 12, y: 0, width: 7, height: 1))
    }

    func test_mirroring_leadingOffsetOfARectAndReadingStepOfKeys() {
        let box = Rect(x: 2, y: 0, width: 10, height: 1)
        let inner = Rect(x: 4, y: 0, width: 3, height: 1)
        XCTAssertEqual(Mirroring(.ltr).leadingOffset(of: inner, in: box), 2)
        XCTAssertEqual(Mirroring(.rtl).leadingOffset(of: inner, in: box), 5)
        for dir in LayoutDirection.allCases {
            let m = Mirroring(dir)
            XCTAssertEqual(m.leadingOffset(of: m.rect(leadingOffset: 3, width: 2, in: box), in: box), 3)
        }
        XCTAssertEqual(Mirroring(.ltr).readingStep(of: .right), 1)
        XCTAssertEqual(Mirroring(.rtl).readingStep(of: .right), -1)
        XCTAssertEqual(Mirroring(.rtl).readingStep(of: .left), 1)
        XCTAssertNil(Mirroring(.rtl).readingStep(of: .up))
    }

    func test_mirroring_placeRunsFromLeadingEdge() {
        let row = Rect(x: 0, y: 3, width: 10, height: 2)
        XCTAssertEqual(Mirroring(.ltr).place(widths: [3, 4], in: row, spacing: 1),
                       [Rect(x: 0, y: 3, width: 3, height: 2), Rect(x: 4, y: 3, width: 4, height: 2)])
        XCTAssertEqual(Mirroring(.rtl).place(widths: [3, 4], in: row, spacing: 1),
                       [Rect(x: 7, y: 3, width: 3, height: 2), Rect(x: 2, y: 3, width: 4, height: 2)])
        XCTAssertEqual(Mirroring(.rtl).visualOrder([1, 2, 3]), [3, 2, 1])
        XCTAssertEqual(Mirroring(.ltr).visualOrder([1, 2, 3]), [1, 2, 3])
        XCTAssertEqual(Mirroring.mirror(Rect(x: 1, y: 0, width: 3, height: 1), in: Rect(x: 0, y: 0, width: 10, height: 1)),
                       Rect(x: 6, y: 0, width: 3, height: 1))
    }

    func test_mirroring_alignmentLeadingTrailingMirrorLeftRightDoNot() {
        let row = Rect(x: 0, y: 0, width: 5, height: 1)
        let l = Mirroring(.ltr), r = Mirroring(.rtl)
        XCTAssertEqual([l.x(aligning: 2, in: row, .leading), r.x(aligning: 2, in: row, .leading)], [0, 3])
        XCTAssertEqual([l.x(aligning: 2, in: row, .trailing), r.x(aligning: 2, in: row, .trailing)], [3, 0])
        XCTAssertEqual([l.x(aligning: 2, in: row, .left), r.x(aligning: 2, in: row, .left)], [0, 0])
        XCTAssertEqual([l.x(aligning: 2, in: row, .right), r.x(aligning: 2, in: row, .right)], [3, 3])
        // Odd leftover: the centre leans to the leading side.
        XCTAssertEqual([l.x(aligning: 2, in: row, .center), r.x(aligning: 2, in: row, .center)], [1, 2])
    }

    // MARK: Glyph table

    func test_glyphTable_everyPairFlipsBothWaysAndIsAnInvolution() {
        for (a, b) in GlyphMirroring.pairs {
            XCTAssertEqual(GlyphMirroring.policy(of: Character(a)), .flip(b), "\(a)")
            XCTAssertEqual(GlyphMirroring.policy(of: Character(b)), .flip(a), "\(b)")
            XCTAssertEqual(GlyphMirroring.mirrored(GlyphMirroring.mirrored(String(a))), String(a))
        }
    }

    func test_glyphTable_setsDoNotOverlap() {
        let flips = Set(GlyphMirroring.pairs.flatMap { [$0.0, $0.1] })
        XCTAssertEqual(flips.count, GlyphMirroring.pairs.count * 2, "a glyph is listed in two pairs")
        XCTAssertTrue(flips.isDisjoint(with: GlyphMirroring.symmetric))
        XCTAssertTrue(flips.isDisjoint(with: GlyphMirroring.neverFlip))
        XCTAssertTrue(GlyphMirroring.symmetric.isDisjoint(with: GlyphMirroring.neverFlip))
    }

    func test_glyphTable_variationSelectorIsKept() {
        XCTAssertEqual(GlyphMirroring.mirrored("⏪\u{FE0F}"), "⏩\u{FE0F}")
        XCTAssertEqual(GlyphMirroring.mirrored("✓\u{FE0F}"), "✓\u{FE0F}")
    }

    func test_glyphTable_compositeGlyphs() {
        XCTAssertEqual(GlyphMirroring.mirrored("-->"), "<--")
        XCTAssertEqual(GlyphMirroring.mirrored("◁)))"), "(((▷")
        XCTAssertEqual(GlyphMirroring.mirrored("[●──]"), "[──●]")
        // A letter or a never-flip glyph keeps the whole glyph as authored.
        XCTAssertEqual(GlyphMirroring.mirrored("A>"), "A>")
        XCTAssertEqual(GlyphMirroring.mirrored("✓ ›"), "✓ ›")
        XCTAssertEqual(GlyphMirroring.mirrored("👨‍👩‍👧"), "👨‍👩‍👧")
        XCTAssertEqual(GlyphMirroring.policy(of: "x"), .never)
        XCTAssertEqual(GlyphMirroring.policy(of: "─"), .symmetric)
        XCTAssertEqual(Mirroring(.ltr).glyph("‹"), "‹")
        XCTAssertEqual(Mirroring(.rtl).glyph("‹"), "›")
    }

    // MARK: Drawing text

    func test_drawText_fitsAndAligns() {
        for (align, ltr, rtlRow) in [(HorizontalAlignment.leading, "ab    ", "    ab"), (.trailing, "    ab", "ab    "),
                                     (.left, "ab    ", "ab    "), (.right, "    ab", "    ab"), (.center, "  ab  ", "  ab  ")] {
            for (dir, expected) in [(LayoutDirection.ltr, ltr), (.rtl, rtlRow)] {
                var b = Buffer(width: 6, height: 1)
                let drawn = b.drawText("ab", in: b.area, align: align, style: .plain, context: ctx(dir))
                assertRows(b, [expected], "\(align) \(dir)")
                XCTAssertEqual(drawn.width, 2)
            }
        }
    }

    func test_drawText_truncatesLTRTextAtItsRightEnd() {
        for dir in LayoutDirection.allCases {
            var b = Buffer(width: 8, height: 1)
            b.drawText("Hello world", in: b.area, style: .plain, direction: .content, context: ctx(dir))
            assertRows(b, ["Hello w…"], "\(dir)")
        }
    }

    func test_drawText_truncatesRTLTextAtItsLeftEnd() {
        for dir in LayoutDirection.allCases {
            var b = Buffer(width: 8, height: 1)
            b.drawText("שלום עולם", in: b.area, style: .plain, direction: .content, context: ctx(dir))
            assertRows(b, ["…" + rtl("שלום עו")], "\(dir)")
        }
    }

    func test_drawText_truncationDropsTrailingSpaceBeforeEllipsis() {
        var b = Buffer(width: 7, height: 1)
        b.drawText("Hello world", in: b.area, style: .plain, context: ctx(.ltr))
        assertRows(b, ["Hello… "])
    }

    func test_drawText_mixedTextEllipsisAtParagraphEnd() {
        // RTL paragraph ending in Latin: the logical end of the paragraph is its left end, so the
        // ellipsis goes there, left of the Latin run.
        var b = Buffer(width: 10, height: 1)
        b.drawText("שלום Hello world", in: b.area, style: .plain, context: ctx(.rtl))
        assertRows(b, ["…Hell " + rtl("שלום")])
        XCTAssertTrue(b[0, 0]!.symbol == "…")
    }

    func test_drawText_contextOrContentDirection() {
        // A UI string follows the context (Wi-Fi read first, at the right); content follows its
        // first strong character (Latin: left to right).
        var b = Buffer(width: 11, height: 1)
        b.drawText("Wi-Fi מחובר", in: b.area, style: .plain, direction: .context, context: ctx(.rtl))
        assertRows(b, [rtl("מחובר") + " Wi-Fi"])
        b = Buffer(width: 11, height: 1)
        b.drawText("Wi-Fi מחובר", in: b.area, style: .plain, direction: .content, context: ctx(.rtl))
        assertRows(b, ["Wi-Fi " + rtl("מחובר")])
    }

    func test_drawText_wideCellsUseContinuations() {
        // In an RTL paragraph the neutral camera takes the paragraph's direction: it is read
        // first, at the right, and "x" is left of it.
        var b = Buffer(width: 5, height: 1)
        b.drawText("📷x", in: b.area, style: .plain, context: ctx(.rtl))
        assertRows(b, ["  x📷"])
        XCTAssertEqual(b[2, 0]?.symbol, "x")
        XCTAssertEqual(b[3, 0]?.width, 2)
        XCTAssertEqual(b[4, 0]?.isContinuation, true)
    }

    func test_drawText_clusterDrawnAsSeveralGlyphsKeepsItsColumns() {
        // xterm draws a ZWJ family as its three parts: six columns.
        var b = Buffer(width: 8, height: 1)
        b.drawText("👨‍👩‍👧x", in: b.area, style: .plain, context: ctx(.ltr))
        XCTAssertEqual(b[0, 0]?.width, 6)
        XCTAssertEqual((1..<6).map { b[$0, 0]!.isContinuation }, Array(repeating: true, count: 5))
        XCTAssertEqual(b[6, 0]?.symbol, "x")
        assertRows(b, ["👨‍👩‍👧x "])
    }

    func test_drawText_wideGlyphThatDoesNotFitIsEllipsis() {
        var b = Buffer(width: 1, height: 1)
        b.drawText("📷", in: b.area, style: .plain, context: ctx(.ltr))
        assertRows(b, ["…"])
    }

    func test_drawText_zeroWidthDrawsNothing() {
        var b = Buffer(width: 3, height: 1)
        let r = b.drawText("abc", in: Rect(x: 1, y: 0, width: 0, height: 1), style: .plain, context: ctx(.ltr))
        assertRows(b, ["   "])
        XCTAssertEqual(r.width, 0)
    }

    func test_drawLine_clipBlanksCutWideCell() {
        let c = ctx(.ltr)
        let line = c.layoutLine("a📷b", direction: .content, maxWidth: nil)
        var b = Buffer(width: 4, height: 1)
        b.drawLine(line, x: 0, y: 0, style: .plain, clip: 0..<2)
        assertRows(b, ["a   "])
        XCTAssertFalse(b[1, 0]!.isContinuation)
    }

    func test_trimmingEndWhitespace() {
        let c = ctx(.ltr)
        let l = c.layoutLine("ab  ", direction: .content, maxWidth: nil)
        XCTAssertEqual(l.trimmingEndWhitespace(paragraph: .ltr).text, "ab")
        let r = c.layoutLine("שלום ", direction: .fixed(.rtl), maxWidth: nil)
        XCTAssertEqual(r.text, " " + rtl("שלום"))
        XCTAssertEqual(r.trimmingEndWhitespace(paragraph: .rtl).text, rtl("שלום"))
        XCTAssertEqual(r.trimmingEndWhitespace(paragraph: .rtl).width, 4)
    }

    // MARK: Context and modifiers

    func test_context_withDirectionChangesOnlyTheCopy() {
        let root = RenderContext(direction: .rtl, numerals: .arab)
        let child = root.with(direction: .ltr)
        XCTAssertEqual(root.direction, .rtl)
        XCTAssertEqual(child.direction, .ltr)
        XCTAssertEqual(child.numerals, .arab)
        XCTAssertTrue(child.engine === root.engine)
        XCTAssertEqual(root.with(style: Style(fg: .red)).with(style: Style(attributes: .bold)).style,
                       Style(fg: .red, attributes: .bold))
    }

    func test_scoped_stylesAndNumeralsReachTheSubtree() {
        let c = ctx(.ltr)
        let steps = Steps(count: 3, current: 0).numerals(.arabext).rendered(width: 5, height: 1, context: c)
        assertRows(steps, ["۱ ۲ ۳"])
        // The base style shows through theme styles that leave a colour at its default.
        let label = Label("x").styled(Style(fg: .red)).rendered(width: 1, height: 1, context: c)
        XCTAssertEqual(label[0, 0]?.style.fg, .red)
        XCTAssertEqual(Label("x").rendered(width: 1, height: 1, context: c)[0, 0]?.style.fg, .default)
    }

    // MARK: Stack lengths

    func test_stackLengths() {
        XCTAssertEqual(Stack.lengths(of: [.cells(4), .fill, .fill], in: 13, gap: 1), [4, 4, 3])
        XCTAssertEqual(Stack.lengths(of: [.percent(50), .fill], in: 10), [5, 5])
        XCTAssertEqual(Stack.lengths(of: [.percent(30), .cells(2), .fill], in: 10), [3, 2, 5])
        XCTAssertEqual(Stack.lengths(of: [.cells(8), .cells(8), .fill], in: 10), [8, 2, 0])
        XCTAssertEqual(Stack.lengths(of: [.fill, .fill], in: 0, gap: 3), [0, 0])
        XCTAssertEqual(Stack.lengths(of: [], in: 10), [])
        XCTAssertEqual(Stack.lengths(of: [.percent(250), .cells(-3)], in: 10), [10, 0])
    }
}
