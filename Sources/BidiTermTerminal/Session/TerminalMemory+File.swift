import BidiTerm
import Foundation

/// Reading and writing the memory's file in the user's config directory.
extension TerminalMemory {
    /// The file's path: `$XDG_CONFIG_HOME/rtl-tui/terminals`, else `$HOME/.config/rtl-tui/terminals`
    /// (nil when neither variable is set): rtl-tui's own, where `rtl-tui doctor` keeps the order
    /// the user chose for a terminal.
    public static func path(environment: [String: String]) -> String? { path(environment: environment, app: "rtl-tui") }

    /// The path of the file an app named `app` keeps its memory in: `$XDG_CONFIG_HOME/<app>/terminals`,
    /// else `$HOME/.config/<app>/terminals` (nil when neither variable is set). A `/` in the name
    /// becomes `-`; an empty name, `.` and `..` become `app`.
    public static func path(environment: [String: String], app: String) -> String? {
        var folder = app.replacingOccurrences(of: "/", with: "-")
        if folder.isEmpty || folder == "." || folder == ".." { folder = "app" }
        if let x = environment["XDG_CONFIG_HOME"], x.hasPrefix("/") { return x + "/" + folder + "/terminals" }
        if let h = environment["HOME"], !h.isEmpty { return h + "/.config/" + folder + "/terminals" }
        return nil
    }

    /// The remembered answers (none when the file is missing or unreadable).
    public static func load(environment: [String: String]) -> TerminalMemory { load(path: path(environment: environment)) }

    /// The answers remembered in the file at `path` (none when it is nil, missing or unreadable).
    public static func load(path: String?) -> TerminalMemory {
        guard let p = path, let text = try? String(contentsOfFile: p, encoding: .utf8) else {
            return TerminalMemory()
        }
        return TerminalMemory(text: text)
    }

    /// Writes the answers, creating the folder; the error says which file could not be written.
    public func save(environment: [String: String]) throws { try save(path: Self.path(environment: environment)) }

    /// Writes the answers to the file at `path`, creating its folder.
    public func save(path: String?) throws {
        guard let p = path else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "neither XDG_CONFIG_HOME nor HOME is set"])
        }
        let dir = (p as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try text.write(toFile: p, atomically: true, encoding: .utf8)
    }
}

/// The names of the processes above this one (`/proc/PID/comm`, nearest first): where the
/// program runs in a local terminal, the terminal's own executable is among them. Over SSH the
/// chain ends at `sshd`; inside tmux it is followed from tmux's client process instead.
public enum TerminalProcesses {
    /// The chain above `pid` (default: this process's parent), at most `limit` names.
    public static func names(above pid: Int32 = getppid(), limit: Int = 12) -> [String] {
        var out: [String] = []
        var p = pid
        while p > 1, out.count < limit {
            guard let comm = try? String(contentsOfFile: "/proc/\(p)/comm", encoding: .utf8),
                  let stat = try? String(contentsOfFile: "/proc/\(p)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { break }
            out.append(comm.trimmingCharacters(in: .whitespacesAndNewlines))
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, let parent = Int32(fields[1]) else { break }
            p = parent
        }
        return out
    }

    /// The names above the program as far as they lead to its terminal: inside tmux, the chain
    /// above tmux's client (`clientPID`), whose terminal is the one that draws.
    public static func terminalChain(multiplexer: MultiplexerInfo?, environment: [String: String]) -> [String] {
        if environment["TMUX"].map({ !$0.isEmpty }) ?? false {
            guard let pid = multiplexer?.clientPID, pid > 1 else { return [] }
            return names(above: pid)
        }
        return names()
    }
}
