#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files this process has open or mapped: every file a run reads, whoever opened it.
///
/// The inputs a command names are compared with its outputs before any work; this is the net under
/// that list, for files a library opens on its own (the fonts fontconfig finds for cairo, a SoundFont
/// FluidSynth maps, the quiz log's `-wal` and `-shm`, the program's own libraries). An output that is
/// one of them is refused: renaming over a file in use destroys what the run is reading.
public enum FilesInUse {
    /// A file's identity: its device and inode.
    struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    /// The path of a file the process has open or mapped that is the same file as `path`, or nil.
    ///
    /// The standard output and error are left out: a shell that sends them to the output file has
    /// already emptied it, and writing the file is what the user asked for.
    public static func holding(_ path: String) -> String? {
        guard let wanted = FileStatus(path), wanted.kind == .regular else { return nil }
        let identity = Identity(device: wanted.device, inode: wanted.inode)
        for name in openNames() + mappedNames() {
            if let status = FileStatus(name), status.kind == .regular,
                Identity(device: status.device, inode: status.inode) == identity
            {
                return name.hasPrefix("/proc/self/fd/") ? (FileStatus.linkDestination(name) ?? name) : name
            }
        }
        return nil
    }

    /// `/proc/self/fd/N` for every open descriptor but 1 and 2.
    static func openNames() -> [String] {
        guard let folder = opendir("/proc/self/fd") else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let number = Int32(name), number != STDOUT_FILENO, number != STDERR_FILENO else { continue }
            names.append("/proc/self/fd/\(number)")
        }
        return names
    }

    /// The paths of the files mapped into memory (`/proc/self/maps`), each once.
    static func mappedNames() -> [String] {
        let descriptor = open("/proc/self/maps", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        var seen = Set<String>()
        var names: [String] = []
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            // address perms offset device inode path: the path starts at the first '/'.
            guard let slash = line.firstIndex(of: UInt8(ascii: "/")) else { continue }
            let name = SystemPath.string(line[slash...])
            if !name.hasSuffix(" (deleted)"), seen.insert(name).inserted { names.append(name) }
        }
        return names
    }
}
