import BidiTerm
import Foundation
import TestSupport
import XCTest
@testable import BidiTermTerminal

/// `run`'s rules against byte streams recorded from the real programs
/// (`Tests/BidiTermTerminalTests/Fixtures/Programs`, `Scripts/record-program.py`): each recording is
/// replayed into the emulator as `run` feeds it, and its rows are laid out as `run` draws them, with
/// the verdict the program's evidence gives (R27–R31).
final class ProgramRecordingTests: XCTestCase {
    static let folder = Repository.root.appendingPathComponent("Tests/BidiTermTerminalTests/Fixtures/Programs")

    /// The emulator after the recording `name` (100×30).
    static func replay(_ name: String) throws -> VTermEmulator {
        let data = try Data(contentsOf: folder.appendingPathComponent("\(name).bytes"))
        let emulator = VTermEmulator(rows: 30, columns: 100)
        // In the slices `run` feeds.
        var offset = 0
        let bytes = [UInt8](data)
        while offset < bytes.count {
            let n = min(96, bytes.count - offset)
            emulator.feed(Array(bytes[offset..<(offset + n)]))
            offset += n
        }
        return emulator
    }

    /// The screen the program drew alone (tmux, no bidi), one string per row.
    static func screen(_ name: String) throws -> [String] {
        let text = try String(contentsOf: folder.appendingPathComponent("\(name).screen.txt"), encoding: .utf8)
        var rows = text.components(separatedBy: "\n")
        if rows.last == "" { rows.removeLast() }
        return rows
    }

    /// The recorded cursor (0-based column, row).
    static func cursor(_ name: String) throws -> (x: Int, y: Int) {
        let data = try Data(contentsOf: folder.appendingPathComponent("\(name).json"))
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let c = json?["cursor"] as? [Int] ?? [0, 0]
        return (c[0], c[1])
    }

    /// The row options `run` uses for `verdict` (as `HostLoop.applyVerdict`).
    static func options(for verdict: ProgramVerdict) -> RowBidi.Options {
        var o = RowBidi.Options()
        if verdict.drawsVisualOrder { o.explicit = true }
        if verdict.forcesReordering { o.textEvidence = false }
        if let d = verdict.direction { o.direction = d }
        return o
    }

    /// Every row of `emulator` as `run` draws it with `options`.
    static func drawn(_ emulator: VTermEmulator, _ options: RowBidi.Options = .init()) -> [String] {
        var bidi = RowBidi(options: options)
        return (0..<emulator.rows).map { y in
            let row = emulator.row(y)
            return text(of: bidi.layout(row)?.cells ?? row)
        }
    }

    static func verdict(_ process: ForegroundProcess, rightLeft: Bool? = nil) -> ProgramVerdict {
        ProgramEvidence.verdict(for: process, rules: RunRules(), rulesPath: nil, override: nil, rightLeft: rightLeft)
    }

    // MARK: - R27: programs that draw visual order

    func test_R27_emacs_recorded_rowsLeftAsEmacsDrawsThem() throws {
        let emulator = try Self.replay("emacs-file")
        let alone = try Self.screen("emacs-file")
        XCTAssertEqual(emulator.lines, alone, "the emulator shows what emacs drew")
        let v = Self.verdict(ForegroundProcess(pid: 10, name: "emacs", executable: "emacs-nox"))
        XCTAssertTrue(v.drawsVisualOrder)
        XCTAssertEqual(v.source, .table)
        XCTAssertEqual(Self.drawn(emulator, Self.options(for: v)), alone)
        // Reordered regardless of the evidence, the Arabic row would be reversed a second time.
        let arabicRow = alone.firstIndex { $0.contains("ةيبرع") }!
        var always = RowBidi.Options()
        always.textEvidence = false
        XCTAssertNotEqual(Self.drawn(emulator, always)[arabicRow], alone[arabicRow])
        // Without the program's evidence, the letter statistics alone still read emacs's
        // Arabic, Hebrew and Persian sentences as visual order (R25); the two words typed
        // (`אני כותב`, 7 letters) are too short for a call: the program's evidence decides there.
        let plain = Self.drawn(emulator)
        let letters = { (row: String) in row.unicodeScalars.filter { RowBidi.isRTLScalar($0.value) }.count }
        XCTAssertNotEqual(plain[5], alone[5])
        for y in alone.indices where letters(alone[y]) >= 20 {
            XCTAssertEqual(plain[y], alone[y], "row \(y)")
        }
    }

    func test_R27_vimRightLeft_recorded_screenShowsIt_rowsLeftAsDrawn() throws {
        let emulator = try Self.replay("vim-rightleft")
        let alone = try Self.screen("vim-rightleft")
        XCTAssertEqual(emulator.lines, alone)
        let rl = RightLeftScreen.detect(rows: emulator.rows, columns: emulator.columns) { emulator.row($0) }
        XCTAssertEqual(rl, true)
        let v = Self.verdict(ForegroundProcess(pid: 11, name: "vim", executable: "vim.basic"), rightLeft: rl)
        XCTAssertTrue(v.drawsVisualOrder)
        XCTAssertEqual(v.source, .screen)
        XCTAssertEqual(Self.drawn(emulator, Self.options(for: v)), alone)
        // A plain vim screen (nano's, shaped the same way: text from the left) is not rightleft.
        let nano = try Self.replay("nano-typing")
        XCTAssertNotEqual(RightLeftScreen.detect(rows: 30, columns: 100) { nano.row($0) }, true)
        XCTAssertFalse(Self.verdict(ForegroundProcess(pid: 11, name: "vim"), rightLeft: false).drawsVisualOrder)
    }

    func test_R27_whiptail_friBidiMapped_rowsLeftAsDrawn() throws {
        let emulator = try Self.replay("whiptail-menu")
        let alone = try Self.screen("whiptail-menu")
        XCTAssertEqual(emulator.lines, alone)
        let v = Self.verdict(ForegroundProcess(pid: 12, name: "whiptail", executable: "whiptail", friBidi: "libfribidi.so.0.4.0"))
        XCTAssertTrue(v.drawsVisualOrder)
        XCTAssertEqual(v.source, .libraries)
        XCTAssertEqual(Self.drawn(emulator, Self.options(for: v)), alone)
    }

    func test_R27_dialogWithoutFriBidi_isReordered_itemsInTheirColumns() throws {
        let emulator = try Self.replay("dialog-menu")
        let v = Self.verdict(ForegroundProcess(pid: 13, name: "dialog", executable: "dialog"))
        XCTAssertFalse(v.drawsVisualOrder)
        let rows = Self.drawn(emulator, Self.options(for: v))
        let alone = try Self.screen("dialog-menu")
        let y = alone.firstIndex { $0.contains("שפה ואזור") }!
        XCTAssertTrue(rows[y].contains(rtl("שפה ואזור")), rows[y])
        // The tag and the box stay in their columns.
        XCTAssertEqual(Array(rows[y]).firstIndex(of: "1"), Array(alone[y]).firstIndex(of: "1"))
        XCTAssertEqual(rows[y].count, alone[y].count)
    }

    // MARK: - R28: fields keep their columns

    func test_R28_lsLong_recorded_everyFieldInItsColumn() throws {
        for name in ["ls-long", "ls-long-iso"] {
            let emulator = try Self.replay(name)
            let alone = try Self.screen(name)
            // Without shaping, so that the Arabic name compares letter for letter.
            let rows = Self.drawn(emulator, RowBidi.Options(layout: LayoutOptions(shaping: false)))
            for (y, line) in alone.enumerated() where line.contains("'") && line.unicodeScalars.contains(where: { RowBidi.isRTLScalar($0.value) }) {
                // Everything up to the name's opening quote is where ls put it; the name is reversed
                // between its quotes.
                let quote = line.firstIndex(of: "'")!
                let prefix = String(line[..<quote])
                XCTAssertTrue(rows[y].hasPrefix(prefix), "\(name) row \(y): \(rows[y])")
                let nameText = String(line[line.index(after: quote)...].dropLast())
                XCTAssertEqual(String(rows[y].dropFirst(prefix.count)), "'" + rtl(nameText) + "'", "\(name) row \(y)")
            }
        }
    }

    // MARK: - R29: a search match does not cut the sentence

    func test_R29_lessSearch_recorded_theSentenceReadsAsOne() throws {
        for (name, word) in [("less-search", "מיוחדת"), ("less-search-arabic", "فقرة")] {
            let emulator = try Self.replay(name)
            let y = (0..<emulator.rows).first { emulator.text($0).contains(word) }!
            let row = emulator.row(y)
            XCTAssertTrue(row.contains { $0.style.attributes.contains(.reverse) || $0.style.bg != .default }, "\(name): the match is highlighted")
            // Drawn as the same row without the highlight: one sentence.
            let plain = row.map { Cell($0.symbol, width: $0.width, style: .plain) }
            var a = RowBidi(), b = RowBidi()
            let highlighted = a.layout(row)!.cells.map(\.symbol)
            let whole = b.layout(plain)!.cells.map(\.symbol)
            XCTAssertEqual(highlighted, whole, name)
            // And the highlight travels with its word.
            let out = a.layout(row)!.cells
            let marked = out.filter { $0.style.attributes.contains(.reverse) || $0.style.bg != .default }.map(\.symbol).joined()
            XCTAssertEqual(marked.unicodeScalars.count, word.unicodeScalars.count, name)
        }
    }

    // MARK: - R30: a pointer stays in its cell

    func test_R30_fzf_recorded_pointerStaysInItsCell() throws {
        let emulator = try Self.replay("fzf-arabic")
        let alone = try Self.screen("fzf-arabic")
        let rows = Self.drawn(emulator)
        let y = alone.firstIndex { $0.hasPrefix(">") && $0.contains("مرحبا") }!
        XCTAssertTrue(rows[y].hasPrefix("> "), rows[y])
        XCTAssertFalse(rows[y].contains("<"))
        // The other items keep their indent.
        let other = alone.firstIndex { $0.contains("سلام") }!
        XCTAssertTrue(rows[other].hasPrefix("  "), rows[other])
    }

    // MARK: - R31 + R26: a command after an RTL prompt, and the caret

    func test_R31_R26_bashHebrewPrompt_recorded_commandStaysAfterThePrompt_caretAtItsEnd() throws {
        let emulator = try Self.replay("bash-prompt")
        let (cx, cy) = try Self.cursor("bash-prompt")
        var bidi = RowBidi()
        let layout = bidi.layout(emulator.row(cy))!
        let drawn = text(of: layout.cells)
        XCTAssertEqual(drawn, "$ demo " + rtl("שלום") + " ls -la")
        XCTAssertEqual(layout.caretColumn(logical: cx), cx, "the next letter appears at the cursor")
    }

    func test_R26_nano_recorded_caretWhereTheNextLetterAppears() throws {
        let emulator = try Self.replay("nano-typing")
        let (cx, cy) = try Self.cursor("nano-typing")
        var bidi = RowBidi()
        let layout = bidi.layout(emulator.row(cy))!
        // `שלום abc 123 עולם` typed: the run is right to left and ends in Hebrew; the next Hebrew
        // letter appears at its left.
        XCTAssertEqual(layout.caretColumn(logical: cx), layout.runs.first!.columns.lowerBound)
    }

    func test_R24_shellPlain_recorded_isReordered() throws {
        let emulator = try Self.replay("shell-plain")
        let alone = try Self.screen("shell-plain")
        let rows = Self.drawn(emulator)
        XCTAssertNotEqual(rows[1], alone[1])
        XCTAssertTrue(rows[1].hasPrefix("."), rows[1])
    }
}
