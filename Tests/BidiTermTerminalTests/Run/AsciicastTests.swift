import BidiTerm
import Foundation
import TestSupport
import XCTest
@testable import BidiTermTerminal

/// `run --record`: the asciicast v2 recording of what `run` draws, replayed into a fresh emulator.
final class AsciicastTests: XCTestCase {
    static func temporaryFile(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("cast-\(UUID().uuidString.prefix(8))-\(name)").path
    }

    /// The header and the events of a recording, each line parsed as JSON.
    static func parse(_ path: String) throws -> (header: [String: Any], events: [[Any]]) {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        let header = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lines.removeFirst().utf8)) as? [String: Any])
        let events = try lines.map { try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [Any]) }
        return (header, events)
    }

    func test_recording_ofTheDrawnScreen_replaysRowByRow_headerAndEventsAreAsciicastV2() throws {
        // The frames run draws for the recorded shell (Arabic, Hebrew, Persian rows), through a
        // screen that writes nowhere but to the recording.
        let bytes = try Data(contentsOf: ProgramRecordingTests.folder.appendingPathComponent("shell-plain.bytes"))
        let emulator = VTermEmulator(rows: 30, columns: 100)
        emulator.feed([UInt8](bytes))
        var bidi = RowBidi()
        let drawn = (0..<30).map { y -> [Cell] in let r = emulator.row(y); return bidi.layout(r)?.cells ?? r }
        let path = Self.temporaryFile("drawn.cast")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let cast = try AsciicastWriter(path: path, columns: 100, rows: 30, title: "rtl-tui run sh", environment: ["TERM": "xterm-256color"])
        let screen = DirectScreen(fd: -1, rows: 30, columns: 100, colors: .palette256, truecolor: false)
        screen.tap = { cast.output($0) }
        screen.draw(drawn, cursor: (0, 3))
        screen.flush()
        cast.resize(columns: 90, rows: 30)
        cast.close()

        let (header, events) = try Self.parse(path)
        XCTAssertEqual(header["version"] as? Int, 2)
        XCTAssertEqual(header["width"] as? Int, 100)
        XCTAssertEqual(header["height"] as? Int, 30)
        XCTAssertNotNil(header["timestamp"] as? Int)
        XCTAssertEqual((header["env"] as? [String: String])?["TERM"], "xterm-256color")
        var output = ""
        var resized: String?
        var last = -1.0
        for e in events {
            XCTAssertEqual(e.count, 3)
            let t = try XCTUnwrap(e[0] as? Double)
            XCTAssertGreaterThanOrEqual(t, last)
            last = t
            switch e[1] as? String {
            case "o": output += try XCTUnwrap(e[2] as? String)
            case "r": resized = e[2] as? String
            default: XCTFail("unknown event \(e)")
            }
        }
        XCTAssertEqual(resized, "90x30")
        // Replayed into a terminal that does no bidi, the rows read as run drew them.
        let replay = VTermEmulator(rows: 30, columns: 100)
        replay.feed(output)
        let want: [String] = drawn.prefix(3).map { text(of: $0) }
        XCTAssertEqual(Array(replay.lines.prefix(3)), want)
        XCTAssertTrue(replay.text(1).hasPrefix(".הרושה"), replay.text(1))
    }

    func test_writer_escapesControls_holdsACutCharacter_andMakesBadBytesU_FFFD() throws {
        let path = Self.temporaryFile("w.cast")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let cast = try AsciicastWriter(path: path, columns: 10, rows: 2, title: "t", environment: [:])
        let shin = Array("ש".utf8)
        cast.output([0x1B, 0x5B, 0x48, 0x22, 0x5C, 0x0A, shin[0]])   // ESC [ H " \ LF, half a letter
        cast.output([shin[1], 0xFF, 0x41])
        cast.close()
        let (_, events) = try Self.parse(path)
        XCTAssertEqual(events.map { $0[2] as? String }, ["\u{1B}[H\"\\\n", "ש\u{FFFD}A"])
        XCTAssertThrowsError(try AsciicastWriter(path: "/nonexistent-folder/x.cast", columns: 1, rows: 1, title: "", environment: [:]))
    }
}
