import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

/// The Timeline's own behaviour: concatenation of movements, part selection, arpeggio rolls, seconds.
@Suite("Timeline")
struct TimelineTests {
    @Test("movements concatenate: each starts where the one before ends, tempos and bars move with it")
    func concatenation() {
        let (score, _) = T.parse("4=60\n1 1 1 1\nNextScore\n4=120\n3/4\n2 2 2\nNextPart\n5 5 5")
        let timelines = score.movements.map { Flattener.timeline(of: $0) }
        let joined = Timeline.concatenating(timelines)
        #expect(joined.length == WholeNotes(7, 4))
        #expect(joined.parts.count == 2)
        #expect(joined.notes.filter { $0.pitch.midiNumber == 62 }.map(\.onset) == [WholeNotes(1), WholeNotes(5, 4), WholeNotes(3, 2)])
        #expect(joined.tempoMap.changes.map(\.position) == [.zero, .whole])
        #expect(joined.tempoMap.changes.map(\.quarterNotesPerMinute) == [60, 120])
        #expect(joined.barStarts == [.zero, .whole])
        #expect(joined.meters.map(\.beats) == [4, 3])
        #expect(abs(joined.durationSeconds - 5.5) < 1e-9)
    }

    @Test("concatenating nothing gives an empty timeline")
    func concatenateNothing() {
        let empty = Timeline.concatenating([])
        #expect(empty.notes.isEmpty)
        #expect(empty.length == .zero)
    }

    @Test("a timeline of selected parts renumbers them from the melody channel")
    func partSelection() throws {
        let (score, _) = T.parse("1 1 1 1\nNextPart\ninstrument=Cello\n5 5 5 5")
        let movement = try #require(score.movements.first)
        let second = Flattener.timeline(of: movement, partIndices: [1])
        #expect(second.parts.map(\.program) == [42])
        #expect(second.notes.allSatisfy { $0.part == 0 && $0.pitch.midiNumber == 67 })
    }

    @Test("arpeggio chords sound together unless rolling is asked for; arp rolls up, arpDown rolls down")
    func arpeggios() throws {
        let movement = try #require(T.parse("arp 135 arpDown 135 135 1").score.movements.first)
        let plain = Flattener.timeline(of: movement)
        #expect(T.render(plain.notes.prefix(6).map { $0 }) == "60@0+1 64@0+1 67@0+1 60@1+1 64@1+1 67@1+1")
        let rolled = Flattener.timeline(of: movement, rollsArpeggios: true)
        #expect(
            T.render(Array(rolled.notes.prefix(9)))
                == "60@0+1 64@1/16+15/16 67@1/8+7/8 67@1+1 64@17/16+15/16 60@9/8+7/8 60@2+1 64@2+1 67@2+1")
    }

    @Test("notes are ordered by onset, then part, then pitch")
    func noteOrder() {
        let notes = T.timeline("531 1\nNextPart\n1, 2").notes
        #expect(notes.map { [$0.part, $0.pitch.midiNumber] } == [[0, 60], [0, 64], [0, 67], [1, 48], [0, 60], [1, 62]])
    }

    @Test("the notes of many parts merge by onset, earlier parts first at equal onsets")
    func manyPartsMerge() {
        let notes = T.timeline("1 2\nNextPart\n3 4\nNextPart\nq5 q5 4\nNextPart\n6 -\nNextPart\n7 1").notes
        #expect(
            notes.map { [$0.part, $0.pitch.midiNumber] }
                == [[0, 60], [1, 64], [2, 67], [3, 69], [4, 71], [2, 67], [0, 62], [1, 65], [2, 65], [4, 60]])
    }

    @Test("a note remembers where it was written, a tied note where its first segment was")
    func noteLocations() {
        let notes = T.timeline("1 ~ 1 2").notes
        #expect(notes.map { $0.location?.column } == [1, 7])
    }

    @Test("pitches are named with sharps and octaves", arguments: [(60, "C4"), (61, "C#4"), (59, "B3"), (0, "C-1"), (127, "G9")])
    func pitchNames(midi: Int, name: String) {
        #expect(Pitch(midiNumber: midi).description == name)
        #expect(Pitch(midiNumber: midi).isValidMIDI)
    }

    @Test("nested repeats multiply: ten levels of R{ } play 1024 times")
    func nestedRepeatsMultiply() {
        let text = String(repeating: "R{ ", count: 10) + "1" + String(repeating: " }", count: 10)
        #expect(T.timeline(text).notes.count == 1024)
        #expect(T.timeline(text).length == WholeNotes(256))
    }

    @Test("KeepLength keeps the beams, not the dots, as the reference does")
    func keepLengthDots() {
        #expect(T.played("KeepLength q1. 2 3") == "60@0+3/4 62@3/4+1/2 64@5/4+1/2")
    }

    @Test("the score summary names parts, notes and duration")
    func summary() {
        let (score, _) = T.parse("title=Sum\n4=60\n1 1 1 1\nNextPart\ninstrument=Flute\n5 5 5 5")
        let text = ScoreSummary(score: score).description
        #expect(text.contains("title:     Sum"))
        #expect(text.contains("tempo:     ♩=60"))
        #expect(text.contains("part 2:    accompaniment, channel 2 Flute (GM 74 Flute), 4 notes"))
        #expect(text.contains("duration:  0:04.0"))
    }

    @Test("rests are kept with their dashes and places, silent: a rest, a dashed rest, bars of rest")
    func restsAreTimed() {
        let timeline = T.timeline("1=C\n4/4\n0 1 0 - | R*2 | 1 - 0 0 |\n")
        #expect(timeline.rests.map { [$0.onset.quarterNotes, $0.duration.quarterNotes] } == [[0, 1], [2, 2], [4, 8], [14, 1], [15, 1]])
        #expect(timeline.rests.map { $0.location?.column } == [1, 5, 11, 21, 23])
        #expect(timeline.notes.count == 2)
        #expect(timeline.length == WholeNotes(4))
    }

    @Test("movements in turn: the second movement's rests move by the first's length")
    func restsOfMovementsInTurn() {
        let score = T.parse("4/4\n1 1 1 1 |\nNextScore\n4/4\n0 1 1 1 |\n").score
        let timeline = Timeline.concatenating(score.movements.map { Flattener.timeline(of: $0) })
        #expect(timeline.rests.map(\.onset) == [.whole])
    }
}
