import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

/// Repeats, jumps, bars, meters and tempo marks.
@Suite("Notation: structure")
struct NotationStructureTests {
    @Test(
        "repeats unfold as the reference unfolds them",
        arguments: [
            ("R{ 1 1 1 1 } A{ 2 2 2 2 | 3 3 3 3 }", [60, 60, 60, 60, 62, 62, 62, 62, 60, 60, 60, 60, 64, 64, 64, 64]),
            ("R{ 1 } A{ 2 | 3 }", [60, 62, 60, 64]),
            ("R3{ 1 } A{ 2 | 3 }", [60, 62, 60, 62, 60, 64]),
            ("R4{ 1 }", [60, 60, 60, 60]),
            ("R{ 1 2 } 3", [60, 62, 60, 62, 64]),
            ("R{ 1 R{ 2 } }", [60, 62, 62, 60, 62, 62]),
            ("R{ 1 } A{ 2 | 3 } R{ 4 } 5", [60, 62, 60, 64, 65, 65, 67]),
            ("R3{ 1 } A{ 2 | 3 | 4 }", [60, 62, 60, 64, 60, 65]),
            ("R{ 3[ q1 q2 q3 ] }", [60, 62, 64, 60, 62, 64]),
        ])
    func repeats(source: String, midi: [Int]) {
        #expect(T.pitches(source) == midi)
    }

    @Test("an unfolded repeat plays its passes back to back")
    func repeatTiming() {
        #expect(T.played("R{ 1 2 } A{ 3 | 4 } 5") == "60@0+1 62@1+1 64@2+1 60@3+1 62@4+1 65@5+1 67@6+1")
    }

    @Test(
        "DC goes back to the start once and the second pass stops at Fine",
        arguments: [
            ("1 2 Fine 3 DC", [60, 62, 64, 60, 62]),
            ("1 2 3 DC", [60, 62, 64, 60, 62, 64]),
            ("1 Fine 2 DC 3", [60, 62, 60]),
        ])
    func daCapo(source: String, midi: [Int]) {
        #expect(T.pitches(source) == midi)
    }

    @Test(
        "DS goes back to Segno, and from ToCoda jumps to what follows DS",
        arguments: [
            ("1 Segno 2 ToCoda 3 DS 4", [60, 62, 64, 62, 65]),
            (
                "1 1 1 1 | Segno 2 2 2 2 | 3 3 3 3 ToCoda 4 4 4 4 | 5 5 5 5 DS 6 6 6 6 | 1' - - - |",
                [60, 60, 60, 60] + [62, 62, 62, 62, 64, 64, 64, 64, 65, 65, 65, 65, 67, 67, 67, 67]
                    + [62, 62, 62, 62, 64, 64, 64, 64, 69, 69, 69, 69, 72]
            ),
            ("1 Segno 2 DS 3", [60, 62, 62, 64]),
        ])
    func dalSegno(source: String, midi: [Int]) {
        #expect(T.pitches(source) == midi)
    }

    @Test(
        "a ToCoda written after the DC or DS is taken once, never jumped back to for ever",
        arguments: [
            ("1 DS ToCoda", [60, 60]),
            ("1 DS 2 ToCoda", [60, 60, 62]),
            ("1 DC ToCoda 3", [60, 60, 64]),
            ("1 Segno 2 DS 3 ToCoda 4", [60, 62, 62, 64, 65]),
            ("1 ToCoda 2 DC 3 ToCoda 4", [60, 62, 60, 64, 65]),
        ])
    func codaAfterTheJump(source: String, midi: [Int]) {
        #expect(T.pitches(source) == midi)
    }

    @Test("a pickup makes the first bar short and the bars after it full")
    func pickup() {
        let text = "3/4,4 5 | 1 1 1 | 2 2"
        let timeline = T.timeline(text)
        #expect(timeline.barStarts == [.zero, WholeNotes(1, 4), WholeNotes(1)])
        #expect(timeline.length == WholeNotes(3, 2))
        #expect(T.warnings(text).isEmpty)
        #expect(timeline.meters == [MeterChange(position: .zero, beats: 3, beatUnit: 4)])
    }

    @Test("a dotted pickup 6/8,4. is a dotted crotchet")
    func dottedPickup() {
        let text = "6/8,4. q1 q2 q3 | q1 q1 q1 q1 q1 q1 | q1 q1 q1"
        #expect(T.timeline(text).barStarts == [.zero, WholeNotes(3, 8), WholeNotes(9, 8)])
        #expect(T.warnings(text).isEmpty)
    }

    @Test("R*2 rests two whole bars and the bars are counted")
    func multibarRest() {
        let text = "4/4 1 1 1 1 | R*2 | 2 2 2 2"
        let timeline = T.timeline(text)
        #expect(timeline.barStarts == [.zero, WholeNotes(1), WholeNotes(2), WholeNotes(3)])
        #expect(timeline.length == WholeNotes(4))
        #expect(T.played(text).hasSuffix("62@12+1 62@13+1 62@14+1 62@15+1"))
        #expect(T.warnings(text).isEmpty)
    }

    @Test("R*N follows the meter in force")
    func multibarRestInThreeFour() {
        let timeline = T.timeline("3/4 R*3 1 1 1")
        #expect(timeline.notes.first?.onset == WholeNotes(9, 4))
        #expect(timeline.barStarts.count == 4)
    }

    @Test("meter changes move the bar starts")
    func meterChanges() {
        let timeline = T.timeline("4/4 1 1 1 1 | 3/4 1 1 1 | 2/4 1 1 | 6/8 q1 q1 q1 q1 q1 q1")
        #expect(timeline.barStarts == [.zero, WholeNotes(1), WholeNotes(7, 4), WholeNotes(9, 4)])
        #expect(timeline.meters.map(\.beats) == [4, 3, 2, 6])
        #expect(timeline.meters.map(\.position) == [.zero, .whole, WholeNotes(7, 4), WholeNotes(9, 4)])
    }

    @Test(
        "tempo marks: 4=105, 4.=60 (90 crotchets), 2=40, 8=120; 84 when none is given",
        arguments: [
            ("4=105 1", 105.0), ("4.=60 1", 90.0), ("2=40 1", 80.0), ("8=120 1", 60.0), ("1", 84.0), ("%% tempo: 4=80\n1", 80.0),
        ])
    func tempo(source: String, bpm: Double) {
        #expect(T.timeline(source).tempoMap.changes.first?.quarterNotesPerMinute == bpm)
        #expect(T.errors(source).isEmpty)
    }

    @Test("tempo changes mid-part land at their positions and change the seconds")
    func tempoChangesMidPart() {
        let timeline = T.timeline("4=60 1 1 1 1 | 4=120 2 2 q3 4=30 q3 4")
        #expect(timeline.tempoMap.changes.map(\.position) == [.zero, .whole, WholeNotes(13, 8)])
        #expect(timeline.tempoMap.changes.map(\.quarterNotesPerMinute) == [60, 120, 30])
        #expect(abs(timeline.durationSeconds - (4 + 1.25 + 1 + 2)) < 1e-9)
    }

    @Test("tempo marks inside a repeat are replayed at each pass")
    func tempoInRepeat() {
        let timeline = T.timeline("R{ 4=60 1 1 4=120 1 1 }")
        #expect(timeline.tempoMap.changes.map(\.quarterNotesPerMinute) == [60, 120, 60, 120])
    }

    @Test("bar lines are only checks: they never move notes")
    func barLinesAreChecks() {
        #expect(T.played("1 2 | 3 4") == T.played("1 2 3 4"))
    }

    @Test("R{ … } ~ A{ … }: the repeat's last note is tied into each ending that starts on its pitch")
    func tieIntoEndings() {
        let text = "R{ 1 2 3 4 | 5 6 7 1' } ~ A{ 1' 7 6 5 | 4 3 2 1 } 5 - - - |"
        #expect(T.errors(text).isEmpty)
        let played = T.played(text)
        #expect(played.contains("72@7+2 71@9+1"))
        #expect(played.contains("72@19+1 65@20+1"))
        #expect(T.pitches(text).count == 24)
    }

    @Test("dashes at the start of an ending lengthen the note played before it, not the end of the ending before")
    func dashesStartingAnEnding() {
        let text = "R{ 1 2 3 4 | } A{ 5 6 7 1' | - 2' 3' 4' }"
        #expect(T.errors(text).isEmpty)
        #expect(T.played(text).contains("65@11+2 74@13+1"))
    }

    @Test(
        "a chord that names a pitch twice sounds it once, in every octave-mark mode",
        arguments: [
            ("1=G 11 1'1' 55'", [[55], [67], [62, 74]]),
            ("1=G OctavesAfter 1'1' 5,5 3'3'", [[67], [50, 62], [71]]),
            ("1=G OctavesBefore '1'1 ,55 '13", [[67], [50, 62], [67, 59]]),
        ])
    func chordUnison(text: String, chords: [[Int]]) {
        let notes = T.timeline(text).notes
        let grouped = Dictionary(grouping: notes, by: \.onset).sorted { $0.key < $1.key }.map { $0.value.map(\.pitch.midiNumber) }
        #expect(grouped.map { Set($0) } == chords.map { Set($0) })
        #expect(grouped.map(\.count) == chords.map(\.count))
    }

    @Test("meters of any length LilyPond writes are read, one per bar", arguments: ["7/16", "63/16", "80/16", "99/16", "1000/4", "15/8", "3/128"])
    func longMeters(meter: String) {
        let timeline = T.timeline("\(meter) 1 1 1")
        #expect(T.errors("\(meter) 1 1 1").isEmpty)
        let parts = meter.split(separator: "/").compactMap { Int($0) }
        #expect(timeline.meters.first.map { [$0.beats, $0.beatUnit] } == parts)
    }
}
