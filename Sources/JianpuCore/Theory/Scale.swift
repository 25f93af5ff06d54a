/// A scale: a pattern (`Scale.Kind`) on a tonic, spelled for its key: its notes, the steps between them, each
/// degree's interval from the tonic and jianpu number, and the chords built on it.
public struct Scale: Sendable, Hashable, CustomStringConvertible {
    /// The first note.
    public let tonic: NoteName
    /// The pattern.
    public let kind: Kind
    /// The seven-note key the scale is (or, pentatonic, is taken from): its chords are the scale's chords.
    public let key: Key

    /// The scale of `kind` on `tonic`, spelled on consecutive letters (F♯ in D major, never G♭).
    public init(tonic: NoteName, kind: Kind) {
        self.tonic = tonic
        self.kind = kind
        key = Key(tonic: tonic, mode: kind.parent)
    }

    /// The notes from the tonic up, spelled for the key.
    public var notes: [NoteName] { kind.degrees.map { key.note(atDegree: $0) } }

    /// Semitones above the tonic of each note, and 12 for the octave.
    public var semitones: [Int] {
        kind.degrees.map { (key.note(atDegree: $0).pitchClass - tonic.pitchClass + 12) % 12 } + [12]
    }

    /// The steps between neighbours, the octave's tonic included: `W W H W W W H`; `1½` for three semitones.
    public var steps: [String] {
        let all = semitones
        return zip(all, all.dropFirst()).map { Self.stepName($1 - $0) }
    }

    /// `H` for a semitone, `W` for a tone, `1½` for three semitones.
    public static func stepName(_ semitones: Int) -> String {
        switch semitones {
        case 1: "H"
        case 2: "W"
        case 3: "1½"
        default: "\(semitones)"
        }
    }

    /// Each note's interval from the tonic, spelled by its letters: `P1 M2 M3 P4 P5 M6 M7` (Lydian's A4,
    /// Locrian's d5).
    public var intervalsFromTonic: [String] {
        notes.map { Self.intervalName(from: tonic, to: $0) }
    }

    /// The spelled interval between two note names, the upper one at most an octave above: `M3`, `A4`, `d5`.
    public static func intervalName(from lower: NoteName, to upper: NoteName) -> String {
        let number = (upper.letter.rawValue - lower.letter.rawValue + 7) % 7
        let semitones = (upper.pitchClass - lower.pitchClass + 12) % 12
        let major = [0, 2, 4, 5, 7, 9, 11][number]
        var difference = semitones - major
        if difference > 6 { difference -= 12 }
        if difference < -6 { difference += 12 }
        let perfect = [0, 3, 4].contains(number)
        let quality: String
        switch (perfect, difference) {
        case (true, 0): quality = "P"
        case (false, 0): quality = "M"
        case (false, -1): quality = "m"
        case (true, -1), (false, -2): quality = "d"
        case (_, 1): quality = "A"
        default: quality = difference > 0 ? "AA" : "dd"
        }
        return "\(quality)\(number + 1)"
    }

    /// The key's `1` in jianpu (movable do): the tonic of the major scale the scale is sung in.
    public var doNote: NoteName {
        let offset = [0, 2, 4, 5, 7, 9, 11][kind.tonicSolfege - 1]
        return NoteName.spelling(pitchClass: tonic.pitchClass - offset + 12, on: tonic.letter.advanced(by: -(kind.tonicSolfege - 1)))
            ?? NoteName.commonSpelling(pitchClass: tonic.pitchClass - offset + 12, preferringFlats: key.prefersFlats)
    }

    /// The jianpu number of a note name relative to `doNote`, with its accidental: `3`, `♯5`, `♭7`.
    public func jianpuNumber(of name: NoteName) -> String {
        let steps = (name.letter.rawValue - doNote.letter.rawValue + 7) % 7
        let expected = (doNote.pitchClass + [0, 2, 4, 5, 7, 9, 11][steps]) % 12
        var difference = (name.pitchClass - expected + 12) % 12
        if difference > 6 { difference -= 12 }
        let sign = Accidental(semitones: difference)?.symbol ?? ""
        return sign + "\(steps + 1)"
    }

    /// The jianpu numbers of the scale's notes: D major `1 2 3 4 5 6 7`, A harmonic minor `6 7 1 2 3 4 ♯5`.
    public var jianpuNumbers: [String] { notes.map(jianpuNumber(of:)) }

    /// `D major`, `A harmonic minor`.
    public var description: String { "\(tonic.symbol) \(kind)" }

    /// The triads on the key's degrees (a pentatonic scale's are its parent key's).
    public var triads: [DiatonicChord] { key.triads }

    /// The seventh chords on the key's degrees.
    public var seventhChords: [DiatonicChord] { key.seventhChords }

    /// `major minor minor major major minor diminished`: the kinds of the triads, in degree order.
    public var triadPattern: [String] {
        triads.map { triad in
            switch triad.chord.formula.name {
            case "Major": "major"
            case "Minor": "minor"
            case "Diminished": "diminished"
            case "Augmented": "augmented"
            default: triad.chord.formula.name.lowercased()
            }
        }
    }
}
