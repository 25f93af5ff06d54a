/// Reading an interval the way a person answers a drill.
extension Interval {
    /// Reads an interval answer. Accepted forms:
    /// - short names, case-sensitive for the quality: `P1 m2 M2 m3 M3 P4 TT P5 m6 M6 m7 M7 P8`,
    ///   `m9` … `P15`, also `A4`, `d5`, `d12`, `A11`, `8ve`;
    /// - words, any case: `tritone`, `minor third`, `major 6th`, `perfect fifth`, `octave`,
    ///   `unison`, `double octave`, `compound tritone`, `augmented fourth`, `min3`, `maj7`, `dim5`;
    /// - a bare number counts **semitones** (`8` is a minor sixth, `12` an octave), as the
    ///   ear trainer's log stores intervals.
    public init?(parsing text: some StringProtocol) {
        let trimmed = String(Substring(text).strippingWhitespace())
        guard !trimmed.isEmpty else { return nil }
        if trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard trimmed.count <= 2, let value = Int(trimmed) else { return nil }
            self.init(semitones: value)
            return
        }
        if let value = Interval.shortNames.firstIndex(of: trimmed) ?? Interval.shortAliases[trimmed] {
            self.init(semitones: value)
            return
        }
        let words = trimmed.lowercased()
            .split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" || $0 == "\t" })
            .joined(separator: " ")
        if let value = Interval.names.firstIndex(of: words) ?? Interval.wordAliases[words] {
            self.init(semitones: value)
            return
        }
        guard let value = Interval.semitones(qualityAndDegree: trimmed) else { return nil }
        self.init(semitones: value)
    }

    static let shortAliases: [String: Int] = ["A4": 6, "d5": 6, "8ve": 12, "d12": 18]
    static let wordAliases: [String: Int] = [
        "perfect unison": 0, "augmented fourth": 6, "diminished fifth": 6, "tt": 6,
        "perfect octave": 12, "eighth": 12, "compound tritone": 18, "diminished twelfth": 18,
        "perfect fifteenth": 24, "fifteenth": 24, "two octaves": 24,
    ]

    /// Semitones for a quality and a degree: `minor third`, `maj 7`, `m3`, `perf 5th`, `aug4`.
    /// Perfect degrees (1, 4, 5, 8, 11, 12, 15) take P/A/d; the others M/m/A/d.
    static func semitones(qualityAndDegree text: String) -> Int? {
        // Split into the quality word and the degree.
        let lower = text.lowercased()
        let qualityPart: String
        let degreePart: String
        if let space = lower.firstIndex(where: { $0 == " " || $0 == "-" || $0 == "_" }) {
            qualityPart = String(lower[..<space])
            degreePart = String(lower[space...].drop(while: { $0 == " " || $0 == "-" || $0 == "_" }))
        } else if let digit = lower.firstIndex(where: { $0.isNumber }) {
            qualityPart = String(lower[..<digit])
            degreePart = String(lower[digit...])
        } else {
            return nil
        }
        // Single letters keep their case: M is major, m is minor.
        let quality: Character
        switch qualityPart {
        case "major", "maj": quality = "M"
        case "minor", "min": quality = "m"
        case "perfect", "perf", "p": quality = "P"
        case "augmented", "aug", "a": quality = "A"
        case "diminished", "dim", "d": quality = "d"
        case "m": quality = text.first == "M" ? "M" : "m"
        default: return nil
        }
        guard let degree = degreeNumber(degreePart), (1...15).contains(degree) else { return nil }
        let base = [0, 2, 4, 5, 7, 9, 11][(degree - 1) % 7] + 12 * ((degree - 1) / 7)
        let isPerfectDegree = [0, 3, 4].contains((degree - 1) % 7)
        let value: Int
        switch (quality, isPerfectDegree) {
        case ("P", true), ("M", false): value = base
        case ("m", false): value = base - 1
        case ("A", _): value = base + 1
        case ("d", true): value = base - 1
        case ("d", false): value = base - 2
        default: return nil
        }
        return semitoneRange.contains(value) ? value : nil
    }

    /// `3`, `3rd`, `third` → 3.
    static func degreeNumber(_ text: String) -> Int? {
        let ordinals = [
            "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth",
        ]
        if let index = ordinals.firstIndex(of: text) { return index + 1 }
        let digits = text.prefix { $0.isNumber }
        let suffix = text.dropFirst(digits.count)
        guard !digits.isEmpty, ["", "st", "nd", "rd", "th"].contains(String(suffix)) else { return nil }
        return Int(digits)
    }
}
