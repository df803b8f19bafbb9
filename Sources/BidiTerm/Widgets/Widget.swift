/// Something that draws itself into a rectangle of a `Buffer` (ratatui's widget/buffer split).
///
/// A widget never talks to a terminal: it writes cells into the buffer, and a `TerminalBackend`
/// draws the buffer. Everything a widget needs besides its own fields comes from the
/// `RenderContext`: the layout direction it inherits (R1), the numeral system (R6), the text
/// engine and the theme.
///
///     var buffer = Buffer(width: 20, height: 1)
///     let context = RenderContext(direction: .rtl)
///     Label("שלום").render(buffer.area, into: &buffer, context: context)
///     buffer.rows  // ["                םולש"]
///
/// Coordinates are physical: `area.x` is the left column in every direction. Widgets that place
/// things at the leading or trailing edge do so through `Mirroring`, never by testing the direction
/// themselves. A widget draws only inside `area`; an empty area draws nothing.
///
/// Widgets are values that may be built on one thread and drawn on another, so the protocol
/// requires `Sendable`: a widget's fields are values, or references that are safe to share.
public protocol Widget: Sendable {
    /// Draws the widget into `area` of `buffer`.
    /// - Parameters:
    ///   - area: the cells the widget may draw into (physical coordinates).
    ///   - buffer: the buffer to draw into.
    ///   - context: direction, numerals, text engine and theme inherited from the parent.
    func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext)

    /// The size the widget would like when offered `proposal`: its natural size, no larger than
    /// the proposal. A `Stack` asks it for a child sized ``Stack/Size/fit``.
    ///
    /// The default takes the whole proposal; widgets with a natural size (a label: its text's
    /// width and one row; a paragraph: its lines wrapped at the proposed width) report it.
    /// - Parameters:
    ///   - proposal: the cells on offer.
    ///   - context: the context the widget would be drawn with (text widths depend on it).
    func measure(_ proposal: Extent, context: RenderContext) -> Extent
}

/// A size in cells: `width` columns by `height` rows (never negative).
public struct Extent: Sendable, Hashable {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Creates a size; negative values become 0.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// This size made no larger than `limit` in either dimension.
    public func clamped(to limit: Extent) -> Extent {
        Extent(width: min(width, limit.width), height: min(height, limit.height))
    }
}

extension Widget {
    /// The whole proposal: a widget that reports no natural size takes what it is offered.
    public func measure(_ proposal: Extent, context: RenderContext) -> Extent { proposal }
}

/// A widget whose drawing depends on state that outlives one frame (a scroll offset, a selection),
/// like ratatui's `StatefulWidget`. The widget may update the state (for example scroll so that the
/// selection stays visible).
///
///     let items = (1...20).map { "פריט \($0)" }
///     var buffer = Buffer(width: 20, height: 5)
///     let area = buffer.area
///     let context = RenderContext(direction: .rtl)
///     var state = ListState(selected: 7)
///     List(items).render(area, into: &buffer, state: &state, context: context)
///     state.offset  // the first visible item after scrolling
public protocol StatefulWidget: Sendable {
    /// The state kept between frames.
    associatedtype State
    /// Draws the widget into `area` of `buffer`, reading and updating `state`.
    func render(_ area: Rect, into buffer: inout Buffer, state: inout State, context: RenderContext)
}

/// How the paragraph (base) direction of a text is chosen.
public enum TextDirection: Sendable, Hashable {
    /// The context's layout direction: UI strings in the UI's language ("Wi-Fi מחובר" reads from
    /// the right in an RTL screen although it starts with Latin letters).
    case context
    /// The text's own direction: its first strong character (UAX #9 P2–P3), or the context's
    /// direction when it has none. For content: paragraphs (R3), list items, user input.
    case content
    /// A fixed direction, whatever the context and the text.
    case fixed(LayoutDirection)

    /// The base direction to lay a text out with in `context`.
    public func base(in context: RenderContext) -> BaseDirection {
        switch self {
        case .context: return BaseDirection(context.direction)
        case .content: return .auto(fallback: context.direction)
        case .fixed(let d): return BaseDirection(d)
        }
    }
}

/// What a widget inherits from its parent for one render pass: the layout direction (R1), the
/// numeral system (R6), the text engine, layout options, a theme, a glyph set and a base style.
///
/// A context is a value: a parent hands a modified copy to a subtree (`with(direction:)`) and the
/// change reaches every view below it and nothing else. It is `Sendable`: all copies share one
/// `BidiEngine` and at most one `TruncationRecorder`, and both are safe to share between threads
/// (each holds a lock), so a context may be handed to a task that draws on another thread. Calls
/// into one engine take turns: threads drawing in parallel should each have their own.
///
///     let root = RenderContext(locale: "ar_EG")     // .rtl, Arabic-Indic digits
///     let code = root.with(direction: .ltr)         // an LTR code block inside the RTL screen
public struct RenderContext: Sendable {
    /// The layout direction of the views drawn with this context (R1).
    public var direction: LayoutDirection
    /// The digits for numbers that widgets format themselves: percentages, ticks, steps (R6).
    public var numerals: NumeralSystem
    /// The text engine (bidi, shaping, widths) for this render pass.
    public let engine: BidiEngine
    /// Shaping, mirroring and reordering switches handed to the engine (R20, R21). Its `numerals`
    /// converts the digits of every text drawn; leave it nil to keep the digits of strings as
    /// written (a version string "24.04" is not a number to localise).
    public var options: LayoutOptions
    /// Styles of borders, selection, fills and the rest.
    public var theme: Theme
    /// The decorative glyphs as this terminal draws them at the widths of the width table
    /// (fallbacks for those it does not).
    public var glyphs: GlyphSet
    /// The style every style of the theme is laid over (a subtree's `style:` in a screen file).
    public var style: Style
    /// Where truncated text is reported (`TruncationRecorder`); nil reports nothing.
    public var truncations: TruncationRecorder? = nil
    /// Where the texts drawn in this subtree come from (a screen node), for those reports.
    public var origin: TextOrigin? = nil
    /// Custom values handed down the tree (`EnvironmentKey`); read and set them with
    /// `context[Key.self]`.
    public var environment = EnvironmentValues()

    /// Creates a context.
    /// - Parameters:
    ///   - direction: the layout direction of the root (R1).
    ///   - numerals: the digits widgets format numbers with (R6).
    ///   - engine: the text engine; a new one by default.
    ///   - options: shaping, mirroring and reordering options for the engine.
    ///   - theme: the styles widgets use.
    ///   - glyphs: the decorative glyphs (standard, or with fallbacks for this terminal).
    ///   - style: the base style under every theme style.
    public init(direction: LayoutDirection = .ltr, numerals: NumeralSystem = .latn,
                engine: BidiEngine = BidiEngine(), options: LayoutOptions = LayoutOptions(),
                theme: Theme = .default, glyphs: GlyphSet = .standard, style: Style = .plain) {
        self.direction = direction
        self.numerals = numerals
        self.engine = engine
        self.options = options
        self.theme = theme
        self.glyphs = glyphs
        self.style = style
    }

    /// A context for a locale: its direction (R1) and its default numeral system from CLDR (R6).
    ///
    ///     RenderContext(locale: "fa_IR").numerals  // .arabext
    ///     RenderContext(locale: "he_IL").numerals  // .latn
    public init(locale: String, engine: BidiEngine = BidiEngine(), options: LayoutOptions = LayoutOptions(),
                theme: Theme = .default, glyphs: GlyphSet = .standard) {
        self.init(direction: LayoutDirection(locale: locale), numerals: NumeralSystem.forLocale(locale),
                  engine: engine, options: options, theme: theme, glyphs: glyphs)
    }

    /// This context with another layout direction, for a subtree (R1).
    public func with(direction: LayoutDirection) -> RenderContext {
        var c = self
        c.direction = direction
        return c
    }

    /// This context with another numeral system, for a subtree (R6).
    public func with(numerals: NumeralSystem) -> RenderContext {
        var c = self
        c.numerals = numerals
        return c
    }

    /// This context with another theme, for a subtree.
    public func with(theme: Theme) -> RenderContext {
        var c = self
        c.theme = theme
        return c
    }

    /// This context with another glyph set, for a subtree.
    public func with(glyphs: GlyphSet) -> RenderContext {
        var c = self
        c.glyphs = glyphs
        return c
    }

    /// This context with `style` laid over its base style, for a subtree.
    public func with(style: Style) -> RenderContext {
        var c = self
        c.style = c.style.patched(with: style)
        return c
    }

    /// The leading/trailing ↔ left/right helper for this context's direction.
    public var mirroring: Mirroring { Mirroring(direction) }

    /// A theme style laid over the context's base style: `context.style(\.selection)`.
    public func style(_ key: KeyPath<Theme, Style>) -> Style { style.patched(with: theme[keyPath: key]) }
}

// MARK: - Modifiers

/// A widget drawn with a modified context: another direction (R1), numeral system, theme or base
/// style for its whole subtree. Made by the modifiers `layoutDirection(_:)`, `numerals(_:)`,
/// `theme(_:)` and `styled(_:)`.
///
///     Stack.vertical([
///         .fill(Label("مرحبا")),
///         .cells(1, Label("git push --force").layoutDirection(.ltr)),  // R1: an LTR island
///     ])
public struct Scoped: Widget {
    /// The widget drawn with the modified context.
    public var content: any Widget
    /// The direction of the subtree, or nil to inherit.
    public var direction: LayoutDirection?
    /// The numeral system of the subtree, or nil to inherit.
    public var numerals: NumeralSystem?
    /// The theme of the subtree, or nil to inherit.
    public var theme: Theme?
    /// A style laid over the inherited base style, or nil.
    public var style: Style?

    /// Wraps `content` with overrides; nil inherits.
    public init(_ content: any Widget, direction: LayoutDirection? = nil, numerals: NumeralSystem? = nil,
                theme: Theme? = nil, style: Style? = nil) {
        self.content = content
        self.direction = direction
        self.numerals = numerals
        self.theme = theme
        self.style = style
    }

    /// The context `content` is drawn with.
    public func context(from parent: RenderContext) -> RenderContext {
        var c = parent
        if let d = direction { c.direction = d }
        if let n = numerals { c.numerals = n }
        if let t = theme { c.theme = t }
        if let s = style { c.style = c.style.patched(with: s) }
        return c
    }

    /// Draws `content` with the modified context.
    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        content.render(area, into: &buffer, context: self.context(from: context))
    }

    /// The natural size of `content` in the modified context.
    public func measure(_ proposal: Extent, context: RenderContext) -> Extent {
        content.measure(proposal, context: self.context(from: context))
    }
}

extension Widget {
    /// This widget and its subtree drawn in `direction`, whatever the parent's (R1).
    public func layoutDirection(_ direction: LayoutDirection) -> Scoped { Scoped(self, direction: direction) }
    /// This widget and its subtree drawn with `numerals` (R6).
    public func numerals(_ numerals: NumeralSystem) -> Scoped { Scoped(self, numerals: numerals) }
    /// This widget and its subtree drawn with `theme`.
    public func theme(_ theme: Theme) -> Scoped { Scoped(self, theme: theme) }
    /// This widget and its subtree drawn with `style` laid over the inherited base style.
    public func styled(_ style: Style) -> Scoped { Scoped(self, style: style) }

    /// The widget drawn into a new buffer of `width` × `height` cells.
    ///
    ///     Label("שלום").rendered(width: 6, height: 1, context: RenderContext(direction: .rtl)).rows
    ///     // ["  םולש"]
    public func rendered(width: Int, height: Int, context: RenderContext) -> Buffer {
        var buffer = Buffer(width: width, height: height)
        render(buffer.area, into: &buffer, context: context)
        return buffer
    }
}

extension StatefulWidget {
    /// The widget drawn into a new buffer of `width` × `height` cells with `state`.
    public func rendered(width: Int, height: Int, state: inout State, context: RenderContext) -> Buffer {
        var buffer = Buffer(width: width, height: height)
        render(buffer.area, into: &buffer, state: &state, context: context)
        return buffer
    }
}
