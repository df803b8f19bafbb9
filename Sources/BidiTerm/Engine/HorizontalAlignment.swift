/// Where something sits in a row. `leading` and `trailing` mirror with the layout direction;
/// `left` and `right` are physical and never do (R13).
public enum HorizontalAlignment: String, Sendable, Hashable, CaseIterable {
    /// At the leading edge (mirrors).
    case leading
    /// At the trailing edge (mirrors).
    case trailing
    /// Centred.
    case center
    /// At the left, in every direction (R13).
    case left
    /// At the right, in every direction (R13).
    case right
}
