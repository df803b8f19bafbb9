/// The styles widgets draw with. Each is laid over the context's base style
/// (`RenderContext.style(_:)`), so a subtree's colours show through where a theme style leaves
/// the default colour.
///
///     var theme = Theme.default
///     theme.selection = Style(fg: .black, bg: .cyan)
///     let context = RenderContext(direction: .rtl, theme: theme)
public struct Theme: Sendable, Hashable {
    /// Body text: labels, paragraphs, list items, captions.
    public var text: Style
    /// Pane borders, dividers and stack separators.
    public var border: Style
    /// Pane titles.
    public var title: Style
    /// The selected list row.
    public var selection: Style
    /// The list's selection marker.
    public var marker: Style
    /// The list's scroll indicator.
    public var scrollbar: Style
    /// The filled part of a progress bar (`█` and the partial cell's ink).
    public var barFill: Style
    /// The empty part of a progress bar. Its background is also the background of the partial cell.
    public var barTrack: Style
    /// The filled part of a slider's track.
    public var sliderFill: Style
    /// The rest of a slider's track.
    public var sliderTrack: Style
    /// A slider's thumb.
    public var thumb: Style
    /// A toggle that is on.
    public var toggleOn: Style
    /// A toggle that is off.
    public var toggleOff: Style
    /// Filled and half stars.
    public var starFilled: Style
    /// Empty stars.
    public var starEmpty: Style
    /// Numbers under stars and slider ticks, percentages.
    public var caption: Style
    /// The current step, the current breadcrumb item.
    public var current: Style
    /// Navigation arrows and breadcrumb separators.
    public var navigation: Style
    /// Buttons of a button row.
    public var button: Style
    /// Badges on icons.
    public var badge: Style
    /// A text field's cells.
    public var field: Style
    /// A text field's placeholder.
    public var placeholder: Style
    /// The caret cell of a text field.
    public var caret: Style
    /// Horizontal rules.
    public var separator: Style

    /// Creates a theme; every style not given is plain.
    public init(text: Style = .plain, border: Style = .plain, title: Style = .plain, selection: Style = .plain,
                marker: Style = .plain, scrollbar: Style = .plain, barFill: Style = .plain,
                barTrack: Style = .plain, sliderFill: Style = .plain, sliderTrack: Style = .plain,
                thumb: Style = .plain, toggleOn: Style = .plain, toggleOff: Style = .plain,
                starFilled: Style = .plain, starEmpty: Style = .plain, caption: Style = .plain,
                current: Style = .plain, navigation: Style = .plain, button: Style = .plain,
                badge: Style = .plain, field: Style = .plain, placeholder: Style = .plain,
                caret: Style = .plain, separator: Style = .plain) {
        self.text = text
        self.border = border
        self.title = title
        self.selection = selection
        self.marker = marker
        self.scrollbar = scrollbar
        self.barFill = barFill
        self.barTrack = barTrack
        self.sliderFill = sliderFill
        self.sliderTrack = sliderTrack
        self.thumb = thumb
        self.toggleOn = toggleOn
        self.toggleOff = toggleOff
        self.starFilled = starFilled
        self.starEmpty = starEmpty
        self.caption = caption
        self.current = current
        self.navigation = navigation
        self.button = button
        self.badge = badge
        self.field = field
        self.placeholder = placeholder
        self.caret = caret
        self.separator = separator
    }

    /// No colours; selection, the current step and the caret in reverse video so they stay visible
    /// on a monochrome terminal.
    public static let monochrome = Theme(
        title: Style(attributes: .bold), selection: Style(attributes: .reverse),
        marker: Style(attributes: .bold), toggleOn: Style(attributes: .bold),
        current: Style(attributes: [.bold, .reverse]), button: Style(attributes: .bold),
        placeholder: Style(attributes: .dim), caret: Style(attributes: .reverse))

    /// The default theme: a few ANSI colours that read on dark and light backgrounds.
    public static let `default` = Theme(
        border: Style(fg: .indexed(244)),
        title: Style(attributes: .bold),
        selection: Style(attributes: .reverse),
        marker: Style(fg: .cyan, attributes: .bold),
        scrollbar: Style(fg: .indexed(244)),
        barFill: Style(fg: .green, bg: .indexed(238)),
        barTrack: Style(bg: .indexed(238)),
        sliderFill: Style(fg: .green),
        sliderTrack: Style(fg: .indexed(244)),
        thumb: Style(fg: .brightWhite, attributes: .bold),
        toggleOn: Style(fg: .green, attributes: .bold),
        toggleOff: Style(fg: .indexed(244)),
        starFilled: Style(fg: .yellow),
        starEmpty: Style(fg: .indexed(244)),
        caption: Style(fg: .indexed(248)),
        current: Style(attributes: [.bold, .reverse]),
        navigation: Style(fg: .cyan),
        button: Style(attributes: .bold),
        badge: Style(fg: .red, attributes: .bold),
        field: Style(attributes: .underline),
        placeholder: Style(attributes: .dim),
        caret: Style(attributes: .reverse),
        separator: Style(fg: .indexed(240)))
}
