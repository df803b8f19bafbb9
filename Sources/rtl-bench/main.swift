// rtl-bench: the performance benchmark of `make bench` (see BENCHMARKS.md).
//
// In one run, alternating the contenders, it times `rtl-tui render --dir auto` over a corpus of
// real UI strings against a C loop over ICU alone (Benchmarks/icu-baseline.c) and GNU FriBidi's
// `fribidi --nopad --nobreak`; then, wrapped at 80 columns, `render --width 80` (plain and ANSI)
// against a C loop that wraps and reorders with ICU alone (Benchmarks/icu-wrap-baseline.c); then
// pathological inputs, peak memory, and the demo targets.
import BidiTerm
#if canImport(Glibc)
import Glibc
#endif

/// Prints a line of the report at once (the report is read while the benchmark runs).
func say(_ s: String = "") {
    print(s)
    fflush(nil)
}

struct Options {
    var runs = 5
    var size = 50_000_000
    var rtlTUI = ".build/release/rtl-tui"
    var staticRTLTUI = ".build-static/release/rtl-tui"
    /// The portable tarball (`make dist`) whose unpacked `bin/rtl-tui` is `staticRTLTUI`, or nil.
    var tarball: String? = nil
    var startupOnly = false
    var baseline = ".build/bench/icu-baseline"
    var wrapBaseline = ".build/bench/icu-wrap-baseline"
    var peakRSS = ".build/bench/peak-rss"
    var ptyBench = ".build/bench/pty-bench"
    var vtermRelay = ".build/bench/vterm-relay"
    var runRounds = 3
    var runOnly = false
    var demoOnly = false
    var stringsOnly = false
    var fribidi: String? = "fribidi"
    var work = ".build/bench"
    var synthetic = false
    var swiftVersion: String? = nil
}

func usage() -> Never {
    say("""
        usage: rtl-bench [--runs N] [--size BYTES] [--rtl-tui PATH] [--static-rtl-tui PATH|none] [--tarball PATH] [--startup-only]
                         [--baseline PATH] [--wrap-baseline PATH]
                         [--peak-rss PATH] [--fribidi PATH|none] [--work DIR] [--synthetic] [--swift-version TEXT]
                         [--pty-bench PATH] [--vterm-relay PATH] [--run-rounds N] [--run-only] [--strings-only]
        """)
    exit(64)
}

var opt = Options()
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    func value() -> String { guard let v = args.popFirst() else { usage() }; return v }
    switch a {
    case "--runs": opt.runs = max(1, Int(value()) ?? 5)
    case "--size": opt.size = max(1, Int(value()) ?? opt.size)
    case "--rtl-tui": opt.rtlTUI = value()
    case "--static-rtl-tui": opt.staticRTLTUI = value()
    case "--tarball": opt.tarball = value()
    case "--startup-only": opt.startupOnly = true
    case "--baseline": opt.baseline = value()
    case "--wrap-baseline": opt.wrapBaseline = value()
    case "--peak-rss": opt.peakRSS = value()
    case "--pty-bench": opt.ptyBench = value()
    case "--vterm-relay": opt.vtermRelay = value()
    case "--run-rounds": opt.runRounds = max(1, Int(value()) ?? 3)
    case "--run-only": opt.runOnly = true
    case "--demo-only": opt.demoOnly = true
    case "--strings-only": opt.stringsOnly = true
    case "--fribidi": let v = value(); opt.fribidi = v == "none" ? nil : v
    case "--work": opt.work = value()
    case "--synthetic": opt.synthetic = true
    case "--swift-version": opt.swiftVersion = value()
    default: usage()
    }
}

func fmt(_ x: Double, _ digits: Int = 3) -> String {
    var p = 1.0
    for _ in 0..<digits { p *= 10 }
    let v = (x * p).rounded() / p
    var s = String(v)
    if let dot = s.firstIndex(of: ".") {
        let decimals = s.distance(from: dot, to: s.endIndex) - 1
        if decimals < digits { s += String(repeating: "0", count: digits - decimals) }
    } else if digits > 0 {
        s += "." + String(repeating: "0", count: digits)
    }
    return s
}

func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
func lpad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
func verdict(_ met: Bool) -> String { met ? "MET" : "NOT MET" }

func readFile(_ path: String) -> String? {
    guard let f = fopen(path, "r") else { return nil }
    defer { fclose(f) }
    var out: [UInt8] = []
    var buf = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&buf, 1, buf.count, f)
        if n <= 0 { break }
        out.append(contentsOf: buf[0..<n])
    }
    return String(decoding: out, as: UTF8.self)
}

func loadAverage() -> String {
    (readFile("/proc/loadavg") ?? "?").split(separator: " ").prefix(3).joined(separator: " ")
}

// MARK: - Machine

say("== rtl-tui benchmark ==")
let cpuModel = readFile("/proc/cpuinfo")?.split(separator: "\n")
    .first { $0.hasPrefix("model name") }
    .map { $0.split(separator: ":", maxSplits: 1).last.map { String($0).trimmingSpaces } ?? "?" } ?? "?"
let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
var u = utsname()
uname(&u)
let kernel = withUnsafePointer(to: u.release) { $0.withMemoryRebound(to: CChar.self, capacity: 65) { String(cString: $0) } }
let swiftVersion = opt.swiftVersion ?? Spawn.capture(["swift", "--version"])?.split(separator: "\n").first.map(String.init) ?? "?"
say("machine: \(cores) cores, \(cpuModel), Linux \(kernel)")
say("swift:   \(swiftVersion)")
say("unicode: \(UnicodeProperties.unicodeVersion) (ICU's character data)")
say("load average at start: \(loadAverage())")

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return String(s)
    }
}

// MARK: - Contenders

mkdir(opt.work, 0o755)
guard access(opt.rtlTUI, X_OK) == 0 else {
    say("error: \(opt.rtlTUI) is not built (swift build -c release --product rtl-tui)")
    exit(1)
}

// MARK: - Start-up

// The installed binary (statically linked, Scripts/package.sh build) is what users start; the
// development build's figure is printed beside it. --static-rtl-tui none leaves the first out.
// With --tarball, the installed binary is the one unpacked from it (Scripts/bench.sh), whose size is
// printed first.
if let tarball = opt.tarball { reportTarball(tarball, unpackedFront: opt.staticRTLTUI) }
let installedLabel = opt.tarball == nil ? "installed (static)" : "unpacked tarball"
measureStartup(binaries: (opt.staticRTLTUI == "none" ? [] : [(label: installedLabel, path: opt.staticRTLTUI)])
                   + [(label: "dev build", path: opt.rtlTUI)],
               work: opt.work)
if opt.startupOnly {
    say("load average at end: \(loadAverage())")
    exit(0)
}
if opt.stringsOnly {
    measureStrings()
    say("")
    say("load average at end: \(loadAverage())")
    exit(0)
}

guard access(opt.baseline, X_OK) == 0 else {
    say("error: the C baseline \(opt.baseline) is not built (cc -O2 -o \(opt.baseline) Benchmarks/icu-baseline.c -licuuc)")
    exit(1)
}
guard access(opt.wrapBaseline, X_OK) == 0 else {
    say("error: the wrapping C baseline \(opt.wrapBaseline) is not built (cc -O2 -o \(opt.wrapBaseline) Benchmarks/icu-wrap-baseline.c -licuuc)")
    exit(1)
}
let fribidiPath = opt.fribidi.flatMap { Spawn.which($0) }
if let f = fribidiPath {
    say("fribidi: \(f) (\(Spawn.capture([f, "--version"])?.split(separator: "\n").first.map(String.init) ?? "?"))")
} else {
    say("fribidi: not installed: SKIPPED (install Debian's libfribidi-bin to compare with it)")
}

// MARK: - Corpus

let corpus: Corpus
if opt.synthetic {
    corpus = Corpus.synthetic(reason: "asked for with --synthetic")
} else if let c = Corpus.installedCatalogs() {
    corpus = c
} else {
    corpus = Corpus.synthetic(reason: "no Arabic, Hebrew or Persian catalog is installed")
}
let corpusPath = opt.work + "/corpus.txt"
let (corpusBytes, corpusLines) = corpus.write(to: corpusPath, size: opt.size)
let distinctBytes = corpus.lines.reduce(0) { $0 + $1.utf8.count + 1 }
say("")
say("corpus:  \(corpus.description)")
if corpus.files > 0 {
    say("         \(corpus.files) catalogs, \(corpus.entries) entries, \(corpus.warnings) loader warnings (invalid UTF-8 replaced)")
}
say("         \(corpus.lines.count) distinct lines, \(distinctBytes) bytes, repeated to \(corpusBytes) bytes, \(corpusLines) lines")
var rtlLines = 0, asciiLines = 0
for l in corpus.lines {
    if l.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { asciiLines += 1 }
    if l.unicodeScalars.contains(where: { (0x0590...0x08FF).contains($0.value) || (0xFB1D...0xFEFF).contains($0.value) }) { rtlLines += 1 }
}
say("         \(rtlLines * 100 / max(1, corpus.lines.count))% of the lines have Hebrew or Arabic script, \(asciiLines * 100 / max(1, corpus.lines.count))% are plain ASCII")

/// The figures of `rtl-tui run` (RunBench.swift), on the corpus and on its first 5 MB.
@MainActor func measureRun() {
    guard access(opt.ptyBench, X_OK) == 0 else {
        say("")
        say("rtl-tui run: NOT MEASURED: the pty driver \(opt.ptyBench) is not built (cc -O2 -o \(opt.ptyBench) Benchmarks/pty-bench.c)")
        return
    }
    // The corpus's first 5 MB (a tenth when it is smaller), cut after a line.
    let smallPath = opt.work + "/corpus-5mb.txt"
    var small = [UInt8](repeating: 0, count: min(5_000_000, corpusBytes / 10))
    if let f = fopen(corpusPath, "r") {
        small.removeLast(small.count - fread(&small, 1, small.count, f))
        fclose(f)
    }
    while let last = small.last, last != 0x0A { small.removeLast() }
    writeBytes(smallPath, small)
    let smallBytes = small.count
    defer { unlink(smallPath) }
    RunBench(rtlTUI: opt.rtlTUI, ptyBench: opt.ptyBench, vtermRelay: access(opt.vtermRelay, X_OK) == 0 ? opt.vtermRelay : nil,
             work: opt.work, corpusPath: corpusPath, corpusBytes: corpusBytes,
             smallCorpusPath: smallPath, smallCorpusBytes: smallBytes, rounds: opt.runRounds).measure()
}
if opt.demoOnly {
    measureDemo()
    say("")
    say("load average at end: \(loadAverage())")
    exit(0)
}
if opt.runOnly {
    measureRun()
    measureStrings()
    say("")
    say("load average at end: \(loadAverage())")
    exit(0)
}

// The UTF-8 path of `render` must write exactly what the cell path (`layout`, then
// `ParagraphLayout.write`) writes: unwrapped, and wrapped at 80 columns plain and with ANSI marks.
do {
    let engine = BidiEngine()
    var mismatches = [0, 0, 0]
    var bytes: [UInt8] = [], cells: [UInt8] = []
    let formats = [LineFormat(), LineFormat(width: 80), LineFormat(width: 80, marks: true)]
    for l in corpus.lines {
        for (i, format) in formats.enumerated() {
            bytes.removeAll(keepingCapacity: true)
            cells.removeAll(keepingCapacity: true)
            let ok = Array(l.utf8).withUnsafeBufferPointer {
                engine.render(utf8: $0, direction: .auto(fallback: .ltr), format: format, into: &bytes)
            }
            engine.layout(l, direction: .auto(fallback: .ltr), width: format.width).write(format, into: &cells)
            if !ok || bytes != cells { mismatches[i] += 1 }
        }
    }
    func verdict(_ n: Int) -> String { n == 0 ? "yes" : "NO, \(n) lines differ" }
    say("check:   render's UTF-8 path = the cell path (layout, then write) on every distinct line: "
        + "unwrapped \(verdict(mismatches[0])); --width 80 \(verdict(mismatches[1])); --width 80 --format ansi \(verdict(mismatches[2]))")
}

struct Contender {
    var name: String
    var argv: [String]
    var environment: [String: String] = [:]
    var results: [RunResult] = []
    var informational = false
    var peakKiB: Int? = nil
}

var contenders = [
    Contender(name: "rtl-tui render", argv: [opt.rtlTUI, "render", "--dir", "auto"]),
    Contender(name: "ICU C baseline", argv: [opt.baseline]),
]
if let f = fribidiPath { contenders.append(Contender(name: "fribidi", argv: [f, "--nopad", "--nobreak"])) }
contenders.append(Contender(name: "render, 1 thread", argv: [opt.rtlTUI, "render", "--dir", "auto"],
                            environment: ["RTL_TUI_WORKERS": "1"], informational: true))

/// Runs each contender once (exit status, output size), then `opt.runs` rounds in which each runs
/// once, the order rotating every round; then the peak memory of each.
@MainActor func time(_ contenders: inout [Contender]) {
    say("")
    say("warm-up and output sizes:")
    for c in contenders {
        let out = opt.work + "/out-" + c.name.filter { $0.isLetter || $0.isNumber }
        let r = Spawn.run(c.argv, inputPath: corpusPath, outputPath: out, environment: c.environment)
        say("  \(pad(c.name, 20)) exit \(r.status), \(r.outputBytes) bytes out")
        unlink(out)
        if r.status != 0 {
            say("error: \(c.name) failed")
            exit(1)
        }
    }

    say("")
    say("timing: \(opt.runs) rounds, contenders alternated (the order rotates every round), input from the corpus file, output to /dev/null")
    for round in 0..<opt.runs {
        var line = "  round \(round + 1):"
        for j in 0..<contenders.count {
            let i = (j + round) % contenders.count
            let r = Spawn.run(contenders[i].argv, inputPath: corpusPath, environment: contenders[i].environment)
            contenders[i].results.append(r)
            line += " \(contenders[i].name) \(fmt(r.seconds))s;"
        }
        say(line)
    }

    // Peak memory, through the small peak-rss helper (Benchmarks/peak-rss.c): a child spawned by this
    // driver would report the driver's own high-water mark.
    for i in contenders.indices {
        contenders[i].peakKiB = peakRSS(contenders[i].argv, input: corpusPath, environment: contenders[i].environment)
    }

    let mb = Double(corpusBytes) / 1_000_000
    say("")
    say("  \(pad("contender", 20)) \(lpad("median s", 9)) \(lpad("min s", 7)) \(lpad("max s", 7)) \(lpad("MB/s", 8)) \(lpad("lines/s", 11)) \(lpad("CPU s", 7)) \(lpad("peak RSS", 9))")
    for c in contenders {
        let m = med(c)
        say("  \(pad(c.name, 20)) \(lpad(fmt(m), 9)) \(lpad(fmt(c.results.map(\.seconds).min() ?? 0), 7)) \(lpad(fmt(c.results.map(\.seconds).max() ?? 0), 7)) \(lpad(fmt(mb / m, 1), 8)) \(lpad(String(Int(Double(corpusLines) / m)), 11)) \(lpad(fmt(cpu(c)), 7)) \(lpad(c.peakKiB.map { fmt(Double($0) / 1024, 1) + " MB" } ?? "?", 9))")
    }
}

/// The peak resident set of `argv` reading `input`, in KiB, the highest of three runs; nil when the
/// helper is not built or the command fails.
@MainActor func peakRSS(_ argv: [String], input: String, environment: [String: String] = [:]) -> Int? {
    var peak = 0
    for _ in 0..<3 {
        let path = opt.work + "/peak-rss.txt"
        let r = Spawn.run([opt.peakRSS, input] + argv, inputPath: "/dev/null", outputPath: path, environment: environment)
        if r.status == 0, let v = readFile(path).flatMap({ Int($0.trimmingSpaces.filter { $0.isNumber }) }) { peak = max(peak, v) }
    }
    return peak > 0 ? peak : nil
}

func med(_ c: Contender) -> Double { median(c.results.map(\.seconds)) }
func cpu(_ c: Contender) -> Double { median(c.results.map(\.cpuSeconds)) }

time(&contenders)
let mb = Double(corpusBytes) / 1_000_000

let render = contenders[0], icu = contenders[1]
let fribidi = contenders.first { $0.name == "fribidi" }
let single = contenders.first { $0.name == "render, 1 thread" }!
say("")
say("targets:")
let ratio = med(render) / med(icu)
say("  render time / ICU C baseline time = \(fmt(ratio)) (target <= 1.25): \(verdict(ratio <= 1.25))")
if let f = fribidi {
    let speedup = med(f) / med(render)
    say("  fribidi time / render time = \(fmt(speedup, 2)) (target >= 2, render at least 2x faster): \(verdict(speedup >= 2))")
    say("  (for reference: fribidi / ICU C baseline = \(fmt(med(f) / med(icu), 2)))")
} else {
    say("  render at least 2x faster than fribidi: SKIPPED (fribidi not installed)")
}
if let kib = render.peakKiB {
    let peak = Double(kib) / 1024
    say("  peak RSS of render over the \(fmt(mb, 1)) MB corpus = \(fmt(peak, 1)) MB (target <= 50 MB): \(verdict(peak <= 50))")
} else {
    say("  peak RSS of render: NOT MEASURED (the peak-rss helper \(opt.peakRSS) is not built)")
}
say("  (information: render on one thread / ICU C baseline = \(fmt(med(single) / med(icu))); render's CPU time / baseline's = \(fmt(median(render.results.map(\.cpuSeconds)) / median(icu.results.map(\.cpuSeconds)))))")

func writeBytes(_ path: String, _ bytes: [UInt8]) {
    guard let f = fopen(path, "w") else { return }
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
    fclose(f)
}
func repeated(_ s: String, toBytes n: Int) -> [UInt8] {
    let unit = Array(s.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(n + unit.count)
    while out.count < n { out.append(contentsOf: unit) }
    return out
}
let mixedUnit = "مرحبا بالعالم (Hello) שלום 123 [x] كَتَبَ لا "

// MARK: - Wrapped at 80 columns

say("")
say("== wrapped at 80 columns ==")
say("contenders: rtl-tui render --dir auto --width 80, the same with --format ansi, and the wrapping C baseline")
say("(Benchmarks/icu-wrap-baseline.c: ICU's line break iterator, greedy fit at 80 cells by wcwidth, ubidi_setLine +")
say(" ubidi_writeReordered per line, padding to the leading side)")
var wrapped = [
    Contender(name: "render --width 80", argv: [opt.rtlTUI, "render", "--dir", "auto", "--width", "80"]),
    Contender(name: "  with --format ansi", argv: [opt.rtlTUI, "render", "--dir", "auto", "--width", "80", "--format", "ansi"]),
    Contender(name: "ICU C wrap baseline", argv: [opt.wrapBaseline, "80"]),
]
time(&wrapped)
let (wrap80, wrapANSI, icuWrap) = (wrapped[0], wrapped[1], wrapped[2])
say("")
say("targets (wrapped):")
for (c, cpuTarget) in [(wrap80, 1.0), (wrapANSI, 1.2)] {
    let cpuRatio = cpu(c) / cpu(icuWrap), wallRatio = med(c) / med(icuWrap)
    say("  \(c.name.trimmingSpaces): CPU time / C wrap baseline's = \(fmt(cpuRatio)) (target <= \(fmt(cpuTarget, 1))): \(verdict(cpuRatio <= cpuTarget)); "
        + "wall time / C wrap baseline's = \(fmt(wallRatio)) (target <= 0.6): \(verdict(wallRatio <= 0.6))")
}
say("  (information: render --width 80 CPU time / unwrapped render's = \(fmt(cpu(wrap80) / cpu(render))); "
    + "C wrap baseline CPU time / C baseline's = \(fmt(cpu(icuWrap) / cpu(icu))))")
let paragraphPath = opt.work + "/paragraph-10mb.txt"
writeBytes(paragraphPath, repeated(mixedUnit, toBytes: 10_000_000) + [0x0A])
do {
    let path = paragraphPath
    if let kib = peakRSS([opt.rtlTUI, "render", "--dir", "auto", "--width", "80"], input: path) {
        let peak = Double(kib) / 1024
        say("  peak RSS of render --width 80 of a 10 MB single paragraph = \(fmt(peak, 1)) MB (target <= 100 MB): \(verdict(peak <= 100))")
    } else {
        say("  peak RSS of render --width 80 of a 10 MB paragraph: NOT MEASURED (the peak-rss helper \(opt.peakRSS) is not built, or render failed)")
    }
    if let kib = peakRSS([opt.rtlTUI, "render", "--dir", "auto", "--width", "80"], input: path, environment: ["RTL_TUI_WORKERS": "1"]) {
        say("  (information: the same on one thread: \(fmt(Double(kib) / 1024, 1)) MB)")
    }
}

// MARK: - Pathological inputs

say("")
say("pathological inputs (render --dir auto, and with --width 80; median of 3; target: well under 1 s each):")
let cases: [(String, [UInt8])] = [
    ("600 KB line of [!]", repeated("[!]", toBytes: 600_000) + [0x0A]),
    ("10 MB single line (mixed)", repeated(mixedUnit, toBytes: 10_000_000) + [0x0A]),
    ("10,000 nested embeddings", Array((String(repeating: "\u{202B}\u{202A}", count: 5000) + "abc אבג (1)" + String(repeating: "\u{202C}", count: 10000) + "\n").utf8)),
    ("100,000 marks on one base", Array(("ب" + String(repeating: "\u{064E}", count: 100_000) + " x\n").utf8)),
]
var allUnder = true
for (name, bytes) in cases {
    let path = opt.work + "/pathological.txt"
    writeBytes(path, bytes)
    var parts: [String] = []
    for extra in [[String](), ["--width", "80"]] {
        var times: [Double] = []
        var status: Int32 = 0
        for _ in 0..<3 {
            let r = Spawn.run([opt.rtlTUI, "render", "--dir", "auto"] + extra, inputPath: path)
            times.append(r.seconds)
            status = max(status, r.status)
        }
        let m = median(times)
        if m >= 1 || status != 0 { allUnder = false }
        parts.append("\(extra.isEmpty ? "" : "--width 80 ")\(fmt(m))s\(status != 0 ? " (exit \(status))" : "")")
    }
    say("  \(pad(name, 28)) \(pad(String(bytes.count) + " bytes", 16)) \(parts.joined(separator: ", "))")
}
say("  every pathological input under 1 s: \(verdict(allUnder))")

// MARK: - check and inspect at scale

say("")
say("check and inspect at scale (median of 3):")
do {
    // A .po of a million entries (`msgid "key.N"`, `msgstr "قيمة N"`), every 250,000th with ESC [2J.
    let path = opt.work + "/million.ar.po"
    var po = Array("msgid \"\"\nmsgstr \"Language: ar\\n\"\n\n".utf8)
    po.reserveCapacity(46_000_000)
    let value = Array("\"\nmsgstr \"قيمة ".utf8)
    for i in 0..<1_000_000 {
        po += "msgid \"key.".utf8
        po += String(i).utf8
        po += value
        if i % 250_000 == 0 { po += [0x1B, 0x5B, 0x32, 0x4A] }
        po += String(i).utf8
        po += "\"\n\n".utf8
    }
    writeBytes(path, po)
    var times: [Double] = []
    var status: Int32 = 0
    for _ in 0..<3 {
        let r = Spawn.run([opt.rtlTUI, "check", path], inputPath: "/dev/null")
        times.append(r.seconds)
        status = r.status
    }
    let m = median(times)
    say("  check of a 1,000,000-entry .po (\(fmt(Double(po.count) / 1e6, 1)) MB): \(fmt(m)) s, exit \(status) (1: its 4 planted escape sequences) "
        + "(target < 3 s): \(verdict(m < 3 && status == 1))")
    unlink(path)

    times = []
    for _ in 0..<3 { times.append(Spawn.run([opt.rtlTUI, "inspect", "--format", "jsonl"], inputPath: paragraphPath).seconds) }
    let rss = peakRSS([opt.rtlTUI, "inspect", "--format", "jsonl"], input: paragraphPath).map { ", peak RSS " + fmt(Double($0) / 1024, 1) + " MB" } ?? ""
    say("  (information: inspect --format jsonl of the 10 MB single paragraph: \(fmt(median(times))) s\(rss))")
}
unlink(paragraphPath)

// MARK: - Demo targets

/// The demo's figures: the 200×60 redraw (and its proxy) and the bytes of one slider keystroke.
@MainActor func measureDemo() {
    say("")
    say("demo targets:")
    if let ms = FrameBench.demoMedianMilliseconds(width: 200, height: 60, frames: 200) {
        say("  200x60 demo screen redraw (reading screen, Arabic): median \(fmt(ms)) ms (target <= 2 ms): \(verdict(ms <= 2))")
    } else {
        say("  200x60 demo screen redraw: NOT MEASURED: the demo does not provide DemoHooks.redrawScreen (Sources/rtl-bench/DemoHooks.swift)")
    }
    let proxy = FrameBench.proxyMedianMilliseconds(width: 200, height: 60, frames: 200)
    say("    proxy, not the demo: 60 rows of mixed text laid out at width 200 by one engine and drawn into a Buffer: median \(fmt(proxy)) ms")
    for locale in ["en", "ar"] {
        let hook = DemoHooks.sliderKeystroke(rtlTUI: opt.rtlTUI, locale: locale)
        // A first frame of a few bytes means the demo did not start (a usage message, say).
        if let r = PTYBench.bytesForKeystroke(command: hook.command, setup: hook.setup, key: hook.key), r.firstFrame > 2000 {
            say("  slider keystroke through a pty (\(locale), first frame \(r.firstFrame) bytes): \(r.key) bytes (target <= 200): \(verdict(r.key > 0 && r.key <= 200))")
        } else {
            say("  slider keystroke through a pty (\(locale)): NOT MEASURED: `\(hook.command.joined(separator: " "))` did not start in a pty (DemoHooks.sliderKeystroke)")
        }
    }
}
measureDemo()
measureRun()
measureStrings()
say("")
say("load average at end: \(loadAverage())")
