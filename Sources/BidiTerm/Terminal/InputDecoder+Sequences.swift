// The CSI and SS3 sequences of `InputDecoder`: keys (xterm, VTE, Konsole, kitty, PuTTY, rxvt, the
// Linux console), mouse reports (SGR 1006, X10/normal, urxvt 1015), focus, and the replies
// `TerminalReplyParser` knows. Anything else complete is `.unknown` with its exact bytes.

extension InputDecoder {
    // MARK: - Scanning

    /// The CSI sequence at `i` (`ESC [` at `i`, `i + 1`).
    func csi(at i: Int, final: Bool) -> Step {
        let n = buffer.count
        var j = i + 2
        guard j < n else { return final ? Self.alt(UInt8(ascii: "["), end: j) : .need }
        switch buffer[j] {
        case UInt8(ascii: "["):
            // The Linux console's (and PuTTY's Linux mode) F1–F5: `CSI [ A` … `CSI [ E`.
            guard j + 1 < n else { return final ? unknown(i, j + 1) : .need }
            if (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(buffer[j + 1]) {
                return .event(.key(.function(Int(buffer[j + 1] - UInt8(ascii: "A")) + 1), []), end: j + 2)
            }
            return unknown(i, j + 1)
        case UInt8(ascii: "M"):
            // X10/normal mouse: `CSI M` and three bytes, each its value + 32.
            guard j + 3 < n else { return final ? unknown(i, n) : .need }
            let raw = buffer[(j + 1)...(j + 3)]
            guard raw.allSatisfy({ $0 >= 0x20 }) else { return unknown(i, j + 1) }
            let (cb, cx, cy) = (Int(raw[j + 1]) - 32, Int(raw[j + 2]) - 33, Int(raw[j + 3]) - 33)
            guard cx >= 0, cy >= 0, let mouse = Self.mouse(button: cb, x: cx, y: cy, released: nil) else {
                return unknown(i, j + 4)
            }
            return .event(.mouse(mouse), end: j + 4)
        default:
            break
        }
        let paramStart = j
        while j < n, (0x30...0x3F).contains(buffer[j]) {
            j += 1
            if j - i >= Self.maximumSequenceLength { return unknown(i, j) }
        }
        let intermediateStart = j
        while j < n, (0x20...0x2F).contains(buffer[j]) {
            // rxvt's Shift + an editing or function key: `CSI n $`, complete at the `$`.
            if j == intermediateStart, buffer[j] == UInt8(ascii: "$"), let code = Self.singleNumber(buffer[paramStart..<j]),
               let key = Self.tildeKey(code) {
                return .event(.key(key, .shift), end: j + 1)
            }
            j += 1
            if j - i >= Self.maximumSequenceLength { return unknown(i, j) }
        }
        guard j < n else {
            guard final else { return .need }
            return j == i + 2 ? Self.alt(UInt8(ascii: "["), end: j) : unknown(i, n)
        }
        guard (0x40...0x7E).contains(buffer[j]) else {
            // A byte that cannot continue a CSI: what came before it ends here.
            return j == i + 2 ? Self.alt(UInt8(ascii: "["), end: j) : unknown(i, j)
        }
        let bytes = Array(buffer[i...j])
        let params = buffer[paramStart..<intermediateStart]
        let intermediates = buffer[intermediateStart..<j]
        if intermediates.isEmpty, buffer[j] == UInt8(ascii: "~"), params.elementsEqual("200".utf8) {
            return .pasteStart(end: j + 1)
        }
        return .event(classifyCSI(bytes, params: params, intermediates: intermediates, final: buffer[j]), end: j + 1)
    }

    /// The SS3 sequence at `i` (`ESC O` at `i`, `i + 1`): an optional modifier, then one byte.
    func ss3(at i: Int, final: Bool) -> Step {
        let n = buffer.count
        var j = i + 2
        while j < n, (0x30...0x3F).contains(buffer[j]) {
            j += 1
            if j - i >= Self.maximumSequenceLength { return unknown(i, j) }
        }
        guard j < n else {
            guard final else { return .need }
            return j == i + 2 ? Self.alt(UInt8(ascii: "O"), end: j) : unknown(i, n)
        }
        guard (0x40...0x7E).contains(buffer[j]) else {
            return j == i + 2 ? Self.alt(UInt8(ascii: "O"), end: j) : unknown(i, j)
        }
        let bytes = Array(buffer[i...j])
        guard let fields = Self.fields(buffer[(i + 2)..<j]), let modifiers = Self.keyModifiers(fields, ss3: true),
              let key = Self.ss3Key(buffer[j]) else {
            return .event(.unknown(bytes), end: j + 1)
        }
        // rxvt's Ctrl-arrows: `SS3 a` … `SS3 d`.
        let ctrl: KeyModifiers = (UInt8(ascii: "a")...UInt8(ascii: "d")).contains(buffer[j]) ? .ctrl : []
        return .event(.key(key, modifiers.union(ctrl)), end: j + 1)
    }

    private func unknown(_ start: Int, _ end: Int) -> Step {
        .event(.unknown(Array(buffer[start..<end])), end: end)
    }

    // MARK: - Classifying

    private func classifyCSI(_ bytes: [UInt8], params: ArraySlice<UInt8>, intermediates: ArraySlice<UInt8>,
                             final: UInt8) -> InputEvent {
        if let reply = TerminalReplyParser.reply(bytes) {
            if case .cursorPosition(1, let m) = reply, !cursorReportsExpected, (2...16).contains(m) {
                return .key(.function(3), KeyModifiers(rawValue: UInt8(m - 1)))
            }
            return .reply(bytes)
        }
        let prefix = params.first.flatMap { (0x3C...0x3F).contains($0) ? $0 : nil }
        let body = prefix == nil ? params : params.dropFirst()
        guard intermediates.isEmpty, let fields = Self.fields(body) else { return .unknown(bytes) }
        let letter = Character(Unicode.Scalar(final))
        switch (prefix, letter) {
        case (UInt8(ascii: "<"), "M"), (UInt8(ascii: "<"), "m"):
            // SGR 1006: `CSI < b ; x ; y M` (press, motion) or `m` (release), 1-based.
            guard fields.count == 3, let b = fields[0], let x = fields[1], let y = fields[2], x >= 1, y >= 1,
                  let mouse = Self.mouse(button: b, x: x - 1, y: y - 1, released: letter == "m") else { break }
            return .mouse(mouse)
        case (UInt8(ascii: "?"), "R"):
            return .reply(bytes)   // DECXCPR, `CSI ? row ; column ; page R`
        case (nil, "n"), (nil, "t"):
            return .reply(bytes)   // DSR (`CSI 0 n`), window reports (`CSI 8 ; rows ; columns t`)
        case (nil, "M") where fields.count == 3:
            // urxvt 1015: `CSI b ; x ; y M`, b with X10's 32 added, 1-based.
            guard let b = fields[0], let x = fields[1], let y = fields[2], b >= 32, x >= 1, y >= 1,
                  let mouse = Self.mouse(button: b - 32, x: x - 1, y: y - 1, released: nil) else { break }
            return .mouse(mouse)
        case (nil, "I") where fields.isEmpty:
            return .focus(true)
        case (nil, "O") where fields.isEmpty:
            return .focus(false)
        case (nil, "~"), (nil, "^"), (nil, "@"):
            if let event = Self.tildeEvent(fields, final: letter) { return event }
        case (nil, "u"):
            // kitty's keyboard protocol, plain codes: `CSI code u`, `CSI code ; m u`.
            guard (1...2).contains(fields.count), let code = fields[0],
                  let modifiers = Self.modifiers(fields.count == 2 ? fields[1] : nil),
                  let event = Self.codeKey(code, modifiers) else { break }
            return event
        case (nil, _):
            guard let key = Self.csiLetterKey(letter), let modifiers = Self.keyModifiers(fields, ss3: false) else { break }
            // rxvt's Shift-arrows: `CSI a` … `CSI d`.
            let shift: KeyModifiers = "abcd".contains(letter) ? .shift : []
            return .key(key, modifiers.union(shift))
        default:
            break
        }
        return .unknown(bytes)
    }

    /// `CSI n ~` (xterm, VTE, PuTTY), `CSI n ; m ~`, rxvt's `CSI n ^` (Ctrl) and `CSI n @`
    /// (Ctrl-Shift), and xterm's modifyOtherKeys `CSI 27 ; m ; code ~`.
    private static func tildeEvent(_ fields: [Int?], final: Character) -> InputEvent? {
        guard let code = fields.first ?? nil else { return nil }
        if final == "~", code == 27, fields.count == 3, let other = fields[2], let modifiers = modifiers(fields[1]) {
            return codeKey(other, modifiers)
        }
        guard fields.count <= 2, let key = tildeKey(code) else { return nil }
        switch final {
        case "^": return fields.count == 1 ? .key(key, .ctrl) : nil
        case "@": return fields.count == 1 ? .key(key, [.ctrl, .shift]) : nil
        default:
            guard let modifiers = modifiers(fields.count == 2 ? fields[1] : nil) else { return nil }
            return .key(key, modifiers)
        }
    }

    /// The key of `CSI n ~`: 1, 7 Home; 4, 8 End; 3 Delete; 5, 6 Page Up/Down; 11–15, 17–21,
    /// 23, 24 F1–F12; 25, 26, 28, 29, 31–34 F13–F20 (rxvt's and the VT220's). Insert (2) has no
    /// `KeyEvent` case: nil, so it stays `.unknown` with its bytes.
    static func tildeKey(_ code: Int) -> KeyEvent? {
        switch code {
        case 1, 7: return .home
        case 4, 8: return .end
        case 3: return .delete
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(code - 10)
        case 17...21: return .function(code - 11)
        case 23...26: return .function(code - 12)
        case 28, 29: return .function(code - 13)
        case 31...34: return .function(code - 14)
        default: return nil
        }
    }

    /// The key of `CSI X` and `CSI 1 ; m X`.
    private static func csiLetterKey(_ letter: Character) -> KeyEvent? {
        switch letter {
        case "A", "a": return .up
        case "B", "b": return .down
        case "C", "c": return .right
        case "D", "d": return .left
        case "H": return .home
        case "F": return .end
        case "P", "Q", "R", "S": return .function(Int(letter.asciiValue! - UInt8(ascii: "P")) + 1)
        case "Z": return .backTab
        default: return nil
        }
    }

    /// The key of `SS3 X`: arrows, Home, End, F1–F4, rxvt's Ctrl-arrows (`a`–`d`), and the keypad
    /// in application mode (`M` Enter, `j`–`y` and `X`: `* + , - . / 0…9 =`).
    private static func ss3Key(_ final: UInt8) -> KeyEvent? {
        let letter = Character(Unicode.Scalar(final))
        switch letter {
        case "M": return .enter
        case "X": return .character("=")
        case "j"..."y": return .character(Character(Unicode.Scalar(final - UInt8(ascii: "j") + UInt8(ascii: "*"))))
        default: return letter == "Z" ? nil : csiLetterKey(letter)
        }
    }

    /// A key from a character code (kitty's `CSI code u`, modifyOtherKeys): Ctrl + a letter is
    /// `.ctrl(letter)` as its C0 code would be; a code with no key (kitty's functional keys in
    /// the private use area, invalid code points) is nil.
    private static func codeKey(_ code: Int, _ modifiers: KeyModifiers) -> InputEvent? {
        guard code > 0, code < 0xE000 || code > 0xF8FF, code <= 0x10FFFF else { return nil }
        if modifiers.contains(.ctrl), let s = Unicode.Scalar(UInt32(code)), s.isASCII,
           (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(UInt8(s.value) | 0x20) {
            return .key(.ctrl(Character(Unicode.Scalar(UInt8(s.value) | 0x20))), modifiers.subtracting(.ctrl))
        }
        let key = KeyEvent(terminalCharacter: UInt32(code))
        if case .unknown = key { return nil }
        return .key(key, modifiers)
    }

    // MARK: - Numbers, modifiers, mouse

    /// The fields of a parameter string (`1;5` → [1, 5], empty fields nil), or nil when it holds
    /// anything but digits and `;` (a prefix, `:` sub-parameters).
    static func fields(_ s: ArraySlice<UInt8>) -> [Int?]? {
        guard !s.isEmpty else { return [] }
        var out: [Int?] = []
        var current: Int? = nil
        for c in s {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                current = min((current ?? 0) * 10 + Int(c - 0x30), 1_000_000)
            case UInt8(ascii: ";"):
                out.append(current)
                current = nil
            default:
                return nil
            }
        }
        out.append(current)
        return out
    }

    /// The number a parameter string is when it is one number alone.
    static func singleNumber(_ s: ArraySlice<UInt8>) -> Int? {
        guard let f = fields(s), f.count == 1 else { return nil }
        return f[0]
    }

    /// xterm's modifier parameter m (m − 1: shift 1, alt 2, ctrl 4, meta 8; kitty's higher bits
    /// have no `KeyModifiers` and are left out); nil for a value no terminal sends.
    static func modifiers(_ m: Int?) -> KeyModifiers? {
        guard let m else { return [] }
        guard (1...256).contains(m) else { return nil }
        return KeyModifiers(rawValue: UInt8((m - 1) & 0x0F))
    }

    /// The modifiers of a key sequence's fields: none, `1 ; m` (xterm), or `m` alone after SS3
    /// (old Konsole and xterm, `SS3 5 A`); nil for other fields.
    private static func keyModifiers(_ fields: [Int?], ss3: Bool) -> KeyModifiers? {
        switch fields.count {
        case 0: return []
        case 1: return fields[0] == 1 ? [] : (ss3 ? modifiers(fields[0]) : nil)
        case 2: return fields[0] == 1 || fields[0] == nil ? modifiers(fields[1]) : nil
        default: return nil
        }
    }

    /// A mouse event from X10's button byte (less 32): bits 0–1 the button (3: released), 4
    /// shift, 8 alt/meta, 16 ctrl, 32 motion, 64 wheel; 128 (buttons 8–11) has no `Action`.
    /// `released`: from SGR's final byte; nil for X10 and urxvt, where button 3 is the release.
    static func mouse(button b: Int, x: Int, y: Int, released: Bool?) -> MouseEvent? {
        guard b >= 0, b < 128 else { return nil }
        var modifiers: KeyModifiers = []
        if b & 4 != 0 { modifiers.insert(.shift) }
        if b & 8 != 0 { modifiers.insert(.alt) }
        if b & 16 != 0 { modifiers.insert(.ctrl) }
        let low = b & 3
        let button = low == 3 ? 0 : low + 1
        let action: MouseEvent.Action
        if b & 64 != 0 {
            action = .wheel(4 + low)
        } else if b & 32 != 0 {
            action = .drag(button)
        } else if released == true || low == 3 {
            action = .release(button)
        } else {
            action = .press(button)
        }
        return MouseEvent(x: x, y: y, action: action, modifiers: modifiers)
    }
}
