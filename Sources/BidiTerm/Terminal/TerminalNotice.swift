// The terminal notice (R21): what goes wrong in this terminal and the exact setting that fixes it.
// Each notice the library makes has an id and named arguments (the terminal's name, its menu path,
// the product's name and flag), so that an app can say it in its own words and language without
// reading the English: its template for the id, the same arguments filled in.

/// A message for the user about the terminal, shown inside the first frame (dismissable, and
/// again in the help), and by `rtl-tui doctor`.
///
/// The library's notices come from `Notices`: English text from a template per `id`, with the
/// `arguments` filled in. An app says them in its own words with `rewritten(arguments:direction:templates:)`
/// (its product name, its flags, its language) through `TerminalSessionOptions.noticeText`.
public struct TerminalNotice: Hashable, Sendable, Codable {
    /// What goes wrong, in one sentence.
    public var problem: String
    /// The exact setting or command that fixes it.
    public var fix: String
    /// The terminal reads right and there is nothing to change: the notice only informs
    /// (`doctor` does not count it as a problem).
    public var informational = false
    /// Drawn with ASCII only (a terminal that cannot show UTF-8).
    public var ascii = false
    /// Which notice this is (`Notices.templates`: `konsole`, `tmuxPassthrough`…); empty for one an
    /// app made itself.
    public var id = ""
    /// The values of the template's placeholders: terminal names, menu paths, setting names, file
    /// names and commands, as the terminal spells them; the product's `program`, `flag` and
    /// `doctor` (`Notices.productArguments`).
    public var arguments: [String: String] = [:]
    /// The id of another notice whose fix follows this one's (a narrow tmux pane: the outer
    /// terminal's own setting), or nil.
    public var furtherFix: String? = nil
    /// The terminal may reorder what is sent (nothing switches its bidi off and nothing proves a
    /// compensation), so right-to-left words in this notice may read backwards there. A notice
    /// rewritten right to left then keeps the library's line (`originalLine`) beneath it.
    public var mayReadBackwards = false
    /// The direction the text is laid out in: left to right for the library's English.
    public var direction: LayoutDirection = .ltr
    /// The library's own line, shown beneath an app's right-to-left words where those may read
    /// backwards (`mayReadBackwards`); nil otherwise.
    public var originalLine: String? = nil

    /// A notice saying `problem` and `fix`; `informational` when there is nothing to change,
    /// `ascii` for a terminal that cannot show UTF-8.
    public init(problem: String, fix: String, informational: Bool = false, ascii: Bool = false) {
        self.problem = problem
        self.fix = fix
        self.informational = informational
        self.ascii = ascii
    }

    /// Problem and fix on one line.
    public var line: String { fix.isEmpty ? problem : problem + " " + fix }

    /// `line` broken between words into lines of at most `width` cells (a word longer than
    /// that gets a line of its own), for a help screen.
    public func wrapped(width: Int) -> [String] { Self.wrap(line, width: width) }

    /// `text` broken between words into lines of at most `width` cells.
    public static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        var used = 0
        for word in text.split(separator: " ") {
            let w = GlyphWidths.expectedWidth(of: String(word))
            if used > 0, used + 1 + w > width {
                lines.append(current)
                current = ""
                used = 0
            }
            if used > 0 { current += " "; used += 1 }
            current += word
            used += w
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// The lines a help screen shows for this notice, each with its direction: `line` wrapped to
    /// `width` in `direction`, then `originalLine` (left to right), when there is one.
    public func helpLines(width: Int) -> [(text: String, direction: LayoutDirection)] {
        wrapped(width: width).map { ($0, direction) } + (originalLine.map { Self.wrap($0, width: width) } ?? []).map { ($0, .ltr) }
    }

    /// This notice in other words: the problem from `templates("<id>.problem")`, the fix from
    /// `templates("<id>.fix")` (and `templates("<furtherFix>.fix")` after it), each `{name}`
    /// filled from `arguments` over the notice's own; a template `templates` does not give is the
    /// library's English (`Notices.templates`). Laid out in `direction`.
    ///
    /// ```swift
    /// // Fragment: `notice` is the session's (TerminalSessionOptions.noticeText), `catalog` the app's strings
    /// // The product's name and flag, the library's English:
    /// notice.rewritten(arguments: ["program": "my-app", "flag": "--plain-bidi"])
    /// // The app's language, from its own catalog:
    /// notice.rewritten(arguments: ["program": "my-app"], direction: .rtl) { key in catalog["notice." + key] }
    /// ```
    ///
    /// A notice without an id (one an app made) keeps its text; it takes `direction`.
    public func rewritten(arguments overrides: [String: String] = [:], direction: LayoutDirection = .ltr,
                          templates: (String) -> String? = { _ in nil }) -> TerminalNotice {
        var out = self
        out.direction = direction
        guard !id.isEmpty, let english = Notices.templates[id] else { return out }
        let args = arguments.merging(overrides) { $1 }
        out.arguments = args
        out.problem = Notices.fill(templates(id + ".problem") ?? english.problem, args)
        out.fix = Notices.fill(templates(id + ".fix") ?? english.fix, args)
        if let further = furtherFix, let next = Notices.templates[further] {
            out.fix += " " + Notices.fill(templates(further + ".fix") ?? next.fix, args)
        }
        return out
    }
}

/// The words around a terminal notice (`NoticeOverlay`, the bottom row of `rtl-tui run`), and the
/// direction they are laid out in. English by default; an app gives its own through
/// `TerminalSessionOptions.noticeLabels`.
public struct TerminalNoticeLabels: Hashable, Sendable {
    /// The box's title.
    public var title = "Terminal"
    /// The box's last line: the keys that close it, and where it shows again (for an app that
    /// shows the notice in its help).
    public var keys = "Enter or Esc: close · shown again in help (? or F1)"
    /// The box's last line for an app without help: the keys that close it.
    public var closeKeys = "Enter or Esc: close"
    /// Before the problem, in the one-line form.
    public var lineLead = "Terminal:"
    /// After the problem, in the one-line form.
    public var lineHint = "? shows what to do"
    /// After the notice on the bottom row of `rtl-tui run`.
    public var hostHint = "any key hides this"
    /// The direction the labels (and the one-line form) are laid out in.
    public var direction: LayoutDirection = .ltr

    /// The English labels, left to right.
    public init() {}

    /// The one-line form of `notice`: lead, problem and hint.
    public func line(_ notice: TerminalNotice) -> String { lineLead + " " + notice.problem + " · " + lineHint }
}

/// The texts of the notices: the exact setting per terminal.
public enum Notices {
    /// A notice's English text: `{name}` placeholders filled from its arguments.
    public struct Template: Hashable, Sendable {
        /// What goes wrong.
        public var problem: String
        /// The setting or command that fixes it.
        public var fix: String
    }

    /// The product the library's notices name, and its flags: `program` (`rtl-tui`), `flag`
    /// (the mode for a terminal whose bidi is off) and `doctor` (the command that asks which line
    /// reads right). An app names its own through `TerminalNotice.rewritten(arguments:…)`.
    public static let productArguments: [String: String] = [
        "program": "rtl-tui", "flag": "--bidi-mode explicit", "doctor": "rtl-tui doctor",
    ]

    /// Every notice's English, by id.
    public static let templates: [String: Template] = [
        "konsole": Template(problem: "{terminal} reorders right-to-left text itself.",
                            fix: "{menu} → uncheck \"{option}\" (profile key {key}), then run {program} with {flag}."),
        "qterminal": Template(problem: "{terminal} reorders right-to-left text itself.",
                              fix: "{menu} → uncheck \"{option}\" ({file}: {key}), then run {program} with {flag}."),
        "putty": Template(problem: "{terminal} reorders and shapes right-to-left text itself.",
                          fix: "{menu} → check \"{option}\" and \"{option2}\" ({key}), then run {program} with {flag}."),
        "kitty": Template(problem: "{terminal} lays out right-to-left runs itself.",
                          fix: "Add {setting} to {file}, then run {program} with {flag}."),
        "iterm2": Template(problem: "{terminal} reorders right-to-left text itself when its bidi support is on.",
                           fix: "{menu} → uncheck \"{option}\" ({release} and later)."),
        "deepinTerminal": Template(
            problem: "{terminal} reorders right-to-left text itself and has no setting to stop it: {program} sends it pre-ordered, but glyphs may sit a pixel off and selecting text can show letters out of place.",
            fix: "Nothing to change; for exact glyphs use a terminal whose bidi can be switched off."),
        "coolRetroTerm": Template(problem: "{terminal} does no bidi and has no setting for it.",
                                  fix: "Nothing to change: {program} sends it text as drawn."),
        "appleTerminal": Template(problem: "{terminal} reorders right-to-left text itself and has no setting to stop it.",
                                  fix: "Use a terminal without bidi ({terminal1} with bidirectional text off, {terminal2}, {terminal3}) for {program}."),
        "mlterm": Template(problem: "{terminal} reorders and shapes right-to-left text itself.",
                           fix: "{program} switches it off with {sequence}; in {file} set {setting} to keep it off."),
        "vte": Template(problem: "{terminal} terminals reorder right-to-left text unless told otherwise.",
                        fix: "{program} switches it off with {sequence} before the screen is drawn; nothing to change."),
        "qterminalCompensated": Template(
            problem: "{terminal} reorders right-to-left text itself: {program} sends it pre-ordered, but glyphs may sit a pixel off and selecting text can show letters out of place.",
            fix: "{menu} → uncheck \"{option}\" ({file}: {key}), then run {program} with {flag}."),
        "undecided": Template(
            problem: "{program} cannot tell whether this terminal (it answers like {terminal1}, {terminal2} and {terminal3}) reorders right-to-left text: it is sent as drawn.",
            fix: "If Arabic or Hebrew words read backwards, run {doctor} once and answer its question."),
        // One line at 100 columns: the fix is a command to paste.
        "tmuxPassthrough": Template(problem: "{terminal} keeps {program}'s bidi settings from the terminal.",
                                    fix: "Run: {command}"),
        "screenPassthrough": Template(
            problem: "{terminal} keeps {program}'s bidi settings from your terminal, so right-to-left text may show reversed.",
            fix: "Run {program} outside {terminal}, or with {flag} if your terminal's bidi is off."),
        "narrowPane": Template(
            problem: "{terminal} reorders whole rows, and this tmux pane is narrower than the window, so rows mix with other panes.",
            fix: "Zoom the pane (tmux prefix, then z) or run {program} in a window of its own. Otherwise:"),
        "readsBytes": Template(
            problem: "This terminal does not show UTF-8: a 2-byte letter moved the cursor 2 cells, so Arabic, Hebrew and the frames show as wrong characters.",
            fix: "Check the locale ({locale}; it must be a UTF-8 one, e.g. LANG=C.UTF-8) and the terminal's encoding. Switch the terminal's character encoding to UTF-8, or use another terminal."),
        "readsBytesEterm": Template(
            problem: "This terminal does not show UTF-8: a 2-byte letter moved the cursor 2 cells, so Arabic, Hebrew and the frames show as wrong characters.",
            fix: "Check the locale ({locale}; it must be a UTF-8 one, e.g. LANG=C.UTF-8) and the terminal's encoding. Eterm has no UTF-8 at all: use another terminal (xterm, GNOME Terminal, Konsole)."),
    ]

    /// `template` with its `{name}` placeholders filled from `arguments` (not isolated: the
    /// library's text is English, left to right).
    public static func fill(_ template: String, _ arguments: [String: String]) -> String {
        let args = arguments.sorted { $0.key < $1.key }.map { TextArgument($0.key, .string($0.value)) }
        return TextRef.fill(template, args: args, formatNumber: { String($0) }, isolateText: false)
    }

    /// The notice `id` in English, its arguments (with `productArguments`) filled in.
    static func make(_ id: String, _ arguments: [String: String], informational: Bool = false, ascii: Bool = false,
                     mayReadBackwards: Bool = false, furtherFix: String? = nil) -> TerminalNotice {
        var n = TerminalNotice(problem: "", fix: "", informational: informational, ascii: ascii)
        n.id = id
        n.arguments = productArguments.merging(arguments) { $1 }
        n.mayReadBackwards = mayReadBackwards
        n.furtherFix = furtherFix
        return n.rewritten()
    }

    /// The fix for a multiplexer that keeps escape sequences from the terminal it runs in. The
    /// terminal outside is not known, so the notice may read backwards there.
    public static func passthrough(_ how: TerminalSetup.Passthrough) -> TerminalNotice {
        switch how {
        case .screen:
            return make("screenPassthrough", ["terminal": "GNU screen"], mayReadBackwards: true)
        default:
            return make("tmuxPassthrough", ["terminal": "tmux", "command": "tmux set -g allow-passthrough on"], mayReadBackwards: true)
        }
    }

    /// A terminal that answers like several others, some of which reorder and some not.
    public static let undecided = make("undecided", ["terminal1": "qterminal", "terminal2": "deepin-terminal", "terminal3": "cool-retro-term"],
                                       mayReadBackwards: true)

    /// A terminal that reads bytes, not UTF-8 (`GlyphWidths.readsBytes`): ASCII only.
    public static func readsBytes(_ family: TerminalFamily, environment: [String: String]) -> TerminalNotice {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].compactMap { k in environment[k].flatMap { $0.isEmpty ? nil : "\(k)=\(Sanitizer.visible($0))" } }.first ?? "LANG unset"
        return make(family == .eterm ? "readsBytesEterm" : "readsBytes", ["locale": locale], ascii: true)
    }

    /// qterminal with rtl-tui's compensation: it reads right, not exactly (see `TerminalSetup`).
    public static let qterminalCompensated = make("qterminalCompensated", qterminalSetting)

    /// A tmux pane narrower than the window in a terminal that reorders whole rows (`family`:
    /// Konsole, PuTTY, or VTE behind tmux without passthrough): the rows mix with other panes, and
    /// the fix names the terminal's own setting, or tmux's passthrough.
    public static func narrowPane(_ family: TerminalFamily) -> TerminalNotice {
        let further = family == .vte ? passthrough(.tmux) : forTerminal(family)
        var args = further?.arguments ?? [:]
        args["terminal"] = family.displayName
        return make("narrowPane", args, mayReadBackwards: true, furtherFix: further?.id)
    }

    private static let qterminalSetting = ["terminal": "qterminal", "menu": "File → Preferences… → Appearance",
                                           "option": "Enable bi-directional text support", "file": "qterminal.ini",
                                           "key": "enabledBidiSupport=false"]

    /// The setting that turns a terminal's own bidi off (what `doctor` names as the fix).
    public static func forTerminal(_ family: TerminalFamily) -> TerminalNotice? {
        switch family {
        case .konsole:
            return make("konsole", ["terminal": "Konsole", "menu": "Settings → Edit Current Profile… → Appearance",
                                    "option": "Bi-Directional text rendering", "key": "BidiRenderingEnabled=false"])
        case .qterminal:
            return make("qterminal", qterminalSetting)
        case .putty:
            return make("putty", ["terminal": "PuTTY", "menu": "Change Settings… → Window → Translation",
                                  "option": "Disable bidi rendering", "option2": "Disable Arabic text shaping",
                                  "key": "DisableBidi=1, DisableArabicShaping=1"])
        case .kitty:
            return make("kitty", ["terminal": "kitty", "setting": "force_ltr yes", "file": "kitty.conf"])
        case .iterm2:
            return make("iterm2", ["terminal": "iTerm2", "menu": "Settings → Profiles → Text", "option": "Enable bidirectional text",
                                   "release": "iTerm2 3.5"], mayReadBackwards: true)
        case .deepinTerminal:
            return make("deepinTerminal", ["terminal": "deepin-terminal"], informational: true)
        case .coolRetroTerm:
            return make("coolRetroTerm", ["terminal": "cool-retro-term"], informational: true)
        case .appleTerminal:
            return make("appleTerminal", ["terminal": "macOS Terminal", "terminal1": "iTerm2", "terminal2": "kitty", "terminal3": "WezTerm"],
                        mayReadBackwards: true)
        case .mlterm:
            return make("mlterm", ["terminal": "mlterm", "sequence": "OSC 5379 (use_ctl=false)", "file": "~/.mlterm/main",
                                   "setting": "use_ctl = false"])
        case .vte:
            return make("vte", ["terminal": "VTE", "sequence": "CSI 8 l"])
        default:
            return nil
        }
    }
}
