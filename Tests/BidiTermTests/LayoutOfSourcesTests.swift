import Foundation
import TestSupport
import XCTest

/// The shape of `Sources/` that Docs/ARCHITECTURE.md describes, kept: the library has no app and
/// no terminal I/O (no curses, no reading or writing a terminal), and no source file is so long
/// that a reader cannot take it in (at most 600 lines; the generated tables aside: the width table,
/// the letter n-grams).
final class LayoutOfSourcesTests: XCTestCase {
    func swiftFiles(under relative: String) throws -> [URL] {
        let root = URL(fileURLWithPath: Repository.path(relative))
        guard let e = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return e.compactMap { $0 as? URL }.filter { ["swift", "c", "h"].contains($0.pathExtension) }
    }

    func test_noSourceFileOver600Lines_butTheGeneratedTables() throws {
        let files = try swiftFiles(under: "Sources")
        XCTAssertGreaterThan(files.count, 50)
        var long: [String] = []
        for f in files where !["WidthTable+Data.swift", "LetterNgrams+Data.swift"].contains(f.lastPathComponent) {
            let lines = try String(contentsOf: f, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count
            if lines > 600 { long.append("\(f.path): \(lines) lines") }
        }
        XCTAssertEqual(long, [])
    }

    /// The `rtl-tui` front program compiles the engine and `render`'s files (linked under
    /// Sources/rtl-tui-front/Shared) into a module of its own that links none of the others: its
    /// start-up is the point of it (Docs/ARCHITECTURE.md). Imports the whole tool needs are kept
    /// out of it by `#if !RTL_TUI_FRONT`.
    func test_theFrontProgramsSourcesImportOnlyTheCLibraryICUAndTheStandardLibrary() throws {
        var files = try swiftFiles(under: "Sources/rtl-tui-front")
        let engine = URL(fileURLWithPath: Repository.path("Sources/rtl-tui-front/Shared/Engine"))
        XCTAssertEqual(engine.resolvingSymlinksInPath().lastPathComponent, "Engine")
        files += FileManager.default.enumerator(at: engine.resolvingSymlinksInPath(), includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        XCTAssertGreaterThan(files.count, 25)
        for f in files {
            var skipping = false
            for line in try String(contentsOf: f, encoding: .utf8).split(separator: "\n") {
                if line == "#if !RTL_TUI_FRONT" { skipping = true }
                if line == "#endif" { skipping = false }
                guard !skipping, line.hasPrefix("import ") else { continue }
                XCTAssertTrue(["import Glibc", "import Musl", "import Darwin", "import CICU", "import Synchronization"].contains(String(line)),
                              "\(f.lastPathComponent): \(line)")
            }
        }
    }

    func test_theLibraryImportsNoCursesAndNoApp() throws {
        let files = try swiftFiles(under: "Sources/BidiTerm")
        XCTAssertGreaterThan(files.count, 30)
        for f in files {
            let text = try String(contentsOf: f, encoding: .utf8)
            for forbidden in ["import CNcurses", "import RTLTUIApps", "initscr", "tcsetattr", "/dev/tty"] {
                XCTAssertFalse(text.contains(forbidden), "\(f.lastPathComponent) contains \(forbidden)")
            }
        }
    }
}
