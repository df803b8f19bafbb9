import BidiTerm
import Foundation
import TestSupport
import XCTest
@testable import RTLTUIApps

/// The demo content built into the code by SwiftPM equals `Demo/`, and loads.
final class DemoContentTests: XCTestCase {
    /// Every screen and catalog of `Demo/` is built in, byte for byte, and nothing else is: a file
    /// added to `Demo/` without its row in `DemoContent.builtIn` fails here.
    func test_builtInFilesAreExactlyTheDemoFolder() throws {
        var onDisk: [String: Data] = [:]
        for sub in ["screens", "catalogs"] {
            let dir = Repository.path("Demo/" + sub)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir) where !name.hasPrefix(".") {
                onDisk[sub + "/" + name] = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))
            }
        }
        let builtIn = Dictionary(uniqueKeysWithValues: DemoContent.builtIn.map { ($0.path, Data($0.bytes)) })
        XCTAssertEqual(Set(builtIn.keys), Set(onDisk.keys))
        for (path, data) in onDisk {
            XCTAssertEqual(builtIn[path], data, "\(path) differs from its built-in copy")
        }
    }

    func test_builtInContentLoads_sameAsTheFolder() throws {
        let builtIn = try DemoContent.load()
        XCTAssertEqual(builtIn.screens.map(\.id), ["overview", "settings", "player", "reading", "ratings", "messages"])
        XCTAssertEqual(Set(builtIn.catalogs.keys), ["en", "ar", "he", "fa"])
        let folder = try DemoContent.load(from: Repository.path("Demo"))
        XCTAssertEqual(folder.screens.map(\.root), builtIn.screens.map(\.root))
        XCTAssertEqual(folder.catalogs["ar"]?.entries.map(\.translation), builtIn.catalogs["ar"]?.entries.map(\.translation))
    }

    func test_aFolderWithoutTheLayout_orWithBrokenFiles_saysWhy() throws {
        XCTAssertThrowsError(try DemoContent.load(from: "/nonexistent-demo")) { error in
            XCTAssertEqual((error as? DemoContent.LoadError)?.message, "/nonexistent-demo has no screens/ folder (expected the layout of Demo/)")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rtl-tui-demo-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        for sub in ["screens", "catalogs"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try "screen: x\nroot: {type: labl}\n".write(to: dir.appendingPathComponent("screens/x.yaml"), atomically: true, encoding: .utf8)
        try "msgid \"a\"\n".write(to: dir.appendingPathComponent("catalogs/ar.po"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try DemoContent.load(from: dir.path)) { error in
            let problems = (error as? DemoContent.LoadError)?.problems ?? []
            XCTAssertEqual(problems.count, 2, "\(problems)")
            XCTAssertTrue(problems.contains { $0.hasPrefix(dir.path + "/screens/x.yaml:2:") }, "\(problems)")
            XCTAssertTrue(problems.contains { $0.hasPrefix(dir.path + "/catalogs/ar.po:") }, "\(problems)")
        }
    }
}

/// The apps' own interface text, built into the binary.
final class PreviewChromeTests: XCTestCase {
    /// Every language has every key, each file loads without a warning, and every translation keeps
    /// the English placeholders.
    func test_everyBuiltInLanguageHasEveryKey() throws {
        let english = PreviewChrome.keys
        XCTAssertGreaterThan(english.count, 25)
        for (language, bytes) in PreviewChrome.builtIn {
            let c = try CatalogLoader.load(data: Data(bytes), path: "chrome.\(language).po")
            XCTAssertEqual(c.warnings, [], language)
            XCTAssertEqual(c.locale, language)
            XCTAssertEqual(c.entries.map(\.key), english, language)
            let en = try XCTUnwrap(PreviewChrome.catalogs["en"])
            for e in c.entries {
                XCTAssertEqual(Set(Placeholder.find(e.translation ?? "").map(\.identity)),
                               Set(Placeholder.find(en.lookup(e.key) ?? "").map(\.identity)), "\(language): \(e.key)")
            }
        }
        XCTAssertEqual(PreviewChrome.languages, ["en", "ar", "he", "fa", "ur"])
    }

    /// The user's language is LANGUAGE's first the chrome speaks, else LC_ALL, LC_MESSAGES, LANG;
    /// English when the chrome lacks it.
    func test_theUsersLanguage() {
        XCTAssertEqual(PreviewChrome.userLocale(environment: ["LANG": "fa_IR.UTF-8", "LC_MESSAGES": "he_IL.UTF-8"]), "he_IL.UTF-8")
        XCTAssertEqual(PreviewChrome.userLocale(environment: ["LANG": "fa_IR.UTF-8", "LC_ALL": ""]), "fa_IR.UTF-8")
        XCTAssertEqual(PreviewChrome.userLocale(environment: [:]), "en")
        XCTAssertEqual(PreviewChrome.userLocale(environment: ["LANGUAGE": "de:ur:ar", "LANG": "C.UTF-8"]), "ur", "the first the chrome speaks")
        XCTAssertEqual(PreviewChrome.userLocale(environment: ["LANGUAGE": "de", "LANG": "he_IL.UTF-8"]), "he_IL.UTF-8")
        XCTAssertEqual(PreviewChrome(locale: "fa_IR.UTF-8").language, "fa")
        XCTAssertEqual(PreviewChrome(locale: "ur-IN").language, "ur")
        XCTAssertEqual(PreviewChrome(locale: "C.UTF-8").language, "en")
        XCTAssertEqual(PreviewChrome(locale: "ar").direction, .rtl)
        XCTAssertEqual(PreviewChrome(locale: "ar").text("chrome.status.cut", [TextArgument("count", .number(3))]), "مقطوعة: ٣")
    }
}
