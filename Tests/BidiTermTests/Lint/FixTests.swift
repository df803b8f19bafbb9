import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// `--fix`: the repairs, and files written back byte for byte identical outside the fixed entries.
final class FixTests: XCTestCase {
    static let lint = Repository.fixtures.appendingPathComponent("lint")

    func test_textRepairs() {
        XCTAssertEqual(LintFixer.fixed("\u{202B}שלום"), "\u{202B}שלום\u{202C}")
        XCTAssertEqual(LintFixer.fixed("\u{202B}a\u{2067}b"), "\u{202B}a\u{2067}b\u{2069}\u{202C}", "innermost first")
        XCTAssertEqual(LintFixer.fixed("נץ\u{202C}"), "נץ", "a stray PDF goes")
        XCTAssertEqual(LintFixer.fixed("\u{2067}a\u{202C}b\u{2069}"), "\u{2067}ab\u{2069}", "a PDF inside an isolate closes nothing")
        XCTAssertEqual(LintFixer.fixed("ﻣﺮﺣﺒﺎ ﻻ"), "مرحبا لا", "presentation forms, a lam-alef ligature too")
        XCTAssertEqual(LintFixer.fixed("\u{202B}ﻣﺮﺣﺒﺎ", disabled: ["bidi-unbalanced"]), "\u{202B}مرحبا")
        XCTAssertEqual(LintFixer.fixed("clean \u{2068}%s\u{2069}"), "clean \u{2068}%s\u{2069}")
    }

    /// Every fixture in a format `--fix` writes: fixed, the file's bytes change only on the lines of
    /// the entries repaired (the repairs add or remove no line break), each repaired text is
    /// `LintFixer.fixed` of the old one, every other entry loads back unchanged, and a second run
    /// changes nothing.
    func test_everyFixture_roundTripsByteForByte_outsideTheFixedEntries() throws {
        var files: [URL] = []
        let e = FileManager.default.enumerator(at: Self.lint, includingPropertiesForKeys: nil)!
        for case let url as URL in e where ["po", "strings", "xml"].contains(url.pathExtension) { files.append(url) }
        XCTAssertGreaterThan(files.count, 8)
        var fixedSomewhere = 0
        for url in files {
            let data = try Data(contentsOf: url)
            guard let catalog = try? CatalogLoader.load(data: data, path: url.path) else { continue }   // broken.po
            let result: CatalogFixer.Result
            do { result = try CatalogFixer.fix(data, catalog: catalog) } catch {
                XCTAssertTrue(url.lastPathComponent == "invalid-utf8.ar.po", "\(url.lastPathComponent): \(error)")
                continue
            }
            try assertFixedOnlyInFixedEntries(url.lastPathComponent, before: data, catalog: catalog, result: result)
            fixedSomewhere += result.fixed.count
        }
        XCTAssertGreaterThanOrEqual(fixedSomewhere, 20)
    }

    func assertFixedOnlyInFixedEntries(_ name: String, before: Data, catalog: Catalog, result: CatalogFixer.Result,
                                       file: StaticString = #filePath, line: UInt = #line) throws {
        if result.fixed.isEmpty {
            XCTAssertEqual(result.data, before, "\(name): nothing to fix, yet the bytes changed", file: file, line: line)
            return
        }
        let old = Self.lines(before), new = Self.lines(result.data)
        XCTAssertEqual(old.count, new.count, "\(name): a line was added or removed", file: file, line: line)
        // The lines of each fixed entry: from its first line to the line before the next entry.
        let starts = catalog.entries.map(\.line)
        var allowed = Set<Int>()
        for (i, e) in catalog.entries.enumerated() {
            let key = e.context.map { "\($0)|\(e.key)" } ?? e.key
            guard result.fixed.contains(where: { $0 == key || $0.hasPrefix(key + "#") }) else { continue }
            let end = i + 1 < starts.count ? starts[i + 1] - 1 : old.count
            allowed.formUnion(e.line...max(e.line, end))
        }
        for n in 0..<min(old.count, new.count) where old[n] != new[n] {
            XCTAssertTrue(allowed.contains(n + 1), "\(name):\(n + 1) changed outside a fixed entry:\n- \(old[n])\n+ \(new[n])", file: file, line: line)
        }
        // What was meant.
        let again = try CatalogLoader.load(data: result.data, path: catalog.path, format: catalog.format, locale: catalog.locale)
        XCTAssertEqual(again.entries.count, catalog.entries.count, file: file, line: line)
        let skipped = Set(result.skipped.map(\.key))
        for (a, b) in zip(catalog.entries, again.entries) {
            let key = a.context.map { "\($0)|\(a.key)" } ?? a.key
            if skipped.contains(key) || skipped.contains(where: { $0.hasPrefix(key + "#") }) {
                XCTAssertEqual(b.translation, a.translation, "\(name): \(a.key) was skipped", file: file, line: line)
                continue
            }
            XCTAssertEqual(b.translation, a.translation.map { LintFixer.fixed($0) }, "\(name): \(a.key)", file: file, line: line)
            XCTAssertEqual(b.plurals, a.plurals.mapValues { LintFixer.fixed($0) }, "\(name): \(a.key)", file: file, line: line)
        }
        // Nothing left to do.
        let twice = try CatalogFixer.fix(result.data, catalog: again)
        XCTAssertEqual(twice.fixed, [], file: file, line: line)
        XCTAssertEqual(twice.skipped.map(\.key), result.skipped.map(\.key), file: file, line: line)
        XCTAssertEqual(twice.data, result.data, file: file, line: line)
    }

    /// Lines with their terminators, decoded (a UTF-16 file is compared as text).
    static func lines(_ data: Data) -> [String] {
        let b = [UInt8](data)
        let text: String
        if b.starts(with: [0xFF, 0xFE]) {
            let units = stride(from: 2, to: b.count - 1, by: 2).map { UInt16(b[$0]) | UInt16(b[$0 + 1]) << 8 }
            text = String(decoding: units, as: UTF16.self)
        }
        else { text = String(decoding: b, as: UTF8.self) }
        var out: [String] = []
        var current = ""
        var it = text.unicodeScalars.makeIterator()
        while let u = it.next() {
            current.unicodeScalars.append(u)
            if u == "\n" { out.append(current); current = "" }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    func fix(_ relative: String) throws -> (before: Data, catalog: Catalog, result: CatalogFixer.Result) {
        let url = Self.lint.appendingPathComponent(relative)
        let data = try Data(contentsOf: url)
        let catalog = try CatalogLoader.load(data: data, path: url.path)
        return (data, catalog, try CatalogFixer.fix(data, catalog: catalog))
    }

    func test_po_keepsWrapping_escapes_andCRLF() throws {
        for name in ["fix/fix.ar.po", "fix/fix-crlf.ar.po"] {
            let (before, catalog, result) = try fix(name)
            XCTAssertEqual(Set(result.fixed), ["Admin only", "A long message that msgcat wraps over two lines", "%d file#3", "%d file#5"], name)
            let text = String(decoding: result.data, as: UTF8.self)
            XCTAssertTrue(text.contains("\"مرحبا بكم\\n\""), "the continuation line keeps its escape")
            XCTAssertTrue(text.contains("msgstr \"\u{202E}نص\u{202C} \\\"مقتبس\\\"\""), "a balanced override is not touched")
            XCTAssertEqual(text.contains("\r\n"), name.contains("crlf"))
            try assertFixedOnlyInFixedEntries(name, before: before, catalog: catalog, result: result)
        }
    }

    func test_androidXML_keepsEntitiesEscapesAndLayout_andLeavesMarkupAlone() throws {
        let (before, catalog, result) = try fix("fix/values-ar/strings.xml")
        let text = String(decoding: result.data, as: UTF8.self)
        XCTAssertTrue(text.contains("<string name=\"entity\">&#x202B;مرحبا &amp; أهلا&#x202C;</string>"), "closed in the opener's notation")
        XCTAssertTrue(text.contains("<string name=\"escape\">\\u202Bنص\\u202C</string>"))
        XCTAssertTrue(text.contains("<string name=\"raw\"   >\u{202B}نص\n        على سطرين\u{202C}</string>"), "after the last character, before the closing tag")
        XCTAssertTrue(text.contains("<string name=\"stray\">\"  نص  \"</string>"))
        XCTAssertTrue(text.contains("<item quantity=\"other\">ملفات</item>"))
        XCTAssertTrue(text.contains("<item>\u{202B}الاثنين\u{202C}</item>"))
        XCTAssertTrue(text.contains("<string name=\"markup\"><b>\u{202B}نص</b></string>"), "markup is not rewritten")
        XCTAssertEqual(result.skipped.map(\.key), ["markup"])
        try assertFixedOnlyInFixedEntries("strings.xml", before: before, catalog: catalog, result: result)
    }

    func test_strings_utf8AndUTF16_keepTheirEncodingAndEscapes() throws {
        for name in ["fix/ar.lproj/Fix.strings", "fix/ar.lproj/Fix16.strings"] {
            let (before, catalog, result) = try fix(name)
            XCTAssertEqual(Set(result.fixed), ["escaped", "raw", "presentation"], name)
            XCTAssertEqual(Array(result.data.prefix(2)) == [0xFF, 0xFE], name.hasSuffix("16.strings"), "the BOM and byte order stay")
            let text = Self.lines(result.data).joined()
            XCTAssertTrue(text.contains("\"escaped\" = \"\\U202Bمرحبا\\U202C\";"), text)
            XCTAssertTrue(text.contains("\"raw\" = \"\u{202B}نص\u{202C}\";   // a comment after the entry"))
            try assertFixedOnlyInFixedEntries(name, before: before, catalog: catalog, result: result)
        }
    }

    func test_filesWithLoadProblemsOrCompiled_areNeverTouched() throws {
        let url = Self.lint.appendingPathComponent("invalid-utf8.ar.po")
        let data = try Data(contentsOf: url)
        let catalog = try CatalogLoader.load(data: data, path: url.path)
        XCTAssertThrowsError(try CatalogFixer.fix(data, catalog: catalog)) { XCTAssertTrue("\($0)".contains("UTF-8"), "\($0)") }
        let mo = Repository.fixtures.appendingPathComponent("catalogs/mo/ar/LC_MESSAGES")
        let first = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: mo.path).first { $0.hasSuffix(".mo") })
        let moData = try Data(contentsOf: mo.appendingPathComponent(first))
        XCTAssertThrowsError(try CatalogFixer.fix(moData, catalog: try CatalogLoader.load(data: moData, path: first)))
    }

    /// The installed catalogs, converted to `.po` with `msgunfmt`: every UTF-8 one is fixed and
    /// compared as the fixtures are (the Hebrew catalogs in ISO-8859-8 are refused untouched).
    func test_installedCatalogs_convertedWithMsgunfmt_roundTrip() throws {
        let catalogs = InstalledCatalogs.paths
        if catalogs.isEmpty { throw XCTSkip("no Arabic, Hebrew or Persian catalogs installed") }
        guard let msgunfmt = InstalledCatalogs.tool("msgunfmt") else { throw XCTSkip("msgunfmt is not installed") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rtl-tui-fix-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var converted = 0, fixedStrings = 0, refused = 0
        for path in catalogs {
            let out = dir.appendingPathComponent(path.replacingOccurrences(of: "/", with: "_") + ".po")
            let p = Process()
            p.executableURL = URL(fileURLWithPath: msgunfmt)
            p.arguments = [path, "-o", out.path]
            try p.run()
            p.waitUntilExit()
            guard p.terminationStatus == 0, let data = try? Data(contentsOf: out) else { continue }
            converted += 1
            let catalog = try CatalogLoader.load(data: data, path: out.path)
            do {
                let result = try CatalogFixer.fix(data, catalog: catalog)
                try assertFixedOnlyInFixedEntries(out.lastPathComponent, before: data, catalog: catalog, result: result)
                fixedStrings += result.fixed.count
            } catch let refusal as CatalogFixer.Refusal {
                XCTAssertTrue(refusal.description.contains("charset"), "\(path): \(refusal)")
                refused += 1
            }
        }
        XCTAssertGreaterThan(converted, 0)
        print("fix round trip: \(converted) converted catalogs, \(fixedStrings) strings fixed, \(refused) refused (not UTF-8)")
    }
}

/// The Arabic, Hebrew and Persian catalogs installed on this machine.
enum InstalledCatalogs {
    static var paths: [String] {
        var files: [String] = []
        for lang in ["ar", "he", "fa"] {
            let dir = "/usr/share/locale/\(lang)/LC_MESSAGES"
            for f in ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() where f.hasSuffix(".mo") {
                files.append(dir + "/" + f)
            }
        }
        return files
    }

    static func tool(_ name: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
