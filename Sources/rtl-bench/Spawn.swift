#if canImport(Glibc)
import Glibc
#endif

/// What one run of a child process cost.
struct RunResult {
    /// Wall-clock seconds from spawn to exit.
    var seconds: Double
    /// User plus system CPU seconds of the child.
    var cpuSeconds: Double
    var status: Int32
    /// Bytes the child wrote to its standard output (0 when it went to /dev/null).
    var outputBytes: Int
    /// Page faults of the child (minor and major).
    var pageFaults = 0
}

enum Spawn {
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Runs `argv` with standard input from `inputPath` and standard output to `outputPath`
    /// (`/dev/null` by default), standard error to `errorPath`; waits for it.
    static func run(_ argv: [String], inputPath: String, outputPath: String = "/dev/null",
                    errorPath: String = "/dev/null", environment: [String: String] = [:]) -> RunResult {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        var env: [UnsafeMutablePointer<CChar>?] = []
        var merged: [String: String] = [:]
        var e = environ
        while let p = e.pointee {
            let s = String(cString: p)
            if let eq = s.firstIndex(of: "=") { merged[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
            e += 1
        }
        for (k, v) in environment { merged[k] = v }
        for (k, v) in merged { env.append(strdup("\(k)=\(v)")) }
        env.append(nil)
        defer { for p in env { free(p) } }
        var pid = pid_t()
        let start = now()
        let r = posix_spawnp(&pid, argv[0], &actions, nil, cArgs, env)
        guard r == 0 else { return RunResult(seconds: 0, cpuSeconds: 0, status: -1, outputBytes: 0) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = now() - start
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        var st = stat()
        let outBytes = outputPath == "/dev/null" ? 0 : (stat(outputPath, &st) == 0 ? Int(st.st_size) : 0)
        let exit: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return RunResult(seconds: seconds, cpuSeconds: cpu, status: exit, outputBytes: outBytes,
                         pageFaults: Int(usage.ru_minflt + usage.ru_majflt))
    }

    /// The standard output of a short command, or nil when it cannot run.
    static func capture(_ argv: [String]) -> String? {
        let path = "/tmp/rtl-bench-capture-\(getpid())"
        defer { unlink(path) }
        let r = run(argv, inputPath: "/dev/null", outputPath: path)
        guard r.status == 0 else { return nil }
        return readFile(path)
    }

    /// True when an executable named `name` is on PATH (or `name` is a path to one).
    static func which(_ name: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let p = "\(dir)/\(name)"
            if access(p, X_OK) == 0 { return p }
        }
        return nil
    }
}
