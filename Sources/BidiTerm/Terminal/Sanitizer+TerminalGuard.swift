extension Sanitizer {
    /// The terminal guard, the last line of defence of R22: a cell symbol as it may be written to a
    /// terminal. Control characters become their visible placeholders (`␛`, `␡`, `␛[` for U+009B;
    /// TAB a space), and the explicit bidi controls (U+202A–U+202E, U+2066–U+2069, LRM, RLM, ALM)
    /// are removed, since a bidi-capable terminal would act on them.
    ///
    /// Cells are sanitised by the engine before they reach a buffer; this guard makes sure that
    /// whatever a widget stored by hand cannot reach a terminal raw. Every buffer export
    /// (`BufferExport`) and the ncurses backend pass each cell through it.
    public static func terminalSafe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0.value) || isBidiControl($0.value) }) else { return text }
        var out = ""
        for s in text.unicodeScalars where !isBidiControl(s.value) {
            if s.value == 0x09 { out += " " } else if let p = placeholder(for: s.value) { out += p } else { out.unicodeScalars.append(s) }
        }
        return out
    }
}
