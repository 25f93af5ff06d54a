/// A name found for a set of sounding notes.
public struct ChordName: Sendable, Hashable, CustomStringConvertible {
    /// The chord, spelled, with its bass when it is an inversion.
    public var chord: Chord
    /// Whether the chord's perfect fifth was not sounding (C E Bb is C7 without its fifth).
    public var omitsFifth: Bool
    /// The Roman numeral in the key asked for, when the chord is diatonic to it (`vi`, `V7`, `V6`).
    public var romanNumeral: String?

    /// A name for a chord, with what was left out and its numeral.
    public init(chord: Chord, omitsFifth: Bool = false, romanNumeral: String? = nil) {
        self.chord = chord
        self.omitsFifth = omitsFifth
        self.romanNumeral = romanNumeral
    }

    /// The chord symbol, e.g. `A/C#`.
    public var symbol: String { chord.symbol }
    /// The chord symbol.
    public var description: String { symbol }
}

/// Names chords from sounding notes: the reverse of `Chord`.
///
/// Every sounding pitch class is tried as the root with every chord type whose notes are
/// exactly the sounding ones (a seventh or ninth chord may leave out its perfect fifth). The
/// readings are ranked, best first, by:
/// 1. with a key: a chord of the key (root and all notes in the key) beats one that is not;
/// 2. with a key, for a symmetric chord (diminished seventh, augmented): the reading the key
///    itself builds on that degree (vii°7 in harmonic minor, III+) beats the others;
/// 3. all notes sounding beats an omitted fifth (D G C is Csus2/D, not D7sus4 without its A);
/// 4. root position beats an inversion (C E G A is C6, not Am7/C);
/// 5. with a key: the key's own triad or seventh chord on that degree beats other types;
/// 6. the more common chord type (earlier in the formula list) wins.
/// Roots in the key take the key's spelling (in D major F#, not Gb); other roots the spelling
/// that needs the fewest accidentals in the chord.
public struct ChordNamer: Sendable, Hashable {
    /// The chord types tried, most common first.
    public var formulas: [ChordFormula]

    /// A namer trying `formulas` (the built-in types unless given, e.g. from `Chords/chords.txt`).
    public init(formulas: [ChordFormula] = ChordFormula.standard) {
        self.formulas = formulas
    }

    /// The best name for the sounding pitches (the lowest is the bass), or nil when no chord
    /// type fits (fewer than two pitch classes, or no formula matches).
    public func name(_ pitches: [Pitch], in key: Key? = nil) -> ChordName? {
        candidates(for: pitches, in: key).first
    }

    /// The best name for MIDI note numbers.
    public func name(midiNumbers: [Int], in key: Key? = nil) -> ChordName? {
        name(midiNumbers.map(Pitch.init(midiNumber:)), in: key)
    }

    /// Every reading of the pitches, best first.
    public func candidates(for pitches: [Pitch], in key: Key? = nil) -> [ChordName] {
        guard let lowest = pitches.min() else { return [] }
        let sounding = Set(pitches.map(\.pitchClass))
        let bass = lowest.pitchClass
        var ranked: [(rank: [Int], name: ChordName)] = []
        let offsetsOfFormulas = formulas.map(\.pitchClassOffsets)
        for root in sounding.sorted(by: { ($0 - bass + 12) % 12 < ($1 - bass + 12) % 12 }) {
            let relative = Set(sounding.map { ($0 - root + 12) % 12 })
            for (index, formula) in formulas.enumerated() {
                let offsets = offsetsOfFormulas[index]
                let omitsFifth: Bool
                if relative == offsets {
                    omitsFifth = false
                } else if formula.numbers.count >= 4, formula.hasPerfectFifth, relative == offsets.subtracting([7]) {
                    omitsFifth = true
                } else {
                    continue
                }
                let chord = spelledChord(root: root, formula: formula, bass: bass, key: key)
                let numeral = key?.romanNumeral(for: chord)
                let builtByKey = key.map { isBuilt(chord, by: $0) } ?? false
                let rank = [
                    key != nil && numeral == nil ? 1 : 0,
                    key != nil && formula.isSymmetric && !builtByKey ? 1 : 0,
                    omitsFifth ? 1 : 0,
                    chord.isInversion ? 1 : 0,
                    key != nil && !builtByKey ? 1 : 0,
                    index,
                ]
                ranked.append((rank, ChordName(chord: chord, omitsFifth: omitsFifth, romanNumeral: numeral)))
            }
        }
        // Stable: equal ranks keep the order of roots rising from the bass.
        return ranked.enumerated()
            .sorted { ($0.element.rank + [$0.offset]).lexicographicallyPrecedes($1.element.rank + [$1.offset]) }
            .map(\.element.name)
    }

    /// Whether the chord, without its bass, is the key's own triad or seventh chord on its degree.
    private func isBuilt(_ chord: Chord, by key: Key) -> Bool {
        guard let degree = key.degree(of: chord.root.pitchClass) else { return false }
        let played = Chord(root: chord.root, formula: chord.formula).pitchClasses
        return [3, 4].contains { key.stackedChord(degree: degree, size: $0).chord.pitchClasses == played }
    }

    /// The chord spelled in the key when its root is in the key, else with the fewest accidentals.
    private func spelledChord(root: Int, formula: ChordFormula, bass: Int, key: Key?) -> Chord {
        let rootName: NoteName
        if let key, key.contains(pitchClass: root) {
            rootName = key.spelling(of: root)
        } else {
            let preferred = key.map { $0.spelling(of: root) } ?? NoteName.defaultSpelling(pitchClass: root)
            let options = [preferred] + [false, true].map { NoteName.commonSpelling(pitchClass: root, preferringFlats: $0) }
            let cost = { (name: NoteName) in
                Chord(root: name, formula: formula).noteNames.reduce(0) { $0 + abs($1.accidental.semitones) }
            }
            rootName = options.min { cost($0) < cost($1) } ?? preferred
        }
        let names = Chord(root: rootName, formula: formula).noteNames
        let bassName = names.first { $0.pitchClass == bass }
        return Chord(root: rootName, formula: formula, bass: bassName)
    }
}
