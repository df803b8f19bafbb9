import BidiTerm
import Foundation

extension PreviewApp {
    // MARK: - Keys

    public mutating func handle(_ key: KeyEvent) -> AppAction {
        if case .resize = key { return .continue }
        if case .mouse(let x, let y, _) = key {
            // A click focuses the control drawn there (the areas of the last frame).
            if !showHelp, !showCuts, let path = controlAreas.first(where: { $0.value.contains(x: x, y: y) })?.key,
               let i = interactivePaths.firstIndex(of: path) {
                focus = i
            }
            return .continue
        }
        if key == .ctrl("c") { return .quit }
        if showHelp {
            if key == .escape || key == .character("?") || key == .function(1) || key == .character("q") { showHelp = false }
            return .continue
        }
        if showCuts {
            switch key {
            case .escape, .character("t"), .character("q"): showCuts = false
            case .up: cutsScroll = max(0, cutsScroll - 1)
            case .down: cutsScroll += 1
            case .pageUp: cutsScroll = max(0, cutsScroll - 10)
            case .pageDown: cutsScroll += 10
            case .home: cutsScroll = 0
            // The keys that change what is shown work with the panel open, and it lists what
            // the screen then has: l/L locale, d direction, n digits, c/C count, s shaping,
            // b both, e export (the screen, not the panel), r reload.
            default: _ = screenKey(key)
            }
            return .continue
        }
        // Function keys work everywhere, even while typing.
        switch key {
        case .function(1): showHelp = true; return .continue
        case .function(2): cycleDirection(); return .continue
        case .function(3): cycleLocale(1); return .continue
        case .function(4): cycleNumerals(); return .continue
        case .function(5): shaping.toggle(); return .continue
        case .function(6): sideBySide.toggle(); return .continue
        case .tab: moveFocus(1); return .continue
        case .backTab: moveFocus(-1); return .continue
        case .pageDown: go(to: current + 1); return .continue
        case .pageUp: go(to: current - 1); return .continue
        default: break
        }
        if isEditing {
            if key == .escape { focus = nil; return .continue }
            editField(key)
            return .continue
        }
        if screenKey(key) { return .continue }
        switch key {
        case .escape, .character("q"): return .quit
        case .character("?"): showHelp = true
        case .character("t"):
            showCuts = true
            cutsScroll = 0
        default: operateFocused(key)
        }
        return .continue
    }

    /// The letter keys that change what the screen shows (direction, locale, digits, count,
    /// shaping, side by side, export, reload), acted on; false for any other key.
    mutating func screenKey(_ key: KeyEvent) -> Bool {
        switch key {
        case .character("d"): cycleDirection()
        case .character("l"): cycleLocale(1)
        case .character("L"): cycleLocale(-1)
        case .character("n"): cycleNumerals()
        case .character("c"): cycleCount(1)
        case .character("C"): cycleCount(-1)
        case .character("s"): shaping.toggle()
        case .character("b"): sideBySide.toggle()
        case .character("e"): export()
        case .character("r"): reload(force: true)
        case .function(2): cycleDirection()
        case .function(3): cycleLocale(1)
        case .function(4): cycleNumerals()
        case .function(5): shaping.toggle()
        case .function(6): sideBySide.toggle()
        default: return false
        }
        return true
    }

    // MARK: - Ticks: animation and live reload

    /// Animation ticks when progress bars animate, else the polling interval of live reload.
    public var tickInterval: Duration? {
        if options.animate { return .milliseconds(150) }
        if workspace != nil { return options.pollInterval }
        return noticeTicksLeft > 0 ? .milliseconds(250) : nil
    }

    /// Ages the notice, advances the progress bars, and checks the files for changes (within the
    /// polling interval).
    public mutating func tick() -> AppAction {
        ticks += 1
        if noticeTicksLeft > 0 {
            noticeTicksLeft -= 1
            if noticeTicksLeft == 0 { notice = nil }
        }
        if options.animate { animate() }
        if let poll = options.pollInterval, workspace != nil, let tick = tickInterval {
            let every = max(1, Int(poll / tick))
            if ticks % every == 0 { reload() }
        }
        return .continue
    }

    /// Advances every progress bar of the current screen by one percent (wrapping to zero).
    mutating func animate() {
        for path in screen.root.paths(where: { if case .progress = $0.kind { return true } else { return false } }) {
            modify(at: path) { n in
                if case .progress(let v, let label, let showPercent) = n.kind {
                    let next = v >= 0.999 ? 0 : min(1, v + 0.01)
                    n.kind = .progress(value: next, label: label, showPercent: showPercent)
                }
            }
        }
    }

    /// Reads again the files that changed on disk (all of them with `force`) and shows the new
    /// content, keeping the screen, the focus, the locale and the control values. A file that no
    /// longer loads keeps its last good version; its problem shows until it is fixed.
    /// - Returns: the files read again.
    @discardableResult
    public mutating func reload(force: Bool = false) -> [String] {
        guard var w = workspace else { return [] }
        let touched = w.reload(force: force)
        workspace = w
        guard !touched.isEmpty else { return [] }
        replaceContent(w.content(extraLocales: content.extraLocales))
        let good = touched.filter { w.problems[$0] == nil }
        if !good.isEmpty {
            let names = good.map { ($0 as NSString).lastPathComponent }
            setNotice(chrome.text("chrome.notice.reloaded", [TextArgument("files", .string(names.joined(separator: ", ")))]))
        }
        return touched
    }

    mutating func setNotice(_ text: String) {
        notice = text
        noticeTicksLeft = max(1, options.noticeTicks)
    }

    // MARK: - State changes

    mutating func cycleDirection() { directionOverride = directionOverride.nextOverride }

    /// The next (`step` 1) or previous (-1) locale on offer.
    mutating func cycleLocale(_ step: Int) {
        let all = locales
        guard !all.isEmpty else { return }
        let i = all.firstIndex(of: locale) ?? (step > 0 ? -1 : 0)
        locale = all[((i + step) % all.count + all.count) % all.count]
        refreshRenderer()
    }

    mutating func cycleNumerals() {
        switch numeralsOverride {
        case nil: numeralsOverride = .latn
        case .latn?: numeralsOverride = .arab
        case .arab?: numeralsOverride = .arabext
        case .arabext?: numeralsOverride = nil
        }
        refreshRenderer()
    }

    /// The next (`step` 1) or previous count among the locale's plural samples, then each text's
    /// own count again: every plural form is seen in place.
    mutating func cycleCount(_ step: Int) {
        let n = countSamples.count
        guard n > 0 else { countIndex = nil; return }
        // Positions 0..<n are the samples, n is "each text's own".
        let position = countIndex ?? n
        let next = ((position + step) % (n + 1) + (n + 1)) % (n + 1)
        countIndex = next == n ? nil : next
        renderer.countOverride = count
    }

    /// Shows screen `index` (clamped), focusing its first control.
    public mutating func go(to index: Int) {
        current = max(0, min(screens.count - 1, index))
        focus = defaultFocus
    }

    mutating func moveFocus(_ step: Int) {
        let n = interactivePaths.count
        guard n > 0 else { focus = nil; return }
        focus = ((focus ?? (step > 0 ? -1 : 0)) + step + n) % n
    }

    /// The direction in force at the focused node (an override on it or an ancestor wins, R1).
    var focusedDirection: LayoutDirection {
        guard let p = focusedPath else { return direction }
        var d = direction
        var n = screen.root
        if n.direction != .inherit { d = n.direction == .ltr ? .ltr : .rtl }
        for i in p {
            n = n.children[i]
            if n.direction != .inherit { d = n.direction == .ltr ? .ltr : .rtl }
        }
        return d
    }

    mutating func operateFocused(_ key: KeyEvent) {
        guard let node = focusedNode else {
            if key == .tab || key == .right || key == .left { moveFocus(1) }
            return
        }
        let dir = focusedDirection
        switch node.kind {
        case .slider(let value, let lo, let hi, let label, let sg, let eg, let ticks):
            let range = hi - lo
            let step = range <= 10 && ticks.allSatisfy({ $0 == $0.rounded() }) ? 1 : range / 20
            let s = Slider(value: value, minimum: lo, maximum: hi)
            let v = s.value(after: key, step: step, direction: dir)
            modifyFocused { $0.kind = .slider(value: v, min: lo, max: hi, label: label, startGlyph: sg, endGlyph: eg, ticks: ticks) }
        case .rating(let value, let max, let numbers):
            var v = value
            switch key {
            case .left, .right: v += 0.5 * Double(Mirroring(dir).readingStep(of: key) ?? 0)
            case .up: v += 0.5
            case .down: v -= 0.5
            case .home: v = 0
            case .end: v = Double(max)
            default: return
            }
            v = Swift.min(Double(max), Swift.max(0, v))
            modifyFocused { $0.kind = .rating(value: v, max: max, numbers: numbers) }
        case .toggle(let label, let on):
            let t = Toggle(label: nil, isOn: on)
            let next = t.isOn(after: key, direction: dir)
            modifyFocused { $0.kind = .toggle(label: label, on: next) }
        case .list(let items, let selected, let bullet):
            var s = selected ?? 0
            switch key {
            case .up: s -= 1
            case .down: s += 1
            case .home: s = 0
            case .end: s = renderer.expandedItems(items.map(\.text)).count - 1
            case .enter:
                if let target = items.indices.contains(s) ? items[s].target : nil,
                   let i = screens.firstIndex(where: { $0.id == target }) {
                    go(to: i)
                }
                return
            default: return
            }
            // A whole string-array (`planets[]`) counts as its items.
            s = Swift.max(0, Swift.min(renderer.expandedItems(items.map(\.text)).count - 1, s))
            modifyFocused { $0.kind = .list(items: items, selected: s, bullet: bullet) }
        case .nav(let back, let next):
            // R12 + R14: the arrow that points at a button presses it; Back sits at the leading edge.
            var step = 0
            switch key {
            case .left, .right: step = Mirroring(dir).readingStep(of: key) ?? 0
            case .enter: step = next != nil ? 1 : -1
            default: return
            }
            if step < 0 && back != nil { go(to: current - 1) } else if step > 0 && next != nil { go(to: current + 1) }
        default:
            // Text fields never get here: while one has the focus, `handle` sends keys to `editField`.
            return
        }
    }

    /// Edits the focused text field: typing inserts at the caret; ← → move it on screen (R14);
    /// Home/End go to the logical start/end; Backspace deletes the logically previous grapheme and
    /// Delete the next one.
    mutating func editField(_ key: KeyEvent) {
        guard case .field(let textRef, let caret, let placeholder)? = focusedNode?.kind else { return }
        let text = textRef.map { renderer.resolve($0).text } ?? ""
        guard let (newText, newCaret) = TextField(text: text, caret: caret)
            .edited(by: key, context: context(focusedDirection)) else { return }
        modifyFocused { $0.kind = .field(text: .literal(newText), caret: newCaret, placeholder: placeholder) }
    }
}
