import BidiTerm
import CVTerm

extension VTermEmulator {
    /// Encodes a key as the program's modes ask (application cursor keys `CSI ? 1 h`, keypad, Alt
    /// as an ESC prefix, `CSI … u` where xterm has no code) and queues it for `takeOutput()`.
    ///
    /// A character goes through `vterm_keyboard_unichar`; `.ctrl(c)` is `c` with Ctrl; `.backTab`
    /// is Shift-Tab; F1…F12 and the named keys go through `vterm_keyboard_key`. `.resize`,
    /// `.mouse` (use `send(_: MouseEvent)`) and `.unknown` send nothing. Meta counts as Alt.
    public func send(_ key: KeyEvent, modifiers: KeyModifiers = []) {
        let mods = Self.vtermModifiers(modifiers)
        switch key {
        case .character(let c):
            for s in c.unicodeScalars { CVTerm_unichar(term, s.value, mods) }
        case .ctrl(let c):
            for s in c.unicodeScalars { CVTerm_unichar(term, s.value, mods | CVTERM_MOD_CTRL) }
        case .enter: CVTerm_key(term, CVTERM_KEY_ENTER, mods)
        case .tab: CVTerm_key(term, CVTERM_KEY_TAB, mods)
        case .backTab: CVTerm_key(term, CVTERM_KEY_TAB, mods | CVTERM_MOD_SHIFT)
        case .backspace: CVTerm_key(term, CVTERM_KEY_BACKSPACE, mods)
        case .escape: CVTerm_key(term, CVTERM_KEY_ESCAPE, mods)
        case .up: CVTerm_key(term, CVTERM_KEY_UP, mods)
        case .down: CVTerm_key(term, CVTERM_KEY_DOWN, mods)
        case .left: CVTerm_key(term, CVTERM_KEY_LEFT, mods)
        case .right: CVTerm_key(term, CVTERM_KEY_RIGHT, mods)
        case .home: CVTerm_key(term, CVTERM_KEY_HOME, mods)
        case .end: CVTerm_key(term, CVTERM_KEY_END, mods)
        case .pageUp: CVTerm_key(term, CVTERM_KEY_PAGEUP, mods)
        case .pageDown: CVTerm_key(term, CVTERM_KEY_PAGEDOWN, mods)
        case .delete: CVTerm_key(term, CVTERM_KEY_DELETE, mods)
        case .function(let n):
            if (1...12).contains(n) { CVTerm_key(term, CVTERM_KEY_FUNCTION_BASE + Int32(n), mods) }
        case .resize, .mouse, .unknown:
            break
        }
    }

    /// Queues a paste: wrapped in `CSI 200 ~` … `CSI 201 ~` only if the program enabled bracketed
    /// paste (mode 2004; libvterm decides), the bytes as given in between, except that any
    /// `ESC [ 201 ~` inside them is removed so the paste cannot end early and be run as typed keys.
    public func sendPaste(_ bytes: [UInt8]) {
        CVTerm_start_paste(term)
        sink.appendOutput(Self.withoutPasteEnd(bytes))
        CVTerm_end_paste(term)
    }

    /// Queues a mouse event, encoded as the program's mouse mode and encoding ask (1000/1002/1003,
    /// SGR 1006); nothing when it asked for none. The pointer moves to the cell first (a report of
    /// motion in modes that want it), then a button is pressed or released. `.release(0)` releases
    /// every button held; the wheel is buttons 4 and 5 (libvterm 0.1.x ignores 6 and 7).
    public func send(_ mouse: MouseEvent) {
        // libvterm 0.1.x writes button reports even with no mouse mode on: it still sees the event
        // (so its idea of the buttons held stays right), but what it writes is discarded.
        sink.discardOutput = mouseMode == .none
        defer { sink.discardOutput = false }
        let mods = Self.vtermModifiers(mouse.modifiers)
        let row = Int32(min(max(mouse.y, 0), Self.maxSize)), col = Int32(min(max(mouse.x, 0), Self.maxSize))
        CVTerm_mouse_move(term, row, col, mods)
        switch mouse.action {
        case .press(let b) where (1...3).contains(b):
            noteButton(b, pressed: true)
            CVTerm_mouse_button(term, Int32(b), 1, mods)
        case .release(let b):
            let buttons = (1...3).contains(b) ? [b] : buttonsHeld
            for button in buttons {
                noteButton(button, pressed: false)
                CVTerm_mouse_button(term, Int32(button), 0, mods)
            }
        case .wheel(let b) where (4...7).contains(b):
            CVTerm_mouse_button(term, Int32(b), 1, mods)
        default:
            break  // .drag: the move above is the report; other buttons: nothing
        }
    }

    /// Queues bytes for the program exactly as given.
    public func sendRaw(_ bytes: [UInt8]) {
        sink.appendOutput(bytes)
    }

    static func vtermModifiers(_ m: KeyModifiers) -> Int32 {
        var mods: Int32 = 0
        if m.contains(.shift) { mods |= CVTERM_MOD_SHIFT }
        if m.contains(.alt) || m.contains(.meta) { mods |= CVTERM_MOD_ALT }
        if m.contains(.ctrl) { mods |= CVTERM_MOD_CTRL }
        return mods
    }

    static func withoutPasteEnd(_ bytes: [UInt8]) -> [UInt8] {
        let end: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
        guard bytes.count >= end.count, bytes.contains(0x1B) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x1B && i + end.count <= bytes.count && bytes[i..<i + end.count].elementsEqual(end) {
                i += end.count
                continue
            }
            result.append(bytes[i])
            i += 1
        }
        return result
    }
}
