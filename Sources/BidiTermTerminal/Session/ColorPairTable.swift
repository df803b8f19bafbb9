/// Colour pair numbers for (foreground, background) combinations, as curses needs them: pair 0
/// is the terminal's default pair, the others are handed out in order and kept.
struct ColorPairTable: Sendable {
    /// The number of pairs the terminal has (curses' `COLOR_PAIRS`), pair 0 included.
    let capacity: Int
    private var pairs: [Key: Int] = [:]
    private struct Key: Hashable, Sendable { var fg: Int, bg: Int }

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// The number of pairs handed out so far (pair 0 not counted).
    var count: Int { pairs.count }

    /// The pair for `fg` on `bg`, and whether it is new (the caller then defines it with
    /// `init_pair`). Default on default is pair 0. When every pair is taken, a combination seen
    /// for the first time gets pair 0 (default colours; attributes still apply).
    mutating func pair(fg: Int, bg: Int) -> (pair: Int, isNew: Bool) {
        if fg < 0, bg < 0 { return (0, false) }
        let key = Key(fg: fg, bg: bg)
        if let p = pairs[key] { return (p, false) }
        let next = pairs.count + 1
        guard next < capacity else { return (0, false) }
        pairs[key] = next
        return (next, true)
    }

    /// Forgets every pair (after curses' colours are reset).
    mutating func removeAll() { pairs.removeAll() }
}
