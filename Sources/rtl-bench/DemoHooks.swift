import BidiTerm
import RTLTUIApps
#if canImport(Glibc)
import Glibc
#endif

/// The two performance targets that need the demo application: a full redraw of a 200×60 demo
/// screen (layout and render into the buffer) in at most 2 ms, median, in release; and at most
/// 200 bytes written to the terminal for one slider keystroke, measured through a pty.
///
/// The keystroke is measured through the `rtl-tui demo` command (`sliderKeystroke`: how to start
/// it and which keys to press). The redraw draws the demo's screens in this process
/// (`redrawScreen`); when they cannot be loaded, the benchmark says that the target is not
/// measured and measures a proxy (the same amount of mixed text laid out by the engine and drawn
/// into a `Buffer`).
enum DemoHooks {
    /// Draws the complete demo screen, `width` × `height`, into a fresh `Buffer` (layout and render
    /// into the buffer; nothing written to a terminal). Called repeatedly and timed.
    /// The demo's reading screen in Arabic (paragraphs in two scripts, a command box, numbers,
    /// navigation), from the demo content built into the code; nil when it cannot be loaded.
    static let redrawScreen: (@Sendable (_ width: Int, _ height: Int) -> Void)? = {
        guard let frame = DemoFrame(locale: "ar", screen: "reading") else { return nil }
        return { w, h in frame.redraw(width: w, height: h) }
    }()

    /// How to start the demo on a terminal (in a 200×60 pty) with a slider on screen, the keys that
    /// bring the focus to the slider (sent before counting), and one keystroke that moves it:
    /// the settings screen, Tab to its brightness slider, → (as xterm sends it in keypad mode).
    static func sliderKeystroke(rtlTUI: String, locale: String) -> (command: [String], setup: [UInt8], key: [UInt8]) {
        ([rtlTUI, "demo", "--locale", locale, "--no-animate", "--screen", "settings"], [0x09], Array("\u{1B}OC".utf8))
    }
}

/// One demo app, drawn again and again (the timed part is `DemoApp.render(into:)`: layout of every
/// widget and text run, and drawing into a fresh buffer).
final class DemoFrame: @unchecked Sendable {
    private var app: DemoApp

    init?(locale: String, screen: String) {
        guard let content = try? DemoContent.load(), content.screens.contains(where: { $0.id == screen }),
              let native = content.catalogs[locale], let english = content.catalogs["en"] else { return nil }
        var options = DemoApp.Options()
        options.locale = locale
        options.screen = screen
        options.animate = false
        app = DemoApp(screens: content.screens, catalogs: [locale: native, "en": english], options: options)
    }

    func redraw(width: Int, height: Int) {
        var buffer = Buffer(width: width, height: height)
        _ = app.render(into: &buffer)
        precondition(buffer.cells.count == width * height)
    }
}

enum FrameBench {
    /// Mixed text of one demo-like screen: 60 rows of Arabic, Hebrew, Persian and Latin labels,
    /// numbers and brackets, each laid out at the screen width.
    static func proxyRows(width: Int, height: Int) -> [String] {
        let pieces = ["الإعدادات", "(Settings)", "שלום עולם", "تنظیمات سیستم", "42%", "[OK]", "كَتَبَ الطالبُ",
                      "GitHub", "–", "הגדרות", "مستوى الصوت: ٧٥", "Volume", "✓", "לא", "example.com", "…"]
        var rows: [String] = []
        for y in 0..<height {
            var s = ""
            var k = y
            while s.count < width - 12 {
                s += pieces[k % pieces.count] + " "
                k = (k * 7 + 3) % pieces.count
            }
            rows.append(s)
        }
        return rows
    }

    /// Median milliseconds of `frames` redraws of the proxy screen: every row laid out by one
    /// engine (wrapping at `width`) and its first visual line drawn into a `Buffer`, cell by cell.
    static func proxyMedianMilliseconds(width: Int, height: Int, frames: Int) -> Double {
        let engine = BidiEngine()
        let rows = proxyRows(width: width, height: height)
        var times: [Double] = []
        var checksum = 0
        for _ in 0..<frames {
            let t0 = Spawn.now()
            var buffer = Buffer(width: width, height: height)
            for (y, row) in rows.enumerated() {
                let p = engine.layout(row, direction: .auto(fallback: .rtl), width: width)
                guard let line = p.lines.first else { continue }
                var x = p.direction == .rtl ? width - line.width : 0
                for cell in line.cells where cell.width > 0 {
                    buffer.set(x: x, y: y, Cell(cell.text, width: UInt8(cell.width)))
                    x += cell.width
                }
            }
            times.append((Spawn.now() - t0) * 1000)
            checksum &+= buffer.cells.count
        }
        precondition(checksum > 0)
        return median(times)
    }

    /// Median milliseconds of the demo's own redraw, when it provides the hook.
    static func demoMedianMilliseconds(width: Int, height: Int, frames: Int) -> Double? {
        guard let redraw = DemoHooks.redrawScreen else { return nil }
        var times: [Double] = []
        for _ in 0..<frames {
            let t0 = Spawn.now()
            redraw(width, height)
            times.append((Spawn.now() - t0) * 1000)
        }
        return median(times)
    }
}

enum PTYBench {
    /// What `command` writes to the terminal: its first screen, and its answer to `key`. The command
    /// runs in a pty of `columns` × `rows`; each count ends when the output has been quiet for
    /// `settle` seconds; `setup` is sent (and answered) before `key`. nil when the pty cannot be set
    /// up, or the command is no longer running when the key is sent (it failed to start).
    static func bytesForKeystroke(command: [String], setup: [UInt8], key: [UInt8], columns: Int = 200, rows: Int = 60,
                                  settle: Double = 0.5) -> (firstFrame: Int, key: Int)? {
        // A pty pair by hand (/dev/ptmx, unlock, number), as posix_openpt/unlockpt/ptsname do.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else { return nil }
        defer { close(master) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        // TIOCSPTLCK and TIOCGPTN (Linux's asm-generic numbers; Swift does not import these macros).
        guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else { return nil }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let slavePath = "/dev/pts/\(number)"
        // setsid --ctty starts a session with the pty as controlling terminal, as a terminal emulator does.
        let argv = (Spawn.which("setsid") != nil ? ["setsid", "--ctty"] : []) + command
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, slavePath, O_RDWR, 0) }
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        var envStrings = ["TERM=xterm-256color", "LINES=\(rows)", "COLUMNS=\(columns)", "LANG=C.UTF-8"]
        if let path = getenv("PATH") { envStrings.append("PATH=" + String(cString: path)) }
        let env = envStrings.map { strdup($0) } + [nil]
        defer { for p in env { free(p) } }
        var pid = pid_t()
        guard posix_spawnp(&pid, argv[0], &actions, nil, cArgs, env) == 0 else { return nil }
        var reaped = false
        defer {
            if !reaped {
                kill(pid, SIGTERM)
                var status: Int32 = 0
                waitpid(pid, &status, 0)
            }
        }
        // The demo identifies the terminal first; every batch of its queries ends with a cursor
        // position report and DA1, which this pty answers (the other queries go unanswered), so
        // the first frame follows at once.
        let first = drain(master, quietFor: settle, answering: true)
        if !setup.isEmpty {
            _ = setup.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            _ = drain(master, quietFor: settle, answering: true)
        }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            reaped = true
            return nil
        }
        _ = key.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        return (first, drain(master, quietFor: settle))
    }

    /// Reads everything `fd` produces until it has been quiet for `quietFor` seconds; returns the count.
    /// With `answering`, each cursor position request (`CSI 6 n`) and primary device attributes
    /// query (`CSI c`) in the output is answered as a terminal would: the cursor on row 2, column 2
    /// (every glyph one cell wide), and xterm's DA1 (`CSI ? 1 ; 2 c`), in the order asked.
    static func drain(_ fd: Int32, quietFor: Double, answering: Bool = false) -> Int {
        var total = 0
        var buf = [UInt8](repeating: 0, count: 1 << 16)
        var pending: [UInt8] = []  // an ESC sequence cut at the end of a read
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while poll(&pfd, 1, Int32(quietFor * 1000)) > 0 {
            let n = read(fd, &buf, buf.count)
            if n <= 0 { break }
            total += n
            guard answering else { continue }
            let (replies, rest) = replies(to: pending + buf[0..<n])
            pending = rest
            if !replies.isEmpty { _ = replies.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } }
        }
        return total
    }

    /// The answers to the `CSI 6 n` and `CSI c` in `bytes`, and the unfinished sequence at its end.
    static func replies(to bytes: [UInt8]) -> (replies: [UInt8], rest: [UInt8]) {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            guard bytes[i] == 0x1B else { i += 1; continue }
            // A CSI: ESC [, parameters and intermediates (0x20–0x3F), one final byte (0x40–0x7E).
            guard i + 1 < bytes.count else { return (out, Array(bytes[i...])) }
            guard bytes[i + 1] == 0x5B else { i += 1; continue }
            var j = i + 2
            while j < bytes.count, (0x20...0x3F).contains(bytes[j]) { j += 1 }
            guard j < bytes.count else { return (out, Array(bytes[i...])) }
            let body = Array(bytes[(i + 2)..<j])
            if bytes[j] == 0x6E, body == [0x36] { out += Array("\u{1B}[2;2R".utf8) }
            if bytes[j] == 0x63, body.isEmpty || body == [0x30] { out += Array("\u{1B}[?1;2c".utf8) }
            i = j + 1
        }
        return (out, [])
    }
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    guard !s.isEmpty else { return 0 }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}
