#if canImport(Glibc)
import Glibc
#endif

// The `rtl-tui` program users start.
//
// `render` is what scripts start once per string, so its start-up counts, and most of a start-up
// is loading: the whole tool links Foundation, argument-parser, ncurses and libvterm, and a process
// that maps them all starts in about 9 ms where `fribidi` takes 1 (BENCHMARKS.md, "Start-up").
// This program is the engine and `render`'s own code (the files under Shared/, linked from their
// homes in BidiTerm and rtl-tui, compiled here without any of those), and it does one thing
// itself: `rtl-tui render [TEXT...]` with no option, its output going to a pipe or a file. That is
// the same code the whole tool runs for that command line, with the settings of no option
// (`RenderSettings.plain`, held equal to the parsed command's by a test), so the output, the
// warnings and the exit status are the same.
//
// Anything else (another command, any option, help, standard output on a terminal, which `render`
// identifies to write lines the way it shows them) is the whole tool's: this process becomes it
// (`execv`, same process, arguments and environment), so nothing else changes.

/// Where the whole tool is installed beside this program: `PREFIX/libexec/rtl-tui/rtl-tui-full`
/// for an installed `PREFIX/bin/rtl-tui` (`make install`, the Debian package), else the same
/// directory (a build directory). This program's own file is `/proc/self/exe` (links followed),
/// or the path it was started by when `/proc` cannot tell.
func fullToolCandidates() -> [String] {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let exe = n > 0 ? String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    : CommandLine.arguments.first ?? ""
    guard let slash = exe.lastIndex(of: "/") else { return [] }
    let dir = String(exe[..<slash])
    return [dir + "/../libexec/rtl-tui/rtl-tui-full", dir + "/rtl-tui-full"]
}

/// Becomes the whole tool with this process's arguments; returns only when that failed (after
/// saying so, control characters of the paths shown as placeholders, R22), with the shell's status
/// for a command that is missing (127) or cannot run (126).
func runFullTool() -> Int32 {
    let candidates = fullToolCandidates()
    for path in candidates where access(path, X_OK) == 0 {
        execv(path, CommandLine.unsafeArgv)
        Diagnostics.warn("cannot start \(path): \(String(cString: strerror(errno)))")
        return 126
    }
    let looked = candidates.isEmpty ? "" : " (looked for " + candidates.joined(separator: " and ") + ")"
    Diagnostics.warn("the rest of rtl-tui is missing: rtl-tui-full is not installed beside this program\(looked)")
    return 127
}

/// Whether this command line is `render` with paragraphs only (no option, nothing an option
/// parser could take for one) and an output that is not a terminal.
func rendersHere(_ arguments: [String]) -> Bool {
    guard arguments.first == "render" else { return false }
    guard !arguments.dropFirst().contains(where: { $0.hasPrefix("-") }) else { return false }
    return isatty(CommandEnvironment.standardOutput) != 1
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard rendersHere(arguments) else { exit(runFullTool()) }
let texts = Array(arguments.dropFirst())
if texts.isEmpty {
    _ = RenderPipeline.run(settings: .plain, input: CommandEnvironment.standardInput,
                           output: CommandEnvironment.standardOutput)
} else {
    _ = RenderText.arguments(texts, settings: .plain, lines: nil)
}
// Invalid UTF-8 has been reported and replaced; it only changes the status with --strict, an option.
exit(WriteFailure.reported() ?? 0)
