import BidiTerm
import Foundation
import XCTest
@testable import BidiTermTerminal
#if canImport(Glibc)
import Glibc
#endif

/// What `DirectScreen` writes, read back through a pipe.
final class DirectScreenTests: XCTestCase {
    private func written(_ body: (DirectScreen) -> Void) throws -> String {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]) }
        let screen = DirectScreen(fd: fds[1], rows: 3, columns: 10, colors: .palette256, truecolor: false)
        body(screen)
        screen.flush()
        close(fds[1])
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fds[0], &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A full repaint (the first frame, after `invalidate`: leaving the alternate screen, a
    /// resize, a resume) erases row by row, never the whole screen: tmux and VTE move the screen
    /// into their scrollback on ED 2 (tmux on ED 0 from the top too), which copied the program's normal
    /// screen into the history again each time (a shell's lines twice after quitting `less`).
    func test_fullRepaint_erasesRowByRow_neverTheWholeScreen() throws {
        let frame = [[Cell("a")], [Cell("ש"), Cell("b")], []]
        let out = try written { screen in
            screen.draw(frame, cursor: (0, 0))
            screen.invalidate()
            screen.draw(frame, cursor: (1, 1))
        }
        for erase in ["\u{1B}[2J", "\u{1B}[J", "\u{1B}[0J", "\u{1B}[3J"] {
            XCTAssertFalse(out.contains(erase), "\(erase.debugDescription) in \(out.debugDescription)")
        }
        let rowErase = (1...3).map { "\u{1B}[\($0);1H\u{1B}[2K" }.joined()
        XCTAssertEqual(out.components(separatedBy: rowErase).count - 1, 2, out.debugDescription)
        XCTAssertTrue(out.contains("שb"), out.debugDescription)
    }
}
