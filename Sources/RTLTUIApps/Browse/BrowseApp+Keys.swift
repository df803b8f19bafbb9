import BidiTerm

extension BrowseApp {
    // MARK: - Keys

    /// Reacts to a key (see the type's description for the keys).
    public mutating func handle(_ key: KeyEvent) -> AppAction {
        if case .resize = key { return .continue }
        if key == .ctrl("c") { return .quit }
        if showHelp {
            if key == .escape || key == .character("?") || key == .character("q") || key == .function(1) { showHelp = false }
            return .continue
        }
        if isSearching {
            editSearch(key)
            return .continue
        }
        switch key {
        case .escape, .character("q"): return .quit
        case .character("?"), .function(1): showHelp = true
        case .character("/"):
            isSearching = true
            focus = .list
            caret = query.count
        case .tab: cycleFocus(1)
        case .backTab: cycleFocus(-1)
        case .character("f"): setFilter(filter.next(ids: findingIDs))
        case .character("F"): setFilter(filter.previous(ids: findingIDs))
        case .character("d"): cycleDirection()
        case .character("s"): shaping.toggle()
        case .character("r"): reloadChangedFiles(force: true)
        case .up, .down, .pageUp, .pageDown, .home, .end:
            if focus == .list { moveSelection(key) } else { scrollPanel(focus, key) }
        default: break
        }
        return .continue
    }

    mutating func cycleFocus(_ step: Int) {
        let all = Panel.allCases
        let i = all.firstIndex(of: focus) ?? 0
        focus = all[(i + step + all.count) % all.count]
    }

    mutating func cycleDirection() { directionOverride = directionOverride.nextOverride }

    mutating func moveSelection(_ key: KeyEvent) {
        guard !visible.isEmpty else { return }
        let page = max(1, (heights[.list] ?? 10) - 1)
        var s = selected ?? 0
        switch key {
        case .up: s -= 1
        case .down: s += 1
        case .pageUp: s -= page
        case .pageDown: s += page
        case .home: s = 0
        case .end: s = visible.count - 1
        default: return
        }
        select(max(0, min(visible.count - 1, s)))
    }

    mutating func scrollPanel(_ panel: Panel, _ key: KeyEvent) {
        let page = max(1, (heights[panel] ?? 5) - 1)
        var o = scroll[panel] ?? 0
        switch key {
        case .up: o -= 1
        case .down: o += 1
        case .pageUp: o -= page
        case .pageDown: o += page
        case .home: o = 0
        case .end: o = Int.max / 2
        default: return
        }
        // Clamped to the content when the panel is next drawn.
        scroll[panel] = max(0, o)
    }

    /// Edits the search field: typing inserts at the caret (a combining mark joins the grapheme
    /// before it), Backspace deletes the logically previous grapheme and Delete the next one,
    /// ← → move the caret on screen (R14) and Home/End to the logical start/end, Ctrl-U clears;
    /// ↑ ↓ PgUp PgDn still move the selection; Enter and Esc leave the field, Tab leaves it and
    /// focuses the next panel.
    mutating func editSearch(_ key: KeyEvent) {
        let before = query
        var text = query
        var c = min(max(0, caret), text.count)
        switch key {
        case .escape, .enter:
            isSearching = false
            return
        case .tab, .backTab:
            isSearching = false
            cycleFocus(key == .tab ? 1 : -1)
            return
        case .up, .down, .pageUp, .pageDown:
            moveSelection(key)
            return
        case .ctrl("u"):
            text = ""
            c = 0
        default:
            guard let edited = TextField(text: text, caret: c).edited(by: key, context: context) else { return }
            (text, c) = edited
        }
        query = text
        caret = c
        if query != before { refilter(keeping: selectedRow?.id) }
    }
}
