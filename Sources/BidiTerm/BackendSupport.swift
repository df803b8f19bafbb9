// Backend-independent pieces of the terminal layer: the buffer diff, colour fallbacks, key
// decoding, the bidi mode sequences of R21, and the app run loop. Everything here works on values
// and the `TerminalBackend` protocol only, so it is tested without a TTY; the ncurses backend and
// the terminal session in the `rtl-tui` executable build on it.

// MARK: - Buffer diff

/// One cell to write: column `x`, row `y`, and what goes there.
public struct CellUpdate: Hashable, Sendable {
    /// Column (0: the left edge).
    public var x: Int
    /// Row (0: the top).
    public var y: Int
    /// The cell to draw there.
    public var cell: Cell

    public init(x: Int, y: Int, cell: Cell) {
        self.x = x
        self.y = y
        self.cell = cell
    }
}

/// What changed between two buffers, as the cells a backend must write.
public enum BufferDiff {
    /// The cells of `new` that differ from `old`, in row order, left to right.
    ///
    /// Continuation cells (the right halves of wide graphemes) are never listed: writing the wide
    /// grapheme in the left cell covers them. Whenever a continuation cell differs, its left cell
    /// differs too (a `Buffer` keeps the pair together), so nothing is lost. When `old` is nil or
    /// covers another area, every cell of `new` is listed.
    ///
    /// ```swift
    /// var a = Buffer(width: 3, height: 1), b = a
    /// b.set(x: 1, y: 0, Cell("x"))
    /// BufferDiff.changes(from: a, to: b)   // [CellUpdate(x: 1, y: 0, cell: Cell("x"))]
    /// ```
    ///
    /// - Complexity: O(number of cells).
    public static func changes(from old: Buffer?, to new: Buffer) -> [CellUpdate] {
        let area = new.area
        let comparable = old.map { $0.area == area } ?? false
        var out: [CellUpdate] = []
        var i = 0
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX {
                let cell = new.cells[i]
                if !cell.isContinuation, !comparable || old!.cells[i] != cell {
                    out.append(CellUpdate(x: x, y: y, cell: cell))
                }
                i += 1
            }
        }
        return out
    }
}

// MARK: - Symbols safe for a terminal

/// The last line of defence of R22 at the terminal edge.
public enum TerminalSymbol {
    /// `symbol` as it may be written to a terminal cell.
    ///
    /// Cells are sanitised by the text engine before they reach a buffer; this makes sure that
    /// whatever a widget stored by hand cannot carry a control character or an explicit bidi
    /// control to the terminal: a C0/C1 control or DEL becomes U+FFFD (one cell, like the cell it
    /// replaces), the explicit bidi controls (U+202A–U+202E, U+2066–U+2069, LRM, RLM, ALM) are
    /// dropped, and an empty result is a space.
    public static func safe(_ symbol: String) -> String {
        guard symbol.unicodeScalars.contains(where: { needsCare($0.value) }) else {
            return symbol.isEmpty ? " " : symbol
        }
        var out = String.UnicodeScalarView()
        for s in symbol.unicodeScalars {
            let v = s.value
            if Sanitizer.isControl(v) {
                out.append("\u{FFFD}")
            } else if !Sanitizer.isBidiControl(v) {
                out.append(s)
            }
        }
        return out.isEmpty ? " " : String(out)
    }

    @inline(__always) static func needsCare(_ v: UInt32) -> Bool { Sanitizer.isControl(v) || Sanitizer.isBidiControl(v) }
}

// MARK: - Colours

/// How many colours a terminal shows, from the most to the least.
public enum ColorSupport: Hashable, Sendable {
    /// 256 colours or more: palette indices are used as they are.
    case palette256
    /// 16 colours: ANSI colours as they are, palette colours by their nearest basic colour.
    case ansi16
    /// 8 colours: every colour by `Color.basic8`.
    case basic8
    /// No colours (no colour support, or `NO_COLOR`): attributes only.
    case monochrome

    /// The support to use for a terminal that reports `hasColors` and `colorCount` colours (curses'
    /// `has_colors()` and `COLORS`), given whether the user asked for no colour.
    public static func detect(hasColors: Bool, colorCount: Int, noColor: Bool) -> ColorSupport {
        if noColor || !hasColors { return .monochrome }
        if colorCount >= 256 { return .palette256 }
        if colorCount >= 16 { return .ansi16 }
        if colorCount >= 8 { return .basic8 }
        return .monochrome
    }

    /// Whether `environment` asks for no colour: `NO_COLOR` present and not empty (no-color.org).
    public static func noColorRequested(in environment: [String: String]) -> Bool {
        guard let v = environment["NO_COLOR"] else { return false }
        return !v.isEmpty
    }
}

/// A style as a terminal can show it: colour numbers (-1: the terminal's default) and attributes.
public struct TerminalStyle: Hashable, Sendable {
    /// Foreground colour number, -1 for the terminal's default.
    public var fg: Int
    /// Background colour number, -1 for the terminal's default.
    public var bg: Int
    /// The attributes, unchanged by the colour fallback.
    public var attributes: Attributes

    public init(fg: Int, bg: Int, attributes: Attributes) {
        self.fg = fg
        self.bg = bg
        self.attributes = attributes
    }
}

/// Maps `Style` colours onto what a terminal supports: 256 → 16 → 8 (`Color.basic8`) →
/// monochrome (attributes only).
public struct ColorMapper: Hashable, Sendable {
    public let support: ColorSupport
    /// Whether colour -1 (the terminal's default) is available (curses' `use_default_colors`
    /// succeeded). Without it, the default foreground is white (7) and the default background
    /// black (0).
    public let defaultColorsAvailable: Bool

    public init(support: ColorSupport, defaultColorsAvailable: Bool = true) {
        self.support = support
        self.defaultColorsAvailable = defaultColorsAvailable
    }

    /// `style` as the terminal shows it.
    ///
    /// When the fallback gives two different colours the same number (grey on black becomes
    /// black on black with 8 colours), the foreground becomes white on black or black on any
    /// other background, so the text stays readable.
    public func map(_ style: Style) -> TerminalStyle {
        if support == .monochrome { return TerminalStyle(fg: -1, bg: -1, attributes: style.attributes) }
        var fg = number(style.fg)
        var bg = number(style.bg)
        if !defaultColorsAvailable {
            if fg < 0 { fg = 7 }
            if bg < 0 { bg = 0 }
        }
        if fg >= 0, fg == bg, style.fg != style.bg {
            fg = bg == 0 ? 7 : 0
        }
        return TerminalStyle(fg: fg, bg: bg, attributes: style.attributes)
    }

    /// The colour number of `color` under `support` (-1: default).
    public func number(_ color: Color) -> Int {
        switch (support, color) {
        case (_, .default), (.monochrome, _): return -1
        case (.palette256, .ansi(let n)), (.palette256, .indexed(let n)): return Int(n)
        case (.ansi16, .ansi(let n)): return Int(n & 15)
        case (.ansi16, .indexed(let n)) where n < 16: return Int(n)
        case (.ansi16, _), (.basic8, _): return color.basic8.map(Int.init) ?? -1
        }
    }
}

/// Colour pair numbers for (foreground, background) combinations, as curses needs them: pair 0
/// is the terminal's default pair, the others are handed out in order and kept.
public struct ColorPairTable: Sendable {
    /// The number of pairs the terminal has (curses' `COLOR_PAIRS`), pair 0 included.
    public let capacity: Int
    private var pairs: [Key: Int] = [:]
    private struct Key: Hashable, Sendable { var fg: Int, bg: Int }

    public init(capacity: Int) { self.capacity = max(1, capacity) }

    /// The number of pairs handed out so far (pair 0 not counted).
    public var count: Int { pairs.count }

    /// The pair for `fg` on `bg`, and whether it is new (the caller then defines it with
    /// `init_pair`). Default on default is pair 0. When every pair is taken, a combination seen
    /// for the first time gets pair 0 (default colours; attributes still apply).
    public mutating func pair(fg: Int, bg: Int) -> (pair: Int, isNew: Bool) {
        if fg < 0, bg < 0 { return (0, false) }
        let key = Key(fg: fg, bg: bg)
        if let p = pairs[key] { return (p, false) }
        let next = pairs.count + 1
        guard next < capacity else { return (0, false) }
        pairs[key] = next
        return (next, true)
    }

    /// Forgets every pair (after curses' colours are reset).
    public mutating func removeAll() { pairs.removeAll() }
}

// MARK: - Keys

extension KeyEvent {
    /// The key for a character code read from a terminal (not a decoded function key): CR and LF
    /// are Enter, TAB is Tab, ESC is Escape, DEL (127) and BS (8, Ctrl-H) are Backspace, the other
    /// codes 1–26 are Ctrl-A…Ctrl-Z (lower-case letters), other control codes and invalid code
    /// points are `.unknown(code)`, and everything else (Arabic, Hebrew, Persian letters, marks,
    /// any printable character) is `.character`.
    public init(terminalCharacter code: UInt32) {
        switch code {
        case 10, 13: self = .enter
        case 9: self = .tab
        case 27: self = .escape
        case 8, 127: self = .backspace
        case 1...26: self = .ctrl(Character(Unicode.Scalar(UInt8(code) + 0x60)))
        case 0, 28...31, 0x80...0x9F: self = .unknown(Int(code))
        default:
            if let s = Unicode.Scalar(code) { self = .character(Character(s)) } else { self = .unknown(Int(code)) }
        }
    }
}

// MARK: - Terminal bidi modes (R21)

/// Who runs the bidi algorithm when the interactive app draws: the app or the terminal (R21).
public enum TerminalBidiMode: String, CaseIterable, Hashable, Sendable {
    /// The app reorders and shapes every line; the terminal is told to show cells as they come
    /// (BiDi mode reset of the freedesktop terminal BiDi recommendation). The default.
    case explicit
    /// The app hands logical text to a bidi-capable terminal, which reorders it. The caller skips
    /// reordering but keeps mirrored widgets (layout direction, R2–R18, is still the app's).
    case implicit
    /// Nothing is sent; the terminal is left as it is.
    case none

    /// Whether the app reorders text itself in this mode.
    public var appReorders: Bool { self != .implicit }

    /// The bytes that switch a terminal into this mode (`enter`) and back to its defaults
    /// (`leave`), for the terminal described by `environment`.
    ///
    /// Explicit: `CSI 8 l` (BiDi mode: explicit), `CSI 1 SP k` (SPD: paragraph direction LTR),
    /// `CSI ? 1243 l` (arrow keys not swapped, R14); left with `CSI 8 h`, `CSI 0 SP k`,
    /// `CSI ? 1243 h`. mlterm (`MLTERM` set) also gets `OSC 5379 ; use_ctl=false BEL`, undone with
    /// `use_ctl=true`. Implicit: `CSI 8 h`, which is also the terminals' default. Terminals that do
    /// not know these sequences ignore them.
    public func sequences(environment: [String: String]) -> (enter: String, leave: String) {
        let esc = "\u{1B}"
        let mlterm = environment["MLTERM"] != nil
        switch self {
        case .none:
            return ("", "")
        case .implicit:
            return ("\(esc)[8h", "\(esc)[8h")
        case .explicit:
            var enter = "\(esc)[8l\(esc)[1 k\(esc)[?1243l"
            var leave = "\(esc)[8h\(esc)[0 k\(esc)[?1243h"
            if mlterm {
                enter += "\(esc)]5379;use_ctl=false\u{07}"
                leave += "\(esc)]5379;use_ctl=true\u{07}"
            }
            return (enter, leave)
        }
    }

    /// A one-line hint for terminals whose bidi cannot be switched off by an app, or nil.
    ///
    /// Konsole (`KONSOLE_VERSION` set) runs its own bidi and ignores the mode sequences; in
    /// explicit mode the user has to turn it off in the profile.
    public func hint(environment: [String: String]) -> String? {
        guard self == .explicit, environment["KONSOLE_VERSION"] != nil else { return nil }
        return "rtl-tui: Konsole reorders right-to-left text itself and cannot be told not to by an app; "
            + "for correct display turn off Settings → Edit Current Profile → Advanced → \"Bi-Directional text rendering\"."
    }
}

// MARK: - App run loop

/// What an app wants after an event.
public enum AppAction: Hashable, Sendable {
    case `continue`
    case quit
}

/// A full-screen app: state that draws itself into a buffer and reacts to keys.
///
/// The run loop hands `render` a blank buffer the size of the terminal every frame, so a resized
/// terminal re-lays out at once; an app that cannot fit draws its own "too small" notice.
///
/// ```swift
/// struct Counter: TerminalApp {
///     var n = 0
///     mutating func render(into buffer: inout Buffer) -> (x: Int, y: Int)? {
///         for (i, ch) in "\(n)".enumerated() { buffer.set(x: i, y: 0, Cell(String(ch))) }
///         return nil
///     }
///     mutating func handle(_ key: KeyEvent) -> AppAction {
///         if key == .character("q") { return .quit }
///         n += 1
///         return .continue
///     }
/// }
/// ```
public protocol TerminalApp {
    /// Draws the app into `buffer` (blank, covering the whole terminal) and returns where the
    /// cursor goes, or nil to hide it.
    mutating func render(into buffer: inout Buffer) -> (x: Int, y: Int)?
    /// Reacts to a key or event. `.resize` arrives after the terminal changed size (the next
    /// `render` gets a buffer of the new size).
    mutating func handle(_ key: KeyEvent) -> AppAction
    /// How often `tick` runs while no key arrives, for animation; nil (the default): never.
    var tickInterval: Duration? { get }
    /// Advances animation; the loop renders afterwards. The default does nothing.
    mutating func tick() -> AppAction
}

extension TerminalApp {
    public var tickInterval: Duration? { nil }
    public mutating func tick() -> AppAction { .continue }
}

/// Why a run loop ended.
public enum AppLoopExit: Hashable, Sendable {
    /// The app returned `.quit`.
    case quit
    /// The terminal's input closed (end of file, hang-up).
    case inputClosed
    /// A signal asked the process to end (SIGINT, SIGTERM, SIGHUP, SIGQUIT).
    case signal(Int32)
}

/// What the loop's owner wants, asked before every wait for input.
public enum AppLoopControl: Hashable, Sendable {
    /// Go on.
    case proceed
    /// The screen was disturbed (resumed after a stop, for instance): repaint all of it.
    case redraw
    /// End the loop.
    case stop(AppLoopExit)
}

/// Drives a `TerminalApp` against a `TerminalBackend`: render, wait for a key or the next tick,
/// react, render again.
///
/// Keys that are already waiting are handled together before one render (a paste of many
/// characters redraws once). Rendering goes through the backend's `draw`, which sends only the
/// cells that changed.
public struct AppLoop<App: TerminalApp> {
    /// The app, as the loop left it.
    public private(set) var app: App
    public let backend: any TerminalBackend
    /// The longest single wait for input, in milliseconds, so that `control` is asked regularly
    /// even when a signal does not interrupt the wait.
    public var maxWaitMilliseconds: Int = 250
    /// The most keys handled before a render.
    public var maxKeysPerFrame: Int = 256
    /// The number of frames drawn so far.
    public private(set) var framesDrawn = 0

    public init(app: App, backend: any TerminalBackend) {
        self.app = app
        self.backend = backend
    }

    /// Renders the app into a blank buffer of the backend's size and draws it.
    public mutating func renderFrame() {
        let size = backend.size
        var buffer = Buffer(width: max(0, size.width), height: max(0, size.height))
        let cursor = app.render(into: &buffer)
        backend.draw(buffer, cursor: cursor)
        framesDrawn += 1
    }

    /// Runs until the app quits or `control` says stop; returns why it ended.
    ///
    /// - Parameter control: asked before every wait for input; `.redraw` repaints everything
    ///   (`invalidate` then a render).
    public mutating func run(control: () -> AppLoopControl = { .proceed }) -> AppLoopExit {
        let clock = ContinuousClock()
        var nextTick: ContinuousClock.Instant? = nil
        renderFrame()
        while true {
            switch control() {
            case .stop(let reason): return reason
            case .redraw:
                backend.invalidate()
                renderFrame()
            case .proceed: break
            }

            if let interval = app.tickInterval {
                if nextTick == nil { nextTick = clock.now.advanced(by: interval) }
            } else {
                nextTick = nil
            }
            var wait = maxWaitMilliseconds
            if let t = nextTick { wait = min(wait, Self.milliseconds(until: t, clock: clock)) }

            if var key = backend.readKey(timeoutMilliseconds: wait) {
                var handled = 0
                while true {
                    if app.handle(key) == .quit { return .quit }
                    handled += 1
                    guard handled < maxKeysPerFrame, let more = backend.readKey(timeoutMilliseconds: 0) else { break }
                    key = more
                }
                renderFrame()
            }

            if let t = nextTick, clock.now >= t {
                if app.tick() == .quit { return .quit }
                nextTick = app.tickInterval.map { clock.now.advanced(by: $0) }
                renderFrame()
            }
        }
    }

    /// Whole milliseconds from now to `t`, rounded up, never negative.
    static func milliseconds(until t: ContinuousClock.Instant, clock: ContinuousClock) -> Int {
        let d = clock.now.duration(to: t)
        if d <= .zero { return 0 }
        let (s, atto) = d.components
        return Int(s) * 1000 + Int((atto + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
