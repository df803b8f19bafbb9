/// A problem found in a screen file, with the place it was found.
///
/// `description` is the compiler-style line `path:line:column: error: message`, which editors and
/// terminals turn into a link.
public struct ScreenDiagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem it is; the associated values name the thing at fault.
    public enum Kind: Sendable, Equatable {
        /// The file could not be read (missing, not UTF-8).
        case unreadableFile
        /// The YAML itself is malformed (the parser's own message is in `message`).
        case syntax
        /// A mapping has the same key twice.
        case duplicateKey(String)
        /// `type:` names no known widget.
        case unknownNodeType(String)
        /// A field that the node type (or the file, or a text or item mapping) does not take.
        case unknownField(String)
        /// A field's value has the wrong YAML type (a list where a number belongs, …).
        case wrongType(field: String)
        /// A number outside the range its field allows.
        case outOfRange(field: String)
        /// A field that must be present is not.
        case missingField(String)
        /// A value of the right type that is not one of the allowed ones (`dir: up`, `size: "5x"`).
        case invalidValue(field: String)
        /// Two screen files of one directory have the same `screen:` id.
        case duplicateScreenID(String)
        /// A list item's `target:` names no screen of the directory.
        case unknownTarget(String)
    }

    /// The file, as given to the loader.
    public var path: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in Unicode scalars.
    public var column: Int
    /// The kind of problem.
    public var kind: Kind
    /// What is wrong, for people.
    public var message: String

    /// Creates a diagnostic.
    public init(path: String, line: Int, column: Int, kind: Kind, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.kind = kind
        self.message = message
    }

    /// `path:line:column: error: message`.
    public var description: String { "\(path):\(line):\(column): error: \(message)" }
}

/// The problems that kept a screen file from loading: every one found, in file order.
public struct ScreenFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problems, at least one, in the order they appear in the file.
    public var diagnostics: [ScreenDiagnostic]

    /// Creates an error from its diagnostics.
    public init(diagnostics: [ScreenDiagnostic]) { self.diagnostics = diagnostics }

    /// One diagnostic per line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
