/// Reading chord symbols: `F#m`, `A/C#`, `Bdim`, `G7`, `Cmaj7`, `Dsus4`.
extension Chord {
    /// Reads a chord symbol: a root, a type suffix and an optional `/bass`. The suffix is one of
    /// the formulas' own suffixes (`m`, `7`, `maj7`, `m7b5`, `dim7`, `sus4`, `5`…) or a common
    /// alias (`min`, `-`, `M7`, `Δ7`, `°`, `o7`, `ø7`, `+`, `sus`, `mM7`, `7#5`…).
    public init?(symbol text: some StringProtocol, formulas: [ChordFormula] = ChordFormula.standard) {
        let trimmed = Substring(text).strippingWhitespace()
        guard let (root, afterRoot) = NoteName.parsePrefix(of: trimmed) else { return nil }
        var suffix = afterRoot
        var bass: NoteName?
        if let slash = afterRoot.lastIndex(of: "/") {
            guard let name = NoteName(afterRoot[afterRoot.index(after: slash)...]) else { return nil }
            bass = name
            suffix = afterRoot[..<slash]
        }
        let wanted = Chord.symbolAliases[String(suffix)] ?? String(suffix)
        guard
            let formula = formulas.first(where: { $0.symbolSuffix == wanted })
                ?? formulas.first(where: { $0.name == wanted })
        else { return nil }
        self.init(root: root, formula: formula, bass: bass)
    }

    /// Other ways of writing the suffixes of the standard formulas.
    static let symbolAliases: [String: String] = [
        "M": "", "maj": "", "min": "m", "-": "m", "mi": "m",
        "°": "dim", "o": "dim", "+": "aug", "#5": "aug",
        "sus": "sus4", "2": "sus2",
        "M7": "maj7", "Δ7": "maj7", "Δ": "maj7", "ma7": "maj7",
        "min7": "m7", "-7": "m7", "mi7": "m7",
        "mM7": "m(maj7)", "mmaj7": "m(maj7)", "m/maj7": "m(maj7)", "-Δ7": "m(maj7)",
        "ø": "m7b5", "ø7": "m7b5", "-7b5": "m7b5", "min7b5": "m7b5",
        "°7": "dim7", "o7": "dim7",
        "+7": "aug7", "7#5": "aug7", "7+5": "aug7", "+M7": "maj7#5", "+maj7": "maj7#5", "augmaj7": "maj7#5",
        "7sus": "7sus4", "M9": "maj9", "min9": "m9", "-9": "m9",
        "add2": "add9", "madd2": "madd9", "min6": "m6", "-6": "m6",
    ]
}
