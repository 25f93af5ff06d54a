import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every file this run has named as an input, kept for the whole run by identity (device and inode).
///
/// An output is compared with its inputs when it is made (`OutputFile`), but a long run (a render, a
/// recording) gives the world time to change: the output's name may become another name for the
/// score (a hard link, a rename) after that check, and the score, read and closed long ago, is no
/// longer among the files in use. So every input any output of the run was checked against is kept
/// here, and each output is checked again at the last moment, just before it is renamed into place
/// or written through; one that is now an input is refused and nothing is written.
public enum FilesRead {
    /// The identities seen (a file's identity when it was named) and the paths (looked at again at the
    /// end: a log created during the run, a name that now leads to another file).
    private struct Known {
        var identities: [FilesInUse.Identity: String] = [:]
        var paths: [String] = []
    }

    private static let known = Mutex(Known())

    /// Keeps every one of `paths` (the standard input for `-`) as a file this run reads.
    public static func remember(_ paths: [String]) {
        for path in paths { remember(path) }
    }

    /// Keeps `path` (the standard input for `-`) as a file this run reads.
    public static func remember(_ path: String) {
        guard !path.isEmpty else { return }
        let status: FileStatus? = path == "-" ? FileStatus(descriptor: STDIN_FILENO) : FileStatus(path)
        known.withLock { known in
            if path != "-", !known.paths.contains(path) { known.paths.append(path) }
            if let status, status.kind == .regular {
                known.identities[FilesInUse.Identity(device: status.device, inode: status.inode)] = path == "-" ? "standard input" : path
            }
        }
    }

    /// The input (as the user named it) that `status` is, or nil.
    static func input(matching status: FileStatus) -> String? {
        guard status.kind == .regular else { return nil }
        let identity = FilesInUse.Identity(device: status.device, inode: status.inode)
        let (name, paths) = known.withLock { ($0.identities[identity], $0.paths) }
        if let name { return name }
        return paths.first { path in
            guard let now = FileStatus(path) else { return false }
            return now.kind == .regular && now.device == status.device && now.inode == status.inode
        }
    }

    /// The input that the file at `path` now is, or nil (also nil when nothing is there).
    static func input(at path: String) -> String? {
        FileStatus(path).flatMap(input(matching:))
    }

    /// The input that the open `descriptor` is, or nil.
    static func input(openAs descriptor: Int32) -> String? {
        FileStatus(descriptor: descriptor).flatMap(input(matching:))
    }

    /// The refusal for an output that has become an input during the run.
    static func problem(_ output: String, input: String) -> FileProblem {
        FileProblem(output, "is now the input \(input) (it became another name for it during the run): writing it would destroy the input; nothing was written")
    }
}
