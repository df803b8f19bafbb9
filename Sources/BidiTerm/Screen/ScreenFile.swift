import Foundation

/// One screen, parsed from a screen file (YAML; the format is `Docs/SCREEN-FORMAT.md`).
///
/// ```swift
/// do {
///     let screen = try ScreenFile.load(path: "Demo/screens/settings.yaml")
///     print(screen.id, screen.root.kind.typeName)
/// } catch {
///     print(error)   // every problem, one `file:line:column: error: …` line each
/// }
/// ```
public struct ScreenFile: Sendable, Equatable {
    /// The screen's id (`screen:`), used to navigate between screens.
    public var id: String
    /// The screen's title (`title:`), shown in the top pane's title.
    public var title: TextRef?
    /// Where the screen sorts among the screens of its directory (`order:`); screens without one
    /// come after those with one, by file name.
    public var order: Int?
    /// The widget tree (`root:`).
    public var root: ScreenNode
    /// The file the screen was read from, as given to the loader.
    public var path: String
    /// Where each catalog key is first written in the file (a list item's, a breadcrumb item's,
    /// the title's own line and column, not its node's); empty for a screen built in code.
    public var keyPositions: [String: KeyPosition] = [:]

    /// A 1-based line and column (in Unicode scalars) of a screen file.
    public struct KeyPosition: Sendable, Hashable {
        /// The 1-based line.
        public var line: Int
        /// The 1-based column, in Unicode scalars.
        public var column: Int
        /// Creates a position.
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    /// Where `key` is written (`keyPositions`), else the position of `node`, else nil.
    public func position(of key: String?, node: ScreenNode?) -> KeyPosition? {
        if let key, let p = keyPositions[key] { return p }
        if let node, node.line > 0 { return KeyPosition(line: node.line, column: node.column) }
        return nil
    }

    /// Creates a screen.
    public init(id: String, title: TextRef? = nil, order: Int? = nil, root: ScreenNode, path: String) {
        self.id = id
        self.title = title
        self.order = order
        self.root = root
        self.path = path
    }

    /// Every text reference of the screen (its title, then the nodes depth first), each with the
    /// node that holds it (nil for the title). A renderer's list of keys to check against a catalog.
    public var textRefs: [(ref: TextRef, node: ScreenNode?)] {
        var out: [(ref: TextRef, node: ScreenNode?)] = title.map { [($0, nil)] } ?? []
        for node in root.allNodes {
            out += node.textRefs.map { ($0, node) }
        }
        return out
    }

    /// Every catalog key the screen uses, without repeats, in file order.
    public var catalogKeys: [String] {
        var seen = Set<String>()
        return textRefs.compactMap(\.ref.key).filter { seen.insert($0).inserted }
    }

    /// Parses screen-file YAML.
    ///
    /// Reports every problem it can find rather than stopping at the first: a YAML syntax error
    /// stops parsing, but unknown fields, wrong types, values out of range and missing fields are
    /// collected across the whole tree.
    ///
    /// - Parameters:
    ///   - yaml: the file's text.
    ///   - path: the name to use for the file in diagnostics and in `ScreenFile.path`.
    /// - Returns: the screen.
    /// - Throws: `ScreenFileError` with every problem found, in file order.
    public static func parse(yaml: String, path: String) throws(ScreenFileError) -> ScreenFile {
        let parser = ScreenParser(path: path)
        // A UTF-8 byte order mark, which some editors write, is not part of the YAML.
        let screen = parser.parseFile(yaml: yaml.hasPrefix("\u{FEFF}") ? String(yaml.dropFirst()) : yaml)
        if let screen, parser.diagnostics.isEmpty { return screen }
        try reject(parser.diagnostics, path: path)
    }

    /// Reads and parses a screen file.
    ///
    /// - Parameter path: the file.
    /// - Returns: the screen.
    /// - Throws: `ScreenFileError`: the file cannot be read as UTF-8 text, or the problems that
    ///   `parse(yaml:path:)` finds.
    public static func load(path: String) throws(ScreenFileError) -> ScreenFile {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ScreenFileError(diagnostics: [ScreenDiagnostic(
                path: path, line: 1, column: 1, kind: .unreadableFile,
                message: "cannot read the screen file: \(error.localizedDescription)")])
        }
        if let bad = firstInvalidUTF8(data) {
            throw ScreenFileError(diagnostics: [ScreenDiagnostic(
                path: path, line: bad.line, column: bad.column, kind: .unreadableFile,
                message: "invalid UTF-8: byte 0x\(String(format: "%02X", bad.byte)) at byte offset \(bad.offset) (a screen file is UTF-8 text)")])
        }
        return try parse(yaml: String(decoding: data, as: UTF8.self), path: path)
    }

    /// The first byte of `data` that is not valid UTF-8, with its 1-based line and column (in
    /// Unicode scalars, as every position of a screen file), or nil when all of it is.
    static func firstInvalidUTF8(_ data: Data) -> (line: Int, column: Int, offset: Int, byte: UInt8)? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = data.makeIterator()
        var line = 1, column = 1, offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let bytes):
                offset += bytes.count
                if bytes.count == 1 && bytes.first == 0x0A { line += 1; column = 1 } else { column += 1 }
            case .error:
                return (line, column, offset, data[data.startIndex + offset])
            case .emptyInput:
                return nil
            }
        }
    }

    /// Reads every `.yaml`/`.yml` file of a directory.
    ///
    /// Files that fail to load are left out and their problems reported; so are screens whose id
    /// repeats an earlier file's, and list items whose `target:` names no screen of the directory.
    /// Screens come sorted by `order`, then by file name.
    ///
    /// - Parameter directory: the directory (not searched recursively).
    /// - Returns: the screens that loaded, and every problem found.
    public static func loadDirectory(_ directory: String) -> ScreenCollection {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            return ScreenCollection(screens: [], diagnostics: [ScreenDiagnostic(
                path: directory, line: 1, column: 1, kind: .unreadableFile,
                message: "cannot list the screens directory: \(error.localizedDescription)")])
        }
        let files = names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
        var screens: [ScreenFile] = []
        var diagnostics: [ScreenDiagnostic] = []
        var ids: [String: String] = [:]
        for name in files {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            do {
                let screen = try load(path: path)
                if let first = ids[screen.id] {
                    diagnostics.append(ScreenDiagnostic(
                        path: path, line: 1, column: 1, kind: .duplicateScreenID(screen.id),
                        message: "screen id '\(screen.id)' is already used by \(first)"))
                    continue
                }
                ids[screen.id] = path
                screens.append(screen)
            } catch {
                diagnostics += error.diagnostics
            }
        }
        for screen in screens {
            for node in screen.root.allNodes {
                guard case .list(let items, _, _) = node.kind else { continue }
                for target in items.compactMap(\.target) where ids[target] == nil {
                    diagnostics.append(ScreenDiagnostic(
                        path: screen.path, line: node.line, column: node.column,
                        kind: .unknownTarget(target),
                        message: "list item target '\(target)' names no screen; screens: "
                            + ids.keys.sorted().joined(separator: ", ")))
                }
            }
        }
        screens.sort { a, b in
            switch (a.order, b.order) {
            case let (x?, y?) where x != y: return x < y
            case (_?, nil): return true
            case (nil, _?): return false
            default: return a.path < b.path
            }
        }
        return ScreenCollection(screens: screens, diagnostics: diagnostics)
    }

    private static func reject(_ diagnostics: [ScreenDiagnostic], path: String) throws(ScreenFileError) -> Never {
        var sorted = diagnostics.enumerated().sorted { a, b in
            (a.element.line, a.element.column, a.offset) < (b.element.line, b.element.column, b.offset)
        }.map(\.element)
        if sorted.isEmpty {
            sorted = [ScreenDiagnostic(path: path, line: 1, column: 1, kind: .syntax,
                                       message: "the screen file could not be parsed")]
        }
        throw ScreenFileError(diagnostics: sorted)
    }
}

/// The screens of a directory and the problems found while loading them
/// (`ScreenFile.loadDirectory(_:)`).
public struct ScreenCollection: Sendable, Equatable {
    /// The screens that loaded, sorted by `order`, then by file name.
    public var screens: [ScreenFile]
    /// Every problem found, file by file.
    public var diagnostics: [ScreenDiagnostic]

    /// Creates a collection.
    public init(screens: [ScreenFile], diagnostics: [ScreenDiagnostic]) {
        self.screens = screens
        self.diagnostics = diagnostics
    }

    /// The screen with this id, if loaded.
    public func screen(id: String) -> ScreenFile? { screens.first { $0.id == id } }
}
