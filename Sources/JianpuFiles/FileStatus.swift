#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says about a path: its kind, size, permissions and identity.
public struct FileStatus: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case regular, directory, other }

    public var kind: Kind
    public var size: Int
    public var mode: UInt32
    var device: UInt64
    var inode: UInt64
    /// The owner and group (kept when a file is replaced).
    var owner: UInt32
    var group: UInt32
    /// The number of names (hard links) the file has.
    public var links: Int

    /// The status of `path` (links followed), or nil when nothing is there.
    public init?(_ path: String) {
        var info = stat()
        guard stat(SystemPath.cString(path), &info) == 0 else { return nil }
        self.init(info)
    }

    /// The status of the open `descriptor`, or nil when it is not open.
    public init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        let type = info.st_mode & S_IFMT
        kind = type == S_IFREG ? .regular : type == S_IFDIR ? .directory : .other
        size = Int(info.st_size)
        mode = UInt32(info.st_mode)
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        owner = UInt32(info.st_uid)
        group = UInt32(info.st_gid)
        links = Int(info.st_nlink)
    }

    /// The status of `path` itself, a symbolic link not followed.
    static func link(_ path: String) -> stat? {
        var info = stat()
        return lstat(SystemPath.cString(path), &info) == 0 ? info : nil
    }

    /// No one may write it (the user's own mark that a file must not change).
    public var isReadOnly: Bool { mode & 0o222 == 0 }

    /// True when `a` and `b` name the same file: the same inode when both exist, else the same absolute path.
    public static func same(_ a: String, _ b: String) -> Bool {
        if let first = FileStatus(a), let second = FileStatus(b) {
            return first.device == second.device && first.inode == second.inode
        }
        return absolute(a) == absolute(b)
    }

    /// `path` made absolute, its folder resolved through links when it exists.
    static func absolute(_ path: String) -> String {
        let (folder, name) = split(path)
        guard let resolved = realpath(SystemPath.cString(folder), nil) else { return path }
        defer { free(resolved) }
        return SystemPath.string(cString: resolved) + "/" + name
    }

    /// Where writing `path` lands, as the shell's `>` finds it: its symbolic links followed to the file
    /// they name (a link to nothing names the file that writing creates).
    ///
    /// `descriptor` is the process's own descriptor when the path names one (`/dev/stdout`,
    /// `/dev/fd/3`, `/proc/self/fd/1`): that is written as it stands, at its offset and in its mode.
    /// `isProcessFile` says the path leads into /proc, where a file is never renamed over.
    public static func target(of path: String) -> (path: String, descriptor: Int32?, isProcessFile: Bool) {
        var current = path
        for _ in 0..<40 {
            let (folder, name) = split(current)
            var resolvedFolder = folder
            if let resolved = realpath(SystemPath.cString(folder), nil) {
                resolvedFolder = SystemPath.string(cString: resolved)
                free(resolved)
            }
            let full = (resolvedFolder == "/" ? "" : resolvedFolder) + "/" + name
            if full.hasPrefix("/proc/") {
                let own = ["/proc/\(getpid())/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"]
                if let prefix = own.first(where: full.hasPrefix), let number = Int32(full.dropFirst(prefix.count)), number >= 0 {
                    return (path, number, true)
                }
                return (path, nil, true)
            }
            guard let info = link(full), info.st_mode & S_IFMT == S_IFLNK else {
                return (current == path ? path : full, nil, false)
            }
            guard let destination = linkDestination(full) else { return (full, nil, false) }
            current = destination.hasPrefix("/") ? destination : (resolvedFolder == "/" ? "" : resolvedFolder) + "/" + destination
        }
        // A loop of links: left to `open`, which says so (ELOOP).
        return (path, nil, false)
    }

    /// What the symbolic link `path` names, as written in the link; nil when it is no link.
    public static func linkDestination(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(SystemPath.cString(path), &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return SystemPath.string(buffer[..<count].map { UInt8(bitPattern: $0) })
    }

    /// The first part of `folder`'s path that exists but is not a folder (a file where a folder must be
    /// made), nil when there is none: why a folder cannot be created, in words.
    public static func fileInTheWay(of folder: String) -> String? {
        var prefix = folder.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/") {
            prefix += "/" + part
            guard let status = FileStatus(prefix) else { return nil }
            if status.kind != .directory { return prefix }
        }
        return nil
    }

    /// The folder (`.` for a bare name) and the last component of `path`. (Foundation's
    /// `deletingLastPathComponent` traps on a one-letter path such as `d`: paths are split here.)
    public static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }
}
