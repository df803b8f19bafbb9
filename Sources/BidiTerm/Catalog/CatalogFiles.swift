import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The catalog files a command line names: folders opened to the catalogs inside them, and, for a
/// path that cannot be read, the reason in words (a loop of symbolic links, a device, a named pipe,
/// a missing file, a permission) instead of a system error number.
///
///     let (files, unreadable) = CatalogFiles.expand(["po", "extra/ar.mo"])
///     for u in unreadable { print("\(u.path): \(u.reason)") }
public enum CatalogFiles {
    /// The extensions a folder is searched for (Android's `strings*.xml` too, and Qt Linguist's
    /// `.ts` when it is XML: TypeScript is not). JSON files are taken only when named: a folder holds
    /// too many JSON files that are not catalogs.
    public static let folderExtensions: Set<String> = ["po", "mo", "gmo", "strings", "stringsdict", "xcstrings", "xlf", "xliff", "arb", "qm"]

    /// A path that was named (or found in a named folder) and cannot be read.
    public struct Unreadable: Sendable, Hashable {
        /// The path, as given or as found under the folder given.
        public var path: String
        /// Why, in words: "a loop of symbolic links", "a character device, not a file", ….
        public var reason: String
        /// Creates one.
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// `paths` with each folder replaced by the catalog files under it (recursively, in name order,
    /// following symbolic links to folders once), and the paths that cannot be read with the reason.
    /// A named path that is not a folder is kept as a file (its problem, if any, is for the loader
    /// to report through ``problem(path:)``).
    public static func expand(_ paths: [String]) -> (files: [String], unreadable: [Unreadable]) {
        var files: [String] = []
        var unreadable: [Unreadable] = []
        for path in paths {
            var st = stat()
            if stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
                var visited = Set<[UInt64]>()
                walk(path, &files, &unreadable, &visited)
            } else {
                files.append(path)
            }
        }
        return (files, unreadable)
    }

    private static func walk(_ folder: String, _ files: inout [String], _ unreadable: inout [Unreadable], _ visited: inout Set<[UInt64]>) {
        var st = stat()
        guard stat(folder, &st) == 0 else { return }
        // A link back to a folder already walked (`a/up -> ..`) is not walked again.
        guard visited.insert([UInt64(st.st_dev), UInt64(st.st_ino)]).inserted else { return }
        guard let dir = opendir(folder) else {
            unreadable.append(Unreadable(path: folder, reason: "cannot list the folder: " + reason(errno: errno)))
            return
        }
        var names: [String] = []
        while let item = readdir(dir) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(dir)
        names.sort()
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        for name in names where !name.hasPrefix(".") {
            let path = prefix + name
            var s = stat()
            if stat(path, &s) == 0, (s.st_mode & S_IFMT) == S_IFDIR {
                walk(path, &files, &unreadable, &visited)
                continue
            }
            let lower = name.lowercased()
            let ext = (lower as NSString).pathExtension
            guard folderExtensions.contains(ext) || (ext == "xml" && lower.hasPrefix("strings"))
                    || (ext == "ts" && isQtLinguist(path)) else { continue }
            if let why = problem(path: path) { unreadable.append(Unreadable(path: path, reason: why)) } else { files.append(path) }
        }
    }

    /// `true` when the `.ts` file at `path` starts as XML (Qt Linguist), not as TypeScript.
    static func isQtLinguist(_ path: String) -> Bool {
        guard let h = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? h.close() }
        let head = String(decoding: (try? h.read(upToCount: 512)) ?? Data(), as: UTF8.self)
        return head.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).hasPrefix("<")
    }

    /// Why `path` cannot be read as a catalog file, or nil when it is a readable regular file.
    public static func problem(path: String) -> String? {
        var st = stat()
        if stat(path, &st) != 0 {
            let e = errno
            var l = stat()
            if e == ENOENT, lstat(path, &l) == 0, (l.st_mode & S_IFMT) == S_IFLNK { return "a symbolic link to a file that does not exist" }
            return reason(errno: e)
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return "a folder, not a file (check takes folders; this command wants catalog files)"
        case S_IFCHR: return "a character device, not a file"
        case S_IFBLK: return "a block device, not a file"
        case S_IFIFO: return "a named pipe, not a file"
        case S_IFSOCK: return "a socket, not a file"
        default: return "not a regular file"
        }
        if access(path, R_OK) != 0 { return reason(errno: errno) }
        return nil
    }

    /// A system error in words.
    static func reason(errno e: Int32) -> String {
        switch e {
        case ELOOP: return "a loop of symbolic links (a link that leads back to itself)"
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case ENOTDIR: return "a part of the path is a file, not a folder"
        case ENAMETOOLONG: return "the path is too long"
        case EISDIR: return "a folder, not a file"
        default: return String(cString: strerror(e))
        }
    }
}
