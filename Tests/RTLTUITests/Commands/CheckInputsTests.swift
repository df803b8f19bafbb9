import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Folders as input, and inputs that cannot be read named with their reason in every report format
/// (exit status 2): a loop of symbolic links, a device, a named pipe, a malformed catalog.
final class CheckInputsTests: XCTestCase {
    var dir: URL!
    static let lint = Repository.fixtures.appendingPathComponent("lint")

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("check-inputs-\(UUID().uuidString)")
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("po/sub"), withIntermediateDirectories: true)
        try fm.copyItem(at: Self.lint.appendingPathComponent("clean.ar.po"), to: dir.appendingPathComponent("po/sub/clean.ar.po"))
        try fm.copyItem(at: Self.lint.appendingPathComponent("warn-only.he.po"), to: dir.appendingPathComponent("po/warn-only.he.po"))
        try "not a catalog".write(to: dir.appendingPathComponent("po/notes.txt"), atomically: true, encoding: .utf8)
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("po/loop.po").path, withDestinationPath: "loop.po")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("po/device.mo").path, withDestinationPath: "/dev/null")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("po/sub/up").path, withDestinationPath: "..")   // a folder loop
        XCTAssertEqual(mkfifo(dir.appendingPathComponent("po/pipe.po").path, 0o600), 0)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    var folder: String { dir.appendingPathComponent("po").path }
    let unreadable = ["loop.po": "a loop of symbolic links", "device.mo": "a character device", "pipe.po": "a named pipe"]

    func test_folder_isSearchedForCatalogs_andUnreadableOnesAreNamed() throws {
        let r = try Command.run(["check", folder])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.text.contains("2 files, "), r.text)
        XCTAssertTrue(r.text.contains("3 inputs could not be read"), r.text)
        for (name, reason) in unreadable { XCTAssertTrue(r.stderr.contains("\(name): \(reason)"), r.stderr) }
        XCTAssertFalse(r.stderr.contains("NSCocoaErrorDomain"), r.stderr)
    }

    func test_json_listsEachUnreadableFileWithItsError() throws {
        let r = try Command.run(["check", "--format", "json", folder])
        XCTAssertEqual(r.status, 2)
        let o = try XCTUnwrap(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        let files = try XCTUnwrap(o["files"] as? [[String: Any]])
        XCTAssertEqual(files.count, 5)
        for (name, reason) in unreadable {
            let f = try XCTUnwrap(files.first { ($0["path"] as? String)?.hasSuffix("/" + name) == true }, name)
            XCTAssertTrue((f["error"] as? String)?.hasPrefix(reason) == true, "\(f)")
        }
        XCTAssertEqual((o["summary"] as? [String: Any])?["unreadable"] as? Int, 3)
    }

    func test_sarif_hasNotificationsAndAnUnsuccessfulInvocation() throws {
        let r = try Command.run(["check", "--format", "sarif", folder])
        XCTAssertEqual(r.status, 2)
        let log = try XCTUnwrap(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        XCTAssertEqual(SARIF.validate(log), [])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let invocation = try XCTUnwrap((run["invocations"] as? [[String: Any]])?.first)
        XCTAssertEqual(invocation["executionSuccessful"] as? Bool, false)
        let notes = try XCTUnwrap(invocation["toolExecutionNotifications"] as? [[String: Any]])
        XCTAssertEqual(notes.count, 3)
        for note in notes {
            XCTAssertEqual(note["level"] as? String, "error")
            let uri = (((note["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
            XCTAssertTrue(unreadable.keys.contains { uri?.hasSuffix("/" + $0) == true }, "\(note)")
        }
        // A clean run says it succeeded.
        let clean = try Command.run(["check", "--format", "sarif", Self.lint.appendingPathComponent("clean.ar.po").path])
        let cleanRun = try XCTUnwrap(((try JSONSerialization.jsonObject(with: clean.stdout) as? [String: Any])?["runs"] as? [[String: Any]])?.first)
        XCTAssertEqual((cleanRun["invocations"] as? [[String: Any]])?.first?["executionSuccessful"] as? Bool, true)
    }

    func test_junit_hasAnErrorTestCasePerUnreadableFile() throws {
        let r = try Command.run(["check", "--format", "junit", folder])
        XCTAssertEqual(r.status, 2)
        let doc = try XMLDocument(data: r.stdout)
        XCTAssertEqual(doc.rootElement()?.attribute(forName: "errors")?.stringValue, "3")
        let errors = try doc.nodes(forXPath: "//testcase/error")
        XCTAssertEqual(errors.count, 3)
        XCTAssertTrue(errors.contains { ($0 as? XMLElement)?.attribute(forName: "message")?.stringValue?.contains("a named pipe") == true })
    }

    func test_github_writesAnErrorPerUnreadableFile() throws {
        let r = try Command.run(["check", "--format", "github", folder])
        XCTAssertEqual(r.status, 2)
        for (name, reason) in unreadable {
            XCTAssertTrue(r.lines.contains { $0.hasPrefix("::error file=") && $0.contains(name + ",title=") && $0.contains(reason) }, r.text)
        }
    }

    /// A glob the shell expanded: named files, some unreadable, a malformed one with its line.
    func test_namedFiles_includingUnreadableAndMalformed() throws {
        let names = ["po/loop.po", "po/device.mo", "po/pipe.po", "po/warn-only.he.po"].map { dir.appendingPathComponent($0).path }
        let broken = Self.lint.appendingPathComponent("broken.po").path
        let r = try Command.run(["check", "--format", "github"] + names + [broken, "/dev/null"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.lines.contains { $0.contains("broken.po,line=6") }, r.text)
        XCTAssertTrue(r.lines.contains { $0.contains("file=/dev/null") && $0.contains("a character device") }, r.text)
        XCTAssertEqual(r.lines.filter { $0.contains("not checked") }.count, 5, r.text)
    }
}
