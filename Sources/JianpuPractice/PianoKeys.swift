/// The computer keyboard laid out as a piano: two rows per octave, like a tracker.
///
/// Lower octave (the red note's octave): `z s x d c v g b h n j m` = C C# D D# E F F# G G# A A# B;
/// upper octave: `q 2 w 3 e r 5 t 6 y 7 u` = C … B, and `i` the C above.
public enum PianoKeys {
    public static let lowerRow: [Character] = ["z", "s", "x", "d", "c", "v", "g", "b", "h", "n", "j", "m"]
    public static let upperRow: [Character] = ["q", "2", "w", "3", "e", "r", "5", "t", "6", "y", "7", "u", "i"]

    /// Semitones above the C of the lower octave for a key, or nil for a key that is not a piano key.
    public static func offset(of key: Character) -> Int? {
        if let index = lowerRow.firstIndex(of: key) { return index }
        if let index = upperRow.firstIndex(of: key) { return 12 + index }
        return nil
    }

    /// The key for an offset above the lower C (0…24).
    public static func key(forOffset offset: Int) -> Character? {
        if (0..<12).contains(offset) { return lowerRow[offset] }
        if (12...24).contains(offset) { return upperRow[offset - 12] }
        return nil
    }

    /// The MIDI note a key plays when the red (lower) note is `root`.
    public static func note(for key: Character, root: Int) -> Int? {
        offset(of: key).map { root - ((root % 12 + 12) % 12) + $0 }
    }
}
