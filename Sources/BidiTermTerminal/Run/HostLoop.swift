import BidiTerm
import CNcurses
import CPty
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The loop of `ProgramHost`: the program's output into the emulator, this terminal's keys into
/// the program, frames out, signals handled.
final class HostLoop {
    let options: ProgramHostOptions
    let child: ProgramHost.Child
    let setup: TerminalSetup
    let notice: TerminalNotice?
    let emulator: VTermEmulator
    let screen: DirectScreen
    var rowBidi: RowBidi
    var decoder = InputDecoder()
    /// The visual rows last drawn, and the layout of each (nil: drawn as stored).
    var frame: [[Cell]]
    var layouts: [RowLayout?]
    var dirtyAll = true
    var pendingFrame = true
    var shownAlternate = false
    var shownMouse: MouseMode = .none
    var shownCursorShape: Int = -1
    var childGone = false
    var exit: ProgramExit?
    let clock = ContinuousClock()
    var lastFrame: ContinuousClock.Instant
    let started: ContinuousClock.Instant
    var escapeSince: ContinuousClock.Instant?
    var readBuffer = [UInt8](repeating: 0, count: 1 << 16)

    init(options: ProgramHostOptions, child: ProgramHost.Child, identification: TerminalSession.Identification,
         rows: Int, columns: Int) {
        self.options = options
        self.child = child
        setup = identification.setup
        notice = setup.notice
        emulator = VTermEmulator(rows: rows, columns: columns)
        let env = options.session.environment
        let noColor = ColorSupport.noColorRequested(in: env)
        let colorterm = env["COLORTERM"]?.lowercased() ?? ""
        var colors: ColorSupport = .palette256
        if noColor {
            colors = .monochrome
        } else if let term = env["TERM"], CNcurses_setupterm(term, STDOUT_FILENO) == 0 {
            let n = Int(CNcurses_tigetnum("colors"))
            if n > 0 { colors = ColorSupport.detect(hasColors: true, colorCount: n, noColor: false) }
        }
        screen = DirectScreen(fd: STDOUT_FILENO, rows: rows, columns: columns, colors: colors,
                              truecolor: colorterm == "truecolor" || colorterm == "24bit")
        if setup.wireOrder.rewrites { screen.wire = WireTransformer(order: setup.wireOrder) }
        let findings = identification.findings
        screen.dropsMarks = findings.marksTakeCells
        screen.dropsFormatCharacters = setup.dropsFormatCharacters || findings.formatCharactersTakeCells
        var rowOptions = options.rows
        if !setup.appReorders { rowOptions.explicit = true }
        rowBidi = RowBidi(options: rowOptions)
        frame = Array(repeating: [], count: rows)
        layouts = Array(repeating: nil, count: rows)
        lastFrame = clock.now
        started = clock.now
        // Keys typed while the terminal answered the start-up queries go to the program.
        if !identification.typedInput.isEmpty { handleInput(identification.typedInput) }
    }

    /// Scrolled-off lines that make a frame due at once (fewer than the emulator keeps).
    static let scrollBatch = 1000

    func run() -> ProgramExit {
        enter()
        while exit == nil {
            if let sig = pendingTermination() {
                hangUp(sig)
                break
            }
            if CNcurses_guard_take_suspend() == 1 { suspend() }
            if CNcurses_guard_take_resumed() == 1 { resume() }
            if CNcurses_guard_take_resized() == 1 { resize() }
            if childStopped() {
                // The program stopped itself or was stopped by Ctrl-Z with no shell of its own
                // to take over: this process stops as well, so the user's shell does (R21 restore
                // first), and the program continues when this process does.
                suspend()
                _ = CPty_signal(child.master, child.pid, SIGCONT)
                continue
            }
            if childGone {
                drain()
                render()
                exit = waitForChild()
                break
            }
            wait()
            if pendingFrame, clock.now >= lastFrame.advanced(by: options.frameInterval)
                || emulator.pendingScrolledLines >= Self.scrollBatch { render() }
        }
        leave()
        close(child.master)
        return exit ?? .exited(0)
    }

    private func pendingTermination() -> Int32? {
        let sig = CNcurses_guard_pending_termination()
        return sig != 0 ? sig : nil
    }

    // MARK: - Waiting

    private func wait() {
        var timeout: Int32 = 250
        if pendingFrame {
            let d = clock.now.duration(to: lastFrame.advanced(by: options.frameInterval))
            timeout = min(timeout, Int32(max(0, d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000 + 1)))
        }
        if decoder.hasPending { timeout = min(timeout, Int32(options.escapeDelayMilliseconds)) }
        if noticeShowing {
            // Wake when the notice's time is up, to take it off the bottom row.
            let d = clock.now.duration(to: started.advanced(by: options.noticeDuration))
            timeout = min(timeout, Int32(max(0, d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000 + 1)))
        }
        var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: child.master, events: Int16(POLLIN), revents: 0)]
        let n = poll(&fds, 2, timeout)
        if n < 0 { return }  // EINTR: the signal is looked at by the caller
        if fds[1].revents != 0 { readProgram(hangUp: fds[1].revents & Int16(POLLIN) == 0) }
        if fds[0].revents != 0 { readTerminal(closed: fds[0].revents & Int16(POLLIN) == 0) }
        if n == 0, decoder.hasPending {
            for e in decoder.flush() { handle(e) }
            sendToProgram()
        }
        // The notice's time is up: one frame takes it away (not a frame per wait while it shows).
        if notice != nil, !noticeCleared, !noticeShowing { pendingFrame = true }
    }

    /// Reads what the program wrote, as much as is there (bounded, so keys and frames keep
    /// coming during a flood).
    private func readProgram(hangUp: Bool) {
        var total = 0
        while total < 1 << 20 {
            let got = readBuffer.withUnsafeMutableBytes { read(child.master, $0.baseAddress, $0.count) }
            if got > 0 {
                readBuffer.withUnsafeBytes { emulator.feed(UnsafeRawBufferPointer(rebasing: $0[..<got])) }
                total += got
                sendToProgram()
                pendingFrame = true
                // A frame before the scrolled-off lines pile up past what the emulator keeps, so
                // a flood still reaches the scrollback whole.
                if emulator.pendingScrolledLines >= Self.scrollBatch { break }
                continue
            }
            if got < 0, errno == EINTR { continue }
            if got < 0, errno == EAGAIN { break }
            // 0 or EIO: every holder of the pseudo-terminal's other side has closed it.
            childGone = true
            break
        }
        if hangUp, total == 0 { childGone = true }
    }

    private func drain() {
        while true {
            let got = readBuffer.withUnsafeMutableBytes { read(child.master, $0.baseAddress, $0.count) }
            if got > 0 {
                readBuffer.withUnsafeBytes { emulator.feed(UnsafeRawBufferPointer(rebasing: $0[..<got])) }
                continue
            }
            if got < 0, errno == EINTR { continue }
            break
        }
    }

    private func readTerminal(closed: Bool) {
        let got = readBuffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, min($0.count, 4096)) }
        if got > 0 {
            handleInput(Array(readBuffer[..<got]))
            return
        }
        if got < 0, errno == EINTR || errno == EAGAIN { return }
        // The terminal went away (the SSH connection dropped): hang up the program, as a
        // terminal does.
        hangUp(SIGHUP)
    }

    private func handleInput(_ bytes: [UInt8]) {
        for e in decoder.feed(bytes) { handle(e) }
        sendToProgram()
        if noticeShowing { dismissNotice() }
    }

    private func handle(_ event: InputEvent) {
        switch event {
        case .key(let key, let modifiers):
            emulator.send(key, modifiers: modifiers)
        case .unknown(let bytes):
            emulator.sendRaw(bytes)
        case .paste(let bytes):
            emulator.sendPaste(bytes)
        case .mouse(var m):
            guard emulator.mouseMode != .none else { return }
            // R26: the program gets the logical cell under the pointer.
            if m.y >= 0, m.y < layouts.count, let layout = layouts[m.y] {
                m.x = layout.logicalColumn(ofVisual: m.x)
            }
            emulator.send(m)
        case .reply, .focus:
            break  // late answers to the start-up queries, focus reports: not the program's
        }
    }

    private func sendToProgram() {
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

    // MARK: - Frames

    private var noticeCleared = false
    private var noticeShowing: Bool {
        guard notice != nil, !noticeCleared else { return false }
        return clock.now < started.advanced(by: options.noticeDuration)
    }

    private func dismissNotice() {
        noticeCleared = true
        pendingFrame = true
        dirtyAll = true
    }

    func render() {
        lastFrame = clock.now
        pendingFrame = false
        if emulator.altScreen != shownAlternate {
            shownAlternate = emulator.altScreen
            screen.write(raw: Array((shownAlternate ? "\u{1B}[?1049h" : "\u{1B}[?1049l").utf8))
            if !shownAlternate { screen.write(raw: setup.enter) }
            screen.invalidate()
            dirtyAll = true
            setGuardRestoreBytes(ProgramHost.restoreBytes(leave: setup.leave, alternate: shownAlternate))
        }
        var pushed: [[Cell]] = []
        if !emulator.altScreen {
            let explicit = emulator.explicitBidi
            pushed = emulator.takeScrolledOff().map { visual($0, explicit: explicit).cells }
        } else {
            _ = emulator.takeScrolledOff()
        }
        let rows = emulator.rows
        if frame.count != rows {
            frame = Array(repeating: [], count: rows)
            layouts = Array(repeating: nil, count: rows)
            dirtyAll = true
        }
        let damaged = emulator.takeDamagedRows()
        let toDo: [Int] = dirtyAll ? Array(0..<rows) : damaged
        dirtyAll = false
        for y in toDo where y >= 0 && y < rows {
            let v = visual(emulator.row(y), explicit: emulator.explicitBidi)
            frame[y] = v.cells
            layouts[y] = v.layout
        }
        var shownFrame = frame
        if noticeShowing, let notice, rows > 1 {
            shownFrame[rows - 1] = noticeRow(notice, columns: emulator.columns)
        } else if notice != nil, !noticeCleared {
            noticeCleared = true
            shownFrame = frame
        }
        updateModes()
        if let title = emulator.takeTitleChange() {
            screen.write(raw: Array("\u{1B}]2;\(Sanitizer.terminalSafe(title))\u{07}".utf8))
        }
        for write in emulator.takeClipboardWrites() where options.allowClipboard {
            screen.write(raw: write)
        }
        var cursor: (x: Int, y: Int)? = nil
        if emulator.cursorVisible {
            let c = emulator.cursor
            let x = (c.y >= 0 && c.y < layouts.count ? layouts[c.y]?.caretColumn(logical: c.x) : nil) ?? c.x
            cursor = (x, c.y)
        }
        screen.scroll(pushed, thenDraw: shownFrame, cursor: cursor)
        if setup.fixesRows { screen.write(raw: setup.rowFix(rows: rows)) }
        screen.flush()
    }

    /// A row of the program's screen as shown: reordered by runs (R23–R25), or as stored when the
    /// program drives the bidi itself (explicit mode) or the plan leaves bidi to the terminal.
    private func visual(_ row: [Cell], explicit: Bool) -> (cells: [Cell], layout: RowLayout?) {
        if explicit { return (row, nil) }
        guard let layout = rowBidi.layout(row) else { return (row, nil) }
        return (layout.cells, layout)
    }

    private func noticeRow(_ notice: TerminalNotice, columns: Int) -> [Cell] {
        let style = Style(fg: .ansi(0), bg: .ansi(11))
        var cells: [Cell] = []
        for ch in " \(notice.line) (any key hides this)".unicodeScalars where cells.count < columns {
            cells.append(Cell(String(ch), width: 1, style: style))
        }
        while cells.count < columns { cells.append(Cell(" ", width: 1, style: style)) }
        return cells
    }

    /// The terminal's mouse reporting follows the program's; the cursor's shape too.
    private func updateModes() {
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
            screen.write(raw: Array(s.utf8))
            shownMouse = mouse
        }
        let shape: Int
        switch emulator.cursorShape {
        case .block: shape = emulator.cursorBlink ? 1 : 2
        case .underline: shape = emulator.cursorBlink ? 3 : 4
        case .bar: shape = emulator.cursorBlink ? 5 : 6
        }
        if shape != shownCursorShape {
            if shownCursorShape != -1 || shape != 1 { screen.write(raw: Array("\u{1B}[\(shape) q".utf8)) }
            shownCursorShape = shape
        }
    }

    // MARK: - Lifecycle

    /// The terminal as the program's screen: the bidi set-up (R21), bracketed paste on, and the
    /// normal screen's rows pushed into the scrollback, so the program starts on a clear screen
    /// and nothing the user had is lost.
    private func enter() {
        screen.write(raw: Array("\u{1B}[\(emulator.rows);1H".utf8) + Array(repeating: 0x0A, count: emulator.rows) + Array("\u{1B}[H".utf8))
        screen.write(raw: setup.enter)
        screen.write(raw: Array("\u{1B}[?2004h".utf8))
        setGuardRestoreBytes(ProgramHost.restoreBytes(leave: setup.leave, alternate: false))
        screen.invalidate()
        screen.flush()
    }

    /// Back to the terminal as it was, the program's last screen left visible, the cursor where
    /// the program left it (so the shell's prompt comes after its output).
    private func leave() {
        if shownAlternate {
            screen.write(raw: Array("\u{1B}[?1049l".utf8))
            shownAlternate = false
        }
        var bytes = ProgramHost.restoreBytes(leave: setup.leave, alternate: false)
        if setup.fixesRows || setup.keepsModePerRow { bytes += setup.rowRestore(rows: emulator.rows) }
        let c = emulator.cursor
        let lastRow = min(max(0, c.y), emulator.rows - 1)
        bytes += Array("\u{1B}[\(lastRow + 1);1H".utf8)
        if c.x > 0 { bytes += Array("\r\n".utf8) }
        screen.write(raw: bytes)
        screen.flush()
    }

    private func hangUp(_ sig: Int32) {
        _ = CPty_signal(child.master, child.pid, SIGHUP)
        kill(child.pid, SIGHUP)
        var code: Int32 = 0, s: Int32 = 0
        for _ in 0..<50 {
            if CPty_wait(child.pid, 0, &code, &s) != 0 { break }
            usleep(10_000)
        }
        if CPty_wait(child.pid, 0, &code, &s) == 0 {
            kill(child.pid, SIGKILL)
            _ = CPty_wait(child.pid, 1, &code, &s)
        }
        CNcurses_guard_clear_termination()
        exit = .hungUp(sig)
    }

    private var stoppedOrEnded: ProgramExit?

    private func waitForChild() -> ProgramExit {
        if let e = stoppedOrEnded { return e }
        var code: Int32 = 0, sig: Int32 = 0
        while true {
            let r = CPty_wait(child.pid, 1, &code, &sig)
            if r == 2 {
                _ = CPty_signal(child.master, child.pid, SIGCONT)
                continue
            }
            if r != 1 { return .exited(0) }
            return sig != 0 ? .killed(sig) : .exited(code)
        }
    }

    /// Whether the program has stopped; an ended one is left to `waitForChild` (its output may
    /// still be unread).
    private func childStopped() -> Bool {
        guard stoppedOrEnded == nil else { return false }
        var code: Int32 = 0, sig: Int32 = 0
        let r = CPty_wait(child.pid, 0, &code, &sig)
        if r == 2 { return true }
        if r == 1 {
            stoppedOrEnded = sig != 0 ? .killed(sig) : .exited(code)
            childGone = true
        }
        return false
    }

    /// SIGTSTP sent to this process (not Ctrl-Z, which the program gets): the terminal as it was,
    /// stop, and on SIGCONT everything back.
    private func suspend() {
        leave()
        _ = CNcurses_guard_leave_raw()
        CNcurses_guard_set_active(0)
        CNcurses_guard_stop_self()
        CNcurses_guard_set_active(1)
        _ = CNcurses_guard_take_resumed()
        resume()
    }

    private func resume() {
        _ = CNcurses_guard_enter_raw()
        if emulator.altScreen { screen.write(raw: Array("\u{1B}[?1049h".utf8)) }
        screen.write(raw: setup.enter + Array("\u{1B}[?2004h".utf8))
        shownMouse = .none
        shownCursorShape = -1
        shownAlternate = emulator.altScreen
        screen.invalidate()
        dirtyAll = true
        render()
    }

    private func resize() {
        var rows: Int32 = 0, cols: Int32 = 0
        guard CPty_get_size(STDOUT_FILENO, &rows, &cols) == 0, rows > 0, cols > 0 else { return }
        emulator.resize(rows: Int(rows), columns: Int(cols))
        _ = CPty_set_size(child.master, rows, cols)
        screen.resize(rows: Int(rows), columns: Int(cols))
        dirtyAll = true
        render()
    }
}
