/// What an app wants after an event.
public enum AppAction: Hashable, Sendable {
    /// Keep running.
    case `continue`
    /// End the app.
    case quit
}

/// A full-screen app: state that draws itself into a buffer and reacts to keys.
///
/// The run loop hands `render` a blank buffer the size of the terminal every frame, so a resized
/// terminal re-lays out at once; an app that cannot fit draws its own "too small" notice.
///
/// ```swift
/// struct Counter: TerminalApp {
///     var n = 0
///     mutating func render(into buffer: inout Buffer) -> (x: Int, y: Int)? {
///         for (i, ch) in "\(n)".enumerated() { buffer.set(x: i, y: 0, Cell(String(ch))) }
///         return nil
///     }
///     mutating func handle(_ key: KeyEvent) -> AppAction {
///         if key == .character("q") { return .quit }
///         n += 1
///         return .continue
///     }
/// }
/// ```
public protocol TerminalApp {
    /// Draws the app into `buffer` (blank, covering the whole terminal) and returns where the
    /// cursor goes, or nil to hide it.
    mutating func render(into buffer: inout Buffer) -> (x: Int, y: Int)?
    /// Reacts to a key or event. `.resize` arrives after the terminal changed size (the next
    /// `render` gets a buffer of the new size).
    mutating func handle(_ key: KeyEvent) -> AppAction
    /// How often `tick` runs while no key arrives, for animation; nil (the default): never.
    var tickInterval: Duration? { get }
    /// Advances animation; the loop renders afterwards. The default does nothing.
    mutating func tick() -> AppAction
    /// Reacts to a message posted to the loop's `AppMailbox` from another thread or task; the loop
    /// renders afterwards. The default ignores it.
    mutating func receive(_ message: any Sendable) -> AppAction
}

/// A full-screen app that draws with a theme and a glyph set that may change while it runs: a
/// terminal session sets them once the terminal has answered (its background colour picks the
/// theme, `ThemeChoice`; the widths it draws pick the glyphs, `GlyphSet.adapted(to:engine:)`;
/// how far it moves over a combining mark picks `marksInOwnCells`), and again when answers that
/// came late change them (R21).
public protocol ThemedApp: TerminalApp {
    /// The styles the app draws with.
    var theme: Theme { get set }
    /// The decorative glyphs the app draws with.
    var glyphs: GlyphSet { get set }
    /// Whether the app lays its text out with `LayoutOptions.marksInOwnCells` (the terminal moves
    /// the cursor a cell over a combining mark: `MarkPlacement.cell`). The default ignores it.
    var marksInOwnCells: Bool { get set }
    /// The terminal notice (R21) the app repeats in its help, or nil. The default ignores it.
    var terminalNotice: TerminalNotice? { get set }
}

extension ThemedApp {
    public var marksInOwnCells: Bool {
        get { false }
        set {}
    }

    public var terminalNotice: TerminalNotice? {
        get { nil }
        set {}
    }
}

extension TerminalApp {
    public var tickInterval: Duration? { nil }
    public mutating func tick() -> AppAction { .continue }
    public mutating func receive(_ message: any Sendable) -> AppAction { .continue }
}
