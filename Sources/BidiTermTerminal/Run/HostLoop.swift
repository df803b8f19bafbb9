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
    /// `notice != nil`, kept: the loop asks at every wait and key, and the notice is large.
    let hasNotice: Bool
    let emulator: VTermEmulator
    /// Draws on the terminal (`DirectScreen`), on a thread of its own when there is much to draw.
    let worker: ScreenWorker
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
    /// Monotonic times in nanoseconds (`Self.now()`): the last frame, the start.
    var lastFrame: Int64
    let started: Int64
    /// The frame interval and the notice's time, in nanoseconds.
    let frameNanos: Int64
    let noticeEnd: Int64
    /// The descriptors waited on (the terminal, the program), kept from wait to wait.
    var pollFDs: [pollfd]
    var readBuffer = [UInt8](repeating: 0, count: 1 << 16)
    /// Whether the last wait ended with nothing to read (the child's state is looked at then too,
    /// besides after SIGCHLD).
    var quietWait = false
    /// The row of this terminal's cursor when `run` started (1-based), when the terminal said.
    let startCursorRow: Int?
    /// What is known of the program in the foreground and what was decided (R27).
    var program = ProgramWatch()
    /// The command key was pressed: the next key is a command (R27).
    var commandPending = false
    private(set) lazy var commandKeyIsPrintable = (0x20..<0x7F).contains { options.commandKey.matches(.key(.character(Character(Unicode.Scalar(UInt8($0)))), [])) }
    /// Rows shown over the bottom of the screen (the command menu, the status, help), and until
    /// when (nil: until a key; then the key is not the program's).
    var overlay: [String] = []
    var overlayUntil: Int64? = nil
    /// The inspector's pointer (the command key's `i`), nil when it is closed; its rows go at the
    /// top of the screen when the pointer is in the lower half.
    var inspector: (x: Int, y: Int)?
    var overlayAtTop = false
    /// The name of the last snapshot (the command key's `c`).
    var lastSnapshot: String?
    /// `--strings`: the screen's text tied to catalog entries.
    let qa: QASession?
    /// The recordings (`--record`, `--record-logical`).
    let recorder: AsciicastWriter?
    let logicalRecorder: AsciicastWriter?

    init(options: ProgramHostOptions, child: ProgramHost.Child, identification: TerminalSession.Identification,
         rows: Int, columns: Int, cursorRow: Int? = nil) {
        self.options = options
        startCursorRow = cursorRow
        self.child = child
        setup = identification.setup
        // The app's words for it (`TerminalSessionOptions.noticeText`), or the library's.
        notice = identification.findings.notice
        hasNotice = notice != nil
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
        let screen = DirectScreen(fd: STDOUT_FILENO, rows: rows, columns: columns, colors: colors,
                                  truecolor: colorterm == "truecolor" || colorterm == "24bit")
        if setup.wireOrder.rewrites { screen.wire = WireTransformer(order: setup.wireOrder) }
        let findings = identification.findings
        screen.dropsMarks = findings.marksTakeCells
        screen.dropsFormatCharacters = setup.dropsFormatCharacters || findings.formatCharactersTakeCells
        var rowOptions = options.rows
        if !setup.appReorders { rowOptions.explicit = true }
        rowBidi = RowBidi(options: rowOptions)
        let recording = AsciicastWriter.recordings(options, screen: screen, rows: rows, columns: columns, environment: env)
        (recorder, logicalRecorder) = (recording.drawn, recording.logical)
        let shadow = recording.shadow
        worker = ScreenWorker(screen: screen, bidi: RowBidi(options: rowOptions), shadow: shadow)
        frame = Array(repeating: [], count: rows)
        layouts = Array(repeating: nil, count: rows)
        lastFrame = Self.now()
        started = lastFrame
        frameNanos = Self.nanoseconds(options.frameInterval)
        noticeEnd = started + Self.nanoseconds(options.noticeDuration)
        pollFDs = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: child.master, events: Int16(POLLIN), revents: 0)]
        qa = options.strings.map { QASession(load: $0) }
        program.interval = Self.nanoseconds(options.programCheckInterval)
        program.baseOptions = rowOptions
        program.use(rules: options.rules, path: options.rulesPath)
        if let problem = options.rulesProblems.first {
            showOverlay(["rtl-tui: " + problem + (options.rulesProblems.count > 1 ? " (and \(options.rulesProblems.count - 1) more)" : "")],
                        seconds: 8)
        }
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
            // Only after SIGCHLD (or a quiet wait): no wait4(2) per key and per read.
            if (CNcurses_guard_take_child() == 1 || quietWait), childStopped() {
                // The program stopped itself or was stopped by Ctrl-Z with no shell of its own
                // to take over: this process stops as well, so the user's shell does (R21 restore
                // first), and the program continues when this process does.
                suspend()
                _ = CPty_signal(child.master, child.pid, SIGCONT)
                continue
            }
            if childGone {
                drain()
                exit = waitForChild()
                finalFrame()
                break
            }
            wait()
            if pendingFrame, Self.now() >= lastFrame + frameNanos
                || emulator.pendingScrolledLines >= Self.scrollBatch { render() }
        }
        leave()
        program.stop()
        worker.stop()
        recorder?.close()
        logicalRecorder?.close()
        if let path = options.qaReport, let qa {
            do { try qa.writeReport(to: path) } catch {
                TerminalSession.printError("\(TerminalSession.programName): cannot write the QA report \(Sanitizer.visible(path)): \(error.localizedDescription)")
            }
        }
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
        let now = Self.now()
        if pendingFrame { timeout = min(timeout, Self.milliseconds(until: lastFrame + frameNanos, from: now)) }
        if decoder.hasPending { timeout = min(timeout, Int32(options.escapeDelayMilliseconds)) }
        if noticeShowing {
            // Wake when the notice's time is up, to take it off the bottom row.
            timeout = min(timeout, Self.milliseconds(until: noticeEnd, from: now))
        }
        if let until = overlayUntil, !overlay.isEmpty {
            timeout = min(timeout, Self.milliseconds(until: until, from: now))
        }
        let quietLook = program.nextQuietLook
        if !pendingFrame, let t = quietLook { timeout = min(timeout, Self.milliseconds(until: t, from: now)) }
        pollFDs[0].revents = 0
        pollFDs[1].revents = 0
        let n = poll(&pollFDs, 2, timeout)
        let fds = pollFDs
        quietWait = n == 0
        if n < 0 { return }  // EINTR: the signal is looked at by the caller
        if fds[1].revents != 0 { readProgram(hangUp: fds[1].revents & Int16(POLLIN) == 0) }
        if fds[0].revents != 0 { readTerminal(closed: fds[0].revents & Int16(POLLIN) == 0) }
        if n == 0, decoder.hasPending {
            for e in decoder.flush() { take(e) }
            sendToProgram()
        }
        // The notice's time is up: one frame takes it away (not a frame per wait while it shows).
        if hasNotice, !noticeCleared, !noticeShowing { pendingFrame = true }
        if let until = overlayUntil, !overlay.isEmpty, Self.now() >= until { closeOverlay() }
        // R27: the look of a wait that read nothing (after the last frame, or the maps' next
        // reading); a new verdict draws every row again.
        if n == 0, !pendingFrame, let t = quietLook, Self.now() >= t {
            lookAtProgram(quiet: true)
            watchScreen()
            if dirtyAll { pendingFrame = true }
        }
    }

    /// Reads what the program wrote, as much as is there (bounded, so keys and frames keep
    /// coming during a flood).
    private func readProgram(hangUp: Bool) {
        var total = 0
        while total < 1 << 20 {
            let got = readBuffer.withUnsafeMutableBytes { read(child.master, $0.baseAddress, $0.count) }
            if got > 0 {
                logicalRecorder?.output(readBuffer[..<got])
                // R37: a key's echo goes out before the emulator and the layout take it in.
                if total == 0, got <= Self.echoAheadLimit { echoAhead(got) }
                feed(got)
                total += got
                sendToProgram()
                pendingFrame = true
                // A frame before the scrolled-off lines pile up past what the emulator keeps, so
                // a flood still reaches the scrollback whole.
                if emulator.pendingScrolledLines >= Self.scrollBatch { break }
                // A few bytes (a key's echo, a prompt) are all there is: the frame comes at once,
                // without another read to learn that nothing follows.
                if got < Self.smallRead { break }
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

    /// A read this short ends the reading: more would have come in the same read.
    static let smallRead = 256

    /// Bytes fed to the emulator at a time: a frame goes out whenever the lines scrolled off reach
    /// `scrollBatch`, before the emulator's store of them (`4 × rows + 1100`) can overflow, even
    /// when every byte is a line feed.
    static let feedSlice = 96

    /// Feeds the first `count` bytes of the read buffer to the emulator, in slices, with a frame
    /// whenever a batch of lines has scrolled off: a flood reaches the scrollback whole.
    private func feed(_ count: Int) {
        var offset = 0
        while offset < count {
            let n = min(Self.feedSlice, count - offset)
            readBuffer.withUnsafeBytes { emulator.feed(UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + n)])) }
            offset += n
            if emulator.pendingScrolledLines >= Self.scrollBatch { render() }
        }
    }

    private func drain() {
        while true {
            let got = readBuffer.withUnsafeMutableBytes { read(child.master, $0.baseAddress, $0.count) }
            if got > 0 {
                logicalRecorder?.output(readBuffer[..<got])
                feed(got)
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
        if keysGoStraightThrough, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            // Printable ASCII as libvterm encodes it, without an event a character (the echo path).
            emulator.sendRaw(bytes)
        } else {
            for e in decoder.feed(bytes) { take(e) }
        }
        sendToProgram()
        if noticeShowing { dismissNotice() }
    }

    // MARK: - Frames

    private var noticeCleared = false
    /// Each row as the emulator last gave it (logical order), kept so that a change of a few cells
    /// reads only them (`VTermEmulator.update(row:_:first:last:)`).
    private var logicalRows: [[Cell]] = []
    /// Fewer changed cells than this in a row are read by themselves; more, the whole row.
    static let cellsReadAlone = 16
    /// Whether the last frame drew something over the program's rows (the notice, the inspector's
    /// pointer, the menu): the next one then compares every row (true before the first frame).
    private(set) var lastFrameCovered = true
    /// The row a key's echo went out on ahead of its frame (R37): that frame compares it.
    var echoedRow: Int?
    private var noticeCache: (columns: Int, row: [Cell])?
    /// Whether the notice's time is up (no clock read once it is).
    private var noticeTimeUp = false
    private var noticeShowing: Bool {
        guard hasNotice, !noticeCleared, !noticeTimeUp else { return false }
        if Self.now() < noticeEnd { return true }
        noticeTimeUp = true
        return false
    }

    private func dismissNotice() {
        noticeCleared = true
        pendingFrame = true
        dirtyAll = true
    }

    func render() {
        lastFrame = Self.now()
        // R27: output that never paused for a quiet wait's look since the last frame (a flood, the
        // start): the look, when due, so this frame has the verdict.
        if !program.lookedSinceFrame, program.due(lastFrame) { lookAtProgram(quiet: false) }
        pendingFrame = false
        if emulator.altScreen != shownAlternate {
            shownAlternate = emulator.altScreen
            let bytes = Array((shownAlternate ? "\u{1B}[?1049h" : "\u{1B}[?1049l").utf8) + (shownAlternate ? [] : setup.enter)
            worker.submit { s, _ in
                s.write(raw: bytes)
                s.invalidate()
            }
            dirtyAll = true
            setGuardRestoreBytes(ProgramHost.restoreBytes(leave: setup.leave, alternate: shownAlternate))
        }
        // The scrolled-off lines are laid out by the worker, with its own RowBidi.
        var pushed: [[Cell]] = []
        let explicitPushed = emulator.explicitBidi
        if !emulator.altScreen {
            pushed = emulator.takeScrolledOff()
        } else {
            _ = emulator.takeScrolledOff()
        }
        let rows = emulator.rows
        if frame.count != rows || logicalRows.count != rows {
            frame = Array(repeating: [], count: rows)
            layouts = Array(repeating: nil, count: rows)
            logicalRows = Array(repeating: [], count: rows)
            dirtyAll = true
        }
        let damage = emulator.takeDamage()
        let everyRow = dirtyAll
        var rowsToLayOut: [Int] = dirtyAll ? Array(0..<rows) : damage.map(\.row)
        if let y = echoedRow {
            // R37: whatever the emulator made of the bytes, the row they went out on is compared.
            echoedRow = nil
            if !dirtyAll, y < rows, !rowsToLayOut.contains(y) { rowsToLayOut = (rowsToLayOut + [y]).sorted() }
        }
        if let qa, !rowsToLayOut.isEmpty { qa.screenChanged(logicalText(rows)) }
        dirtyAll = false
        var spans = damage.makeIterator()
        var span = spans.next()
        for y in rowsToLayOut where y >= 0 && y < rows {
            while let d = span, d.row < y { span = spans.next() }
            // A few cells written (a key's echo): only they are read again into the row kept.
            let few = span.flatMap { $0.row == y && $0.last - $0.first < Self.cellsReadAlone ? $0 : nil }
            if !(few.map { emulator.update(row: y, &logicalRows[y], first: $0.first, last: $0.last) } ?? false) {
                logicalRows[y] = emulator.row(y)
            }
            let v = visual(logicalRows[y], explicit: emulator.explicitBidi)
            frame[y] = v.cells
            layouts[y] = v.layout
        }
        var shownFrame = frame
        // Rows drawn over the program's (the notice, the inspector's pointer, the menu): this
        // frame and the one after it are compared row by row; otherwise only the rows laid out
        // again can differ from what the terminal shows.
        var covered = lastFrameCovered
        lastFrameCovered = false
        if noticeShowing, let notice, rows > 1 {
            // Laid out once per width (the engine's layout would cost every frame, keys' echoes too).
            if noticeCache?.columns != emulator.columns { noticeCache = (emulator.columns, noticeRow(notice, columns: emulator.columns)) }
            shownFrame[rows - 1] = noticeCache!.row
            lastFrameCovered = true
        } else if hasNotice, !noticeCleared {
            noticeCleared = true
            shownFrame = frame
            covered = true
        }
        if let p = inspector, p.y < rows, p.x < shownFrame[p.y].count {
            // The inspector's pointer: its cell in reverse video.
            var cell = shownFrame[p.y][p.x]
            cell.style.attributes.formSymmetricDifference(.reverse)
            shownFrame[p.y][p.x] = cell
            lastFrameCovered = true
        }
        if !overlay.isEmpty, rows > 1 {
            let wrapped = overlay.flatMap { Self.wrap($0, columns: emulator.columns - 2) }
            let shown = overlayAtTop ? Array(wrapped.prefix(rows - 1)) : Array(wrapped.suffix(rows - 1))
            let top = overlayAtTop ? 0 : rows - shown.count
            for (i, text) in shown.enumerated() {
                shownFrame[top + i] = Self.textRow(text, columns: emulator.columns, reorders: setup.appReorders)
            }
            lastFrameCovered = true
        }
        covered = covered || lastFrameCovered
        let changedRows: [Int]? = covered || everyRow ? nil : rowsToLayOut
        var raw = updateModes()
        if let title = emulator.takeTitleChange() {
            raw += Array("\u{1B}]2;\(Sanitizer.terminalSafe(title))\u{07}".utf8)
        }
        for write in emulator.takeClipboardWrites() where options.allowClipboard {
            raw += write
        }
        var cursor: (x: Int, y: Int)? = nil
        if emulator.cursorVisible {
            let c = emulator.cursor
            let x = (c.y >= 0 && c.y < layouts.count ? layouts[c.y]?.caretColumn(logical: c.x) : nil) ?? c.x
            cursor = (x, c.y)
        }
        let fix = setup.fixesRows ? setup.rowFix(rows: rows) : []
        // When the worker is behind, this thread lays the lines out itself (the two share the
        // work of a flood; the worker draws).
        var laidOut = explicitPushed
        if !laidOut, !pushed.isEmpty, worker.isBehind {
            pushed = pushed.map { visual($0, explicit: false).cells }
            laidOut = true
        }
        worker.submit(lines: pushed.count) { [shownFrame, pushed, changedRows] s, bidi in
            // Modes, a title, the clipboard, and the row fix (which saves and restores the
            // cursor): none moves the cursor.
            s.write(raw: raw, movesCursor: false)
            let lines = laidOut ? pushed : pushed.map { bidi.layout($0)?.cells ?? $0 }
            s.scroll(lines, thenDraw: shownFrame, cursor: cursor, changedRows: changedRows)
            s.write(raw: fix, movesCursor: false)
            s.flush()
        }
        // R27: vim's screen after the frame; a new verdict draws every row in the next frame.
        watchScreen()
        if dirtyAll { pendingFrame = true }
        program.frameDrawn(at: Self.now())
    }

    /// A row of the program's screen as shown: reordered by runs (R23–R25), or as stored when the
    /// program drives the bidi itself (explicit mode) or the plan leaves bidi to the terminal.
    private func visual(_ row: [Cell], explicit: Bool) -> (cells: [Cell], layout: RowLayout?) {
        if explicit { return (row, nil) }
        guard let layout = rowBidi.layout(row) else { return (row, nil) }
        return (layout.cells, layout)
    }

    // MARK: - Lifecycle

    /// The terminal as the program's screen: the bidi set-up (R21), bracketed paste on, and the
    /// normal screen's rows pushed into the scrollback, so the program starts on a clear screen
    /// and nothing the user had is lost.
    private func enter() {
        // R32: the rows above the cursor hold what the user had; only they go into the scrollback
        // (all of them when the terminal did not say where its cursor is), the rest is cleared.
        let pushed = min(emulator.rows, max(0, (startCursorRow ?? (emulator.rows + 1)) - 1))
        let bytes = Array("\u{1B}[\(emulator.rows);1H".utf8) + Array(repeating: 0x0A, count: pushed) + Array("\u{1B}[H\u{1B}[2J".utf8)
            + setup.enter + Array("\u{1B}[?2004h".utf8)
        setGuardRestoreBytes(ProgramHost.restoreBytes(leave: setup.leave, alternate: false))
        worker.submit { s, _ in
            s.write(raw: bytes)
            s.invalidate()
            s.flush()
        }
    }

    /// Back to the terminal as it was, the program's last screen left visible, the cursor where
    /// the program left it (so the shell's prompt comes after its output).
    private func leave() {
        var bytes: [UInt8] = []
        if shownAlternate {
            bytes += Array("\u{1B}[?1049l".utf8)
            shownAlternate = false
        }
        bytes += ProgramHost.restoreBytes(leave: setup.leave, alternate: false)
        if setup.fixesRows || setup.keepsModePerRow { bytes += setup.rowRestore(rows: emulator.rows) }
        let c = emulator.cursor
        let lastRow = min(max(0, c.y), emulator.rows - 1)
        bytes += Array("\u{1B}[\(lastRow + 1);1H".utf8)
        if c.x > 0 { bytes += Array("\r\n".utf8) }
        // Everything drawn before, then this, written before the caller goes on (to stop, or end).
        worker.sync { s in
            s.write(raw: bytes)
            s.flush()
        }
    }

    /// R32: the program's last screen as it leaves it: back on the normal screen with what it
    /// wrote there (a program that ended on the alternate screen never left it), no notice, no
    /// menu of `run`'s own.
    private func finalFrame() {
        if emulator.altScreen { emulator.feed(Array("\u{1B}[?1049l".utf8)) }
        noticeCleared = true
        overlay = []
        overlayUntil = nil
        commandPending = false
        dirtyAll = true
        render()
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
        let bytes = (emulator.altScreen ? Array("\u{1B}[?1049h".utf8) : []) + setup.enter + Array("\u{1B}[?2004h".utf8)
        worker.submit { s, _ in
            s.write(raw: bytes)
            s.invalidate()
        }
        shownMouse = .none
        shownCursorShape = -1
        shownAlternate = emulator.altScreen
        dirtyAll = true
        render()
    }

    private func resize() {
        var rows: Int32 = 0, cols: Int32 = 0
        guard CPty_get_size(STDOUT_FILENO, &rows, &cols) == 0, rows > 0, cols > 0 else { return }
        emulator.resize(rows: Int(rows), columns: Int(cols))
        _ = CPty_set_size(child.master, rows, cols)
        recorder?.resize(columns: Int(cols), rows: Int(rows))
        logicalRecorder?.resize(columns: Int(cols), rows: Int(rows))
        worker.submit { s, _ in s.resize(rows: Int(rows), columns: Int(cols)) }
        dirtyAll = true
        render()
    }
}
