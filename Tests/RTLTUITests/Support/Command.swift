import Foundation
import TestSupport
import XCTest
@testable import rtl_tui
#if canImport(Glibc)
import Glibc
#endif

/// Runs `rtl-tui` command lines in this process, the way argument-parser's own tests do: the
/// arguments are parsed and the command runs (`RTLTUI.run`), with standard input, output and error
/// pointed at files of the test's own (`CommandEnvironment`) and the environment given. The exit
/// status and the messages are what the executable gives (its `main` calls the same `RTLTUI.run`).
enum Command {
    /// Runs `rtl-tui arguments…` with `stdin` as standard input (empty when nil) and `environment`
    /// as the environment variables (this process's when nil). `stdout`, when given, is the
    /// descriptor standard output goes to instead of a file (the result's `stdout` is then empty).
    static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil,
                    stdout: Int32? = nil) throws -> CommandResult {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rtl-tui-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let inPath = dir.appendingPathComponent("stdin").path
        let outPath = dir.appendingPathComponent("stdout").path
        let errPath = dir.appendingPathComponent("stderr").path
        try (stdin ?? Data()).write(to: URL(fileURLWithPath: inPath))
        let input = open(inPath, O_RDONLY)
        let output = open(outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let error = open(errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { for fd in [input, output, error] where fd >= 0 { close(fd) } }
        guard input >= 0, output >= 0, error >= 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: dir.path])
        }

        let saved = (CommandEnvironment.standardInput, CommandEnvironment.standardOutput,
                     CommandEnvironment.standardError, CommandEnvironment.variables)
        CommandEnvironment.standardInput = input
        CommandEnvironment.standardOutput = stdout ?? output
        CommandEnvironment.standardError = error
        CommandEnvironment.variables = environment ?? ProcessInfo.processInfo.environment
        defer {
            (CommandEnvironment.standardInput, CommandEnvironment.standardOutput,
             CommandEnvironment.standardError, CommandEnvironment.variables) = saved
        }
        let status = RTLTUI.run(arguments)
        let out = try Data(contentsOf: URL(fileURLWithPath: outPath))
        let err = try Data(contentsOf: URL(fileURLWithPath: errPath))
        return CommandResult(status: status, stdout: out, stderr: String(decoding: err, as: UTF8.self))
    }
}
