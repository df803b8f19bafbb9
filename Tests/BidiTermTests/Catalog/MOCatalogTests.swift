import Foundation
import XCTest
@testable import BidiTerm

final class MOCatalogTests: XCTestCase {
    func test_mo_littleEndianPersianFixture() throws {
        let catalog = try CatalogFixture.load("mo/fa/LC_MESSAGES/demo.mo")
        XCTAssertEqual(catalog.format, .mo)
        XCTAssertEqual(catalog.locale, "fa")
        XCTAssertEqual(catalog.metadata["Plural-Forms"], "nplurals=2; plural=(n > 1);")
        XCTAssertEqual(catalog.lookup("Settings"), "تنظیمات")
        XCTAssertEqual(catalog.lookup("Hello, %s"), "سلام، %s")
        XCTAssertEqual(catalog.lookup("Open", context: "menu"), "باز کردن")
        XCTAssertNil(catalog.lookup("Open"))
        let plural = try XCTUnwrap(catalog.entry("%d file"))
        XCTAssertEqual(plural.sourcePlural, "%d files")
        XCTAssertEqual(plural.plurals, ["0": "%d فایل", "1": "%d فایل"])
        XCTAssertTrue(catalog.warnings.isEmpty, "\(catalog.warnings)")
    }

    func test_mo_entryLineIsItsIndexPlusOne() throws {
        let catalog = try CatalogFixture.load("mo/fa/LC_MESSAGES/demo.mo")
        // Index 0 is the header; the others follow in sorted order.
        XCTAssertEqual(catalog.entries.map(\.key), ["%d file", "Hello, %s", "Settings", "Open"])
        XCTAssertEqual(catalog.entries.map(\.line), [2, 3, 4, 5])
        XCTAssertEqual(Set(catalog.entries.map(\.column)), [0])
    }

    func test_mo_bigEndianHebrewFixtureTakesTheLocaleFromThePath() throws {
        let catalog = try CatalogFixture.load("mo/he/LC_MESSAGES/demo.mo")
        XCTAssertNil(catalog.metadata["Language"])
        XCTAssertEqual(catalog.locale, "he")
        XCTAssertEqual(catalog.lookup("Quit"), "יציאה")
        XCTAssertEqual(catalog.lookup("Open", context: "door"), "פתוח")
        XCTAssertEqual(catalog.entry("%d day")?.plurals, ["0": "יום אחד", "1": "%d ימים"])
    }

    func test_mo_bothByteOrdersGiveTheSameCatalog() throws {
        let little = try CatalogFixture.bytes("mo/fa/LC_MESSAGES/demo.mo")
        // Swap every 32-bit word of the header and the two tables: the same file, big-endian.
        let count = Int(little[8]) | Int(little[9]) << 8
        var big = little
        for word in stride(from: 0, to: 28 + count * 16, by: 4) { big[word ..< word + 4].reverse() }
        XCTAssertEqual(Array(big[0 ..< 4]), [0x95, 0x04, 0x12, 0xDE])
        let a = try CatalogLoader.load(data: Data(little), path: "fa/LC_MESSAGES/a.mo")
        let b = try CatalogLoader.load(data: Data(big), path: "fa/LC_MESSAGES/b.mo")
        XCTAssertEqual(a.entries, b.entries)
        XCTAssertEqual(a.metadata, b.metadata)
    }

    func test_mo_systemDependentStringsAreExpandedForThisPlatform() throws {
        let catalog = try CatalogFixture.load("mo/ar/LC_MESSAGES/sysdep.mo")
        let u64 = try XCTUnwrap(CatalogLoader.systemDependentSegment("PRIu64"))
        #if os(Linux)
        if MemoryLayout<Int>.size == 8 { XCTAssertEqual(u64, "lu", "glibc LP64") }
        #endif
        XCTAssertEqual(catalog.entries.map(\.key), ["Cancel", "Copied %\(u64) bytes"])
        XCTAssertEqual(catalog.lookup("Copied %\(u64) bytes"), "نُسخ %I\(u64) بايت")
        XCTAssertEqual(catalog.entries.map(\.line), [2, 3], "numbered after the two ordinary entries")
        assertCatalogWarning(catalog, line: 4, column: 0, contains: "uses the segment <PRIuFOO>, unknown on this platform; not loaded")
    }

    func test_mo_systemDependentSegmentTable() {
        XCTAssertEqual(CatalogLoader.systemDependentSegment("I"), "I")
        XCTAssertEqual(CatalogLoader.systemDependentSegment("PRId8"), "d")
        XCTAssertEqual(CatalogLoader.systemDependentSegment("PRIX32"), "X")
        XCTAssertNil(CatalogLoader.systemDependentSegment("PRIq64"))
        XCTAssertNil(CatalogLoader.systemDependentSegment("PRId7"))
        #if os(Linux)
        if MemoryLayout<Int>.size == 8 {
            XCTAssertEqual(CatalogLoader.systemDependentSegment("PRIxMAX"), "lx")
            XCTAssertEqual(CatalogLoader.systemDependentSegment("PRIdFAST16"), "ld")
            XCTAssertEqual(CatalogLoader.systemDependentSegment("PRIoPTR"), "lo")
        }
        #endif
    }

    func test_mo_truncatedTable() throws {
        var bytes = try CatalogFixture.bytes("mo/fa/LC_MESSAGES/demo.mo")
        bytes[8] = 200  // 200 entries: the tables no longer fit in the file.
        assertCatalogError(try CatalogLoader.load(data: Data(bytes), path: "x.mo"), file: "x.mo", line: 0, column: 0,
                           contains: "the table of originals (200 entries at byte offset 28) ends at byte 1628, past the end of the file (352 bytes)")
    }

    func test_mo_invalidUTF8IsReplacedAndNamesTheEntry() throws {
        var bytes = try CatalogFixture.bytes("mo/fa/LC_MESSAGES/demo.mo")
        let settings = Array("تنظیمات".utf8)
        let at = try XCTUnwrap((0 ... bytes.count - settings.count).first { Array(bytes[$0 ..< $0 + settings.count]) == settings })
        bytes[at] = 0xFF
        let catalog = try CatalogLoader.load(data: Data(bytes), path: "x.mo")
        XCTAssertEqual(catalog.lookup("Settings")?.unicodeScalars.first, "\u{FFFD}")
        assertCatalogWarning(catalog, line: 4, column: 0, contains: "invalid UTF-8 in the translation of entry 4 at byte offset \(at)")
    }

    /// Every `.mo` installed for Arabic, Hebrew and Persian loads completely (all entries but the
    /// header), decodes to the script of its language, and looks up every entry.
    func test_mo_installedSystemCatalogsLoadAndLookUp() throws {
        let scripts: [String: ClosedRange<UInt32>] = ["ar": 0x0600...0x06FF, "he": 0x0590...0x05FF, "fa": 0x0600...0x06FF]
        var loaded = 0
        for (language, script) in scripts.sorted(by: { $0.key < $1.key }) {
            let directory = "/usr/share/locale/\(language)/LC_MESSAGES"
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".mo") }.sorted()
            var scriptEntries = 0
            defer { if !files.isEmpty { XCTAssertGreaterThan(scriptEntries, 0, "no \(language) text in \(directory)") } }
            for file in files {
                let path = directory + "/" + file
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
                let catalog = try CatalogLoader.load(path: path)
                loaded += 1
                XCTAssertEqual(catalog.locale.map { String($0.prefix(2)) }, language, file)
                // Every entry of the file but the header (the one with an empty msgid), and the
                // system-dependent strings of a revision 1 file.
                func word(_ at: Int) -> Int {
                    let b = bytes[at ..< at + 4].map(Int.init)
                    return bytes[0] == 0xDE ? b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24 : b[3] | b[2] << 8 | b[1] << 16 | b[0] << 24
                }
                let count = word(8), originals = word(12)
                let headers = (0 ..< count).filter { word(originals + $0 * 8) == 0 }.count
                let systemDependent = word(4) & 0xFFFF >= 1 && bytes.count >= 48 ? word(36) : 0
                XCTAssertEqual(catalog.entries.count, count - headers + systemDependent, path)
                XCTAssertFalse(catalog.warnings.contains { $0.message.contains("UTF-8") || $0.message.contains("charset") }, "\(path): \(catalog.warnings)")
                let translated = catalog.entries.filter { !($0.translation ?? "").isEmpty }
                let inScript = translated.filter { $0.translation!.unicodeScalars.contains { script.contains($0.value) } }
                scriptEntries += inScript.count
                // A file in an 8-bit charset (ISO-8859-8 for some Hebrew ones) must come out in the
                // script: that proves the conversion. Some UTF-8 files hold English only.
                if let name = catalog.metadata["Content-Type"].flatMap(CatalogCharset.declared(inContentType:)),
                   case .foundation = CatalogCharset.named(name), !translated.isEmpty {
                    XCTAssertFalse(inScript.isEmpty, "\(path) (\(name)) has no \(language) text")
                }
                for entry in translated where catalog.entry(entry.key, context: entry.context)?.line == entry.line {
                    XCTAssertEqual(catalog.lookup(entry.key, context: entry.context), entry.translation, "\(path): \(entry.key)")
                }
            }
        }
        if loaded == 0 { throw XCTSkip("no .mo files installed under /usr/share/locale/{ar,he,fa}/LC_MESSAGES") }
    }
}
