import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport
import XCTest
@testable import BidiTerm

/// `BufferExport.svg`: the structure of the document (well-formed XML, one text element per style
/// run, every cell at its column, no bidi in the viewer), and the picture a converter draws from
/// it compared with the buffer cell by cell.
final class SVGExportTests: XCTestCase {
    /// Elements and their attributes, in document order, and the text of each `tspan`.
    final class Reader: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        var tspanTexts: [String] = []
        var inTspan = false

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            elements.append((name, attributes))
            if name == "tspan" { inTspan = true; tspanTexts.append("") }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "tspan" { inTspan = false }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inTspan { tspanTexts[tspanTexts.count - 1] += string }
        }
    }

    func parse(_ svg: String, file: StaticString = #filePath, line: UInt = #line) throws -> Reader {
        let parser = XMLParser(data: Data(svg.utf8))
        let reader = Reader()
        parser.delegate = reader
        XCTAssertTrue(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))", file: file, line: line)
        return reader
    }

    /// Two rows: "ab" plain then "cd" bold on the first; an RTL word, a wide glyph and hostile
    /// text on the second.
    func sample() -> Buffer {
        var b = Buffer(width: 12, height: 2)
        let bold = Style(fg: .green, attributes: .bold)
        b.set(x: 0, y: 0, Cell("a"))
        b.set(x: 1, y: 0, Cell("b"))
        b.set(x: 2, y: 0, Cell("c", style: bold))
        b.set(x: 3, y: 0, Cell("d", style: bold))
        b.set(x: 5, y: 0, Cell("<", style: Style(bg: .blue)))
        b.set(x: 6, y: 0, Cell("&", style: Style(bg: .blue)))
        let line = BidiEngine().layout("שלום 界", direction: .rtl).lines[0]
        b.drawLine(line, x: 0, y: 1, style: .plain)
        b.set(x: 8, y: 1, Cell("\u{1B}[2J"))
        return b
    }

    func test_wellFormed_sizedByCells_oneTextPerStyleRun_eachGlyphAtItsColumn() throws {
        let svg = BufferExport.svg(sample(), title: "t <&> \u{7}")
        let r = try parse(svg)
        let root = try XCTUnwrap(r.elements.first)
        XCTAssertEqual(root.name, "svg")
        XCTAssertEqual(root.attributes["width"], "120")
        XCTAssertEqual(root.attributes["height"], "36")
        let texts = r.elements.filter { $0.name == "text" }
        // Row 0: "ab" (plain), "cd" (bold green), "<&" (blue background); row 1: one plain run.
        XCTAssertEqual(texts.count, 4)
        XCTAssertEqual(texts.map { $0.attributes["y"] }, ["14", "14", "14", "32"])
        XCTAssertEqual(texts[1].attributes["class"], "b")
        XCTAssertEqual(texts[1].attributes["fill"], "#00ff00", "bold green drawn bright, as xterm does")
        for t in texts {
            XCTAssertEqual(t.attributes["direction"], "ltr")
            XCTAssertEqual(t.attributes["unicode-bidi"], "bidi-override")
        }
        XCTAssertTrue(svg.contains("direction: ltr; unicode-bidi: bidi-override;"))
        // Every visible cell is a tspan at its own column, in visual order; blanks are left out.
        let xs = r.elements.filter { $0.name == "tspan" }.map { $0.attributes["x"] ?? "" }
        // (A cell a caller filled with an escape sequence is one cell, made visible, R22.)
        XCTAssertEqual(r.tspanTexts, ["a", "b", "c", "d", "<", "&", "界", "ם", "ו", "ל", "ש", "␛[2J"])
        XCTAssertEqual(xs, ["0", "10", "20", "30", "50", "60", "0", "30", "40", "50", "60", "80"])
        // The background of the blue run (cells 5–6), 2 units into the blank cells beside it so a
        // bold glyph's ink at its edge stays on blue, and no raw control anywhere (R22).
        let blue = r.elements.filter { $0.name == "rect" && $0.attributes["fill"] == "#0000ee" }
        XCTAssertEqual(blue.map { [$0.attributes["x"], $0.attributes["width"]] }, [["48", "24"]])
        XCTAssertFalse(svg.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    /// Block elements and box-drawing lines are rectangles across their cell, not glyphs.
    func test_blocksAndBoxLines_areRectanglesEdgeToEdge() throws {
        var b = Buffer(width: 4, height: 1)
        b.set(x: 0, y: 0, Cell("█", style: Style(fg: .green)))
        b.set(x: 1, y: 0, Cell("▌", style: Style(fg: .green)))
        b.set(x: 2, y: 0, Cell("─"))
        b.set(x: 3, y: 0, Cell("┐"))
        let r = try parse(BufferExport.svg(b, title: "t"))
        XCTAssertEqual(r.tspanTexts, [], "no glyph drawn as text")
        let rects = r.elements.filter { $0.name == "rect" }.dropFirst().map {
            [$0.attributes["x"]!, $0.attributes["y"]!, $0.attributes["width"]!, $0.attributes["height"]!, $0.attributes["fill"]!]
        }
        XCTAssertEqual(rects, [
            ["0", "0", "10", "18", "#00cd00"],          // █ fills its cell
            ["10", "0", "5", "18", "#00cd00"],          // ▌ its left half
            ["20", "8.5", "5.5", "1", "#ffffff"],       // ─ from edge to edge, through the centre
            ["24.5", "8.5", "5.5", "1", "#ffffff"],
            ["30", "8.5", "5.5", "1", "#ffffff"],       // ┐ from the left edge to the centre, then down
            ["34.5", "8.5", "1", "9.5", "#ffffff"],
        ])
    }

    /// A screen of the demo in Arabic, converted to PNG by rsvg-convert (or ImageMagick): the
    /// picture is the buffer's size, every cell that is not blank has ink in its own box, blank
    /// cells away from any glyph have none, and backgrounds have their colour.
    func test_convertsToPNG_withInkExactlyInTheCellsTheBufferFills() throws {
        let screen = try ScreenFile.load(path: Repository.demoScreens + "/settings.yaml")
        let catalog = try CatalogLoader.load(path: Repository.demoCatalogs + "/ar.po")
        let buffer = ScreenRenderer(catalogs: [catalog], locale: "ar").render(screen, width: 60, height: 18)
        let options = BufferExport.SVGOptions()
        let svg = BufferExport.svg(buffer, title: "settings — ar")
        let png = try SVGConverter.png(svg)
        let image = try PNGImage(data: png)
        XCTAssertEqual(image.width, 60 * options.cellWidth)
        XCTAssertEqual(image.height, 18 * options.cellHeight)

        func hex(_ s: String) -> (Int, Int, Int) {
            let v = Int(s.dropFirst(), radix: 16)!
            return (v >> 16, (v >> 8) & 255, v & 255)
        }
        func background(_ c: Cell) -> (Int, Int, Int) { hex(BufferExport.colors(c.style, options).bg) }
        /// Pixels in the box of cell (x, y), shrunk by `inset`, that differ from the cell's background.
        func ink(_ x: Int, _ y: Int, inset: Int) -> Int {
            let bg = background(buffer[x, y]!)
            var n = 0
            for py in (y * options.cellHeight + inset)..<((y + 1) * options.cellHeight - inset) {
                for px in (x * options.cellWidth + inset / 2)..<((x + 1) * options.cellWidth - inset / 2) {
                    let p = image.pixel(px, py)
                    if abs(Int(p.r) - bg.0) + abs(Int(p.g) - bg.1) + abs(Int(p.b) - bg.2) > 90 { n += 1 }
                }
            }
            return n
        }
        func isBlank(_ x: Int, _ y: Int) -> Bool {
            guard let c = buffer[x, y] else { return true }
            return !c.isContinuation && c.symbol.allSatisfy { $0 == " " }
        }
        var inked = 0, checkedBlank = 0
        for y in 0..<buffer.area.height {
            for x in 0..<buffer.area.width {
                let c = buffer[x, y]!
                if c.isContinuation { continue }
                if !isBlank(x, y) {
                    XCTAssertGreaterThan(ink(x, y, inset: 0), 0, "no ink for \(c.symbol) at \(x),\(y)")
                    inked += 1
                } else if (-1...1).allSatisfy({ dy in (-1...1).allSatisfy { dx in isBlank(x + dx, y + dy) } }) {
                    XCTAssertEqual(ink(x, y, inset: 4), 0, "ink in the blank cell \(x),\(y)")
                    checkedBlank += 1
                }
                // A background colour fills its cell: the centre pixel has it (or text over it).
                if c.style.bg != .default, isBlank(x, y) {
                    let p = image.pixel(x * options.cellWidth + options.cellWidth / 2, y * options.cellHeight + options.cellHeight / 2)
                    let bg = background(c)
                    XCTAssertLessThan(abs(Int(p.r) - bg.0) + abs(Int(p.g) - bg.1) + abs(Int(p.b) - bg.2), 30, "background at \(x),\(y)")
                }
            }
        }
        XCTAssertGreaterThan(inked, 300)
        XCTAssertGreaterThan(checkedBlank, 100)
    }
}

/// Converts SVG to PNG with the first converter installed: `rsvg-convert` (Debian's
/// librsvg2-bin, which `Scripts/install-deps.sh --test` installs), else ImageMagick.
enum SVGConverter {
    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "no SVG converter: install rsvg-convert (apt-get install librsvg2-bin, as Scripts/install-deps.sh --test does) or ImageMagick"
        }
    }

    static func find(_ name: String) -> String? {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        return dirs.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func png(_ svg: String) throws -> Data {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.svg"), output = dir.appendingPathComponent("out.png")
        try Data(svg.utf8).write(to: input)
        let p = Process()
        if let rsvg = find("rsvg-convert") {
            p.executableURL = URL(fileURLWithPath: rsvg)
            p.arguments = [input.path, "-o", output.path]
        } else if let magick = find("magick") ?? find("convert") {
            p.executableURL = URL(fileURLWithPath: magick)
            p.arguments = [input.path, output.path]
        } else {
            throw Missing()
        }
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw PNGImage.DecodeError("\(p.executableURL!.path) exited with status \(p.terminationStatus)")
        }
        return try Data(contentsOf: output)
    }
}
