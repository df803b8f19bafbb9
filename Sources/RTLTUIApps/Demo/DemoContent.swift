import BidiTerm
import Foundation

/// The demo's screens and catalogs: the files of `Demo/` built into the code by SwiftPM
/// (`resources: [.embedInCode(…)]` in Package.swift), so the binary carries its demo wherever it
/// is copied (over SSH, to a server), or the files of another folder with the same layout
/// (`rtl-tui demo --demo-dir`).
public struct DemoContent {
    /// The screens, in their `order` (then by id).
    public var screens: [ScreenFile]
    /// One catalog per language code (`en`, `ar`, …).
    public var catalogs: [String: Catalog]

    /// The files built into the code, by path relative to `Demo/`. SwiftPM names each after its
    /// file name alone; a test checks that this list is exactly what `Demo/` holds.
    public static let builtIn: [(path: String, bytes: [UInt8])] = [
        ("screens/overview.yaml", PackageResources.overview_yaml),
        ("screens/settings.yaml", PackageResources.settings_yaml),
        ("screens/player.yaml", PackageResources.player_yaml),
        ("screens/reading.yaml", PackageResources.reading_yaml),
        ("screens/ratings.yaml", PackageResources.ratings_yaml),
        ("screens/messages.yaml", PackageResources.messages_yaml),
        ("catalogs/en.po", PackageResources.en_po),
        ("catalogs/ar.po", PackageResources.ar_po),
        ("catalogs/he.po", PackageResources.he_po),
        ("catalogs/fa.po", PackageResources.fa_po),
    ]

    /// Why the content cannot be used. `problems` are `file:line:column: message` lines, one per
    /// problem of every file (nothing is left out).
    public struct LoadError: Error, CustomStringConvertible {
        /// The folder is not usable (no `screens/` or `catalogs/`, an unreadable file, no screen).
        public var message: String?
        /// The problems of malformed screen files and catalogs.
        public var problems: [String]
        public var description: String { message ?? problems.joined(separator: "\n") }
    }

    /// The extensions of the files read from a folder.
    static let screenExtensions = [".yaml", ".yml"]
    static let catalogExtensions = [".po", ".mo", ".strings", ".stringsdict", ".xcstrings", ".xml", ".xlf", ".xliff", ".json", ".arb", ".ts", ".qm"]

    /// The content of `directory` (the layout of `Demo/`: `screens/` and `catalogs/`), or the
    /// built-in copy when it is nil.
    public static func load(from directory: String? = nil) throws -> DemoContent {
        var files: [(path: String, data: Data)] = []
        if let directory {
            for sub in ["screens", "catalogs"] {
                let d = (directory as NSString).appendingPathComponent(sub)
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: d) else {
                    throw LoadError(message: "\(directory) has no \(sub)/ folder (expected the layout of Demo/)", problems: [])
                }
                for n in names.sorted() where (screenExtensions + catalogExtensions).contains(where: n.hasSuffix) {
                    let p = (d as NSString).appendingPathComponent(n)
                    guard let data = FileManager.default.contents(atPath: p) else {
                        throw LoadError(message: "cannot read \(p)", problems: [])
                    }
                    files.append((sub + "/" + n, data))
                }
            }
        } else {
            files = builtIn.map { ($0.path, Data($0.bytes)) }
        }
        var screens: [ScreenFile] = []
        var catalogs: [String: Catalog] = [:]
        var problems: [String] = []
        for f in files {
            let path = directory.map { ($0 as NSString).appendingPathComponent(f.path) } ?? "Demo/" + f.path
            if f.path.hasPrefix("screens/") && screenExtensions.contains(where: f.path.hasSuffix) {
                do { screens.append(try ScreenFile.parse(yaml: String(decoding: f.data, as: UTF8.self), path: path)) } catch {
                    problems += error.diagnostics.map(\.description)
                }
            } else {
                do {
                    let c = try CatalogLoader.load(data: f.data, path: path)
                    let lang = Locales.language(of: c.locale ?? ((f.path as NSString).lastPathComponent as NSString).deletingPathExtension)
                    catalogs[lang] = c
                } catch {
                    problems.append("\(error)")
                }
            }
        }
        if !problems.isEmpty { throw LoadError(message: nil, problems: problems) }
        guard !screens.isEmpty else { throw LoadError(message: "no screens found", problems: []) }
        screens.sort { ($0.order ?? Int.max, $0.id) < ($1.order ?? Int.max, $1.id) }
        return DemoContent(screens: screens, catalogs: catalogs)
    }
}
