import Foundation

/// The repository the tests come from and the paths they read, found from this file's own path
/// (`#filePath`), so the tests run from any directory.
public enum Repository {
    /// The repository's root directory.
    public static let root: URL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent()   // TestSupport
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()   // the repository

    /// The path of `relative` (a path from the repository's root).
    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// `Demo/screens`: the demo's screen files.
    public static let demoScreens = path("Demo/screens")
    /// `Demo/catalogs`: the demo's catalogs, one per language.
    public static let demoCatalogs = path("Demo/catalogs")
    /// The fixtures of the library tests (`Tests/BidiTermTests/Fixtures`), which the command tests
    /// share: catalogs (broken ones included), linter cases, golden screens, reference strings.
    public static let fixtures = root.appendingPathComponent("Tests/BidiTermTests/Fixtures")
    /// Terminals' recorded answers to queries (`Scripts/term-probe.py`), one file per terminal:
    /// what the fake terminal of the tests plays.
    public static let terminalReplies = path("Tests/BidiTermTests/Fixtures/terminal-replies")
}
