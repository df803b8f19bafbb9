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

    func test_R27_aGroupMemberWithEvidence_decides_whenTheLeaderHasNone_andNoLongerOnceItExits() throws {
        let fribidi = ["/usr/bin/fribidi", "/bin/fribidi"].first { (path: String) in access(path, X_OK) == 0 }
        guard let fribidi else { throw XCTSkip("fribidi is not installed (make test installs libfribidi-bin)") }
        // sh without job control runs fribidi in its own group: a member, not the leader. fribidi
        // reads the pseudo-terminal until it is killed; then the shell sleeps on.
        try withShell("sleep 0.2; \(fribidi); sleep 20") { child in
            var watch = ProgramWatch()
            var now = Self.monotonic()
            watch.look(master: child.master, now: now, maps: true)
            XCTAssertEqual(watch.process?.name, "sh")
            XCTAssertFalse(watch.verdict.drawsVisualOrder)
            XCTAssertEqual(watch.nextQuietLook.map { $0 <= Self.monotonic() }, true, "the members are looked for on the next quiet wait")
            // Quiet looks, each when due, until fribidi is seen.
            func lookUntil(_ what: String, _ done: (ProgramWatch) -> Bool) {
                let end = Self.monotonic() + 8_000_000_000
                while !done(watch), Self.monotonic() < end {
                    usleep(20_000)
                    now = Self.monotonic()
                    if let t = watch.nextQuietLook, now >= t { watch.look(master: child.master, now: now, maps: true) }
                }
                XCTAssertTrue(done(watch), what)
            }
            lookUntil("fribidi seen in sh's group") { $0.verdict.drawsVisualOrder }
            XCTAssertEqual(watch.deciding?.name, "fribidi")
            XCTAssertEqual(watch.process?.name, "sh", "the leader is still the shell")
            // fribidi is in the table and has its library mapped: the library is the first evidence.
            XCTAssertEqual(watch.verdict.source, .libraries)
            XCTAssertTrue(watch.verdict.evidence.contains("in the foreground group of sh"), watch.verdict.evidence)
            let member = try XCTUnwrap(watch.members.first { $0.name == "fribidi" })
            // The command key's choice is for the member that decides.
            watch.toggleReordering()
            XCTAssertFalse(watch.verdict.drawsVisualOrder)
            XCTAssertEqual(watch.verdict.source, .commandKey)
            XCTAssertEqual(watch.currentRule.treatment, .reorder)
            watch.toggleReordering()
            XCTAssertTrue(watch.verdict.drawsVisualOrder)
            // fribidi ends: the shell's group has no member with evidence; each run by its text.
            kill(member.pid, SIGKILL)
            lookUntil("fribidi's end seen") { !$0.verdict.drawsVisualOrder }
            XCTAssertEqual(watch.verdict.source, .text)
            XCTAssertEqual(watch.deciding?.name, "sh")
            watch.stop()
        }
    }

    func test_R27_quietLook_comesAfterTheFrame_andAFrameAfterItDoesNotLookAgain() throws {
        // `exec`: dash forks a `-c` script's last command (a second process in the group, there
        // or not yet depending on how soon the look comes).
        try withShell("exec sleep 3") { child in
            var watch = ProgramWatch()
            watch.interval = 20_000_000
            let t0 = Self.monotonic()
            XCTAssertTrue(watch.due(t0), "nothing looked at yet")
            watch.look(master: child.master, now: t0, maps: false)
            XCTAssertNotNil(watch.process)
            XCTAssertTrue(watch.lookedSinceFrame)
            // A new group: its other processes are looked for at the first quiet wait (a frame's
            // look does not), then every `memberScanEvery` while it shows none with evidence.
            XCTAssertEqual(watch.nextQuietLook, t0)
            watch.look(master: child.master, now: t0 + 1, maps: false)
            XCTAssertEqual(watch.nextQuietLook, t0, "a frame's look leaves the scan due")
            watch.look(master: child.master, now: t0 + 2, maps: true)
            XCTAssertEqual(watch.members, [], "sh exec'd sleep: the group is one process")
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
