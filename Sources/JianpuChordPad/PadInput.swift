import JianpuCore
import JianpuTerminal

/// What the pad is given: a key event from the terminal, a MIDI message from `--midi-in`, or the
/// passing of time (for note lengths and strums).
public enum PadInput: Sendable, Hashable {
    case key(KeyEvent)
    case midi(MIDIMessage)
    case tick
}

/// How the pad learns that a key was let go.
public enum ReleaseMode: Sendable, Hashable {
    /// The terminal reports key releases (kitty keyboard protocol): a note lasts while its key is held.
    case keyRelease
    /// The terminal sends presses only: every note lasts a set time (seconds). Also used while
    /// the terminal has not yet answered the kitty query.
    case noteLength(Double)
}
