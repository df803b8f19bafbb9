import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

final class ScreenFileTests: XCTestCase {

    // MARK: - Helpers

    /// Parses `yaml`, failing the test (and returning nil) if it does not parse.
    private func parse(_ yaml: String, file: StaticString = #filePath, line: UInt = #line) -> ScreenFile? {
        do {
            return try ScreenFile.parse(yaml: yaml, path: "test.yaml")
        } catch {
            XCTFail("unexpected errors:\n\(error)", file: file, line: line)
            return nil
        }
    }

    /// The diagnostics for `yaml`, failing the test if it parses.
    private func diagnostics(_ yaml: String, file: StaticString = #filePath, line: UInt = #line) -> [ScreenDiagnostic] {
        do {
            let screen = try ScreenFile.parse(yaml: yaml, path: "test.yaml")
            XCTFail("expected errors, parsed \(screen.id)", file: file, line: line)
            return []
        } catch {
            return error.diagnostics
        }
    }

    /// A screen whose root is a vstack of the given child lines (each a YAML flow mapping or block,
    /// indented by the caller for lines after the first). Children start on line 5, column 5.
    private func screen(_ children: String) -> String {
        """
        screen: test
        root:
          type: vstack
          children:
            \(children)
        """
    }

    private func children(of screen: ScreenFile?) -> [ScreenNode] {
        guard case .vstack(let children, _)? = screen?.root.kind else { return [] }
        return children
    }

    private static let demoScreens = Repository.demoScreens
    private static let demoCatalogs = Repository.demoCatalogs

    // MARK: - Every node type

    func test_everyNodeType_parsesWithItsFields() throws {
        let yaml = """
        screen: all
        title: all.title
        root:
          type: vstack
          spacing: 1
          children:
            - type: hstack
              spacing: 2
              separator: true
              children:
                - {type: spacer, size: 3}
                - {type: separator}
            - type: pane
              title: pane.title
              border: false
              child: {type: label, text: pane.text}
            - {type: label, text: a.label, align: trailing}
            - {type: paragraph, text: a.paragraph}
            - {type: list, items: [one, {literal: Two}, {text: three, target: other}], selected: 2, bullet: "›"}
            - {type: progress, value: 0.42, label: sync, showPercent: true}
            - {type: slider, value: 60, min: 0, max: 100, label: light, startGlyph: "🔅", endGlyph: "🔆", ticks: [0, 50, 100]}
            - {type: rating, value: 3.5, max: 5, numbers: true}
            - {type: toggle, label: dark, on: true}
            - {type: nav, back: go.back, next: go.next}
            - {type: breadcrumb, items: [home, apps]}
            - {type: steps, count: 5, current: 2}
            - {type: buttons, items: [{glyph: "⏪", physical: true}, {glyph: "◁)))", text: out}]}
            - {type: icons, items: ["📷", {glyph: "✓", label: ok}], ordered: true, badge: {index: 1, glyph: "●", mirrors: false}}
            - {type: field, text: draft, caret: 4, placeholder: hint}
        """
        let screen = try XCTUnwrap(parse(yaml))
        XCTAssertEqual(screen.id, "all")
        XCTAssertEqual(screen.title, .key("all.title"))
        XCTAssertEqual(screen.path, "test.yaml")
        guard case .vstack(let nodes, let spacing) = screen.root.kind else { return XCTFail("root is not a vstack") }
        XCTAssertEqual(spacing, 1)
        XCTAssertEqual(nodes.count, 15)

        guard case .hstack(let row, 2, true) = nodes[0].kind else { return XCTFail("hstack: \(nodes[0].kind)") }
        XCTAssertEqual(row.map(\.kind), [.spacer, .separator])
        XCTAssertEqual(row[0].size, .cells(3))

        guard case .pane(let title, let child, let border) = nodes[1].kind else { return XCTFail("pane") }
        XCTAssertEqual(title, .key("pane.title"))
        XCTAssertFalse(border)
        XCTAssertEqual(child.kind, .label(text: .key("pane.text"), align: .leading))

        XCTAssertEqual(nodes[2].kind, .label(text: .key("a.label"), align: .trailing))
        XCTAssertEqual(nodes[3].kind, .paragraph(text: .key("a.paragraph")))
        XCTAssertEqual(nodes[4].kind, .list(items: [
            ScreenNode.ListItem(text: .key("one")),
            ScreenNode.ListItem(text: .literal("Two")),
            ScreenNode.ListItem(text: .key("three"), target: "other"),
        ], selected: 2, bullet: "›"))
        XCTAssertEqual(nodes[5].kind, .progress(value: 0.42, label: .key("sync"), showPercent: true))
        XCTAssertEqual(nodes[6].kind, .slider(value: 60, min: 0, max: 100, label: .key("light"),
                                              startGlyph: "🔅", endGlyph: "🔆", ticks: [0, 50, 100]))
        XCTAssertEqual(nodes[7].kind, .rating(value: 3.5, max: 5, numbers: true))
        XCTAssertEqual(nodes[8].kind, .toggle(label: .key("dark"), on: true))
        XCTAssertEqual(nodes[9].kind, .nav(back: .key("go.back"), next: .key("go.next")))
        XCTAssertEqual(nodes[10].kind, .breadcrumb(items: [.key("home"), .key("apps")]))
        XCTAssertEqual(nodes[11].kind, .steps(count: 5, current: 2))
        XCTAssertEqual(nodes[12].kind, .buttons(items: [
            ScreenNode.Button(glyph: "⏪", text: nil, physical: true),
            ScreenNode.Button(glyph: "◁)))", text: .key("out"), physical: false),
        ]))
        XCTAssertEqual(nodes[13].kind, .icons(items: [
            IconRow.Icon("📷"),
            IconRow.Icon("✓", label: .key("ok")),
        ], ordered: true, badge: IconRow.Badge(index: 1, glyph: "●", mirrors: false)))
        XCTAssertEqual(nodes[14].kind, .field(text: .key("draft"), caret: 4, placeholder: .key("hint")))

        let seen = Set(screen.root.allNodes.map(\.kind.typeName))
        XCTAssertEqual(seen, Set(NodeKind.typeNames), "the sample should use every node type")
    }

    func test_defaults_whenOptionalFieldsAreLeftOut() throws {
        let screen = try XCTUnwrap(parse(screen("""
        - {type: hstack, children: [{type: spacer}]}
            - {type: pane, child: {type: separator}}
            - {type: slider, value: 0.5}
            - {type: rating, value: 2}
            - {type: toggle}
            - {type: steps, count: 3}
            - {type: list, items: []}
            - {type: buttons, items: [{text: ok}]}
            - {type: field, placeholder: hint}
        """)))
        let nodes = children(of: screen)
        XCTAssertEqual(nodes.count, 9)
        if case .hstack(_, let spacing, let separator) = nodes[0].kind {
            XCTAssertEqual(spacing, 0)
            XCTAssertFalse(separator)
        } else { XCTFail("hstack") }
        if case .pane(let title, _, let border) = nodes[1].kind {
            XCTAssertNil(title)
            XCTAssertTrue(border)
        } else { XCTFail("pane") }
        XCTAssertEqual(nodes[2].kind, .slider(value: 0.5, min: 0, max: 1, label: nil, startGlyph: nil, endGlyph: nil, ticks: []))
        XCTAssertEqual(nodes[3].kind, .rating(value: 2, max: 5, numbers: false))
        XCTAssertEqual(nodes[4].kind, .toggle(label: nil, on: false))
        XCTAssertEqual(nodes[5].kind, .steps(count: 3, current: 1))
        XCTAssertEqual(nodes[6].kind, .list(items: [], selected: nil, bullet: nil))
        XCTAssertEqual(nodes[7].kind, .buttons(items: [ScreenNode.Button(text: .key("ok"))]))
        XCTAssertEqual(nodes[8].kind, .field(text: nil, caret: nil, placeholder: .key("hint")))
        for node in nodes {
            XCTAssertEqual(node.direction, .inherit)
            XCTAssertEqual(node.size, .fill)
            XCTAssertEqual(node.style, .plain)
        }
    }

    func test_commonFields_directionSizeAndStyle() throws {
        let screen = try XCTUnwrap(parse(screen("""
        - {type: spacer, dir: ltr, size: 24}
            - {type: spacer, dir: rtl, size: "30%"}
            - {type: spacer, dir: inherit, size: fill}
            - {type: spacer, style: [bold, reverse]}
            - {type: spacer, style: {fg: cyan, bg: 236, attributes: [dim]}}
            - {type: spacer, style: underline}
            - {type: spacer, style: {fg: brightYellow, bg: default}}
        """)))
        let nodes = children(of: screen)
        XCTAssertEqual(nodes.map(\.direction), [.ltr, .rtl, .inherit, .inherit, .inherit, .inherit, .inherit])
        XCTAssertEqual(nodes.map(\.size), [.cells(24), .percent(30), .fill, .fill, .fill, .fill, .fill])
        XCTAssertEqual(nodes[3].style, ScreenNode.Style(attributes: [.bold, .reverse]))
        XCTAssertEqual(nodes[4].style, ScreenNode.Style(foreground: .ansi(6), background: .indexed(236), attributes: [.dim]))
        XCTAssertEqual(nodes[5].style, ScreenNode.Style(attributes: [.underline]))
        XCTAssertEqual(nodes[6].style, ScreenNode.Style(foreground: .ansi(11), background: .default))
    }

    func test_nodes_carryTheirLineAndColumn() throws {
        let screen = try XCTUnwrap(parse("""
        screen: pos
        root:
          type: vstack
          children:
            - type: label
              text: a
            -   {type: label, text: b}
        """))
        XCTAssertEqual(screen.root.line, 3)
        XCTAssertEqual(screen.root.column, 3)
        let nodes = children(of: screen)
        XCTAssertEqual(nodes.map(\.line), [5, 7])
        XCTAssertEqual(nodes.map(\.column), [7, 9])
    }

    func test_screenFile_orderTitleAndCatalogKeys() throws {
        let screen = try XCTUnwrap(parse("""
        screen: keys
        order: 3
        title: k.title
        root:
          type: pane
          title: k.pane
          child:
            type: vstack
            children:
              - {type: label, text: {literal: "not a key"}}
              - {type: list, items: [k.a, k.b, k.a]}
              - {type: nav, next: k.next}
              - {type: label, text: {key: k.args, args: {n: 1}}}
        """))
        XCTAssertEqual(screen.order, 3)
        XCTAssertEqual(screen.catalogKeys, ["k.title", "k.pane", "k.a", "k.b", "k.next", "k.args"])
        XCTAssertEqual(screen.textRefs.count, 8)
        XCTAssertNil(screen.textRefs[0].node, "the title belongs to no node")
        XCTAssertEqual(screen.textRefs[1].node?.line, 5)
    }

    // MARK: - Text values

    func test_textValues_keyLiteralAndArguments() throws {
        let screen = try XCTUnwrap(parse(screen("""
        - {type: label, text: plain.key}
            - {type: label, text: {literal: "git push --force"}}
            - {type: label, text: {key: downloads.remaining, args: {count: 3, name: "Ubuntu 24.04", size: 2.5, version: "2.4.1"}}}
            - {type: label, text: {key: list.args, args: [7, seven]}}
            - {type: label, text: {literal: 42}}
        """)))
        let texts = children(of: screen).map { node -> TextRef? in
            if case .label(let text, _) = node.kind { return text }
            return nil
        }
        XCTAssertEqual(texts, [
            .key("plain.key"),
            .literal("git push --force"),
            .key("downloads.remaining", args: [
                TextArgument("count", .number(3)),
                TextArgument("name", .string("Ubuntu 24.04")),
                TextArgument("size", .number(2.5), decimal: "2.5"),
                TextArgument("version", .string("2.4.1")),
            ]),
            .key("list.args", args: [TextArgument("1", .number(7)), TextArgument("2", .string("seven"))]),
            .literal("42"),
        ])
    }

    // MARK: - Resolving text

    private let catalog: [String: String] = [
        "named": "{count} files in {name}",
        "printf": "%s has %d items (%@)",
        "positional": "%2$d of %1$s",
        "percent": "{n}%% done, %d%%",
        "plain": "100% sure, %s",
        "unknown": "{missing} and %3$s and {count}",
        "braces": "{ not a name } {count}",
        "list": "{1} then %2$s",
        "precision": "%.2f GB, %d%%, %-5ld, %1$.1f",
    ]

    /// Arabic-Indic digits, to show that numbers go through the formatter.
    private static func arabicDigits(_ number: Double) -> String {
        let western = number == number.rounded() ? String(Int(number)) : String(number)
        return String(western.map { c -> Character in
            guard let d = c.wholeNumberValue else { return c == "." ? "٫" : c }
            return Character(Unicode.Scalar(0x0660 + d)!)
        })
    }

    /// Resolves against the test catalog; text arguments are not isolated unless asked, so the
    /// expected strings stay readable.
    private func resolve(_ ref: TextRef, isolateText: Bool = false) -> (text: String, missingKey: String?) {
        ref.resolve(lookup: { self.catalog[$0] }, formatNumber: Self.arabicDigits, isolateText: isolateText)
    }

    func test_resolve_namedPlaceholders_formatNumbers() {
        let r = resolve(.key("named", args: [TextArgument("count", .number(12)), TextArgument("name", .string("Ubuntu 24.04"))]))
        XCTAssertEqual(r.text, "١٢ files in Ubuntu 24.04")
        XCTAssertNil(r.missingKey)
    }

    func test_resolve_isolatesTextArguments_butNotNumbers() {
        let named = TextRef.key("named", args: [TextArgument("count", .number(12)), TextArgument("name", .string("report (2).pdf"))])
        XCTAssertEqual(resolve(named, isolateText: true).text, "١٢ files in \u{2068}report (2).pdf\u{2069}")
        // The default isolates.
        let text = named.resolve(lookup: { self.catalog[$0] }, formatNumber: { "\(Int($0))" }).text
        XCTAssertEqual(text, "12 files in \u{2068}report (2).pdf\u{2069}")
        let ar = TextRef.key("k", args: [TextArgument("name", .string("Ubuntu 24.04"))])
            .resolve(lookup: { _ in "جارٍ تنزيل {name}" }, formatNumber: { "\($0)" })
        XCTAssertEqual(ar.text, "جارٍ تنزيل \u{2068}Ubuntu 24.04\u{2069}")
    }

    func test_resolve_printfPlaceholders_inOrder() {
        let r = resolve(.key("printf", args: [
            TextArgument("who", .string("Layla")), TextArgument("n", .number(3)), TextArgument("what", .number(2.5)),
        ]))
        XCTAssertEqual(r.text, "Layla has ٣ items (٢٫٥)")
    }

    func test_resolve_positionalPlaceholders_canReorder() {
        let r = resolve(.key("positional", args: [TextArgument("total", .string("six")), TextArgument("n", .number(3))]))
        XCTAssertEqual(r.text, "٣ of six")
    }

    func test_resolve_percentSigns() {
        let r = resolve(.key("percent", args: [TextArgument("n", .number(40))]))
        XCTAssertEqual(r.text, "٤٠% done, ٤٠%")
        // Without arguments the text is not a format: placeholders and percent signs stay.
        XCTAssertEqual(resolve(.key("plain")).text, "100% sure, %s")
    }

    func test_resolve_precisionRounds_integerConversionsTruncate_flagsAreIgnored() {
        let r = resolve(.key("precision", args: [
            TextArgument("size", .number(3.14159)), TextArgument("pct", .number(99.6)), TextArgument("n", .number(12)),
        ]))
        XCTAssertEqual(r.text, "٣٫١٤ GB, ٩٩%, ١٢, ٣٫١")
    }

    func test_resolve_placeholdersWithoutArgumentStayVisible() {
        let r = resolve(.key("unknown", args: [TextArgument("count", .number(1))]))
        XCTAssertEqual(r.text, "{missing} and %3$s and ١")
        XCTAssertEqual(resolve(.key("braces", args: [TextArgument("count", .number(5))])).text, "{ not a name } ٥")
    }

    func test_resolve_listArguments_areNamedByPosition() {
        let r = resolve(.key("list", args: [TextArgument("1", .string("a")), TextArgument("2", .string("b"))]))
        XCTAssertEqual(r.text, "a then b")
    }

    func test_resolve_missingKey_isBracketedAndReported() {
        let r = resolve(.key("nowhere.to.be.found", args: [TextArgument("n", .number(1))]))
        XCTAssertEqual(r.text, "⟦nowhere.to.be.found⟧")
        XCTAssertEqual(r.missingKey, "nowhere.to.be.found")
    }

    func test_resolve_literal_isUsedAsWritten() {
        let r = TextRef.literal("{count} %s 5").resolve(lookup: { _ in XCTFail("no lookup for literals"); return nil },
                                                        formatNumber: { _ in "x" })
        XCTAssertEqual(r.text, "{count} %s 5")
        XCTAssertNil(r.missingKey)
    }

    // MARK: - Errors

    func test_error_unknownNodeType_pointsAtTheTypeAndListsKnownTypes() {
        let d = diagnostics(screen("- {type: slidr, value: 1}"))
        XCTAssertEqual(d.count, 1)
        XCTAssertEqual(d.first?.kind, .unknownNodeType("slidr"))
        XCTAssertEqual(d.first?.line, 5)
        XCTAssertEqual(d.first?.column, 14)
        XCTAssertTrue(d.first?.message.contains("did you mean 'slider'?") ?? false, d.first?.message ?? "")
        for type in NodeKind.typeNames {
            XCTAssertTrue(d.first?.message.contains(type) ?? false, "\(type) missing from: \(d.first?.message ?? "")")
        }
    }

    func test_error_unknownField_suggestsTheFieldMeant() {
        let d = diagnostics("""
        screen: typo
        root:
          type: vstack
          chidren:
            - {type: spacer}
        """)
        XCTAssertEqual(d.map(\.kind), [.missingField("children"), .unknownField("chidren")])
        XCTAssertEqual(d[0].line, 3)  // the vstack lacks children: reported at the node
        XCTAssertEqual(d[1].line, 4)
        XCTAssertEqual(d[1].column, 3)
        XCTAssertTrue(d[1].message.contains("did you mean 'children'?"), d[1].message)
        XCTAssertTrue(d[1].message.contains("vstack takes: children, spacing"), d[1].message)
    }

    func test_error_unknownField_forAnotherTypesField() {
        let d = diagnostics(screen("- {type: progress, value: 0.5, items: [a]}"))
        XCTAssertEqual(d.map(\.kind), [.unknownField("items")])
        XCTAssertEqual(d.first?.column, 36)
        XCTAssertFalse(d.first?.message.contains("did you mean") ?? true, "nothing close to 'items' in progress")
    }

    func test_error_unknownField_caseTypo() {
        let d = diagnostics(screen("- {type: progress, value: 0.5, showpercent: true}"))
        XCTAssertEqual(d.map(\.kind), [.unknownField("showpercent")])
        XCTAssertTrue(d.first?.message.contains("did you mean 'showPercent'?") ?? false)
    }

    func test_error_wrongValueTypes() {
        let d = diagnostics(screen("""
        - {type: progress, value: high}
            - {type: toggle, on: "yes please"}
            - {type: steps, count: 2.5}
            - {type: vstack, children: {type: spacer}}
            - {type: label, text: [a, b]}
            - {type: progress, value: "0.5"}
        """))
        XCTAssertEqual(d.map(\.kind), [
            .wrongType(field: "value"), .wrongType(field: "on"), .wrongType(field: "count"),
            .wrongType(field: "children"), .wrongType(field: "text"), .wrongType(field: "value"),
        ])
        XCTAssertEqual(d.map(\.line), [5, 6, 7, 8, 9, 10])
        XCTAssertEqual(d[0].column, 31)
        XCTAssertTrue(d[0].message.contains("must be a number, found the text \"high\""), d[0].message)
        XCTAssertTrue(d[2].message.contains("whole number, found the number 2.5"), d[2].message)
        XCTAssertTrue(d[3].message.contains("found a mapping"), d[3].message)
        XCTAssertTrue(d[5].message.contains("found the text \"0.5\""), "a quoted number is text: \(d[5].message)")
    }

    func test_error_childThatIsNotANode() {
        let d = diagnostics(screen("- label"))
        XCTAssertEqual(d.map(\.kind), [.wrongType(field: "children")])
        XCTAssertEqual(d.first?.line, 5)
        XCTAssertEqual(d.first?.column, 7)
        XCTAssertTrue(d.first?.message.contains("must be a node (a mapping with 'type:'), found the text \"label\"") ?? false)
    }

    func test_error_progressOutsideZeroToOne() {
        let d = diagnostics(screen("""
        - {type: progress, value: 1.5}
            - {type: progress, value: -0.1}
        """))
        XCTAssertEqual(d.map(\.kind), [.outOfRange(field: "value"), .outOfRange(field: "value")])
        XCTAssertEqual(d.map(\.line), [5, 6])
        XCTAssertEqual(d[0].column, 31)
        XCTAssertTrue(d[0].message.contains("1.5, outside 0…1"), d[0].message)
    }

    func test_error_ratingAboveMax() {
        let d = diagnostics(screen("""
        - {type: rating, value: 6, max: 5}
            - {type: rating, value: 4.5, max: 4}
            - {type: rating, value: 1, max: 0}
        """))
        XCTAssertEqual(d.map(\.kind), [.outOfRange(field: "value"), .outOfRange(field: "value"), .outOfRange(field: "max")])
        XCTAssertEqual(d[0].column, 29)
        XCTAssertTrue(d[0].message.contains("more than max (5 stars)"), d[0].message)
        XCTAssertTrue(d[1].message.contains("4.5"), d[1].message)
    }

    func test_error_otherRanges() {
        let d = diagnostics(screen("""
        - {type: slider, value: 150, min: 0, max: 100, ticks: [0, 50, 120]}
            - {type: slider, value: 1, min: 5, max: 2}
            - {type: list, items: [a, b], selected: 2}
            - {type: steps, count: 4, current: 5}
            - {type: icons, items: ["📷"], badge: {index: 1, glyph: "●"}}
            - {type: field, text: {literal: "abc"}, caret: 4}
            - {type: spacer, size: 0}
            - {type: spacer, size: "120%"}
            - {type: vstack, spacing: -1, children: [{type: spacer}]}
            - {type: spacer, style: {fg: 300}}
        """))
        XCTAssertEqual(d.map(\.kind), [
            .outOfRange(field: "value"), .outOfRange(field: "ticks"),
            .outOfRange(field: "max"),
            .outOfRange(field: "selected"),
            .outOfRange(field: "current"),
            .outOfRange(field: "index"),
            .outOfRange(field: "caret"),
            .outOfRange(field: "size"),
            .outOfRange(field: "size"),
            .outOfRange(field: "spacing"),
            .outOfRange(field: "fg"),
        ])
        XCTAssertEqual(d.map(\.line), [5, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])
    }

    func test_error_missingRequiredFields() {
        let d = diagnostics(screen("""
        - {type: label}
            - {align: leading}
            - {type: pane, title: t}
            - {type: nav}
            - {type: buttons, items: [{physical: true}]}
            - {type: icons, items: ["📷"], badge: {glyph: "●"}}
        """))
        XCTAssertEqual(d.map(\.kind), [
            .missingField("text"), .missingField("type"), .missingField("child"), .missingField("back"),
            .missingField("glyph"), .missingField("index"),
        ])
        XCTAssertEqual(d.map(\.line), [5, 6, 7, 8, 9, 10])
        XCTAssertEqual(d.map(\.column), [7, 7, 7, 7, 31, 42])
        XCTAssertTrue(d[0].message.contains("label needs 'text'"), d[0].message)
        XCTAssertTrue(d[1].message.contains("node has no 'type:'"), d[1].message)
    }

    func test_error_missingScreenIdAndRoot() {
        let d = diagnostics("title: t\n")
        XCTAssertEqual(d.map(\.kind), [.missingField("screen"), .missingField("root")])
        XCTAssertEqual(d.map(\.line), [1, 1])
    }

    func test_error_yamlSyntax_hasThePositionYamsReports() {
        let d = diagnostics("""
        screen: broken
        root:
          type: vstack
          children: [{type: spacer}
        """)
        XCTAssertEqual(d.count, 1)
        XCTAssertEqual(d.first?.kind, .syntax)
        XCTAssertEqual(d.first?.line, 5)
        XCTAssertTrue(d.first?.message.hasPrefix("YAML syntax error: ") ?? false, d.first?.message ?? "")

        let tab = diagnostics("screen: x\nroot:\n\ttype: spacer\n")
        XCTAssertEqual(tab.first?.kind, .syntax)
        XCTAssertEqual(tab.first?.line, 3)
        XCTAssertEqual(tab.first?.column, 1)
    }

    func test_error_duplicateKey() {
        let d = diagnostics("""
        screen: dup
        root:
          type: label
          text: a
          text: b
        """)
        XCTAssertEqual(d.map(\.kind), [.duplicateKey("text")])
        XCTAssertEqual(d.first?.line, 4)
        XCTAssertEqual(d.first?.column, 3)
    }

    func test_error_invalidValues() {
        let d = diagnostics(screen("""
        - {type: spacer, dir: up}
            - {type: spacer, size: "5x"}
            - {type: spacer, size: 2.5}
            - {type: spacer, style: [blod]}
            - {type: spacer, style: {fg: cyna}}
            - {type: label, text: a, align: middle}
            - {type: list, items: []}
            - {type: breadcrumb, items: []}
            - {type: label, text: ""}
        """))
        XCTAssertEqual(d.map(\.kind), [
            .invalidValue(field: "dir"), .invalidValue(field: "size"), .invalidValue(field: "size"),
            .invalidValue(field: "style"), .invalidValue(field: "fg"), .invalidValue(field: "align"),
            .invalidValue(field: "items"), .invalidValue(field: "text"),
        ])
        XCTAssertEqual(d.map(\.line), [5, 6, 7, 8, 9, 10, 12, 13])
        XCTAssertTrue(d[3].message.contains("did you mean 'bold'?"), d[3].message)
        XCTAssertTrue(d[4].message.contains("did you mean 'cyan'?"), d[4].message)
    }

    func test_error_textMappings() {
        let d = diagnostics(screen("""
        - {type: label, text: {key: a, literal: b}}
            - {type: label, text: {literal: b, args: {n: 1}}}
            - {type: label, text: {key: a, args: {n: [1]}}}
            - {type: label, text: {keys: a}}
        """))
        XCTAssertEqual(d.map(\.kind), [
            .invalidValue(field: "text"), .invalidValue(field: "args"), .wrongType(field: "args"),
            .missingField("key"), .unknownField("keys"),
        ])
        XCTAssertTrue(d[4].message.contains("did you mean 'key'?"), d[4].message)
    }

    func test_error_invalidScreenID() {
        let d = diagnostics("screen: \"my screen\"\nroot: {type: spacer}\n")
        XCTAssertEqual(d.map(\.kind), [.invalidValue(field: "screen")])
        XCTAssertEqual(d.first?.column, 9)
    }

    func test_error_emptyFileAndNonMapping() {
        XCTAssertEqual(diagnostics("").map(\.kind), [.missingField("screen")])
        XCTAssertEqual(diagnostics("# only a comment\n").map(\.kind), [.missingField("screen")])
        XCTAssertEqual(diagnostics("- a\n- b\n").map(\.kind), [.wrongType(field: "screen")])
    }

    func test_errors_areAllCollected_inFileOrder_withCompilerStyleDescriptions() {
        let yaml = """
        screen: many
        root:
          type: vstack
          children:
            - {type: progress, value: 2}
            - type: pane
              child:
                type: vstack
                children:
                  - {type: label}
                  - {type: toggel}
            - {type: rating, value: 9}
          spaceing: 1
        """
        do {
            _ = try ScreenFile.parse(yaml: yaml, path: "Demo/screens/many.yaml")
            XCTFail("expected errors")
        } catch {
            XCTAssertEqual(error.diagnostics.map(\.line), [5, 10, 11, 12, 13])
            XCTAssertEqual(error.diagnostics.map(\.kind), [
                .outOfRange(field: "value"), .missingField("text"), .unknownNodeType("toggel"),
                .outOfRange(field: "value"), .unknownField("spaceing"),
            ])
            let lines = error.description.split(separator: "\n")
            XCTAssertEqual(lines.count, 5)
            XCTAssertTrue(lines[0].hasPrefix("Demo/screens/many.yaml:5:31: error: "), String(lines[0]))
            XCTAssertTrue(lines[2].hasPrefix("Demo/screens/many.yaml:11:20: error: unknown node type 'toggel'; did you mean 'toggle'?"),
                          String(lines[2]))
            XCTAssertTrue(lines[4].contains("did you mean 'spacing'?"), String(lines[4]))
        }
    }

    func test_suggestion_editDistance() {
        XCTAssertEqual(ScreenParser.editDistance("children", "chidlren"), 1, "a swap is one edit")
        XCTAssertEqual(ScreenParser.editDistance("", "abc"), 3)
        XCTAssertEqual(ScreenParser.suggestion(for: "stpes", among: NodeKind.typeNames), "steps")
        XCTAssertEqual(ScreenParser.suggestion(for: "table", among: NodeKind.typeNames), "label", "two edits in a longer word")
        XCTAssertNil(ScreenParser.suggestion(for: "chart", among: NodeKind.typeNames))
        XCTAssertNil(ScreenParser.suggestion(for: "grid", among: NodeKind.typeNames), "short words allow one edit")
    }

    // MARK: - Loading files and directories

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("screens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func test_load_unreadableFile() {
        XCTAssertThrowsError(try ScreenFile.load(path: "/nonexistent/screen.yaml")) { error in
            let diagnostics = (error as? ScreenFileError)?.diagnostics
            XCTAssertEqual(diagnostics?.map(\.kind), [.unreadableFile])
            XCTAssertEqual(diagnostics?.first?.path, "/nonexistent/screen.yaml")
        }
    }

    /// Invalid UTF-8 is reported where the bad byte is (line and column in scalars), not at 1:1.
    func test_load_invalidUTF8_namesTheLineAndColumnOfTheBadByte() throws {
        let url = try temporaryDirectory().appendingPathComponent("bad.yaml")
        var bytes = Array("screen: x\nroot: {type: label, text: {literal: \"é".utf8)
        bytes += [0xFF]
        bytes += Array("\"}}\n".utf8)
        try Data(bytes).write(to: url)
        XCTAssertThrowsError(try ScreenFile.load(path: url.path)) { error in
            let d = (error as? ScreenFileError)?.diagnostics.first
            XCTAssertEqual(d?.line, 2)
            XCTAssertEqual(d?.column, 39, "after 38 scalars of line 2 (é is one)")
            XCTAssertTrue(d?.message.contains("invalid UTF-8: byte 0xFF") ?? false, d?.message ?? "")
        }
    }

    func test_loadDirectory_sortsByOrder_andReportsDuplicatesBrokenFilesAndUnknownTargets() throws {
        let dir = try temporaryDirectory()
        func write(_ name: String, _ text: String) throws {
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try write("a.yaml", "screen: alpha\nroot: {type: spacer}\n")
        try write("b.yaml", "screen: beta\norder: 1\nroot: {type: list, items: [{text: t, target: alpha}, {text: u, target: gamma}]}\n")
        try write("c.yml", "screen: alpha\nroot: {type: spacer}\n")
        try write("d.yaml", "screen: delta\nroot: {type: nothing}\n")
        try write("notes.txt", "not a screen")

        let collection = ScreenFile.loadDirectory(dir.path)
        XCTAssertEqual(collection.screens.map(\.id), ["beta", "alpha"])
        XCTAssertEqual(collection.diagnostics.map(\.kind), [
            .duplicateScreenID("alpha"), .unknownNodeType("nothing"), .unknownTarget("gamma"),
        ])
        XCTAssertTrue(collection.diagnostics[0].path.hasSuffix("c.yml"))
        XCTAssertTrue(collection.diagnostics[2].path.hasSuffix("b.yaml"))
        XCTAssertEqual(collection.screen(id: "beta")?.order, 1)
        XCTAssertNil(collection.screen(id: "delta"))
    }

    // MARK: - Demo screens and catalogs

    func test_demoScreens_allParseWithoutErrors() {
        let collection = ScreenFile.loadDirectory(Self.demoScreens)
        XCTAssertEqual(collection.diagnostics, [], collection.diagnostics.map(\.description).joined(separator: "\n"))
        XCTAssertEqual(collection.screens.map(\.id), ["overview", "settings", "player", "reading", "ratings", "messages"])
    }

    func test_formatDocument_exampleParses() throws {
        let doc = try String(contentsOfFile: Repository.path("Docs/SCREEN-FORMAT.md"), encoding: .utf8)
        let start = try XCTUnwrap(doc.range(of: "```yaml\n"))
        let end = try XCTUnwrap(doc.range(of: "```", range: start.upperBound..<doc.endIndex))
        let screen = try XCTUnwrap(parse(String(doc[start.upperBound..<end.lowerBound])))
        XCTAssertEqual(screen.id, "settings")
        XCTAssertEqual(screen.order, 2)
        XCTAssertEqual(Set(screen.root.allNodes.map(\.kind.typeName)),
                       ["vstack", "hstack", "pane", "list", "slider", "toggle", "progress"])
    }

    func test_demoScreens_useEveryNodeType() {
        let used = Set(ScreenFile.loadDirectory(Self.demoScreens).screens.flatMap { $0.root.allNodes.map(\.kind.typeName) })
        XCTAssertEqual(used, Set(NodeKind.typeNames))
    }

    func test_demoOverview_listsEveryOtherScreen() throws {
        let collection = ScreenFile.loadDirectory(Self.demoScreens)
        let overview = try XCTUnwrap(collection.screen(id: "overview"))
        let targets = overview.root.allNodes.flatMap { node -> [String] in
            if case .list(let items, _, _) = node.kind { return items.compactMap(\.target) }
            return []
        }
        XCTAssertEqual(Set(targets), Set(collection.screens.map(\.id)).subtracting(["overview"]))
    }

    func test_demoScreens_citeEveryRuleFromR1ToR18() throws {
        var cited = Set<Int>()
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.demoScreens).filter { $0.hasSuffix(".yaml") }
        let rule = try NSRegularExpression(pattern: "\\bR([0-9]{1,2})\\b")
        for file in files {
            let text = try String(contentsOfFile: Self.demoScreens + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                guard let hash = line.firstIndex(of: "#") else { continue }
                let comment = String(line[hash...])
                for match in rule.matches(in: comment, range: NSRange(comment.startIndex..., in: comment)) {
                    if let range = Range(match.range(at: 1), in: comment), let n = Int(comment[range]) { cited.insert(n) }
                }
            }
        }
        XCTAssertEqual(cited.intersection(1...18), Set(1...18), "rules not shown: \(Set(1...18).subtracting(cited).sorted())")
    }

    func test_demoReadme_listsTheRulesEachScreenCites() throws {
        let readme = try String(contentsOfFile: Repository.path("Demo/README.md"), encoding: .utf8)
        let rule = try NSRegularExpression(pattern: "\\bR([0-9]{1,2})\\b")
        func rules(_ text: String) -> Set<Int> {
            Set(rule.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
                Range($0.range(at: 1), in: text).flatMap { Int(text[$0]) }
            })
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.demoScreens).filter { $0.hasSuffix(".yaml") }
        XCTAssertEqual(files.count, 6)
        for file in files {
            let yaml = try String(contentsOfFile: Self.demoScreens + "/" + file, encoding: .utf8)
            let comments = yaml.split(separator: "\n").compactMap { line in line.firstIndex(of: "#").map { String(line[$0...]) } }
            let row = try XCTUnwrap(readme.split(separator: "\n").first { $0.hasPrefix("| `\(file)`") }, file)
            let lastCell = String(row.split(separator: "|").last ?? "")
            XCTAssertEqual(rules(lastCell), rules(comments.joined(separator: "\n")), file)
        }
    }

    /// The entries of a gettext catalog: msgid → msgstr (a plural entry's last form), the header
    /// under "".
    private func readCatalog(_ language: String) throws -> [String: String] {
        let text = try String(contentsOfFile: "\(Self.demoCatalogs)/\(language).po", encoding: .utf8)
        var entries: [String: String] = [:]
        var current: WritableKeyPath<(String?, String?), String?>?
        var pair: (String?, String?) = (nil, nil)
        func unquote(_ s: Substring) -> String {
            var out = "", escaped = false
            for c in s.dropFirst().dropLast() {
                if escaped {
                    switch c { case "n": out.append("\n"); case "t": out.append("\t"); default: out.append(c) }
                    escaped = false
                } else if c == "\\" { escaped = true } else { out.append(c) }
            }
            return out
        }
        func flush() {
            if let id = pair.0, let str = pair.1 { entries[id] = str }
            pair = (nil, nil)
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("msgid ") {
                flush()
                pair.0 = unquote(line.dropFirst(6)); current = \.0
            } else if line.hasPrefix("msgstr ") {
                pair.1 = unquote(line.dropFirst(7)); current = \.1
            } else if line.hasPrefix("msgstr["), let close = line.firstIndex(of: "]") {
                // A plural entry: its last form (the one most numbers take) stands for it.
                pair.1 = unquote(line[line.index(close, offsetBy: 2)...]); current = \.1
            } else if line.hasPrefix("\""), let key = current {
                pair[keyPath: key] = (pair[keyPath: key] ?? "") + unquote(line[...])
            } else if line.isEmpty || line.hasPrefix("#") {
                current = nil
            }
        }
        flush()
        return entries
    }

    private let languages = ["en", "ar", "he", "fa"]

    func test_demoCatalogs_holdEveryKeyTheScreensUse() throws {
        let keys = Set(ScreenFile.loadDirectory(Self.demoScreens).screens.flatMap(\.catalogKeys))
        XCTAssertGreaterThan(keys.count, 60)
        for language in languages {
            let catalog = try readCatalog(language)
            let missing = keys.filter { (catalog[$0] ?? "").isEmpty }
            XCTAssertEqual(missing, [], "\(language).po lacks \(missing.sorted())")
            // `demo.*` keys are the demo app's own interface (help, footer, notices), not screens'.
            let unused = Set(catalog.keys).subtracting(keys).subtracting([""]).filter { !$0.hasPrefix("demo.") }
            XCTAssertEqual(unused, [], "\(language).po has keys no screen uses")
        }
    }

    func test_demoCatalogs_translationsKeepThePlaceholdersOfEnglish() throws {
        let placeholder = try NSRegularExpression(pattern: "\\{[A-Za-z0-9_]+\\}|%[0-9]+\\$[sd@]|%[sd@]")
        func placeholders(_ s: String) -> [String] {
            placeholder.matches(in: s, range: NSRange(s.startIndex..., in: s)).map { String(s[Range($0.range, in: s)!]) }.sorted()
        }
        let english = try readCatalog("en")
        XCTAssertGreaterThanOrEqual(english.values.filter { !placeholders($0).isEmpty }.count, 10)
        for language in languages.dropFirst() {
            let catalog = try readCatalog(language)
            for (key, text) in english where !key.isEmpty {
                XCTAssertEqual(placeholders(catalog[key] ?? ""), placeholders(text), "\(language): \(key)")
            }
        }
    }

    func test_demoCatalogs_headers() throws {
        let plurals = [
            "en": "nplurals=2; plural=(n != 1);",
            "ar": "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);",
            "he": "nplurals=2; plural=(n != 1);",
            "fa": "nplurals=2; plural=(n > 1);",
        ]
        for language in languages {
            let header = try XCTUnwrap(readCatalog(language)[""])
            XCTAssertTrue(header.contains("Language: \(language)\n"), language)
            XCTAssertTrue(header.contains("Content-Type: text/plain; charset=UTF-8\n"), language)
            XCTAssertTrue(header.contains("Plural-Forms: \(plurals[language]!)\n"), language)
        }
    }

    func test_demoCatalogs_writeEachScriptProperly() throws {
        let ar = try readCatalog("ar"), he = try readCatalog("he"), fa = try readCatalog("fa"), en = try readCatalog("en")
        func scalars(_ catalog: [String: String]) -> [Unicode.Scalar] {
            catalog.filter { !$0.key.isEmpty }.values.flatMap(\.unicodeScalars)
        }
        // Persian: Persian yeh and keheh, never the Arabic letters; Persian digits; a ZWNJ in می‌خواهید.
        let persian = scalars(fa)
        XCTAssertFalse(persian.contains("\u{064A}"), "Arabic yeh in fa.po")
        XCTAssertFalse(persian.contains("\u{0643}"), "Arabic kaf in fa.po")
        XCTAssertFalse(persian.contains { (0x0660...0x0669).contains($0.value) }, "Arabic-Indic digits in fa.po")
        XCTAssertTrue(persian.contains { (0x06F0...0x06F9).contains($0.value) }, "no Persian digits in fa.po")
        XCTAssertTrue(fa["messages.sendNow"]?.contains("می\u{200C}خواهید") ?? false)
        // Questions end with the Arabic question mark in Arabic and Persian.
        XCTAssertEqual(ar["messages.sendNow"]?.last, "؟")
        XCTAssertEqual(fa["messages.sendNow"]?.last, "؟")
        XCTAssertEqual(he["messages.sendNow"]?.last, "?")
        XCTAssertEqual(en["messages.sendNow"]?.last, "?")
        // Arabic harakat (U+064B–U+0652) and Hebrew niqqud (U+05B0–U+05BC).
        XCTAssertTrue(ar["reading.articleTitle"]?.unicodeScalars.contains { (0x064B...0x0652).contains($0.value) } ?? false)
        XCTAssertTrue(he["reading.quote"]?.unicodeScalars.contains { (0x05B0...0x05BC).contains($0.value) } ?? false)
        // Lam-alef words.
        XCTAssertEqual(ar["settings.title"], "الإعدادات")
        XCTAssertTrue(ar.values.contains { $0.contains("لا ") })
        // Phone numbers after Arabic letters are LTR isolates, so their digit groups keep their order
        // (R7); the Hebrew one is held together by its hyphens.
        XCTAssertTrue(ar["reading.contact"]?.contains("\u{2066}+20 2 2345 6789\u{2069}") ?? false)
        XCTAssertTrue(fa["reading.contact"]?.contains("\u{2066}۰۲۱-۸۸۷۷-۶۶۵۵\u{2069}") ?? false)
        XCTAssertTrue(he["reading.contact"]?.contains("03-555-1234") ?? false)
        // Brand names stay Latin, with Wi‑Fi's non-breaking hyphen.
        for catalog in [en, ar, he, fa] {
            XCTAssertTrue(catalog["settings.network"]?.contains("Wi\u{2011}Fi") ?? false)
            XCTAssertTrue(catalog["settings.network"]?.contains("Bluetooth") ?? false)
            XCTAssertTrue(catalog["settings.version"]?.contains("2.4.1") ?? false)
        }
    }
}

/// `count:` and number arguments in screen files (SCREEN-FORMAT.md, "Text values").
final class ScreenCountAndNumberTests: XCTestCase {
    private func parse(_ yaml: String) throws -> ScreenFile { try ScreenFile.parse(yaml: yaml, path: "t.yaml") }

    func test_countAndNumberFields() throws {
        let s = try parse("""
        screen: t
        root:
          type: vstack
          children:
            - {type: label, text: {key: files.deleted, count: 5}}
            - {type: label, text: {key: files.deleted, count: files, args: {files: 3}}}
            - {type: label, text: {key: price, args: {amount: {number: 1249.5, currency: SAR}, share: {number: 0.42, percent: true}, total: 1249.50, big: {number: 1200000, compact: short}, road: {number: 12, unit: kilometer, unitWidth: long}, exact: {number: 3, fraction: 2}}}}
        """)
        let refs = s.textRefs.map(\.0)
        XCTAssertEqual(refs[0], .key("files.deleted", args: [], count: .number(5)))
        XCTAssertEqual(refs[1].count(), 3)
        XCTAssertEqual(refs[1].count(override: 11), 11)
        let r = ScreenRenderer(catalogs: [], locale: "ar-SA")
        guard case .key(_, let args, _) = refs[2] else { return XCTFail() }
        func written(_ name: String) -> String {
            let a = args.first { $0.name == name }!
            guard case .number(let x) = a.value else { return "" }
            return r.formatNumber(x, style: a.style ?? NumberStyle(), decimal: a.decimal)
        }
        XCTAssertEqual(written("amount"), "\u{200F}١٬٢٤٩٫٥٠\u{00A0}ر.س.\u{200F}", "CLDR's symbol and placement")
        XCTAssertEqual(written("share"), "٤٢٪\u{061C}")
        XCTAssertEqual(written("total"), "١٬٢٤٩٫٥٠", "the decimals as written are kept")
        XCTAssertEqual(written("exact"), "٣٫٠٠")
        XCTAssertTrue(written("big").contains("١٫٢"), written("big"))
        XCTAssertEqual(written("road"), "١٢ كيلومترًا")
    }

    func test_badCountAndNumberFields_areReported() {
        XCTAssertThrowsError(try parse("""
        screen: t
        root: {type: label, text: {key: k, count: n, args: {m: 1}}}
        """)) { XCTAssertTrue("\($0)".contains("'count' names the argument 'n', which 'args' does not give"), "\($0)") }
        XCTAssertThrowsError(try parse("""
        screen: t
        root: {type: label, text: {key: k, args: {a: {number: 1, currency: RIYAL}}}}
        """)) { XCTAssertTrue("\($0)".contains("ISO 4217"), "\($0)") }
        XCTAssertThrowsError(try parse("""
        screen: t
        root: {type: label, text: {literal: x, count: 3}}
        """)) { XCTAssertTrue("\($0)".contains("literal text has none"), "\($0)") }
    }
}
