// swift-tools-version:6.0
// Two small programs built against rtl-tui's library products only, as a third party would depend
// on them (CI builds both; the settings app runs in tmux in the end-to-end tests).
import PackageDescription

let package = Package(
    name: "bidi-term-examples",
    dependencies: [
        .package(name: "rtl-tui", path: ".."),
    ],
    targets: [
        // A full-screen settings screen in Arabic: sidebar, slider, toggle, and a progress bar fed
        // from a background task through the app's mailbox.
        .executableTarget(
            name: "settings-app",
            dependencies: [
                .product(name: "BidiTerm", package: "rtl-tui"),
                .product(name: "BidiTermTerminal", package: "rtl-tui"),
            ]
        ),
        // A plain command-line tool that prints mixed Arabic, Hebrew and Latin text so it reads
        // right on a pipe and in a terminal.
        .executableTarget(
            name: "mixed-text",
            dependencies: [
                .product(name: "BidiTerm", package: "rtl-tui"),
                .product(name: "BidiTermTerminal", package: "rtl-tui"),
            ]
        ),
    ]
)
