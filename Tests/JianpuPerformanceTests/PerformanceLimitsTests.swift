import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

/// The performance is bounded as a whole (items added by repeats, passes, length), with a
/// located error naming the limit; what is written is never refused for its size.
@Suite("Performance limits")
struct PerformanceLimitsTests {
    static func endings(_ count: Int) -> String { (0..<count).map { _ in "1" }.joined(separator: " | ") }

    @Test("nested repeats with a thousand endings each are refused at the outer repeat, not unfolded")
    func nestedEndingsAreBounded() {
        let text = "4/4\nR{ R{ 1 2 } A{ \(Self.endings(1_000)) } } A{ \(Self.endings(1_000)) }\n"
        let errors = T.errors(text)
        #expect(errors.count == 1)
        #expect(errors.first?.location.line == 2)
        #expect(errors.first?.location.column == 1)
        // A million passes of a note each: the items the repeats add are the first limit broken.
        #expect(errors.first?.message.contains("adds more than \(PerformanceLimits.maximumAddedItems) notes") == true)
    }

    @Test("one repeat with 100,000 endings is refused for its passes")
    func wideEndings() {
        let text = "4/4\nR{ 1 } A{ " + String(repeating: "| ", count: 100_000) + "}\n"
        #expect(T.errors(text).contains { $0.message.contains("passes") })
    }

    @Test("repeats that add millions of notes are refused for the notes they add")
    func addedNotes() {
        let body = String(repeating: "1 ", count: 1_000)
        let text = "R100{ R100{ \(body)} }"
        let errors = T.errors(text)
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("adds more than \(PerformanceLimits.maximumAddedItems)") == true)
    }

    @Test("a repeat in a later part is bounded with the music of the parts before it, at the repeat that breaks the limit")
    func laterPartCountsEarlierParts() {
        // Each part alone plays 50,100 passes: only together are they past 100,000.
        let text = "4/4\nR100{ R100{ R4{ 1 } } }\nNextPart\n4/4\n1 R100{ R100{ R4{ 1 } } } 1\n"
        let errors = T.errors(text)
        #expect(errors.count == 1)
        #expect(errors.first?.location.line == 5)
        #expect(errors.first?.location.column == 3)
        #expect(errors.first?.message.hasPrefix("with the music before it, this repeat repeats more than 100000 passes") == true)
        #expect(T.errors("4/4\nR100{ R100{ R4{ 1 } } }\n").isEmpty)
    }

    @Test("a multibar rest repeated past the length limit is refused")
    func length() {
        #expect(T.errors("R100{ R100{ R*10000 R*10000 } }").contains { $0.message.contains("whole notes") })
    }

    @Test("large written music without repeats is not refused: only what repeats add counts")
    func writtenMusicIsNotLimited() {
        let text = String(repeating: "1 2 3 4 ", count: 1_500_000)
        #expect(T.errors(text).isEmpty)
    }

    @Test("a seed plist note out of MIDI range is an error at its place, not note 15")
    func seedPitchRange() {
        let text = "{ interval = 0.5; hitCount = 4; modulators = ( { modulator = 7777777; }, { modulator = 1; } ); }\n"
        let (score, diagnostics) = ScoreLoader.parse(Array(text.utf8), path: "seed.plist")
        #expect(score == nil)
        #expect(diagnostics.map(\.description) == ["seed.plist:1:62: a note sounds at MIDI note 143: expected a pitch from 0 (C-1) to 127 (G9)"])
    }

    @Test("thirty thousand parts flatten in onset order with each part's notes on its own")
    func manyParts() {
        let text = (0..<30_000).map { "\($0 % 7 + 1) 2 3 4 |" }.joined(separator: "\nNextPart\n")
        let timeline = T.timeline(text)
        #expect(timeline.notes.count == 120_000)
        #expect(zip(timeline.notes, timeline.notes.dropFirst()).allSatisfy { $0.onset < $1.onset || ($0.onset == $1.onset && $0.part < $1.part) })
    }

    @Test("a score with more parts than a MIDI file has tracks is refused, not written with a wrapped count")
    func tooManyTracks() {
        let timeline = Timeline(
            parts: (0..<70_000).map { TimelinePart(name: nil, channel: UInt8($0 % 16), program: nil) }, notes: [],
            tempoMap: TempoMap(quarterNotesPerMinute: 120), length: WholeNotes(1))
        #expect(StandardMIDIFile.problem(writing: timeline)?.contains("at most 65534 parts") == true)
        #expect(StandardMIDIFile.problem(writing: T.timeline("1 2 3 4")) == nil)
    }

    @Test("the tracks of many parts each hold their own notes")
    func manyPartTracks() throws {
        let text = (0..<3_000).map { "\($0 % 7 + 1) |" }.joined(separator: "\nNextPart\n")
        let timeline = T.timeline(text)
        let notes = try SMFReader(StandardMIDIFile.data(for: timeline)).notes
        #expect(notes.count == 3_000)
        #expect(notes.map(\.key).sorted() == timeline.notes.map(\.pitch.midiNumber).sorted())
    }
}
