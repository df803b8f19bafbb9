/// The horizontal scroll position of a `TextField`, kept between frames so that the text does not
/// jump while the caret moves inside the visible part.
public struct TextFieldState: Sendable, Hashable {
    /// The first visible column of the laid-out line (0 is the line's left end; negative when the
    /// caret sits left of an RTL text's end), or nil before the first render.
    public var scroll: Int?

    /// Creates a state.
    public init(scroll: Int? = nil) { self.scroll = scroll }
}

/// A one-line text field for display: the text laid out by the engine (mixed scripts reordered),
/// a caret on the right visual cell, horizontal scrolling when the text is wider than the field,
/// and a placeholder when the text is empty.
///
/// The caret is a logical position (a grapheme offset in the text as typed). It is drawn, in the
/// theme's caret style, on the cell of the character after it (`ParagraphLayout.caretPosition`);
/// at the end of the text, on the cell just past the last character on its trailing side: right of
/// LTR text, left of RTL text. The text's base direction comes from its content by default, and the
/// field aligns it to the context's leading edge (R3: one short line follows the context). When the
/// text and the caret do not fit, the view starts at the text's reading start and scrolls just
/// enough to keep the caret visible; a wide character cut by the field's edge is shown as spaces.
///
///     TextField(text: "שלום", caret: 4)
///         .rendered(width: 8, height: 1, context: RenderContext(direction: .rtl)).rows
///     // ["    םולש"]: the caret at the end is the cell left of the text (column 3)
public struct TextField: Widget, StatefulWidget {
    /// The text, in logical order.
    public var text: String
    /// The caret as a grapheme offset (0…`text.count`), or nil for no caret.
    public var caret: Int?
    /// Shown, dimmed, when the text is empty.
    public var placeholder: String?
    /// How the base direction of the text is chosen (its content by default).
    public var direction: TextDirection

    /// Creates a field.
    public init(text: String, caret: Int? = nil, placeholder: String? = nil, direction: TextDirection = .content) {
        self.text = text
        self.caret = caret
        self.placeholder = placeholder
        self.direction = direction
    }

    /// Where things are in a rendered field.
    public struct FieldLayout {
        /// The text's line (the placeholder's when the text is empty).
        public var line: VisualLine
        /// The column where the line's first cell is drawn (may be left of the field when scrolled).
        public var lineX: Int
        /// The caret's column, or nil when there is no caret.
        public var caretX: Int?
        /// The first visible column of the line (see `TextFieldState.scroll`).
        public var scroll: Int
        /// True when the placeholder is shown.
        public var isPlaceholder: Bool
    }

    /// The number of scalars before grapheme offset `g`.
    static func scalarOffset(ofGrapheme g: Int, in text: String) -> Int {
        var n = 0
        for (i, c) in text.enumerated() {
            if i >= g { break }
            n += c.unicodeScalars.count
        }
        return n
    }

    /// The grapheme offset of the grapheme boundary at or before scalar offset `s`.
    static func graphemeOffset(ofScalar s: Int, in text: String) -> Int {
        var n = 0
        for (i, c) in text.enumerated() {
            if n >= s { return i }
            n += c.unicodeScalars.count
            if n > s { return i }
        }
        return text.count
    }

    /// The caret's column relative to the line's first cell: the cell of the character after the
    /// caret; at the end of the text, just past the last character on its trailing side (-1 when
    /// that is left of the line's first cell).
    static func caretColumn(_ layout: ParagraphLayout, scalarOffset o: Int) -> Int {
        guard let line = layout.lines.first, !line.cells.isEmpty else { return 0 }
        if o < layout.scalarCount { return layout.caretPosition(logical: o).column }
        // At the end: next to the cell of the last visible character, on its trailing side.
        var x = 0
        var best: (x: Int, cell: VisualCell)? = nil
        for c in line.cells {
            if c.width > 0, best == nil || c.logical.upperBound > best!.cell.logical.upperBound { best = (x, c) }
            x += c.width
        }
        guard let best else { return layout.direction == .rtl ? -1 : 0 }
        return best.cell.isRTL ? best.x - 1 : best.x + best.cell.width
    }

    /// Lays the field out in `area`, starting from `scroll` (nil: the reading start).
    public func fieldLayout(in area: Rect, scroll: Int?, context: RenderContext) -> FieldLayout {
        let m = context.mirroring
        let row = Rect(x: area.x, y: area.y, width: area.width, height: 1)
        if text.isEmpty {
            // The caret takes the leading cell; the placeholder follows it.
            let caretWidth = caret == nil ? 0 : 1
            let line = placeholder.map { context.layoutLine($0, direction: .context, maxWidth: max(0, area.width - caretWidth)) }
                ?? VisualLine(cells: [], width: 0, logicalRange: 0..<0)
            let x = m.x(aligning: line.width, in: m.inset(row, leading: caretWidth), .leading)
            let caretX = caret == nil ? nil : m.x(leadingOffset: 0, width: 1, in: row)
            return FieldLayout(line: line, lineX: x, caretX: caretX, scroll: 0, isPlaceholder: placeholder != nil)
        }
        let layout = context.engine.layout(text, direction: direction.base(in: context), width: nil, options: context.options)
        let line = layout.lines.first ?? VisualLine(cells: [], width: 0, logicalRange: 0..<0)
        let c = caret.map { TextField.caretColumn(layout, scalarOffset: TextField.scalarOffset(ofGrapheme: max(0, $0), in: text)) }
        // The span to show: the line and the caret cell.
        let lo = min(0, c ?? 0), hi = max(line.width, (c ?? 0) + (c == nil ? 0 : 1))
        let w = area.width
        if hi - lo <= w {
            let spanX = m.x(aligning: hi - lo, in: row, .leading)
            let lineX = spanX - lo
            return FieldLayout(line: line, lineX: lineX, caretX: c.map { lineX + $0 }, scroll: row.x - lineX, isPlaceholder: false)
        }
        var s = scroll ?? (layout.direction == .ltr ? lo : hi - w)
        if let c {
            if c < s { s = c }
            if c >= s + w { s = c - w + 1 }
        }
        s = min(max(s, lo), hi - w)
        let lineX = row.x - s
        return FieldLayout(line: line, lineX: lineX, caretX: c.map { lineX + $0 }, scroll: s, isPlaceholder: false)
    }

    /// The screen cell of the caret in `area`, for placing the terminal's cursor; nil without a
    /// caret or when the area is empty.
    public func caretCell(in area: Rect, context: RenderContext) -> (x: Int, y: Int)? {
        guard !area.isEmpty else { return nil }
        return fieldLayout(in: area, scroll: nil, context: context).caretX.map { ($0, area.y) }
    }

    /// The caret after a key press (R14): ← and → move it one cell left or right on screen
    /// (through mixed text that can mean forwards or backwards in logical order); Home and End go to
    /// the logical start and end (reading order). Other keys leave it where it is.
    /// - Returns: the new grapheme offset.
    public func caret(after key: KeyEvent, context: RenderContext) -> Int {
        let count = text.count
        let current = min(max(0, caret ?? count), count)
        switch key {
        case .home: return 0
        case .end: return count
        case .left, .right: break
        default: return current
        }
        guard !text.isEmpty else { return 0 }
        let layout = context.engine.layout(text, direction: direction.base(in: context), width: nil, options: context.options)
        guard let line = layout.lines.first else { return current }
        let c = TextField.caretColumn(layout, scalarOffset: TextField.scalarOffset(ofGrapheme: current, in: text))
        var target: Int
        if key == .right {
            var x = 0, step = 1
            for cell in line.cells where cell.width > 0 {
                if c >= x && c < x + cell.width { step = x + cell.width - c; break }
                x += cell.width
            }
            target = c + step
        } else {
            target = c - 1
        }
        let scalar: Int
        if target < 0 {
            scalar = layout.direction == .ltr ? 0 : layout.scalarCount
        } else if target >= line.width {
            scalar = layout.direction == .ltr ? layout.scalarCount : 0
        } else {
            scalar = layout.logicalOffset(line: 0, column: target)
        }
        return TextField.graphemeOffset(ofScalar: scalar, in: text)
    }

    /// The text and the caret after an editing key: a character is inserted at the caret (a
    /// combining mark joins the grapheme before it; a control character is refused), Backspace
    /// deletes the logically previous grapheme and Delete the next one, ← → Home End move the
    /// caret (`caret(after:context:)`, R14).
    /// - Returns: the new text and caret (a grapheme offset), or nil when the key edits nothing.
    public func edited(by key: KeyEvent, context: RenderContext) -> (text: String, caret: Int)? {
        var text = self.text
        var c = min(max(0, caret ?? text.count), text.count)
        switch key {
        case .character(let ch):
            guard !ch.unicodeScalars.contains(where: { Sanitizer.isControl($0.value) }) else { return nil }
            let i = text.index(text.startIndex, offsetBy: c)
            let prefix = String(text[..<i]) + String(ch)
            text = prefix + text[i...]
            c = prefix.count   // a combining mark joins the grapheme before it
        case .backspace:
            guard c > 0 else { return nil }
            text.remove(at: text.index(text.startIndex, offsetBy: c - 1))
            c -= 1
        case .delete:
            guard c < text.count else { return nil }
            text.remove(at: text.index(text.startIndex, offsetBy: c))
        case .left, .right, .home, .end:
            c = caret(after: key, context: context)
        default:
            return nil
        }
        return (text, c)
    }

    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        var state = TextFieldState()
        render(area, into: &buffer, state: &state, context: context)
    }

    public func render(_ area: Rect, into buffer: inout Buffer, state: inout TextFieldState, context: RenderContext) {
        guard !area.isEmpty else { return }
        let row = Rect(x: area.x, y: area.y, width: area.width, height: 1)
        let fieldStyle = context.style(\.field)
        buffer.fill(row, with: Cell(" ", style: fieldStyle))
        let fl = fieldLayout(in: area, scroll: state.scroll, context: context)
        state.scroll = fl.isPlaceholder || text.isEmpty ? nil : fl.scroll
        let style = fl.isPlaceholder ? fieldStyle.patched(with: context.theme.placeholder) : fieldStyle.patched(with: context.theme.text)
        buffer.drawLine(fl.line, x: fl.lineX, y: row.y, style: style, clip: row.minX..<row.maxX)
        if let x = fl.caretX, row.contains(x: x, y: row.y) {
            let width = buffer[x, row.y].map { $0.width == 2 ? 2 : 1 } ?? 1
            buffer.patchStyle(Rect(x: x, y: row.y, width: width, height: 1), context.theme.caret)
        }
    }
}
