import XCTest
@testable import BidiTerm

/// Which theme an app draws with (`ThemeChoice`): the terminal's OSC 11 answer in every form
/// terminals send, `COLORFGBG`, `NO_COLOR`, `--theme`; and the colour model behind the contrast
/// rules (`TerminalPalette`, `ContrastAudit`).
final class ThemeChoiceTests: XCTestCase {
    // MARK: - OSC 11

    func test_osc11_rgbWithOneToFourDigitsPerChannel_andEveryTerminator() {
        let white = RGB(255, 255, 255)
        XCTAssertEqual(TerminalBackground.color(fromOSC11: "\u{1B}]11;rgb:ffff/ffff/ffff\u{7}"), white)
        XCTAssertEqual(TerminalBackground.color(fromOSC11: "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\"), white)
        XCTAssertEqual(TerminalBackground.color(fromOSC11: "\u{9D}11;rgb:ffff/ffff/ffff\u{9C}"), white)
        XCTAssertEqual(TerminalBackground.color(fromOSC11: "rgb:0000/2b2b/3636"), RGB(0, 43, 54))
        XCTAssertEqual(TerminalBackground.color(fromOSC11: "rgb:f/8/0"), RGB(255, 136, 0))
        XCTAssertEqual(TerminalBackground.color(fromOSC11: "rgb:80/40/00"), RGB(128, 64, 0))
        XCTAssertEqual(TerminalBackground.color(fromOSC11: "rgb:800/400/000"), RGB(128, 64, 0))
        XCTAssertEqual(TerminalBackground.color(fromOSC11: "rgb:8000/4000/0000"), RGB(128, 64, 0))
        XCTAssertEqual(TerminalBackground.color(fromOSC11: "RGB:FFFF/FFFF/DDDD"), RGB(255, 255, 221))
        XCTAssertEqual(TerminalBackground.color(fromOSC11: "rgba:0000/0000/0000/e5e5"), RGB(0, 0, 0))
    }

    func test_osc11_hashForms() {
        XCTAssertEqual(TerminalBackground.color(fromOSC11: "#002b36"), RGB(0, 43, 54))
        XCTAssertEqual(TerminalBackground.color(fromOSC11: "#FDF6E3"), RGB(253, 246, 227))
        XCTAssertEqual(TerminalBackground.color(fromOSC11: "#f80"), RGB(240, 128, 0), "X11: the digit is the high nibble")
        XCTAssertEqual(TerminalBackground.color(fromOSC11: "#fff888000"), RGB(255, 136, 0))
        XCTAssertEqual(TerminalBackground.color(fromOSC11: "#ffff88880000"), RGB(255, 136, 0))
        XCTAssertEqual(TerminalBackground.color(fromOSC11: "\u{1B}]11;#ffffff\u{7}"), RGB(255, 255, 255))
    }

    func test_osc11_malformedAnswersGiveNothing() {
        for bad in ["", "rgb:", "rgb:ff/ff", "rgb:ff/ff/ff/ff", "rgb:fffff/0/0", "rgb:gg/00/00", "rgb:/00/00",
                    "rgba:0/0/0", "#12345", "#ggg", "white", "\u{1B}]10;rgb:ffff/ffff/ffff\u{7}", "\u{1B}]11;?\u{7}"] {
            XCTAssertNil(TerminalBackground.color(fromOSC11: bad), Sanitizer.visible(bad))
        }
    }

    // MARK: - Brightness

    func test_brightness_threshold_isWhereBlackAndWhiteTextContrastTheSame() {
        let t = BackgroundBrightness.threshold
        let contrastBlack = (t + 0.05) / 0.05, contrastWhite = 1.05 / (t + 0.05)
        XCTAssertEqual(contrastBlack, contrastWhite, accuracy: 0.01)
        XCTAssertEqual(BackgroundBrightness(of: RGB(255, 255, 255)), .light)
        XCTAssertEqual(BackgroundBrightness(of: RGB(253, 246, 227)), .light, "Solarized Light")
        XCTAssertEqual(BackgroundBrightness(of: RGB(0, 43, 54)), .dark, "Solarized Dark")
        XCTAssertEqual(BackgroundBrightness(of: RGB(48, 10, 36)), .dark, "Ubuntu's aubergine")
        // Either side of the threshold: grey 118 is 0.181, grey 117 is 0.178.
        XCTAssertEqual(BackgroundBrightness(of: RGB(118, 118, 118)), .light)
        XCTAssertEqual(BackgroundBrightness(of: RGB(117, 117, 117)), .dark)
    }

    func test_colorfgbg() {
        XCTAssertEqual(TerminalBackground.brightness(colorfgbg: "15;0"), .dark)
        XCTAssertEqual(TerminalBackground.brightness(colorfgbg: "0;15"), .light)
        XCTAssertEqual(TerminalBackground.brightness(colorfgbg: "0;7"), .light)
        XCTAssertEqual(TerminalBackground.brightness(colorfgbg: "7;8"), .dark)
        XCTAssertEqual(TerminalBackground.brightness(colorfgbg: "15;default;0"), .dark, "rxvt's fg;xpm;bg")
        XCTAssertEqual(TerminalBackground.brightness(colorfgbg: "12;11"), .light)
        for unknown in ["default;default", "", "15", "15;16", "a;b", "0;-1"] {
            XCTAssertNil(TerminalBackground.brightness(colorfgbg: unknown), unknown)
        }
    }

    // MARK: - The choice

    func test_choose_order_noColorFirst_thenTheOption_thenOSC11_thenCOLORFGBG_thenTheSafeTheme() {
        let dark = "\u{1B}]11;rgb:0000/0000/0000\u{7}", light = "rgb:ffff/ffff/ffff"
        func name(_ o: ThemeOption, _ reply: String?, _ env: [String: String], _ colors: ColorSupport? = nil) -> String {
            ThemeChoice.choose(o, osc11Reply: reply, environment: env, colors: colors).name
        }
        XCTAssertEqual(name(.auto, nil, [:]), "default")
        XCTAssertEqual(name(.auto, dark, [:]), "dark")
        XCTAssertEqual(name(.auto, light, ["COLORFGBG": "15;0"]), "light", "the terminal's answer beats COLORFGBG")
        XCTAssertEqual(name(.auto, "garbage", ["COLORFGBG": "15;0"]), "dark", "an unreadable answer falls back")
        XCTAssertEqual(name(.auto, nil, ["COLORFGBG": "0;15"]), "light")
        XCTAssertEqual(name(.auto, nil, ["COLORFGBG": "default;default"]), "default")
        XCTAssertEqual(name(.light, dark, ["COLORFGBG": "15;0"]), "light", "--theme beats detection")
        XCTAssertEqual(name(.dark, light, [:]), "dark")
        XCTAssertEqual(name(.mono, light, [:]), "mono")
        XCTAssertEqual(name(.light, nil, ["NO_COLOR": "1"]), "mono", "NO_COLOR wins")
        XCTAssertEqual(name(.auto, dark, ["NO_COLOR": "yes"]), "mono")
        XCTAssertEqual(name(.auto, nil, ["NO_COLOR": ""]), "default", "an empty NO_COLOR is not set (no-color.org)")
        XCTAssertEqual(name(.dark, nil, [:], .monochrome), "mono", "a terminal without colours")
        XCTAssertEqual(name(.dark, nil, [:], .palette256), "dark")
        XCTAssertEqual(name(.dark, nil, [:], .ansi16), "mono", "16 colours: greys would become black or white")
        XCTAssertEqual(name(.auto, nil, [:], .basic8), "mono")
        XCTAssertEqual(ThemeChoice.shown(.light, with: .palette256), .light)
        XCTAssertEqual(ThemeChoice.shown(.light, with: .ansi16), .monochrome)
        XCTAssertEqual(ThemeChoice.shown(.dark, with: .monochrome), .monochrome)

        XCTAssertEqual(ThemeChoice.choose(.auto, environment: [:]).theme, .default)
        XCTAssertEqual(ThemeChoice.choose(.light, environment: [:]).theme, .light)
        XCTAssertEqual(ThemeChoice.choose(.dark, environment: [:]).theme, .dark)
        XCTAssertEqual(ThemeChoice.choose(.mono, environment: [:]).theme, .monochrome)
        XCTAssertTrue(ThemeChoice.choose(.auto, osc11Reply: "#002b36", environment: [:]).reason.contains("#002B36"))
        // The environment's value is shown safely (R22).
        let odd = ThemeChoice.choose(.auto, environment: ["COLORFGBG": "\u{1B}[31m;0"])
        XCTAssertEqual(odd.name, "dark")
        XCTAssertFalse(odd.reason.contains("\u{1B}"))
    }

    func test_themesAreDistinct_andUseNoColourXtermBrightensWhenBold() {
        let all: [Theme] = [.light, .dark, .default, .monochrome]
        XCTAssertEqual(Set(all).count, 4)
        for theme in all {
            for child in Mirror(reflecting: theme).children {
                let style = child.value as! Style
                for c in [style.fg, style.bg] {
                    switch c {
                    case .default: break
                    case .ansi: XCTFail("\(child.label!): an ANSI colour, which terminal themes redefine")
                    case .indexed(let n): XCTAssertGreaterThanOrEqual(n, 16, child.label!)
                    case .rgb: XCTFail("\(child.label!): a 24-bit colour, which 256-colour terminals cannot show")
                    }
                }
            }
        }
        for child in Mirror(reflecting: Theme.monochrome).children {
            let style = child.value as! Style
            XCTAssertEqual(style.fg, .default, child.label!)
            XCTAssertEqual(style.bg, .default, child.label!)
        }
    }

    // MARK: - Colours and contrast

    func test_palette_xtermColoursCubeAndGreys() {
        let p = TerminalPalette.xterm256
        XCTAssertEqual(p.count, 256)
        XCTAssertEqual(p[1], RGB(205, 0, 0))
        XCTAssertEqual(p[12], RGB(92, 92, 255))
        XCTAssertEqual(p[16], RGB(0, 0, 0))
        XCTAssertEqual(p[28], RGB(0, 135, 0))
        XCTAssertEqual(p[196], RGB(255, 0, 0))
        XCTAssertEqual(p[231], RGB(255, 255, 255))
        XCTAssertEqual(p[232], RGB(8, 8, 8))
        XCTAssertEqual(p[255], RGB(238, 238, 238))
        XCTAssertEqual(RGB.contrastRatio(RGB(0, 0, 0), RGB(255, 255, 255)), 21, accuracy: 0.001)
        XCTAssertEqual(RGB.contrastRatio(p[28], RGB(255, 255, 255)), 4.70, accuracy: 0.01)
        XCTAssertEqual(RGB(0, 43, 54).description, "#002B36")
    }

    func test_palette_defaultsBoldFaintAndReverse_asXtermDrawsThem() {
        let light = TerminalPalette.xtermLight, dark = TerminalPalette.xtermDark
        XCTAssertEqual(light.colors(of: .plain).ink, RGB(0, 0, 0))
        XCTAssertEqual(light.colors(of: .plain).paper, RGB(255, 255, 255))
        XCTAssertEqual(dark.colors(of: .plain).ink, RGB(255, 255, 255))
        // Reverse video swaps the default colours.
        XCTAssertEqual(light.colors(of: Style(attributes: .reverse)).ink, RGB(255, 255, 255))
        // Bold colours 0–7 are drawn as 8–15 (boldColors); others, and the default, are not.
        XCTAssertEqual(light.colors(of: Style(fg: .red, attributes: .bold)).ink, RGB(255, 0, 0))
        XCTAssertEqual(light.colors(of: Style(fg: .indexed(1), attributes: .bold)).ink, RGB(255, 0, 0))
        XCTAssertEqual(light.colors(of: Style(fg: .indexed(160), attributes: .bold)).ink, RGB(215, 0, 0))
        XCTAssertEqual(light.colors(of: Style(attributes: .bold)).ink, RGB(0, 0, 0))
        // Faint scales the ink by 2/3, before reverse video swaps it to the background.
        XCTAssertEqual(dark.colors(of: Style(attributes: .dim)).ink, RGB(170, 170, 170))
        XCTAssertEqual(dark.colors(of: Style(attributes: [.dim, .reverse])).paper, RGB(170, 170, 170))
        XCTAssertEqual(light.colors(of: Style(attributes: .dim)).ink, RGB(0, 0, 0))
        var noBold = light
        noBold.boldBrightens = false
        XCTAssertEqual(noBold.colors(of: Style(fg: .red, attributes: .bold)).ink, RGB(205, 0, 0))
    }

    func test_audit_kinds_pairsAndFailures() {
        XCTAssertEqual(ContrastAudit.kind(of: "a"), .text)
        XCTAssertEqual(ContrastAudit.kind(of: "ש"), .text)
        XCTAssertEqual(ContrastAudit.kind(of: "٣"), .text)
        XCTAssertEqual(ContrastAudit.kind(of: "›"), .text)
        XCTAssertEqual(ContrastAudit.kind(of: "+"), .text)
        for g in ["─", "┌", "█", "▍", "●", "▸", "★", "⯪", "✓", "→", "⏮", "🔅", "📷"] {
            XCTAssertEqual(ContrastAudit.kind(of: g), .graphic, g)
        }
        XCTAssertNil(ContrastAudit.kind(of: " "))
        XCTAssertNil(ContrastAudit.kind(of: ""))

        var b = Buffer(width: 6, height: 2)
        b.set(x: 0, y: 0, Cell("a", style: Style(fg: .indexed(250))))            // 1.9:1 on white: text fails
        b.set(x: 1, y: 0, Cell("b", style: Style(fg: .indexed(250))))
        b.set(x: 2, y: 0, Cell("─", style: Style(fg: .indexed(244))))            // 3.95:1: a graphic passes
        b.set(x: 3, y: 0, Cell("x", style: Style(fg: .indexed(244))))            // 3.95:1: text fails
        b.set(x: 4, y: 0, Cell(" ", style: Style(bg: .indexed(16))))             // no ink
        b.set(x: 0, y: 1, Cell("●", style: Style(fg: .brightWhite, attributes: .bold)))
        let pairs = ContrastAudit.pairs(in: b, palette: .xtermLight)
        XCTAssertEqual(pairs.count, 4, "one pair per style and kind; plain spaces and the coloured blank draw nothing")
        XCTAssertEqual(pairs.first?.count, 2)
        let failures = ContrastAudit.failures(in: b, palette: .xtermLight)
        XCTAssertEqual(failures.map(\.glyph), ["a", "x", "●"])
        XCTAssertEqual(failures.map { [$0.x, $0.y] }, [[0, 0], [3, 0], [0, 1]])
        XCTAssertTrue(failures[2].description.contains("#FFFFFF on #FFFFFF, 1.0:1 < 3.0:1"), failures[2].description)
        XCTAssertEqual(ContrastAudit.failures(in: b, palette: .xtermDark).map(\.glyph), [],
                       "the same cells on black: grey text and white thumb read")
    }
}
