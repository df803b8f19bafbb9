/// The shape of the cursor a program asked for (DECSCUSR).
public enum CursorShape: Hashable, Sendable {
    case block, underline, bar
}

/// Which mouse events the program asked to receive (xterm modes 1000, 1002, 1003).
public enum MouseMode: Hashable, Sendable {
    /// No reporting.
    case none
    /// Presses and releases (1000).
    case click
    /// Also motion while a button is held (1002).
    case drag
    /// Also motion with no button held (1003).
    case move
}
