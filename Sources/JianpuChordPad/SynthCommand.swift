/// A MIDI command for the synthesizer, as the chord pad issues it.
public enum SynthCommand: Sendable, Hashable {
    case noteOn(channel: UInt8, key: UInt8, velocity: UInt8)
    case noteOff(channel: UInt8, key: UInt8)
    case programChange(channel: UInt8, program: UInt8)
    /// Release every note on every channel (panic, quit).
    case allNotesOff
}
