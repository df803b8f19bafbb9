extension BufferExport {
    /// The metrics and default colours of an SVG export.
    public struct SVGOptions: Sendable, Hashable {
        /// The width of one cell, in SVG user units (pixels).
        public var cellWidth: Int = 10
        /// The height of one row.
        public var cellHeight: Int = 18
        /// The font size; a monospace font's advance at 16 is about 9.6, under the cell width.
        public var fontSize: Int = 16
        /// The baseline's distance from the top of its row.
        public var baseline: Int = 14
        /// What the cells' colours look like: the default colours, the 256-colour palette, bold and
        /// faint as xterm draws them (`TerminalPalette.colors(of:)`). White on black by default;
        /// `TerminalPalette.xtermLight` for a light theme.
        public var palette: TerminalPalette = .xtermDark
        /// The font stack: monospace faces first, then faces with Arabic, Hebrew and symbols for
        /// the glyphs the monospace ones lack (a viewer falls back glyph by glyph).
        public var fontFamily: String = "'DejaVu Sans Mono', 'Noto Sans Mono', 'Liberation Mono', Menlo, Consolas, "
            + "'Noto Sans Arabic', 'Noto Naskh Arabic', 'DejaVu Sans', 'Noto Sans Hebrew', 'Noto Sans Symbols 2', "
            + "'Noto Sans Symbols', Symbola, 'Noto Color Emoji', monospace"

        /// The default options.
        public init() {}
    }

    /// A self-contained SVG picture of the buffer's cell grid, as a terminal shows it.
    ///
    /// - Each row's cells are grouped into runs of one style; each run with something to draw is
    ///   one `<text>` element, and inside it every cell's grapheme is a `<tspan>` at its own column
    ///   (`x` = column × cell width), so nothing reflows whatever the viewer's fonts: a wide cell
    ///   starts at its column and the next cell at the next one. Blank cells are left out.
    /// - The text is already in visual order, so every text runs `direction: ltr;
    ///   unicode-bidi: bidi-override` (as an attribute and in the style sheet): the viewer draws it
    ///   as given and does not run bidi again (R21's rule, for viewers).
    /// - Backgrounds are rectangles per run of one background colour, underlines are rectangles
    ///   under their cells, and so are block elements (`█ ▌ ▐` and the eighths) and box-drawing
    ///   lines, which fill or cross their cells edge to edge as terminals draw them (a font's glyphs
    ///   would leave gaps between cells). Colours are those `options.palette` gives the cells'
    ///   styles, as xterm draws them (bold colours 0–7 brightened, faint ink darkened, reverse video
    ///   swapping the two); bold and italic are font weight and font style.
    /// - Every symbol goes through `Sanitizer.terminalSafe` (R22) and is escaped for XML; the
    ///   document needs no font, stylesheet or image beside it.
    ///
    ///     import BidiTerm
    ///     import Foundation
    ///
    ///     let buffer = Label("הגדרות").rendered(width: 12, height: 1, context: RenderContext(locale: "he"))
    ///     let svg = BufferExport.svg(buffer, title: "settings — ar, rtl")
    ///     try svg.write(toFile: "settings.svg", atomically: true, encoding: .utf8)
    public static func svg(_ buffer: Buffer, title: String, options: SVGOptions = SVGOptions()) -> String {
        let cw = options.cellWidth, ch = options.cellHeight
        let width = buffer.area.width * cw, height = buffer.area.height * ch
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)">
            <title>\(xml(Sanitizer.visible(title)))</title>
            <style>
            text { font-family: \(options.fontFamily); font-size: \(options.fontSize)px; white-space: pre; \
            direction: ltr; unicode-bidi: bidi-override; }
            .b { font-weight: bold; } .i { font-style: italic; }
            </style>
            <rect width="\(width)" height="\(height)" fill="\(hex(options.palette.background))"/>

            """
        for y in buffer.area.minY..<buffer.area.maxY {
            let top = (y - buffer.area.minY) * ch
            let runs = styleRuns(buffer, row: y)
            // Backgrounds first, so that no text is painted over. A coloured run next to a blank
            // cell of the page's colour reaches 2 units into it, so the ink of a bold glyph at the
            // run's edge (wider than its cell in most fonts) stays on the run's colour instead of
            // vanishing into the page: a terminal clips it at the cell; a picture need not.
            func blankPage(_ x: Int) -> Bool {
                guard let c = buffer[x, y], c.symbol == " " else { return false }
                return colors(c.style, options).bg == hex(options.palette.background)
            }
            for run in runs {
                let (_, bg) = colors(run.style, options)
                guard bg != hex(options.palette.background) else { continue }
                let x0 = buffer.area.minX + run.start
                let left = blankPage(x0 - 1) ? 2 : 0, right = blankPage(x0 + run.count) ? 2 : 0
                out += "<rect x=\"\(run.start * cw - left)\" y=\"\(top)\" width=\"\(run.count * cw + left + right)\" height=\"\(ch)\" fill=\"\(bg)\"/>\n"
            }
            for run in runs {
                let (fg, _) = colors(run.style, options)
                let a = run.style.attributes
                if a.contains(.underline) {
                    out += "<rect x=\"\(run.start * cw)\" y=\"\(top + options.baseline + 2)\" width=\"\(run.count * cw)\" height=\"1\" fill=\"\(fg)\"/>\n"
                }
                var glyphs: [(column: Int, symbol: String)] = []
                for cell in run.cells where !cell.symbol.allSatisfy({ $0 == " " }) {
                    // Block elements and box-drawing lines are drawn as rectangles that fill or
                    // cross their cell edge to edge, as terminals draw them, so bars and frames
                    // have no gaps whatever the font.
                    if let shapes = cellShapes(cell.symbol) {
                        for r in shapes {
                            let x = Double(cell.column * cw) + r.x * Double(cw), yy = Double(top) + r.y * Double(ch)
                            out += "<rect x=\"\(number(x))\" y=\"\(number(yy))\" width=\"\(number(r.width * Double(cw)))\" "
                                + "height=\"\(number(r.height * Double(ch)))\" fill=\"\(fg)\"/>\n"
                        }
                    } else {
                        glyphs.append(cell)
                    }
                }
                guard !glyphs.isEmpty else { continue }
                var classes: [String] = []
                if a.contains(.bold) { classes.append("b") }
                if a.contains(.italic) { classes.append("i") }
                out += "<text y=\"\(top + options.baseline)\" fill=\"\(fg)\" direction=\"ltr\" unicode-bidi=\"bidi-override\""
                    + (classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\"") + ">"
                for g in glyphs {
                    out += "<tspan x=\"\(g.column * cw)\">\(xml(Sanitizer.terminalSafe(g.symbol)))</tspan>"
                }
                out += "</text>\n"
            }
        }
        out += "</svg>\n"
        return out
    }

    /// A rectangle in a cell, in fractions of the cell's width and height.
    struct CellRect {
        var x: Double, y: Double, width: Double, height: Double
    }

    /// The rectangles that draw `symbol` when it is a block element (`█`, `▌`, `▐`, the eighths)
    /// or a light or heavy box-drawing line (`─ │ ┌ ┐ └ ┘ ├ ┤ ┬ ┴ ┼ ╭ ╮ ╯ ╰ ━ ┃`); nil for any
    /// other symbol, which is drawn as text.
    static func cellShapes(_ symbol: String) -> [CellRect]? {
        guard symbol.unicodeScalars.count == 1, let v = symbol.unicodeScalars.first?.value else { return nil }
        switch v {
        case 0x2588: return [CellRect(x: 0, y: 0, width: 1, height: 1)]
        case 0x2589...0x258F:   // ▉ … ▏: the left 7/8 … 1/8
            return [CellRect(x: 0, y: 0, width: Double(0x2590 - v) / 8, height: 1)]
        case 0x2590: return [CellRect(x: 0.5, y: 0, width: 0.5, height: 1)]
        case 0x2595: return [CellRect(x: 7.0 / 8, y: 0, width: 1.0 / 8, height: 1)]
        case 0x2580: return [CellRect(x: 0, y: 0, width: 1, height: 0.5)]
        case 0x2594: return [CellRect(x: 0, y: 0, width: 1, height: 1.0 / 8)]
        case 0x2581...0x2587:   // ▁ … ▇: the lower 1/8 … 7/8
            let h = Double(v - 0x2580) / 8
            return [CellRect(x: 0, y: 1 - h, width: 1, height: h)]
        default: break
        }
        // Box drawing: which half-lines leave the centre (left, right, up, down), and how thick.
        let arms: (l: Bool, r: Bool, u: Bool, d: Bool, heavy: Bool)
        switch symbol {
        case "─": arms = (true, true, false, false, false)
        case "━": arms = (true, true, false, false, true)
        case "│": arms = (false, false, true, true, false)
        case "┃": arms = (false, false, true, true, true)
        case "┌", "╭": arms = (false, true, false, true, false)
        case "┐", "╮": arms = (true, false, false, true, false)
        case "└", "╰": arms = (false, true, true, false, false)
        case "┘", "╯": arms = (true, false, true, false, false)
        case "├": arms = (false, true, true, true, false)
        case "┤": arms = (true, false, true, true, false)
        case "┬": arms = (true, true, false, true, false)
        case "┴": arms = (true, true, true, false, false)
        case "┼": arms = (true, true, true, true, false)
        default: return nil
        }
        // A light line is a tenth of the cell wide (one pixel at the default size), a heavy one a fifth.
        let tx = arms.heavy ? 0.2 : 0.1, ty = arms.heavy ? 2.0 / 18 : 1.0 / 18
        let cx = 0.5 - tx / 2, cy = 0.5 - ty / 2
        var out: [CellRect] = []
        if arms.l { out.append(CellRect(x: 0, y: cy, width: cx + tx, height: ty)) }
        if arms.r { out.append(CellRect(x: cx, y: cy, width: 1 - cx, height: ty)) }
        if arms.u { out.append(CellRect(x: cx, y: 0, width: tx, height: cy + ty)) }
        if arms.d { out.append(CellRect(x: cx, y: cy, width: tx, height: 1 - cy)) }
        return out
    }

    /// `x` for an SVG attribute: a whole number without a fraction, else two decimals at most.
    static func number(_ x: Double) -> String {
        let r = (x * 100).rounded() / 100
        if r == r.rounded() { return String(Int(r)) }
        var s = String(r)
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }

    /// A run of cells of one style on one row: its first column (from the buffer's left edge), its
    /// width in columns (continuation cells included), and its visible cells with their columns.
    struct StyleRun {
        var style: Style
        var start: Int
        var count: Int
        var cells: [(column: Int, symbol: String)]
    }

    /// The style runs of row `y`, left to right. A continuation cell belongs to its wide cell's run.
    static func styleRuns(_ buffer: Buffer, row y: Int) -> [StyleRun] {
        var runs: [StyleRun] = []
        for x in buffer.area.minX..<buffer.area.maxX {
            guard let c = buffer[x, y] else { continue }
            let column = x - buffer.area.minX
            if c.isContinuation, var last = runs.popLast() {
                last.count += 1
                runs.append(last)
                continue
            }
            if var last = runs.last, last.style == c.style {
                last.count += 1
                if !c.isContinuation { last.cells.append((column, c.symbol)) }
                runs[runs.count - 1] = last
            } else {
                runs.append(StyleRun(style: c.style, start: column, count: 1, cells: c.isContinuation ? [] : [(column, c.symbol)]))
            }
        }
        return runs
    }

    /// The glyph and background colours of `style` as `#rrggbb`, as the palette draws them.
    static func colors(_ style: Style, _ options: SVGOptions) -> (fg: String, bg: String) {
        let c = options.palette.colors(of: style)
        return (hex(c.ink), hex(c.paper))
    }

    /// `#rrggbb`.
    static func hex(_ c: RGB) -> String { c.description.lowercased() }

    /// `s` escaped for XML text and attributes (`BufferExport.escape`); a scalar XML 1.0 does not
    /// allow becomes U+FFFD.
    static func xml(_ s: String) -> String {
        func allowed(_ v: UInt32) -> Bool {
            v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v) || v >= 0x10000
        }
        return escape(String(String.UnicodeScalarView(s.unicodeScalars.map { allowed($0.value) ? $0 : "\u{FFFD}" })))
    }
}
