import BidiTerm

extension BrowseApp {
    // MARK: - Live reload

    /// The polling interval of live reload (`Options.pollInterval`).
    public var tickInterval: Duration? { options.pollInterval }

    /// Checks the files for changes (and ages the notice).
    public mutating func tick() -> AppAction {
        if noticeTicksLeft > 0 {
            noticeTicksLeft -= 1
            if noticeTicksLeft == 0 { notice = nil }
        }
        reloadChangedFiles()
        return .continue
    }

    private enum Refresh { case unchanged, reloaded, failed }

    private static func refresh(_ f: inout BrowseFile, locale: String?, force: Bool) -> Refresh {
        var stamp = f.stamp
        guard FileWatcher.changed(f.path, since: &stamp, force: force) else { return .unchanged }
        f.stamp = stamp
        do {
            f.catalog = try BrowseFile.loadCatalog(f.path, locale: locale)
            f.error = nil
            return .reloaded
        } catch {
            f.error = error as? CatalogDiagnostic ?? CatalogDiagnostic(file: f.path, line: 0, column: 0, message: "\(error)")
            return .failed
        }
    }

    /// Loads again every file whose `stat` stamp changed since it was last read (every file with
    /// `force`). A file that loads replaces the version shown, and its findings are recomputed
    /// (all files' when the source catalog changed); one that does not keeps the last good
    /// version and records the loader's error in `BrowseFile.error`.
    ///
    /// - Returns: the paths that were read again (loaded or not).
    @discardableResult
    public mutating func reloadChangedFiles(force: Bool = false) -> [String] {
        let keep = selectedRow?.id
        var touched: [String] = []
        var reloaded: [String] = []
        var relint = Set<Int>()
        if var s = source {
            let r = Self.refresh(&s, locale: nil, force: force)
            source = s
            if r != .unchanged { touched.append(s.path) }
            if r == .reloaded {
                reloaded.append(s.path)
                relint.formUnion(files.indices)
            }
        }
        for i in files.indices {
            let r = Self.refresh(&files[i], locale: options.locale, force: force)
            if r != .unchanged { touched.append(files[i].path) }
            if r == .reloaded {
                reloaded.append(files[i].path)
                relint.insert(i)
            }
        }
        guard !touched.isEmpty else { return [] }
        for i in relint.sorted() { lint(i) }
        rebuildRows(keeping: keep)
        if reloaded.isEmpty {
            // The error row says what went wrong; an older "reloaded" notice would contradict it.
            notice = nil
            noticeTicksLeft = 0
        } else {
            let entries = reloaded.count == 1 ? files.first { $0.path == reloaded[0] }.map { " · \($0.catalog.entries.count) entries" } ?? "" : ""
            notice = "reloaded " + reloaded.joined(separator: ", ") + entries
            noticeTicksLeft = max(1, options.noticeTicks)
        }
        return touched
    }

    /// The problems with the files on disk (the source catalog's last), one per file.
    public var fileErrors: [CatalogDiagnostic] { (files + (source.map { [$0] } ?? [])).compactMap(\.error) }
}
