import BidiTerm
import Foundation
import XCTest
@testable import BidiTermTerminal
#if canImport(Glibc)
import Glibc
#endif

/// `ScreenWorker`: jobs run in order, and a job run on the screen thread is released on the thread
/// that submitted it, so that what it holds (allocated there) is freed there: glibc frees a block
/// of another thread's arena under that arena's lock, and a flood's host waited on it.
final class ScreenWorkerTests: XCTestCase {
    /// Calls `onDeinit` when released.
    final class Token {
        let onDeinit: () -> Void
        init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    func test_aJobRunOnTheThread_isReleasedOnTheSubmittingThread_atItsNextSubmit() {
        let screen = DirectScreen(fd: -1, rows: 2, columns: 4, colors: .palette256, truecolor: false)
        let worker = ScreenWorker(screen: screen, bidi: RowBidi())
        let submitter = pthread_self()
        let lock = NSLock()
        var releasedHere: [Bool] = []
        var order: [Int] = []
        for i in 0..<3 {
            let token = Token {
                lock.lock()
                releasedHere.append(pthread_equal(pthread_self(), submitter) != 0)
                lock.unlock()
            }
            // More lines than a job may carry to run at once: it goes to the screen thread.
            worker.submit(lines: ScreenWorker.inlineLines + 1) { _, _ in
                withExtendedLifetime(token) {
                    lock.lock()
                    order.append(i)
                    lock.unlock()
                }
            }
        }
        worker.sync { _ in }
        lock.lock()
        XCTAssertEqual(order, [0, 1, 2], "in the order submitted")
        lock.unlock()
        // Each job after it ran on the thread: kept until the next submit, then released here.
        worker.submit { _, _ in }
        lock.lock()
        XCTAssertEqual(releasedHere, [true, true, true])
        lock.unlock()
        worker.stop()
    }
}
