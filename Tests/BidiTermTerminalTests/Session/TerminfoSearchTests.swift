import CNcurses
import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// The terminfo search list of the CNcurses shim (Docs/guide/installing.md): the places the
/// distributions keep descriptions, given to ncurses only while it loads one and only when the user
/// has set neither TERMINFO nor TERMINFO_DIRS. (That a description under /usr/lib/terminfo alone is
/// found is `make test-dist`'s, from a root of its own.)
final class TerminfoSearchTests: XCTestCase {
    private var saved: [String: String] = [:]
    private var fd: Int32 = -1

    override func setUp() {
        super.setUp()
        for name in ["TERMINFO", "TERMINFO_DIRS"] {
            if let value = getenv(name) { saved[name] = String(cString: value) }
        }
        fd = open("/dev/null", O_WRONLY)
    }

    override func tearDown() {
        for name in ["TERMINFO", "TERMINFO_DIRS"] {
            if let value = saved[name] { setenv(name, value, 1) } else { unsetenv(name) }
        }
        if fd >= 0 { close(fd) }
        super.tearDown()
    }

    private func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    func testTheSearchListIsNotLeftInTheEnvironment() throws {
        unsetenv("TERMINFO")
        unsetenv("TERMINFO_DIRS")
        XCTAssertEqual(CNcurses_setupterm("xterm-256color", fd), 0, "xterm-256color (ncurses-base) should be found")
        XCTAssertGreaterThanOrEqual(CNcurses_tigetnum("colors"), 256)
        XCTAssertNil(environment("TERMINFO_DIRS"), "the shim's list stayed in the environment (run's programs would inherit it)")
        XCTAssertNil(environment("TERMINFO"))
    }

    func testTheUsersDirectoriesAreKept() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("terminfo-empty-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        setenv("TERMINFO_DIRS", dir, 1)
        unsetenv("TERMINFO")
        // Not in the user's (empty) directory: ncurses' own directories still hold it.
        XCTAssertEqual(CNcurses_setupterm("xterm-256color", fd), 0)
        XCTAssertEqual(environment("TERMINFO_DIRS"), dir, "the user's TERMINFO_DIRS was replaced")
        XCTAssertNil(environment("TERMINFO"))
    }

    func testATypeFoundNowhereIsRefused() {
        unsetenv("TERMINFO")
        unsetenv("TERMINFO_DIRS")
        XCTAssertEqual(CNcurses_setupterm("rtl-tui-no-such-terminal", fd), -1)
        XCTAssertNil(environment("TERMINFO_DIRS"))
    }
}
