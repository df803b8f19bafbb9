import Foundation
import TestSupport
import XCTest

/// `Docs/RTL-RULES.md` is where a rule number cited in code or in a test name leads. These tests
/// keep it so: every rule cited under `Sources/`, `Tests/` and `Demo/` has a heading, the headings
/// R1–R37 are all there, every test named after a rule is listed under that rule, and every test
/// and every path the page names exists.
final class RulesDocumentTests: XCTestCase {
    static let repoRoot = Repository.root

    /// A rule cited in text: `R` and one or two digits, not inside a longer word or number. Unlike
    /// `\b`, an underscore counts as a separator, so the test name `test_R9_…` cites R9.
    static let citation = try! NSRegularExpression(pattern: "(?<![A-Za-z0-9])R([0-9]{1,2})(?![A-Za-z0-9])")

    /// The page's lines, and the rule each line belongs to (the last `## R<n> ` heading above it).
    struct Document {
        var headings: [Int] = []
        var sections: [Int: String] = [:]
        var text: String

        init(_ text: String) {
            self.text = text
            var current: Int?
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("## R"), let n = Int(line.dropFirst(4).prefix { $0.isNumber }),
                   line.dropFirst(4).drop(while: { $0.isNumber }).hasPrefix(" ") {
                    headings.append(n)
                    current = n
                }
                if let n = current { sections[n, default: ""] += line + "\n" }
            }
        }
    }

    static func document() throws -> Document {
        let path = repoRoot.appendingPathComponent("Docs/RTL-RULES.md").path
        return Document(try String(contentsOfFile: path, encoding: .utf8))
    }

    /// The text files under `directory` (relative to the repository root) with one of `extensions`,
    /// as (path relative to the root, contents).
    static func files(under directory: String, extensions: Set<String>) throws -> [(String, String)] {
        let base = repoRoot.appendingPathComponent(directory)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: base.path])
        }
        var out: [(String, String)] = []
        for case let url as URL in walker where extensions.contains(url.pathExtension) {
            let relative = directory + "/" + url.path.dropFirst(base.path.count + 1)
            out.append((relative, try String(contentsOf: url, encoding: .utf8)))
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// Every test method under `Tests/`, as `Class.test_name`: the class is the last type or
    /// extension declared at the start of a line (nested types are indented).
    static func testMethods() throws -> Set<String> {
        let declaration = try NSRegularExpression(pattern: "^(?:(?:final|public|open|private)\\s+)*(?:class|extension)\\s+([A-Za-z0-9_]+)")
        let method = try NSRegularExpression(pattern: "^\\s+(?:(?:override|public|private)\\s+)*func\\s+(test[A-Za-z0-9_]*)\\s*\\(")
        var out = Set<String>()
        for (_, text) in try files(under: "Tests", extensions: ["swift"]) {
            var type: String?
            for line in text.split(separator: "\n").map(String.init) {
                if let name = firstGroup(declaration, line) { type = name }
                if let name = firstGroup(method, line), let type { out.insert("\(type).\(name)") }
            }
        }
        return out
    }

    static func firstGroup(_ regex: NSRegularExpression, _ line: String) -> String? {
        guard let m = regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
              let r = Range(m.range(at: 1), in: line) else { return nil }
        return String(line[r])
    }

    static func rules(citedIn text: String) -> [Int] {
        citation.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).flatMap { Int(text[$0]) }
        }
    }

    func test_theHeadingsAreR1ToR37_eachOnce_inOrder() throws {
        XCTAssertEqual(try Self.document().headings, Array(1...37))
    }

    func test_everyRuleCitedInSourcesTestsAndDemo_hasAHeading() throws {
        let headings = Set(try Self.document().headings)
        var cited: [Int: String] = [:]   // rule → first place it is cited
        for directory in ["Sources", "Tests", "Demo"] {
            for (path, text) in try Self.files(under: directory, extensions: ["swift", "c", "h", "yaml", "md"]) {
                for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    for n in Self.rules(citedIn: String(line)) where cited[n] == nil { cited[n] = "\(path):\(i + 1)" }
                }
            }
        }
        // The scan finds the citations that are known to be there.
        XCTAssertTrue(Set(cited.keys).isSuperset(of: [1, 9, 22]), "citations found: \(cited.keys.sorted())")
        for (n, place) in cited.sorted(by: { $0.key < $1.key }) where !headings.contains(n) {
            XCTFail("\(place) cites R\(n), which has no '## R\(n) ' heading in Docs/RTL-RULES.md")
        }
    }

    func test_everyTestNamedAfterARule_isListedUnderThatRule() throws {
        let doc = try Self.document()
        let tests = try Self.testMethods()
        let named = tests.filter { !Self.rules(citedIn: String($0.split(separator: ".")[1])).isEmpty }
        XCTAssertGreaterThan(named.count, 50, "tests named after a rule: \(named.count)")
        for test in named.sorted() {
            for n in Self.rules(citedIn: String(test.split(separator: ".")[1])) {
                XCTAssertTrue(doc.sections[n]?.contains("`\(test)`") ?? false,
                              "\(test) is named after R\(n) but Docs/RTL-RULES.md does not list it under R\(n)")
            }
        }
    }

    func test_everyTestTheDocumentNames_exists() throws {
        let doc = try Self.document()
        let tests = try Self.testMethods()
        let mention = try NSRegularExpression(pattern: "`([A-Z][A-Za-z0-9_]*\\.test[A-Za-z0-9_]*)`")
        let named = mention.matches(in: doc.text, range: NSRange(doc.text.startIndex..., in: doc.text)).compactMap {
            Range($0.range(at: 1), in: doc.text).map { String(doc.text[$0]) }
        }
        XCTAssertGreaterThan(named.count, 50)
        for test in named where !tests.contains(test) {
            XCTFail("Docs/RTL-RULES.md names \(test), which is not a test method under Tests/")
        }
    }

    func test_everyPathTheDocumentNames_exists() throws {
        let doc = try Self.document()
        let pathPattern = try NSRegularExpression(pattern: "\\b(?:Sources|Tests|Demo|Docs)/[A-Za-z0-9_.+/-]*")
        let paths = pathPattern.matches(in: doc.text, range: NSRange(doc.text.startIndex..., in: doc.text)).compactMap {
            Range($0.range, in: doc.text).map { String(doc.text[$0]).trimmingCharacters(in: CharacterSet(charactersIn: ".,")) }
        }
        XCTAssertGreaterThan(Set(paths).count, 30)
        for path in Set(paths).sorted()
        where !FileManager.default.fileExists(atPath: Self.repoRoot.appendingPathComponent(path).path) {
            XCTFail("Docs/RTL-RULES.md names \(path), which does not exist")
        }
    }
}
