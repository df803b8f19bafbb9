import BidiTerm
import BidiTermTerminal

/// q, Esc or Ctrl-C quits; ↑ ↓ a section; ← → the slider (R14); Space toggles; a task downloads.
struct Settings: TerminalApp {
    var section = 0, brightness = 0.6, autoUpdate = true, downloaded = 0.0
    let sections = ["العرض", "الصوت", "الشبكة", "حول"]
    mutating func render(into buffer: inout Buffer) -> (x: Int, y: Int)? {
        let controls = Stack.vertical([
            .cells(1, Slider(value: brightness, label: "السطوع")),
            .cells(1, Toggle(label: "تحديث تلقائي", isOn: autoUpdate)),
            .cells(1, ProgressBar(value: downloaded, label: "تنزيل", showPercent: true)),
            .fill(Paragraph("اضغط q للخروج.")),
        ], spacing: 1)
        let sidebar = List(sections, selected: section)
        Pane(title: "الإعدادات", split: [.cells(16, sidebar), .fill(Pane(title: sections[section], child: controls))])
            .render(buffer.area, into: &buffer, context: RenderContext(locale: "ar"))
        return nil
    }

    mutating func handle(_ key: KeyEvent) -> AppAction {
        switch key {
        case .character("q"), .escape, .ctrl("c"): return .quit
        case .up: section = max(0, section - 1)
        case .down: section = min(sections.count - 1, section + 1)
        case .left: brightness = min(1, brightness + 0.1)   // R14: in RTL the slider grows leftwards
        case .right: brightness = max(0, brightness - 0.1)
        case .character(" "): autoUpdate.toggle()
        default: break
        }
        return .continue
    }

    mutating func receive(_ message: any Sendable) -> AppAction {
        if let progress = message as? Double { downloaded = progress }
        return .continue
    }
}

let mailbox = AppMailbox()
Task.detached { for step in 1...20 { try await Task.sleep(for: .milliseconds(150)); mailbox.post(Double(step) / 20) } }
var options = TerminalSessionOptions()
(options.mailbox, options.rawKeys) = (mailbox, true)
// The terminal notice (R21) names the app and keeps what was shown in $XDG_CONFIG_HOME/settings-app;
// the app has no help, so the box offers none. In Arabic where the app has its text (by id).
options.appName = "settings-app"
let arabic = ["tmuxPassthrough.problem": "يحجب {terminal} عن الطرفية إعدادات {program} لثنائية الاتجاه.", "tmuxPassthrough.fix": "شغّل: {command}"]
options.noticeText = { notice, _ in
    notice.rewritten(direction: arabic[notice.id + ".fix"] != nil ? .rtl : .ltr) { arabic[$0] }
}
(options.noticeLabels.title, options.noticeLabels.closeKeys, options.noticeLabels.direction) = ("الطرفية", "للإغلاق: Enter أو Esc", .rtl)
(options.noticeLabels.lineLead, options.noticeLabels.lineHint) = ("الطرفية:", "‏? يعرض ما العمل")
TerminalSession.runFullScreen(options: options) { _ in Settings() }
