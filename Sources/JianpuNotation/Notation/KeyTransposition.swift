import JianpuCore

/// Key words (`1=D`, `6=B`) moved to another key: what `--transpose` and `--key` do to the printed key.
public enum KeyTransposition {
    /// Major tonics by pitch class, spelled with the fewest accidentals (F# rather than Gb).
    private static let majorSpellings = ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"]
    /// Minor tonics by pitch class, spelled with the fewest accidentals.
    private static let minorSpellings = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "G#", "A", "Bb", "B"]

    /// The pitch class of degree 1 in a key word: X in `1=X`, three semitones above X in `6=X`; nil when it is not a key.
    public static func tonicPitchClass(of word: String) -> Int? {
        guard let signature = KeyName.parse(word, at: SourceLocation(file: "", line: 1, column: 1)) else { return nil }
        return ((signature.tonicMIDINumber % 12) + 12) % 12
    }

    /// A key word moved by `semitones`, as it is printed (`1=C` up 2 is `1=D`, `6=A` up 1 is `6=Bb`),
    /// with its signature's sharps (flats negative); nil when `word` is not a key.
    public static func transposed(_ word: String, by semitones: Int) -> (word: String, sharps: Int)? {
        guard let signature = KeyName.parse(word, at: SourceLocation(file: "", line: 1, column: 1)) else { return nil }
        let degree = signature.isMinor ? "6" : "1"
        // The written tonic: degree 1 for `1=`, degree 6 (three semitones under 1) for `6=`.
        let written = signature.tonicMIDINumber - (signature.isMinor ? 3 : 0)
        let pitchClass = (((written + semitones) % 12) + 12) % 12
        let name = (signature.isMinor ? minorSpellings : majorSpellings)[pitchClass]
        let moved = "\(degree)=\(name)"
        guard let result = KeyName.parse(moved, at: signature.location) else { return nil }
        return (moved, result.sharps)
    }

    /// The semitones from the key word `from` to the key asked for as `target` (`D`, `1=D`, `6=B`),
    /// the nearer way (-6 to +5); nil when either is not a key.
    public static func semitones(from word: String, to target: String) -> Int? {
        let asked = target.contains("=") ? target : "1=\(target)"
        guard let here = tonicPitchClass(of: word), let there = tonicPitchClass(of: asked) else { return nil }
        let up = ((there - here) % 12 + 12) % 12
        return up > 5 ? up - 12 : up
    }
}
