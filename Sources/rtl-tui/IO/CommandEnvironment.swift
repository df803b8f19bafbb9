#if canImport(Glibc)
import Glibc
#endif

/// What a command reads and writes besides its arguments: the standard streams (as file
/// descriptors) and the environment variables. The process's own by default; the in-process tests
/// of the commands (RTLTUITests) point them at files of their own for the length of one command.
enum CommandEnvironment {
    nonisolated(unsafe) static var standardInput: Int32 = STDIN_FILENO
    nonisolated(unsafe) static var standardOutput: Int32 = STDOUT_FILENO
    nonisolated(unsafe) static var standardError: Int32 = STDERR_FILENO
    nonisolated(unsafe) static var variables: [String: String] = processEnvironment()

    /// Writes `text` to standard output as it is, unbuffered.
    static func writeOutput(_ text: String) { write(text, to: standardOutput) }

    /// Writes `text` to standard error as it is, unbuffered.
    static func writeError(_ text: String) { write(text, to: standardError) }

    /// The process's environment variables, read from the C library's `environ` as Foundation's
    /// `ProcessInfo.environment` reads them (a later duplicate wins): the front program
    /// (Sources/rtl-tui-front), which shares this file, links no Foundation.
    static func processEnvironment() -> [String: String] {
        var out: [String: String] = [:]
        let env: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ   // nil after clearenv()
        guard var p = env else { return out }
        while let entry = p.pointee {
            let s = String(cString: entry)
            if let eq = s.firstIndex(of: "=") { out[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
            p += 1
        }
        return out
    }

    private static func write(_ text: String, to fd: Int32) {
        var text = text
        _ = text.withUTF8 { writeAll(fd, UnsafeRawBufferPointer($0)) }
    }
}
