/// A chord: a root, a chord type and, for an inversion, the note in the bass.
///
/// Named as the thesis does (`CMinor`: root + type name) and by its symbol (`Cm`, `A/C#`).
public struct Chord: Sendable, Hashable, CustomStringConvertible {
    /// The note the chord is built on.
    public var root: NoteName
    /// The chord type.
    public var formula: ChordFormula
    /// The lowest note when it is not the root (an inversion or slash chord), else nil.
    public var bass: NoteName?

    /// A chord; a `bass` equal to the root is stored as nil (root position).
    public init(root: NoteName, formula: ChordFormula, bass: NoteName? = nil) {
        self.root = root
        self.formula = formula
        self.bass = bass == root ? nil : bass
    }

    /// The thesis' name: root then type, `CMinor`, `F#Dominant7`.
    public var name: String { "\(root)\(formula.name)" }

    /// The chord symbol: `F#m`, `Bdim`, `G7`, `Cmaj7`, `Dsus4`, and `A/C#` for an inversion.
    public var symbol: String {
        let base = "\(root)\(formula.symbolSuffix)"
        return bass.map { "\(base)/\($0)" } ?? base
    }

    /// The symbol.
    public var description: String { symbol }

    /// Whether the bass is not the root.
    public var isInversion: Bool { bass != nil }

    /// The chord's notes in formula order, spelled as stacked thirds from the root
    /// (`Caug` is C E G#, `Cdim7` is C Eb Gb Bbb).
    public var noteNames: [NoteName] {
        zip(formula.semitones, formula.letterSteps).map { semitone, steps in
            NoteName.spelling(
                pitchClass: root.pitchClass + semitone, on: root.letter.advanced(by: steps),
                elsePreferringFlats: root.accidental < .natural)
        }
    }

    /// The pitch classes of the chord (bass included), 0…11.
    public var pitchClasses: Set<Int> {
        var classes = Set(formula.semitones.map { (root.pitchClass + $0) % 12 })
        if let bass { classes.insert(bass.pitchClass) }
        return classes
    }

    /// The thesis' getChord: every pitch of the chord's pitch classes within `midiRange`, rising,
    /// so the chord's notes repeat over several octaves (C major over 48…72 is C3 E3 G3 C4 … C5).
    public func notes(acrossOctaves midiRange: ClosedRange<Int>) -> [Pitch] {
        let classes = pitchClasses
        return midiRange.filter { classes.contains(($0 % 12 + 12) % 12) }.map(Pitch.init(midiNumber:))
    }

    /// The chord as LilyPond's chord mode sounds it: the root in the octave from middle C
    /// (its letter's), the other tones at their formula's distance above it, and a slash note
    /// moved below the root (taken out of the chord when it is a chord tone): `c/e` is E3 C4 G4.
    public func chordModeVoicing() -> [Pitch] {
        let root = 60 + self.root.letter.naturalPitchClass + self.root.accidental.semitones
        var pitches = formula.semitones.map { root + $0 }
        if let bass {
            pitches.removeAll { ($0 - bass.pitchClass) % 12 == 0 && $0 != root }
            let below = root - ((root - bass.pitchClass) % 12 + 12) % 12
            pitches.insert(below == root ? root - 12 : below, at: 0)
        }
        return pitches.map(Pitch.init(midiNumber:))
    }

    /// The chord in close position: the bass (the root, or the slash note) in scientific
    /// `octave`, then the other chord tones each the next one above, continuing in formula order
    /// from the tone after the bass (A/C# in octave 3: C#3 E3 A3).
    public func voicing(bassOctave octave: Int) -> [Pitch] {
        let bassName = bass ?? root
        let classes = formula.semitones.map { (root.pitchClass + $0) % 12 }
        let rest: [Int]
        if let bassIndex = classes.firstIndex(of: bassName.pitchClass) {
            rest = Array(classes[(bassIndex + 1)...] + classes[..<bassIndex])
        } else {
            rest = classes
        }
        var pitches = [Pitch(bassName, octave: octave)]
        for pitchClass in rest {
            let previous = pitches[pitches.count - 1].midiNumber
            let step = ((pitchClass - previous) % 12 + 12) % 12
            pitches.append(Pitch(midiNumber: previous + (step == 0 ? 12 : step)))
        }
        return pitches
    }

    /// Reads the thesis' chord name, root then type name (`CMinor`, `F#Dominant7`), against `formulas`.
    public init?(name text: some StringProtocol, formulas: [ChordFormula] = ChordFormula.standard) {
        guard let (root, rest) = NoteName.parsePrefix(of: Substring(text).strippingWhitespace()),
            let formula = formulas.first(where: { $0.name == rest })
        else { return nil }
        self.init(root: root, formula: formula)
    }
}
