import Foundation
import TestSupport
import XCTest

/// The README is a front door and the guide (`Docs/guide/`) holds the rest: the README stays short,
/// names the two set-up commands, and links every page of the guide; every relative link of the
/// repository's Markdown reaches a file, and a link to a heading reaches a heading of that file.
final class DocLinksTests: XCTestCase {
    static let guide = "Docs/guide"

    func text(_ path: String) throws -> String {
        try String(contentsOfFile: Repository.path(path), encoding: .utf8)
    }

    func guidePages() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Repository.path(Self.guide))
            .filter { $0.hasSuffix(".md") }.sorted()
    }

    /// Every Markdown file of the repository's own documentation (not fixtures).
    func markdownFiles() throws -> [String] {
        var files = ["README.md", "BENCHMARKS.md", "Demo/README.md"]
        for folder in ["Docs", Self.guide] {
            let names = try FileManager.default.contentsOfDirectory(atPath: Repository.path(folder))
            files += names.filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
        }
        return files
    }

    func test_readme_isAFrontDoor() throws {
        let readme = try text("README.md")
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertLessThanOrEqual(lines.count, 300, "the README is at most 300 lines; the rest goes to \(Self.guide)")
        XCTAssertTrue(readme.contains("make demo    #"), "the README names the set-up command make demo")
        XCTAssertTrue(readme.contains("make test    #"), "the README names the set-up command make test, which CI runs")
        XCTAssertTrue(readme.contains("](Docs/images/run-dialog-before-xterm.png)"), "the before picture")
        XCTAssertTrue(readme.contains("](Docs/images/run-dialog-after-xterm.png)"), "the after picture")
        let pages = try guidePages()
        XCTAssertGreaterThanOrEqual(pages.count, 15)
        for page in pages where page != "README.md" {
            XCTAssertTrue(readme.contains("](\(Self.guide)/\(page))"), "the README does not link \(Self.guide)/\(page)")
        }
    }

    func test_guideIndex_linksEveryPage_andEveryPageLinksBack() throws {
        let index = try text("\(Self.guide)/README.md")
        for page in try guidePages() where page != "README.md" {
            XCTAssertTrue(index.contains("](\(page))"), "the guide's index does not link \(page)")
            XCTAssertTrue(try text("\(Self.guide)/\(page)").contains("](README.md)"), "\(page) does not link the guide's index")
        }
    }

    func test_everyRelativeLink_reachesAFile_andItsHeading() throws {
        let link = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        var checked = 0
        for file in try markdownFiles() {
            let body = try text(file)
            let folder = (file as NSString).deletingLastPathComponent
            for (number, line) in Self.linesOutsideCode(body) {
                for m in link.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                    let target = String(line[Range(m.range(at: 1), in: line)!])
                    if target.contains("://") || target.hasPrefix("mailto:") { continue }
                    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                    let path = parts[0].isEmpty ? file
                        : ((folder as NSString).appendingPathComponent(String(parts[0])) as NSString).standardizingPath
                    let place = "\(file):\(number): \(target)"
                    guard FileManager.default.fileExists(atPath: Repository.path(path)) else {
                        XCTFail("\(place): no such file \(path)")
                        continue
                    }
                    if parts.count == 2 {
                        let anchors = Self.anchors(of: try text(path))
                        XCTAssertTrue(anchors.contains(String(parts[1])), "\(place): \(path) has no heading #\(parts[1])")
                    }
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 60)
    }

    func test_anchors_areGitHubs() {
        let anchors = Self.anchors(of: "# `rtl-tui run`: any program's Arabic\n## How it starts\n## How it starts\n```\n# not a heading\n```\n<a id=\"r1\"></a>\n")
        XCTAssertEqual(anchors, ["rtl-tui-run-any-programs-arabic", "how-it-starts", "how-it-starts-1", "r1"])
    }

    /// The lines outside fenced code blocks, numbered from 1.
    static func linesOutsideCode(_ text: String) -> [(Int, String)] {
        var fence = false
        var out: [(Int, String)] = []
        for (i, line) in text.components(separatedBy: "\n").enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fence.toggle(); continue }
            if !fence { out.append((i + 1, line)) }
        }
        return out
    }

    /// The anchors GitHub gives a file's headings (lower case, punctuation but `-` and `_` dropped,
    /// spaces as `-`, a repeated one numbered), and those written as `<a id="…"></a>`.
    static func anchors(of text: String) -> [String] {
        var seen: [String: Int] = [:]
        var out: [String] = []
        for (_, line) in linesOutsideCode(text) {
            if line.hasPrefix("<a id=\""), let end = line.dropFirst(7).firstIndex(of: "\"") {
                out.append(String(line[line.index(line.startIndex, offsetBy: 7)..<end]))
                continue
            }
            guard let hashes = line.firstIndex(where: { $0 != "#" }), hashes != line.startIndex,
                  line[hashes] == " ", line.distance(from: line.startIndex, to: hashes) <= 6 else { continue }
            let title = line[hashes...].trimmingCharacters(in: .whitespaces).lowercased()
            var slug = ""
            for scalar in title.unicodeScalars {
                if scalar == " " { slug += "-" }
                else if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) { slug.unicodeScalars.append(scalar) }
            }
            let n = seen[slug, default: 0]
            seen[slug] = n + 1
            out.append(n == 0 ? slug : "\(slug)-\(n)")
        }
        return out
    }
}
