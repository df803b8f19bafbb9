import Synchronization

/// The name of a focusable control in a `FocusState`.
public struct FocusID: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name.
    public var name: String

    /// A focus id named `name`.
    public init(_ name: String) { self.name = name }

    /// A focus id written as a string literal: `"volume"`.
    public init(stringLiteral name: String) { self.name = name }

    /// The name.
    public var description: String { name }
}

/// Which control of a screen has the focus, and the order Tab walks them in: the state of a
/// `FocusScope`, kept by the app between frames.
///
/// The order is the order the scope's `Focusable` controls were drawn in the last frame. A `Stack`
/// draws its children from the leading edge (R2), so that is reading order: in RTL, Tab goes from
/// the right to the left (R14), with no direction code in the app.
///
///     struct Settings: TerminalApp {
///         var focus = FocusState()          // the first control, once drawn
///         let context = RenderContext(locale: "he")
///         var wifi = true
///         mutating func render(into buffer: inout Buffer) -> (x: Int, y: Int)? {
///             let screen = Stack.vertical {
///                 Slider(value: 40, maximum: 100).focusable("volume").sized(.cells(1))
///                 Toggle(label: "Wi-Fi", isOn: wifi).focusable("wifi").sized(.cells(1))
///             }
///             FocusScope(screen).render(buffer.area, into: &buffer, state: &focus, context: context)
///             return nil
///         }
///         mutating func handle(_ key: KeyEvent) -> AppAction {
///             if focus.handle(key) { return .continue }      // Tab, Shift-Tab
///             if focus.isFocused("wifi") { wifi = Toggle(isOn: wifi).isOn(after: key, direction: .rtl) }
///             return .continue
///         }
///     }
public struct FocusState: Sendable, Hashable {
    /// The focused control, or nil for none.
    public var focused: FocusID?
    /// The focusable controls of the last frame, in reading order.
    public private(set) var order: [FocusID] = []
    /// Where each focusable control was drawn in the last frame.
    public private(set) var areas: [FocusID: Rect] = [:]
    /// Focus the first control once the order is known (a state made without a focused id).
    private var startsOnFirst: Bool

    /// A focus state on `focused`, or, when nil, on the first control of the first frame drawn.
    public init(focused: FocusID? = nil) {
        self.focused = focused
        self.startsOnFirst = focused == nil
    }

    /// True when `id` has the focus.
    public func isFocused(_ id: FocusID) -> Bool { focused == id }

    /// Moves the focus `step` controls along the reading order, wrapping around at either end. From
    /// no focus, +1 goes to the first control and -1 to the last.
    public mutating func move(by step: Int) {
        startsOnFirst = false
        guard !order.isEmpty else { focused = nil; return }
        let n = order.count
        let start = focused.flatMap { order.firstIndex(of: $0) } ?? (step > 0 ? -1 : 0)
        focused = order[((start + step) % n + n) % n]
    }

    /// Tab moves to the next control and Shift-Tab to the previous one in reading order (R14).
    /// - Returns: true when the key was one of them.
    public mutating func handle(_ key: KeyEvent) -> Bool {
        switch key {
        case .tab: move(by: 1)
        case .backTab: move(by: -1)
        default: return false
        }
        return true
    }

    /// Focuses `id` (it need not have been drawn yet).
    public mutating func focus(_ id: FocusID) {
        startsOnFirst = false
        focused = id
    }

    /// Focuses the control drawn at column `x`, row `y` (a mouse click).
    /// - Returns: true when a control was there.
    @discardableResult
    public mutating func focus(atColumn x: Int, row y: Int) -> Bool {
        guard let id = order.last(where: { areas[$0].map { x >= $0.minX && x < $0.maxX && y >= $0.minY && y < $0.maxY } ?? false })
        else { return false }
        focus(id)
        return true
    }

    /// Leaves no control focused (until `move(by:)`, `handle(_:)` or `focus(_:)`).
    public mutating func clear() {
        startsOnFirst = false
        focused = nil
    }

    /// Takes the controls of a frame, in reading order, with their areas. A focused control that
    /// is no longer there gives the focus to the first one; a new state focuses the first one.
    public mutating func update(order newOrder: [FocusID], areas newAreas: [FocusID: Rect] = [:]) {
        var seen = Set<FocusID>()
        order = newOrder.filter { seen.insert($0).inserted }
        areas = newAreas
        if let f = focused, !seen.contains(f) { focused = order.first }
        if focused == nil && startsOnFirst, let first = order.first {
            focused = first
            startsOnFirst = false
        }
    }
}

/// Records the focusable controls of one frame in the order they are drawn (a reference, because
/// widgets draw through non-mutating `render`; its records are behind a lock).
final class FocusRecorder: Sendable {
    private let records = Mutex<(order: [FocusID], areas: [FocusID: Rect])>(([], [:]))

    func record(_ id: FocusID, _ area: Rect) {
        records.withLock { r in
            if r.areas[id] == nil { r.order.append(id) }
            r.areas[id] = area
        }
    }

    var recorded: (order: [FocusID], areas: [FocusID: Rect]) { records.withLock { $0 } }
}

/// What the context tells the widgets of a focus scope.
struct FocusEnvironment: EnvironmentKey, Sendable {
    static let defaultValue = FocusEnvironment()
    var focused: FocusID?
    var recorder: FocusRecorder?
    var isFocused = false
}

extension RenderContext {
    /// The focused control of the enclosing `FocusScope`, or nil.
    public var focusedID: FocusID? { self[FocusEnvironment.self].focused }

    /// True inside the focused `Focusable`: a widget may draw its focus itself (a caret, a marker).
    public var isFocused: Bool { self[FocusEnvironment.self].isFocused }
}

/// A subtree whose `Focusable` controls take the focus in turn: draws `content` with the state's
/// focus and learns the frame's focus order (the order the controls are drawn, reading order in
/// stacks: R2, R14) into the state. Use it at the root of a screen, or around a group that has a
/// focus of its own (a scope inside another hides its controls from the outer one).
///
/// A state that does not yet know the focused control (a new state, or one whose control is gone)
/// is drawn twice on that frame, so the frame already shows the focus.
public struct FocusScope: StatefulWidget, Sendable {
    /// The widgets drawn in the scope.
    public var content: any Widget

    /// A scope around `content`.
    public init(_ content: any Widget) { self.content = content }

    /// Draws `content` with the focus of `state`, then updates `state.order` and `state.areas`.
    public func render(_ area: Rect, into buffer: inout Buffer, state: inout FocusState, context: RenderContext) {
        let before = buffer
        let focused = state.focused
        draw(area, into: &buffer, state: &state, context: context)
        if state.focused != focused {
            buffer = before
            draw(area, into: &buffer, state: &state, context: context)
        }
    }

    private func draw(_ area: Rect, into buffer: inout Buffer, state: inout FocusState, context: RenderContext) {
        let recorder = FocusRecorder()
        let c = context.with(FocusEnvironment.self, FocusEnvironment(focused: state.focused, recorder: recorder))
        content.render(area, into: &buffer, context: c)
        let recorded = recorder.recorded
        state.update(order: recorded.order, areas: recorded.areas)
    }
}

/// A control that can take the focus in a `FocusScope`: it records its place in the focus order
/// when drawn, and when focused draws `content` with the theme's focus styles.
///
///     let files = List(["a.txt", "ב.txt"])
///     Toggle(label: "Wi-Fi", isOn: true).focusable("wifi")
///     Pane(title: "Files", child: files).focusable("files", highlight: .panel)
public struct Focusable: Widget {
    /// How a focused control is shown, with the styles of the theme.
    public enum Highlight: Sendable, Hashable {
        /// The control's area filled with `Theme.focus` and the control drawn over it (each of its
        /// styles laid over the focus style, so it keeps its own colours where it has them).
        case control
        /// The borders and titles of the subtree in `Theme.focusBorder` and `Theme.focusTitle`: a
        /// focused pane.
        case panel
        /// Nothing: the control draws its focus itself (`RenderContext.isFocused`).
        case none

        /// The context a focused control is drawn with: the highlight's styles, and `isFocused`.
        public func context(from context: RenderContext) -> RenderContext {
            var c: RenderContext
            switch self {
            case .control: c = context.with(style: context.theme.focus)
            case .panel:
                var t = context.theme
                t.border = t.focusBorder
                t.title = t.focusTitle
                c = context.with(theme: t)
            case .none: c = context
            }
            var f = c[FocusEnvironment.self]
            f.isFocused = true
            c[FocusEnvironment.self] = f
            return c
        }

        /// Draws `content` focused into `area`: the background of `.control` first, then the
        /// content with `context(from:)`, which it returns.
        @discardableResult
        public func draw(_ content: any Widget, in area: Rect, into buffer: inout Buffer,
                         context: RenderContext) -> RenderContext {
            let c = self.context(from: context)
            if self == .control { buffer.fill(area, with: Cell(" ", style: c.style)) }
            content.render(area, into: &buffer, context: c)
            return c
        }
    }

    /// The control's name in the focus order.
    public var id: FocusID
    /// The control.
    public var content: any Widget
    /// How it looks when focused.
    public var highlight: Highlight

    /// A focusable `content` named `id`.
    public init(_ id: FocusID, _ content: any Widget, highlight: Highlight = .control) {
        self.id = id
        self.content = content
        self.highlight = highlight
    }

    /// Records the control (when it gets cells) and draws it, highlighted when it has the focus.
    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let focus = context[FocusEnvironment.self]
        focus.recorder?.record(id, area)
        var inner = context
        if focus.isFocused {
            // A control inside a focused one is not focused itself.
            var f = focus
            f.isFocused = false
            inner[FocusEnvironment.self] = f
        }
        if focus.focused == id {
            highlight.draw(content, in: area, into: &buffer, context: inner)
        } else {
            content.render(area, into: &buffer, context: inner)
        }
    }

    /// The natural size of the control.
    public func measure(_ proposal: Extent, context: RenderContext) -> Extent {
        content.measure(proposal, context: context)
    }
}

extension Widget {
    /// This widget as a control named `id` that can take the focus in a `FocusScope`.
    public func focusable(_ id: FocusID, highlight: Focusable.Highlight = .control) -> Focusable {
        Focusable(id, self, highlight: highlight)
    }
}

extension StatefulWidget where State: Sendable {
    /// This widget inside a stack or any other container, with its state kept in `state` between
    /// frames (the state a container cannot hand down itself).
    public func bound(to state: WidgetState<State>) -> BoundWidget<Self> { BoundWidget(self, state: state) }
}

/// The state of a stateful widget kept outside it, so the widget can sit inside a `Stack` and
/// still keep its state between frames (a list's scroll offset): a reference the app holds and
/// the widget reads and updates when drawn. Its value is behind a lock, so it is `Sendable`.
///
///     let items = ["כללי", "תצוגה", "רשת", "שמע"]
///     let text = "בחרו פריט"
///     let menu = WidgetState(ListState(selected: 0))        // in the app
///     Stack.horizontal {
///         List(items).bound(to: menu).sized(.cells(20))
///         Paragraph(text)
///     }
///     menu.value.selected = 3                                // on ↓
public final class WidgetState<State: Sendable>: Sendable {
    private let storage: Mutex<State>

    /// A state holding `value`.
    public init(_ value: State) { storage = Mutex(value) }

    /// The state.
    public var value: State {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}

/// A stateful widget drawn with a state held in a `WidgetState` (see `StatefulWidget.bound(to:)`).
public struct BoundWidget<W: StatefulWidget>: Widget where W.State: Sendable {
    /// The widget.
    public var widget: W
    /// Where its state is kept.
    public var state: WidgetState<W.State>

    /// `widget` drawn with `state`.
    public init(_ widget: W, state: WidgetState<W.State>) {
        self.widget = widget
        self.state = state
    }

    /// Draws the widget with the kept state and keeps what the drawing changed in it.
    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        var s = state.value
        widget.render(area, into: &buffer, state: &s, context: context)
        state.value = s
    }
}
