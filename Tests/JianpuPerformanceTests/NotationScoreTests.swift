import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

/// Parts, movements, headers, instruments, dynamics and the layout-only syntax that must be ignored.
@Suite("Notation: parts, movements and layout")
struct NotationScoreTests {
    @Test("NextPart makes simultaneous parts on channels 0, 1, 2…, and instruments select GM programs")
    func partsAndInstruments() {
        let text = "instrument=Piano\n1 1 1 1\nNextPart\ninstrument=Flute\n5 5 5 5\nNextPart\ninstrument=Kazoomatic 3000\n3 3 3 3"
        let timeline = T.timeline(text)
        #expect(timeline.parts.map(\.channel) == [0, 1, 2])
        #expect(timeline.parts.map(\.program) == [0, 73, nil])
        #expect(timeline.parts.map(\.name) == ["Piano", "Flute", "Kazoomatic 3000"])
        #expect(timeline.notes.filter { $0.part == 1 }.map(\.onset) == [.zero, WholeNotes(1, 4), WholeNotes(1, 2), WholeNotes(3, 4)])
        #expect(timeline.notes.prefix(3).map(\.pitch.midiNumber) == [60, 67, 64])
        #expect(T.parse(text).diagnostics.map(\.severity) == [.warning])
    }

    @Test("an instrument header on the NextPart line belongs to the new part")
    func instrumentOnNextPartLine() {
        let timeline = T.timeline("1 1 1 1\nNextPart instrument=Violin\n5 5 5 5")
        #expect(timeline.parts.map(\.program) == [nil, 40])
    }

    @Test("the tenth part and later skip channel 9, the drums")
    func channelsSkipDrums() {
        let text = (0..<12).map { _ in "1 1 1 1" }.joined(separator: "\nNextPart\n")
        #expect(T.timeline(text).parts.map(\.channel) == [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12])
    }

    @Test(
        "General MIDI names, aliases and numbers select programs; unknown names select none",
        arguments: [
            ("Flute", UInt8?(73)), ("piano", 0), ("Violin", 40), ("Acoustic Grand Piano", 0), ("Trumpet", 56), ("erhu", 110),
            ("二胡", 110), ("Acoustic Guitar", 24), ("40", 40), ("Kazoomatic", nil), ("", nil), ("200", nil),
        ])
    func programs(name: String, program: UInt8?) {
        #expect(GeneralMIDI.program(named: name) == program)
    }

    @Test("NextScore separates movements, each with its own headers and parts")
    func movements() {
        let (score, diagnostics) = T.parse("title=First\n1 1 1 1\nNextScore\ntitle=Second\n2 2 2 2\nNextPart\n5 5 5 5")
        #expect(diagnostics.isEmpty)
        #expect(score.movements.count == 2)
        #expect(score.movements.map { $0.headers["title"] } == ["First", "Second"])
        #expect(score.movements.map(\.parts.count) == [1, 2])
        #expect(score.title == "First")
        let timelines = Flattener.exportedTimelines(of: score)
        #expect(timelines.count == 2)
        #expect(timelines[1].notes.first?.onset == .zero)
        #expect(timelines[1].title == "Second")
    }

    @Test("PartMidi exports all parts together, then each part alone")
    func partMidi() {
        let (score, _) = T.parse("PartMidi\n1 1 1 1\nNextPart\n5 5 5 5\nNextPart\n3 3 3 3")
        let timelines = Flattener.exportedTimelines(of: score)
        #expect(timelines.count == 4)
        #expect(timelines[0].notes.count == 12)
        #expect(timelines[1].notes.map(\.pitch.midiNumber) == [60, 60, 60, 60])
        #expect(timelines[2].notes.map(\.pitch.midiNumber) == [67, 67, 67, 67])
        #expect(timelines[3].notes.map(\.pitch.midiNumber) == [64, 64, 64, 64])
        #expect(timelines[1...].allSatisfy { $0.parts.count == 1 })
    }

    @Test("without PartMidi a score exports one timeline per movement")
    func noPartMidi() {
        #expect(Flattener.exportedTimelines(of: T.parse("1 1 1 1\nNextPart\n5 5 5 5").score).count == 1)
    }

    @Test("a dynamic sets the velocity of the note before it and of the notes after")
    func dynamics() {
        #expect(T.timeline("1 1 \\p 1 1").notes.map(\.velocity) == [90, 60, 60, 60])
        #expect(T.timeline("\\ff 1 1 \\mp 1 \\pp 1").notes.map(\.velocity) == [118, 75, 45, 45])
        #expect(T.timeline("1 ^\\f 1").notes.map(\.velocity) == [105, 105])
    }

    @Test("headers are kept, lower-cased, first value kept")
    func headers() {
        let (score, diagnostics) = T.parse("title=Jasmine Flower\nComposer = Anon\n1 1 1 1")
        #expect(diagnostics.isEmpty)
        #expect(score.movements[0].headers["title"] == "Jasmine Flower")
        #expect(score.movements[0].headers["composer"] == "Anon")
        #expect(T.timeline("title=T\n1 1 1 1").title == "T")
    }

    static let layoutOnly: [String] = [
        "L: la la la",
        "L:\nla la\nli li\n\n",
        "H: 我 们 的",
        "LP:\n\\markup { hello }\n1 2 3 nonsense\n:LP",
        "^\"text with spaces\"",
        "_\"below it\"",
        "\\fermata",
        "( )",
        "Fr=1",
        "letterA",
        "WithStaff",
        "NoIndent",
        "% a comment 1 2 3",
        "OnePage RaggedLast NoBarNums",
        "composer=Me",
    ]

    @Test("layout-only syntax is read without diagnostics and adds no notes", arguments: layoutOnly)
    func layoutIgnored(layout: String) {
        let text = "1 2 3 4\n\(layout)\n5 6 7 1'"
        #expect(T.parse(text).diagnostics.map(\.description) == [])
        #expect(T.pitches(text) == [60, 62, 64, 65, 67, 69, 71, 72])
    }

    @Test("slurs and text attached to notes do not change them")
    func attachedMarks() {
        #expect(T.played("1 ( 2 ) 3~ 3") == "60@0+1 62@1+1 64@2+2")
        #expect(T.parse("1 ( 2 ) 3~ 3 |").diagnostics.isEmpty)
    }

    @Test("a lone L: runs to the next blank line, and music resumes after it")
    func multiLineLyrics() {
        let text = "1 2 3 4\nL:\n1 2 3 4\n5 6 7 1\n\n5 5 5 5"
        #expect(T.pitches(text) == [60, 62, 64, 65, 67, 67, 67, 67])
    }

    @Test("comments end the line's music, but `%% tempo:` is a tempo")
    func comments() {
        #expect(T.pitches("1 2 % 3 4\n5 5") == [60, 62, 67, 67])
        #expect(T.timeline("%% tempo: 4=80\n1 1 1 1").tempoMap.changes.map(\.quarterNotesPerMinute) == [80])
    }

    @Test("notes keep their source locations, counting characters")
    func locations() {
        let notes = T.timeline("title=x\n  1 q2").notes
        #expect(notes.map { $0.location?.line } == [2, 2])
        #expect(notes.map { $0.location?.column } == [3, 5])
    }
}
