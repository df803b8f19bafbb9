import BidiTerm

/// The terminal notice (R21) in the chrome's language: every app of rtl-tui hands these to its
/// session (`TerminalSessionOptions.noticeText`, `noticeLabels`), as any program on the library
/// would hand its own.
///
/// A notice's text is `chrome.terminal.<id>.problem` and `chrome.terminal.<id>.fix` (and the fix of
/// `furtherFix` after it), its arguments filled in as isolates (FSI…PDI): terminal names, menu
/// paths, setting names, files, commands and flags stay as the terminal and rtl-tui spell them,
/// left to right inside the chrome's sentence.
extension PreviewChrome {
    /// `notice` in the chrome's language, laid out in its direction. The library's English as it
    /// is when the chrome is English, when the catalogs have no text for the notice (one an app
    /// made), and for a terminal that cannot show UTF-8 (`ascii`: nothing but ASCII would show).
    public func terminalNotice(_ notice: TerminalNotice) -> TerminalNotice {
        guard language != "en", !notice.ascii, !notice.id.isEmpty,
              let problem = ownText("chrome.terminal.\(notice.id).problem", notice.arguments),
              var fix = ownText("chrome.terminal.\(notice.id).fix", notice.arguments) else { return notice }
        if let further = notice.furtherFix {
            guard let more = ownText("chrome.terminal.\(further).fix", notice.arguments) else { return notice }
            fix += " " + more
        }
        var out = notice
        out.problem = problem
        out.fix = fix
        out.direction = direction
        return out
    }

    /// The words around the notice (its box's title and keys, the one-line form, the hint of
    /// `rtl-tui run`'s row), in the chrome's language and direction.
    public var terminalNoticeLabels: TerminalNoticeLabels {
        var l = TerminalNoticeLabels()
        l.title = text("chrome.terminal.box.title")
        l.keys = text("chrome.terminal.box.keys")
        l.lineLead = text("chrome.terminal.line.lead")
        l.lineHint = text("chrome.terminal.line.hint")
        l.hostHint = text("chrome.terminal.run.hint")
        l.direction = direction
        return l
    }

    /// The text of `key` in this language with `arguments` filled (isolated), or nil when this
    /// language's catalog lacks it.
    private func ownText(_ key: String, _ arguments: [String: String]) -> String? {
        let args = arguments.sorted { $0.key < $1.key }.map { TextArgument($0.key, .string($0.value)) }
        let (text, missing) = primary.resolve(TextRef.key(key, args: args))
        return missing == nil ? text : nil
    }
}
