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
        guard let added = part(text, after: timeline.parts, formulas: formulas) else { return timeline }
        var result = timeline
        result.parts.append(added.part)
        result.notes += added.notes
        result.notes.sort { ($0.onset, $0.part, $0.pitch) < ($1.onset, $1.part, $1.pitch) }
        result.length = max(result.length, added.end)
        return result
    }

    /// The part that plays the chords of `text` after `parts`, its notes in onset order (then pitch),
    /// and where the last chord ends; nil when `text` holds none.
    static func part(_ text: String, after parts: [TimelinePart], formulas: [ChordFormula] = ChordFormula.standard) -> (part: TimelinePart, notes: [TimedNote], end: WholeNotes)? {
        let chords = chords(in: text, formulas: formulas)
        guard !chords.isEmpty else { return nil }
        let number = parts.count
        let part = TimelinePart(name: partName, channel: TimelinePart.channel(forPartAfter: parts, program: 24), program: 24)
        var notes: [TimedNote] = []
        for chord in chords {
            for pitch in chord.pitches {
                notes.append(TimedNote(onset: chord.onset, duration: chord.length, pitch: pitch, velocity: velocity, part: number))
            }
        }
        notes.sort { ($0.onset, $0.pitch) < ($1.onset, $1.pitch) }
        return (part, notes, chords.map { $0.onset + $0.length }.max() ?? .zero)
    }
}
