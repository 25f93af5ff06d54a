/// The built-in chord types, the same as `Chords/chords.txt`, most common first (the chord
/// namer prefers earlier types when two readings are otherwise equal).
extension ChordFormula {
    /// The most used types, by name.
    public static let major = ChordFormula(name: "Major", numbers: [1, 5, 8])
    public static let minor = ChordFormula(name: "Minor", numbers: [1, 4, 8])
    public static let diminished = ChordFormula(name: "Diminished", numbers: [1, 4, 7])
    public static let augmented = ChordFormula(name: "Augmented", numbers: [1, 5, 9])
    public static let dominant7 = ChordFormula(name: "Dominant7", numbers: [1, 5, 8, 11])
    public static let major7 = ChordFormula(name: "Major7", numbers: [1, 5, 8, 12])
    public static let minor7 = ChordFormula(name: "Minor7", numbers: [1, 4, 8, 11])
    public static let halfDiminished7 = ChordFormula(name: "HalfDiminished7", numbers: [1, 4, 7, 11])
    public static let diminished7 = ChordFormula(name: "Diminished7", numbers: [1, 4, 7, 10])

    /// Every built-in type, in the order of `Chords/chords.txt`.
    public static let standard: [ChordFormula] = [
        major, minor, diminished, augmented,
        ChordFormula(name: "Sus2", numbers: [1, 3, 8]),
        ChordFormula(name: "Sus4", numbers: [1, 6, 8]),
        dominant7, major7, minor7, halfDiminished7, diminished7,
        ChordFormula(name: "MinorMajor7", numbers: [1, 4, 8, 12]),
        ChordFormula(name: "Augmented7", numbers: [1, 5, 9, 11]),
        ChordFormula(name: "AugmentedMajor7", numbers: [1, 5, 9, 12]),
        ChordFormula(name: "Major6", numbers: [1, 5, 8, 10]),
        ChordFormula(name: "Minor6", numbers: [1, 4, 8, 10]),
        ChordFormula(name: "Dominant7Sus4", numbers: [1, 6, 8, 11]),
        ChordFormula(name: "Add9", numbers: [1, 5, 8, 15]),
        ChordFormula(name: "MinorAdd9", numbers: [1, 4, 8, 15]),
        ChordFormula(name: "Dominant9", numbers: [1, 5, 8, 11, 15]),
        ChordFormula(name: "Major9", numbers: [1, 5, 8, 12, 15]),
        ChordFormula(name: "Minor9", numbers: [1, 4, 8, 11, 15]),
        ChordFormula(name: "Power", numbers: [1, 8]),
    ]

    /// The built-in type of that name, or nil.
    public static func standard(named name: String) -> ChordFormula? {
        standard.first { $0.name == name }
    }
}
