#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing an output that has other names (hard links): the same file is written, as the shell's `>` does.
///
/// Renaming a new file over one name would part it from the others, which would keep the old
/// content. So the complete new content, already in its temporary file, is copied into the file
/// itself: the space is reserved first (a full disk changes nothing), and the stopping signals are
/// held while the bytes are copied, so the file is never left half written by Ctrl-C or `kill`.
enum HardLinkedOutput {
    /// Copies the finished `temporaryPath` into `file`'s target, then removes the temporary file.
    static func copy(_ temporaryPath: String, over file: OutputFile) throws(FileProblem) {
        let source = open(SystemPath.cString(temporaryPath), O_RDONLY | O_CLOEXEC)
        let target = source >= 0 ? open(SystemPath.cString(file.target), O_WRONLY | O_CLOEXEC) : -1
        func unchanged(_ code: Int32) -> FileProblem {
            if source >= 0 { close(source) }
            if target >= 0 { close(target) }
            unlink(SystemPath.cString(temporaryPath))
            let reason = FileProblem.writeReason(code)
            return FileProblem(file.path, "cannot be written: \(reason); nothing was changed")
        }
        guard source >= 0, target >= 0 else { throw unchanged(errno) }
        // The last moment: the file now open is the one written, so it is the one compared with the inputs.
        if let input = FilesRead.input(openAs: target) {
            close(source)
            close(target)
            unlink(SystemPath.cString(temporaryPath))
            throw FilesRead.problem(file.path, input: input)
        }
        var info = stat()
        guard fstat(source, &info) == 0 else { throw unchanged(errno) }
        let size = info.st_size
        if size > 0 {
            let reserved = posix_fallocate(target, 0, size)
            // A file system that cannot reserve (EOPNOTSUPP, EINVAL) is written without; a full one changes nothing.
            if reserved == ENOSPC || reserved == EDQUOT || reserved == EFBIG { throw unchanged(reserved) }
        }
        try TemporaryFiles.holdingSignals { () throws(FileProblem) in
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            var offset: off_t = 0
            var failure: Int32 = 0
            while offset < size, failure == 0 {
                let count = buffer.withUnsafeMutableBytes { pread(source, $0.baseAddress, $0.count, offset) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { failure = count < 0 ? errno : EIO; break }
                var written = 0
                while written < count {
                    let step = buffer.withUnsafeBytes { pwrite(target, $0.baseAddress! + written, count - written, offset + off_t(written)) }
                    if step < 0 && errno == EINTR { continue }
                    guard step > 0 else { failure = step < 0 ? errno : EIO; break }
                    written += step
                }
                offset += off_t(written)
            }
            if failure == 0, ftruncate(target, size) != 0 { failure = errno }
            if failure == 0, fsync(target) != 0 { failure = errno }
            close(source)
            if close(target) != 0, failure == 0 { failure = errno }
            guard failure == 0 else {
                // The file may be half written now: the whole new content stays in the temporary file.
                throw FileProblem(file.path, "was only partly written (\(String(cString: strerror(failure)))): the whole new content is kept in \(temporaryPath)")
            }
            unlink(SystemPath.cString(temporaryPath))
        }
    }
}
