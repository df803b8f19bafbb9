// libFuzzer target: arbitrary bytes through CatalogLoader.load(data:path:format:locale:) for every
// catalog format, then, for a catalog that loads, through the linter that `rtl-tui check` runs and
// the fixer of `rtl-tui check --fix`.
//
// Input layout: byte 0 picks the format (one of CatalogFormat.allCases, or detection from a path
// that names no format), byte 1 the locale asked for; the rest is the file. Errors are fine; a
// crash, a hang, or an error other than a CatalogDiagnostic is not.
import BidiTerm
import Foundation

/// For each choice of byte 0: the format passed to the loader (nil: detect it) and a path of the
/// kind that format is found at (the loader guesses the locale from it).
let choices: [(CatalogFormat?, String)] = [
    (.po, "po/ar.po"),
    (.mo, "locale/ar/LC_MESSAGES/app.mo"),
    (.strings, "ar.lproj/Localizable.strings"),
    (.xcstrings, "Localizable.xcstrings"),
    (.androidXML, "res/values-ar/strings.xml"),
    (.xliff12, "he.xlf"),
    (.xliff20, "he.xliff"),
    (.json, "locales/he/common.json"),
    (.arb, "l10n/app_ar.arb"),
    (nil, "catalog"),
    (nil, "fa.json"),
    (nil, "values-iw/strings.xml"),
    (.qtTS, "i18n/app_ar.ts"),
    (.qtQM, "translations/app_ar.qm"),
    (.stringsdict, "ar.lproj/Localizable.stringsdict"),
]

let locales: [String?] = [nil, "ar", "he", "en", "fa", ""]

nonisolated(unsafe) let linter = BidiLinter(options: .init(maxWidth: 40))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let (format, path) = choices[Int(count > 0 ? bytes[0] : 0) % choices.count]
    let locale = locales[Int(count > 1 ? bytes[1] : 0) % locales.count]
    let data = count > 2 ? Data(bytes[2...]) : Data()
    do {
        let catalog = try CatalogLoader.load(data: data, path: path, format: format, locale: locale)
        for w in catalog.warnings where w.file != path || w.line < 0 || w.column < 0 {
            fatalError("warning with a bad position: \(w)")
        }
        for e in catalog.entries where e.line < 0 || e.column < 0 {
            fatalError("entry \(e.key.debugDescription) at line \(e.line), column \(e.column)")
        }
        _ = catalog.lookup(catalog.entries.first?.key ?? "")
        for f in linter.check(catalog) where f.line < 0 || f.column < 0 {
            fatalError("finding with a bad position: \(f)")
        }
        // `check --fix` refuses or writes a file that loads back as intended (it verifies that
        // itself); it must not crash on any file the loader accepts.
        if let result = try? CatalogFixer.fix(data, catalog: catalog), result.fixed.isEmpty, result.data != data {
            fatalError("--fix changed a file it did not fix")
        }
    } catch let d as CatalogDiagnostic {
        if d.file != path || d.line < 0 || d.column < 0 || d.message.isEmpty {
            fatalError("diagnostic without file and position: \(d)")
        }
    } catch {
        fatalError("the loader threw \(type(of: error)), not a CatalogDiagnostic: \(error)")
    }
    return 0
}
