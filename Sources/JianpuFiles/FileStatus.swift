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

    /// The status of `path` (links followed), or nil when nothing is there.
    public init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        let type = info.st_mode & S_IFMT
        kind = type == S_IFREG ? .regular : type == S_IFDIR ? .directory : .other
        size = Int(info.st_size)
        mode = UInt32(info.st_mode)
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
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
        guard let resolved = realpath(folder, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved) + "/" + name
    }

    /// The folder (`.` for a bare name) and the last component of `path`.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }
}
