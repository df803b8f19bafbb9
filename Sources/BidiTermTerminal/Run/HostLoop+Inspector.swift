import BidiTerm
#if canImport(Glibc)
import Glibc
#endif

/// `run`'s inspector (the command key's `i`): a pointer the tester moves over the screen with the
/// arrow keys and the mouse, and rows that show, for the run under it, its logical text, each
/// character's code point, name, bidi class and level (as `rtl-tui inspect` prints them), why the
/// run starts and ends where it does, and what `run` decided about the program (R27). Esc returns
/// to the program; nothing is sent to it meanwhile.
extension HostLoop {
    /// Starts the inspector with the pointer on the caret.
    func startInspector() {
        let c = emulator.cursor
        let y = min(max(0, c.y), emulator.rows - 1)
        let x = (y < layouts.count ? layouts[y]?.caretColumn(logical: c.x) : nil) ?? c.x
        inspector = (min(max(0, x), emulator.columns - 1), y)
        // Mouse reports from the terminal, whatever the program asked for (its own again after).
        worker.submit { s, _ in s.write(raw: Array("\u{1B}[?1003h\u{1B}[?1006h".utf8)) }
        shownMouse = .move
        refreshInspector()
    }

    /// A key or mouse event while the inspector is open: moves the pointer, or closes it.
    func inspect(_ event: InputEvent) {
        guard var p = inspector else { return }
        switch event {
        case .key(.left, _): p.x -= 1
        case .key(.right, _): p.x += 1
        case .key(.up, _): p.y -= 1
        case .key(.down, _): p.y += 1
        case .key(.home, _): p.x = 0
        case .key(.end, _): p.x = emulator.columns - 1
        case .mouse(let m):
            p = (m.x, m.y)
        case .key(.escape, _), .key(.character("q"), _), .key(.enter, _):
            stopInspector()
            return
        default:
            return
        }
        p.x = min(max(0, p.x), emulator.columns - 1)
        p.y = min(max(0, p.y), emulator.rows - 1)
        inspector = p
        refreshInspector()
    }

    func stopInspector() {
        inspector = nil
        closeOverlay()
        // The program's own mouse mode is sent again at the next frame.
        worker.submit { s, _ in s.write(raw: Array("\u{1B}[?1003l\u{1B}[?1006l".utf8)) }
        shownMouse = .none
        pendingFrame = true
        dirtyAll = true
    }

    /// The rows of the inspector for the pointer, shown where they do not cover it.
    func refreshInspector() {
        guard let p = inspector else { return }
        overlay = inspectorLines(x: p.x, y: p.y)
        overlayUntil = nil
        overlayAtTop = p.y >= emulator.rows / 2
        pendingFrame = true
        dirtyAll = true
    }

    func inspectorLines(x: Int, y: Int) -> [String] {
        let row = emulator.row(y)
        let layout = y < layouts.count ? layouts[y] : nil
        let lx = layout?.logicalColumn(ofVisual: x) ?? x
        var lines = ["rtl-tui inspector · row \(y + 1), column \(x + 1) · arrows or the mouse move, Esc goes back · "
                     + program.verdict.summary]
        if let run = layout?.runs.first(where: { $0.columns.contains(lx) }) {
            let text = ScreenSnapshot.text(Array(row[run.columns]))
            let what = run.state == .reordered ? "reordered in its columns (R24)" : "left as written: its text reads as visual order (R25)"
            lines.append("run: columns \(run.columns.lowerBound + 1)–\(run.columns.upperBound), \(run.direction == .rtl ? "right to left" : "left to right"), \(what)")
            lines.append("  starts at \(rowBidi.cutReason(row, run.columns, before: true)); ends at \(rowBidi.cutReason(row, run.columns, before: false))")
            lines.append("text: " + text)
            if let qa { lines += qa.describe(row: y, column: lx) }
            if let describe = options.describeText {
                // The code point under the pointer marked, the table around it when it is long.
                let pointed = row[run.columns.lowerBound..<max(run.columns.lowerBound, min(lx, run.columns.upperBound))]
                    .filter { !$0.isContinuation }.reduce(0) { $0 + max(1, $1.symbol.unicodeScalars.count) }
                let table = describe(text, run.direction)
                let header = table.firstIndex { $0.hasPrefix("#") } ?? table.count
                var body = Array(table[min(table.count, header + 1)...])
                for i in body.indices { body[i] = (i == pointed ? "> " : "  ") + body[i] }
                let room = max(3, emulator.rows * 2 / 3 - lines.count - header - 3)
                let from = max(0, min(pointed - room / 2, body.count - room))
                lines += table[..<min(table.count, header + 1)].map { "    " + $0 }
                lines += body[from..<min(body.count, from + room)].map { "  " + $0 }
            }
        } else if let qa, case let found = qa.describe(row: y, column: lx), !found.isEmpty {
            lines.append(rowBidi.options.explicit ? "drawn as the program draws it" : "no right-to-left text here: drawn as written (R24)")
            lines += found
        } else if rowBidi.options.explicit {
            lines.append("drawn as the program draws it: \(program.verdict.drawsVisualOrder ? "it draws visual order (R27)" : "explicit mode (R25)")")
        } else {
            lines.append("no right-to-left text here: drawn as written (R24)")
        }
        return Array(lines.prefix(max(2, emulator.rows * 2 / 3)))
    }
}
