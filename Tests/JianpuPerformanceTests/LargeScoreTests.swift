import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

/// Large scores have their parts read, played and written side by side; the result must be
/// exactly what reading each part on its own gives.
@Suite("Large scores read part by part")
struct LargeScoreTests {
    /// A part of `bars` bars mixing notes, chords, tuplets, ties, dashes and grace notes.
    static func part(bars: Int, shift: Int) -> String {
        let patterns = ["q1 q2 3 4' s5 s6 q7, |", "3[ q1 q2 q3 ] #4 5. q6 |", "135 - ,5'1 0 |", "1 ~ 1 2 - |", "s1 s2 s3 s4 q5 q6 g[45] 1 2 |"]
        return (0..<bars).map { patterns[($0 + shift) % patterns.count] }.joined(separator: "\n") + "\n"
    }

    @Test("each part of a large two-part score plays as it does alone")
    func partsMatchAlone() {
        let first = "1=D\n4/4\n" + Self.part(bars: 6_000, shift: 0), second = "1=Bb\n4/4\n" + Self.part(bars: 6_000, shift: 2)
        let together = T.timeline(first + "NextPart\n" + second)
        #expect(together.notes.count > 40_000)
        for (index, alone) in [first, second].enumerated() {
            let expected = T.timeline(alone).notes.map { ($0.onset, $0.duration, $0.pitch) }
            let found = together.notes.filter { $0.part == index }.map { ($0.onset, $0.duration, $0.pitch) }
            #expect(found.elementsEqual(expected, by: ==), "part \(index + 1)")
        }
        // The notes of both parts stay in onset order.
        #expect(zip(together.notes, together.notes.dropFirst()).allSatisfy { $0.onset <= $1.onset })
    }

    @Test("a problem deep in the second part of a large score is reported at its own line")
    func diagnosticsKeepTheirPlace() {
        let first = Self.part(bars: 5_000, shift: 0)
        let second = Self.part(bars: 3_000, shift: 1) + "1 2 3 @@\n" + Self.part(bars: 2_000, shift: 1)
        let errors = T.errors(first + "NextPart\n" + second)
        #expect(errors.map(\.location.line) == [5_000 + 1 + 3_000 + 1])
        #expect(errors.first?.message.contains("'@@'") == true)
    }

    @Test("a large score's MIDI file has each part's notes on its own track")
    func midiTracks() throws {
        let first = Self.part(bars: 5_000, shift: 0), second = Self.part(bars: 5_000, shift: 3)
        let timeline = T.timeline(first + "NextPart\n" + second)
        let notes = try SMFReader(StandardMIDIFile.data(for: timeline)).notes
        for part in 0..<2 {
            let written = timeline.notes.filter { $0.part == part }
            let read = notes.filter { $0.channel == part }
            #expect(read.map(\.key) == written.map(\.pitch.midiNumber))
            #expect(read.map(\.tick) == written.map { StandardMIDIFile.ticks($0.onset) })
        }
    }

    /// Quadratic work (removing repeats one at a time) would run for minutes here; linear work takes a moment.
    @Test("a chord word naming one pitch 400,000 times reads as that pitch once", .timeLimit(.minutes(5)))
    func hugeUnisonChord() {
        let timeline = T.timeline("1" + String(repeating: "3", count: 400_000) + "\n")
        #expect(timeline.notes.map(\.pitch.midiNumber) == [60, 64])
    }

    /// Memory stays in proportion to the distinct notes: a word of millions of figures lists a few.
    @Test("a chord word repeating three notes a million times lists each note once, in the order first written")
    func hugeChordListsEachNoteOnce() {
        let word = Array("1".utf8) + Array(repeating: Array("5'3".utf8), count: 1_000_000).flatMap { $0 }
        let notes = NoteWord.chordNotes(word, octavesAfter: nil).notes
        // Marks belong to the figure after them unless OctavesAfter is set: 5 then 3'.
        #expect(notes.map { "\(Character(UnicodeScalar($0.figure)))\($0.octave)" } == ["10", "50", "31"])
    }
}
