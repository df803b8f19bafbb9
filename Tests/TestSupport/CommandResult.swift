import Foundation

/// What a run of an `rtl-tui` command gave: its exit status and what it wrote.
public struct CommandResult {
    /// The exit status.
    public var status: Int32
    /// Standard output, as bytes.
    public var stdout: Data
    /// Standard error.
    public var stderr: String

    public init(status: Int32, stdout: Data, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    /// Standard output as text.
    public var text: String { String(decoding: stdout, as: UTF8.self) }

    /// Standard output's lines, without the line feed after the last one.
    public var lines: [String] {
        var l = text.components(separatedBy: "\n")
        if l.last == "" { l.removeLast() }
        return l
    }
}
