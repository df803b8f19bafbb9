import Foundation
import TestSupport
import XCTest
@testable import BidiTerm
@testable import RTLTUIApps

/// The preview shows what the platform shows: each text's paragraph direction as its catalog's
/// platform sets it (R33), a whole Android `<string-array>` in a list, catalog folders given to
/// `--strings`.
final class PreviewPlatformTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("platform-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func write(_ text: String, _ name: String) throws {
        let url = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func app(_ paths: [String]? = nil, strings: [String] = [], locale: String = "ar") throws -> PreviewApp {
        var o = PreviewApp.Options()
        o.locale = locale
        o.animate = false
        return PreviewApp(workspace: try PreviewWorkspace(paths: paths ?? [dir.path], strings: strings), options: o)
    }

    private func rows(_ app: inout PreviewApp, width: Int = 70, height: Int = 20) -> [String] {
        var b = Buffer(width: width, height: height)
        _ = app.render(into: &b)
        return b.rows
    }

    static let android = """
        <?xml version="1.0" encoding="utf-8"?>
        <resources>
            <string name="cart">Don\\'t leave your cart behind!</string>
            <string name="title">السلة</string>
        </resources>
        """

    private func screen(_ extra: String = "") throws {
        try write("""
            screen: cart
            root:
              type: vstack
              children:
                - {type: label, size: 1, text: cart\(extra)}
                - {type: label, size: 1, text: title}
            """, "cart.yaml")
    }

    /// The row that holds `text` as drawn.
    private func row(_ rows: [String], containing text: String) -> String? { rows.first { $0.contains(text) } }

    func test_R33_androidCatalog_englishFallbackIsAnEnglishParagraph_alignedToTheLayout() throws {
        try write(Self.android, "values-ar/strings.xml")
        try screen()
        var app = try app()
        let shown = rows(&app)
        let line = try XCTUnwrap(row(shown, containing: "Don't leave your cart behind"), shown.joined(separator: "\n"))
        XCTAssertTrue(line.contains("Don't leave your cart behind!"), "first strong: an English paragraph\n\(line)")
        XCTAssertFalse(line.contains("!Don't"), line)
        // Right-aligned: the layout is RTL (a 70-column screen, a text of 29).
        let start = line.distance(from: line.startIndex, to: line.range(of: "Don't")!.lowerBound)
        XCTAssertGreaterThan(start, 35, line)
    }

    func test_R33_textDir_overridesThePlatform_perNode() throws {
        try write(Self.android, "values-ar/strings.xml")
        try screen(", textDir: layout")
        var app = try app()
        let shown = rows(&app)
        XCTAssertNotNil(row(shown, containing: "!Don't leave your cart behind"), "the layout's direction, as asked\n\(shown.joined(separator: "\n"))")
        try screen(", textDir: rtl")
        XCTAssertNotNil(try ScreenFile.load(path: dir.appendingPathComponent("cart.yaml").path).root.children.first?.textDirection)
        try write("screen: x\nroot: {type: label, text: a, textDir: up}\n", "bad.yaml")
        XCTAssertThrowsError(try ScreenFile.load(path: dir.appendingPathComponent("bad.yaml").path)) { error in
            XCTAssertTrue("\(error)".contains("'textDir' of label must be auto"), "\(error)")
        }
    }

    func test_R33_jsonCatalog_takesTheLayoutDirection() throws {
        try write(#"{"cart": "Don't leave your cart behind!", "title": "السلة"}"#, "ar.json")
        try screen()
        var app = try app()
        let shown = rows(&app)
        XCTAssertNotNil(row(shown, containing: "!Don't leave your cart behind"), "the web inherits dir\n\(shown.joined(separator: "\n"))")
        XCTAssertEqual(CatalogFormat.arb.platformTextDirection, .layout)
        XCTAssertEqual(CatalogFormat.xcstrings.platformTextDirection, .firstStrong)
    }

    func test_aWholeStringArray_fillsAList_andIsSelectable() throws {
        try write("""
            <?xml version="1.0" encoding="utf-8"?>
            <resources>
                <string-array name="planets"><item>عطارد</item><item>الزهرة</item><item>الأرض</item></string-array>
            </resources>
            """, "values-ar/strings.xml")
        try write("""
            screen: planets
            root:
              type: list
              items:
                - "planets[]"
            """, "planets.yaml")
        var app = try app()
        let shown = rows(&app).joined(separator: "\n")
        for p in ["عطارد", "الزهرة", "الأرض"] {
            XCTAssertTrue(shown.contains(BidiEngine().layout(p, direction: .rtl).lines[0].text), "\(p)\n\(shown)")
        }
        XCTAssertTrue(app.missingKeys.isEmpty, "\(app.missingKeys)")
        // The list has the focus: ↓ walks to the array's last item, not past the one item written.
        app.focus = 0
        for _ in 0..<5 { _ = app.handle(.down) }
        if case .list(_, let s, _)? = app.focusedNode?.kind { XCTAssertEqual(s, 2, "the array's three items") } else { XCTFail("no list") }
    }

    func test_catalogFolders_asStrings_readAsCheckReadsThem() throws {
        try write("screen: cart\nroot: {type: label, text: title}\n", "screens/cart.yaml")
        try write(Self.android, "res/values-ar/strings.xml")
        try write("\"title\" = \"السلة\";\n", "ios/ar.lproj/Localizable.strings")
        try write("msgid \"title\"\nmsgstr \"السلة\"\n", "po/ar.po")
        try write("{}", "res/values-ar/not-a-catalog.json")
        for folder in ["res", "ios/ar.lproj", "po"] {
            let app = try app([dir.appendingPathComponent("screens/cart.yaml").path], strings: [dir.appendingPathComponent(folder).path])
            XCTAssertEqual(app.workspace?.catalogPaths.count, 1, "\(folder): \(app.workspace?.catalogPaths ?? [])")
            XCTAssertTrue(app.missingKeys.isEmpty, folder)
        }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("empty"), withIntermediateDirectories: true)
        XCTAssertThrowsError(try app([dir.appendingPathComponent("screens/cart.yaml").path], strings: [dir.appendingPathComponent("empty").path])) { error in
            XCTAssertTrue("\(error)".contains("no catalog in the folder"), "\(error)")
        }
    }
}
