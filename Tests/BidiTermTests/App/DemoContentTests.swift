import Foundation
import TestSupport
import XCTest

/// The demo content built into the binary (Sources/rtl-tui/DemoContent.swift) equals Demo/.
final class DemoContentTests: XCTestCase {
    func test_embeddedDemoContentMatchesTheDemoFolder() throws {
        let root = Repository.root
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", root.appendingPathComponent("Scripts/embed-demo.py").path, "--check"]
        let err = Pipe()
        p.standardError = err
        try p.run()
        p.waitUntilExit()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(p.terminationStatus, 0, message)
    }
}
