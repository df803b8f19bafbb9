import Foundation
import TestSupport
import XCTest

/// `rtl-tui render` as a process in a pipeline: what only a real process with a live pipe shows.
final class RenderStreamingE2ETests: XCTestCase {
    /// Output is written while standard input is still open (the render pipeline flushes before
    /// every read that would block).
    func test_render_streamsStdinBeforeTheInputEnds() throws {
        let p = Process()
        p.executableURL = try BuiltBinary.rtlTUI()
        p.arguments = ["render"]
        let inPipe = Pipe(), outPipe = Pipe()
        p.standardInput = inPipe
        p.standardOutput = outPipe
        try p.run()
        defer { if p.isRunning { p.terminate() } }
        try inPipe.fileHandleForWriting.write(contentsOf: Data("שלום\n".utf8))
        // The first line must come out while stdin is still open.
        let got = expectation(description: "first line")
        final class Box: @unchecked Sendable { var data = Data() }
        let box = Box()
        DispatchQueue.global().async {
            while !box.data.contains(0x0A) {
                let d = outPipe.fileHandleForReading.availableData
                if d.isEmpty { break }
                box.data.append(d)
            }
            got.fulfill()
        }
        wait(for: [got], timeout: 60)
        XCTAssertEqual(String(decoding: box.data, as: UTF8.self), "םולש\n")
        try inPipe.fileHandleForWriting.close()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
    }
}
