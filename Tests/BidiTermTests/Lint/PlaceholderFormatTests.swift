import XCTest
@testable import BidiTerm

/// Placeholders read in each format's own syntax, plural rules, and the format chosen per entry.
final class PlaceholderFormatTests: XCTestCase {
    func ids(_ s: String, _ syntax: PlaceholderSyntax, strict: Bool = true) -> [String] {
        Placeholder.find(s, syntax: syntax, strict: strict).map(\.identity)
    }

    func test_c_glibcFlagsPositionsStarsAndLengths() {
        // glibc's I flag (the locale's digits) and ' (grouping) do not change the argument.
        XCTAssertEqual(ids("%Id من %'Id", .c), ids("%d من %d", .c))
        XCTAssertEqual(ids("%2$s %1$d", .c), ["2:str", "1:int"])
        XCTAssertEqual(ids("%*d|%.*f", .c), ["1:int", "2:int", "3:int", "4:double"])
        XCTAssertEqual(ids("%lu %zu %lld %hhd", .c), ["1:uint/long", "2:uint/size", "3:int/llong", "4:int/char"])
        XCTAssertEqual(ids("%m: %s", .c), ["1:str"], "%m takes no argument")
        XCTAssertEqual(ids("100%% %d", .c), ["1:int"])
        // Strict (declared c-format): "% o" is a directive, as printf reads it; lenient: prose.
        XCTAssertEqual(ids("99% of", .c), ["1:uint"])
        XCTAssertEqual(ids("99% of", .c, strict: false), [])
        XCTAssertEqual(ids("Invalid %-encoding", .c, strict: false), [])
        XCTAssertEqual(ids("%dx%d", .c, strict: false), ["1:int", "2:int"])
    }

    func test_strftime_isToldFromPrintf_andOnlyUnknownDirectivesAreInvalid() {
        XCTAssertTrue(Placeholder.looksLikeStrftime("%H:%M"))
        XCTAssertTrue(Placeholder.looksLikeStrftime("%a %b %e %H:%M:%S %Y"))
        XCTAssertTrue(Placeholder.looksLikeStrftime("%-e %b"))
        XCTAssertFalse(Placeholder.looksLikeStrftime("%d"), "printf's %d is not a date by itself")
        XCTAssertFalse(Placeholder.looksLikeStrftime("Invalid %-encoding in URI"))
        XCTAssertFalse(Placeholder.looksLikeStrftime("%s: %d"))
        XCTAssertEqual(Placeholder.invalidStrftime("%OH:%OM %Ey %-Oe %O-e %:z"), [])
        XCTAssertEqual(Placeholder.invalidStrftime("%OH:%Q").map(\.text), ["%Q"])
    }

    func test_qt_kde() {
        XCTAssertEqual(ids("%1 (%2×%3)", .qt), ["%1", "%2", "%3"])
        XCTAssertEqual(ids("Huge (%1x%1)", .qt), ["%1", "%1"])
        XCTAssertEqual(ids("%L1 %n", .qt), ["%1", "%n"])
        XCTAssertEqual(ids("%1$s", .qt), [], "printf's positional argument is not Qt's %1")
        XCTAssertEqual(ids("100% sure", .qt), [])
    }

    func test_python_brace_icu_i18next_apple_android_shell() {
        XCTAssertEqual(ids("%(user)s has %(n)d, %s", .python), ["%(user)", "%(n)", "1:str"])
        XCTAssertEqual(ids("{name} {0} {} {x!r:>10} {{literal}}", .brace), ["{name}", "{0}", "{0}", "{x}"])
        XCTAssertEqual(ids("{count, plural, one {# file in {folder}} other {{count} files}} by {user}", .icu), ["{count}", "{folder}", "{user}"])
        XCTAssertEqual(ids("'{quoted}' {real}", .icu), ["{real}"])
        XCTAssertEqual(ids("{{name}} {{- raw}} {{n, number}} $t(other.key)", .i18next), ["{{name}}", "{{raw}}", "{{n}}", "$t(other.key)"])
        XCTAssertEqual(ids("%@ %1$@ %lld %#@files@", .objc), ["1:obj", "1:obj", "2:int/llong", "%#@files@"])
        // Java counts the arguments of unnumbered specifiers on their own.
        XCTAssertEqual(ids("%1$s%n%,d %tY", .java), ["1:str", "1:int", "2:time"])
        // Java's %b, %h and %T are conversions of Java only.
        XCTAssertEqual(ids("%b %H %TY", .java), ["1:str", "2:str", "3:time"])
        XCTAssertEqual(ids("%b %B %TY", .c), [], "no printf conversion of C")
        XCTAssertEqual(ids("$HOME ${USER}", .shell), ["$HOME", "$USER"])
    }

    func test_pluralForms_evaluateAndFindTheFormsOfOneNumber() throws {
        let ar = try XCTUnwrap(PluralForms("nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;"))
        XCTAssertEqual([0, 1, 2, 3, 10, 11, 99, 100, 102, 103].map(ar.form(for:)), [0, 1, 2, 3, 3, 4, 4, 5, 5, 3])
        XCTAssertEqual(ar.singleValued, [true, true, true, false, false, false])
        let he = try XCTUnwrap(PluralForms("nplurals=4; plural=(n==1 ? 0 : n==2 ? 1 : n>10 && n%10==0 ? 2 : 3);"))
        XCTAssertEqual(he.singleValued, [true, true, false, false])
        let fa = try XCTUnwrap(PluralForms("nplurals=2; plural=(n > 1);"))
        XCTAssertEqual(fa.singleValued, [false, false], "form 0 takes 0 and 1")
        XCTAssertEqual(PluralForms.germanic.singleValued, [true, false])
        XCTAssertNil(PluralForms("nplurals=2; plural=n !=;"))
        XCTAssertNil(PluralForms("plural=n != 1;"))
    }

    func test_entryFormat_followsFlags_orReadsUnflaggedCatalogsAsXgettextWould() {
        func catalog(_ entries: [CatalogEntry], format: CatalogFormat = .po) -> Catalog {
            Catalog(path: "x.po", format: format, locale: "ar", entries: entries)
        }
        let flagged = catalog([
            CatalogEntry(key: "%d file", source: "%d file", flags: ["c-format"]),
            CatalogEntry(key: "%s of %s", source: "%s of %s", flags: ["c-format"]),
            CatalogEntry(key: "99% of", source: "99% of", flags: ["no-c-format"]),
            CatalogEntry(key: "Delete", source: "Delete"),
            CatalogEntry(key: "Hello {name}", source: "Hello {name}", flags: ["python-brace-format"]),
        ])
        let f = EntryFormat(flagged)
        XCTAssertEqual(f.choice(for: flagged.entries[0], source: "%d file")?.syntax, .c)
        XCTAssertNil(f.choice(for: flagged.entries[2], source: "99% of"), "no-c-format")
        XCTAssertNil(f.choice(for: flagged.entries[3], source: "Delete"), "flagless text in a flagged catalog is not a format string")
        XCTAssertEqual(f.choice(for: flagged.entries[4], source: "Hello {name}")?.syntax, .brace)
        // A .mo file keeps no flags: its msgids decide, leniently.
        let mo = catalog([
            CatalogEntry(key: "Huge (%1x%2)", source: "Huge (%1x%2)"),
            CatalogEntry(key: "%1 files", source: "%1 files"),
            CatalogEntry(key: "Copy %1 to %2", source: "Copy %1 to %2"),
        ], format: .mo)
        let m = EntryFormat(mo)
        XCTAssertEqual(m.choice(for: mo.entries[0], source: "Huge (%1x%2)")?.syntax, .qt, "a KDE catalog")
        XCTAssertEqual(m.choice(for: mo.entries[0], source: "Huge (%1x%2)")?.strict, false)
        XCTAssertEqual(m.choice(for: CatalogEntry(key: "%H:%M"), source: "%H:%M")?.syntax, .strftime)
        let android = catalog([CatalogEntry(key: "p", translation: "99%", flags: ["formatted=false"])], format: .androidXML)
        XCTAssertNil(EntryFormat(android).choice(for: android.entries[0], source: nil))
    }
}
