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
    /// The MIDI keyboard, if any; its messages arrive as `.midi`.
    public let midi: MIDIInput?
    /// Seconds between ticks while nothing happens (a clock on screen, a MIDI failure shown).
    public var idleInterval: Double
    /// MIDI messages handled per turn, so keys, quitting and signals are never starved by a flood.
    public static let midiMessagesPerTurn = 128

    /// A loop on `session`, reading `midi` beside the keys.
    public init(session: TerminalSession, midi: MIDIInput? = nil, idleInterval: Double = 0.25) {
        self.session = session
        self.midi = midi
        self.idleInterval = idleInterval
    }

    /// Runs `program` until it finishes, a signal arrives or `perform` throws; draws after every change and
    /// after a resize. Returns the seconds the loop ran.
    /// - Throws: what `perform` throws (the program is left as it was at that effect).
    @discardableResult
    public func run<Program: TerminalProgram>(_ program: inout Program,
                                              perform: (Program.Effect) throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let origin = clock.now
        func now() -> Double { (clock.now - origin).inSeconds }
        var decoder = KeyDecoder()
        var drawn: [String] = []
        var drawnSize = (columns: 0, rows: 0)
        midi?.start()
        func redraw() {
            let size = session.size
            let lines = Array(program.lines(columns: size.columns, rows: size.rows).prefix(max(1, size.rows)))
            if lines != drawn || size != drawnSize {
                session.draw(lines)
                drawn = lines
                drawnSize = size
            }
        }
        try program.handle(.tick, at: now()).forEach(perform)
        redraw()
        while !session.isInterrupted && !program.isFinished {
            var timeout = idleInterval
            if let deadline = program.nextDeadline { timeout = min(timeout, max(0, deadline - now())) }
            let bytes = session.readBytes(timeout: timeout, alsoWakingOn: midi.map { [$0.wakeDescriptor] } ?? [])
            if session.isInterrupted { break }
            for event in decoder.events(from: bytes) where !program.isFinished {
                if event.key == .control("c") {
                    session.interruptByControlC()
                    return now()
                }
                try program.handle(.key(event), at: now()).forEach(perform)
            }
            if let midi, !program.isFinished {
                for message in midi.drain(atMost: Self.midiMessagesPerTurn) where !program.isFinished {
                    try program.handle(.midi(message), at: now()).forEach(perform)
                }
            }
            if !program.isFinished { try program.handle(.tick, at: now()).forEach(perform) }
            redraw()
        }
        return now()
    }
}
