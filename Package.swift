// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "rtl-tui",
    products: [
        .library(name: "BidiTerm", targets: ["BidiTerm"]),
        .library(name: "BidiTermTerminal", targets: ["BidiTermTerminal"]),
        // What users run: `render` of plain text to a pipe or a file in a small program of its own,
        // everything else by the whole tool, which it starts in its place (Sources/rtl-tui-front).
        .executable(name: "rtl-tui", targets: ["RTLTUIFront"]),
        // The whole tool: every command (argument-parser, Foundation, ncurses, libvterm).
        .executable(name: "rtl-tui-full", targets: ["rtl-tui"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // `swift package generate-documentation` (`make docs`): the DocC catalogs of the products.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Thin C shim over ICU (ubidi, u_shapeArabic, break iterators, character properties,
        // numbering systems). Its public header exposes only CICU_-prefixed functions and plain C
        // types: ICU's own headers are included in shim.c only (see Sources/CICU/include/CICU.h).
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n"), .linkedLibrary("icudata")]
        ),
        // Thin C shim over ncursesw's wide-character API.
        .target(
            name: "CNcurses",
            cSettings: [.define("_XOPEN_SOURCE_EXTENDED"), .define("_DEFAULT_SOURCE")],
            linkerSettings: [.linkedLibrary("ncursesw")]
        ),
        // The library: text engine, cells, buffer, widgets, screens, catalogs, lint, and the
        // terminal-independent pieces of the app loop. No app, no terminal I/O, no ncurses.
        .target(
            name: "BidiTerm",
            dependencies: ["CICU", .product(name: "Yams", package: "Yams")]
        ),
        // The applications built on the library: the demo and the catalog browser, their views and
        // models. Terminal-independent (they draw into buffers), so tested without a TTY.
        .target(
            name: "RTLTUIApps",
            dependencies: ["BidiTerm"],
            // The demo's screens and catalogs, compiled into the code as bytes (no resource bundle
            // beside the binary, so a copied binary still has its demo). `Resources/Demo` links to
            // the repository's `Demo/`, the files' one home. `Resources/Chrome` holds the catalogs
            // of the apps' own interface (footer, help, notices) in each language it speaks.
            exclude: ["Resources/Demo/README.md"],
            resources: [.embedInCode("Resources/Demo/screens"), .embedInCode("Resources/Demo/catalogs"),
                        .embedInCode("Resources/Chrome")]
        ),
        // Thin C shim over libvterm (the emulator of `rtl-tui run`): CVTerm_-prefixed functions and
        // plain C types only; vterm.h is included in shim.c only (see Sources/CVTerm/include/CVTerm.h).
        .target(name: "CVTerm", linkerSettings: [.linkedLibrary("vterm")]),
        // Thin C shim over the C library's pseudo-terminal calls: the child's side of a spawn
        // (new session, controlling terminal, exec) runs in C between fork and exec.
        .target(name: "CPty"),
        // Running apps on a real terminal: the terminal session (start-up checks, identification,
        // the bidi plan, curses mode, signals, restore), the ncurses backend and the crash guard.
        // rtl-tui's own commands use it as any other program does.
        .target(
            name: "BidiTermTerminal",
            dependencies: ["BidiTerm", "CNcurses", "CPty", "CVTerm"]
        ),
        // The whole tool (the `rtl-tui-full` program): swift-argument-parser commands.
        .executableTarget(
            name: "rtl-tui",
            dependencies: [
                "BidiTerm", "BidiTermTerminal", "RTLTUIApps", "CNcurses", "CPty",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The `rtl-tui` program users start. It runs `render` on plain text (no options, standard
        // output not a terminal) itself and starts `rtl-tui-full` in its place for anything else.
        // Its sources are the engine's and `render`'s own files, linked from their homes and compiled
        // into this one module without Foundation, argument-parser, ncurses or libvterm: a process
        // that loads none of them starts in about a third of the time (BENCHMARKS.md, "Start-up of
        // `render`").
        .executableTarget(
            name: "RTLTUIFront",
            dependencies: ["CICU"],
            path: "Sources/rtl-tui-front",
            swiftSettings: [.define("RTL_TUI_FRONT")]
        ),
        // The benchmark driver of `make bench` (BENCHMARKS.md).
        .executableTarget(
            name: "rtl-bench",
            dependencies: ["BidiTerm", "RTLTUIApps"]
        ),
        // What the test targets share: the repository's paths, the built binary, RTL text helpers,
        // golden screens, line diffs, reference strings (a plain target that imports XCTest).
        .target(
            name: "TestSupport",
            dependencies: ["BidiTerm"],
            path: "Tests/TestSupport"
        ),
        // The library: engine, buffer, widgets, screens, catalogs, lint, the terminal-independent loop.
        .testTarget(
            name: "BidiTermTests",
            dependencies: ["BidiTerm", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        // The demo and the browser, driven by keys into buffers.
        .testTarget(
            name: "RTLTUIAppsTests",
            dependencies: ["BidiTerm", "RTLTUIApps", "TestSupport"]
        ),
        // The terminal session's pieces that need no terminal, and the emulator of `run`.
        .testTarget(
            name: "BidiTermTerminalTests",
            dependencies: ["BidiTermTerminal", "BidiTerm", "CVTerm", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        // The commands, parsed and run in process with captured output; hostile input through every
        // entry point.
        .testTarget(
            name: "RTLTUITests",
            dependencies: [
                "rtl-tui", "BidiTerm", "TestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The built binary as a user runs it: in tmux (keys, screens, signals, the bytes written),
        // and what only a real process shows (streaming through a pipe).
        .testTarget(
            name: "RTLTUIEndToEndTests",
            dependencies: ["BidiTerm", "TestSupport"]
        ),
    ]
)
