import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

/// Notes and timed notes are stored compactly (a note's pitches without a list, a timed note's times in
/// eight bytes each); what they hold reads back exactly.
@Suite("Compact note storage")
struct CompactStorageTests {
    static let place = SourceLocation(file: "t.jp", line: 1, column: 1)

    @Test("a note's pitches read back as written: a rest, one pitch (in range or not), a chord in any order")
    func notePitchesReadBack() {
        let lists: [[Pitch]] = [[], [Pitch(midiNumber: 60)], [Pitch(midiNumber: 200)], [Pitch(midiNumber: 64), Pitch(midiNumber: 60), Pitch(midiNumber: 67)]]
        for pitches in lists {
            let note = Note(pitches: pitches, length: .quarter, text: "1", location: Self.place)
            #expect(note.pitches == pitches)
            #expect(note.pitchCount == pitches.count)
            #expect(note.isRest == pitches.isEmpty)
            #expect(note.singlePitch == (pitches.count == 1 ? pitches[0] : nil))
        }
    }

    @Test("notes with the same pitches are equal and hash alike, however their pitches were set")
    func equalPitchesMakeEqualNotes() {
        let chord = [Pitch(midiNumber: 60), Pitch(midiNumber: 64)]
        let first = Note(pitches: chord, length: .quarter, text: "13", location: Self.place)
        var second = Note(pitches: [Pitch(midiNumber: 60)], length: .quarter, text: "13", location: Self.place)
        second.pitches.append(Pitch(midiNumber: 64))
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        second.pitches = [Pitch(midiNumber: 60)]
        #expect(second.singlePitch == Pitch(midiNumber: 60))
        #expect(first != second)
    }

    @Test("a timed note keeps any onset and length exactly, those past 32 bits too")
    func timedNoteTimesAreExact() {
        let times = [WholeNotes.zero, WholeNotes(7, 12), WholeNotes(1 << 40, 3), WholeNotes(5, 1 << 35), WholeNotes(-3, 8)]
        for onset in times {
            for duration in times {
                var note = TimedNote(onset: onset, duration: duration, pitch: Pitch(midiNumber: 60))
                #expect(note.onset == onset && note.duration == duration)
                #expect(note.end == onset + duration)
                note.duration += WholeNotes(1, 3)
                #expect(note.duration == duration + WholeNotes(1, 3))
            }
        }
        #expect(MemoryLayout<TimedNote>.stride <= 40)
    }

    @Test("a chord or note word written again reads as it did, and a chord after a key change or OctavesAfter as the new reading has it")
    func wordsWrittenAgainReadAlike() {
        #expect(T.pitches("1=C\n4/4\n135 135 q1 q1 | 1=D\n135 q1 3 - |") == [60, 64, 67, 60, 64, 67, 60, 60, 62, 66, 69, 62, 66])
        #expect(T.pitches("1=C\n4/4\nOctavesBefore\n1'3 1'3 2 - |\nOctavesAfter\n1'3 1'3 2 - |") == [60, 76, 60, 76, 62, 64, 72, 64, 72, 62])
        // A warning said for a word is said each time it is written.
        #expect(T.warnings("1=C\n4/4\n1'3 1'3 2 - |").filter { $0.message.contains("ambiguous") }.count == 2)
    }

    @Test("a MIDI file's pieces, one after another, are the file")
    func piecesMakeTheFile() {
        let text = "title=Pieces\n1=D\n3/4\n4=90\n1 2 3 | 5 - - |\nNextPart\n1 - - | 3 - 0 |"
        let score = T.parse(text).score
        let timeline = PartedTimeline.concatenating(Flattener.exportedPartedTimelines(of: score))
        let pieces = StandardMIDIFile.pieces(for: timeline)
        #expect(pieces.count == 1 + 2 * 3)
        #expect(pieces.flatMap { $0 } == StandardMIDIFile.data(for: timeline))
    }
}
