#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Live reload for the browser and the preview: files polled by their `stat` stamp.

/// What identifies one version of a file on disk, for live reload (`FileWatcher`): device and inode (an editor
/// that saves by writing a new file and renaming it changes them), size, and the modification
/// and status-change times to the nanosecond.
///
/// Polling a stamp is a `stat` call: cheap enough to do for every file twice a second, and it
/// works on any file system, over SSH and inside containers, where change notification may not.
public struct FileStamp: Hashable, Sendable {
    /// The device number.
    public var device: UInt64
    /// The inode number.
    public var inode: UInt64
    /// The size in bytes.
    public var size: Int64
    /// The modification time, in nanoseconds since the epoch.
    public var modified: Int64
    /// The status-change time, in nanoseconds since the epoch.
    public var changed: Int64

    /// Creates a stamp from its parts.
    public init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// The stamp of the file at `path` now, or nil when it cannot be examined (missing, no
    /// permission). Symbolic links are followed.
    public static func of(_ path: String) -> FileStamp? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        #if canImport(Darwin)
        let m = Int64(st.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(st.st_mtimespec.tv_nsec)
        let c = Int64(st.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(st.st_ctimespec.tv_nsec)
        #else
        let m = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        let c = Int64(st.st_ctim.tv_sec) * 1_000_000_000 + Int64(st.st_ctim.tv_nsec)
        #endif
        return FileStamp(device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
                               modified: m, changed: c)
    }
}

/// Watches files for changes by polling their stamps: the live reload of `rtl-tui browse` and
/// `rtl-tui preview`. Each poll is one `stat` per file, so it works where change notification does
/// not (network file systems, SSH, containers) and sees an editor's save by rename (a new inode).
///
///     var watcher = FileWatcher(paths: ["ar.po", "settings.yaml"])
///     // … later, on a timer:
///     for path in watcher.changes() { reload(path) }
public struct FileWatcher: Sendable {
    /// The paths watched, in the order they were added.
    public private(set) var paths: [String] = []
    /// The stamp last seen for each path (nil when the file could not be examined).
    public private(set) var stamps: [String: FileStamp?] = [:]

    /// Watches `paths`, from their stamps now.
    public init(paths: [String] = []) {
        for p in paths { watch(p) }
    }

    /// Starts watching `path` from `stamp` (its stamp now when not given); a path already watched
    /// keeps its place and takes the new stamp.
    public mutating func watch(_ path: String, from stamp: FileStamp?? = .none) {
        if stamps[path] == nil { paths.append(path) }
        stamps[path] = stamp ?? FileStamp.of(path)
    }

    /// Stops watching `path`.
    public mutating func unwatch(_ path: String) {
        stamps[path] = nil
        paths.removeAll { $0 == path }
    }

    /// The watched paths whose stamp changed since the last poll (every path with `force`), in the
    /// order watched; their new stamps are recorded.
    public mutating func changes(force: Bool = false) -> [String] {
        var out: [String] = []
        for p in paths {
            var s = stamps[p] ?? nil
            if FileWatcher.changed(p, since: &s, force: force) {
                stamps[p] = s
                out.append(p)
            }
        }
        return out
    }

    /// Whether the file at `path` is another version than the one `stamp` identifies (or `force`);
    /// when it is, `stamp` becomes the file's stamp now. The one comparison every live reload uses.
    public static func changed(_ path: String, since stamp: inout FileStamp?, force: Bool = false) -> Bool {
        let now = FileStamp.of(path)
        guard force || now != stamp else { return false }
        stamp = now
        return true
    }
}
