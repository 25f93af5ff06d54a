import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

/// `Timeline.practised(_:)`: loops by printed bars, count-in and click, tempo steps, parts and transposition.
@Suite("practice plans")
struct PracticeTests {
    /// Two parts; bar 2 is repeated, so bars play 1 2 2 3 4.
    static let score = """
        1=C
        4/4
        4=120
        1 1 1 1 | R{ 2 2 2 2 } | 3 3 3 3 | 4 4 4 4 |
        NextPart
        instrument=Cello
        1, - - - | R{ 2, - - - } | 3, - - - | 4, - - - |
        """

    static func timeline(_ text: String = score) throws -> Timeline {
        let (score, diagnostics) = T.parse(text)
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        return try #require(score.performanceTimeline())
    }

    static func melody(_ timeline: Timeline) -> [Int] {
        timeline.notes.filter { $0.part == 0 }.map(\.pitch.midiNumber)
    }

    @Test("a loop of printed bars plays them as performed, repeat included, the number of passes asked")
    func loopFollowsRepeats() throws {
        let looped = try Self.timeline().practised(PracticePlan(bars: BarRange(first: 2, last: 3), passes: 2))
        let pass = [62, 62, 62, 62, 62, 62, 62, 62, 64, 64, 64, 64]
        #expect(Self.melody(looped) == pass + pass)
        #expect(looped.bars.map(\.number) == [2, 2, 3, 2, 2, 3])
        #expect(looped.bars.map(\.pass) == [1, 2, 1, 3, 4, 2])
        #expect(looped.length == WholeNotes(6))
        #expect(looped.notes.first?.onset == .zero)
    }

    @Test("a loop of one bar given as a number; a range to the last bar plays to it, one past the end is refused as a start past it is")
    func loopRangeForms() throws {
        #expect(BarRange("5") == BarRange(first: 5, last: 5))
        #expect(BarRange("5-8") == BarRange(first: 5, last: 8))
        #expect(BarRange("8-5") == nil)
        #expect(BarRange("x") == nil)
        let tail = try Self.timeline().practised(PracticePlan(bars: BarRange(first: 3, last: 4)))
        #expect(Self.melody(tail) == [64, 64, 64, 64, 65, 65, 65, 65])
        #expect(throws: PracticeError.noBarToLoopTo(99, after: 3, lowest: 1, highest: 4)) {
            try Self.timeline().practised(PracticePlan(bars: BarRange(first: 3, last: 99)))
        }
    }

    @Test("a loop from a bar the score does not have is refused, naming the score's bars")
    func loopOutsideScore() throws {
        #expect(throws: PracticeError.noBarToLoopFrom(9, lowest: 1, highest: 4)) {
            try Self.timeline().practised(PracticePlan(bars: BarRange(first: 9, last: 9)))
        }
        #expect(PracticeError.noBarToLoopFrom(9, lowest: 1, highest: 4).description == "there is no bar 9 to loop from: the score has bars 1 to 4")
    }

    @Test("a count-in is bars of clicks in the meter, accented on the first beat, before the music, on the percussion channel")
    func countIn() throws {
        let practised = try Self.timeline("3/4\n4=60\n1 2 3 | 4 5 6 |").practised(PracticePlan(countInBars: 2))
        let click = try #require(practised.parts.last)
        #expect(click.channel == 9 && click.name == "click")
        let clicks = practised.notes.filter { $0.part == practised.parts.count - 1 }
        #expect(clicks.map { $0.onset * 4 } == (0..<6).map { WholeNotes(Int64($0)) })
        #expect(clicks.map(\.pitch.midiNumber) == [76, 77, 77, 76, 77, 77])
        #expect(clicks[0].velocity > clicks[1].velocity)
        // The music starts after two bars of 3/4.
        #expect(practised.notes.first { $0.part == 0 }?.onset == WholeNotes(3, 2))
        #expect(practised.bars.prefix(2).allSatisfy { $0.isCountIn })
        #expect(practised.bars[2].description == "bar 1")
        #expect(practised.tempoMap.seconds(at: WholeNotes(3, 2)) == 6)
    }

    @Test("a click sounds every beat of the music; a pickup's clicks fall on the beats that end it")
    func clickThroughMusic() throws {
        let practised = try Self.timeline("4/4,4\n1 | 2 2 2 2 |").practised(PracticePlan(click: true))
        let clicks = practised.notes.filter { $0.part == practised.parts.count - 1 }
        #expect(clicks.map { $0.onset * 4 } == (0..<5).map { WholeNotes(Int64($0)) })
        #expect(clicks.map(\.pitch.midiNumber) == [77, 76, 77, 77, 77])
    }

    @Test("tempo steps play one pass per step, each faster, and the count-in at the first step's tempo")
    func tempoSteps() throws {
        let steps = try #require(TempoSteps("60:70:5"))
        #expect(steps.tempos == [60, 65, 70])
        #expect(TempoSteps("70:60:5") == nil && TempoSteps("60:70:0") == nil && TempoSteps("60:70") == nil)
        let practised = try Self.timeline().practised(PracticePlan(bars: BarRange(first: 3, last: 3), tempoSteps: steps, countInBars: 1))
        let changes = practised.tempoMap.changes.map(\.beatsPerMinute)
        #expect(changes == [60, 60, 65, 70])
        #expect(practised.tempoMap.seconds(at: WholeNotes(2)) == 8)
        #expect(Self.melody(practised) == Array(repeating: 64, count: 12))
    }

    @Test(
        "mute, solo, volume and program by number or by name",
        arguments: [
            ([PartSetting(part: .number(2), change: .mute)], [true, false]),
            ([PartSetting(part: .name("melody"), change: .mute)], [false, true]),
            ([PartSetting(part: .name("cello"), change: .solo)], [false, true]),
            ([PartSetting(part: .name("accompaniment"), change: .solo)], [false, true]),
            ([PartSetting(part: .number(1), change: .volume(0))], [false, true]),
        ])
    func partsMuteAndSolo(settings: [PartSetting], sounding: [Bool]) throws {
        let practised = try Self.timeline().practised(PracticePlan(parts: settings))
        #expect([0, 1].map { part in practised.notes.contains { $0.part == part } } == sounding)
    }

    @Test("volume scales a part's velocities and a program replaces its instrument")
    func volumeAndProgram() throws {
        let written = try Self.timeline()
        let practised = try written.practised(
            PracticePlan(parts: [
                PartSetting(part: .number(2), change: .volume(50)), PartSetting(part: .name("accompaniment"), change: .program(107)),
            ]))
        #expect(practised.parts[1].program == 107)
        #expect(practised.notes.filter { $0.part == 1 }.map(\.velocity) == written.notes.filter { $0.part == 1 }.map { $0.velocity / 2 })
        #expect(practised.notes.filter { $0.part == 0 } == written.notes.filter { $0.part == 0 })
    }

    @Test("a part the score does not have is refused, listing the parts")
    func unknownPart() throws {
        #expect(throws: PracticeError.unknownParts(problems: ["there is no part flute", "there is no part 3"], partList: "1 melody, 2 Cello")) {
            try Self.timeline().practised(
                PracticePlan(parts: [
                    PartSetting(part: .name("flute"), change: .mute), PartSetting(part: .number(3), change: .solo),
                ]))
        }
    }

    @Test("transposition moves every pitch but the click's, and the printed key with it")
    func transposition() throws {
        let written = try Self.timeline()
        let practised = try written.practised(PracticePlan(click: true, transposition: 2))
        #expect(practised.notes.filter { $0.part < 2 }.map(\.pitch.midiNumber) == written.notes.map { $0.pitch.midiNumber + 2 })
        #expect(practised.notes.filter { $0.part == 2 }.allSatisfy { [76, 77].contains($0.pitch.midiNumber) })
        #expect(practised.keys.map(\.name) == ["1=D"])
        #expect(practised.keys.map(\.sharps) == [2])
    }

    @Test(
        "key words move to the spelling with fewest accidentals, and --key goes the nearer way",
        arguments: [
            ("1=C", 2, "1=D"), ("1=C", -2, "1=Bb"), ("1=F", 1, "1=F#"), ("1=G", 6, "1=Db"), ("6=A", 1, "6=Bb"), ("6=E", -1, "6=Eb"),
        ])
    func keyWords(word: String, semitones: Int, moved: String) {
        #expect(KeyTransposition.transposed(word, by: semitones)?.word == moved)
    }

    @Test(
        "the semitones to a key asked for",
        arguments: [
            ("1=C", "D", 2), ("1=C", "Bb", -2), ("1=C", "G", -5), ("1=C", "F#", -6), ("1=D", "1=C", -2), ("6=A", "6=B", 2), ("6=E", "G", 0),
        ])
    func semitonesToKey(from: String, to: String, semitones: Int) {
        #expect(KeyTransposition.semitones(from: from, to: to) == semitones)
    }

    @Test("an empty plan leaves the timeline as it is")
    func emptyPlan() throws {
        let written = try Self.timeline()
        #expect(try written.practised(PracticePlan()) == written)
    }
}

/// The score itself in another key: what `typeset` prints and the play screen shows.
@Suite("score transposition")
struct ScoreTranspositionTests {
    @Test("pitches and printed keys move, digits stay, a score with no key gets the moved 1=C")
    func scoreMoves() throws {
        let (score, _) = T.parse("1=F\n1 2 R{ 3 g[4]5 } 3[ q6 q7 q1' ] |\n1=G\n1 - - - |")
        let moved = score.transposed(by: 2)
        #expect(moved.writtenKey == "1=G")
        let written = try #require(score.performanceTimeline()), sounding = try #require(moved.performanceTimeline())
        #expect(sounding.notes.map(\.pitch.midiNumber) == written.notes.map { $0.pitch.midiNumber + 2 })
        #expect(sounding.keys.map(\.name) == ["1=G", "1=A"])
        let unkeyed = T.parse("1 2 3 4 |").score.transposed(by: -1)
        #expect(unkeyed.writtenKey == "1=B")
        #expect(try #require(unkeyed.performanceTimeline()).notes.first?.pitch.midiNumber == 59)
    }

    @Test(
        "chord symbols move with the key, spelled as the new key spells, durations and bass kept",
        arguments: [
            ("c2 g:7 a:m/e f r4 |", 3, true, "es2 bes:7 c:m/g as r4 |"),
            ("c2 g:7 a:m/e f", 2, false, "d2 a:7 b:m/fis g"),
            ("bes:maj7 es", -1, false, "a:maj7 d"),
        ])
    func chordSymbols(line: String, semitones: Int, flats: Bool, moved: String) {
        #expect(ChordTransposition.transposed(line, by: semitones, flats: flats) == moved)
    }
}
