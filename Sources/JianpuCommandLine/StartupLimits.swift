import JianpuFiles

#if canImport(Glibc)
import Glibc
#endif

/// The resource limits a program cannot run under, found at start-up and said in one line.
///
/// With too few file descriptors (`ulimit -n`) the threads the system libraries start die on their own
/// (libdispatch traps on EMFILE: SIGILL, no message); with too little address space (`ulimit -v`) an
/// allocation deep in the run aborts. Both are known before any work, so they are refused before it.
public enum StartupLimits {
    /// The descriptors a run may hold at once: standard streams, the score, a SoundFont, the quiz log with
    /// its `-wal` and `-shm`, sound and MIDI devices, and the pipes of the threads libdispatch starts.
    public static let descriptorsNeeded: rlim_t = 32
    /// Address space beyond what is mapped at start-up (the program and its libraries): the heap of an
    /// ordinary score, one malloc arena and the stacks of the few threads a run starts.
    public static let addressSpaceMargin = 48 << 20

    /// How many malloc arenas the threads of a run share.
    ///
    /// Each arena reserves 64 MB of address space: under a limit on it (`ulimit -v`; three threads made
    /// `quiz stats` reserve 300 MB for 20 MB of memory) two are shared by all. Without one, a thread of each
    /// core, the written bars' reader and the file's writer each have their own: threads that share an arena
    /// wait for each other's every allocation (a large export's two readers spent a tenth of their time so).
    public static func mallocArenas() -> Int {
        var memory = rlimit()
        guard getrlimit(Int32(RLIMIT_AS.rawValue), &memory) == 0, memory.rlim_cur == rlim_t.max else { return 2 }
        return max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1) + 2
    }

    /// Why the program cannot run under the present limits, or nil. A soft descriptor limit below what
    /// is needed is raised to it when the hard limit allows (as the shell's `ulimit -S` could).
    public static func problem(program name: String) -> String? {
        var files = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &files) == 0, files.rlim_cur < descriptorsNeeded {
            if files.rlim_max >= descriptorsNeeded {
                files.rlim_cur = descriptorsNeeded
                _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &files)
            } else {
                return "too many open files: the descriptor limit (ulimit -n) is \(files.rlim_cur), and \(name) needs at least \(descriptorsNeeded) open files to run; raise it (ulimit -n 1024)"
            }
        }
        var memory = rlimit()
        if getrlimit(Int32(RLIMIT_AS.rawValue), &memory) == 0, memory.rlim_cur != rlim_t.max, let mapped = mappedBytes() {
            let needed = mapped + addressSpaceMargin
            if memory.rlim_cur < rlim_t(needed) {
                return
                    "the memory limit (ulimit -v) is \(InputFile.megabytes(Int(memory.rlim_cur))), too low to run: \(name) and its libraries take \(InputFile.megabytes(mapped)) of address space before any work, and a run needs at least \(InputFile.megabytes(needed)); raise it (ulimit -v \(needed >> 10) or more)"
            }
        }
        return nil
    }

    /// The address space mapped now (`VmSize` of `/proc/self/status`), or nil when it cannot be read.
    static func mappedBytes() -> Int? {
        let text = String(decoding: procBytes("/proc/self/status"), as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("VmSize:") {
            let digits = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first
            return digits.flatMap { Int($0) }.map { $0 << 10 }
        }
        return nil
    }

    /// The bytes of a /proc file, whose size `stat` gives as 0.
    static func procBytes(_ path: String) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return bytes
    }
}
