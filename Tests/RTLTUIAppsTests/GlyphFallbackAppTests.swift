import Foundation
import TestSupport
import XCTest
@testable import BidiTerm
@testable import RTLTUIApps

/// The demo and the browser with fallback glyphs (`GlyphSet`): every frame keeps every cell where
/// it was, in its style, with no decorative glyph of the table left; the demo screens' own glyphs
/// (slider ends, icons, media buttons) are measured and replaced like the widgets' own; a glyph
/// set given to a running app takes effect on the next frame.
final class GlyphFallbackAppTests: XCTestCase {
    /// Asserts that `fallback` draws what `standard` draws with only the glyphs `glyphs` replaces
    /// replaced (`GlyphLayout`).
    func assertSameLayout(_ standard: Buffer, _ fallback: Buffer, _ name: String, glyphs: GlyphSet = .ascii,
                          file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(GlyphLayout.differences(standard, fallback, glyphs: glyphs), [], name, file: file, line: line)
    }

    func test_demo_everyFrameWithFallbacks_keepsItsLayoutAndStyles_andDrawsNoDecorativeGlyph() {
        var standard: [(String, Buffer)] = []
        ThemeContrastTests.demoFrames(theme: .light) { standard.append(($0, $1)) }
        var i = 0
        var left = Set<String>()
        ThemeContrastTests.demoFrames(theme: .light, glyphs: .ascii) { name, buffer in
            XCTAssertEqual(standard[i].0, name)
            assertSameLayout(standard[i].1, buffer, name)
            for y in 0..<buffer.area.height {
                for x in 0..<buffer.area.width where GlyphSet.fallbacks[buffer[x, y]!.symbol] != nil {
                    left.insert("\(buffer[x, y]!.symbol) in \(name)")
                }
            }
            i += 1
        }
        XCTAssertEqual(i, standard.count)
        // Only text may keep such a character (the footer's arrows are words of the catalog).
        XCTAssertEqual(left.filter { !$0.hasPrefix("←") && !$0.hasPrefix("→") && !$0.hasPrefix("•") }.sorted().prefix(5), [])
        // The standard frames did draw the glyphs that were replaced.
        let drawn = Set(standard.flatMap { f in f.1.cells.map(\.symbol) })
        for g in ["★", "⯪", "━", "●", "┌", "█", "▸", "🔅", "⏮", "📷", "✓"] { XCTAssertTrue(drawn.contains(g), g) }
    }

    func test_demoScreens_glyphsAreProbed_andAMeasuredDisagreementReplacesThem() throws {
        let demo = ThemeContrastTests.demo
        let probes = ScreenFile.probeGlyphs(for: demo.screens)
        for g in ["🔅", "🔆", "🔈", "🔊", "⏮", "⏯", "📷", "🛒", "🕒", "✓", "◁", "▷", "›", "‹", "⇤", "⇥"] {
            XCTAssertTrue(probes.contains(g), g)
        }
        // A terminal that draws the emoji one cell wide and everything else as the table says.
        let engine = BidiEngine()
        var measured: [String: Int] = [:]
        for g in probes { measured[g] = engine.width(of: g) }
        for g in ["🔅", "🔆", "📷", "🎵", "📝", "📁", "📅", "📥", "🛒", "🕒", "🔈", "🔊"] { measured[g] = 1 }
        let glyphs = GlyphSet.adapted(to: measured, engine: engine)
        XCTAssertEqual(Set(glyphs.replacements.keys), ["🔅", "🔆", "📷", "🎵", "📝", "📁", "📅", "📥", "🛒", "🕒", "🔈", "🔊"])

        var o = DemoApp.Options()
        o.screen = "settings"
        o.animate = false
        var app = DemoApp(screens: demo.screens, catalogs: demo.catalogs, options: o)
        var before = Buffer(width: 100, height: 30)
        _ = app.render(into: &before)
        XCTAssertTrue(before.cells.contains { $0.symbol == "🔅" })
        app.glyphs = glyphs                 // as a session does once the terminal has answered
        var after = Buffer(width: 100, height: 30)
        _ = app.render(into: &after)
        XCTAssertFalse(after.cells.contains { $0.symbol == "🔅" })
        XCTAssertTrue(after.rows.joined().contains("*- "), after.rows.joined(separator: "\n"))
        assertSameLayout(before, after, "settings", glyphs: glyphs)
    }

    func test_browse_severityGlyphsAndFrames_fallBack_andAGlyphSetSetLaterTakesEffect() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("glyphs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let traps = Repository.root.appendingPathComponent("Tests/BidiTermTests/Fixtures/lint/traps.ar.po").path
        var app = try BrowseApp(files: [traps])
        func frame() -> Buffer {
            var b = Buffer(width: 100, height: 30)
            _ = app.render(into: &b)
            return b
        }
        let standard = frame()
        XCTAssertTrue(standard.cells.contains { $0.symbol == "✗" })
        XCTAssertTrue(standard.cells.contains { $0.symbol == "┌" })
        app.glyphs = .ascii
        let ascii = frame()
        assertSameLayout(standard, ascii, "browse")
        XCTAssertFalse(ascii.cells.contains { $0.symbol == "✗" || $0.symbol == "┌" || $0.symbol == "│" || $0.symbol == "▸" },
                       ascii.rows.joined(separator: "\n"))
        // RTL: the severity before each key, the selection marker `◂` at the right edge.
        XCTAssertTrue(ascii.rows.contains { $0.contains("escape|Red x  |") }, ascii.rows.joined(separator: "\n"))
        XCTAssertTrue(ascii.rows.contains { $0.contains("clean|Settings   <|") }, ascii.rows.joined(separator: "\n"))
        app.theme = .monochrome
        XCTAssertTrue(frame().cells.allSatisfy { $0.style.fg == .default && $0.style.bg == .default })
    }
}
