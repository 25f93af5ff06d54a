/// A score's guitar-chord line (`chords=c2. g:7 a:m`) read as LilyPond chord mode reads it: durations are sticky
/// (a crotchet until one is written), `r`/`s` are rests, `R1*4` whole-bar rests, `|` a bar check.
///
/// Theory, not timeline: the lexer warns about the words it cannot read, and the accompaniment sounds the rest.
public enum ChordLine {
    /// The chords of a `chords=` line with their onsets and lengths, each voiced as chord mode voices it.
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
            if character == " " || character == "\t" || character == "\n" {
                check()
            } else {
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
}
