// Which terminal emulator draws the screen, from its answers over the wire (they cross SSH and
// multiplexers), with environment variables as extra evidence only (they do not cross SSH).

/// A family of terminal emulators that behave alike for bidi (R21).
public enum TerminalFamily: String, CaseIterable, Hashable, Sendable, Codable {
    /// xterm.
    case xterm
    /// rxvt-unicode.
    case urxvt
    /// st (suckless).
    case st
    /// mlterm.
    case mlterm
    /// GNOME Terminal, Tilix, xfce4-terminal, sakura, lxterminal, Terminator…: the VTE widget.
    case vte
    /// KDE's Konsole.
    case konsole
    /// qterminal (qtermwidget, its own bidi per run of equal style).
    case qterminal
    /// A terminal built on qtermwidget that answers like qterminal (DA2 `>0;115;0`) and was not
    /// told apart: qterminal, deepin-terminal or cool-retro-term. Whether it reorders is unknown.
    case qtermwidget
    /// cool-retro-term (qmltermwidget): answers like qterminal, draws cells as sent (no bidi).
    case coolRetroTerm
    /// deepin-terminal: its own fork of qtermwidget, bidi always on (no setting), as qterminal.
    case deepinTerminal
    /// Enlightenment's terminology: no bidi; gives every combining mark a cell of its own.
    case terminology
    /// Eterm: no bidi, no UTF-8 (bytes are Latin-1 characters), answers CPR only.
    case eterm
    /// PuTTY and its Unix terminal `pterm`.
    case putty
    /// kitty.
    case kitty
    /// mintty (Cygwin, MSYS2, Git for Windows).
    case mintty
    /// WezTerm.
    case wezterm
    /// foot.
    case foot
    /// Alacritty.
    case alacritty
    /// Ghostty.
    case ghostty
    /// iTerm2.
    case iterm2
    /// macOS Terminal.
    case appleTerminal
    /// tmux (a multiplexer: the terminal outside is asked through it).
    case tmux
    /// GNU screen.
    case screen
    /// The Linux console.
    case linux
    /// Not recognised.
    case unknown

    /// The name shown to users.
    public var displayName: String {
        switch self {
        case .xterm: return "xterm"
        case .urxvt: return "rxvt-unicode"
        case .st: return "st"
        case .mlterm: return "mlterm"
        case .vte: return "VTE (GNOME Terminal, Tilix, xfce4-terminal, sakura, lxterminal)"
        case .konsole: return "Konsole"
        case .qterminal: return "qterminal"
        case .qtermwidget: return "a qtermwidget terminal (qterminal, deepin-terminal or cool-retro-term)"
        case .coolRetroTerm: return "cool-retro-term"
        case .deepinTerminal: return "deepin-terminal"
        case .terminology: return "terminology"
        case .eterm: return "Eterm"
        case .putty: return "PuTTY"
        case .kitty: return "kitty"
        case .mintty: return "mintty"
        case .wezterm: return "WezTerm"
        case .foot: return "foot"
        case .alacritty: return "Alacritty"
        case .ghostty: return "Ghostty"
        case .iterm2: return "iTerm2"
        case .appleTerminal: return "macOS Terminal"
        case .tmux: return "tmux"
        case .screen: return "GNU screen"
        case .linux: return "the Linux console"
        case .unknown: return "an unidentified terminal"
        }
    }

    /// Whether this is a terminal multiplexer, which draws into another terminal.
    public var isMultiplexer: Bool { self == .tmux || self == .screen }

    /// The families that answer exactly like this one over the wire (DA2 `>0;115;0`, nothing
    /// else): only the environment or the processes above the program tell them apart.
    public var sharesAnswers: Bool {
        switch self {
        case .qterminal, .qtermwidget, .coolRetroTerm, .deepinTerminal: return true
        default: return false
        }
    }

    /// The executable names (`/proc/PID/comm`, at most 15 bytes) of this family's terminals.
    public var processNames: [String] {
        switch self {
        case .qterminal: return ["qterminal"]
        case .coolRetroTerm: return ["cool-retro-term"]
        case .deepinTerminal: return ["deepin-terminal"]
        case .terminology: return ["terminology"]
        case .eterm: return ["Eterm"]
        case .konsole: return ["konsole"]
        case .xterm: return ["xterm"]
        case .urxvt: return ["urxvt", "rxvt-unicode"]
        case .st: return ["st", "stterm"]
        case .mlterm: return ["mlterm"]
        case .vte: return ["gnome-terminal-", "sakura", "lxterminal", "xfce4-terminal", "tilix", "terminator", "kgx"]
        case .putty: return ["pterm", "putty"]
        case .kitty: return ["kitty"]
        case .wezterm: return ["wezterm-gui"]
        case .foot: return ["foot"]
        case .alacritty: return ["alacritty"]
        default: return []
        }
    }

    /// The terminal among `names` (the processes above the program, nearest first), or nil.
    public static func fromProcessNames(_ names: [String]) -> TerminalFamily? {
        for n in names {
            for f in allCases where f.processNames.contains(where: { $0.hasSuffix("-") ? n.hasPrefix($0) : n == $0 }) {
                return f
            }
        }
        return nil
    }
}

/// What a terminal answered to the identification queries (nil: no answer).
public struct TerminalAnswers: Hashable, Sendable, Codable {
    /// XTVERSION (`CSI > 0 q`): the text of `DCS > | text ST`.
    public var version: String?
    /// DA2 (`CSI > c`) parameters.
    public var secondary: [Int]?
    /// DA1 (`CSI c`) parameters.
    public var primary: [Int]?

    /// The answers given (nil: none).
    public init(version: String? = nil, secondary: [Int]? = nil, primary: [Int]? = nil) {
        self.version = version
        self.secondary = secondary
        self.primary = primary
    }

    /// Whether the terminal answered anything at all.
    public var isEmpty: Bool { version == nil && secondary == nil && primary == nil }
}

/// A terminal, recognised: its family, version when known, and how it was recognised.
public struct TerminalIdentity: Hashable, Sendable, Codable {
    /// The family.
    public var family: TerminalFamily
    /// The version as the terminal states it (`379`, `22.12.3`, `0.70.6`), when known.
    public var version: String?
    /// How it was recognised, for people (`XTVERSION "Konsole 22.12.3"`, `DA2 >65;7006;1`,
    /// `VTE_VERSION=7006`).
    public var evidence: [String]

    /// A terminal of `family`, recognised by `evidence`.
    public init(family: TerminalFamily, version: String? = nil, evidence: [String] = []) {
        self.family = family
        self.version = version
        self.evidence = evidence
    }

    /// The family's name with the version.
    public var name: String {
        guard let v = version, !v.isEmpty else { return family.displayName }
        switch family {
        case .vte: return "VTE \(v) (GNOME Terminal, Tilix, xfce4-terminal, sakura, lxterminal)"
        default: return "\(family.displayName) \(v)"
        }
    }

    /// Recognises a terminal from its `answers` over the wire, then from `environment`.
    ///
    /// The wire decides when it can: XTVERSION names the terminal (xterm, Konsole, kitty, tmux,
    /// mintty, WezTerm, foot, iTerm2, Ghostty); otherwise DA2's type number (41 xterm, 85 urxvt,
    /// 24 mlterm, 65 VTE, 1;115 Konsole before XTVERSION, 0;115 qterminal, 0;136 PuTTY, 84 tmux,
    /// 83 screen, 77 mintty, 1;4000 kitty) and, with no DA2 at all, DA1 `?6` is st. Environment
    /// variables (`VTE_VERSION`, `KONSOLE_VERSION`, `KITTY_WINDOW_ID`, `MLTERM`, `TERM_PROGRAM`,
    /// `TMUX`, `STY`, `TERM`) name the terminal only when the wire does not.
    public static func identify(answers: TerminalAnswers, environment: [String: String]) -> TerminalIdentity {
        if let fromWire = fromWire(answers) {
            var id = fromWire
            // The environment can add a version the wire left out (VTE's DA2 carries one).
            id.evidence += environmentEvidence(environment, agreeingWith: id.family)
            return id
        }
        var id = fromEnvironment(environment) ?? TerminalIdentity(family: .unknown)
        if answers.isEmpty {
            id.evidence.insert("no answer to XTVERSION, DA2 or DA1", at: 0)
        } else {
            id.evidence.insert("answers not recognised: " + describe(answers), at: 0)
        }
        return id
    }

    /// `identity` made precise with evidence that costs nothing and does not cross SSH: the
    /// terminal among the processes above the program (`processNames`, nearest first) and
    /// `TERM`. It decides between the terminals that answer alike (`TerminalFamily.sharesAnswers`)
    /// and names a terminal the wire left unknown; a process that contradicts the wire is only
    /// noted. A qtermwidget answer with `TERM=xterm` (cool-retro-term's, which qterminal and
    /// deepin-terminal replace by `xterm-256color`) is taken for cool-retro-term, which draws
    /// cells as sent: the same as no guess if it is wrong.
    public static func refined(_ identity: TerminalIdentity, processNames: [String], environment: [String: String]) -> TerminalIdentity {
        var id = identity
        let chain = processNames.prefix(8).map { Sanitizer.visible($0) }
        if let f = TerminalFamily.fromProcessNames(processNames) {
            let name = chain.first { n in TerminalFamily.fromProcessNames([n]) == f } ?? f.rawValue
            let where_ = "process \"\(name)\" above this program"
            if id.family == f {
                id.evidence.append(where_)
            } else if id.family.sharesAnswers && f.sharesAnswers {
                id.family = f
                id.evidence.append(where_)
            } else if id.family == .unknown {
                id.family = f
                id.evidence.append(where_)
            } else if !id.family.isMultiplexer {
                id.evidence.append("\(where_), which answers differently; the answers decide")
            }
        }
        if id.family == .qtermwidget, environment["TERM"] == "xterm" {
            id.family = .coolRetroTerm
            id.evidence.append("TERM=xterm (cool-retro-term's; qterminal and deepin-terminal set xterm-256color)")
        }
        return id
    }

    /// The identity the answers alone give, or nil.
    static func fromWire(_ a: TerminalAnswers) -> TerminalIdentity? {
        if let v = a.version, let id = fromVersionString(v) { return id }
        if let d = a.secondary, let id = fromSecondary(d, hasVersion: a.version != nil) { return id }
        if a.secondary == nil, a.version == nil, a.primary == [6] {
            return TerminalIdentity(family: .st, evidence: ["no XTVERSION, no DA2, DA1 ?6c (st)"])
        }
        return nil
    }

    /// XTVERSION's text: `XTerm(379)`, `Konsole 22.12.3`, `kitty(0.26.5)`, `tmux 3.3a`,
    /// `mintty 3.6.4`, `WezTerm 20230712-…`, `foot(1.16.2)`, `iTerm2 3.4.19`, `ghostty 1.0.0`.
    static func fromVersionString(_ text: String) -> TerminalIdentity? {
        let evidence = "XTVERSION \"\(Sanitizer.visible(text))\""
        // Name, then a version in parentheses or after a space.
        var name = text
        var version: String? = nil
        if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
            name = String(text[..<open])
            version = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        } else if let space = text.firstIndex(of: " ") {
            name = String(text[..<space])
            version = String(text[text.index(after: space)...])
        }
        let families: [(String, TerminalFamily)] = [
            ("xterm", .xterm), ("konsole", .konsole), ("kitty", .kitty), ("tmux", .tmux), ("mintty", .mintty),
            ("wezterm", .wezterm), ("foot", .foot), ("iterm2", .iterm2), ("ghostty", .ghostty),
            ("alacritty", .alacritty), ("mlterm", .mlterm), ("vte", .vte), ("screen", .screen),
            ("terminology", .terminology),
        ]
        let key = String(name.filter { $0 != " " }).lowercased()
        guard let family = families.first(where: { $0.0 == key })?.1 else { return nil }
        return TerminalIdentity(family: family, version: version.map { Sanitizer.visible($0) }, evidence: [evidence])
    }

    /// DA2's parameters.
    static func fromSecondary(_ d: [Int], hasVersion: Bool) -> TerminalIdentity? {
        let text = "DA2 >" + d.map(String.init).joined(separator: ";")
        let second = d.count > 1 ? d[1] : nil
        func id(_ f: TerminalFamily, _ version: String? = nil, _ note: String) -> TerminalIdentity {
            TerminalIdentity(family: f, version: version, evidence: ["\(text) (\(note))"])
        }
        switch (d.first, second) {
        case (41?, let v): return id(.xterm, v.map(String.init), "xterm")
        case (85?, _): return id(.urxvt, nil, "rxvt-unicode")
        case (24?, _): return id(.mlterm, nil, "mlterm")
        case (65?, let v?):
            // VTE's version: major * 10000 + minor * 100 + micro, as in VTE_VERSION (7006 = 0.70.6).
            return id(.vte, "\(v / 10000).\(v / 100 % 100).\(v % 100)", "VTE")
        case (65?, nil): return id(.vte, nil, "VTE")
        case (1?, 115?): return id(.konsole, nil, "Konsole")
        case (0?, 115?): return id(.qtermwidget, nil, "qtermwidget: qterminal, deepin-terminal and cool-retro-term answer alike")
        case (0?, 136?): return id(.putty, nil, "PuTTY")
        case (84?, _): return id(.tmux, nil, "tmux")
        case (83?, let v?):
            // screen's version: major * 10000 + minor * 100 + patch (40900 = 4.9.0).
            return id(.screen, "\(v / 10000).\(v / 100 % 100).\(v % 100)", "GNU screen")
        case (83?, nil): return id(.screen, nil, "GNU screen")
        case (77?, let v): return id(.mintty, v.map(String.init), "mintty")
        case (1?, 4000?): return id(.kitty, d.count > 2 ? "0.\(d[2])" : nil, "kitty")
        case (1?, 95?): return id(.appleTerminal, nil, "macOS Terminal")
        case (61?, 337?): return id(.terminology, nil, "terminology")
        default: return nil
        }
    }

    /// The identity the environment suggests, or nil.
    static func fromEnvironment(_ env: [String: String]) -> TerminalIdentity? {
        func has(_ k: String) -> String? { env[k].flatMap { $0.isEmpty ? nil : $0 } }
        let term = env["TERM"] ?? ""
        if has("TMUX") != nil { return TerminalIdentity(family: .tmux, evidence: ["TMUX is set"]) }
        if has("TERM_PROGRAM") == "tmux" { return TerminalIdentity(family: .tmux, evidence: ["TERM_PROGRAM=tmux"]) }
        if has("STY") != nil { return TerminalIdentity(family: .screen, evidence: ["STY is set"]) }
        if let v = has("KONSOLE_VERSION") {
            // YYMMPP: 221203 is 22.12.3.
            let version = Int(v).map { "\($0 / 10000).\($0 / 100 % 100).\($0 % 100)" } ?? v
            return TerminalIdentity(family: .konsole, version: version, evidence: ["KONSOLE_VERSION=\(Sanitizer.visible(v))"])
        }
        if let v = has("VTE_VERSION"), let n = Int(v) {
            return TerminalIdentity(family: .vte, version: "\(n / 10000).\(n / 100 % 100).\(n % 100)", evidence: ["VTE_VERSION=\(v)"])
        }
        if has("KITTY_WINDOW_ID") != nil || term == "xterm-kitty" {
            return TerminalIdentity(family: .kitty, evidence: [has("KITTY_WINDOW_ID") != nil ? "KITTY_WINDOW_ID is set" : "TERM=xterm-kitty"])
        }
        if let v = has("MLTERM") { return TerminalIdentity(family: .mlterm, version: v, evidence: ["MLTERM=\(v)"]) }
        if term == "Eterm" || term.hasPrefix("Eterm-") || has("COLORTERM") == "Eterm" {
            return TerminalIdentity(family: .eterm, evidence: [term.hasPrefix("Eterm") ? "TERM=\(Sanitizer.visible(term))" : "COLORTERM=Eterm"])
        }
        switch has("TERM_PROGRAM") {
        case "Apple_Terminal"?: return TerminalIdentity(family: .appleTerminal, version: has("TERM_PROGRAM_VERSION"), evidence: ["TERM_PROGRAM=Apple_Terminal"])
        case "iTerm.app"?: return TerminalIdentity(family: .iterm2, version: has("TERM_PROGRAM_VERSION"), evidence: ["TERM_PROGRAM=iTerm.app"])
        case "WezTerm"?: return TerminalIdentity(family: .wezterm, version: has("TERM_PROGRAM_VERSION"), evidence: ["TERM_PROGRAM=WezTerm"])
        case "mintty"?: return TerminalIdentity(family: .mintty, version: has("TERM_PROGRAM_VERSION"), evidence: ["TERM_PROGRAM=mintty"])
        case "ghostty"?: return TerminalIdentity(family: .ghostty, version: has("TERM_PROGRAM_VERSION"), evidence: ["TERM_PROGRAM=ghostty"])
        case "terminology"?: return TerminalIdentity(family: .terminology, version: has("TERM_PROGRAM_VERSION"), evidence: ["TERM_PROGRAM=terminology"])
        default: break
        }
        let byTerm: [(String, TerminalFamily)] = [
            ("rxvt-unicode", .urxvt), ("st-", .st), ("mlterm", .mlterm), ("putty", .putty), ("foot", .foot),
            ("alacritty", .alacritty), ("xterm-ghostty", .ghostty), ("wezterm", .wezterm), ("linux", .linux),
            ("tmux", .tmux), ("screen", .screen),
        ]
        if let f = byTerm.first(where: { term == $0.0 || term.hasPrefix($0.0) })?.1 {
            return TerminalIdentity(family: f, evidence: ["TERM=\(Sanitizer.visible(term))"])
        }
        return nil
    }

    /// Environment variables that name the same family (shown as extra evidence).
    static func environmentEvidence(_ env: [String: String], agreeingWith family: TerminalFamily) -> [String] {
        guard let e = fromEnvironment(env), e.family == family else { return [] }
        return e.evidence
    }

    /// The answers as text: `XTVERSION "…", DA2 >…, DA1 ?…`.
    public static func describe(_ a: TerminalAnswers) -> String {
        var parts: [String] = []
        if let v = a.version { parts.append("XTVERSION \"\(Sanitizer.visible(v))\"") }
        if let d = a.secondary { parts.append("DA2 >" + d.map(String.init).joined(separator: ";")) }
        if let d = a.primary { parts.append("DA1 ?" + d.map(String.init).joined(separator: ";")) }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }
}
