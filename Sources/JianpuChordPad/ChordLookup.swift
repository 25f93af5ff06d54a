import JianpuCore

/// `chordpad --chord NAME`: a chord's notes, and which column of the pad plays it in a tuning.
public enum ChordLookup {
    /// `Bm (BMinor): B D F♯ — column vi in DMajor: key 6, its tones y h n`, a column's seventh chord
    /// (`A7` in D major: Shift+5, its tones t g b T), or that it is not on the pad.
    ///
    /// The symbol and the notes are printed as on the pad's screen (♯ and ♭); the chord's and the tuning's names
    /// stay as they are typed (`C#HalfDiminished7`, `F#Minor`), since they are what `--chord` and `--tuning` take.
    /// - Throws: `ChordPadError` naming the closest chord names when `text` is none.
    public static func describe(_ text: String, tuning: Tuning, formulas: [ChordFormula]) throws -> String {
        guard let chord = Chord(name: text, formulas: formulas) ?? Chord(symbol: text, formulas: formulas) else {
            throw ChordPadError.unknownChord(text, closest: suggestion(for: text, formulas: formulas))
        }
        let notes = chord.noteNames.map(\.symbol).joined(separator: " ")
        let head = "\(ChordPadScreen.printed(chord.symbol)) (\(chord.name)): \(notes)"
        let sameChord = { (column: DiatonicChord) in
            column.chord.pitchClasses == chord.pitchClasses && column.chord.root.pitchClass == chord.root.pitchClass
        }
        let key = tuning.key
        if let column = key.triads.first(where: sameChord) {
            let index = column.degree - 1
            let tones = KeyLayout.columnToneRows.prefix(3).map { String($0[index]) }.joined(separator: " ")
            return head + " — column \(column.romanNumeral) in \(tuning.name): key \(KeyLayout.chordKeys[index]), its tones \(tones)"
        }
        if let column = key.seventhChords.first(where: sameChord) {
            let index = column.degree - 1
            let tones = KeyLayout.columnToneRows.map { String($0[index]) }.joined(separator: " ")
            return head + " — column \(key.triads[index].romanNumeral)'s seventh chord \(column.romanNumeral) in \(tuning.name): "
                + "Shift+\(KeyLayout.chordKeys[index]) (\(KeyLayout.seventhChordKeys[index])), its tones \(tones)"
        }
        return head + " — not one of \(tuning.name)'s seven columns or their seventh chords"
    }

    /// ` (did you mean CMinor?)`: the root kept, the closest type names; or the closest full names.
    static func suggestion(for text: String, formulas: [ChordFormula]) -> String {
        let names = formulas.map(\.name)
        if let (root, rest) = NoteName.parsePrefix(of: Substring(text)), !rest.isEmpty {
            return Wording.didYouMean(Wording.suggestions(for: String(rest), among: names).map { "\(root)\($0)" })
        }
        return Wording.didYouMean(text, among: names)
    }
}
