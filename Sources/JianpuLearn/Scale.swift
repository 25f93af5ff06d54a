import Foundation
import JianpuCore

/// The scales `jianpu learn` teaches: the seven-note modes of `Mode` and the two pentatonic scales.
public enum ScaleKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case major, minor = "natural-minor", harmonicMinor = "harmonic-minor", melodicMinor = "melodic-minor"
    case dorian, phrygian, lydian, mixolydian, locrian
    case majorPentatonic = "major-pentatonic", minorPentatonic = "minor-pentatonic"

    /// The seven-note mode, or nil for a pentatonic scale.
    public var mode: Mode? {
        switch self {
        case .major: .major
        case .minor: .naturalMinor
        case .harmonicMinor: .harmonicMinor
        case .melodicMinor: .melodicMinor
        case .dorian: .dorian
        case .phrygian: .phrygian
        case .lydian: .lydian
        case .mixolydian: .mixolydian
        case .locrian: .locrian
        case .majorPentatonic, .minorPentatonic: nil
        }
    }

    /// The seven-note scale whose notes a pentatonic scale takes (and whose chords it is played with).
    public var parentMode: Mode { mode ?? (self == .majorPentatonic ? .major : .naturalMinor) }

    /// The parent scale's degrees the scale keeps, 1-based.
    public var degrees: [Int] {
        switch self {
        case .majorPentatonic: [1, 2, 3, 5, 6]
        case .minorPentatonic: [1, 3, 4, 5, 7]
        default: [1, 2, 3, 4, 5, 6, 7]
        }
    }

    /// The jianpu number of the tonic: the place of the scale in the major scale it is sung in (movable do,
    /// minors on la: A minor is written 1=C, its tonic 6).
    public var tonicSolfege: Int {
        switch self {
        case .major, .majorPentatonic: 1
        case .lydian: 4
        case .minor, .harmonicMinor, .melodicMinor, .minorPentatonic: 6
        case .dorian: 2
        case .phrygian: 3
        case .mixolydian: 5
        case .locrian: 7
        }
    }

    /// `major`, `harmonic minor`, `major pentatonic`.
    public var description: String { rawValue.replacingOccurrences(of: "-", with: " ") }

    /// Reads a scale name in any case with spaces, hyphens or none: `major`, `minor`, `harmonic-minor`,
    /// `Dorian`, `pentatonic` (major), `minor pentatonic`, and the tunings file's mode names (`HarmonicMinor`).
    public init?(name text: some StringProtocol) {
        let simple = text.lowercased().filter { $0.isLetter }
        switch simple {
        case "pentatonic", "majorpentatonic": self = .majorPentatonic
        case "minorpentatonic": self = .minorPentatonic
        case "m", "minor", "naturalminor", "aeolian": self = .minor
        case "ionian": self = .major
        default:
            guard let kind = ScaleKind.allCases.first(where: { $0.rawValue.filter(\.isLetter) == simple }) else { return nil }
            self = kind
        }
    }
}

/// A scale in a key: its spelled notes, the steps between them, each degree's interval from the tonic and
/// jianpu number, and the chords built on it.
public struct Scale: Sendable, Hashable, CustomStringConvertible {
    /// The first note.
    public let tonic: NoteName
    /// The pattern.
    public let kind: ScaleKind
    /// The seven-note key the scale is (or, pentatonic, is taken from): its chords are the scale's chords.
    public let key: Key

    /// The scale of `kind` on `tonic`, spelled on consecutive letters (F♯ in D major, never G♭).
    public init(tonic: NoteName, kind: ScaleKind) {
        self.tonic = tonic
        self.kind = kind
        key = Key(tonic: tonic, mode: kind.parentMode)
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

    /// The MIDI number of the unmarked `1` (do) in the drawing: the do at or below the tonic, or, for a scale whose
    /// tonic is 5, 6 or 7, the do above it, so that the scale's octave has the fewest dots (A minor 6̣ 7̣ 1 2 3 4 5 6,
    /// D dorian 2 3 4 5 6 7 1̇ 2̇).
    public var doMIDI: Int {
        tonicMIDI - (tonic.pitchClass - doNote.pitchClass + 12) % 12 + (kind.tonicSolfege > 4 ? 12 : 0)
    }

    /// A drawn key's jianpu number and octave (1 a dot above, -1 a dot below), spelled for the scale.
    public func jianpu(midi: Int) -> (number: String, octave: Int) {
        let name = key.spelling(of: midi % 12)
        let doLetterMIDI = doMIDI
        // The octave counts from do by letters, so that B♯ below C is still in the octave of its letter's.
        let steps = (name.letter.rawValue - doNote.letter.rawValue + 7) % 7
        let expected = doLetterMIDI + [0, 2, 4, 5, 7, 9, 11][steps]
        let octave = Int((Double(midi - expected) / 12).rounded())
        return (jianpuNumber(of: name), octave)
    }

    /// A jianpu number with its octave marks as typed: `1'`, `7,`, `♯5`.
    public func typedJianpu(midi: Int) -> String {
        let (number, octave) = jianpu(midi: midi)
        return number + String(repeating: octave > 0 ? "'" : ",", count: abs(octave))
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

    /// The MIDI number of the tonic as drawn: in octave 4, so that the scale and every chord on it fit the
    /// two octaves C4–B5 drawn.
    public var tonicMIDI: Int { 60 + tonic.pitchClass }

    /// The scale played up one octave from `tonicMIDI`, the top tonic included.
    public var ascendingMIDI: [Int] { semitones.map { tonicMIDI + $0 } }

    /// A chord in close position with its root in octave 4 (so it fits the drawing).
    public static func voicing(of chord: Chord) -> [Int] {
        chord.voicing(bassOctave: 4).map(\.midiNumber)
    }
}

extension Chord {
    /// The chord symbol as printed: `F♯m7`, `Bm7♭5`, `C♯dim`, `G/B`.
    public var printedSymbol: String {
        let suffix = formula.symbolSuffix
            .replacingOccurrences(of: "b5", with: "♭5").replacingOccurrences(of: "#5", with: "♯5")
            .replacingOccurrences(of: "b9", with: "♭9").replacingOccurrences(of: "#9", with: "♯9")
        let base = root.symbol + suffix
        return bass.map { "\(base)/\($0.symbol)" } ?? base
    }
}

/// A key, scale or date on the command line that names none, with what to give instead.
public struct LearnError: DescribedError {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension Scale {
    /// The scale a command line names: `key` is a tonic, perhaps followed by a scale (`D`, `Am`, `F#Dorian`,
    /// `A harmonic minor`, the tunings file's `AHarmonicMinor`); `scale`, when given, names the scale instead.
    /// - Throws: `LearnError` saying what is wrong and the closest scale names.
    public init(key: String, scale: String?) throws {
        let names = ScaleKind.allCases.map(\.rawValue)
        guard let (tonic, rest) = NoteName.parsePrefix(of: Substring(key.trimmingCharacters(in: .whitespaces))) else {
            throw LearnError("'\(key)' is not a key: give a tonic such as D, F#, Bb or Am")
        }
        var kind = ScaleKind.major
        if !rest.isEmpty {
            guard let named = ScaleKind(name: rest) else {
                throw LearnError("'\(key)': '\(rest)' is not a scale\(Wording.didYouMean(String(rest), among: names)); give e.g. D, Am or 'A harmonic minor'")
            }
            kind = named
        }
        if let scale {
            guard let named = ScaleKind(name: scale) else {
                throw LearnError("--scale '\(scale)' is not a scale\(Wording.didYouMean(scale, among: names)); give one of \(names.joined(separator: ", "))")
            }
            kind = named
        }
        self.init(tonic: tonic, kind: kind)
    }
}
