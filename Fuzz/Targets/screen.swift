// libFuzzer target: arbitrary bytes through the screen-file parser (YAML, Docs/SCREEN-FORMAT.md).
//
// The bytes are decoded as UTF-8 (invalid sequences become U+FFFD) and parsed with
// ScreenFile.parse(yaml:path:). Rejection is fine, with at least one diagnostic at a real position;
// a crash or a hang is not.
import BidiTerm

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let yaml = String(decoding: bytes, as: UTF8.self)
    do {
        let screen = try ScreenFile.parse(yaml: yaml, path: "fuzz.yaml")
        _ = screen.textRefs
        _ = screen.catalogKeys
        _ = screen.root.allNodes.count
    } catch {
        if error.diagnostics.isEmpty { fatalError("rejected without a diagnostic") }
        for d in error.diagnostics where d.line < 1 || d.column < 1 || d.path != "fuzz.yaml" {
            fatalError("diagnostic at a bad position: \(d)")
        }
    }
    return 0
}
