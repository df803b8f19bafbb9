// libFuzzer target: arbitrary bytes through the text engine (what `rtl-tui render` and
// `rtl-tui inspect` do with a paragraph), checking the engine's invariants on every input.
//
// Input layout: byte 0 picks the width (1…200) and the alignment, byte 1 the direction, options
// and ANSI marks, byte 2 the tab size and numerals; the rest, decoded as UTF-8 (invalid sequences
// become U+FFFD, as the CLI does), is the paragraph. An invariant that does not hold aborts with a
// message, which libFuzzer records as a crash with its input.
import BidiTerm
#if canImport(Glibc)
import Glibc
#endif

/// One engine for the whole run, as the CLI keeps one per process: its scratch buffers are
/// reused from one input to the next, so state leaking between calls is exercised too.
nonisolated(unsafe) let engine = BidiEngine()

@inline(never)
func fail(_ message: String, _ text: String) -> Never {
    let scalars = text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    let report = Array("engine invariant violated: \(message)\ninput scalars: \(scalars.joined(separator: " "))\n".utf8)
    _ = report.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}

@inline(__always)
func isRawControl(_ v: UInt32) -> Bool { v < 0x20 || (v >= 0x7F && v <= 0x9F) || v == 0x2028 || v == 0x2029 }

func checkLayout(_ text: String, direction: BaseDirection, width: Int?, options: LayoutOptions) {
    let scalarCount = text.unicodeScalars.count
    let p = engine.layout(text, direction: direction, width: width, options: options)
    let what = "layout(width: \(width.map(String.init) ?? "nil"), \(direction), \(options))"
    if p.scalarCount != scalarCount { fail("\(what): scalarCount \(p.scalarCount), text has \(scalarCount)", text) }
    switch direction {
    case .ltr: if p.direction != .ltr { fail("\(what): direction \(p.direction) for .ltr", text) }
    case .rtl: if p.direction != .rtl { fail("\(what): direction \(p.direction) for .rtl", text) }
    case .auto: break
    }
    if p.lines.isEmpty { fail("\(what): no line at all", text) }

    // Distinct logical ranges of all cells: each scalar in exactly one.
    var covered = [UInt8](repeating: 0, count: scalarCount)
    var expectedLineStart = 0
    for (li, line) in p.lines.enumerated() {
        // Lines partition the text in logical order (wrap first, then reorder: R5).
        if line.logicalRange.lowerBound != expectedLineStart {
            fail("\(what): line \(li) starts at scalar \(line.logicalRange.lowerBound), expected \(expectedLineStart)", text)
        }
        expectedLineStart = line.logicalRange.upperBound
        var sum = 0
        var seen = Set<Range<Int>>()
        for (ci, cell) in line.cells.enumerated() {
            if cell.width < 0 { fail("\(what): line \(li) cell \(ci) has width \(cell.width)", text) }
            sum += cell.width
            if cell.logical.lowerBound < line.logicalRange.lowerBound || cell.logical.upperBound > line.logicalRange.upperBound {
                fail("\(what): line \(li) cell \(ci) range \(cell.logical) outside the line's \(line.logicalRange)", text)
            }
            if seen.insert(cell.logical).inserted {
                for i in cell.logical { covered[i] &+= 1 }
            }
            guard cell.width > 0 else { continue }
            // What is drawn: no raw control character (R22), starts with a spacing glyph (a mark
            // first would join the cell before it), and takes on a terminal the width it claims.
            var terminalWidth = 0
            for (k, u) in cell.text.unicodeScalars.enumerated() {
                if isRawControl(u.value) {
                    fail("\(what): raw control U+\(String(u.value, radix: 16)) in line \(li) cell \(ci)", text)
                }
                let w = WidthTable.width(u)
                if w < 0 { fail("\(what): non-printable U+\(String(u.value, radix: 16)) drawn in line \(li) cell \(ci)", text) }
                if k == 0 && w == 0 {
                    fail("\(what): line \(li) cell \(ci) starts with zero-width U+\(String(u.value, radix: 16))", text)
                }
                terminalWidth += w
            }
            if terminalWidth != cell.width {
                fail("\(what): line \(li) cell \(ci) \(cell.text.debugDescription) claims width \(cell.width), draws \(terminalWidth)", text)
            }
        }
        if sum != line.width { fail("\(what): line \(li) width \(line.width) but its cells sum to \(sum)", text) }
        if let w = width, line.width > w { fail("\(what): line \(li) is \(line.width) cells wide", text) }
    }
    if expectedLineStart != scalarCount {
        fail("\(what): lines end at scalar \(expectedLineStart), text has \(scalarCount)", text)
    }
    if let i = covered.firstIndex(where: { $0 != 1 }) {
        fail("\(what): scalar \(i) is in \(covered[i]) distinct cell ranges", text)
    }

    // Caret mapping stays inside the layout for every logical offset and some columns (-1: the
    // end of RTL text whose last letter is in column 0).
    for o in stride(from: 0, through: scalarCount, by: max(1, scalarCount / 16)) {
        let (line, column) = p.caretPosition(logical: o)
        if line < 0 || line >= p.lines.count || column < -1 || column > p.lines[line].width {
            fail("\(what): caretPosition(\(o)) = (\(line), \(column)) outside the layout", text)
        }
    }
    for li in 0..<p.lines.count {
        for column in [-1, 0, p.lines[li].width / 2, p.lines[li].width, p.lines[li].width + 1] {
            let o = p.logicalOffset(line: li, column: column)
            if o < 0 || o > scalarCount { fail("\(what): logicalOffset(\(li), \(column)) = \(o)", text) }
        }
    }

    // `width(of:)` is what an unwrapped layout measures.
    if width == nil {
        let measured = engine.width(of: text, options: options)
        if measured != p.width { fail("\(what): width(of:) \(measured), unwrapped layout \(p.width)", text) }
    }
}

/// What `rtl-tui render` writes (the UTF-8 path: wrapped, padded, with SGR marks or not) is what
/// the cell path writes: `layout`, then `ParagraphLayout.write`. A second engine with tiny windows
/// and segments does the same.
nonisolated(unsafe) let tinyEngine: BidiEngine = {
    let e = BidiEngine()
    e.wrapWindow = 2
    e.shapingSegment = 3
    e.flushThreshold = 1
    return e
}()

func checkRender(_ text: String, direction: BaseDirection, options: LayoutOptions, format: LineFormat) {
    var cells: [UInt8] = []
    engine.layout(text, direction: direction, width: format.width, options: options).write(format, into: &cells)
    for e in [engine, tinyEngine] {
        var out: [UInt8] = []
        var flushed: [UInt8] = []
        var utf8 = Array(text.utf8)
        let ok = utf8.withUnsafeMutableBufferPointer {
            e.render(utf8: UnsafeBufferPointer($0), direction: direction, options: options, format: format, into: &out) { buffer in
                flushed += buffer
                buffer.removeAll()
            }
        }
        if !ok { fail("render(utf8:) refused valid UTF-8", text) }
        if flushed + out != cells {
            fail("render(utf8:, \(direction), \(options), \(format)) wrote \(String(decoding: flushed + out, as: UTF8.self).debugDescription), "
                 + "the cell path \(String(decoding: cells, as: UTF8.self).debugDescription)", text)
        }
    }
}

func checkAnalysis(_ text: String, direction: BaseDirection) {
    let scalars = Array(text.unicodeScalars)
    let a = engine.analyze(scalars, direction: direction)
    if a.scalars != scalars { fail("analyze: scalars differ from the input", text) }
    if a.levels.count != scalars.count { fail("analyze: \(a.levels.count) levels for \(scalars.count) scalars", text) }
    let kept = a.levels.indices.filter { a.levels[$0] != nil }
    if a.visualOrder.sorted() != kept {
        fail("analyze(\(direction)): visualOrder \(a.visualOrder) is not a permutation of the non-X9 indices \(kept)", text)
    }
    for m in a.mirrored {
        guard m >= 0, m < scalars.count, let level = a.levels[m], level & 1 == 1 else {
            fail("analyze(\(direction)): mirrored index \(m) is not at an odd level", text)
        }
    }
    for r in a.runs where r.range.lowerBound < 0 || r.range.upperBound > scalars.count || r.range.isEmpty {
        fail("analyze(\(direction)): run \(r.range) outside 0..<\(scalars.count)", text)
    }
    switch direction {
    case .ltr: if a.paragraphLevel != 0 { fail("analyze(.ltr): paragraph level \(a.paragraphLevel)", text) }
    case .rtl: if a.paragraphLevel != 1 { fail("analyze(.rtl): paragraph level \(a.paragraphLevel)", text) }
    case .auto: if a.paragraphLevel > 1 { fail("analyze(auto): paragraph level \(a.paragraphLevel)", text) }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    func byte(_ i: Int) -> UInt8 { i < count ? bytes[i] : 0 }
    let (b0, b1, b2) = (byte(0), byte(1), byte(2))
    let text = count > 3 ? String(decoding: bytes[3...], as: UTF8.self) : ""

    let width: Int? = b1 & 0x40 != 0 ? nil : 1 + Int(b0) % 200
    let directions: [BaseDirection] = [.ltr, .rtl, .auto(fallback: .ltr), .auto(fallback: .rtl)]
    let direction = directions[Int(b1 & 3)]
    let numerals: [NumeralSystem?] = [nil, .latn, .arab, .arabext]
    let options = LayoutOptions(shaping: b1 & 4 != 0, mirroring: b1 & 8 != 0, reordering: b1 & 0x10 == 0,
                                numerals: numerals[Int(b2 >> 4) % 4], tabSize: 1 + Int(b2 & 0x0F),
                                revealControls: b1 & 0x20 != 0)

    checkLayout(text, direction: direction, width: width, options: options)
    let alignments: [HorizontalAlignment] = [.leading, .trailing, .left, .right, .center]
    checkRender(text, direction: direction, options: options,
                format: LineFormat(width: width, alignment: alignments[Int(b0 >> 5) % 5], marks: b1 & 0x80 != 0))
    // What `inspect` does with the same paragraph: the faithful analysis and one unwrapped line.
    checkAnalysis(text, direction: direction)
    checkLayout(text, direction: direction, width: nil, options: LayoutOptions())
    return 0
}
