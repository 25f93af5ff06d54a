/// A sharp or flat sign on a note name, at most double: `bb`, `b`, none, `#`, `##`.
public enum Accidental: Int, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    case doubleFlat = -2
    case flat = -1
    case natural = 0
    case sharp = 1
    case doubleSharp = 2

    /// How many semitones the sign raises (positive) or lowers (negative) the letter.
    public var semitones: Int { rawValue }

    /// Creates the accidental that moves a letter by `semitones` (−2…2), or nil beyond a double sign.
    public init?(semitones: Int) { self.init(rawValue: semitones) }

    /// The ASCII spelling: `bb`, `b`, empty, `#`, `##`.
    public var description: String {
        switch self {
        case .doubleFlat: "bb"
        case .flat: "b"
        case .natural: ""
        case .sharp: "#"
        case .doubleSharp: "##"
        }
    }

    /// The typeset spelling: `𝄫`, `♭`, empty, `♯`, `𝄪`.
    public var symbol: String {
        switch self {
        case .doubleFlat: "𝄫"
        case .flat: "♭"
        case .natural: ""
        case .sharp: "♯"
        case .doubleSharp: "𝄪"
        }
    }

    /// Flatter signs come first.
    public static func < (a: Accidental, b: Accidental) -> Bool { a.rawValue < b.rawValue }

    /// The semitone value of one accidental sign character (`#`, `♯`, `b`, `♭`, `x`, `𝄪`, `𝄫`, `♮`), or nil.
    static func signValue(_ character: Character) -> Int? {
        switch character {
        case "#", "♯": 1
        case "b", "♭": -1
        case "x", "𝄪": 2
        case "𝄫": -2
        case "♮": 0
        default: nil
        }
    }
}
