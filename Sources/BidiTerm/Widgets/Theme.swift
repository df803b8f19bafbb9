/// The styles widgets and apps draw with. Each is laid over the context's base style
/// (`RenderContext.style(_:)`), so a subtree's colours show through where a theme style leaves
/// the default colour.
///
/// Four themes come with the library, one per kind of terminal background (`ThemeChoice` picks
/// one from the terminal's answer, `COLORFGBG` or `--theme`):
///
/// | theme | for | focus | selection |
/// |---|---|---|---|
/// | `light` | a light background (xterm's default: black on white) | light cyan tint | light blue |
/// | `dark` | a dark background (`xterm -rv`: white on black) | navy tint | dark grey |
/// | `default` | a background of unknown brightness: safe on both | reverse video | white on blue |
/// | `monochrome` | no colours (`NO_COLOR`, a terminal without colours) | bold | reverse video |
///
/// Every pair of colours the demo and the browser draw in these themes has a WCAG 2 contrast of
/// at least 4.5:1 for text and 3:1 for graphics (borders, tracks, thumbs, stars) under xterm's
/// default palettes (`TerminalPalette`): `light` on the light one, `dark` on the dark one,
/// `default` and `monochrome` on both. The colours are palette indices 16–255 (the same in every
/// 256-colour terminal; never 0–7, which xterm brightens when bold). `default` uses the terminal's
/// own foreground for text on the terminal's background, colours that read on white and on black
/// (a grey, a teal, a violet: `243`, `29`, `63`), and explicit foreground–background pairs for the
/// rest; it marks the focused control in reverse video, which keeps every contrast as it is.
///
///     var theme = Theme.light
///     theme.selection = Style(fg: .indexed(16), bg: .indexed(229))
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

    /// The base style of the focused control: what an app draws it over (a background tint,
    /// reverse video, bold). Its colours must read under every other style.
    public var focus: Style
    /// The header bar of a full-screen app.
    public var header: Style
    /// The product name in the header bar (laid over `header`).
    public var headerTitle: Style
    /// The footer's list of keys.
    public var footer: Style
    /// Text of less importance: hints, versions, the "key" line, a search prompt not in use.
    public var secondary: Style
    /// Labels and prompts in bold.
    public var emphasis: Style
    /// Good news: "reloaded", "no findings".
    public var success: Style
    /// Warnings: a warning finding, an untranslated string, hidden controls in a string.
    public var warning: Style
    /// Errors: an error finding, a file that cannot be read.
    public var error: Style
    /// Information findings.
    public var info: Style
    /// Suggested fixes.
    public var suggestion: Style
    /// The border of the focused panel.
    public var focusBorder: Style
    /// The title of the focused panel.
    public var focusTitle: Style
    /// The base style of an overlay drawn over the screen (help).
    public var overlay: Style

    /// Creates a theme; every style not given is plain.
    public init(text: Style = .plain, border: Style = .plain, title: Style = .plain, selection: Style = .plain,
                marker: Style = .plain, scrollbar: Style = .plain, barFill: Style = .plain,
                barTrack: Style = .plain, sliderFill: Style = .plain, sliderTrack: Style = .plain,
                thumb: Style = .plain, toggleOn: Style = .plain, toggleOff: Style = .plain,
                starFilled: Style = .plain, starEmpty: Style = .plain, caption: Style = .plain,
                current: Style = .plain, navigation: Style = .plain, button: Style = .plain,
                badge: Style = .plain, field: Style = .plain, placeholder: Style = .plain,
                caret: Style = .plain, separator: Style = .plain,
                focus: Style = .plain, header: Style = .plain, headerTitle: Style = .plain,
                footer: Style = .plain, secondary: Style = .plain, emphasis: Style = .plain,
                success: Style = .plain, warning: Style = .plain, error: Style = .plain,
                info: Style = .plain, suggestion: Style = .plain, focusBorder: Style = .plain,
                focusTitle: Style = .plain, overlay: Style = .plain) {
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
        self.focus = focus
        self.header = header
        self.headerTitle = headerTitle
        self.footer = footer
        self.secondary = secondary
        self.emphasis = emphasis
        self.success = success
        self.warning = warning
        self.error = error
        self.info = info
        self.suggestion = suggestion
        self.focusBorder = focusBorder
        self.focusTitle = focusTitle
        self.overlay = overlay
    }

    /// No colours, for `NO_COLOR` and terminals without colours: the selection, the current step,
    /// the caret and the header in reverse video, the focused control in bold, hints dim.
    public static let monochrome = Theme(
        title: Style(attributes: .bold), selection: Style(attributes: .reverse),
        marker: Style(attributes: .bold), toggleOn: Style(attributes: .bold),
        current: Style(attributes: [.bold, .reverse]), button: Style(attributes: .bold),
        badge: Style(attributes: .bold), field: Style(attributes: .underline),
        placeholder: Style(attributes: .dim), caret: Style(attributes: .reverse),
        focus: Style(attributes: .bold), header: Style(attributes: .reverse),
        headerTitle: Style(attributes: [.reverse, .bold]), footer: Style(attributes: .dim),
        secondary: Style(attributes: .dim), emphasis: Style(attributes: .bold),
        success: Style(attributes: .bold), warning: Style(attributes: .bold),
        error: Style(attributes: .bold), focusBorder: Style(attributes: .bold),
        focusTitle: Style(attributes: [.bold, .reverse]))

    /// For a light background (xterm's default, urxvt, mlterm, macOS Terminal): dark inks, a light
    /// cyan tint behind the focused control, a light blue selection.
    public static let light = Theme(
        border: fg(244),
        title: Style(attributes: .bold),
        selection: Style(fg: .indexed(16), bg: .indexed(153)),
        marker: Style(fg: .indexed(25), attributes: .bold),
        scrollbar: fg(244),
        barFill: Style(fg: .indexed(28), bg: .indexed(253)),
        barTrack: Style(bg: .indexed(253)),
        sliderFill: fg(28),
        sliderTrack: fg(244),
        thumb: Style(fg: .indexed(25), attributes: .bold),
        toggleOn: Style(fg: .indexed(22), attributes: .bold),
        toggleOff: fg(241),
        starFilled: fg(166),
        starEmpty: fg(244),
        caption: fg(241),
        current: Style(attributes: [.bold, .reverse]),
        navigation: fg(25),
        button: Style(attributes: .bold),
        badge: Style(fg: .indexed(160), attributes: .bold),
        field: Style(attributes: .underline),
        placeholder: fg(241),
        caret: Style(attributes: .reverse),
        separator: fg(245),
        focus: Style(fg: .indexed(16), bg: .indexed(195)),
        header: Style(attributes: .reverse),
        headerTitle: Style(attributes: [.reverse, .bold]),
        footer: fg(241),
        secondary: fg(241),
        emphasis: Style(attributes: .bold),
        success: Style(fg: .indexed(22), attributes: .bold),
        warning: fg(94),
        error: Style(fg: .indexed(124), attributes: .bold),
        info: fg(24),
        suggestion: fg(24),
        focusBorder: Style(fg: .indexed(25), attributes: .bold),
        focusTitle: Style(attributes: [.bold, .reverse]))

    /// For a dark background (`xterm -rv`, most terminal emulators' dark profiles): light inks, a
    /// navy tint behind the focused control, a grey selection.
    public static let dark = Theme(
        border: fg(244),
        title: Style(attributes: .bold),
        selection: Style(fg: .indexed(231), bg: .indexed(238)),
        marker: Style(fg: .indexed(117), attributes: .bold),
        scrollbar: fg(244),
        barFill: Style(fg: .indexed(40), bg: .indexed(238)),
        barTrack: Style(bg: .indexed(238)),
        sliderFill: fg(40),
        sliderTrack: fg(244),
        thumb: Style(fg: .indexed(231), attributes: .bold),
        toggleOn: Style(fg: .indexed(40), attributes: .bold),
        toggleOff: fg(244),
        starFilled: fg(220),
        starEmpty: fg(244),
        caption: fg(248),
        current: Style(attributes: [.bold, .reverse]),
        navigation: fg(81),
        button: Style(attributes: .bold),
        badge: Style(fg: .indexed(203), attributes: .bold),
        field: Style(attributes: .underline),
        placeholder: fg(244),
        caret: Style(attributes: .reverse),
        separator: fg(242),
        focus: Style(fg: .indexed(231), bg: .indexed(17)),
        header: Style(attributes: .reverse),
        headerTitle: Style(attributes: [.reverse, .bold]),
        footer: fg(248),
        secondary: fg(248),
        emphasis: Style(attributes: .bold),
        success: Style(fg: .indexed(40), attributes: .bold),
        warning: fg(220),
        error: Style(fg: .indexed(203), attributes: .bold),
        info: fg(81),
        suggestion: fg(81),
        focusBorder: Style(fg: .indexed(81), attributes: .bold),
        focusTitle: Style(attributes: [.bold, .reverse]))

    /// For a background of unknown brightness: every pair reads on white and on black. Text on the
    /// terminal's background is in the terminal's own foreground or in a colour with at least
    /// 4.5:1 against both (grey `243`, teal `29`, violet `63`); graphics there are in colours with
    /// 3:1 against both; everything else is an explicit pair (white on blue for the selection,
    /// white on red for errors and badges, black on orange for warnings). The focused control is
    /// drawn in reverse video.
    public static let `default` = Theme(
        border: fg(244),
        title: Style(attributes: .bold),
        selection: Style(fg: .indexed(231), bg: .indexed(25)),
        marker: Style(attributes: .bold),
        scrollbar: fg(244),
        barFill: Style(fg: .indexed(22), bg: .indexed(250)),
        barTrack: Style(bg: .indexed(250)),
        sliderFill: fg(28),
        sliderTrack: fg(244),
        thumb: Style(fg: .indexed(26), attributes: .bold),
        toggleOn: Style(fg: .indexed(29), attributes: .bold),
        toggleOff: fg(243),
        starFilled: fg(166),
        starEmpty: fg(244),
        caption: fg(243),
        current: Style(attributes: [.bold, .reverse]),
        navigation: fg(63),
        button: Style(attributes: .bold),
        badge: Style(fg: .indexed(231), bg: .indexed(160), attributes: .bold),
        field: Style(attributes: .underline),
        placeholder: fg(243),
        caret: Style(fg: .indexed(231), bg: .indexed(25)),
        separator: fg(244),
        focus: Style(attributes: .reverse),
        header: Style(attributes: .reverse),
        headerTitle: Style(attributes: [.reverse, .bold]),
        footer: fg(243),
        secondary: fg(243),
        emphasis: Style(attributes: .bold),
        success: Style(fg: .indexed(29), attributes: .bold),
        warning: Style(fg: .indexed(16), bg: .indexed(214)),
        error: Style(fg: .indexed(231), bg: .indexed(160), attributes: .bold),
        info: Style(fg: .indexed(231), bg: .indexed(63)),
        suggestion: fg(63),
        focusBorder: Style(fg: .indexed(26), attributes: .bold),
        focusTitle: Style(attributes: [.bold, .reverse]))

    private static func fg(_ n: UInt8) -> Style { Style(fg: .indexed(n)) }
}
