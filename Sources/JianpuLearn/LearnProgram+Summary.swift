import JianpuCore

/// What the lesson says about what was played and how it went: the names of notes and chords played,
/// each exercise's score, the summary and what to practise next.
extension LearnProgram {
    /// `G/B (V6)`, `D♭: D♭ F A♭`, `D F♯ (no chord)`, `F♯4 (3)`: the notes played together, named in the key. A chord
    /// of the key carries its numeral; any other its notes, so that a major chord (`D♭`) never reads as a lone note.
    public func name(_ notes: [Int]) -> String? {
        guard let lowest = notes.min() else { return nil }
        let classes = Set(notes.map { $0 % 12 })
        if classes.count == 1 {
            let name = scale.key.spelling(of: lowest % 12)
            return "\(name.symbol)\(lowest / 12 - 1) (\(scale.jianpuNumber(of: name)))"
        }
        guard let chord = namer.name(midiNumbers: notes, in: scale.key) else {
            return notes.sorted().map { scale.key.spelling(of: $0 % 12).symbol }.joined(separator: " ") + " (no chord)"
        }
        if let numeral = chord.romanNumeral { return "\(chord.chord.printedSymbol) (\(numeral))" }
        return "\(chord.chord.printedSymbol): " + chord.chord.noteNames.map(\.symbol).joined(separator: " ")
    }

    /// `play a degree: 2/3 right; practise 6 (B)`: an exercise's score and its misses, as it ends.
    func exerciseScore(_ kind: ExerciseKind) -> String {
        let asked = answers.filter { $0.item.kind == kind }
        let missed = asked.filter { !$0.isCorrect }.map(\.item.expected)
        var seen = Set<String>()
        let practise = missed.filter { seen.insert($0).inserted }
        return "\(kind.title): \(asked.count - missed.count)/\(asked.count) right"
            + (practise.isEmpty ? "" : "; practise " + practise.joined(separator: ", "))
    }

    /// The score, each exercise's, and what to practise next.
    public var summaryLines: [String] {
        let total = answers.count
        guard total > 0 else { return ["no answers"] }
        var lines = ["score: \(correctCount)/\(total) (\(correctCount * 100 / total)%)"]
        var weak: [(Double, String)] = []
        for kind in ExerciseKind.allCases {
            let asked = answers.filter { $0.item.kind == kind }
            guard !asked.isEmpty else { continue }
            let right = asked.filter(\.isCorrect).count
            lines.append("  \(kind.title): \(right)/\(asked.count)")
            if right < asked.count { weak.append((Double(right) / Double(asked.count), kind.title)) }
        }
        // The notes missed, by degree, as `learn stats` counts them (`ExerciseKind.asksForANote`).
        let missedDegrees = Set(answers.filter { !$0.isCorrect && $0.item.kind.asksForANote }.compactMap(\.item.degree)).sorted()
        if weak.isEmpty {
            lines.append("practise next: all right; try another key: jianpu learn \(Self.nextKey(after: scale).symbol) --scale \(scale.kind.rawValue)")
        } else {
            // The three weakest, least right first (the lesson's order among equals).
            let kinds = weak.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
                .prefix(3).map(\.element.1).joined(separator: "; ")
            let degrees = missedDegrees.map { scale.jianpuNumber(of: scale.key.note(atDegree: $0)) }.joined(separator: " ")
            lines.append("practise next: \(kinds)" + (degrees.isEmpty ? "" : "; the degrees \(degrees)"))
        }
        return lines
    }

    /// The tonic a fifth up: the next key round the circle of fifths.
    static func nextKey(after scale: Scale) -> NoteName {
        scale.key.spelling(of: scale.tonic.pitchClass + 7)
    }
}
