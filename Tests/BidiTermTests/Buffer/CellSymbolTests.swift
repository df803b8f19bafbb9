import XCTest
@testable import BidiTerm

/// `CellSymbol`: a cell's symbol held as plain data (inline UTF-8, or a shared table entry for
/// long graphemes), so that `Cell` copies without reference counting.
final class CellSymbolTests: XCTestCase {
    let samples = ["", " ", "a", "~", "ש", "ب", "ﻼ", "é", "e\u{301}", "בּ", "中", "😀", "🇮🇱",
                   "\u{FFFD}", "لَّ", "123456789012345", "1234567890123456",
                   "👨‍👩‍👧‍👦", "a\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}"]

    func test_everyText_comesBackAsItWent_shortInlineAndLongFromTheTable() {
        for s in samples {
            let symbol = CellSymbol(s)
            XCTAssertEqual(symbol.string, s)
            XCTAssertEqual(Array(symbol.string.utf8), Array(s.utf8), "bytes of \(s.debugDescription)")
            XCTAssertEqual(symbol.utf8Count, s.utf8.count)
            XCTAssertEqual(symbol.withUTF8 { Array($0) }, Array(s.utf8))
            XCTAssertEqual(symbol.isLong, s.utf8.count > 15, s.debugDescription)
            XCTAssertEqual(symbol.isEmpty, s.isEmpty)
            XCTAssertEqual(symbol.isSpace, s == " ")
            XCTAssertEqual(symbol.firstByte, s.utf8.first ?? 0)
            var scalars: [UInt32] = []
            symbol.forEachScalar { scalars.append($0) }
            XCTAssertEqual(scalars, s.unicodeScalars.map(\.value), s.debugDescription)
            let one = s.unicodeScalars.count == 1 ? s.unicodeScalars.first!.value : nil
            XCTAssertEqual(symbol.singleScalar, one, s.debugDescription)
            XCTAssertEqual(symbol.firstScalar, s.unicodeScalars.first?.value, s.debugDescription)
        }
    }

    func test_equalTexts_areEqualSymbols_andDifferentOnesDiffer() {
        for a in samples {
            for b in samples {
                let same = Array(a.utf8) == Array(b.utf8)
                XCTAssertEqual(CellSymbol(a) == CellSymbol(b), same, "\(a.debugDescription) \(b.debugDescription)")
                if same { XCTAssertEqual(CellSymbol(a).hashValue, CellSymbol(b).hashValue) }
            }
        }
        // A long text is one table entry: built twice, the same symbol.
        XCTAssertEqual(CellSymbol("👨‍👩‍👧‍👦"), CellSymbol(String("👨‍👩‍👧‍👦".unicodeScalars.map(Character.init))))
        // Bytes, not canonical equivalence: the terminal is sent different bytes.
        XCTAssertNotEqual(Cell("é"), Cell("e\u{301}"))
        XCTAssertEqual(Cell("é"), Cell("é"))
    }

    func test_scalarInit_isTheTextsSymbol_forEveryUTF8Length() {
        for v: UInt32 in [0x20, 0x41, 0x7E, 0xA0, 0x5D0, 0x627, 0x7FF, 0x800, 0x2500, 0xFEFC, 0xFFFD, 0x10000, 0x1F600, 0x10FFFF] {
            let s = String(Unicode.Scalar(v)!)
            XCTAssertEqual(CellSymbol(scalar: v), CellSymbol(s), String(v, radix: 16))
            XCTAssertEqual(CellSymbol(scalar: v).string, s)
            XCTAssertEqual(CellSymbol(scalar: v).singleScalar, v)
        }
    }

    func test_cell_symbolProperty_readsAndWritesTheText() {
        var cell = Cell("ש", width: 1)
        XCTAssertEqual(cell.symbol, "ש")
        cell.symbol = "👨‍👩‍👧‍👦"
        XCTAssertEqual(cell.symbol, "👨‍👩‍👧‍👦")
        cell.symbol += "x"
        XCTAssertEqual(cell.symbol, "👨‍👩‍👧‍👦x")
        XCTAssertEqual(Cell.continuation(style: .plain).symbol, "")
        XCTAssertEqual(Cell.blank.symbol, " ")
        XCTAssertTrue(_isPOD(Cell.self), "a cell is plain data: rows copy without reference counting")
    }
}
