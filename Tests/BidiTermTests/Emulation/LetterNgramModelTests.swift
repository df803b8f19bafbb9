import Foundation
import TestSupport
import XCTest
@testable import BidiTerm

/// `LetterNgramModel`: the letter trigram model that tells logical from visual order without final
/// letters or Arabic shapes (R25), on held-out words of its word lists and on real sentences.
final class LetterNgramModelTests: XCTestCase {
    /// Tests/BidiTermTests/Fixtures/LetterNgrams: held-out words and phrases (Scripts/make-letter-ngrams.py).
    static let folder = Repository.fixtures.appendingPathComponent("LetterNgrams")
    static let languages = ["he", "ar", "fa"]

    static func lines(_ name: String) throws -> [String] {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    /// Right, wrong and no calls on texts as written (logical) or with their scalars reversed (visual).
    struct Calls {
        var right = 0, wrong = 0, none = 0
        var total: Int { right + wrong + none }
        func rate(_ n: Int) -> Double { total == 0 ? 0 : Double(n) / Double(total) }
        var summary: String {
            String(format: "%.1f%% right %.1f%% wrong %.1f%% none", 100 * rate(right), 100 * rate(wrong), 100 * rate(none))
        }
    }

    static func calls(_ texts: [String], reversed: Bool) -> Calls {
        var c = Calls()
        let expected: TextOrder = reversed ? .visual : .logical
        for t in texts {
            let scalars = reversed ? Array(t.unicodeScalars.reversed()) : Array(t.unicodeScalars)
            switch LetterNgramModel.order(of: scalars) {
            case nil: c.none += 1
            case expected?: c.right += 1
            default: c.wrong += 1
            }
        }
        return c
    }

    /// Prints and checks the calls on texts both ways; `minimumRight` nil checks only the wrong calls.
    func check(_ label: String, _ texts: [String], minimumRight: Double?, maximumWrong: Double,
               file: StaticString = #filePath, line: UInt = #line) {
        let logical = Self.calls(texts, reversed: false), visual = Self.calls(texts, reversed: true)
        print("LetterNgramModel \(label): logical \(logical.summary), visual \(visual.summary) (n=\(texts.count))")
        for (direction, c) in [("logical", logical), ("visual", visual)] {
            if let minimumRight {
                XCTAssertGreaterThanOrEqual(c.rate(c.right), minimumRight, "\(label), \(direction): right calls", file: file, line: line)
            }
            XCTAssertLessThanOrEqual(c.rate(c.wrong), maximumWrong, "\(label), \(direction): wrong calls", file: file, line: line)
        }
    }

    // MARK: - R25 the visual-order call

    func test_R25_letterNgrams_heldOutPhrases_rateOfRightCalls() throws {
        for lang in Self.languages {
            let phrases = try Self.lines("heldout-phrases-\(lang).txt")
            let byLength = Dictionary(grouping: phrases) { $0.split(separator: " ").count }
            XCTAssertEqual(byLength.keys.sorted(), [1, 2, 3, 5], lang)
            for n in byLength.keys.sorted() {
                // Phrases of two words or more: mostly right both ways, and well under 1% wrong.
                check("\(lang) \(n) word\(n == 1 ? "" : "s")", byLength[n]!, minimumRight: n >= 2 ? 0.85 : nil, maximumWrong: 0.01)
            }
        }
    }

    func test_R25_letterNgrams_heldOutWords_rarelyAWrongCall() throws {
        for lang in Self.languages {
            let words = try Self.lines("heldout-\(lang).txt")
            XCTAssertGreaterThanOrEqual(words.count, 300, lang)
            check("\(lang) held-out words", words, minimumRight: nil, maximumWrong: 0.01)
        }
    }

    func test_R25_letterNgrams_realSentences_rightCallBothWays() {
        let sentences = [
            "זה משפט ארוך בעברית עם מילה מיוחדת באמצע השורה.",
            "שפה ואזור",
            "مرحبا، هذه فقرة عربية مع رقم 2024 وكلمة Linux في الوسط.",
            "این یک جملهٔ فارسی است با عدد ۱۲۳ و کلمهٔ Git.",
            // Demo/catalogs: the overview's text in each language.
            "כל מסך מציג קבוצה מכללי הפריסה של ממשקים מימין לשמאל. פתחו מסך מהרשימה, ואז החליפו שפה כדי לראות איך הוא מתהפך.",
            "تعرض كل شاشة مجموعة من قواعد تخطيط الواجهات التي تُقرأ من اليمين إلى اليسار. افتح إحداها من القائمة، ثم بدّل اللغة لترى كيف تنعكس.",
            "هر صفحه گروهی از قاعده‌های چیدمان رابط‌های راست‌به‌چپ را نشان می‌دهد. یکی را از فهرست باز کنید و بعد زبان را عوض کنید تا ببینید چطور قرینه می‌شود.",
        ]
        for s in sentences {
            let forward = Array(s.unicodeScalars), reversed = Array(forward.reversed())
            XCTAssertEqual(LetterNgramModel.order(of: forward), .logical, s)
            XCTAssertEqual(LetterNgramModel.order(of: reversed), .visual, s)
        }
        // Too close to call, so no call (never a wrong one): "כותב" reversed is "בתוכ", which without
        // its final letter is "בתוך", as likely a word; only "אני" speaks, and 7 letters are fewer
        // than a call needs. Its visual form "בתוכ ינא" ends a word in a non-final כ, the textual
        // evidence of R25.
        let short = "אני כותב"
        let s = LetterNgramModel.score(short.unicodeScalars)
        print(String(format: "LetterNgramModel \"%@\": %.2f nats a letter for the text as written (%d letters)",
                     short, (s.forward - s.reversed) / Double(s.letters), s.letters))
        XCTAssertNotEqual(LetterNgramModel.order(of: short.unicodeScalars), .visual)
        XCTAssertNotEqual(LetterNgramModel.order(of: Array(short.unicodeScalars.reversed())), .logical)
    }

    func test_R25_letterNgrams_shapedArabicInVisualOrder_readsReversed() {
        // What a program that shapes and reorders by itself writes: presentation forms, reversed.
        let logical = "مرحبا بالعالم العربي الكبير"
        let shaped = BidiEngine().layout(logical, direction: .rtl).lines[0].text
        XCTAssertTrue(shaped.unicodeScalars.contains { $0.value >= 0xFE70 })
        XCTAssertEqual(LetterNgramModel.order(of: shaped.unicodeScalars), .visual)
        XCTAssertEqual(LetterNgramModel.order(of: Array(shaped.unicodeScalars.reversed())), .logical)
        XCTAssertEqual(LetterNgramModel.order(of: logical.unicodeScalars), .logical)
    }

    // MARK: - What the model reads

    func test_letterNgrams_finalLettersAndPresentationFormsCountAsTheirLetters() {
        func same(_ a: String, _ b: String, file: StaticString = #filePath, line: UInt = #line) {
            let x = LetterNgramModel.score(a.unicodeScalars), y = LetterNgramModel.score(b.unicodeScalars)
            XCTAssertEqual(x.forward, y.forward, "\(a) / \(b)", file: file, line: line)
            XCTAssertEqual(x.reversed, y.reversed, "\(a) / \(b)", file: file, line: line)
            XCTAssertEqual(x.letters, y.letters, "\(a) / \(b)", file: file, line: line)
        }
        same("שלום עולם", "שלומ עולמ")
        same("םולש", "מולש")
        same("ךלמ ץרא", "כלמ צרא")
        // Presentation forms: Arabic shapes, lam-alef, Hebrew letters with points (NFKC).
        same("\u{FE91}\u{FE8E}\u{FEDF}\u{FECC}\u{FE8E}\u{FEDF}\u{FEE2}", "بالعالم")
        same("\u{FEFB}\u{FE91}", "لاب")
        same("\u{FB2A}\u{FB4B}\u{FB31}", "שוב")
        // Marks and tatweel are skipped inside a word.
        same("כָּתַב סֵפֶר", "כתב ספר")
        same("كَتَبَ الطالـبُ", "كتب الطالب")
        same("جملهٔ", "جمله")
        same("ك\u{FE76}ت\u{FE77}ب", "كتب")                  // spacing forms of harakat
    }

    func test_letterNgrams_wordsItScores() {
        // Nothing to score: no RTL letters, or words of one letter.
        for text in ["", "Linux 2024 readme.txt", "ו ב ל", "و ب"] {
            let s = LetterNgramModel.score(text.unicodeScalars)
            XCTAssertEqual(s.letters, 0, text)
            XCTAssertEqual(s.forward, 0, text)
            XCTAssertNil(LetterNgramModel.order(of: text.unicodeScalars), text)
        }
        // Letters of words of two letters or more, cut at anything else (digits, Latin, ZWNJ).
        XCTAssertEqual(LetterNgramModel.score("שלום, world 12 ו עולם".unicodeScalars).letters, 8)
        XCTAssertEqual(LetterNgramModel.score("ab12שלוםcd".unicodeScalars).letters, 4)
        XCTAssertEqual(LetterNgramModel.score("می‌شود".unicodeScalars).letters, 5)
        // A word with a letter the model does not know is left out whole (Urdu ٹ).
        XCTAssertEqual(LetterNgramModel.score("ٹیکسی سلام".unicodeScalars).letters, 4)
        // A change of script ends a word.
        XCTAssertEqual(LetterNgramModel.score("שלוםسلام".unicodeScalars).letters, 8)
    }

    func test_letterNgrams_reversingTheTextSwapsItsReadings() throws {
        for lang in Self.languages {
            for phrase in try Self.lines("heldout-phrases-\(lang).txt").prefix(200) {
                let s = LetterNgramModel.score(phrase.unicodeScalars)
                let r = LetterNgramModel.score(Array(phrase.unicodeScalars.reversed()))
                XCTAssertEqual(s.forward, r.reversed, phrase)
                XCTAssertEqual(s.reversed, r.forward, phrase)
                XCTAssertEqual(s.letters, r.letters, phrase)
                XCTAssertLessThan(s.forward, 0, phrase)
            }
        }
    }

    func test_letterNgrams_costsLittlePerRow() {
        // 80-column rows of mixed text, as `run` sees them.
        let rows = [
            "│ זה משפט ארוך בעברית עם מילה מיוחדת באמצע השורה.   │ readme.txt  2024-01-01 │",
            "مرحبا، هذه فقرة عربية مع رقم 2024 وكلمة Linux في الوسط. افتح الملف من القائمة",
            "این یک جملهٔ فارسی است با عدد ۱۲۳ و کلمهٔ Git. یکی را از فهرست باز کنید",
        ].map { Array($0.unicodeScalars) }
        _ = LetterNgramModel.order(of: rows[0])          // the tables, decoded once
        let rounds = 3000
        var calls = 0
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<rounds {
            for row in rows where LetterNgramModel.order(of: row) != nil { calls += 1 }
        }
        let perRow = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000 / Double(rounds * rows.count)
        print(String(format: "LetterNgramModel: %.2f µs per 80-column row (%d rows)", perRow, rounds * rows.count))
        XCTAssertEqual(calls, rounds * rows.count)
        XCTAssertLessThan(perRow, 2000)
    }
}
