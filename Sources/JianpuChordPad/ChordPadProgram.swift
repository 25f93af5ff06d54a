import JianpuCore
import JianpuTerminal

/// The chord pad as `ProgramLoop` runs it: the pad's state machine and the status line, MIDI messages out.
public struct ChordPadProgram: TerminalProgram {
    public var pad: ChordPad
    public var status: ScreenStatus
    /// How long a note sounds when the terminal reports no key releases.
    public let noteLength: Double

    public init(pad: ChordPad, status: ScreenStatus, noteLength: Double) {
        self.pad = pad
        self.status = status
        self.noteLength = noteLength
    }

    public mutating func handle(_ input: ProgramInput, at time: Double) -> [MIDIMessage] {
        switch input {
        case .key(let event): return pad.handle(.key(event), at: time)
        case .midi(let message): return pad.quitRequested ? [] : pad.handle(.midi(message), at: time)
        case .tick: return pad.handle(.tick, at: time)
        case .keyReleases(let reported):
            status.detectingKeyboard = false
            pad.releaseMode = reported ? .keyRelease : .noteLength(noteLength)
            return []
        case .midiStopped(let reason):
            status.message = reason
            return []
        }
    }

    public var isFinished: Bool { pad.quitRequested }

    public var nextDeadline: Double? { pad.nextDeadline }

    public func lines(columns: Int, rows: Int) -> [String] {
        Array(ChordPadScreen.render(pad, status: status, width: columns).prefix(max(1, rows)))
    }
}
