import Foundation
import JianpuCore

/// What reaches an interactive program: a key, a MIDI message, or time passing.
public enum ProgramInput: Sendable, Hashable {
    /// A key pressed, repeated or released on the computer keyboard.
    case key(KeyEvent)
    /// A message from the MIDI keyboard (`--midi-in`).
    case midi(MIDIMessage)
    /// Time passed: a deadline the program asked for came, or the idle redraw interval.
    case tick
    /// Whether the terminal reports key releases (it answered the kitty keyboard query), once, when the loop
    /// was asked to find out.
    case keyReleases(Bool)
    /// The MIDI input stopped (its stream ended, a read failed): why, once.
    case midiStopped(String)
}

/// An interactive program as a value: state in, effects and lines out. `ProgramLoop` drives it on a
/// terminal; tests drive it by calling `handle` with inputs and times.
public protocol TerminalProgram {
    /// What the program asks the world to do (sound a note, log an answer); `ProgramLoop` hands each to its performer.
    associatedtype Effect

    /// Acts on one input at `time` (seconds since the loop started) and says what to do.
    mutating func handle(_ input: ProgramInput, at time: Double) -> [Effect]

    /// The program has ended (its last page left, or the user quit).
    var isFinished: Bool { get }

    /// When the program next needs a `.tick` (a light to turn off, a note to release), or nil.
    var nextDeadline: Double? { get }

    /// The screen: at most `rows` lines for a terminal `columns` wide.
    func lines(columns: Int, rows: Int) -> [String]
}

/// The one event loop of the interactive programs: it owns the terminal session's keys, the MIDI input,
/// resize, timers and redraw, and runs a `TerminalProgram` until it finishes or a signal ends the session.
///
/// Ctrl-C typed as a key ends the session as SIGINT does (status 130), whatever the program.
public struct ProgramLoop {
    /// The session the program draws on (raw mode).
    public let session: TerminalSession
    /// The MIDI keyboard, if any; the loop starts it, and its messages arrive as `.midi`.
    public let midi: MIDIInput?
    /// Seconds between ticks while nothing happens (a clock on screen, a MIDI failure shown).
    public var idleInterval: Double
    /// Whether to ask the terminal for key releases (the kitty keyboard protocol) and tell the program
    /// (`.keyReleases`) once it answers or `keyboardQueryWait` has passed.
    public var detectingKeyReleases: Bool
    /// How long the terminal has to answer the kitty keyboard query.
    public static let keyboardQueryWait = 0.2
    /// `line` cut to `columns` display columns, its SGR sequences kept and closed: a line longer than the
    /// terminal would wrap onto the next row and hide what is drawn there (a flood of held MIDI notes hid
    /// chordpad's mode line).
    static func clip(_ line: String, to columns: Int) -> String {
        var used = 0, out = "", inEscape = false, styled = false, cut = false
        for character in line {
            if inEscape {
                out.append(character)
                // An SGR or other CSI sequence ends with a byte from @ to ~.
                if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii), character != "[" { inEscape = false }
                continue
            }
            if character == "\u{1B}" {
                inEscape = true
                styled = true
                out.append(character)
                continue
            }
            let width = TerminalText.columns(of: character)
            if used + width > columns {
                cut = true
                break
            }
            out.append(character)
            used += width
        }
        return cut && styled ? out + "\u{1B}[0m" : out
    }

    /// MIDI messages handled per turn, so keys, quitting and signals are never starved by a flood.
    public static let midiMessagesPerTurn = 128

    /// A loop on `session`, reading `midi` beside the keys.
    public init(session: TerminalSession, midi: MIDIInput? = nil, idleInterval: Double = 0.25, detectingKeyReleases: Bool = false) {
        self.session = session
        self.midi = midi
        self.idleInterval = idleInterval
        self.detectingKeyReleases = detectingKeyReleases
    }

    /// Runs `program` until it finishes, a signal arrives, `until` says so (an output that ended) or `perform`
    /// throws; draws after every change and after a resize. `perform` gets each effect and the time it was
    /// made, in seconds since `origin`. Returns the seconds since `origin` when the loop ended.
    /// - Throws: what `perform` throws (the program is left as it was at that effect).
    @discardableResult
    public func run<Program: TerminalProgram>(
        _ program: inout Program, origin: ContinuousClock.Instant = ContinuousClock.now,
        until: () -> Bool = { false },
        perform: (Program.Effect, Double) throws -> Void
    ) rethrows -> Double {
        let clock = ContinuousClock()
        func now() -> Double { (clock.now - origin).inSeconds }
        var decoder = KeyDecoder()
        var drawn: [String] = []
        var drawnSize = (columns: 0, rows: 0)
        var askedAt = detectingKeyReleases ? now() : nil
        var midiStopped = false
        if detectingKeyReleases { session.write(KittyKeyboard.enable) }
        defer { if detectingKeyReleases { session.write(KittyKeyboard.disable) } }
        midi?.start()
        func handle(_ input: ProgramInput) throws {
            let time = now()
            for effect in program.handle(input, at: time) { try perform(effect, time) }
        }
        func redraw() {
            let size = session.size
            let lines = program.lines(columns: size.columns, rows: size.rows).prefix(max(1, size.rows)).map { Self.clip($0, to: size.columns) }
            if lines != drawn || size != drawnSize {
                session.draw(lines)
                drawn = lines
                drawnSize = size
            }
        }
        try handle(.tick)
        redraw()
        while !session.isInterrupted && !program.isFinished && !until() {
            var timeout = idleInterval
            if let deadline = program.nextDeadline { timeout = min(timeout, max(0, deadline - now())) }
            if let askedAt { timeout = min(timeout, max(0, askedAt + Self.keyboardQueryWait - now())) }
            let bytes = session.readBytes(timeout: timeout, alsoWakingOn: midi.map { [$0.wakeDescriptor] } ?? [])
            if session.isInterrupted { break }
            let events = decoder.events(from: bytes)
            if let asked = askedAt, decoder.sawKittyReply || now() - asked >= Self.keyboardQueryWait {
                askedAt = nil
                try handle(.keyReleases(decoder.sawKittyReply))
            }
            for event in events where !program.isFinished {
                if event.key == .control("c") {
                    session.interruptByControlC()
                    return now()
                }
                try handle(.key(event))
            }
            if let midi, !program.isFinished {
                for message in midi.drain(atMost: Self.midiMessagesPerTurn) where !program.isFinished && !session.isInterrupted {
                    try handle(.midi(message))
                }
                if !midiStopped, let failure = midi.failure {
                    midiStopped = true
                    try handle(.midiStopped(failure))
                }
            }
            if !program.isFinished { try handle(.tick) }
            redraw()
        }
        return now()
    }
}
