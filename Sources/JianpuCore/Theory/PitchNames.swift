/// Reading and writing pitch names: the thesis' octave-first form (`2C#`) and scientific
/// pitch notation (`C#4`). Both number octaves alike: C0 is MIDI 12, middle C is `4C` / `C4`.
extension Pitch {
    /// The pitch of `name` in scientific `octave` (`Cb4` is B3, MIDI 59; `B#3` is C4, MIDI 60).
    public init(_ name: NoteName, octave: Int) {
        self.init(midiNumber: 12 * (octave + 1) + name.letter.naturalPitchClass + name.accidental.semitones)
    }

    /// Reads the thesis' octave-first name: an optional minus sign, octave digits, then a note
    /// name, e.g. `2C#` (octave 2, MIDI 37), `4C` (middle C), `-1C` (MIDI 0).
    public init?(octaveFirstName text: some StringProtocol) {
        let trimmed = Substring(text).strippingWhitespace()
        var digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        var rest = trimmed.dropFirst(digits.count)
        var sign = 1
        if digits.isEmpty, trimmed.first == "-" {
            sign = -1
            digits = trimmed.dropFirst().prefix { $0.isASCII && $0.isNumber }
            rest = trimmed.dropFirst(digits.count + 1)
        }
        guard !digits.isEmpty, digits.count <= 2, let octave = Int(digits),
            let (name, after) = NoteName.parsePrefix(of: rest), after.isEmpty
        else { return nil }
        self.init(name, octave: sign * octave)
    }

    /// Reads scientific pitch notation: a note name then the octave, e.g. `C#4` (MIDI 61), `Bb-1`.
    public init?(scientificName text: some StringProtocol) {
        let trimmed = Substring(text).strippingWhitespace()
        guard let (name, rest) = NoteName.parsePrefix(of: trimmed), !rest.isEmpty, rest.count <= 3,
            let octave = Int(rest)
        else { return nil }
        self.init(name, octave: octave)
    }

    /// Reads either form: `2C#` or `C#2`.
    public init?(name text: some StringProtocol) {
        if let pitch = Pitch(octaveFirstName: text) ?? Pitch(scientificName: text) {
            self = pitch
        } else {
            return nil
        }
    }

    /// The octave of this pitch when written as `name` (`C4` spelled `B#` is in octave 3),
    /// or nil when `name` does not sound this pitch class.
    public func octave(spelledAs name: NoteName) -> Int? {
        guard name.pitchClass == pitchClass else { return nil }
        // With a matching pitch class this is exactly 12 × (octave + 1).
        let octaveStart = midiNumber - name.accidental.semitones - name.letter.naturalPitchClass
        return octaveStart / 12 - 1
    }

    /// The scientific name with the given spelling, e.g. `Db4`, or nil if the spelling does not fit.
    public func scientificName(spelledAs name: NoteName) -> String? {
        octave(spelledAs: name).map { "\(name)\($0)" }
    }

    /// The thesis' octave-first name with the given spelling, e.g. `4Db`, or nil if it does not fit.
    public func octaveFirstName(spelledAs name: NoteName) -> String? {
        octave(spelledAs: name).map { "\($0)\(name)" }
    }

    /// The thesis' octave-first name with sharps, e.g. `2C#` for MIDI 37.
    public var octaveFirstName: String { "\(octave)\(Pitch.sharpNames[pitchClass])" }
}
