import Synchronization

/// Where the text a widget draws comes from: the file and position of the screen node that holds
/// it, and the catalog key behind each of the node's texts. `ScreenRenderer` puts one in the
/// `RenderContext` of every node's subtree (`RenderContext.origin`), so that a truncation can be
/// reported where the author can fix it.
public struct TextOrigin: Sendable, Hashable {
    /// The screen file.
    public var file: String
    /// The node's 1-based line; 0 when the text has no node (a screen's title).
    public var line: Int
    /// The node's 1-based column in Unicode scalars; 0 when unknown.
    public var column: Int
    /// The node's texts as drawn, each with the catalog key it was looked up with.
    public var keys: [String: String]

    /// Creates an origin.
    public init(file: String, line: Int, column: Int, keys: [String: String] = [:]) {
        self.file = file
        self.line = line
        self.column = column
        self.keys = keys
    }
}

/// A text that did not fit where it was drawn: cut with `…` (labels, list items, titles, the
/// text of row items), left out (a button with no room), or with lines below its area (a wrapped
/// paragraph).
public struct Truncation: Sendable, Hashable, CustomStringConvertible {
    /// What `needed` and `given` count.
    public enum Unit: String, Sendable, Hashable {
        /// Columns, for text on one line.
        case cells
        /// Rows, for wrapped text.
        case rows
    }

    /// A cell of the buffer.
    public struct Position: Sendable, Hashable {
        /// The column.
        public var x: Int
        /// The row.
        public var y: Int
        /// The cell at (`x`, `y`).
        public init(x: Int, y: Int) {
            self.x = x
            self.y = y
        }
    }

    /// The whole text, as it was to be drawn.
    public var text: String
    /// The catalog key it comes from; nil for literal text or text outside a screen.
    public var key: String?
    /// Where the text comes from (the screen node), if known.
    public var origin: TextOrigin?
    /// What the text needs: its width in cells on one line, or its lines when wrapped.
    public var needed: Int
    /// What it had: the cells (or rows) of its area.
    public var given: Int
    /// Cells or rows.
    public var unit: Unit
    /// The `…` cells drawn for it (none when the text was left out or cut below its area).
    public var marks: [Position]

    /// Creates a record.
    public init(text: String, key: String?, origin: TextOrigin?, needed: Int, given: Int, unit: Unit,
                marks: [Position] = []) {
        self.text = text
        self.key = key
        self.origin = origin
        self.needed = needed
        self.given = given
        self.unit = unit
        self.marks = marks
    }

    /// `file:line:column` of the node the text belongs to (`file` alone without a line), or nil.
    public var location: String? {
        guard let o = origin else { return nil }
        if o.line <= 0 { return o.file }
        return o.column > 0 ? "\(o.file):\(o.line):\(o.column)" : "\(o.file):\(o.line)"
    }

    /// The key in quotes, or the text itself (cut after 40 characters) when it has no key.
    public var subject: String {
        if let key { return "\"\(key)\"" }
        let short = text.count > 40 ? String(text.prefix(39)) + "…" : text
        return "text \"\(short)\""
    }

    /// `needs 31 cells, has 24`.
    public var measure: String { "needs \(needed) \(unit.rawValue), has \(given)" }

    /// `file:line:column: warning: truncated "key": needs 31 cells, has 24`.
    public var description: String {
        let head = location.map { $0 + ": " } ?? ""
        return "\(head)warning: truncated \(subject): \(measure)"
    }

    /// What identifies the same truncation in several drawings (both directions, several frames).
    var identity: [String] {
        [origin?.file ?? "", String(origin?.line ?? 0), String(origin?.column ?? 0), key ?? "", text, unit.rawValue]
    }
}

/// Lists of truncations.
extension Array where Element == Truncation {
    /// The records sorted by file, line and column (records without a line first in their file),
    /// drawing order kept among equals.
    public var inFileOrder: [Truncation] {
        enumerated().sorted {
            ($0.element.origin?.file ?? "", $0.element.origin?.line ?? 0, $0.element.origin?.column ?? 0, $0.offset)
                < ($1.element.origin?.file ?? "", $1.element.origin?.line ?? 0, $1.element.origin?.column ?? 0, $1.offset)
        }.map(\.element)
    }
}

/// Collects the truncations of one render pass. Carried by `RenderContext.truncations`; the widgets
/// that cut or leave out text report it there (labels, list items, pane titles, toggle, slider and
/// progress labels, the text of navigation, breadcrumbs and buttons, wrapped paragraphs). A
/// reference, because widgets draw through non-mutating `render`; use one per render pass. It is
/// `Sendable` (its records are behind a lock), as the context that carries it is.
///
///     var buffer = Buffer(width: 6, height: 1)
///     let recorder = TruncationRecorder()
///     var context = RenderContext(direction: .rtl)
///     context.truncations = recorder
///     Label("שלום עולם").render(Rect(x: 0, y: 0, width: 6, height: 1), into: &buffer, context: context)
///     recorder.truncations.first?.measure   // "needs 9 cells, has 6"
public final class TruncationRecorder: Sendable {
    private struct Records {
        var truncations: [Truncation] = []
        var index: [[String]: Int] = [:]
    }
    private let records = Mutex(Records())

    /// Creates an empty recorder.
    public init() {}

    /// The truncations, in drawing order; one per text (the same text cut in several drawings is
    /// one record, with the `…` cells of each).
    public var truncations: [Truncation] { records.withLock { $0.truncations } }

    /// Every `…` cell drawn, for marking them.
    public var marks: [Truncation.Position] { truncations.flatMap(\.marks) }

    /// Adds `truncation`, or its marks to an earlier record of the same text.
    public func record(_ truncation: Truncation) {
        records.withLock { r in
            if let i = r.index[truncation.identity] {
                r.truncations[i].marks += truncation.marks
                return
            }
            r.index[truncation.identity] = r.truncations.count
            r.truncations.append(truncation)
        }
    }

    /// Forgets everything recorded.
    public func removeAll() {
        records.withLock { $0 = Records() }
    }
}

extension RenderContext {
    /// Reports a line drawn at (`x`, `y`) from `text` in `given` cells when it was cut (a cell of
    /// it is flagged `truncated`): the text, what it needed (its width on one line), the `…` cells.
    /// Does nothing without a recorder or when the line is whole.
    public func noteDrawn(_ line: VisualLine, text: String, given: Int, x: Int, y: Int) {
        guard let recorder = truncations, line.cells.contains(where: { $0.flags.contains(.truncated) }) else { return }
        var marks: [Truncation.Position] = []
        var col = x
        for c in line.cells {
            if c.flags.contains(.truncated) { marks.append(Truncation.Position(x: col, y: y)) }
            col += c.width
        }
        recorder.record(Truncation(text: text, key: origin?.keys[text], origin: origin,
                                   needed: estimatedWidth(of: text), given: given, unit: .cells, marks: marks))
    }

    /// Reports a text that was left out, or cut below its area (`unit` rows), for want of room.
    public func noteCut(_ text: String, needed: Int, given: Int, unit: Truncation.Unit = .cells) {
        guard let recorder = truncations else { return }
        recorder.record(Truncation(text: text, key: origin?.keys[text], origin: origin,
                                   needed: needed, given: given, unit: unit))
    }
}

/// A subtree whose texts come from `origin` (see `TextOrigin`); `ScreenRenderer` wraps each node in
/// one.
public struct Traced: Widget {
    /// The widget drawn.
    public var content: any Widget
    /// Where its texts come from.
    public var origin: TextOrigin

    /// Wraps `content`.
    public init(_ content: any Widget, origin: TextOrigin) {
        self.content = content
        self.origin = origin
    }

    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        var c = context
        c.origin = origin
        content.render(area, into: &buffer, context: c)
    }
}
