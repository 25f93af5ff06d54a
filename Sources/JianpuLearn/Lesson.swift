import JianpuCore
import JianpuPractice

/// A lesson on one scale: the questions of every exercise, in order, drawn with a seed.
public struct Lesson: Sendable, Hashable {
    public let scale: Scale
    public let items: [ExerciseItem]

    /// The lesson of `scale`: the scale up and down, named degrees and notes, chords by numeral and by name,
    /// a chord's third and seventh, then a degree and a chord heard to play back and to name.
    public init(scale: Scale, seed: UInt64? = nil, exercises: [ExerciseKind] = ExerciseKind.allCases) {
        self.scale = scale
        var random = seed.map(SeededRandom.init(seed:)) ?? SeededRandom()
        let names = scale.notes
        let up = scale.ascendingMIDI
        let degrees = scale.kind.degrees
        var items: [ExerciseItem] = []
        func noteText(_ index: Int) -> String { "\(names[index].symbol) (\(scale.jianpuNumbers[index]))" }
        func chordText(_ chord: Chord) -> String {
            "\(chord.printedSymbol): " + chord.noteNames.map(\.symbol).joined(separator: " ")
        }
        for kind in exercises {
            switch kind {
            case .scaleUp, .scaleDown:
                let order = kind == .scaleUp ? Array(up.indices) : Array(up.indices.reversed())
                for (step, index) in order.enumerated() {
                    let noteIndex = index % names.count
                    items.append(
                        ExerciseItem(
                            kind: kind, prompt: "note \(step + 1) of \(up.count)",
                            target: .note(pitchClass: up[index] % 12), expected: noteText(noteIndex),
                            degree: degrees[noteIndex]))
                }
            case .degree, .note:
                for index in random.shuffled(Array(names.indices.dropFirst())).prefix(kind == .degree ? 3 : 2) {
                    let prompt = kind == .degree ? "play \(scale.jianpuNumbers[index])" : "play \(names[index].symbol)"
                    items.append(
                        ExerciseItem(
                            kind: kind, prompt: prompt, target: .note(pitchClass: names[index].pitchClass),
                            expected: noteText(index), degree: degrees[index]))
                }
            case .chord:
                let picks = random.shuffled(Array(0..<7))
                let byNumeral = scale.triads[picks[0]], byName = scale.triads[picks[1]], seventh = scale.seventhChords[picks[2]]
                items.append(
                    ExerciseItem(
                        kind: kind, prompt: "play \(byNumeral.romanNumeral)", target: .chord(byNumeral.chord),
                        expected: "\(byNumeral.romanNumeral) = " + chordText(byNumeral.chord), degree: byNumeral.degree))
                for chord in [byName, seventh] {
                    items.append(
                        ExerciseItem(
                            kind: kind, prompt: "play \(chord.chord.printedSymbol)", target: .chord(chord.chord),
                            expected: chordText(chord.chord), degree: chord.degree))
                }
            case .chordTone:
                let picks = random.shuffled(Array(0..<7))
                let triad = scale.triads[picks[0]], seventh = scale.seventhChords[picks[1]]
                let third = triad.chord.noteNames[1], top = seventh.chord.noteNames[3]
                items.append(
                    ExerciseItem(
                        kind: kind, prompt: "play the third of \(triad.chord.printedSymbol)",
                        target: .note(pitchClass: third.pitchClass), expected: third.symbol, degree: triad.degree))
                items.append(
                    ExerciseItem(
                        kind: kind, prompt: "play the seventh of \(seventh.chord.printedSymbol)",
                        target: .note(pitchClass: top.pitchClass), expected: top.symbol, degree: seventh.degree))
            case .hearDegree, .nameDegree:
                let index = names.indices.dropFirst().randomElement(using: &random) ?? 0
                let sound = [scale.tonicMIDI, up[index]]
                let prompt = kind == .hearDegree ? "listen: the tonic, then a degree; play the degree" : "listen: the tonic, then a degree; type its number (or name)"
                let target: ExerciseItem.Target =
                    kind == .hearDegree
                    ? .note(pitchClass: names[index].pitchClass)
                    : .degreeName(degree: degrees[index], note: names[index])
                items.append(
                    ExerciseItem(
                        kind: kind, prompt: prompt, target: target, expected: noteText(index),
                        degree: degrees[index], sound: sound))
            case .hearChord, .nameChord:
                let triad = scale.triads[random.index(7)]
                let prompt = kind == .hearChord ? "listen: a chord of the key; play it" : "listen: a chord of the key; type its name or numeral"
                let target: ExerciseItem.Target = kind == .hearChord ? .chord(triad.chord) : .chordName(triad)
                items.append(
                    ExerciseItem(
                        kind: kind, prompt: prompt, target: target,
                        expected: "\(triad.romanNumeral) = " + chordText(triad.chord), degree: triad.degree,
                        sound: Scale.voicing(of: triad.chord), together: true))
            }
        }
        self.items = items
    }
}
