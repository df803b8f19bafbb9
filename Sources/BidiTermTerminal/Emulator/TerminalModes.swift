/// The shape of the cursor a program asked for (DECSCUSR).
public enum CursorShape: Hashable, Sendable {
    /// A block over the cell.
    case block
    /// A line under the cell.
    case underline
    /// A bar at the cell's left edge.
    case bar
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
