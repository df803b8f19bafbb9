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
