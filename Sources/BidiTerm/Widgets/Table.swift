/// The scroll position and selection of a `Table`: the selected row and the first visible row,
/// kept between frames (the same state as a `List`'s).
public typealias TableState = ListState

/// Rows of cells under a row of column headers (R36): the columns run from the leading edge, so
/// the first column is at the left in LTR and at the right in RTL; a column of numbers is aligned
/// by its digits, at the right in both directions; every other column at the leading edge (R4).
///
/// From the leading edge, each row has: the scroll indicator (only when the rows do not fit), the
/// selection marker column (only when a row is selected), then the cells, `spacing` columns apart.
/// The header row and a rule under it stay in place while the rows scroll. The selected row is
/// drawn across every column in the theme's selection style, and the table scrolls to keep it
/// visible. A cell too wide for its column is cut with `…` at its logical end and reported to the
/// context's `TruncationRecorder`, as a `Label` is.
///
///     let table = Table(columns: [Table.Column("פריט", width: .fill(1)), Table.Column("מחיר")],
///                       rows: [["קפה", "12.90"], ["Croissant", "9.50"], ["עוגה", "120.00"]],
///                       selected: 1)
///     let buffer = table.rendered(width: 20, height: 5, context: RenderContext(direction: .rtl))
///     print(BufferExport.plain(buffer).joined(separator: "\n"))
///     //   ריחמ        טירפ
///     // ────────────────────
///     //  12.90         הפק
///     //   9.50   Croissant ◂
///     // 120.00        הגוע
///
/// The item column fills what the price column leaves; the prices line up at their last digit;
/// the selected row is drawn across both columns, its marker (`▸` mirrored) at the right. Widths are
/// ``Table/Width/fixed(_:)`` cells, ``Table/Width/fit`` (the widest of the header and the cells,
/// of every row, so a column does not change width as the rows scroll) or
/// ``Table/Width/fill(_:)`` (a share of what is left, by weight). When the fixed and fitted
/// columns need more than the row has, the widest fitted columns give up cells first, then fixed
/// columns from the trailing end.
public struct Table: Widget, StatefulWidget {
    /// How wide a column is.
    public enum Width: Sendable, Hashable {
        /// Exactly this many cells (fewer only when the row has no more).
        case fixed(Int)
        /// The widest of the column's header and its cells in every row.
        case fit
        /// A share of the cells the fixed and fitted columns leave, in proportion to the weight
        /// (`.fill(2)` gets twice what `.fill(1)` gets).
        case fill(Int)
    }

    /// One column: its header, its width and where its cells sit.
    public struct Column: Sendable, Hashable {
        /// The header, drawn in the theme's title style; empty for none.
        public var title: String
        /// How wide the column is.
        public var width: Width
        /// Where the header and the cells sit in the column; nil (the default) chooses by the
        /// cells (R36): at the right when every cell that is not empty is a number
        /// (`Table.isNumber(_:)`), at the leading edge otherwise.
        public var alignment: HorizontalAlignment?

        /// Creates a column.
        public init(_ title: String, width: Width = .fit, alignment: HorizontalAlignment? = nil) {
            self.title = title
            self.width = width
            self.alignment = alignment
        }
    }

    /// The columns, from the leading edge.
    public var columns: [Column]
    /// The rows, each one cell per column in the columns' order (missing cells are empty, extra
    /// cells are not drawn).
    public var rows: [[String]]
    /// The selected row, or nil (used by the stateless `render`).
    public var selected: Int?
    /// Draws the header row and the rule under it (on by default).
    public var showsHeader = true
    /// Blank cells between two columns.
    public var spacing = 1
    /// The selection marker, authored for LTR (mirrored in RTL, R15).
    public var marker = "▸"
    /// The base direction of each text cell: its own first strong character by default (names,
    /// titles), or `.context` for translated UI strings. Number cells are laid out left to right
    /// whatever this says, so that a sign stays before the digits (R7).
    public var cellDirection: TextDirection = .content

    /// Creates a table.
    /// - Parameters:
    ///   - columns: the columns, from the leading edge.
    ///   - rows: the cells of each row, in the columns' order.
    ///   - selected: the selected row's index, or nil.
    public init(columns: [Column], rows: [[String]], selected: Int? = nil) {
        self.columns = columns
        self.rows = rows
        self.selected = selected
    }

    /// Whether `text` is a number as R36 aligns it: it has a decimal digit (of any script) and no
    /// letter. `12.90`, `-3`, `٤٢٪`, `₪ 12`, `1,249.50` are numbers; `12 kg`, `v2`, `ر.س. 5` are not.
    public static func isNumber(_ text: String) -> Bool {
        var digit = false
        for s in text.unicodeScalars {
            if s.properties.numericType == .decimal { digit = true } else if s.properties.isAlphabetic { return false }
        }
        return digit
    }

    /// The alignment of each column: its own, or the one its cells call for (R36).
    public func alignments() -> [HorizontalAlignment] {
        columns.indices.map { i in
            if let a = columns[i].alignment { return a }
            var any = false
            for row in rows where i < row.count && !row[i].isEmpty {
                guard Table.isNumber(row[i]) else { return .leading }
                any = true
            }
            return any ? .right : .leading
        }
    }

    /// The widths of the columns in a row of `available` cells (the spacing between them not
    /// included), from the leading edge.
    public func columnWidths(available: Int, context: RenderContext) -> [Int] {
        let n = columns.count
        guard n > 0 else { return [] }
        var room = max(0, available - spacing * (n - 1))
        var widths = [Int](repeating: 0, count: n)
        // Fixed columns first, from the leading edge, as far as the room goes.
        for i in 0..<n {
            if case .fixed(let w) = columns[i].width {
                widths[i] = min(max(0, w), room)
                room -= widths[i]
            }
        }
        // Fitted columns: their natural widths, or all capped at one width so that they fit.
        let fitted = (0..<n).filter { if case .fit = columns[$0].width { return true } else { return false } }
        let natural = fitted.map { naturalWidth(of: $0, context: context) }
        let cap: Int
        if natural.reduce(0, +) <= room {
            cap = natural.max() ?? 0
        } else {
            // The largest cap whose capped widths fit the room (water filling).
            var lo = 0, hi = natural.max() ?? 0
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if natural.reduce(0, { $0 + min($1, mid) }) <= room { lo = mid } else { hi = mid - 1 }
            }
            cap = lo
        }
        var used = 0
        for (k, i) in fitted.enumerated() {
            widths[i] = min(natural[k], cap)
            used += widths[i]
        }
        // What the cap leaves goes to the widest cut columns, one cell each.
        var spare = room - used
        for (k, i) in fitted.enumerated() where spare > 0 && natural[k] > widths[i] {
            widths[i] += 1
            spare -= 1
        }
        room -= fitted.reduce(0) { $0 + widths[$1] }
        // Fill columns share the rest by weight; the cells a division leaves go to the first ones.
        let filled = (0..<n).compactMap { i -> (Int, Int)? in
            if case .fill(let w) = columns[i].width { return (i, max(0, w)) }
            return nil
        }
        let total = filled.reduce(0) { $0 + $1.1 }
        if total > 0, room > 0 {
            var given = 0
            for (i, w) in filled {
                widths[i] = room * w / total
                given += widths[i]
            }
            for (i, w) in filled where given < room && w > 0 {
                widths[i] += 1
                given += 1
            }
        }
        return widths
    }

    /// The widest of column `i`'s header and cells on one line.
    func naturalWidth(of i: Int, context: RenderContext) -> Int {
        var w = showsHeader ? context.estimatedWidth(of: columns[i].title) : 0
        for row in rows where i < row.count { w = max(w, context.estimatedWidth(of: row[i])) }
        return w
    }

    /// The rows the header takes: its titles and the rule under them (none without a header).
    public var headerHeight: Int { showsHeader && !columns.isEmpty ? 2 : 0 }

    /// Every column at its natural width (a fill column at its header's and cells' widest) and
    /// every row, no larger than the proposal.
    public func measure(_ proposal: Extent, context: RenderContext) -> Extent {
        let widths = columns.indices.map { i -> Int in
            if case .fixed(let w) = columns[i].width { return max(0, w) }
            return naturalWidth(of: i, context: context)
        }
        let marker = selected == nil ? 0 : max(1, context.width(of: marker)) + 1
        let width = widths.reduce(0, +) + spacing * max(0, columns.count - 1) + marker
        return Extent(width: width, height: headerHeight + rows.count).clamped(to: proposal)
    }

    public func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        var state = TableState(selected: selected)
        render(area, into: &buffer, state: &state, context: context)
    }

    public func render(_ area: Rect, into buffer: inout Buffer, state: inout TableState, context: RenderContext) {
        let header = min(headerHeight, area.height)
        let bodyHeight = area.height - header
        state.offset = List.scrollOffset(selected: state.selected, offset: state.offset, height: bodyHeight, count: rows.count)
        guard !area.isEmpty, !columns.isEmpty else { return }
        let m = context.mirroring
        let scrolls = bodyHeight > 0 && rows.count > bodyHeight
        let scrollColumn = scrolls ? 1 : 0
        let markerWidth = state.selected == nil ? 0 : max(1, context.width(of: marker))
        let cellsOffset = scrollColumn + markerWidth + (markerWidth > 0 ? 1 : 0)
        let rowRect = Rect(x: area.x, y: area.y, width: area.width, height: 1)
        let cellsRow = m.inset(rowRect, leading: cellsOffset)
        let widths = columnWidths(available: cellsRow.width, context: context)
        let places = m.place(widths: widths, in: cellsRow, spacing: spacing)
        let aligns = alignments()

        if header > 0 {
            let style = context.style(\.text).patched(with: context.theme.title)
            for (i, column) in columns.enumerated() where widths[i] > 0 {
                buffer.drawText(column.title, in: places[i], align: aligns[i], style: style,
                                direction: .context, context: context)
            }
            if header > 1 {
                let rule = m.inset(Rect(x: area.x, y: area.y + 1, width: area.width, height: 1), leading: scrollColumn)
                let cell = Cell(context.glyph("─"), style: context.style(\.border))
                for x in rule.minX..<rule.maxX { buffer.set(x: x, y: rule.y, cell) }
            }
        }
        guard bodyHeight > 0 else { return }
        let bodyY = area.y + header
        if scrolls {
            let x = m.x(leadingOffset: 0, width: 1, in: area)
            let h = bodyHeight, n = rows.count
            let thumb = max(1, h * h / n)
            let start = (h - thumb) * state.offset / max(1, n - h)
            let style = context.style(\.scrollbar)
            for i in 0..<h {
                buffer.set(x: x, y: bodyY + i, Cell(context.glyph(i >= start && i < start + thumb ? "┃" : "│"), style: style))
            }
        }
        for line in 0..<bodyHeight {
            let index = state.offset + line
            guard index < rows.count else { break }
            let y = bodyY + line
            let row = Rect(x: area.x, y: y, width: area.width, height: 1)
            let isSelected = index == state.selected
            let style = isSelected ? context.style(\.text).patched(with: context.theme.selection) : context.style(\.text)
            // The selection spans every column and the gaps between them.
            if isSelected { buffer.fill(m.inset(row, leading: scrollColumn), with: Cell(" ", style: style)) }
            if isSelected, markerWidth > 0, scrollColumn + markerWidth <= area.width {
                let x = m.x(leadingOffset: scrollColumn, width: markerWidth, in: row)
                buffer.drawGlyph(m.glyph(marker), x: x, y: y, style: style.patched(with: context.theme.marker), context: context)
            }
            let cells = rows[index]
            for i in columns.indices where widths[i] > 0 && i < cells.count && !cells[i].isEmpty {
                let rect = Rect(x: places[i].x, y: y, width: widths[i], height: 1)
                let direction: TextDirection = Table.isNumber(cells[i]) ? .fixed(.ltr) : cellDirection
                buffer.drawText(cells[i], in: rect, align: aligns[i], style: style, direction: direction, context: context)
            }
        }
    }
}
