import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

/// The written events of the written score: what the page prints, each known by a stable id.
@Suite("Written events")
struct WrittenEventTests {
    static func bars(_ text: String, movementIndex: Int = 0) throws -> [[WrittenBar]] {
        let movement = try #require(T.parse(text).score.movements.first)
        return WrittenScore(movement).bars(of: movement, movementIndex: movementIndex)
    }

    @Test("an event's id names its movement, its part and where it was written", arguments: [0, 2])
    func idsFromPlace(movementIndex: Int) throws {
        let bars = try Self.bars("1 2 3 4 |\nNextPart\n5 - 6 7 |", movementIndex: movementIndex)
        let melody = bars[0].flatMap(\.events), second = bars[1].flatMap(\.events)
        #expect(melody.map(\.id) == (0..<4).map { "m\(movementIndex)p0l1c\(1 + 2 * $0)" })
        #expect(second.map(\.id) == (0..<4).map { "m\(movementIndex)p1l3c\(1 + 2 * $0)" })
        #expect(second.map(\.part) == [1, 1, 1, 1])
        #expect(second[1].id == WrittenEvent.id(movement: movementIndex, part: 1, location: second[1].location))
        if case .dash = second[1].kind {} else { Issue.record("the second event of the second part is a dash") }
    }

    @Test("the id is not stored and a note is held in place: an event is no bigger than its times, place, note and figure")
    func eventStaysSmall() {
        #expect(MemoryLayout<WrittenNote.Figure>.size <= 12)
        #expect(MemoryLayout<WrittenNote>.size <= 24)
        #expect(MemoryLayout<WrittenEvent>.size <= 112)
    }

    @Test("the notes of a tuplet share one box for it; a note with more boxed than its tuplet has its own")
    func tupletNotesShareABox() throws {
        let events = try Self.bars("3[ q1 q2 q3 ] 5[ s1 s2 s3 s4 ^\"up\" s5 ] 0 |")[0].flatMap(\.events)
        let boxes = events.map(\.extrasBox)
        #expect(events.map { $0.tuplet?.count } == [3, 3, 3, 5, 5, 5, 5, 5, nil])
        #expect(Set(boxes[0..<3]).count == 1 && boxes[0] != nil)
        #expect(boxes[3] == boxes[4] && boxes[4] == boxes[5] && boxes[3] != boxes[0])
        #expect(boxes[6] != boxes[5] && boxes[6] != nil)
        #expect(boxes[8] == nil)
    }

    @Test("bars are written with their starts, lengths and printed numbers: a pickup is bar 0, a whole-bar rest one bar of its bars' length")
    func barsAsPrinted() throws {
        let bars = try Self.bars("3/4,4 5 | 1 1 1 | R*2 | 2 2 2")[0]
        #expect(bars.map(\.start) == [.zero, T.w(1, 4), T.w(1), T.w(5, 2)])
        #expect(bars.map(\.length) == [T.w(1, 4), T.w(3, 4), T.w(3, 2), T.w(3, 4)])
        #expect(bars.map(\.number) == [0, 1, 2, 4])
        #expect(bars.map(\.events.count) == [1, 3, 1, 3])
        if case .multibarRest(let count) = bars[2].events[0].kind { #expect(count == 2) } else { Issue.record("bar 2 is a multi-bar rest") }
        #expect(bars.map(\.isFinal) == [false, false, false, true])
        #expect(bars[3].events.map(\.onset) == [T.w(5, 2), T.w(11, 4), T.w(3)])
    }

    @Test("a repeat is written once, its endings side by side under volta brackets")
    func repeatsAndEndings() throws {
        let bars = try Self.bars("R{ 1 1 1 1 } A{ 2 2 2 2 | 3 3 3 3 } 5 5 5 5 |")[0]
        #expect(bars.count == 4)
        #expect(bars.map(\.repeatStart) == [true, false, false, false])
        #expect(bars.map(\.repeatEnd) == [false, true, false, false])
        #expect(bars.map { $0.volta?.label } == [nil, "1.", "2.", nil])
        #expect(bars.map(\.voltaEndsWithHook) == [false, true, false, false])
        #expect(bars.map(\.number) == [1, 2, 3, 4])
    }

    @Test("a long repeat is read bar by bar: the bars, ties, syllables and dynamics inside it are those written without it")
    func longGroupsReadAsWritten() throws {
        let body = String(repeating: "1 2 3 4 ~ | 4 ( 2 3 ) \\p 1 | ", count: 20)
        let words = "\nL: " + String(repeating: "la ", count: 20 * 7)
        let plain = try Self.bars(body + "5 5 5 5 | 6 6 6 6 |" + words)[0]
        let repeated = try Self.bars("R{ " + body + "} A{ 5 5 5 5 | 6 6 6 6 }" + words)[0]
        func shown(_ bars: [WrittenBar]) -> [String] {
            bars.flatMap(\.events).map { "\($0.onset) \($0.tiedFromPrevious) \($0.tiedToNext) \($0.lyrics.map(\.text)) \($0.dynamic ?? "")" }
        }
        #expect(repeated.count == 42 && plain.count == 42)
        #expect(shown(repeated) == shown(plain))
        #expect(repeated.map(\.repeatStart) == [true] + Array(repeating: false, count: 41))
        #expect(repeated.map(\.repeatEnd) == Array(repeating: false, count: 40) + [true, false])
        #expect(repeated.map { $0.volta?.label } == Array(repeating: nil, count: 40) + ["1.", "2."])
        #expect(repeated.map(\.number.value) == plain.map(\.number.value))
    }

    @Test("syllables go on struck notes: not on rests, not on the notes a slur carries on after its first")
    func syllablesOnStruckNotes() throws {
        let events = try Self.bars("1 ( 2 3 ) 4 | 0 5 6 7 |\nL: one two three four five")[0].flatMap(\.events)
        #expect(events.map { $0.lyrics.map(\.text) } == [["one"], [], [], ["two"], [], ["three"], ["four"], ["five"]])
    }

    @Test("two verses: each syllable knows its verse, and a verse number goes with the verse's first")
    func versesAndStanzas() throws {
        let events = try Self.bars("1 2 3 |\nL: 1. a b c\nL: 2. x y")[0].flatMap(\.events)
        #expect(events[0].lyrics == [SungSyllable(verse: 0, text: "a", stanza: "1."), SungSyllable(verse: 1, text: "x", stanza: "2.")])
        #expect(events[2].lyrics == [SungSyllable(verse: 0, text: "c")])
    }

    @Test("bars are handed on in order as they are read, the same bars the collecting form gives")
    func streamingMatchesCollecting() throws {
        let text = "1 2 3 4 | 5 6 7 1' ~ | 1' - - - \\p |\nNextPart\n1 - - - | R*2 |"
        let movement = try #require(T.parse(text).score.movements.first)
        let written = WrittenScore(movement)
        var streamed: [(Int, PrintedBarNumber, [String])] = []
        written.readBars(of: movement, movementIndex: 0) { part, bar in streamed.append((part, bar.number, bar.events.map(\.id))) }
        let collected = written.bars(of: movement, movementIndex: 0)
        #expect(streamed.map(\.0) == [0, 0, 0, 1, 1])
        #expect(streamed.map(\.1) == collected.flatMap { $0.map(\.number) })
        #expect(streamed.map(\.2) == collected.flatMap { $0.map { $0.events.map(\.id) } })
        let tied = collected[0][1].events[3]
        #expect(tied.tiedToNext)
        #expect(collected[0][2].events[0].tiedFromPrevious)
    }
}

/// The written score's played side: when the Timeline plays each written event.
@Suite("Played onsets of the written events")
struct PlayedOnsetsTests {
    @Test("through a repeat, a written note first sounds on the first pass, and the performance comes back to it")
    func throughARepeat() throws {
        let movement = try #require(T.parse("4=60\nR{ 1 2 } 3 4 |").score.movements.first)
        let timeline = Flattener.timeline(of: movement)
        let played = PlayedOnsets(timeline: timeline, offset: 10)
        let performance = PlayedOnsets.performance(of: timeline, movement: 0, offset: 10)
        let events = WrittenScore(movement).bars(of: movement, movementIndex: 0)[0].flatMap(\.events)
        // 60 crotchets a minute: a second a beat, after 10 seconds of earlier movements.
        #expect(events.map { played.onset(of: $0) } == [10, 11, 14, 15])
        #expect(performance.map(\.event) == [0, 1, 0, 1, 2, 3].map { events[$0].id })
        #expect(performance.map(\.seconds) == [10, 11, 12, 13, 14, 15])
        #expect(played.onset(at: events[0].location, part: 0, pitch: 61) == nil)
    }

    @Test("a chord is lit once, a grace note with the note it leads to, rests too; parts at the same time in score order")
    func chordsGracesRests() throws {
        let movement = try #require(T.parse("4=60\n1 g[2] 3 0 135 |\nNextPart\n0 1 - - |").score.movements.first)
        let timeline = Flattener.timeline(of: movement)
        let played = PlayedOnsets(timeline: timeline, offset: 0)
        let performance = PlayedOnsets.performance(of: timeline, movement: 1, offset: 0)
        let bars = WrittenScore(movement).bars(of: movement, movementIndex: 1)
        let melody = bars[0].flatMap(\.events), second = bars[1].flatMap(\.events)
        #expect(performance.map(\.event) == [melody[0].id, second[0].id, melody[1].id, second[1].id, melody[2].id, melody[3].id])
        #expect(performance.map(\.part) == [0, 1, 0, 1, 0, 0])
        #expect(performance.map(\.seconds) == [0, 0, 1, 1, 2, 3])
        #expect(melody.map { played.onset(of: $0) } == [0, 1, 2, 3])
        // The grace note sounds just before the note it leads to, at its own onset.
        let grace = try #require(melody[1].graceBefore.first)
        let graceOnset = try #require(played.onset(at: grace.0.location, part: 0, pitch: 62))
        #expect(graceOnset > 0.5 && graceOnset < 1)
        #expect(played.onset(of: second[2]) == nil)
    }
}
