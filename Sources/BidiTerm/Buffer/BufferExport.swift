/// Writing a `Buffer` as text: plain rows, rows with ANSI SGR colours, or a self-contained HTML page.
///
/// Every cell symbol is written through `Sanitizer.terminalSafe`, so even a glyph that a widget or a
/// screen file put in a cell raw cannot reach the output as a control character (R22).
public enum BufferExport {
    /// The rows, left to right, top to bottom; no escape sequence at all.
    ///
    /// Plain text has no reverse video, so a left eighth block drawn reversed (the right-hand
    /// partial cell of a bar filling from the right, which fonts have no glyph for) is written as
    /// the nearest right-hand block: `▕`, `▐` or `█`.
    public static func plain(_ buffer: Buffer) -> [String] {
        (buffer.area.minY..<buffer.area.maxY).map { y in
            var s = ""
            for x in buffer.area.minX..<buffer.area.maxX {
                guard let c = buffer[x, y], !c.isContinuation else { continue }
                if c.style.attributes.contains(.reverse), let r = rightBlock(forReversed: c.symbol) {
                    s += r
                } else {
                    s += Sanitizer.terminalSafe(c.symbol)
                }
            }
            return s
        }
    }

    /// The right-hand block closest to a reversed left eighth block (▏…▉ cover 1…7 eighths from
    /// the left; reversed, the right 7…1 eighths are lit).
    static func rightBlock(forReversed symbol: String) -> String? {
        guard symbol.unicodeScalars.count == 1, let v = symbol.unicodeScalars.first?.value,
              v >= 0x2589, v <= 0x258F else { return nil }
        let leftEighths = Int(0x258F - v) + 1    // ▏ U+258F = 1 … ▉ U+2589 = 7
        let lit = 8 - leftEighths
        return lit <= 2 ? "▕" : (lit <= 5 ? "▐" : "█")
    }

    /// The rows with SGR sequences for colours and attributes; every row ends with a reset.
    /// `colors` false keeps attributes only (for `NO_COLOR`).
    public static func ansi(_ buffer: Buffer, colors: Bool = true) -> [String] {
        (buffer.area.minY..<buffer.area.maxY).map { y in
            var s = ""
            var current = Style.plain
            for x in buffer.area.minX..<buffer.area.maxX {
                guard let c = buffer[x, y], !c.isContinuation else { continue }
                let style = colors ? c.style : Style(attributes: c.style.attributes)
                if style != current {
                    s += sgr(style)
                    current = style
                }
                s += Sanitizer.terminalSafe(c.symbol)
            }
            if current != .plain { s += "\u{1B}[0m" }
            return s
        }
    }

    /// The SGR sequence that sets `style` from a reset state.
    public static func sgr(_ style: Style) -> String {
        var codes = ["0"]
        let a = style.attributes
        if a.contains(.bold) { codes.append("1") }
        if a.contains(.dim) { codes.append("2") }
        if a.contains(.italic) { codes.append("3") }
        if a.contains(.underline) { codes.append("4") }
        if a.contains(.blink) { codes.append("5") }
        if a.contains(.reverse) { codes.append("7") }
        if a.contains(.strikethrough) { codes.append("9") }
        switch style.fg {
        case .default: break
        case .ansi(let n): codes.append(n < 8 ? String(30 + Int(n)) : String(90 + Int(n) - 8))
        case .indexed(let n): codes.append("38;5;\(n)")
        case .rgb(let r, let g, let b): codes.append("38;2;\(r);\(g);\(b)")
        }
        switch style.bg {
        case .default: break
        case .ansi(let n): codes.append(n < 8 ? String(40 + Int(n)) : String(100 + Int(n) - 8))
        case .indexed(let n): codes.append("48;5;\(n)")
        case .rgb(let r, let g, let b): codes.append("48;2;\(r);\(g);\(b)")
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// A self-contained HTML page showing the buffer with its colours, for a bug report.
    ///
    /// The text is already in visual order, so the page tells the browser not to run bidi again:
    /// `direction: ltr; unicode-bidi: bidi-override` on every row (R21's rule, for browsers).
    public static func html(_ buffer: Buffer, title: String) -> String {
        var out = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>\(escape(Sanitizer.visible(title)))</title>
            <style>
            body { background: #1e1e1e; color: #d4d4d4; margin: 1em; }
            pre { font-family: "DejaVu Sans Mono", "Noto Sans Mono", Menlo, Consolas, monospace; font-size: 14px;
                  line-height: 1.25; margin: 0; display: inline-block; border: 1px solid #444; padding: 2px; }
            .row { display: block; white-space: pre; direction: ltr; unicode-bidi: bidi-override; }
            .b { font-weight: bold; } .d { opacity: 0.6; } .i { font-style: italic; } .u { text-decoration: underline; }
            </style></head><body>
            <pre>
            """
        for y in buffer.area.minY..<buffer.area.maxY {
            out += "<span class=\"row\">"
            var x = buffer.area.minX
            while x < buffer.area.maxX {
                guard let c = buffer[x, y] else { break }
                if c.isContinuation { x += 1; continue }
                // Group cells of one style into one span.
                var text = ""
                let style = c.style
                while x < buffer.area.maxX, let d = buffer[x, y], d.isContinuation || d.style == style {
                    if !d.isContinuation { text += Sanitizer.terminalSafe(d.symbol) }
                    x += 1
                }
                out += span(text, style)
            }
            out += "</span>\n"
        }
        out += "</pre>\n</body></html>\n"
        return out
    }

    static func span(_ text: String, _ style: Style) -> String {
        if style == .plain { return escape(text) }
        var fg = css(style.fg), bg = css(style.bg)
        if style.attributes.contains(.reverse) {
            swap(&fg, &bg)
            if fg == nil { fg = "#1e1e1e" }
            if bg == nil { bg = "#d4d4d4" }
        }
        var classes: [String] = []
        if style.attributes.contains(.bold) { classes.append("b") }
        if style.attributes.contains(.dim) { classes.append("d") }
        if style.attributes.contains(.italic) { classes.append("i") }
        if style.attributes.contains(.underline) { classes.append("u") }
        var css: [String] = []
        if let fg { css.append("color:\(fg)") }
        if let bg { css.append("background:\(bg)") }
        return "<span" + (classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\"")
            + (css.isEmpty ? "" : " style=\"\(css.joined(separator: ";"))\"") + ">" + escape(text) + "</span>"
    }

    /// The xterm default palette as CSS colours.
    static func css(_ c: Color) -> String? {
        let base16 = ["#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
                      "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff"]
        switch c {
        case .default: return nil
        case .ansi(let n): return base16[Int(n) & 15]
        case .indexed(let n):
            if n < 16 { return base16[Int(n)] }
            if n >= 232 {
                let v = 8 + (Int(n) - 232) * 10
                return hexColor(v, v, v)
            }
            let i = Int(n) - 16
            let steps = [0, 95, 135, 175, 215, 255]
            return hexColor(steps[i / 36], steps[(i / 6) % 6], steps[i % 6])
        case .rgb(let r, let g, let b):
            return hexColor(Int(r), Int(g), Int(b))
        }
    }

    static func hexColor(_ r: Int, _ g: Int, _ b: Int) -> String {
        "#" + [r, g, b].map { Hex.padded($0, digits: 2) }.joined().lowercased()
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(ch)
            }
        }
        return out
    }
}
