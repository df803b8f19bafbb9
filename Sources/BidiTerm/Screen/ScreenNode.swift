/// One widget of a screen file and its subtree, as parsed from YAML (see `Docs/SCREEN-FORMAT.md`).
///
/// The fields every node takes (`dir`, `size`, `style`) are stored here; the fields of each widget
/// type are the associated values of `kind`. `line` and `column` (1-based, columns counted in
/// Unicode scalars) point at the node's first key in the file, so a renderer can report problems
/// (for example a catalog key that is missing) where the author can find them.
///
/// ```swift
/// let text = "screen: home\nroot: {type: vstack, children: [{type: label, text: {literal: שלום}}]}"
/// let screen = try ScreenFile.parse(yaml: text, path: "settings.yaml")
/// if case .vstack(let children, _) = screen.root.kind { print(children.count) }
/// ```
public struct ScreenNode: Sendable, Equatable {
    /// What the node is, with the fields of that widget type.
    public var kind: NodeKind
    /// The layout direction override for this subtree (R1); `.inherit` unless the file says `dir:`.
    public var direction: Direction
    /// The node's extent along its parent stack's axis; `.fill` unless the file says `size:`.
    public var size: Size
    /// Colours and attributes; `.plain` unless the file says `style:`.
    public var style: Style
    /// The paragraph direction of the node's texts (R33); nil unless the file says `textDir:`:
    /// the platform of the catalog the text comes from decides (`PlatformTextDirection`).
    public var textDirection: TextDir? = nil
    /// The 1-based line of the node in its file.
    public var line: Int
    /// The 1-based column (in Unicode scalars) of the node in its file.
    public var column: Int

    /// Creates a node. Parsed nodes come from `ScreenFile.parse(yaml:path:)`; this initialiser is for
    /// code that builds screens directly (tests, generated screens).
    public init(_ kind: NodeKind, direction: Direction = .inherit, size: Size = .fill,
                style: Style = .plain, line: Int = 0, column: Int = 0) {
        self.kind = kind
        self.direction = direction
        self.size = size
        self.style = style
        self.line = line
        self.column = column
    }

    /// The node's direct children: the stack's children, the pane's child, or none.
    public var children: [ScreenNode] {
        switch kind {
        case .vstack(let children, _), .hstack(let children, _, _): return children
        case .pane(_, let child, _): return [child]
        default: return []
        }
    }

    /// This node and every node below it, depth first, parents before children.
    public var allNodes: [ScreenNode] {
        var out: [ScreenNode] = []
        func walk(_ node: ScreenNode) {
            out.append(node)
            node.children.forEach(walk)
        }
        walk(self)
        return out
    }

    /// Every text reference of this node itself (not its children), in file order.
    public var textRefs: [TextRef] {
        switch kind {
        case .vstack, .hstack, .spacer, .separator, .steps, .rating:
            return []
        case .pane(let title, _, _):
            return title.map { [$0] } ?? []
        case .label(let text, _), .paragraph(let text):
            return [text]
        case .list(let items, _, _):
            return items.map(\.text)
        case .progress(_, let label, _), .slider(_, _, _, let label, _, _, _):
            return label.map { [$0] } ?? []
        case .toggle(let label, _):
            return label.map { [$0] } ?? []
        case .nav(let back, let next):
            return [back, next].compactMap { $0 }
        case .breadcrumb(let items):
            return items
        case .buttons(let items):
            return items.compactMap(\.text)
        case .icons(let items, _, _):
            return items.compactMap(\.label)
        case .field(let text, _, let placeholder):
            return [text, placeholder].compactMap { $0 }
        }
    }
}

/// The widget types of a screen file, each with its own fields (see `Docs/SCREEN-FORMAT.md`).
///
/// Indices (`selected`, `badge.index`, `caret`) are 0-based; `steps`' `current` is the 1-based
/// number of the step shown, like the numbers the widget draws.
public indirect enum NodeKind: Sendable, Equatable {
    /// Children top to bottom, `spacing` empty rows between them.
    case vstack(children: [ScreenNode], spacing: Int)
    /// Children leading→trailing (R2): the first child is at the right in RTL. `separator` draws a
    /// vertical line between children.
    case hstack(children: [ScreenNode], spacing: Int, separator: Bool)
    /// A box around `child` with an optional title at the leading edge; box corners mirror (R2).
    case pane(title: TextRef?, child: ScreenNode, border: Bool)
    /// One line of text, truncated with `…` at its logical end.
    case label(text: TextRef, align: ScreenNode.Alignment)
    /// Wrapped text: one or two lines follow the context, three or more their own language (R3, R5).
    case paragraph(text: TextRef)
    /// Items that all align the same way (R4); `selected` is a 0-based index; `bullet` replaces the
    /// default marker.
    case list(items: [ScreenNode.ListItem], selected: Int?, bullet: String?)
    /// A bar filled from the leading edge (R9); `value` is in 0…1; `showPercent` adds the percentage
    /// in locale digits (R6).
    case progress(value: Double, label: TextRef?, showPercent: Bool)
    /// A slider (R9, R14): `min < max`, `value` and every tick in `min…max`; the glyphs mark the
    /// start and end values and swap sides in RTL; tick labels read from the leading edge (R8).
    case slider(value: Double, min: Double, max: Double, label: TextRef?,
                startGlyph: String?, endGlyph: String?, ticks: [Double])
    /// Stars from the leading edge (R11), `value` in 0…`max` (halves allowed); `numbers` draws
    /// 1…max under the stars, read from the leading edge (R8).
    case rating(value: Double, max: Int, numbers: Bool)
    /// A switch whose "on" side is the trailing side (R10).
    case toggle(label: TextRef?, on: Bool)
    /// Back and next; back points to the leading edge (R12). At least one is present.
    case nav(back: TextRef?, next: TextRef?)
    /// A path of places running leading→trailing, separators pointing trailing (R12).
    case breadcrumb(items: [TextRef])
    /// A step indicator `1 2 … count` read from the leading edge (R8); `current` is in 1…count.
    case steps(count: Int, current: Int)
    /// A row of buttons; a `physical` button's glyph never flips (R13), other glyphs go through the
    /// mirroring table (R15). A row of only physical buttons keeps its left-to-right order; any
    /// other row runs leading→trailing (R2).
    case buttons(items: [ScreenNode.Button])
    /// A row of glyphs that never flip themselves (R16); an `ordered` row reverses its positions in
    /// RTL (R17); an optional badge sits on one of them (R18).
    case icons(items: [IconRow.Icon<TextRef>], ordered: Bool, badge: IconRow.Badge?)
    /// A one-line text field; `caret` is a 0-based grapheme offset in logical order. At least one of
    /// `text` and `placeholder` is present.
    case field(text: TextRef?, caret: Int?, placeholder: TextRef?)
    /// Empty space (its `size` says how much).
    case spacer
    /// A horizontal rule.
    case separator

    /// The `type:` names of every widget, in the order the format document lists them.
    public static let typeNames: [String] = [
        "vstack", "hstack", "pane", "label", "paragraph", "list", "progress", "slider", "rating",
        "toggle", "nav", "breadcrumb", "steps", "buttons", "icons", "field", "spacer", "separator",
    ]

    /// The `type:` name of this kind, as written in a screen file.
    public var typeName: String {
        switch self {
        case .vstack: return "vstack"
        case .hstack: return "hstack"
        case .pane: return "pane"
        case .label: return "label"
        case .paragraph: return "paragraph"
        case .list: return "list"
        case .progress: return "progress"
        case .slider: return "slider"
        case .rating: return "rating"
        case .toggle: return "toggle"
        case .nav: return "nav"
        case .breadcrumb: return "breadcrumb"
        case .steps: return "steps"
        case .buttons: return "buttons"
        case .icons: return "icons"
        case .field: return "field"
        case .spacer: return "spacer"
        case .separator: return "separator"
        }
    }
}

extension ScreenNode {
    /// A layout direction override for a subtree (R1).
    /// How a node's texts choose their paragraph direction (`textDir:`, R33). The alignment follows
    /// the layout direction whatever this says.
    public enum TextDir: String, Sendable, Equatable, CaseIterable {
        /// The text's first strong character (Android's `firstStrong`, Apple's natural direction).
        case auto
        /// The layout direction (HTML's inherited `dir`, Flutter's `Directionality`).
        case layout
        /// Left to right.
        case ltr
        /// Right to left.
        case rtl
    }

    public enum Direction: String, Sendable, Equatable, CaseIterable {
        /// Left to right, whatever the parent's direction (a code block in an RTL screen).
        case ltr
        /// Right to left, whatever the parent's direction (an RTL bubble in an LTR screen).
        case rtl
        /// The parent's direction (the default).
        case inherit
    }

    /// A node's extent along its parent stack's axis (columns in an `hstack`, rows in a `vstack`).
    public enum Size: Sendable, Equatable {
        /// A fixed number of cells (at least 1).
        case cells(Int)
        /// A share of the parent's extent, 1…100 percent.
        case percent(Int)
        /// An equal share of what fixed and percent siblings leave (the default).
        case fill
    }

    /// Where a label sits in its line. `leading`/`trailing` mirror with the direction; `left`/`right`
    /// are physical and do not (R13).
    public enum Alignment: String, Sendable, Equatable, CaseIterable {
        /// At the leading edge (mirrors).
        case leading
        /// At the trailing edge (mirrors).
        case trailing
        /// Centred.
        case center
        /// At the left, in every direction (R13).
        case left
        /// At the right, in every direction (R13).
        case right
    }

    /// A text attribute of a `Style`.
    public enum TextAttribute: String, Sendable, Equatable, Hashable, CaseIterable {
        /// Bold.
        case bold
        /// Dim.
        case dim
        /// Italic.
        case italic
        /// Underlined.
        case underline
        /// Reverse video.
        case reverse
    }

    /// A colour of a `Style`: the terminal's default, one of the 16 ANSI colours (0…15), or an index
    /// of the 256-colour palette. Same numbering as the cell buffer's `Color`.
    public enum StyleColor: Sendable, Equatable, Hashable {
        /// The terminal's default colour.
        case `default`
        /// An ANSI colour, 0…15.
        case ansi(UInt8)
        /// A colour of the 256-colour palette.
        case indexed(UInt8)

        /// The colour names a screen file may use, with their ANSI numbers. `gray`/`grey` are
        /// bright black (8).
        public static let names: [(name: String, ansi: UInt8)] = [
            ("black", 0), ("red", 1), ("green", 2), ("yellow", 3), ("blue", 4), ("magenta", 5),
            ("cyan", 6), ("white", 7), ("gray", 8), ("grey", 8), ("brightRed", 9),
            ("brightGreen", 10), ("brightYellow", 11), ("brightBlue", 12), ("brightMagenta", 13),
            ("brightCyan", 14), ("brightWhite", 15),
        ]
    }

    /// Colours and attributes of a node, as written in its `style:` field.
    public struct Style: Sendable, Equatable {
        /// Text colour, or nil to keep the parent's.
        public var foreground: StyleColor?
        /// Background colour, or nil to keep the parent's.
        public var background: StyleColor?
        /// Attributes added to the parent's.
        public var attributes: Set<TextAttribute>

        /// Creates a style.
        public init(foreground: StyleColor? = nil, background: StyleColor? = nil,
                    attributes: Set<TextAttribute> = []) {
            self.foreground = foreground
            self.background = background
            self.attributes = attributes
        }

        /// No colours, no attributes.
        public static let plain = Style()
    }

    /// An item of a `list`: its text and, optionally, the id of the screen it opens.
    public struct ListItem: Sendable, Equatable {
        /// The item's text.
        public var text: TextRef
        /// The `screen:` id of another screen that choosing this item opens, if any.
        public var target: String?

        /// Creates an item.
        public init(text: TextRef, target: String? = nil) {
            self.text = text
            self.target = target
        }
    }

    /// A button of a `buttons` row: a glyph, a text, or both.
    public struct Button: Sendable, Equatable {
        /// The button's glyph (drawn before its text in reading order).
        public var glyph: String?
        /// The button's text.
        public var text: TextRef?
        /// True when the button means a physical direction (transport controls, "move right", map
        /// arrows): its glyph never flips (R13), and a row made only of such buttons keeps its
        /// left-to-right order. Otherwise the glyph goes through the mirroring table (R15).
        public var physical: Bool

        /// Creates a button.
        public init(glyph: String? = nil, text: TextRef? = nil, physical: Bool = false) {
            self.glyph = glyph
            self.text = text
            self.physical = physical
        }
    }
}
