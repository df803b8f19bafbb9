#if !RTL_TUI_FRONT
import BidiTerm
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Writes messages to stderr, never with raw control characters (R22).
enum Diagnostics {
    static func warn(_ message: String) {
        let s = Array(("rtl-tui: " + Sanitizer.visible(message) + "\n").utf8)
        _ = s.withUnsafeBytes { writeAll(CommandEnvironment.standardError, $0) }
    }

    /// Warns about every command-line argument that is not valid UTF-8 (Swift has repaired them
    /// with U+FFFD already); returns whether there was one.
    static func warnAboutInvalidUTF8Arguments() -> Bool {
        let bad = invalidUTF8Arguments()
        for argument in bad {
            for p in argument.problems {
                warn("argument \(argument.index): byte \(p.byteOffset): invalid UTF-8 replaced by U+FFFD")
            }
        }
        return !bad.isEmpty
    }
}

/// The raw command-line arguments that are not valid UTF-8 (Swift repairs them silently).
func invalidUTF8Arguments() -> [(index: Int, problems: [InvalidUTF8])] {
    var out: [(Int, [InvalidUTF8])] = []
    for i in 1..<Int(CommandLine.argc) {
        guard let p = CommandLine.unsafeArgv[i] else { continue }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p))
        let (_, problems) = UTF8Decoder.decode(bytes, line: i)
        if !problems.isEmpty { out.append((i, problems)) }
    }
    return out
}
