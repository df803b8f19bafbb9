import Foundation
import TestSupport
import XCTest
@testable import BidiTerm
@testable import RTLTUIApps

/// The contrast of every glyph the demo and the browser draw, measured on their rendered buffers
/// (`ContrastAudit`) under xterm's default palettes: the light theme on the light palette (black
/// on white), the dark theme on the dark one (`xterm -rv`), the default and monochrome themes on
/// both. Text needs 4.5:1 and graphics 3:1 (WCAG 2). The frames: every demo screen in every
/// language, LTR and RTL, with the focus on each control, a field being typed into, the help open,
/// both directions side by side, the "too small" notice; the browser with each panel focused, its
/// findings, the search, the help, a reload notice, a file error, a scrolling list, both
/// directions. A theme made for the other background, and the theme of earlier versions, fail.
final class ThemeContrastTests: XCTestCase {
    /// A rendered frame and what it shows.
    typealias FrameHandler = (_ name: String, _ buffer: Buffer) -> Void

    // MARK: - Frames

    nonisolated(unsafe) static let demo: DemoContent = { try! DemoContent.load() }()

    /// Every demo frame in `theme`.
    static func demoFrames(theme: Theme, glyphs: GlyphSet = .standard, _ body: FrameHandler) {
        func render(_ app: inout DemoApp, _ name: String, _ w: Int = 100, _ h: Int = 30) {
            var b = Buffer(width: w, height: h)
            _ = app.render(into: &b)
            body(name, b)
        }
        for locale in ["en", "ar", "he", "fa"] {
            for direction in [LayoutDirection.ltr, .rtl] {
                var o = DemoApp.Options()
                o.locale = locale
                o.direction = direction
                o.animate = false
                o.theme = theme
                o.glyphs = glyphs
                var app = DemoApp(screens: demo.screens, catalogs: demo.catalogs, options: o)
                let d = direction == .ltr ? "LTR" : "RTL"
                for screen in app.screens.indices {
                    app.go(to: screen)
                    let id = app.screen.id
                    for f in app.interactivePaths.indices {
                        let kind = app.focusedNode?.kind.typeName ?? "none"
                        if app.isEditing {
                            // The field: typed into (mixed scripts, the caret inside the text).
                            for ch in " שלום abc" { _ = app.handle(.character(ch)) }
                            _ = app.handle(.left)
                        }
                        render(&app, "demo \(id) \(locale) \(d), focus \(f) (\(kind))")
                        _ = app.handle(.tab)
                    }
                }
                app.go(to: 0)
                _ = app.handle(.character("?"))
                render(&app, "demo \(locale) \(d), help")
                _ = app.handle(.escape)
                _ = app.handle(.character("b"))
                for screen in app.screens.indices {
                    app.go(to: screen)
                    render(&app, "demo \(app.screen.id) \(locale) \(d), side by side", 120, 30)
                }
                render(&app, "demo \(locale) \(d), too small", 40, 10)
            }
        }
    }

    /// Every browser frame in `theme`, from catalogs written into `dir`.
    static func browseFrames(theme: Theme, in dir: URL, _ body: FrameHandler) throws {
        let traps = Repository.root.appendingPathComponent("Tests/BidiTermTests/Fixtures/lint/traps.ar.po")
        let ar = dir.appendingPathComponent("ar.po").path
        try FileManager.default.copyItem(atPath: traps.path, toPath: ar)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: ar)
        var he = "msgid \"\"\nmsgstr \"\"\n\"Language: he\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
        for (k, v) in [("Hello", "שלום עולם"), ("Mixed", "abc אבג"), ("Parens", "(שלום)"), ("Missing", "")] {
            he += "\nmsgid \"\(k)\"\nmsgstr \"\(v)\"\n"
        }
        let hePath = dir.appendingPathComponent("he.po").path
        try Data(he.utf8).write(to: URL(fileURLWithPath: hePath))

        var o = BrowseApp.Options()
        o.theme = theme
        var app = try BrowseApp(files: [ar, hePath], options: o)
        // The linter gives no information finding today; one is added so its style is drawn too.
        var note = try XCTUnwrap(app.files[0].findings.first)
        note.id = "note"
        note.severity = .info
        note.message = "a note"
        note.suggestion = "nothing to do"
        app.files[0].findings.insert(note, at: 0)
        app.rebuildRows(keeping: nil)

        func render(_ name: String, _ w: Int = 100, _ h: Int = 30) {
            var b = Buffer(width: w, height: h)
            _ = app.render(into: &b)
            body("browse " + name, b)
        }
        for direction in ["locale", "LTR", "RTL"] {
            // Each entry selected, each panel focused.
            for panel in BrowseApp.Panel.allCases {
                while app.focus != .list { _ = app.handle(.tab) }
                _ = app.handle(.home)
                while app.focus != panel { _ = app.handle(.tab) }
                for k in app.visible.indices {
                    app.select(k)
                    render("\(direction), entry \(k), \(panel) focused")
                }
            }
            render("\(direction), scrolling list", 80, 14)
            _ = app.handle(.character("f"))
            render("\(direction), filter \(app.filter)")
            _ = app.handle(.character("F"))
            _ = app.handle(.character("/"))
            render("\(direction), empty search")
            for ch in "של" { _ = app.handle(.character(ch)) }
            render("\(direction), search")
            _ = app.handle(.enter)
            _ = app.handle(.character("?"))
            render("\(direction), help")
            _ = app.handle(.escape)
            for _ in 0..<3 { _ = app.handle(.backspace) }
            _ = app.handle(.character("/"))
            _ = app.handle(.ctrl("u"))
            _ = app.handle(.enter)
            _ = app.handle(.character("d"))
        }
        // A reload notice, then a file error.
        try Data((he + "\nmsgid \"New\"\nmsgstr \"חדש\"\n").utf8).write(to: URL(fileURLWithPath: hePath))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: hePath)
        _ = app.tick()
        XCTAssertNotNil(app.notice)
        render("reload notice")
        try Data((he + "\nmsgid \"Broken\nmsgstr \"x\"\n").utf8).write(to: URL(fileURLWithPath: hePath))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(10)], ofItemAtPath: hePath)
        _ = app.tick()
        XCTAssertFalse(app.fileErrors.isEmpty)
        render("file error")
        render("too small", 30, 8)
    }

    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("contrast-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    /// Every frame of both apps in `theme`, each in a fresh folder of catalogs.
    func allFrames(theme: Theme, _ body: FrameHandler) throws {
        Self.demoFrames(theme: theme, body)
        let sub = dir.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try Self.browseFrames(theme: theme, in: sub, body)
    }

    /// The pairs below their minimum in every frame of `theme` under each palette, each with the
    /// frame it was first drawn in; and how many frames were looked at.
    func audit(_ theme: Theme, on palettes: [(String, TerminalPalette)]) throws -> (failures: [String], frames: Int) {
        var failures: [String: String] = [:]
        var frames = 0
        try allFrames(theme: theme) { name, buffer in
            frames += 1
            for (paletteName, palette) in palettes {
                for p in ContrastAudit.failures(in: buffer, palette: palette) {
                    let key = "\(paletteName) \(p.style) \(p.kind)"
                    if failures[key] == nil { failures[key] = "\(paletteName): \(name): \(p)" }
                }
            }
        }
        return (failures.values.sorted(), frames)
    }

    static let light = ("xterm light (black on white)", TerminalPalette.xtermLight)
    static let dark = ("xterm dark (-rv, white on black)", TerminalPalette.xtermDark)

    // MARK: - The themes pass

    func test_lightTheme_everyGlyphReadsOnXtermsLightPalette() throws {
        let r = try audit(.light, on: [Self.light])
        XCTAssertGreaterThan(r.frames, 300)
        XCTAssertEqual(r.failures, [], r.failures.joined(separator: "\n"))
    }

    func test_darkTheme_everyGlyphReadsOnXtermsDarkPalette() throws {
        let r = try audit(.dark, on: [Self.dark])
        XCTAssertEqual(r.failures, [], r.failures.joined(separator: "\n"))
    }

    func test_defaultTheme_forAnUnknownBackground_readsOnBothPalettes() throws {
        let r = try audit(.default, on: [Self.light, Self.dark])
        XCTAssertEqual(r.failures, [], r.failures.joined(separator: "\n"))
    }

    func test_monochromeTheme_readsOnBothPalettes() throws {
        let r = try audit(.monochrome, on: [Self.light, Self.dark])
        XCTAssertEqual(r.failures, [], r.failures.joined(separator: "\n"))
    }

    // MARK: - The test can fail

    /// The theme of earlier versions: a bright white thumb, a dark grey focus and selection that
    /// vanish on a light background.
    static let legacy = Theme(
        border: Style(fg: .indexed(244)), title: Style(attributes: .bold), selection: Style(attributes: .reverse),
        marker: Style(fg: .cyan, attributes: .bold), scrollbar: Style(fg: .indexed(244)),
        barFill: Style(fg: .green, bg: .indexed(238)), barTrack: Style(bg: .indexed(238)),
        sliderFill: Style(fg: .green), sliderTrack: Style(fg: .indexed(244)),
        thumb: Style(fg: .brightWhite, attributes: .bold), toggleOn: Style(fg: .green, attributes: .bold),
        toggleOff: Style(fg: .indexed(244)), starFilled: Style(fg: .yellow), starEmpty: Style(fg: .indexed(244)),
        caption: Style(fg: .indexed(248)), current: Style(attributes: [.bold, .reverse]), navigation: Style(fg: .cyan),
        button: Style(attributes: .bold), badge: Style(fg: .red, attributes: .bold), field: Style(attributes: .underline),
        placeholder: Style(attributes: .dim), caret: Style(attributes: .reverse), separator: Style(fg: .indexed(240)),
        focus: Style(bg: .indexed(236), attributes: .bold), header: Style(attributes: .reverse),
        headerTitle: Style(attributes: [.reverse, .bold]), footer: Style(attributes: .dim),
        secondary: Style(attributes: .dim), emphasis: Style(attributes: .bold),
        success: Style(fg: .green, attributes: .bold), warning: Style(fg: .yellow), error: Style(fg: .red, attributes: .bold),
        info: Style(fg: .cyan), suggestion: Style(fg: .cyan), focusBorder: Style(fg: .cyan, attributes: .bold),
        focusTitle: Style(attributes: [.bold, .reverse]))

    func test_theLegacyTheme_failsOnALightBackground_whereItsThumbAndFocusVanish() throws {
        var failures: [ContrastAudit.Pair] = []
        Self.demoFrames(theme: Self.legacy) { _, buffer in
            failures += ContrastAudit.failures(in: buffer, palette: .xtermLight)
        }
        // The bright white thumb on white.
        XCTAssertTrue(failures.contains { $0.glyph == "●" && $0.style.fg == .brightWhite }, failures.map(\.description).joined(separator: "\n"))
        // The focused list: default (black) text on dark grey 236.
        XCTAssertTrue(failures.contains { $0.kind == .text && $0.style.bg == .indexed(236) && $0.ratio < 2 })
        // The selected row in the focused list: dark grey 236 on black.
        XCTAssertTrue(failures.contains { $0.style.attributes.contains(.reverse) && $0.style.bg == .indexed(236) })
        let first = try XCTUnwrap(failures.first)
        XCTAssertTrue(first.description.contains("at column"), first.description)
    }

    func test_aThemeMadeForTheOtherBackground_fails() throws {
        var onLight = Set<String>(), onDark = Set<String>()
        Self.demoFrames(theme: .dark) { _, b in onLight.formUnion(ContrastAudit.failures(in: b, palette: .xtermLight).map(\.glyph)) }
        Self.demoFrames(theme: .light) { _, b in onDark.formUnion(ContrastAudit.failures(in: b, palette: .xtermDark).map(\.glyph)) }
        XCTAssertTrue(onLight.contains("●"), "the dark theme's white thumb on white")
        XCTAssertTrue(onDark.contains("●"), "the light theme's blue thumb on black")
        XCTAssertFalse(onLight.isEmpty || onDark.isEmpty)
    }

    // MARK: - Every style comes from the theme

    /// Every role of a theme, by name.
    nonisolated(unsafe) static let roles: [(String, WritableKeyPath<Theme, Style>)] = [
        ("text", \.text), ("border", \.border), ("title", \.title), ("selection", \.selection), ("marker", \.marker),
        ("scrollbar", \.scrollbar), ("barFill", \.barFill), ("barTrack", \.barTrack), ("sliderFill", \.sliderFill),
        ("sliderTrack", \.sliderTrack), ("thumb", \.thumb), ("toggleOn", \.toggleOn), ("toggleOff", \.toggleOff),
        ("starFilled", \.starFilled), ("starEmpty", \.starEmpty), ("caption", \.caption), ("current", \.current),
        ("navigation", \.navigation), ("button", \.button), ("badge", \.badge), ("field", \.field),
        ("placeholder", \.placeholder), ("caret", \.caret), ("separator", \.separator), ("focus", \.focus),
        ("header", \.header), ("headerTitle", \.headerTitle), ("footer", \.footer), ("secondary", \.secondary),
        ("emphasis", \.emphasis), ("success", \.success), ("warning", \.warning), ("error", \.error), ("info", \.info),
        ("suggestion", \.suggestion), ("focusBorder", \.focusBorder), ("focusTitle", \.focusTitle), ("overlay", \.overlay),
    ]

    /// A theme that draws each role in its own foreground colour (16, 17, …) and nothing else:
    /// every colour in a frame then names the role that drew it.
    func test_everyRoleIsDrawn_andEveryColourDrawnComesFromTheTheme() throws {
        var probe = Theme()
        for (i, role) in Self.roles.enumerated() { probe[keyPath: role.1] = Style(fg: .indexed(UInt8(16 + i))) }
        // Body text is laid over the header, the footer and the rest: it is told by an attribute,
        // so the colour of what it is laid over shows.
        probe.text = Style(attributes: .italic)
        var seen = Set<Int>()
        var strays: [String] = []
        try allFrames(theme: probe) { name, buffer in
            for y in 0..<buffer.area.height {
                for x in 0..<buffer.area.width {
                    let s = buffer[x, y]!.style
                    if s.attributes.contains(.italic) { seen.insert(0) }
                    switch s.fg {
                    case .indexed(let n) where n >= 16 && Int(n) < 16 + Self.roles.count: seen.insert(Int(n) - 16)
                    case .default: break
                    default: strays.append("\(name): fg \(s.fg) at \(x),\(y)")
                    }
                    if s.bg != .default { strays.append("\(name): bg \(s.bg) at \(x),\(y)") }
                }
            }
        }
        XCTAssertEqual(strays.prefix(5), [], "colours drawn that no theme role gave")
        let missing = Self.roles.indices.filter { !seen.contains($0) }.map { Self.roles[$0].0 }
        XCTAssertEqual(missing, [], "theme roles no frame draws")
        XCTAssertEqual(Self.roles.count, Mirror(reflecting: Theme.default).children.count, "a role missing from the list")
    }
}
