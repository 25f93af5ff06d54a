#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file a program reads: checked to be a regular file of bounded size before a byte is read.
///
/// A FIFO or a device would block or never end, and a huge file would be read whole before
/// its size is known; both are refused here, for every input (scores, tunings, chord tables,
/// SoundFonts).
public enum InputFile {
    /// Checks that `path` is a regular file of at most `maximumBytes`; returns its size.
    ///
    /// `expected` names what the caller reads ("a file", "a text file") in the words that refuse anything else.
    public static func check(_ path: String, maximumBytes: Int = .max, expected: String = "a file") throws(FileProblem) -> Int {
        guard !path.isEmpty else { throw FileProblem(path, "an empty path names no file: give a file name") }
        guard let status = FileStatus(path) else {
            let code = errno
            throw FileProblem(path, missingReason(code), code: code)
        }
        switch status.kind {
        case .directory: throw FileProblem(path, "is a folder: expected \(expected)")
        case .other: throw FileProblem(path, "is not a regular file (a pipe or a device): expected \(expected)")
        case .regular: break
        }
        guard status.size <= maximumBytes else {
            throw FileProblem(path, "is \(megabytes(status.size)): expected \(expected) of at most \(megabytes(maximumBytes))")
        }
        return status.size
    }

    /// Why a file could not be found, from `stat`'s `errno`: a loop of links or a name too long is not a missing file.
    public static func missingReason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES: "cannot be read: permission denied"
        case ELOOP: "is a loop of symbolic links (each names another): fix the links"
        case ENAMETOOLONG: "has a name longer than the file system allows"
        case ENOTDIR: "cannot be reached: a part of its path is a file, not a folder"
        default: "cannot be read: \(String(cString: strerror(code)))"
        }
    }

    /// The bytes of `path`, after `check`; reads no more than `maximumBytes` even if the file grows meanwhile.
    public static func read(_ path: String, maximumBytes: Int = .max, expected: String = "a file") throws(FileProblem) -> [UInt8] {
        let size = try check(path, maximumBytes: maximumBytes, expected: expected)
        let descriptor = open(SystemPath.cString(path), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw FileProblem(path, "cannot be read: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: size)
        var count = 0
        while count < size {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, size - count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw FileProblem(path, "cannot be read: \(String(cString: strerror(errno)))") }
            if got == 0 { break }
            count += got
        }
        if count < size { bytes.removeLast(size - count) }
        return bytes
    }

    /// `n MB` (or KB, bytes) for a message.
    /// A size as people read it; rounded up, so that a file just over a limit never reads as the limit.
    public static func megabytes(_ bytes: Int) -> String {
        func rounded(_ unit: Int, _ name: String) -> String {
            let tenths = (bytes * 10 + unit - 1) / unit
            return tenths % 10 == 0 ? "\(tenths / 10) \(name)" : "\(tenths / 10).\(tenths % 10) \(name)"
        }
        return bytes >= 1 << 20 ? rounded(1 << 20, "MB") : bytes >= 1 << 10 ? rounded(1 << 10, "KB") : "\(bytes) bytes"
    }
}
