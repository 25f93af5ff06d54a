import Foundation
import JianpuCore
import JianpuFiles
import Synchronization

/// One run of an interactive program on the terminal — `play`, `quiz`, `chordpad` — and the one place
/// that handles signals.
///
/// - Raw mode (optional): keys arrive byte by byte, Ctrl-C as byte 3; the cursor is hidden and the
///   alternate screen used. `restore()`, `deinit` and every signal put the terminal back.
/// - Signals: every signal that stops a program (`TemporaryFiles.signals`: SIGINT, SIGTERM, SIGHUP,
///   SIGQUIT, SIGUSR1, SIGALRM, …) ends the session one way: `interruption` says which, and waits in
///   `readBytes` return at once, so a take is kept whichever it was. A second one exits at once
///   (status 128 + signal), so a program stuck anywhere can always be stopped. The crashes (SIGABRT,
///   SIGSEGV, SIGBUS) restore the terminal, then act as usual.
/// - A terminal that hangs up (its window closed) ends the session as SIGHUP does.
/// - Resize (SIGWINCH) wakes `readBytes`; `draw(_:)` then repaints everything.
/// - `NO_COLOR` (set and not empty): `draw(_:)` leaves out colours (bold and reverse video stay).
///
/// One session at a time per process.
public final class TerminalSession: @unchecked Sendable {
    /// Whether standard input and output are both terminals.
    public static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Whether colours may be drawn: `NO_COLOR` is unset or empty (https://no-color.org) and the
    /// terminal is not a dumb one.
    public static func colorsAllowed(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// Whether this session draws colours.
    public let colors: Bool
    /// Whether the terminal is in raw mode.
    public let isRaw: Bool
    /// Whether standard input was a terminal when the session started (a hung-up one may no longer say so).
    private let inputIsTerminal = isatty(STDIN_FILENO) == 1
    private var restored = false
    private var drawn: [String] = []
    private var drawnSize = (columns: 0, rows: 0)

    /// Starts a session. With `raw`, standard input must be a terminal; without it, only signals are handled
    /// (for plain line-by-line runs and output that is not a terminal).
    /// - Throws: `TerminalError` when raw mode is asked for and standard input is not a terminal.
    public init(raw: Bool = true, alternateScreen: Bool = true, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        colors = Self.colorsAllowed(environment: environment)
        isRaw = raw
        Signals.prepare()
        if raw {
            var settings = termios()
            guard tcgetattr(STDIN_FILENO, &settings) == 0 else {
                throw TerminalError.notATerminal
            }
            Signals.saved = settings
            var rawSettings = settings
            rawSettings.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
            rawSettings.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
            rawSettings.c_cflag |= tcflag_t(CS8)
            withUnsafeMutableBytes(of: &rawSettings.c_cc) { bytes in
                bytes[Int(VMIN)] = 0
                bytes[Int(VTIME)] = 0
            }
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &rawSettings)
            Signals.restoreSequence = Array(((alternateScreen ? "\u{1B}[?1049l" : "") + "\u{1B}[0m\u{1B}[?25h").utf8)
            let enter = alternateScreen ? "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J" : "\u{1B}[?25l"
            Signals.raw = rawSettings
            Signals.enterSequence = Array(enter.utf8)
            write(enter)
        }
        Signals.install()
    }

    deinit { restore() }

    /// Puts the terminal back as it was and stops catching signals. Safe to call more than once.
    public func restore() {
        guard !restored else { return }
        restored = true
        Signals.restoreTerminal()
        Signals.saved = nil
        Signals.raw = nil
        Signals.restoreSequence = []
        Signals.enterSequence = []
        Signals.uninstall()
    }

    /// The signal that ended the session (SIGINT, SIGTERM, SIGHUP, …), or nil.
    public var interruption: Int32? {
        let number = Signals.received.load(ordering: .acquiring)
        return number == 0 ? nil : number
    }

    /// Whether a signal ended the session.
    public var isInterrupted: Bool { interruption != nil }

    /// Ends the session as SIGINT does: for Ctrl-C read as a key in raw mode, so that Ctrl-C gives the same
    /// status (130) however it arrives. A signal that came first stays the reason.
    public func interruptByControlC() { Signals.record(SIGINT) }

    /// Calls `action` once, on a background thread, when a signal ends the session (for loops that block
    /// elsewhere, such as one reading lines).
    public func onInterrupt(_ action: @escaping @Sendable () -> Void) {
        let reader = Signals.interruptPipe.reader
        let thread = Thread {
            var polled = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
            while poll(&polled, 1, -1) <= 0 || Signals.received.load(ordering: .acquiring) == 0 {}
            action()
        }
        thread.name = "signal watcher"
        thread.start()
    }

    /// The exit status for the signal that ended the session: 128 + its number (130 for Ctrl-C).
    public var interruptionExitCode: Int32? { interruption.map { 128 + $0 } }

    /// Writes text to the terminal at once.
    public func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
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

    /// Says that standard input has ended. When it was a terminal that has hung up (its window
    /// closed), the session ends as SIGHUP would (status 129), not as answers that simply ran out:
    /// the signal itself reaches only the terminal's session leader.
    public func noteEndOfInput() {
        guard inputIsTerminal else { return }
        var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        if poll(&input, 1, 0) >= 0, input.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { Signals.record(SIGHUP) }
    }

    /// Waits at most `timeout` seconds for typed bytes (raw mode) or for one of `descriptors` to become
    /// readable, and returns the bytes typed. A signal or a resize ends the wait at once.
    public func readBytes(timeout: Double, alsoWakingOn descriptors: [Int32] = []) -> [UInt8] {
        if isInterrupted { return [] }
        var polled = [
            pollfd(fd: Signals.interruptPipe.reader, events: Int16(POLLIN), revents: 0),
            pollfd(fd: Signals.resizePipe.reader, events: Int16(POLLIN), revents: 0),
        ]
        if isRaw { polled.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
        polled += descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&polled, nfds_t(polled.count), Int32(saturating: (max(0, timeout) * 1000).rounded(.up)))
        guard ready > 0 else { return [] }
        if polled[1].revents & Int16(POLLIN) != 0 { Signals.resizePipe.drain() }
        guard isRaw else { return [] }
        // A closed terminal (its window gone) ends the session as SIGHUP would: the signal itself
        // reaches only the terminal's session leader, and never us when that shell blocks or ignores it.
        if polled[2].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { Signals.record(SIGHUP); return [] }
        guard polled[2].revents & Int16(POLLIN) != 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0, errno != EINTR, errno != EAGAIN { Signals.record(SIGHUP) }
        guard count > 0 else { return [] }
        var typed = Array(buffer[..<count])
        // Ctrl-Z, which raw mode reads as a byte: stopped as the terminal would stop it (the job's whole group).
        if typed.contains(0x1A) {
            typed.removeAll { $0 == 0x1A }
            kill(0, SIGTSTP)
        }
        return typed
    }

    /// Shows `lines` from the top of the screen, rewriting only the lines that changed (everything
    /// after a resize); colours are left out under `NO_COLOR`.
    public func draw(_ lines: [String]) {
        let shown = colors ? lines : lines.map(Self.withoutColors)
        let size = self.size
        var output = ""
        // After a stop and `fg` the screen is the shell's: everything is drawn again.
        if Signals.repaint.exchange(false, ordering: .acquiringAndReleasing) { drawnSize = (columns: 0, rows: 0) }
        if size != drawnSize {
            output += "\u{1B}[0m\u{1B}[2J"
            drawn = []
            drawnSize = size
        }
        for (index, line) in shown.enumerated() where index >= drawn.count || drawn[index] != line {
            output += "\u{1B}[\(index + 1);1H\u{1B}[0m" + line + "\u{1B}[0m\u{1B}[K"
        }
        if drawn.count > shown.count {
            for index in shown.count..<drawn.count { output += "\u{1B}[\(index + 1);1H\u{1B}[0m\u{1B}[K" }
        }
        drawn = shown
        if !output.isEmpty { write(output) }
    }

    /// `text` with the colours taken out of its SGR sequences (`ESC [ … m`); bold, reverse video and
    /// the other attributes stay, so highlights still show. A sequence left empty is dropped (it would reset).
    public static func withoutColors(_ text: String) -> String {
        guard text.contains("\u{1B}[") else { return text }
        var out = ""
        var rest = text.unicodeScalars[...]
        while let scalar = rest.first {
            rest = rest.dropFirst()
            guard scalar == "\u{1B}", rest.first == "[" else { out.unicodeScalars.append(scalar); continue }
            var end = rest.dropFirst()
            while let next = end.first, ("0"..."9").contains(next) || next == ";" { end = end.dropFirst() }
            guard end.first == "m" else { out.unicodeScalars.append(scalar); continue }
            let parameters = String(String.UnicodeScalarView(rest.dropFirst()[..<end.startIndex]))
            rest = end.dropFirst()
            let kept = parameters.isEmpty ? "" : attributesWithoutColors(parameters)
            if parameters.isEmpty || !kept.isEmpty { out += "\u{1B}[\(kept)m" }
        }
        return out
    }

    /// SGR parameters without the colour ones: 30–39, 40–49, 90–97, 100–107 and the extended 38/48 forms.
    static func attributesWithoutColors(_ parameters: String) -> String {
        var numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
        var kept: [Int] = []
        while let number = numbers.popFirst() {
            switch number {
            case 38, 48:
                // 38;5;n or 38;2;r;g;b
                let form = numbers.popFirst()
                numbers = numbers.dropFirst(form == 2 ? 3 : 1)
            case 30...37, 39, 40...47, 49, 90...97, 100...107:
                break
            default:
                kept.append(number)
            }
        }
        return kept.map(String.init).joined(separator: ";")
    }
}

/// The process's signal state, kept where the C handlers can reach it. The handlers only store an
/// atomic, `write` and `tcsetattr` (async-signal-safe).
private enum Signals {
    /// A pipe a handler writes to so that `poll` wakes.
    struct Pipe {
        let reader: Int32
        let writer: Int32

        static func make() -> Pipe {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return Pipe(reader: -1, writer: -1) }
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
            return Pipe(reader: ends[0], writer: ends[1])
        }

        func wake() {
            var byte: UInt8 = 1
            _ = Glibc.write(writer, &byte, 1)
        }

        func drain() {
            var scratch = [UInt8](repeating: 0, count: 64)
            while scratch.withUnsafeMutableBytes({ read(reader, $0.baseAddress, $0.count) }) > 0 {}
        }
    }

    static let received = Atomic<Int32>(0)
    /// Set when the program continues after a stop: the next `draw` repaints the whole screen.
    static let repaint = Atomic<Bool>(false)
    nonisolated(unsafe) static var saved: termios?
    /// The raw settings and the sequence that entered the screen, taken again after a stop.
    nonisolated(unsafe) static var raw: termios?
    nonisolated(unsafe) static var enterSequence: [UInt8] = []
    nonisolated(unsafe) static var restoreSequence: [UInt8] = []
    /// Written once by a first SIGINT/SIGTERM/SIGHUP and never drained: every later poll returns at once.
    nonisolated(unsafe) static var interruptPipe = Pipe(reader: -1, writer: -1)
    nonisolated(unsafe) static var resizePipe = Pipe(reader: -1, writer: -1)

    static let stopping = TemporaryFiles.signals
    static let fatal = [SIGABRT, SIGSEGV, SIGBUS]

    /// Creates the pipes and touches the statics, so a handler never initializes anything.
    static func prepare() {
        if interruptPipe.reader < 0 { interruptPipe = .make() }
        if resizePipe.reader < 0 { resizePipe = .make() }
        _ = received.load(ordering: .relaxed)
    }

    static func install() {
        // A parent may have left these blocked (they would then stay pending for ever): unblock them here.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in stopping + [SIGWINCH] { sigaddset(&unblocked, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        for number in stopping {
            signal(number) { number in
                if Signals.received.compareExchange(expected: 0, desired: number, ordering: .acquiringAndReleasing).exchanged {
                    Signals.interruptPipe.wake()
                } else {
                    // A second signal: the program did not stop by itself. Put the terminal back and go.
                    Signals.restoreTerminal()
                    TemporaryFiles.removeAll()
                    _exit(128 + number)
                }
            }
        }
        signal(SIGWINCH) { _ in Signals.resizePipe.wake() }
        // Job control (Ctrl-Z in the shell, `kill -TSTP`): the terminal is given back (the shell's settings,
        // the main screen, the cursor shown), the process stops; on `fg` (SIGCONT) it takes the terminal
        // again, in raw mode at once, and repaints. Only async-signal-safe calls: write, tcsetattr, kill.
        if raw != nil {
            for number in [SIGTSTP, SIGTTIN, SIGTTOU] {
                signal(number) { _ in
                    let saved = errno
                    Signals.restoreTerminal()
                    kill(getpid(), SIGSTOP)
                    // Here again after SIGCONT.
                    Signals.retakeTerminal()
                    errno = saved
                }
            }
        }
        for number in fatal {
            signal(number) { number in
                Signals.restoreTerminal()
                TemporaryFiles.removeAll()
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    /// Ends the session as `signal` would, unless a signal came first (without a handler's second-signal exit).
    static func record(_ signal: Int32) {
        if received.compareExchange(expected: 0, desired: signal, ordering: .acquiringAndReleasing).exchanged {
            interruptPipe.wake()
        }
    }

    static func uninstall() {
        // A signal that arrived stays recorded (the program reports it); later ones act as usual.
        for number in stopping + fatal + [SIGWINCH, SIGTSTP, SIGTTIN, SIGTTOU] { signal(number, SIG_DFL) }
        TemporaryFiles.installHandlers()
    }

    /// Raw mode and the screen again after a stop, and a repaint asked for (through the resize pipe, which wakes `readBytes`).
    static func retakeTerminal() {
        guard var settings = raw else { return }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
        enterSequence.withUnsafeBytes { _ = Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        repaint.store(true, ordering: .releasing)
        resizePipe.wake()
    }

    static func restoreTerminal() {
        restoreSequence.withUnsafeBytes { _ = Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        if var settings = saved { tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings) }
    }
}

/// A terminal that cannot be used, with the fix.
