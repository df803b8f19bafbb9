/// Who runs the bidi algorithm when an interactive app draws, and how the app deals with a
/// terminal that runs its own (R21): the values of `--bidi-mode`.
public enum TerminalBidiMode: String, CaseIterable, Hashable, Sendable, Codable {
    /// Identify the terminal over the wire and do what reads right in it (`TerminalSetup.plan`):
    /// switch its bidi off where an escape sequence can, send rows in the order its own bidi
    /// turns back into the picture where that is proven, otherwise show a notice with the
    /// setting to change. The default.
    case auto
    /// The app reorders and shapes every line and tells the terminal not to (BiDi mode reset of
    /// the freedesktop terminal BiDi recommendation, and mlterm's own switch); cells are sent as
    /// drawn, whatever the terminal. For terminals whose bidi is already off.
    case explicit
    /// The app hands logical text to a bidi-capable terminal, which reorders it. The caller skips
    /// reordering but keeps mirrored widgets (layout direction, R2–R18, is still the app's).
    case implicit
    /// Nothing is sent; cells are sent as drawn; the terminal is left as it is.
    case none
    /// Rows sent for Konsole's own bidi (`WireOrder.konsole`), whatever the terminal says it is.
    case konsole
    /// Rows sent for PuTTY's own bidi (`WireOrder.putty`).
    case putty
    /// Text runs sent for qterminal's own bidi (`WireOrder.qterminal`).
    case qterminal
    /// Runs sent for kitty's right-to-left text runs (`WireOrder.kitty`).
    case kitty

    /// Whether the app reorders text itself in this mode.
    public var appReorders: Bool { self != .implicit }

    /// The wire order a mode forces, or nil when it does not force one.
    public var forcedWireOrder: WireOrder? {
        switch self {
        case .konsole: return .konsole
        case .putty: return .putty
        case .qterminal: return .qterminal
        case .kitty: return .kitty
        case .explicit, .implicit, .none: return .visual
        case .auto: return nil
        }
    }
}
