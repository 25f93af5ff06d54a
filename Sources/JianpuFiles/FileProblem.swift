#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file cannot be read or written: the path and what is wrong, for one line of text.
public struct FileProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file as the user named it.
    public var path: String
    /// What is wrong and, where it helps, what to do (no path, no trailing period).
    public var message: String
    /// The `errno` the system gave, where the problem came from one.
    public var code: Int32?

    public init(_ path: String, _ message: String, code: Int32? = nil) {
        self.path = path
        self.message = message
        self.code = code
    }

    /// True when the file does not exist (ENOENT), for callers that add their own advice.
    public var isMissingFile: Bool { code == ENOENT }

    /// `path: message`.
    public var description: String { "\(path.isEmpty ? "''" : path): \(message)" }
}

extension FileProblem {
    /// Why a write failed, from its `errno`, in words: a full disk, the file-size limit (`ulimit -f`,
    /// which makes a write fail with EFBIG once SIGXFSZ is ignored), or the system's own words.
    public static func writeReason(_ code: Int32) -> String {
        switch code {
        case ENOSPC, EDQUOT: "the disk is full"
        case EFBIG: fileSizeLimitReason
        default: String(cString: strerror(code))
        }
    }

    /// The file-size limit in words: `ulimit -f` lets no file grow past it (the disk may have room).
    public static var fileSizeLimitReason: String {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else {
            return "the file is larger than this file system allows"
        }
        return "the file-size limit is reached (ulimit -f allows files of at most \(InputFile.megabytes(Int(clamping: limit.rlim_cur))); raise it)"
    }

    /// True when this process holds (nearly) as many descriptors as `ulimit -n` allows: an open that
    /// failed then failed for that (EMFILE), whatever a library reports instead.
    public static var descriptorsExhausted: Bool {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return false }
        guard let folder = opendir("/proc/self/fd") else { return errno == EMFILE }
        defer { closedir(folder) }
        var count: rlim_t = 0
        while readdir(folder) != nil { count += 1 }
        // The listing holds ".", ".." and its own descriptor; a few more are free for SQLite's journal and temporary files.
        return count + 4 >= limit.rlim_cur
    }

    /// True when a file-size limit is set (`ulimit -f`): a "full" write may be that limit, not the disk.
    public static var hasFileSizeLimit: Bool {
        var limit = rlimit()
        return getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0 && limit.rlim_cur != rlim_t.max
    }
}
