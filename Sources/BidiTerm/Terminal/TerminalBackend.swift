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
    /// Waits up to `timeoutMilliseconds` (negative: forever) for a key; nil on timeout, when a
    /// signal or a posted message (`wakeDescriptor`) interrupted the wait, or at end of input.
    func readKey(timeoutMilliseconds: Int) -> KeyEvent?
    /// True once the input has ended (end of file, the terminal hung up): the loop then ends with
    /// `.inputClosed`. The default is false.
    var inputClosed: Bool { get }
    /// A descriptor whose readability also ends a wait for a key (an `AppMailbox`'s), or -1.
    var wakeDescriptor: Int32 { get set }
}

extension TerminalBackend {
    public var inputClosed: Bool { false }
    public var wakeDescriptor: Int32 {
        get { -1 }
        set {}
    }
}
