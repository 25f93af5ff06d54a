/// A sounding pitch as a MIDI note number (60 is middle C, C0 is 12).
public struct Pitch: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    // Four bytes, not eight: chords and timelines hold millions of pitches.
    private var storedNumber: Int32

    /// The MIDI note number: 60 is middle C (kept within ±2,147,483,647).
    public var midiNumber: Int {
        get { Int(storedNumber) }
        set { storedNumber = Int32(clamping: newValue) }
    }

    public init(midiNumber: Int) { storedNumber = Int32(clamping: midiNumber) }

    private enum CodingKeys: String, CodingKey { case midiNumber }

    public init(from decoder: any Decoder) throws {
        self.init(midiNumber: try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .midiNumber))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(midiNumber, forKey: .midiNumber)
    }

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
