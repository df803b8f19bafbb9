#if canImport(Glibc)
import Glibc
#endif

/// Start-up time: `rtl-tui render` of one short line against `fribidi` of the same line, each run
/// `rounds` times alternately as a new process (standard input from a file); the median wall time
/// of each, its page faults and the ratio. What a user waits for when a script calls `render` once
/// per string. `binaries` are the rtl-tui builds to time, each with a label: the installed one
/// (statically linked, `Scripts/package.sh build`) first, the development build after it. Each is
/// timed twice: `render` with no option, which the `rtl-tui` front program runs itself, and
/// `render --dir auto` (the same output), which it hands to the whole tool, `rtl-tui-full`.
@MainActor func measureStartup(binaries: [(label: String, path: String)], work: String, rounds: Int = 41) {
    let line = work + "/startup-line.txt"
    writeBytes(line, Array("שלום עולם! התקשרו ל-03-1234567 (שלוחה 12).\n".utf8))
    defer { unlink(line) }
    let fribidi = ["/usr/bin/fribidi", "--nopad", "--nobreak"]
    let hasFribidi = access(fribidi[0], X_OK) == 0
    let commands: [(label: String, arguments: [String])] = [("render", ["render"]),
                                                             ("render --dir auto", ["render", "--dir", "auto"])]
    let contenders = binaries.filter { access($0.path, X_OK) == 0 }.flatMap { b in
        commands.map { c in (label: c.label + ", " + b.label, argv: [b.path] + c.arguments) }
    }
    var ours = [[RunResult]](repeating: [], count: contenders.count), theirs: [RunResult] = []
    for _ in 0..<rounds {
        for (i, c) in contenders.enumerated() { ours[i].append(Spawn.run(c.argv, inputPath: line)) }
        if hasFribidi { theirs.append(Spawn.run(fribidi, inputPath: line)) }
    }
    func figures(_ runs: [RunResult]) -> String {
        let seconds = runs.map(\.seconds)
        let faults = runs.map { Double($0.pageFaults) }
        return "median \(fmt(median(seconds) * 1000, 1)) ms, min \(fmt((seconds.min() ?? 0) * 1000, 1)) ms, "
            + "\(Int(median(faults))) page faults"
    }
    say("== start-up: one line, a new process each time, \(rounds) rounds alternated ==")
    for (i, c) in contenders.enumerated() { say("  \(pad("rtl-tui " + c.label, 46)) \(figures(ours[i]))") }
    for b in binaries where access(b.path, X_OK) != 0 { say("  rtl-tui render, \(b.label): \(b.path) is not built, SKIPPED") }
    if hasFribidi {
        say("  \(pad("fribidi", 46)) \(figures(theirs))")
        for (i, c) in contenders.enumerated() {
            let ratio = median(ours[i].map(\.seconds)) / max(median(theirs.map(\.seconds)), 1e-9)
            say("  ratio to fribidi, \(c.label): \(fmt(ratio, 2))x (information)")
        }
    } else {
        say("  fribidi: not installed, SKIPPED")
    }
    say("")
}

/// The portable tarball's size (`make dist`), and the unpacked size of its two programs: `front` is
/// the unpacked `bin/rtl-tui`, `libexec/rtl-tui/rtl-tui-full` is found from it.
func reportTarball(_ tarball: String, unpackedFront front: String) {
    func size(_ path: String) -> Int? {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_size) : nil
    }
    func mb(_ bytes: Int?) -> String { bytes.map { fmt(Double($0) / 1_000_000, 1) + " MB" } ?? "missing" }
    let name = tarball.split(separator: "/").last.map(String.init) ?? tarball
    let full = (front.hasSuffix("/bin/rtl-tui") ? String(front.dropLast("/bin/rtl-tui".count)) : ".")
        + "/libexec/rtl-tui/rtl-tui-full"
    say("== the portable tarball ==")
    say("  \(name): \(mb(size(tarball))) (unpacked: bin/rtl-tui \(mb(size(front))), "
        + "libexec/rtl-tui/rtl-tui-full \(mb(size(full))))")
    say("")
}
