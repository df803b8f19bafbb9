import TestSupport
import XCTest
@testable import BidiTerm

/// Text cut for want of room is reported to the context's recorder by the widget that cut it,
/// with what it needed, what it had, and its `…` cells; measuring is not reported, and a screen's
/// texts carry their node's `file:line:column` and key.
final class TruncationTests: WidgetTestCase {
    func recording(_ direction: LayoutDirection) -> (RenderContext, TruncationRecorder) {
        var c = ctx(direction)
        let r = TruncationRecorder()
        c.truncations = r
        return (c, r)
    }

    func test_label_reportsNeededGivenAndTheEllipsisCell_inLTRAndRTL() {
        for dir in LayoutDirection.allCases {
            let (c, r) = recording(dir)
            var b = Buffer(width: 10, height: 1)
            Label(dir == .ltr ? "Hello wonderful world" : "שלום עולם ומלואו").render(Rect(x: 2, y: 0, width: 6, height: 1), into: &b, context: c)
            XCTAssertEqual(r.truncations.count, 1)
            let t = r.truncations[0]
            XCTAssertEqual(t.needed, dir == .ltr ? 21 : 16)
            XCTAssertEqual(t.given, 6)
            XCTAssertEqual(t.unit, .cells)
            // The ellipsis at the logical end: the right end in LTR ("Hello…" fills x 2…7); the
            // left end in RTL ("…םולש", five cells aligned right: x 3…7).
            XCTAssertEqual(t.marks, [Truncation.Position(x: dir == .ltr ? 7 : 3, y: 0)])
            XCTAssertEqual(b[t.marks[0].x, 0]?.symbol, "…")
        }
    }

    func test_textThatFits_isNotReported_andNoRecorderIsFine() {
        let (c, r) = recording(.ltr)
        _ = Label("Hello").rendered(width: 10, height: 1, context: c)
        XCTAssertTrue(r.truncations.isEmpty)
        _ = Label("Hello wonderful world").rendered(width: 5, height: 1, context: ctx(.ltr))
    }

    func test_listItemsPaneTitlesTogglesAndNavigation() {
        let (c, r) = recording(.rtl)
        var b = Buffer(width: 16, height: 6)
        Pane(title: "הגדרות מתקדמות מאוד", border: true,
             child: List(["אחד", "פריט ארוך מאוד מאוד"], selected: 0)).render(Rect(x: 0, y: 0, width: 16, height: 4), into: &b, context: c)
        Toggle(label: "מצב כהה לכל המערכת", isOn: true).render(Rect(x: 0, y: 4, width: 16, height: 1), into: &b, context: c)
        NavBar(back: "חזרה לעמוד הקודם", next: "הבא").render(Rect(x: 0, y: 5, width: 16, height: 1), into: &b, context: c)
        // In drawing order: a pane draws its child, then its title over the frame.
        XCTAssertEqual(r.truncations.map(\.text), ["פריט ארוך מאוד מאוד", "הגדרות מתקדמות מאוד", "מצב כהה לכל המערכת", "חזרה לעמוד הקודם"])
        for t in r.truncations {
            XCTAssertEqual(t.marks.count, 1, t.text)
            XCTAssertEqual(b[t.marks[0].x, t.marks[0].y]?.symbol, "…", t.text)
            XCTAssertGreaterThan(t.needed, t.given)
        }
    }

    /// A breadcrumb tries several layouts before drawing one; only what it draws is reported.
    func test_measuringIsNotReported() {
        let (c, r) = recording(.ltr)
        _ = Breadcrumb(["Home", "Apps", "Reviews"]).rendered(width: 20, height: 1, context: c)
        XCTAssertTrue(r.truncations.isEmpty, "\(r.truncations)")
    }

    func test_aButtonWithNoRoom_isReportedAsLeftOut() {
        let (c, r) = recording(.ltr)
        let b = ButtonRow([.init(text: "Checkout"), .init(text: "Continue shopping")]).rendered(width: 20, height: 1, context: c)
        XCTAssertEqual(b.rowText(0), "[Checkout]          ")
        XCTAssertEqual(r.truncations.map(\.text), ["Continue shopping"])
        XCTAssertEqual(r.truncations[0].needed, 19)
        XCTAssertEqual(r.truncations[0].given, 9)
        XCTAssertEqual(r.truncations[0].marks, [])
    }

    func test_aParagraphCutBelowItsArea_isReportedInRows() {
        let (c, r) = recording(.ltr)
        _ = Paragraph("one two three four five six").rendered(width: 9, height: 2, context: c)
        XCTAssertEqual(r.truncations.count, 1)
        XCTAssertEqual(r.truncations[0].unit, .rows)
        // "one two" / "three" / "four five" / "six"
        XCTAssertEqual(r.truncations[0].needed, 4)
        XCTAssertEqual(r.truncations[0].given, 2)
        XCTAssertEqual(r.truncations[0].measure, "needs 4 rows, has 2")
    }

    /// Through a screen: each text names its node's position and its key; the title has no node.
    func test_screenTexts_nameFileLineColumnAndKey() throws {
        let yaml = """
            screen: s
            title: title
            root:
              type: vstack
              children:
                - {type: label, size: 1, text: long}
                - type: list
                  items: [short, longer]
            """
        let screen = try ScreenFile.parse(yaml: yaml, path: "dir/s.yaml")
        let catalog = Catalog(path: "en.po", format: .po, locale: "en", entries: [
            CatalogEntry(key: "title", translation: "A title far too long for the frame"),
            CatalogEntry(key: "long", translation: "A label that is much wider than the screen"),
            CatalogEntry(key: "short", translation: "Fits"),
            CatalogEntry(key: "longer", translation: "An item that does not fit at all"),
        ])
        var b = Buffer(width: 20, height: 6)
        let cuts = ScreenRenderer(catalogs: [catalog], locale: "en").render(screen, into: &b, area: b.area, context: ctx(.ltr))
        XCTAssertEqual(cuts.map(\.description), [
            "dir/s.yaml: warning: truncated \"title\": needs 34 cells, has 15",
            "dir/s.yaml:6:7: warning: truncated \"long\": needs 42 cells, has 18",
            "dir/s.yaml:7:7: warning: truncated \"longer\": needs 32 cells, has 18",
        ], "in file order")
        // Literal text has no key: the report quotes the text.
        let literal = Truncation(text: "git push --force-with-lease origin main", key: nil,
                                 origin: TextOrigin(file: "a.yaml", line: 3, column: 5), needed: 39, given: 10, unit: .cells)
        XCTAssertEqual(literal.description, "a.yaml:3:5: warning: truncated text \"git push --force-with-lease origin main\": needs 39 cells, has 10")
    }

    /// The same text cut in two drawings (both directions) is one record with both marks.
    func test_oneRecordPerText() {
        let (c, r) = recording(.ltr)
        var b = Buffer(width: 20, height: 2)
        Label("Hello wonderful world").render(Rect(x: 0, y: 0, width: 8, height: 1), into: &b, context: c)
        Label("Hello wonderful world").render(Rect(x: 0, y: 1, width: 8, height: 1), into: &b, context: c.with(direction: .rtl))
        XCTAssertEqual(r.truncations.count, 1)
        XCTAssertEqual(r.truncations[0].marks.count, 2)
        XCTAssertEqual(r.marks.count, 2)
    }

    /// A text far longer than its area (a whole file pasted into a string) is laid out only as
    /// far as needed: the rows and the cut line drawn are those of the whole text, and what it
    /// needs is reported within 2%.
    func test_longText_drawsAsTheWholeText_andEstimatesWhatItNeeds() {
        let unit = "سلام دنیا hello 123 "
        let long = String(repeating: unit, count: 3000)   // 60 000 scalars
        for dir in LayoutDirection.allCases {
            let (c, r) = recording(dir)
            var fast = Buffer(width: 30, height: 4)
            Paragraph(long).render(fast.area, into: &fast, context: c)
            let whole = Paragraph(long).lines(width: 30, context: c)
            var slow = Buffer(width: 30, height: 4)
            for (i, item) in whole.prefix(4).enumerated() {
                let row = Rect(x: 0, y: i, width: 30, height: 1)
                slow.drawLine(item.line, x: Mirroring(item.align).x(aligning: item.line.width, in: row, .leading), y: i, style: c.style(\.text))
            }
            XCTAssertEqual(fast.rows, slow.rows, "\(dir)")
            let rows = r.truncations.first { $0.unit == .rows }
            XCTAssertEqual(Double(rows?.needed ?? 0), Double(whole.count), accuracy: Double(whole.count) / 50)

            let (lc, lr) = recording(dir)
            var label = Buffer(width: 40, height: 1)
            Label(long).render(label.area, into: &label, context: lc)
            var short = Buffer(width: 40, height: 1)
            Label(String(long.prefix(500))).render(short.area, into: &short, context: ctx(dir))
            XCTAssertEqual(label.rows, short.rows, "\(dir): the same cut line")
            XCTAssertEqual(Double(lr.truncations.first?.needed ?? 0), Double(c.width(of: long)), accuracy: Double(c.width(of: long)) / 50)
        }
    }
}
