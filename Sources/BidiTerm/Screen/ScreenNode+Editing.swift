extension ScreenNode {
    /// The node at `path` (child indices from this node, as `ScreenRenderer` numbers them: a pane's
    /// child is index 0), or nil.
    public func node(at path: [Int]) -> ScreenNode? {
        var n = self
        for i in path {
            guard i >= 0, i < n.children.count else { return nil }
            n = n.children[i]
        }
        return n
    }

    /// Changes the node at `path` in place; does nothing when the path leads nowhere.
    public mutating func modify(at path: ArraySlice<Int>, _ change: (inout ScreenNode) -> Void) {
        guard let i = path.first else { change(&self); return }
        switch kind {
        case .vstack(var children, let spacing):
            guard i < children.count else { return }
            children[i].modify(at: path.dropFirst(), change)
            kind = .vstack(children: children, spacing: spacing)
        case .hstack(var children, let spacing, let separator):
            guard i < children.count else { return }
            children[i].modify(at: path.dropFirst(), change)
            kind = .hstack(children: children, spacing: spacing, separator: separator)
        case .pane(let title, var child, let border):
            guard i == 0 else { return }
            child.modify(at: path.dropFirst(), change)
            kind = .pane(title: title, child: child, border: border)
        default:
            return
        }
    }

    /// Paths of every node, depth first, in the order the screen file lists them (reading order:
    /// stacks run leading→trailing and top→bottom).
    public func paths(where include: (ScreenNode) -> Bool) -> [[Int]] {
        var out: [[Int]] = []
        func walk(_ n: ScreenNode, _ path: [Int]) {
            if include(n) { out.append(path) }
            for (i, c) in n.children.enumerated() { walk(c, path + [i]) }
        }
        walk(self, [])
        return out
    }

    /// True for the widgets a user can operate in the demo: sliders, ratings, toggles, lists,
    /// fields and back/next navigation.
    public var isInteractive: Bool {
        switch kind {
        case .slider, .rating, .toggle, .list, .field, .nav: return true
        default: return false
        }
    }
}
