// libFuzzer target: arbitrary program output through the path of `rtl-tui run`: VTermEmulator
// (libvterm), then RowBidi over every row of the screen and every line scrolled off (R23–R26),
// then the terminal guard (R22).
//
// The first four bytes choose the screen's size, RowBidi's options and where the output is cut in
// two (output cut off mid-sequence, as a pty read can be); the rest is fed to the emulator in those
// pieces, with a resize between them when a bit says so. Then, for each row:
// - the emulator's row has exactly `columns` cells, widths 0 (right half), 1 or 2, and every wide
//   cell is followed by its right half;
// - RowBidi's row has as many cells, its column mappings are permutations of the row's columns and
//   inverse of each other, box-drawing and block cells stay where they were (R23), the caret's
//   column is on the row (R26);
// - no symbol drawn, title or scrolled line holds a control character after
//   `Sanitizer.terminalSafe` (R22).
import BidiTerm
import BidiTermTerminal

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard bytes.count >= 4 else { return 0 }
    let rows = 1 + Int(bytes[0] % 30)
    let columns = max(VTermEmulator.minColumns, 1 + Int(bytes[1] % 120))
    let flags = bytes[2]
    var options = RowBidi.Options()
    options.gap = Int(flags & 3)
    options.cutAtBackground = flags & 4 == 0
    options.direction = flags & 8 != 0 ? (flags & 16 != 0 ? .rtl : .ltr) : nil
    var bidi = RowBidi(options: options)
    let body = Array(bytes[4...])
    let cut = body.isEmpty ? 0 : Int(bytes[3]) % (body.count + 1)

    let emulator = VTermEmulator(rows: rows, columns: columns)
    emulator.feed(Array(body[..<cut]))
    if flags & 32 != 0 {
        emulator.resize(rows: max(1, rows / 2 + 1), columns: max(VTermEmulator.minColumns, columns + 7))
    }
    emulator.feed(Array(body[cut...]))
    _ = emulator.takeOutput()
    _ = emulator.takeClipboardWrites()
    if let title = emulator.takeTitleChange() { checkSafe(title, "title") }

    for line in emulator.takeScrolledOff() { check(line, width: nil, bidi: &bidi, "scrolled line") }
    for y in 0..<emulator.rows { check(emulator.row(y), width: emulator.columns, bidi: &bidi, "row \(y)") }
    _ = emulator.takeDamagedRows()
    let c = emulator.cursor
    if c.x < 0 || c.y < 0 || c.y >= emulator.rows || c.x > emulator.columns { fatalError("cursor off the screen: \(c)") }
    return 0
}

/// A row's invariants before and after RowBidi (see the file's comment).
private func check(_ row: [Cell], width: Int?, bidi: inout RowBidi, _ what: String) {
    if let width, row.count != width { fatalError("\(what): \(row.count) cells on a screen \(width) wide") }
    for (x, cell) in row.enumerated() {
        if cell.width > 2 { fatalError("\(what): cell \(x) is \(cell.width) wide") }
        if cell.width == 2, x + 1 < row.count, !row[x + 1].isContinuation {
            fatalError("\(what): wide cell \(x) without its right half")
        }
    }
    guard let layout = bidi.layout(row) else {
        for cell in row { checkSafe(cell.symbol, what) }
        return
    }
    let n = row.count
    if layout.cells.count != n { fatalError("\(what): RowBidi made \(layout.cells.count) cells of \(n)") }
    var seen = [Bool](repeating: false, count: n)
    for x in 0..<n {
        let v = layout.visualColumn(ofLogical: x)
        if v < 0 || v >= n || seen[v] { fatalError("\(what): the visual mapping is not a permutation at \(x) -> \(v)") }
        seen[v] = true
        if layout.logicalColumn(ofVisual: v) != x { fatalError("\(what): mappings not inverse at \(x) -> \(v)") }
        let caret = layout.caretColumn(logical: x)
        if caret < 0 || caret >= n { fatalError("\(what): caret column \(caret) off the row for \(x)") }
        if let s = row[x].symbol.unicodeScalars.first, (0x2500...0x259F).contains(s.value), layout.cells[x] != row[x] {
            fatalError("\(what): box cell \(x) moved")
        }
    }
    for cell in layout.cells { checkSafe(cell.symbol, what) }
}

/// No C0, DEL or C1 control in `text` once guarded (R22).
private func checkSafe(_ text: String, _ what: String) {
    for s in Sanitizer.terminalSafe(text).unicodeScalars where s.value < 0x20 || (0x7F...0x9F).contains(s.value) {
        fatalError("\(what): control U+\(String(s.value, radix: 16)) survives the terminal guard in \(text.debugDescription)")
    }
}
