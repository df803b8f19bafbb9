import Foundation
import XCTest

/// GNU FriBidi's command (Debian's libfribidi-bin, which `make test` installs): a second bidi
/// implementation to compare with. Its CLI always mirrors and shapes.
public enum FriBidiReference {
    public static let path = "/usr/bin/fribidi"

    /// `fribidi --nopad --nobreak` of each string (one line each, none may hold a newline), in
    /// order: one visual line per string. Skips the test when the command is not installed.
    public static func visual(_ strings: [String]) throws -> [String] {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw XCTSkip("fribidi is not installed (apt-get install libfribidi-bin; make test installs it)")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = ["--nopad", "--nobreak"]
        let inPipe = Pipe(), outPipe = Pipe()
        p.standardInput = inPipe
        p.standardOutput = outPipe
        try p.run()
        try inPipe.fileHandleForWriting.write(contentsOf: Data((strings.joined(separator: "\n") + "\n").utf8))
        try inPipe.fileHandleForWriting.close()
        let out = String(decoding: outPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return Array(out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).prefix(strings.count))
    }
}
