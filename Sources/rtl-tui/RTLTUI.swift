import ArgumentParser
import BidiTerm

@main
struct RTLTUI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rtl-tui",
        abstract: "Right-to-left text and mirrored interfaces in a terminal.",
        discussion: """
            Arabic, Hebrew and Persian text mixed with Latin, digits and brackets is reordered by the \
            Unicode Bidirectional Algorithm (ICU), Arabic letters are joined, and screens mirror the way \
            RTL readers expect.
            """,
        subcommands: [DemoCommand.self, RenderCommand.self, InspectCommand.self, CheckCommand.self, BrowseCommand.self]
    )
}

enum DirectionOption: String, ExpressibleByArgument, CaseIterable {
    case ltr, rtl, auto

    func base(fallback: LayoutDirection) -> BaseDirection {
        switch self {
        case .ltr: return .ltr
        case .rtl: return .rtl
        case .auto: return .auto(fallback: fallback)
        }
    }
}

enum NumeralsOption: String, ExpressibleByArgument, CaseIterable {
    case latn, arab, arabext, locale, keep
}

/// Exit code for invalid input under `--strict` (EX_DATAERR).
let exitInvalidInput = ExitCode(65)
