import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport
import XCTest

/// `rtl-tui check` in CI: SARIF, JUnit and GitHub reports, the configuration file, fuzzy entries
/// and `--fix` (the baseline round trip runs the built binary: `CheckE2ETests`).
final class CheckCICLITests: XCTestCase {
    static let lint = Repository.fixtures.appendingPathComponent("lint")
    var planted: String { Self.lint.appendingPathComponent("formats/planted.ar.po").path }

    // MARK: SARIF

    func test_sarif_validatesAgainstThe210Structure() throws {
        let r = try Command.run(["check", "--format", "sarif", planted])
        XCTAssertEqual(r.status, 1, r.stderr)
        let log = try XCTUnwrap(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        let problems = SARIF.validate(log)
        XCTAssertEqual(problems, [], problems.joined(separator: "\n"))
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 19)
        let rules = try XCTUnwrap((run["tool"] as? [String: Any]).flatMap { $0["driver"] as? [String: Any] }.flatMap { $0["rules"] as? [[String: Any]] })
        // Every result points at its rule; the rule has a description and help.
        for result in results {
            let index = try XCTUnwrap(result["ruleIndex"] as? Int)
            XCTAssertEqual(rules[index]["id"] as? String, result["ruleId"] as? String)
            let location = try XCTUnwrap((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            XCTAssertEqual((location["artifactLocation"] as? [String: Any])?["uri"] as? String, planted.hasPrefix("/") ? "file://" + planted : planted)
            XCTAssertGreaterThan(((location["region"] as? [String: Any])?["startLine"] as? Int) ?? 0, 0)
        }
        XCTAssertTrue(results.contains { $0["ruleId"] as? String == "placeholder-missing" && $0["level"] as? String == "error" })
        XCTAssertTrue(results.contains { $0["ruleId"] as? String == "brackets" && $0["level"] as? String == "warning" })
        // R22: no raw bidi control in the bytes.
        XCTAssertFalse(r.text.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
        // When the official schema is at hand (SARIF_SCHEMA=path, and Python's jsonschema), it validates too.
        if let schema = ProcessInfo.processInfo.environment["SARIF_SCHEMA"] {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(getpid()).sarif")
            try r.stdout.write(to: out)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["python3", "-c", "import json,sys,jsonschema; jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))", out.path, schema]
            try p.run()
            p.waitUntilExit()
            XCTAssertEqual(p.terminationStatus, 0, "jsonschema rejects the SARIF log")
        }
    }

    func test_sarif_validator_rejectsWhatTheSchemaRejects() {
        XCTAssertFalse(SARIF.validate(["version": "2.1.0"]).isEmpty, "runs is required")
        XCTAssertFalse(SARIF.validate(["version": "2.0.0", "runs": []]).isEmpty)
        let bad: [String: Any] = ["version": "2.1.0", "runs": [["tool": ["driver": ["name": "x"]],
                                  "results": [["message": ["text": "m"], "level": "fatal",
                                               "locations": [["physicalLocation": ["region": ["startLine": 0]]]]]]]]]
        let problems = SARIF.validate(bad)
        XCTAssertTrue(problems.contains { $0.contains("level") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("startLine") }, "\(problems)")
        XCTAssertTrue(SARIF.validate(["version": "2.1.0", "runs": [["tool": ["driver": ["name": "x"], "extra": 1]]]])
            .contains { $0.contains("extra") })
    }

    // MARK: JUnit, GitHub, JSON

    func test_junit_isXMLWithAFailurePerError() throws {
        let clean = Self.lint.appendingPathComponent("formats/clean.ar.po").path
        let r = try Command.run(["check", "--format", "junit", planted, clean])
        XCTAssertEqual(r.status, 1)
        let doc = try XMLDocument(data: r.stdout)
        let root = try XCTUnwrap(doc.rootElement())
        XCTAssertEqual(root.name, "testsuites")
        XCTAssertEqual(root.attribute(forName: "failures")?.stringValue, "8")
        let suites = root.elements(forName: "testsuite")
        XCTAssertEqual(suites.count, 2)
        XCTAssertEqual(suites[0].elements(forName: "testcase").count, 19)
        XCTAssertEqual(try suites[0].nodes(forXPath: "testcase/failure").count, 8)
        XCTAssertEqual(suites[1].elements(forName: "testcase").count, 1, "a clean file is one passing test case")
        let strict = try XMLDocument(data: try Command.run(["check", "--format", "junit", "--strict", planted]).stdout)
        XCTAssertEqual(strict.rootElement()?.attribute(forName: "failures")?.stringValue, "19")
    }

    func test_github_writesOneWorkflowCommandPerFinding() throws {
        let r = try Command.run(["check", "--format", "github", planted])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.lines.count, 19)
        for line in r.lines {
            XCTAssertTrue(line.hasPrefix("::error file=") || line.hasPrefix("::warning file="), line)
            XCTAssertTrue(line.contains(",line="), line)
            XCTAssertTrue(line.contains(",title=rtl-tui check ["), line)
        }
        let escapes = try XCTUnwrap(r.lines.first { $0.contains("[escapes]") })
        XCTAssertTrue(escapes.contains("%0Afix: "), "line breaks in the message are escaped")
    }

    func test_json_carriesTheRawTranslationSourceContextPluralFormAndFuzzyFlag() throws {
        let r = try Command.run(["check", "--format", "json", "--include-fuzzy", planted])
        let o = try XCTUnwrap(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        let findings = try XCTUnwrap(o["findings"] as? [[String: Any]])
        let stray = try XCTUnwrap(findings.first { $0["context"] as? String == "stray" })
        XCTAssertEqual(stray["translation"] as? String, "نص\u{2069}")
        XCTAssertEqual(stray["source"] as? String, "Stray")
        XCTAssertEqual(stray["entryKey"] as? String, "Stray")
        XCTAssertEqual(stray["fixable"] as? Bool, true)
        XCTAssertTrue(stray["pluralForm"] is NSNull)
        let plural = try XCTUnwrap(findings.first { $0["context"] as? String == "plural.missing" })
        XCTAssertEqual(plural["pluralForm"] as? String, "3")
        let fuzzy = try XCTUnwrap(findings.first { $0["context"] as? String == "fuzzy" })
        XCTAssertEqual(fuzzy["fuzzy"] as? Bool, true)
        XCTAssertFalse(r.text.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) },
                       "bidi controls are escaped")
    }

    func test_fuzzyEntries_areSkipped_unlessIncluded_andThenMarked() throws {
        let without = try Command.run(["check", planted])
        XCTAssertFalse(without.text.contains("\"fuzzy|"), without.text)
        let with = try Command.run(["check", "--include-fuzzy", planted])
        XCTAssertTrue(with.text.contains("error[placeholder-missing] \"fuzzy|%s copied\" (fuzzy): "), with.text)
    }

    // MARK: Configuration

    func test_config_setsRulesSeveritiesWidthsAndIgnores() throws {
        let dir = try workspace(["app/po/ar.po": "formats/planted.ar.po"])
        let config = dir.appendingPathComponent(".rtl-tui-check.yaml")
        try """
            # The project's settings.
            rules:
              untranslated: off
              numbers: error
              brackets: info
            max-width:
              default: 200
              keys: {"long|*": 10}
            ignore:
              keys: ["missing|*", "added|Failed*"]
              files: ["vendor/**"]
            """.write(to: config, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("vendor/x"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.lint.appendingPathComponent("traps.ar.po"), to: dir.appendingPathComponent("vendor/x/ar.po"))
        let r = try Command.run(["check", "--config", config.path, "--format", "json",
                                 dir.appendingPathComponent("app/po/ar.po").path, dir.appendingPathComponent("vendor/x/ar.po").path])
        let o = try XCTUnwrap(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        XCTAssertEqual((o["files"] as? [[String: Any]])?.count, 1, "vendor/** is ignored")
        let findings = try XCTUnwrap(o["findings"] as? [[String: Any]])
        let ids = findings.map { "\($0["context"] as? String ?? ""):\($0["id"] as? String ?? ""):\($0["severity"] as? String ?? "")" }
        XCTAssertFalse(ids.contains { $0.hasPrefix("untranslated:") }, "\(ids)")
        XCTAssertTrue(ids.contains("numbers:numbers:error"), "\(ids)")
        XCTAssertTrue(ids.contains("brackets.mirrored:brackets:info"), "\(ids)")
        XCTAssertFalse(ids.contains { $0.hasPrefix("missing:") || $0.hasPrefix("added:") }, "\(ids)")
        XCTAssertTrue(ids.contains("type:placeholder-missing:error"), "\(ids)")
        XCTAssertEqual(r.status, 1)

        // A per-key width.
        let narrow = dir.appendingPathComponent("narrow.yaml")
        try "max-width:\n  keys: {\"digits|*\": 5}\n".write(to: narrow, atomically: true, encoding: .utf8)
        let n = try XCTUnwrap(try JSONSerialization.jsonObject(with: try Command.run(
            ["check", "--config", narrow.path, "--format", "json", dir.appendingPathComponent("app/po/ar.po").path]).stdout) as? [String: Any])
        let overflow = (n["findings"] as? [[String: Any]])?.filter { $0["id"] as? String == "overflow" }.map { $0["context"] as? String }
        XCTAssertEqual(overflow, ["digits"])
    }

    func test_config_errorsNameFileLineAndColumn_andExitTwo() throws {
        let dir = try workspace(["ar.po": "formats/clean.ar.po"])
        let config = dir.appendingPathComponent(".rtl-tui-check.yaml")
        try "rules:\n  untranslatd: off\n  numbers: loud\nmax-width: wide\n".write(to: config, atomically: true, encoding: .utf8)
        let r = try Command.run(["check", "--config", config.path, dir.appendingPathComponent("ar.po").path])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains(".rtl-tui-check.yaml:2:3: unknown check 'untranslatd'"), r.stderr)
        XCTAssertTrue(r.stderr.contains("did you mean 'untranslated'?"), r.stderr)
        XCTAssertTrue(r.stderr.contains(".rtl-tui-check.yaml:3:12: the setting of 'numbers' must be off, error, warning or info"), r.stderr)
        XCTAssertTrue(r.stderr.contains(".rtl-tui-check.yaml:4:12: 'max-width' must be a whole number"), r.stderr)
        XCTAssertEqual(r.stdout.count, 0)
    }

    // MARK: --fix

    func test_fix_repairsInPlace_thenReportsWhatRemains() throws {
        let dir = try workspace(["ar.po": "fix/fix.ar.po", "values-ar/strings.xml": "fix/values-ar/strings.xml", "bad.po": "invalid-utf8.ar.po"])
        let before = try Data(contentsOf: dir.appendingPathComponent("bad.po"))
        let path = { dir.appendingPathComponent($0).path }
        let r = try Command.run(["check", "--fix", path("ar.po"), path("values-ar/strings.xml"), path("bad.po")])
        XCTAssertTrue(r.text.contains("ar.po: fixed 4 strings"), r.text)
        XCTAssertTrue(r.text.contains("values-ar/strings.xml: fixed 6 strings"), r.text)
        XCTAssertFalse(r.text.contains("error[bidi-unbalanced] \"Admin only\""), "fixed, so no longer reported")
        XCTAssertTrue(r.stderr.contains("bad.po: not fixed: the file had loading problems"), r.stderr)
        XCTAssertTrue(r.stderr.contains("not fixed: markup"), r.stderr)
        XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("bad.po")), before, "a file with load errors is not touched")
        let second = try Command.run(["check", "--fix", path("ar.po")])
        XCTAssertFalse(second.text.contains("fixed"), second.text)
    }

    /// A configuration that turns off the checks the fixture warns with, leaving its notes.
    func notesOnly(_ dir: URL) throws -> String {
        let url = dir.appendingPathComponent("notes.yaml")
        try "rules:\n  literal-unisolated: off\n  direction-dependent: off\n".write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// R34 and R35 through the command: literal text reported with what the reader sees and
    /// isolated by `--fix`; a name first reported; notes counted apart in the summary.
    func test_R34_R35_literalTextAndLeadingNames_reported_fixed_andNotesCountedApart() throws {
        let dir = try workspace(["he.po": "literal.he.po"])
        let file = dir.appendingPathComponent("he.po").path
        let r = try Command.run(["check", "--format", "text", file])
        XCTAssertEqual(r.status, 0, "warnings and notes only: \(r.text)")
        XCTAssertTrue(r.text.contains("warning[literal-unisolated] \"Visit https://example.org/ for details.\": the URL ‹https://example.org/›"), r.text)
        XCTAssertTrue(r.text.contains("shows as ‹.םיטרפל /https://example.org תבותכב ורקב›"), r.text)
        XCTAssertTrue(r.text.contains("from-file--"), r.text)
        XCTAssertFalse(r.text.contains("\"Details: https://example.org.\": the URL"), "a sentence's own full stop reads right")
        XCTAssertTrue(r.text.contains("warning[direction-dependent] \"%s: Delete the file?\""), r.text)
        XCTAssertFalse(r.text.contains("\"%s KB free\""), "a number before a unit turns nothing: \(r.text)")
        XCTAssertTrue(r.text.contains("info[escapes] \"All done.\""), r.text)
        XCTAssertTrue(r.text.contains("info[bidi-unbalanced]"), r.text)
        XCTAssertTrue(r.text.contains("0 errors, 3 warnings, 2 notes (warnings: literal-unisolated 2, direction-dependent 1; notes: bidi-unbalanced 1, escapes 1)"), r.text)
        XCTAssertEqual(try Command.run(["check", "--strict", file]).status, 1, "warnings fail --strict")
        XCTAssertEqual(try Command.run(["check", "--strict", "--config", try notesOnly(dir), file]).status, 0, "notes never fail")
        let fixed = try Command.run(["check", "--fix", file])
        XCTAssertTrue(fixed.text.contains("he.po: fixed 2 strings"), fixed.text)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(text.contains("msgstr \"בקרו בכתובת \u{2068}https://example.org/\u{2069} לפרטים.\""), text)
        XCTAssertTrue(text.contains("msgstr \"השתמשו ב \u{2068}--from-file\u{2069} כדי"), text)
        XCTAssertTrue(text.contains("msgstr \"\u{202B}שלום עולם\\n\""), "an embedding the line break ends is left alone")
        XCTAssertFalse(fixed.text.contains("literal-unisolated"), fixed.text)
    }
}

/// A compact structural validator for SARIF 2.1.0 logs: the required properties, the types, the
/// enumerations and the `additionalProperties: false` of the OASIS schema
/// (sarif-schema-2.1.0.json), for the objects a linter writes.
enum SARIF {
    /// Property name → expected kind: "string", "integer>=N", "boolean", "object", "array", "enum:a|b", or a
    /// definition name (`#name` for one, `[#name]` for an array of them).
    typealias Shape = (required: [String], properties: [String: String], additional: Bool)

    static let definitions: [String: Shape] = [
        "log": (["version", "runs"], ["$schema": "string", "version": "enum:2.1.0", "runs": "[#run]", "properties": "object",
                                      "inlineExternalProperties": "array"], false),
        "run": (["tool"], ["tool": "#tool", "results": "[#result]", "columnKind": "enum:utf16CodeUnits|unicodeCodePoints",
                           "properties": "object", "invocations": "array", "artifacts": "array", "originalUriBaseIds": "object"], true),
        "tool": (["driver"], ["driver": "#toolComponent", "extensions": "array", "properties": "object"], false),
        "toolComponent": (["name"], ["name": "string", "version": "string", "semanticVersion": "string", "informationUri": "string",
                                     "rules": "[#reportingDescriptor]", "fullName": "string", "properties": "object"], true),
        "reportingDescriptor": (["id"], ["id": "string", "name": "string", "shortDescription": "#message",
                                         "fullDescription": "#message", "help": "#message", "helpUri": "string",
                                         "defaultConfiguration": "#reportingConfiguration", "properties": "object"], true),
        "reportingConfiguration": ([], ["enabled": "boolean", "level": "enum:none|note|warning|error", "rank": "number",
                                        "parameters": "object", "properties": "object"], false),
        "message": ([], ["text": "string", "markdown": "string", "id": "string", "arguments": "array", "properties": "object"], false),
        "result": (["message"], ["ruleId": "string", "ruleIndex": "integer>=-1", "level": "enum:none|note|warning|error",
                                 "kind": "enum:notApplicable|pass|fail|review|open|informational", "message": "#message",
                                 "locations": "[#location]", "partialFingerprints": "strings", "fingerprints": "strings",
                                 "properties": "object", "rule": "object", "fixes": "array"], true),
        "location": ([], ["id": "integer>=-1", "physicalLocation": "#physicalLocation", "logicalLocations": "[#logicalLocation]",
                          "message": "#message", "properties": "object"], false),
        "physicalLocation": ([], ["artifactLocation": "#artifactLocation", "region": "#region", "contextRegion": "#region",
                                  "address": "object", "properties": "object"], false),
        "artifactLocation": ([], ["uri": "string", "uriBaseId": "string", "index": "integer>=-1", "description": "#message",
                                  "properties": "object"], false),
        "region": ([], ["startLine": "integer>=1", "startColumn": "integer>=1", "endLine": "integer>=1", "endColumn": "integer>=1",
                        "charOffset": "integer>=-1", "charLength": "integer>=0", "byteOffset": "integer>=-1",
                        "byteLength": "integer>=0", "snippet": "object", "message": "#message", "sourceLanguage": "string",
                        "properties": "object"], false),
        "logicalLocation": ([], ["name": "string", "index": "integer>=-1", "fullyQualifiedName": "string", "decoratedName": "string",
                                 "parentIndex": "integer>=-1", "kind": "string", "properties": "object"], false),
    ]

    static func validate(_ log: [String: Any]) -> [String] {
        var problems: [String] = []
        check(log, "log", path: "$", into: &problems)
        return problems
    }

    static func check(_ value: Any, _ definition: String, path: String, into problems: inout [String]) {
        guard let object = value as? [String: Any] else { problems.append("\(path): expected an object (\(definition))"); return }
        let shape = definitions[definition]!
        for r in shape.required where object[r] == nil { problems.append("\(path): missing required property '\(r)'") }
        if definition == "message", object["text"] == nil, object["id"] == nil { problems.append("\(path): a message needs 'text' or 'id'") }
        for (key, v) in object {
            guard let kind = shape.properties[key] else {
                if !shape.additional { problems.append("\(path): property '\(key)' is not allowed") }
                continue
            }
            checkKind(v, kind, path: path + "." + key, into: &problems)
        }
    }

    /// JSONSerialization gives booleans as NSNumbers of Objective-C type `c`.
    static func isBoolean(_ n: NSNumber) -> Bool { String(cString: n.objCType) == "c" }

    static func checkKind(_ v: Any, _ kind: String, path: String, into problems: inout [String]) {
        if kind.hasPrefix("[#") {
            guard let a = v as? [Any] else { problems.append("\(path): expected an array"); return }
            for (i, x) in a.enumerated() { check(x, String(kind.dropFirst(2).dropLast()), path: "\(path)[\(i)]", into: &problems) }
        } else if kind.hasPrefix("#") {
            check(v, String(kind.dropFirst()), path: path, into: &problems)
        } else if kind.hasPrefix("enum:") {
            let allowed = kind.dropFirst(5).split(separator: "|").map(String.init)
            if !(v is String) || !allowed.contains(v as! String) { problems.append("\(path): '\(v)' is not one of \(allowed)") }
        } else if kind.hasPrefix("integer>=") {
            let minimum = Int(kind.dropFirst(9))!
            if let n = v as? NSNumber, !isBoolean(n), n.doubleValue == n.doubleValue.rounded() {
                if n.intValue < minimum { problems.append("\(path): \(n) is less than \(minimum)") }
            } else { problems.append("\(path): expected an integer") }
        } else {
            let ok: Bool
            switch kind {
            case "string": ok = v is String
            case "boolean": ok = (v as? NSNumber).map(isBoolean) ?? false
            case "number": ok = v is NSNumber
            case "object": ok = v is [String: Any]
            case "array": ok = v is [Any]
            case "strings": ok = (v as? [String: Any])?.values.allSatisfy { $0 is String } ?? false
            default: ok = false
            }
            if !ok { problems.append("\(path): expected \(kind)") }
        }
    }
}
