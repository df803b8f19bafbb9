import Foundation
import TestSupport
import XCTest
@testable import rtl_tui
#if canImport(Glibc)
import Glibc
#endif

/// An output that cannot be written (a full disk: `/dev/full`) ends the command with a message and
/// status 74, whatever the command's own status; a reader that went away (EPIPE) ends it quietly.
final class OutputFailureTests: XCTestCase {
    func test_fullDisk_saysSo_andExits74() throws {
        let full = open("/dev/full", O_WRONLY)
        guard full >= 0 else { throw XCTSkip("no /dev/full") }
        defer { close(full) }
        let long = Data(String(repeating: "שלום abc ", count: 40_000).utf8)
        let po = Repository.fixtures.appendingPathComponent("lint/traps.ar.po").path
        let cases: [(args: [String], stdin: Data?, env: [String: String]?)] = [
            (["render"], Data("abc\n".utf8), nil),
            (["render", "--width", "80"], long, nil),                        // the parallel pipeline
            (["render", "--width", "80"], long, ["RTL_TUI_WORKERS": "1"]),   // the serial one
            (["render", "שלום"], nil, nil),
            (["inspect", "--format", "jsonl"], Data("שלום\n".utf8), nil),
            (["check", po], nil, nil),                                       // its own status would be 1
        ]
        for c in cases {
            var env = ProcessInfo.processInfo.environment
            for (k, v) in c.env ?? [:] { env[k] = v }
            let r = try Command.run(c.args, stdin: c.stdin, environment: env, stdout: full)
            XCTAssertEqual(r.status, 74, "\(c.args) \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("rtl-tui: cannot write the output: No space left on device"), "\(c.args): \(r.stderr)")
        }
        // The next command starts with no failure recorded.
        XCTAssertEqual(try Command.run(["render", "abc"]).status, 0)
    }

    func test_readerGoneAway_endsQuietly() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        close(fds[0])  // nobody reads: every write fails with EPIPE
        defer { close(fds[1]) }
        let saved = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, saved) }
        let r = try Command.run(["render", "--width", "80"], stdin: Data(String(repeating: "שלום abc\n", count: 20_000).utf8), stdout: fds[1])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
    }
}
