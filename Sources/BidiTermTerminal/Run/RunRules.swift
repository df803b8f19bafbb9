import BidiTerm
import Foundation

/// What the user says of a program under `run` (R27), kept in a file from one start to the next.
public struct ProgramRule: Sendable, Hashable {
    /// How its rows are treated.
    public enum Treatment: String, Sendable, Hashable, CaseIterable {
        /// The evidence decides (the default).
        case auto
        /// Its rows are drawn as it draws them: it writes visual order.
        case visual
        /// Every run with right-to-left text is reordered, whatever its text looks like: it writes
        /// logical order.
        case reorder
    }

    /// How its rows are treated.
    public var treatment: Treatment = .auto
    /// The paragraph direction of its runs: nil for auto (R28), or forced.
    public var direction: LayoutDirection? = nil

    /// A rule.
    public init(treatment: Treatment = .auto, direction: LayoutDirection? = nil) {
        self.treatment = treatment
        self.direction = direction
    }

    /// The rule as the file writes it: `visual`, `reorder dir ltr`, `dir rtl`, `auto`.
    public var text: String {
        var words: [String] = []
        if treatment != .auto || direction == nil { words.append(treatment.rawValue) }
        if let d = direction { words.append("dir \(d == .rtl ? "rtl" : "ltr")") }
        return words.joined(separator: " ")
    }
}

/// The key that starts a command of `run`'s own (R27), as the user names it: `F12` (the default),
/// `F1`…`F11`, `C-a`…`C-z`, `C-]`, `C-\`, `C-^`, `C-_`.
public struct CommandKey: Sendable, Hashable, CustomStringConvertible {
    /// The key as the input decoder reads it.
    public let key: KeyEvent
    /// Its name, as the user wrote it.
    public let name: String

    /// F12: no shell, editor, pager or tmux binds it by default.
    public static let `default` = CommandKey(key: .function(12), name: "F12")

    init(key: KeyEvent, name: String) {
        self.key = key
        self.name = name
    }

    /// The key named `text`, or nil when it is none of the names above.
    public init?(_ text: String) {
        let t = text.trimmingCharacters(in: .whitespaces)
        let lower = t.lowercased()
        if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...12).contains(n) {
            self.init(key: .function(n), name: "F\(n)")
            return
        }
        guard lower.hasPrefix("c-") || lower.hasPrefix("ctrl-") || lower.hasPrefix("^") else { return nil }
        let rest = lower.hasPrefix("^") ? String(lower.dropFirst()) : String(lower.split(separator: "-", maxSplits: 1).last ?? "")
        guard rest.count == 1, let c = rest.unicodeScalars.first else { return nil }
        switch c {
        case "a"..."z":
            // Ctrl-H, Ctrl-I, Ctrl-J, Ctrl-M and Ctrl-[ are Backspace, Tab, Enter and Escape.
            guard !["h", "i", "j", "m"].contains(c) else { return nil }
            self.init(key: .ctrl(Character(c)), name: "C-\(c)")
        case "]": self.init(key: .unknown(29), name: "C-]")
        case "\\": self.init(key: .unknown(28), name: "C-\\")
        case "^", "6": self.init(key: .unknown(30), name: "C-^")
        case "_", "/": self.init(key: .unknown(31), name: "C-_")
        default: return nil
        }
    }

    public var description: String { name }

    /// The bytes a terminal sends for the key (to tell it in raw input).
    var bytes: [UInt8] {
        switch key {
        case .function(let n):
            let codes = [0, 11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24]
            return n <= 4 ? Array("\u{1B}O\(["P", "Q", "R", "S"][n - 1])".utf8) : Array("\u{1B}[\(codes[n])~".utf8)
        case .ctrl(let c): return [UInt8(c.asciiValue! - 0x60)]
        case .unknown(let code): return [UInt8(code)]
        default: return []
        }
    }

    /// Whether the event read from the terminal is this key, with no modifier.
    func matches(_ event: InputEvent) -> Bool {
        switch event {
        case .key(let k, let m): return k == key && m.isEmpty
        case .unknown(let b): return !bytes.isEmpty && b == bytes
        default: return false
        }
    }
}

/// The rules the user keeps for `run` (R27): one line a program, and the command key, in
/// `~/.config/rtl-tui/run.conf` (`$XDG_CONFIG_HOME/rtl-tui/run.conf` when that is set):
///
/// ```
/// # rtl-tui run: kept per program
/// command-key: F12
/// emacs: visual
/// mytool: dir ltr
/// less: reorder dir rtl
/// ```
///
/// A program is named as `ps` shows it (its process name) or by its executable's file name.
/// `visual` leaves its rows as it draws them; `reorder` reorders every run with right-to-left text;
/// `auto` lets the evidence decide; `dir ltr`, `dir rtl` and `dir auto` set the paragraph direction.
/// A line that cannot be read is reported with the file and line, and the others still apply.
public struct RunRules: Sendable, Hashable {
    /// The rules by program name.
    public var programs: [String: ProgramRule] = [:]
    /// The line of the file each rule is on (for the status line).
    public var lines: [String: Int] = [:]
    /// The command key, when the file names one.
    public var commandKey: CommandKey?

    /// No rules.
    public init() {}

    /// The file's path for `environment`: `$XDG_CONFIG_HOME/rtl-tui/run.conf`, else
    /// `$HOME/.config/rtl-tui/run.conf`; nil without either.
    public static func path(environment: [String: String]) -> String? {
        if let x = environment["XDG_CONFIG_HOME"], x.hasPrefix("/") { return x + "/rtl-tui/run.conf" }
        if let h = environment["HOME"], !h.isEmpty { return h + "/.config/rtl-tui/run.conf" }
        return nil
    }

    /// Reads the rules from `text` (the file at `path`, for messages). Returns them with one
    /// message per line that could not be read (`path:line: what is wrong`).
    public static func parse(_ text: String, path: String) -> (rules: RunRules, problems: [String]) {
        var rules = RunRules()
        var problems: [String] = []
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var line = String(raw)
            if let hash = line.firstIndex(of: "#") { line = String(line[..<hash]) }
            line = line.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            guard let colon = line.firstIndex(of: ":") else {
                problems.append("\(path):\(number): expected `PROGRAM: RULE` (as `emacs: visual`), found `\(Sanitizer.terminalSafe(line))`")
                continue
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name.isEmpty {
                problems.append("\(path):\(number): no program named before the colon")
                continue
            }
            if name == "command-key" {
                if let k = CommandKey(value) { rules.commandKey = k } else {
                    problems.append("\(path):\(number): unknown command key `\(Sanitizer.terminalSafe(value))` (F1–F12, C-a–C-z, C-], C-\\, C-^ or C-_)")
                }
                continue
            }
            switch parseRule(value) {
            case .success(let rule):
                rules.programs[name] = rule
                rules.lines[name] = number
            case .failure(let problem):
                problems.append("\(path):\(number): \(problem.text)")
            }
        }
        return (rules, problems)
    }

    struct Problem: Error { let text: String }

    /// `visual`, `reorder`, `auto`, each optionally followed by `dir ltr|rtl|auto`, or `dir …` alone.
    static func parseRule(_ value: String) -> Result<ProgramRule, Problem> {
        var rule = ProgramRule()
        let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { $0.lowercased() }
        if words.isEmpty { return .failure(Problem(text: "no rule after the colon (visual, reorder, auto or dir ltr|rtl|auto)")) }
        var i = 0
        var sawTreatment = false
        while i < words.count {
            let w = words[i]
            if let t = ProgramRule.Treatment(rawValue: w), !sawTreatment {
                rule.treatment = t
                sawTreatment = true
                i += 1
            } else if w == "dir" || w == "direction" {
                guard i + 1 < words.count else { return .failure(Problem(text: "`dir` needs ltr, rtl or auto")) }
                switch words[i + 1] {
                case "ltr": rule.direction = .ltr
                case "rtl": rule.direction = .rtl
                case "auto": rule.direction = nil
                default: return .failure(Problem(text: "`dir \(Sanitizer.terminalSafe(words[i + 1]))`: the direction is ltr, rtl or auto"))
                }
                i += 2
            } else {
                return .failure(Problem(text: "unknown word `\(Sanitizer.terminalSafe(w))` (visual, reorder, auto or dir ltr|rtl|auto)"))
            }
        }
        return .success(rule)
    }

    /// Reads the file at `path`: no file is no rules; a file that cannot be read is one problem.
    public static func load(path: String) -> (rules: RunRules, problems: [String]) {
        guard FileManager.default.fileExists(atPath: path) else { return (RunRules(), []) }
        guard let data = FileManager.default.contents(atPath: path) else {
            return (RunRules(), ["\(path): cannot be read"])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return (RunRules(), ["\(path): not UTF-8 text"])
        }
        return parse(text, path: path)
    }

    /// Writes `rule` for `program` into the file at `path`: the program's line replaced where there
    /// is one, else added at the end; the folder made when missing. Returns the line it is on.
    @discardableResult
    public static func save(_ rule: ProgramRule, for program: String, path: String) throws -> Int {
        var lines: [String] = []
        if let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) {
            lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
        } else {
            lines = ["# rtl-tui run: rules kept per program (PROGRAM: visual | reorder | auto, dir ltr | rtl | auto)"]
        }
        let newLine = "\(program): \(rule.text)"
        var at: Int? = nil
        for (i, l) in lines.enumerated() {
            let code = l.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            guard let colon = code.firstIndex(of: ":") else { continue }
            if code[..<colon].trimmingCharacters(in: .whitespaces) == program { at = i }
        }
        if let at { lines[at] = newLine } else { lines.append(newLine) }
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return (at ?? lines.count - 1) + 1
    }
}
