import BidiTerm
#if canImport(Glibc)
import Glibc
#endif

/// The process in the foreground of `run`'s pseudo-terminal, as `/proc` shows it (R27).
public struct ForegroundProcess: Sendable, Hashable {
    /// Its process id (the foreground process group's leader).
    public var pid: Int32
    /// Its name (`/proc/PID/comm`: what `ps` and `top` show).
    public var name: String
    /// Its executable's file name (`/proc/PID/exe`), empty when it cannot be read.
    public var executable: String
    /// The file name of the GNU FriBidi library it has mapped (`libfribidi.so.0`), if any.
    public var friBidi: String?

    /// A process as given.
    public init(pid: Int32, name: String, executable: String = "", friBidi: String? = nil) {
        self.pid = pid
        self.name = name
        self.executable = executable
        self.friBidi = friBidi
    }

    /// The names a rule or the table may know it by: its name, then its executable's file name.
    public var names: [String] {
        executable.isEmpty || executable == name ? [name] : [name, executable]
    }

    /// Reads the process `pid` from `proc` (`/proc`); nil when it is gone or cannot be read.
    public static func inspect(pid: Int32, proc: String = "/proc") -> ForegroundProcess? {
        guard pid > 0, let comm = readSmallFile("\(proc)/\(pid)/comm") else { return nil }
        let name = String(decoding: comm, as: UTF8.self).trimmingCharacters(in: "\n")
        var exe = ""
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("\(proc)/\(pid)/exe", &buffer, buffer.count - 1)
        if n > 0 {
            let path = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            exe = String(path.split(separator: "/").last ?? "")
            if exe.hasSuffix(" (deleted)") { exe = String(exe.dropLast(10)) }
        }
        return ForegroundProcess(pid: pid, name: name, executable: exe, friBidi: mappedFriBidi(pid: pid, proc: proc))
    }

    /// The file name of a `libfribidi` the process has mapped, from `/proc/PID/maps`.
    public static func mappedFriBidi(pid: Int32, proc: String = "/proc") -> String? {
        guard let maps = readSmallFile("\(proc)/\(pid)/maps", limit: 4 << 20) else { return nil }
        let needle = Array("libfribidi".utf8)
        var i = 0
        let n = maps.count
        while i + needle.count <= n {
            if maps[i] == needle[0], Array(maps[i..<(i + needle.count)]) == needle {
                var e = i
                while e < n, maps[e] != 0x0A, maps[e] != 0x20 { e += 1 }
                return String(decoding: maps[i..<e], as: UTF8.self)
            }
            i += 1
        }
        return nil
    }

    /// The other processes of the process group `group` (a script's commands, a pipeline's
    /// members: the leader's children or its shell's), in the order of their ids, from each
    /// process's `/proc/PID/stat` (its fifth field). The kernel keeps no list of a group; this
    /// reads one small file per process of the machine.
    public static func groupMembers(of group: Int32, proc: String = "/proc") -> [Int32] {
        guard group > 0, let dir = opendir(proc) else { return [] }
        defer { closedir(dir) }
        var out: [Int32] = []
        while let entry = readdir(dir) {
            let pid: Int32 = withUnsafeBytes(of: entry.pointee.d_name) { name -> Int32 in
                var v: Int32 = 0
                for b in name {
                    if b == 0 { break }
                    guard b >= 0x30, b <= 0x39, v < 100_000_000 else { return 0 }
                    v = v * 10 + Int32(b - 0x30)
                }
                return v
            }
            guard pid > 0, pid != group, processGroup(of: pid, proc: proc) == group else { continue }
            out.append(pid)
        }
        return out.sorted()
    }

    /// The process group of `pid` (the fifth field of `/proc/PID/stat`, after the name in
    /// parentheses, which may hold any byte), nil when it is gone.
    public static func processGroup(of pid: Int32, proc: String = "/proc") -> Int32? {
        let fd = open("\(proc)/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 160) { buffer -> Int32? in
            let n = read(fd, buffer.baseAddress, buffer.count)
            guard n > 0 else { return nil }
            var i = n - 1
            while i > 0, buffer[i] != 0x29 { i -= 1 }  // the last ")"
            guard buffer[i] == 0x29 else { return nil }
            // ") S PPID PGRP ": the third field after the name.
            var field = 0
            var value: Int32 = 0
            var inNumber = false
            i += 1
            while i < n {
                let b = buffer[i]
                if b == 0x20 {
                    if inNumber, field == 3 { return value }
                    inNumber = false
                } else {
                    if !inNumber {
                        inNumber = true
                        field += 1
                        value = 0
                    }
                    if field == 3 {
                        guard b >= 0x30, b <= 0x39 else { return nil }
                        value = value * 10 + Int32(b - 0x30)
                    }
                }
                i += 1
            }
            return nil
        }
    }

    /// A file of `/proc` read whole (they report a size of 0), at most `limit` bytes.
    static func readSmallFile(_ path: String, limit: Int = 1 << 16) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while out.count < limit {
            let got = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            if got <= 0 { break }
            out += chunk[..<got]
        }
        return out
    }
}

private extension String {
    func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.last == set { s = s.dropLast() }
        return String(s)
    }
}

/// What `run` decided about the program in the foreground, and why (R27).
public struct ProgramVerdict: Sendable, Hashable {
    /// Where the decision came from, strongest first.
    public enum Source: String, Sendable, Hashable {
        /// The command key, for this program in this session.
        case commandKey = "the command key"
        /// A rule of the user's file.
        case userRule = "your rule"
        /// The program's libraries (GNU FriBidi mapped).
        case libraries = "its libraries"
        /// The built-in table of programs.
        case table = "the built-in table"
        /// The program's screen (vim's rightleft).
        case screen = "its screen"
        /// Nothing about the program: each run by its own text (R25).
        case text = "the text of each row"
    }

    /// The program's name (empty before one is known).
    public var program: String = ""
    /// Its process id (0 before one is known).
    public var pid: Int32 = 0
    /// Its rows are drawn as it draws them (it writes visual order).
    public var drawsVisualOrder = false
    /// Every run with right-to-left text is reordered (the text's own evidence is not asked).
    public var forcesReordering = false
    /// The paragraph direction forced for its runs (nil: R28).
    public var direction: LayoutDirection? = nil
    /// Where the decision came from.
    public var source: Source = .text
    /// The evidence, in words.
    public var evidence: String = "no sign that the program reorders by itself; each run is judged by its own text (R25)"

    /// A verdict with nothing known.
    public init() {}

    /// One line for the status: what was decided, and why.
    public var summary: String {
        let what = drawsVisualOrder ? "drawn as the program draws it" : forcesReordering ? "every row reordered" : "reordered"
        let dir = direction.map { $0 == .rtl ? ", direction rtl" : ", direction ltr" } ?? ""
        let who = program.isEmpty ? "" : "\(program)\(pid > 0 ? " (pid \(pid))" : ""): "
        return "\(who)\(what)\(dir), by \(source.rawValue): \(evidence)"
    }
}

/// Weighs the evidence about a program (R27): the command key's choice for it, the user's rules,
/// the libraries it has mapped, the built-in table, its screen; else nothing, and each run is
/// judged by its own text (R25, with the letter statistics).
public enum ProgramEvidence {
    /// The verdict for `process` (nil: not known yet), with the user's `rules` (from `rulesPath`),
    /// the command key's `override` for this program, and `rightLeft`: what its screen shows of vim's
    /// rightleft (nil: not a vim, or no sign either way).
    public static func verdict(for process: ForegroundProcess?, rules: RunRules, rulesPath: String?,
                               override: ProgramRule?, rightLeft: Bool?) -> ProgramVerdict {
        var v = ProgramVerdict()
        guard let p = process else { return apply(override, to: v, source: .commandKey, evidence: "set with the command key") }
        v.program = p.name
        v.pid = p.pid
        if let o = override {
            return apply(o, to: v, source: .commandKey, evidence: "set with the command key for \(p.name)")
        }
        for name in p.names {
            if let rule = rules.programs[name] {
                let at = rulesPath.map { "\($0):\(rules.lines[name] ?? 0)" } ?? "the rules"
                return apply(rule, to: v, source: .userRule, evidence: "`\(name): \(rule.text)` in \(at)")
            }
        }
        if let lib = p.friBidi {
            v.drawsVisualOrder = true
            v.source = .libraries
            v.evidence = "it has GNU FriBidi mapped (\(lib)) and reorders by itself"
            return v
        }
        for name in p.names {
            if let e = KnownPrograms.entry(for: name) {
                v.drawsVisualOrder = e.drawsVisualOrder
                v.source = .table
                v.evidence = e.reason
                return v
            }
        }
        if let rl = rightLeft, p.names.contains(where: KnownPrograms.vimFamily.contains) {
            if rl {
                v.drawsVisualOrder = true
                v.source = .screen
                v.evidence = "vim's rightleft: its lines end at the right edge and its `~` markers stand there"
                return v
            }
        }
        return v
    }

    private static func apply(_ rule: ProgramRule?, to verdict: ProgramVerdict, source: ProgramVerdict.Source,
                              evidence: String) -> ProgramVerdict {
        guard let rule else { return verdict }
        var v = verdict
        v.source = source
        v.evidence = evidence
        v.direction = rule.direction
        switch rule.treatment {
        case .visual: v.drawsVisualOrder = true
        case .reorder: v.forcesReordering = true
        case .auto:
            v.evidence = evidence
        }
        return v
    }
}

/// vim's `rightleft` as its screen shows it (R27): the `~` of the lines past the end of the
/// buffer stand at the right edge of the window instead of the left, and text lines end at the
/// right edge with blanks at their left.
public enum RightLeftScreen {
    /// true when the rows show rightleft, false when they show vim's usual left-to-right window,
    /// nil when they show neither (a screen of long lines, a help window). The last two rows (the
    /// status and command lines) are not looked at.
    public static func detect(rows: Int, columns: Int, row: (Int) -> [Cell]) -> Bool? {
        guard rows > 2, columns > 2 else { return nil }
        var right = 0, left = 0
        for y in 0..<(rows - 2) {
            let cells = row(y)
            var first = -1, last = -1
            for (x, c) in cells.enumerated() where !(c.text.isEmpty || c.text.isSpace) && c.width != 0 {
                if first < 0 { first = x }
                last = x
            }
            guard first >= 0 else { continue }
            if first == last, cells[first].text.singleScalar == 0x7E {
                if first == 0 { left += 1 } else if first == columns - 1 { right += 1 }
                continue
            }
            if first == 0 && last < columns - 1 { left += 1 }
            if first > 0 && last == columns - 1 { right += 1 }
        }
        if right > 0 && right >= 2 * left { return true }
        if left > 0 && left >= 2 * right { return false }
        return nil
    }
}
