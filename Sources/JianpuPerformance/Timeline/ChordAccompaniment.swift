import JianpuCore
import JianpuNotation

/// Sounds a score's guitar chords (`chords=c2. g:7 a:m`) as an accompaniment part, each chord
/// voiced as the reference's LilyPond chord mode voices it (root from middle C, tones above it; `ChordLine` reads them).
public enum ChordAccompaniment {
    /// Velocity of the chord part: under the melody.
    static let velocity: UInt8 = 64

    /// The chords of a `chords=` line with their onsets, lengths and voicings (`ChordLine` reads them).
    public static func chords(in text: String, formulas: [ChordFormula] = ChordFormula.standard) -> [(onset: WholeNotes, length: WholeNotes, chord: Chord, pitches: [Pitch])] {
        ChordLine.chords(in: text, formulas: formulas)
    }

    /// The name of the part that plays the chords.
    public static let partName = "Chords"

    /// The timeline with one more part playing the chords (nothing changes when `text` holds none).
    public static func adding(_ text: String, to timeline: Timeline, formulas: [ChordFormula] = ChordFormula.standard) -> Timeline {
        let chords = chords(in: text, formulas: formulas)
        guard !chords.isEmpty else { return timeline }
        var result = timeline
        let number = result.parts.count
        result.parts.append(TimelinePart(name: partName, channel: TimelinePart.channel(forPartAfter: result.parts, program: 24), program: 24))
        for chord in chords {
            for pitch in chord.pitches {
                result.notes.append(TimedNote(onset: chord.onset, duration: chord.length, pitch: pitch, velocity: velocity, part: number))
            }
        }
        result.notes.sort { ($0.onset, $0.part, $0.pitch) < ($1.onset, $1.part, $1.pitch) }
        result.length = max(result.length, chords.map { $0.onset + $0.length }.max() ?? .zero)
        return result
    }
}
