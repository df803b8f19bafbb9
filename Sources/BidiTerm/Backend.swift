/// A key or event read from a terminal.
public enum KeyEvent: Hashable, Sendable {
    case character(Character)
    case left, right, up, down, home, end, pageUp, pageDown
    case backspace, delete, enter, tab, backTab, escape
    case function(Int)
    case ctrl(Character)       // Ctrl-A ... Ctrl-Z, lower-case letter
    case resize(width: Int, height: Int)
    case mouse(x: Int, y: Int, button: Int)
    case unknown(Int)
}

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
