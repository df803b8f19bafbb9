import Foundation
import XCTest
@testable import BidiTerm

final class POCatalogTests: XCTestCase {
    // MARK: The Arabic fixture

    func test_po_headerGivesLocaleAndPluralFormsAndIsNotAnEntry() throws {
        let catalog = try CatalogFixture.load("po/ar.po")
        XCTAssertEqual(catalog.format, .po)
        XCTAssertEqual(catalog.locale, "ar")
        XCTAssertEqual(CatalogPOParser.pluralCount(try XCTUnwrap(catalog.metadata["Plural-Forms"])), 6)
        XCTAssertEqual(catalog.metadata["Content-Type"], "text/plain; charset=UTF-8")
        XCTAssertFalse(catalog.entries.contains { $0.key.isEmpty })
        XCTAssertEqual(catalog.entries.map(\.key), [
            "Settings", "Open", "Open", "%d file", "Welcome to the terminal.\nPress Tab to move.",
            "Path: \"%s\"\tSize: %s", "Backslash \\ and octal A", "Hello, %(name)s!", "Untranslated",
        ])
    }

    func test_po_contextSeparatesTheSameMsgid() throws {
        let catalog = try CatalogFixture.load("po/ar.po")
        XCTAssertEqual(catalog.lookup("Open", context: "menu"), "فتح")
        XCTAssertEqual(catalog.lookup("Open", context: "door"), "مفتوح")
        XCTAssertNil(catalog.lookup("Open"), "no entry has msgid Open without a context")
        XCTAssertEqual(catalog.lookup("Settings"), "الإعدادات")
    }

    func test_po_pluralFormsAreKeyedByIndex() throws {
        let entry = try XCTUnwrap(CatalogFixture.load("po/ar.po").entry("%d file"))
        XCTAssertEqual(entry.sourcePlural, "%d files")
        XCTAssertEqual(entry.plurals, [
            "0": "لا توجد ملفات", "1": "ملف واحد", "2": "ملفان", "3": "%d ملفات", "4": "%d ملفًا", "5": "%d ملف",
        ])
        XCTAssertEqual(entry.translation, entry.plurals["0"])
        XCTAssertEqual(entry.flags, ["c-format"])
        XCTAssertFalse(entry.isFuzzy)
    }

    func test_po_multiLineStringsAndEscapesAreJoinedAndDecoded() throws {
        let catalog = try CatalogFixture.load("po/ar.po")
        XCTAssertEqual(catalog.lookup("Welcome to the terminal.\nPress Tab to move."), "مرحبًا بك في الطرفية.\nاضغط Tab للتنقل.")
        XCTAssertEqual(catalog.lookup("Path: \"%s\"\tSize: %s"), "المسار: \"%s\"\tالحجم: %s")
        XCTAssertEqual(catalog.lookup("Backslash \\ and octal A"), "شرطة مائلة \\ وحرف A")
    }

    func test_po_commentsReferencesFlagsAndPreviousMsgid() throws {
        let catalog = try CatalogFixture.load("po/ar.po")
        let settings = try XCTUnwrap(catalog.entry("Settings"))
        XCTAssertEqual(settings.comment, "Title of the main window")
        XCTAssertEqual(settings.references, ["Sources/rtl-tui/Demo/Main.swift:12"])
        let menu = try XCTUnwrap(catalog.entry("Open", context: "menu"))
        XCTAssertEqual(menu.comment, "Menu item, not the verb in a dialog.")
        XCTAssertEqual(menu.references.count, 2)
        let hello = try XCTUnwrap(catalog.entry("Hello, %(name)s!"))
        XCTAssertTrue(hello.isFuzzy)
        XCTAssertEqual(hello.flags, ["fuzzy", "python-format"])
        XCTAssertEqual(hello.previousSource, "Hello, %(name)s")
        XCTAssertEqual(catalog.lookup("Hello, %(name)s!"), "مرحبًا، %(name)s", "lookup returns fuzzy translations too")
    }

    func test_po_entryPositionIsTheFirstKeyword() throws {
        let catalog = try CatalogFixture.load("po/ar.po")
        XCTAssertEqual(catalog.entry("Settings").map { [$0.line, $0.column] }, [16, 1])
        XCTAssertEqual(catalog.entry("Open", context: "menu").map { [$0.line, $0.column] }, [21, 1], "the msgctxt line")
        XCTAssertEqual(catalog.entry("%d file").map { [$0.line, $0.column] }, [30, 1])
    }

    func test_po_emptyMsgstrIsUntranslated() throws {
        let catalog = try CatalogFixture.load("po/ar.po")
        let entry = try XCTUnwrap(catalog.entry("Untranslated"))
        XCTAssertEqual(entry.translation, "")
        XCTAssertFalse(entry.isTranslated)
        XCTAssertNil(catalog.lookup("Untranslated"))
    }

    func test_po_obsoleteEntriesAreCountedInOneWarning() throws {
        let catalog = try CatalogFixture.load("po/ar.po")
        XCTAssertNil(catalog.entry("Old string"))
        assertCatalogWarning(catalog, line: 60, column: 1, contains: "1 obsolete entry (#~) not loaded")
        XCTAssertEqual(catalog.warnings.count, 1)
    }

    // MARK: Broken files

    func test_po_structuralErrors() {
        let cases: [(String, Int, Int, String)] = [
            ("msgid \"a\"\nmsgid_plural \"b\"\nmsgstr \"x\"\n", 3, 1, "msgid_plural needs msgstr[0]"),
            ("msgid \"a\"\nmsgstr[0] \"x\"\n", 2, 1, "msgstr[0] without msgid_plural"),
            ("msgstr \"x\"\n", 1, 1, "msgstr without msgid"),
            ("msgctxt \"c\"\nmsgctxt \"d\"\n", 2, 1, "msgctxt follows another msgctxt"),
            ("msgctxt \"c\"\n", 1, 1, "msgctxt without msgid (found end of file instead)"),
            ("\"orphan\"\n", 1, 1, "string without a keyword"),
            ("msgid \"a\" x\nmsgstr \"\"\n", 1, 11, "unexpected text after the string"),
            ("msgid \"a\"\nmsgstr \"b\"\nmsgstring \"c\"\n", 3, 1, "unknown keyword"),
            ("msgid \"a\"\nmsgstr\n", 2, 7, "msgstr needs a string"),
            ("msgid \"a\"\nmsgstr \"\\xZZ\"\n", 2, 9, "bad escape \\x without hex digits"),
            ("msgid \"a\"\nmsgstr \"\\777\"\n", 2, 9, "larger than one byte"),
            ("msgid \"a\"\n# comment\nmsgstr \"b\"\n", 1, 1, "has no msgstr (found a comment instead)"),
            ("foo \"a\"\n", 1, 1, "unexpected \"foo\""),
        ]
        for (text, line, column, message) in cases {
            assertCatalogError(try loadCatalog(text, name: "t.po"), file: "t.po", line: line, column: column, contains: message)
        }
    }

    // MARK: Encodings, NUL, line breaks

    func test_po_invalidUTF8IsReplacedAndReportedWithLineAndByteOffset() throws {
        let catalog = try CatalogFixture.load("odd/invalid-utf8.po")
        XCTAssertEqual(catalog.lookup("Bad"), "سيء\u{FFFD} و\u{FFFD}")
        XCTAssertEqual(catalog.lookup("Good"), "جيد", "the rest of the file is kept")
        assertCatalogWarning(catalog, line: 5, column: 12, contains: "invalid UTF-8 (FF) at byte offset 60")
        assertCatalogWarning(catalog, line: 5, column: 15, contains: "invalid UTF-8 (E2 82) at byte offset 64")
    }

    func test_po_nulIsKeptAsU0000WithAWarning() throws {
        let catalog = try CatalogFixture.load("odd/nul.po")
        XCTAssertEqual(catalog.lookup("Null"), "قبل\u{0}بعد")
        assertCatalogWarning(catalog, line: 2, column: 12, contains: "NUL character at byte offset 27; kept as U+0000")
    }

    func test_po_mixedLineBreaksAndBOM() throws {
        let catalog = try CatalogFixture.load("odd/mixed-endings.po")
        XCTAssertEqual(catalog.entries.map(\.key), ["One", "Two", "Three"])
        XCTAssertEqual(catalog.entries.map(\.line), [2, 5, 8])
        XCTAssertEqual(catalog.entries.map(\.translation), ["אחת", "שתיים", "שלוש"])
        XCTAssertEqual(catalog.entries[0].comment, "Mixed line breaks", "the BOM does not hide the first comment")
        XCTAssertTrue(catalog.warnings.isEmpty, "\(catalog.warnings)")
    }

    func test_po_legacyCharsetIsConverted() throws {
        // ISO-8859-8: F9 EC E5 ED is שלום.
        let text: [UInt8] = Array("msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=ISO-8859-8\\n\"\n\nmsgid \"Hello\"\nmsgstr \"".utf8)
            + [0xF9, 0xEC, 0xE5, 0xED] + Array("\"\n".utf8)
        let catalog = try CatalogLoader.load(data: Data(text), path: "he.po")
        XCTAssertEqual(catalog.lookup("Hello"), "שלום")
        XCTAssertTrue(catalog.warnings.isEmpty, "\(catalog.warnings)")
    }

    func test_po_unsupportedCharsetIsReadAsUTF8WithAWarning() throws {
        let catalog = try loadCatalog("msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=EBCDIC-US\\n\"\n\nmsgid \"a\"\nmsgstr \"ب\"\n", name: "x.po")
        XCTAssertEqual(catalog.lookup("a"), "ب")
        XCTAssertTrue(catalog.warnings.contains { $0.message.contains("charset EBCDIC-US, which this loader cannot convert") })
    }

    func test_po_hexAndOctalEscapesBuildUTF8AndInvalidResultsWarn() throws {
        let catalog = try loadCatalog("msgid \"a\"\nmsgstr \"\\xD8\\xB3\\331\\204\"\n\nmsgid \"b\"\nmsgstr \"x\\xFFy\"\n", name: "x.po")
        XCTAssertEqual(catalog.lookup("a"), "سل")
        XCTAssertEqual(catalog.lookup("b"), "x\u{FFFD}y")
        assertCatalogWarning(catalog, line: 5, column: 8, contains: "make invalid UTF-8")
    }

    // MARK: Other checks

    func test_po_pluralCountDifferentFromHeaderWarns() throws {
        let text = """
        msgid ""
        msgstr "Plural-Forms: nplurals=3; plural=n;\\n"

        msgid "day"
        msgid_plural "days"
        msgstr[0] "יום"
        msgstr[1] "ימים"
        """
        let catalog = try loadCatalog(text, name: "he.po")
        assertCatalogWarning(catalog, line: 4, column: 1, contains: "has 2 plural forms but the header's Plural-Forms says nplurals=3")
    }

    func test_po_duplicateEntryWarnsAndLookupUsesTheFirst() throws {
        let catalog = try loadCatalog("msgid \"a\"\nmsgstr \"א\"\n\nmsgid \"a\"\nmsgstr \"ב\"\n", name: "x.po")
        XCTAssertEqual(catalog.entries.count, 2, "both stay in entries")
        XCTAssertEqual(catalog.lookup("a"), "א")
        assertCatalogWarning(catalog, line: 4, column: 1, contains: "duplicate key \"a\"; first defined at line 1, column 1")
    }

    func test_po_commentsAtTheEndWarn() throws {
        let catalog = try loadCatalog("msgid \"a\"\nmsgstr \"א\"\n\n# dangling\n", name: "x.po")
        assertCatalogWarning(catalog, line: 4, column: 1, contains: "comments at the end of the file belong to no entry")
    }

    func test_po_severalStringsOnOneLineAreJoined() throws {
        let catalog = try loadCatalog("msgid \"a\" \"b\"\nmsgstr \"א\" \"ב\"\n", name: "x.po")
        XCTAssertEqual(catalog.lookup("ab"), "אב")
    }

    func test_po_headerWithoutLanguageTakesTheLocaleFromThePath() throws {
        let catalog = try loadCatalog("msgid \"a\"\nmsgstr \"آ\"\n", name: "po/fa_IR.po")
        XCTAssertEqual(catalog.locale, "fa_IR")
    }
}
