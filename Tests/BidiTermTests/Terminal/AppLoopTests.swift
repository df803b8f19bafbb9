import Foundation
import XCTest
@testable import BidiTerm

/// A backend that replays scripted keys and records what it was asked to draw.
final class ScriptedBackend: TerminalBackend {
    var size: (width: Int, height: Int)
    var script: [KeyEvent]
    private(set) var frames: [Buffer] = []
    private(set) var cursors: [(x: Int, y: Int)?] = []
    private(set) var invalidations = 0
    private(set) var waits: [Int] = []
    /// Real time to pass on a read that finds no key (so ticks come due), capped at the timeout.
    var idleMilliseconds = 0

    init(width: Int, height: Int, script: [KeyEvent]) {
        size = (width, height)
        self.script = script
    }

    var exhausted: Bool { script.isEmpty }

    func draw(_ buffer: Buffer, cursor: (x: Int, y: Int)?) {
        frames.append(buffer)
        cursors.append(cursor)
    }

    func invalidate() { invalidations += 1 }

    func readKey(timeoutMilliseconds: Int) -> KeyEvent? {
        waits.append(timeoutMilliseconds)
        guard !script.isEmpty else {
            let ms = min(idleMilliseconds, max(0, timeoutMilliseconds))
            if ms > 0 { usleep(UInt32(ms) * 1000) }
            return nil
        }
        let key = script.removeFirst()
        if case .resize(let w, let h) = key { size = (w, h) }
        return key
    }
}

/// An app that shows the keys it got and quits on "q".
struct EchoApp: TerminalApp {
    var seen: [KeyEvent] = []
    var ticks = 0
    var tickEvery: Duration? = nil
    var quitAfterTicks = Int.max

    var tickInterval: Duration? { tickEvery }

    mutating func render(into buffer: inout Buffer) -> (x: Int, y: Int)? {
        let text = "\(buffer.area.width)x\(buffer.area.height) keys=\(seen.count) ticks=\(ticks)"
        for (i, ch) in text.enumerated() { buffer.set(x: i, y: 0, Cell(String(ch))) }
        return buffer.area.isEmpty ? nil : (x: 0, y: buffer.area.height - 1)
    }

    mutating func handle(_ key: KeyEvent) -> AppAction {
        if key == .character("q") { return .quit }
        seen.append(key)
        return .continue
    }

    mutating func tick() -> AppAction {
        ticks += 1
        return ticks >= quitAfterTicks ? .quit : .continue
    }
}

final class AppLoopTests: XCTestCase {
    func test_firstFrame_isDrawnAtTheBackendsSize_beforeAnyKey() {
        let backend = ScriptedBackend(width: 30, height: 4, script: [.character("q")])
        var loop = AppLoop(app: EchoApp(), backend: backend)
        XCTAssertEqual(loop.run(), .quit)
        XCTAssertEqual(backend.frames.count, 1)
        XCTAssertEqual(backend.frames[0].area, Rect(width: 30, height: 4))
        XCTAssertTrue(backend.frames[0].rowText(0).hasPrefix("30x4 keys=0"))
        XCTAssertEqual(backend.cursors[0]?.y, 3)
    }

    func test_keysWaitingTogether_areHandledInOrder_andRenderedOnce() {
        let typed: [KeyEvent] = "سلام".map { .character($0) }
        let backend = ScriptedBackend(width: 30, height: 2, script: typed)
        var loop = AppLoop(app: EchoApp(), backend: backend)
        let exit = loop.run { backend.exhausted ? .stop(.inputClosed) : .proceed }
        XCTAssertEqual(exit, .inputClosed)
        XCTAssertEqual(loop.app.seen, typed)
        XCTAssertEqual(backend.frames.count, 2, "one frame at start, one after the whole paste")
        XCTAssertTrue(backend.frames[1].rowText(0).hasPrefix("30x2 keys=4"))
    }

    func test_resize_relaysOutAtTheNewSize() {
        let backend = ScriptedBackend(width: 20, height: 3, script: [.resize(width: 12, height: 5)])
        var loop = AppLoop(app: EchoApp(), backend: backend)
        _ = loop.run { backend.exhausted ? .stop(.quit) : .proceed }
        XCTAssertEqual(backend.frames.last?.area, Rect(width: 12, height: 5))
        XCTAssertTrue(backend.frames.last?.rowText(0).hasPrefix("12x5 keys=1") ?? false)
        XCTAssertEqual(loop.app.seen, [.resize(width: 12, height: 5)])
    }

    func test_zeroSizedTerminal_rendersWithoutTrouble() {
        let backend = ScriptedBackend(width: 0, height: 0, script: [.character("a"), .character("q")])
        var loop = AppLoop(app: EchoApp(), backend: backend)
        XCTAssertEqual(loop.run(), .quit)
        XCTAssertEqual(backend.frames.map(\.area), [Rect.zero], "the quit came in the same batch as the a: no second frame")
        XCTAssertNil(backend.cursors[0])
        XCTAssertEqual(loop.app.seen, [.character("a")])
    }

    func test_controlStop_endsTheLoopWithItsReason() {
        let backend = ScriptedBackend(width: 10, height: 1, script: [.character("a"), .character("b")])
        var loop = AppLoop(app: EchoApp(), backend: backend)
        var asked = 0
        let exit = loop.run {
            asked += 1
            return asked == 1 ? .proceed : .stop(.signal(15))
        }
        XCTAssertEqual(exit, .signal(15))
        XCTAssertEqual(loop.app.seen, [.character("a"), .character("b")])
    }

    func test_controlRedraw_invalidatesAndRepaints() {
        let backend = ScriptedBackend(width: 10, height: 1, script: [])
        var loop = AppLoop(app: EchoApp(), backend: backend)
        var asked = 0
        _ = loop.run {
            asked += 1
            return asked == 1 ? .redraw : .stop(.quit)
        }
        XCTAssertEqual(backend.invalidations, 1)
        XCTAssertEqual(backend.frames.count, 2)
    }

    func test_ticks_runWhileIdle_andCanQuit() {
        let backend = ScriptedBackend(width: 20, height: 1, script: [])
        backend.idleMilliseconds = 50
        var app = EchoApp()
        app.tickEvery = .milliseconds(5)
        app.quitAfterTicks = 3
        var loop = AppLoop(app: app, backend: backend)
        XCTAssertEqual(loop.run(), .quit)
        XCTAssertEqual(loop.app.ticks, 3)
        XCTAssertEqual(backend.frames.count, 3, "the first frame, then one after each tick that did not quit")
        XCTAssertTrue(backend.waits.allSatisfy { $0 <= 5 }, "waits never outlast the next tick: \(backend.waits)")
    }

    func test_withoutTicks_waitsAreCappedByMaxWait() {
        let backend = ScriptedBackend(width: 5, height: 1, script: [])
        var loop = AppLoop(app: EchoApp(), backend: backend)
        loop.maxWaitMilliseconds = 40
        var asked = 0
        _ = loop.run {
            asked += 1
            return asked > 3 ? .stop(.quit) : .proceed
        }
        XCTAssertEqual(backend.waits, [40, 40, 40])
    }
}

/// An app that records messages posted to its mailbox and quits on "stop".
struct MessageApp: TerminalApp {
    var received: [String] = []
    mutating func render(into buffer: inout Buffer) -> (x: Int, y: Int)? {
        for (i, ch) in received.joined(separator: ",").prefix(buffer.area.width).enumerated() { buffer.set(x: i, y: 0, Cell(String(ch))) }
        return nil
    }
    mutating func handle(_ key: KeyEvent) -> AppAction { .continue }
    mutating func receive(_ message: any Sendable) -> AppAction {
        guard let text = message as? String else { return .continue }
        if text == "stop" { return .quit }
        received.append(text)
        return .continue
    }
}

/// A backend whose input has ended after its script.
final class EndingBackend: TerminalBackend {
    var size: (width: Int, height: Int) = (20, 2)
    var reads = 0
    func draw(_ buffer: Buffer, cursor: (x: Int, y: Int)?) {}
    func invalidate() {}
    func readKey(timeoutMilliseconds: Int) -> KeyEvent? {
        reads += 1
        return nil
    }
    var inputClosed: Bool { reads > 0 }
}

final class AppLoopMessageTests: XCTestCase {
    func test_messagesPostedFromAnotherThread_reachTheApp_inOrder_eachFollowedByAFrame() {
        let backend = ScriptedBackend(width: 30, height: 2, script: [])
        backend.idleMilliseconds = 5
        let mailbox = AppMailbox()
        var loop = AppLoop(app: MessageApp(), backend: backend, mailbox: mailbox)
        let poster = Thread {
            for i in 1...3 { mailbox.post("m\(i)") }
            mailbox.post("stop", after: .milliseconds(30))
        }
        poster.start()
        XCTAssertEqual(loop.run(), .quit)
        XCTAssertEqual(loop.app.received, ["m1", "m2", "m3"])
        XCTAssertEqual(backend.frames.last?.rowText(0).hasPrefix("m1,m2,m3"), true)
        XCTAssertFalse(mailbox.hasMessages)
    }

    func test_theMailboxWakeDescriptor_becomesReadableOnPost_andIsDrainedByTake() {
        let mailbox = AppMailbox()
        XCTAssertGreaterThanOrEqual(mailbox.wakeDescriptor, 0)
        var p = pollfd(fd: mailbox.wakeDescriptor, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&p, 1, 0), 0, "nothing posted yet")
        mailbox.post(42)
        p.revents = 0
        XCTAssertEqual(poll(&p, 1, 1000), 1, "a post wakes a waiting loop")
        XCTAssertEqual(mailbox.take().compactMap { $0 as? Int }, [42])
        p.revents = 0
        XCTAssertEqual(poll(&p, 1, 0), 0, "take drains the wake-up")
    }

    func test_endOfInput_endsTheLoop_withInputClosed() {
        let backend = EndingBackend()
        var loop = AppLoop(app: MessageApp(), backend: backend)
        XCTAssertEqual(loop.run(), .inputClosed)
    }
}
