import BidiTerm
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `run`'s own commands (R27): the command key and what follows it, the rows shown over the
/// program's screen (the menu, the status, help), and the program watched for its verdict.
extension HostLoop {
    /// A key or event from the terminal: the command key and its command (R27), or the program's.
    func take(_ event: InputEvent) {
        if case .reply = event { return handle(event) }
        if case .focus = event { return handle(event) }
        if inspector != nil {
            inspect(event)
            return
        }
        if commandPending {
            commandPending = false
            if options.commandKey.matches(event) {
                closeOverlay()
                handle(event)      // pressed twice: the program gets it
                return
            }
            command(event)
            return
        }
        if !overlay.isEmpty, overlayUntil == nil {
            // Help or the menu: a key closes it and is not the program's.
            closeOverlay()
            return
        }
        if options.commandKey.matches(event) {
            commandPending = true
            showOverlay([CommandKeyHelp.menu(key: options.commandKey, verdict: program.verdict)], seconds: nil)
            return
        }
        handle(event)
    }

    /// Whether a printable ASCII key goes to the program as it is, as `take(_:)` would send it:
    /// no escape sequence or paste pending, no inspector, menu or help open, and a command key
    /// that is not a printable character (`commandKeyIsPrintable`, found once).
    var keysGoStraightThrough: Bool {
        decoder.isAtRest && inspector == nil && !commandPending && (overlay.isEmpty || overlayUntil != nil)
            && !commandKeyIsPrintable
    }

    /// An input event as the program gets it (what is not the command key's).
    func handle(_ event: InputEvent) {
        switch event {
        case .key(let key, let modifiers):
            emulator.send(key, modifiers: modifiers)
        case .unknown(let bytes):
            emulator.sendRaw(bytes)
        case .paste(let bytes):
            emulator.sendPaste(bytes)
        case .mouse(var m):
            guard emulator.mouseMode != .none else { return }
            // Konsole, PuTTY and VTE's implicit mode report the column a cell is stored at, where
            // its frame was written in their wire order (`WireOrder.reportsStoredColumns`): first
            // the column where that cell is drawn (as the session's backend does), read once the
            // screen thread has drawn what was sent.
            if setup.wireOrder.reportsStoredColumns {
                let y = m.y, x = m.x
                m.x = worker.sync { s in s.wire?.drawnColumn(wireX: x, y: y) ?? x }
            }
            // R26: the program gets the logical cell under the pointer.
            if m.y >= 0, m.y < layouts.count, let layout = layouts[m.y] {
                m.x = layout.logicalColumn(ofVisual: m.x)
            }
            emulator.send(m)
        case .reply, .focus:
            break  // late answers to the start-up queries, focus reports: not the program's
        }
    }

    /// The command after the command key (R27).
    func command(_ event: InputEvent) {
        closeOverlay()
        guard case .key(let key, _) = event else { return }
        switch key {
        case .character("r"), .character("R"):
            program.toggleReordering()
            applyVerdict(force: true)
            showOverlay([CommandKeyHelp.status(program.verdict)], seconds: 4)
        case .character("d"), .character("D"):
            program.cycleDirection()
            applyVerdict(force: true)
            showOverlay([CommandKeyHelp.status(program.verdict)], seconds: 4)
        case .character("i"), .character("I"):
            startInspector()
        case .character("l"), .character("L"):
            showOverlay(qa?.list() ?? ["rtl-tui: no catalogs to match the screen with: run with --strings CATALOG..."], seconds: nil)
        case .character("c"), .character("C"):
            showOverlay([snapshot()], seconds: 6)
        case .character("s"), .character("S"):
            showOverlay([CommandKeyHelp.status(program.verdict)], seconds: 6)
        case .character("w"), .character("W"):
            showOverlay([program.saveRule(path: options.rulesPath)], seconds: 6)
        case .character("?"), .character("h"), .character("H"), .function(1):
            showOverlay(CommandKeyHelp.help(key: options.commandKey, rulesPath: options.rulesPath), seconds: nil)
        default:
            break          // Escape or any other key: back to the program, nothing sent
        }
    }

    /// The command key's `c`: the screen as drawn and as written, into the snapshot folder.
    func snapshot() -> String {
        let rows = emulator.rows
        let logical = (0..<rows).map { emulator.row($0) }
        let visual = (0..<rows).map { y in y < frame.count && !frame[y].isEmpty ? frame[y] : logical[y] }
        do {
            let w = try ScreenSnapshot.write(visual: visual, logical: logical, columns: emulator.columns,
                                             folder: options.snapshotFolder, title: "rtl-tui run " + options.command.joined(separator: " "))
            lastSnapshot = w.name
            options.onSnapshot?(w.name)
            qa?.matchNow(logicalText(rows), snapshot: w.name)
            return "rtl-tui: screen written: \(w.svg), \(w.html), \(w.text)"
        } catch {
            return "rtl-tui: cannot write the snapshot into \(options.snapshotFolder): \(error.localizedDescription)"
        }
    }

    func showOverlay(_ rows: [String], seconds: Double?) {
        overlay = rows
        overlayUntil = seconds.map { Self.now() + Int64($0 * 1e9) }
        pendingFrame = true
        dirtyAll = true
    }

    func closeOverlay() {
        guard !overlay.isEmpty else { return }
        overlayAtTop = false
        overlay = []
        overlayUntil = nil
        pendingFrame = true
        dirtyAll = true
    }

    /// Looks at the foreground process (R27) when a look is due (at most every
    /// `programCheckInterval`, or the look of a quiet wait: `quiet`, which reads the maps again
    /// on their schedule), and applies a new verdict: every row drawn again.
    func lookAtProgram(quiet: Bool) {
        let now = Self.now()
        if quiet || program.due(now) { program.look(master: child.master, now: now, maps: quiet) }
        applyVerdict(force: false)
    }

    /// What vim's screen shows of `rightleft` (R27), after a frame, and a new verdict applied.
    func watchScreen() {
        guard program.isVim else { return }
        let rl = RightLeftScreen.detect(rows: emulator.rows, columns: emulator.columns) { emulator.row($0) }
        program.sawRightLeft(rl)
        applyVerdict(force: false)
    }

    func applyVerdict(force: Bool) {
        guard force || program.changed else { return }
        program.changed = false
        var o = program.baseOptions
        let v = program.verdict
        if v.drawsVisualOrder { o.explicit = true }
        if v.forcesReordering { o.textEvidence = false }
        if let d = v.direction { o.direction = d }
        guard o != rowBidi.options else { return }
        rowBidi.options = o
        worker.submit { _, bidi in bidi.options = o }
        dirtyAll = true
    }

    /// `text` cut into lines of at most `columns` characters at spaces (a word longer than a line
    /// is cut where it must be).
    static func wrap(_ text: String, columns: Int) -> [String] {
        guard columns > 8, text.count > columns else { return [text] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            var w = Substring(word)
            while w.count > columns {
                if !line.isEmpty { lines.append(line); line = "" }
                lines.append(String(w.prefix(columns)))
                w = w.dropFirst(columns)
            }
            if line.isEmpty { line = String(w); continue }
            if line.count + 1 + w.count > columns {
                lines.append(line)
                line = "   " + w
            } else {
                line += " " + w
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// A row of `run`'s own (the command menu, the status, help): `text` on the notice's colours,
    /// cut at `columns`, in visual order when the app reorders (R20, R22).
    static func textRow(_ text: String, columns: Int, reorders: Bool) -> [Cell] {
        var cells = ownRow(" " + Sanitizer.terminalSafe(text) + " ", direction: .ltr, columns: columns, reorders: reorders)
        if cells.count > columns { cells.removeLast(cells.count - columns) }
        return cells + Array(repeating: Cell(" ", width: 1, style: ownStyle), count: max(0, columns - cells.count))
    }

    /// The colours of `run`'s own rows (the notice's).
    static let ownStyle = Style(fg: .ansi(0), bg: .ansi(11))

    /// `row` as cells of `run`'s own: laid out by the engine in `direction` (shaped, R20) when the
    /// app reorders, else in logical order for the terminal's own bidi, at most `columns` wide.
    static func ownRow(_ row: String, direction: LayoutDirection, columns: Int, reorders: Bool) -> [Cell] {
        let style = ownStyle
        var cells: [Cell] = []
        if reorders, let line = BidiEngine().layout(row, direction: BaseDirection(direction), width: columns).lines.first {
            for c in line.cells where c.width > 0 {
                cells.append(Cell(c.text, width: UInt8(c.width), style: style))
                if c.width == 2 { cells.append(.continuation(style: style)) }
            }
        } else {
            for ch in row.unicodeScalars where cells.count < columns {
                cells.append(Cell(String(ch), width: 1, style: style))
            }
        }
        return cells
    }


    // MARK: - Rows and modes of the terminal

    /// The notice on one row, in the labels' words and direction. One row has no room for the
    /// library's line beneath right-to-left words that may read backwards here: that line is
    /// shown instead (`TerminalNotice.originalLine`).
    func noticeRow(_ notice: TerminalNotice, columns: Int) -> [Cell] {
        Self.noticeRow(notice, labels: options.session.noticeLabels, columns: columns, reorders: setup.appReorders)
    }

    /// `notice` and the hint after it as one row of `columns` cells: in visual order (shaped, R20)
    /// when the app reorders, else in logical order for the terminal's own bidi; the end that does
    /// not fit is cut.
    static func noticeRow(_ notice: TerminalNotice, labels: TerminalNoticeLabels, columns: Int, reorders: Bool) -> [Cell] {
        let style = ownStyle
        let text = notice.originalLine ?? notice.line
        let direction = notice.originalLine == nil ? notice.direction : .ltr
        let hint = notice.originalLine == nil || labels.direction == .ltr ? labels.hostHint : TerminalNoticeLabels().hostHint
        let cells = ownRow(" \(text) (\(hint)) ", direction: direction, columns: columns, reorders: reorders)
        let pad = Array(repeating: Cell(" ", width: 1, style: style), count: max(0, columns - cells.count))
        return direction == .rtl ? pad + cells : cells + pad
    }

    /// The terminal's mouse reporting follows the program's; the cursor's shape too. Returns the
    /// bytes that say so.
    func updateModes() -> [UInt8] {
        var out: [UInt8] = []
        let mouse = emulator.mouseMode
        if mouse != shownMouse {
            var s = "\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l"
            switch mouse {
            case .none: break
            case .click: s += "\u{1B}[?1000h\u{1B}[?1006h"
            case .drag: s += "\u{1B}[?1002h\u{1B}[?1006h"
            case .move: s += "\u{1B}[?1003h\u{1B}[?1006h"
            }
            if mouse == .none { s += "\u{1B}[?1006l" }
            out += Array(s.utf8)
            shownMouse = mouse
        }
        let shape: Int
        switch emulator.cursorShape {
        case .block: shape = emulator.cursorBlink ? 1 : 2
        case .underline: shape = emulator.cursorBlink ? 3 : 4
        case .bar: shape = emulator.cursorBlink ? 5 : 6
        }
        if shape != shownCursorShape {
            if shownCursorShape != -1 || shape != 1 { out += Array("\u{1B}[\(shape) q".utf8) }
            shownCursorShape = shape
        }
        return out
    }


    // MARK: - Time and text

    /// The monotonic clock in nanoseconds (cheaper than `ContinuousClock`'s instants, read several
    /// times per key).
    static func now() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    static func nanoseconds(_ d: Duration) -> Int64 {
        d.components.seconds * 1_000_000_000 + d.components.attoseconds / 1_000_000_000
    }

    /// Whole milliseconds from `now` until `deadline`, rounded up (0 when past), for poll(2).
    static func milliseconds(until deadline: Int64, from now: Int64) -> Int32 {
        let d = deadline - now
        if d <= 0 { return 0 }
        return Int32(min(Int64(Int32.max), d / 1_000_000 + 1))
    }

    /// The screen's rows as text cells in logical order ("" for the right half of a wide
    /// character), for `--strings`.
    func logicalText(_ rows: Int) -> [[String]] {
        (0..<rows).map { y in emulator.row(y).map { $0.isContinuation ? "" : $0.symbol } }
    }

}

extension HostLoop {
    /// Writes what the emulator encoded (keys, paste, answers) to the program, waiting a little for
    /// room when it is not reading.
    func sendToProgram() {
        let bytes = emulator.takeOutput()
        guard !bytes.isEmpty else { return }
        var offset = 0
        var spins = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(child.master, $0.baseAddress, $0.count) }
            if n > 0 {
                offset += n
                continue
            }
            if n < 0, errno == EINTR { continue }
            if n < 0, errno == EAGAIN, spins < 200 {
                // The program is not reading: wait a little for room, a bounded number of times.
                spins += 1
                var p = pollfd(fd: child.master, events: Int16(POLLOUT), revents: 0)
                _ = poll(&p, 1, 10)
                continue
            }
            return
        }
    }
}
