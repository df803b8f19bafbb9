/// Builds the children of a stack from a list of statements, as SwiftUI's `ViewBuilder` does: each
/// line is a child, `if`, `if`/`else`, `switch` and `for` add children conditionally or in a loop.
///
/// A line is a `Stack.Child` (a widget with its size: `label.sized(.fit)`, `.cells(1, label)`), or a
/// bare widget, which is `.fill`.
///
///     let showHelp = true
///     let help = "Tab: הבא"
///     let items = ["אחד", "שניים"]
///     let screen = Stack.horizontal(separator: true) {
///         List(["כללי", "תצוגה"], selected: 0).sized(.max(20))     // the sidebar: at the right in RTL
///         Stack.vertical {
///             Label("بحث").sized(.fit)
///             if showHelp { Paragraph(help).sized(.fit) }
///             for item in items { Label(item).sized(.cells(1)) }
///             Spacer()                                              // .fill
///         }
///     }
@resultBuilder
public enum StackBuilder {
    /// A child with its size.
    public static func buildExpression(_ child: Stack.Child) -> [Stack.Child] { [child] }
    /// A bare widget: a `.fill` child.
    public static func buildExpression<W: Widget>(_ widget: W) -> [Stack.Child] { [Stack.Child(.fill, widget)] }
    /// Children made elsewhere.
    public static func buildExpression(_ children: [Stack.Child]) -> [Stack.Child] { children }
    /// The lines in order.
    public static func buildBlock(_ parts: [Stack.Child]...) -> [Stack.Child] { parts.flatMap { $0 } }
    /// An `if` without `else`: its children, or none.
    public static func buildOptional(_ children: [Stack.Child]?) -> [Stack.Child] { children ?? [] }
    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first children: [Stack.Child]) -> [Stack.Child] { children }
    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second children: [Stack.Child]) -> [Stack.Child] { children }
    /// A `for` loop: the children of every pass.
    public static func buildArray(_ parts: [[Stack.Child]]) -> [Stack.Child] { parts.flatMap { $0 } }
    /// An `if #available` block.
    public static func buildLimitedAvailability(_ children: [Stack.Child]) -> [Stack.Child] { children }
}

extension Stack {
    /// A stack whose children, built by `children`, run top to bottom.
    public static func vertical(spacing: Int = 0, separator: Bool = false,
                                @StackBuilder _ children: () -> [Child]) -> Stack {
        Stack(.vertical, children(), spacing: spacing, separator: separator)
    }

    /// A stack whose children, built by `children`, run leading to trailing (R2).
    public static func horizontal(spacing: Int = 0, separator: Bool = false,
                                  @StackBuilder _ children: () -> [Child]) -> Stack {
        Stack(.horizontal, children(), spacing: spacing, separator: separator)
    }
}

extension Pane {
    /// A pane split into children built by `children`, with shared dividers.
    public init(title: String? = nil, border: Bool = true, axis: Stack.Axis = .horizontal,
                @StackBuilder split children: () -> [Stack.Child]) {
        self.init(title: title, border: border, split: children(), axis: axis)
    }
}
