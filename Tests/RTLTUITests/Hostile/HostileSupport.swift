import Foundation
import TestSupport
import XCTest

/// Shared pieces of the hostile-input tests: attack strings, the check that output is safe for a
/// terminal, scratch directories and timing.
enum Hostile {
    /// Strings a catalog or a user could carry to take over a terminal (R22), by name.
    static let payloads: [(name: String, text: String)] = [
        ("ED clear screen", "\u{1B}[2J\u{1B}[H"),
        ("OSC 52 clipboard write", "\u{1B}]52;c;cm0gLXJmIH4K\u{07}"),
        ("OSC 8 link", "\u{1B}]8;;https://evil.example/\u{1B}\\click me\u{1B}]8;;\u{1B}\\"),
        ("OSC 0 title", "\u{1B}]0;owned\u{07}"),
        ("DCS", "\u{1B}P1$q\"p\u{1B}\\"),
        ("8-bit CSI U+009B", "\u{9B}31m\u{9B}2J"),
        ("8-bit OSC and ST", "\u{9D}52;c;aGk=\u{9C}"),
        ("BEL", "ring\u{07}\u{07}"),
        ("backspaces", "safe\u{08}\u{08}\u{08}\u{08}EVIL"),
        ("carriage return", "safe\rEVIL"),
        ("DEL and NUL", "a\u{7F}b\u{0}c"),
    ]

    /// Every payload in one string, between Arabic and Hebrew words.
    static var allPayloads: String {
        "مرحبا " + payloads.map(\.text).joined(separator: " שלום ") + " عالم"
    }

    /// `texts` as command-line arguments: a C string ends at NUL, so NUL is left out.
    static func arguments(_ texts: [String]) -> [String] {
        texts.map { $0.replacingOccurrences(of: "\u{0}", with: "") }
    }

    /// Fails unless `data` is safe to write to a terminal: valid UTF-8, no C0 control but LF, no
    /// DEL, no C1 control (U+0080–U+009F). With `allowedSequences`, those exact escape sequences
    /// (the SGR codes of `--format ansi`) are taken out first.
    static func assertTerminalSafe(_ data: Data, _ label: String, allowedSequences: [String] = [],
                                   file: StaticString = #filePath, line: UInt = #line) {
        guard var text = String(data: data, encoding: .utf8) else {
            XCTFail("\(label): output is not valid UTF-8 (a stray byte 0x80–0x9F could act as a C1 control)",
                    file: file, line: line)
            return
        }
        for s in allowedSequences { text = text.replacingOccurrences(of: s, with: "") }
        var bad: [String] = []
        for u in text.unicodeScalars where (u.value < 0x20 && u.value != 0x0A) || (0x7F...0x9F).contains(u.value) {
            bad.append("U+" + String(u.value, radix: 16, uppercase: true))
            if bad.count == 10 { break }
        }
        XCTAssertTrue(bad.isEmpty, "\(label): raw control characters in the output: \(bad.joined(separator: " "))",
                      file: file, line: line)
    }

    /// A fresh directory under the system's temporary directory, removed by the test's teardown.
    static func scratchDirectory(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("rtl-tui-hostile-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// Runs `body` and returns its result and the seconds it took.
    static func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    /// The largest resident set of this test process so far, in MiB (the commands run in it).
    static func peakRSSMiB() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss / 1024
    }

    /// Set in the environment of a child process started by ``runInChildProcess(_:timeout:)``.
    static let childVariable = "RTL_TUI_HOSTILE_CHILD"

    /// True in a child process started by ``runInChildProcess(_:timeout:)``; tests that only make
    /// sense there skip themselves otherwise.
    static var isChild: Bool { ProcessInfo.processInfo.environment[childVariable] == "1" }

    /// How a test run in a child process ended.
    struct ChildResult {
        var status: Int32
        var crashed: Bool
        var timedOut: Bool
        var output: String
    }

    /// Runs one test of this test bundle (`Class/test_name`) in a child process, so that a crash
    /// (a stack overflow, a trap) or a hang fails the calling test instead of ending the whole run.
    /// The child is killed after `timeout` seconds. Swift's crash backtracer is turned off in the
    /// child: the signal says what happened, and the backtracer, which keeps the child's output
    /// open while it works, can stall under AddressSanitizer.
    static func runInChildProcess(_ test: String, timeout: Double) throws -> ChildResult {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        p.arguments = ["RTLTUITests." + test]
        var environment = ProcessInfo.processInfo.environment
        environment[childVariable] = "1"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        p.environment = environment
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        p.standardInput = FileHandle.nullDevice
        try p.run()
        final class Box: @unchecked Sendable { var data = Data() }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            box.data = out.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
        let deadline = Date().addingTimeInterval(timeout)
        while p.isRunning && Date() < deadline { usleep(20_000) }
        let timedOut = p.isRunning
        if timedOut { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
        // A process the child started may still hold the pipe: do not wait for it for long.
        let complete = done.wait(timeout: .now() + 5) == .success
        return ChildResult(status: p.terminationStatus, crashed: p.terminationReason == .uncaughtSignal && !timedOut,
                           timedOut: timedOut, output: complete ? String(decoding: box.data, as: UTF8.self) : "")
    }

    /// Prints a measurement so that it shows in the test log.
    static func report(_ what: String) {
        print("hostile: " + what)
    }
}
