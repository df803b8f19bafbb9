import Foundation
import XCTest
@testable import rtl_tui
#if canImport(Glibc)
import Glibc
#endif

/// `render` reads the first chunk of its input before it decides how to render it: an input that
/// ended within that chunk is rendered on the calling thread, a longer or still open one by the
/// threads, starting with what was read.
final class RenderPipelineHeadTests: XCTestCase {
    private func file(_ bytes: [UInt8]) throws -> Int32 {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rtl-tui-head-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        return open(path, O_RDONLY)
    }

    func test_shortFile_endsWithinTheHead() throws {
        let fd = try file(Array("שלום\nעולם\n".utf8))
        defer { close(fd) }
        let (head, ended) = RenderPipeline.readHead(fd)
        XCTAssertEqual(head, Array("שלום\nעולם\n".utf8))
        XCTAssertTrue(ended)
    }

    func test_emptyInput_ends() throws {
        let fd = try file([])
        defer { close(fd) }
        let (head, ended) = RenderPipeline.readHead(fd)
        XCTAssertEqual(head, [])
        XCTAssertTrue(ended)
    }

    func test_longFile_fillsTheHead_andIsNotOver() throws {
        let bytes = [UInt8](repeating: 0x61, count: RenderPipeline.chunkTarget * 3 + 5)
        let fd = try file(bytes)
        defer { close(fd) }
        let (head, ended) = RenderPipeline.readHead(fd)
        XCTAssertEqual(head.count, RenderPipeline.chunkTarget)
        XCTAssertFalse(ended)
        // The rest is still there for the threads.
        var rest = [UInt8](repeating: 0, count: bytes.count)
        XCTAssertEqual(read(fd, &rest, rest.count), bytes.count - RenderPipeline.chunkTarget)
    }

    /// A pipe whose writer is still there: what has come is the head, without waiting for more.
    func test_openPipe_headIsWhatHasCome_notEnded() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]); close(fds[1]) }
        XCTAssertEqual(write(fds[1], "abc\n", 4), 4)
        let (head, ended) = RenderPipeline.readHead(fds[0])
        XCTAssertEqual(head, Array("abc\n".utf8))
        XCTAssertFalse(ended)
    }

    func test_closedPipe_ends() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]) }
        XCTAssertEqual(write(fds[1], "abc", 3), 3)
        close(fds[1])
        let (head, ended) = RenderPipeline.readHead(fds[0])
        XCTAssertEqual(head, Array("abc".utf8))
        XCTAssertTrue(ended)
    }

    /// With two workers, a short input (rendered on the calling thread) and a long one (the
    /// threads, starting with the head) give what one worker gives, line for line, and the same
    /// warnings about invalid UTF-8 with the same line numbers.
    func test_shortAndLongInputs_sameOutputAsOneWorker() throws {
        let line = Array("مرحبا بالعالم (Hello) שלום 123 [x] كَتَبَ لا\r\n".utf8)
        for count in [1, 3, RenderPipeline.chunkTarget / line.count + 2, 5_000] {
            var input: [UInt8] = []
            for i in 0..<count {
                input += line
                if i == 1 || i == count - 2 { input += [0x61, 0xFF, 0x0A] }
            }
            let data = Data(input + Array("last, no line feed".utf8))
            let one = try Command.run(["render", "--width", "30"], stdin: data, environment: ["RTL_TUI_WORKERS": "1"])
            let two = try Command.run(["render", "--width", "30"], stdin: data, environment: ["RTL_TUI_WORKERS": "2"])
            XCTAssertEqual(one.status, 0, one.stderr)
            XCTAssertEqual(two.stdout, one.stdout, "\(count) lines")
            XCTAssertEqual(two.stderr, one.stderr)
            let invalidLines = Set([1, count - 2].filter { (0..<count).contains($0) }).count
            XCTAssertEqual(one.stderr.split(separator: "\n").count, invalidLines, one.stderr)
        }
    }
}
