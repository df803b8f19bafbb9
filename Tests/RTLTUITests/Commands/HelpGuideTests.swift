import Foundation
import TestSupport
import XCTest
@testable import rtl_tui

/// Every command's help (and so its man page, which generate-manual makes from it) ends with where
/// its page of the guide is, and that page exists.
final class HelpGuideTests: XCTestCase {
    func test_everyCommandsHelp_namesItsGuidePage_whichExists() throws {
        let commands: [(String?, String)] = [(nil, "README.md"), ("demo", "demo.md"), ("preview", "preview.md"),
                                             ("render", "render.md"), ("inspect", "inspect.md"), ("check", "check.md"),
                                             ("browse", "browse.md"), ("doctor", "doctor.md"), ("run", "run.md")]
        XCTAssertEqual(commands.count - 1, RTLTUI.configuration.subcommands.count, "a command without a guide page")
        for (command, page) in commands {
            // `help run`: `run --help` without a terminal is run's own message.
            let help = try Command.run(command.map { ["help", $0] } ?? ["--help"])
            XCTAssertEqual(help.status, 0)
            let text = help.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            XCTAssertTrue(text.contains("The guide: Docs/guide/\(page) in rtl-tui's source"), "\(command ?? "rtl-tui"): \(help.text)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: Repository.path("Docs/guide/\(page)")), page)
        }
    }
}
