import Foundation

/// The built `rtl-tui` executable, for the tests that need the real process (the end-to-end tests).
public enum BuiltBinary {
    /// Why the executable cannot be used. A test that needs it fails (it never skips), so a
    /// missing or broken build shows as a failure.
    public struct Missing: Error, CustomStringConvertible {
        public var path: String
        public var description: String {
            "the rtl-tui executable is not at \(path): build it first (swift build --build-tests), or set RTL_TUI_BIN"
        }
    }

    /// `rtl-tui`: `RTL_TUI_BIN` when it is set (to test another build, a release one say), else
    /// the one in the build products directory, beside this test bundle.
    public static func rtlTUI() throws -> URL {
        let url: URL
        if let p = ProcessInfo.processInfo.environment["RTL_TUI_BIN"], !p.isEmpty {
            url = URL(fileURLWithPath: p)
        } else {
            url = Bundle.main.bundleURL.appendingPathComponent("rtl-tui")
        }
        guard FileManager.default.isExecutableFile(atPath: url.path) else { throw Missing(path: url.path) }
        return url
    }

    /// `rtl-tui-full`, the whole tool, which `rtl-tui` (the front program) starts in its place for
    /// anything but a plain `render`: beside `rtlTUI()`, as in a build directory.
    public static func fullTool() throws -> URL {
        let url = try rtlTUI().deletingLastPathComponent().appendingPathComponent("rtl-tui-full")
        guard FileManager.default.isExecutableFile(atPath: url.path) else { throw Missing(path: url.path) }
        return url
    }

    /// Runs `rtl-tui arguments…` (or `executable`) with `stdin` as standard input (closed at once
    /// when nil), the environment given (the test process's when nil) and `directory` as the
    /// working directory (the test process's when nil), and waits for it to end.
    public static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil,
                           directory: URL? = nil, executable: URL? = nil) throws -> CommandResult {
        let p = Process()
        p.executableURL = try executable ?? rtlTUI()
        p.arguments = arguments
        if let environment { p.environment = environment }
        if let directory { p.currentDirectoryURL = directory }
        let inPipe = Pipe(), outPipe = Pipe(), errPipe = Pipe()
        p.standardInput = inPipe
        p.standardOutput = outPipe
        p.standardError = errPipe
        try p.run()
        // Both pipes are read at once, so a large output cannot block the child.
        final class Box: @unchecked Sendable { var out = Data(); var err = Data() }
        let box = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { box.out = outPipe.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { box.err = errPipe.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        if let stdin { try inPipe.fileHandleForWriting.write(contentsOf: stdin) }
        try inPipe.fileHandleForWriting.close()
        group.wait()
        p.waitUntilExit()
        return CommandResult(status: p.terminationStatus, stdout: box.out, stderr: String(decoding: box.err, as: UTF8.self))
    }
}
