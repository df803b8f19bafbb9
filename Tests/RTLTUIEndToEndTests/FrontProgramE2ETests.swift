import Foundation
import TestSupport
import XCTest

/// `rtl-tui` is a small front program (Sources/rtl-tui-front): it renders `render [TEXT...]` with
/// no option to a pipe or a file itself, and starts the whole tool, `rtl-tui-full`, in its place
/// for anything else. Users must not be able to tell the two apart.
final class FrontProgramE2ETests: XCTestCase {
    /// Mixed text that takes every part of the engine: Arabic joining and a lam-alef, marks,
    /// mirrored brackets, digits, a tab, a control character, an empty line, a CRLF line end and
    /// bytes that are not UTF-8.
    static let mixed: Data = {
        var d = Data("""
            مرحبا بالعالم! (أقواس) 2024 GitHub لا
            שלום עולם! התקשרו ל-03-1234567 (שלוחה 12).
            کتاب‌های فارسی ۱۲۳\ttab [x] \u{1B}[31m
            
            السلامُ عليكم\r
            plain ASCII, nothing to do
            """.utf8)
        d.append(contentsOf: [0x0A, 0x61, 0xFF, 0xD7, 0xA9, 0x0A, 0xE2, 0x82])   // a line with 0xFF, a cut sequence
        return d
    }()

    /// For each command line, `rtl-tui` and `rtl-tui-full` give the same standard output, standard
    /// error and exit status: those the front renders itself (no option) and those it hands over.
    func test_front_givesWhatTheWholeToolGives() throws {
        let front = try BuiltBinary.rtlTUI(), full = try BuiltBinary.fullTool()
        var big = Data()
        for i in 0..<6_000 { big.append(Data("שורה \(i): שלום (עולם) مرحبا [\(i)] text\n".utf8)) }
        var hebrewLocale = ProcessInfo.processInfo.environment
        hebrewLocale["LANG"] = "he_IL.UTF-8"
        hebrewLocale["LC_ALL"] = "he_IL.UTF-8"
        let cases: [(arguments: [String], stdin: Data?, environment: [String: String]?)] = [
            (["render"], Self.mixed, nil),
            (["render"], Self.mixed, hebrewLocale),
            (["render"], big, nil),                                    // several chunks: the worker threads
            (["render"], Data(), nil),
            (["render", "שלום (עולם) 123", "مرحبا بالعالم", "", "help"], nil, nil),
            (["render", "a\u{1B}]52;c;eA==\u{07}b"], nil, nil),
            // Handed over: options, help, other commands, errors.
            (["render", "--width", "12", "--align", "center", "שלום עולם! 123"], nil, nil),
            (["render", "--dir", "rtl"], Self.mixed, nil),
            (["render", "--strict"], Self.mixed, nil),
            (["render", "--bogus"], nil, nil),
            (["render", "--", "-x"], nil, nil),
            (["render", "--help"], nil, nil),
            (["--version"], nil, nil),
            (["inspect", "--format", "jsonl", "שלום"], nil, nil),
            ([], nil, nil),
        ]
        for c in cases {
            let ours = try BuiltBinary.run(c.arguments, stdin: c.stdin, environment: c.environment, executable: front)
            let whole = try BuiltBinary.run(c.arguments, stdin: c.stdin, environment: c.environment, executable: full)
            XCTAssertEqual(ours.status, whole.status, "\(c.arguments)")
            XCTAssertEqual(ours.stdout, whole.stdout, "\(c.arguments): \(ours.text) against \(whole.text)")
            XCTAssertEqual(ours.stderr, whole.stderr, "\(c.arguments)")
        }
        // The cases compare something: the mixed text came out rendered, and its bad bytes were reported.
        let mixed = try BuiltBinary.run(["render"], stdin: Self.mixed, executable: front)
        XCTAssertTrue(mixed.text.contains("םולש"), mixed.text)
        XCTAssertTrue(mixed.stderr.contains("invalid UTF-8"), mixed.stderr)
        XCTAssertEqual(mixed.status, 0)
    }

    /// A full disk (`/dev/full`) stops the front's output as it stops the whole tool's: a message
    /// and status 74, not success with the output cut.
    func test_front_fullDisk_saysSoAsTheWholeToolDoes() throws {
        func run(_ executable: URL) throws -> (status: Int32, stderr: String) {
            let p = Process()
            p.executableURL = executable
            p.arguments = ["render", "שלום"]
            p.standardOutput = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
            let err = Pipe()
            p.standardError = err
            try p.run()
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            return (p.terminationStatus, text)
        }
        let ours = try run(try BuiltBinary.rtlTUI()), whole = try run(try BuiltBinary.fullTool())
        XCTAssertEqual(ours.status, 74)
        XCTAssertEqual(ours.stderr, "rtl-tui: cannot write the output: No space left on device\n")
        XCTAssertEqual(ours.status, whole.status)
        XCTAssertEqual(ours.stderr, whole.stderr)
    }

    /// Alone in a directory, without the whole tool, the front still renders plain text: it does
    /// that by itself. Anything else says what is missing and where it looked, with the shell's
    /// status for a command that is not there.
    func test_front_alone_rendersPlainText_andSaysTheRestIsMissing() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rtl-tui-front-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let alone = dir.appendingPathComponent("rtl-tui")
        try FileManager.default.copyItem(at: try BuiltBinary.rtlTUI(), to: alone)

        let piped = try BuiltBinary.run(["render"], stdin: Data("שלום (עולם) 123\n".utf8), executable: alone)
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(piped.text, "123 (םלוע) םולש\n")
        let argument = try BuiltBinary.run(["render", "abc שלום"], executable: alone)
        XCTAssertEqual(argument.text, "abc םולש\n")

        for arguments in [["--version"], ["render", "--dir", "rtl", "x"], ["demo"]] {
            let r = try BuiltBinary.run(arguments, executable: alone)
            XCTAssertEqual(r.status, 127, "\(arguments)")
            XCTAssertEqual(r.stdout, Data(), "\(arguments)")
            XCTAssertTrue(r.stderr.hasPrefix("rtl-tui: the rest of rtl-tui is missing: rtl-tui-full is not installed"),
                          r.stderr)
            XCTAssertTrue(r.stderr.contains(dir.resolvingSymlinksInPath().path + "/../libexec/rtl-tui/rtl-tui-full"), r.stderr)
        }
    }
}
