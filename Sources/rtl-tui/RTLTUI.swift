import ArgumentParser
import BidiTerm
import CPty
#if canImport(Glibc)
import Glibc
#endif

@main
struct RTLTUI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rtl-tui",
        abstract: "Right-to-left text and mirrored interfaces in a terminal.",
        discussion: """
            Arabic, Hebrew and Persian text mixed with Latin, digits and brackets is reordered by the \
            Unicode Bidirectional Algorithm (ICU), Arabic letters are joined, and screens mirror the way \
            RTL readers expect.
            """ + GuidePage.line("README.md"),
        version: "0.6.0",
        subcommands: [DemoCommand.self, PreviewCommand.self, RenderCommand.self, InspectCommand.self, CheckCommand.self, BrowseCommand.self,
                      DoctorCommand.self, RunCommand.self]
    )

    /// The process's entry point: runs the command line and exits with its status.
    static func main() {
        // Started by the `rtl-tui` front program in its own place (execv), this process would be
        // called after this program's file, `rtl-tui-full`: it keeps the name users typed, for
        // `ps`, `top`, `pgrep` and `killall` (the main thread's name is the process's).
        _ = CPty_set_process_name("rtl-tui")
        Glibc.exit(run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Parses `arguments` (without the program name), runs the command and returns its exit
    /// status, as argument-parser's `main` does: an error's message (help, usage errors) goes to
    /// standard output when the status is 0 and to standard error otherwise; 74 when the output could
    /// not be written (`WriteFailure`). The streams are
    /// `CommandEnvironment`'s, so a test runs a command in process with captured output.
    static func run(_ arguments: [String]) -> Int32 {
        _ = WriteFailure.take()
        do {
            var command = try parseCommand(arguments)
            try command.run()
            return outputFailed() ?? ExitCode.success.rawValue
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                if code == .success {
                    CommandEnvironment.writeOutput(message + "\n")
                } else {
                    CommandEnvironment.writeError(message + "\n")
                }
            }
            // An output that could not be written outweighs the command's own status (a report
            // lost on a full disk is not a report).
            return outputFailed() ?? code.rawValue
        }
    }

    /// The command `arguments` ask for, parsed by argument-parser.
    ///
    /// `render` is what scripts start once per string, so its start-up counts: a plain `render`
    /// command line is parsed with `RenderCommand` as the root, which spares argument-parser the
    /// rest of the tree and the check for `--generate-completion-script` (skipped for a command
    /// with a super-command name). Anything else that command line could be (help, `--version`, a
    /// completion script, an error) makes that parse fail or return another command, and the
    /// whole tree then parses it, so messages, help and exit codes are the tree's, as before.
    static func parseCommand(_ arguments: [String]) throws -> ParsableCommand {
        if arguments.first == "render", !arguments.contains(where: { $0.hasPrefix("--generate-completion-script") }),
           let command = try? RenderCommand.parseAsRoot(Array(arguments.dropFirst())) as? RenderCommand {
            return command
        }
        return try parseAsRoot(arguments)
    }

    /// 74, after saying so, when the command's output could not be written (`WriteFailure`).
    private static func outputFailed() -> Int32? { WriteFailure.reported() }
}

/// The last paragraph of each command's help and man page: where its page of the guide is, in the
/// source and as `make install` and the `.deb` install it (Scripts/package.sh).
enum GuidePage {
    static func line(_ page: String) -> String {
        "\n\nThe guide: Docs/guide/\(page) in rtl-tui's source; installed, " +
            "PREFIX/share/doc/rtl-tui/Docs/guide/\(page) (/usr/share/doc/… from the .deb)."
    }
}
