/// A key or event read from a terminal.
public enum KeyEvent: Hashable, Sendable {
    /// A printable character (a letter of any script, a digit, a symbol).
    case character(Character)
    /// ← (physical: R14).
    case left
    /// → (physical: R14).
    case right
    /// ↑.
    case up
    /// ↓.
    case down
    /// Home: the logical start.
    case home
    /// End: the logical end.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Backspace: deletes the logically previous grapheme.
    case backspace
    /// Delete.
    case delete
    /// Enter (Return).
    case enter
    /// Tab: the next control in reading order.
    case tab
    /// Shift-Tab: the previous control in reading order.
    case backTab
    /// Escape.
    case escape
    /// A function key, F1…F12.
    case function(Int)
    /// Ctrl with a letter: Ctrl-A … Ctrl-Z, as the lower-case letter.
    case ctrl(Character)
    /// The terminal changed size.
    case resize(width: Int, height: Int)
    /// A mouse button pressed at a cell (0-based; button 1 left, 2 middle, 3 right).
    case mouse(x: Int, y: Int, button: Int)
    /// A key no case names (its code).
    case unknown(Int)
}

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
