import JianpuCore
import JianpuEngraving
import JianpuPerformance
import Testing

/// The page's highlight and its sound come from one performance: rolled arpeggios and the chords= part included.
@Suite("one flattening for sound and highlight")
struct OneFlatteningTests {
    @Test("every highlighted moment is when the played performance starts that written note (a rolled chord's first note)")
    func highlightFollowsThePerformance() throws {
        let score = try EngravingSupport.score("chords=c1 g1\n4=60\n1 arp 135 - 5 | R{ 3 2 } 1 - |\n", file: "flat.jp")
        let engraving = EngravingSupport.engrave(score)
        let timeline = try #require(score.performanceTimeline(withChords: true))
        #expect(timeline.parts.count == 2)
        // What the performance starts at each written place (the lowest, first-rolled note of a chord).
        var starts: [String: [Double]] = [:]
        for note in timeline.notes where !note.isGrace && note.part == 0 {
            guard let location = note.location else { continue }
            starts["m0p0l\(location.line)c\(location.column)", default: []].append(timeline.tempoMap.seconds(at: note.onset))
        }
        let melody = engraving.performance.filter { $0.part == 0 }
        // 1, the rolled chord, 5, the repeat's 3 2 twice, 1: six written notes lit seven times.
        #expect(Set(melody.map(\.event)).count == 6 && melody.count >= 7, "\(melody.map(\.event))")
        for entry in melody {
            let seconds = try #require(starts[entry.event], "\(entry.event) is not played")
            #expect(seconds.contains { abs($0 - entry.seconds) < 1e-9 }, "\(entry.event) lit at \(entry.seconds) s, played at \(seconds)")
        }
        // The rolled chord's upper notes sound after its first: the highlight is at the first, not at the written beat's later notes.
        let chord = try #require(melody.first { $0.event.hasSuffix("c7") })
        #expect(abs(chord.seconds - 1) < 1e-9)
        #expect(engraving.duration == timeline.durationSeconds)
    }
}
