/// Sounds a score's guitar chords (`chords=c2. g:7 a:m`) as an accompaniment part, each chord
/// voiced as the reference's LilyPond chord mode voices it (root from middle C, tones above it).
public enum ChordAccompaniment {
    /// Velocity of the chord part: under the melody.
    static let velocity: UInt8 = 64

    /// The chords of a `chords=` line with their onsets and lengths, in LilyPond chord mode:
    /// durations are sticky (a crotchet until one is written), `r`/`s` are rests, `R1*4` whole-bar rests.
    public static func chords(in text: String, formulas: [ChordFormula] = ChordFormula.standard) -> [(onset: WholeNotes, length: WholeNotes, chord: Chord, pitches: [Pitch])] {
        var result: [(onset: WholeNotes, length: WholeNotes, chord: Chord, pitches: [Pitch])] = []
        var position = WholeNotes.zero
        var length = WholeNotes.quarter
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            if let (chord, duration) = Chord.parse(lilyPondChordMode: word, formulas: formulas) {
                if let written = Self.length(duration) { length = written }
                result.append((position, length, chord, chord.chordModeVoicing()))
                position += length
            } else if let first = word.first, "rsR".contains(first) {
                let pieces = word.dropFirst().split(separator: "*", maxSplits: 1)
                if let written = pieces.first.flatMap({ Self.length($0) }) { length = written }
                let times = pieces.count > 1 ? Int64(pieces[1]) ?? 1 : 1
                position += length * max(1, min(times, 10_000))
            }
        }
        return result
    }

    /// The words of a `chords=` line that are neither chords nor rests nor bar checks, with
    /// their offsets in `text` (in characters): what a `chords=` line should be warned about.
    public static func unreadableWords(in text: String, formulas: [ChordFormula] = ChordFormula.standard) -> [(offset: Int, word: String)] {
        var result: [(offset: Int, word: String)] = []
        var offset = 0, start = 0
        var word = ""
        func check() {
            defer { word = "" }
            guard !word.isEmpty, word != "|", Chord.parse(lilyPondChordMode: word, formulas: formulas) == nil else { return }
            if let first = word.first, "rsR".contains(first) {
                let pieces = word.dropFirst().split(separator: "*", maxSplits: 1, omittingEmptySubsequences: false)
                let lengthOK = pieces.first.map { $0.isEmpty || Self.length($0) != nil } ?? true
                if lengthOK, pieces.count < 2 || Int(pieces[1]) != nil { return }
            }
            result.append((start, word))
        }
        for character in text {
            if character == " " || character == "\t" || character == "\n" { check() } else {
                if word.isEmpty { start = offset }
                word.append(character)
            }
            offset += 1
        }
        check()
        return result
    }

    /// A LilyPond duration (`4`, `2.`, `8..`) as a length.
    static func length(_ text: some StringProtocol) -> WholeNotes? {
        let digits = text.prefix { $0.isNumber }
        guard let denominator = Int64(digits), [1, 2, 4, 8, 16, 32, 64].contains(denominator) else { return nil }
        var length = WholeNotes(1, denominator), add = length
        for character in text.dropFirst(digits.count) where character == "." {
            add = add / 2
            length += add
        }
        return length
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
