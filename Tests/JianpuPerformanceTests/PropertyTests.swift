import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

/// Random valid scores from a seeded generator, and the invariants every timeline of them must keep.
@Suite("Properties of random valid scores")
struct PropertyTests {
    struct Attack: Hashable, Comparable {
        var onset: WholeNotes
        var midi: Int
        static func < (a: Attack, b: Attack) -> Bool { (a.onset, a.midi) < (b.onset, b.midi) }
    }

    struct Generated {
        var text: String
        var bars: Int
        var barLength: WholeNotes
        var attacks: [Attack]
    }

    /// A score of whole bars in a random meter, mixing notes, rests, dots, dashes, chords, ties and tuplets.
    static func generate(_ rng: inout SplitMix64) -> Generated {
        let meters: [(Int, Int)] = [(2, 4), (3, 4), (4, 4), (6, 8), (3, 8), (2, 2), (5, 4), (7, 8)]
        let (beats, unit) = meters.randomElement(using: &rng)!
        let barLength = WholeNotes(Int64(beats), Int64(unit))
        let bars = Int.random(in: 1...12, using: &rng)
        var words: [String] = ["\(beats)/\(unit)"]
        var attacks: [Attack] = []
        var time = WholeNotes.zero
        let degrees = [0, 2, 4, 5, 7, 9, 11]

        func pitch(_ rng: inout SplitMix64) -> (text: String, midi: Int) {
            let degree = Int.random(in: 1...7, using: &rng)
            let octave = [-1, 0, 0, 0, 1].randomElement(using: &rng)!
            let mark = octave > 0 ? "'" : octave < 0 ? "," : ""
            return ("\(degree)\(mark)", 60 + degrees[degree - 1] + 12 * octave)
        }

        for bar in 0..<bars {
            if bar > 0 { words.append("|") }
            var remaining = barLength
            while remaining > .zero {
                let choice = Int.random(in: 0..<10, using: &rng)
                let lengths: [(String, WholeNotes, String)] = [
                    ("", WholeNotes(1, 4), ""), ("q", WholeNotes(1, 8), ""), ("s", WholeNotes(1, 16), ""),
                    ("", WholeNotes(3, 8), "."), ("q", WholeNotes(3, 16), "."), ("d", WholeNotes(1, 32), ""),
                ].filter { $0.1 <= remaining }
                let (letter, length, dot) = lengths.randomElement(using: &rng)!
                switch choice {
                case 0...3:
                    let p = pitch(&rng)
                    words.append("\(letter)\(p.text)\(dot)")
                    attacks.append(Attack(onset: time, midi: p.midi))
                    time += length; remaining -= length
                case 4:
                    words.append("\(letter)0\(dot)")
                    time += length; remaining -= length
                case 5:
                    words.append("\(letter)135\(dot)")
                    attacks += [60, 64, 67].map { Attack(onset: time, midi: $0) }
                    time += length; remaining -= length
                case 6 where remaining >= .quarter && !attacks.isEmpty:
                    words.append("-")
                    time += .quarter; remaining -= .quarter
                case 7 where remaining >= .quarter:
                    let ps = (0..<3).map { _ in pitch(&rng) }
                    words.append("3[ q\(ps[0].text) q\(ps[1].text) q\(ps[2].text) ]")
                    for (index, p) in ps.enumerated() { attacks.append(Attack(onset: time + WholeNotes(Int64(index), 12), midi: p.midi)) }
                    time += .quarter; remaining -= .quarter
                case 8 where remaining >= .quarter:
                    let p = pitch(&rng)
                    words.append("q\(p.text) ~ q\(p.text)")
                    attacks.append(Attack(onset: time, midi: p.midi))
                    time += .quarter; remaining -= .quarter
                default:
                    // Written the other way round: the reference reads `5'q.` as `q5'.`.
                    let p = pitch(&rng)
                    words.append("\(p.text)\(letter)\(dot)")
                    attacks.append(Attack(onset: time, midi: p.midi))
                    time += length; remaining -= length
                }
            }
        }
        return Generated(text: words.joined(separator: " "), bars: bars, barLength: barLength, attacks: attacks)
    }

    @Test("random valid scores keep every timeline invariant and survive a MIDI round trip", arguments: Array(UInt64(1)...UInt64(150)))
    func invariants(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let score = Self.generate(&rng)
        let (parsed, diagnostics) = ScoreParser.parse(score.text, file: "gen.jp")
        #expect(diagnostics.isEmpty, "\(score.text)")
        let timeline = Flattener.timeline(of: try #require(parsed.movements.first))

        // Ordered by onset, no negative or empty durations, nothing past the end.
        #expect(zip(timeline.notes, timeline.notes.dropFirst()).allSatisfy { $0.onset <= $1.onset })
        #expect(timeline.notes.allSatisfy { $0.duration > .zero && $0.end <= timeline.length })
        // The length and the bars are exactly what was written.
        #expect(timeline.length == score.barLength * Int64(score.bars), "\(score.text)")
        #expect(timeline.barStarts == (0..<score.bars).map { score.barLength * Int64($0) })
        // Every attack sounds where and at the pitch it was written.
        #expect(timeline.notes.map { Attack(onset: $0.onset, midi: $0.pitch.midiNumber) }.sorted() == score.attacks.sorted(), "\(score.text)")
        // Notes of one pitch never overlap within the part.
        let byPitch = Dictionary(grouping: timeline.notes, by: \.pitch)
        for (_, notes) in byPitch {
            #expect(zip(notes, notes.dropFirst()).allSatisfy { $0.end <= $1.onset })
        }

        // The MIDI file holds the same notes at floor(onset × 1536).
        let reader = try SMFReader(StandardMIDIFile.data(for: timeline))
        #expect(reader.notes.count == timeline.notes.count)
        let fromFile = reader.notes.map { [$0.tick, $0.key] }.sorted { $0.lexicographicallyPrecedes($1) }
        let expected = timeline.notes.map { [Int(($0.onset * 1536).numerator / ($0.onset * 1536).denominator), $0.pitch.midiNumber] }
            .sorted { $0.lexicographicallyPrecedes($1) }
        #expect(fromFile == expected)
        #expect(reader.notes.allSatisfy { $0.endTick > $0.tick })
    }

    @Test("the same random score in two parts plays both parts at the same times")
    func partsAlign() throws {
        var rng = SplitMix64(seed: 99)
        let score = Self.generate(&rng)
        let timeline = T.timeline(score.text + "\nNextPart\n" + score.text)
        let first = timeline.notes.filter { $0.part == 0 }.map { [$0.onset, $0.duration] }
        let second = timeline.notes.filter { $0.part == 1 }.map { [$0.onset, $0.duration] }
        #expect(first == second)
        #expect(!first.isEmpty)
    }

    @Test("scaling the tempo scales every note's time in seconds by the inverse")
    func tempoScaling() {
        var rng = SplitMix64(seed: 5)
        let score = Self.generate(&rng)
        let timeline = T.timeline("4=96 " + score.text)
        let fast = timeline.tempoMap.scaled(by: 2)
        for note in timeline.notes {
            #expect(abs(timeline.tempoMap.seconds(at: note.onset) - 2 * fast.seconds(at: note.onset)) < 1e-9)
        }
    }
}
