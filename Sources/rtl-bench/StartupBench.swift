#if canImport(Glibc)
import Glibc
#endif

/// Start-up time: `rtl-tui render` of one short line against `fribidi` of the same line, each run
/// `rounds` times alternately as a new process (standard input from a file); the median wall time
/// of each and their ratio. What a user waits for when a script calls `render` once per string.
@MainActor func measureStartup(rtlTUI: String, work: String, rounds: Int = 41) {
    let line = work + "/startup-line.txt"
    writeBytes(line, Array("שלום עולם! התקשרו ל-03-1234567 (שלוחה 12).\n".utf8))
    defer { unlink(line) }
    var ours: [Double] = [], theirs: [Double] = []
    let fribidi = ["/usr/bin/fribidi", "--nopad", "--nobreak"]
    let hasFribidi = access(fribidi[0], X_OK) == 0
    for _ in 0..<rounds {
        ours.append(Spawn.run([rtlTUI, "render"], inputPath: line).seconds)
        if hasFribidi { theirs.append(Spawn.run(fribidi, inputPath: line).seconds) }
    }
    say("== start-up: one line, a new process each time, \(rounds) rounds alternated ==")
    say("  rtl-tui render   median \(fmt(median(ours) * 1000, 1)) ms, min \(fmt((ours.min() ?? 0) * 1000, 1)) ms")
    if hasFribidi {
        say("  fribidi          median \(fmt(median(theirs) * 1000, 1)) ms, min \(fmt((theirs.min() ?? 0) * 1000, 1)) ms")
        say("  ratio rtl-tui / fribidi: \(fmt(median(ours) / max(median(theirs), 1e-9), 2))x (information)")
    } else {
        say("  fribidi: not installed, SKIPPED")
    }
    say("")
}
