/// A seven-note scale pattern: the major and minor scales and the church modes.
///
/// The raw value is the name used in tuning names (`DMajor`, `AMinor`, `EPhrygian`).
public enum Mode: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case major = "Major"
    case naturalMinor = "Minor"
    case dorian = "Dorian"
    case phrygian = "Phrygian"
    case lydian = "Lydian"
    case mixolydian = "Mixolydian"
    case locrian = "Locrian"
    case harmonicMinor = "HarmonicMinor"
    case melodicMinor = "MelodicMinor"

    /// Semitones above the tonic of degrees 1 to 7.
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
        }
    }

    /// The name as in tuning names: `Major`, `Minor`, `Dorian`, `HarmonicMinor`.
    public var description: String { rawValue }

    /// The name in prose: `major`, `natural minor`, `harmonic minor`.
    public var spokenName: String {
        switch self {
        case .naturalMinor: "natural minor"
        case .harmonicMinor: "harmonic minor"
        case .melodicMinor: "melodic minor"
        default: rawValue.lowercased()
        }
    }

    /// Reads a mode name in any case, with or without spaces: `Major`, `minor`, `Natural Minor`,
    /// `Aeolian`, `Ionian`, `harmonic minor`, `m` (minor).
    public init?(name text: some StringProtocol) {
        if text == "m" { self = .naturalMinor; return }
        let key = text.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" }
        switch key {
        case "ionian": self = .major
        case "aeolian", "naturalminor": self = .naturalMinor
        default:
            guard let mode = Mode.allCases.first(where: { $0.rawValue.lowercased() == key }) else { return nil }
            self = mode
        }
    }

    /// The mode whose pattern is `semitones` (sorted, from the tonic), or nil.
    public init?(semitonesAboveTonic semitones: [Int]) {
        guard let mode = Mode.allCases.first(where: { $0.semitonesAboveTonic == semitones }) else { return nil }
        self = mode
    }
}
