extension Scale {
    /// A scale's pattern: the major and minor scales, the church modes and the two pentatonic scales.
    ///
    /// The one way a scale's pattern is said: a key's mode (`Key.mode`), the tunings file's names (`DMajor`,
    /// `EPhrygian`) and `jianpu learn --scale` name one of these. The raw value is the command line's name
    /// (`natural-minor`), `tuningName` the tunings file's (`Minor`).
    public enum Kind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        case major, naturalMinor = "natural-minor", harmonicMinor = "harmonic-minor", melodicMinor = "melodic-minor"
        case dorian, phrygian, lydian, mixolydian, locrian
        case majorPentatonic = "major-pentatonic", minorPentatonic = "minor-pentatonic"

        /// The seven-note kinds, a key's modes, in the order the tunings file's messages list them.
        public static let heptatonic: [Kind] = [.major, .naturalMinor, .dorian, .phrygian, .lydian, .mixolydian, .locrian, .harmonicMinor, .melodicMinor]

        /// Whether the scale has seven notes (every kind but the pentatonic ones).
        public var isHeptatonic: Bool { self != .majorPentatonic && self != .minorPentatonic }

        /// Semitones above the tonic of each note from the tonic up: seven, or five for a pentatonic scale.
        public var semitonesAboveTonic: [Int] {
            switch self {
            case .major: [0, 2, 4, 5, 7, 9, 11]
            case .naturalMinor: [0, 2, 3, 5, 7, 8, 10]
            case .dorian: [0, 2, 3, 5, 7, 9, 10]
            case .phrygian: [0, 1, 3, 5, 7, 8, 10]
            case .lydian: [0, 2, 4, 6, 7, 9, 11]
            case .mixolydian: [0, 2, 4, 5, 7, 9, 10]
            case .locrian: [0, 1, 3, 5, 6, 8, 10]
            case .harmonicMinor: [0, 2, 3, 5, 7, 8, 11]
            case .melodicMinor: [0, 2, 3, 5, 7, 9, 11]
            case .majorPentatonic, .minorPentatonic: degrees.map { parent.semitonesAboveTonic[$0 - 1] }
            }
        }

        /// The seven-note kind whose notes a pentatonic scale takes (and whose chords it is played with); itself otherwise.
        public var parent: Kind {
            switch self {
            case .majorPentatonic: .major
            case .minorPentatonic: .naturalMinor
            default: self
            }
        }

        /// The parent's degrees the scale keeps, 1-based.
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
            case .naturalMinor, .harmonicMinor, .melodicMinor, .minorPentatonic: 6
            case .dorian: 2
            case .phrygian: 3
            case .mixolydian: 5
            case .locrian: 7
            }
        }

        /// The name in tuning names: `Major`, `Minor`, `Dorian`, `HarmonicMinor`.
        public var tuningName: String {
            switch self {
            case .naturalMinor: "Minor"
            default: rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            }
        }

        /// The name in prose: `major`, `natural minor`, `harmonic minor`, `major pentatonic`.
        public var description: String { rawValue.replacingOccurrences(of: "-", with: " ") }

        /// Reads a scale name in any case with spaces, hyphens or none: `major`, `minor`, `m`, `harmonic-minor`,
        /// `Natural Minor`, `Aeolian`, `Ionian`, `Dorian`, `pentatonic` (major), `minor pentatonic`, and the
        /// tunings file's names (`HarmonicMinor`).
        public init?(name text: some StringProtocol) {
            let simple = text.lowercased().filter { $0.isLetter }
            switch simple {
            case "pentatonic", "majorpentatonic": self = .majorPentatonic
            case "minorpentatonic": self = .minorPentatonic
            case "m", "minor", "naturalminor", "aeolian": self = .naturalMinor
            case "ionian": self = .major
            default:
                guard let kind = Kind.allCases.first(where: { $0.rawValue.filter(\.isLetter) == simple }) else { return nil }
                self = kind
            }
        }

        /// The seven-note kind whose pattern is `semitones` (sorted, from the tonic), or nil.
        public init?(semitonesAboveTonic semitones: [Int]) {
            guard let kind = Kind.heptatonic.first(where: { $0.semitonesAboveTonic == semitones }) else { return nil }
            self = kind
        }
    }
}
