import BidiTerm
import Foundation

/// The files behind a preview: screen files and catalogs found from the paths given, the last
/// version of each that loaded, the problems of the versions on disk, and live reload.
///
/// Finding files (`rtl-tui preview PATH… --strings CATALOG…`):
/// - a screen file (`.yaml`, `.yml`) is taken as given; without `--strings`, the catalogs of its
///   folder come with it (of the folder above when it sits in a `screens/` folder);
/// - a folder with a `screens/` folder is the layout of `Demo/`: the screens there, the catalogs
///   under `catalogs/` (or anywhere else in the folder);
/// - any other folder holds screens and catalogs side by side: the screen files directly in it,
///   the catalogs in it and in its subfolders (`values-ur/strings.xml`, `ar.lproj/…`), down to
///   four levels, hidden folders and build folders left out;
/// - catalogs are the files `CatalogLoader` reads by extension (`.po`, `.mo`, `.strings`,
///   `.stringsdict`, `.xcstrings`, `.xml`, `.xlf`, `.xliff`, `.json`, `.arb`, `.ts`, `.qm`); `--strings` adds any file,
///   and a folder given to `--strings` (`res/`, `po/`, `ar.lproj/`, a folder of `.xcstrings`) is
///   read as `check` reads folders (`CatalogFiles.expand`: recursively, `.po`, `.mo`, `.gmo`,
///   `.strings`, `.stringsdict`, `.xcstrings`, `.xlf`, `.xliff`, `.arb`, `.qm`, Qt `.ts` and
///   Android `strings*.xml`; JSON only when named); an unreadable file found there is a problem.
///
/// Live reload (`reload()`, each poll): the files are watched by `FileWatcher` (size, times,
/// inode: an editor that saves by renaming shows as a new inode); a changed file is read again,
/// and so are the folders given, whose own stamp changes when a file is added, renamed or
/// removed. A file that no longer loads keeps its last good version in the content, and its
/// `file:line:column: message` lines are in `problems` until it loads again. A file gone from
/// disk (deleted, or deleted and written anew by an editor) keeps its last version too, with a
/// problem line, until it is back; `reload(force: true)` (the `r` key) forgets it. The warnings of
/// the catalogs that load (invalid UTF-8, duplicate keys, …) are in `warnings`.
public struct PreviewWorkspace: Sendable {
    /// The screen files, in the order found.
    public private(set) var screenPaths: [String] = []
    /// The catalog files, in the order found.
    public private(set) var catalogPaths: [String] = []
    /// The problems of the files on disk, by path: `file:line:column: message` lines. Empty when
    /// every file loads.
    public private(set) var problems: [String: [String]] = [:]
    /// The warnings of the catalogs as loaded, by path: `file:line:column: message` lines.
    public private(set) var warnings: [String: [String]] = [:]

    /// The paths and `--strings` files given.
    let roots: [String]
    let strings: [String]
    /// The last good version of each file.
    var screens: [String: ScreenFile] = [:]
    var catalogs: [String: [PreviewCatalog]] = [:]
    var watcher = FileWatcher()

    /// The extensions of screen files.
    static let screenExtensions = ["yaml", "yml"]
    /// The extensions of catalog files looked for in folders.
    static let catalogExtensions = ["po", "mo", "strings", "stringsdict", "xcstrings", "xml", "xlf", "xliff", "json", "arb", "ts", "qm"]
    /// Folders not searched.
    static let skippedFolders: Set<String> = ["node_modules", "build", "Build", "DerivedData", "Pods"]

    /// Finds and loads the files.
    /// - Throws: `PreviewLoadError` listing every problem (a path that does not exist, a file that
    ///   is malformed, no screen at all), each as `file:line:column: message`.
    public init(paths: [String], strings: [String] = []) throws(PreviewLoadError) {
        roots = paths
        self.strings = strings
        var missing: [String] = []
        for p in paths + strings where !FileManager.default.fileExists(atPath: p) {
            missing.append("\(p): no such file or folder")
        }
        if !missing.isEmpty { throw PreviewLoadError(problems: missing) }
        let (s, c) = discover()
        for p in s + c { watcher.watch(p) }
        for d in roots + strings where isDirectory(d) { watcher.watch(d) }
        for u in CatalogFiles.expand(strings).unreadable { problems[u.path] = ["\(u.path): \(u.reason)"] }
        for d in strings where isDirectory(d) && CatalogFiles.expand([d]).files.isEmpty {
            problems[d] = ["\(d): no catalog in the folder (it is read as `check` reads folders: .po, .mo, .strings, .stringsdict, .xcstrings, .xlf, .xliff, .arb, .qm, Qt .ts and strings*.xml)"]
        }
        screenPaths = s
        catalogPaths = c
        for p in s { loadScreen(p) }
        for p in c { loadCatalog(p) }
        let all = problems.keys.sorted().flatMap { problems[$0] ?? [] }
        if !all.isEmpty { throw PreviewLoadError(problems: all) }
        if screenPaths.isEmpty {
            throw PreviewLoadError(problems: ["\(paths.joined(separator: ", ")): no screen file (.yaml) found"])
        }
    }

    /// The files to read: screens and catalogs, in a stable order.
    func discover() -> (screens: [String], catalogs: [String]) {
        var screens: [String] = [], catalogs: [String] = []
        func addScreen(_ p: String) { if !screens.contains(p) { screens.append(p) } }
        func addCatalog(_ p: String) { if !catalogs.contains(p) { catalogs.append(p) } }
        for root in roots {
            if isDirectory(root) {
                let screensDir = (root as NSString).appendingPathComponent("screens")
                if isDirectory(screensDir) {
                    files(in: screensDir, depth: 0, extensions: Self.screenExtensions).forEach(addScreen)
                    files(in: root, depth: 4, extensions: Self.catalogExtensions, skipping: [screensDir]).forEach(addCatalog)
                } else {
                    files(in: root, depth: 0, extensions: Self.screenExtensions).forEach(addScreen)
                    files(in: root, depth: 4, extensions: Self.catalogExtensions).forEach(addCatalog)
                }
            } else if Self.screenExtensions.contains((root as NSString).pathExtension.lowercased()) {
                addScreen(root)
                if strings.isEmpty { Self.catalogPaths(besideScreen: root).forEach(addCatalog) }
            } else {
                addCatalog(root)
            }
        }
        // Folders as `check` opens them (the files named are kept as they are).
        CatalogFiles.expand(strings).files.forEach(addCatalog)
        return (screens, catalogs)
    }

    /// The catalogs that come with a screen file given alone: those of its folder and its
    /// subfolders (of the folder above when it sits in a `screens/` folder), in path order.
    /// `render --screen` without `--strings` reads the same ones.
    public static func catalogPaths(besideScreen screen: String) -> [String] {
        var folder = (screen as NSString).deletingLastPathComponent
        if folder.isEmpty { folder = "." }
        if (folder as NSString).lastPathComponent == "screens" { folder = (folder as NSString).deletingLastPathComponent }
        if folder.isEmpty { folder = "." }
        return PreviewWorkspace.files(in: folder, depth: 4, extensions: catalogExtensions)
    }

    /// The catalogs of one file, as the preview reads it: one per language of an `.xcstrings`
    /// file, an ARB template marked as the source language.
    /// - Throws: the loader's `CatalogDiagnostic`.
    public static func loadCatalogs(path: String) throws -> [PreviewCatalog] {
        let first = try CatalogLoader.load(path: path)
        var split = try PreviewCatalog.split(first) { try CatalogLoader.load(path: path, locale: $0) }
        if first.format == .arb, isARBTemplate(path) {
            for i in split.indices { split[i].isSourceTemplate = true }
        }
        return split
    }

    func files(in folder: String, depth: Int, extensions: [String], skipping: [String] = []) -> [String] {
        Self.files(in: folder, depth: depth, extensions: extensions, skipping: skipping)
    }

    static func isDirectory(_ path: String) -> Bool {
        var d: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &d) && d.boolValue
    }

    func isDirectory(_ path: String) -> Bool {
        var d: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &d) && d.boolValue
    }

    /// The files under `folder` (to `depth` levels of subfolders) with one of `extensions`, sorted
    /// by path; hidden files and folders, build folders and `skipping` left out.
    static func files(in folder: String, depth: Int, extensions: [String], skipping: [String] = []) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var out: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder == "." ? name : (folder as NSString).appendingPathComponent(name)
            if isDirectory(path) {
                if depth > 0, !Self.skippedFolders.contains(name), !skipping.contains(path) {
                    out += files(in: path, depth: depth - 1, extensions: extensions, skipping: skipping)
                }
            } else if extensions.contains((name as NSString).pathExtension.lowercased()) {
                out.append(path)
            }
        }
        return out
    }

    mutating func loadScreen(_ path: String) {
        do {
            screens[path] = try ScreenFile.load(path: path)
            problems[path] = nil
        } catch {
            problems[path] = error.diagnostics.map(\.description)
        }
    }

    mutating func loadCatalog(_ path: String) {
        do {
            let loaded = try Self.loadCatalogs(path: path)
            catalogs[path] = loaded
            problems[path] = nil
            // An `.xcstrings` file is one catalog per language: its warnings once.
            var seen = Set<CatalogDiagnostic>()
            warnings[path] = loaded.flatMap(\.catalog.warnings).filter { seen.insert($0).inserted }.map(\.description)
        } catch {
            problems[path] = ["\(error)"]
        }
    }

    /// True when `path` is the template of a Flutter project: the `template-arb-file` of the
    /// `l10n.yaml` in its folder or one of the three above (`app_en.arb` when it names none).
    static func isARBTemplate(_ path: String) -> Bool {
        var folder = (path as NSString).deletingLastPathComponent
        for _ in 0..<4 {
            let yaml = ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent("l10n.yaml")
            if let text = try? String(contentsOfFile: yaml, encoding: .utf8) {
                var template = "app_en.arb"
                for line in text.split(whereSeparator: \.isNewline) {
                    let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    if parts.count == 2, parts[0] == "template-arb-file" {
                        template = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
                    }
                }
                return (path as NSString).lastPathComponent == template
            }
            if folder.isEmpty || folder == "/" { break }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return false
    }

    /// Reads again what changed on disk (everything with `force`).
    /// - Returns: the files read again (loaded or not), in the order watched.
    public mutating func reload(force: Bool = false) -> [String] {
        let changed = watcher.changes(force: force)
        guard !changed.isEmpty else { return [] }
        var touched: [String] = []
        if changed.contains(where: isDirectory) || force {
            // A file added, renamed or removed in a folder given: look again.
            var (s, c) = discover()
            if !force {
                // A file gone from disk may be an editor's save (delete, then write anew): its last
                // version stays, with a problem line, until it is back (or `r` reads all again).
                func gone(_ p: String, _ found: [String]) -> Bool {
                    !found.contains(p) && !FileManager.default.fileExists(atPath: p)
                }
                let keptScreens = screenPaths.filter { gone($0, s) }, keptCatalogs = catalogPaths.filter { gone($0, c) }
                for p in keptScreens + keptCatalogs {
                    if problems[p] == nil { touched.append(p) }
                    problems[p] = [Self.goneMessage(p)]
                }
                s = screenPaths.filter { s.contains($0) || keptScreens.contains($0) } + s.filter { !screenPaths.contains($0) }
                c = catalogPaths.filter { c.contains($0) || keptCatalogs.contains($0) } + c.filter { !catalogPaths.contains($0) }
            }
            for p in screenPaths + catalogPaths where !(s + c).contains(p) {
                watcher.unwatch(p)
                screens[p] = nil
                catalogs[p] = nil
                problems[p] = nil
                warnings[p] = nil
                touched.append(p)
            }
            for p in s + c where !(screenPaths + catalogPaths).contains(p) {
                watcher.watch(p)
                if s.contains(p) { loadScreen(p) } else { loadCatalog(p) }
                touched.append(p)
            }
            screenPaths = s
            catalogPaths = c
        }
        for p in changed where !isDirectory(p) && !touched.contains(p) {
            if !FileManager.default.fileExists(atPath: p), (screenPaths + catalogPaths).contains(p) {
                problems[p] = [Self.goneMessage(p)]
                touched.append(p)
                continue
            }
            if screenPaths.contains(p) { loadScreen(p) } else if catalogPaths.contains(p) { loadCatalog(p) }
            touched.append(p)
        }
        return touched
    }

    /// The problem line of a file that is gone from disk.
    static func goneMessage(_ p: String) -> String {
        "\(p): the file is gone (deleted, or an editor is saving it); its last version stays until it is back"
    }

    /// Every problem, file by file in the order found (then those of paths found in no list: an
    /// unreadable file or an empty folder under `--strings`).
    public var allProblems: [String] {
        let listed = screenPaths + catalogPaths
        return listed.flatMap { problems[$0] ?? [] } + problems.keys.filter { !listed.contains($0) }.sorted().flatMap { problems[$0] ?? [] }
    }

    /// Every catalog warning, file by file in the order found.
    public var allWarnings: [String] { catalogPaths.flatMap { warnings[$0] ?? [] } }

    /// The content: the last good version of every file. Screens sort by `order`, then by path;
    /// a screen whose id repeats an earlier one's is left out.
    public func content(extraLocales: [String] = []) -> PreviewContent {
        var list: [ScreenFile] = []
        var ids = Set<String>()
        for p in screenPaths {
            if let s = screens[p], ids.insert(s.id).inserted { list.append(s) }
        }
        list.sort { a, b in (a.order ?? Int.max, a.path) < (b.order ?? Int.max, b.path) }
        var content = PreviewContent(screens: list, catalogs: catalogPaths.flatMap { catalogs[$0] ?? [] }, extraLocales: extraLocales)
        content.followsPlatformTextDirection = true
        return content
    }
}

/// Why a preview cannot start: every problem, as `file:line:column: message` lines.
public struct PreviewLoadError: Error, Sendable, CustomStringConvertible {
    /// One line per problem.
    public var problems: [String]
    public var description: String { problems.joined(separator: "\n") }
}
