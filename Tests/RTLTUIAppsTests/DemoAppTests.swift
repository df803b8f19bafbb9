import Foundation
import TestSupport
import XCTest
@testable import BidiTerm
@testable import RTLTUIApps

/// The demo's behaviour, driven by keys and rendered into buffers (no terminal).
final class DemoAppTests: XCTestCase {
    static let demoDir = Repository.root.appendingPathComponent("Demo")

    static func makeApp(locale: String = "en", screen: String? = nil, direction: LayoutDirection? = nil,
                        animate: Bool = false) throws -> DemoApp {
        let screens = ScreenFile.loadDirectory(demoDir.appendingPathComponent("screens").path)
        XCTAssertEqual(screens.diagnostics.map(\.description), [])
        var catalogs: [String: Catalog] = [:]
        for l in ["en", "ar", "he", "fa"] {
            catalogs[l] = try CatalogLoader.load(path: demoDir.appendingPathComponent("catalogs/\(l).po").path)
        }
        var o = DemoApp.Options()
        o.locale = locale
        o.screen = screen
        o.direction = direction
        o.animate = animate
        return DemoApp(screens: screens.screens, catalogs: catalogs, options: o)
    }

    func rows(_ app: inout DemoApp, _ w: Int = 80, _ h: Int = 24) -> [String] {
        var b = Buffer(width: w, height: h)
        _ = app.render(into: &b)
        return b.rows
    }

    func focus(_ app: inout DemoApp, on typeName: String) {
        for _ in 0..<app.interactivePaths.count where app.focusedNode?.kind.typeName != typeName { _ = app.handle(.tab) }
        XCTAssertEqual(app.focusedNode?.kind.typeName, typeName)
    }

    func sliderValue(_ app: DemoApp) -> Double? {
        if case .slider(let v, _, _, _, _, _, _)? = app.focusedNode?.kind { return v }
        return nil
    }

    func test_R14_rightArrowMovesTheSliderThumbRightOnScreen_soItLowersTheValueInRTL() throws {
        var ltr = try Self.makeApp(locale: "en", screen: "settings")
        focus(&ltr, on: "slider")
        let v0 = try XCTUnwrap(sliderValue(ltr))
        _ = ltr.handle(.right)
        XCTAssertGreaterThan(try XCTUnwrap(sliderValue(ltr)), v0)

        var rtl = try Self.makeApp(locale: "ar", screen: "settings")
        focus(&rtl, on: "slider")
        let r0 = try XCTUnwrap(sliderValue(rtl))
        let before = rows(&rtl).joined(separator: "\n")
        _ = rtl.handle(.right)
        XCTAssertLessThan(try XCTUnwrap(sliderValue(rtl)), r0, "R9: the value grows from the right in RTL")
        XCTAssertNotEqual(rows(&rtl).joined(separator: "\n"), before)
    }

    func test_R10_toggleArrowsArePhysical() throws {
        var app = try Self.makeApp(locale: "he", screen: "settings")
        focus(&app, on: "toggle")
        guard case .toggle(_, let on0)? = app.focusedNode?.kind else { return XCTFail() }
        _ = app.handle(.left)   // in RTL the "on" side is the left (trailing) side
        guard case .toggle(_, let on1)? = app.focusedNode?.kind else { return XCTFail() }
        XCTAssertTrue(on1)
        _ = app.handle(.right)
        guard case .toggle(_, let on2)? = app.focusedNode?.kind else { return XCTFail() }
        XCTAssertFalse(on2)
        _ = on0
    }

    func test_R11_starsGrowTowardTheTrailingEdge() throws {
        var app = try Self.makeApp(locale: "ar", screen: "ratings")
        focus(&app, on: "rating")
        guard case .rating(let v0, _, _)? = app.focusedNode?.kind else { return XCTFail() }
        _ = app.handle(.left)
        guard case .rating(let v1, _, _)? = app.focusedNode?.kind else { return XCTFail() }
        XCTAssertEqual(v1, min(5, v0 + 0.5))
    }

    func test_bidiTextField_typingArabicAndLatin_caretAndBackspace() throws {
        var app = try Self.makeApp(locale: "ar", screen: "messages")
        focus(&app, on: "field")
        XCTAssertTrue(app.isEditing)
        _ = app.handle(.end)
        for ch in " سلام abc" { _ = app.handle(.character(ch)) }
        guard case .field(let t?, let caret, _)? = app.focusedNode?.kind, case .literal(let text) = t else { return XCTFail() }
        XCTAssertTrue(text.hasSuffix(" سلام abc"), text)
        XCTAssertEqual(caret, text.count)
        // Backspace deletes the logically previous grapheme.
        _ = app.handle(.backspace)
        guard case .field(.literal(let t2)?, let c2, _)? = app.focusedNode?.kind else { return XCTFail() }
        XCTAssertTrue(t2.hasSuffix(" سلام ab"))
        XCTAssertEqual(c2, t2.count)
        // A harakah typed after a letter joins its grapheme: the caret count does not grow by two.
        _ = app.handle(.home)
        guard case .field(_, let home, _)? = app.focusedNode?.kind else { return XCTFail() }
        XCTAssertEqual(home, 0)
        // The terminal cursor is placed on the field's caret cell.
        var b = Buffer(width: 80, height: 24)
        let cursor = app.render(into: &b)
        XCTAssertNotNil(cursor)
        // 'q' types while editing; Esc leaves the field; then q quits.
        XCTAssertEqual(app.handle(.character("q")), .continue)
        XCTAssertEqual(app.handle(.escape), .continue)
        XCTAssertEqual(app.handle(.character("q")), .quit)
    }

    func test_directionKeyMirrorsTheWholeScreen() throws {
        var app = try Self.makeApp(locale: "en", screen: "settings")
        let ltr = rows(&app)
        _ = app.handle(.character("d"))   // locale → forced LTR
        _ = app.handle(.character("d"))   // forced RTL
        XCTAssertEqual(app.direction, .rtl)
        let rtl = rows(&app)
        // R2: the leading sidebar (the list with the selection marker) is in the left half in LTR,
        // in the right half in RTL, where its marker points the other way.
        func column(of marker: Character, in screen: [String]) -> Int? {
            for row in screen { if let i = row.firstIndex(of: marker) { return row.distance(from: row.startIndex, to: i) } }
            return nil
        }
        XCTAssertLessThan(try XCTUnwrap(column(of: "▸", in: ltr)), 40)
        XCTAssertGreaterThan(try XCTUnwrap(column(of: "◂", in: rtl)), 40)
        XCTAssertNil(column(of: "▸", in: rtl))
    }

    func test_localeNumeralsAndShapingKeysChangeTheScreen() throws {
        var app = try Self.makeApp(locale: "en", screen: "settings")
        _ = app.handle(.character("l"))
        XCTAssertEqual(app.locale, "ar")
        XCTAssertEqual(app.direction, .rtl)
        XCTAssertTrue(rows(&app).joined().contains("٥٠"), "Arabic-Indic tick labels (R6)")
        _ = app.handle(.character("n"))
        XCTAssertEqual(app.numerals, .latn)
        XCTAssertTrue(rows(&app).joined().contains("50"))
        let shaped = rows(&app).joined()
        _ = app.handle(.character("s"))
        let unshaped = rows(&app).joined()
        XCTAssertTrue(shaped.unicodeScalars.contains { (0xFE70...0xFEFF).contains($0.value) })
        XCTAssertFalse(unshaped.unicodeScalars.contains { (0xFE70...0xFEFF).contains($0.value) })
    }

    func test_R12_backAndNextNavigationAndPageKeys() throws {
        var app = try Self.makeApp(locale: "he", screen: "reading")
        let start = app.current
        focus(&app, on: "nav")
        _ = app.handle(.right)   // RTL: → points at Back
        XCTAssertEqual(app.current, start - 1)
        _ = app.handle(.pageDown)
        XCTAssertEqual(app.current, start)
    }

    func test_listLinksOpenScreens() throws {
        var app = try Self.makeApp(locale: "en")
        XCTAssertEqual(app.screen.id, "overview")
        focus(&app, on: "list")
        _ = app.handle(.down)
        _ = app.handle(.enter)
        XCTAssertNotEqual(app.screen.id, "overview")
    }

    func test_helpOverlaySideBySideAndTooSmallNotice() throws {
        var app = try Self.makeApp(locale: "fa", screen: "player")
        _ = app.handle(.character("?"))
        XCTAssertTrue(rows(&app).joined().contains("Ctrl+C"))
        _ = app.handle(.escape)
        XCTAssertFalse(app.showHelp)
        _ = app.handle(.character("b"))
        let both = rows(&app, 120, 30)
        XCTAssertTrue(both[1].contains("LTR") && both[1].contains("RTL"))
        let small = rows(&app, 40, 12).joined()
        XCTAssertTrue(small.contains("40×12"), small)
    }

    /// From nothing to 300×100: below 60×18 the notice with the size needed (when there is room for
    /// it), from 60×18 on a whole frame (header, footer, the screen's frame); at every size each
    /// wide glyph keeps its right half and no half is left without its glyph.
    func test_everySizeFromOneByOneToHuge_drawsTheNoticeOrAWholeFrame() throws {
        var app = try Self.makeApp(locale: "ar", screen: "ratings")
        for (w, h) in [(0, 0), (1, 1), (2, 3), (10, 5), (40, 12), (59, 17), (60, 18), (80, 24), (300, 100)] {
            var b = Buffer(width: w, height: h)
            _ = app.render(into: &b)
            let text = b.rows.joined(separator: "\n")
            if w >= 60 && h >= 18 {
                XCTAssertTrue(b.rowText(0).contains("rtl-tui"), "\(w)×\(h): no header:\n\(text)")
                XCTAssertTrue(b.rowText(h - 2).hasPrefix("└") && b.rowText(h - 2).hasSuffix("┘"), "\(w)×\(h): no frame:\n\(text)")
                XCTAssertFalse(b.rowText(h - 1).trimmingCharacters(in: .whitespaces).isEmpty, "\(w)×\(h): no footer")
            } else if w >= 40 {
                XCTAssertTrue(text.contains("60×18"), "\(w)×\(h): the notice names the size needed:\n\(text)")
                XCTAssertFalse(text.contains("rtl-tui"), "\(w)×\(h): a squeezed frame instead of the notice:\n\(text)")
            }
            for y in 0..<h {
                for x in 0..<w {
                    let c = try XCTUnwrap(b[x, y])
                    if c.isContinuation { XCTAssertEqual(x > 0 ? b[x - 1, y]?.width : nil, 2, "\(w)×\(h): a lone right half at \(x),\(y)") }
                    if c.width == 2 { XCTAssertEqual(x + 1 < w ? b[x + 1, y]?.isContinuation : nil, true, "\(w)×\(h): a wide glyph without its right half at \(x),\(y)") }
                }
            }
        }
    }

    func test_tickAnimatesProgressBars_whenAnimating() throws {
        var app = try Self.makeApp(locale: "en", screen: "ratings", animate: true)
        let before = rows(&app)
        for _ in 0..<30 { _ = app.tick() }
        XCTAssertNotEqual(rows(&app), before)
        var still = try Self.makeApp(locale: "en", screen: "ratings")
        let unchanged = rows(&still)
        for _ in 0..<30 { _ = still.tick() }
        XCTAssertEqual(rows(&still), unchanged)
        XCTAssertNil(still.tickInterval, "nothing to animate or reload")
    }

    /// The demo is the preview of the built-in screens: any locale, the pseudo-locales in the cycle.
    func test_demoOffersEveryLanguageAndThePseudoLocales_andAnyOtherLocale() throws {
        var app = try Self.makeApp(locale: "ur")
        XCTAssertEqual(app.locales, ["en", "ar", "fa", "he", "ur", "en-XA", "ar-XB"])
        XCTAssertEqual(app.direction, .rtl, "Urdu, with the English text")
        // The English title at the right corner (R2) of the Urdu screen.
        XCTAssertTrue(rows(&app)[1].hasSuffix(" rtl-tui: right-to-left in the terminal ─┐"), rows(&app)[1])
        _ = app.handle(.character("l"))
        XCTAssertEqual(app.locale, "en-XA")
        let title = PseudoLocale.accented.transform("rtl-tui: right-to-left in the terminal")
        XCTAssertTrue(title.hasPrefix("[ŕţļ-ţûî: ŕîĝĥţ-ţö-ļéƒţ"), title)
        XCTAssertTrue(rows(&app)[1].hasPrefix("┌─ " + title + " ─"), rows(&app)[1])
    }

    func test_mouseClickFocusesTheControlUnderIt() throws {
        var app = try Self.makeApp(locale: "ar", screen: "settings")
        _ = rows(&app)
        let first = app.focus
        // Find a row of the toggle on screen: toggles are drawn as [●━━] / [──●].
        let screen = rows(&app)
        guard let y = screen.firstIndex(where: { $0.contains("[●━━]") || $0.contains("[──●]") }) else { return XCTFail() }
        let x = screen[y].distance(from: screen[y].startIndex, to: screen[y].range(of: "[")!.lowerBound)
        _ = app.handle(.mouse(x: x, y: y, button: 1))
        XCTAssertNotEqual(app.focus, first)
        XCTAssertEqual(app.focusedNode?.kind.typeName, "toggle")
    }

    /// R22: catalog text with escape sequences, OSC 52, DCS, C1 CSI, BEL, backspaces and bidi
    /// overrides reaches no cell raw, on every screen, in both directions.
    func test_R22_hostileCatalogTextReachesNoCellRaw() throws {
        let english = try CatalogLoader.load(path: Self.demoDir.appendingPathComponent("catalogs/en.po").path)
        let payload = "\u{1B}[2J\u{1B}]52;c;SGVsbG8=\u{07}عنوان\u{9B}31m\u{1B}P1$q\u{1B}\\ \u{8}\u{8}\u{202E}abc\u{7F}"
        let hostile = english.entries.map { e -> CatalogEntry in
            var e = e
            e.translation = payload + (e.translation ?? "")
            return e
        }
        let catalog = Catalog(path: "hostile.po", format: .po, locale: "ar", entries: hostile)
        var app = try Self.makeApp(locale: "ar")
        app = DemoApp(screens: app.screens, catalogs: ["ar": catalog, "en": english], options: {
            var o = DemoApp.Options(); o.locale = "ar"; o.animate = false; return o }())
        for screen in 0..<app.screens.count {
            app.go(to: screen)
            for _ in 0..<2 {
                var b = Buffer(width: 100, height: 30)
                _ = app.render(into: &b)
                for cell in b.cells {
                    for u in cell.symbol.unicodeScalars {
                        XCTAssertFalse(Sanitizer.isControl(u.value) || Sanitizer.isBidiControl(u.value),
                                       "raw U+\(String(u.value, radix: 16)) in a cell of \(app.screen.id)")
                    }
                }
                _ = app.handle(.character("d"))
            }
        }
    }

    func test_ctrlCQuitsEvenWhileEditing() throws {
        var app = try Self.makeApp(locale: "en", screen: "messages")
        focus(&app, on: "field")
        XCTAssertEqual(app.handle(.ctrl("c")), .quit)
    }
}
