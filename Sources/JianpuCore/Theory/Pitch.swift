/// A sounding pitch as a MIDI note number (60 is middle C, C0 is 12).
public struct Pitch: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var midiNumber: Int

    public init(midiNumber: Int) { self.midiNumber = midiNumber }

    /// The pitch class, 0 for C up to 11 for B.
    public var pitchClass: Int { ((midiNumber % 12) + 12) % 12 }
    /// The octave in scientific pitch notation (middle C is in octave 4).
    public var octave: Int { Int((Double(midiNumber) / 12).rounded(.down)) - 1 }
    /// Whether the pitch fits in a MIDI note byte.
    public var isValidMIDI: Bool { (0...127).contains(midiNumber) }

    static let sharpNames = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]

    /// The name with sharps and the octave after it, e.g. `C#4`.
    public var description: String { "\(Pitch.sharpNames[pitchClass])\(octave)" }

    public static func < (a: Pitch, b: Pitch) -> Bool { a.midiNumber < b.midiNumber }
    public static func + (a: Pitch, semitones: Int) -> Pitch { Pitch(midiNumber: a.midiNumber + semitones) }
    public static func - (a: Pitch, b: Pitch) -> Int { a.midiNumber - b.midiNumber }
}
