import BidiTerm

/// R37: a key's echo is not held back by the emulator and the layout.
extension HostLoop {
    /// The most bytes of a read sent ahead of their frame.
    static let echoAheadLimit = 64

    /// Sends the first `count` bytes of the read buffer, which the program just wrote, to the
    /// terminal before the emulator takes them in, when they can only be what the next frame
    /// draws: printable ASCII that the emulator would put at its cursor as those characters in the
    /// default colours (`VTermEmulator.printsPlainASCII`), on a row without right-to-left text
    /// (drawn as stored, so the same with the bytes in it), ending before the last column, with
    /// every row already drawn (no frame pending), nothing over the program's rows, and the frame
    /// due at once. The screen adds its own conditions (`DirectScreen.echo`: the cursor is where
    /// it put it, the rest of the row is blank). The frame right after compares the row
    /// (`echoedRow`) and draws over anything that differs.
    func echoAhead(_ count: Int) {
        guard !pendingFrame, !dirtyAll, !lastFrameCovered, overlay.isEmpty, inspector == nil,
              emulator.altScreen == shownAlternate else { return }
        let bytes = Array(readBuffer[..<count])
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }), emulator.printsPlainASCII else { return }
        let c = emulator.cursor
        guard c.y < layouts.count, layouts[c.y] == nil, c.x + count < emulator.columns,
              Self.now() >= lastFrame + frameNanos else { return }
        echoedRow = c.y
        worker.submit { s, _ in
            if s.echo(bytes, atColumn: c.x, row: c.y) { s.flush() }
        }
    }
}
