import Foundation
import XCTest

/// Runs the built `rtl-tui` executable (next to the test bundle, or `RTL_TUI_BIN`).
enum CLI {
    static var binary: URL {
        if let p = ProcessInfo.processInfo.environment["RTL_TUI_BIN"] { return URL(fileURLWithPath: p) }
        return Bundle.main.bundleURL.appendingPathComponent("rtl-tui")
    }

    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
        var lines: [String] {
            var l = text.components(separatedBy: "\n")
            if l.last == "" { l.removeLast() }
            return l
        }
    }

    /// Runs `rtl-tui args…` with `stdin` as standard input (closed at once when nil).
    static func run(_ args: [String], stdin: Data? = nil, environment: [String: String]? = nil) throws -> Result {
        let p = Process()
        p.executableURL = binary
        p.arguments = args
        if let environment { p.environment = environment }
        let inPipe = Pipe(), outPipe = Pipe(), errPipe = Pipe()
        p.standardInput = inPipe
        p.standardOutput = outPipe
        p.standardError = errPipe
        try p.run()
        // Read both pipes concurrently so a large output cannot block the child.
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
        return Result(status: p.terminationStatus, stdout: box.out, stderr: String(decoding: box.err, as: UTF8.self))
    }
}
