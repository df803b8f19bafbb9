/// Modifier keys held with a key or a mouse event, as xterm encodes them (`CSI 1 ; m X`: m − 1 is
/// the sum of shift 1, alt 2, ctrl 4, meta 8).
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The bits: shift 1, alt 2, ctrl 4, meta 8.
    public let rawValue: UInt8
    /// The modifiers of the bits `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Shift.
    public static let shift = KeyModifiers(rawValue: 1)
    /// Alt (Option).
    public static let alt = KeyModifiers(rawValue: 2)
    /// Control.
    public static let ctrl = KeyModifiers(rawValue: 4)
    /// Meta.
    public static let meta = KeyModifiers(rawValue: 8)
}

/// A mouse report: the cell (0-based), what happened, and the modifiers held.
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Action: Hashable, Sendable {
        /// Button 1–3 pressed (1 left, 2 middle, 3 right).
        case press(Int)
        /// A button released (the button is known only from SGR reports; 0 when unknown).
        case release(Int)
        /// Moved with button 1–3 held (0: no button, motion reporting).
        case drag(Int)
        /// The wheel: 4 up, 5 down, 6 left, 7 right.
        case wheel(Int)
    }
    /// The column, 0-based.
    public var x: Int
    /// The row, 0-based.
    public var y: Int
    /// What the mouse did.
    public var action: Action
    /// The modifiers held.
    public var modifiers: KeyModifiers

    /// A report of `action` at (`x`, `y`).
    public init(x: Int, y: Int, action: Action, modifiers: KeyModifiers = []) {
        self.x = x
        self.y = y
        self.action = action
        self.modifiers = modifiers
    }
}

/// One thing read from a terminal's input, decoded from its bytes (`InputDecoder`): a key with its
/// modifiers, a bracketed paste, a mouse report, a reply to a query, or bytes no decoder knows
/// (kept whole so nothing typed is lost).
public enum InputEvent: Hashable, Sendable {
    /// A key, with the modifiers held.
    case key(KeyEvent, KeyModifiers)
    /// The text between `CSI 200 ~` and `CSI 201 ~`, as bytes (never decoded as keys).
    case paste([UInt8])
    /// A mouse report.
    case mouse(MouseEvent)
    /// A terminal's answer to a query (DA, DSR, CPR, DECRQM, OSC, DCS): never a key.
    case reply([UInt8])
    /// Focus gained (`CSI I`, true) or lost (`CSI O`, false), when focus reporting is on.
    case focus(Bool)
    /// An escape sequence or byte the decoder does not know, as received.
    case unknown([UInt8])
}
