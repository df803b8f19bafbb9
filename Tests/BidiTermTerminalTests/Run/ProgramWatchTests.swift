import BidiTerm
import XCTest
@testable import BidiTermTerminal
#if canImport(Glibc)
import Glibc
#endif

/// When `run` looks at the program in the foreground (R27): a real process on a real
/// pseudo-terminal, looked at as the loop does.
final class ProgramWatchTests: XCTestCase {
    private static func monotonic() -> Int64 { HostLoop.now() }

    /// `script` run by sh on a pseudo-terminal of its own (the session's foreground), killed after.
    private func withShell(_ script: String, _ body: (ProgramHost.Child) throws -> Void) throws {
        let child = try ProgramHost.spawn(["/bin/sh", "-c", script], environment: ["PATH": "/usr/bin:/bin"], rows: 24, columns: 80)
        defer {
            kill(child.pid, SIGKILL)
            var st: Int32 = 0
            waitpid(child.pid, &st, 0)
            close(child.master)
        }
        try body(child)
    }

    func test_R27_look_followsAnExecInTheSameGroup_throughTheKeptComm() throws {
        try withShell("sleep 1; exec sleep 6") { child in
            var watch = ProgramWatch()
            watch.interval = 0
            // The shell leads its session: the foreground group of its pseudo-terminal.
            var first: String?
            for _ in 0..<100 {
                watch.look(master: child.master, now: Self.monotonic(), maps: false)
                first = watch.process?.name
                if first != nil { break }
                usleep(10_000)
            }
            XCTAssertEqual(first, "sh")
            // The same process becomes sleep (exec): a look in the group's first seconds sees it.
            var later: String?
            for _ in 0..<500 {
                usleep(10_000)
                watch.look(master: child.master, now: Self.monotonic(), maps: false)
                later = watch.process?.name
                if later == "sleep" { break }
            }
            XCTAssertEqual(later, "sleep")
            watch.stop()
        }
    }

    func test_R27_quietLook_comesAfterTheFrame_andAFrameAfterItDoesNotLookAgain() throws {
        try withShell("sleep 3") { child in
            var watch = ProgramWatch()
            watch.interval = 20_000_000
            let t0 = Self.monotonic()
            XCTAssertTrue(watch.due(t0), "nothing looked at yet")
            watch.look(master: child.master, now: t0, maps: false)
            XCTAssertNotNil(watch.process)
            XCTAssertTrue(watch.lookedSinceFrame)
            // The maps' first reading is due 150 ms after the group appeared; a look without
            // `maps` (a frame's) leaves it due.
            let firstMaps = t0 + ProgramWatch.mapLooksAfter[0]
            XCTAssertEqual(watch.nextQuietLook, firstMaps)
            watch.look(master: child.master, now: firstMaps + 1, maps: false)
            XCTAssertEqual(watch.nextQuietLook, firstMaps)
            watch.look(master: child.master, now: firstMaps + 2, maps: true)
            XCTAssertEqual(watch.nextQuietLook, t0 + ProgramWatch.mapLooksAfter[1])
            // A frame: a quiet look is due `afterFrame` after it (and `interval` after the last
            // look), and until one comes, the next frame looks itself.
            let frame = firstMaps + 3
            XCTAssertFalse(watch.lookAfterFrame, "no frame yet")
            watch.frameDrawn(at: frame)
            XCTAssertTrue(watch.lookAfterFrame)
            XCTAssertFalse(watch.lookedSinceFrame)
            let next = try XCTUnwrap(watch.nextQuietLook)
            XCTAssertEqual(next, max(frame + ProgramWatch.afterFrame, firstMaps + 2 + watch.interval))
            // Looked at 2 ms after the frame had the last look been long before.
            var later = watch
            later.frameDrawn(at: firstMaps + 100_000_000)
            XCTAssertEqual(later.nextQuietLook, firstMaps + 100_000_000 + ProgramWatch.afterFrame)
            watch.look(master: child.master, now: next, maps: true)
            XCTAssertTrue(watch.lookedSinceFrame, "the quiet look: the next frame does not look again")
            XCTAssertFalse(watch.lookAfterFrame, "and no other look is due after that frame")
            watch.stop()
        }
    }
}
