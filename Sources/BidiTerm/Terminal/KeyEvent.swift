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
