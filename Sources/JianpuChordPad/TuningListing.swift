import JianpuCore

/// A tuning as chordpad shows it: its notes from the tonic up (D major from D, not from the C♯ the file's letter
/// order starts with), each accidental as printed.
extension Tuning {
    /// The notes from the tonic up; in the file's order when none of them is the tonic.
    public var notesFromTonic: [NoteName] {
        guard let start = notes.firstIndex(where: { $0.pitchClass == key.tonic.pitchClass }) else { return notes }
        return Array(notes[start...] + notes[..<start])
    }

    /// `DMajor: D, E, F♯, G, A, B, C♯`: a line of `--list-tunings`.
    public var listing: String { "\(name): " + notesFromTonic.map(\.symbol).joined(separator: ", ") }
}
