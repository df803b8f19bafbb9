// What the user told `rtl-tui doctor` about a terminal that the evidence could not decide
// (R21): which line of its test card read right. Kept per terminal identity in the user's
// config directory; every app and the line output use it. Pure: the file's text in and out.

/// The answers remembered per terminal identity: the wire order whose line read right.
///
/// The file (`$XDG_CONFIG_HOME/rtl-tui/terminals`, else `~/.config/rtl-tui/terminals`) has one
/// line per identity, `KEY<TAB>ORDER`, `#` comments; unknown lines are kept as they are.
public struct TerminalMemory: Hashable, Sendable {
    /// How the file is named in messages.
    public static let fileDescription = "$XDG_CONFIG_HOME/rtl-tui/terminals"

    /// The remembered order per key.
    public private(set) var orders: [String: WireOrder] = [:]
    /// Keys of the notices already shown in a box (`notice<TAB>KEY` lines).
    public private(set) var noticesShown: Set<String> = []
    /// The lines as read (comments, other keys), in order, so that saving keeps them.
    private var lines: [String] = []

    /// An empty memory: no answer and no notice recorded.
    public init() {}

    /// Reads the file's text; a line that is not `KEY<TAB>ORDER` is kept but not used.
    public init(text: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) {
            lines.append(line)
            guard !line.hasPrefix("#") else { continue }
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            if f.count == 2, f[0] == "notice" { noticesShown.insert(String(f[1])); continue }
            if f.count == 2, let order = WireOrder(rawValue: String(f[1])) { orders[String(f[0])] = order }
        }
    }

    /// The key of a terminal: its family and what it answered, and `TERM` (which crosses SSH).
    public static func key(for identity: TerminalIdentity, answers: TerminalAnswers, environment: [String: String]) -> String {
        let term = environment["TERM"].map { Sanitizer.visible($0) } ?? "-"
        return String("\(identity.family.rawValue) \(TerminalIdentity.describe(answers)) TERM=\(term)"
            .map { $0 == "\t" ? " " : $0 })
    }

    /// The order remembered for `key`.
    public func order(for key: String) -> WireOrder? { orders[key] }

    /// Remembers `order` for `key` (replacing an earlier answer).
    public mutating func remember(_ order: WireOrder, for key: String) {
        lines.removeAll { $0.hasPrefix(key + "\t") }
        lines.append(key + "\t" + order.rawValue)
        orders[key] = order
    }

    /// The key of `notice` in the terminal of `key`: the notice's id (its words when it has
    /// none), so that another notice in the same terminal is shown in a box again, and the same
    /// notice in another language is not.
    public static func noticeKey(_ notice: TerminalNotice, terminal key: String) -> String {
        String((key + " | " + (notice.id.isEmpty ? notice.problem : notice.id)).map { $0 == "\t" || $0 == "\n" ? " " : $0 })
    }

    /// Remembers that the notice of `key` was shown in a box.
    public mutating func rememberNoticeShown(_ key: String) {
        guard noticesShown.insert(key).inserted else { return }
        lines.append("notice\t" + key)
    }

    /// The file's text.
    public var text: String {
        var out = lines.contains { $0.hasPrefix("#") } ? "" : "# rtl-tui: the line that read right per terminal (rtl-tui doctor)\n"
        for l in lines { out += l + "\n" }
        return out
    }
}
