/// A key for a value that a `RenderContext` carries down a widget tree, as SwiftUI's
/// `EnvironmentKey`: declare a type with a default value, read it anywhere below with
/// `context[MyKey.self]`, set it for a subtree with `widget.environment(MyKey.self, value)`.
///
///     struct Compact: EnvironmentKey { static let defaultValue = false }
///
///     struct Row: Widget {
///         func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
///             let gap = context[Compact.self] ? 0 : 1
///             buffer.drawText("שורה", in: Rect(x: area.x + gap, y: area.y, width: max(0, area.width - gap), height: 1),
///                             align: .leading, style: .plain, context: context)
///         }
///     }
///     Stack.vertical { Row(); Row() }.environment(Compact.self, true)
///
/// Values are `Sendable`, as the context is. For the built-in values (direction, numerals, theme,
/// style) the context has fields of its own and `Scoped` modifiers.
public protocol EnvironmentKey {
    /// The type of the value.
    associatedtype Value: Sendable
    /// The value where no ancestor set one.
    static var defaultValue: Value { get }
}

/// The custom values a `RenderContext` carries (see `EnvironmentKey`), by key type.
///
/// Extend it with a computed property to read and set a value by key path, as in SwiftUI:
///
///     // continues: Compact above
///     extension EnvironmentValues {
///         var compact: Bool {
///             get { self[Compact.self] }
///             set { self[Compact.self] = newValue }
///         }
///     }
///     Paragraph("…").environment(\.compact, true)
public struct EnvironmentValues: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// No values set: every key reads its default.
    public init() {}

    /// The value for `key`: the nearest ancestor's, or the key's default.
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// Sets the value of the key whose type has identity `id`.
    mutating func set(_ value: any Sendable, for id: ObjectIdentifier) { values[id] = value }
}

extension RenderContext {
    /// The custom value for `key` in this context (see `EnvironmentKey`).
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { environment[key] }
        set { environment[key] = newValue }
    }

    /// This context with `value` for `key`, for a subtree.
    public func with<K: EnvironmentKey>(_ key: K.Type, _ value: K.Value) -> RenderContext {
        var c = self
        c.environment[key] = value
        return c
    }
}

/// A widget drawn (and measured) with a custom environment value set for its whole subtree. Made
/// by `environment(_:_:)`.
public struct EnvironmentScope: Widget {
    /// The widget drawn with the modified environment.
    public var content: any Widget
    private let apply: @Sendable (inout EnvironmentValues) -> Void

    /// Wraps `content`, setting `value` for `key` below it.
    public init<K: EnvironmentKey>(_ content: any Widget, key: K.Type, value: K.Value) {
        self.content = content
        // The closure holds the key's identity, not its metatype (which need not be Sendable).
        let id = ObjectIdentifier(key)
        self.apply = { $0.set(value, for: id) }
    }

    /// Wraps `content`, setting the value at `keyPath` below it.
    public init<V: Sendable>(_ content: any Widget, keyPath: WritableKeyPath<EnvironmentValues, V> & Sendable, value: V) {
        self.content = content
        self.apply = { $0[keyPath: keyPath] = value }
    }

    /// The context `content` is drawn with.
    public func context(from parent: RenderContext) -> RenderContext {
        var c = parent
        apply(&c.environment)
        return c
    }

    /// Draws `content` with the modified environment.
    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        content.render(area, into: &buffer, context: self.context(from: context))
    }

    /// The natural size of `content` with the modified environment.
    public func measure(_ proposal: Extent, context: RenderContext) -> Extent {
        content.measure(proposal, context: self.context(from: context))
    }
}

extension Widget {
    /// This widget and its subtree drawn with `value` for `key`.
    public func environment<K: EnvironmentKey>(_ key: K.Type, _ value: K.Value) -> EnvironmentScope {
        EnvironmentScope(self, key: key, value: value)
    }

    /// This widget and its subtree drawn with `value` at `keyPath` of the environment (a property
    /// added to `EnvironmentValues` by an extension).
    public func environment<V: Sendable>(_ keyPath: WritableKeyPath<EnvironmentValues, V> & Sendable,
                                         _ value: V) -> EnvironmentScope {
        EnvironmentScope(self, keyPath: keyPath, value: value)
    }
}
