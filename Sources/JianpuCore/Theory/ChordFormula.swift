/// A chord type: a name and the chord's notes as semitone numbers counted with the root as 1,
/// as the thesis' chord file writes them (`Minor: 1, 4, 8` is root, +3, +7 semitones).
public struct ChordFormula: Sendable, Hashable, CustomStringConvertible {
    /// The type name, e.g. `Minor`, `Dominant7`.
    public var name: String
    /// Root-as-1 semitone numbers, rising, starting at 1 (1 root, 4 minor third, 5 major third,
    /// 8 fifth, 11 minor seventh, 12 major seventh, 15 ninth).
    public var numbers: [Int]
    /// What follows the root in a chord symbol: `m` in `F#m`, `7` in `G7`, `maj7` in `Cmaj7`.
    public var symbolSuffix: String

    /// The allowed numbers: the root (1) up to two octaves above it (25).
    public static let numberRange = 1...25

    /// A formula; the symbol suffix defaults to the usual one for a known name, else the name.
    public init(name: String, numbers: [Int], symbolSuffix: String? = nil) {
        self.name = name
        self.numbers = numbers
        self.symbolSuffix = symbolSuffix ?? ChordFormula.usualSuffixes[name] ?? name
    }

    /// Semitones above the root (the numbers minus one): Minor is 0, 3, 7.
    public var semitones: [Int] { numbers.map { $0 - 1 } }

    /// The pitch classes above the root, 0…11.
    public var pitchClassOffsets: Set<Int> { Set(semitones.map { $0 % 12 }) }

    /// `Minor: 1, 4, 8`, the chord-file line.
    public var description: String { "\(name): \(numbers.map(String.init).joined(separator: ", "))" }

    /// Whether the chord has a perfect fifth above the root (which may be left out when played).
    public var hasPerfectFifth: Bool { pitchClassOffsets.contains(7) }

    /// Whether some other chord tone could serve as the root of the same chord type (the
    /// diminished seventh and augmented triad divide the octave evenly).
    public var isSymmetric: Bool {
        let offsets = pitchClassOffsets
        return offsets.count > 1
            && offsets.contains { shift in
                shift != 0 && Set(offsets.map { ($0 - shift + 12) % 12 }) == offsets
            }
    }

    /// Whether the chord has a minor third and no major third (so its Roman numeral is lower case).
    public var hasMinorThird: Bool {
        pitchClassOffsets.contains(3) && !pitchClassOffsets.contains(4)
    }

    /// How many letters above the root each note is written (0 root, 2 third, 4 fifth, 6 seventh),
    /// so that chord tones are spelled as thirds: the augmented fifth of `Caug` is G#, not Ab;
    /// the diminished seventh of `Cdim7` is Bbb.
    public var letterSteps: [Int] {
        let offsets = pitchClassOffsets
        return semitones.map { semitone in
            let octaves = semitone / 12 * 7
            switch semitone % 12 {
            case 0: return octaves
            case 1, 2: return octaves + 1
            case 3: return octaves + (offsets.contains(4) ? 1 : 2)  // #9 beside a major third
            case 4: return octaves + 2
            case 5: return octaves + 3
            case 6: return octaves + (offsets.contains(7) ? 3 : 4)  // #11 beside a fifth, else b5
            case 7: return octaves + 4
            case 8: return octaves + (offsets.contains(7) ? 5 : 4)  // b6 beside a fifth, else #5
            case 9: return octaves + (offsets.contains(6) && !offsets.contains(7) && offsets.contains(3) ? 6 : 5)
            default: return octaves + 6
            }
        }
    }

    static let usualSuffixes: [String: String] = [
        "Major": "", "Minor": "m", "Diminished": "dim", "Augmented": "aug",
        "Sus2": "sus2", "Sus4": "sus4", "Major6": "6", "Minor6": "m6",
        "Dominant7": "7", "Major7": "maj7", "Minor7": "m7", "MinorMajor7": "m(maj7)",
        "HalfDiminished7": "m7b5", "Diminished7": "dim7", "Augmented7": "aug7", "AugmentedMajor7": "maj7#5",
        "Dominant9": "9", "Major9": "maj9", "Minor9": "m9", "Add9": "add9", "MinorAdd9": "madd9",
        "Dominant7Sus4": "7sus4", "Power": "5",
    ]
}
