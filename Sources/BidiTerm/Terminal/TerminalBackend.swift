// The terminal-independent pieces of the terminal layer live in this folder: key events, this
// protocol, the app run loop, the bidi mode sequences of R21, colour support and fallback. They work
// on values and the `TerminalBackend` protocol only, so they are tested without a TTY; the ncurses
// backend and the terminal session in the `rtl-tui` executable build on them.

/// What a terminal backend offers the app: its size, drawing a buffer, reading keys.
///
/// Widgets never talk to a backend; an app draws widgets into a `Buffer` and hands the buffer to
/// `draw`, which sends only the cells that changed since the last draw.
public protocol TerminalBackend: AnyObject {
    /// The terminal's size in cells.
    var size: (width: Int, height: Int) { get }
    /// Draws `buffer` (only the differences from the previous draw) and moves the cursor to
    /// `cursor` (x, y), or hides it when nil.
    func draw(_ buffer: Buffer, cursor: (x: Int, y: Int)?)
    /// Forgets what is on screen so the next `draw` repaints everything.
    func invalidate()
    /// Waits up to `timeoutMilliseconds` (negative: forever) for a key; nil on timeout.
    func readKey(timeoutMilliseconds: Int) -> KeyEvent?
}
