// swift-tools-version:5.4
// libFuzzer targets for BidiTerm. A package of its own, so that the main package's `swift build`
// never sees executables without a `main`: build and run them with `Scripts/fuzz.sh` (or `make fuzz`),
// which passes `-sanitize=fuzzer,address -parse-as-library` to the compiler.
//
// Tools version 5.4 on purpose: from 5.5 on, SwiftPM renames an executable's entry point to
// `<module>_main` and links `main` to it, which leaves no room for libFuzzer's own `main`.
import PackageDescription

let package = Package(
    name: "rtl-tui-fuzz",
    dependencies: [
        .package(name: "rtl-tui", path: ".."),
    ],
    targets: [
        // Arbitrary bytes through BidiEngine.layout / width / analyze, with the engine's invariants.
        .executableTarget(
            name: "fuzz-engine",
            dependencies: [.product(name: "BidiTerm", package: "rtl-tui")],
            path: "Targets", exclude: ["catalog.swift", "screen.swift", "emulator.swift"], sources: ["engine.swift"]
        ),
        // Arbitrary bytes through CatalogLoader.load(data:path:format:locale:) for every format.
        .executableTarget(
            name: "fuzz-catalog",
            dependencies: [.product(name: "BidiTerm", package: "rtl-tui")],
            path: "Targets", exclude: ["engine.swift", "screen.swift", "emulator.swift"], sources: ["catalog.swift"]
        ),
        // Arbitrary bytes through the screen-file parser (YAML).
        .executableTarget(
            name: "fuzz-screen",
            dependencies: [.product(name: "BidiTerm", package: "rtl-tui")],
            path: "Targets", exclude: ["engine.swift", "catalog.swift", "emulator.swift"], sources: ["screen.swift"]
        ),
        // Program output through VTermEmulator (libvterm) and RowBidi, the path of `rtl-tui run`.
        .executableTarget(
            name: "fuzz-emulator",
            dependencies: [.product(name: "BidiTerm", package: "rtl-tui"),
                           .product(name: "BidiTermTerminal", package: "rtl-tui")],
            path: "Targets", exclude: ["engine.swift", "catalog.swift", "screen.swift"], sources: ["emulator.swift"]
        ),
    ]
)
