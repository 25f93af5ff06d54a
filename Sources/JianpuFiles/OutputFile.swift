import CFileSync

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file a program is about to write, checked before any work starts and replaced only whole.
///
/// Every output (export, render, `play --out`, quiz `--out`, chordpad `--out` and `--record`)
/// goes through here: the checks run when the value is made, so a bad output fails before the
/// first note; the bytes go to a temporary file beside the target, which is renamed over it only
/// when complete. A failure leaves the old file as it was and no partial file.
///
/// A symbolic link is written through to the file it names, as the shell's `>` does; a device, a
/// pipe or a descriptor (`/dev/stdout`, `/dev/fd/3`) is written in place, as there is nothing to
/// rename (and renaming over `/dev/stdout` would replace the system's link). A file with other
/// names (hard links) is written in place once its new content is complete (`HardLinkedOutput`), so
/// every name sees the new content, as after `>`. A file the process has open or mapped (a font, a
/// SoundFont, a log) is refused, before the work and again before the rename (`FilesInUse`).
public struct OutputFile: Sendable, Hashable {
    /// The path as the user gave it.
    public let path: String
    /// The file written: `path` with its symbolic links followed.
    public let target: String
    /// True for a device, pipe or descriptor (written in place), false for a regular file (temporary file, then rename).
    public let isDevice: Bool
    /// The process's own descriptor that `path` names (`/dev/stdout` is 1), written as it stands.
    let descriptor: Int32?

    /// Checks that `path` can be written and is none of `inputs`.
    ///
    /// `inputs` are every file the run reads or will read (the score, the SoundFont, tables, a log
    /// and its `-wal`/`-shm`/`-journal` files); they are compared by identity (device and inode,
    /// links followed), so no other name for an input gets past.
    ///
    /// - Throws: `FileProblem` when the folder is missing or not writable, the path is a folder,
    ///   the existing file is read-only, or it is one of the inputs (writing would destroy it).
    public init(_ path: String, inputs: [String] = []) throws(FileProblem) {
        self.path = path
        guard !path.isEmpty else { throw FileProblem(path, "no file name given") }
        let (target, descriptor, isProcessFile) = FileStatus.target(of: path)
        self.target = target
        self.descriptor = descriptor
        var info = stat()
        if descriptor == nil, stat(SystemPath.cString(target), &info) != 0, errno == ELOOP {
            throw FileProblem(path, "is a loop of symbolic links (each names another): fix the links or choose another name")
        }
        for input in inputs where !input.isEmpty && FileStatus.same(target, input) {
            throw FileProblem(path, "is also the input \(input): writing it would destroy the input; choose another output name")
        }
        if let descriptor {
            guard descriptor > STDERR_FILENO || !StandardStreams.wasClosed(descriptor), fcntl(descriptor, F_GETFD) != -1 else {
                throw FileProblem(path, "names descriptor \(descriptor), which is not open")
            }
        }
        if let existing = FileStatus(target) {
            switch existing.kind {
            case .directory: throw FileProblem(path, "is a folder: expected a file name inside it")
            case .other:
                // A socket cannot be opened as a file at all: said as what it is, not as a pipe nobody reads.
                if existing.mode & UInt32(S_IFMT) == UInt32(S_IFSOCK) {
                    throw FileProblem(path, "is a socket, which cannot be written as a file: choose a file name")
                }
                isDevice = true
                return
            case .regular:
                if isProcessFile || descriptor != nil {
                    isDevice = true
                    return
                }
                if existing.isReadOnly { throw FileProblem(path, "is read-only: it is left as it is; make it writable or choose another name") }
                try Self.checkNotInUse(path, target: target)
            }
        } else if path.hasSuffix("/") {
            throw FileProblem(path, "names a folder: expected a file name")
        } else if isProcessFile {
            throw FileProblem(path, "names nothing that can be written")
        }
        isDevice = false
        let (folder, name) = FileStatus.split(target)
        guard let parent = FileStatus(folder) else { throw FileProblem(path, "the folder \(folder) does not exist") }
        guard parent.kind == .directory else { throw FileProblem(path, "\(folder) is not a folder") }
        // Known now, not at the rename after the work (a chordpad performance, a long render).
        let longest = pathconf(SystemPath.cString(folder), Int32(_PC_NAME_MAX))
        if longest > 0, SystemPath.bytes(name).count > longest {
            throw FileProblem(path, "the name is \(SystemPath.bytes(name).count) bytes, too long: a name here has at most \(longest); choose a shorter one")
        }
        guard access(SystemPath.cString(folder), W_OK | X_OK) == 0 else {
            throw FileProblem(path, "the folder \(folder) is not writable (\(String(cString: strerror(errno))))")
        }
    }

    /// Writes `bytes` as the whole file: all of it, or nothing changes.
    public func write(_ bytes: [UInt8]) throws(FileProblem) {
        let writer = try open()
        try writer.write(bytes)
        try writer.commit()
    }

    /// Starts writing: a temporary file beside the target (or the device itself), made the target by `commit()`.
    public func open() throws(FileProblem) -> OutputFileWriter {
        try OutputFileWriter(self)
    }

    /// Refuses a target this process has open or mapped (a font, a SoundFont, a log, a library): a file the run reads.
    static func checkNotInUse(_ path: String, target: String) throws(FileProblem) {
        if let name = FilesInUse.holding(target) {
            throw FileProblem(path, "is \(name), a file this run reads: writing it would destroy it; choose another output name")
        }
    }

    /// True when this output and `other` name the same file.
    public func isSame(as other: String) -> Bool { FileStatus.same(target, other) }

    /// The name of the temporary file beside `target`'s name: `.name.XXXXXX`, the name shortened
    /// (never the user's own) when that would pass the file system's longest name.
    static func temporaryTemplate(for target: String) -> String {
        let (folder, name) = FileStatus.split(target)
        let longest = pathconf(SystemPath.cString(folder), Int32(_PC_NAME_MAX))
        let room = (longest > 0 ? longest : 255) - 8
        let bytes = SystemPath.bytes(name)
        var kept = Array(bytes.prefix(max(1, room)))
        // Cut at a whole character (a name that is not UTF-8 is kept byte for byte).
        if kept.count < bytes.count { while !kept.isEmpty, String(validating: kept, as: UTF8.self) == nil { kept.removeLast() } }
        return "\(folder)/.\(SystemPath.string(kept)).XXXXXX"
    }
}

/// An output being written; `commit()` puts it in place, dropping it without a commit leaves no trace.
public final class OutputFileWriter {
    /// The output this writes.
    public let file: OutputFile
    private var descriptor: Int32
    private let temporaryPath: String?
    /// Its entry in `TemporaryFiles`, which removes it if a signal ends the program first.
    private var registration: Int?
    /// Bytes written so far.
    public private(set) var bytesWritten = 0
    /// Where the bytes not yet sent to disk start (see `startWriteOut()`).
    private var writeOutStart = 0

    fileprivate init(_ file: OutputFile) throws(FileProblem) {
        self.file = file
        if let number = file.descriptor {
            // The process's own descriptor: written where it stands (its offset, append mode, pipe).
            temporaryPath = nil
            descriptor = fcntl(number, F_DUPFD_CLOEXEC, 3)
        } else if file.isDevice {
            temporaryPath = nil
            // Not blocking: a pipe nobody reads would hold the open forever; it is refused (ENXIO) instead.
            descriptor = Glibc.open(SystemPath.cString(file.path), O_WRONLY | O_CLOEXEC | O_NONBLOCK)
            if descriptor < 0, errno == ENXIO {
                throw FileProblem(file.path, "is a pipe with nothing reading it: start the reader first, or choose a file")
            }
            if descriptor >= 0 { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) }
            // Written in place: what was opened is checked, not what the name was at the start.
            if descriptor >= 0, let input = FilesRead.input(openAs: descriptor) {
                close(descriptor)
                throw FilesRead.problem(file.path, input: input)
            }
        } else {
            var template = SystemPath.cString(OutputFile.temporaryTemplate(for: file.target))
            // Created and registered with signals held: one arriving between the two would leave the file.
            (descriptor, temporaryPath, registration) = TemporaryFiles.holdingSignals {
                let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
                let path = descriptor >= 0 ? SystemPath.string(cString: template) : nil
                return (descriptor, path, path.flatMap(TemporaryFiles.register))
            }
            if descriptor >= 0 {
                // The new file gets the old one's owner and permissions, or the usual ones for a new file.
                let previous = FileStatus(file.target)
                if let previous { _ = fchown(descriptor, previous.owner, previous.group) }
                fchmod(descriptor, mode_t(previous.map { $0.mode & 0o7777 } ?? (0o666 & ~Self.umaskValue)))
            }
        }
        guard descriptor >= 0 else { throw FileProblem(file.path, "cannot be created: \(String(cString: strerror(errno)))") }
    }

    deinit { discard() }

    /// The open descriptor, for a library that writes (and seeks) through it itself, such as
    /// libsndfile; it must not close it. `commit()` still puts the file in place.
    public var fileDescriptor: Int32 { descriptor }

    /// Appends `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(FileProblem) {
        guard descriptor >= 0 else { throw FileProblem(file.path, "is already closed") }
        guard FileDescriptorIO.writeAll(descriptor, bytes) else { throw failure("cannot be written") }
        bytesWritten += bytes.count
        startWriteOut()
    }

    /// Appends `bytes`.
    public func write(_ bytes: [UInt8]) throws(FileProblem) {
        guard descriptor >= 0 else { throw FileProblem(file.path, "is already closed") }
        guard bytes.withUnsafeBytes({ FileDescriptorIO.writeAll(descriptor, $0) }) else { throw failure("cannot be written") }
        bytesWritten += bytes.count
        startWriteOut()
    }

    /// Sends each 8 MB written to disk as soon as it is written, without waiting for it: a long output then
    /// reaches the disk while the rest is being made, and `commit()`'s `fsync` waits for the last few megabytes
    /// only (59 MB of MusicXML: 19 → 4.5 ms, median of five). Only a hint to the kernel: `fsync` still decides.
    private func startWriteOut() {
        guard temporaryPath != nil, bytesWritten - writeOutStart >= 8 << 20 else { return }
        _ = cfilesync_start_write_out(descriptor, Int64(writeOutStart), Int64(bytesWritten - writeOutStart))
        writeOutStart = bytesWritten
    }

    /// Overwrites bytes already written at `offset` (a header's sizes), leaving the end where it is.
    public func overwrite(_ bytes: [UInt8], at offset: Int) throws(FileProblem) {
        guard descriptor >= 0, !file.isDevice else { return }
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
        guard written == bytes.count else { throw failure("cannot be written") }
    }

    /// Makes the written bytes the file: flushed to disk, then renamed over the target.
    public func commit() throws(FileProblem) {
        guard descriptor >= 0 else { throw FileProblem(file.path, "is already closed") }
        if let temporaryPath {
            guard fsync(descriptor) == 0 else { throw failure("cannot be written") }
            let closed = close(descriptor)
            descriptor = -1
            guard closed == 0 else { throw failure("cannot be written") }
            defer { forget() }
            // Fonts and tables a library opened during the work are known only now.
            do { try OutputFile.checkNotInUse(file.path, target: file.target) } catch {
                unlink(SystemPath.cString(temporaryPath))
                throw error
            }
            // An input read and closed long ago is not in use, but its identity is kept: the output's name
            // may have become another name for it while the run worked.
            if let input = FilesRead.input(at: file.target) {
                unlink(SystemPath.cString(temporaryPath))
                throw FilesRead.problem(file.path, input: input)
            }
            if let existing = FileStatus(file.target), existing.kind == .regular, existing.links > 1 {
                return try HardLinkedOutput.copy(temporaryPath, over: file)
            }
            guard rename(SystemPath.cString(temporaryPath), SystemPath.cString(file.target)) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(SystemPath.cString(temporaryPath))
                throw FileProblem(file.path, "cannot be put in place: \(reason)")
            }
        } else {
            close(descriptor)
            descriptor = -1
        }
    }

    /// Abandons the output: the temporary file is removed and the target stays as it was.
    public func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        if let temporaryPath { unlink(SystemPath.cString(temporaryPath)) }
        forget()
    }

    private func forget() {
        if let registration { TemporaryFiles.unregister(registration) }
        registration = nil
    }

    /// The error for a failed write, after removing the partial file.
    private func failure(_ what: String) -> FileProblem {
        let code = errno
        discard()
        let reason = FileProblem.writeReason(code)
        return FileProblem(file.path, "\(what): \(reason); nothing was changed")
    }

    private static let umaskValue: mode_t = {
        let value = umask(0o022)
        umask(value)
        return value
    }()
}
