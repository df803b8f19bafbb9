import BidiTerm

extension Optional where Wrapped == LayoutDirection {
    /// The next direction of the apps' `d` key: the locale's (nil) → LTR → RTL → the locale's.
    var nextOverride: LayoutDirection? {
        switch self {
        case nil: return .ltr
        case .ltr?: return .rtl
        case .rtl?: return nil
        }
    }
}
