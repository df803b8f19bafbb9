// swift-tools-version:6.0
// Two small programs built against rtl-tui's library products only, as a third party would depend
// on them (CI builds both; the settings app runs in tmux in the end-to-end tests), and every Swift
// example of the documentation, one program each (DocExamples/, written by Scripts/doc-examples.py).
import Foundation
import PackageDescription

let library: [Target.Dependency] = [
    .product(name: "BidiTerm", package: "rtl-tui"),
    .product(name: "BidiTermTerminal", package: "rtl-tui"),
]

// One executable target per folder of DocExamples/ (none until Scripts/doc-examples.py runs). The
// list is read when the manifest is evaluated: build with `--manifest-cache none` (make examples,
// Scripts/doc-examples.py), or SwiftPM reuses the targets of an earlier evaluation.
let docExamples = ((try? FileManager.default.contentsOfDirectory(atPath: Context.packageDirectory + "/DocExamples")) ?? [])
    .filter { $0.hasPrefix("doc_") }
    .sorted()
    .map { Target.executableTarget(name: $0, dependencies: library, path: "DocExamples/\($0)") }

let package = Package(
    name: "bidi-term-examples",
    dependencies: [
        // Named here: a package added by path is otherwise named after its folder.
        .package(name: "rtl-tui", path: ".."),
    ],
    targets: [
        // A full-screen settings screen in Arabic: sidebar, slider, toggle, and a progress bar fed
        // from a background task through the app's mailbox.
        .executableTarget(name: "settings-app", dependencies: library),
        // A plain command-line tool that prints mixed Arabic, Hebrew and Latin text so it reads
        // right on a pipe and in a terminal.
        .executableTarget(name: "mixed-text", dependencies: library),
    ] + docExamples
)
