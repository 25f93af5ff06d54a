/// A chord built on a degree of a key, with its Roman numeral (`I`, `ii`, `vii°`, `V7`).
public struct DiatonicChord: Sendable, Hashable, CustomStringConvertible {
    /// The scale degree of the root, 1…7.
    public var degree: Int
    /// The chord, spelled with the key's notes.
    public var chord: Chord
    /// The numeral: case for the third, `°`, `+`, `ø` and seventh suffixes.
    public var romanNumeral: String

    /// A chord on a degree with its numeral.
    public init(degree: Int, chord: Chord, romanNumeral: String) {
        self.degree = degree
        self.chord = chord
        self.romanNumeral = romanNumeral
    }

    /// `vi: Bm`.
    public var description: String { "\(romanNumeral): \(chord.symbol)" }
}

extension Key {
    /// The seven triads stacked in thirds from the key's own notes: in a major key
    /// I ii iii IV V vi vii°, in a natural-minor key i ii° III iv v VI VII.
    public var triads: [DiatonicChord] { (1...7).map { stackedChord(degree: $0, size: 3) } }

    /// The seven seventh chords stacked in thirds: in a major key Imaj7 ii7 iii7 IVmaj7 V7 vi7 viiø7.
    public var seventhChords: [DiatonicChord] { (1...7).map { stackedChord(degree: $0, size: 4) } }

    /// The chord of `size` notes stacked in thirds from the key's own notes on `degree` (1…7).
    func stackedChord(degree: Int, size: Int) -> DiatonicChord {
        let notes = (0..<size).map { note(atDegree: degree + 2 * $0) }
        let root = notes[0]
        let numbers = notes.map { ($0.pitchClass - root.pitchClass + 12) % 12 + 1 }
        let known = ChordFormula.standard.first { $0.numbers == numbers }
        let formula = known ?? ChordFormula(name: numbers.map(String.init).joined(separator: "-"), numbers: numbers)
        let chord = Chord(root: root, formula: formula)
        return DiatonicChord(degree: degree, chord: chord, romanNumeral: romanNumeral(degree: degree, formula: formula))
    }

    /// The Roman numeral of a chord in this key when it is diatonic: its root is a degree and
    /// all its notes are in the key (`vi`, `V7`, `viiø7`; inversions of triads and seventh chords
    /// take figures: `V6`, `I64`, `V65`, `V43`, `V42`). Other chords with a bass other than the
    /// root append the bass note's name after a slash (`Vadd9/B`): a bass note, not a secondary
    /// function. Nil for a chord with a note outside the key.
    public func romanNumeral(for chord: Chord) -> String? {
        guard let degree = degree(of: chord.root.pitchClass),
            chord.pitchClasses.allSatisfy({ contains(pitchClass: $0) })
        else { return nil }
        var numeral = romanNumeral(degree: degree, formula: chord.formula)
        guard let bass = chord.bass else { return numeral }
        let classes = chord.formula.semitones.map { (chord.root.pitchClass + $0) % 12 }
        guard let position = classes.firstIndex(of: bass.pitchClass), position > 0 else {
            return numeral + "/" + String(bass.description)
        }
        let isSeventh = numeral.hasSuffix("7") && classes.count == 4
        if isSeventh, position <= 3 {
            numeral.removeLast()
            return numeral + ["65", "43", "42"][position - 1]
        }
        if classes.count == 3, position <= 2, chord.formula.pitchClassOffsets.contains(3) || chord.formula.pitchClassOffsets.contains(4) {
            return numeral + ["6", "64"][position - 1]
        }
        return numeral + "/" + String(bass.description)
    }

    static let numerals = ["I", "II", "III", "IV", "V", "VI", "VII"]

    /// Degree numeral, lower case for a minor third, with the type's suffix.
    func romanNumeral(degree: Int, formula: ChordFormula) -> String {
        let upper = Key.numerals[(degree - 1) % 7]
        let numeral = formula.hasMinorThird ? upper.lowercased() : upper
        return numeral + (Key.romanSuffixes[formula.name] ?? formula.symbolSuffix)
    }

    /// Suffixes after the numeral; the numeral's case already tells minor from major.
    static let romanSuffixes: [String: String] = [
        "Major": "", "Minor": "", "Diminished": "°", "Augmented": "+",
        "Sus2": "sus2", "Sus4": "sus4", "Major6": "add6", "Minor6": "add6",
        "Dominant7": "7", "Major7": "maj7", "Minor7": "7", "MinorMajor7": "maj7",
        "HalfDiminished7": "ø7", "Diminished7": "°7", "Augmented7": "+7", "AugmentedMajor7": "+maj7",
        "Dominant9": "9", "Major9": "maj9", "Minor9": "9", "Add9": "add9", "MinorAdd9": "add9",
        "Dominant7Sus4": "7sus4", "Power": "5",
    ]
}
