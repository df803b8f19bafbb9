/// The last line of defence of R22 at the terminal edge.
public enum TerminalSymbol {
    /// `symbol` as it may be written to a terminal cell.
    ///
    /// Cells are sanitised by the text engine before they reach a buffer; this makes sure that
    /// whatever a widget stored by hand cannot carry a control character or an explicit bidi
    /// control to the terminal: a C0/C1 control or DEL becomes U+FFFD (one cell, like the cell it
    /// replaces), the explicit bidi controls (U+202A–U+202E, U+2066–U+2069, LRM, RLM, ALM) are
    /// dropped, and an empty result is a space.
    public static func safe(_ symbol: String) -> String {
        guard symbol.unicodeScalars.contains(where: { needsCare($0.value) }) else {
            return symbol.isEmpty ? " " : symbol
        }
        var out = String.UnicodeScalarView()
        for s in symbol.unicodeScalars {
            let v = s.value
            if Sanitizer.isControl(v) {
                out.append("\u{FFFD}")
            } else if !Sanitizer.isBidiControl(v) {
                out.append(s)
            }
        }
        return out.isEmpty ? " " : String(out)
    }

    @inline(__always) static func needsCare(_ v: UInt32) -> Bool { Sanitizer.isControl(v) || Sanitizer.isBidiControl(v) }
}
