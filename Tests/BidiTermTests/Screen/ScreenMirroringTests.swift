import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// The rules, checked on the demo screens themselves: whatever the goldens say, an RTL screen must
/// be the mirror of the LTR one where the rules say so, and keep what they say never flips.
/// Each test draws every locale it concerns, at 80×24, through `ScreenRenderer`.
final class ScreenMirroringTests: XCTestCase {
    let width = 80, height = 24

    /// Glyphs that only widgets draw (never text of the demo catalogs) and that mirror with the
    /// layout: frames, dividers, bar fills, slider and toggle tracks, stars.
    static let graphicGlyphs: Set<String> = ["┌", "┐", "└", "┘", "├", "┤", "┬", "┴", "┼", "│", "█", "━",
                                             "★", "☆", "⯪", "⯫"]

    private func pair(_ id: String, _ locale: String) throws -> (ltr: Buffer, rtl: Buffer) {
        let screen = try DemoScreenSet.screen(id)
        return (try DemoScreenSet.draw(screen, locale: locale, direction: .ltr, width: width, height: height),
                try DemoScreenSet.draw(screen, locale: locale, direction: .rtl, width: width, height: height))
    }

    private func rows(_ b: Buffer) -> [String] { BufferExport.plain(b) }

    /// The row index of the first row containing `text`, failing the test when there is none.
    private func row(containing text: String, in b: Buffer, _ context: String,
                     file: StaticString = #filePath, line: UInt = #line) -> Int? {
        guard let y = rows(b).firstIndex(where: { $0.contains(text) }) else {
            XCTFail("\(context): no row contains \(text):\n\(LineDiff.framed(rows(b)))", file: file, line: line)
            return nil
        }
        return y
    }

    // MARK: - R2, R9, R10, R11: graphic rows are mirror images

    /// R2: for every screen and locale, each frame corner, tee, vertical border, bar fill, slider or
    /// toggle track and star of the RTL screen sits at the mirrored column of the LTR one, as its
    /// mirror glyph (┌ ↔ ┐, ⯪ ↔ ⯫), row by row; nothing of the kind appears or disappears.
    func test_R2_graphicGlyphsOfRTLAreTheMirrorOfLTR_everyScreenAndLocale() throws {
        var checked = 0
        for screen in DemoScreenSet.screens() {
            for locale in DemoScreenSet.locales {
                let (ltr, rtl) = try pair(screen.id, locale)
                for y in 0..<height {
                    let expected = DemoScreenSet.glyphs(Self.graphicGlyphs, row: y, in: ltr)
                        .map { "\(width - 1 - $0.x):\(GlyphMirroring.mirrored($0.symbol))" }.sorted()
                    let actual = DemoScreenSet.glyphs(Self.graphicGlyphs, row: y, in: rtl)
                        .map { "\($0.x):\($0.symbol)" }.sorted()
                    checked += expected.count
                    XCTAssertEqual(actual, expected, "\(screen.id) \(locale) row \(y):\nLTR |\(rows(ltr)[y])|\nRTL |\(rows(rtl)[y])|")
                }
            }
        }
        XCTAssertGreaterThan(checked, 1000, "the screens should have frames, bars and stars to compare")
    }

    /// R2: the settings sidebar (the first child of the top stack) is at the left in LTR and at the
    /// right in RTL, where its selection marker points into the row from the right (R15).
    func test_R2_leadingSidebarMovesToTheRightInRTL() throws {
        for locale in DemoScreenSet.locales {
            let (ltr, rtl) = try pair("settings", locale)
            guard let l = DemoScreenSet.find("▸", in: ltr), let r = DemoScreenSet.find("◂", in: rtl) else {
                XCTFail("\(locale): no selection marker"); continue
            }
            let (y, lx, ry, rx) = (l.row, l.column, r.row, r.column)
            XCTAssertEqual(ry, y, locale)
            XCTAssertLessThan(lx, 5, "\(locale): LTR marker at the left edge of the sidebar")
            XCTAssertEqual(rx, width - 1 - lx, "\(locale): RTL marker at the mirrored column")
            XCTAssertNil(DemoScreenSet.find("▸", in: rtl), "\(locale): the marker flips in RTL (R15)")
        }
        let (ltr, rtl) = try pair("settings", "en")
        let l = try XCTUnwrap(DemoScreenSet.find("Sections", in: ltr)), r = try XCTUnwrap(DemoScreenSet.find("Sections", in: rtl))
        XCTAssertLessThan(l.column, width / 2)
        XCTAssertGreaterThan(r.column, width / 2, "the sidebar's title at the right in RTL")
        XCTAssertEqual(r.column + "Sections".count + 2, width - 2, "title at the pane's leading edge: ' Sections ─┐'")
    }

    /// R9: every progress bar (the cells in the bar's track colour) fills from the leading edge: in
    /// LTR its fill starts at the bar's left end, in RTL at its right end, with the same number of
    /// full cells; the partial cell touches the fill on its trailing side.
    func test_R9_progressBarsFillFromTheLeadingEdge() throws {
        let trackBackground = Theme.default.barTrack.bg
        var bars = 0
        for id in ["settings", "player", "ratings"] {
            for locale in DemoScreenSet.locales {
                let (ltr, rtl) = try pair(id, locale)
                for y in 0..<height {
                    func runs(_ b: Buffer) -> [[Cell]] {
                        var out: [[Cell]] = [], current: [Cell] = []
                        for c in DemoScreenSet.cells(b, row: y) {
                            if c.style.bg == trackBackground { current.append(c) } else if !current.isEmpty { out.append(current); current = [] }
                        }
                        if !current.isEmpty { out.append(current) }
                        return out
                    }
                    let l = runs(ltr), r = runs(rtl)
                    XCTAssertEqual(l.count, r.count, "\(id) \(locale) row \(y): bars in LTR and RTL")
                    for (lb, rb) in zip(l, r) {
                        bars += 1
                        let lFull = lb.prefix { $0.symbol == "█" }.count
                        let rFull = rb.reversed().prefix { $0.symbol == "█" }.count
                        XCTAssertGreaterThan(lFull, 0, "\(id) \(locale) row \(y): LTR fill starts at the left end")
                        XCTAssertEqual(rFull, lFull, "\(id) \(locale) row \(y): RTL fill starts at the right end, as long")
                        XCTAssertEqual(lb.filter { $0.symbol == "█" }.count, lFull, "LTR fill is one run from the left")
                        XCTAssertEqual(rb.filter { $0.symbol == "█" }.count, rFull, "RTL fill is one run from the right")
                        XCTAssertEqual(lb.count, rb.count, "\(id) \(locale) row \(y): bar widths")
                    }
                }
            }
        }
        XCTAssertEqual(bars, (1 + 1 + 2) * DemoScreenSet.locales.count, "settings, player and ratings draw 1, 1 and 2 bars")
    }

    /// R9, R14: sliders fill from the leading edge to the thumb; the start glyph (🔅, −, 🔈) is at the
    /// leading edge and the end glyph (🔆, +, 🔊) at the trailing edge, so they swap sides in RTL.
    func test_R9_sliderEndGlyphsSwapSidesAndTheFillStartsAtTheLeadingEdge() throws {
        let sliders = [("settings", "🔅", "🔆"), ("settings", "−", "+"), ("player", "🔈", "🔊")]
        for (id, start, end) in sliders {
            for locale in DemoScreenSet.locales {
                let (ltr, rtl) = try pair(id, locale)
                guard let y = row(containing: start, in: ltr, "\(id) \(locale) LTR"),
                      let ry = row(containing: start, in: rtl, "\(id) \(locale) RTL") else { continue }
                let ls = DemoScreenSet.columns(of: start, row: y, in: ltr), le = DemoScreenSet.columns(of: end, row: y, in: ltr)
                let rs = DemoScreenSet.columns(of: start, row: ry, in: rtl), re = DemoScreenSet.columns(of: end, row: ry, in: rtl)
                guard let lStart = ls.first, let lEnd = le.last, let rStart = rs.last, let rEnd = re.first else {
                    XCTFail("\(id) \(locale): both end glyphs on the track row"); continue
                }
                XCTAssertLessThan(lStart, lEnd, "\(id) \(locale): LTR start glyph at the left")
                XCTAssertGreaterThan(rStart, rEnd, "\(id) \(locale): RTL start glyph at the right")
                // The fill (━) lies between the start glyph and the thumb (●).
                let lThumb = try XCTUnwrap(DemoScreenSet.columns(of: "●", row: y, in: ltr).first)
                let rThumb = try XCTUnwrap(DemoScreenSet.columns(of: "●", row: ry, in: rtl).first)
                let lFill = DemoScreenSet.glyphs(["━"], row: y, in: ltr).map(\.x)
                let rFill = DemoScreenSet.glyphs(["━"], row: ry, in: rtl).map(\.x)
                XCTAssertFalse(lFill.isEmpty, "\(id) \(locale): the slider has a fill")
                XCTAssertTrue(lFill.allSatisfy { $0 > lStart && $0 < lThumb }, "\(id) \(locale): LTR fill left of the thumb")
                XCTAssertTrue(rFill.allSatisfy { $0 > rThumb && $0 < rStart }, "\(id) \(locale): RTL fill right of the thumb")
                XCTAssertEqual(rFill.count, lFill.count, "\(id) \(locale): fills as long")
            }
        }
    }

    /// R8: slider ticks, rating numbers and page steps read from the leading edge, in the locale's
    /// digits (R6), each number keeping its digit order (R7).
    func test_R8_countingNumbersReadFromTheLeadingEdge() throws {
        for locale in DemoScreenSet.locales {
            let digits = NumeralSystem.forLocale(locale)
            let oneToFive = (1...5).map { digits.format($0) }
            let forward = oneToFive.joined(separator: " "), backward = oneToFive.reversed().joined(separator: " ")
            for id in ["ratings", "reading"] {
                let (ltr, rtl) = try pair(id, locale)
                XCTAssertNotNil(row(containing: forward, in: ltr, "\(id) \(locale) LTR"))
                XCTAssertNotNil(row(containing: backward, in: rtl, "\(id) \(locale) RTL"))
                XCTAssertNil(rows(rtl).firstIndex { $0.contains(forward) }, "\(id) \(locale): RTL numbers reversed")
            }
            let (ltr, rtl) = try pair("settings", locale)
            let ticks = [0, 25, 50, 75, 100].map { digits.format($0) }
            guard let y = row(containing: ticks[4], in: ltr, "settings \(locale)"),
                  let ry = row(containing: ticks[4], in: rtl, "settings \(locale) RTL") else { continue }
            let l = DemoScreenSet.words(row: y, in: ltr).map(\.text).filter(ticks.contains)
            let r = DemoScreenSet.words(row: ry, in: rtl).map(\.text).filter(ticks.contains)
            XCTAssertEqual(l, ticks, "\(locale): LTR ticks 0…100 from the left")
            XCTAssertEqual(r, ticks.reversed(), "\(locale): RTL ticks 0…100 from the right, 100 in its digit order (R7)")
        }
    }

    /// R10: a toggle's on side is the trailing side: `[━━●]` in LTR, `[●━━]` in RTL, and the switch
    /// sits at the trailing end of its row, after the label.
    func test_R10_toggleOnSideIsTheTrailingSide() throws {
        for locale in DemoScreenSet.locales {
            let (ltr, rtl) = try pair("settings", locale)
            let l = rows(ltr).joined(separator: "\n"), r = rows(rtl).joined(separator: "\n")
            XCTAssertEqual(l.components(separatedBy: "[━━●]").count - 1, 2, "\(locale): two toggles on, knob at the right")
            XCTAssertEqual(l.components(separatedBy: "[●──]").count - 1, 1, "\(locale): one off, knob at the left")
            XCTAssertEqual(r.components(separatedBy: "[●━━]").count - 1, 2, "\(locale): RTL on: knob at the left")
            XCTAssertEqual(r.components(separatedBy: "[──●]").count - 1, 1, "\(locale): RTL off: knob at the right")
            guard let y = row(containing: "[●━━]", in: rtl, locale) else { continue }
            let switchX = try XCTUnwrap(DemoScreenSet.columns(of: "[●━━]", row: y, in: rtl).first)
            let label = DemoScreenSet.cells(rtl, row: y).enumerated().filter {
                $0.offset > switchX + 5 && $0.element.symbol != " " && !Self.graphicGlyphs.contains($0.element.symbol)
            }
            XCTAssertFalse(label.isEmpty, "\(locale): the label is right of the switch in RTL")
        }
    }

    /// R11: the first star is at the leading edge and the half star's filled half faces it: read
    /// from the leading edge, 3.5 is ★ ★ ★ half ☆, with ⯪ in LTR and ⯫ in RTL.
    func test_R11_starsStartAtTheLeadingEdge() throws {
        let stars: Set<String> = ["★", "☆", "⯪", "⯫"]
        for locale in DemoScreenSet.locales {
            let (ltr, rtl) = try pair("ratings", locale)
            let starRows = (0..<height).filter { !DemoScreenSet.glyphs(stars, row: $0, in: ltr).isEmpty }
            XCTAssertEqual(starRows.count, 2, "\(locale): two ratings")
            guard let y = starRows.first else { continue }
            let l = DemoScreenSet.glyphs(stars, row: y, in: ltr).map(\.symbol)
            let r = DemoScreenSet.glyphs(stars, row: y, in: rtl).map(\.symbol)
            XCTAssertEqual(l, ["★", "★", "★", "⯪", "☆"], locale)
            XCTAssertEqual(Array(r.reversed()), ["★", "★", "★", "⯫", "☆"], "\(locale): from the right, ★ ★ ★ then the star whose right half is filled")
            let own = DemoScreenSet.glyphs(stars, row: starRows[1], in: rtl).map(\.symbol)
            XCTAssertEqual(own, ["☆", "★", "★", "★", "★"], "\(locale): your 4 stars from the right")
        }
    }

    // MARK: - R13, R15, R16, R17, R18: what flips and what does not

    /// R13: transport controls mean tape motion, a physical direction: same glyphs, same left-to-right
    /// order in every locale and direction. R15: the speaker's sound waves flip.
    func test_R13_transportControlsNeverFlip_R15_soundWavesDo() throws {
        let transport: Set<String> = ["⏮", "⏪", "⏯", "⏩", "⏭"]
        for locale in DemoScreenSet.locales {
            let (ltr, rtl) = try pair("player", locale)
            for (b, name) in [(ltr, "LTR"), (rtl, "RTL")] {
                guard let y = row(containing: "⏯", in: b, "\(locale) \(name)") else { continue }
                XCTAssertEqual(DemoScreenSet.glyphs(transport, row: y, in: b).map(\.symbol), ["⏮", "⏪", "⏯", "⏩", "⏭"],
                               "\(locale) \(name)")
            }
            XCTAssertNotNil(row(containing: "◁)))", in: ltr, locale))
            XCTAssertNotNil(row(containing: "(((▷", in: rtl, locale))
        }
    }

    /// R13, R15: "move right" and "align left" keep → and ⇤; "align to start" flips ⇤ to ⇥; the row
    /// runs leading→trailing, so "move right" comes first from the right in RTL.
    func test_R13_physicalButtonsKeepTheirGlyphs_R15_alignToStartFlips() throws {
        for locale in DemoScreenSet.locales {
            let (ltr, rtl) = try pair("messages", locale)
            guard let y = row(containing: "→", in: ltr, locale), let ry = row(containing: "→", in: rtl, locale) else { continue }
            let arrows: Set<String> = ["→", "←", "⇤", "⇥"]
            XCTAssertEqual(DemoScreenSet.glyphs(arrows, row: y, in: ltr).map(\.symbol), ["→", "⇤", "⇤"], locale)
            XCTAssertEqual(DemoScreenSet.glyphs(arrows, row: ry, in: rtl).map(\.symbol), ["⇥", "⇤", "→"], locale)
        }
    }

    /// R16: ✓ and 🕒 are drawn as authored; R17: the chronological row reverses its positions;
    /// R18: the unread dot moves to the inbox's trailing side, the cart's + stays on its right.
    func test_R16_R17_R18_iconsAndBadges() throws {
        let row = ["📷", "🎵", "📝", "📁", "📅"]
        for locale in DemoScreenSet.locales {
            let (ltr, rtl) = try pair("ratings", locale)
            let l = rows(ltr).joined(separator: "\n"), r = rows(rtl).joined(separator: "\n")
            XCTAssertTrue(l.contains(row.joined(separator: "  ")), "\(locale): LTR newest first, from the left")
            XCTAssertTrue(r.contains(row.reversed().joined(separator: "  ")), "\(locale): RTL newest first, from the right")
            for g in ["✓", "🕒"] {
                XCTAssertTrue(l.contains(g) && r.contains(g), "\(locale): \(g) in both directions")
            }
            XCTAssertTrue(l.contains("📥●") && r.contains("●📥"), "\(locale): the unread dot at the trailing side")
            XCTAssertTrue(l.contains("🛒+") && r.contains("🛒+"), "\(locale): the cart's + stays at its right")
        }
    }

    // MARK: - R1, R3, R4, R6, R12, R20: text

    /// R3: the English paragraph of three lines keeps its own (left) alignment inside every RTL screen;
    /// the screen's own paragraph is right-aligned.
    func test_R3_englishParagraphStaysLeftAlignedInRTL() throws {
        let english = "The same rules hold in every language:"
        let (enLTR, _) = try pair("reading", "en")
        let expected = try XCTUnwrap(DemoScreenSet.find(english, in: enLTR))
        for locale in DemoScreenSet.locales {
            for direction in LayoutDirection.allCases {
                let b = try DemoScreenSet.draw(try DemoScreenSet.screen("reading"), locale: locale, direction: direction)
                let found = DemoScreenSet.find(english, in: b)
                XCTAssertEqual(found?.column, expected.column, "\(locale) \(direction): flush left")
                XCTAssertEqual(found?.column, 1, "\(locale) \(direction): right after the frame")
            }
        }
        for locale in DemoScreenSet.rtlLocales {
            let (_, rtl) = try pair("reading", locale)
            // The body paragraph's first line ends at the right edge of the content (column 78).
            let body = DemoScreenSet.cells(rtl, row: 3)
            XCTAssertNotEqual(body[width - 2].symbol, " ", "\(locale): the body paragraph is right-aligned")
            XCTAssertEqual(body[width - 1].symbol, "│")
        }
    }

    /// R1: the install box is an LTR subtree: in an RTL screen it keeps its corners and its title at
    /// the left, and the commands read left to right.
    func test_R1_ltrSubtreeInsideAnRTLScreen() throws {
        for locale in DemoScreenSet.locales {
            let (_, rtl) = try pair("reading", locale)
            guard let y = row(containing: "$ sudo apt install rtl-tui=2.4.1", in: rtl, locale) else { continue }
            XCTAssertEqual(DemoScreenSet.columns(of: "$ sudo", row: y, in: rtl).first, 2, "\(locale): command flush left")
            XCTAssertEqual(rtl[1, y - 1]?.symbol, "┌", "\(locale): LTR corner at the left")
            XCTAssertEqual(rtl[2, y - 1]?.symbol, "─", locale)
            XCTAssertEqual(rtl[3, y - 1]?.symbol, " ", "\(locale): the title starts at the left: ┌─ title")
            XCTAssertEqual(rtl[width - 2, y - 1]?.symbol, "┐", locale)
        }
    }

    /// R4: every item of the playlist, the English title included, ends at the same column in RTL
    /// (one alignment, the context's), and starts at the same column in LTR.
    func test_R4_listItemsShareOneAlignment() throws {
        for locale in DemoScreenSet.locales {
            let (ltr, rtl) = try pair("player", locale)
            // The playlist rows are 2…7; its pane's inner edge is column 2 in LTR, 77 in RTL.
            for y in 2...7 {
                let l = DemoScreenSet.cells(ltr, row: y), r = DemoScreenSet.cells(rtl, row: y)
                XCTAssertNotEqual(l[4].symbol, " ", "\(locale) row \(y): LTR item starts after the marker column")
                XCTAssertEqual(l[3].symbol, " ", "\(locale) row \(y)")
                XCTAssertNotEqual(r[width - 5].symbol, " ", "\(locale) row \(y): RTL item ends before the marker column")
                XCTAssertEqual(r[width - 4].symbol, " ", "\(locale) row \(y)")
            }
        }
    }

    /// R6: percentages and numbers the screen supplies are written by ICU in the locale's digits:
    /// `72%` in English and Hebrew, `٧٢٪؜` in Arabic, `۷۲٪` in Persian. CLDR ends the Arabic
    /// percentage with an Arabic letter mark, so `٪` follows the digits to their left in either
    /// direction (`٪٧٢`, read from the right); Persian digits are European numbers, which keep
    /// `٪` on their right.
    func test_R6_numbersUseTheLocalesDigits() throws {
        let expected = ["en": ("72%", "72%"), "he": ("72%", "72%"), "ar": ("٪٧٢", "٪٧٢"), "fa": ("۷۲٪", "۷۲٪")]
        for (locale, (percentLTR, percentRTL)) in expected {
            let (ltr, rtl) = try pair("ratings", locale)
            XCTAssertNotNil(row(containing: percentLTR, in: ltr, locale))
            XCTAssertNotNil(row(containing: percentRTL, in: rtl, locale))
        }
        // Persian and Arabic screens show no Western digit in what the screen formats (counts,
        // percentages, steps); versions and product names keep theirs (R7).
        for locale in ["ar", "fa"] {
            let (_, rtl) = try pair("ratings", locale)
            let ratingRows = rows(rtl)
            XCTAssertFalse(ratingRows.contains { $0.contains("72") || $0.contains("25%") }, locale)
            XCTAssertTrue(ratingRows.contains { $0.contains("Ubuntu 24.04") }, "\(locale): a product name keeps its digits")
        }
    }

    /// R12: "previous" points to the leading edge and sits there; "next" points to the trailing edge.
    func test_R12_backPointsToTheLeadingEdge() throws {
        let (ltr, rtl) = try pair("reading", "en")
        guard let y = row(containing: "Previous page", in: ltr, "LTR"), let ry = row(containing: "Previous page", in: rtl, "RTL") else { return }
        XCTAssertEqual(DemoScreenSet.columns(of: "‹ Previous page", row: y, in: ltr).first, 1)
        XCTAssertEqual(DemoScreenSet.columns(of: "Previous page ›", row: ry, in: rtl).first, width - 1 - "Previous page ›".count)
        XCTAssertFalse(DemoScreenSet.columns(of: "Next page ›", row: y, in: ltr).isEmpty)
        XCTAssertFalse(DemoScreenSet.columns(of: "‹ Next page", row: ry, in: rtl).isEmpty)
    }

    /// R20: Arabic and Persian text reaches the buffer shaped: no letter is left in its nominal
    /// (unjoined) form, in any screen or direction.
    func test_R20_arabicAndPersianLettersAreShaped() throws {
        // Letters with contextual presentation forms: Arabic U+0622–U+064A and the Persian
        // پ چ ژ ک گ ی. (The hamza U+0621 never joins; its nominal form is its only form.)
        let nominal: Set<UInt32> = Set(0x0622...0x064A).union([0x067E, 0x0686, 0x0698, 0x06A9, 0x06AF, 0x06CC])
        for screen in DemoScreenSet.screens() {
            for locale in ["ar", "fa"] {
                for direction in LayoutDirection.allCases {
                    let b = try DemoScreenSet.draw(screen, locale: locale, direction: direction)
                    for (y, r) in rows(b).enumerated() {
                        let bad = r.unicodeScalars.filter { nominal.contains($0.value) }
                        XCTAssertTrue(bad.isEmpty, "\(screen.id) \(locale) \(direction) row \(y): unshaped \(bad.map { String(format: "U+%04X", $0.value) }): |\(r)|")
                    }
                }
            }
        }
    }

    /// R20: shaping changes how letters look, never which letters are drawn. Every Arabic and
    /// Persian string of the demo catalogs, drawn as a label in either direction, shows the same
    /// letters and marks as it holds (compared after compatibility normalisation, which turns
    /// presentation forms and lam-alef ligatures back into their letters).
    func test_R20_shapingDrawsEveryLetterOfTheDemoCatalogs() throws {
        func arabicScalars(_ s: String) -> [UInt32] {
            s.precomposedStringWithCompatibilityMapping.unicodeScalars.map(\.value).filter { (0x0600...0x06FF).contains($0) }.sorted()
        }
        var checked = 0
        for locale in ["ar", "fa"] {
            let catalog = try XCTUnwrap(DemoScreenSet.catalogs[locale]).get()
            for entry in catalog.entries {
                guard let text = entry.translation, !arabicScalars(text).isEmpty else { continue }
                for direction in LayoutDirection.allCases {
                    let b = Label(text).rendered(width: 300, height: 1, context: RenderContext(direction: direction))
                    let drawn = BufferExport.plain(b)[0]
                    checked += 1
                    let want = arabicScalars(text), got = arabicScalars(drawn)
                    guard want != got else { continue }
                    func names(_ a: [UInt32], _ b: [UInt32]) -> String {
                        var rest = b
                        return a.filter { v in
                            if let i = rest.firstIndex(of: v) { rest.remove(at: i); return false }
                            return true
                        }.map { String(format: "U+%04X", $0) }.joined(separator: " ")
                    }
                    XCTFail("\(locale) \(entry.key) \(direction): \(text) drawn as |\(drawn.trimmingCharacters(in: .whitespaces))|; "
                            + "missing [\(names(want, got))], extra [\(names(got, want))]")
                }
            }
        }
        XCTAssertGreaterThan(checked, 100)
    }
}
