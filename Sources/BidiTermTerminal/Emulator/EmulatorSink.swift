import BidiTerm
import CVTerm

/// What libvterm's callbacks fill during a call: scrolled-off lines and bytes for the program.
/// A class apart from `VTermEmulator`, so the C callbacks can reach it before the emulator exists.
final class EmulatorSink {
    var rows = 24
    private var lines: [[Cell]] = []
    private var start = 0
    private(set) var droppedLines = 0
    private var output: [UInt8] = []
    private(set) var droppedOutput = 0
    /// While true, libvterm's writes are discarded (mouse events when no mouse mode is on: libvterm
    /// 0.1.x reports buttons even then).
    var discardOutput = false

    /// Lines kept for the next frame: the host draws one at 1000 and feeds at most 96 bytes at a
    /// time (`HostLoop.feedSlice`), so a flood of line feeds stays under this on any screen size.
    var lineLimit: Int { 4 * rows + 1100 }

    /// A line scrolled off, `width` wide: `cells` its first cells, the rest erased (plain spaces),
    /// kept without them.
    func pushLine(_ cells: UnsafeBufferPointer<CVTerm_Cell>, width: Int) {
        let line = VTermEmulator.cells(from: cells, width: width, padded: false)
        lines.append(line)
        let excess = lines.count - start - lineLimit
        if excess > 0 {
            start += excess
            droppedLines += excess
        }
        if start > 64 && start * 2 > lines.count {
            lines.removeFirst(start)
            start = 0
        }
    }

    var pendingLines: Int { lines.count - start }

    func takeLines() -> [[Cell]] {
        defer { lines = []; start = 0 }
        return Array(lines[start...])
    }

    func appendOutput(_ bytes: UnsafeRawBufferPointer) {
        if discardOutput { return }
        let room = VTermEmulator.outputLimit - output.count
        if bytes.count > room {
            droppedOutput += bytes.count - max(room, 0)
            output.append(contentsOf: bytes.prefix(max(room, 0)))
        } else {
            output.append(contentsOf: bytes)
        }
    }

    func appendOutput(_ bytes: [UInt8]) { bytes.withUnsafeBytes { appendOutput($0) } }

    func takeOutput() -> [UInt8] {
        defer { output = [] }
        return output
    }
}
