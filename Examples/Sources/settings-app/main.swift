import BidiTerm
import BidiTermTerminal

/// The settings app: q, Esc or Ctrl-C quits; ↑ ↓ choose a section; ← → move the slider (R14:
/// arrows are physical); Space toggles; a background task fills the progress bar.
struct Settings: TerminalApp {
    var section = ListState(selected: 0)
    var brightness = 0.6
    var autoUpdate = true
    var downloaded = 0.0
    let sections = ["العرض", "الصوت", "الشبكة", "حول"]

    mutating func render(into buffer: inout Buffer) -> (x: Int, y: Int)? {
        let context = RenderContext(locale: "ar")
        let controls = Stack.vertical([
            .cells(1, Slider(value: brightness, label: "السطوع")),
            .cells(1, Toggle(label: "تحديث تلقائي", isOn: autoUpdate)),
            .cells(1, ProgressBar(value: downloaded, label: "تنزيل", showPercent: true)),
            .fill(Paragraph("اضغط q للخروج.")),
        ], spacing: 1)
        let sidebar = SidebarList(items: sections, state: section)
        Pane(title: "الإعدادات", split: [.cells(16, sidebar), .fill(Pane(title: sections[section.selected ?? 0], child: controls))])
            .render(buffer.area, into: &buffer, context: context)
        return nil
    }

    mutating func handle(_ key: KeyEvent) -> AppAction {
        switch key {
        case .character("q"), .escape, .ctrl("c"): return .quit
        case .up: section.selected = max(0, (section.selected ?? 0) - 1)
        case .down: section.selected = min(sections.count - 1, (section.selected ?? 0) + 1)
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

/// A list whose selection is kept by the app.
struct SidebarList: Widget {
    var items: [String]
    var state: ListState
    func render(_ area: Rect, into buffer: inout Buffer, context: RenderContext) {
        var s = state
        List(items).render(area, into: &buffer, state: &s, context: context)
    }
}

let mailbox = AppMailbox()
Task.detached {
    for step in 1...20 {
        try await Task.sleep(for: .milliseconds(150))
        mailbox.post(Double(step) / 20)
    }
}
var options = TerminalSessionOptions()
options.mailbox = mailbox
options.rawKeys = true
// The terminal notice (R21) in the app's language and with its own name, not rtl-tui's: in
// Arabic where the app has the notice's text (by its id), else the library's English; the
// terminal's setting names and commands are filled in as the library gives them.
options.noticeText = { notice, _ in
    let arabic = [
        "tmuxPassthrough.problem": "يحجب {terminal} عن الطرفية إعدادات {program} لثنائية الاتجاه.",
        "tmuxPassthrough.fix": "شغّل: {command}",
    ]
    let inArabic = arabic[notice.id + ".problem"] != nil
    return notice.rewritten(arguments: ["program": "settings-app"], direction: inArabic ? .rtl : .ltr) { inArabic ? arabic[$0] : nil }
}
var labels = TerminalNoticeLabels()
labels.title = "الطرفية"
labels.keys = "للإغلاق: Enter أو Esc"
labels.direction = .rtl
options.noticeLabels = labels
TerminalSession.runFullScreen(options: options) { _ in Settings() }
