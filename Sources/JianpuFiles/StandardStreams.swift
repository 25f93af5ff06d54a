#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The programs' standard output and error: writes that report failure instead of trapping.
///
/// `FileHandle.write(_:)` traps when the stream is closed or full (`2>&-`, `>/dev/full`); every
/// message of the programs goes through here instead, so a closed or full stream never kills a run.
public enum StandardStreams {
    /// Makes the process safe for closed and full streams; call first thing in `main`.
    ///
    /// A closed descriptor 0, 1 or 2 is reopened on /dev/null, so that a file opened later cannot
    /// take its number and receive messages meant for the terminal. SIGPIPE and SIGXFSZ are
    /// ignored, so a closed pipe or a size limit (`ulimit -f`) is a failed write, not a silent death.
    public static func prepare() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            if descriptor == STDOUT_FILENO { outputWasClosed = true }
            closedAtStart.insert(descriptor)
            let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Standard output was closed when the program started (`>&-`): output to it fails, as it would have.
    nonisolated(unsafe) private static var outputWasClosed = false
    /// The standard descriptors that were closed when the program started (now on /dev/null).
    nonisolated(unsafe) private static var closedAtStart: Set<Int32> = []

    /// Whether standard descriptor `descriptor` was closed when the program started: writing it
    /// (`-o /dev/stdout` with `>&-`) must fail, not vanish into the /dev/null that holds its place.
    public static func wasClosed(_ descriptor: Int32) -> Bool { closedAtStart.contains(descriptor) }

    /// Writes `text` to standard output; false when it could not all be written.
    @discardableResult
    public static func output(_ text: String) -> Bool {
        if outputWasClosed {
            errno = EBADF
            return false
        }
        return write(text, to: STDOUT_FILENO)
    }

    /// Flushes what `print` buffered for standard output (C's stdio streams); false when that failed.
    public static func flushPrinted() -> Bool {
        fflush(nil) == 0
    }

    /// Writes `text` to standard error; false when it could not all be written (the caller rarely can do more).
    @discardableResult
    public static func error(_ text: String) -> Bool {
        // Closed at start (`2>&-`): the /dev/null holding its place does not count as written.
        if closedAtStart.contains(STDERR_FILENO) {
            errno = EBADF
            return false
        }
        return write(text, to: STDERR_FILENO)
    }

    /// Writes all of `text` to `descriptor`, retrying short writes and interruptions.
    public static func write(_ text: String, to descriptor: Int32) -> Bool {
        var text = text
        return text.withUTF8 { FileDescriptorIO.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    }
}

/// Whole-buffer reads and writes on a descriptor, retried on interruption and short counts.
enum FileDescriptorIO {
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard var base = bytes.baseAddress else { return true }
        var remaining = bytes.count
        while remaining > 0 {
            let written = write(descriptor, base, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            if written == 0 { return false }
            base += written
            remaining -= written
        }
        return true
    }
}
