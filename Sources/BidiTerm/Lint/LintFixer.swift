import CICU

/// The explicit bidi controls of a text and how they pair up (UAX #9 X1–X8): a PDI closes the
/// nearest open isolate and everything opened inside it; a PDF closes the innermost embedding or
/// override unless an isolate is open inside it.
struct BidiControlBalance {
    struct Open {
        let index: Int
        let scalar: UInt32
        let isolate: Bool
        /// A paragraph separator (a line break) of the string follows it: UAX #9 X8 ends it there,
        /// so it reorders nothing after the string.
        var closedByLineBreak = false
    }
    /// Openers with no closer, outermost first.
    private(set) var unterminated: [Open] = []
    /// Closers with nothing to close, by index.
    private(set) var strays: [Int] = []
    private(set) var strayPDF = 0
    private(set) var strayPDI = 0
    /// Indices of LRO/RLO.
    private(set) var overrides: [Int] = []

    init(_ s: [Unicode.Scalar]) {
        var stack: [Open] = []
        for (i, u) in s.enumerated() {
            switch u.value {
            case 0x202A, 0x202B, 0x202D, 0x202E:
                stack.append(Open(index: i, scalar: u.value, isolate: false))
                if u.value == 0x202D || u.value == 0x202E { overrides.append(i) }
            case 0x202C:
                if let top = stack.last, !top.isolate { stack.removeLast() } else { strayPDF += 1; strays.append(i) }
            case 0x2066, 0x2067, 0x2068:
                stack.append(Open(index: i, scalar: u.value, isolate: true))
            case 0x2069:
                if let k = stack.lastIndex(where: { $0.isolate }) { stack.removeSubrange(k...) } else { strayPDI += 1; strays.append(i) }
            default: break
            }
        }
        unterminated = stack.map { o in
            var o = o
            o.closedByLineBreak = s[(o.index + 1)...].contains { u in
                UnicodeProperties.bidiClassRaw(u.value) == 7   // B: LF, CR, U+2029, U+001C–U+001E, U+0085
            }
            return o
        }
    }
}

/// The safe, mechanical repairs of `rtl-tui check --fix`, on one text: they change nothing a
/// translator chose, only what is broken the same way whatever the text says.
public enum LintFixer {
    /// `text` with every unterminated embedding, override or isolate closed at its end (innermost
    /// first) and every stray PDF or PDI removed.
    ///
    ///     LintFixer.balanced("\u{202B}שלום")   // "\u{202B}שלום\u{202C}"
    public static func balanced(_ text: String) -> String {
        fixed(text, disabled: ["presentation-forms", "guillemets", "literal-unisolated"])
    }

    /// Every repair but the guillemets' (to show the guillemet fix alone).
    public static let allButGuillemets: Set<String> = ["presentation-forms", "bidi-unbalanced", "literal-unisolated"]

    /// True for an Arabic presentation form (U+FB50–U+FDFF, U+FE70–U+FEFE).
    @inline(__always)
    public static func isPresentationForm(_ u: Unicode.Scalar) -> Bool {
        (u.value >= 0xFB50 && u.value <= 0xFDFF) || (u.value >= 0xFE70 && u.value <= 0xFEFE)
    }

    /// `text` with Arabic presentation forms replaced by the logical letters (a lam-alef ligature
    /// by lam and alef), by ICU's unshaping.
    public static func unshaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isPresentationForm) else { return text }
        let src = Array(text.utf16)
        var dst = [UInt16](repeating: 0, count: src.count * 2 + 4)
        var err: Int32 = 0
        let n = CICU_shapeArabic(src, Int32(src.count), &dst, Int32(dst.count), CICU_SHAPE_LETTERS_UNSHAPE | CICU_SHAPE_LENGTH_GROW_SHRINK, &err)
        guard err <= 0 else { return text }
        return String(decoding: dst[0..<Int(n)], as: UTF16.self)
    }

    /// One repair: the scalar at `index` replaced by `replacement` (nothing: removed), or, with
    /// `index` equal to the text's length, `replacement` appended.
    public struct Edit: Sendable, Hashable {
        /// The scalar replaced (the text's length: an append).
        public let index: Int
        /// What replaces it (empty: it is removed).
        public let replacement: [Unicode.Scalar]
    }

    /// The repairs of `text` for the checks not in `disabled` (`bidi-unbalanced`,
    /// `presentation-forms`), one scalar at a time so that a file's notation for each character
    /// can be kept. Presentation forms unshape one by one: the letter a form stands for does not
    /// depend on its neighbours.
    public static func edits(_ text: String, disabled: Set<String> = []) -> [Edit] {
        let s = Array(text.unicodeScalars)
        var out: [Edit] = []
        if !disabled.contains("presentation-forms") {
            for (i, u) in s.enumerated() where isPresentationForm(u) {
                let letters = Array(unshaped(String(u)).unicodeScalars)
                if letters != [u] { out.append(Edit(index: i, replacement: letters)) }
            }
        }
        // Guillemets typed mirrored in RTL text (`»…«`): each swapped, when every pair is.
        if !disabled.contains("guillemets"), let marks = BidiLinter.mirroredGuillemets(s) {
            for i in marks { out.append(Edit(index: i, replacement: [s[i] == "«" ? "»" : "«"])) }
        }
        if !disabled.contains("bidi-unbalanced") {
            let b = BidiControlBalance(s)
            for i in b.strays { out.append(Edit(index: i, replacement: [])) }
            // An opener a line break of the string closes (UAX #9 X8) reorders nothing after the
            // string: it is left as it is (a closer appended after the line break would open the
            // next line with a stray one).
            let open = b.unterminated.filter { !$0.closedByLineBreak }
            if !open.isEmpty {
                out.append(Edit(index: s.count, replacement: open.reversed().map { $0.isolate ? "\u{2069}" : "\u{202C}" }))
            }
        }
        // R34: literal left-to-right text an RTL line shows broken, isolated in FSI…PDI (the
        // characters at the token's ends carry the isolate's controls).
        if !disabled.contains("literal-unisolated"), s.contains(where: { BidiLinter.isHebrewLetter($0) || BidiLinter.isArabicLetter($0) }),
           !LiteralText.tokens(text).isEmpty {
            for b in LiteralText.broken(text, engine: BidiEngine()) {
                let r = b.token.range
                if r.count == 1 {
                    out.append(Edit(index: r.lowerBound, replacement: ["\u{2068}", s[r.lowerBound], "\u{2069}"]))
                } else {
                    out.append(Edit(index: r.lowerBound, replacement: ["\u{2068}", s[r.lowerBound]]))
                    out.append(Edit(index: r.upperBound - 1, replacement: [s[r.upperBound - 1], "\u{2069}"]))
                }
            }
        }
        return out.sorted { $0.index < $1.index }
    }

    /// `text` with `edits` applied.
    public static func apply(_ edits: [Edit], to text: String) -> String {
        let s = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var k = 0
        for (i, u) in s.enumerated() {
            if k < edits.count, edits[k].index == i { out.append(contentsOf: edits[k].replacement); k += 1 } else { out.append(u) }
        }
        while k < edits.count { out.append(contentsOf: edits[k].replacement); k += 1 }
        return String(out)
    }

    /// `text` with the repairs of the checks not in `disabled` applied.
    public static func fixed(_ text: String, disabled: Set<String> = []) -> String {
        apply(edits(text, disabled: disabled), to: text)
    }
}
