import Foundation

/// Random paragraphs for differential tests: every script and class the engine treats apart
/// (letters of both directions, lam-alef, harakat, ZWNJ and ZWJ, digits of three systems, brackets,
/// wide and emoji clusters, tabs, controls C0 and C1, bidi controls, isolates, invisible format
/// characters, lone marks, CR, line and paragraph separators, noncharacters, spaces), from a seeded
/// generator so that a failure can be replayed from its seed.
public struct RandomText: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// SplitMix64.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A random element of `a`.
    public mutating func pick<T>(_ a: [T]) -> T { a[Int(next() % UInt64(a.count))] }

    /// True one time in `n`.
    public mutating func oneIn(_ n: UInt64) -> Bool { next() % n == 0 }

    public static let pieces: [String] = [
        "a", "b", "Z", "word", " ", " ", "  ", "א", "ב", "שלום", "ع", "ل", "ا", "لا", "ي", "مرحبا", "ّ", "َ", "ِ", "ـ", "ﻻ",
        "(", ")", "[", "]", "{", "<", ">", "«", "»", "1", "2", "42", "٣", "۴", ".", ",", "-", "%", "+", "/", ":", "日", "本",
        "\t", "\u{1B}", "\u{1B}[31m", "\u{9B}", "\u{85}", "\u{7F}", "\u{0}", "\u{7}", "\r", "\u{2028}", "\u{2029}",
        "\u{202E}", "\u{202B}", "\u{202A}", "\u{202D}", "\u{202C}", "\u{2067}", "\u{2066}", "\u{2068}", "\u{2069}",
        "\u{200E}", "\u{200F}", "\u{061C}", "\u{200C}", "\u{200D}", "\u{200B}", "\u{FEFF}", "\u{AD}", "\u{2060}",
        "👍", "👍🏽", "👨‍👩‍👧", "🇸🇦", "\u{05B4}", "\u{0301}", "é", "e\u{301}", "한", "क्ष", "\u{E0100}", "\u{FE0F}",
        "\u{FFFD}", "\u{FFFF}", "\u{10FFFD}", "\u{3000}", "\u{2003}", "x\u{200C}", "(abc\u{200D})", "%1$s", "{count}",
    ]

    /// A paragraph of `count` random pieces.
    public mutating func paragraph(pieces count: Int) -> String {
        var s = ""
        for _ in 0..<count { s += pick(RandomText.pieces) }
        return s
    }
}

/// The seed of a randomised test. A test run is reproducible: without `RTL_TUI_TEST_SEED` every
/// test gets its own fixed seed, so CI fails only on a change of the code. `RTL_TUI_TEST_SEED=N`
/// replays a seed a failure printed; `RTL_TUI_TEST_SEED=random` draws new ones to look for bugs.
public enum TestSeed {
    public static func seed(default fixed: UInt64) -> UInt64 {
        switch ProcessInfo.processInfo.environment["RTL_TUI_TEST_SEED"] {
        case "random"?: return UInt64.random(in: 0...UInt64.max)
        case let s? where UInt64(s) != nil: return UInt64(s)!
        default: return fixed
        }
    }
}
