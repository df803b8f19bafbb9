import TestSupport
import XCTest
@testable import BidiTerm

/// The paragraph engine: wrap first, then reorder each line (R5), clusters, shaping (R20),
/// sanitising (R22), widths and numerals (R6, R7).
final class EngineTests: XCTestCase {
    let engine = BidiEngine()

    func lines(_ text: String, _ dir: BaseDirection = .autoLTR, width: Int? = nil,
               _ options: LayoutOptions = LayoutOptions(shaping: false)) -> [String] {
        engine.layout(text, direction: dir, width: width, options: options).lines.map(\.text)
    }

    func test_R5_rtlParagraphWrappedAt20_readsRightToLeftWithFirstWordsOnFirstLine() {
        let text = "שלום עולם זהו משפט ארוך שנשבר על פני כמה שורות בסוף"
        let p = engine.layout(text, direction: .rtl, width: 20, options: LayoutOptions(shaping: false))
        XCTAssertGreaterThan(p.lines.count, 2)
        XCTAssertEqual(p.direction, .rtl)
        // The first visual line holds the first logical words, drawn right to left.
        XCTAssertEqual(p.lines[0].text, "טפשמ והז םלוע םולש")
        XCTAssertEqual(p.lines[0].logicalRange.lowerBound, 0)
        for (i, line) in p.lines.enumerated() {
            XCTAssertLessThanOrEqual(line.width, 20)
            // Right to left: logical offsets decrease from left to right.
            let starts = line.cells.filter { $0.width > 0 }.map(\.logical.lowerBound)
            XCTAssertEqual(starts, starts.sorted(by: >), "line \(i) is not right-to-left")
            if i > 0 { XCTAssertEqual(line.logicalRange.lowerBound, p.lines[i - 1].logicalRange.upperBound) }
        }
        XCTAssertEqual(p.lines.last!.logicalRange.upperBound, text.unicodeScalars.count)
    }

    func test_R5_wrapBreaksAtWordBoundariesNotInsideWords() {
        let out = lines("alpha beta gamma delta", .ltr, width: 11)
        XCTAssertEqual(out, ["alpha beta", "gamma delta"])
    }

    func test_overlongWordBreaksAtGraphemeBoundaries() {
        let out = lines("abcdefghijkl", .ltr, width: 5)
        XCTAssertEqual(out, ["abcde", "fghij", "kl"])
        // A Hebrew word with points is not split inside a cluster.
        let pointed = "שָׁלוֹםשָׁלוֹם"
        let p = engine.layout(pointed, direction: .rtl, width: 3, options: LayoutOptions(shaping: false))
        for line in p.lines {
            XCTAssertLessThanOrEqual(line.width, 3)
            for c in line.cells { XCTAssertFalse(c.text.unicodeScalars.first.map { UnicodeProperties.isMark($0.value) } ?? false) }
        }
    }

    func test_L1_trailingWhitespaceGoesToTheParagraphEndEdge() {
        // RTL: trailing spaces at paragraph level, so on the left.
        XCTAssertEqual(lines("אבג   ", .rtl), ["   גבא"])
        XCTAssertEqual(lines("abc   ", .rtl), ["   abc"])
        XCTAssertEqual(lines("abc   ", .ltr), ["abc   "])
        // Whitespace before a tab (segment separator) also takes the paragraph level.
        let p = engine.layout("אב  \tגד", direction: .ltr, options: LayoutOptions(shaping: false))
        let levels = p.lines[0].cells.map(\.level)
        XCTAssertTrue(levels.contains(0))
    }

    func test_R7_phoneAndCardNumbersInsideHebrewKeepTheirDigitOrder() {
        let out = lines("התקשרו ל-050-1234567 או שלמו בכרטיס 4580-1234-5678-9012.", .rtl)
        XCTAssertEqual(out.count, 1)
        XCTAssertEqual(out[0], ".4580-1234-5678-9012 סיטרכב ומלש וא 050-1234567-ל ורשקתה")
        // Space-separated groups are separate numbers to UBA: each keeps its digits, and the groups
        // follow the RTL paragraph (which is why `check` suggests isolating such values).
        let spaced = lines("כרטיס 4580 1234", .rtl)
        XCTAssertEqual(spaced, ["1234 4580 סיטרכ"])
    }

    func test_R5_bracketsAreMirroredInRTLRuns() {
        // "(" and ")" around Hebrew in an RTL paragraph: the glyphs are mirrored so they still enclose.
        let out = lines("שלום (עולם) [טוב]", .rtl)
        XCTAssertEqual(out, ["[בוט] (םלוע) םולש"])
        let p = engine.layout("שלום (עולם)", direction: .rtl, options: LayoutOptions(shaping: false))
        XCTAssertTrue(p.lines[0].cells.contains { $0.flags.contains(.mirrored) })
        // With mirroring off the characters are drawn as written.
        let off = engine.layout("שלום (עולם)", direction: .rtl, options: LayoutOptions(shaping: false, mirroring: false))
        XCTAssertEqual(off.lines[0].text, ")םלוע( םולש", "unmirrored: the glyphs as written, in visual order")
    }

    func test_arabicSentenceWithEnglishBrandName() {
        let out = lines("حمّل تطبيق GitHub Desktop الآن", .autoLTR)
        XCTAssertEqual(out.count, 1)
        XCTAssertTrue(out[0].contains("GitHub Desktop"), out[0])
        // RTL paragraph: the first Arabic word is at the right end.
        XCTAssertTrue(out[0].hasSuffix("لمّح"), out[0])
    }

    func test_R20_harakatStayCombiningMarksAfterTheirShapedBase() {
        let p = engine.layout("كَتَبَ", direction: .rtl)
        let cells = p.lines[0].cells
        XCTAssertEqual(cells.count, 3)
        XCTAssertEqual(p.lines[0].width, 3)
        for c in cells {
            let scalars = Array(c.text.unicodeScalars)
            XCTAssertEqual(scalars.count, 2)
            XCTAssertTrue((0xFE70...0xFEFF).contains(scalars[0].value), "base is a presentation form")
            XCTAssertEqual(scalars[1].value, 0x064E, "fatha stays U+064E after its base")
        }
        // Joined forms: beh final, teh medial, kaf initial (visual order, left to right).
        XCTAssertEqual(cells.map { $0.text.unicodeScalars.first!.value }, [0xFE90, 0xFE98, 0xFEDB])
    }

    func test_R20_lamAlefIsOneCellCoveringBothLetters() {
        let p = engine.layout("السلام", direction: .rtl)
        XCTAssertEqual(p.lines[0].width, 5)
        let lig = p.lines[0].cells.first { $0.text.unicodeScalars.first!.value == 0xFEFC }
        XCTAssertNotNil(lig)
        XCTAssertEqual(lig?.logical, 3..<5)
        XCTAssertEqual(lig?.width, 1)
        // Unshaped, the same word takes one cell per letter.
        XCTAssertEqual(engine.layout("السلام", direction: .rtl, options: LayoutOptions(shaping: false)).lines[0].width, 6)
        // "لا" alone, and lam + fatha + alef: the mark stays with the ligature.
        XCTAssertEqual(engine.layout("لا", direction: .rtl).lines[0].text, "\u{FEFB}")
        let marked = engine.layout("لَا", direction: .rtl).lines[0]
        XCTAssertEqual(marked.cells.filter { $0.width > 0 }.count, 1)
        XCTAssertEqual(marked.text.unicodeScalars.map(\.value), [0xFEFB, 0x064E])
    }

    /// ICU marks deleted positions with U+FFFF while it shapes: a noncharacter in the text used to
    /// leave the whole paragraph unshaped.
    func test_R20_aNoncharacterInTheTextDoesNotStopShaping() {
        for text in ["\u{FFFF} لا", "لا \u{FFFE}", "بب\u{FFFF}ب"] {
            let shaped = engine.layout(text, direction: .rtl, options: LayoutOptions()).lines[0]
            XCTAssertTrue(shaped.cells.contains { $0.flags.contains(.shaped) }, text.debugDescription)
            XCTAssertTrue(shaped.text.contains("\u{FFFD}"), "the noncharacter is still drawn as U+FFFD")
            XCTAssertEqual(shaped.cells.count, engine.layout(text, direction: .rtl, options: LayoutOptions(shaping: false)).lines[0].cells.count
                           - (text.contains("لا") ? 1 : 0), "lam-alef is one cell")
        }
    }

    func test_R20_persianLettersJoinAndZWNJBreaksJoining() {
        let p = engine.layout("می‌خواهید", direction: .rtl)
        let firsts = p.lines[0].cells.filter { $0.width > 0 }.map { $0.text.unicodeScalars.first!.value }
        // Visual order (left to right) of: meem initial, yeh final | khah initial, waw final, alef, heh initial, yeh medial, dal final
        XCTAssertEqual(firsts, [0xFEAA, 0xFBFF, 0xFEEB, 0xFE8D, 0xFEEE, 0xFEA7, 0xFBFD, 0xFEE3])
    }

    func test_cjkWideCharactersInAnRTLLine() {
        let p = engine.layout("שלום 日本 עולם", direction: .rtl, width: 30)
        XCTAssertEqual(p.lines[0].text, "םלוע 日本 םולש")
        XCTAssertEqual(p.lines[0].width, 4 + 1 + 4 + 1 + 4)
        let wide = p.lines[0].cells.filter { $0.width == 2 }
        XCTAssertEqual(wide.map(\.text), ["日", "本"])
        // Wrapping counts wide cells as two.
        let w = engine.layout("日本語日本語", direction: .rtl, width: 5)
        XCTAssertEqual(w.lines.map(\.width), [4, 4, 4])
    }

    func test_emojiZWJSequenceStaysOneCluster() {
        let family = "👨‍👩‍👧"
        let p = engine.layout("שלום \(family) עולם", direction: .rtl)
        let cell = p.lines[0].cells.first { $0.text.unicodeScalars.contains { $0.value == 0x200D } }
        XCTAssertEqual(cell?.text, family)
        XCTAssertEqual(cell?.width, 6, "glibc wcwidth, xterm and tmux draw the three people side by side")
        // Never split by wrapping, even at a narrow width.
        let w = engine.layout("ab\(family)cd", direction: .ltr, width: 7)
        XCTAssertTrue(w.lines.contains { $0.text == family || $0.text.contains(family) })
    }

    func test_tabsExpandToSpacesAtTabStops() {
        XCTAssertEqual(lines("a\tb", .ltr), ["a       b"])
        XCTAssertEqual(lines("abc\td", .ltr, LayoutOptions(shaping: false, tabSize: 4)), ["abc d"])
        let p = engine.layout("a\tb", direction: .ltr)
        XCTAssertTrue(p.lines[0].cells.allSatisfy { $0.width <= 1 })
        XCTAssertFalse(p.lines[0].text.contains("\t"))
    }

    func test_R22_controlCharactersBecomeVisiblePlaceholders() {
        let text = "a\u{1B}[2Jb\u{07}c\u{7F}d\u{9B}31m\u{0}e\r\n"
        let out = lines(text, .ltr)
        XCTAssertEqual(out, ["a␛[2Jb␇c␡d␛[31m␀e␍␊"])
        for s in out { for u in s.unicodeScalars { XCTAssertFalse(Sanitizer.isControl(u.value), "raw control U+\(u.value)") } }
        // Explicit bidi controls take no cell, but keep their logical position.
        let p = engine.layout("a\u{202E}bc\u{202C}d", direction: .ltr)
        XCTAssertEqual(p.lines[0].text, "acbd")
        XCTAssertEqual(p.lines[0].width, 4)
        XCTAssertEqual(p.lines[0].cells.filter { $0.width == 0 }.count, 2)
        // A QA view reveals them.
        let r = engine.layout("a\u{202E}b", direction: .ltr, options: LayoutOptions(revealControls: true))
        XCTAssertTrue(r.lines[0].text.contains("⟨RLO⟩"))
    }

    func test_invalidUTF8BecomesReplacementCharacterWithItsPosition() {
        let bytes: [UInt8] = [0x61, 0xFF, 0x62, 0xE2, 0x82, 0x63, 0xD7, 0x90]
        let (s, problems) = UTF8Decoder.decode(bytes, line: 7)
        XCTAssertEqual(s, "a\u{FFFD}b\u{FFFD}cא")
        XCTAssertEqual(problems.map(\.byteOffset), [1, 3])
        XCTAssertEqual(problems.map(\.line), [7, 7])
        XCTAssertEqual(problems[1].bytes, [0xE2, 0x82])
        XCTAssertTrue(problems[0].description.contains("line 7, byte 1"))
        let (ok, none) = UTF8Decoder.decode(Array("שלום".utf8), line: 1)
        XCTAssertEqual(ok, "שלום")
        XCTAssertTrue(none.isEmpty)
    }

    /// A ZWNJ at the end of an RTL paragraph is a boundary neutral that L1 resets to the paragraph
    /// level (1), while the E it follows, in the same grapheme cluster, is at level 2: the cluster
    /// takes the place and the level of its base, E, in both the cell layout and the UTF-8 path,
    /// wrapped or not (ICU's `writeReordered` puts E there too).
    func test_clusterWhoseTrailingJoinerGetsAnotherLevelIsPlacedByItsBase() {
        for text in ["درباره &KDE\u{200C}", "نمایش &اطلاعات SSL\u{200C}", "اندازه: %1 x %2\u{200C}", "שלום (abc\u{200D})"] {
            let want = ReferenceStrings.withoutJoiners(engine.icuReordered(text, direction: .autoLTR))
            let options = LayoutOptions(shaping: false)
            let p = engine.layout(text, direction: .autoLTR, options: options)
            XCTAssertEqual(ReferenceStrings.withoutJoiners(p.lines[0].text), want, text.debugDescription)
            var bytes: [UInt8] = []
            XCTAssertTrue(Array(text.utf8).withUnsafeBufferPointer {
                engine.render(utf8: $0, direction: .autoLTR, options: options, into: &bytes)
            })
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), p.lines[0].text, text.debugDescription)
            let wrapped = engine.layout(text, direction: .autoLTR, width: 40, options: options)
            XCTAssertEqual(wrapped.lines[0].text, p.lines[0].text)
        }
        let kde = engine.layout("درباره &KDE\u{200C}", direction: .autoLTR, options: LayoutOptions(shaping: false)).lines[0]
        XCTAssertEqual(kde.text, "KDE\u{200C}& هرابرد")
        XCTAssertEqual(kde.cells[2].text, "E\u{200C}")
        XCTAssertEqual(kde.cells[2].level, 2, "the level of E, not the ZWNJ's 1")
    }

    /// Revealed characters in a row inside one cluster (two ZWNJs after a letter) each become a
    /// cluster of their own, once: no empty cluster between them.
    func test_revealedCharactersInARowEachGetOneCell() {
        let options = LayoutOptions(shaping: false, reordering: false, revealControls: true)
        let p = engine.layout("b\u{200C}\u{200C}\u{200D}c", direction: .ltr, width: 8, options: options)
        let cells = p.lines.flatMap(\.cells)
        XCTAssertEqual(cells.map(\.text).filter { $0 == "⟨" }.count, 3, "\(cells.map(\.text))")
        XCTAssertEqual(cells.filter { $0.logical.isEmpty }.count, 0, "no empty cluster")
        XCTAssertEqual(Set(cells.map(\.logical)), [0..<1, 1..<2, 2..<3, 3..<4, 4..<5])
        var out: [UInt8] = []
        XCTAssertTrue(Array("b\u{200C}\u{200C}c".utf8).withUnsafeBufferPointer {
            engine.render(utf8: $0, direction: .ltr, options: options, format: LineFormat(width: 8), into: &out)
        })
        XCTAssertEqual(String(decoding: out, as: UTF8.self).components(separatedBy: "ZWNJ").count, 3)
        // A revealed character that starts its cluster is split from what follows it too, as one
        // inside a cluster is: the same clusters whether the text starts there or not.
        let alone = engine.layout("\u{200C}\u{0301}", direction: .ltr, options: options).lines[0].cells
        XCTAssertEqual(Set(alone.map(\.logical)), [0..<1, 1..<2])
        XCTAssertTrue(alone.contains { $0.text == "\u{25CC}\u{0301}" }, "the mark stands alone, on ◌")
    }

    /// A revealed character between lam and alef (all of them are transparent to joining, so the
    /// two still make the ligature): the alef merged into the ligature is not drawn again after the
    /// revealed character, in the cells or in render's UTF-8 path, wrapped or not.
    func test_revealedCharacterInsideALamAlef_doesNotDrawTheMergedAlefAgain() {
        let options = LayoutOptions(revealControls: true)
        for mark in ["\u{200E}", "\u{200F}", "\u{200B}", "\u{2060}"] {
            let text = "ل" + mark + "ا"
            let p = engine.layout(text, direction: .rtl, options: options)
            let cells = p.lines.flatMap(\.cells)
            XCTAssertFalse(cells.contains { $0.text.unicodeScalars.contains { $0.value == 0x0627 || (0xFE8D...0xFE8E).contains($0.value) } },
                           "\(text.debugDescription): \(cells.map(\.text))")
            XCTAssertEqual(cells.filter { $0.text.unicodeScalars.contains { (0xFEF5...0xFEFC).contains($0.value) } }.count, 1, "one lam-alef")
            for format in [LineFormat(), LineFormat(width: 20)] {
                var out: [UInt8] = []
                XCTAssertTrue(Array(text.utf8).withUnsafeBufferPointer {
                    engine.render(utf8: $0, direction: .rtl, options: options, format: format, into: &out)
                })
                XCTAssertFalse(String(decoding: out, as: UTF8.self).unicodeScalars.contains { $0.value == 0x0627 || (0xFE8D...0xFE8E).contains($0.value) },
                               text.debugDescription)
            }
        }
    }

    func test_loneCombiningMarkIsDrawnOnADottedCircle() {
        let p = engine.layout("\u{05B4}א", direction: .rtl)
        XCTAssertTrue(p.lines[0].text.contains("\u{25CC}\u{05B4}"))
    }

    func test_caretMapsBothWaysInMixedText() {
        // "abc אבג": visual "abc גבא"
        let p = engine.layout("abc אבג", direction: .ltr)
        XCTAssertEqual(p.caretPosition(logical: 0).column, 0)
        XCTAssertEqual(p.caretPosition(logical: 4).column, 6, "א is drawn rightmost")
        XCTAssertEqual(p.caretPosition(logical: 6).column, 4)
        XCTAssertEqual(p.logicalOffset(line: 0, column: 6), 4)
        XCTAssertEqual(p.logicalOffset(line: 0, column: 4), 6)
        // At the end of RTL text the caret sits left of the last letter.
        let r = engine.layout("אבג", direction: .rtl)
        XCTAssertEqual(r.caretPosition(logical: 3).column, -1, "left of the leftmost letter")
        XCTAssertEqual(r.caretPosition(logical: 2).column, 0)
        XCTAssertEqual(r.caretPosition(logical: 0).column, 2)
        // Beyond the ends of an RTL line: its start on the right, its end on the left.
        XCTAssertEqual(r.logicalOffset(line: 0, column: 10), 0)
        XCTAssertEqual(r.logicalOffset(line: 0, column: -1), 3)
        XCTAssertEqual(p.logicalOffset(line: 0, column: 50), 7)
        XCTAssertEqual(p.logicalOffset(line: 0, column: -1), 0)
    }

    func test_R6_numeralSystemsFromICULocaleData() {
        XCTAssertEqual(NumeralSystem.forLocale("ar"), .arab)
        XCTAssertEqual(NumeralSystem.forLocale("ar_EG"), .arab)
        XCTAssertEqual(NumeralSystem.forLocale("ar_MA"), .latn)
        XCTAssertEqual(NumeralSystem.forLocale("fa"), .arabext)
        XCTAssertEqual(NumeralSystem.forLocale("he"), .latn)
        XCTAssertEqual(NumeralSystem.forLocale("en_US.UTF-8"), .latn)
        XCTAssertEqual(NumeralSystem.arab.convert("صفحة 12 من 30"), "صفحة ١٢ من ٣٠")
        XCTAssertEqual(NumeralSystem.latn.convert("۱۲۳"), "123")
        XCTAssertEqual(NumeralSystem.arabext.format(percent: 42), "۴۲٪")
        XCTAssertEqual(NumeralSystem.arab.format(3.5, fractionDigits: 1), "٣٫٥")
    }

    func test_R7_convertedDigitsKeepTheirOrderInRTL() {
        let p = engine.layout("الإصدار 2.4.1 والهاتف 0501234567", direction: .rtl,
                              options: LayoutOptions(numerals: .arab))
        XCTAssertTrue(p.lines[0].text.contains("٠٥٠١٢٣٤٥٦٧"), p.lines[0].text)
    }

    func test_R1_directionOfLocales() {
        for l in ["ar", "ar_EG.UTF-8", "he", "fa-IR", "ur", "yi", "ckb", "dv", "ps", "sd", "ug", "arc"] {
            XCTAssertEqual(LayoutDirection(locale: l), .rtl, l)
        }
        for l in ["en", "en_US", "fr", "ja", "C", "tr"] { XCTAssertEqual(LayoutDirection(locale: l), .ltr, l) }
    }

    func test_autoDirectionUsesFirstStrongCharacterElseFallback() {
        XCTAssertEqual(engine.layout("123 שלום abc", direction: .autoLTR).direction, .rtl)
        XCTAssertEqual(engine.layout("abc שלום", direction: .auto(fallback: .rtl)).direction, .ltr)
        XCTAssertEqual(engine.layout("123 !", direction: .auto(fallback: .rtl)).direction, .rtl)
        XCTAssertEqual(engine.layout("123 !", direction: .autoLTR).direction, .ltr)
        XCTAssertEqual(engine.layout("\u{2067}שלום\u{2069} abc", direction: .auto(fallback: .rtl)).direction, .ltr,
                       "P2 skips isolates")
    }

    func test_reorderingOffKeepsLogicalOrderForBidiTerminals() {
        let p = engine.layout("abc אבג", direction: .ltr, options: LayoutOptions(shaping: false, reordering: false))
        XCTAssertEqual(p.lines[0].text, "abc אבג")
    }

    /// Invariants over many generated paragraphs: no line wider than the width, no raw control
    /// character, every input scalar accounted for exactly once in the cells' logical ranges.
    func test_invariantsOverGeneratedText() {
        let alphabet: [String] = ["a", "b", " ", "א", "ב", "ع", "ل", "ا", "ّ", "(", ")", "[", "1", "2", ".", "-",
                                  "日", "\t", "\u{1B}", "\u{9B}", "\u{202E}", "\u{2067}", "\u{2069}", "\u{202C}",
                                  "👍", "\u{200D}", "\u{05B4}", "٣", "\u{0}", "\u{2029}", "\u{FEFF}", "é", "e\u{301}"]
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<400 {
            let n = Int.random(in: 0...60, using: &rng)
            let text = (0..<n).map { _ in alphabet.randomElement(using: &rng)! }.joined()
            let width = Int.random(in: 1...25, using: &rng)
            let dir: BaseDirection = [.ltr, .rtl, .autoLTR].randomElement(using: &rng)!
            let opts = LayoutOptions(shaping: Bool.random(using: &rng), tabSize: 4)
            let p = engine.layout(text, direction: dir, width: width, options: opts)
            var covered = [Int](repeating: 0, count: text.unicodeScalars.count)
            for line in p.lines {
                XCTAssertLessThanOrEqual(line.width, width, "\(text.debugDescription) at \(width)")
                XCTAssertEqual(line.cells.reduce(0) { $0 + $1.width }, line.width)
                for u in line.text.unicodeScalars {
                    XCTAssertFalse(Sanitizer.isControl(u.value) || u.value == 0x2029, "raw control in \(text.debugDescription)")
                }
                var seen = Set<Range<Int>>()
                for c in line.cells where seen.insert(c.logical).inserted { for i in c.logical { covered[i] += 1 } }
            }
            XCTAssertEqual(covered.filter { $0 != 1 }.count, 0, "scalars not covered once: \(text.debugDescription) \(covered)")
        }
    }

    func test_pathologicalInputsAreHandled() {
        // 600 KB of "[!]" brackets on one line, 10,000 nested embeddings, 100,000 marks on one base.
        let brackets = String(repeating: "[!]", count: 200_000)
        let p1 = engine.layout("א" + brackets, direction: .rtl)
        XCTAssertEqual(p1.lines[0].width, 600_001)
        let nested = String(repeating: "\u{202B}א\u{202A}a", count: 5_000) + String(repeating: "\u{202C}", count: 10_000)
        let p2 = engine.layout(nested, direction: .ltr, width: 80)
        XCTAssertEqual(p2.lines.reduce(0) { $0 + $1.width }, 10_000)
        let marks = "a" + String(repeating: "\u{0301}", count: 100_000)
        let p3 = engine.layout(marks, direction: .rtl, width: 10)
        XCTAssertEqual(p3.lines.count, 1)
        XCTAssertEqual(p3.lines[0].width, 1)
    }
}
