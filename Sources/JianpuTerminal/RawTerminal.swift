import Foundation

/// Owns the terminal while an interactive program runs: raw keyboard input, hidden cursor,
/// the alternate screen; puts everything back on `restore()`, in `deinit`, and on a fatal signal.
public final class RawTerminal {
    /// The settings to put back, kept where a signal handler can reach them.
    nonisolated(unsafe) private static var saved: termios?
    nonisolated(unsafe) private static var restoreSequence: [UInt8] = []
    private var restored = false

    /// Whether standard input and output are both terminals.
    public static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Switches to raw mode. Ctrl-C arrives as a key (byte 3), not as a signal.
    public init(alternateScreen: Bool = true) throws {
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else {
            throw TerminalError("standard input is not a terminal: run this in a terminal, or pipe answers in")
        }
        Self.saved = settings
        var raw = settings
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 0
            bytes[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        Self.restoreSequence = Array(((alternateScreen ? "\u{1B}[?1049l" : "") + "\u{1B}[0m\u{1B}[?25h").utf8)
        write(alternateScreen ? "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J" : "\u{1B}[?25l")
        for number in [SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV] {
            signal(number) { received in
                RawTerminal.restoreNow()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    /// Puts the terminal back as it was. Safe to call more than once.
    public func restore() {
        guard !restored else { return }
        restored = true
        Self.restoreNow()
    }

    deinit { restore() }

    /// Async-signal-safe: only `write` and `tcsetattr`.
    private static func restoreNow() {
        restoreSequence.withUnsafeBytes { _ = Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        if var settings = saved { tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings) }
    }

    /// Writes text to the terminal at once.
    public func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written <= 0 { break }
            offset += written
        }
    }

    /// The terminal's size in columns and rows (80×24 when it cannot be asked).
    public var size: (columns: Int, rows: Int) {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else { return (80, 24) }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Bytes typed so far, waiting at most `timeout` seconds for the first one.
    public func readBytes(timeout: Double) -> [UInt8] {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(max(0, timeout * 1000))) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, 256) }
        return count > 0 ? Array(buffer[..<count]) : []
    }
}

/// A terminal that cannot be used, with the fix.
public struct TerminalError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
