import Foundation
import XCTest

extension XCTestCase {
    /// A fresh temporary directory, removed when the test ends, with copies of fixtures in it:
    /// `files` maps a path in the directory (folders are made) to a path under `fixtures`.
    public func workspace(_ files: [String: String] = [:], fixtures: URL = Repository.fixtures.appendingPathComponent("lint"),
                          prefix: String = "rtl-tui-check") throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        for (name, fixture) in files {
            let target = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(fixture), to: target)
        }
        return dir
    }

    /// A copy of the repository's `Examples/souk` (screens beside catalogs in several formats) in
    /// a fresh temporary directory, removed when the test ends.
    public func soukCopy(prefix: String = "preview") throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("Examples/souk"), to: dir)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }
}
