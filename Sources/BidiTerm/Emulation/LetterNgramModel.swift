/// A letter trigram model of Hebrew, Arabic and Persian that tells text stored in logical order
/// from text stored in visual order (each word's letters reversed, and the words' order), by the
/// letters alone (R25).
///
/// It reads no final letters (ך ם ן ף ץ count as כ מ נ פ צ) and no Arabic positional shapes
/// (presentation forms count as their letters): those are the separate, textual evidence of
/// `BidiLinter.visualOrderEvidence`. Its tables (`LetterNgrams+Data.swift`) are letter trigrams of
/// Debian's hunspell word lists, made by `Scripts/make-letter-ngrams.py`, which also chose the
/// margin and the fewest letters of a call from held-out words of those lists.
///
/// Text is cut into words at anything that is not a letter of one script (marks inside a word are
/// skipped; ZWNJ ends a word); a word with a letter the model does not know, and a word of one
/// letter, are not scored. Hebrew words are scored with the Hebrew table; Arabic-script words with
/// the Arabic table and with the Persian one, each reading taking the likelier of the two over the
/// whole text. Per word only the order of its letters matters, so the order of the words does not.
///
/// Scoring takes time in proportion to the text and allocates nothing (the tables are decoded
/// once, at first use).
public enum LetterNgramModel {
    /// Scores the words of `scalars` (its RTL letters, split at anything else) read as written and
    /// reversed.
    ///
    /// - Returns: the log-likelihood (natural log, summed over the words' trigrams) of each
    ///   reading, and the number of letters scored. Both readings are 0 when no letter was scored.
    public static func score(_ scalars: some Sequence<Unicode.Scalar>) -> (forward: Double, reversed: Double, letters: Int) {
        let s = levels(scalars)
        return (-Double(s.forward) * step, -Double(s.reversed) * step, s.letters)
    }

    /// `.logical` when the text reads forward, `.visual` when it reads reversed (it is already in
    /// visual order), nil when the model cannot tell: fewer than `minimumLetters` letters scored, or
    /// the two readings closer than `margin` nats a letter.
    public static func order(of scalars: some Sequence<Unicode.Scalar>) -> TextOrder? {
        let s = levels(scalars)
        guard s.letters >= minimumLetters, s.letters > 0 else { return nil }
        // Nats a letter in favour of the text as written (the script computes it the same way).
        let d = Double(s.reversed - s.forward) * step / Double(s.letters)
        if d > margin { return .logical }
        if d < -margin { return .visual }
        return nil
    }

    /// ZWJ, or a mark of the blocks of combining marks that any script takes (diacritical marks,
    /// their supplements and extensions, those for symbols, half marks), as the script has it:
    /// skipped inside a word. Any other character outside the tables ends a word.
    static func isCombiningMark(_ v: UInt32) -> Bool {
        v == 0x200D || (v >= 0x0300 && v <= 0x036F) || (v >= 0x0483 && v <= 0x0489) || (v >= 0x1AB0 && v <= 0x1AFF)
            || (v >= 0x1DC0 && v <= 0x1DFF) || (v >= 0x20D0 && v <= 0x20FF) || (v >= 0xFE20 && v <= 0xFE2F)
    }

    /// The sums of the levels (-log P / `step`) of both readings and the letters scored.
    static func levels(_ scalars: some Sequence<Unicode.Scalar>) -> (forward: Int, reversed: Int, letters: Int) {
        var scorer = Scorer(tables)
        for u in scalars {
            let v = u.value
            if v >= 0x0590 && v <= 0x08FF {
                scorer.feed(scorer.tables.block[Int(v - 0x0590)], family: v < 0x0600 ? 1 : 2)
            } else if v >= 0xFB1D && v <= 0xFEFC {
                let i = Int(v - 0xFB1D) * 3, family = v < 0xFB50 ? 1 : 2
                for k in 0..<3 { scorer.feed(scorer.tables.forms[i + k], family: family) }
            } else if v >= 0x0300 && isCombiningMark(v) {
                continue                                            // inside a word
            } else {
                scorer.feed(Class.break, family: 0)
            }
        }
        scorer.feed(Class.break, family: 0)
        return scorer.totals
    }
}

/// The order a text is stored in, as `LetterNgramModel.order(of:)` finds it.
public enum TextOrder: Sendable {
    /// In logical order: as it is typed and read.
    case logical
    /// In visual order: as it is shown left to right, each word's letters and the words reversed
    /// (written by a program that reorders by itself).
    case visual
}

extension LetterNgramModel {
    /// The classes of the data's class strings (`blockClasses`, `formClasses`); a letter of the
    /// model is `Class.letter` + its index (from 1).
    enum Class {
        static let `break`: UInt8 = 0x2E        // "." not part of a word
        static let ignore: UInt8 = 0x2C         // "," skipped in a word
        static let unknown: UInt8 = 0x3F        // "?" a letter the model does not know
        static let letter: UInt8 = 0x40         // "@"
    }

    /// The data decoded: the classes and the three tables of levels.
    struct Tables: Sendable {
        let block: [UInt8]
        let forms: [UInt8]
        let hebrew: [UInt8]
        let arabic: [UInt8]
        let persian: [UInt8]

        init() {
            block = Tables.bytes(blockClasses, minus: 0)
            forms = Tables.bytes(formClasses, minus: 0)
            hebrew = Tables.bytes(hebrewTable, minus: 0x30)
            arabic = Tables.bytes(arabicTable, minus: 0x30)
            persian = Tables.bytes(persianTable, minus: 0x30)
            precondition(block.count == 0x08FF - 0x0590 + 1 && forms.count == (0xFEFC - 0xFB1D + 1) * 3
                         && hebrew.count == hebrewSymbols * hebrewSymbols * hebrewSymbols
                         && arabic.count == arabicSymbols * arabicSymbols * arabicSymbols
                         && persian.count == arabic.count, "LetterNgrams+Data.swift does not fit its scorer")
        }

        /// The bytes of a data string, its line breaks dropped, less `minus`.
        static func bytes(_ s: String, minus: UInt8) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(s.utf8.count)
            for c in s.utf8 where c != 0x0A { out.append(c &- minus) }
            return out
        }
    }

    /// The tables, decoded at first use.
    static let tables = Tables()

    /// The running state of a scoring: the current word (its script, its last two letters and its
    /// partial sums per table) and the totals per table.
    struct Scorer {
        let tables: Tables
        // Totals per table, in levels: forward and reversed.
        var hebrewF = 0, hebrewR = 0, arabicF = 0, arabicR = 0, persianF = 0, persianR = 0
        var hebrewSeen = false, arabicSeen = false
        var letters = 0
        // The word: its script (0 none, 1 Hebrew, 2 Arabic, -1 begun by a letter the model does
        // not know), whether it holds such a letter, its letters so far, the last two (a before b,
        // 0 the boundary) and its sums (slot 0: Hebrew or Arabic, slot 1: Persian).
        var family = 0
        var bad = false
        var count = 0
        var a = 0, b = 0
        var f0 = 0, r0 = 0, f1 = 0, r1 = 0

        init(_ tables: Tables) { self.tables = tables }

        var totals: (forward: Int, reversed: Int, letters: Int) {
            var f = 0, r = 0
            if hebrewSeen { f += hebrewF; r += hebrewR }
            if arabicSeen { f += min(arabicF, persianF); r += min(arabicR, persianR) }
            return (f, r, letters)
        }

        /// One class of a character of the given script (1 Hebrew, 2 Arabic; 0 for a break).
        mutating func feed(_ c: UInt8, family f: Int) {
            switch c {
            case Class.ignore:
                return
            case Class.break:
                end()
            case Class.unknown:
                if family == 0 { family = -1 }
                bad = true
            default:
                let x = Int(c &- Class.letter)
                if family != 0 && family != f && !bad { end() }
                if family == 0 {
                    family = f
                    count = 1
                    a = 0
                    b = x
                    r0 = 0
                    r1 = 0
                    if f == 1 {
                        f0 = Int(tables.hebrew[x])
                    } else {
                        f0 = Int(tables.arabic[x])
                        f1 = Int(tables.persian[x])
                    }
                } else if !bad {
                    if family == 1 {
                        let n = LetterNgramModel.hebrewSymbols
                        f0 += Int(tables.hebrew[(a * n + b) * n + x])
                        r0 += Int(tables.hebrew[(x * n + b) * n + a])
                    } else {
                        let n = LetterNgramModel.arabicSymbols
                        let i = (a * n + b) * n + x, j = (x * n + b) * n + a
                        f0 += Int(tables.arabic[i])
                        r0 += Int(tables.arabic[j])
                        f1 += Int(tables.persian[i])
                        r1 += Int(tables.persian[j])
                    }
                    a = b
                    b = x
                    count += 1
                }
            }
        }

        /// Ends the current word: a word of two letters or more, all known, adds its sums, closed
        /// by the boundary (and, reversed, opened by its last letter).
        mutating func end() {
            defer { family = 0; bad = false; count = 0 }
            guard family > 0, !bad, count >= 2 else { return }
            letters += count
            if family == 1 {
                let n = LetterNgramModel.hebrewSymbols
                hebrewF += f0 + Int(tables.hebrew[(a * n + b) * n])
                hebrewR += r0 + Int(tables.hebrew[b * n + a]) + Int(tables.hebrew[b])
                hebrewSeen = true
            } else {
                let n = LetterNgramModel.arabicSymbols
                let i = (a * n + b) * n, j = b * n + a
                arabicF += f0 + Int(tables.arabic[i])
                arabicR += r0 + Int(tables.arabic[j]) + Int(tables.arabic[b])
                persianF += f1 + Int(tables.persian[i])
                persianR += r1 + Int(tables.persian[j]) + Int(tables.persian[b])
                arabicSeen = true
            }
        }
    }
}
