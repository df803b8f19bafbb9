import BidiTerm
import Foundation

extension PreviewApp {
    // MARK: - Export

    /// The current screen as drawn in the last frame, without the preview's marks and focus: in
    /// the current direction, or LTR and RTL side by side (each under its caption) when the
    /// preview shows both.
    public func exportBuffer() -> Buffer {
        let w = max(1, lastBody.width), h = max(1, lastBody.height)
        func draw(_ d: LayoutDirection) -> Buffer {
            renderer.widget(for: screen).rendered(width: w, height: h, context: context(d))
        }
        return sideBySide ? Buffer.pair(ltr: draw(.ltr), rtl: draw(.rtl)) : draw(direction)
    }

    /// Where `e` writes, and the files' common name: the export directory when one is given
    /// (`--export-dir`), else the screen file's folder (the current directory for built-in
    /// screens), and `<screen>.<locale>.<ltr|rtl|both>`.
    public var exportBase: String {
        let name = "\(screen.id).\(locale).\(sideBySide ? "both" : direction.rawValue)"
        let folder: String
        if let dir = options.exportDirectory {
            folder = dir
        } else if workspace != nil, !screen.path.isEmpty {
            let f = (screen.path as NSString).deletingLastPathComponent
            folder = f.isEmpty ? "." : f
        } else {
            folder = FileManager.default.currentDirectoryPath
        }
        return (folder as NSString).appendingPathComponent(name)
    }

    /// Writes the current screen as SVG and HTML (`BufferExport.svg`, `.html`) next to its screen
    /// file and says where in the footer (or why not).
    /// - Returns: the files written.
    @discardableResult
    public mutating func export() -> [String] {
        let buffer = exportBuffer()
        let title = "\(screen.id) — \(locale), \(sideBySide ? "ltr and rtl" : direction.rawValue) — rtl-tui"
        let base = exportBase
        // The light theme's colours are meant for a light background, the others' for a dark one.
        var svg = BufferExport.SVGOptions()
        if theme == .light { svg.palette = .xtermLight }
        let files = [(base + ".svg", BufferExport.svg(buffer, title: title, options: svg)),
                     (base + ".html", BufferExport.html(buffer, title: title))]
        for (path, text) in files {
            do {
                try text.write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                setNotice(chrome.text("chrome.notice.exportFailed", [TextArgument("file", .string(path)),
                                                                     TextArgument("reason", .string(error.localizedDescription))]))
                return []
            }
        }
        setNotice(chrome.text("chrome.notice.exported", [TextArgument("svg", .string(files[0].0)),
                                                         TextArgument("html", .string((files[1].0 as NSString).lastPathComponent))]))
        return files.map(\.0)
    }
}
