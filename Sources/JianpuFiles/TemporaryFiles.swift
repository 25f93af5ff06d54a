import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files being written beside their targets, removed if a signal ends the program
/// before they are put in place: Ctrl-C during a render leaves the old file and no partial one.
///
/// Registering the first one installs handlers for every signal in `signals` that is at its default
/// (one the user set to be ignored stays ignored). A handler removes the files, then lets the signal
/// end the program as it would have. A terminal session that installs its own handlers calls
/// `removeAll()` from them.
public enum TemporaryFiles {
    /// More outputs than any program writes at once.
    static let capacity = 16
    /// The paths as C strings, read by a signal handler: so they are made before, never in it.
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    private static let registry = Mutex<Bool>(false)
    /// Every signal whose default ends the program and that a program may catch, apart from the
    /// crashes (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS) and the two that
    /// `StandardStreams.prepare()` ignores so that the write they would interrupt fails instead
    /// (SIGPIPE, SIGXFSZ): the ones a user or a system sends to stop a program (Ctrl-C, Ctrl-\, kill,
    /// a closed terminal, a timer, a CPU limit, the real-time signals). All are handled one way.
    public static let signals: [Int32] =
        [
            SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
            SIGXCPU, SIGSTKFLT, SIGIO, SIGPWR,
        ]
        + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())

    /// Notes a temporary file, or a folder of them, being written; the number returned unregisters
    /// it (nil when all slots are taken).
    public static func register(_ path: String) -> Int? {
        registry.withLock { installed in
            guard let slot = (0..<capacity).first(where: { slots[$0] == nil }) else { return nil }
            slots[slot] = strdup(SystemPath.cString(path))
            if !installed {
                installed = true
                installHandlers()
            }
            return slot
        }
    }

    /// Runs `body` with every signal held back, delivered once it returns: a file created and registered
    /// in `body` is never left behind by a signal arriving between the two.
    public static func holdingSignals<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// Forgets a temporary file or folder: it was put in place or removed.
    public static func unregister(_ slot: Int) {
        registry.withLock { _ in
            let path = slots[slot]
            slots[slot] = nil
            free(path)
        }
    }

    /// Removes every temporary file being written, then the folders they were in. Only `unlink`
    /// and `rmdir`: safe in a signal handler.
    public static func removeAll() {
        for slot in 0..<capacity {
            if let path = slots[slot] { unlink(path) }
        }
        for slot in 0..<capacity {
            if let path = slots[slot] { rmdir(path) }
        }
    }

    /// Handlers for the signals still at their default; called again after a terminal session put its own back to default.
    public static func installHandlers() {
        for number in signals {
            var current = sigaction()
            // Only read: setting a disposition to look at it would drop a signal arriving meanwhile.
            guard sigaction(number, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil else { continue }
            signal(number) { number in
                TemporaryFiles.removeAll()
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }
}
